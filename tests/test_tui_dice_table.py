"""Dice Upon a Time's table read and played by keys (issue 22, items 3, 4 and 8; play-test
B-D2, B-D4, B-D9, B-D10, B-D11, B-D13): every choice visible at 80×24, the card under the
cursor with its text, the map's letters, the sockets walked from your own field outwards,
choices past nine typed as two digits."""

from __future__ import annotations

import re

from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.effects import CHARACTERS, ITEMS
from engine.games.dice_upon_a_time.notation import socket_name
from engine.games.dice_upon_a_time.common import ROUTES
from tui.games.dice_upon_a_time.map import initials
from tui_driver import (
    LARGE, SMALL, flat, menu_app, new_game, screen_lines, screen_text, shows, wait_for, wait_for_text,
)

from dice_positions import load_game, played_until

FIVE = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]


def session_of(app):
    return next(s for s in app.screen_stack if type(s).__name__ == "GameScreen").session


def ask_rows(app) -> list[str]:
    """The question panel's rows at 80×24: the three rows under the map."""
    lines = screen_lines(app)
    return [line[:56].rstrip() for line in lines[18:21]]


async def to_placing(pilot) -> None:
    """Answer setup with enter (the first Character, quests …) until ann places a die."""
    app = pilot.app
    for _ in range(12):
        if shows(app, "Place your"):
            return
        await pilot.press("enter")
        await wait_for(pilot, lambda: shows(app, "Place your") or shows(app, "enter answer"), "a question")
    await wait_for_text(pilot, "Place your")


async def test_the_a_row_shows_its_choices_at_80x24_though_its_question_wraps():
    # B-D2: "Before placing a die: a Magic Item, your ability or a trade. …" — the choices
    # were "…"; now the question takes the keys' row and the choices show
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", FIVE, seed=3)
        await to_placing(pilot)
        await pilot.press("a")
        await wait_for_text(pilot, "Before placing a die")
        rows = ask_rows(app)
        assert rows[2].startswith(("1:", "… ")) and re.search(r"\d+:\S", rows[2]), rows
        assert rows[1].startswith("trade"), rows  # the question's second row, the keys gave way


async def test_choices_past_nine_are_typed_as_two_digits():
    # B-D13: "typing 1 then 1 selects 1, never 11"
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", FIVE, seed=3)
        await to_placing(pilot)
        s = session_of(app)
        kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)
        actions = [c for c in s.legal_commands(0) if isinstance(c, kinds)]
        assert len(actions) >= 10, len(actions)  # four others on the Town: trades
        await pilot.press("a", "1", "0")
        await wait_for(pilot, lambda: "10:" in " ".join(ask_rows(app)), "choice 10 in view")
        before = len(s.entries)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(s.entries) > before, "the choice played")
        mine = [e.command for e in s.entries[before:] if e.seat == 0]
        assert mine[0] == actions[9]


async def test_the_highlighted_character_shows_what_it_does_at_both_sizes():
    # B-D4: "Magic Items and Characters are chosen and held without their texts"
    for size in (SMALL, LARGE):
        async with menu_app(size) as pilot:
            app = pilot.app
            await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic"], seed=3)
            await wait_for_text(pilot, "Choose your Character")
            for digit in ("1", "2", "3"):
                await pilot.press(digit)
                s = session_of(app)
                chosen = s.legal_commands(0)[int(digit) - 1].character
                c = CHARACTERS[chosen]
                await wait_for(pilot, lambda: shows(app, f"{c.name}: {c.text}"), c.name)


def placing_with(ok) -> "callable":
    """Wanted: ann (seat 0) places a die and ``ok(state)`` holds."""
    return lambda state: (state.turn == 0 and state.step == "place" and not state.prompts and not state.windows
                          and state.phase != "over" and ok(state))


async def test_a_magic_item_offered_in_the_a_row_shows_its_text():
    # B-D4: "The `a` row says only `1:The Blue Light: the Town–Church route`"
    from engine.games.dice_upon_a_time.legal import legal

    def own_turn_item(state) -> bool:
        return any(isinstance(c, cmd.Play) for c in legal(state, 0))

    s = played_until(placing_with(own_turn_item), ["ann", "bob:heuristic", "cyd:heuristic"])
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)
        actions = [c for c in s.legal_commands(0) if isinstance(c, kinds)]
        k = next(i for i, c in enumerate(actions) if isinstance(c, cmd.Play))
        await pilot.press("a")
        await wait_for_text(pilot, "Before placing a die")
        for _ in range(k):
            await pilot.press("right")
        item = ITEMS[actions[k].item]
        await wait_for(pilot, lambda: shows(app, f"{item.name}: {item.text}"), item.name)


