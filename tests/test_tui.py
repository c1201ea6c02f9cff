"""The app driven by keys with Textual's Pilot (``docs/architecture.md``, "Testing").

Covers the issue's "Done when": a whole hot-seat game of 4 people and a game against
3 bots played to the result screen by keys alone, the hand-over screen hiding the
table, undo greyed out by the policy, the command line, save, load and replay.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from tui.app import BoxtopApp
from tui.paths import EXAMPLES
from tui.screens.game import GameScreen
from tui.screens.handover import HandoverScreen
from tui.screens.load import LoadScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.result import ResultScreen
from tui.screens.rules import RulesScreen

SIZE = (120, 36)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


def seats(spec: str) -> list[engine.Seat]:
    return [engine.Seat(w, None) if ":" not in w else engine.Seat(*w.split(":")) for w in spec.split(",")]


async def take_turn(pilot, app) -> bool:
    """Play the seat at the keyboard's whole phase by keys; False once the result shows."""
    screen = app.screen
    if isinstance(screen, ResultScreen):
        return False
    if isinstance(screen, HandoverScreen):
        await pilot.press("enter")
        return True
    assert isinstance(screen, GameScreen)
    view = screen.session.view(screen.seat)
    if view.phase == "deal":
        await pilot.press("right", "enter")
    elif view.phase == "give":
        await pilot.press(*["enter"] * (view.n - 1), "d")
    elif view.phase == "rate":
        await pilot.press("enter", "enter", "enter", "enter", "d")
    await pilot.pause()
    return True


async def test_hot_seat_game_of_four_people_by_keys():
    # The "Done when": a whole hot-seat game of 4 humans to the result screen.
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd", "dan"], seed=11, options={"track_length": 6})
    app = BoxtopApp(session=session)
    handovers = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            if isinstance(app.screen, HandoverScreen):
                handovers.append(app.screen.seat_name)
            if not await take_turn(pilot, app):
                break
        assert isinstance(app.screen, ResultScreen)
        result = session.result()
        assert result is not None and result.winners
        winners = " and ".join(session.names[i] for i in result.winners)
        assert winners in str(app.screen.query_one("#result-winners").render())
    # Every secret phase passed the keyboard to bob, cyd and dan in turn.
    assert handovers[:3] == ["bob", "cyd", "dan"]
    assert len(handovers) >= 6 * session.state.round - 6


async def test_hand_over_hides_the_table_and_the_next_seat_sees_only_its_tiles():
    # gift-trap.de.txt, "2. Geschenke machen": Give tiles are placed face down.
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=3)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # ann deals
        await pilot.press("enter", "enter")  # ann gives two gifts
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.seat == 0
        mine = session.view("ann").my_gives
        assert len(mine) == 2
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.seat_name == "bob"
        # Nothing of the table is on the hand-over screen.
        assert not app.screen.query("#table")
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.seat == 1
        assert game.table.view.me == 1 and game.table.view.my_gives == ()
        log_text = "\n".join(session.log_lines(1))
        assert "give 1 to bob" not in log_text and "ann: (hidden)" in log_text


async def test_game_against_three_bots_by_keys():
    # A short track keeps the test quick; the full-length game is played in tmux.
    session = engine.new_game("gift-trap", seats("ann,b2:heuristic,b3:heuristic,b4:random"), seed=5,
                              options={"track_length": 12, "extra_tiles": True})
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            assert not isinstance(app.screen, HandoverScreen)  # one person: no hand-over
            if not await take_turn(pilot, app):
                break
        assert isinstance(app.screen, ResultScreen)
        assert session.result() is not None


async def test_undo_is_greyed_out_until_allowed_and_takes_back_a_tile():
    session = engine.new_game("gift-trap", seats("ann,b2:random,b3:random"), seed=2)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        assert game.check_action("undo", ()) is None  # nothing to undo: greyed out
        await pilot.press("enter")  # deal: reveals cards, so it cannot be undone
        await pilot.pause()
        assert game.check_action("undo", ()) is None
        await pilot.press("enter")  # give a tile
        await pilot.pause()
        assert len(session.view("ann").my_gives) == 1
        assert game.check_action("undo", ()) is True
        await pilot.press("u")
        await pilot.pause()
        assert session.view("ann").my_gives == ()
        assert game.check_action("redo", ()) is True
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert len(session.view("ann").my_gives) == 1


async def test_command_line_takes_notation_and_shows_the_engines_refusal():
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=4)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"deal blue", "enter")
        await pilot.pause()
        assert session.view(None).phase == "give"
        await pilot.press("colon", *"give 9 to bob", "enter")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert "There is no gift on space 9" in message
        await pilot.press("colon", *"give 2 to bob", "enter")
        await pilot.pause()
        assert [(t.space, t.to) for t in session.view("ann").my_gives] == [(2, 1)]
        assert str(app.screen.query_one("#message").render()).strip() == ""


