"""Dice Upon a Time in the app, beside its rules in ``engine.games.dice_upon_a_time``: ``table`` (the table widget), ``map`` (the map of locations), ``text`` (the game's things in the table's words) and ``cards`` (the screen of every card in play).

``GAME`` is the game the engine registers; ``table()`` gives its table widget class,
whose module loads on first use (as the engine's registry loads its games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.dice_upon_a_time import GAME

if TYPE_CHECKING:
    from ..base import GameTable


def table() -> type[GameTable]:
    """Dice Upon a Time's table widget class (``table.DiceUponATimeTable``)."""
    from .table import DiceUponATimeTable

    return DiceUponATimeTable


__all__ = ["GAME", "table"]
