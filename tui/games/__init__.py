"""Each game's part of the app, one package per game beside the engine's
(``tui.games.gift_trap`` beside ``engine.games.gift_trap`` …): its table widget, a
``GameTable`` (``base``), and the modules that widget alone uses.

The registry of tables: each game's package names the game the engine registers
(``GAME``) and gives its table widget class (``table()``, loaded on first use), so the
slugs here are the engine's own and no game is named twice.
"""

from __future__ import annotations

from typing import Callable

from . import bottlecap_vikings, dice_upon_a_time, gift_trap, giftbringer, naughty_or_nice
from .base import GameTable

#: game slug (the engine's) → the function giving its table widget class, in menu order
_TABLES: dict[str, Callable[[], type[GameTable]]] = {
    game.GAME.slug: game.table
    for game in (gift_trap, giftbringer, bottlecap_vikings, naughty_or_nice, dice_upon_a_time)
}


def has_table(slug: str) -> bool:
    """Whether game ``slug`` has a table widget (can be played in the app yet)."""
    return slug in _TABLES


def table_for(slug: str) -> type[GameTable]:
    """The table widget class of game ``slug``; raises ``KeyError`` when it has none."""
    return _TABLES[slug]()
