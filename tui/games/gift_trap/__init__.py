"""Gift Trap in the app, beside its rules in ``engine.games.gift_trap``: ``table`` (the table widget) and ``cards`` (what each tile and gift stack does).

``GAME`` is the game the engine registers; ``table()`` gives its table widget class,
whose module loads on first use (as the engine's registry loads its games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gift_trap import GAME

if TYPE_CHECKING:
    from ..base import GameTable


def table() -> type[GameTable]:
    """Gift Trap's table widget class (``table.GiftTrapTable``)."""
    from .table import GiftTrapTable

    return GiftTrapTable


__all__ = ["GAME", "table"]
