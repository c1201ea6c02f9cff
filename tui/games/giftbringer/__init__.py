"""Giftbringer in the app, beside its rules in ``engine.games.giftbringer``: ``table`` (the table widget), ``cards`` (what each place, Viking and Blessing is and does), ``keep`` (the screen choosing which dice to keep) and ``moves`` (the order of a turn's moves on the map).

``GAME`` is the game the engine registers; ``table()`` gives its table widget class,
whose module loads on first use (as the engine's registry loads its games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.giftbringer import GAME

if TYPE_CHECKING:
    from ..base import GameTable


def table() -> type[GameTable]:
    """Giftbringer's table widget class (``table.GiftbringerTable``)."""
    from .table import GiftbringerTable

    return GiftbringerTable


__all__ = ["GAME", "table"]
