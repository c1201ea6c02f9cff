"""Text from a file never reaches a terminal raw (the security review's F3).

A shared save or a ``NAME.analysis.json`` beside it is a file anyone may hand a player.
Its text once went to the terminal as it was: a seat's name holding OSC 52
(``ESC ] 52 ; c ; … BEL``) set the clipboard of whoever ran ``boxtop verify`` on it, and
``ESC [ 2 J`` cleared the screen (and could fake ``verify``'s "ok"). Now:

- a save whose seat names break the name rule (``engine.core.text.NAME``, the host's
  own) is refused at load with one line naming the file and the reason: by ``verify``,
  ``replay --print``, ``analyse``, ``load``, the interactive replay and the load list;
- every printer of a file's text (the command line's lines and errors, the replay
  screen's log and grade line, the load list) drops control characters
  (``engine.core.text.printable``).

Each test runs the real command line in a process of its own, the real app on a real
pseudo-terminal, or the app by keys from the menu.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import Seat
from burst_kit import PtyTerminal
from ssh_helpers import ROOT
from tui_driver import highlight, menu_app, wait_for_screen, wait_for_text

#: Sets the clipboard to "pwned" on a terminal that honours OSC 52.
OSC52 = "\x1b]52;c;cHduZWQ=\x07"
#: Clears the screen.
CLEAR = "\x1b[2J"
#: A seat's name a crafted save may hold: markup (never parsed) around an OSC 52.
BAD_NAME = f"[link=http://evil.example]{OSC52}[@click=app.quit]X[/]ann"
SAVES = ROOT / "saves"


def boxtop(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """``boxtop ARGS`` in a process of its own (as a player types it); its output as bytes."""
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True, cwd=ROOT,
                          timeout=timeout)


def raw(data: bytes) -> bool:
    """Whether ``data`` (what a command printed) carries an escape or a bell from a file."""
    return b"\x1b]52" in data or b"\x07" in data or b"\x1b[2J" in data


def clipboard(data: bytes) -> bool:
    """Whether ``data`` (what the app sent its terminal, with Textual's own escape
    sequences, which may clear the screen) sets the clipboard to the file's "pwned"."""
    return OSC52.encode() in data or b"\x1b]52;c;cHduZWQ=" in data


def with_header(src: Path, dst: Path, change) -> Path:
    """``src`` (a save) written to ``dst`` with its header line (the first) changed by
    ``change(header: dict)``; every entry as it was."""
    head, rest = src.read_text().split("\n", 1)
    tail = ',"entries":['
    header = json.loads(head[: -len(tail)] + "}")
    change(header)
    dst.write_text(json.dumps(header, separators=(",", ":"))[:-1] + tail + "\n" + rest)
    return dst


def named(tmp_path: Path, name: str = BAD_NAME) -> Path:
    """The example Gift Trap game against bots with its first seat (ann) called ``name``."""
    def rename(header: dict) -> None:
        header["seats"][0]["name"] = name

    return with_header(SAVES / "gift-trap-vs-bots.json", tmp_path / "markup_name.json", rename)


def test_a_save_whose_seat_name_breaks_the_name_rule_is_refused_in_one_line(tmp_path):
    path = str(named(tmp_path))
    for args in (["verify", path], ["replay", path, "--print"], ["analyse", path], ["load", path]):
        done = boxtop(*args)
        said = done.stderr.decode()
        assert done.returncode == 2 and done.stdout == b"", (args, done)
        assert said.count("\n") == 1 and said.startswith("boxtop: markup_name.json is refused"), (args, said)
        assert "seat 1's name" in said and "breaks the name rule" in said, said
        assert not raw(done.stderr)
        assert "Traceback" not in said


def test_names_that_keep_the_rule_still_load_bots_and_people_alike(tmp_path):
    # the example game's seats: ann, then bot2 … bot5 (bots named after their seats)
    path = str(named(tmp_path, "Ann_2.x-y"))
    done = boxtop("verify", path)
    assert done.returncode == 0 and done.stdout.startswith(b"ok: 307 entries\n"), done
    assert b"Ann_2.x-y" in done.stdout and b"bot2" in done.stdout


def test_names_of_any_alphabet_play_save_and_load_but_a_filler_or_a_stack_of_marks_is_refused(tmp_path):
    # a local seat's name keeps the name rule with letters of any alphabet (SECURITY.md)
    s = engine.new_game("giftbringer", [Seat("Zoë"), Seat("小明"), Seat("Jürgen")], seed=2)
    path = tmp_path / "names.json"
    s.save(str(path))
    done = boxtop("verify", str(path))
    assert done.returncode == 0 and done.stdout.startswith(b"ok: 1 entries"), done
    assert engine.load(str(path)).names == ["Zoë", "小明", "Jürgen"]
    for bad in ("\u3164\u3164", "a" + "\u0301" * 4, "ann bob", "x[b]"):
        with pytest.raises(ValueError, match="seat's name is 1–24 letters"):
            engine.new_game("giftbringer", [Seat(bad), Seat("ann")], seed=2)


def test_a_files_name_in_an_error_is_printed_without_its_control_characters(tmp_path):
    path = tmp_path / f"x{CLEAR}{OSC52}.json"
    path.write_text("{not json")
    for args in (["verify", str(path)], ["replay", str(path), "--print"]):
        done = boxtop(*args)
        assert done.returncode == 2 and done.stderr.count(b"\n") == 1, done
        assert not raw(done.stderr), done.stderr
        assert b"x[2J]52;c;cHduZWQ=.json is not valid JSON" in done.stderr


