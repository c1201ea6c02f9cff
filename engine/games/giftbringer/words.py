"""Giftbringer's commands in plain words for a player (``explain``: a hint's words).

The words name the round's results by number and face ("result 2 (a 5)"), and every
Viking, harbour, road and house as the log does ("House 5 (Aurora Hall)",
``notation.title``), in the rulebook's words: Recruit, Visit, Presents, Gratitude,
Happiness, Santa's Blessing (HELP.md, "A round", "Visiting", "Santa's Blessings").
They read only the seat's ``view.View`` (Giftbringer hides nothing) and the sheet.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.text import and_list

from .commands import Bless, Cross, Done, Land, Visit
from .notation import title
from .rules import blessed, free_slots
from .sheet import LETTERS, SHEET
from .state import PlayerSheet
from .view import View

#: A Gratitude letter's name, one and several.
_PLURAL = {"C": "Cookies", "G": "Glasses of Milk", "M": "Muffins"}
#: How a Blessing is called in words (HELP.md, "Santa's Blessings").
_BLESSING = {"any": "any", "two": "two", "sum": "sum", "diff": "difference"}


def _sheet(view: View) -> PlayerSheet:
    """The seat's own sheet (a blank one for a spectator)."""
    return view.sheets[view.me] if view.me is not None and 0 <= view.me < len(view.sheets) else PlayerSheet()


def _value(sheet: PlayerSheet, number: int) -> int | None:
    return sheet.results[number - 1].value if 1 <= number <= len(sheet.results) else None


def _result(sheet: PlayerSheet, number: int) -> str:
    """"result 2 (a 5)"; "result 2" when the round has no such result."""
    value = _value(sheet, number)
    return f"result {number}" if value is None else f"result {number} (a {value})"


def _letters(letters: str) -> list[str]:
    """Gratitude letters in words, counted: ["a Cookie", "2 Muffins"]."""
    out = []
    for letter in "GCM":
        k = letters.count(letter)
        if k:
            out.append(f"a {LETTERS[letter]}" if k == 1 else f"{k} {_PLURAL[letter]}")
    return out


def explain(command, view: View, names: Sequence[str]) -> str:
    """``command`` as one short sentence for the seat whose ``view`` this is: "Cross
    result 2 (a 5) on Viking 1 (Bjorn): the Viking is recruited.", "Use the 'sum' Blessing:
    results 1 and 2 (3 and 4) become a 6 (result 5).", "Land at Harbour 1 (Frost Fjord),
    yours for the game.", "Visit House 5 (Aurora Hall): 2 Presents for a Cookie and
    Happiness.", "Finish the round: 1 unused result is lost." (HELP.md, "A round",
    "Visiting", "Santa's Blessings"). ``names`` are not needed (no command names a
    player). Raises ``TypeError`` for anything but a Giftbringer command."""
    sheet = _sheet(view)
    match command:
        case Cross(result=number, target=target):
            return _cross(sheet, number, target)
        case Bless(kind=kind, results=results, value=value):
            return _bless(sheet, kind, results, value)
        case Land(ship=ship):
            return f"Land at {_title(ship)}, your harbour for the whole game."
        case Visit(place=place, keep=keep):
            return _visit(sheet, place, keep)
        case Done():
            unused = sum(1 for r in sheet.results if not r.used)
            if not unused:
                return "Finish the round."
            return f"Finish the round: {unused} unused result{'s are' if unused > 1 else ' is'} lost."
    raise TypeError(f"not a Giftbringer command: {command!r}")


def _title(target: str) -> str:
    try:
        return title(target)
    except KeyError:
        return target


def _cross(sheet: PlayerSheet, number: int, target: str) -> str:
    """Crossing a face on a Viking ("RECRUIT") or a road or house ("VISIT")."""
    text = f"Cross {_result(sheet, number)} on {_title(target)}"
    value, marks = _value(sheet, number), sheet.marks.get(target)
    try:
        demand = SHEET.viking(target).demand if target.startswith("V") else SHEET.place(target).demand
    except KeyError:
        return text + "."
    if marks is None or value is None:
        return text + "."
    left = [face for face, done in zip(demand, marks) if not done]
    if value in left:
        left.remove(value)
    if left:
        return text + f": {and_list([str(f) for f in left])} still needed."
    if target.startswith("V"):
        return text + ": the Viking is recruited."
    return text + ": then you may visit it."


def _bless(sheet: PlayerSheet, kind: str, results: tuple[int, ...], value: int) -> str:
    """A Santa's Blessing; the new result joins the end of the tray (HELP.md)."""
    new = len(sheet.results) + 1
    faces = [_value(sheet, r) for r in results]
    name = f"Use the '{_BLESSING.get(kind, kind)}' Blessing: "
    if kind == "any" and len(results) == 1:
        return name + f"{_result(sheet, results[0])} becomes a {value} (result {new})."
    if len(results) != 2:
        return name.rstrip(": ") + "."
    if kind in ("sum", "diff") and None not in faces:
        value = blessed(kind, faces[0], faces[1])
    shown = f" ({faces[0]} and {faces[1]})" if None not in faces else ""
    made = f"{'one' if kind == 'two' else 'a'} {value} (result {new})" if value else f"result {new}"
    return name + f"results {results[0]} and {results[1]}{shown} become {made}."


def _visit(sheet: PlayerSheet, place_id: str, keep: str) -> str:
    """A Visit ("VISIT", "GRATITUDE", "HAPPINESS"): the Presents brought, the Gratitude
    written down (``keep``, else as many letters as fit) and lost, the Happiness."""
    try:
        place = SHEET.place(place_id)
    except KeyError:
        return f"Visit {place_id}."
    text = f"Visit {_title(place_id)}"
    if place.kind == "road":
        return text + ": the way on to the places beyond."
    kept = keep or place.gratitude[:free_slots(sheet)]
    gains = _letters(kept) + (["Happiness"] if place.happiness else [])
    lost = len(place.gratitude) - len(kept)
    if place.presents:
        presents = f"{place.presents} Present{'s' if place.presents > 1 else ''}"
        text += f": {presents} for {and_list(gains)}" if gains else f": bring {presents}"
    elif gains:
        text += f": {and_list(gains)}"
    return text + (f" ({lost} lost)." if lost else ".")
