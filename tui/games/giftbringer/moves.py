"""Where the Giftbringer table's cursor goes with the arrows: spatially, on the map.

Every target has a place on one plane: the roads, houses and harbours where the sheet
draws them (``x`` across, ``y`` down, ``sheet.MAP_WIDTH``×``MAP_HEIGHT``), the Vikings
as a column left of the map, top to bottom in the sheet's order (the list beside the
map). ``step(target, direction)`` is the nearest target that way: ↑ ↓ (``"up"``,
``"down"``) prefer one above or below in about the same column, ⇧← ⇧→ (``"left"``,
``"right"``) one beside in about the same row. A row is about two columns tall on a
terminal, so rows count double; going aside from the way counts double again. At the
edge there is nothing further that way and the cursor stays.
"""

from __future__ import annotations

import functools

from engine.games.giftbringer.sheet import MAP_HEIGHT, SHEET

DIRECTIONS = ("up", "down", "left", "right")
#: How far left of the map the Vikings' column stands (in map columns).
VIKINGS_X = -12


@functools.cache
def positions() -> dict[str, tuple[float, float]]:
    """Every target's (column, row): the Vikings first, in the sheet's order."""
    count = max(1, len(SHEET.vikings) - 1)
    out = {v.id: (VIKINGS_X, k * (MAP_HEIGHT - 1) / count) for k, v in enumerate(SHEET.vikings)}
    out |= {p.id: (p.x, p.y) for p in SHEET.places}
    out |= {s.id: (s.x, s.y) for s in SHEET.ships}
    return out


def _cost(here: tuple[float, float], there: tuple[float, float], direction: str) -> float | None:
    """How far ``there`` is from ``here`` going ``direction`` (None: not that way)."""
    dx, dy = there[0] - here[0], 2 * (there[1] - here[1])  # a row is about two columns tall
    ahead, aside = {"up": (-dy, dx), "down": (dy, dx), "left": (-dx, dy), "right": (dx, dy)}[direction]
    if ahead <= 0:
        return None
    return ahead + 2 * abs(aside)


@functools.cache
def step(target: str, direction: str) -> str:
    """The target nearest to ``target`` going ``direction`` (one of ``DIRECTIONS``), or
    ``target`` itself when there is none that way. Raises ``KeyError`` for an unknown
    target or direction."""
    where = positions()
    here = where[target]
    if direction not in DIRECTIONS:
        raise KeyError(direction)
    best, best_cost = target, None
    for other, there in where.items():
        cost = _cost(here, there, direction) if other != target else None
        if cost is not None and (best_cost is None or cost < best_cost):
            best, best_cost = other, cost
    return best


def order() -> list[str]:
    """Every target in reading order, the Vikings first: the order tab walks."""
    where = positions()
    vikings = [v.id for v in SHEET.vikings]
    rest = sorted((t for t in where if t not in vikings), key=lambda t: (where[t][1], where[t][0]))
    return vikings + rest


__all__ = ["DIRECTIONS", "order", "positions", "step"]
