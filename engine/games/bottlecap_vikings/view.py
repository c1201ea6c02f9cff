"""Bottlecap Vikings' projection: every seat sees the whole table.

Nothing in the game is secret: damage tokens held are in front of each player (the
4-red check of "Resolving Valkyries" needs them), city cards and meters are on the table,
and the bag is drawn from at random (there is no order to hide). ``view`` gives the
table; ``redact`` passes every event (RULES.md, "Hidden information").
"""

from __future__ import annotations

import msgspec

from .state import State


class View(msgspec.Struct, frozen=True):
    """The table as seat ``me`` (None: a spectator) sees it: the whole ``State``."""

    me: int | None
    table: State


def view(state: State, seat: int | None) -> View:
    """The projection for ``seat``."""
    me = seat if seat is not None and 0 <= seat < state.n else None
    return View(me, state)


def redact(event, seat: int | None):
    """Every event is public."""
    return event
