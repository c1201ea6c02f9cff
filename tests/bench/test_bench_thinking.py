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
- The app ("a cursor move ≤ 10 ms CPU while a bot thinks"): the app process's own CPU
  for a cursor move in Gift Trap's Give phase while bot2 thinks in its worker, at 80×24
  and 120×40.

Run: ``.venv/bin/pytest tests/bench/test_bench_thinking.py --benchmark-only -s``.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.paths import socket_path  # noqa: E402
from ssh_helpers import CpuShare, HostProcess, Mirror, play_room, report, set_up_rooms, summary, until  # noqa: E402

PACE = (0.25, 0.75)


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


# ---------------------------------------------------------------------- the app
async def _cursor_while_thinking(size) -> dict:
    """Gift Trap's Give phase with bot2 thinking (a search bot on a clock of a minute):
    the app's own CPU (the worker's is its own process) for each of 30 cursor moves,
    with 50 ms after each to draw it, less the CPU of 30 idle 50 ms spells."""
    import os
    import time

    import engine
    from engine import Seat
    from engine.core.search import SearchBot
    from ismcts import Search
    from tui_driver import shows, wait_for_text

    from .bench_kit import save_opened_from_the_menu

    game = engine.get_game("gift-trap")
    game.bots["slow"] = lambda seed: SearchBot(game, seed, method=Search, iterations=10**9, seconds=60.0)
    folder = Path(os.environ["BOXTOP_SAVE_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    s = engine.new_game("gift-trap", [Seat("ann"), Seat("bot2", "slow"), Seat("bot3", "normal")], seed=1)
    s.play("ann", "deal red")
    s.save(str(folder / "thinking.json"))
    try:
        async with save_opened_from_the_menu(size, "l") as pilot:
            app = pilot.app
            await wait_for_text(pilot, "bot2 is thinking…")
            await asyncio.sleep(0.3)
            c0 = time.process_time()
            for k in range(30):
                await pilot.press("right" if k % 6 < 3 else "left")
                await asyncio.sleep(0.05)
            keyed = time.process_time() - c0
            c0 = time.process_time()
            for _ in range(30):
                await asyncio.sleep(0.05)
            idle = time.process_time() - c0
            assert shows(app, "bot2 is thinking…")
            await pilot.press("ctrl+q")
            await pilot.pause()
    finally:
        del game.bots["slow"]
    return {"cpu_ms_per_cursor_move": round((keyed - idle) / 30 * 1000, 1), "idle_cpu_ms_per_50ms": round(idle / 30 * 1000, 2)}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_bench_app_cursor_move_while_a_bot_thinks(benchmark, size):
    figures = benchmark.pedantic(lambda: asyncio.run(_cursor_while_thinking(size)), rounds=1, iterations=1)
    report(benchmark, f"the app at {size[0]}×{size[1]}: a cursor move while a bot thinks", figures)
    assert figures["cpu_ms_per_cursor_move"] <= 10
