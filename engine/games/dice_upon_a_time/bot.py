"""Dice Upon a Time's bots: ``RandomBot`` and ``HeuristicBot`` (``choose(view, legal, rng)``).

Both see only their seat's ``view.View`` and the legal commands, with the engine's
seeded RNG (``engine.core.bots``).
"""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    """Chooses uniformly among the legal commands (the baseline)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list, rng: random.Random):
        """One of ``legal`` (not empty), at random."""
        return rng.choice(legal)


class HeuristicBot(RandomBot):
    """Plays to win (to be written: for now it plays like ``RandomBot``)."""
