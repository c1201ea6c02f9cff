"""The per-(seed, ply) random number generator.

Every random outcome is drawn from ``rng_for(seed, ply)`` inside ``setup`` or ``decide``
and recorded in the events it produces, so replaying a log never needs an RNG.
``ply`` is the entry's position in the effective (undo-resolved) line of play, so
undoing a command and making it again draws the same outcomes: undo never rerolls.
"""

from __future__ import annotations

import random


class LazyRandom(random.Random):
    """A ``random.Random`` seeded only when first drawn from: most commands draw nothing,
    and seeding costs more than the rest of a typical ``decide``."""

    def __init__(self, key: str):  # noqa: D107 - seeding is deferred
        self._key = key
        self._seeded = False

    def _ensure(self) -> None:
        if not self._seeded:
            self._seeded = True
            super().__init__(self._key)

    def random(self) -> float:
        self._ensure()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._ensure()
        return super().getrandbits(k)

    def getstate(self):
        self._ensure()
        return super().getstate()

    def seed(self, a=None, version=2) -> None:
        if getattr(self, "_key", None) is None or self._seeded:
            super().seed(a, version)


def rng_for(seed: int, ply: int, salt: str = "") -> random.Random:
    """Return a ``random.Random`` fixed by ``(seed, ply, salt)``.

    A string seed makes CPython hash it with SHA-512, stable across runs and platforms.
    ``salt`` separates streams that share a ply (bots use ``"bot:<seat>"``).
    """
    return LazyRandom(f"boxtop:{seed}:{ply}:{salt}")
