"""The SSH host under load and faults (issue 10, "Load and faults, measured"), with small
numbers: a client that never reads, a flood of connects and disconnects. What is checked
is behaviour, never speed: the host stays up, holds a bounded amount for a client that
does not read, leaves no process behind, and the others keep playing (every move they
type is acknowledged on the other screens and journaled). The figures are in
``tests/bench/test_bench_load.py``; ``kill -9`` during play is in ``tests/test_ssh_game.py``.

Every seat is played only through its own SSH terminal, by keys (``tests/ssh_helpers.py``).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host.ssh import start_host  # noqa: E402
from test_room_service import short_dir  # noqa: E402,F401 (a fixture)
from ssh_helpers import (  # noqa: E402
    QUICK, HostProcess, Mirror, StallingProxy, Terminal, flood, open_lobbies, play_room, processes_mentioning, rss_kib,
    seat_room, until, zombies,
)


@pytest.fixture
def folder(short_dir):
    """A short temporary folder (the room service's Unix socket lives in it)."""
    return short_dir


@pytest.fixture
def host(folder):
    """A ``boxtop host --open`` process, its data in ``folder/d``."""
    host = HostProcess(folder / "d", bot_pace=QUICK).start()
    yield host
    host.stop()


# ---------------------------------------------------------------- a client that never reads

# A child that writes 16 MiB as fast as its terminal takes it once told "go", then says so.
FLOOD_MIB = 16
FLOOD_CHILD = r"""
import os, sys, time
print("ready", flush=True)
sys.stdin.readline()
block = b"x" * 65535 + b"\n"
for _ in range(%d * 16):
    os.write(1, block)
os.write(1, b"all written\n")
time.sleep(60)
""" % FLOOD_MIB


@pytest.mark.parametrize("how", ["paused-channel", "stalled-socket-1GiB-window"])
async def test_a_client_that_stops_reading_costs_the_host_a_bounded_amount_of_memory(folder, how):
    # A client that stops reading its channel is held by SSH flow control (its window).
    # One that stops reading its *socket* after announcing a 1 GiB window is not: asyncssh
    # sends whatever the window allows and ignores its socket's back-pressure, so the host
    # held everything the session wrote (16 MiB here; a 500×200 terminal resized over and
    # over wrote ~1.2 MB/s until keepalives gave up, ~90 s). The host pauses the session's
    # output instead; nothing is lost, and it flows again once the client reads.
    host = await start_host("127.0.0.1", 0, folder / "d", None, True,
                            child_argv=[sys.executable, "-c", FLOOD_CHILD])
    proxy = StallingProxy(host.port)
    try:
        port = await proxy.start()
        window = 1 << 30 if how.startswith("stalled") else None
        terminal = await Terminal.open(port, "slow", size=(80, 24), window=window)
        await terminal.shows(b"ready")
        if how == "paused-channel":
            terminal.stop_reading()
        else:
            proxy.stall()
        base = rss_kib(os.getpid())  # the host runs in this process
        terminal.keys("go\r")
        peak = 0
        for _ in range(40):  # 2 s: the child writes 16 MiB in well under that when nothing holds it
            await asyncio.sleep(0.05)
            peak = max(peak, rss_kib(os.getpid()) - base)
        assert peak < 6 * 1024, f"the host grew by {peak} KiB for a client that does not read"
        assert len(host.children) == 1

        # the client reads again: everything arrives, in full
        if how == "paused-channel":
            terminal.process.channel.resume_reading()
            terminal.task = asyncio.create_task(terminal._read())
        else:
            proxy.resume()
        await terminal.shows(b"all written", timeout=60)
        got = sum(c.count(b"x") for _, c in terminal.chunks)
        assert got >= FLOOD_MIB * 16 * 65535
        terminal.close()
    finally:
        proxy.close()
        await host.close()


async def _resize_until(terminals: list[Terminal], stop: asyncio.Event, limit: int = 400) -> None:
    """Resize each terminal back and forth (a full redraw each time) until ``stop``."""
    for i in range(limit):
        if stop.is_set():
            return
        for t in terminals:
            t.process.change_terminal_size(*((100, 30) if i % 2 else (120, 36)))
        await asyncio.sleep(0.2)


async def test_sessions_that_never_read_while_others_play_leave_the_host_up_and_bounded(host):
    # Two spectators of a game that never read again: one pauses its SSH channel, one
    # stops reading its socket after announcing a 1 GiB window; both keep resizing their
    # terminals (a full redraw each time). The players play on, every move acknowledged.
    mirror = Mirror(host.data)
    code, seats = await seat_room(await open_lobbies(host.port, ["ann", "bob"]), mirror, bots=2)
    proxy = StallingProxy(host.port)
    port = await proxy.start()
    stop = asyncio.Event()
    paused = await Terminal.open(host.port, "still")
    stalled = await Terminal.open(port, "stuck", window=1 << 30)
    try:
        for t in (paused, stalled):
            await t.shows(b"Lobby")
            mark = t.mark()
            t.keys("w")  # watch the highlighted room: the only one
            await t.output_after(mark)
            await t.quiet()
        paused.stop_reading()
        proxy.stall()
        base = rss_kib(host.pid)
        resizing = asyncio.create_task(_resize_until([paused, stalled], stop))
        moves = await play_room(code, seats, mirror, random.Random(3), moves=6)
        stop.set()
        await resizing
        assert len(moves) == 6  # every one seen on the other player's screen and journaled
        assert mirror.commands(code)[-6:] == [m.text for m in moves]
        assert host.alive and len(host.children()) == 4  # nobody was dropped
        assert rss_kib(host.pid) - base < 32 * 1024
    finally:
        stop.set()
        for t in (paused, stalled, *seats.values()):
            t.close()
        proxy.close()
    await until(lambda: not host.children(), "every session ended", 15)
    assert host.alive and not zombies(host.pid)
    assert "Traceback" not in host.log_text()


async def test_a_flood_of_connects_and_disconnects_during_play_leaves_no_process_behind(host):
    mirror = Mirror(host.data)
    code, seats = await seat_room(await open_lobbies(host.port, ["ann", "bob"]), mirror, bots=2)
    players = set(host.children())
    assert len(players) == 2
    stop = asyncio.Event()
    moves: list = []
    playing = asyncio.create_task(play_room(code, seats, mirror, random.Random(5), moves=200, stop=stop, record=moves))
    tally = await flood(host.port, 40, concurrency=8, limit_s=60)
    stop.set()
    await playing
    assert host.alive
    assert sum(tally.values()) == 40 and tally["pty"] > 0
    # every flood session's process ends and is reaped; the players' two stay
    await until(lambda: set(host.children()) == players, "only the players' sessions left", 15)
    assert not zombies(host.pid)
    others = set(processes_mentioning(str(host.data))) - {host.pid} - set(host.children())
    assert not others, f"session processes left behind: {others}"
    log = host.log_text()
    joined = re.findall(r"^  flood\d+ joined", log, re.M)
    left = re.findall(r"^  flood\d+ left", log, re.M)
    assert 0 < len(joined) == len(left) <= tally["pty"]  # each session the flood started has ended
    # and the players play on
    before = len(moves)
    more = await play_room(code, seats, mirror, random.Random(6), moves=3)
    assert len(more) == 3 and before > 0
    assert mirror.commands(code)[-3:] == [m.text for m in more]
    assert "Traceback" not in log
    for t in seats.values():
        t.close()
