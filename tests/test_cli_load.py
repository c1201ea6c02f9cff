"""The command line around saves (issue 22, items 5 and 10; play tests A-D1, A-D16, A §4,
B-D18): ``boxtop load`` plays on any save, ``boxtop replay`` from the shell returns to the
shell, a replay says in one line when its file does not verify, ``--version``, the
header line of ``demo`` and ``replay --print``, and a bad option value in a sentence.

The app is run as a player runs it: ``python -m tui.cli …`` in a pseudo-terminal of
80×24, keys written to it and the screen read back.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import struct
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

import engine
from tui.cli import main
from tui.support.paths import EXAMPLES


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _plain(data: bytes) -> str:
    """The terminal's bytes without escape sequences."""
    return re.sub(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>PX^_\\]", "", data.decode("utf-8", "replace"))


class Terminal:
    """``boxtop ARGS`` in a pseudo-terminal of 80×24: ``write`` keys, ``read_until`` text
    shows, ``wait_exit`` for the end."""

    def __init__(self, *args: str) -> None:
        import fcntl
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = os.environ | {"TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24",
                            "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}  # this checkout, from any folder
        self.proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def _read(self, wait: float = 0.1) -> None:
        if select.select([self.master], [], [], wait)[0]:
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:
                pass

    def read_until(self, text: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while text not in _plain(self.seen):
            assert time.monotonic() < end and self.proc.poll() is None, f"no {text!r} in {_plain(self.seen)[-2000:]}"
            self._read()

    def write(self, keys: bytes) -> None:
        self.seen = b""
        os.write(self.master, keys)

    def wait_exit(self, timeout: float = 10) -> int | None:
        """The exit status, or None when boxtop is still running after ``timeout``."""
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self._read(0.05)
        return self.proc.poll()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        opened.append(Terminal(*args))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


# ---------------------------------------------------------------------- boxtop load
def test_boxtop_load_plays_on_a_save_and_saves_back_into_it(terminal, tmp_path):
    # A-D1: a game saved to a chosen path can be resumed, and goes on being saved there
    path = tmp_path / "gt1.json"
    seats = [engine.Seat("ann"), engine.Seat("bot2", "heuristic"), engine.Seat("bot3", "heuristic")]
    engine.new_game("gift-trap", seats, seed=3).save(str(path))  # seed 3: ann deals first
    t = terminal("load", str(path))
    t.read_until("deal")
    t.write(b"\x1b[C\r")  # right, enter: deal the red stack
    t.read_until("give:")
    t.write(b"\x11")  # ctrl+q: saves and quits
    assert t.wait_exit(30) == 0
    session = engine.load(path)
    assert session.notation(session.entries[1].command) == "deal red"
    saves = Path(os.environ["BOXTOP_SAVE_DIR"])
    assert not saves.exists() or not list(saves.glob("*.json"))  # no second file


def test_boxtop_load_finds_a_name_alone_in_the_save_folder(terminal, tmp_path, monkeypatch):
    # "ctrl+s with a plain name, quit, boxtop load that-name.json" from any folder
    saves = Path(os.environ["BOXTOP_SAVE_DIR"])
    saves.mkdir(parents=True)
    shutil.copy(EXAMPLES / "giftbringer-solo.json", saves / "mine.json")
    monkeypatch.chdir(tmp_path)
    for name in ("mine.json", "mine"):
        t = terminal("load", name)
        t.read_until("ann")  # the finished game's table, then its result
        t.write(b"\x11")
        assert t.wait_exit(30) == 0


def test_boxtop_load_of_a_missing_file_is_one_line(capsys, tmp_path):
    code, out, err = run(capsys, "load", str(tmp_path / "none.json"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "none.json" in err


# ---------------------------------------------------------------------- boxtop replay
def test_escape_from_boxtop_replay_returns_to_the_shell(terminal):
    # A-D16: started from the shell, escape ends boxtop (a replay from the menu goes back
    # to the menu: tests/test_save_places.py)
    t = terminal("replay", str(EXAMPLES / "bottlecap-vikings-two.json"))
    t.read_until("seen as a spectator")
    t.write(b"\x1b")
    time.sleep(0.1)  # a lone escape byte: the terminal driver waits a moment for more
    assert t.wait_exit(15) == 0, _plain(t.seen)[-1500:]
    assert "New game" not in _plain(t.seen)


def _tampered(tmp_path: Path) -> Path:
    """A well-formed save whose recorded events are not what its rules give: a demo game
    with its seed changed (the deals were drawn from the other seed)."""
    path = tmp_path / "g.json"
    assert main(["demo", "gift-trap", "--players", "3", "--seed", "3", "--save", str(path)]) == 0
    data = path.read_bytes()
    path.write_bytes(data.replace(b'"seed":3,', b'"seed":4,', 1))
    return path


def test_replay_print_of_a_file_that_does_not_verify_says_so_in_one_line(tmp_path, capsys):
    # A §4: replay checks the file first (as verify does); it says in one line that the
    # file does not verify, then replays what the file records
    path = _tampered(tmp_path)
    capsys.readouterr()
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2
    code, out, err = run(capsys, "replay", str(path), "--print")
    assert code == 0
    assert len(err.splitlines()) == 1
    assert "g.json: entry" in err and "records other events than the rules give; replaying it as recorded" in err
    assert out.splitlines()[0] == "Gift Trap · bot1, bot2, bot3 · seed 4"  # the file's (changed) seed
    assert "    1 bot1: deal" in out and out.splitlines()[-1].startswith("result: ")


def test_replay_print_of_a_good_file_says_nothing_more(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["demo", "gift-trap", "--players", "3", "--seed", "3", "--save", str(path)]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "replay", str(path), "--print")
    assert code == 0 and err == ""


# ---------------------------------------------------------------------- --version, demo, options
def test_version_prints_the_package_version(capsys):
    # issue 22, item 10
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"boxtop {metadata.version('boxtop')}\n"


def test_demo_output_begins_with_a_line_naming_the_game(capsys):
    # A §4: the header names the game, the players, the seed and the options that differ
    code, out, _ = run(capsys, "demo", "gift-trap", "--players", "3", "--seed", "3")
    assert code == 0 and out.splitlines()[0] == "Gift Trap · bot1, bot2, bot3 · seed 3"
    code, out, _ = run(capsys, "demo", "naughty-or-nice", "--players", "2", "--seed", "24", "--option", "level=1")
    assert code == 0 and out.splitlines()[0] == "Naughty or Nice · bot1, bot2 · seed 24 · level 1"


@pytest.mark.parametrize("option, said", [("level=0", "level must be 1–5, not 0"),
                                          ("level=6", "level must be 1–5, not 6"),
                                          ("unmarked_points=2", "unmarked_points must be 0–1, not 2")])
def test_an_option_out_of_its_range_says_the_range_in_a_sentence(capsys, option, said):
    # B-D18: never the validator's "Expected `int` >= 1"
    code, out, err = run(capsys, "demo", "naughty-or-nice", "--players", "2", "--option", option)
    assert code == 2 and out == ""
    assert err == f"boxtop: {said}\n"
