"""What Naughty or Nice's table asks: the answers on offer (``Choice``), each labelled
once and numbered by the key that picks it, the question in plain words, the card a
highlighted answer is about (shown in the details line, ``cards``), and
``AskPanel``, which lays the answers out in rows at its own width: every answer is
visible, or the rows scroll with the cursor and say how many more lie each way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rich.cells import cell_len

from engine.core.reactions import Pass
from engine.games.naughty_or_nice.commands import DECK, ChooseGiver, Draw, Keep, Pick, Play, React, Search, Sweep
from engine.games.naughty_or_nice.data import COLOUR_LETTER, CREATURES, GIVERS, KIDDOS, PRESENTS

from ...widgets.lines import Line, Run, cut_short, ellipsis, plain, wrap
from .board import NNPanel
from .cards import creature_card, giver_card, kiddo_card, present_card

#: A card a choice is about: ("giver", "santa"), ("creature", "TO"), ("present", "ST"), ("kiddo", 12).
Card = tuple[str, Any]


@dataclass
class Choice:
    """One answer on offer: its ``label``, the ``command`` it gives (or ``then``, the
    next list, for a creature that still needs a target), the ``number`` a digit picks
    it by (0: its place in the list; a kiddo's is its playground place) and the ``card``
    the details line explains."""

    label: str
    command: Any = None
    then: list["Choice"] | None = None
    number: int = 0
    card: Card | None = None


def present_label(code: str) -> str:
    """"Cap (R)"."""
    p = PRESENTS[code]
    return f"{p.name} ({COLOUR_LETTER[p.colour]})"


def _kiddo_at(view: Any, slot: int) -> str:
    k = view.playground[slot] if 0 <= slot < len(view.playground) else -1
    return KIDDOS[k].name if k >= 0 else "(empty)"


def command_label(c: Any, view: Any, names: Sequence[str]) -> str:
    """A command as an answer reads in a list, said once: a kiddo by its name (its
    number is its place), a present with its colour's letter, a player by name."""
    match c:
        case ChooseGiver(g):
            return GIVERS[g].name
        case Keep(code):
            return CREATURES[code].name
        case Pick(code):
            return present_label(code)
        case Draw(source):
            return "the deck" if source == DECK else f"row {source + 1} {PRESENTS[view.row[source]].name}"
        case Pass():
            return "pass"
        case React("TO", _):
            return "Tomte: cancel it"
        case React(_, take):  # Papa Wolverine: which two of the presents given
            return "take " + " + ".join(PRESENTS[t].name for t in take)
        case Search(code):
            return f"discard 2 {PRESENTS[code].name}"
        case Sweep(slot):
            return _kiddo_at(view, slot)
        case Play("RD", count):
            return f"{count} reindeer"
        case Play(code, _, target, present, slot):
            kind = CREATURES[code].target
            if kind == "seat":
                return names[target] if 0 <= target < len(names) else str(target)
            if kind == "present":
                return present_label(present)
            if kind == "kiddo":
                return _kiddo_at(view, slot)
            return CREATURES[code].name
    return str(c)


def card_of(c: Any, view: Any) -> Card | None:
    """The card answer ``c`` is about, for the details line (None: none)."""
    match c:
        case ChooseGiver(g):
            return ("giver", g)
        case Keep(code) | React(code, _):
            return ("creature", code)
        case Pick(code):
            return ("present", code)
        case Draw(source):
            return ("giver", "christkindl") if source == DECK else ("present", view.row[source])
        case Search(_):
            return ("giver", "santa")
        case Sweep(slot):
            return ("kiddo", view.playground[slot])
        case Play(code, _, _, present, slot):
            kind = CREATURES[code].target
            if kind == "present":
                return ("present", present)
            if kind == "kiddo":
                return ("kiddo", view.playground[slot])
            return ("creature", code)
        case Pass():
            if view.prompts and view.prompts[0].kind == "draw":
                return ("giver", "christkindl")
            if view.windows and view.held and view.held[-1].creature in CREATURES:
                return ("creature", view.held[-1].creature)  # what passing lets happen
    return None


def number_of(c: Any) -> int:
    """The digit that picks ``c``: a kiddo's playground place, else 0 (its place in the list)."""
    match c:
        case Sweep(slot):
            return slot + 1
        case Play(code, _, _, _, slot) if CREATURES[code].target == "kiddo":
            return slot + 1
    return 0


def choices_for(commands: Sequence[Any], view: Any, names: Sequence[str]) -> list[Choice]:
    """``commands`` as answers: labelled, numbered and with their cards."""
    return [Choice(command_label(c, view, names), c, number=number_of(c), card=card_of(c, view)) for c in commands]


def creature_choices(plays: list[Play], view: Any, names: Sequence[str]) -> list[Choice]:
    """The creatures that may be played now, each with its targets when it has some."""
    by_code: dict[str, list[Play]] = {}
    for c in plays:
        by_code.setdefault(c.creature, []).append(c)
    out = []
    for code, cs in by_code.items():
        name = CREATURES[code].name
        if len(cs) == 1 and code != "RD":
            out.append(Choice(name, cs[0], card=("creature", code)))
        else:
            out.append(Choice(name, then=choices_for(cs, view, names), card=("creature", code)))
    return out


#: The question after a creature is chosen, by its code: what its target is for.
TARGET_QUESTIONS = {
    "SC": "Mr Scrooge: who skips their next turn?",
    "ML": "Mari Lwyd: steal a creature from whom?",
    "CG": "Cringe: steal 2 presents from whom?",
    "KR": "Krampus: call for which present?",
    "MC": "Mrs. Claus: which kiddo?",
    "RD": "Reindeer: how many together?",
}


def target_question(code: str) -> str:
    """The question for the target of creature ``code`` (``TARGET_QUESTIONS``)."""
    return TARGET_QUESTIONS.get(code, f"{CREATURES[code].name}: on which target?")


def window_text(view: Any, names: Sequence[str]) -> str:
    """"bob played Krampus calling for Sleigh" / "bob gave Cap, Coal to Benjamin"."""
    if not view.held:
        return "A reaction window is open"
    h = view.held[-1]
    who = names[h.seat] if 0 <= h.seat < len(names) else "?"
    if h.creature == "fulfill":
        given = ", ".join(PRESENTS[g].name for g in h.given)
        kiddo = view.windows[-1].subject if view.windows else "a kiddo"
        return f"{who} gave {given} to {kiddo}"
    what = CREATURES[h.creature].name if h.creature in CREATURES else h.creature
    tail = ""
    if h.creature in ("SC", "ML", "CG") and 0 <= h.target < len(names):
        tail = f" on {names[h.target]}"
    elif h.creature == "KR" and h.present in PRESENTS:
        tail = f" calling for {PRESENTS[h.present].name}"
    elif h.creature == "MC" and h.slot >= 0:
        tail = f" for the kiddo at {h.slot + 1}"
    elif h.creature == "TO":
        tail = " to cancel the last play"
    return f"{who} played {what}{tail}"


def card_text(card: Card, level: int) -> tuple[str, str]:
    """``(name, text)`` of ``card`` as ``cards`` gives it at ``level``."""
    kind, key = card
    if kind == "giver":
        return giver_card(key, level)
    if kind == "creature":
        return creature_card(key)
    if kind == "present":
        return present_card(key, level)
    return kiddo_card(key, level)


def details_line(card: Card | None, level: int) -> Line:
    """The details line of ``card``: "Tomte (TO): Helpful, 1 point. …" (() for none)."""
    if card is None or (card[0] == "kiddo" and card[1] < 0):
        return ()
    name, text = card_text(card, level)
    return ((f"{name}: ", "panel--bold"), (text, "panel--muted"))


def choice_rows(items: Sequence[Line], cursor: int, width: int, rows: int) -> list[Line]:
    """``items`` (one Line each, the cursor's styled already) flowed into rows of
    ``width`` cells, two spaces apart. When they need more than ``rows`` rows, ``rows``
    of them are shown, the cursor's among them, and the first and last shown say how
    many answers lie before ("3 more ←") and after ("→ 5 more"); the window moves a row
    at a time as the cursor leaves it."""
    if not items:
        return []
    if width <= 0:
        return [tuple(run for k, item in enumerate(items) for run in ((("  ", ""),) if k else ()) + item)]
    sizes = [cell_len(plain(item)) for item in items]
    n = len(items)

    def before(k: int) -> str:
        return f"{k} more ← " if k else ""

    def after(k: int) -> str:
        return f" → {k} more" if k else ""

    def window(start: int, count: int) -> list[list[int]]:
        """Up to ``count`` rows from item ``start``, room kept for the marks."""
        out: list[list[int]] = []
        i = start
        while i < n and len(out) < count:
            room = width - len(before(start) if not out else "")
            row: list[int] = []
            used = 0
            while i < n:
                size = sizes[i] + (2 if row else 0)
                last = len(out) == count - 1 and i + 1 < n  # more would follow this row
                if row and used + size + (len(after(n - i - 1)) if last else 0) > room:
                    break
                row.append(i)
                used += size
                i += 1
                if used >= room:
                    break
            out.append(row)
        return out

    def line(indexes: list[int]) -> list[Run]:
        runs: list[Run] = []
        for k, i in enumerate(indexes):
            if k:
                runs.append(("  ", ""))
            runs += ellipsis(items[i], width)
        return runs

    full = window(0, n)
    if len(full) <= rows:
        return [tuple(line(ix)) for ix in full]
    count = max(1, rows)
    shown = next((w for w in (window(r[0], count) for r in full) if any(cursor in ix for ix in w)),
                 None) or window(cursor, count)
    first, last = shown[0][0], shown[-1][-1]
    out: list[Line] = []
    for r, ix in enumerate(shown):
        runs = line(ix)
        if r == 0 and first:
            runs = [(before(first), "panel--info"), *runs]
        if r == len(shown) - 1 and last < n - 1:
            runs.append((after(n - 1 - last), "panel--info"))
        out.append(tuple(runs))
    return out


class AskPanel(NNPanel):
    """The question panel: lines above, a row of answers and lines below, each fitted to
    the panel's width when it is drawn (``set_ask``), or plain lines (``set_lines``).
    ``choice_rows`` and ``detail_rows`` cap the rows the answers and the lines below
    take (the answers then scroll; the lines below end in "…")."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._ask: tuple | None = None
        self.choice_rows = 2
        self.detail_rows = 3

    def set_lines(self, lines) -> None:
        """Plain lines, each wrapped (``LineView.set_lines``)."""
        if self._ask is not None:
            self._ask = None
            self._lines = []
        super().set_lines(lines)

    def set_ask(self, head: Sequence[Line], items: Sequence[Line], cursor: int, tail: Sequence[Line]) -> None:
        """``head`` lines, the answers ``items`` (``cursor`` the highlighted one) and
        ``tail`` lines; repaints only the rows that change."""
        ask = (tuple(head), tuple(items), cursor, tuple(tail), self.choice_rows, self.detail_rows)
        if ask == self._ask:
            return
        self._ask = ask
        self._lines = [*head, *items, *tail]
        self._refit()

    def _fit(self, width: int) -> list[Line]:
        if self._ask is None:
            return super()._fit(width)
        head, items, cursor, tail, rows, detail_rows = self._ask
        out = [row for line in head for row in wrap(line, width)]
        out += choice_rows(items, cursor, width, rows)
        below = [row for line in tail for row in wrap(line, width)]
        if len(below) > detail_rows > 0:
            below = below[:detail_rows]
            below[-1] = cut_short(below[-1], width)
        return out + below


__all__ = ["AskPanel", "Card", "Choice", "TARGET_QUESTIONS", "card_of", "card_text", "choice_rows", "choices_for",
           "command_label", "creature_choices", "details_line", "number_of", "present_label",
           "target_question", "window_text"]
