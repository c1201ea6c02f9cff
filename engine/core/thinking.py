"""Thinking off the event loop: a search bot's choice made in a worker process.

A search bot (``hard``, ``expert``) spends up to a second of CPU-bound Python on a
move. On the app's or the host's event loop that would freeze every key, every resize
and every other room for that long, and a thread would not help (it holds the
interpreter lock while it searches). So its choice is made in a bounded pool of worker
processes (``pool``: at most the cores less one, at least one) and the caller awaits it
(``answer``); cheap bots (random, heuristic, easy) keep choosing inline (``offloads``).

- **The question** (``Question``, made by ``LocalSession.bot_question``): the game's
  slug, the seat, the bot itself pickled (every ``Game`` it holds written as its slug, so
  the worker takes the same game from its registry), the state of the session's random
  stream for that seat, and the seat's view and legal commands encoded with msgspec.
- **The worker** (``think``) decodes the view with ``game.view_type`` and the commands
  with ``game.command_type``, lets the bot choose exactly as the session does inline,
  and answers the chosen command's index among the legal ones, with the bot and the
  stream as they are after the choice (``Answer``).
- **The answer is applied** (``LocalSession.bot_answer``) only while the seat still faces
  what it was asked (to act, the same view, the same legal commands); the session then
  takes the bot and its stream from the answer. So a seeded game plays the same moves
  whether its bots think inline or in a worker, and a thought left behind by an undo or
  a quit leaves the bot as it was.

This module imports no UI or network library; the pool is made on first use.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import pickle
import random
import signal
import sys
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import msgspec

from .decider import Game
from .registry import get
from .search import SearchBot

_pool: ProcessPoolExecutor | None = None
_stopped = 0  # how many times ``stop`` ended the pool


def workers() -> int:
    """How many worker processes the pool holds: the cores this process may use, less
    one (the event loop's), and at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def pool() -> ProcessPoolExecutor:
    """The process pool bots think in (made on first use, ``workers()`` processes).
    Workers start from a fork server where there is one, never by forking the caller
    (an app or a host has threads of its own). Call it first on the thread that owns
    ``sys.stderr`` (the event loop's), as ``answer`` does."""
    global _pool
    if _pool is None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload([__name__])
        stderr = sys.stderr
        try:
            usable = stderr is not None and stderr.fileno() >= 0
        except (AttributeError, OSError, ValueError):
            usable = False
        if not usable and sys.__stderr__ is not None:
            # The pool's queues start multiprocessing's resource tracker, which hands it
            # the descriptor of sys.stderr; a Textual app's stand-in answers -1, which
            # fails the start ("bad value(s) in fds_to_keep"): the real one, meanwhile.
            sys.stderr = sys.__stderr__
        try:
            _pool = ProcessPoolExecutor(workers(), mp_context=context)  # starts the resource tracker
            if "forkserver" in methods:  # started now, SIGINT blocked: its workers are forked from it
                from multiprocessing import forkserver

                with _without_ctrl_c():
                    forkserver.ensure_running()
        finally:
            sys.stderr = stderr
    return _pool


@contextmanager
def _without_ctrl_c() -> Iterator[None]:
    """SIGINT blocked on this thread meanwhile, so the processes it starts (the fork
    server, the workers) begin with it blocked and keep it so: Ctrl+C is not for them.
    They share the terminal of the process that made the pool (``boxtop host`` run in a
    shell), whose Ctrl+C reaches its whole process group, and would each print a
    traceback (at start-up too, before any handler of theirs); their owner ends them
    (``stop``). The process itself still gets SIGINT, on another thread. (Not around
    the start of multiprocessing's resource tracker, which unblocks SIGINT after it.)"""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    before = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, before)


def stop() -> None:
    """End the pool at once, a thought under way too (its answer is never applied): for
    an app that quits mid-thought. The next question makes a new pool."""
    global _pool, _stopped
    current, _pool = _pool, None
    _stopped += 1
    if current is None:
        return
    processes = list((getattr(current, "_processes", None) or {}).values())
    current.shutdown(wait=False, cancel_futures=True)
    for process in processes:  # no public way to end a running task (3.14 adds terminate_workers)
        if process.is_alive():
            process.terminate()


def offloads(bot: Any) -> bool:
    """Whether ``bot`` thinks in a worker: a search bot (``SearchBot``), or any bot whose
    class sets ``THINKS = True``. Other bots choose in a fraction of a millisecond."""
    return isinstance(bot, SearchBot) or bool(getattr(bot, "THINKS", False))


