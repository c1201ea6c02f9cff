"""The worker queue's turns (``engine.core.fairqueue``): a bot move before a hint, rooms
and people round-robin, one waiting hint per person, a patient hint not starved, and a
search's budget that shrinks with the jobs it competes with (SECURITY.md, "Slow other
rooms down by asking for thinking"). The worker is a stand-in the test opens and
closes, so every turn is seen exactly; ``test_room_fairness.py`` runs the room service."""

from __future__ import annotations

import asyncio

import pytest

from engine.core.fairqueue import BOT, BOTS_ACTIVE, HINT, MIN_SHARE, FairQueue, Superseded


class Worker:
    """A stand-in runner: each job waits until the test finishes it; ``started`` lists
    the jobs begun, in order, as ``(name, share)``."""

    def __init__(self) -> None:
        self.started: list[tuple[str, float]] = []
        self.gates: dict[str, asyncio.Event] = {}

    async def __call__(self, fn, name: str, share: float) -> str:
        self.started.append((name, share))
        gate = self.gates.setdefault(name, asyncio.Event())
        await gate.wait()
        return fn(name)

    async def finish(self, name: str) -> None:
        self.gates.setdefault(name, asyncio.Event()).set()
        for _ in range(5):
            await asyncio.sleep(0)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def job(name: str):
    return lambda share: (str.upper, (name, share))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_bot_move_goes_before_hints_that_waited_longer():
    worker = Worker()
    queue = FairQueue(1, worker, Clock())
    first = asyncio.create_task(queue.run(HINT, "carol", job("carol-1")))
    await settle()
    hints = [asyncio.create_task(queue.run(HINT, who, job(f"{who}-1"))) for who in ("dave", "eve", "mal")]
    await settle()
    bot = asyncio.create_task(queue.run(BOT, "ROOM-A", job("bot-A")))
    await settle()
    await worker.finish("carol-1")
    assert await first == "CAROL-1"
    assert [name for name, _ in worker.started] == ["carol-1", "bot-A"]
    await worker.finish("bot-A")
    assert await bot == "BOT-A"
    for name in ("dave-1", "eve-1", "mal-1"):
        await worker.finish(name)
    assert [await h for h in hints] == ["DAVE-1", "EVE-1", "MAL-1"]
    assert [name for name, _ in worker.started] == ["carol-1", "bot-A", "dave-1", "eve-1", "mal-1"]


async def test_rooms_take_turns_however_many_moves_one_room_asks():
    worker = Worker()
    queue = FairQueue(1, worker, Clock())
    tasks = [asyncio.create_task(queue.run(BOT, "A", job("A0")))]
    await settle()
    tasks += [asyncio.create_task(queue.run(BOT, "A", job(f"A{i}"))) for i in (1, 2, 3)]
    tasks += [asyncio.create_task(queue.run(BOT, "B", job("B1"))), asyncio.create_task(queue.run(BOT, "C", job("C1")))]
    await settle()
    for name in ("A0", "A1", "B1", "C1", "A2", "A3"):
        await worker.finish(name)
    await asyncio.gather(*tasks)
    assert [name for name, _ in worker.started] == ["A0", "A1", "B1", "C1", "A2", "A3"]


async def test_a_persons_newer_hint_replaces_their_waiting_one():
    worker = Worker()
    queue = FairQueue(1, worker, Clock())
    busy = asyncio.create_task(queue.run(BOT, "A", job("A0")))
    await settle()
    old = asyncio.create_task(queue.run(HINT, "eve", job("eve-1")))
    await settle()
    new = asyncio.create_task(queue.run(HINT, "eve", job("eve-2")))
    await settle()
    assert queue.waiting(HINT) == 1
    with pytest.raises(Superseded):
        await old
    await worker.finish("A0")
    await worker.finish("eve-2")
    assert await new == "EVE-2" and await busy == "A0"
    assert [name for name, _ in worker.started] == ["A0", "eve-2"]


