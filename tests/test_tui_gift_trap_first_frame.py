"""Gift Trap's first table in a real terminal of 80×24: the tracks are drawn for the
panel as it is laid out, each seat's name and both bars on one row.

A terminal may size the narrow panels only after the table first drew them: the tracks
were then made for the wide panel (42 cells) and wrapped in the narrow one (22), the
name alone on a row, the bars on the next and a score on a third, until a key redrew
them. (The pilot lays the panels out before that first drawing, so this runs ``boxtop``
itself in a pseudo-terminal, as a player does, and reads its output with a terminal
emulator.)
"""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

pyte = pytest.importorskip("pyte")

ROWS, COLUMNS = 24, 80


def _screen_after(argv: list[str], data: Path, wanted: str, quiet: float = 1.0, timeout: float = 30.0) -> list[str]:
    """Run ``python -m tui.cli ARGV`` in a pseudo-terminal of 80×24 until ``wanted`` shows
    and nothing more has come for ``quiet`` seconds; the screen's rows."""
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = os.environ | {"TERM": "xterm-256color", "XDG_DATA_HOME": str(data),
                        "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", *argv], stdin=slave, stdout=slave, stderr=slave,
                            env=env, start_new_session=True)
    os.close(slave)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    try:
        end = time.monotonic() + timeout
        last = time.monotonic()
        while True:
            assert time.monotonic() < end and proc.poll() is None, "\n".join(screen.display)
            if select.select([master], [], [], 0.05)[0]:
                try:
                    stream.feed(os.read(master, 65536))
                except OSError:
                    pass
                last = time.monotonic()
            elif wanted in "\n".join(screen.display) and time.monotonic() - last >= quiet:
                return list(screen.display)
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def test_the_first_table_at_80x24_draws_each_seat_with_its_bars_on_one_row(tmp_path):
    rows = _screen_after(["play", "gift-trap", "--seats", "ann,bob:normal,cyd:normal", "--seed", "2"],
                         tmp_path, "Choose a stack")
    tracks = "\n".join(row[:26] for row in rows)  # the tracks panel, on the left
    for name in ("ann", "bob", "cyd"):  # "│ ◆ ann □□□□  0 □□□□  0  │": the name, both bars and scores
        assert re.search(rf"{name} +□+ +0 +□+ +0 ", tracks), f"{name}'s tracks are not on one row:\n{tracks}"
