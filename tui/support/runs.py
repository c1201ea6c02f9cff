"""Lines of styled text, as the app's panels draw them, and how they fit a width.

A line is a tuple of runs ``(text, classes)``: ``classes`` names component classes of
the widget that draws it (``tui.widgets.lines.LineView``; "" for the widget's own
style). ``wrap`` splits a line into rows between words, ``ellipsis`` and ``cut_short``
cut it to a width with "…", ``cut`` takes a stretch of it, ``plain`` its text; widths
are terminal cells (``rich.cells``). ``wrap_text`` wraps plain text with a hanging indent.
``grid_lines`` turns a picture drawn on a grid of characters (a board, a map) into lines.
"""

from __future__ import annotations

from typing import Sequence

from rich.cells import cell_len, get_character_cell_size

Run = tuple[str, str]
"""``(text, classes)``: text in the style of the named component classes."""
Line = tuple[Run, ...]

def plain(line: Line) -> str:
    """The text of ``line`` without its styles."""
    return "".join(text for text, _ in line)


def cut(line: Line, start: int, end: int) -> Line:
    """The runs of ``line`` between character offsets ``start`` and ``end``."""
    out: list[Run] = []
    at = 0
    for text, classes in line:
        lo, hi = max(start, at), min(end, at + len(text))
        if lo < hi:
            out.append((text[lo - at:hi - at], classes))
        at += len(text)
        if at >= end:
            break
    return tuple(out)


def wrap(line: Line, width: int, fill: bool = False) -> list[Line]:
    """``line`` split into rows of at most ``width`` cells, between words where it can
    (a word longer than a row is folded); the spaces at a break are dropped. ``fill``:
    a word longer than a whole row starts where it stands and is folded from there,
    rather than on a row of its own (no row left short before it)."""
    text = plain(line)
    if width <= 0 or cell_len(text) <= width:
        return [line]
    spans: list[tuple[int, int]] = []
    start, n = 0, len(text)
    while start < n:
        if spans:  # a row after a break starts at a word
            while start < n and text[start] == " ":
                start += 1
            if start >= n:
                break
        cells, i, space = 0, start, -1
        while i < n:
            size = get_character_cell_size(text[i])
            if cells + size > width:
                break
            if text[i] == " ":
                space = i
            cells += size
            i += 1
        if i >= n:
            spans.append((start, n))
            break
        if text[i] == " ":
            end = i
        elif space > start and not (fill and _word_cells(text, space + 1) > width):
            end = space
        else:  # one word longer than the row: fold it
            end = max(i, start + 1)
        spans.append((start, start + len(text[start:end].rstrip(" "))))
        start = end
    return [cut(line, a, b) for a, b in spans]


def _word_cells(text: str, at: int) -> int:
    """The cells of the word that starts at ``at`` in ``text`` (up to a space or the end)."""
    end = text.find(" ", at)
    return cell_len(text[at:] if end < 0 else text[at:end])


def ellipsis(line: Line, width: int) -> Line:
    """``line`` cut to ``width`` cells with a final "…" when it is longer."""
    if width <= 0 or cell_len(plain(line)) <= width:
        return line
    out: list[Run] = []
    room = width - 1
    for text, classes in line:
        if room <= 0:
            break
        size = cell_len(text)
        if size <= room:
            out.append((text, classes))
            room -= size
            continue
        kept, cells = [], 0
        for ch in text:
            w = get_character_cell_size(ch)
            if cells + w > room:
                break
            kept.append(ch)
            cells += w
        out.append(("".join(kept), classes))
        room = 0
    last = out[-1][1] if out else ""
    return (*out, ("…", last))


def cut_short(line: Line, width: int) -> Line:
    """``line`` marked as cut short: it ends in "…" within ``width`` cells (its end is
    dropped to make room, or a "…" is added after it)."""
    size = cell_len(plain(line))
    if size + 2 <= width:
        last = line[-1][1] if line else ""
        return (*line, (" …", last))
    return ellipsis(line + ((" " * 2, ""),), max(1, min(width, size + 1)))


def wrap_text(text: str, width: int, hang: int = 2) -> list[str]:
    """``text`` (one line) wrapped to ``width`` cells, as ``wrap`` does, with a hanging
    indent: the rows after the first start ``hang`` cells further in than the line
    itself (its leading spaces), so a wrapped line reads as one (none when that would
    leave fewer than 12 cells a row)."""
    rows = [plain(row) for row in wrap(((text, ""),), width)]
    pad = len(text) - len(text.lstrip(" ")) + hang
    if len(rows) < 2 or hang <= 0 or width - pad < 12:
        return rows
    rest = text[len(rows[0]):].lstrip(" ")
    return [rows[0], *(" " * pad + plain(row) for row in wrap(((rest, ""),), width - pad))]


def grid_lines(grid: Sequence[Sequence[str]], looks: Sequence[Sequence[str]]) -> list[Line]:
    """A picture drawn cell by cell as lines: ``grid[y][x]`` the text of a cell (a
    character, " " for none), ``looks[y][x]`` its classes, both of the same shape. Each
    row becomes one line whose runs join neighbouring cells of the same classes; the
    blanks at a row's end are dropped (a blank row is the empty line ``()``)."""
    out: list[Line] = []
    for row, row_looks in zip(grid, looks):
        end = len(row)
        while end and row[end - 1] == " ":
            end -= 1
        runs: list[Run] = []
        start = 0
        for i in range(1, end + 1):
            if i == end or row_looks[i] != row_looks[start]:
                runs.append(("".join(row[start:i]), row_looks[start]))
                start = i
        out.append(tuple(runs))
    return out


__all__ = ["Line", "Run", "cut", "cut_short", "ellipsis", "grid_lines", "plain", "wrap", "wrap_text"]