async def test_a_hint_that_waited_its_patience_goes_before_bots():
    worker, clock = Worker(), Clock()
    queue = FairQueue(1, worker, clock)
    tasks = [asyncio.create_task(queue.run(BOT, "A", job("A0")))]
    await settle()
    tasks.append(asyncio.create_task(queue.run(HINT, "eve", job("eve-1"))))
    await settle()
    tasks += [asyncio.create_task(queue.run(BOT, "B", job("B1")))]
    await settle()
    clock.now = 3.5  # eve has waited longer than HINT_PATIENCE
    for name in ("A0", "eve-1", "B1"):
        await worker.finish(name)
    await asyncio.gather(*tasks)
    assert [name for name, _ in worker.started] == ["A0", "eve-1", "B1"]


async def test_the_budget_shrinks_with_the_bot_moves_waiting_and_hints_never_shrink_a_bot():
    worker, clock = Worker(), Clock()
    queue = FairQueue(1, worker, clock)
    first = asyncio.create_task(queue.run(BOT, "R0", job("R0")))
    await settle()
    assert worker.started == [("R0", 1.0)]  # an idle host: the full budget
    rooms = [asyncio.create_task(queue.run(BOT, f"R{i}", job(f"R{i}"))) for i in range(1, 10)]
    await settle()
    await worker.finish("R0")
    assert worker.started[1] == ("R1", pytest.approx(1 / 9))  # R1 competes with R1…R9
    for i in range(1, 10):
        await worker.finish(f"R{i}")
    await asyncio.gather(first, *rooms)
    assert min(share for _, share in worker.started) >= MIN_SHARE
    worker.started.clear()
    clock.now = 10.0  # the rooms' bots are quiet now
    hints = [asyncio.create_task(queue.run(HINT, f"p{i}", job(f"h{i}"))) for i in range(4)]
    await settle()
    bot = asyncio.create_task(queue.run(BOT, "R0", job("R0b")))
    await settle()
    await worker.finish("h0")
    assert worker.started[0] == ("h0", 1.0)  # it started on an idle host
    assert worker.started[1] == ("R0b", 1.0)  # three hints wait: the bot is not weakened
    await worker.finish("R0b")
    # a hint shares with the other hints and with R0, whose bots play
    assert worker.started[2] == ("h1", pytest.approx(1 / 4))
    for i in (1, 2, 3):
        await worker.finish(f"h{i}")
    await asyncio.gather(bot, *hints)
    clock.now = 10.0 + BOTS_ACTIVE + 1  # R0's bots have been quiet a while
    last = asyncio.create_task(queue.run(HINT, "p0", job("h4")))
    await settle()
    assert worker.started[-1] == ("h4", 1.0)
    await worker.finish("h4")
    assert await last == "H4"


async def test_two_slots_run_two_jobs_and_a_cancelled_wait_leaves_the_queue():
    worker = Worker()
    queue = FairQueue(2, worker, Clock())
    a = asyncio.create_task(queue.run(BOT, "A", job("A")))
    b = asyncio.create_task(queue.run(BOT, "B", job("B")))
    c = asyncio.create_task(queue.run(BOT, "C", job("C")))
    await settle()
    assert [name for name, _ in worker.started] == ["A", "B"] and queue.waiting() == 1
    c.cancel()
    await settle()
    assert queue.waiting() == 0
    await worker.finish("A")
    await worker.finish("B")
    assert (await a, await b) == ("A", "B")
    assert [name for name, _ in worker.started] == ["A", "B"] and queue.running() == 0


async def test_an_error_in_a_job_reaches_its_caller_and_frees_the_worker():
    async def failing(fn, name, share):
        if name == "bad":
            raise ValueError("no such move")
        return fn(name)

    queue = FairQueue(1, failing, Clock())
    with pytest.raises(ValueError, match="no such move"):
        await queue.run(BOT, "A", job("bad"))
    assert await queue.run(BOT, "A", job("good")) == "GOOD" and queue.running() == 0
    with pytest.raises(ValueError, match="unknown lane"):
        await queue.run("analysis", "A", job("x"))
