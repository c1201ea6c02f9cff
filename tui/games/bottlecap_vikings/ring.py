"""Bottlecap Vikings' rondel drawn as a ring: the eight tiles round the bottlecap.

The spaces sit on a 3×3 grid without its middle, clockwise from the top left (space 1):

    1 2 3
    8 · 4
    7 6 5

Each tile is a cell of four rows: its space number and action name (``★`` before the
number at the helper), each part in short form (``1 +g``, ``2 most d:+g``), and the
ships beside it as their players' labels (``initials``: letters of the names, "A",
"Bob", "Bot"), each in its player's colour (the letters say who; the colour only
repeats it). The damage line is a row or column of ``╳``
between its two spaces. The middle says where the helper and the line are, and what
is in the bag. ``ring_lines`` returns the rows as ``Line``s for a ``Panel``.
"""

from __future__ import annotations

from typing import Sequence

from engine.games.bottlecap_vikings.data import face_action
from engine.games.bottlecap_vikings.rules import ARRIVAL

from ...widgets.lines import Line, grid_lines

#: Each space's (column, row) on the 3×3 grid, clockwise from the top left.
CELLS = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
#: Rows of a tile cell.
CELL_ROWS = 4
LINE_MARK = "╳"
HELPER_MARK = "★"


def initials(names: Sequence[str]) -> list[str]:
    """Each seat's ship label, in letters of its name: the shortest start of the name
    that no other name starts with, at most 4 characters, the first upper case (ann,
    bob, bot3 → "A", "Bob", "Bot"; bot2, bot3 → "Bot2", "Bot3"), so no label reads as
    a number or a code. Names alike in their first 4 characters take their first 3 and
    their last; two labels still alike take the first letter and the seat number."""
    low = [name.strip().lower() or "?" for name in names]
    out = []
    for i, name in enumerate(low):
        others = [o for j, o in enumerate(low) if j != i]
        label = next((name[:k] for k in range(1, min(4, len(name)) + 1)
                      if not any(o.startswith(name[:k]) for o in others)), None)
        if label is None:
            label = name if len(name) <= 4 else name[:3] + name[-1]
        out.append(label[:1].upper() + label[1:])
    return [f"{label[0]}{i + 1}" if out.count(label) > 1 else label for i, label in enumerate(out)]


def ship_row(labels: list[str], room: int) -> list[str]:
    """The ship labels at one space as they fit in ``room`` cells, a space between
    them: whole when they fit, else each cut to its first and last letter (and its ↺), and
    what still does not fit counted ("+2"): a ship is never left out unsaid."""
    def size(items: list[str]) -> int:
        return sum(len(x) for x in items) + len(items) - 1

    if size(labels) <= room:
        return labels
    def cut(label: str) -> str:
        base, mark = (label[:-1], "↺") if label.endswith("↺") else (label, "")
        return label if len(base) <= 2 else base[0] + base[-1] + mark

    short = [cut(x) for x in labels]
    for k in range(len(short), 0, -1):
        shown = short[:k] + ([f"+{len(short) - k}"] if k < len(short) else [])
        if size(shown) <= room:
            return shown
    return [f"+{len(short)}"]


def ring_size(cell: int) -> tuple[int, int]:
    """Columns and rows the ring takes with cells ``cell`` columns wide."""
    return 3 * cell + 2, 3 * CELL_ROWS + 2


def ring_lines(table, names: Sequence[str], cell: int, marks: dict[int, str] | None = None,
               part: tuple[int, int] | None = None, helper: int | None = None,
               me: int | None = None) -> list[Line]:
    """The ring for state ``table`` with cells ``cell`` columns wide: ``marks`` space →
    classes for its title (the keyboard's choice, a path), ``part`` (space, part 1/2)
    the action part under the cursor, ``helper`` where the helper would be (a turn of
    the bottlecap being chosen), ``me`` the seat at the keyboard (its ship in bold)."""
    marks = marks or {}
    width, height = ring_size(cell)
    grid = [[" "] * width for _ in range(height)]
    looks = [[""] * width for _ in range(height)]

    def put(x: int, y: int, text: str, look: str, room: int) -> None:
        text = text if len(text) <= room else text[:room - 1] + "…"
        for k, ch in enumerate(text):
            grid[y][x + k], looks[y][x + k] = ch, look

    def origin(space: int) -> tuple[int, int]:
        col, row = CELLS[space]
        return col * (cell + 1), row * (CELL_ROWS + 1)

    letters = initials(names)
    shown_helper = table.helper if helper is None else helper
    for space, (tile, face) in enumerate(table.tiles):
        x, y = origin(space)
        action = face_action(tile, face)
        mark = marks.get(space, "")
        star = HELPER_MARK if space == shown_helper else " "
        put(x, y, star, "panel--warn panel--bold", 1)
        put(x + 1, y, f"{space + 1} {action.name}", mark or "panel--bold", cell - 2)
        for i, p in enumerate(action.parts, 1):
            look = "panel--cursor" if part == (space, i) else ""
            done = part is not None and part[0] == space and i in table.parts
            put(x + 1, y + i, f"{i} {p.short}", "panel--muted panel--strike" if done else look, cell - 2)
        here = [seat for seat, pl in enumerate(table.players) if pl.ship == space]
        labels = ship_row([letters[seat] + ("↺" if table.players[seat].direction < 0 else "") for seat in here],
                          cell - 1)
        at = x + 1
        for k, label in enumerate(labels):
            seat = here[k] if k < len(here) and not label.startswith("+") else None
            look = "panel--muted" if seat is None else (
                f"bv--p{seat % 4}" + (" panel--bold panel--underline" if seat == me else " panel--bold"))
            put(at, y + 3, label, look, len(label))
            at += len(label) + 1
    line = table.line
    if line >= 0:
        a, b = line, (line + 1) % 8
        (_, ra), (_, rb) = CELLS[a], CELLS[b]
        xa, ya = origin(a)
        xb, yb = origin(b)
        if ra == rb:  # side by side: a column of marks between them
            gx = max(xa, xb) - 1
            for r in range(CELL_ROWS):
                grid[ya + r][gx], looks[ya + r][gx] = LINE_MARK, "panel--bad panel--bold"
        else:  # one above the other: a row of marks
            gy = max(ya, yb) - 1
            for c in range(cell):
                grid[gy][xa + c], looks[gy][xa + c] = LINE_MARK, "panel--bad panel--bold"
    # the bottlecap in the middle
    x, y = cell + 1, CELL_ROWS + 1
    wide = cell >= 18
    held = sum(p.reds for p in table.players)
    turned = helper is not None and helper != table.helper
    middle: list[tuple[str, str]] = [
        (f"{HELPER_MARK} helper {'→ ' if turned else ''}{shown_helper + 1}", "panel--warn"),
        ((f"{LINE_MARK} line {line + 1}|{(line + 1) % 8 + 1}" if line >= 0 else "no damage line"),
         "panel--bad" if line >= 0 else "panel--muted"),
        ((f"bag {table.reds} red {table.greys} grey" if wide else f"bag {table.reds}red {table.greys}grey"), ""),
        (f"red held {held} of {ARRIVAL}", "panel--bad panel--bold" if held >= ARRIVAL - 1 else ""),
    ]
    for k, (text, look) in enumerate(middle):
        put(x + (1 if wide else 0), y + k, text, look, cell - (1 if wide else 0))
    return grid_lines(grid, looks)
