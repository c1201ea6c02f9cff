"""The arena: seeded bot-only games that measure the bots' strengths (issue 24, must-hold 4).

``boxtop arena SLUG --seats expert,normal --games N`` is built on this module; it is pure
(no UI library) so a test or a script can play and count the same games.

- **The lineup** (``lineup``): the seat kinds given, one seat each, in that order; when the
  table has more seats than kinds, the first kind still sits once and the other kinds fill
  the remaining seats in turn (``expert,normal`` at 3 seats is expert, normal, normal;
  ``expert,hard,normal`` at 5 is expert, hard, normal, hard, normal). The first kind is
  the one being measured, the rest are its field.
- **The rotation** (``seating``): game ``g`` (0, 1, …) seats the lineup rotated ``g``
  places to the right, so over every ``players`` consecutive games each entry of the
  lineup sits in each seat once (seat order matters: who starts, who answers last).
- **The seeds**: game ``g`` is played with seed ``seed + g``, exactly as ``boxtop demo``
  would play it with those seats; a game depends only on its seed and seats, so games
  run in any order, in several worker processes (``play``).
- **A win**: each of ``k`` winners of a game counts ``1/k`` (a shared or co-operative
  win); a game nobody wins counts for nobody.
- **The time** is each bot's ``choose`` measured by the wall clock, for every move it
  makes (a move with one legal command too: a player waits for that as well).
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import time
from dataclasses import dataclass, replace
from typing import Any, Iterator, Sequence

from .errors import IllegalCommand
from .log import Seat
from .registry import get
from .search import SearchBot
from .session import LocalSession
from .strengths import BUDGETS
from .seating_options import for_table

#: The normal quantile for a 95 % interval.
Z95 = 1.959963984540054
#: A game longer than this many moves is stopped as a fault of the bots.
MOVE_LIMIT = 100_000


class ArenaError(ValueError):
    """An arena that cannot be played: a bad kind or player count, or a game the bots
    could not finish (a command the rules refused, no bot left to move). Its text is one
    line for the command line."""


@dataclass(frozen=True)
class GameRecord:
    """One finished arena game: its ``seed``; by seat, ``kinds`` (the bot kind),
    ``shares`` (its share of the win: ``1/k`` for each of ``k`` winners, else 0) and
    ``times`` (the seconds each of its moves took)."""

    seed: int
    kinds: tuple[str, ...]
    shares: tuple[float, ...]
    times: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class KindTally:
    """One seat kind over an arena: ``seats`` it holds in every game, ``games`` played,
    ``wins`` (shared wins as fractions), ``moves`` made, ``seconds`` (their sum) and
    ``longest`` (one move's most)."""

    kind: str
    seats: int
    games: int
    wins: float
    moves: int
    seconds: float
    longest: float

    @property
    def share(self) -> float:
        """The part of the games a seat of this kind won (0 without games)."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of ``share``."""
        return wilson(self.wins, self.games)

    def chance(self, players: int) -> float:
        """The share that chance gives: ``seats`` of ``players``."""
        return self.seats / players

    @property
    def mean(self) -> float:
        """Mean seconds per move (0 without moves)."""
        return self.seconds / self.moves if self.moves else 0.0


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion: ``k`` successes (a
    fraction allowed, for shared wins) in ``n`` trials, at the normal quantile ``z``
    (95 % by default). Wilson (1927), "Probable inference, the law of succession, and
    statistical inference": unlike the normal approximation it stays inside [0, 1] and
    is sound at 0 or ``n`` successes (0 of 10 gives 0 to 0.278). ``n`` = 0 gives (0, 1).
    Raises ``ValueError`` unless 0 ≤ ``k`` ≤ ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    if not -1e-9 <= k <= n + 1e-9:  # shares of a win summed may stray by a rounding
        raise ValueError(f"{k} successes are not between 0 and {n}")
    k = min(max(k, 0.0), n)
    p, z2 = k / n, z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def lineup(kinds: Sequence[str], players: int) -> list[str]:
    """The seat kinds of a table of ``players`` from ``kinds`` (see the module's text):
    the kinds once each, then the kinds after the first in turn until every seat is
    filled. Raises ``ArenaError`` when there are more kinds than seats or no kinds."""
    kinds = list(kinds)
    if not kinds:
        raise ArenaError("give at least one seat kind")
    if len(kinds) > players:
        raise ArenaError(f"{len(kinds)} seat kinds need at least {len(kinds)} players, not {players}")
    field = kinds[1:] or kinds
    return kinds + [field[i % len(field)] for i in range(players - len(kinds))]


def seating(kinds: Sequence[str], game: int) -> list[str]:
    """The seats of arena game ``game`` (0, 1, …): ``kinds`` (a lineup) rotated ``game``
    places to the right, so seat ``j`` gets ``kinds[(j - game) % len(kinds)]``."""
    n = len(kinds)
    return [kinds[(j - game) % n] for j in range(n)]


def check(slug: str, kinds: Sequence[str], players: int | None = None,
          options: dict[str, Any] | None = None) -> list[str]:
    """The lineup (``lineup``) for ``kinds`` at ``slug``'s table of ``players`` (None:
    as many as the kinds, at least the game's fewest), after checking what ``play_game``
    needs: a known game (``KeyError`` otherwise), bot kinds the game has, a player count
    it takes and options it knows (``ArenaError``, one line)."""
    game = get(slug)
    for kind in kinds:
        if kind in BUDGETS and kind not in game.bots and game.sample is None:
            raise ArenaError(f"{game.title} has no {kind} bot yet: searching needs a state dealt from a seat's view")
        if kind not in game.bots:
            raise ArenaError(f"{game.title} has no bot {kind!r}; bots are: {', '.join(game.bots)}")
    n = players if players is not None else max(len(kinds), game.min_players)
    if not game.min_players <= n <= game.max_players:
        raise ArenaError(f"{game.title} takes {game.min_players}–{game.max_players} players, not {n}")
    seats = lineup(kinds, n)
    try:
        game.options_from(for_table(game.Options, options, 0))
    except ValueError as err:
        raise ArenaError(str(err)) from None
    return seats


def budget(kind: str, seconds: float | None = None, iterations: int | None = None) -> tuple[int, float | None]:
    """A search kind's budget a move, ``(iterations at most, seconds at most or None)``:
    the strength's own (``strengths.BUDGETS``) when neither is given; ``seconds`` alone
    lifts the iteration cap (the bot thinks that long); ``iterations`` alone drops the
    clock (a reproducible game); both bound it, whichever comes first."""
    if seconds is None and iterations is None:
        return BUDGETS[kind]
    return (iterations if iterations is not None else 10**9, seconds)


class _Timed:
    """A bot whose every ``choose`` is timed into ``times``."""

    def __init__(self, bot: Any, times: list[float]):
        self.bot, self.times = bot, times

    def choose(self, view: Any, legal: list, rng: Any) -> Any:
        start = time.perf_counter()
        command = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - start)
        return command