async def test_players_are_letters_never_digits_nor_a_dies_letter():
    # B-D10: with --seats ann,bob,bot bob was "2" and the bot "3"; "B" for bob read as the Ban die
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic", "bot"], seed=3)
        await to_placing(pilot)
        letters = initials(session_of(app).names)
        assert letters == ["A", "O", "T"]
        text = screen_text(app)
        assert re.search(r"\bO bob\b", text) and re.search(r"\bT bot3\b", text), text
        assert "TOAOT" in text  # the three at the Town, by letter
        # C-19: "at first I read O as Old Woman": q says whose letter is whose, and why bob is O
        await pilot.press("q")
        await wait_for_text(pilot, "Letters on the map: A ann (you), O bob, T bot3.")
        assert shows(app, "bob is O: B is the Ban die.")


async def test_a_stack_beside_a_field_keeps_every_owners_letter():
    # B-D9: "Old Woman  1 A6 Am" — the first die's owner letter was written over
    def wanted(state) -> bool:
        stack = state.board.get("town-coin", ())
        return len(stack) == 3 and len({d.seat for d in stack}) >= 2

    s = played_until(wanted, ["ann", "bob", "cyd"], options={"cards": "beginner"})
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Old Woman")
        from tui.games.dice_upon_a_time.map import die_text

        letters = initials(s.names)
        label = " ".join(die_text(letters, d) for d in s.state.board["town-coin"])
        row = next(line for line in screen_lines(app) if "Old Woman" in line and "Huntsman" in line)
        assert label in row, (label, row)


async def test_tab_walks_the_sockets_from_your_own_field_outwards():
    # B-D11: at Hell the only useful route took 26 tabs; the field's own routes come first
    s = played_until(placing_with(lambda state: state.players[0].at in ("hell", "church", "big_sea")),
                     ["ann", "bob:heuristic"], options={"cards": "beginner"})
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        me = s.state.players[0].at
        names = []
        for _ in range(60):
            m = re.search(r"(\d+)/(\d+) (The [^│]*?(?:route|Rabbit|Wolf|Snake|Fox)\S*)", screen_text(app))
            assert m, screen_text(app)
            names.append(m.group(3).lower())
            if int(m.group(1)) == int(m.group(2)):
                break
            await pilot.press("tab")
            await wait_for(pilot, lambda: f"{int(m.group(1)) + 1}/" in screen_text(app), "the next socket")
        own = {socket_name(k).lower() for k, r in ROUTES.items() if me in (r.a, r.b)}
        flags = [n in own for n in names]
        assert any(flags) and flags == sorted(flags, reverse=True), names  # all of the field's own routes first


async def test_a_finished_table_offers_no_move_in_its_footer():
    # A-D15 for this game: the result, then escape back to the table
    from tui_driver import footer_keys, wait_for_screen

    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", ["ann:random", "bob:random"], options={"length": "short"}, seed=1)
        await wait_for_screen(pilot, "ResultScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        keys = footer_keys(app)
        assert not any(keys.get(k) for k in ("OK", "Items", "Complete", "End turn", "Pass", "Rabbit")), keys


async def test_ctrl_o_then_escape_says_where_the_game_is_on_the_message_line_not_over_the_table():
    # B-D18: "the toast 'Your game is saved in …' covers the socket line for a few seconds"
    from tui_driver import notices, wait_for_screen

    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic"], seed=3)
        await to_placing(pilot)
        await pilot.press("ctrl+o")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        await wait_for_text(pilot, "Your game is saved in")
        assert not any("saved in" in n for n in notices(app))
        assert "Place your" in screen_text(app)


async def test_a_magic_item_can_be_left_undrawn_by_keys():
    # Issue 23, review deviation 8: "you can immediately draw a Magic Item card" was a
    # draw without asking; ann is asked, and 2 (no card) draws nothing
    def asked(state) -> bool:
        return bool(state.prompts) and state.prompts[0].seat == 0 and state.prompts[0].kind == "draw_item"

    s = played_until(asked, ["ann", "bob:heuristic", "cyd:heuristic"])
    held = s.state.players[0].magic
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "You can draw a Magic Item card: draw it?")
        assert "1:draw a Magic Item" in screen_text(app) and "2:no card" in screen_text(app)
        await pilot.press("2", "enter")
        game = session_of(app)
        await wait_for(pilot, lambda: not (game.state.prompts and game.state.prompts[0].kind == "draw_item"),
                       "the question answered")
        assert game.state.players[0].magic == held  # only ann's own answers change her hand



