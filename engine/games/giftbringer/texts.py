"""Giftbringer's texts for players: what each Santa's Blessing does and what a harbour
is for, in plain words (``data/texts.toml``), for an interface to show; the rules never
read them. ``load()`` decodes the file once and checks it against the game.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core import tomldata

from .commands import BLESSINGS

#: ``raw(name)``: the bytes of ``data/<name>``.
raw = tomldata.reader(__package__)


class Texts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``data/texts.toml``: each Blessing's text by name, and the harbours' text."""

    blessings: dict[str, str]
    harbour: dict[str, str]


@cache
def load() -> Texts:
    """The texts, checked: one for each Blessing and no other, and the harbours'; raises
    ``ValueError`` naming what is wrong."""
    t = tomldata.decode(raw("texts.toml"), Texts, "data/texts.toml")
    if set(t.blessings) != set(BLESSINGS):
        raise ValueError(f"data/texts.toml: the Blessings are {', '.join(BLESSINGS)}, not {', '.join(t.blessings)}")
    if set(t.harbour) != {"text"}:
        raise ValueError("data/texts.toml: [harbour] has one text")
    return t


__all__ = ["Texts", "load", "raw"]