def tampered_analysis(tmp_path: Path, played: str = "", best: str = "") -> Path:
    """The example Naughty or Nice game (ann and three bots) copied to ``tmp_path`` with
    its kept analysis, every grade's ``played`` (and ``best``) command replaced by
    ``played`` (``best``) when given, and each made a mistake; the copy's path."""
    save = tmp_path / "good.json"
    shutil.copy(SAVES / "naughty-or-nice-full.json", save)
    kept = json.loads((SAVES / "naughty-or-nice-full.analysis.json").read_text())
    for g in kept["grades"]:
        g["played"] = played or g["played"]
        g["best"] = best or g["best"]
        g["grade"] = "mistake"
        g["indistinct"] = False
    (tmp_path / "good.analysis.json").write_text(json.dumps(kept))
    return save


def test_analyse_prints_a_kept_analysiss_text_without_control_characters(tmp_path):
    save = tampered_analysis(tmp_path, played=f"deal {OSC52}yellow{CLEAR}", best=f"giver arie{OSC52}")
    done = boxtop("analyse", str(save))
    assert done.returncode == 0, done
    assert not raw(done.stdout) and not raw(done.stderr), done.stdout[:300]
    out = done.stdout.decode()
    assert "ann: deal ]52;c;cHduZWQ=yellow[2J — mistake" in out  # the text kept, its controls dropped
    assert "best giver arie]52;c;cHduZWQ=" in out


def sent(terminal: PtyTerminal) -> bytes:
    """Every byte the program wrote to its terminal, escape sequences and all."""
    return b"".join(chunk for _, chunk in terminal.chunks)


async def test_the_interactive_replay_refuses_a_seat_name_that_breaks_the_rule(tmp_path):
    # one line, status 2, before any screen
    terminal = await PtyTerminal.start(["replay", str(named(tmp_path))])
    try:
        assert await terminal.exited() == 2
        shown = terminal.text()
        assert b"markup_name.json is refused" in shown and b"breaks the name rule" in shown
        assert not clipboard(sent(terminal)), sent(terminal)[-400:]
    finally:
        terminal.close()


async def test_the_interactive_replay_shows_a_saves_talk_without_its_control_characters(tmp_path):
    # a shared room's talk kept in its save, said after the last move: the log pane shows it
    src = SAVES / "gift-trap-vs-bots.json"
    talk = tmp_path / "talk.json"
    line = {"name": "bot2", "text": f"hi{OSC52}yo{CLEAR}", "ply": 307}
    talk.write_bytes(src.read_bytes().rstrip()[:-1] + b',"chat":[\n' + json.dumps(line).encode() + b"\n]}\n")
    assert engine.load(str(talk)).chat[0].text == line["text"]  # the file holds it as it is
    terminal = await PtyTerminal.start(["replay", str(talk)], size=(120, 40))
    try:
        await terminal.shows(b"bot2: hi")  # the line in the log pane
        await terminal.quiet()
        assert not clipboard(sent(terminal)) and b"yo\x1b[2J" not in sent(terminal), sent(terminal)[-600:]
        assert b"bot2: hi]52;c;cHduZWQ=yo[2J" in terminal.text()  # its control characters dropped
        terminal.burst("escape")
        assert await terminal.exited() == 0
    finally:
        terminal.close()


def drawn(app) -> str:
    """Every character the screen draws now, control characters included (what the
    terminal is sent), from Textual's own strips."""
    return "".join(segment.text for strip in app.screen._compositor.render_strips() for segment in strip)


async def test_the_load_list_and_a_replays_grade_line_show_a_files_text_without_controls(isolated_user_folders):
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    # an unfinished game whose header says where it stands with an OSC 52 in it
    engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1).save(str(saves / "plain.json"))

    def stand(header: dict) -> None:
        header["summary"]["state"] = f"round 1{OSC52} tampered{CLEAR}"
        header["saved_at"] = "2030-01-02T10:00:00+00:00"  # the newest: listed first

    with_header(saves / "plain.json", saves / f"odd{CLEAR}.json", stand)
    (saves / "plain.json").unlink()
    named(saves)  # a seat's name breaking the rule: listed as not a save
    # a finished game with a kept analysis whose better moves carry an OSC 52
    tampered_analysis(saves, best=f"giver arie{OSC52}")
    async with menu_app((100, 30)) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "2 Jan 2030")  # the tampered save's row
        assert "\x1b" not in drawn(app) and "\x07" not in drawn(app)
        await wait_for_text(pilot, "round 1]52;c;cHduZWQ= tamper")  # its controls dropped (the column cuts it)
        await wait_for_text(pilot, "odd[2J.json")  # the highlighted row's file, under the list
        await highlight(pilot, "markup_name.json")  # listed as not a save
        await pilot.press("enter")
        await wait_for_text(pilot, "is refused: seat 1's name")
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("r")  # Replay: the analysed game
        await wait_for_screen(pilot, "LoadScreen")
        await highlight(pilot, "good.json")
        await pilot.press("enter")
        await wait_for_screen(pilot, "ReplayScreen")
        await pilot.press("a")  # the kept analysis shows at once
        await wait_for_text(pilot, "Analysed")
        await pilot.press("p", "v")  # the last mistake, seen through ann's eyes: the better move
        await wait_for_text(pilot, "Better: giver arie")
        assert "\x1b" not in drawn(app) and "\x07" not in drawn(app)
        await wait_for_text(pilot, "Better: giver arie]52;c;cHduZWQ=")
