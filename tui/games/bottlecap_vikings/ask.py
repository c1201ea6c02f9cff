"""What Bottlecap Vikings asks now, as the table's question panel shows it.

``entries`` turns the legal commands of the front step into numbered choices; each
choice knows the spaces it lights on the ring and the card it concerns (a tile, a hut
spot, a city side, an ability: ``Entry.card``, from ``cards``). ``keys_title``
is the panel's title, the keys first; ``question`` the panel's rows: what is asked, the
choices (folded over as many rows as they need, or, for a long list, the rows round the
cursor with the count of those left out), what the chosen one does before it happens
(a move's landing, attack and damage line), and its details line ("Toll: Gain 2 gold.
…", the same text the rules screen lists).

The end of the turn is never a choice of the row: only ``e`` ends a turn, so an enter
too many never ends one unseen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from textual.content import Content

from engine.games.bottlecap_vikings import rules
from engine.games.bottlecap_vikings.commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move, Place,
                                                     Return, Rotate, Skip, Swap, Take, TakeGoods, Use)
from engine.games.bottlecap_vikings.data import ABILITIES, CITIES, face_action

from ...widgets.lines import Line, Run
from .cards import ability_card, action_card, side_card, spot_card, tile_card
from .ring import HELPER_MARK, LINE_MARK


@dataclass
class Entry:
    """One choice on offer: its ``key`` (a number, "s" or ""), ``label``, the commands it
    may play (several: one per amount, ↑↓ choose), the spaces it lights, the action
    ``part`` or hut ``spot`` it takes, and the ``card`` (name, text) it concerns."""

    key: str
    label: str
    commands: list = field(default_factory=list)
    spaces: tuple[int, ...] = ()
    part: int = 0
    spot: str = ""
    card: tuple[str, str] | None = None


def _goods(w: int, g: int) -> str:
    return " ".join(f"{n} {k}" for n, k in ((w, "wood"), (g, "gold")) if n) or "nothing"


def _act_entries(table, seat: int, legal: list[Any]) -> list[Entry]:
    """The action step's choices: its parts (keys 1 and 2), the hut's branches at
    Improve and the abilities used before the action (numbered on from 3)."""
    p = table.players[seat]
    action = rules.action_here(table, seat)
    out: list[Entry] = []
    for i, x in enumerate(action.parts, 1):
        dos = [c for c in legal if isinstance(c, Do) and c.part == i]
        if dos:
            out.append(Entry(str(i), x.short, dos, (p.ship,), part=i, card=action_card(action)))
    for c in legal:
        if isinstance(c, Advance):
            spot = p.city.spot(c.spot)
            name = spot_card(p.city, c.spot)[0] if spot.ability in ABILITIES else "throne"
            out.append(Entry("", f"hut to {c.spot} {name} {spot.cost}g", [c], (p.ship,), part=1, spot=c.spot,
                             card=spot_card(p.city, c.spot)))
        elif isinstance(c, Use):
            a = ABILITIES[c.ability]
            out.append(Entry("", f"use {a.name} ({a.short})", [c], card=ability_card(c.ability)))
    number = 3 if any(e.key for e in out) else 1
    for e in out:
        if not e.key:
            e.key, number = str(number), number + 1
    return out


def entries(table, seat: int, legal: list[Any]) -> list[Entry]:
    """The choices ``legal`` offers ``seat`` at the front step of ``table``, in order
    (``End`` is not among them: ``e`` ends the turn)."""
    if not legal:
        return []
    step = table.queue[0]
    p = table.players[seat]
    if step.op == "act":
        return _act_entries(table, seat, legal)
    out: list[Entry] = []
    for k, c in enumerate(legal, 1):
        key = str(k)
        match c:
            case Move(distance=d):
                to = rules.path(table, seat, d)[-1]
                out.append(Entry(str(d), f"{d}", [c], (to,), card=tile_card(*table.tiles[to])))
            case Place(space=s):
                out.append(Entry(str(s + 1), f"{s + 1}", [c], (s,), card=tile_card(*table.tiles[s])))
            case ChooseSide(side=side):
                chosen = CITIES.unique[seat] if side == "unique" else CITIES.identical
                out.append(Entry(key, f"{side} ({chosen.name})", [c], card=side_card(chosen)))
            case TakeGoods(wood=w, gold=g):
                out.append(Entry(key, _goods(w, g), [c]))
            case Advance(spot=spot_id):
                spot = p.city.spot(spot_id)
                name = ABILITIES[spot.ability].name if spot.ability in ABILITIES else "throne"
                out.append(Entry(key, f"{spot_id} {name}", [c], spot=spot_id, card=spot_card(p.city, spot_id)))
            case Return(reds=r, greys=g):
                if step.op == "omen":
                    out.append(Entry(key, "red" if r else "grey", [c]))
                else:
                    out.append(Entry(key, " ".join(f"{n} {k}" for n, k in ((r, "red"), (g, "grey")) if n), [c]))
            case Double(good=g):
                have = getattr(p, g)
                out.append(Entry(key, f"{g} {have}→{min(2 * have, p.city.caps[g])}", [c]))
            case Take(good=g) | Give(good=g):
                out.append(Entry(key, g, [c]))
            case Swap(space=s):
                out.append(Entry(str(s + 1), f"{s + 1}↔{(s + 1) % 8 + 1}", [c], (s, (s + 1) % 8)))
            case Skip():
                out.append(Entry("s", "skip", [c]))
            case Rotate(by=by):
                out.append(Entry(str(by), f"+{by}", [c], ((table.helper + by) % 8,)))
            case Copy(ability=a):
                out.append(Entry(key, ABILITIES[a].name, [c], card=ability_card(a)))
            case End():
                pass  # only e ends a turn
            case _:
                out.append(Entry(key, str(c), [c]))
    return out


#: What each prompt asks, in plain words ({other}: the other player of a trade).
ASKS = {
    "side": "Choose your city card's side.",
    "place": "Place your ship beside a space of the ring.",
    "goods": "Choose your starting goods.",
    "improve": "Free improvement: choose your hut's branch.",
    "move": "Move your ship.",
    "act": "Take parts of the action, then end the turn.",
    "return": "Which {n} damage tokens go back to the bag?",
    "omen": "Omen: which Valkyrie goes back to the bag?",
    "take": "Take 1 wood or 1 gold from {other}.",
    "give": "Give 1 wood or 1 gold to {other}.",
    "swap": "Tides: swap two neighbouring tiles, or skip.",
    "rotate": "Compass: turn the bottlecap clockwise.",
    "double": "Windfall: double your wood or your gold.",
    "copy": "Mimic: copy another ability.",
}
#: The ability whose question it is (its text is the details line with room).
ASKED_BY = {"omen": "omen", "swap": "tides", "rotate": "compass", "double": "windfall"}
#: What a waiting seat reads about the one to act.
WAITS = {
    "side": "to choose a city side", "place": "to place a ship", "goods": "to choose starting goods",
    "improve": "to choose a free improvement", "move": "to move", "act": "to take the action",
    "return": "to return damage", "omen": "to answer Omen", "take": "to take a good", "give": "to give a good",
    "swap": "to swap tiles", "rotate": "to turn the bottlecap", "double": "to double a good",
    "copy": "to copy an ability",
}
#: The panel's title while another player chooses, or when the game is over.
LOOK = "[b]tab[/b] looks at another city card"


def numbered(items: Sequence[Entry]) -> int:
    """The highest number among the choices' keys (0: none numbered)."""
    return max((int(e.key) for e in items if e.key.isdigit()), default=0)


