"""Bottlecap Vikings in the app, beside its rules in ``engine.games.bottlecap_vikings``: ``table`` (the table widget), ``ask`` (the question a step asks and its entries), ``cards`` (what each piece says), ``city`` (the city cards and panels) and ``ring`` (the ring of tiles).

``GAME`` is the game the engine registers; ``table()`` gives its table widget class,
whose module loads on first use (as the engine's registry loads its games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.bottlecap_vikings import GAME

if TYPE_CHECKING:
    from ..base import GameTable


def table() -> type[GameTable]:
    """Bottlecap Vikings's table widget class (``table.BottlecapVikingsTable``)."""
    from .table import BottlecapVikingsTable

    return BottlecapVikingsTable


__all__ = ["GAME", "table"]
