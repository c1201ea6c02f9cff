"""Naughty or Nice's cards as data: presents, creatures, gift givers and kiddos, decoded
from ``data/*.toml`` into msgspec Structs and checked at import.

Presents, creatures and gift givers are the Naughty or Nice rulebook's ("Present types",
"Creatures", "Gift Givers"); the counts it does not print are argued in RULES.md
("Components"). The 40 kiddos are a reconstruction (``KIDDOS.md``). ``load`` raises
``ValueError`` with a sentence naming the bad record.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from engine.core import tomldata

#: Present colours in display order ("Present types"); letters for reading without colour.
COLOURS = ("red", "blue", "black", "green")
COLOUR_LETTER = {"red": "R", "blue": "B", "black": "K", "green": "G"}
#: The five set symbols ("Set Collection": "the 5 types of shapes"; names are boxtop's).
SYMBOLS = ("bell", "candle", "heart", "snowflake", "tree")


class Present(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A present kind: two-letter ``code`` (notation), ``name`` and ``colour``."""

    code: str
    name: str
    colour: Literal["red", "blue", "black", "green"]


class Creature(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A creature kind (``creatures.toml`` explains each key)."""

    code: str
    name: str
    kind: Literal["helpful", "hurtful", "neutral"]
    count: int
    points: int
    marked: bool = True
    target: Literal["", "seat", "kiddo", "present"] = ""
    reaction: bool = False


class Giver(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A gift giver: ``code`` (notation), ``name``, ``preferred`` present codes, ``bonus``
    per preferred present with the written ability on (level 4+), and the ``ability``
    in one plain line."""

    code: str
    name: str
    preferred: tuple[str, ...]
    ability: str
    bonus: int = 1


class Kiddo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A kiddo card: ``name``, set ``symbol`` and ``wishes`` (colours, in order)."""

    name: str
    symbol: Literal["bell", "candle", "heart", "snowflake", "tree"]
    wishes: tuple[Literal["red", "blue", "black", "green"], ...]


class _Presents(msgspec.Struct):
    copies: int
    present: list[Present]


class _Creatures(msgspec.Struct):
    creature: list[Creature]


class _Givers(msgspec.Struct):
    giver: list[Giver]


class _Kiddos(msgspec.Struct):
    kiddo: list[Kiddo]


#: ``raw(name)``: the bytes of ``data/<name>`` (tests put a broken file in its place).
raw = tomldata.reader(__package__)


def _decode(name: str, kind: type):
    return tomldata.decode(raw(name), kind, f"data/{name}")


class Cards(msgspec.Struct, frozen=True):
    """Every card kind by code: ``presents``, ``creatures``, ``givers`` and the ``kiddos``
    (index = kiddo id 0–39), plus ``copies`` of each present kind."""

    copies: int
    presents: dict[str, Present]
    creatures: dict[str, Creature]
    givers: dict[str, Giver]
    kiddos: tuple[Kiddo, ...]


@cache
def load() -> Cards:
    """All the cards; raises ``ValueError`` naming a bad file or record."""
    p = _decode("presents.toml", _Presents)
    c = _decode("creatures.toml", _Creatures)
    g = _decode("givers.toml", _Givers)
    k = _decode("kiddos.toml", _Kiddos)
    presents = {x.code: x for x in p.present}
    creatures = {x.code: x for x in c.creature}
    givers = {x.code: x for x in g.giver}
    for giver in givers.values():
        for code in giver.preferred:
            if code not in presents:
                raise ValueError(f"data/givers.toml: {giver.name} prefers unknown present {code!r}")
    names = [x.name for x in k.kiddo]
    if len(set(names)) != len(names):
        raise ValueError("data/kiddos.toml: two kiddos share a name")
    for kiddo in k.kiddo:
        if not 1 <= len(kiddo.wishes) <= 5:
            raise ValueError(f"data/kiddos.toml: {kiddo.name} wishes for {len(kiddo.wishes)} presents, not 1–5")
    return Cards(p.copies, presents, creatures, givers, tuple(k.kiddo))


CARDS = load()
PRESENTS = CARDS.presents
CREATURES = CARDS.creatures
GIVERS = CARDS.givers
KIDDOS = CARDS.kiddos
