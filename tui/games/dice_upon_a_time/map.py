"""Dice Upon a Time's map drawn as a graph from the board data's grid coordinates.

The board's 13 × 9 grid is scaled to the space the map gets (``map_size``): each
location is drawn at its grid cell (its two-letter code, or its name when there is
room), each route as a line (``─ │ ╱ ╲``) with its socket in the middle: the value it
asks while empty, else the top die as its owner's initial and face (``A5``, ``Bb`` for
a Ban face: special faces are lower-case m s b d) and ``+n`` for the dice under it, or
with room the whole stack. The four Forest Spirits sit in the corners with their dice.
Figures are their players' initials after their location, so the map reads without
colour.

``map_lines`` returns the rows as ``Line``s of ``MapGraph``'s component classes;
``MapGraph`` is the widget (Textual's Line API, one ``Strip`` a row, kept until that
row changes): a cursor step repaints the two rows it leaves and enters, nothing else.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from engine.games.dice_upon_a_time.board import load_board
from engine.games.dice_upon_a_time.common import ROUTES, socket_value

from ...widgets.lines import Line, LineView, grid_lines

BOARD = load_board()
#: The Forest Spirits' sockets by spirit id, and their short labels.
SPIRIT_SOCKETS = {"rabbit": ("rabbit",), "wolf": ("wolf",), "snake": ("snake",), "fox": ("fox1", "fox2")}
SPIRIT_LABEL = {"rabbit": "Rabbit", "wolf": "Wolf", "snake": "Snake", "fox": "Fox"}
#: Special faces shown in a die's two cells: lower case, so "Ab" reads "ann's Ban".
FACE_MARK = {"magic_item": "m", "story": "s", "ban": "b", "doubling": "d"}


#: Letters a player never gets: the dice's own letters (M Magic Item, S Story, B Ban,
#: D Doubling, P plain, N the Snake Die), so "B5" on the map is never read as the Ban die.
DIE_LETTERS = frozenset("MSBDPN")


def initials(names: Sequence[str]) -> list[str]:
    """Each seat's letter, upper case, different for every seat and never a digit nor a
    die's letter (``DIE_LETTERS``): its name's first letter when no other name starts
    with it; else, in seat order, the next free letter of its name, then of the
    alphabet ("ann" A, "bob" O, "bot3" T)."""
    first = [next((c.upper() for c in name if c.isascii() and c.isalpha()), "") for name in names]
    out = [c if c and c not in DIE_LETTERS and first.count(c) == 1 else "" for c in first]
    alphabet = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    for i, name in enumerate(names):
        if out[i]:
            continue
        taken = set(out)
        pool = [c.upper() for c in name if c.isascii() and c.isalpha()]
        out[i] = next(c for c in [*pool, *(c for c in alphabet if c not in first), *alphabet]
                      if c not in DIE_LETTERS and c not in taken)
    return out


def face_mark(face) -> str:
    """A face in one cell: the number, or a special face's lower-case letter."""
    return str(face) if isinstance(face, int) else FACE_MARK.get(face, "?")


def die_text(letters: Sequence[str], d) -> str:
    """A die on the board: owner's letter and face ("A5")."""
    who = letters[d.seat] if 0 <= d.seat < len(letters) else "?"
    return who + face_mark(d.face)


def short_name(loc) -> str:
    """A location's name as the wide map shows it: at most 13 cells ("Steed NW")."""
    if loc.kind == "steed":
        return f"Steed {loc.code}"
    return loc.name[:13]


def socket_label(view, socket: str, letters: Sequence[str], whole: bool) -> str:
    """What a socket shows: its value while empty, else its top die (or with ``whole``
    the stack bottom first, space between)."""
    stack = view.board.get(socket, ())
    if not stack:
        return str(socket_value(view, socket))
    if whole:
        return " ".join(die_text(letters, d) for d in stack)
    return die_text(letters, stack[-1]) + (f"+{len(stack) - 1}" if len(stack) > 1 else "")


