"""A saved game can always be found again (issue 22, item 5; play tests A-D1, A-D9, A-D14,
A-D15, A-D7, B-D6, B-D18): every test drives the app from the menu by keys and reads the
screen.

- in the save dialog (and on the ``:`` line) a name alone goes into the save folder with
  ".json" added; the dialog says its keys and the footer under it shows them;
- a game saved elsewhere is listed on the load screen under "saved elsewhere" while its
  file is there, and ``p`` opens any save by its path;
- ``:save`` never makes a folder but the save folder, and its refusals are one line at
  80 columns; a bare ``:save`` after a path saves there and says where;
- the load list shows whole game names when there is room, where each game stands
  (the turn and the leader, the turn, the chapter) and the options that differ.
"""

from __future__ import annotations

import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

import engine
from tui.support.paths import EXAMPLES
from tui_driver import (
    LARGE, SMALL, footer_keys, menu_app, new_game, open_replay, region_text, screen_lines, screen_name, screen_text, type_text,
    wait_for, wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test has (tests/conftest.py); it does not exist yet."""
    return isolated_user_folders / "saves"


@pytest.fixture
def short_tmp():
    """A folder with a short path (a sentence naming it fits one 80-column line)."""
    folder = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def message_rows(app) -> list[str]:
    """The rows of the message line under the table (one, or up to three when it wraps)."""
    return [row.rstrip() for row in region_text(app, app.screen.query_one("#message").region) if row.strip()]


async def start_gift_trap(pilot) -> None:
    """Gift Trap for ann and two bots, seed 9, dealt (a move to save)."""
    await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=9)
    await pilot.press("enter")  # deal the stack under the cursor
    await wait_for_text(pilot, "give:")


async def save_as(pilot, path: str | Path | None = None) -> None:
    """``ctrl+s`` opens the save dialog; ``path`` is typed over the proposed name (kept
    when None) and ``enter`` saves."""
    await pilot.press("ctrl+s")
    await wait_for_text(pilot, "Save the game as")
    if path is not None:
        await type_text(pilot, str(path))
    await pilot.press("enter")


async def open_by_path(pilot, path: str | Path) -> None:
    """On the load screen: ``p``, ``path`` typed, ``enter``."""
    await pilot.press("p")
    await type_text(pilot, str(path))
    await pilot.press("enter")


# ---------------------------------------------------------------------- the save dialog
async def test_a_name_alone_in_the_save_dialog_goes_into_the_save_folder_and_is_listed(save_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the shell's folder: the save must not land here (B-D6)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await save_as(pilot, "mygame")  # the proposed name is selected: typing replaces it
        await wait_for_text(pilot, "Saved to")
        assert "mygame.json" in screen_text(app)
        await pilot.press("escape")  # to the menu, then the load list
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "mygame.json")  # the highlighted save's file, under the list
        row = next(line for line in screen_lines(app) if "Gift Trap" in line)
        assert "ann, bot2, bot3" in row and "round 1" in row
    assert (save_dir / "mygame.json").is_file()
    assert not (tmp_path / "mygame").exists() and not (tmp_path / "mygame.json").exists()


async def test_the_save_dialog_says_its_keys_and_the_footer_shows_them(save_dir):
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await pilot.press("ctrl+s")
        await wait_for_text(pilot, "Save the game as")
        await wait_for_text(pilot, "enter saves · escape cancels")
        keys = footer_keys(app)
        assert keys.get("Save") is True and keys.get("Cancel") is True
        assert "Place" not in keys and "Undo" not in keys  # not the table's keys (A-D15)
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen_name(app) == "GameScreen", "the table")
        assert "Place" in footer_keys(app)
    assert not save_dir.exists() or not list(save_dir.glob("*.json"))


# ---------------------------------------------------------------------- replacing a file
async def test_saving_over_a_file_that_is_not_a_save_asks_and_n_keeps_it_y_replaces_it(save_dir, short_tmp):
    # The security review's F5: a typed path replaced a text file silently (and made it 0600).
    victim = short_tmp / "victim.txt"
    victim.write_text("precious\n")
    victim.chmod(0o644)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await save_as(pilot, victim)
        await wait_for_text(pilot, f"{victim} exists and is not a boxtop save.")
        await wait_for_text(pilot, "Replace it? y replaces it · n or escape keeps it")
        await pilot.press("n")
        await wait_for_text(pilot, "Not saved: the file is kept. Type another name, or escape.")
        assert screen_name(app) == "SaveScreen"
        assert victim.read_text() == "precious\n" and victim.stat().st_mode & 0o777 == 0o644
        await pilot.press("enter")  # the same name again: asked again
        await wait_for_text(pilot, "Replace it?")
        await pilot.press("escape")  # keeps it too
        await wait_for_text(pilot, "Not saved:")
        assert victim.read_text() == "precious\n"
        await pilot.press("enter")
        await wait_for_text(pilot, "Replace it?")
        await pilot.press("y")
        await wait_for_text(pilot, f"Saved to {victim}.")
        assert screen_name(app) == "GameScreen"
    assert engine.load(victim).names == ["ann", "bot2", "bot3"]


async def test_saving_over_another_saved_game_asks_but_the_games_own_file_is_saved_again_silently(save_dir, short_tmp):
    other = short_tmp / "other.json"
    engine.new_game("giftbringer", [engine.Seat("cyd")], seed=4).save(str(other))
    mine = short_tmp / "mine.json"
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await save_as(pilot, other)
        await wait_for_text(pilot, f"{other} holds another saved game.")
        await pilot.press("n")
        await wait_for_text(pilot, "Not saved:")
        assert engine.load(other).names == ["cyd"]
        await pilot.press("home", "ctrl+k", *str(mine), "enter")  # a new file: no question
        await wait_for_text(pilot, f"Saved to {mine}.")
        await pilot.press("enter")  # a gift given: a move the file has not got yet
        await wait_for_text(pilot, "1/2 placed")
        await save_as(pilot)  # prefilled with the game's own file: saved again, no question
        await wait_for(pilot, lambda: screen_name(app) == "GameScreen", "the table")
        assert len(engine.load(mine).entries) == len(app.screen.session.entries)
        await pilot.press("colon", *f"save {other}", "enter")  # the ":" line asks too
        await wait_for_text(pilot, f"{other} holds another saved game.")
        await pilot.press("y")
        await wait_for_text(pilot, f"Saved to {other}.")
    assert engine.load(other).names == ["ann", "bot2", "bot3"]


async def test_save_on_the_colon_line_over_a_text_file_asks_and_n_keeps_file_and_line(save_dir, short_tmp):
    notes = short_tmp / "x"
    notes.write_text("notes\n")
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await pilot.press("colon", *f"w {notes}", "enter")
        await wait_for_text(pilot, f"{notes} exists and is not a boxtop save.")
        await pilot.press("n")
        await wait_for_text(pilot, f"Not saved: {notes} is kept.")
        assert app.focused is not None and app.focused.id == "command" and app.focused.value == f"w {notes}"
    assert notes.read_text() == "notes\n"


# ---------------------------------------------------------------------- :save
async def test_save_never_makes_a_folder_and_a_bare_save_says_where(save_dir, short_tmp):
    missing = short_tmp / "nonexistent" / "dir"
    elsewhere = short_tmp / "play"
    elsewhere.mkdir()
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await pilot.press("colon", *f"save {missing / 'x.json'}", "enter")
        await wait_for_text(pilot, "There is no folder")
        assert message_rows(app) == [f" There is no folder {missing}."]  # one line
        assert not (short_tmp / "nonexistent").exists()  # A-D14: nothing was made
        await pilot.press("escape", "colon", *f"save {elsewhere / 'gt1.json'}", "enter")
        await wait_for_text(pilot, f"Saved to {elsewhere / 'gt1.json'}.")
        session = app.screen.session
        await pilot.press("enter")  # a gift given: a move the file has not got yet
        await wait_for_text(pilot, "1/2 placed")
        assert len(engine.load(elsewhere / "gt1.json").entries) < len(session.entries)
        await pilot.press("colon", *"save", "enter")  # bare: where the game was saved last
        await wait_for(pilot, lambda: len(engine.load(elsewhere / "gt1.json").entries) == len(session.entries),
                       "the bare save")
        await wait_for_text(pilot, f"Saved to {elsewhere / 'gt1.json'}.")
    assert not save_dir.exists()  # the save folder was never needed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc takes no files on Linux")
async def test_a_refused_save_is_one_line_at_80_columns(save_dir):
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await pilot.press("colon", *"save /proc/x.json", "enter")
        await wait_for_text(pilot, "Cannot save to /proc/x.json")
        (row,) = message_rows(app)  # the whole sentence on one row (A-D7)
        assert row.startswith(" Cannot save to /proc/x.json: ") and row.endswith(".")


async def test_the_save_folder_itself_is_made_when_missing(save_dir):
    assert not save_dir.exists()
    async with menu_app(SMALL) as pilot:
        await start_gift_trap(pilot)
        await save_as(pilot)  # the proposed name, in the save folder
        await wait_for_text(pilot, "Saved to")
    assert len(list(save_dir.glob("gift-trap-*.json"))) == 1


# ---------------------------------------------------------------------- the load list
async def test_a_game_saved_elsewhere_is_listed_until_its_file_vanishes(save_dir, tmp_path):
    elsewhere = tmp_path / "play"
    elsewhere.mkdir()
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await start_gift_trap(pilot)
        await pilot.press("colon", *f"save {elsewhere / 'gt1.json'}", "enter")
        await wait_for_text(pilot, "Saved to")
        state = app.screen.session.state
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("l")
        await wait_for_text(pilot, "saved elsewhere")
        rows = screen_lines(app)
        heading = next(i for i, row in enumerate(rows) if "saved elsewhere" in row)
        assert "Gift Trap" in rows[heading + 1] and "round 1" in rows[heading + 1]
        await pilot.press("enter")  # the first save listed: the one saved elsewhere
        await wait_for_text(pilot, "ann at the keyboard")
        assert app.screen.session.state == state
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        (elsewhere / "gt1.json").unlink()
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "examples")
        assert "saved elsewhere" not in screen_text(app)


async def test_p_on_the_load_screen_opens_a_save_by_its_path(save_dir, tmp_path):
    session = engine.new_game("gift-trap", [engine.Seat("ann"), engine.Seat("bob", "heuristic"),
                                            engine.Seat("cyd", "heuristic")], seed=5)
    session.save(str(tmp_path / "from-a-friend.json"))  # not written by the app: not listed
    save_dir.mkdir()
    shutil.copy(EXAMPLES / "giftbringer-solo.json", save_dir / "solo.json")
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await open_by_path(pilot, tmp_path / "nothing-here.json")
        await wait_for_text(pilot, "There is no file")
        assert screen_name(app) == "LoadScreen"
        await pilot.press("escape")  # closes the field, not the screen
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "load-list", "the list")
        assert screen_name(app) == "LoadScreen"
        await open_by_path(pilot, tmp_path / "from-a-friend.json")
        await wait_for_text(pilot, "ann at the keyboard")
        assert app.screen.session.state == session.state
    async with menu_app(SMALL) as pilot:  # a name alone: looked for in the save folder
        app = pilot.app
        await pilot.press("r")
        await wait_for_screen(pilot, "LoadScreen")
        await open_by_path(pilot, "solo")
        await wait_for_screen(pilot, "ReplayScreen")
        await wait_for_text(pilot, "seen as a spectator")


def _played(slug: str, seats: list[engine.Seat], seed: int, moves: int, options: dict | None = None):
    """A game of ``slug`` whose seats all move by the heuristic bot for ``moves`` moves."""
    session = engine.new_game(slug, seats, seed=seed, options=options)
    bot = session.game.bots["heuristic"](seed)
    for _ in range(moves):
        session.run_bots()
        waiting = session.to_act_seats()
        if not waiting or session.result() is not None:
            break
        seat = waiting[0]
        session.submit(seat, bot.choose(session.view(seat), session.legal_commands(seat), random.Random(seed)))
    assert session.result() is None
    return session


async def test_the_load_list_says_where_each_game_stands_and_its_options(save_dir):
    people = [engine.Seat("ann"), engine.Seat("bob"), engine.Seat("cyd")]
    bv = _played("bottlecap-vikings", people, 3, 60)
    non = _played("naughty-or-nice", people, 3, 40)
    dice = _played("dice-upon-a-time", people, 3, 120)
    save_dir.mkdir()
    for name, session in (("bv.json", bv), ("non.json", non), ("dice.json", dice)):
        session.save(str(save_dir / name))
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "examples")
        rows = screen_lines(app)
        assert "not finished" not in screen_text(app)
        row = next(r for r in rows if "Bottlecap Vikings" in r and "ann, bob, cyd" in r)  # the whole name (A-D9)
        glory = [p.glory for p in bv.state.players]
        assert re.search(rf"turn {bv.state.turns} · (\w+) leads?|turn {bv.state.turns} · \w+ and \w+ lead", row), row
        m = re.search(r"· (\w+) leads\b", row)
        if m:  # the leader has the most glory
            assert glory[bv.names.index(m.group(1))] == max(glory)
        row = next(r for r in rows if "Naughty or Nice" in r and "ann, bob, cyd" in r)  # B-D18
        assert re.search(rf"turn {non.state.turns}\b", row), row
        row = next(r for r in rows if "Dice Upon a Time" in r and "ann, bob, cyd" in r)
        assert f"chapter {dice.state.chapter} of 6" in row, row
        # the two Dice examples that differ only in options read differently (A-D9)
        dice_rows = [i for i, r in enumerate(rows) if "Dice Upon a Time" in r and "ann, bot2, bot3" in r]
        notes = [rows[i + 1].strip(" ▊▎") for i in dice_rows]
        assert any("cards beginner" in note and "characters none" in note for note in notes)
        assert len(set(notes)) == len(notes)


async def test_whole_game_names_at_80_columns_too(save_dir):
    save_dir.mkdir()
    shutil.copy(EXAMPLES / "bottlecap-vikings-two.json", save_dir / "bv.json")
    async with menu_app(SMALL) as pilot:
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "Bottlecap Vikings  ann, bot2")
        await wait_for_text(pilot, "Naughty or Nice")
        await wait_for_text(pilot, "Dice Upon a Time")


async def test_a_replay_opened_from_the_menu_goes_back_to_the_menu(save_dir):
    save_dir.mkdir()
    shutil.copy(EXAMPLES / "giftbringer-solo.json", save_dir / "solo.json")
    async with menu_app(SMALL) as pilot:
        await open_replay(pilot)
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        assert pilot.app.is_running


def test_a_new_games_file_name_never_names_a_file_there_already(tmp_path, monkeypatch):
    # Two games begun in one second were given one file name: the second's save replaced
    # the first's without a word.
    import datetime

    import tui.support.paths

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 11, 28, 12, 0, 0)

    monkeypatch.setattr(tui.support.paths.datetime, "datetime", Frozen)
    first = tui.support.paths.default_save_path("gift-trap", tmp_path)
    assert first == tmp_path / "gift-trap-2026-11-28-120000.json"
    first.write_text("a game")
    second = tui.support.paths.default_save_path("gift-trap", tmp_path)
    assert second == tmp_path / "gift-trap-2026-11-28-120000-2.json"
