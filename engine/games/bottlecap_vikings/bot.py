"""Bottlecap Vikings bots: ``RandomBot`` and ``HeuristicBot`` (``choose(view, legal, rng)``)."""

from __future__ import annotations

import random
from typing import Any

from .commands import End


class RandomBot:
    """A uniform choice among the legal commands that do something: ``end`` only when
    nothing else is legal (a bot that ends at random seldom reaches the throne)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """One of ``legal`` (not empty)."""
        doing = [c for c in legal if not isinstance(c, End)]
        return rng.choice(doing or legal)


class HeuristicBot(RandomBot):
    """Placeholder: plays like ``RandomBot`` until the heuristic lands."""
