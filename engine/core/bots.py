"""Bots: ``choose(view, legal, rng) -> Command``, seeing only their seat's view.

A bot never reads the true state: the session hands it ``game.view(state, seat)`` and
the list of legal commands. Bots are made per seat by a factory ``(seed) -> Bot`` so a
bot with a hidden character (a taste, a style) keeps it for the whole game.
"""

from __future__ import annotations

import random
from typing import Any, Protocol


class Bot(Protocol):
    """A player the machine plays. ``choose`` returns one of ``legal``."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal commands: the baseline every other bot must beat."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """Return ``rng.choice(legal)``; ``legal`` must not be empty."""
        return rng.choice(legal)
