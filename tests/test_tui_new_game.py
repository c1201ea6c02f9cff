"""The new-game form, by keys (issue 22, item 9; play-tests A-D8, B-D12, B-D14).

The form opens on its first field (the game) and marks the focused field clearly; the
options follow the game at once, and keys typed in one burst choose it; options with a
fixed set of values (and whole numbers in a short range) are drop-down lists, whose
values show whole; a typed number out of range is refused with the game's sentence; the
options a table of one person takes by itself (``Options.ALONE``: the reaction
``windows`` of Dice Upon a Time and Naughty or Nice) show only while two or more seats
are people, and are left out of the game's options otherwise; the form's keys are in the
footer, and ctrl+g starts a game whose Start button is below the fold at 80×24.
"""

from __future__ import annotations

import asyncio
import re

import msgspec
from textual import events

import engine
from tui_driver import (
    LARGE, SMALL, choose, fill_form, focus, footer_keys, game_of, menu_app, region_text, retype, screen_lines,
    screen_text, settle, shows, take_keyboard, wait_for, wait_for_screen, wait_for_text, wait_still,
)

#: The mark at the left of the focused field's row.
MARK = "▊"
#: Each game at its largest table: one person, the rest heuristic bots.
LARGEST = {g.title: ["ann"] + ["bot"] * (g.max_players - 1) for g in engine.all_games()}


async def open_form(pilot) -> None:
    """From the menu: ``n``, and wait for the form."""
    await pilot.press("n")
    await wait_for_screen(pilot, "NewGameScreen")


def marked_rows(app) -> list[str]:
    """The rows of the screen that carry the focus mark, from their label on."""
    return [line.split(MARK, 1)[1].strip() for line in screen_lines(app) if line.lstrip().startswith(MARK)]


def row_of(app, label: str) -> str:
    """The form's row whose label is ``label`` (its first words), mark and edge stripped."""
    for line in screen_lines(app):
        text = line.strip(" " + MARK)
        if re.match(rf"(▐.▌ )?{re.escape(label)}(\s|$)", text):
            return text
    raise AssertionError(f"no row {label!r}:\n{screen_text(app)}")


def burst(app, *keys: str) -> None:
    """``keys`` read by the terminal in one go, before the app handles the first."""
    characters = {"enter": "\r", "tab": "\t", "space": " "}
    for key in keys:
        app.post_message(events.Key(key, characters.get(key, key if len(key) == 1 else None)))


def listed(app) -> list[str]:
    """The values in the open drop-down list, as drawn (its edges stripped)."""
    if type(app.focused).__name__ != "SelectOverlay":
        return []
    rows = [row.strip(" ▊▎▔▁") for row in region_text(app, app.focused.region)]
    return [row for row in rows if row]


async def open_list(pilot) -> list[str]:
    """Press enter on the focused drop-down field; the values its list shows."""
    app = pilot.app
    await pilot.press("enter")
    await wait_for(pilot, lambda: listed(app), "the list to open")
    return listed(app)


def drawn_frames(app) -> list[str]:
    """A list that gets the screen's text each time the screen is drawn from now on
    (every frame the terminal would show, not the states in between)."""
    screen = app.screen
    frames: list[str] = []
    draw = screen._compositor_refresh  # Textual draws a frame there (no public hook)

    def drawn() -> None:
        draw()
        frames.append(screen_text(app))

    screen._compositor_refresh = drawn
    return frames


def list_options(options_type: type) -> dict[str, list]:
    """The options of a game that the form offers as drop-down lists, with their values
    in order: a ``Literal`` and a whole number of a short range (``Meta(ge=…, le=…)``)."""
    import typing

    out = {}
    for field in msgspec.structs.fields(options_type):
        if typing.get_origin(field.type) is typing.Literal:
            out[field.name] = list(typing.get_args(field.type))
        elif typing.get_origin(field.type) is typing.Annotated:
            meta = typing.get_args(field.type)[1]
            out[field.name] = list(range(meta.ge, meta.le + 1))
    return out