class _Pickler(pickle.Pickler):
    """Pickles a bot with every registered ``Game`` it holds as ``registry.get(slug)``: a
    game's functions and bot factories (lambdas) do not pickle, and the worker has the
    same game in its own registry."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            if get(obj.slug) is not obj:
                raise pickle.PicklingError(f"{obj.title} is not the registered game {obj.slug!r}")
            return get, (obj.slug,)
        return NotImplemented


def dumps(obj: Any) -> bytes:
    """``obj`` pickled, its registered games by slug; raises ``pickle.PicklingError``."""
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buffer.getvalue()


@dataclass(frozen=True)
class Question:
    """What a bot seat is asked: ``slug`` (the game), ``seat``, ``bot`` (the bot pickled,
    ``dumps``), ``rng`` (``getstate()`` of the session's stream for the seat), ``view``
    and ``legal`` (msgspec MessagePack of the seat's view and of its legal commands).
    ``at`` is how many entries the session had when asked (a quick check that nothing
    happened since)."""

    slug: str
    seat: int
    at: int
    bot: bytes
    rng: Any
    view: bytes
    legal: bytes

    def same(self, other: "Question | None") -> bool:
        """Whether ``other`` asks the same bot the same thing (entries may have come in
        between that the seat cannot see: another seat's secret choice), so one answer
        does for both."""
        return other is not None and (self.slug, self.seat, self.bot, self.rng, self.view, self.legal) == (
            other.slug, other.seat, other.bot, other.rng, other.view, other.legal)


@dataclass(frozen=True)
class Answer:
    """The worker's answer: ``index`` of the chosen command among the legal ones asked,
    ``bot`` (the bot after its choice, pickled) and ``rng`` (the stream's state after)."""

    index: int
    bot: bytes
    rng: Any


def encode(value: Any) -> bytes:
    """A view or a list of commands as msgspec MessagePack."""
    return msgspec.msgpack.encode(value)


def ask(game: Game, seat: int, at: int, bot: Any, rng: random.Random, view: Any, legal: list) -> Question:
    """The ``Question`` for ``bot`` at ``seat`` (``LocalSession.bot_question`` calls it).
    Raises ``pickle.PicklingError`` (or ``TypeError``) for a bot that cannot travel or a
    game without a ``view_type``."""
    if game.view_type is None:
        raise TypeError(f"{game.title} has no view type, so its views cannot travel")
    return Question(game.slug, seat, at, dumps(bot), rng.getstate(), encode(view), encode(legal))


def think(question: Question, share: float = 1.0) -> Answer:
    """Make the bot's choice (in a worker; inline it gives the same answer). ``share``
    (0 < share ≤ 1) is the part of its search's time budget the bot may use this once, on
    a busy host (``engine.core.fairqueue``); a search without a clock (``seconds`` None:
    a seeded game's bots) is never shortened, and the bot travels back with its full
    budget. Raises what the bot raises, ``ValueError`` when it chose a command that is
    not legal."""
    game = get(question.slug)
    bot = pickle.loads(question.bot)
    rng = random.Random()
    rng.setstate(question.rng)
    view = msgspec.msgpack.decode(question.view, type=game.view_type)
    legal = msgspec.msgpack.decode(question.legal, type=list[game.command_type])
    search = getattr(bot, "search", None) if isinstance(bot, SearchBot) else None
    seconds = getattr(search, "seconds", None)
    if seconds is not None and share < 1.0:
        search.seconds = seconds * share
    try:
        command = bot.choose(view, legal, rng)
    finally:
        if seconds is not None:
            search.seconds = seconds
    return Answer(legal.index(command), dumps(bot), rng.getstate())


def submit(fn: Any, *args: Any) -> "Future[Any]":
    """Send ``fn(*args)`` to the pool; the future's result is its result. A pool broken
    by a worker that died is made again once."""
    global _pool
    with _without_ctrl_c():  # a worker may start here
        try:
            return pool().submit(fn, *args)
        except BrokenProcessPool:
            _pool = None
            return pool().submit(fn, *args)


def start(question: Question) -> "Future[Answer]":
    """Send ``question`` to the pool (``submit``); the future's result is the ``Answer``."""
    return submit(think, question)


async def run(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in the pool, off the event loop (``fn`` and ``args`` picklable: a
    bot's thought, an analysis, a hint; a worker starts in a thread, so even that never
    holds the loop); its result. Raises what ``fn`` raises; when a worker dies, it is
    asked once more of a new pool, and a second death raises ``BrokenProcessPool``, as
    does ``stop`` while it runs."""
    global _pool
    for attempt in (1, 2):
        stopped = _stopped
        pool()  # made on the caller's thread (see ``pool``); its first worker starts in a thread
        future = await asyncio.to_thread(submit, fn, *args)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            if attempt == 2 or _stopped != stopped:
                raise
            _pool = None
    raise AssertionError("unreachable")


async def answer(question: Question) -> Answer:
    """Await the answer to ``question`` from the pool (``run`` of ``think``)."""
    return await run(think, question)
