"""Thinking shared fairly on a host (issue 34, "Thinking is shared fairly"), measured on a
real ``boxtop host --open`` process with real SSH sessions and clients on the room
service's socket, in one run, phase beside phase:

1. **Unloaded.** One room of ``expert`` bots (Bottlecap Vikings: one scripted person who
   answers at once, three ``expert`` bots): the seconds from one bot move's table to the
   next (the host's bot pace, the wait for a worker and the search).
2. **Four keys asking for hints.** The same room's bot moves while four other people,
   each in a Gift Trap room of their own with hints allowed and two random bots, ask for
   a hint at every turn of theirs at the rate the host allows (they wait for the answer,
   or its refusal, then move): aim, the bot's move within 2× its unloaded time.
3. **Ten rooms of expert bots.** Ten such rooms at once: aim, each room's bot move
   ≤ 3 s at p95.

Throughout, four people play a room by keys over SSH at a person's pace: aim, key →
every other screen p95 ≤ 100 ms. Also reported: the hints' answer times and how many
were refused as too fast.

Run: ``.venv/bin/pytest tests/bench/test_bench_fairness.py --benchmark-only -s``.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.paths import socket_path  # noqa: E402
from ssh_helpers import HostProcess, Mirror, percentile, play_room, report, set_up_rooms, summary  # noqa: E402

PACE = (0.5, 1.0)
PHASE_S = 30.0


async def next_message(client: ServiceClient, stop: asyncio.Event):
    """The next message from ``client`` (waited for half a second at a time), or None once
    ``stop`` is set or the connection has ended."""
    while not stop.is_set():
        try:
            return await asyncio.wait_for(client.recv(), 0.5)
        except asyncio.TimeoutError:
            continue
    return None


class BotRoom:
    """A Bottlecap Vikings room of ``name`` (a script answering at once) and three
    ``expert`` bots; ``gaps`` collects, while ``measuring``, the seconds between two
    tables each one bot move apart (a new game starts when one ends)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.gaps: list[float] = []
        self.measuring = False

    async def play(self, sock: Path, stop: asyncio.Event) -> None:
        client = await ServiceClient.connect(sock, self.name)
        try:
            while not stop.is_set():
                await client.send(p.CreateRoom("bottlecap-vikings", [p.SeatSpec()] + [p.SeatSpec("expert")] * 3, {}))
                await self._one_game(client, stop)
        finally:
            await client.close()

    async def _one_game(self, client: ServiceClient, stop: asyncio.Event) -> None:
        started, last = False, None  # last: (time, ply, whether a bot was to act)
        while (m := await next_message(client, stop)) is not None:
            if isinstance(m, p.InRoom) and m.room.code and not started:
                await client.send(p.StartGame())
                started = True
            elif isinstance(m, p.TableUpdate):
                table, now = m.table, time.perf_counter()
                bots_turn = table.seat not in table.to_act
                if last is not None and self.measuring and last[2] and table.ply == last[1] + 1:
                    self.gaps.append(now - last[0])
                last = (now, table.ply, bots_turn)
                if table.result is not None:
                    await client.send(p.LeaveRoom())
                    return
                if not bots_turn and table.legal:
                    await client.send(p.Play(table.legal[0]))


class Asker:
    """A person in a Gift Trap room of their own (hints allowed, two random bots) who asks
    for a hint at every turn of theirs, waits for the answer or its refusal, then plays
    a random legal move; ``answers`` the seconds each hint took, ``refused`` the count
    refused (too fast)."""

    def __init__(self, name: str, seed: int) -> None:
        self.name, self.rng = name, random.Random(seed)
        self.answers: list[float] = []
        self.refused = 0
        self.asked = 0

    async def play(self, sock: Path, stop: asyncio.Event) -> None:
        client = await ServiceClient.connect(sock, self.name)
        ref = 0
        try:
            while not stop.is_set():
                await client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("random"), p.SeatSpec("random")],
                                               {}, hints=True))
                started, acted = False, None
                while True:
                    if (m := await next_message(client, stop)) is None:
                        return
                    if isinstance(m, p.InRoom) and m.room.code and not started:
                        await client.send(p.StartGame())
                        started = True
                    elif isinstance(m, p.TableUpdate):
                        table = m.table
                        if table.result is not None:
                            await client.send(p.LeaveRoom())
                            break
                        if table.seat in table.to_act and table.legal and acted != (table.ply, len(table.legal)):
                            acted = (table.ply, len(table.legal))
                            if len(table.legal) > 1:
                                ref += 1
                                self.asked += 1
                                t0 = time.perf_counter()
                                await client.send(p.AskHint(ref))
                                hint = await self._answer(client, ref, stop)
                                if hint is not None:
                                    if hint.refused:
                                        self.refused += 1
                                    else:
                                        self.answers.append(time.perf_counter() - t0)
                            await client.send(p.Play(self.rng.choice(table.legal)))
        finally:
            await client.close()

    @staticmethod
    async def _answer(client: ServiceClient, ref: int, stop: asyncio.Event) -> p.Hint | None:
        while (m := await next_message(client, stop)) is not None:
            if isinstance(m, p.Hint) and m.ref == ref:
                return m
        return None