def map_size(width: int, height: int) -> tuple[int, int, bool]:
    """The horizontal and vertical steps between grid cells for a map of at most
    ``width`` × ``height`` cells (at least 4 and 2), and whether names (not codes) fit."""
    sx = max(4, (width - 8) // (BOARD.width - 1))
    sy = max(2, (height - 1) // (BOARD.height - 1))
    return sx, sy, sx >= 5 and sy >= 3


def route_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int, str]]:
    """The cells of a straight line from (x0, y0) to (x1, y1), both ends left out, each
    with its stroke: ``─`` or ``│`` along the line's main axis, ``╲`` or ``╱`` where it
    steps across."""
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps < 2:
        return []
    points = [(x0 + round((x1 - x0) * k / steps), y0 + round((y1 - y0) * k / steps)) for k in range(steps + 1)]
    down = (x1 - x0) * (y1 - y0) > 0
    out = []
    for k in range(1, steps):
        (px, py), (x, y) = points[k - 1], points[k]
        if y0 == y1 or (y == py and x != px):
            stroke = "─"
        elif x0 == x1 or x == px:
            stroke = "│"
        else:
            stroke = "╲" if down else "╱"
        out.append((x, y, stroke))
    return out


def map_lines(view, names: Sequence[str], width: int, height: int, lit: set[str] = frozenset(),
              cursor: str = "", player_class: Callable[[int], str] = lambda seat: "") -> list[Line]:
    """The map for ``view`` in at most ``width`` columns and ``height`` rows (it takes
    ``map_size``'s steps; at least 56 × 17). ``lit``: sockets to shade; ``cursor``: the
    socket under the keyboard; ``player_class(seat)``: the classes of a seat's letter.
    The runs carry ``MapGraph``'s component classes."""
    sx, sy, wide = map_size(width, height)
    cols = sx * (BOARD.width - 1) + 8
    rows = sy * (BOARD.height - 1) + 1
    grid = [[" "] * cols for _ in range(rows)]
    looks = [[""] * cols for _ in range(rows)]
    letters = initials(names)
    locs = BOARD.locations

    def put(x: int, y: int, text: str, look: str) -> None:
        for k, ch in enumerate(text):
            if 0 <= y < rows and 0 <= x + k < cols:
                grid[y][x + k], looks[y][x + k] = ch, look

    def at(cell_x: int, cell_y: int) -> tuple[int, int]:
        return cell_x * sx + 3, cell_y * sy

    def look_of(socket: str) -> str:
        if socket == cursor:
            return "mapgraph--cursor"
        if socket in lit:
            return "mapgraph--legal"
        if socket == view.placed:
            return "mapgraph--placed"
        return "mapgraph--die" if view.board.get(socket) else "mapgraph--socket"

    # routes: a line
    for key, r in ROUTES.items():
        (x0, y0), (x1, y1) = at(locs[r.a].x, locs[r.a].y), at(locs[r.b].x, locs[r.b].y)
        for x, y, stroke in route_cells(x0, y0, x1, y1):
            put(x, y, stroke, "mapgraph--route")
    # locations, and the figures after them; their cells (and a space each side) stay theirs
    held = [[False] * cols for _ in range(rows)]
    here: dict[str, list[int]] = {}
    for seat, p in enumerate(view.players):
        here.setdefault(p.at, []).append(seat)
    for loc in BOARD.location:
        x, y = at(loc.x, loc.y)
        label = short_name(loc) if wide else loc.code
        left = x - len(label) // 2 if wide else x - 1
        put(left - 1, y, " ", "")
        put(left, y, label, "mapgraph--node")
        fx = left + len(label) + (1 if wide else 0)  # names: a space before the figures
        for seat in here.get(loc.id, ()):
            put(fx, y, letters[seat], player_class(seat) + " mapgraph--figure")
            fx += 1
        put(fx, y, " ", "")
        for k in range(max(0, left - 1), min(cols, fx + 1)):
            held[y][k] = True
    # each route's socket in its middle: the value asked, or the dice on it, kept whole in
    # the free cells between the locations of its row (the top die alone when a stack
    # does not fit), never over a location's name or its figures
    for key, r in ROUTES.items():
        (x0, y0), (x1, y1) = at(locs[r.a].x, locs[r.a].y), at(locs[r.b].x, locs[r.b].y)
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        lo, hi = mx, mx
        while lo > 0 and not held[my][lo - 1]:
            lo -= 1
        while hi < cols - 1 and not held[my][hi + 1]:
            hi += 1
        label = socket_label(view, key, letters, whole=wide)
        if len(label) > hi - lo + 1:
            label = socket_label(view, key, letters, whole=False)
        start = min(max(mx - len(label) // 2, lo), max(lo, hi + 1 - len(label)))
        put(start, my, label, look_of(key))
    # the Forest Spirits in the corners
    for spirit in BOARD.spirit:
        x, y = at(spirit.x, spirit.y)
        x = max(0, min(x - 3, cols - 1))
        parts: list[tuple[str, str]] = [((SPIRIT_LABEL[spirit.id] if wide else SPIRIT_LABEL[spirit.id][:2]) + " ",
                                         "mapgraph--spirit")]
        for k in SPIRIT_SOCKETS[spirit.id]:
            stack = view.board.get(k, ())
            text = " ".join(die_text(letters, d) for d in stack) if stack else "·"
            parts.append((text, look_of(k)))
            parts.append((" ", ""))
        total = sum(len(t) for t, _ in parts)
        x = min(x, cols - total)
        for text, look in parts:
            put(x, y, text, look)
            x += len(text)
    return grid_lines(grid, looks)


class MapGraph(LineView):
    """The map as a widget: ``show(view, names, lit, cursor)`` draws ``map_lines`` scaled
    to the widget's width and ``rows`` (codes and top dice at 80×24, names and whole
    stacks with room). Colours come from the component classes below (theme variables),
    the players' from ``mapgraph--p0`` … ``--p4``; only the rows that change are
    repainted (``LineView``)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "mapgraph--node", "mapgraph--route", "mapgraph--socket", "mapgraph--die", "mapgraph--placed",
        "mapgraph--legal", "mapgraph--cursor", "mapgraph--spirit", "mapgraph--figure",
        "mapgraph--p0", "mapgraph--p1", "mapgraph--p2", "mapgraph--p3", "mapgraph--p4",
    }

    DEFAULT_CSS = """
    MapGraph {
        & > .mapgraph--node { text-style: bold; }
        & > .mapgraph--route { color: $text-muted; }
        & > .mapgraph--socket { color: $text-muted; }
        & > .mapgraph--die { color: $text-secondary; text-style: bold; }
        & > .mapgraph--placed { color: $text-accent; text-style: bold; }
        & > .mapgraph--legal { background: $foreground 25%; text-style: bold; }
        & > .mapgraph--cursor { text-style: bold reverse; }
        & > .mapgraph--spirit { color: $text-warning; text-style: bold; }
        & > .mapgraph--figure { text-style: bold underline; }
        & > .mapgraph--p0 { color: $text-error; }
        & > .mapgraph--p1 { color: $foreground; }
        & > .mapgraph--p2 { color: $text-success; }
        & > .mapgraph--p3 { color: $text-primary; }
        & > .mapgraph--p4 { color: $text-warning; }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(overflow="crop", **kwargs)

    def show(self, view: Any, names: Sequence[str], rows: int, lit: set[str] = frozenset(),
             cursor: str = "") -> None:
        """Draw ``view``'s map in this widget's width (56 before it has one) and at most
        ``rows`` rows; ``lit`` sockets shaded, ``cursor`` reversed."""
        width = self.content_region.width or 56
        self.set_lines(map_lines(view, names, width, rows, lit, cursor, player_class))


def player_class(seat: int) -> str:
    """The colour class of a seat's letter on the map (red, white, green, blue, yellow)."""
    return f"mapgraph--p{seat % 5}"


__all__ = ["MapGraph", "initials", "map_lines", "map_size", "player_class", "route_cells"]
