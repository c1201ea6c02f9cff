"""What each Gift Trap tile does and what each gift stack holds, in plain words: one
source for the table's details line (the tile or stack under the cursor) and the rules
screen's "Every card" (``card_texts``).

The texts are data (``engine/games/gift_trap/data/tiles.toml``); a No way's cost comes
from the table's options (``no_way_points``). Each ``*_card`` function gives ``(name,
text)``, the name as the table shows it ("Super", "Give more", "Yellow stack ($)").
"""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core import tomldata
from engine.games.gift_trap.cards import DECKS, PRICES
from engine.games.gift_trap.commands import GET_TILES, TILE_LABELS
from engine.games.gift_trap.options import Options

_raw = tomldata.reader("engine.games.gift_trap")

#: The tiles of ``data/tiles.toml`` besides the Get tiles, with their names.
TILE_NAMES = {"give": "Give tile", "none": "no tile", "give_more": "Give more", "get_more": "Get more",
              "gifttrap": "Gifttrap"}


class Texts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``data/tiles.toml``: each tile's text by key (``give``, the Get tiles, ``none``
    for a gift without a Get tile, the extra tiles), each stack's by colour."""

    tiles: dict[str, str]
    stacks: dict[str, str]


@cache
def texts() -> Texts:
    """The texts, checked: one for every tile and stack, and no other; raises
    ``ValueError`` naming what is missing or unknown."""
    t = tomldata.decode(_raw("tiles.toml"), Texts, "data/tiles.toml")
    for kind, have, want in (("tile", t.tiles, (*GET_TILES, *TILE_NAMES)), ("stack", t.stacks, DECKS)):
        if set(have) != set(want):
            wrong = sorted(set(have) ^ set(want))
            raise ValueError(f"data/tiles.toml: the {kind} texts do not match the game ({', '.join(wrong)})")
    return t


def tile_card(key: str, options: Options | None = None) -> tuple[str, str]:
    """``("Super", "On a gift you would love: you both score +3.")`` for a Get tile
    (``super``, ``good``, ``okay``, ``noway``), ``give``, ``none`` or an extra tile
    (``give_more``, ``get_more``, ``gifttrap``); a No way costs what ``options`` say
    (the default 3 without them)."""
    name = TILE_LABELS.get(key) or TILE_NAMES[key]
    no_way = (options or Options()).no_way_points
    return name, texts().tiles[key].format(no_way=no_way)


def stack_card(deck: str) -> tuple[str, str]:
    """``("Yellow stack ($)", "The cheapest gifts: …")``."""
    return f"{deck.title()} stack ({PRICES[deck]})", texts().stacks[deck]


def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every tile and stack with its text, by kind (``GameTable.card_texts``)."""
    return [
        ("Your tiles", [tile_card(k) for k in ("give", *GET_TILES, "none")]),
        ("Extra tiles (an option)", [tile_card(k) for k in ("give_more", "get_more", "gifttrap")]),
        ("Gift stacks", [stack_card(d) for d in DECKS]),
    ]


__all__ = ["TILE_NAMES", "Texts", "card_texts", "stack_card", "texts", "tile_card"]
