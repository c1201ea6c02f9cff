"""Games are never lost (issue 11, defect 4) and the load list says what each save is
(issue 11, "smaller ones"): every test drives the app from the menu by keys and reads
what the screen shows.

- ctrl+q (and ctrl+c, which only says how to quit) saves an unfinished game and says
  where once the app has ended; so does an unexpected error, a closed terminal (SIGHUP)
  and SIGTERM;
- a finished game is saved at its result, and the result screen says where;
- the load and replay lists show each save's game, players, date and round or result,
  newest first; a file that is not a save is one line and the list goes on;
- the save dialog with its file name emptied asks for one and stays open.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import msgspec
import pytest

import engine
from tui.app import BoxtopApp
from tui_driver import take_keyboard, Player, screen_text, wait_for, wait_for_screen, wait_for_text

SIZE = (80, 24)


@pytest.fixture
def save_dir(monkeypatch):
    """A short save folder (the paths the screens show fit one 80-column line)."""
    folder = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    monkeypatch.setenv("BOXTOP_SAVE_DIR", str(folder))
    yield folder
    if folder.is_dir():
        shutil.rmtree(folder)
    elif folder.exists():  # a test put a file in its place
        folder.unlink()


async def new_game_from_menu(pilot, track_length: str | None = None) -> None:
    """Menu → new game (Gift Trap, ann and three bots) → Start, by keys; optionally
    types a track length into the form first."""
    app = pilot.app
    await pilot.press("n")
    await wait_for_screen(pilot, "NewGameScreen")
    await pilot.pause()
    if track_length is not None:
        for _ in range(60):
            if app.focused is not None and app.focused.id == "opt-track_length":
                break
            await pilot.press("tab")
        assert app.focused.id == "opt-track_length"
        await pilot.press("home", "ctrl+k", *track_length)
    await pilot.press("ctrl+g")
    await wait_for_screen(pilot, "GameScreen")
    await pilot.pause()


async def move(pilot) -> bool:
    """Play the seat at the keyboard's next step of Gift Trap by keys; False once the
    result shows."""
    app = pilot.app
    screen = app.screen
    name = type(screen).__name__
    if name == "ResultScreen":
        return False
    if name == "HandoverScreen":
        await take_keyboard(pilot)
        return True
    assert name == "GameScreen", screen_text(app)
    view = screen.session.view(screen.seat)
    if view.phase == "deal":
        await pilot.press("right", "enter")
    elif view.phase == "give":
        await pilot.press(*["enter"] * (view.n - 1), "d")
    elif view.phase == "rate":
        await pilot.press("enter", "enter", "enter", "enter", "d")
    await pilot.pause()
    return True


async def one_move(pilot) -> int:
    """Make one move by keys in the game on screen; returns the entries recorded."""
    session = pilot.app.screen.session
    before = len(session.entries)
    await move(pilot)
    await wait_for(pilot, lambda: len(session.entries) > before, "a move")
    return len(session.entries)


@asynccontextmanager
async def after_one_move(notifications: bool = False) -> AsyncIterator[tuple[Player, int]]:
    """The app at ``SIZE`` (drawing its notices with ``notifications``), a game begun from
    its menu (``new_game_from_menu``) and one move played (``one_move``); yields the pilot
    and how many entries the game then has."""
    app = BoxtopApp()
    async with app.run_test(size=SIZE, notifications=notifications) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await new_game_from_menu(pilot)
        yield pilot, await one_move(pilot)


def saves_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


# ---------------------------------------------------------------------- every way out saves
async def test_ctrl_q_saves_an_unfinished_game_and_says_where(save_dir, capsys):
    async with after_one_move() as (pilot, entries):
        app = pilot.app
        await pilot.press("ctrl+q")
        await pilot.pause()
    (saved,) = saves_in(save_dir)
    assert len(engine.load(saved).entries) == entries
    said = " ".join(capsys.readouterr().err.split())
    assert f"Your game is saved in {saved}" in said


async def test_ctrl_c_says_how_to_quit_and_quitting_then_saves(save_dir, capsys):
    async with after_one_move(notifications=True) as (pilot, entries):
        app = pilot.app
        await pilot.press("ctrl+c")
        await wait_for_text(pilot, "ctrl+q")  # Textual's "Press ctrl+q to quit the app"
        assert type(app.screen).__name__ == "GameScreen" and not saves_in(save_dir)
        await pilot.press("ctrl+q")
        await pilot.pause()
    (saved,) = saves_in(save_dir)
    assert len(engine.load(saved).entries) == entries
    assert f"saved in {saved}" in " ".join(capsys.readouterr().err.split())


async def test_quitting_from_the_rules_over_a_game_saves_it_too(save_dir, capsys):
    async with after_one_move() as (pilot, entries):
        app = pilot.app
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await pilot.press("ctrl+q")
        await pilot.pause()
    (saved,) = saves_in(save_dir)
    assert len(engine.load(saved).entries) == entries


async def test_a_game_that_cannot_be_saved_is_not_quit_at_the_first_ctrl_q(save_dir, capsys):
    app = BoxtopApp()
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await new_game_from_menu(pilot)
        await one_move(pilot)
        save_dir.rmdir()
        save_dir.write_text("a file where the save folder should be")
        await pilot.press("ctrl+q")
        await wait_for_text(pilot, "without saving")
        assert app.is_running and type(app.screen).__name__ == "GameScreen"
        await pilot.press("ctrl+q")  # the second time it quits
        await pilot.pause()
    assert not app.is_running


async def test_an_unexpected_error_saves_the_game_first(save_dir, capsys):
    app = BoxtopApp()

    def boom() -> None:
        raise RuntimeError("a bug")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=SIZE) as textual_pilot:
            pilot = Player(textual_pilot.app)
            await new_game_from_menu(pilot)
            entries = await one_move(pilot)
            app.call_later(boom)
            await pilot.pause()
    (saved,) = saves_in(save_dir)
    assert len(engine.load(saved).entries) == entries
    said = " ".join(capsys.readouterr().err.split())
    assert "unexpected error (RuntimeError)" in said and f"Your game is saved in {saved}" in said


def _strip_ansi(data: bytes) -> str:
    return re.sub(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>PX^_\\]", "", data.decode("utf-8", "replace"))


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["closed-terminal", "sigterm"])
def test_a_closed_terminal_or_sigterm_saves_the_game(save_dir, sig):
    """``boxtop play`` in a pseudo-terminal: a move, then the terminal goes away."""
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = os.environ | {"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "play", "gift-trap", "--seats", "ann,bot,bot", "--seed", "3"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
    )
    os.close(slave)
    seen = b""

    def read_until(pattern: str, timeout: float = 30) -> None:
        nonlocal seen
        end = time.monotonic() + timeout
        while pattern not in _strip_ansi(seen):
            assert time.monotonic() < end and proc.poll() is None, f"no {pattern!r} in {_strip_ansi(seen)[-2000:]}"
            if select.select([master], [], [], 0.1)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break

    try:
        read_until("deal")  # seed 3: ann deals first
        seen = b""
        os.write(master, b"\x1b[C\r")  # right, enter: deal the red stack
        read_until("give:")  # the give phase (the deal screen says "No gifts given yet.")
        os.kill(proc.pid, sig)
        if sig == signal.SIGHUP:
            os.close(master)  # the terminal is gone
            master = -1
        end = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < end:
            if master >= 0 and select.select([master], [], [], 0.1)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass
            else:
                time.sleep(0.05)
        assert proc.poll() is not None, "boxtop did not end"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if master >= 0:
            os.close(master)
    (saved,) = saves_in(save_dir)
    session = engine.load(saved)
    assert session.notation(session.entries[1].command) == "deal red"


# ---------------------------------------------------------------------- a finished game
async def test_a_finished_game_is_saved_at_the_result_and_listed_with_its_result(save_dir):
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await new_game_from_menu(pilot, track_length="3")
        for _ in range(300):
            if not await move(pilot):
                break
        assert type(app.screen).__name__ == "ResultScreen"
        (saved,) = saves_in(save_dir)
        await wait_for_text(pilot, saved.name)
        assert "Saved to" in screen_text(app)
        session = engine.load(saved)
        result = session.result()
        assert result is not None
        names = [session.names[i] for i in result.winners]
        winners = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
        await pilot.press("m")  # the menu, then the replay list
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("r")
        await wait_for_text(pilot, "Gift Trap")
        row = next(line for line in screen_text(app).splitlines() if "Gift Trap" in line)
        assert "ann, bob, cyd, dan" in row
        if len(names) == len(session.names):
            assert "everyone wins" in row
        else:
            assert winners + (" wins" if len(names) == 1 else " win") in row


# ---------------------------------------------------------------------- the load list
async def test_the_load_list_shows_game_players_date_and_round_newest_first(save_dir):
    old = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    old.save(str(save_dir / "zzz-old.json"))
    new = engine.new_game("giftbringer", ["eve"], seed=2)
    new.save(str(save_dir / "aaa-new.json"))
    for path, stamp in [(save_dir / "zzz-old.json", "2026-01-02T10:00:00+00:00"),
                        (save_dir / "aaa-new.json", "2026-03-04T10:00:00+00:00")]:
        path.write_bytes(re.sub(rb'"saved_at":"[^"]*"', f'"saved_at":"{stamp}"'.encode(), path.read_bytes(), count=1))
    os.utime(save_dir / "zzz-old.json", (time.time(), time.time()))  # the older save was touched last
    (save_dir / "notes.json").write_text('{"name": "my shopping list"}')
    (save_dir / "broken.json").write_text('{"format": "boxtop-save", "vers')
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("l")
        await wait_for_text(pilot, "Giftbringer")
        lines = screen_text(app).splitlines()
        gb = next(i for i, line in enumerate(lines) if "Giftbringer" in line)
        gt = next(i for i, line in enumerate(lines) if "Gift Trap" in line and "ann" in line)
        assert gb < gt  # newest first, by the date saved
        assert "eve" in lines[gb] and "4 Mar" in lines[gb] and "round 1" in lines[gb]
        assert "ann, bob, cyd" in lines[gt] and "2 Jan" in lines[gt] and "round 1" in lines[gt]
        for name in ("notes.json", "broken.json"):  # a row each (the highlighted file is named under the list too)
            assert len([line for line in lines if name in line and "not a boxtop save" in line]) == 1
        assert any("examples" in line for line in lines)  # the list went on after them


async def test_loading_a_file_that_is_not_a_save_says_so_in_one_line(save_dir):
    (save_dir / "notes.json").write_text('{"name": "my shopping list"}')
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("l")
        await wait_for_text(pilot, "notes.json")
        await pilot.press("enter")
        await wait_for_text(pilot, "notes.json is not a boxtop save")
        assert "missing" not in screen_text(app) and "field" not in screen_text(app)
        assert type(app.screen).__name__ == "LoadScreen"


# ---------------------------------------------------------------------- the save dialog
async def test_an_empty_file_name_asks_for_one_and_keeps_the_dialog_open(save_dir):
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await new_game_from_menu(pilot)
        await pilot.press("ctrl+s")
        await wait_for_screen(pilot, "SaveScreen")
        await pilot.press("home", "ctrl+k", "enter")
        await wait_for_text(pilot, "A save needs a file name")
        assert "busy" not in screen_text(app)
        assert type(app.screen).__name__ == "SaveScreen" and not saves_in(save_dir)
        await pilot.press(*str(save_dir / "mine.json"), "enter")
        await wait_for_screen(pilot, "GameScreen")
    assert engine.load(save_dir / "mine.json").names == ["ann", "bob", "cyd", "dan"]


# ---------------------------------------------------------------------- the summary reader
def test_a_save_summary_is_read_from_its_first_line(tmp_path):
    from engine.core.save_read import summary

    session = engine.new_game("giftbringer", [engine.Seat("eve", "heuristic")], seed=5)
    session.run_bots()
    path = tmp_path / "solo.json"
    session.save(str(path))
    whole = summary(path)
    assert whole.game == "giftbringer" and whole.players == ["eve"] and whole.winners == ["eve"]
    assert whole.totals == [session.result().scores[0]["total"]] and whole.round == session.state.round
    # Only the first line is read: the entries after it may be anything.
    head = path.read_bytes().split(b"\n", 1)[0]
    (tmp_path / "head-only.json").write_bytes(head + b"\nthe rest is not read")
    assert summary(tmp_path / "head-only.json") == whole


def test_a_save_without_a_summary_is_loaded_whole_for_its_row(tmp_path):
    from engine.core.save_read import summary

    session = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=2)
    path = tmp_path / "old.json"
    session.save(str(path))
    doc = msgspec.json.decode(path.read_bytes())
    del doc["summary"]  # as boxtop wrote saves before the summary
    path.write_bytes(msgspec.json.encode(doc))
    found = summary(path)
    assert (found.players, found.round, found.winners) == (["ann", "bob", "cyd"], 1, None)
    assert found.saved_at == doc["saved_at"]


@pytest.mark.parametrize("content", [b"", b"{]", b'{"name": "list"}', b"[1]", b'{"format": "boxtop-save"}'])
def test_a_file_that_is_not_a_save_has_no_summary(tmp_path, content):
    from engine.core.save_read import summary

    (tmp_path / "x.json").write_bytes(content)
    with pytest.raises(engine.SaveError) as err:
        summary(tmp_path / "x.json")
    assert "x.json" in str(err.value) and "\n" not in str(err.value)


# ---------------------------------------------------------------------- where a game stands (issue 22)
def _bots_play(slug: str, n: int, moves: int, seed: int = 3):
    session = engine.new_game(slug, [engine.Seat(f"bot{i + 1}", "heuristic") for i in range(n)], seed=seed)
    session.run_bots(limit=moves)
    assert session.result() is None
    return session


def test_bottlecap_vikings_stands_at_its_turn_and_the_leader():
    # Bottlecap Vikings, "Winning the game": the first to a throne (glory, or the hut) wins;
    # the leader is the one with the most glory, then the highest hut
    from engine.core.save_write import standing

    session = _bots_play("bottlecap-vikings", 3, 60)
    said = standing(session)
    players = session.state.players
    marks = [(p.glory, p.city.spot(p.hut).tier) for p in players]
    leaders = [session.names[i] for i, m in enumerate(marks) if m == max(marks)]
    assert said.startswith(f"turn {session.state.turns}")
    if len(leaders) == 1:
        assert said == f"turn {session.state.turns} · {leaders[0]} leads"
    assert standing(engine.new_game("bottlecap-vikings", ["ann", "bob"], seed=1)) == "setup"


def test_naughty_or_nice_stands_at_its_turn_and_dice_upon_a_time_at_its_chapter():
    # Naughty or Nice: turns until midnight; Dice Upon a Time, "The End: Scoring": six chapters
    from engine.core.save_write import standing

    non = _bots_play("naughty-or-nice", 3, 40)
    assert standing(non) == f"turn {non.state.turns}" + (" · after midnight" if non.state.midnight else "")
    dice = _bots_play("dice-upon-a-time", 3, 150)
    assert standing(dice) == f"chapter {dice.state.chapter} of 6"
    gift_trap = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    assert standing(gift_trap) == "round 1"  # a game without its own words: its round


def test_a_save_from_before_the_state_is_loaded_whole_for_its_row(tmp_path):
    from engine.core.save_read import summary

    session = _bots_play("naughty-or-nice", 2, 30)
    path = tmp_path / "old.json"
    session.save(str(path))
    head, rest = path.read_bytes().split(b"\n", 1)
    doc = msgspec.json.decode(head[:-len(b',"entries":[')] + b"}")
    doc["summary"].pop("state")  # as boxtop wrote saves before the state was kept
    path.write_bytes(msgspec.json.encode(doc)[:-1] + b',"entries":[\n' + rest)
    assert summary(path).state == f"turn {session.state.turns}"


def test_the_options_note_names_what_differs_from_the_table_s_defaults():
    from engine.core.save_write import options_note

    assert options_note("dice-upon-a-time", {"cards": "beginner", "characters": "none"}) == "cards beginner, characters none"
    assert options_note("gift-trap", {"extra_tiles": True, "track_length": 12, "keep_past_gifted": False}) == \
        "extra tiles, track length 12"
    # a save made before keep_past_gifted existed was played with points kept past GIFTED: said so
    assert options_note("gift-trap", {"extra_tiles": True, "track_length": 12}) == \
        "extra tiles, track length 12, keep past gifted"
    assert options_note("bottlecap-vikings", {"sides": "unique"}) == "sides unique"
    people = [engine.Seat("ann"), engine.Seat("bob")]
    alone = [engine.Seat("ann"), engine.Seat("bot2", "heuristic")]
    # a table of one person starts with windows quick (the Options' ALONE), several with secret
    assert options_note("naughty-or-nice", {"windows": "quick"}, alone) == ""
    assert options_note("naughty-or-nice", {"windows": "quick"}, people) == "windows quick"
    assert options_note("naughty-or-nice", {"windows": "secret"}, alone) == "windows secret"
    assert options_note("chess", {"x": 1}) == ""