def gaps_figures(rooms: list[BotRoom]) -> dict:
    gaps = [g for r in rooms for g in r.gaps]
    if not gaps:
        return {"bot_moves": 0}
    per_room_p95 = [percentile(r.gaps, 0.95) for r in rooms if r.gaps]
    return {"bot_moves": len(gaps), "bot_move_median_s": round(statistics.median(gaps), 2),
            "bot_move_p95_s": round(percentile(gaps, 0.95), 2),
            "worst_room_bot_move_p95_s": round(max(per_room_p95), 2)}


async def _measure(host: HostProcess) -> dict:
    sock = socket_path(host.data)
    mirror = Mirror(host.data)
    ((code, seats),) = await set_up_rooms(host.port, mirror, [[f"fp{k}" for k in range(4)]])
    stop_all = asyncio.Event()
    people: list = []

    async def people_play() -> None:
        rng = random.Random(7)
        while not stop_all.is_set():
            played = await play_room(code, seats, mirror, rng, moves=10**6, pace=PACE, stop=stop_all, record=people)
            if not played:
                break

    typing = asyncio.create_task(people_play())
    figures: dict = {}

    async def phase(name: str, rooms: list[BotRoom], askers: list[Asker]) -> None:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(r.play(sock, stop)) for r in rooms]
        tasks += [asyncio.create_task(a.play(sock, stop)) for a in askers]
        await asyncio.sleep(6.0)  # everyone under way; the askers' first burst spent
        before = len(people)
        for r in rooms:
            r.measuring = True
        await asyncio.sleep(PHASE_S)
        for r in rooms:
            r.measuring = False
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        moves = summary(people[before:])
        figures[name] = {**gaps_figures(rooms),
                         "people_key_to_screens_median_ms": moves.get("median_ms"),
                         "people_key_to_screens_p95_ms": moves.get("p95_ms"),
                         "people_first_byte_p95_ms": moves.get("first_byte_p95_ms"),
                         "people_moves": moves.get("moves", 0)}
        if askers:
            answers = [s for a in askers for s in a.answers]
            figures[name].update({
                "hints_asked": sum(a.asked for a in askers), "hints_answered": len(answers),
                "hints_refused_too_fast": sum(a.refused for a in askers),
                "hint_answer_median_s": round(statistics.median(answers), 2) if answers else None})

    await phase("unloaded", [BotRoom("solo0")], [])
    await phase("four_asking", [BotRoom("solo1")], [Asker(f"ask{i}", i) for i in range(4)])
    await phase("ten_rooms", [BotRoom(f"ten{i}") for i in range(10)], [])
    stop_all.set()
    await typing
    for t in seats.values():
        t.close()
    unloaded = figures["unloaded"].get("bot_move_median_s") or 0
    asked = figures["four_asking"].get("bot_move_median_s") or 0
    figures["four_asking_over_unloaded"] = round(asked / unloaded, 2) if unloaded else None
    return figures


def test_bench_fair_thinking_hints_and_ten_rooms_of_expert_bots(benchmark, host):
    figures = benchmark.pedantic(lambda: asyncio.run(_measure(host)), rounds=1, iterations=1)
    flat: dict = {}
    for key, value in figures.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            flat[key] = value
    report(benchmark, "expert bots beside hints and beside nine other rooms of expert bots", flat)
    assert figures["unloaded"]["bot_moves"] > 0 and figures["ten_rooms"]["bot_moves"] > 0
    assert host.alive
