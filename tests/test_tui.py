"""The app as a player meets it: from the menu, by keys only, reading the screen
(``tests/tui_driver.py``; ``docs/architecture.md``, "Testing").

Covers a whole hot-seat game of 4 people and a game against 3 bots played to the result
screen by keys alone, the hand-over screen hiding the table, undo greyed out by the
policy, the command line, save, load and replay.
"""

from __future__ import annotations

import re
import shutil

import pytest

import engine
from tui.app import BoxtopApp
from tui.support.paths import EXAMPLES

from tui_driver import (
    open_replay,
    take_keyboard,
    LARGE, SMALL, focus, footer_keys, menu_app, new_game, play_to_the_result, retype, screen_name, screen_text,
    settle, status_line, type_text, wait_for, wait_for_screen, wait_for_text, winners_line,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


def own_save(save_dir, example: str):
    """Put the example game ``example`` among the player's saves (the only one there, so
    the load screen lists it first); returns its path."""
    save_dir.mkdir(parents=True, exist_ok=True)
    return shutil.copy(EXAMPLES / example, save_dir / example)


async def test_hot_seat_game_of_four_people_by_keys():
    # A whole hot-seat game of 4 people to the result screen, by keys alone.
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd", "dan"], options={"track_length": 6}, seed=11)
        handovers: list[str] = []

        def seen(text: str) -> None:
            m = re.search(r"Pass the keyboard to (\w+)\.", text)
            if m:
                handovers.append(m.group(1))

        await play_to_the_result(pilot, on_screen=seen)
        session = app.screen.session
        result = session.result()
        assert result is not None and result.winners
        await wait_for(pilot, lambda: winners_line(app), "the winners")
        assert all(session.names[i] in winners_line(app) for i in result.winners), winners_line(app)
        losers = [n for i, n in enumerate(session.names) if i not in result.winners]
        assert not any(re.search(rf"\b{n}\b", winners_line(app)) for n in losers), winners_line(app)
    # Every secret phase passed the keyboard to bob, cyd and dan in turn.
    assert handovers[:3] == ["bob", "cyd", "dan"]
    assert len(handovers) >= 6 * session.state.round - 6


async def test_hand_over_hides_the_table_and_the_next_seat_sees_only_its_tiles():
    # Gift Trap, "Giving gifts": Give tiles are placed face down.
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd"], seed=3)
        await pilot.press("enter")  # ann deals
        await wait_for_text(pilot, "give:")
        await pilot.press("enter", "enter")  # ann gives two gifts
        await wait_for_text(pilot, "2/2 placed")
        shown = screen_text(app)
        assert "→bob" in shown and "→cyd" in shown  # ann's own tiles, on the gifts
        gifts = [g.name for g in app.screen.session.view("ann").gifts]
        await pilot.press("d")
        await wait_for_text(pilot, "Pass the keyboard to bob.")
        shown = screen_text(app)
        # Nothing of the table is on the hand-over screen.
        assert not re.search(r"→\w", shown) and "Give · Get" not in shown and not any(g in shown for g in gifts)
        await take_keyboard(pilot)
        await wait_for_text(pilot, "bob at the keyboard")
        shown = screen_text(app)
        assert "0/2 placed" in shown and not re.search(r"→\w", shown)  # bob sees none of ann's tiles
        assert "ann: (hidden)" in shown and "give 1 to bob" not in shown  # the log too


async def test_game_against_three_bots_by_keys():
    # A short track keeps the test quick; the full-length game is played in tmux.
    async with menu_app() as pilot:
        await new_game(pilot, "Gift Trap", ["ann", "b2:heuristic", "b3:heuristic", "b4:random"], seed=5,
                       options={"track_length": 12, "extra_tiles": True})

        def no_hand_over(text: str) -> None:
            assert "Pass the keyboard" not in text  # one person: no hand-over

        await play_to_the_result(pilot, on_screen=no_hand_over)
        assert screen_name(pilot.app) == "ResultScreen" and pilot.app.screen.session.result() is not None


async def test_undo_is_greyed_out_until_allowed_and_takes_back_a_tile():
    async with menu_app() as pilot:
        app = pilot.app

        async def offered(label: str, on: bool) -> None:  # the footer shows the key greyed out, or not
            await wait_for(pilot, lambda: footer_keys(app).get(label) is on, f"{label} {'offered' if on else 'greyed'}")

        await new_game(pilot, "Gift Trap", ["ann", "b2:random", "b3:random"], seed=2)
        await offered("Undo", False)  # nothing to undo: greyed out
        assert footer_keys(app)["Menu"] is True
        await pilot.press("enter")  # deal: reveals cards, so it cannot be undone
        await wait_for_text(pilot, "0/2 placed")
        await offered("Undo", False)
        await pilot.press("enter")  # give a tile
        await wait_for_text(pilot, "1/2 placed")
        await offered("Undo", True)
        await pilot.press("u")
        await wait_for_text(pilot, "0/2 placed")
        await offered("Redo", True)
        await pilot.press("ctrl+y")
        await wait_for_text(pilot, "1/2 placed")


async def test_command_line_takes_notation_and_shows_the_engines_refusal():
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd"], seed=4)
        await pilot.press("colon", *"deal blue", "enter")
        await wait_for_text(pilot, "give:")
        await pilot.press("colon", *"give 9 to bob", "enter")
        await wait_for_text(pilot, "There is no gift on space 9")
        await pilot.press("colon", *"give 2 to bob", "enter")
        await wait_for_text(pilot, "1/2 placed")
        assert "→bob" in screen_text(app) and "There is no gift" not in screen_text(app)
        assert [(t.space, t.to) for t in app.screen.session.view("ann").my_gives] == [(2, 1)]


async def test_save_then_load_from_the_load_screen(save_dir):
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=9)
        await pilot.press("enter", "enter")  # deal, give one tile
        await wait_for_text(pilot, "1/2 placed")
        session = app.screen.session
        await pilot.press("ctrl+s")
        await wait_for_text(pilot, "Save the game as")
        await pilot.press("enter")  # accept the proposed file name
        await wait_for_text(pilot, "Saved to")
        saved = list(save_dir.glob("gift-trap-*.json"))
        assert len(saved) == 1
        await pilot.press("escape")  # back to the menu
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")  # the newest save is highlighted first
        await wait_for_text(pilot, "ann at the keyboard")
        await wait_for_text(pilot, "1/2 placed")
        loaded = app.screen.session
        assert len(loaded.entries) == len(session.entries) and loaded.state == session.state


