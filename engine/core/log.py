"""The log: one ``Entry`` per accepted command, and the undo/redo markers.

A game is its log. Entry 0 holds the setup events (no seat, no command). ``Undo`` and
``Redo`` are commands too: they are recorded, and the entries they take back stay in
the log as an undone branch (``docs/architecture.md``, "Undo").
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Any, Generic, TypeVar

import msgspec

C = TypeVar("C")
E = TypeVar("E")


class Undo(msgspec.Struct, frozen=True, tag="undo"):
    """Take back the last applied entry (recorded; the entry stays in the log)."""


class Redo(msgspec.Struct, frozen=True, tag="redo"):
    """Re-apply the most recently undone entry, while nothing else has happened since."""


class Entry(msgspec.Struct, Generic[C, E], frozen=True):
    """One accepted command: ``seq`` its index in the log (0 = setup), ``seat`` the seat
    index that gave it (None for setup), ``command`` the game command or ``Undo``/``Redo``
    (None for setup), ``events`` what it caused, ``at`` an ISO-8601 UTC timestamp."""

    seq: int
    seat: int | None
    command: C | Undo | Redo | None
    events: list[E]
    at: str = ""


class Seat(msgspec.Struct, frozen=True):
    """A seat at the table: ``name`` (unique, no spaces) and ``bot`` (a bot kind, or None for a person)."""

    name: str
    bot: str | None = None


class StandIn(msgspec.Struct, frozen=True):
    """A bot that plays a person's ``seat`` (a seat index) in a shared room while the
    person is away: a bot of kind ``bot``, for the entries ``since`` (an index into the
    log, the first entry it could make) up to ``until`` (the first entry after it gave
    the seat back; None while it still holds it). The seat keeps its person's name: the
    notation is the same, only a list of seats and the log say who plays it."""

    seat: int
    bot: str
    since: int
    until: int | None = None


_last: list = [0, ""]


def now() -> str:
    """The current UTC time as an ISO-8601 string with seconds (cached within a second)."""
    second = int(time.time())
    if second != _last[0]:
        _last[0] = second
        _last[1] = datetime.fromtimestamp(second, timezone.utc).isoformat(timespec="seconds")
    return _last[1]


def entry_type(game: Any) -> Any:
    """The concrete ``Entry`` type for ``game``: its commands and events as tagged unions."""
    return Entry[game.command_type, game.event_type]
