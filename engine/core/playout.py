"""Play-outs: a game simulated on from a state, and what its end is worth to each seat.

The plumbing every search shares (``engine.core.rollouts``, ``engine.core.analysis``, the
tests' SO-ISMCTS), generic over the deciders (``Game``): it asks ``legal``,
``to_act``, ``decide``, ``evolve``, ``result`` and ``standing``, nothing else, and never
builds log entries, notation or views while it simulates (``simulate``).

- The player to move (``actor``): when several seats may act (a simultaneous phase, a
  reaction window), the searching seat moves first, so no choice of its own is ever made
  below another seat's secret choice; otherwise the lowest seat.
- Play-out (``play_out``): a policy ``(state, seat, legal, rng) -> command`` (uniformly
  random, ``random_policy``, or the game's own bot, ``HeuristicPolicy``) for at most
  ``depth`` commands (``DEPTH`` with a ``Game.standing``, else ``DEPTH_TO_END``).
- Outcome (``outcome``): a seat's share of the win (``1/k`` for each of ``k`` winners,
  0 otherwise; the co-operative games' shared win is everyone's). An unfinished play-out
  is scored by ``Game.standing``: the seats standing best share the win, the way a game
  cut short is often settled ("rank at the horizon"); without it, it counts as a draw.

Chance (a die, a draw) is dealt by the caller's own ``random.Random`` inside ``decide``,
never read ahead from the game's RNG.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .decider import Game, fold

#: A play-out policy: ``(state, seat, legal, rng) -> command``.
Policy = Callable[[Any, int, list, random.Random], Any]
#: Play-out length in commands: scored by ``Game.standing`` there, or run to the end.
DEPTH, DEPTH_TO_END = 40, 400


def random_policy(state: Any, seat: int, legal: list, rng: random.Random) -> Any:
    """A uniformly random legal command (the play-out of plain MCTS)."""
    return legal[rng.randrange(len(legal))]


class HeuristicPolicy:
    """A play-out policy that plays as the game's ``kind`` bot (``normal`` by default)
    from each seat's view, with ``epsilon`` of its moves at random so play-outs still
    vary. A bot's choice that is not legal (a plan gone stale) is replaced by a random
    legal command. Rollouts with a good policy, improved by search, beat the policy
    itself (Tesauro and Galperin, "On-line policy improvement using Monte-Carlo search",
    NIPS 1996). Pickles without its bots (a worker makes its own)."""

    def __init__(self, game: Game, kind: str = "normal", epsilon: float = 0.1):
        self.game, self.kind, self.epsilon = game, kind, epsilon
        self.bots: dict[int, Any] = {}

    def __getstate__(self) -> dict:
        return {"game": self.game, "kind": self.kind, "epsilon": self.epsilon, "bots": {}}

    def bot(self, seat: int) -> Any:
        """Seat ``seat``'s bot of ``kind``, made on first use (seeded with the seat)."""
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.game.bots[self.kind](seat)
        return bot

    def persona(self, state: Any, seat: int) -> Any:
        """The bot for ``seat`` in ``state``: the game's ``persona`` for a character the
        sampler dealt (``normal`` play only), else ``bot(seat)``."""
        if self.game.persona is not None and self.kind in ("normal", "heuristic"):
            dealt = self.game.persona(state, seat)
            if dealt is not None:
                return dealt
        return self.bot(seat)

    def __call__(self, state: Any, seat: int, legal: list, rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if rng.random() >= self.epsilon:
            bot = self.persona(state, seat)
            choice = bot.choose(self.game.view(state, seat), legal, rng)
            if choice in legal:
                return choice
        return legal[rng.randrange(len(legal))]


def actor(game: Game, state: Any, seat: int) -> int:
    """Who moves next in the search: ``seat`` when it may act, else the lowest seat that
    may; -1 when nobody may (the game is over)."""
    acting = game.to_act(state)
    if not acting:
        return -1
    return seat if seat in acting else min(acting)


def simulate(game: Game, state: Any, seat: int, command: Any, rng: random.Random) -> Any:
    """The state after ``seat`` gives ``command``: ``decide`` then its events folded
    (``fold``: not again where the transaction already folded them), with no log entry,
    notation or view. Raises what ``decide`` raises."""
    return fold(game, state, game.decide(state, seat, command, rng))


def play_out(game: Game, state: Any, seat: int, policy: Policy, depth: int, rng: random.Random) -> Any:
    """The state after at most ``depth`` commands chosen by ``policy`` for whoever moves
    (``actor``, ``seat`` first), or sooner when the game ends or nobody has a command."""
    for _ in range(depth):
        mover = actor(game, state, seat)
        if mover < 0:
            break
        legal = game.legal(state, mover)
        if not legal:
            break
        state = simulate(game, state, mover, policy(state, mover, legal, rng), rng)
    return state


def outcome(game: Game, state: Any, n: int, scale: float | None = None) -> list[float]:
    """Each seat's reward for a finished game: its share of the win (``1/k`` for each of
    ``k`` winners). An unfinished one: the share of the seats standing best
    (``Game.standing``), else a draw (``1/n`` each). With a ``scale`` (``Game.lead``) and
    a standing, a lead counts too: an unfinished game (a play-out cut at the horizon)
    gives each seat a logistic of its lead over the best other seat (``scale`` standing
    points per e-fold). A finished game always scores its result alone: 1 for a sole win,
    ``1/k`` for a win shared by ``k``, 0 for a loss, so a certain win reads 100 % and a
    certain loss 0 %, however narrow (a margin at the end is not a chance to win). A
    solo game has no one to beat: its score is the measure, as when it is unfinished."""
    result = game.result(state)
    if result is None or not result.winners:
        if result is None and game.standing is not None:
            standing = game.standing(state)
            if scale:
                return [_margin(standing, i, scale) for i in range(n)]
            top = max(standing)
            leaders = [i for i, x in enumerate(standing) if x >= top - 1e-9]
            return [1.0 / len(leaders) if i in leaders else 0.0 for i in range(n)]
        return [1.0 / n] * n
    if n == 1 and scale and game.standing is not None:  # a solo game: its score is the measure
        return [_margin(game.standing(state), 0, scale)]
    share = 1.0 / len(result.winners)
    return [share if i in result.winners else 0.0 for i in range(n)]


#: A lone seat (a solo game) has no one to lead: its standing itself is put on the
#: logistic curve, this many times flatter, so that a better score is a higher share.
SOLO_FLATTER = 10.0


def _margin(standing: list[float], i: int, scale: float) -> float:
    """Seat ``i``'s chance of winning from its lead over the best other seat, by a
    logistic curve with ``scale`` standing points per e-fold (0.5 when level); a lone
    seat's own standing on a curve ``SOLO_FLATTER`` times flatter."""
    others = [x for j, x in enumerate(standing) if j != i]
    lead, scale = (standing[i] - max(others), scale) if others else (standing[i], scale * SOLO_FLATTER)
    return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -lead / scale))))


def seats(state: Any) -> int:
    """The number of seats of a state (every game's state has ``n`` or ``players``)."""
    n = getattr(state, "n", None)
    return n if isinstance(n, int) else len(state.players)