async def test_the_magic_mirrors_question_names_the_quest_cards_drawn():
    # "cyd drew Quest cards: play a Magic Item, or no item." said not which: the player
    # had to dig in the log for the card, and never saw what it asks
    from tui.games.dice_upon_a_time.text import quest_short
    from engine.games.dice_upon_a_time.cards import load as load_cards

    def drawn(state) -> bool:
        return bool(state.windows) and state.windows[-1].waiting[0] == 0 and state.windows[-1].trigger == "quests"

    s = played_until(drawn, ["ann", "bob:heuristic", "cyd:heuristic"], options={"windows": "secret"})
    quests = load_cards().quests
    cards = [quests[q] for q in s.state.windows[-1].subject.split(",")]
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "1:no item")
        question = flat(" ".join(ask_rows(app)[:2]))
        for card in cards:  # by name, AP and what it asks, in the question's own rows
            assert f"{card.name} ({card.ap}AP {quest_short(card.id)})" in question, question
        for card in cards:  # and in full on the details line
            assert shows(app, f"{card.name} ({card.ap} AP): {card.text}"), card.name


async def test_with_a_items_and_a_rabbit_offered_the_socket_line_stays_in_view():
    # the key line "←→ die · tab/↑↓ socket · enter place · r rabbit · a items · p pass"
    # wrapped onto two rows and pushed the chosen socket's line off the panel
    kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)

    def both(state) -> bool:
        from engine.games.dice_upon_a_time.legal import legal

        commands = legal(state, 0)
        return any(isinstance(c, kinds) for c in commands) and any(isinstance(c, cmd.Rabbit) for c in commands)

    s = played_until(placing_with(both), ["ann", "bob:heuristic", "cyd:heuristic"])
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        rows = ask_rows(app)
        assert "a items" in rows[0] and "r rabbit" in rows[0] and "p pass" in rows[0], rows
        assert re.match(r"1/\d+ The ", rows[2]), rows
        await pilot.press("tab")  # tab walks the sockets, and the line says which
        await wait_for(pilot, lambda: re.match(r"2/\d+ The ", ask_rows(app)[2]), "the second socket")


async def test_each_trade_offer_can_be_read_in_full_on_the_details_line():
    # "1:offer bot2 2AP give 2b for 4AP give 2c 1b 1a …" with no description line: the
    # offers were cut with "…" and none could be read whole
    from engine.games.dice_upon_a_time.cards import load as load_cards
    from engine.games.dice_upon_a_time.legal import legal

    s = played_until(placing_with(lambda st: sum(isinstance(c, cmd.Offer) for c in legal(st, 0)) >= 2),
                     ["ann", "bob:heuristic", "cyd:heuristic"])
    quests = load_cards().quests
    kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)
    actions = [c for c in s.legal_commands(0) if isinstance(c, kinds)]
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        await pilot.press("a")
        await wait_for_text(pilot, "Before placing a die")
        for k, c in enumerate(actions):
            if k:
                await pilot.press("right")
            if not isinstance(c, cmd.Offer):
                continue
            names = [quests[x].name for x in (*c.give, *c.get) if x in quests]
            await wait_for(pilot, lambda: shows(app, f"{k + 1}/{len(actions)} Offer")
                           and all(shows(app, n) for n in names), f"offer {k + 1} in full")


#: The beginner game (no Magic Items, Characters' abilities nor trades: nothing for ``a``).
BEGINNER = {"cards": "beginner", "characters": "none", "trading": "off"}


def _first_placing():
    """ann's first die to place in a beginner game against a bot."""
    return played_until(placing_with(lambda st: True), ["ann", "bob:heuristic"], options=BEGINNER)


async def test_a_with_nothing_to_offer_says_so_in_one_line():
    # "`a` with nobody on my field gave no message at all"
    s = _first_placing()
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        await pilot.press("a")
        await wait_for_text(pilot, "No Magic Item, ability or trade can be used now")
        line = next(row for row in screen_lines(app) if "No Magic Item, ability" in row)
        assert line.strip().endswith("place a die or pass."), line  # the whole sentence on its row


async def test_every_forest_spirit_says_what_it_does_on_the_socket_line():
    # "The Wolf → every other player feeds the Wolf a die" was explained, The Snake, The
    # Rabbit and The Fox were not (the game's rules, "The Forest Spirits")
    s = _first_placing()
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        said: dict[str, str] = {}
        for _ in range(40):
            m = re.match(r"(\d+)/(\d+) (The (Rabbit|Wolf|Snake|Fox))(.*)", ask_rows(app)[2])
            if m:
                said[m.group(4)] = m.group(5)
            if len(said) == 4:
                break
            before = ask_rows(app)[2]
            await pilot.press("tab")
            await wait_for(pilot, lambda: ask_rows(app)[2] != before, "the next socket")
        assert set(said) == {"Rabbit", "Wolf", "Snake", "Fox"}, said
        assert all(text.startswith(" → ") and len(text) > 12 for text in said.values()), said
