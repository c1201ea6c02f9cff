"""The search bot: a seat played by a search (``engine.core.rollouts.RolloutSearch`` for
the strengths ``hard`` and ``expert``), with a generator of its own so a seeded game
plays the same moves on any machine.
"""

from __future__ import annotations

import random
from typing import Any

from .decider import Game


class SearchBot:
    """A bot (``engine.core.bots.Bot``) that searches: ``choose(view, legal, rng)`` runs
    ``method`` (a class made as ``method(game, **search)`` with ``run(view, seat, legal,
    rng)``: ``rollouts.RolloutSearch`` for the strengths) for the view's seat
    (``view.me``) with its own generator, seeded once from ``seed`` so a seeded game
    plays the same moves on any machine when ``seconds`` is None."""

    def __init__(self, game: Game, seed: int = 0, *, method: type, **search: Any):
        self.search = method(game, **search)
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: list, rng: random.Random) -> Any:
        """One of ``legal``: the search's choice (``rng``, the session's, is not used, so
        the search's randomness stays its own)."""
        return self.search.run(view, view.me, legal, self.rng)
