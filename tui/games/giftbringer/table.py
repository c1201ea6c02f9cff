"""Giftbringer's table: the dice tray beside your Player Sheet (the island as a map, the
Vikings, the Happiness track and a running score), and the log.

Keys: ←→ choose a result in the tray, ↑↓ and shift+←→ move on the map to the place or
harbour above, below or beside (the Vikings are a column left of it; ``moves``),
tab / shift+tab jump only between those where a choice is legal (the chosen result
can be crossed, a place is ready to Visit, a harbour to land at; the sheet shades them),
enter crosses the result on it (or lands at a ship, or visits a finished place),
``v`` visits, space marks a result for a Blessing, then ``1``–``6`` (one marked: "any";
two marked: "two"), ``+`` (sum) or ``-`` (difference), ``o`` shows the next player's sheet,
``d`` finishes the round. An illegal choice is refused with a sentence; nothing changes.

It fits the screen: with room (120×40) the map shows every place with what it needs
("H5:1356P2♥", a crossed face as x) and a legend under it; on a small screen (80×24) a
compact map shows the places by name ("H5") and the log moves beside the sheet. On both,
a mark after the id says where the place stands, so that the map reads without colour
(``place_mark``: "R7✓" visited, "R8!" ready to visit, "H11¹" one result crossed, "H12○"
reachable; "≋S3✓" the harbour landed at). Either way the details line
under the map says what the Viking, place or harbour under the cursor is — named as every
sentence names it, "House 5 (Aurora Hall)", its text the rules screen's
(``cards``) — and what enter does there; ``?`` explains the map (``LEGEND``).
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content

from engine.core.seat_label import bot_word
from engine.games.giftbringer.commands import Bless, Cross, Done, Land, Visit
from engine.games.giftbringer.notation import KINDS
from engine.games.giftbringer.rules import complete, free_slots, presents_left, reachable, score
from engine.games.giftbringer.sheet import SHEET, neighbours

from ...widgets.lines import Line, Panel, Run, grid_lines, plain
from ..base import GameTable
from .cards import BLESSING_NAMES, CROSSED_FACE, blessing_details, card_texts, details
from .keep import KeepScreen
from .moves import order, step
from ...support.contracts import Says

MAP_W, MAP_H = 64, 20
#: The compact map (a small screen): places by name and mark only, on a grid this size
#: (the 40 columns inside the map's panel at 80 columns).
SMALL_W, SMALL_H = 40, 9
#: The marks after a place's id (``place_mark``): visited, ready to visit, reachable.
VISITED, READY, REACHABLE = "✓", "!", "○"
#: How many of a place's results are crossed, as a mark after its id (H5² two); a
#: place needs at most four.
CROSSED = "⁰¹²³⁴"
#: Below this many columns or rows the table is compact (the full map needs 64 + 4
#: columns beside the 44 of the sheet, and 27 rows with its legend, plus the info line).
COMPACT_BELOW = (112, 30)


def _demand(demand: Sequence[int], marks: Sequence[bool]) -> Line:
    """The faces a Viking or place demands, each one crossed shown as ``CROSSED_FACE``
    (readable without colour, as on the map)."""
    out: list[Run] = []
    for k, (face, done) in enumerate(zip(demand, marks)):
        if k:
            out.append((" ", ""))
        out.append((CROSSED_FACE, "panel--muted") if done else (str(face), "panel--bold"))
    return tuple(out)


def _line(a: tuple[int, int], b: tuple[int, int], w: int = MAP_W, h: int = MAP_H) -> list[tuple[int, int]]:
    """Cells from ``a`` to ``b`` (Bresenham), inside a ``w``×``h`` map, ends excluded."""
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
    return [(x, y) for x, y in cells[1:] if 0 <= x < w and 0 <= y < h]


def _width(thing_id: str, small: bool) -> int:
    """The most cells the label of a place or harbour takes on a map: its id and mark
    ("H10✓"; on the full map with what it needs, "H10²:2x4xP2♥"), a harbour's with its ≋
    ("≋S3✓")."""
    if thing_id.startswith("S"):
        return len(thing_id) + 2
    return len(thing_id if small else _label(SHEET.place(thing_id))) + 1


@functools.cache
def _positions(small: bool = False) -> dict[str, tuple[int, int]]:
    """Each place's and harbour's map cell: the sheet's, or scaled onto the compact map
    (``SMALL_W``×``SMALL_H``), where its name and mark, at most four cells, still fit.
    Labels on one row keep a cell between them (one that would touch the label on its
    left moves right)."""
    cells = {p.id: (p.x, p.y) for p in SHEET.places} | {s.id: (s.x, s.y) for s in SHEET.ships}
    if small:
        max_x = max(x for x, _ in cells.values()) or 1
        max_y = max(y for _, y in cells.values()) or 1
        cells = {k: (round(x * (SMALL_W - 6) / max_x), round(y * (SMALL_H - 1) / max_y)) for k, (x, y) in cells.items()}
    free: dict[int, int] = {}  # each row's first cell after the labels placed so far and a gap
    for k, (x, y) in sorted(cells.items(), key=lambda item: item[1][0]):
        x = max(x, free.get(y, 0))
        cells[k] = (x, y)
        free[y] = x + _width(k, small) + 1
    return cells


@functools.cache
def _roads(small: bool = False) -> tuple[tuple[str, str, tuple[tuple[int, int], ...]], ...]:
    """Each road of the map (between places, and from a harbour to its coast) and its cells."""
    positions = _positions(small)
    w, h = (SMALL_W, SMALL_H) if small else (MAP_W, MAP_H)
    edges = {tuple(sorted((a, b))) for a in positions if not a.startswith("S") for b in neighbours(a)}
    edges |= {(c, s.id) for s in SHEET.ships for c in s.coast}
    return tuple((a, b, tuple(_line(positions[a], positions[b], w, h))) for a, b in sorted(edges))


def _count(n: int, word: str) -> str:
    """"1 Present", "2 Presents"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _kind_name(place_id: str) -> str:
    """"house 5", "road 10", "harbour 1" for H5, R10, S1 (the map's ids in words)."""
    return f"{KINDS[place_id[0]].lower()} {place_id[1:]}"


