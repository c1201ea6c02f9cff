"""The SSH host under one user's flood (the security review's N1 and N2), measured beside
a baseline taken in the same run. Both use a real ``boxtop host --open`` process and real
SSH sessions running the app (``tests/ssh_helpers.py``).

- Players under a flood (N1): 16 players in 4 rooms of 4 play 20 moves each at a person's
  pace (0.25–0.75 s apart), as ``test_bench_ssh.py`` does, and the time from pressing
  enter on a ``:`` command to every other screen's redraw is taken (first byte, end of the
  burst: median and p95). ``flooded``: meanwhile one user's 4 sessions (the per-user
  maximum: one address without a key, under 4 names, since a key that logs in again
  under its name takes its old session over and a key may hold only 3 names), each
  with a 500×200 window in the lobby, send arrow keys (``↓↑`` × 200, 1.2 KB, every
  10 ms) and resize their window (400–500 × 150–200, every 5 ms), from the moment the 16
  players' sessions are up until the last move. ``quiet``: the same without them.
- Logging in under a pre-auth flood (N2): 256 TCP connections that never say a word, 64
  from each of 127.0.0.2–.5 (one /24), then a player with a key from 127.0.1.2 tries to
  log in every 0.5 s: the seconds from the flood's last connection until that player's
  lobby shows (``blocked_s``), at most 45 s (then ``blocked_s`` is 45 and
  ``got_in`` False).

Run: ``.venv/bin/pytest tests/bench/test_bench_flood.py --benchmark-only -s``.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import HostProcess, Players, Terminal, play_rooms, report  # noqa: E402

FLOOD_KEYS = "\x1b[B\x1b[A" * 200


async def _flooders(host: HostProcess) -> list[Terminal]:
    """One user's 4 sessions (one address, no key) with a 500×200 window, in the lobby."""
    eve = []
    for k in range(4):
        conn = await asyncssh.connect("127.0.0.1", host.port, username=f"eve{k}", known_hosts=None, agent_path=None,
                                      config=None, client_keys=None, password="", local_addr=("127.0.9.9", 0))
        process = await conn.create_process(term_type="xterm-256color", term_size=(500, 200), encoding=None)
        eve.append(Terminal(f"eve{k}", conn, process))
    for t in eve:
        await t.shows(b"Lobby", timeout=60)
    return eve


async def _flood(host: HostProcess, eve: list[Terminal], stop: asyncio.Event, wait_for: int) -> dict:
    """``eve`` flooding keys and resizes from when the host has ``wait_for`` other
    sessions until ``stop``; returns what was sent."""
    while len(host.children()) < wait_for + len(eve) and not stop.is_set():
        await asyncio.sleep(0.1)
    rng = random.Random(5)
    sent = {"key_bytes": 0, "resizes": 0}
    t0 = time.perf_counter()

    async def keys(t: Terminal) -> None:
        while not stop.is_set():
            t.keys(FLOOD_KEYS)
            sent["key_bytes"] += len(FLOOD_KEYS)
            await asyncio.sleep(0.01)

    async def resizes(t: Terminal) -> None:
        while not stop.is_set():
            t.process.change_terminal_size(rng.randint(400, 500), rng.randint(150, 200))
            sent["resizes"] += 1
            await asyncio.sleep(0.005)

    await asyncio.gather(*(keys(t) for t in eve), *(resizes(t) for t in eve))
    sent["flood_s"] = round(time.perf_counter() - t0, 1)
    return sent


async def _players_under(host: HostProcess, flooded: bool, tag: str) -> dict:
    stop = asyncio.Event()
    flood = asyncio.create_task(_flood(host, await _flooders(host), stop, 16)) if flooded else None
    try:
        figures = await play_rooms(host, rooms=4, people=4, moves=20, pace=(0.25, 0.75), tag=tag)
    finally:
        stop.set()  # play_rooms closed its sessions; the flood stops, its sessions close with the host
    if flood is not None:
        figures["flood"] = await flood
    return figures


@pytest.mark.parametrize("flooded", [False, True], ids=["quiet", "flooded"])
def test_bench_flood_16_paced_players_beside_one_keys_4_flooding_sessions(benchmark, host, flooded):
    figures = benchmark.pedantic(lambda: asyncio.run(_players_under(host, flooded, "f" if flooded else "q")),
                                 rounds=1, iterations=1)
    what = "one user's 4 sessions flooding keys and resizes" if flooded else "no flood"
    report(benchmark, f"16 paced players, {what}", figures)
    assert host.alive


async def _login_under_preauth_flood(host: HostProcess) -> dict:
    async def bare(source: str) -> asyncio.StreamWriter:
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port, local_addr=(source, 0))
        try:
            await asyncio.wait_for(reader.readline(), 10)
        except (asyncio.TimeoutError, ConnectionError):
            pass
        return writer

    writers = await asyncio.gather(*(bare(f"127.0.0.{a}") for a in (2, 3, 4, 5) for _ in range(64)))
    t0 = time.perf_counter()
    players = Players()
    players.addresses["bob"] = "127.0.1.2"
    tries, got_in = 0, False
    while time.perf_counter() - t0 < 45:
        tries += 1
        try:
            bob = await Terminal.open(host.port, "bob", players=players)
            await bob.shows(b"Lobby", timeout=10)
            bob.close()
            got_in = True
            break
        except (OSError, asyncssh.Error, AssertionError, asyncio.TimeoutError):
            await asyncio.sleep(0.5)
    blocked = time.perf_counter() - t0
    for writer in writers:
        writer.close()
    return {"blocked_s": round(blocked, 2), "got_in": got_in, "tries": tries}


def test_bench_flood_login_from_another_network_under_256_silent_connections(benchmark, host):
    figures = benchmark.pedantic(lambda: asyncio.run(_login_under_preauth_flood(host)), rounds=1, iterations=1)
    report(benchmark, "a login from 127.0.1.2 under 256 silent connections from 127.0.0.2-5", figures)
    assert host.alive