def play_game(slug: str, kinds: Sequence[str], seed: int, options: dict[str, Any] | None = None,
              seconds: float | None = None, iterations: int | None = None) -> GameRecord:
    """Play one game of ``slug`` to its end with bots of ``kinds`` by seat (seat ``i`` is
    named ``kind`` and its number, as ``demo`` names bots) and ``seed``; ``options`` as a
    dict (a table of bots, so ``ALONE`` options apply). The search kinds (``hard``,
    ``expert``) think within ``budget(kind, seconds, iterations)`` a move. Returns the
    ``GameRecord``: by seat, its kind, its share of the win and each move's seconds.

    Raises ``ArenaError`` when a bot gives a command the rules refuse or the bots stop
    before the end."""
    game = get(slug)
    times: list[list[float]] = [[] for _ in kinds]

    def factory(i: int, kind: str):
        def make(bot_seed: int) -> _Timed:
            bot = game.bots[kind](bot_seed)
            if kind in BUDGETS and isinstance(bot, SearchBot):
                bot.search.iterations, bot.search.seconds = budget(kind, seconds, iterations)
            return _Timed(bot, times[i])
        return make

    keys = [f"{kind}@{i}" for i, kind in enumerate(kinds)]
    table = replace(game, bots={key: factory(i, kind) for i, (key, kind) in enumerate(zip(keys, kinds))})
    seats = [Seat(f"{kind}{i + 1}", key) for i, (kind, key) in enumerate(zip(kinds, keys))]
    session = LocalSession(table, seats, seed, for_table(game.Options, options, 0))
    where = f"{game.title}, seed {seed}"
    for _ in range(MOVE_LIMIT):
        if session.result() is not None:
            break
        seat = session.bot_to_act()
        try:
            entry = session.step_bot() if seat is not None else None
        except IllegalCommand as err:
            raise ArenaError(f"{where}: the {kinds[seat]} bot in seat {seat + 1} gave a command the rules refuse: {err}") from None
        if entry is None:
            raise ArenaError(f"{where}: the bots stopped before the end of the game")
    result = session.result()
    if result is None:
        raise ArenaError(f"{where}: the game did not end in {MOVE_LIMIT} moves")
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return GameRecord(seed, tuple(kinds), tuple(share if i in result.winners else 0.0 for i in range(len(kinds))),
                      tuple(tuple(t) for t in times))


def _play_one(job: tuple) -> GameRecord:
    return play_game(*job)


def _quiet() -> None:
    """A worker's start: Ctrl+C is the parent's to handle (it ends the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play(slug: str, kinds: Sequence[str], games: int, seed: int = 0, jobs: int = 1,
         options: dict[str, Any] | None = None, seconds: float | None = None,
         iterations: int | None = None) -> Iterator[GameRecord]:
    """Play ``games`` arena games of ``slug`` from the lineup ``kinds`` (``lineup``):
    game ``g`` with ``seating(kinds, g)`` and seed ``seed + g`` (``play_game``, with
    ``options``, ``seconds`` and ``iterations``). Yields each ``GameRecord`` as it ends:
    in order with ``jobs`` = 1 (in this process), in the order they finish with more
    (``jobs`` worker processes, at most one per game). Closing the iterator early ends
    the workers at once. Raises what ``play_game`` raises."""
    work = [(slug, seating(kinds, g), seed + g, options, seconds, iterations) for g in range(games)]
    if jobs <= 1 or games <= 1:
        for job in work:
            yield _play_one(job)
        return
    pool = multiprocessing.Pool(min(jobs, games), initializer=_quiet)
    try:
        yield from pool.imap_unordered(_play_one, work)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def tally(records: Sequence[GameRecord], kinds: Sequence[str]) -> list[KindTally]:
    """Each kind of the lineup ``kinds`` (each once, in their order) over ``records``:
    the seats it holds a game, the games, its wins (shares summed over its seats), its
    moves, their seconds summed and the longest."""
    out = []
    for kind in dict.fromkeys(kinds):
        wins, moves, seconds, longest = 0.0, 0, 0.0, 0.0
        for record in records:
            for k, share, times in zip(record.kinds, record.shares, record.times):
                if k == kind:
                    wins += share
                    moves += len(times)
                    seconds += sum(times)
                    longest = max(longest, max(times, default=0.0))
        out.append(KindTally(kind, list(kinds).count(kind), len(records), wins, moves, seconds, longest))
    return out
