"""The turn bell: the terminal bell rings once when a person's turn comes while they
look elsewhere (``docs/architecture.md``, "Sessions", a rematch and the turn bell).

``TurnBell`` holds no game: the app tells it, as often as it likes, whether its person
is to act at a table (a shared room's, by its code, or the local game's), whether the
bell is on (the room's option, or the local game's) and whether the app shows another
screen than that table; it rings (``ring()``, the app's ``App.bell``) once per turn,
when the turn is there and either the app shows another screen or no key came for
``IDLE`` seconds. A turn ends when the person is no longer to act there; the next one
may ring again. In the lobby every room waiting for the person counts (``observe_rooms``):
the lobby is elsewhere.
"""

from __future__ import annotations

import time
from typing import Callable, Hashable, Mapping

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
        #: The tables where the person is to act now (a room's code, None for the local
        #: game) → whether the bell rang (or the turn was seen) in this turn.
        self.turns: dict[Hashable, bool] = {}

    def key(self) -> None:
        """A key came from the person: they are at the terminal."""
        self.last_key = self.clock()

    def _due(self, key: Hashable, mine: bool, on: bool, away: bool) -> bool:
        """Whether the turn at table ``key`` should ring now (``observe``'s arguments);
        the turn counts as rung when it should."""
        if not mine:
            self.turns.pop(key, None)
            return False
        if self.turns.setdefault(key, False) or not on:
            return False
        if away or self.clock() - self.last_key >= IDLE:
            self.turns[key] = True
            return True
        return False

    def observe(self, mine: bool, on: bool, away: bool, key: Hashable = None) -> bool:
        """The table ``key`` as it is now: ``mine`` the person is to act, ``on`` the bell
        may ring, ``away`` the app shows another screen than the table. Returns whether
        it rang now."""
        if self._due(key, mine, on, away):
            self.ring()
            return True
        return False

    def observe_rooms(self, rooms: Mapping[Hashable, tuple[bool, bool]], ring: bool = True) -> bool:
        """The lobby's rooms as it lists them now: room code → (the person is to act
        there, its bell is on); the person looks elsewhere than each of them. Rings once
        however many turns came at once; returns whether it rang. ``ring`` False: the
        turns there are known already (the lobby on logging in), none rings."""
        due = [self._due(code, mine, on, True) for code, (mine, on) in rooms.items()]
        if any(due) and ring:
            self.ring()
            return True
        return False

    def seen(self, key: Hashable) -> None:
        """The person left table ``key`` in their turn: they know it, so it rings no more."""
        if key in self.turns:
            self.turns[key] = True