def keys_title(step, items: Sequence[Entry], amounts: bool, compact: bool) -> Content:
    """The question panel's title: the keys that answer it, first."""
    digits = [e.key for e in items if e.key.isdigit()]
    parts = []
    if items:
        pick = "←→" + (f"/{digits[0]}–{digits[-1]}" if len(digits) > 1 else (f"/{digits[0]}" if digits else ""))
        short = compact and amounts and step.op == "act"  # four keys on a small screen's title
        top = numbered(items)
        two = f" ({top}: type {top // 10} {top % 10})" if top >= 10 else ""  # DigitEntry's two digits
        parts.append(f"[b]{pick}[/b]{'' if short else ' choose'}{two} · [b]enter[/b] plays")
        if amounts:
            parts.append("[b]↑↓[/b] amount")
    if step.op == "act":
        parts.append("[b]e[/b] ends" + ("" if items and (compact or amounts) else " the turn"))  # short when full
    return Content.from_markup(" · ".join(parts))


def _pack(sizes: Sequence[int], width: int) -> list[list[int]]:
    """The choices (by their widths) packed into rows of ``width`` cells, two spaces
    between them; a choice wider than a row has a row of its own."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, size in enumerate(sizes):
        if rows[-1] and used + 2 + size > width:
            rows.append([])
            used = 0
        used += (2 if rows[-1] else 0) + size
        rows[-1].append(i)
    return rows


def choice_rows(items: Sequence[Entry], cursor: int, label_of, width: int, most: int) -> list[Line]:
    """The choices folded into rows of ``width`` cells (a choice is never split), at
    most ``most`` rows: a longer list shows the rows round the cursor, with how many
    choices come before ("‹3 more") and after ("5 more›")."""
    cells: list[list[Run]] = []
    for i, entry in enumerate(items):
        key = f"{entry.key}:" if entry.key and entry.key != entry.label else ""
        label = label_of(entry) if i == cursor else entry.label
        cells.append([(key, "panel--muted"), (label, "panel--cursor" if i == cursor else "panel--bold")])
    sizes = [sum(len(t) for t, _ in cell) for cell in cells]
    rows = _pack(sizes, width)
    top = 0
    if len(rows) > most:
        rows = _pack(sizes, width - 9)  # room for the counts: "‹12 more " and " 12 more›"
        here = next(k for k, row in enumerate(rows) if cursor in row)
        top = max(0, min(here - most // 2, len(rows) - most))
    shown = rows[top:top + most]
    out: list[Line] = []
    for k, row in enumerate(shown):
        line: list[Run] = []
        if k == 0 and row[0] > 0:
            line.append((f"‹{row[0]} more ", "panel--muted"))
        for j, i in enumerate(row):
            line += ([("  ", "")] if j else []) + cells[i]
        if k == len(shown) - 1 and row[-1] < len(items) - 1:
            line.append((f" {len(items) - 1 - row[-1]} more›", "panel--muted"))
        out.append(tuple(line))
    return out


def details_line(card: tuple[str, str] | None) -> Line:
    """The details line of a card: "Name: text" (the rules screen lists the same)."""
    if card is None:
        return ()
    name, text = card
    return ((f"{name}: ", "panel--bold"), (text, "panel--muted"))


def info_line(table, step, entry: Entry | None, command, names: Sequence[str], compact: bool) -> Line:
    """What the chosen command does, before it happens: a move's landing, the players
    it attacks and the damage line it crosses; a turn of the bottlecap; starting goods."""
    if entry is None:
        return ()
    if isinstance(command, Move):
        seat = step.seat
        to = rules.path(table, seat, command.distance)[-1]
        runs: list[Run] = [(f"→ space {to + 1} ", ""), (face_action(*table.tiles[to]).name, "panel--bold")]
        if to == table.helper:
            runs.append((f" · {HELPER_MARK} the helper", "panel--warn"))
        hit = rules.attacked_by(table, seat, command.distance)
        if hit:
            draws = "" if compact else ": everyone there draws a Valkyrie"
            runs.append((f" · attacks {' and '.join(names[o] for o in hit)}{draws}", "panel--bad panel--bold"))
        line = rules.crossings(table, seat, command.distance)
        if line and not table.players[seat].has("pilot"):
            what = "the line" if compact else "the damage line"
            runs.append((f" · crosses {what}: {line} damage", "panel--bad panel--bold"))
        return tuple(runs)
    if isinstance(command, Rotate):
        helper = (table.helper + command.by) % 8
        line = "" if table.line < 0 else (
            f" · {LINE_MARK} line to {(table.line + command.by) % 8 + 1}|{(table.line + command.by + 1) % 8 + 1}")
        return ((f"{HELPER_MARK} helper to space {helper + 1}{line}", "panel--warn"),)
    if isinstance(command, TakeGoods):
        fixed, _, glory = rules.starting_goods(table.n, step.n, table.options)
        return ((f"you start with {command.wood + fixed} wood, {command.gold} gold and {glory} glory", ""),)
    if isinstance(command, Swap):
        a, b = command.space, (command.space + 1) % 8
        return ((f"space {a + 1} {face_action(*table.tiles[a]).name} ↔ space {b + 1} "
                 f"{face_action(*table.tiles[b]).name}", ""),)
    if isinstance(command, Advance) and step.op == "act":
        spot = table.players[step.seat].city.spot(command.spot)
        return ((f"hut to {command.spot} for {spot.cost} gold", ""),)
    return ()


def why_not(table, seat: int, items: Sequence[Entry]) -> list[Line]:
    """A line for each part of the action here that is not offered now, saying why
    (the engine's sentence; for the hut, what each branch costs and needs)."""
    p = table.players[seat]
    offered = {e.part for e in items if e.part}
    out: list[Line] = []
    for i, x in enumerate(rules.action_here(table, seat).parts, 1):
        if i in offered or i in table.parts:
            continue
        if x.advance:
            up = p.city.spot(p.hut).up
            if not up:
                continue
            needs = ", ".join(f"{s} {p.city.spot(s).cost} gold" + (f" and helmet {p.city.spot(s).need}"
                              if p.city.spot(s).need > p.level() else "") for s in up)
            why = f"hut: {needs} (you have {p.gold} gold, helmet {p.level()})"
        else:
            why = f"part {i}: {rules.part_refusal(table, seat, i) or 'not now'}"
        out.append(((why, "panel--muted"),))
    return out


def amount_label(table, seat: int, entry: Entry, amount: int) -> str:
    """The chosen choice's label with its amount ("2 gold → 3 wood")."""
    c = entry.commands[amount]
    if isinstance(c, Do) and c.amount:
        x = rules.action_here(table, seat).parts[c.part - 1]
        give, get = ("gold", "wood") if x.convert == "gold-to-wood" else ("wood", "gold")
        return f"{c.amount} {give} → {c.amount + 1} {get}"
    return entry.label


def question(table, step, items: Sequence[Entry], cursor: int, amount: int, names: Sequence[str],
             compact: bool, width: int) -> list[Line]:
    """The question panel's rows for the seat that answers ``step`` (see the module
    docstring); ``width`` the cells a row has."""
    e = items[cursor] if items else None
    other = names[step.other] if 0 <= step.other < len(names) else ""
    ask = ASKS.get(step.op, "Choose.").format(other=other, n=step.n)
    if step.op == "return" and step.n == 1:
        ask = "Which damage token goes back to the bag?"
    if step.op == "move":
        way = "clockwise" if table.players[step.seat].direction > 0 else "anticlockwise"
        ask = f"Move your ship {way}:"
    if step.op == "act" and not items:
        ask = ("Nothing more to take here: e ends the turn." if table.parts
               else "Nothing here you can take now (the action is optional): e ends the turn.")
    rows = choice_rows(items, cursor, lambda entry: amount_label(table, step.seat, entry, amount), width,
                       2 if compact else 3) if items else []
    if len(rows) == 1 and len(ask) + 2 + sum(len(t) for t, _ in rows[0]) <= width:  # one row: the question and its choices
        out: list[Line] = [((ask, "panel--bold"), ("  ", ""), *rows[0])]
    else:
        out = [((ask, "panel--bold"),), *rows]
    command = e.commands[amount] if e is not None else None
    info = info_line(table, step, e, command, names, compact)
    details = details_line(e.card) if e is not None and e.card is not None else ()
    if not details and step.op in ASKED_BY and not compact:
        details = details_line(ability_card(ASKED_BY[step.op]))
    if isinstance(command, Move) and details and len(info) == 2:  # "→ space 6 Toll" and nothing to warn of
        out.append((info[0], *details))  # "→ space 6 Toll: Gain 2 gold. …"
    else:
        out += [line for line in (info, details) if line]
    if step.op == "act" and (not compact or not items):  # with room: why a part is not on offer
        out += why_not(table, step.seat, items)
    return out


__all__ = ["ASKS", "ASKED_BY", "Entry", "LOOK", "WAITS", "amount_label", "choice_rows", "details_line", "entries",
           "info_line", "keys_title", "numbered", "question", "why_not"]
