"""The turn bell: the terminal bell rings once when a person's turn comes while they
look elsewhere (``docs/architecture.md``, "Sessions", a rematch and the turn bell).

``TurnBell`` holds no game: the app tells it, as often as it likes, whether its person
is to act, whether the bell is on (the room's option, or the local game's) and whether
the app shows another screen than the table; it rings (``ring()``, the app's
``App.bell``) once per turn, when the turn is there and either the app shows another
screen or no key came for ``IDLE`` seconds. A turn ends when the person is no longer to
act; the next one may ring again.
"""

from __future__ import annotations

import time
from typing import Callable

#: Seconds without a key after which a person counts as away from the table.
IDLE = 30.0


class TurnBell:
    """Rings ``ring()`` once per turn (see the module docstring); ``clock`` gives seconds
    (``time.monotonic``). ``local`` is the local game's option (the new-game form's
    "turn bell"); a room's comes with its table."""

    def __init__(self, ring: Callable[[], None], clock: Callable[[], float] = time.monotonic) -> None:
        self.ring = ring
        self.clock = clock
        self.local = True
        self.last_key = clock()
        self.turn = False  # the person is to act now
        self.rung = False  # the bell rang in this turn

    def key(self) -> None:
        """A key came from the person: they are at the terminal."""
        self.last_key = self.clock()

    def observe(self, mine: bool, on: bool, away: bool) -> bool:
        """The table as it is now: ``mine`` the person is to act, ``on`` the bell may
        ring, ``away`` the app shows another screen than the table. Returns whether it
        rang now."""
        if not mine:
            self.turn = False
            return False
        if not self.turn:
            self.turn, self.rung = True, False
        if self.rung or not on:
            return False
        if away or self.clock() - self.last_key >= IDLE:
            self.rung = True
            self.ring()
            return True
        return False
