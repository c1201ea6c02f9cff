"""Naughty or Nice in the app, beside its rules in ``engine.games.naughty_or_nice``: ``table`` (the table widget), ``ask`` (the question a choice asks), ``board`` (the seats, hands and kiddos as panel lines) and ``cards`` (what each card does).

``GAME`` is the game the engine registers; ``table()`` gives its table widget class,
whose module loads on first use (as the engine's registry loads its games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.naughty_or_nice import GAME

if TYPE_CHECKING:
    from ..base import GameTable


def table() -> type[GameTable]:
    """Naughty or Nice's table widget class (``table.NaughtyOrNiceTable``)."""
    from .table import NaughtyOrNiceTable

    return NaughtyOrNiceTable


__all__ = ["GAME", "table"]
