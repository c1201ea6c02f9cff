"""Giftbringer's notation: parse and print commands, describe events as log lines.

``cross 2 on H4`` · ``cross 1 on V3`` · ``bless any 1 as 6`` · ``bless two 1 2 as 5`` ·
``bless sum 1 2`` · ``bless diff 3 4`` · ``land S1`` · ``visit H4`` · ``visit H9 keep CM``
(when a house's Gratitude does not all fit: the letters kept, C Cookie, G Glass of Milk,
M Muffin) · ``done`` (results are numbered 1… in the round's list: the four dice, then
Blessing results).
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand

from .commands import Bless, Cross, Done, Land, Visit
from .events import Blessed, Committed, Crossed, DiceRolled, GameEnded, GameStarted, Landed, Recruited, Visited
from .sheet import SHEET

EXAMPLES = "cross 2 on H4, bless sum 1 2, land S1, visit H4, visit H9 keep CM, done"
_GRATITUDE = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}


def _number(word: str, what: str = "result") -> int:
    if not word.isdigit():
        raise IllegalCommand(f"{word!r} is not a {what} number.")
    return int(word)


def _letters(word: str) -> str:
    """Gratitude letters as a Visit keeps them: upper case, in the order C, G, M."""
    letters = word.upper()
    wrong = sorted(set(letters) - set(_GRATITUDE))
    if wrong:
        raise IllegalCommand(f"{wrong[0]!r} is not a Gratitude letter; they are C (Cookie), G (Glass of Milk), M (Muffin).")
    return "".join(sorted(letters))


def parse(text: str, names: Sequence[str]) -> object:
    """Parse one command; raises ``IllegalCommand`` with an example when it cannot be read."""
    words = text.lower().split()
    match words:
        case ["cross", n, "on", target] | ["cross", n, target]:
            return Cross(_number(n), target.upper())
        case ["bless", "any", n, "as", v]:
            return Bless("any", (_number(n),), _number(v, "face"))
        case ["bless", "two", a, b, "as", v]:
            return Bless("two", tuple(sorted((_number(a), _number(b)))), _number(v, "face"))
        case ["bless", ("sum" | "diff") as kind, a, b]:
            return Bless(kind, tuple(sorted((_number(a), _number(b)))))
        case ["land", ship]:
            return Land(ship.upper())
        case ["visit", place]:
            return Visit(place.upper())
        case ["visit", place, "keep", *letters] if letters:
            return Visit(place.upper(), _letters("".join(letters)))
        case ["done"]:
            return Done()
    raise IllegalCommand(f"Cannot read {text!r}; commands look like: {EXAMPLES}.")


def notation(command, names: Sequence[str]) -> str:
    """The command in notation (``parse`` reads it back)."""
    match command:
        case Cross(result=n, target=t):
            return f"cross {n} on {t}"
        case Bless(kind="any", results=(n,), value=v):
            return f"bless any {n} as {v}"
        case Bless(kind="two", results=(a, b), value=v):
            return f"bless two {a} {b} as {v}"
        case Bless(kind=kind, results=(a, b)):
            return f"bless {kind} {a} {b}"
        case Land(ship=s):
            return f"land {s}"
        case Visit(place=p, keep=keep) if keep:
            return f"visit {p} keep {keep}"
        case Visit(place=p):
            return f"visit {p}"
        case Done():
            return "done"
    return repr(command)


def name_of(target: str) -> str:
    """A Viking's, ship's or place's name from its id."""
    if target.startswith("V"):
        return SHEET.viking(target).name
    if target.startswith("S"):
        return SHEET.ship(target).name
    return SHEET.place(target).name


def _lost(place: str, gratitude, lost: int) -> str:
    """The Gratitude a visit lost for want of a slot: the house's letters not written down."""
    left = list(SHEET.place(place).gratitude)
    for _, letter in gratitude:
        if letter in left:
            left.remove(letter)
    if len(left) != lost:  # not this sheet's house: say how many
        return f"{lost} lost (no slot)"
    return ", ".join(_GRATITUDE[letter] for letter in left) + " lost (no slot)"


def describe(event, names: Sequence[str]) -> str:
    """One event as a log line."""
    match event:
        case GameStarted(leader=leader):
            return f"{names[leader]} is the Merry Leader"
        case DiceRolled(round=r, dice=dice):
            return f"round {r}: the dice show {' '.join(map(str, dice))}"
        case Blessed(seat=s, kind=kind, used=used, value=value):
            return f"{names[s]} uses the {kind!r} Blessing on {', '.join(map(str, used))}: a {value}"
        case Crossed(seat=s, target=t, index=i):
            face = (SHEET.viking(t) if t.startswith("V") else SHEET.place(t)).demand[i]
            return f"{names[s]} crosses a {face} on {name_of(t)}"
        case Recruited(seat=s, viking=v):
            return f"{names[s]} recruits {name_of(v)}"
        case Landed(seat=s, ship=ship):
            return f"{names[s]} lands at {name_of(ship)}"
        case Visited(seat=s, place=p, presents=presents, gratitude=gratitude, lost=lost, happiness=happy):
            parts = []
            if presents:
                parts.append(f"{sum(c for _, c in presents)} Presents")
            if gratitude:
                parts.append(", ".join(_GRATITUDE[letter] for _, letter in gratitude))
            if lost:
                parts.append(_lost(p, gratitude, lost))
            if happy:
                parts.append("Happiness")
            return f"{names[s]} visits {name_of(p)}" + (f": {'; '.join(parts)}" if parts else "")
        case Committed(seat=s):
            return f"{names[s]} has finished the round"
        case GameEnded(points=points):
            return "final points: " + ", ".join(f"{names[i]} {p}" for i, p in enumerate(points))
    return repr(event)
