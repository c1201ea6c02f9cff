"""What each Viking, harbour, road, house and Santa's Blessing of Giftbringer is and
does, in plain words: one source for the table's details line (the place or Viking under
the cursor, the Blessings a marked result can use) and the rules screen's "Every card"
(``card_texts``).

Each thing is named as every sentence names it (``notation.title``: "House 5 (Aurora
Hall)"); its text comes from the sheet's data (what it needs, carries and gives) and,
for the Blessings and harbours, the engine's texts (``engine.games.giftbringer.texts``). The
``*_runs`` functions give the text as runs of a ``Line`` with each face a sheet has
crossed shown as ``CROSSED_FACE`` ("needs x 5": a reading without colour or
strike-through); ``*_card`` the same text as ``(name, text)``.
"""

from __future__ import annotations

from typing import Sequence

from engine.games.giftbringer.commands import BLESSINGS
from engine.games.giftbringer.notation import title
from engine.games.giftbringer.sheet import SHEET
from engine.games.giftbringer.texts import load as texts

from ...widgets.lines import Line, Run, plain

#: The Gratitude letters in the table's words (the score panel's "milk", "cookies" …).
GIFTS = {"C": "Cookie", "G": "Milk", "M": "Muffin"}
#: A crossed face, in the details line and on the full map ("needs x 5", "H1¹:x5").
CROSSED_FACE = "x"
#: The Blessings by name, as the dice tray shows them.
BLESSING_NAMES = {"any": "any", "two": "2→1", "sum": "sum", "diff": "diff"}



def _count(n: int, word: str) -> str:
    """"1 Present", "2 Presents"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _faces(demand: Sequence[int], crossed: Sequence[bool] | None) -> list[Run]:
    """The faces of ``demand``, each one ``crossed`` as ``CROSSED_FACE``."""
    crossed = crossed or [False] * len(demand)
    out: list[Run] = []
    for k, (face, done) in enumerate(zip(demand, crossed)):
        out += [(" ", "")] if k else []
        out.append((CROSSED_FACE, "panel--muted") if done else (str(face), "panel--bold"))
    return out


def viking_runs(viking_id: str, crossed: Sequence[bool] | None = None) -> list[Run]:
    """"needs 1 2 · carries 1 Present · 2 Gratitude slots" ("RECRUIT")."""
    v = SHEET.viking(viking_id)
    return [("needs ", ""), *_faces(v.demand, crossed),
            (f" · carries {_count(v.presents, 'Present')} · {_count(v.slots, 'Gratitude slot')}", "")]


def place_runs(place_id: str, crossed: Sequence[bool] | None = None) -> list[Run]:
    """"needs 1 3 5 6, 2 Presents · gives Milk, Milk, Happiness" for a house ("VISIT",
    "GRATITUDE", "HAPPINESS"); "needs 6 6 · the way on" for a road."""
    p = SHEET.place(place_id)
    out: list[Run] = [("needs ", "")]
    if p.demand:
        out += _faces(p.demand, crossed)
    if p.presents:
        out.append(((", " if p.demand else "") + _count(p.presents, "Present"), ""))
    gives = [GIFTS[c] for c in p.gratitude] + (["Happiness"] if p.happiness else [])
    out.append((" · gives " + ", ".join(gives) if gives else " · the way on", ""))
    return out


def harbour_runs(ship_id: str) -> list[Run]:
    """"land here before your first Visit …; next to R1, H1"."""
    s = SHEET.ship(ship_id)
    return [(f"{texts().harbour['text']}; next to {', '.join(s.coast)}", "")]


def runs(target: str, crossed: Sequence[bool] | None = None) -> list[Run]:
    """The text of the Viking, harbour, road or house ``target`` (an id), as runs."""
    if target.startswith("V"):
        return viking_runs(target, crossed)
    if target.startswith("S"):
        return harbour_runs(target)
    return place_runs(target, crossed)


def card(target: str) -> tuple[str, str]:
    """``("House 5 (Aurora Hall)", "needs 1 3 5 6, 2 Presents · gives Milk, Milk,
    Happiness")``: the name and the text the details line shows (nothing crossed)."""
    return title(target), plain(tuple(runs(target)))


def details(target: str, crossed: Sequence[bool] | None = None) -> Line:
    """The details line of ``target``: its name (bold) and its text, each ``crossed``
    face as ``CROSSED_FACE``; with nothing crossed its plain text is ``card``'s "name: text"."""
    return ((title(target) + ": ", "panel--bold"), *runs(target, crossed))


def blessing_card(kind: str) -> tuple[str, str]:
    """``("Santa's Blessing any", "one result becomes any other (1–6)")``."""
    return f"Santa's Blessing {BLESSING_NAMES[kind]}", texts().blessings[kind]


def blessing_details(kind: str) -> Line:
    """The details line of a Blessing a marked result may use: its name as the dice tray
    shows it and ``blessing_card``'s text ("sum: two become their sum, at most 6 (+)")."""
    return ((f"{BLESSING_NAMES[kind]}: ", "panel--bold"), (texts().blessings[kind], ""))


def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every Viking, harbour, road and house of the sheet and every Santa's Blessing,
    with its text (``GameTable.card_texts``)."""
    return [
        ("Vikings", [card(v.id) for v in SHEET.vikings]),
        ("Harbours", [card(s.id) for s in SHEET.ships]),
        ("Roads", [card(p.id) for p in SHEET.roads]),
        ("Houses", [card(p.id) for p in SHEET.houses]),
        ("Santa's Blessings (each once a game)", [blessing_card(k) for k in BLESSINGS]),
    ]


__all__ = ["BLESSING_NAMES", "CROSSED_FACE", "GIFTS", "blessing_card", "blessing_details", "card", "card_texts",
           "details", "runs"]