# ------------------------------------------------------------------ 1. A-D8 / B-D14: the focus
async def test_the_form_opens_on_the_game_field_and_marks_the_focused_row():
    # Play-tests A-D8, B-D14: "enter opens the player-count list (3…8), not the game
    # list"; "the focus is only visible as a slightly lighter background".
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        assert marked_rows(app) == [row_of(app, "game")], screen_text(app)
        assert "Gift Trap" in marked_rows(app)[0]
        # enter: the list of games, not of player counts
        assert await open_list(pilot) == [g.title for g in engine.all_games()]
        await pilot.press("escape", "tab")
        await settle(pilot)
        assert marked_rows(app) == [row_of(app, "players")]
        await pilot.press("tab")  # seat 1's name: its row is marked, the field in the cursor's colours
        await settle(pilot)
        assert marked_rows(app) == [row_of(app, "seat 1")]
        field = app.focused
        assert field.id == "name-0" and field.styles.background != app.screen.query_one("#name-1").styles.background


# ------------------------------------------------------------------ 2. the options follow the game
async def test_the_options_follow_the_game_in_the_moment_it_is_chosen(monkeypatch):
    # Play-test A-D8: "After choosing Giftbringer the options block still listed Gift
    # Trap's options for about a second before switching": the whole form was made again
    # (its seats too, names typed lost) before the options changed. Now only the options
    # change, and every screen drawn once the app has read the key that chooses the game
    # shows that game and none of the old game's options, even on a machine as slow as
    # the play-tester's (here each message the app handles waits a millisecond first).
    from textual.message_pump import MessagePump

    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await focus(pilot, "name-0")
        await retype(pilot, "zoe")
        await focus(pilot, "opt-extra_tiles")
        await pilot.press("space")
        await focus(pilot, "game")
        await pilot.press("enter", "down")  # the game list open, on Giftbringer
        await wait_for(pilot, lambda: listed(app), "the list to open")
        handle = MessagePump._dispatch_message

        async def slowly(self, message):
            await asyncio.sleep(0.001)
            return await handle(self, message)

        monkeypatch.setattr(MessagePump, "_dispatch_message", slowly)
        frames = drawn_frames(app)
        read = asyncio.Event()
        burst(app, "enter")
        app.call_later(read.set)  # after the key, in the app's own queue
        await read.wait()
        since = len(frames)
        await wait_for_text(pilot, "happiness cumulative")
        monkeypatch.undo()
        await settle(pilot, 0.1)
        assert frames[since:] and "happiness cumulative" in frames[-1]
        for frame in frames[since:]:
            game = next(line for line in frame.split("\n") if re.match(rf"\s*{MARK}?\s*game\s", line))
            assert "Giftbringer" in game, frame
            assert not any(word in frame for word in ("extra tiles", "track length", "no way points")), frame
        assert app.focused.id == "game"  # the focus stays on the game
        assert row_of(app, "seat 1").split()[2] == "zoe"  # the seats as they were
        await pilot.press("enter", "up", "enter")  # back to Gift Trap: its options as they were set
        await wait_for_text(pilot, "extra tiles")
        assert row_of(app, "▐X▌ extra tiles") and not shows(app, "happiness cumulative")


async def test_keys_typed_in_one_burst_choose_the_game():
    # Play-test A-D8: "keys typed quickly (shift+tab enter down enter in one burst) left
    # the game unchanged" (the list opened a moment after enter, and stayed open).
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await pilot.press("tab")  # on the players, as the play-tester was
        await settle(pilot)
        burst(app, "shift+tab", "enter", "down", "enter")
        await wait_for_text(pilot, "happiness cumulative")
        assert "Giftbringer" in row_of(app, "game")
        assert type(app.focused).__name__ != "SelectOverlay" and app.focused.id == "game"
        burst(app, "enter", "down", "down", "enter", "tab", "enter", "up", "enter")  # Naughty or Nice, 4 → 3 players
        await wait_for_text(pilot, "1 basics, 2 gift givers")
        await wait_for(pilot, lambda: row_of(app, "players").split()[1] == "3", "3 players")
        assert "Naughty or Nice" in row_of(app, "game")
        await wait_for(pilot, lambda: not shows(app, "seat 4"), "the fourth seat gone")  # the rows follow the count
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        session = app.screen.session
        assert session.game.slug == "naughty-or-nice" and len(session.seats) == 3