def _label(place, demand: bool = True, presents: bool = True) -> str:
    """A place's label on the full map: id, ``:`` and the faces it needs, ``P`` and the
    Presents it takes, ``♥`` for Happiness ("H5:1356P2♥")."""
    label = place.id
    if demand and place.demand:
        label += ":" + "".join(map(str, place.demand))
    if presents and place.presents:
        label += f"P{place.presents}"
    return label + ("♥" if place.happiness else "")


def place_mark(sheet, place_id: str) -> str:
    """The mark after a place's id on both maps, where the place stands on ``sheet`` (a
    ``PlayerSheet``) in characters, not only in colour: ``VISITED`` "✓"; ``READY`` "!"
    (reachable and every result crossed: it may be Visited, its Presents brought;
    Giftbringer rulebook, "VISIT"); the count of results crossed as ``CROSSED`` "¹²³"
    (some, or all while out of reach); ``REACHABLE`` "○" (next to the harbour or a
    visited place, nothing crossed); "" out of reach, nothing crossed."""
    if place_id in sheet.visited:
        return VISITED
    crossed = sum(sheet.marks[place_id])
    if reachable(sheet, place_id):
        if complete(sheet, place_id):
            return READY
        return CROSSED[crossed] if crossed else REACHABLE
    return CROSSED[crossed] if crossed else ""


def _crossed_example() -> str:
    """House 5's faces with its 3 and 6 crossed, as the full map shows them ("1x5x")."""
    return "".join(CROSSED_FACE if face in (3, 6) else str(face) for face in SHEET.place("H5").demand)


#: Each place's look on the map by where it stands (``place_mark``'s marks).
LOOKS = {VISITED: "panel--good panel--bold", READY: "panel--warn panel--bold", REACHABLE: "panel--bold"}


