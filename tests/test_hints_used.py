"""A game in which hints were used says so, on its result and in its save (issue 26, "A
hint"): ``LocalSession.note_hint`` marks the seat, beside the log (no entry); the save's
header gets ``hints`` (the seats, in order) only when a seat asked, so every older save
and every golden save is written as before; loading keeps the mark, ``verify`` does not
mind it, and the load list names who asked. In the app (by keys, from the menu): ``B``
in a local game, then the game saved, loaded and finished says "Hints used by ann.", and
a solo game with a hint is no personal best; its replay's title names who asked.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import IllegalCommand
from engine.core.save_read import loads, summary
from engine.core.save_write import dumps
from test_golden_saves import FILES as EXAMPLE_SAVES, SAVES
from tui.support import best
from tui.cli import header_line
from tui_driver import SMALL, menu_app, new_game, notices, screen_text, wait_for, wait_for_screen, wait_for_text



def header(data: bytes) -> dict:
    """A save's first line (everything but the entries and the talk), decoded."""
    return json.loads(data.split(b"\n", 1)[0].removesuffix(b',"entries":[') + b"}")


def test_a_save_names_the_seats_that_asked_for_a_hint_only_when_one_did(tmp_path):
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    assert s.hinted == set() and "hints" not in header(dumps(s))  # written as before
    entries = list(s.entries)
    assert s.note_hint("cyd") and s.note_hint(1) and not s.note_hint("bob")
    assert s.entries == entries  # no entry: a mark beside the log
    assert header(dumps(s))["hints"] == [1, 2] and s.hinted_names() == ["bob", "cyd"]
    with pytest.raises(IllegalCommand):
        s.note_hint("dan")
    path = tmp_path / "g.json"
    s.save(str(path))
    assert engine.load(path).hinted == {1, 2}
    assert engine.verify(path).hinted == {1, 2}  # the re-decided log does not mind it
    assert summary(path).hints == ["bob", "cyd"]
    assert header_line(engine.load(path)) == "Gift Trap · ann, bob, cyd · seed 1 · hints used by bob, cyd"  # replay --print


@pytest.mark.parametrize("name", EXAMPLE_SAVES)
def test_a_save_from_before_hints_loads_with_none_and_is_written_without_them(name):
    data = (SAVES / name).read_bytes()
    assert b'"hints"' not in data
    session = engine.load(SAVES / name)
    assert session.hinted == set() and b'"hints"' not in dumps(session)
    assert summary(SAVES / name).hints == []


def test_a_hint_mark_naming_no_seat_is_left_out():
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    s.note_hint(0)
    data = dumps(s).replace(b'"hints":[0]', b'"hints":[0,7]', 1)
    assert loads(data).hinted == {0}


async def test_a_local_hint_is_kept_in_the_save_and_said_on_the_result_of_the_loaded_game():
    async with menu_app() as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 1}, seed=5)
        await pilot.press("B")
        await wait_for_screen(pilot, "HintScreen")
        await wait_for_text(pilot, "rated about", timeout=60)  # a solo game: its score rated
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        saved_from = app.screen
        await pilot.press("ctrl+o")  # the game is saved first (a hint is worth saving), then the list
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "hints used by ann")
        data = saved_from.save_path.read_bytes()
        assert header(data)["hints"] == [0]
        await pilot.press("enter")  # the newest save, this game: loaded in its place
        await wait_for_screen(pilot, "GameScreen")
        assert app.screen is not saved_from and app.screen.session.hinted == {0}
        await pilot.press("tab", "enter", "d", "d")  # ann's one round
        await wait_for_screen(pilot, "ResultScreen")
        await wait_for_text(pilot, "Hints used by ann.")
        await wait_for_text(pilot, "With hints, this game is not counted among your personal bests.")
        assert best.load() == {}  # not entered among the bests
        assert "a new personal best" not in screen_text(app) and "first personal best" not in screen_text(app)
        await pilot.press("r")  # its replay says so in its title
        await wait_for_screen(pilot, "ReplayScreen")
        await wait_for_text(pilot, "Replay · Giftbringer · hints used by ann")


async def test_the_replay_of_a_game_with_hints_says_so_at_80x24(isolated_user_folders):
    # at 80×24 the replay's title bar is hidden: a notice says who used hints instead
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    s = engine.new_game("giftbringer", ["ann", "bob"], seed=5, options={"rounds": 1})
    s.note_hint("bob")
    s.note_hint("ann")
    s.save(str(saves / "hinted.json"))
    async with menu_app(SMALL) as pilot:
        await pilot.press("r")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "hints used by ann, bob")
        await pilot.press("enter")  # the only own save: listed first
        await wait_for_screen(pilot, "ReplayScreen")
        await wait_for(pilot, lambda: "Hints used by ann and bob." in notices(pilot.app), "the notice")