# ------------------------------------------------------------------ 3. lists for fixed values
async def test_every_option_with_fixed_values_is_a_drop_down_list_of_them():
    # Play-tests A-D8, B-D14: Bottlecap Vikings' sides, Dice Upon a Time's mode, cards
    # and characters were text boxes whose values one learnt from the error.
    async with menu_app(size=LARGE) as pilot:
        app = pilot.app
        await open_form(pilot)
        for game in engine.all_games():
            await fill_form(pilot, game.title, ["ann", "bob"][:max(game.min_players, 2)] + ["bot"] * (game.min_players - 2))
            for name, values in list_options(game.Options).items():
                await focus(pilot, f"opt-{name}")
                shown = await open_list(pilot)
                assert shown == [str(v) for v in values], (game.slug, name, shown)
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.focused.id == f"opt-{name}", "the list closed")


async def test_values_chosen_from_the_lists_start_the_game_with_them():
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Bottlecap Vikings", ["ann", "bot"], seed=3)
        await focus(pilot, "opt-sides")
        await pilot.press("enter", "down", "enter")  # identical → unique
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        assert app.screen.session.options.sides == "unique"
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Naughty or Nice", ["ann", "bot", "bot"], seed=3)
        await focus(pilot, "opt-level")
        await choose(pilot, "3")
        await focus(pilot, "opt-givers")
        await choose(pilot, "random")
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        options = app.screen.session.options
        assert (options.level, options.givers, options.unmarked_points) == (3, "random", 0)


async def test_a_typed_number_out_of_range_is_refused_with_the_games_sentence():
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await focus(pilot, "opt-track_length")
        await retype(pilot, "100")
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "track_length must be between 3 and 60")
        assert type(app.screen).__name__ == "NewGameScreen"
        await fill_form(pilot, "Giftbringer", ["ann", "bot"], options={"rounds": 0})
        assert not shows(app, "track_length must be")  # the old game's refusal went with it
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "rounds must be between 1 and 30")
        assert type(app.screen).__name__ == "NewGameScreen"


# ------------------------------------------------------------------ 4. B-D12: values whole
async def test_every_value_shows_whole_at_80x24():
    # Play-test B-D12: "In the New game form, the mode value shows as competitiv and
    # then mpetitive". Each game at its largest table: every option's label on one row,
    # its value whole, the longest value of each list too.
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        for game in engine.all_games():
            await fill_form(pilot, game.title, ["ann", "bob"] + ["bot"] * (game.max_players - 2))
            lists = list_options(game.Options)
            for field in msgspec.structs.fields(game.Options):
                label = field.name.replace("_", " ")
                await focus(pilot, f"opt-{field.name}")
                # the form scrolls the field into view once drawn (a moment later under load)
                await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the field in view")
                await wait_still(pilot)  # and drawn there
                if field.type is bool:
                    assert row_of(app, f"▐ ▌ {label}") or row_of(app, f"▐X▌ {label}")
                    continue
                values = [field.default]
                if field.name in lists:
                    values.append(max(lists[field.name], key=lambda v: len(str(v))))
                elif field.name == "layout":  # Bottlecap Vikings' text box: a layout whole
                    values = ["1a 2b 3a 4a 5b 6a 7a 8b"]
                for value in values:
                    if field.name in lists and app.focused.value != value:
                        await choose(pilot, str(value))
                    elif field.name == "layout":
                        await retype(pilot, value)
                    shown = row_of(app, label)[len(label):].strip()
                    assert shown.startswith(f"{value} "), (game.slug, field.name, row_of(app, label))


