"""The room service shares its workers fairly (SECURITY.md, "Slow other rooms down by
asking for thinking"): over its real socket, four people ask for a hint at every turn
of theirs, as fast as they can, while a room of ``expert`` bots plays. The worker is a
stand-in that takes a few hundredths of a second a job and counts what it is given, so
the test sees the service's schedule, not the machine's speed: never more jobs at work
than the pool has workers, never more than one hint waiting per person, a hint's search
shortened while others wait, and every bot move searched at its full budget (hints never
weaken a room's bots). The real figures are in ``tests/bench/test_bench_fairness.py``."""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from pathlib import Path

import pytest

import host.service
from engine.core import analysis, fairqueue, thinking
from host import protocol as p
from host.client import ServiceClient
from host.service import RoomService

from test_rematch import Player


class Stand:
    """The stand-in worker (``thinking.run``): each job takes ``DELAY`` seconds; a bot's
    answer is the first legal command, a hint's an empty list of moves."""

    DELAY = 0.03

    def __init__(self, svc_box: list) -> None:
        self.svc_box = svc_box
        self.at_work = self.most_at_work = 0
        self.jobs: list[tuple[str, float | None]] = []  # (bot | hint, share or seconds)
        self.most_hints_waiting_per_person = 0

    async def __call__(self, fn, *args):
        self.at_work += 1
        self.most_at_work = max(self.most_at_work, self.at_work)
        if self.svc_box:
            queue = getattr(self.svc_box[0], "queue", None)
            if queue is not None:
                owners = queue._waiting[fairqueue.HINT]  # noqa: SLF001 (the test reads the queue's turns)
                self.most_hints_waiting_per_person = max([self.most_hints_waiting_per_person,
                                                          *(len(jobs) for jobs in owners.values())])
        try:
            await asyncio.sleep(self.DELAY)
            if fn is thinking.think:
                question = args[0]
                self.jobs.append(("bot", args[1] if len(args) > 1 else 1.0))
                return thinking.Answer(0, question.bot, question.rng)
            assert fn is analysis.hint_task
            self.jobs.append(("hint", args[-1]))
            return []
        finally:
            self.at_work -= 1


@pytest.fixture
async def busy(monkeypatch):
    box: list = []
    stand = Stand(box)
    monkeypatch.setattr(thinking, "run", stand)
    monkeypatch.setattr(host.service, "HINT_BURST", 10_000)  # the rate never refuses here
    d = Path(tempfile.mkdtemp(prefix="bxf", dir="/tmp"))
    service = RoomService(d / "data", bot_pace=0.005)
    box.append(service)
    await service.start(d / "s.sock")
    service.test_socket = d / "s.sock"
    yield service, stand
    await service.close()
    shutil.rmtree(d, ignore_errors=True)


async def play_along(pl: Player, stop: asyncio.Event, ask: bool, seed: int, moves: list[int]) -> None:
    """At every turn of ``pl``: ask for a hint (when ``ask``), then play at once."""
    rng, ref, last = random.Random(seed), 0, None
    while not stop.is_set():
        table = pl.table
        if table is not None and table.result is None and table.seat in table.to_act and table.legal \
                and table.ply != last:
            last = table.ply
            if ask and len(table.legal) > 1:
                ref += 1
                await pl.client.send(p.AskHint(ref))
            await pl.client.send(p.Play(rng.choice(table.legal)))
            moves[0] += 1
        await asyncio.sleep(0.002)


async def open_room(svc, name: str, game: str, seats: list[p.SeatSpec], options: dict, hints: bool) -> Player:
    pl = Player(await ServiceClient.connect(svc.test_socket, name))
    await pl.client.send(p.CreateRoom(game, seats, options, hints=hints))
    await pl.until(lambda: pl.room is not None, f"{name}'s room")
    await pl.client.send(p.StartGame())
    await pl.until(lambda: pl.table is not None, f"{name}'s game")
    return pl


async def test_hints_asked_at_every_turn_never_crowd_out_a_rooms_expert_bots(busy):
    svc, stand = busy
    vic = await open_room(svc, "vic", "bottlecap-vikings", [p.SeatSpec()] + [p.SeatSpec("expert")] * 3, {}, False)
    askers = [await open_room(svc, name, "dice-upon-a-time", [p.SeatSpec(), p.SeatSpec("random")], {}, True)
              for name in ("carol", "dave", "eve", "mal")]
    stop, moves = asyncio.Event(), [0]
    players = [asyncio.create_task(play_along(pl, stop, pl is not vic, i, moves)) for i, pl in enumerate([vic, *askers])]
    try:
        for _ in range(1500):
            bots = sum(1 for kind, _ in stand.jobs if kind == "bot")
            hints = sum(1 for kind, _ in stand.jobs if kind == "hint")
            if bots >= 12 and hints >= 8:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError(f"too few jobs: {bots} bot moves, {hints} hints; "
                                 f"askers at {[(pl.table.ply, pl.table.to_act, pl.table.result is not None, pl.refused) for pl in askers]}")
    finally:
        stop.set()
        await asyncio.gather(*players)
        for pl in (vic, *askers):
            await pl.close()
    assert stand.most_at_work <= thinking.workers(), "more jobs at work than the pool has workers"
    assert stand.most_hints_waiting_per_person <= 1
    assert all(share == 1.0 for kind, share in stand.jobs if kind == "bot"), "hints weakened a room's bots"
    full = analysis.HINT_SECONDS
    assert any(kind == "hint" and seconds < full for kind, seconds in stand.jobs), "no hint was shortened"
