"""Rollout search: the game's own bot, improved by paired play-outs from what a seat knows.

On-line policy improvement (Tesauro and Galperin, "On-line Policy Improvement using
Monte-Carlo Search", NIPS 1996; Bertsekas's rollout algorithm): for each legal command,
play the game on with a base policy (the game's ``normal`` bot for every seat) and take
the command whose play-outs end best. The result is at least as good as the base policy
in expectation, and better wherever one step of look-ahead sees further than the
policy's own evaluation. Each round deals one state from the seat's view
(``Game.sample``, as in SO-ISMCTS: Cowling, Powley and Whitehouse 2012, so nothing the
seat cannot know is read) and plays every command still in the running from it with the
same random stream (common random numbers): the same dice, the same draws. Two commands
are then compared on paired differences, whose noise is far smaller than that of single
play-outs. A command whose paired mean stands below the leader's by more than ``prune``
standard errors is dropped (successive elimination, Even-Dar, Mannor and Mansour, JMLR
7, 2006).

The base policy's own choice (the *hint*) is kept unless a command beats it by ``z``
standard errors of the paired difference, raised for the number of commands that
challenge it (``family_z``: the leader is the best of several noisy means): with a few hundred play-outs, a search that
trusted raw means would trade the heuristic's sound choice for noise (the first
measurements of plain SO-ISMCTS, docs/bots.md).

Why not the tree: at about a second a move, these games give a few hundred play-outs of
a heuristic bot (0.02–0.5 ms a choice, 80–240 moves a game), spread over 5–30 commands.
A tree below the root would see a handful of visits per node; the budget is better spent
comparing the root's commands well. The tree (SO-ISMCTS, ``Search`` in the tests'
``ismcts.py``) stays with the tests, for comparison.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

from .decider import Game
from .playout import DEPTH_TO_END, HeuristicPolicy, outcome, play_out, seats, simulate


def paired_difference(a: list[float], b: list[float]) -> tuple[float, float]:
    """``(mean, error)`` of ``a[k] - b[k]`` over the rounds both played: the mean
    difference and its standard error ((0.0, 0.0) for fewer than two rounds)."""
    k = min(len(a), len(b))
    if k < 2:
        return 0.0, 0.0
    diffs = [x - y for x, y in zip(a[:k], b[:k])]
    mean = sum(diffs) / k
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1) / k)


def paired_error(a: list[float], b: list[float]) -> float:
    """The standard error of the mean of ``a[k] - b[k]`` over the rounds both played
    (0.0 for fewer than two): how surely one command's rewards differ from another's."""
    return paired_difference(a, b)[1]


def tells_apart(rewards: list[list[float]], z: float = 1.5) -> bool:
    """Whether paired play-outs tell any command apart from the first: ``rewards[0]`` are
    the rounds of the base bot's own choice (the hint, ``RolloutSearch.candidates``'s
    first), ``rewards[i]`` another command's on the same rounds. True when some
    command's paired mean stands above or below the first's by more than ``z`` standard
    errors of the differences (a difference the same on every round, error 0, counts). False means the search has nothing trustworthy to add
    here: its play-outs say no more than the base bot's choice does, so a hint should
    offer that choice as the base bot's, and a grade should not blame a move by those
    means."""
    if len(rewards) < 2:
        return False
    for other in rewards[1:]:
        if beats(other, rewards[0], z) or beats(rewards[0], other, z):  # a gain the same every round counts
            return True
    return False


def family_z(z: float, challengers: int) -> float:
    """The standard errors one of ``challengers`` must beat the hint by so that the
    chance that *any* of them does so by noise alone is what ``z`` gives one (one-sided):
    the Šidák correction, ``Φ⁻¹(1 − α/…)`` with each test at ``1 − (1 − α)^(1/m)``,
    ``α = 1 − Φ(z)``. The leader is the best of ``challengers`` noisy means, so testing it
    at ``z`` alone would take noise for a gain (1.5 → 2.0 for 3 challengers, 2.2 for 5).
    ``challengers`` below 2: ``z``."""
    if challengers < 2:
        return z
    normal = statistics.NormalDist()
    alpha = 1.0 - normal.cdf(z)
    return normal.inv_cdf((1.0 - alpha) ** (1.0 / challengers))


def beats(a: list[float], b: list[float], z: float) -> bool:
    """Whether rewards ``a`` beat ``b`` by ``z`` standard errors of their paired
    differences (the rounds both played): with no spread (error 0), by any gain."""
    mean, error = paired_difference(a, b)  # (0.0, 0.0) before two rounds: no
    return mean > 0 if error == 0.0 else mean > z * error


class RolloutSearch:
    """Paired rollouts for a seat of ``game``: ``run(view, seat, legal, rng)`` returns one
    of ``legal``.

    ``iterations`` bounds the play-outs (each command's in a round counts one) and
    ``seconds`` the time, whichever comes first (None: no clock); a round that does not
    fit is not begun, and a move with no round played is the base bot's choice.
    ``policy`` plays every seat (``HeuristicPolicy(game, epsilon=0)``, the ``normal``
    bot, by default); play-outs run for ``depth`` commands (``Game.horizon``, else to the
    end), then are scored by ``outcome`` with ``scale`` (``Game.lead``). At most
    ``width`` commands are compared (``candidates``). ``z`` and ``prune`` are the
    standard errors to beat the hint (for one challenger; ``family_z`` raises it for
    more) and to drop a command; ``least`` rounds are played
    before either. After ``run``, ``last_distinct`` says whether its play-outs told any
    command apart from the hint (``tells_apart``; False when the move was the hint for
    want of evidence, or had one legal command). Raises ``ValueError`` when the game has
    no sampler.
    """

    def __init__(self, game: Game, *, iterations: int = 1000, seconds: float | None = None,
                 policy: HeuristicPolicy | None = None, depth: int | None = None, scale: float | None = None,
                 z: float = 1.5, prune: float = 2.5, least: int = 4, width: int = 8):
        if game.sample is None:
            raise ValueError(f"{game.title} has no sampler, so no search bot")
        self.game, self.iterations, self.seconds = game, max(1, iterations), seconds
        self.policy = policy if policy is not None else HeuristicPolicy(game, epsilon=0.0)
        self.depth = depth if depth is not None else game.horizon or DEPTH_TO_END
        self.scale = scale if scale is not None else game.lead
        self.z, self.prune, self.least, self.width = z, prune, least, width
        self.last_iterations, self.last_rounds, self.last_distinct = 0, 0, False
        self.means: dict[Any, float] = {}

    def run(self, view: Any, seat: int, legal: list, rng: random.Random) -> Any:
        """The chosen command of ``legal`` for ``seat``, from ``view`` (what it sees)."""
        self.last_iterations, self.last_rounds, self.means, self.last_distinct = 0, 0, {}, False
        self.policy.bots = {}  # fresh bots each move: inline or in a worker, the same choices
        if len(legal) == 1:
            return legal[0]
        live = self.candidates(view, seat, legal, random.Random(rng.getrandbits(64)))
        hint, switch = live[0], family_z(self.z, len(live) - 1)
        rewards: dict[Any, list[float]] = {c: [] for c in live}
        end = None if self.seconds is None else time.perf_counter() + self.seconds
        done = rounds = 0
        while done + len(live) <= self.iterations and len(live) > 1:
            state = self.game.sample(view, seat, random.Random(rng.getrandbits(64)))
            stream = rng.getrandbits(64)
            played = []
            for command in live:
                if end is not None and time.perf_counter() >= end:
                    break  # out of time mid-round: the round is not paired, so it is dropped
                played.append(self.rate(state, seat, command, random.Random(stream)))
            if len(played) < len(live):
                break
            for command, reward in zip(live, played):
                rewards[command].append(reward)
            done += len(live)
            rounds += 1
            if rounds >= self.least:
                live = self._survivors(live, rewards, rounds, hint)
        self.last_iterations, self.last_rounds = done, rounds
        self.means = {c: sum(r) / len(r) for c, r in rewards.items() if r}
        self.last_distinct = tells_apart([rewards[hint]] + [r for c, r in rewards.items() if c != hint], self.z)
        if len(live) == 1:
            return live[0]
        leader = max(live, key=lambda c: sum(rewards[c]))
        if leader == hint or hint not in live:
            return leader
        return leader if beats(rewards[leader], rewards[hint], switch) else hint

    def candidates(self, view: Any, seat: int, legal: list, rng: random.Random) -> list:
        """At most ``width`` of ``legal`` (each once), the base bot's own choice first:
        the base bot's choices in its order of preference (asked again with each choice
        taken away, the way a player names a first, second and third idea), then, when it
        cannot rank further, commands at random. The search compares only these: with
        dozens of legal commands (a harbour, a hand of cards) a round over all of them
        would not fit a second."""
        left = list(dict.fromkeys(legal))
        bot, ranked = self.policy.bot(seat), []
        while left and len(ranked) < self.width:
            choice = bot.choose(view, left, random.Random(rng.getrandbits(64))) if len(left) > 1 else left[0]
            if choice not in left:
                break
            ranked.append(choice)
            left.remove(choice)
        rng.shuffle(left)
        return (ranked + left)[:max(1, self.width)]

    def rate(self, state: Any, seat: int, command: Any, rng: random.Random) -> float:
        """``seat``'s reward (0–1, ``playout.outcome`` with ``scale``) after ``command`` in
        ``state`` (a dealt state) and a play-out of ``depth`` commands with ``rng``."""
        return self.rates(state, seat, command, rng)[seat]

    def rates(self, state: Any, seat: int, command: Any, rng: random.Random) -> list[float]:
        """Every seat's reward (0–1 each, seat order) after ``seat``'s ``command`` in
        ``state`` and a play-out, as ``rate`` plays it (the same ``rng``, the same game)."""
        game = self.game
        n = seats(state)
        state = play_out(game, simulate(game, state, seat, command, rng), seat, self.policy, self.depth, rng)
        return outcome(game, state, n, self.scale)

    def _survivors(self, live: list, rewards: dict, rounds: int, hint: Any) -> list:
        """The commands not worse than the leader by ``prune`` standard errors of their
        paired differences (the hint is judged like any other)."""
        leader = max(live, key=lambda c: sum(rewards[c]))
        return [c for c in live if c == leader or not beats(rewards[leader], rewards[c], self.prune)]