async def test_a_broken_save_shows_one_line_and_stays_on_the_load_screen(save_dir):
    save_dir.mkdir(parents=True)
    (save_dir / "broken.json").write_text('{"format": "boxtop-save", "vers')
    async with menu_app() as pilot:
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_text(pilot, "broken.json is not valid JSON")
        assert screen_name(pilot.app) == "LoadScreen"
        lines = [line for line in screen_text(pilot.app).split("\n") if "not valid JSON" in line or "truncated" in line]
        assert len(lines) == 1


async def test_l_enter_enter_on_a_fresh_install_replays_a_finished_example_never_plays_it(save_dir):
    # Play-test C, defect 18: "l Enter opened Bottlecap Vikings bot1…bot4, already over
    # (bot4 wins: reached the throne)", someone else's finished game as if to play it.
    # A finished game has nothing to play on: the load list marks it and opens its replay.
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        rows = [line for line in screen_text(app).split("\n") if " wins" in line or "points" in line]
        assert rows and all("replay · " in row for row in rows), rows  # every example is finished
        await pilot.press("enter", "enter")
        await wait_for_screen(pilot, "ReplayScreen")
        await settle(pilot, 0.2)
        assert screen_name(app) == "ReplayScreen" and app.screen.session.result() is not None
        assert not save_dir.exists() or not list(save_dir.glob("*.json"))  # nothing saved as a new game
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        # a game still in play is offered as before, unmarked, and plays on
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=9)
        await pilot.press("enter", "escape")  # ann deals, then leaves: the game is saved
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        row = next(line for line in screen_text(app).split("\n") if "Gift Trap" in line and "ann" in line)
        assert "replay" not in row
        await pilot.press("enter")
        await wait_for_screen(pilot, "GameScreen")