# ------------------------------------------------------------------ 5. windows: two people or more
async def test_the_windows_option_shows_only_while_two_seats_are_people(monkeypatch):
    # Issue 22, item 9: who a reaction window asks matters only with two or more people
    # at the table; with one person the game takes "quick" by itself (Options.ALONE), so
    # the form neither shows nor passes it.
    started, sessions = [], []
    new_game = engine.new_game

    def spy(slug, seats, **kwargs):  # the options the form passes, and the game it started
        started.append(dict(kwargs["options"]))
        sessions.append(new_game(slug, seats, **kwargs))
        return sessions[-1]

    monkeypatch.setattr(engine, "new_game", spy)
    for title in ("Dice Upon a Time", "Naughty or Nice"):
        async with menu_app(size=LARGE) as pilot:
            app = pilot.app
            await open_form(pilot)
            await fill_form(pilot, title, ["ann", "bot", "bot"], seed=2)
            assert not shows(app, "windows") and shows(app, "trading" if title.startswith("Dice") else "negative")
            await fill_form(pilot, title, ["ann", "bob", "bot"])
            await wait_for_text(pilot, "windows")
            row = row_of(app, "windows")
            assert row.split()[1] == "secret" and "secret:" in row, row  # secret chosen, its note beside it
            # play-test C, defect 7: what secret costs at one keyboard and what quick gives
            # away, so that a table can choose
            note = " ".join(screen_text(app).split())
            assert "at one keyboard: a hand-over and a pass each" in note and "others may guess who" in note
            await fill_form(pilot, title, ["ann", "bot", "bot"])
            await wait_for(pilot, lambda: not shows(app, "windows"), "windows hidden again")
            await pilot.press("ctrl+g")
            await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
            assert "windows" not in started[-1]  # the game applies what a table of one takes
        async with menu_app(size=LARGE) as pilot:
            app = pilot.app
            await open_form(pilot)
            await fill_form(pilot, title, ["ann", "bob", "bot"], options={"windows": "quick"}, seed=2)
            await pilot.press("ctrl+g")
            await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
            assert started[-1]["windows"] == "quick" and sessions[-1].options.windows == "quick"


# ------------------------------------------------------------------ 6. the keys in the footer
async def test_the_forms_keys_are_in_the_footer_and_ctrl_g_starts_below_the_fold():
    # Play-test B-D14: "At 80×24 the Start button is below the fold. ^g Start works."
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Gift Trap", LARGEST["Gift Trap"], seed=4)
        await focus(pilot, "game")  # past the Start button: the form scrolls back to its top
        await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the game field in view")
        keys = footer_keys(app)
        assert {"Choose", "Next field", "Back", "Start"} <= set(keys) and all(keys.values()), keys
        assert not any(line.strip(" " + MARK) == "Start" for line in screen_lines(app))  # out of sight
        await focus(pilot, "opt-extra_tiles")
        await settle(pilot)
        assert {"On/off", "Next field", "Start"} <= set(footer_keys(app))
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        assert len(app.screen.session.seats) == 8


# ------------------------------------------------------------------ 7. issue 24: the bots' strengths
def offered(game) -> list[str]:
    """The bot kinds the form offers for ``game``: its strengths in order, then random."""
    from engine.core.strengths import STRENGTHS

    return [kind for kind in (*STRENGTHS, "random") if kind in game.bots]


async def open_kinds(pilot, count: int) -> list[str]:
    """Open the focused seat's list of kinds; its ``count`` lines once laid out whole."""
    await pilot.press("enter")
    shown = lambda: listed(pilot.app)  # noqa: E731
    await wait_for(pilot, lambda: len(shown()) == count and all(line.startswith(("person", "bot: ")) for line in shown()),
                   f"{count} kinds listed, a line each")
    return listed(pilot.app)


