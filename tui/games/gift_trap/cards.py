"""What each Gift Trap tile does and what each gift stack holds, in plain words: one
source for the table's details line (the tile or stack under the cursor) and the rules
screen's "Every card" (``card_texts``).

The texts are the engine's (``engine.games.gift_trap.texts``); a No way's cost comes
from the table's options (``no_way_points``). Each ``*_card`` function gives ``(name,
text)``, the name as the table shows it ("Super", "Give more", "Yellow stack ($)").
"""

from __future__ import annotations

from engine.games.gift_trap.cards import DECKS, PRICES
from engine.games.gift_trap.commands import GET_TILES, TILE_LABELS
from engine.games.gift_trap.options import Options
from engine.games.gift_trap.texts import load as texts

#: The tiles besides the Get tiles (``texts.OTHER_TILES``), with their names.
TILE_NAMES = {"give": "Give tile", "none": "no tile", "give_more": "Give more", "get_more": "Get more",
              "gifttrap": "Gifttrap"}


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


__all__ = ["TILE_NAMES", "card_texts", "stack_card", "tile_card"]