async def test_leaving_a_game_saves_it_so_nothing_is_lost(save_dir):
    async with menu_app() as pilot:
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd"], seed=4)
        session = pilot.app.screen.session
        await pilot.press("enter", "escape")
        await wait_for_screen(pilot, "MenuScreen")
        (saved,) = save_dir.glob("*.json")
        await wait_for_text(pilot, f"Your game is saved in {saved}.")
    assert engine.load(str(saved)).state == session.state


async def test_replay_steps_jumps_and_changes_whose_eyes(save_dir):
    own_save(save_dir, "gift-trap-hot-seat.json")
    example = engine.load(str(EXAMPLES / "gift-trap-hot-seat.json"))
    last = example.applied_seq(example.ply - 1)  # the save's number of its last entry (the setup is 0)
    async with menu_app() as pilot:
        app = pilot.app
        await open_replay(pilot)
        await wait_for_text(pilot, f"entry {last} of {last} · seen as a spectator")
        await pilot.press("home")
        await wait_for_text(pilot, f"entry 0 of {last}")
        await pilot.press("right", "right", "right")
        await wait_for_text(pilot, f"entry 3 of {last}")
        await pilot.press("left")
        await wait_for_text(pilot, f"entry 2 of {last} · seen as a spectator")
        await pilot.press("v")
        await wait_for_text(pilot, f"entry 2 of {last} · seen as ann")
        await pilot.press("end")
        await wait_for_text(pilot, f"entry {last} of {last}")
        await pilot.press("home", "space")
        await wait_for_text(pilot, "playing at 2/s")
        await pilot.pause(0.8)
        await pilot.press("space")  # pause
        await wait_for_text(pilot, "paused")
        stopped = re.search(r"entry (\d+) of", status_line(app)).group(1)
        assert int(stopped) > 0  # it played at 2 entries a second
        await pilot.pause(0.6)
        assert f"entry {stopped} of" in status_line(app)


async def test_replay_as_a_spectator_never_shows_face_down_tiles(save_dir):
    own_save(save_dir, "gift-trap-vs-bots.json")
    async with menu_app() as pilot:
        app = pilot.app
        await open_replay(pilot)
        await wait_for_text(pilot, "seen as a spectator")
        await pilot.press("home")
        hidden_seen = False
        for k in range(0, 59):
            await wait_for_text(pilot, f"entry {k} of")
            shown = screen_text(app)
            # a seat's own tiles are drawn on the gifts (→bob, Super, TRAP…): a spectator has none
            assert not re.search(r"→\w", shown)
            assert "your Give tiles" not in shown and "your Get tiles" not in shown
            hidden_seen = hidden_seen or "(hidden)" in shown
            await pilot.press("right")
        assert hidden_seen  # the log shows that tiles were placed, not which


async def test_menu_new_game_by_keys_starts_a_game():
    async with menu_app() as pilot:
        app = pilot.app
        await wait_for_text(pilot, "Gift Trap (3–8)")  # the games line is filled in after the first frame
        await pilot.press("enter")  # "New game" is the first choice
        await wait_for_screen(pilot, "NewGameScreen")
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "ann at the keyboard")
        shown = screen_text(app)
        for name in ("ann", "bob", "cyd", "dan"):
            assert re.search(rf"\b{name}\b", shown)
        session = app.screen.session
        assert session.names == ["ann", "bob", "cyd", "dan"]
        assert [s.bot for s in session.seats] == [None, "normal", "normal", "normal"]  # a bot starts normal (issue 24)


async def test_new_game_refuses_bad_settings_with_one_line():
    async with menu_app() as pilot:
        await pilot.press("n")
        await wait_for_screen(pilot, "NewGameScreen")
        await focus(pilot, "name-1")
        await retype(pilot, "ann")  # two seats called ann
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "different")
        assert screen_name(pilot.app) == "NewGameScreen"


