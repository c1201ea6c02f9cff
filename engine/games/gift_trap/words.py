"""Gift Trap's commands in plain words for a player (``explain``: a hint's words).

The words name each gift by its space and its card ("gift 3 (Rubber duck)"), each Get
tile by its label and points, in the rulebook's words (HELP.md, "A round", "Extra
tiles"; RULES.md for the German text behind them). They read only the seat's own
``view.View``: the gifts on the table and the seat's own face-down tiles.
"""

from __future__ import annotations

from typing import Sequence

from .cards import PRICES
from .commands import TILE_LABELS, TILE_POINTS, DealGifts, Done, GiveTile, RateGift, SetTrap
from .view import View


def _gift(view: View, space: int) -> str:
    """"gift 3 (Rubber duck)": a space and the card on it ("gift 3" when none is dealt)."""
    if 1 <= space <= len(view.gifts):
        return f"gift {space} ({view.gifts[space - 1].name})"
    return f"gift {space}"


def _tile(view: View, tile: str) -> str:
    """A Get tile with what it scores both players: "Super (+3)", "No way (−3)"."""
    points = TILE_POINTS.get(tile, -view.options.no_way_points)
    sign = "+" if points >= 0 else "−"
    return f"{TILE_LABELS.get(tile, tile)} ({sign}{abs(points)})"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"


def explain(command, view: View, names: Sequence[str]) -> str:
    """``command`` as one short sentence for the seat whose ``view`` this is:
    "Deal 5 gifts from the red stack ($$) onto spaces 1–5.", "Give bob the gift on space
    3 (Rubber duck).", "Move Super (+3) from gift 2 to gift 4 (Wool socks).", "Set your
    Gifttrap on gift 6 (…): nobody scores for it." (HELP.md, "A round" and "Extra
    tiles"). A tile the seat placed already this round says what changes (a gift given
    instead of another, a tile moved, Give more or Get more put on or taken off).
    ``names`` by seat. Raises ``TypeError`` for anything but a Gift Trap command."""
    match command:
        case DealGifts(deck=deck):
            count = 9 if view.options.fill_all_spaces else min(9, view.n + 1)
            return f"Deal {count} gifts from the {deck} stack ({PRICES.get(deck, '?')}) onto spaces 1–{count}."
        case GiveTile(to=to, space=space, more=more):
            return _give(view, names, to, space, more)
        case RateGift(tile=tile, space=space, more=more):
            return _rate(view, tile, space, more)
        case SetTrap(space=space):
            verb = "Move your Gifttrap to" if view.my_trap and view.my_trap != space else "Set your Gifttrap on"
            return f"{verb} {_gift(view, space)}: nobody scores for it."
        case Done():
            if view.phase == "give":
                return "Done giving: your Give tiles are ready to turn over."
            return "Done rating: your Get tiles are ready to turn over."
    raise TypeError(f"not a Gift Trap command: {command!r}")


def _give(view: View, names: Sequence[str], to: int, space: int, more: bool) -> str:
    """A Give tile (HELP.md, "A round" 2; "Extra tiles": Give more)."""
    who = _name(names, to)
    before = next((t for t in view.my_gives if t.to == to), None)
    if before is not None and before.space == space:
        if more == before.more:
            return f"Leave {_gift(view, space)} for {who} as it is."
        if more:
            return f"Put Give more on {_gift(view, space)} for {who}: you score it double."
        return f"Take Give more off {_gift(view, space)} for {who}."
    if before is None and not more:
        return f"Give {who} the gift on space {space}" + (
            f" ({view.gifts[space - 1].name})." if 1 <= space <= len(view.gifts) else ".")
    text = f"Give {who} {_gift(view, space)}"
    if before is not None:
        return text + (f", not {before.space}, with Give more (double)." if more else f" instead of gift {before.space}.")
    return text + " with Give more: you score it double."


def _rate(view: View, tile: str, space: int, more: bool) -> str:
    """A Get tile (HELP.md, "A round" 3; "Extra tiles": Get more)."""
    before = next((t for t in view.my_rates if t.tile == tile), None)
    label = _tile(view, tile)
    if before is not None and before.space == space:
        if more == before.more:
            return f"Leave {label} on {_gift(view, space)} as it is."
        if more:
            return f"Put Get more with {label} on {_gift(view, space)}: it scores double."
        return f"Take Get more off {_gift(view, space)}."
    if before is not None:
        text = f"Move {label} from gift {before.space} to {_gift(view, space)}"
    else:
        text = f"Put {label} on {_gift(view, space)}"
    if more:
        return text + ", with Get more (double)."
    return text + (": the gift you want least." if tile == "noway" and before is None else ".")
