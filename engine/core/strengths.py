"""The four bot strengths every game offers: ``easy``, ``normal``, ``hard``, ``expert``.

- ``normal`` is the game's heuristic bot (its ``bots["heuristic"]``).
- ``easy`` is that bot with a beginner's slips: now and then (``EasyBot.SLIP`` of its
  choices) it takes a move at random from those legal instead of its best, the way a
  new player overlooks what the table offers.
- ``hard`` and ``expert`` search (``engine.core.rollouts.RolloutSearch``: ``normal``
  improved by paired play-outs from states dealt from what the seat knows):
  ``hard`` for about 0.3 s a move, ``expert`` for about 1 s, each with a cap on
  play-outs, so a game stays quick on a fast machine. They exist for a game with a
  sampler (``Game.sample``). SO-ISMCTS (kept with the tests, ``tests/ismcts.py``) played worse
  than ``normal`` at these budgets (docs/bots.md).

``random`` and ``heuristic`` stay as the names they were (saves and scripts use them).
``add_strengths(game)`` puts the four into ``game.bots``; the registry does it when a
game loads. ``DESCRIPTIONS`` gives each strength in one line for the forms.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .decider import Game
from .rollouts import RolloutSearch
from .search import SearchBot

#: Strength → what it plays like, in one line for the new-game and room forms.
DESCRIPTIONS = {
    "easy": "a beginner: knows the rules, often misses the best move",
    "normal": "a steady player: takes the best move it sees now",
    "hard": "thinks ahead a moment on every move",
    "expert": "thinks longest: the strongest opponent",
}
#: The strengths in menu order.
STRENGTHS = tuple(DESCRIPTIONS)
#: Search budgets: (play-outs at most, seconds at most) per move, and how many of
#: ``normal``'s preferred commands the search compares (``RolloutSearch.width``; fewer
#: for ``hard``, whose 0.3 s would spread thin over more: docs/bots.md).
BUDGETS = {"hard": (400, 0.3), "expert": (2000, 1.0)}
WIDTHS = {"hard": 4, "expert": 6}


class EasyBot:
    """``normal``'s choice, except that ``SLIP`` of the time it takes a random legal
    command (a beginner's oversight). ``choose(view, legal, rng)`` as every bot."""

    SLIP = 0.35

    def __init__(self, normal: Any, seed: int = 0):
        self.normal = normal
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list, rng: random.Random) -> Any:
        """A random one of ``legal`` with probability ``SLIP``, else ``normal``'s choice.
        ``normal`` is asked every time (a bot that plans a turn ahead keeps its plan in
        step), and a choice the slip made stale is replaced by a random legal one."""
        choice = self.normal.choose(view, legal, rng)
        if choice not in legal or (len(legal) > 1 and self.rng.random() < self.SLIP):
            return legal[self.rng.randrange(len(legal))]
        return choice


def _easy(normal: Callable[[int], Any]) -> Callable[[int], Any]:
    return lambda seed: EasyBot(normal(seed), seed)


def _search(game: Game, strength: str) -> Callable[[int], Any]:
    iterations, seconds = BUDGETS[strength]
    return lambda seed: SearchBot(game, seed, method=RolloutSearch, iterations=iterations, seconds=seconds,
                                  width=WIDTHS[strength])


def add_strengths(game: Game) -> Game:
    """Add ``easy`` and ``normal`` (from ``bots["heuristic"]``) and, when the game has a
    sampler, ``hard`` and ``expert`` to ``game.bots``; returns ``game``. A game without a
    heuristic bot gets none of them."""
    normal = game.bots.get("heuristic")
    if normal is None:
        return game
    game.bots.setdefault("easy", _easy(normal))
    game.bots.setdefault("normal", normal)
    if game.sample is not None:
        for strength in BUDGETS:
            game.bots.setdefault(strength, _search(game, strength))
    return game
