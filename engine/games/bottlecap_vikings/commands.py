"""Bottlecap Vikings' commands: what a player does, one choice at a time.

Spaces are numbered 1–8 for players (0–7 inside the engine); spots on a city card are
``1a``, ``2b`` … and ``T`` (the throne). ``notation.py`` writes and reads each one.
"""

from __future__ import annotations

from typing import Union

import msgspec


class ChooseSide(msgspec.Struct, frozen=True, tag="side"):
    """Use the ``identical`` or the ``unique`` side of your city card (option ``sides``
    = choose; "Components and Setup")."""

    side: str


class Place(msgspec.Struct, frozen=True, tag="place"):
    """Put your ship beside ``space`` (0–7) at setup ("Components and Setup")."""

    space: int


class TakeGoods(msgspec.Struct, frozen=True, tag="goods"):
    """Your starting goods of choice: ``wood`` and ``gold`` adding up to the number the
    setup table gives your position ("Components and Setup")."""

    wood: int
    gold: int


class Move(msgspec.Struct, frozen=True, tag="move"):
    """Move your ship ``distance`` spaces your way round ("Gameplay": "1, 2, or 3
    spaces", more with movement abilities)."""

    distance: int


class Do(msgspec.Struct, frozen=True, tag="do", omit_defaults=True):
    """Take part ``part`` (1 or 2) of the action beside your ship; ``amount`` is what
    an "any amount" exchange gives up (the Market and the Trader)."""

    part: int
    amount: int = 0


class Advance(msgspec.Struct, frozen=True, tag="advance"):
    """Advance your hut along a white line to ``spot`` (the Improve action, or the
    4-player free city improvement at setup)."""

    spot: str


class Use(msgspec.Struct, frozen=True, tag="use"):
    """Use a before-the-action ability (``rudder``, ``sacrifice``)."""

    ability: str


class End(msgspec.Struct, frozen=True, tag="end"):
    """End your turn (the action is optional)."""


class Return(msgspec.Struct, frozen=True, tag="return"):
    """Which damage tokens go back to the bag: ``reds`` and ``greys`` ("of your choice")."""

    reds: int
    greys: int


class Take(msgspec.Struct, frozen=True, tag="take"):
    """In a trade, take 1 ``good`` ("wood"/"gold") from the other player."""

    good: str


class Give(msgspec.Struct, frozen=True, tag="give"):
    """In a trade, give 1 ``good`` ("wood"/"gold") to the other player."""

    good: str


class Swap(msgspec.Struct, frozen=True, tag="swap"):
    """Switch the tiles at ``space`` (0–7) and the next space clockwise (Tides)."""

    space: int


class Rotate(msgspec.Struct, frozen=True, tag="rotate"):
    """Turn the bottlecap ``by`` 1–7 spaces clockwise (Compass)."""

    by: int


class Double(msgspec.Struct, frozen=True, tag="double"):
    """Double your ``good`` ("wood"/"gold") (Windfall)."""

    good: str


class Copy(msgspec.Struct, frozen=True, tag="copy"):
    """Gain a copy of ``ability`` (Mimic)."""

    ability: str


class Skip(msgspec.Struct, frozen=True, tag="skip"):
    """Decline an optional choice (Tides' swap)."""


Command = Union[ChooseSide, Place, TakeGoods, Move, Do, Advance, Use, End, Return, Take, Give, Swap, Rotate,
                Double, Copy, Skip]