def legend_lines() -> list[Line]:
    """What the full map's labels, marks and styles mean, by example (each style in its
    own look; each line fits the 64 columns beside the sheet at 112): a house, a road, a
    harbour and a way; the marks after an id (``place_mark``) and a crossed face; the
    cursor's neighbours and where the chosen result fits."""
    house, road, ship = SHEET.place("H5"), SHEET.place("R10"), SHEET.ships[0]
    faces = " ".join(map(str, house.demand))
    return [
        ((_label(house), "panel--bold"), (f" = {_kind_name(house.id)}: needs {faces}, "
                                          f"{_count(house.presents, 'Present')} · ♥ = Happiness", "")),
        ((_label(road), "panel--bold"), (f" = {_kind_name(road.id)}: needs "
                                         f"{' '.join(map(str, road.demand))} · ", ""),
         (f"≋{ship.id}", "panel--info"), (f" = harbour {ship.id[1:]} · ", ""), ("····", "panel--muted"),
         (" = a way", "")),
        ((f"H5{VISITED}", LOOKS[VISITED]), (" visited · ", ""), (f"H5{READY}", LOOKS[READY]),
         (" ready to visit · ", ""), (f"≋{ship.id}{VISITED}", "panel--info panel--bold"), (" your harbour", "")),
        ((f"H5{REACHABLE}", LOOKS[REACHABLE]), (" reachable · ", ""), ("H5", "panel--muted"),
         (" out of reach · ", ""), (f"H5{CROSSED[2]}:{_crossed_example()}", LOOKS[REACHABLE]),
         (" 2 results crossed", "")),
        (("underlined", "panel--underline"), (": next to the cursor · ", ""), ("shaded", "panel--shade"),
         (": your result fits (tab)", "")),
    ]


#: The mark after a result of the dice tray that was used this round, and after a
#: Blessing spent: readable without colour or strike-through.
USED = "✓"

#: The map's legend for the rules screen (``?``), one line a sign.
LEGEND = "\n".join(
    ["- " + plain(line) for line in legend_lines()[:2]]
    + ["- The compact map (a small screen) shows each place by its id and mark (H5, R10✓); the details line "
       "under it names the place under the cursor, House 5 (Aurora Hall), and says what it needs and gives.",
       f"- The mark after a place's id, on both maps: {VISITED} visited; {READY} ready to visit (every result "
       f"crossed; a house still wants its Presents); {' '.join(CROSSED[1:4])} how many of its results are "
       f"crossed; {REACHABLE} reachable (next to your harbour or a place you visited); no mark: out of reach. "
       f"≋S1{VISITED} is the harbour you landed at.",
       "- The colours say the same: green visited, yellow ready to visit, bold reachable, grey out of reach.",
       f"- A crossed face shows as {CROSSED_FACE}, on the full map and in the details line: "
       f"H5{CROSSED[2]}:{_crossed_example()}P2♥ has its 3 and 6 crossed; so does a Viking's row. The places "
       "next to the cursor are underlined; shaded places are where the chosen result fits (tab jumps there).",
       f"- In the dice tray a result used this round shows {USED} after it (1:3{USED}), and so does a Blessing "
       f"spent (sum{USED})."]
)


