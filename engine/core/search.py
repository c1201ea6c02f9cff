"""Search bots: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
Transactions on Computational Intelligence and AI in Games 4(2), 2012), algorithm 3;
OpenSpiel's ``is_mcts``. One tree is grown over the searching seat's information set:
every iteration deals a whole state at random consistently with what the seat knows
(``Game.sample``, a *determinization*), walks the tree down the commands that are legal
in that state, adds one node, plays the game out, and backs the outcome up. A node's
statistics are shared by every determinization that reached it, so the search never
plans on a fact the seat cannot know. Chance (a die, a draw) is dealt by the search's
own ``random.Random`` inside ``decide``, never read ahead from the game's RNG.

The search is generic over the deciders (``Game``): it asks ``sample``, ``legal``,
``to_act``, ``decide``, ``evolve`` and ``result``, nothing else; it never builds log
entries, notation or views while it simulates (``simulate``).

- Selection: UCB1 with availability counts ("a node's availability is the number of
  iterations in which it was legal", the paper's section IV.B), exploration ``c``.
- The player to move: when several seats may act (a simultaneous phase, a reaction
  window), the searching seat moves first, so no node of its own is ever reached below
  another seat's secret choice; otherwise the lowest seat.
- Play-out: a policy ``(state, seat, legal, rng) -> command`` (random by default) for at
  most ``depth`` commands (``DEPTH`` with a ``Game.standing``, else ``DEPTH_TO_END``).
  An unfinished play-out is scored by ``Game.standing``: the seats standing best share
  the win, the way a game cut short is often settled ("rank at the horizon"); without
  it, it counts as a draw (every seat ``1/n``).
- Outcome: a seat's share of the win (``1/k`` for each of ``k`` winners, 0 otherwise);
  the co-operative games' shared win is everyone's.

Budgets are iterations (reproducible: a seeded game with search bots plays the same on
any machine) or seconds (the app's bots), whichever comes first.
"""

from __future__ import annotations

import math
import random
import time
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


class Node:
    """One node of the tree: the ``command`` that led here, given by ``mover``; its
    ``visits``, ``available`` (iterations in which it was legal) and ``reward`` (the
    mover's summed outcome); ``children`` by command."""

    __slots__ = ("command", "mover", "parent", "children", "visits", "available", "reward")

    def __init__(self, command: Any = None, mover: int = -1, parent: "Node | None" = None):
        self.command, self.mover, self.parent = command, mover, parent
        self.children: dict[Any, Node] = {}
        self.visits, self.available, self.reward = 0, 0, 0.0

    def ucb(self, c: float) -> float:
        """UCB1 over availability: mean reward plus ``c·√(ln available / visits)``."""
        return self.reward / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


class Search:
    """SO-ISMCTS for seat ``seat`` of ``game``: ``run(view, legal, rng)`` returns the
    command of ``legal`` the root child visited most.

    ``iterations`` (≥ 1) and ``seconds`` (None: no clock) bound the search, whichever
    comes first; ``c`` is UCB's exploration; ``policy`` plays the games out for at most
    ``depth`` commands. Raises ``ValueError`` when the game has no ``sample``.
    """

    def __init__(self, game: Game, *, iterations: int = 1000, seconds: float | None = None, c: float = 0.7,
                 policy: Policy = random_policy, depth: int | None = None):
        if game.sample is None:
            raise ValueError(f"{game.title} has no sampler, so no search bot")
        self.game, self.iterations, self.seconds = game, max(1, iterations), seconds
        self.c, self.policy = c, policy
        self.depth = depth if depth is not None else DEPTH if game.standing is not None else DEPTH_TO_END
        self.last_iterations = 0

    def run(self, view: Any, seat: int, legal: list, rng: random.Random) -> Any:
        """The chosen command for ``seat`` (one of ``legal``) from ``view``, what it sees."""
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        game, root = self.game, Node()
        allowed = set(legal)
        end = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations and (end is None or done == 0 or time.perf_counter() < end):
            self._iterate(root, view, seat, allowed, random.Random(rng.getrandbits(64)))
            done += 1
        self.last_iterations = done
        best = max((child for child in root.children.values()), key=lambda ch: (ch.visits, ch.reward))
        return best.command

    def _iterate(self, root: Node, view: Any, seat: int, allowed: set, rng: random.Random) -> None:
        game = self.game
        state = game.sample(view, seat, rng)
        n = seats(state)
        node, path = root, [root]
        expanded = False
        while True:
            mover = actor(game, state, seat)
            if mover < 0:
                break
            legal = game.legal(state, mover)
            if node is root:
                legal = [c for c in legal if c in allowed] or legal
            if not legal:
                break
            for command in legal:
                child = node.children.get(command)
                if child is not None:
                    child.available += 1
            untried = [c for c in legal if c not in node.children]
            if untried:
                command = untried[rng.randrange(len(untried))]
                child = node.children[command] = Node(command, mover, node)
                child.available = 1
                expanded = True
            else:
                child = max((node.children[c] for c in legal), key=lambda ch: ch.ucb(self.c))
                command = child.command
            state = simulate(game, state, mover, command, rng)
            node = child
            path.append(node)
            if expanded:
                break
        state = play_out(game, state, seat, self.policy, self.depth, rng)
        reward = outcome(game, state, n)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += reward[visited.mover]


def seats(state: Any) -> int:
    """The number of seats of a state (every game's state has ``n`` or ``players``)."""
    n = getattr(state, "n", None)
    return n if isinstance(n, int) else len(state.players)


class SearchBot:
    """A bot (``engine.core.bots.Bot``) that searches: ``choose(view, legal, rng)`` runs
    ``method`` (``Search`` by default; ``rollouts.RolloutSearch`` for the strengths) made
    with ``search`` for the view's seat (``view.me``) with its own generator, seeded once
    from ``seed`` so a seeded game plays the same moves on any machine when ``seconds``
    is None."""

    def __init__(self, game: Game, seed: int = 0, method: type | None = None, **search: Any):
        self.search = (method or Search)(game, **search)
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list, rng: random.Random) -> Any:
        """One of ``legal``: the search's choice (``rng``, the session's, is not used, so
        the search's randomness stays its own)."""
        return self.search.run(view, view.me, legal, self.rng)
