"""Bots: ``choose(view, legal, rng) -> Command``, seeing only their seat's view.

A bot never reads the true state: the session hands it ``game.view(state, seat)`` and
the list of legal commands. Bots are made per seat by a factory ``(seed) -> Bot`` so a
bot with a hidden character (a taste, a style) keeps it for the whole game.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

#: A game's own random choice: ``(view, legal, rng) -> command`` (one of ``legal``).
Pick = Callable[[Any, list, random.Random], Any]


class Bot(Protocol):
    """A player the machine plays. ``choose`` returns one of ``legal``."""

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Picks at random among the legal commands: the baseline every other bot must beat.

    Every game's ``bots["random"]``. Without ``pick`` the choice is uniform
    (``rng.choice(legal)``); a game where a uniform choice would seldom finish a game
    (ending every turn at once, never committing a phase) gives its own ``pick``, still
    random but among the commands that move the game on, registered as
    ``functools.partial(RandomBot, pick=...)``. ``pick`` must be a module-level function
    (bots are pickled to think in another process). ``seed`` is kept as every bot keeps
    it; the randomness is the session's seeded ``rng``."""

    def __init__(self, seed: int = 0, pick: Pick | None = None):
        self.seed = seed
        self.pick = pick

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """``pick(view, legal, rng)``, or ``rng.choice(legal)`` without a ``pick``;
        ``legal`` must not be empty."""
        if self.pick is not None:
            return self.pick(view, legal, rng)
        return rng.choice(legal)
