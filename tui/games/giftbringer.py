"""Giftbringer's table: the dice tray beside your Player Sheet (the island as a map, the
Vikings, the Happiness track and a running score), and the log.

Keys: ←→ choose a result in the tray, ↑↓ choose a Viking, place or ship (the map marks
it), tab / shift+tab jump only between those where a choice is legal (the chosen result
can be crossed, a place is ready to Visit, a harbour to land at; the sheet shades them),
enter crosses the result on it (or lands at a ship, or visits a finished place),
``v`` visits, space marks a result for a Blessing, then ``1``–``6`` (one marked: "any";
two marked: "two"), ``+`` (sum) or ``-`` (difference), ``o`` shows the next player's sheet,
``d`` finishes the round. An illegal choice is refused with a sentence; nothing changes.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.games.giftbringer.commands import Bless, Cross, Done, Land, Visit
from engine.games.giftbringer.rules import complete, free_slots, presents_left, reachable, score
from engine.games.giftbringer.sheet import SHEET, neighbours

from . import GameTable

LETTERS = {"C": "Cookie", "G": "Milk", "M": "Muffin"}
MAP_W, MAP_H = 64, 20


def _demand_text(demand: Sequence[int], marks: Sequence[bool]) -> Text:
    text = Text()
    for k, (face, done) in enumerate(zip(demand, marks)):
        if k:
            text.append(" ")
        text.append(str(face), style="strike dim" if done else "bold")
    return text


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Cells from ``a`` to ``b`` (Bresenham), inside the map, ends excluded."""
    (x0, y0), (x1, y1) = a, b
    x0 += 1  # from the label's second cell, so a line leaves a node to the side
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err, cells = dx + dy, []
    while (x0, y0) != (x1, y1):
        cells.append((x0, y0))
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
    return [(x, y) for x, y in cells[1:] if 0 <= x < MAP_W and 0 <= y < MAP_H]


