"""Bottlecap Vikings' city cards as lines for a ``Panel``: ``card_lines`` (one player's
card in full: the meters with their caps and the throne, helmet level, damage held,
the hut tree, the abilities owned) and ``summary_line`` (the same in one line, for the
other players on a small screen).

Damage tokens are letters in colour: ``R`` a red Valkyrie, ``G`` a grey one, ``x`` damage
owed (the bag was empty). Hut spots: the hut's own spot in reverse, spots passed (their
ability owned) in green, the next ones the hut may reach in bold, the rest grey; ``h2``
is the helmet level a tier needs, ``4g`` a spot's gold cost.
"""

from __future__ import annotations

from typing import Sequence

from engine.games.bottlecap_vikings.data import ABILITIES
from engine.games.bottlecap_vikings.rules import advances

from ..widgets.lines import Line, Run


def damage_runs(p, full: bool = True) -> list[Run]:
    """Damage held as letters: R red, G grey, x owed; "0" (a card) or "-" (a summary) when there is none."""
    if not p.damage:
        return [("0" if full else "-", "panel--muted")]
    return [("R" * p.reds, "bv--red panel--bold"), ("G" * p.greys, "bv--grey panel--bold"),
            ("x" * p.owed, "panel--bad")]


def _meter(label: str, value: int, cap: int, marks: Sequence[int] = (), throne: bool = False) -> Line:
    cells: list[Run] = [(f"{label:<6}", "panel--bold")]
    for level in range(1, cap + 1):
        filled = value >= level
        look = "panel--good" if filled else "panel--muted"
        if level in marks:
            look += " panel--underline"
        ch = "■" if filled else "□"
        if throne and level == cap:
            ch, look = "♛", ("panel--good panel--bold" if filled else "panel--warn panel--bold")
        cells.append((ch, look))
    cells.append((f" {value}/{cap}", ""))
    return tuple(cells)


def _fold(first: list[Run], items: list[list[Run]], width: int, indent: int, sep: str = "  ",
          lead: str = "") -> list[Line]:
    """``first``, ``lead`` and ``items`` (each kept whole, ``sep`` between them) on rows of
    ``width`` cells; a row after the first starts ``indent`` cells in, so a folded row
    reads as the same line."""
    rows: list[list[Run]] = [list(first)]
    used = sum(len(t) for t, _ in first)
    for k, item in enumerate(items):
        size = sum(len(t) for t, _ in item)
        gap = sep if k else lead
        if (k or first) and width > 0 and used + len(gap) + size > width:
            rows.append([(" " * indent, "")])
            used, gap = indent, ""
        rows[-1] += [(gap, "")] + item if gap else item
        used += len(gap) + size
    return [tuple(r) for r in rows]


def card_lines(table, seat: int, names: Sequence[str], full: bool, cursor: str = "", width: int = 0) -> list[Line]:
    """Seat ``seat``'s city card; ``full`` lets a tier fold over two rows (a small card shows a tier too long for a row as ids and costs);
    ``cursor`` is the spot the keyboard has chosen (a hut branch being picked); ``width``
    the cells a row has (0: no folding), a tier or a list folded with an indent."""
    p = table.players[seat]
    city = p.city
    out: list[Line] = [
        _meter("wood", p.wood, city.caps["wood"]),
        _meter("gold", p.gold, city.caps["gold"]),
        _meter("glory", p.glory, city.caps["glory"], marks=city.helmets, throne=True),
    ]
    out += _fold([("helmet ", "panel--bold"), (f"{p.level()}", "panel--special panel--bold"),
                  (f" ({'/'.join(map(str, city.helmets))})", "panel--muted")],
                 [[("damage ", "panel--bold"), *damage_runs(p)]], width, 0, lead=" ")
    reach = set(advances(p))
    tiers: dict[str, list] = {}
    for spot in city.spots:
        if spot.id != "0":
            tiers.setdefault(spot.id[0], []).append(spot)
    for tier, spots in tiers.items():
        need = max(s.need for s in spots)
        items: list[list[Run]] = []
        for s in spots:
            if s.id == cursor:
                look = "panel--cursor"
            elif s.id == p.hut:
                look = "panel--reverse panel--bold"
            elif s.ability in p.abilities or (s.id == "T" and p.hut == "T"):
                look = "panel--good panel--bold"
            elif s.id in reach:
                look = "panel--info panel--bold"
            else:
                look = "panel--muted"
            name = "throne" if s.ability == "throne" else ABILITIES[s.ability].name
            items.append([(f"{s.id} {name} {s.cost}g", look)])
        first: list[Run] = [(f"h{need} ", "panel--muted")] if need else []
        rows = _fold(first, items, width, 3)
        if len(rows) > 1 and not full:  # a small card keeps a tier to one row: ids and costs only
            rows = _fold(first, [[(f"{s.id}:{s.cost}g", look)] for s, ((_, look),) in zip(spots, items)], width, 3, " ")
        out += rows
    where = "start" if p.hut == "0" else p.hut
    owned = [[(ABILITIES[a].name, "panel--good")] for a in p.abilities] or [[("none", "panel--muted")]]
    out += _fold([("hut ", "panel--bold"), (where, "panel--reverse panel--bold"), ("  abilities:", "panel--bold")],
                 owned, width, 2, ", ", lead=" ")
    return out


def summary_line(table, seat: int, names: Sequence[str], letter: str) -> Line:
    """Seat ``seat`` in one line: ship letter and name, goods, damage, hut, ship's space."""
    p = table.players[seat]
    ship = f"@{p.ship + 1}" if p.ship >= 0 else "@-"
    return ((f"{letter}", f"bv--p{seat % 4} panel--bold"), (f" {names[seat][:6]:<6}", "panel--bold"),
            (f" {p.wood}w {p.gold}g {p.glory}* ", ""), *damage_runs(p, full=False),
            (f" {'hut ' if p.damage < 3 else ''}{p.hut} {ship}", "panel--muted"))