class GiftbringerTable(GameTable):
    """The Giftbringer table widget (see the module docstring for the keys)."""

    COMPACT_BELOW = COMPACT_BELOW
    HIDDEN_INFORMATION = False  # every sheet is open: no hand-over between people
    #: Each key's help on the rules screen is its ``tooltip`` (``tui.support.key_help``):
    #: bindings in a row with the same tooltip make one line ("←/→ or h/l").
    BINDINGS = [
        *[Binding(keys, f"result({step})", "result", show=False, tooltip="choose a result in the dice tray")
          for keys, step in (("left,h", -1), ("right,l", 1))],
        *[Binding(keys, f"move({way!r})", "move", show=False,
                  tooltip="move to the place above or below on the map (in the Vikings' column, the next Viking)")
          for keys, way in (("up,k", "up"), ("down,j", "down"))],
        *[Binding(keys, f"move({way!r})", "move", show=False,
                  tooltip="move to the place beside on the map (left of the map: the Vikings)")
          for keys, way in (("shift+left,H", "left"), ("shift+right,L", "right"))],
        Binding("tab", "next_legal(1)", "Fits",
                tooltip="jump to the next one where the result (or a visit, a landing) is legal"),
        Binding("shift+tab", "next_legal(-1)", "back", show=False,
                tooltip="jump to the next one where the result (or a visit, a landing) is legal"),
        Binding("enter", "use", "Use", tooltip="cross the result on it · land at a ship · visit a finished place"),
        Binding("v", "visit", "Visit", tooltip="visit the chosen place"),
        Binding("space", "mark", "Mark", tooltip="mark a result for a Blessing (again: unmark it)"),
        *[Binding(str(f), f"bless_face({f})", str(f), show=False,
                  tooltip="bless the result, or the two marked, as that face")
          for f in range(1, 7)],
        *[Binding(key, f"bless({kind!r})", word, show=False,
                  tooltip="bless the two marked: sum (+), difference (-)")
          for key, kind, word in (("plus", "sum", "Sum"), ("minus", "diff", "Diff"))],
        Binding("o", "other", "Other sheet", tooltip="look at the next player's sheet"),
        Binding("d", "done", "Done", tooltip="finish the round"),
    ]

    LEGEND = LEGEND

    # A grid of the sheet (left), the map and its info line (right) and the log: with
    # room the log is under the sheet and the map takes the right's whole height;
    # compact, the sheet takes the left's whole height and the log is under the map.
    DEFAULT_CSS = """
    GiftbringerTable { height: 1fr; layout: grid; grid-size: 2 2; grid-columns: 44 1fr; grid-rows: auto 1fr; }
    GiftbringerTable #gb-left { height: auto; }
    GiftbringerTable #gb-tray { height: auto; border: round $accent; padding: 0 1; }
    GiftbringerTable #gb-vikings { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-score { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-right { row-span: 2; height: 100%; }
    GiftbringerTable #gb-map { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    GiftbringerTable #gb-info { height: 1fr; min-height: 3; padding: 0 1; }
    GiftbringerTable #log { height: 100%; }
    GiftbringerTable.-compact { grid-columns: 36 1fr; }
    GiftbringerTable.-compact #gb-left { row-span: 2; height: 100%; }
    GiftbringerTable.-compact #gb-score { height: 1fr; min-height: 3; }
    GiftbringerTable.-compact #gb-right { row-span: 1; height: auto; }
    GiftbringerTable.-compact #gb-info { height: 4; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.result_cursor = 0  # index into the round's results
        self.target = SHEET.vikings[0].id  # the Viking, place or harbour under the cursor
        self.marked: list[int] = []  # 1-based results marked for a Blessing
        self.looking: int | None = None  # another seat whose sheet is shown
        self.finish_asked = False  # "d" asked once whether to finish with results unused
        self._fits: set[str] = set()  # fits() as of the last redraw
        self.panels = {
            "tray": Panel(id="gb-tray"), "vikings": Panel(id="gb-vikings", overflow="ellipsis"),
            "score": Panel(id="gb-score"), "map": Panel(id="gb-map"), "info": Panel(id="gb-info"),
        }
        self.panels["tray"].border_title = "dice tray"

    def compose(self) -> ComposeResult:
        p = self.panels
        with Vertical(id="gb-left"):
            yield p["tray"]
            yield p["vikings"]
            yield p["score"]
        with Vertical(id="gb-right"):
            yield p["map"]
            yield p["info"]
        yield self.log_pane  # each player's round in notation: under the sheet, or under the map when compact

    def on_resize(self, event) -> None:
        """Compact below ``COMPACT_BELOW`` (a layout pass only when that changes); the
        map is drawn again for its new width."""
        if self.fit_compact() or not self.panels["map"].border_subtitle:
            self.panels["map"].border_subtitle = "↑↓ ⇧←→ move · ? legend" if self.compact else "↑↓ ⇧←→ move"
        self._draw()
        self.call_after_refresh(self._draw)  # again once the panels have their sizes: the compact map is centred in its panel

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Nothing is hidden: sheets are public, so no hand-over is needed."""
        return False

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every Viking, harbour, road, house and Blessing with its text (``cards``)."""
        return card_texts()

    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        if view.phase == "over":
            return "the game is over"
        return f"Round {view.round} of {view.options.rounds} · dice {' '.join(map(str, view.dice))}"

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        new_round = self.view is None or self.view.round != view.round
        new_seat = self.view is None or self.view.me != view.me  # another person at the keyboard
        # d's question stands while only the others' sheets changed (their moves come in
        # between the two presses of d over a slow link): a redraw of its own is no answer
        own = view.me if view.me is not None else 0
        unchanged = not (new_round or new_seat) and self.view.sheets[own] == view.sheets[own]
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        if new_seat:  # nothing of the last person's choices carries over
            self.target, self.looking = SHEET.vikings[0].id, None
        if new_round or new_seat:
            self.result_cursor, self.marked = 0, []
        results = self._sheet().results
        self.marked = [m for m in self.marked if m <= len(results) and not results[m - 1].used]
        if results and (self.result_cursor >= len(results) or results[self.result_cursor].used):
            free = [i for i, r in enumerate(results) if not r.used]
            self.result_cursor = free[0] if free else 0
        if (view.phase, active) != getattr(self, "_keys", None):  # the footer's play keys follow
            self._keys = (view.phase, active)
            self.refresh_bindings()
        self._draw(keep_question=unchanged)

    # ------------------------------------------------------------------ model helpers
    def _seat(self) -> int:
        v = self.view
        if self.looking is not None:
            return self.looking
        return v.me if v.me is not None else 0

    def _sheet(self):
        return self.view.sheets[self._seat()]

    @staticmethod
    def targets() -> list[str]:
        """The Vikings, then the map's places and harbours in reading order (the way tab
        goes round)."""
        return order()

    def _target(self) -> str:
        return self.target

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
        self.finish_asked = False  # any move answers "go on" to the question d asked
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

    def action_move(self, direction: str) -> None:
        """Move the cursor to the nearest Viking, place or harbour ``direction`` ("up",
        "down", "left", "right") on the map (``moves.step``)."""
        self.target = step(self.target, direction)
        self._draw()

    def action_next_legal(self, delta: int) -> None:
        """Move the target cursor to the next Viking, place or ship in ``fits()``."""
        fits, targets = self.fits(), self.targets()
        at = targets.index(self.target)
        for k in range(1, len(targets) + 1):
            i = (at + delta * k) % len(targets)
            if targets[i] in fits:
                self.target = targets[i]
                self._draw()
                return
        if self.active and self.looking is None:
            self.refuse(f"Result {self._result_number()} fits nowhere: ←→ another, space then 1–6 to bless it, "
                        "d to finish.")

    def action_use(self) -> None:
        target = self._target()
        if target.startswith("S"):
            self._offer(Land(target))
        elif not target.startswith("V") and self._visits(target):
            self._visit(target)
        else:
            self._offer(Cross(self._result_number(), target))

    def action_visit(self) -> None:
        target = self._target()
        if target.startswith(("V", "S")):
            self.refuse("Choose a road or house to visit (↑↓ ⇧←→ on the map, tab where one is ready).")
            return
        self._visit(target)

    def _visits(self, place: str) -> list[Visit]:
        """The legal Visits of ``place``: one, or one per choice of Gratitude to keep."""
        return [c for c in self.legal if isinstance(c, Visit) and c.place == place]

    def _visit(self, place: str) -> None:
        """Visit ``place``; when its Gratitude overflows the free slots, first ask which
        letters to keep (``KeepScreen``: ↑↓, enter; escape visits nothing)."""
        keeps = [c for c in self._visits(place) if c.keep]
        if not keeps or not self.active or self.looking is not None:
            self._offer(Visit(place))
            return

        def kept(command: Visit | None) -> None:
            if command is not None:
                self._offer(command)

        self.app.push_screen(KeepScreen(self._sheet(), place, keeps), kept)

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

    def _tell(self, text: str) -> None:
        """One line under the table (the screen's ``say``), not an error."""
        if isinstance(self.screen, Says):
            self.screen.say(text)
        else:
            self.refuse(text)

    def _question(self) -> str:
        """What ``d`` asks when results are left unused."""
        unused = sum(not r.used for r in self._sheet().results)
        what = "1 unused result" if unused == 1 else f"{unused} unused results"
        return f"You have {what}: d again finishes the round, any other key goes on."

    def action_done(self) -> None:
        """Finish the round; with results unused, ask once first: ``d`` again finishes, a
        key that changes the table or makes a move goes on (the question is asked again)."""
        unused = sum(not r.used for r in self._sheet().results) if self.view is not None else 0
        if unused and not self.finish_asked and self.active and self.looking is None:
            self.finish_asked = True
            self._tell(self._question())
            return
        self._offer(Done())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.view is None:
            return True
        if action in ("use", "visit", "mark", "done", "next_legal"):  # greyed while others play, gone once the game is over
            return False if self.view.phase == "over" else (True if self.active else None)
        if action == "other":
            return self.view.n > 1
        return True

    # ------------------------------------------------------------------ drawing
    # Each panel is given its lines and repaints only the rows that changed: a cursor
    # move repaints a few rows of the map, the Viking list and the info line.
    def _draw(self, keep_question: bool = False) -> None:
        """Redraw every panel; a redraw by a key (or a change of this seat's own sheet)
        answers "go on" to ``d``'s question, one for the others' moves does not
        (``keep_question``)."""
        if self.finish_asked and not keep_question:  # a key that changed the table answers "go on"
            self.finish_asked = False
            if isinstance(self.screen, Says) and self.screen.said == self._question():
                self._tell("")
        if self.view is None:
            return
        self._fits = self.fits()  # once per redraw, for the Viking list, the map and the info line
        panels = self.panels
        panels["tray"].set_lines(self._tray())  # its height follows the results
        panels["vikings"].set_lines(self._vikings())
        panels["score"].set_lines(self._score())
        panels["map"].set_lines(self._map())
        panels["info"].set_lines(self._info())
        seat = self._seat()
        whose = self.names[seat] if self.names else ""
        bot = self.bots[seat] if seat < len(self.bots) else None
        strength = f" ({bot_word(bot)} bot)" if bot else ""  # another's island, looked at with o
        title = f"{whose}'s island{strength}" + (" · o returns" if self.looking is not None else "")
        if title != getattr(self, "_map_title", None):  # setting a border title always repaints
            self._map_title = title
            # Content, not a str: a border title string is read as markup, and a name is player text
            panels["map"].border_title = Content(title)

    def _tray(self) -> list[Line]:
        sheet = self._sheet()
        results: list[Run] = []
        for i, r in enumerate(sheet.results):
            here = i == self.result_cursor and self.looking is None
            look = "panel--muted panel--strike" if r.used else ("panel--cursor" if here else "panel--bold")
            mark = "*" if i + 1 in self.marked else (USED if r.used else " ")  # used: in words, not by style alone
            results += [(f"{i + 1}:", "panel--muted"), (f"{r.value}", look), (("✦" if r.made else "") + mark + " ", "")]
        # the Blessings on the tray's lower edge: a row of the small screen is kept for a
        # message of two lines (the panels under the tray keep their last line)
        blessings = ["Blessings"]
        for kind, label in BLESSING_NAMES.items():
            spent = kind in sheet.blessings
            blessings += [" ", (label + (USED if spent else ""), "dim strike" if spent else "bold")]
        self._subtitle("tray", Content.assemble(*blessings))
        out = [tuple(results)]
        if self.marked:
            out.append(((f"marked {', '.join(map(str, sorted(self.marked)))}: 1–6, + or -", "panel--warn"),))
        return out

    def _vikings(self) -> list[Line]:
        sheet = self._sheet()
        target = self._target()
        fits = self._fits
        out: list[Line] = []
        for v in SHEET.vikings:  # one row per Viking, columns kept (cut with "…" when narrow)
            here = v.id == target
            recruited = v.id in sheet.recruited
            demand = _demand(v.demand, sheet.marks[v.id])
            left = v.presents - sheet.given.get(v.id, 0)
            gifts = f"P{left}/{v.presents}" if recruited else f"P{v.presents}"
            slots = list(sheet.gratitude.get(v.id, ())) + ["_"] * (v.slots - len(sheet.gratitude.get(v.id, ())))
            out.append((
                ("▶" if here else ("+" if v.id in fits else " "), "panel--info panel--bold" if v.id in fits else "panel--bold"),
                (f"{v.name[:9]:<9} ", "panel--good panel--bold" if recruited else ("panel--reverse" if here else "")),
                *demand,
                (" " * max(1, 8 - len(plain(demand))), ""),
                (f" {gifts:<5} ", "" if left else "panel--muted"),
                ("[" + "".join(slots) + "]", "" if recruited else "panel--muted"),
            ))
        free = "slots" if self.has_class("-compact") else "free slots"
        self._subtitle("vikings", Content(f"Presents {presents_left(sheet)} · {free} {free_slots(sheet)} · lost {sheet.lost}"))
        return out

    def _subtitle(self, panel: str, text: Content) -> None:
        """Set a panel's lower edge to ``text`` (only when it changes: setting it repaints)."""
        shown = self.__dict__.setdefault("_subtitles", {})
        if shown.get(panel) != text:
            shown[panel] = self.panels[panel].border_subtitle = text

    def _score(self) -> list[Line]:
        sheet = self._sheet()
        s = score(sheet, self.view.options.happiness_cumulative)
        dot = "  " if self.has_class("-compact") else " · "
        happiness: list[Run] = [("Happiness ", "panel--bold")]
        for level in range(1, 10):
            happiness.append(("■" if sheet.happiness >= level else "□",
                              "panel--special panel--bold" if level in (3, 6, 9) else "panel--bold"))
        happiness.append((f" {sheet.happiness}", "panel--bold"))
        out = [
            tuple(happiness),
            ((f"milk {s['milk']}{dot}cookies {s['cookies']}{dot}muffins {s['muffins']}", "panel--bold"),),
            ((f"happiness {s['happiness']}{dot}bonus {s['bonus']}{dot}total {s['total']}", "panel--bold"),),
        ]
        if self.view.phase == "over":
            final = ", ".join(f"{self.names[i]} {p}" for i, p in enumerate(self.view.points))
            out.append(((f"final: {final}", "panel--bold"),))
        return out

    def _map(self) -> list[Line]:
        """The island: each place with its label (the full one, or its name on the
        compact map), the roads between them, the legend under the full one."""
        small = self.has_class("-compact")
        width, height = (SMALL_W, SMALL_H) if small else (MAP_W, MAP_H)
        positions = _positions(small)
        sheet = self._sheet()
        grid = [[" "] * width for _ in range(height)]
        looks: list[list[str]] = [[""] * width for _ in range(height)]
        target = self._target()
        fits = self._fits
        near = neighbours(target) if not target.startswith(("V", "S")) else frozenset()

        def put(x: int, y: int, label: str, look: str | list[str]) -> None:
            for k, ch in enumerate(label):
                if 0 <= x + k < width and 0 <= y < height:
                    grid[y][x + k] = ch
                    looks[y][x + k] = look[k] if isinstance(look, list) else look

        # the roads between places (and from each harbour to its coast) as dotted lines,
        # drawn first so that the labels sit on top of them
        walked_places = set(sheet.visited) | {sheet.ship}
        for a, b, cells in _roads(small):
            road = "panel--good" if a in walked_places and b in walked_places else "panel--muted"
            for x, y in cells:
                if grid[y][x] == " ":
                    grid[y][x], looks[y][x] = "·", road

        for s in SHEET.ships:
            mine = sheet.ship == s.id
            look = "panel--cursor" if s.id == target else ("panel--info panel--bold" if mine else "panel--info")
            label = f"≋{s.id}" + (VISITED if mine else "")
            put(*positions[s.id], label, look + (" panel--shade" if s.id in fits and s.id != target else ""))
        for p in SHEET.places:
            mark = place_mark(sheet, p.id)
            far = p.id not in sheet.visited and not reachable(sheet, p.id)
            look = "panel--muted" if far else LOOKS.get(mark, "panel--bold")  # a count: bold as reachable
            if p.id == target:
                look = "panel--cursor"
            elif p.id in near:
                look += " panel--underline"
            # the place and its mark, what it demands (a crossed face as x), its Presents and Happiness
            label, parts = p.id + mark, [look] * len(p.id + mark)
            if not small and p.demand and p.id not in sheet.visited:
                label += ":"
                parts.append("panel--muted")
                for face, done in zip(p.demand, sheet.marks[p.id]):
                    label += CROSSED_FACE if done else str(face)
                    parts.append("panel--muted" if done or far else "panel--info")
            if not small and p.presents and p.id not in sheet.visited:
                label += f"P{p.presents}"
                parts += ["panel--muted" if far else "panel--special"] * (1 + len(str(p.presents)))
            if not small and p.happiness:
                label += "♥"
                parts.append("panel--bad" if p.id not in sheet.visited else "panel--good")
            if p.id in fits and p.id != target:
                parts = [part + " panel--shade" for part in parts]  # the chosen result (or a Visit) is legal here
            put(*positions[p.id], label, parts)
        # the compact map sits in the middle of a wider panel
        indent = max(0, (self.panels["map"].size.width - width) // 2) if small else 0
        pad: Line = ((" " * indent, ""),) if indent else ()
        out = [pad + line if line else line for line in grid_lines(grid, looks)]
        if not small:
            out.extend(legend_lines())
        return out

    def _info(self) -> list[Line]:
        """The details line of the Viking, place or harbour under the cursor (its name and
        text, as the rules screen lists them, each face crossed as x), where it
        stands on this sheet, and what enter does there now. While results are marked:
        the Blessings they may use."""
        sheet = self._sheet()
        target = self._target()
        compact = self.has_class("-compact")  # four rows of 42 cells
        mine = self.active and self.looking is None
        if mine and self.marked:
            kinds = ["any"] if len(self.marked) == 1 else ["two", "sum", "diff"]
            usable = [k for k in kinds if k not in sheet.blessings]
            if not usable:
                return [(("No Blessing left for this: space unmarks.", "panel--muted"),)]
            return [blessing_details(k) for k in usable]
        out: list[Line] = [details(target, sheet.marks.get(target))]
        if not compact and not target.startswith(("V", "S")):
            out.append(((f"next to {', '.join(sorted(neighbours(target)))}", "panel--muted"),))
        state = self._standing(sheet, target)
        action = self._action(target) if mine else None
        if state:
            out.append(((state, "panel--good"),))
        if action and not (state and compact and action[1] == "panel--muted"):  # room for what enter does
            out.append((action,))
        return out

    def _standing(self, sheet, target: str) -> str:
        """Where ``target`` stands on ``sheet``: "recruited: …", "visited", "your harbour" ("" for none)."""
        if target.startswith("V"):
            if target not in sheet.recruited:
                return ""
            v = SHEET.viking(target)
            left = v.presents - sheet.given.get(v.id, 0)
            return f"recruited: {left} of {v.presents} Presents left · {len(sheet.gratitude.get(v.id, ()))} of {v.slots} slots used"
        if target.startswith("S"):
            return "your harbour" if sheet.ship == target else ""
        return "visited" if target in sheet.visited else ""

    def _action(self, target: str) -> Run | None:
        """What enter does on ``target`` now, or why the chosen result does not fit."""
        n, fits = self._result_number(), self._fits
        compact = self.has_class("-compact")
        if target in fits:
            if target.startswith("S"):
                return ("enter lands here", "panel--info panel--bold")
            if self._visits(target):
                keep = " (choose the Gratitude to keep)" if self._visits(target)[0].keep else ""
                return (f"enter visits it{keep}", "panel--info panel--bold")
            return (f"enter crosses result {n} here", "panel--info panel--bold")
        if all(r.used for r in self._sheet().results):  # no result left to choose
            where = " · tab: where to visit" if fits else ""
            return (f"every result is used: d finishes the round{where}", "panel--muted")
        if fits:
            return (f"result {n} does not fit here " + ("(tab: where)" if compact else "· tab: where it does"),
                    "panel--muted")
        if compact:
            return (f"result {n} fits nowhere: ←→, space 1–6 or d", "panel--muted")
        return (f"result {n} fits nowhere now · ←→ another · space + 1–6 bless it · d finish", "panel--muted")