class GiftbringerTable(GameTable):
    """The Giftbringer table widget (see the module docstring for the keys)."""

    KEYS_HELP = (
        "←/→: choose a result in the dice tray\n"
        "↑/↓: choose a Viking, road, house or ship\n"
        "tab/shift+tab: jump to the next one where the result (or a visit, a landing) is legal\n"
        "enter: cross the result on it · land at a ship · visit a finished place\n"
        "v: visit the chosen place\n"
        "space: mark a result for a Blessing; then 1–6 (any / two as that face), + (sum), - (difference)\n"
        "o: look at the next player's sheet\n"
        "d: finish the round"
    )

    BINDINGS = [
        Binding("left,h", "result(-1)", "result", show=False),
        Binding("right,l", "result(1)", "result", show=False),
        Binding("up,k", "target(-1)", "target", show=False),
        Binding("down,j", "target(1)", "target", show=False),
        Binding("tab", "next_legal(1)", "Fits"),
        Binding("shift+tab", "next_legal(-1)", "back", show=False),
        Binding("enter", "use", "Use"),
        Binding("v", "visit", "Visit"),
        Binding("space", "mark", "Mark"),
        *[Binding(str(f), f"bless_face({f})", str(f), show=False) for f in range(1, 7)],
        Binding("plus", "bless('sum')", "Sum", show=False),
        Binding("minus", "bless('diff')", "Diff", show=False),
        Binding("o", "other", "Other sheet"),
        Binding("d", "done", "Done"),
    ]

    DEFAULT_CSS = """
    GiftbringerTable { height: 1fr; layout: horizontal; }
    GiftbringerTable #gb-left { width: 44; }
    GiftbringerTable #gb-tray { height: auto; border: round $accent; padding: 0 1; }
    GiftbringerTable #gb-vikings { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-score { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-right { width: 1fr; }
    GiftbringerTable #gb-map { height: 24; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-info { height: 1fr; min-height: 3; padding: 0 1; }
    GiftbringerTable #log { height: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: Any = None
        self.names: list[str] = []
        self.legal: list[Any] = []
        self.active = False
        self.result_cursor = 0  # index into the round's results
        self.target_cursor = 0  # index into targets()
        self.marked: list[int] = []  # 1-based results marked for a Blessing
        self.looking: int | None = None  # another seat whose sheet is shown
        self._fits: set[str] = set()  # fits() as of the last redraw

    def compose(self) -> ComposeResult:
        with Vertical(id="gb-left"):
            yield Static(id="gb-tray")
            yield Static(id="gb-vikings")
            yield Static(id="gb-score")
            yield self.log_pane  # each player's round in notation, under the sheet's figures
        with Vertical(id="gb-right"):
            yield Static(id="gb-map")
            yield Static(id="gb-info")

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Nothing is hidden: sheets are public, so no hand-over is needed."""
        return False

    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        if view.phase == "over":
            return "the game is over"
        return f"Round {view.round} of {view.options.rounds} · dice {' '.join(map(str, view.dice))}"

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        new_round = self.view is None or self.view.round != view.round
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        if new_round:
            self.result_cursor, self.marked = 0, []
        results = self._sheet().results
        self.marked = [m for m in self.marked if m <= len(results) and not results[m - 1].used]
        if results and (self.result_cursor >= len(results) or results[self.result_cursor].used):
            free = [i for i, r in enumerate(results) if not r.used]
            self.result_cursor = free[0] if free else 0
        self._draw()

    # ------------------------------------------------------------------ model helpers
    def _seat(self) -> int:
        v = self.view
        if self.looking is not None:
            return self.looking
        return v.me if v.me is not None else 0

    def _sheet(self):
        return self.view.sheets[self._seat()]

    def targets(self) -> list[str]:
        """Vikings, then places, then ships, in sheet order."""
        return [x.id for x in SHEET.vikings] + [p.id for p in SHEET.places] + [s.id for s in SHEET.ships]

    def _target(self) -> str:
        t = self.targets()
        return t[self.target_cursor % len(t)]

    def _result_number(self) -> int:
        return self.result_cursor + 1

    def fits(self) -> set[str]:
        """The targets with a legal choice now: the chosen result can be crossed there, or
        it is a place ready to Visit, or a harbour to land at (an empty set when this seat
        cannot act). Tab walks these; the sheet marks them."""
        if not self.active or self.looking is not None:
            return set()
        n = self._result_number()
        found = set()
        for c in self.legal:
            match c:
                case Cross(result=r, target=t) if r == n:
                    found.add(t)
                case Visit(place=p):
                    found.add(p)
                case Land(ship=ship):
                    found.add(ship)
        return found

    # ------------------------------------------------------------------ actions
    def _offer(self, command) -> None:
        """Play ``command`` through the screen; one the engine refuses comes back as its
        own one-line reason (say, "A 5 cannot be crossed on Bjorn (V1): it still needs 1 2.")."""
        if not self.active or self.looking is not None:
            self.refuse("You cannot act now." if self.looking is None else "You are looking at another sheet (o).")
            return
        self.choose(command)

    def action_result(self, delta: int) -> None:
        """Move to the next result not yet used (used ones are skipped)."""
        results = self._sheet().results
        for step in range(1, len(results) + 1):
            i = (self.result_cursor + delta * step) % len(results)
            if not results[i].used:
                self.result_cursor = i
                break
        self._draw()

    def action_target(self, delta: int) -> None:
        self.target_cursor = (self.target_cursor + delta) % len(self.targets())
        self._draw()

    def action_next_legal(self, delta: int) -> None:
        """Move the target cursor to the next Viking, place or ship in ``fits()``."""
        fits, order = self.fits(), self.targets()
        for step in range(1, len(order) + 1):
            i = (self.target_cursor + delta * step) % len(order)
            if order[i] in fits:
                self.target_cursor = i
                self._draw()
                return
        if self.active and self.looking is None:
            self.refuse(f"Result {self._result_number()} fits nowhere now: pick another (←→), "
                        "bless it (space, 1–6), or finish the round (d).")

    def action_use(self) -> None:
        target = self._target()
        if target.startswith("S"):
            self._offer(Land(target))
        elif not target.startswith("V") and Visit(target) in self.legal:
            self._offer(Visit(target))
        else:
            self._offer(Cross(self._result_number(), target))

    def action_visit(self) -> None:
        self._offer(Visit(self._target()))

    def action_mark(self) -> None:
        n = self._result_number()
        if n in self.marked:
            self.marked.remove(n)
        elif len(self.marked) < 2:
            self.marked.append(n)
        else:
            self.marked = [self.marked[1], n]
        self._draw()

    def action_bless_face(self, face: int) -> None:
        marked = sorted(self.marked) or [self._result_number()]
        kind = "any" if len(marked) == 1 else "two"
        self.marked = []
        self._offer(Bless(kind, tuple(marked), face))

    def action_bless(self, kind: str) -> None:
        if len(self.marked) != 2:
            self.refuse("Mark two results with space first.")
            return
        marked, self.marked = tuple(sorted(self.marked)), []
        self._offer(Bless(kind, marked))

    def action_other(self) -> None:
        v = self.view
        if v is None or v.n < 2:
            return
        start = self._seat()
        nxt = (start + 1) % v.n
        self.looking = None if nxt == v.me else nxt
        self._draw()

    def action_done(self) -> None:
        self._offer(Done())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.view is None:
            return True
        if action in ("use", "visit", "mark", "done"):
            return True if self.active else None
        if action == "other":
            return self.view.n > 1
        return True

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        if self.view is None:
            return
        self._fits = self.fits()  # once per redraw, for the Viking list, the map and the info line
        self.query_one("#gb-tray", Static).update(self._tray())  # its height follows the results
        self.query_one("#gb-vikings", Static).update(self._vikings())
        self.query_one("#gb-score", Static).update(self._score(), layout=False)
        self.query_one("#gb-map", Static).update(self._map(), layout=False)
        self.query_one("#gb-info", Static).update(self._info(), layout=False)
        whose = self.names[self._seat()] if self.names else ""
        # Text, not a str: a border title string is read as markup, and a name is player text
        self.query_one("#gb-map", Static).border_title = Text(f"{whose}'s island" + (" (looking: o returns)" if self.looking is not None else ""))
        self.query_one("#gb-tray", Static).border_title = "dice tray"

    def _tray(self) -> Text:
        sheet = self._sheet()
        text = Text()
        for i, r in enumerate(sheet.results):
            here = i == self.result_cursor and self.looking is None
            style = "dim strike" if r.used else ("reverse bold" if here else "bold")
            mark = "*" if i + 1 in self.marked else " "
            text.append(f"{i + 1}:", style="dim")
            text.append(f"{r.value}", style=style)
            text.append(("✦" if r.made else "") + mark + " ")
        text.append("\nBlessings: ")
        for kind, label in (("any", "any"), ("two", "2→1"), ("sum", "sum"), ("diff", "diff")):
            spent = kind in sheet.blessings
            text.append(label, style="dim strike" if spent else "cyan")
            text.append(" ")
        if self.marked:
            text.append(f"\nmarked {', '.join(map(str, sorted(self.marked)))}: 1–6, + or -", style="yellow")
        return text

    def _vikings(self) -> Text:
        sheet = self._sheet()
        text = Text(no_wrap=True, overflow="ellipsis")  # one row per Viking, columns kept
        target = self._target()
        fits = self._fits
        for v in SHEET.vikings:
            here = v.id == target
            recruited = v.id in sheet.recruited
            text.append("▶" if here else ("+" if v.id in fits else " "), style="bold cyan" if v.id in fits else "bold")
            text.append(f"{v.name[:9]:<9} ", style="bold green" if recruited else ("reverse" if here else ""))
            demand = _demand_text(v.demand, sheet.marks[v.id])
            text.append_text(demand)
            text.append(" " * max(1, 8 - demand.cell_len))
            left = v.presents - sheet.given.get(v.id, 0)
            gifts = f"P{left}/{v.presents}" if recruited else f"P{v.presents}"
            text.append(f" {gifts:<5} ", style="" if left else "dim")
            slots = list(sheet.gratitude.get(v.id, ())) + ["_"] * (v.slots - len(sheet.gratitude.get(v.id, ())))
            text.append("[" + "".join(slots) + "]\n", style="" if recruited else "dim")
        text.append(f"P Presents left {presents_left(sheet)} · slots {free_slots(sheet)} · lost {sheet.lost}", style="dim")
        return text

    def _score(self) -> Text:
        sheet = self._sheet()
        s = score(sheet, self.view.options.happiness_cumulative)
        text = Text("Happiness ", style="bold")
        for level in range(1, 10):
            text.append("■" if sheet.happiness >= level else "□", style="magenta" if level in (3, 6, 9) else "")
        text.append(f" {sheet.happiness}\n")
        text.append(f"milk {s['milk']} · cookies {s['cookies']} · muffins {s['muffins']}\n")
        text.append(f"happiness {s['happiness']} · bonus {s['bonus']} · ")
        text.append(f"total {s['total']}", style="bold")
        if self.view.phase == "over":
            text.append("\nfinal: " + ", ".join(f"{self.names[i]} {p}" for i, p in enumerate(self.view.points)))
        return text

    def _map(self) -> Text:
        sheet = self._sheet()
        grid = [[" "] * MAP_W for _ in range(MAP_H)]
        styles: list[list[str]] = [[""] * MAP_W for _ in range(MAP_H)]
        target = self._target()
        fits = self._fits
        near = neighbours(target) if not target.startswith(("V", "S")) else frozenset()

        def put(x: int, y: int, label: str, style: str | list[str]) -> None:
            for k, ch in enumerate(label):
                if 0 <= x + k < MAP_W and 0 <= y < MAP_H:
                    grid[y][x + k] = ch
                    styles[y][x + k] = style[k] if isinstance(style, list) else style

        # the roads between places (and from each harbour to its coast) as dotted lines,
        # drawn first so that the labels sit on top of them
        positions = {p.id: (p.x, p.y) for p in SHEET.places} | {s.id: (s.x, s.y) for s in SHEET.ships}
        edges = {tuple(sorted((a, b))) for a in positions if not a.startswith("S") for b in neighbours(a)}
        edges |= {(c, s.id) for s in SHEET.ships for c in s.coast}
        for a, b in edges:
            walked = {a, b} <= set(sheet.visited) | {sheet.ship}
            for x, y in _line(positions[a], positions[b]):
                if grid[y][x] == " ":
                    grid[y][x], styles[y][x] = "·", ("green" if walked else "grey42")

        for s in SHEET.ships:
            mine = sheet.ship == s.id
            look = "reverse bold" if s.id == target else ("bold cyan" if mine else "cyan")
            put(s.x, s.y, f"≋{s.id}", look + (" on grey35" if s.id in fits and s.id != target else ""))
        for p in SHEET.places:
            if p.id in sheet.visited:
                style = "bold green"
            elif reachable(sheet, p.id):
                style = "bold yellow" if complete(sheet, p.id) else "bold"
            else:
                style = "dim"
            if p.id == target:
                style = "reverse bold"
            elif p.id in near:
                style += " underline"
            if p.id in fits and p.id != target:
                style += " on grey35"  # the chosen result (or a Visit) is legal here
            # the place, what it demands (crossed faces struck out), its Presents and Happiness
            label, look = p.id, [style] * len(p.id)
            if p.demand and p.id not in sheet.visited:
                label += ":"
                look.append("dim")
                for face, done in zip(p.demand, sheet.marks[p.id]):
                    label += str(face)
                    look.append("dim strike" if done else ("cyan" if style != "dim" else "dim"))
            if p.presents and p.id not in sheet.visited:
                label += f"P{p.presents}"
                look += ["magenta" if style != "dim" else "dim"] * (1 + len(str(p.presents)))
            if p.happiness:
                label += "♥"
                look.append("red" if p.id not in sheet.visited else "green")
            if p.id in fits and p.id != target:
                look = [part + " on grey35" for part in look]
            put(p.x, p.y, label, look)
        text = Text()
        for y in range(MAP_H):
            line = "".join(grid[y]).rstrip()
            for x, ch in enumerate(line):
                text.append(ch, style=styles[y][x])
            text.append("\n")
        text.append("green visited · yellow to visit · bold reachable · ", style="dim")
        text.append("shaded", style="on grey35")
        text.append(" the result fits (tab) · :faces · P Presents · ♥ · ≋ harbour", style="dim")
        return text

    def _info(self) -> Text:
        sheet = self._sheet()
        target = self._target()
        text = Text()
        if target.startswith("V"):
            v = SHEET.viking(target)
            text.append(f"{v.name} ({v.id}): cross ", style="bold")
            text.append_text(_demand_text(v.demand, sheet.marks[v.id]))
            text.append(f" · carries {v.presents} Presents · {v.slots} Gratitude slots")
        elif target.startswith("S"):
            s = SHEET.ship(target)
            text.append(f"{s.name} ({s.id}): a harbour; its coast: {', '.join(s.coast)}", style="bold")
        else:
            p = SHEET.place(target)
            text.append(f"{p.name} ({p.id}, {p.kind}): ", style="bold")
            text.append_text(_demand_text(p.demand, sheet.marks[p.id]) if p.demand else Text("no results"))
            extras = []
            if p.presents:
                extras.append(f"{p.presents} Presents")
            if p.gratitude:
                extras.append(" ".join(LETTERS[c] for c in p.gratitude))
            if p.happiness:
                extras.append("Happiness")
            if extras:
                text.append(" · " + " · ".join(extras))
            text.append(f"\nnext to: {', '.join(sorted(neighbours(p.id)))}", style="dim")
        if self.active and self.looking is None:
            n, fits = self._result_number(), self._fits
            if target in fits:
                if target.startswith("S"):
                    what = "enter lands here"
                elif Visit(target) in self.legal:
                    what = "enter visits it"
                else:
                    what = f"enter crosses result {n} here"
                text.append(f"\n{what}", style="bold cyan")
            elif fits:
                text.append(f"\nresult {n} does not fit here · tab: where it does", style="dim")
            else:
                text.append(f"\nresult {n} fits nowhere now · ←→ another · space + 1–6 bless it · d finish", style="dim")
        return text
