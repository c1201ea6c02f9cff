"""Giftbringer's projection: a seat's view is the whole table plus ``me``.

The rulebook has nothing secret: the dice are rolled for everybody ("At the beginning of
each round, Merry Leader roll four six-sided dice once. Each player writes down all
results in the appropriate slots on their Player Sheets", Giftbringer rulebook, opening
section), and it says nothing about hiding a sheet. That every sheet is public, so a
player may look at the others', is boxtop's decision (RULES.md, "Setup and rounds")."""

from __future__ import annotations

import msgspec

from .options import Options
from .state import PlayerSheet, State


class View(msgspec.Struct, frozen=True):
    """The table as seat ``me`` (None: a spectator) sees it: everything in ``State``."""

    me: int | None
    n: int
    options: Options
    phase: str
    round: int
    leader: int
    dice: tuple[int, ...]
    sheets: tuple[PlayerSheet, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]


def view(state: State, seat: int | None) -> View:
    """The projection for ``seat`` (nothing is hidden in Giftbringer)."""
    me = seat if seat is not None and 0 <= seat < state.n else None
    return View(me, state.n, state.options, state.phase, state.round, state.leader, state.dice,
                state.sheets, state.points, state.winners)


def redact(event, seat: int | None):
    """Every event is public."""
    return event
