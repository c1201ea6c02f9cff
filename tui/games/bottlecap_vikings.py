"""Bottlecap Vikings' table: the rondel ring (``bottlecap_ring``), the city cards
(``bottlecap_city``), what the game asks now with its choices, and the log.

Every choice comes from the legal commands the screen is given (``rules.choices`` of
the front step), as a row of numbered choices under the ring: ←→ (h l) choose, a digit
chooses by its number, ↑↓ (k j) change an amount (what an exchange gives up), enter
plays the choice, ``e`` ends the turn, tab looks at the next player's card. The ring
lights what the choice does: the tile a move lands on (and the line under the choices
says who it attacks and whether it crosses the damage line, before it happens), the
part of the action, the tiles a swap changes, where the helper goes. A key for a
choice that does not exist is refused with the engine's own sentence.

It fits the screen: at 80×24 the ring's cells are 15 columns wide, and one city card
is shown in full (the seat at the keyboard, or the one tab chose) with a line for each
other player; with room (120×40) every card is shown in full, side by side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content

from engine.games.bottlecap_vikings import rules
from engine.games.bottlecap_vikings.commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move, Place,
                                                     Return, Rotate, Skip, Swap, Take, TakeGoods, Use)
from engine.games.bottlecap_vikings.data import ABILITIES, CITIES, face_action

from ..widgets.lines import Line, Panel, Run
from ..widgets.log_pane import LogPane
from . import GameTable
from .bottlecap_city import card_lines, summary_line
from .bottlecap_ring import HELPER_MARK, LINE_MARK, initials, ring_lines, ring_size

#: Below this many columns or rows the table is compact (one card in full).
COMPACT_BELOW = (110, 30)
#: Ring cell widths: with room, and compact.
CELL, SMALL_CELL = 18, 15


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


@dataclass
class Entry:
    """One choice on offer: its ``key`` (a digit, "e" or ""), ``label``, the commands it
    may play (several: one per amount, ↑↓ choose), and the spaces it lights."""

    key: str
    label: str
    commands: list = field(default_factory=list)
    spaces: tuple[int, ...] = ()
    part: int = 0
    spot: str = ""


def _goods(w: int, g: int) -> str:
    return " ".join(f"{n} {k}" for n, k in ((w, "wood"), (g, "gold")) if n) or "nothing"


def entries(table, seat: int, legal: list[Any]) -> list[Entry]:
    """The choices ``legal`` offers ``seat`` at the front step of ``table``, in order."""
    if not legal:
        return []
    step = table.queue[0]
    p = table.players[seat]
    out: list[Entry] = []
    if step.op == "act":
        action = rules.action_here(table, seat)
        for i, x in enumerate(action.parts, 1):
            dos = [c for c in legal if isinstance(c, Do) and c.part == i]
            if dos:
                out.append(Entry(str(i), x.short, dos, (p.ship,), part=i))
        advances = [c for c in legal if isinstance(c, Advance)]
        for c in advances:
            spot = p.city.spot(c.spot)
            name = ABILITIES[spot.ability].name if spot.ability in ABILITIES else "throne"
            out.append(Entry("", f"hut to {c.spot} {name} {spot.cost}g", [c], (p.ship,), part=1, spot=c.spot))
        for c in legal:
            if isinstance(c, Use):
                out.append(Entry("", f"use {ABILITIES[c.ability].name} ({ABILITIES[c.ability].short})", [c]))
        number = 1 if not any(e.key for e in out) else 3
        for e in out:
            if not e.key:
                e.key = str(number) if number <= 9 else ""
                number += 1
        if End() in legal:
            out.append(Entry("e", "end turn", [End()]))
        return out
    for k, c in enumerate(legal, 1):
        key = str(k) if k <= 9 else ""
        match c:
            case Move(distance=d):
                to = rules.path(table, seat, d)[-1]
                out.append(Entry(str(d), f"{d}", [c], (to,)))
            case Place(space=s):
                out.append(Entry(str(s + 1), f"{s + 1}", [c], (s,)))
            case ChooseSide(side=side):
                name = CITIES.unique[seat].name if side == "unique" else "Identical"
                out.append(Entry(key, f"{side} ({name})", [c]))
            case TakeGoods(wood=w, gold=g):
                out.append(Entry(key, _goods(w, g), [c]))
            case Advance(spot=spot_id):
                spot = p.city.spot(spot_id)
                name = ABILITIES[spot.ability].name if spot.ability in ABILITIES else "throne"
                out.append(Entry(key, f"{spot_id} {name}", [c], spot=spot_id))
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
                out.append(Entry(key, f"{ABILITIES[a].name}", [c]))
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
#: What a waiting seat reads about the one to act.
WAITS = {
    "side": "to choose a city side", "place": "to place a ship", "goods": "to choose starting goods",
    "improve": "to choose a free improvement", "move": "to move", "act": "to take the action",
    "return": "to return damage", "omen": "to answer Omen", "take": "to take a good", "give": "to give a good",
    "swap": "to swap tiles", "rotate": "to turn the bottlecap", "double": "to double a good",
    "copy": "to copy an ability",
}


class BottlecapVikingsTable(GameTable):
    """The Bottlecap Vikings table widget (see the module docstring for the keys)."""

    COMPACT_BELOW = COMPACT_BELOW
    HIDDEN_INFORMATION = False  # everything on the table is open: no hand-over between people
    KEYS_HELP = (
        "←/→ or h/l: choose (the distance to move, an action part, an answer)\n"
        "1–9: choose by its number (the distance, a part, a space…)\n"
        "↑/↓ or k/j: more or less of an amount (what an exchange gives up)\n"
        "enter: play the choice (move, take the part, answer)\n"
        "e: end your turn\n"
        "s: skip (Tides)\n"
        "tab: look at the next player's city card"
    )

    LEGEND = (
        f"- The ring: eight tiles round the bottlecap, space 1 at the top left, clockwise. "
        f"Each tile shows its space, its action and its parts in short form "
        f"(w wood, g gold, * glory, d damage; `1g2w>*` pays 1 gold and 2 wood for 1 glory).\n"
        f"- {HELPER_MARK} marks the space beside the helper; a row or column of {LINE_MARK} is the damage line "
        f"(2 and 3 players). Ships are their players' initials, in their colours; ↺ sails the other way.\n"
        f"- The bag in the middle: red and grey Valkyries left, and the reds held by all (4 bring the Valkyries).\n"
        f"- A city card: the meters (■ held, □ room; ♛ the glory throne; an underlined square is a helmet "
        f"level), damage held as R (red), G (grey), x (no token left), the hut tree by tier (h2: helmet "
        f"level needed; 4g: gold cost); the hut's spot reversed, spots passed green, spots it can reach "
        f"bold, the others grey."
    )

    BINDINGS = [
        Binding("left,h", "pick(-1)", "choose", show=False),
        Binding("right,l", "pick(1)", "choose", show=False),
        Binding("up,k", "amount(1)", "more", show=False),
        Binding("down,j", "amount(-1)", "less", show=False),
        *[Binding(str(d), f"digit({d})", str(d), show=False) for d in range(1, 10)],
        Binding("enter", "play", "Play"),
        Binding("e", "end", "End turn"),
        Binding("s", "skip", "Skip", show=False),
        Binding("tab", "other", "Cards"),
    ]

    DEFAULT_CSS = f"""
    BottlecapVikingsTable {{ height: 1fr; layout: horizontal; }}
    BottlecapVikingsTable #bv-left {{ width: {ring_size(CELL)[0] + 2}; height: 100%; }}
    BottlecapVikingsTable #bv-ring {{ height: auto; border: round $panel-lighten-2; }}
    BottlecapVikingsTable #bv-ask {{ height: auto; min-height: 4; border: round $accent; padding: 0 1; }}
    BottlecapVikingsTable #log {{ height: 1fr; }}
    BottlecapVikingsTable #bv-right {{ width: 1fr; height: 100%; }}
    BottlecapVikingsTable #bv-cards {{ height: auto; grid-size: 2; grid-gutter: 0; grid-rows: auto; }}
    BottlecapVikingsTable .bv-card {{ height: auto; border: round $panel-lighten-2; padding: 0 1; }}
    BottlecapVikingsTable .bv-card.-turn {{ border: round $accent; }}
    BottlecapVikingsTable .bv-card.-looking {{ border: heavy $warning; }}
    BottlecapVikingsTable #bv-others {{ display: none; height: auto; padding: 0 1; }}
    BottlecapVikingsTable #log-small {{ display: none; height: 1fr; }}
    BottlecapVikingsTable.-compact #bv-left {{ width: {ring_size(SMALL_CELL)[0]}; }}
    BottlecapVikingsTable.-compact #bv-ring {{ border: none; padding: 0; }}
    BottlecapVikingsTable.-compact #bv-ask {{ height: 1fr; min-height: 3; border: none; border-top: solid $accent; }}
    BottlecapVikingsTable.-compact #log {{ display: none; }}
    BottlecapVikingsTable.-compact #bv-cards {{ grid-size: 1; }}
    BottlecapVikingsTable.-compact #bv-others {{ display: block; }}
    BottlecapVikingsTable.-compact #log-small {{ display: block; min-height: 3; }}
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: Any = None
        self.names: list[str] = []
        self.legal: list[Any] = []
        self.active = False
        self.entries: list[Entry] = []
        self.cursor = 0  # index into entries
        self.amount = 0  # index into the chosen entry's commands
        self.looking: int | None = None  # the seat whose card tab chose (None: the keyboard's)
        self._step_key: Any = None
        self.ring = BVPanel(id="bv-ring", overflow="crop")
        self.ask = BVPanel(id="bv-ask")
        self.cards = [BVPanel(id=f"bv-card-{i}", classes="bv-card") for i in range(4)]
        self.others = BVPanel(id="bv-others", overflow="ellipsis")
        self.log_small = LogPane(id="log-small")
        self.log_small.border_title = "log"
        self.ring.border_title = "the ring"

    def compose(self) -> ComposeResult:
        with Vertical(id="bv-left"):
            yield self.ring
            yield self.ask
            yield self.log_pane
        with Vertical(id="bv-right"):
            with Grid(id="bv-cards"):
                yield from self.cards
            yield self.others
            yield self.log_small

    def show_log(self, lines: list[str]) -> None:
        """Both log panes (one shows, by the screen's size) get the lines."""
        self.log_pane.show(lines)
        self.log_small.show(lines)

    def on_resize(self, event) -> None:
        self.fit_compact()
        self._draw()

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        """``Setup`` · ``Turn 7: ann`` · ``ann wins: reached the throne``."""
        t = view.table
        name = lambda seat: names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"  # noqa: E731
        if t.phase == "over":
            how = "the throne of glory" if t.won_by == "glory" else "the throne"
            return f"{name(t.winner)} wins: reached {how}"
        step = t.queue[0] if t.queue else None
        if t.phase == "setup":
            return f"Setup: {name(step.seat)} {WAITS.get(step.op, 'to choose')}" if step else "Setup"
        text = f"Turn {t.turns}: {name(t.turn)}"
        if step is not None and step.seat != t.turn and step.op in WAITS:  # a question out of turn
            text += f" · {name(step.seat)} {WAITS[step.op]}"
        return text

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        t = view.table
        new_seat = self.view is None or self.view.me != view.me
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        if new_seat:
            self.looking = None
        seat = view.me if view.me is not None else 0
        self.entries = entries(t, seat, legal) if active else []
        key = (t.turns, t.queue[0] if t.queue else None, len(t.queue), t.parts, view.me)
        if key != self._step_key:  # a new question: the cursor starts at its first choice
            self._step_key = key
            self.cursor, self.amount = 0, 0
        self.cursor = min(self.cursor, max(0, len(self.entries) - 1))
        self._clamp_amount()
        self._draw()

    # ------------------------------------------------------------------ keys
    def _entry(self) -> Entry | None:
        return self.entries[self.cursor] if self.entries else None

    def _clamp_amount(self) -> None:
        e = self._entry()
        self.amount = 0 if e is None else max(0, min(self.amount, len(e.commands) - 1))

    def _not_now(self) -> bool:
        """Refuse a key when this seat cannot act; whether it was refused."""
        if self.view is None:
            return True
        if not self.active:
            t = self.view.table
            self.refuse("The game is over." if t.phase == "over" else "It is not your turn.")
            return True
        return False

    def action_pick(self, delta: int) -> None:
        if self._not_now() or not self.entries:
            return
        self.cursor = (self.cursor + delta) % len(self.entries)
        self.amount = 0
        self._draw()

    def action_amount(self, delta: int) -> None:
        e = self._entry()
        if self._not_now() or e is None:
            return
        if len(e.commands) < 2:
            self.action_pick(-delta)
            return
        self.amount = max(0, min(len(e.commands) - 1, self.amount + delta))
        self._draw()

    def action_digit(self, digit: int) -> None:
        if self._not_now():
            return
        for i, e in enumerate(self.entries):
            if e.key == str(digit):
                self.cursor, self.amount = i, 0
                self._draw()
                return
        # no such choice: the engine says why (its own sentence)
        t = self.view.table
        step = t.queue[0]
        if step.op == "move":
            self.choose(Move(digit))
        elif step.op == "act" and digit in (1, 2):
            self.choose(Do(digit))
        elif step.op == "act":
            self.refuse(f"There is no choice {digit} now: take a part, or end the turn (e).")
        else:
            self.refuse(rules.refusal(t, step))

    def action_play(self) -> None:
        e = self._entry()
        if self._not_now() or e is None:
            return
        self.choose(e.commands[self.amount])

    def action_end(self) -> None:
        if self._not_now():
            return
        self.choose(End())

    def action_skip(self) -> None:
        if self._not_now():
            return
        self.choose(Skip())

    def action_other(self) -> None:
        v = self.view
        if v is None:
            return
        start = self._card_seat()
        nxt = (start + 1) % v.table.n
        self.looking = None if nxt == (v.me if v.me is not None else 0) else nxt
        self._draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.view is None:
            return True
        if action in ("play", "end"):
            return True if self.active else None
        return True

    # ------------------------------------------------------------------ drawing
    def _card_seat(self) -> int:
        v = self.view
        if self.looking is not None:
            return self.looking
        if v.me is not None:
            return v.me
        return max(0, v.table.turn)

    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        t = v.table
        e = self._entry()
        marks: dict[int, str] = {}
        part = None
        helper = None
        if e is not None:
            step = t.queue[0]
            if step.op == "move":
                for s in rules.path(t, step.seat, e.commands[0].distance)[:-1]:
                    marks[s] = "panel--info panel--underline"
            if step.op == "rotate":
                helper = e.spaces[0]
            elif e.part:
                part = (e.spaces[0], e.part)
            else:
                for s in e.spaces:
                    marks[s] = "panel--cursor"
        self.ring.set_lines(ring_lines(t, self.names, SMALL_CELL if self.compact else CELL, marks, part, helper, v.me))
        self.ask.set_lines(self._ask())
        letters = initials(self.names)
        spot = e.spot if e is not None else ""
        if self.compact:
            seat = self._card_seat()
            self._card(self.cards[0], seat, letters, False, spot if seat == v.me else "")
            for panel in self.cards[1:]:
                panel.display = False
            others = [summary_line(t, s, self.names, letters[s]) for s in range(t.n) if s != seat]
            self.others.set_lines(others)
        else:
            for s, panel in enumerate(self.cards):
                if s < t.n:
                    self._card(panel, s, letters, True, spot if s == v.me else "")
                else:
                    panel.display = False

    def _card(self, panel: BVPanel, seat: int, letters: list[str], full: bool, spot: str) -> None:
        v = self.view
        t = v.table
        panel.display = True
        panel.set_lines(card_lines(t, seat, self.names, full, spot, panel.content_region.width))
        p = t.players[seat]
        you = " (you)" if seat == v.me else ""
        title = f"{letters[seat]} {self.names[seat]}{you} · {p.side}"
        if title != getattr(panel, "_title", None):
            panel._title = title
            panel.border_title = Content(title)  # a name is player text, never markup
        panel.set_class(t.phase == "play" and t.turn == seat, "-turn")
        panel.set_class(not self.compact and seat == self.looking, "-looking")  # tab's choice, with room

    def _ask(self) -> list[Line]:
        """What the front step asks, keys first, the choices, and what the chosen one does."""
        v = self.view
        t = v.table
        if t.phase == "over":
            name = self.names[t.winner]
            how = "reached the throne of glory" if t.won_by == "glory" else "reached the throne"
            return (((f"{name} {how} and wins.", "panel--good panel--bold"),),)
        if not t.queue:
            return []
        step = t.queue[0]
        other = self.names[step.other] if 0 <= step.other < len(self.names) else ""
        if not self.active:
            who = self.names[step.seat] if step.seat < len(self.names) else ""
            return (((f"Waiting for {who} {WAITS.get(step.op, 'to choose')}.", "panel--warn"),),
                    (("tab: look at another city card", "panel--muted"),))
        keys = [e.key for e in self.entries if e.key.isdigit()]
        digits = f"{keys[0]}–{keys[-1]}" if len(keys) > 1 else (keys[0] if keys else "")
        e = self._entry()
        amounts = e is not None and len(e.commands) > 1
        short = self.compact and amounts and step.op == "act"  # four keys on a small screen's row
        head: list[Run] = [("←→" + (f"/{digits}" if digits else ""), "panel--info panel--bold"),
                           (" · " if short else " choose · ", ""), ("enter", "panel--info panel--bold"),
                           (" plays", "")]
        if amounts:
            head += [(" · ", ""), ("↑↓", "panel--info panel--bold"), (" amount", "")]
        if step.op == "act":
            head += [(" · ", ""), ("e", "panel--info panel--bold"), (" ends" if short else " ends the turn", "")]
        ask = ASKS.get(step.op, "Choose.").format(other=other, n=step.n)
        if step.op == "move":
            way = "clockwise" if t.players[step.seat].direction > 0 else "anticlockwise"
            ask = f"Move your ship 1 to {len(self.entries)} spaces {way}."
        out: list[Line] = [tuple(head), ((ask, "panel--bold"),)]
        row: list[Run] = []
        window = 6 if self.compact else 16  # a long list (Mimic's) shows the part round the cursor
        first = max(0, min(self.cursor - window // 2, len(self.entries) - window))
        shown = range(first, min(len(self.entries), first + window))
        if first:
            row.append((f"‹{first} more  ", "panel--muted"))
        for i in shown:
            entry = self.entries[i]
            if i != first:
                row.append(("  ", ""))
            label = entry.label
            if i == self.cursor:
                label = self._amount_label(entry)
            label = label.replace(" ", "\u00a0")  # a choice is never split over two rows
            row += [((f"{entry.key}:" if entry.key and entry.key != entry.label else ""), "panel--muted"),
                    (label, "panel--cursor" if i == self.cursor else "panel--bold")]
        if shown.stop < len(self.entries):
            row.append((f"  {len(self.entries) - shown.stop} more›", "panel--muted"))
        out.append(tuple(row))
        info = self._info(step, e)
        if info:
            out.append(info)
        if step.op == "act" and not self.compact:  # with room: why a part is not on offer
            out += self._why_not(step.seat)
        if e is not None and step.op == "move" and not self.compact:  # with room: what the tile does
            action = face_action(*t.tiles[e.spaces[0]])
            out.append(((f"{action.name}: ", "panel--bold"), (action.text, "panel--muted")))
        return out

    def _why_not(self, seat: int) -> list[Line]:
        """A line for each part of the action here that is not offered now, saying why
        (the engine's sentence; for the hut, what each branch costs and needs)."""
        t = self.view.table
        p = t.players[seat]
        offered = {e.part for e in self.entries if e.part}
        out: list[Line] = []
        for i, x in enumerate(rules.action_here(t, seat).parts, 1):
            if i in offered or i in t.parts:
                continue
            if x.advance:
                up = p.city.spot(p.hut).up
                if not up:
                    continue
                needs = ", ".join(f"{s} {p.city.spot(s).cost} gold" + (f" and helmet {p.city.spot(s).need}"
                                  if p.city.spot(s).need > p.level() else "") for s in up)
                why = f"hut: {needs} (you have {p.gold} gold, helmet {p.level()})"
            else:
                why = f"part {i}: {rules.part_refusal(t, seat, i) or 'not now'}"
            out.append(((why, "panel--muted"),))
        return out

    def _amount_label(self, entry: Entry) -> str:
        c = entry.commands[self.amount]
        if isinstance(c, Do) and c.amount:
            x = rules.action_here(self.view.table, self.view.me).parts[c.part - 1]
            give, get = ("gold", "wood") if x.convert == "gold-to-wood" else ("wood", "gold")
            return f"{c.amount} {give} → {c.amount + 1} {get}"
        return entry.label

    def _info(self, step, e: Entry | None) -> Line:
        """What the chosen entry does, before it happens (a move's landing, attack, line)."""
        if e is None:
            return ()
        t = self.view.table
        c = e.commands[self.amount]
        if isinstance(c, Move):
            seat = step.seat
            to = rules.path(t, seat, c.distance)[-1]
            runs: list[Run] = [(f"→ space {to + 1} ", ""),
                               (face_action(*t.tiles[to]).name, "panel--bold")]
            if to == t.helper:
                runs.append((f" · {HELPER_MARK} the helper", "panel--warn"))
            hit = rules.attacked_by(t, seat, c.distance)
            if hit:
                draws = "" if self.compact else ": everyone there draws a Valkyrie"
                runs.append((f" · attacks {' and '.join(self.names[o] for o in hit)}{draws}", "panel--bad panel--bold"))
            line = rules.crossings(t, seat, c.distance)
            if line and not t.players[seat].has("pilot"):
                what = "the line" if self.compact else "the damage line"
                runs.append((f" · crosses {what}: {line} damage", "panel--bad panel--bold"))
            return tuple(runs)
        if step.op == "act":
            action = rules.action_here(t, step.seat)
            if e.part and not isinstance(c, Advance):
                return ((f"{action.name}: ", "panel--bold"), (action.text, "panel--muted"))
            if isinstance(c, Advance):
                spot = t.players[step.seat].city.spot(c.spot)
                if spot.ability in ABILITIES:
                    return ((f"{ABILITIES[spot.ability].name}: ", "panel--bold"),
                            (ABILITIES[spot.ability].text, "panel--muted"))
                return (("the throne: reaching it wins the game", "panel--good"),)
            if isinstance(c, Use):
                return ((ABILITIES[c.ability].text, "panel--muted"),)
            if isinstance(c, End):
                done = "" if t.parts else " (no part taken: the action is optional)"
                return ((f"end the turn{done}", "panel--muted"),)
        if isinstance(c, Rotate):
            helper = (t.helper + c.by) % 8
            line = "" if t.line < 0 else f" · {LINE_MARK} line to {(t.line + c.by) % 8 + 1}|{(t.line + c.by + 1) % 8 + 1}"
            return ((f"{HELPER_MARK} helper to space {helper + 1}{line}", "panel--warn"),)
        if isinstance(c, Copy):
            return ((ABILITIES[c.ability].text, "panel--muted"),)
        if isinstance(c, Advance):
            spot = t.players[step.seat].city.spot(c.spot)
            if spot.ability in ABILITIES:
                return ((ABILITIES[spot.ability].text, "panel--muted"),)
        if isinstance(c, TakeGoods):
            fixed, _, glory = rules.starting_goods(t.n, step.n, t.options)
            return ((f"you start with {c.wood + fixed} wood, {c.gold} gold and {glory} glory", ""),)
        if isinstance(c, Place):
            return ((f"space {c.space + 1}: {face_action(*t.tiles[c.space]).name}", ""),)
        return ()


__all__ = ["BottlecapVikingsTable", "Entry", "entries"]
