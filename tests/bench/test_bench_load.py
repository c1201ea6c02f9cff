"""Load and faults, measured (issue 10, "Load and faults, measured"), on this 2-core machine
with a real ``boxtop host --open`` process and real SSH sessions, every seat played only
through its own terminal by keys (``tests/ssh_helpers.py``; the timings are defined in
``tests/bench/test_bench_ssh.py``):

- 32 sessions in 8 rooms of 4 playing at once at a person's pace: command → every other
  screen (median, p95), memory per session (resident and proportional size of each
  session's app process on the host, from /proc), CPU per move.
- Sessions that never read while 16 people play in 4 rooms: the players' figures before
  (the baseline, same run) and while two spectators of a game stop reading — one pauses
  its SSH channel, one stops reading its socket after announcing a 1 GiB window — and
  resize their terminals every 0.25 s (a full redraw each); the host's resident size
  before, at its peak and after, and whether it stayed up.
- A flood of 200 connections opened and dropped by one client (a bare TCP connect, an
  SSH login, or a login with a terminal, which starts a session process) while 8 people
  play in 2 rooms: the players' figures before and during the flood, how long the flood
  took, the host's session processes afterwards (only the players'), processes left
  behind anywhere and unreaped children.

Run: ``.venv/bin/pytest tests/bench/test_bench_load.py --benchmark-only -s``.
"""

from __future__ import annotations

import asyncio
import random
import re
import time

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import (  # noqa: E402
    CpuShare, HostProcess, Mirror, StallingProxy, Terminal, flood, play_room, play_rooms, processes_mentioning,
    report, rss_kib, set_up_rooms, summary, until, zombies,
)

PACE = (0.25, 0.75)


def test_bench_ssh_32_sessions_in_8_rooms_playing_at_once(benchmark, host):
    figures = benchmark.pedantic(
        lambda: asyncio.run(play_rooms(host, rooms=8, people=4, moves=20, pace=PACE, tag="t")), rounds=1, iterations=1,
    )
    report(benchmark, "32 SSH sessions in 8 rooms, a person's pace", figures)
    assert figures["samples"] == 8 * 20 * 3 and figures["sessions"] == 32
    assert host.alive


async def _play_all(played, mirror, moves: int, seed: int, **kw) -> list:
    made: list = []
    await asyncio.gather(*(play_room(code, seats, mirror, random.Random(seed + r), moves=moves, pace=PACE,
                                     record=made, **kw)
                           for r, (code, seats) in enumerate(played)))
    return made


async def _never_reading(host: HostProcess) -> dict:
    mirror = Mirror(host.data)
    played = await set_up_rooms(host.port, mirror, [[f"n{r}s{k}" for k in range(4)] for r in range(4)])
    share = CpuShare(host)
    before = await _play_all(played, mirror, 15, 0)
    cpu_before = share.stop()
    rss0 = rss_kib(host.pid)

    proxy = StallingProxy(host.port)
    port = await proxy.start()
    paused = await Terminal.open(host.port, "still")
    stalled = await Terminal.open(port, "stuck", window=1 << 30)
    for t in (paused, stalled):
        await t.shows(b"Lobby")
        mark = t.mark()
        t.keys("w")  # watch the highlighted room
        await t.output_after(mark)
        await asyncio.sleep(1.0)
    paused.stop_reading()
    proxy.stall()
    stop = asyncio.Event()
    peak = [rss0]

    async def misbehave() -> None:
        for i in range(2000):  # bounded; ends with the players' moves
            if stop.is_set():
                return
            for t in (paused, stalled):
                t.process.change_terminal_size(*((200, 60) if i % 2 else (120, 36)))
            peak[0] = max(peak[0], rss_kib(host.pid))
            await asyncio.sleep(0.25)

    noise = asyncio.create_task(misbehave())
    share = CpuShare(host)
    during = await _play_all(played, mirror, 15, 100)
    cpu_during = share.stop()
    stop.set()
    await noise
    alive = host.alive
    rss1 = rss_kib(host.pid)
    sessions = len(host.children())
    for t in (paused, stalled, *(t for _, seats in played for t in seats.values())):
        t.close()
    proxy.close()
    await until(lambda: not host.children(), "every session ended", 30)
    a, b = summary(before), summary(during)
    return {
        "baseline_p95_ms": a["p95_ms"], "baseline_median_ms": a["median_ms"],
        "with_non_readers_p95_ms": b["p95_ms"], "with_non_readers_median_ms": b["median_ms"],
        "samples": [a["samples"], b["samples"]],
        "host_rss_mib_before": round(rss0 / 1024, 1), "host_rss_mib_peak": round(peak[0] / 1024, 1),
        "host_rss_mib_after": round(rss1 / 1024, 1), "host_up": alive, "sessions_during": sessions,
        "traceback_in_host_log": "Traceback" in host.log_text(),
        "cpu_others_pct": [cpu_before["cpu_others_pct"], cpu_during["cpu_others_pct"]],
        "cpu_host_pct": [cpu_before["cpu_host_pct"], cpu_during["cpu_host_pct"]],
    }


