"""SSH hosting benchmarks (issue 3 "Benchmarks", issue 10 "Speed under load"): aim for the
lobby ≤ 500 ms after connecting and p95 ≤ 100 ms from a command to every other seat's
screen, with 16 people in 4 rooms on this 2-core machine.

A real host runs in its own process (``boxtop host --open``) and real SSH sessions
(asyncssh's client, with a terminal of 120×36) each run the real app in a process of their
own. Every seat is played only through its own terminal, by keys (``tests/ssh_helpers.py``:
the room is made with ``c``/``ctrl+g``, joined with ``/`` and its code, started with ``s``;
each move is ``:`` + the game's notation + enter); which seat moves and what it plays comes
from a read-only mirror of the host's journal, as the game's heuristic bot would play it.

- Lobby: from opening the SSH connection to the lobby's text arriving on the terminal.
- Command → every other screen: from pressing enter on the mover's ``:`` command line
  to each *other* seat's terminal receiving the redraw that move caused: its first
  byte, and the end of that burst of output (its last chunk before 0.15 s of silence;
  nothing else changes those screens meanwhile). 3 samples per move.
- At a person's pace each room's next enter comes 0.25–0.75 s (random) after its last,
  never before the last move's redraws are done; back to back it comes at once.
- Memory: the resident size (and proportional size, PSS) of each session's app process
  on the host, from /proc; CPU: the host's and its sessions' CPU seconds per move.

Run: ``.venv/bin/pytest tests/bench/test_bench_ssh.py --benchmark-enable -s``.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("asyncssh")

from ssh_helpers import HostProcess, Terminal, play_rooms, report  # noqa: E402


@pytest.fixture(scope="module")
def host():
    """A ``boxtop host --open`` process for the module (its folder removed after)."""
    parent = Path(tempfile.mkdtemp(prefix="bxb", dir="/tmp"))
    host = HostProcess(parent / "d").start()
    yield host
    host.stop()
    shutil.rmtree(parent, ignore_errors=True)


def test_bench_ssh_connection_to_the_lobbys_first_frame(benchmark, host):
    names = (f"first{i}" for i in itertools.count())

    async def first_frame() -> float:
        t0 = time.perf_counter()
        terminal = await Terminal.open(host.port, next(names))
        shown = await terminal.shows(b"Lobby")
        terminal.close()
        return shown - t0

    seconds = benchmark.pedantic(lambda: asyncio.run(first_frame()), rounds=8, warmup_rounds=1)
    assert seconds > 0


PACES = {"back-to-back": None, "persons-pace": (0.25, 0.75)}


@pytest.mark.parametrize("pace", list(PACES), ids=list(PACES))
def test_bench_ssh_16_sessions_in_4_rooms_command_to_every_screen(benchmark, host, pace):
    # back-to-back: each room's next move as soon as its screens are still (the 2 cores
    # saturated); persons-pace: each room moves every 0.25–0.75 s, as people do.
    figures = benchmark.pedantic(
        lambda: asyncio.run(play_rooms(host, rooms=4, people=4, moves=30, pace=PACES[pace], tag=pace[0])),
        rounds=1, iterations=1,
    )
    report(benchmark, f"16 SSH sessions in 4 rooms, {pace}", figures)
    assert figures["samples"] == 4 * 30 * 3 and figures["sessions"] == 16
    assert host.alive
