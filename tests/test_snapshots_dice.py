"""Snapshots of Dice Upon a Time's screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import Shots, fixed_world, form, lesson_shot, load_first_save, screen_test  # noqa: F401 (fixtures)
from tui_driver import Player, new_game, screen_text, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

DU5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@SHOTS.shot("dice-upon-a-time-new-game")
async def _(pilot: Player) -> None:
    # its largest table with two people: the windows option shows (below the fold at 80×24)
    from tui_driver import fill_form, focus

    await form(pilot, "Dice Upon a Time", 5)
    await fill_form(pilot, "Dice Upon a Time", ["ann", "bob", *DU5[2:]])
    app = pilot.app
    await focus(pilot, "game")  # the form's top (a field far down scrolls it by timing)
    await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the game field in view")
    await focus(pilot, "players")


@SHOTS.shot("dice-upon-a-time-map")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (dice_play.play_turn) into chapter 2, her die chosen
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", DU5, seed=3)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: session.state.chapter == 2 and session.state.turn == 0
                     and session.state.step == "place" and not session.state.prompts and not session.state.windows)
    await wait_for_text(pilot, "Place your")
    await pilot.press("tab", "tab")


@SHOTS.shot("dice-upon-a-time-bad-luck")
async def _(pilot: Player) -> None:
    # the full game: ann, played by keys, draws a Bad Luck card in chapter 1 and is
    # asked which of its two effects she suffers (her Character and Magic Item beside)
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic", "cyd:heuristic"], seed=11)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: bool(session.state.prompts) and session.state.prompts[0].kind == "bad_luck")
    await wait_for_text(pilot, "1:Go to the Big Sea.")


@SHOTS.shot("dice-upon-a-time-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play a short game as it starts
    await new_game(pilot, "Dice Upon a Time", ["ann:random", "bob:random"], options={"length": "short"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("dice-upon-a-time-cooperative-result")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Dice Upon a Time", ["ann:heuristic", "bob:heuristic"],
                   options={"length": "short", "mode": "cooperative"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")



# ------------------------------------------------------------------ every kind of question (issue 22, item 3)
#: Each kind of question the game asks ann → (seed, options) of a five-player game that
#: reaches it (ann and four heuristic bots, her moves the bot's: ``dice_positions``).
#: Magic Item windows are the ``secret`` table's: asked of every holder (a table of one
#: person asks only when she can answer).
ASKED = {
    "draw2": (1, {}), "character": (1, {}), "keep_item": (5, {}), "fox": (1, {}), "reroll": (1, {}),
    "gift": (3, {}), "feed": (1, {}), "move": (1, {}), "jump": (22, {"windows": "secret"}),
    "fairy": (1, {"windows": "secret"}), "town": (1, {}), "king": (1, {}), "keep": (1, {}), "complete": (1, {}),
    "bad_luck": (2, {"windows": "secret"}), "gain": (2, {}), "lose": (5, {"windows": "secret"}),
    "lose_die": (52, {"windows": "secret"}), "lose_item": (6, {"windows": "secret"}),
    "go": (10, {"windows": "secret"}), "draw1": (4, {"windows": "secret"}), "trade": (1, {}),
    **{f"window:{t}": (1, {"windows": "secret"}) for t in ("roll", "snake", "tokens", "items", "quests", "harm")},
    "window:story": (2, {"windows": "secret"}),
    "rapunzel": (1, {}),  # ann plays Rapunzel
    "trim": (4, {}), "draw_item": (1, {}),
}
#: ann's Character where a question needs one.
CHARACTER = {"rapunzel": "rapunzel"}


def asking(kind: str):
    """Wanted: ann (seat 0) is to answer ``kind`` (a prompt, a window, or a step of her turn)."""
    def wanted(state) -> bool:
        if state.prompts:
            return state.prompts[0].seat == 0 and state.prompts[0].kind == kind
        if state.windows:
            return state.windows[-1].waiting[0] == 0 and kind == "window:" + state.windows[-1].trigger
        return state.turn == 0 and state.step == kind
    return wanted


def position(kind: str):
    """The saved game of ``ASKED[kind]`` at ann's question (made once for both sizes)."""
    from functools import lru_cache

    from dice_positions import played_until

    seed, options = ASKED[kind]

    @lru_cache(maxsize=1)
    def made():
        return played_until(asking(kind), DU5, seeds=[seed], options=options, character=CHARACTER.get(kind, ""))
    return made


async def at_question(pilot: Player) -> None:
    """Load the game saved at ann's question (the newest save) by keys."""
    await load_first_save(pilot)
    await wait_for(pilot, lambda: "1:" in screen_text(pilot.app), "the choices")


for _kind in ASKED:
    SHOTS.shot(f"dice-upon-a-time-ask-{_kind.replace(':', '-')}", played=position(_kind))(at_question)


def _placing(state) -> bool:
    return state.turn == 0 and state.step == "place" and not state.prompts and not state.windows


async def _placing_keys(pilot: Player, keys: tuple[str, ...], text: str) -> None:
    await load_first_save(pilot)
    await wait_for_text(pilot, "Place your")
    await pilot.press(*keys)
    await wait_for_text(pilot, text)


def _placed_game():
    from dice_positions import played_until

    return played_until(lambda st: _placing(st) and st.chapter == 2, DU5, seeds=[1])


@SHOTS.shot("dice-upon-a-time-ask-actions", played=_placed_game)
async def _(pilot: Player) -> None:
    # the a row: Magic Items, the ability, trades with the players on the field
    await _placing_keys(pilot, ("a",), "Before placing a die")


@SHOTS.shot("dice-upon-a-time-ask-pass", played=_placed_game)
async def _(pilot: Player) -> None:
    await _placing_keys(pilot, ("p",), "Pass for the rest of this chapter?")


def _cards_game():
    """Five players in chapter 3 or later, ann to place a die, Story cards in front of
    her and of another, every player with quests."""
    from dice_positions import played_until

    def wanted(st) -> bool:
        ps = st.players
        return (_placing(st) and st.chapter >= 3 and bool(ps[0].stories) and any(p.stories for p in ps[1:])
                and all(p.quests for p in ps))
    return played_until(wanted, DU5, seeds=[1, 2, 3, 4, 5])


@SHOTS.shot("dice-upon-a-time-cards", played=_cards_game)
async def _(pilot: Player) -> None:
    # q: every player's quests and Story cards with their texts, over the table
    await _placing_keys(pilot, ("q",), "Letters on the map")


@SHOTS.shot("dice-upon-a-time-log", played=_placed_game)
async def _(pilot: Player) -> None:
    # L: the log full screen, over the table
    await _placing_keys(pilot, ("L",), "The log: ↑↓ PgUp PgDn Home End scroll")


# ------------------------------------------------------------------ the lesson (issue 37)
# an early step with its mark: the routes' numbers, the map marked
lesson_shot(SHOTS, "dice-upon-a-time-lesson-routes", "dice-upon-a-time", 6)
# a move step: the plain die chosen and the cursor walked to the Town–Church route
lesson_shot(SHOTS, "dice-upon-a-time-lesson-place", "dice-upon-a-time", 7,
            keys=("5", "tab", "tab", "tab", "tab", "tab"), wait="The Town–Church route")


test_screen = screen_test(SHOTS)
