"""Naughty or Nice's texts for players: each present colour's name on the cards and what
each creature and gift giver does, in plain words (``data/texts.toml``), for an
interface to show; the rules never read them, and they are not part of the game's
edition. ``load()`` decodes the file once and checks it against the cards.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core import tomldata

from .data import COLOURS, CREATURES, GIVERS, raw


class Texts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``data/texts.toml``: each colour's name on the cards, each creature's and gift
    giver's text by code."""

    colours: dict[str, str]
    creatures: dict[str, str]
    givers: dict[str, str]


@cache
def load() -> Texts:
    """The texts, checked: one for every colour, creature and gift giver, and no other;
    raises ``ValueError`` naming what is missing or unknown."""
    t = tomldata.decode(raw("texts.toml"), Texts, "data/texts.toml")
    for kind, have, want in (("colour", t.colours, COLOURS), ("creature", t.creatures, CREATURES),
                             ("gift giver", t.givers, GIVERS)):
        if set(have) != set(want):
            wrong = sorted(set(have) ^ set(want))
            raise ValueError(f"data/texts.toml: the {kind} texts do not match the cards ({', '.join(wrong)})")
    return t


__all__ = ["Texts", "load", "raw"]