async def test_a_seats_list_gives_the_games_strengths_each_with_what_it_plays_like():
    # Issue 24, must-hold 1: the four strengths chosen wherever a seat is chosen; "the
    # form says in one line what each plays like". The list holds the game's own: hard
    # and expert where it can search (Giftbringer can).
    from engine.core.strengths import DESCRIPTIONS

    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        assert [row_of(app, f"seat {i}").split()[2:5] for i in (1, 2)] == [["ann", "person", "▼"], ["bob", "bot:", "normal"]]
        for game in engine.all_games():
            await fill_form(pilot, game.title, ["ann", "bot"] + ["bot"] * (game.min_players - 2))
            await focus(pilot, "kind-1")
            shown = await open_kinds(pilot, 1 + len(offered(game)))
            assert [line.split()[0] for line in shown] == ["person"] + ["bot:"] * len(offered(game)), shown
            assert [line.split()[1] for line in shown[1:]] == offered(game), shown
            for line, kind in zip(shown[1:], offered(game)):
                assert line.endswith(DESCRIPTIONS.get(kind, "for trying a game out")), line  # each line whole
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.focused.id == "kind-1", "the list closed")
        assert offered(game_of("Giftbringer"))[:4] == ["easy", "normal", "hard", "expert"]


async def test_the_line_under_the_seats_says_what_the_seats_bot_plays_like_and_the_game_gets_it():
    from engine.core.strengths import DESCRIPTIONS

    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Giftbringer", ["ann", "bob:easy", "cyd:hard"], options={"rounds": 1}, seed=3)
        await focus(pilot, "game")
        await wait_for_text(pilot, f"bot: easy — {DESCRIPTIONS['easy']}")  # the first bot's
        await focus(pilot, "name-2")
        await wait_for_text(pilot, f"bot: hard — {DESCRIPTIONS['hard']}")  # the focused seat's
        assert row_of(app, "seat 3").split()[2:6] == ["cyd", "bot:", "hard", "▼"]
        await focus(pilot, "kind-2")
        await choose(pilot, "bot: expert")
        await wait_for_text(pilot, f"bot: expert — {DESCRIPTIONS['expert']}")
        await choose(pilot, "person")
        await wait_for_text(pilot, f"bot: easy — {DESCRIPTIONS['easy']}")  # a person's seat: the first bot's
        await choose(pilot, "bot: hard")
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen", "ResultScreen")
        session = app.screen.session
        assert [(s.name, s.bot) for s in session.seats] == [("ann", None), ("bob", "easy"), ("cyd", "hard")]


async def test_another_game_keeps_a_seats_strength_where_it_has_it(monkeypatch):
    # A strength the game lacks (hard and expert need a game that can search) becomes
    # normal; here Naughty or Nice is made to lack them.
    naughty = game_of("Naughty or Nice")
    for kind in ("hard", "expert"):
        monkeypatch.delitem(naughty.bots, kind, raising=False)
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Giftbringer", ["ann", "bob:expert", "cyd:easy", "dan:random"])
        await fill_form(pilot, "Bottlecap Vikings", ["ann", "bob:expert", "cyd:easy", "dan:random"])
        assert [row_of(app, f"seat {i}").split()[4] for i in (2, 3, 4)] == ["expert", "easy", "random"]
        await focus(pilot, "game")
        await choose(pilot, "Naughty or Nice")
        await wait_for(pilot, lambda: "Naughty or Nice" in row_of(app, "game"), "Naughty or Nice")
        assert [row_of(app, f"seat {i}").split()[4] for i in (2, 3, 4)] == ["normal", "easy", "random"]
        await focus(pilot, "kind-1")
        shown = await open_kinds(pilot, 4)
        assert [line.split()[1] for line in shown[1:]] == ["easy", "normal", "random"], shown


