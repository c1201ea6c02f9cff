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

EXAMPLES = "cross 2 on H4"
_GRATITUDE = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}
#: Typed text quoted in a refusal is cut to this many characters, so that every refusal
#: fits one line of an 80-column screen.
QUOTED = 24
#: What each kind of thing on the sheet is called, by the first letter of its id.
KINDS = {"V": "Viking", "H": "House", "R": "Road", "S": "Harbour"}


def quoted(text: str) -> str:
    """``text`` as a refusal quotes it: in quotes, cut to ``QUOTED`` characters with "…"."""
    return repr(text if len(text) <= QUOTED else text[:QUOTED - 1] + "…")


def _number(word: str, what: str = "result") -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 2:
        raise IllegalCommand(f"{quoted(word)} is not a {what} number.")
    return int(word)


def _thing(target: str):
    """The Viking, harbour, road or house with id ``target``; ``KeyError`` for none."""
    getter = {"V": SHEET.viking, "S": SHEET.ship, "R": SHEET.place, "H": SHEET.place}.get(target[:1])
    if getter is None:
        raise KeyError(f"There is nothing {target!r} on the Giftbringer sheet.")
    return getter(target)


def _target(word: str) -> str:
    """A Viking's, road's or house's id as the sheet writes it (``V3``, ``H14``)."""
    target = word.upper()
    try:
        if target.startswith("S"):
            raise KeyError(target)
        _thing(target)
    except KeyError:
        raise IllegalCommand(f"{quoted(target)} is not a Viking, road or house (V1…, R1…, H1…).") from None
    return target


def _letters(word: str) -> str:
    """Gratitude letters as a Visit keeps them: upper case, in the order C, G, M."""
    letters = word.upper()
    wrong = sorted(set(letters) - set(_GRATITUDE))
    if wrong:
        raise IllegalCommand(f"{quoted(wrong[0])} is not a Gratitude letter: C Cookie, G Glass of Milk, M Muffin.")
    return "".join(sorted(letters))


def parse(text: str, names: Sequence[str]) -> object:
    """Parse one command; raises ``IllegalCommand`` with an example when it cannot be read
    (one line at 80 columns: the typed text is cut, ``quoted``)."""
    words = text.lower().split()
    match words:
        case ["cross", n, "on", target] | ["cross", n, target]:
            return Cross(_number(n), _target(target))
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
    raise IllegalCommand(f"Cannot read {quoted(text.strip())}; commands look like: {EXAMPLES}.")


def notation(command, names: Sequence[str]) -> str:
    """The command in notation (``parse`` reads it back).
    Raises ``TypeError`` for what is not one of the game's commands."""
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
    raise TypeError(f"not a Giftbringer command: {command!r}")


def title(target: str) -> str:
    """What a Viking, harbour, road or house is called in every sentence (the log, the
    refusals, the table's details line): its kind and number, the id the map and the
    notation show (``H14``) in words, then its name: "House 14 (Lantern Home)", "Viking
    1 (Bjorn)", "Harbour 1 (Frost Fjord)". Raises ``KeyError`` for an unknown id."""
    return f"{KINDS[target[0]]} {target[1:]} ({_thing(target).name})"


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
            return f"{names[s]} crosses a {face} on {title(t)}"
        case Recruited(seat=s, viking=v):
            return f"{names[s]} recruits {title(v)}"
        case Landed(seat=s, ship=ship):
            return f"{names[s]} lands at {title(ship)}"
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
            return f"{names[s]} visits {title(p)}" + (f": {'; '.join(parts)}" if parts else "")
        case Committed(seat=s):
            return f"{names[s]} has finished the round"
        case GameEnded(points=points):
            return "final points: " + ", ".join(f"{names[i]} {p}" for i, p in enumerate(points))
    return repr(event)
