"""Bottlecap Vikings' city cards: ``card_lines`` (one player's card in full: the meters
with their caps and the throne, helmet level, damage held, the hut tree with the
abilities owned marked ✓), ``summary_line`` (a player in one line, for the other players
on a small screen), and the panels that draw them (``BVPanel``, ``CityCard``).

Damage tokens are letters in colour: ``R`` a red Valkyrie, ``G`` a grey one, ``x`` damage
owed (the bag was empty). Hut spots: the hut's own spot in reverse, spots passed (their
ability owned, ✓) in green, the next ones the hut may reach in bold, the rest grey; ``h2``
is the helmet level a tier needs, ``4g`` a spot's gold cost.
"""

from __future__ import annotations

from typing import Sequence

from engine.games.bottlecap_vikings.data import ABILITIES
from engine.games.bottlecap_vikings.rules import advances

from ...widgets.lines import Line, Panel, Run


def damage_runs(p) -> list[Run]:
    """Damage held as letters: R red, G grey, x owed; "0" when there is none."""
    if not p.damage:
        return [("0", "panel--muted")]
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


def _tier_items(p, spots, cursor: str, reach: set[str]) -> list[list[Run]]:
    """A tier's spots as items "2a Saga 4g", "1b Hoard✓": ✓ an ability the player has
    (a spot passed without its cost, paid already); the hut's spot reversed, ``cursor`` (a branch being chosen) as the cursor, owned green, the
    next ones the hut may reach bold, the rest grey."""
    items: list[list[Run]] = []
    here = p.city.spot(p.hut).tier if p.hut != "0" else 0
    for s in spots:
        owned = s.ability in p.abilities or (s.id == "T" and p.hut == "T")
        passed = owned and s.tier <= here  # paid for: its cost no longer matters
        if s.id == cursor:
            look = "panel--cursor"
        elif s.id == p.hut:
            look = "panel--reverse panel--bold"
        elif owned:
            look = "panel--good panel--bold"
        elif s.id in reach:
            look = "panel--info panel--bold"
        else:
            look = "panel--muted"
        name = "throne" if s.ability == "throne" else ABILITIES[s.ability].name
        items.append([(f"{s.id} {name}✓" if passed else f"{s.id} {name}{'✓' if owned else ''} {s.cost}g", look)])
    return items


def card_lines(table, seat: int, names: Sequence[str], cursor: str = "", width: int = 0) -> list[Line]:
    """Seat ``seat``'s city card: the meters, helmet level and damage, the hut tree a
    tier a row (a tier too long for ``width`` cells goes on over a second row, indented,
    never cut inside a spot), the hut's spot and the abilities copied from elsewhere.
    ``cursor`` is the spot the keyboard has chosen (a hut branch being picked); ``width``
    0 folds nothing."""
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
    for spots in tiers.values():
        need = max(s.need for s in spots)
        first: list[Run] = [(f"h{need} ", "panel--muted")] if need else []
        out += _fold(first, _tier_items(p, spots, cursor, reach), width, 3)
    printed = {s.ability for s in city.spots}
    copied = [[(ABILITIES[a].name + ",", "panel--good")] for a in p.abilities if a not in printed]
    if copied:
        copied[-1] = [(copied[-1][0][0].rstrip(","), "panel--good")]
    head: list[Run] = [("hut ", "panel--bold"), (p.hut, "panel--reverse panel--bold")]
    out += _fold(head + ([("  copied:", "panel--bold")] if copied else []), copied, width, 2, " ", lead=" ")
    return out


def summary_line(table, seat: int, names: Sequence[str], label: str) -> Line:
    """Seat ``seat`` in one line of fixed fields, each with its unit, so a column keeps
    its meaning: the name (its first letters, the ship's ``label``, in the player's
    colour), goods, damage as a count, the hut's spot and the ship's space:
    ``bob   2w 4g 3* 3d hut 1b @6``."""
    p = table.players[seat]
    name = names[seat]
    look = f"bv--p{seat % 4} panel--bold"
    if name.lower().startswith(label.lower()):
        shown = name[:max(5, len(label))]
        who: list[Run] = [(shown[:len(label)], look), (f"{shown[len(label):]:<{5 - len(label)}}", "panel--bold")]
    else:
        who = [(f"{label:<5}", look)]
    ship = f"@{p.ship + 1}" if p.ship >= 0 else "@-"
    damage = "panel--bad" if p.damage else "panel--muted"
    return (*who, (f" {p.wood}w {p.gold}g {p.glory}* ", ""), (f"{p.damage}d", damage),
            (f" hut {p.hut} {ship}", "panel--muted"))


class BVPanel(Panel):
    """A ``Panel`` with the players' colours and the Valkyries' (``bv--p0``…, ``bv--red``,
    ``bv--grey``)."""

    COMPONENT_CLASSES = Panel.COMPONENT_CLASSES | {"bv--p0", "bv--p1", "bv--p2", "bv--p3", "bv--red", "bv--grey"}

    DEFAULT_CSS = """
    BVPanel > .bv--p0 { color: dodgerblue; }
    BVPanel > .bv--p1 { color: darkorange; }
    BVPanel > .bv--p2 { color: violet; }
    BVPanel > .bv--p3 { color: limegreen; }
    BVPanel > .bv--red { color: red; }
    BVPanel > .bv--grey { color: $text-muted; }
    """


class CityCard(BVPanel):
    """One player's city card, folded to its own width: ``show_card`` gives what to
    draw, and a change of the card's width (the terminal resized) folds it again at
    once, so a tier never wraps in the middle of a spot until the next move."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._card: tuple | None = None

    def show_card(self, table, seat: int, names: Sequence[str], cursor: str = "") -> None:
        """Draw seat ``seat``'s card of state ``table``, ``cursor`` the spot chosen."""
        self._card = (table, seat, tuple(names), cursor)
        self.set_lines(card_lines(table, seat, names, cursor, self.size.width))

    def on_resize(self, event) -> None:
        # before LineView's own handler (subclass first): the card folded for the new width
        if self._card is not None:
            self.set_lines(card_lines(*self._card, width=self.size.width))
