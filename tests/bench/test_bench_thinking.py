"""Search bots thinking on a host, measured (issue 24, must-hold 5: "with 4 rooms of
``expert`` bots thinking, 16 paced SSH players keep p95 key → screen ≤ 100 ms"), on this
2-core machine with a real ``boxtop host --open`` process and real SSH sessions played
by keys (``tests/ssh_helpers.py``; the timings are defined in
``tests/bench/test_bench_ssh.py``):

- 16 people in 4 rooms of 4 play at a person's pace; first with no bot thinking anywhere
  (the baseline, same run), then while 4 other rooms of Bottlecap Vikings, each one
  scripted person and three ``expert`` bots, think without a pause (the person answers
  at once, through the room service's socket). The bots think in the host's bounded pool
  of worker processes (``engine.core.thinking``: the cores less one), so the host's event
  loop, which every SSH session shares, stays free.
- Reported: the players' command → every other screen (median, p95) in both phases, the
  bots' moves a second over the 4 thinking rooms, the share of the cores used.

Run: ``.venv/bin/pytest tests/bench/test_bench_thinking.py --benchmark-only -s``.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.paths import socket_path  # noqa: E402
from ssh_helpers import CpuShare, HostProcess, Mirror, play_room, report, set_up_rooms, summary, until  # noqa: E402

PACE = (0.25, 0.75)


@pytest.fixture
def host():
    parent = Path(tempfile.mkdtemp(prefix="bxT", dir="/tmp"))
    host = HostProcess(parent / "d").start()
    yield host
    host.stop()
    shutil.rmtree(parent, ignore_errors=True)


async def thinking_room(sock: Path, name: str, stop: asyncio.Event, bot_moves: list[int]) -> None:
    """A Bottlecap Vikings room of ``name`` (a script answering at once) and three
    ``expert`` bots, played until ``stop``; each bot move seen adds one to ``bot_moves``."""
    client = await ServiceClient.connect(sock, name)
    seats = [p.SeatSpec()] + [p.SeatSpec("expert")] * 3
    await client.send(p.CreateRoom("bottlecap-vikings", seats, {}))
    ply = None
    try:
        while not stop.is_set():
            try:
                m = await asyncio.wait_for(client.recv(), 0.5)
            except asyncio.TimeoutError:
                continue
            if isinstance(m, p.InRoom) and m.room.code and ply is None:
                await client.send(p.StartGame())
                ply = 0
            elif isinstance(m, p.TableUpdate):
                table = m.table
                if ply:
                    bot_moves[0] += table.ply - ply  # every entry since, less the script's own
                ply = table.ply
                if table.result is not None:
                    return
                if table.seat in table.to_act and table.legal:
                    await client.send(p.Play(table.legal[0]))
                    bot_moves[0] -= 1
    finally:
        await client.close()


async def _measure(host: HostProcess) -> dict:
    mirror = Mirror(host.data)
    played = await set_up_rooms(host.port, mirror, [[f"k{r}s{k}" for k in range(4)] for r in range(4)])

    async def play(moves: int, seed: int) -> dict:
        record: list = []
        share = CpuShare(host)
        await asyncio.gather(*(play_room(code, seats, mirror, random.Random(seed + r), moves=moves, pace=PACE,
                                         record=record) for r, (code, seats) in enumerate(played)))
        cpu = share.stop()
        return {**summary(record), "cpu_host_pct": cpu["cpu_host_pct"], "cpu_others_pct": cpu["cpu_others_pct"]}

    baseline = await play(10, 0)
    stop, bot_moves = asyncio.Event(), [0]
    sock = socket_path(host.data)
    rooms = [asyncio.create_task(thinking_room(sock, f"think{r}", stop, bot_moves)) for r in range(4)]
    await until(lambda: bot_moves[0] >= 4, "the expert bots thinking", timeout=60)
    loop = asyncio.get_running_loop()
    t0, moves0 = loop.time(), bot_moves[0]
    thinking = await play(15, 100)
    thinking["expert_moves_per_s_over_4_rooms"] = round((bot_moves[0] - moves0) / (loop.time() - t0), 2)
    stop.set()
    await asyncio.gather(*rooms, return_exceptions=True)
    for _, seats in played:
        for t in seats.values():
            t.close()
    figures = {f"baseline_{k}": v for k, v in baseline.items()}
    figures.update({f"thinking_{k}": v for k, v in thinking.items()})
    return figures


def test_bench_ssh_16_players_while_4_rooms_of_expert_bots_think(benchmark, host):
    figures = benchmark.pedantic(lambda: asyncio.run(_measure(host)), rounds=1, iterations=1)
    report(benchmark, "16 SSH players in 4 rooms, 4 other rooms of expert bots thinking", figures)
    assert figures["thinking_samples"] == 4 * 15 * 3
    assert figures["thinking_expert_moves_per_s_over_4_rooms"] > 0
    assert host.alive