async def test_save_then_load_from_the_load_screen(save_dir):
    session = engine.new_game("gift-trap", seats("ann,b2:heuristic,b3:heuristic"), seed=9)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")  # deal, give one tile
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # accept the proposed file name
        await pilot.pause()
        saved = list(save_dir.glob("gift-trap-*.json"))
        assert len(saved) == 1
        assert "Saved to" in str(app.screen.query_one("#message").render())
        entries = len(session.entries)
        await pilot.press("escape")  # back to the menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")  # the newest save is highlighted first
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        loaded = app.screen.session
        assert len(loaded.entries) == entries and loaded.state == session.state


async def test_a_broken_save_shows_one_line_and_stays_on_the_load_screen(save_dir):
    save_dir.mkdir(parents=True)
    (save_dir / "broken.json").write_text('{"format": "boxtop-save", "vers')
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        error = str(app.screen.query_one("#load-error").render())
        assert "broken.json" in error or "truncated" in error or "JSON" in error
        assert "\n" not in error.strip()


async def test_leaving_a_game_saves_it_so_nothing_is_lost(save_dir):
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=4)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    (saved,) = save_dir.glob("*.json")
    assert engine.load(str(saved)).state == session.state


async def test_replay_steps_jumps_and_changes_whose_eyes():
    session = engine.load(str(EXAMPLES / "gift-trap-hot-seat.json"))
    app = BoxtopApp(replay=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.position == session.ply
        await pilot.press("home")
        assert screen.position == 1
        await pilot.press("right", "right", "right")
        assert screen.position == 4
        await pilot.press("left")
        assert screen.position == 3
        assert screen.table.view.me is None  # a spectator first
        await pilot.press("v")
        assert screen.table.view.me == 0
        await pilot.press("end")
        assert screen.position == session.ply
        await pilot.press("home", "space")
        await pilot.pause(0.8)
        assert screen.position > 1  # playing at 2 entries a second
        await pilot.press("space")
        stopped = screen.position
        await pilot.pause(0.6)
        assert screen.position == stopped


async def test_replay_as_a_spectator_never_shows_face_down_tiles():
    session = engine.load(str(EXAMPLES / "gift-trap-vs-bots.json"))
    app = BoxtopApp(replay=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        for k in range(1, min(session.ply, 60)):
            screen.position = k
            screen.draw()
            assert screen.table.view.my_gives == () and screen.table.view.my_rates == ()
            assert "(hidden)" in "\n".join(session.log_lines(None, upto=k)) or k < 4
        await pilot.press("escape")


async def test_menu_new_game_by_keys_starts_a_game():
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.pause()  # the games line is filled in after the first frame
        assert "Gift Trap (3–8)" in str(app.screen.query_one("#menu-games").render())
        await pilot.press("enter")  # "New game" is the first choice
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert session.names == ["ann", "bob", "cyd", "dan"]
        assert [s.bot for s in session.seats] == [None, "heuristic", "heuristic", "heuristic"]


async def test_new_game_refuses_bad_settings_with_one_line():
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-1").value = "ann"  # two seats called ann
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "different" in str(screen.query_one("#new-error").render())


async def test_rules_screen_opens_with_question_mark_and_closes():
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_ctrl_o_saves_the_game_and_opens_the_load_screen(save_dir):
    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=4)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")  # the game just saved is listed first
        await pilot.pause()
        # Three people at one keyboard, in the secret Give phase: hand over first.
        assert isinstance(app.screen, HandoverScreen) and app.screen.seat_name == "ann"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.state == session.state


async def test_an_unexpected_error_shows_one_line_and_writes_the_crash_log(tmp_path, monkeypatch, capsys):
    # "No traceback reaches a player": the app ends with one line naming the crash log.
    monkeypatch.setenv("BOXTOP_LOG_DIR", str(tmp_path))
    app = BoxtopApp()

    def boom() -> None:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=SIZE) as pilot:
            app.call_later(boom)
            await pilot.pause()
    log = (tmp_path / "crash.log").read_text()
    assert "RuntimeError: a bug" in log and "Traceback" in log
    shown = " ".join(capsys.readouterr().err.split())  # the console wraps long lines
    assert shown == f"boxtop stopped on an unexpected error (RuntimeError); the details are in {tmp_path / 'crash.log'}."


async def test_choosing_another_game_in_the_new_game_form_rebuilds_it_and_starts_that_game():
    # Issue 11, defect 1: "choose Giftbringer: the options stay Gift Trap's, the player
    # counts 3–8, and ctrl+g starts Gift Trap."
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("shift+tab", "enter", "down", "enter")  # the game: Giftbringer
        await pilot.pause(0.2)
        labels = [str(label.render()) for label in app.screen.query("Label")]
        assert "rounds" in labels and "track length" not in labels
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.slug == "giftbringer" and len(app.screen.session.seats) == 4
