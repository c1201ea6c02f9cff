"""Worker time shared fairly: the host's search jobs (bot moves, hints) in fair turns.

A host has one bounded pool of worker processes (``engine.core.thinking``: the cores
less one), and every room's ``hard``/``expert`` bots and every player's hints search in
it. Sent to the pool as they come, the jobs of a few people would slow every other
room: four players asking for hints at their allowed rate, or ten rooms of ``expert``
bots, kept a 1-worker queue growing, and another room's bot took 8× its time a move.
So the host puts its jobs through a ``FairQueue`` first:

- **Lanes.** A bot move (``BOT``) goes before a hint (``HINT``): a room's game waits for
  its bot, while a hint is something a person asked for and may wait a moment. A hint
  that has waited ``HINT_PATIENCE`` seconds goes next all the same, so hints are never
  starved by busy bots.
- **Owners, in turns.** Within a lane the waiting jobs are taken round-robin across
  their owners (a room for a bot move, a person for a hint): a room whose bots think
  all the time gets one turn in each round, like a room whose bots think now and then.
- **One waiting hint per person.** A person's newer hint replaces their hint still
  waiting (only the newest question is answered anyway), so one person never holds
  more than one job in the queue and one at work.
- **The budget shrinks, the queue does not grow.** A job's search gets ``share`` of its
  full time budget: the pool's workers over the jobs that compete with it when it
  starts (``MIN_SHARE`` at least). A bot move competes only with bot moves (hints never
  weaken a room's bots); a hint competes with the other hints and with every room whose
  bots thought in the last ``BOTS_ACTIVE`` seconds (a hint under way holds the worker a
  bot move may want next: it is kept short while bots play). So when ten rooms' bots think
  at once on one worker, each searches a tenth as long and each room's move comes about
  as soon as on an idle host; when the host is quiet every search has its full budget.

``FairQueue.run(lane, owner, make)`` awaits ``make(share)`` → ``(fn, args)`` run by
``runner`` (``thinking.run`` by default: a worker process), at most ``slots`` at a time.
This module imports no UI or network library.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

#: The two lanes: a bot's move goes before a hint.
BOT, HINT = "bot", "hint"
#: The smallest share of its full budget a search gets, however busy the host.
MIN_SHARE = 0.1
#: Seconds a hint waits behind bot moves before it goes next all the same.
HINT_PATIENCE = 3.0
#: Seconds a room whose bot thought counts as busy with bots: its next move will want a
#: worker in a moment (after the host's bot pace), so a hint shares with it meanwhile.
BOTS_ACTIVE = 5.0

Make = Callable[[float], tuple[Callable[..., Any], tuple]]


class Superseded(Exception):
    """A person's waiting hint replaced by their newer one (``FairQueue.run`` raises it
    for the older)."""


@dataclass(eq=False)
class _Job:
    lane: str
    owner: str
    make: Make
    future: asyncio.Future
    since: float
    share: float = field(default=1.0)


class FairQueue:
    """Jobs for a pool of ``slots`` workers, taken in fair turns (the module's text).

    ``runner(fn, *args)`` is awaited for each job (``engine.core.thinking.run`` by
    default); ``clock`` gives seconds (``time.monotonic``). ``started`` counts the jobs
    begun, per lane, and ``shares`` keeps the newest shares given, for the host's figures."""

    def __init__(self, slots: int | None = None, runner: Callable[..., Awaitable[Any]] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if slots is None or runner is None:
            from . import thinking

            slots = thinking.workers() if slots is None else slots
            runner = thinking.run if runner is None else runner
        self.slots = max(1, slots)
        self.runner = runner
        self.clock = clock
        self._waiting: dict[str, OrderedDict[str, deque[_Job]]] = {BOT: OrderedDict(), HINT: OrderedDict()}
        self._running: dict[str, int] = {BOT: 0, HINT: 0}
        self.started: dict[str, int] = {BOT: 0, HINT: 0}
        self.shares: deque[tuple[str, float]] = deque(maxlen=64)
        self._bots_seen: dict[str, float] = {}  # room → when its bot last began to think

    # ------------------------------------------------------------------ asking
    async def run(self, lane: str, owner: str, make: Make) -> Any:
        """Wait for a turn, then run ``make(share)``'s ``(fn, args)`` through the runner
        and return its result. ``lane`` is ``BOT`` or ``HINT``; ``owner`` the room (a
        bot move) or the person (a hint) whose turn it is. Raises what the job raises;
        ``Superseded`` for a hint replaced by its owner's newer one while it waited;
        ``ValueError`` for an unknown lane. Cancelling the caller takes a waiting job
        out of the queue."""
        if lane not in self._waiting:
            raise ValueError(f"unknown lane {lane!r}")
        loop = asyncio.get_running_loop()
        job = _Job(lane, owner, make, loop.create_future(), self.clock())
        jobs = self._waiting[lane].setdefault(owner, deque())
        if lane == HINT:
            while jobs:
                older = jobs.popleft()
                if not older.future.done():
                    older.future.set_exception(Superseded())
        jobs.append(job)
        self._dispatch()
        try:
            return await job.future
        finally:
            self._forget(job)  # a caller cancelled while its job waited: out of the queue

    def waiting(self, lane: str | None = None) -> int:
        """How many jobs wait (in ``lane``, or in both)."""
        lanes = (lane,) if lane else (BOT, HINT)
        return sum(len(jobs) for name in lanes for jobs in self._waiting[name].values())

    def running(self, lane: str | None = None) -> int:
        """How many jobs are at work (in ``lane``, or in both)."""
        return self._running[lane] if lane else sum(self._running.values())

    def share(self, lane: str) -> float:
        """The share of its full budget a job of ``lane`` starting now (out of the queue
        already) gets: the slots over the jobs it competes with, itself included (a bot
        move competes with bot moves only; a hint with the other hints and the rooms
        whose bots are playing), between ``MIN_SHARE`` and 1."""
        if lane == BOT:
            others = self.running(BOT) + self.waiting(BOT)
        else:
            since = self.clock() - BOTS_ACTIVE
            rooms = {room for room, at in self._bots_seen.items() if at >= since} | set(self._waiting[BOT])
            others = len(rooms) + self.running(HINT) + self.waiting(HINT)
        return max(MIN_SHARE, min(1.0, self.slots / (others + 1)))

    # ------------------------------------------------------------------ turns
    def _next(self) -> _Job | None:
        """The job whose turn it is, taken out of the queue: a hint that waited
        ``HINT_PATIENCE``, else the next room's bot move, else the next person's hint."""
        hints = self._waiting[HINT]
        if hints and self._waiting[BOT]:
            oldest = min(jobs[0].since for jobs in hints.values())
            lane = HINT if self.clock() - oldest >= HINT_PATIENCE else BOT
        else:
            lane = BOT if self._waiting[BOT] else HINT
        owners = self._waiting[lane]
        if not owners:
            return None
        if lane == HINT and self._waiting[BOT]:  # the patient one: the hint waiting longest
            owner = min(owners, key=lambda name: owners[name][0].since)
        else:
            owner = next(iter(owners))
        jobs = owners.pop(owner)
        job = jobs.popleft()
        if jobs:
            owners[owner] = jobs  # to the back of the round
        return job

    def _dispatch(self) -> None:
        while self.running() < self.slots:
            job = self._next()
            if job is None:
                return
            job.share = self.share(job.lane)
            if job.lane == BOT:
                self._bots_seen[job.owner] = self.clock()
                if len(self._bots_seen) > 4 * 1024:  # rooms long gone
                    since = self.clock() - BOTS_ACTIVE
                    self._bots_seen = {room: at for room, at in self._bots_seen.items() if at >= since}
            self._running[job.lane] += 1
            self.started[job.lane] += 1
            self.shares.append((job.lane, job.share))
            asyncio.ensure_future(self._work(job))

    async def _work(self, job: _Job) -> None:
        outcome: tuple[bool, Any] = (False, None)
        try:
            fn, args = job.make(job.share)
            outcome = (True, await self.runner(fn, *args))
        except asyncio.CancelledError:
            outcome = (False, asyncio.CancelledError())
            raise
        except BaseException as err:  # the caller gets it
            outcome = (False, err)
        finally:
            self._running[job.lane] -= 1  # the worker is free before the caller hears
            self._dispatch()
            if not job.future.done():
                ok, value = outcome
                if ok:
                    job.future.set_result(value)
                elif isinstance(value, asyncio.CancelledError):
                    job.future.cancel()
                else:
                    job.future.set_exception(value)

    def _forget(self, job: _Job) -> None:
        owners = self._waiting[job.lane]
        jobs = owners.get(job.owner)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del owners[job.owner]