# ------------------------------------------------------------------ 8. play-test C-15, D-12
async def test_the_form_opens_as_the_last_one_was_left_in_this_run():
    # Play-test C, defect 15: "It forgets the previous game, seats and options. I set up
    # Naughty or Nice with 3 persons at level 4 three times." The next form of the run
    # opens as the last one was started: game, seats, options, undo and bell (a new seed).
    async with menu_app(size=LARGE) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Naughty or Nice", ["ann", "bob", "cyd"], options={"level": 4}, seed=7,
                        undo="casual", bell=False)
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        await take_keyboard(pilot)  # three people: the first hand-over
        await pilot.press("escape")  # saved, back to the menu
        await wait_for_screen(pilot, "MenuScreen")
        await open_form(pilot)
        await wait_for_text(pilot, "negative scores")  # Naughty or Nice's options
        assert "Naughty or Nice" in row_of(app, "game")
        assert row_of(app, "players").split()[1] == "3"
        for i, name in enumerate(["ann", "bob", "cyd"]):
            assert row_of(app, f"seat {i + 1}").split()[2:4] == [name, "person"]
        assert not shows(app, "seat 4")
        assert row_of(app, "level").split()[1] == "4"
        assert row_of(app, "windows").split()[1] == "secret"  # three people: it shows
        assert row_of(app, "undo").split()[1] == "casual"
        assert row_of(app, "turn bell").startswith("▐ ▌")  # unticked
        assert row_of(app, "seed").split()[1] != "7"  # a seed is drawn anew each time
        # escape keeps what was set too: another game's options are kept beside it
        await fill_form(pilot, "Gift Trap", ["ann", "bob", "cyd"], options={"track_length": 12})
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        await open_form(pilot)
        await wait_for_text(pilot, "track length")
        assert row_of(app, "track length").split()[2] == "12"
        await fill_form(pilot, "Naughty or Nice", ["ann", "bob", "cyd"])
        await wait_for_text(pilot, "negative scores")
        assert row_of(app, "level").split()[1] == "4"


async def test_ctrl_g_is_named_under_the_form_while_start_is_out_of_sight():
    # Play-test C, defect 15: at 80×24 the Dice form runs past the screen (windows, turn
    # bell and Start below the fold) and nothing near the bottom says ctrl+g starts.
    async with menu_app(size=SMALL) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Dice Upon a Time", ["ann", "bob", "cyd"], seed=4)
        await focus(pilot, "game")
        await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the game field in view")
        hint = "More below (tab moves down) · ctrl+g starts the game"
        await wait_for_text(pilot, hint)
        assert screen_lines(app)[-2].strip() == hint  # right above the footer
        await focus(pilot, "start")
        await wait_for(pilot, lambda: not shows(app, hint), "the line gone with Start in sight")
        assert any(line.strip(" " + MARK) == "Start" for line in screen_lines(app))
        await focus(pilot, "game")
        await wait_for_text(pilot, hint)
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")


async def test_the_undo_choice_says_what_it_takes_back():
    # Play-test D, defect 12: the undo choice read "casual (no limit)" while a room says
    # casual is "your last move, until another player moves, if it showed nothing new".
    # Each policy now says beside it what it lets a player take back at this table, in
    # the words the waiting room uses; at one keyboard casual has no limit.
    from engine.core.session import undo_words

    async with menu_app(size=LARGE) as pilot:
        app = pilot.app
        await open_form(pilot)
        await fill_form(pilot, "Gift Trap", ["ann", "bob", "bot"], undo="casual")
        await wait_for(pilot, lambda: "no limit" in " ".join(row_of(app, "undo").split()), "casual's words")
        assert f"takes back {undo_words('casual', False)}" in " ".join(row_of(app, "undo").split())
        await fill_form(pilot, "Gift Trap", ["ann", "bob", "bot"], undo="strict")
        await wait_for(pilot, lambda: undo_words("strict", False) in " ".join(row_of(app, "undo").split()), "strict")
        assert "Board Game Arena" not in screen_text(app)