async def test_rules_screen_opens_with_question_mark_and_closes():
    async with menu_app() as pilot:
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd"], seed=1)
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Gift Trap")
        assert "at the keyboard" not in screen_text(pilot.app)
        await pilot.press("escape")
        await wait_for_text(pilot, "ann at the keyboard")


async def test_ctrl_o_saves_the_game_and_opens_the_load_screen():
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bob", "cyd"], seed=4)
        session = app.screen.session
        await pilot.press("enter", "ctrl+o")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")  # the game just saved is listed first
        # Three people at one keyboard, in the secret Give phase: hand over first.
        await wait_for_text(pilot, "Pass the keyboard to ann.")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "ann at the keyboard")
        assert app.screen.session.state == session.state


async def test_an_unexpected_error_shows_one_line_and_writes_the_crash_log(tmp_path, monkeypatch, capsys):
    # "No traceback reaches a player": the app ends with one line naming the crash log.
    # (A fault injected into the app, not a player's key: no key can cause a bug on purpose.)
    monkeypatch.setenv("BOXTOP_LOG_DIR", str(tmp_path))
    app = BoxtopApp()

    def boom() -> None:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=LARGE) as pilot:
            app.call_later(boom)
            await pilot.pause()
    log = (tmp_path / "crash.log").read_text()
    assert "RuntimeError: a bug" in log and "Traceback" in log
    # the console wraps long lines, even inside a long path: compare without the breaks
    shown = "".join(capsys.readouterr().err.split())
    expected = f"boxtop stopped on an unexpected error (RuntimeError); the details are in {tmp_path / 'crash.log'}."
    assert shown == "".join(expected.split())


async def test_choosing_another_game_in_the_new_game_form_rebuilds_it_and_starts_that_game():
    # Issue 11, defect 1: "choose Giftbringer: the options stay Gift Trap's, the player
    # counts 3–8, and ctrl+g starts Gift Trap."
    async with menu_app() as pilot:
        app = pilot.app
        await pilot.press("enter")  # New game
        await wait_for_screen(pilot, "NewGameScreen")
        await pilot.press("enter")  # the game field (the form opens there), its list open
        await type_text(pilot, "Giftb")
        await pilot.press("enter")
        await wait_for_text(pilot, "rounds")
        assert "track length" not in screen_text(app)
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "ann's island")
        await wait_for_text(pilot, "Round 1 of 10")
        assert app.screen.session.game.slug == "giftbringer" and len(app.screen.session.seats) == 4


@pytest.mark.parametrize("example", ["gift-trap-vs-bots.json", "giftbringer-solo.json", "bottlecap-vikings-two.json",
                                     "naughty-or-nice-full.json", "dice-upon-a-time-competitive.json"])
async def test_a_finished_table_offers_only_keys_that_do_something(save_dir, example):
    # A finished game's footer offered "u Undo ^y Redo" (and Giftbringer's "tab Fits"):
    # its moves stand (the result was shown and saved), so they are gone, as the play
    # keys are; u says so. Bottlecap Vikings and Dice Upon a Time would even take the
    # winning move back.
    # the finished table as `boxtop load PATH` shows it (the load list opens a finished
    # game as its replay)
    from pathlib import Path

    from tui.screens.load import saved_in
    from tui_driver import Player

    path = Path(own_save(save_dir, example))
    app = BoxtopApp(session=engine.load(str(path)), saved_in=saved_in(path))
    async with app.run_test(size=LARGE):
        pilot = Player(app)
        await wait_for(pilot, lambda: screen_name(app) == "GameScreen" and footer_keys(app).get("Menu"), "the footer")
        keys = footer_keys(app)
        assert not {"Undo", "Redo", "Fits", "Play", "Done", "Place"} & set(keys), keys
        assert keys.get("Rules") is True and keys.get("Save") is True
        await pilot.press("u")
        await wait_for_text(pilot, "The game is over: its moves stand.")
        await pilot.press("colon", *"undo", "enter")
        await wait_for_text(pilot, "The game is over: its moves stand.")
        assert app.screen.session.result() is not None and screen_name(app) == "GameScreen"
