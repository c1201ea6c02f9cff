"""The tree search: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
Transactions on Computational Intelligence and AI in Games 4(2), 2012), algorithm 3;
OpenSpiel's ``is_mcts``. One tree is grown over the searching seat's information set:
every iteration deals a whole state at random consistently with what the seat knows
(``Game.sample``, a *determinization*), walks the tree down the commands that are legal
in that state, adds one node, plays the game out, and backs the outcome up. A node's
statistics are shared by every determinization that reached it, so the search never
plans on a fact the seat cannot know. Chance (a die, a draw) is dealt by the search's
own ``random.Random`` inside ``decide``, never read ahead from the game's RNG.

The search is generic over the deciders (``Game``): it asks ``sample`` and, through the
play-outs (``engine.core.playout``: the player to move, ``simulate``, ``play_out``,
``outcome``), ``legal``, ``to_act``, ``decide``, ``evolve`` and ``result``, nothing else.
No strength plays it (it played worse than the game's own bot at the app's budgets:
docs/bots.md), so it lives with the tests: they run it (Nim, every game's sampler, the
hidden-information test), and ``engine.core.search.SearchBot(game, seed, method=Search,
seconds=…)`` is their bot that thinks as long as they ask.

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
from typing import Any

from engine.core.decider import Game
from engine.core.playout import DEPTH, DEPTH_TO_END, Policy, actor, outcome, play_out, random_policy, seats, simulate


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