def test_bench_ssh_sessions_that_never_read_while_16_play(benchmark, host):
    figures = benchmark.pedantic(lambda: asyncio.run(_never_reading(host)), rounds=1, iterations=1)
    report(benchmark, "2 sessions that never read, 16 playing in 4 rooms", figures)
    assert figures["host_up"] and figures["samples"] == [4 * 15 * 3, 4 * 15 * 3]
    assert figures["sessions_during"] == 18 and not figures["traceback_in_host_log"]


async def _flooded(host: HostProcess) -> dict:
    mirror = Mirror(host.data)
    played = await set_up_rooms(host.port, mirror, [[f"f{r}s{k}" for k in range(4)] for r in range(2)])
    players = set(host.children())
    rss0 = rss_kib(host.pid)
    share = CpuShare(host)
    before = await _play_all(played, mirror, 15, 0)
    cpu_before = share.stop()
    share = CpuShare(host)
    stop = asyncio.Event()
    t0 = time.perf_counter()
    playing = asyncio.create_task(_play_all(played, mirror, 500, 100, stop=stop))
    tally = await flood(host.port, 200, concurrency=8, limit_s=120)
    flood_s = time.perf_counter() - t0
    stop.set()
    during = await playing
    cpu_during = share.stop()
    alive = host.alive
    t1 = time.perf_counter()
    await until(lambda: set(host.children()) <= players, "only the players' sessions left", 30)
    settle_s = time.perf_counter() - t1
    left_behind = set(processes_mentioning(str(host.data))) - {host.pid} - set(host.children())
    unreaped = zombies(host.pid)
    log = host.log_text()
    joined = len(re.findall(r"^  flood\d+ joined", log, re.M))
    left = len(re.findall(r"^  flood\d+ left", log, re.M))
    after = await _play_all(played, mirror, 3, 200)
    rss1 = rss_kib(host.pid)
    sessions_after = len(host.children())
    for t in (t for _, seats in played for t in seats.values()):
        t.close()
    a, b = summary(before), summary(during)
    return {
        "connections": tally, "flood_s": round(flood_s, 1),
        "connections_per_s": round((sum(tally.values()) - tally["skipped"]) / flood_s, 1),
        "baseline_p95_ms": a["p95_ms"], "baseline_median_ms": a["median_ms"],
        "during_flood_p95_ms": b.get("p95_ms"), "during_flood_median_ms": b.get("median_ms"),
        "moves_during_flood": b.get("moves", 0),
        "sessions_after": sessions_after, "seconds_until_only_players_left": round(settle_s, 1),
        "left_behind": sorted(left_behind), "unreaped": unreaped, "flood_sessions_joined_left": [joined, left],
        "host_up": alive, "moves_after": len(after),
        "host_rss_mib_before": round(rss0 / 1024, 1), "host_rss_mib_after": round(rss1 / 1024, 1),
        "traceback_in_host_log": "Traceback" in log,
        "cpu_others_pct": [cpu_before["cpu_others_pct"], cpu_during["cpu_others_pct"]],
        "cpu_host_pct": [cpu_before["cpu_host_pct"], cpu_during["cpu_host_pct"]],
    }


def test_bench_ssh_a_flood_of_200_connects_and_disconnects_while_8_play(benchmark, host):
    figures = benchmark.pedantic(lambda: asyncio.run(_flooded(host)), rounds=1, iterations=1)
    report(benchmark, "200 connections opened and dropped, 8 playing in 2 rooms", figures)
    assert figures["host_up"] and figures["sessions_after"] == 8 and figures["moves_after"] == 6
    assert not figures["left_behind"] and not figures["unreaped"] and not figures["traceback_in_host_log"]
    assert figures["flood_sessions_joined_left"][0] == figures["flood_sessions_joined_left"][1]
