"""Giftbringer's commands: what a player writes on their sheet during a round.

Results are numbered 1… in the order of the round's list: the four dice first, then any
result a Santa's Blessing made (``giftbringer.txt``, "SANTA'S BLESSING").
"""

from __future__ import annotations

from typing import Union

import msgspec

#: The four Santa's Blessings, by name (``giftbringer.txt``, "SANTA'S BLESSING").
BLESSINGS = ("any", "two", "sum", "diff")


class Cross(msgspec.Struct, frozen=True, tag="cross"):
    """Spend result ``result`` (1-based) to cross a symbol of its face on ``target``
    (a Viking ``V1``… or a road/house ``R1``/``H1``…)."""

    result: int
    target: str


class Bless(msgspec.Struct, frozen=True, tag="bless"):
    """Use Santa's Blessing ``kind`` on results ``results`` (1-based): "any" turns one
    result into ``value``; "two" turns two into one ``value``; "sum" and "diff" turn two
    into their sum (at most 6) or difference (at least 1)."""

    kind: str
    results: tuple[int, ...]
    value: int = 0


class Land(msgspec.Struct, frozen=True, tag="land"):
    """Choose the harbour, for good: cross the Viking Ship ``ship`` (``giftbringer.txt``,
    "REMEMBER: If this your first Visit you have to choose in which harbor …")."""

    ship: str


class Visit(msgspec.Struct, frozen=True, tag="visit", omit_defaults=True):
    """Visit road or house ``place``: every result crossed, its Presents brought.

    ``keep``: when the house gives more Gratitude than the free slots hold and it matters
    which letters are written down, the letters the player keeps, one per free slot, in
    the order C, G, M (``"CM"``: a Cookie and a Muffin); otherwise ``""``
    (Giftbringer rulebook, "GRATITUDE"; ``rules.keep_choices`` lists them)."""

    place: str
    keep: str = ""


class Done(msgspec.Struct, frozen=True, tag="done"):
    """Finish this round's sheet (unused results are lost)."""


Command = Union[Cross, Bless, Land, Visit, Done]
