"""Gift Trap's texts for players: what each tile does and what each gift stack holds,
in plain words (``data/tiles.toml``), for an interface to show; the rules never read
them. ``load()`` decodes the file once and checks it against the game.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core import tomldata

from .cards import DECKS
from .commands import GET_TILES

#: ``raw(name)``: the bytes of ``data/<name>``.
raw = tomldata.reader(__package__)

#: The tiles of ``data/tiles.toml`` besides the Get tiles: a Give tile, a gift without
#: a Get tile (``none``) and the extra tiles (the option ``extra_tiles``).
OTHER_TILES = ("give", "none", "give_more", "get_more", "gifttrap")


class Texts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``data/tiles.toml``: each tile's text by key (``give``, the Get tiles, ``none``
    for a gift without a Get tile, the extra tiles), each stack's by colour. A text
    may hold ``{no_way}``: what a No way costs at the table."""

    tiles: dict[str, str]
    stacks: dict[str, str]


@cache
def load() -> Texts:
    """The texts, checked: one for every tile and stack, and no other; raises
    ``ValueError`` naming what is missing or unknown."""
    t = tomldata.decode(raw("tiles.toml"), Texts, "data/tiles.toml")
    for kind, have, want in (("tile", t.tiles, (*GET_TILES, *OTHER_TILES)), ("stack", t.stacks, DECKS)):
        if set(have) != set(want):
            wrong = sorted(set(have) ^ set(want))
            raise ValueError(f"data/tiles.toml: the {kind} texts do not match the game ({', '.join(wrong)})")
    return t


__all__ = ["OTHER_TILES", "Texts", "load", "raw"]
