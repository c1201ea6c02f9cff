"""Naughty or Nice's commands: one choice each. Playground slots are 0–7 inside the
engine (1–8 for players), row slots 0–2 (1–3); presents and creatures are named by their
two-letter codes (``data/*.toml``). ``notation.py`` writes and reads each one.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core.reactions import Pass

#: ``Craft.sources`` entry for the top of the present deck.
DECK = -1


class ChooseGiver(msgspec.Struct, frozen=True, tag="giver"):
    """Take the gift giver ``giver`` (a code) at setup ("Player setup", V)."""

    giver: str


class Craft(msgspec.Struct, frozen=True, tag="craft"):
    """Basic action: take presents from ``sources``, each a row slot 0–2 or ``DECK``
    ("Craft Presents": 2 cards, 3 at levels 1–2)."""

    sources: tuple[int, ...]


class Summon(msgspec.Struct, frozen=True, tag="summon"):
    """Basic action: draw two creatures to keep one ("Summon a Creature")."""


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    """Keep the summoned creature ``creature`` (a code); the other is discarded."""

    creature: str


class Fulfill(msgspec.Struct, frozen=True, tag="fulfill"):
    """Basic action: give ``presents`` (codes from hand) to the kiddo in playground
    ``slot``; ``caga`` plays Caga Tió for one wished present ("Fulfill Wishes")."""

    slot: int
    presents: tuple[str, ...]
    caga: bool = False


class Play(msgspec.Struct, frozen=True, tag="play"):
    """Free action: play creature ``creature`` ("Playing a Creature"); ``count``
    reindeer together (1–4), ``target`` a seat (Scrooge, Mari Lwyd, Cringe), ``present``
    the kind Krampus calls out, ``slot`` the kiddo Mrs. Claus takes."""

    creature: str
    count: int = 1
    target: int = -1
    present: str = ""
    slot: int = -1


class React(msgspec.Struct, frozen=True, tag="react"):
    """In a reaction window: play ``creature`` (Tomte, or Papa Wolverine taking the two
    presents ``take`` from those just given)."""

    creature: str
    take: tuple[str, ...] = ()


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    """Take the present ``present`` from those the Elves revealed."""

    present: str


class Draw(msgspec.Struct, frozen=True, tag="draw"):
    """Christkindl, targeted: draw a present from row slot ``source`` or ``DECK``."""

    source: int


class Search(msgspec.Struct, frozen=True, tag="search"):
    """Santa, start of turn: discard two ``present`` cards to search for a reindeer."""

    present: str


class Tuck(msgspec.Struct, frozen=True, tag="tuck"):
    """Santa: put a reindeer from hand under Rudolf."""


class Sweep(msgspec.Struct, frozen=True, tag="sweep"):
    """La Befana, start of turn: discard the kiddo in playground ``slot``."""

    slot: int


class End(msgspec.Struct, frozen=True, tag="end"):
    """End the turn (after the basic action, or when none is possible)."""


Command = Union[ChooseGiver, Craft, Summon, Keep, Fulfill, Play, React, Pick, Draw, Search, Tuck, Sweep, End, Pass]
