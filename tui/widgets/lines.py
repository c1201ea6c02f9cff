"""``LineView``: a panel of text drawn with Textual's Line API, one row at a time.

A line is a tuple of runs ``(text, classes)``: ``classes`` names component classes of
the widget (space separated, each in its ``COMPONENT_CLASSES``; "" for the widget's own
style), so every colour comes from CSS and the theme. ``set_lines(lines)`` takes the
lines to show; each is wrapped, cropped or cut with "…" to the widget's width into rows
(``overflow``). Only the rows that differ from those shown are repainted
(``refresh(region)``): each is rendered once into a ``Strip`` and kept until it changes,
so a panel where one row changed costs one row. There is no layout pass unless the
number of rows changes on a widget whose height follows its content (``height: auto``).
"""

from __future__ import annotations

from typing import ClassVar, Iterable, Literal

from rich.cells import cell_len, get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.events import Resize
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

Run = tuple[str, str]
"""``(text, classes)``: text in the style of the named component classes."""
Line = tuple[Run, ...]

Overflow = Literal["wrap", "crop", "ellipsis"]

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


class LineView(Widget):
    """Rows of styled text; see the module docstring. ``overflow``: what a line wider
    than the widget does ("wrap" onto more rows, "crop", or "ellipsis"). When the CSS
    gives the widget a height and its rows do not fit, the last row shown ends in "…"."""

    DEFAULT_CSS = """
    LineView { height: auto; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = set()

    def __init__(self, *, overflow: Overflow = "wrap", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.overflow: Overflow = overflow
        self._lines: list[Line] = []
        self._rows: list[Line] = []
        self._rows_width = -1  # the width self._rows were fitted to
        self._rows_height: int | None = None  # the fixed height they were cut to (None: not cut)
        self._strips: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}

    # ------------------------------------------------------------------ content
    def set_lines(self, lines: Iterable[Line]) -> None:
        """Show ``lines``; repaints only the rows that change."""
        lines = list(lines)
        if lines == self._lines:
            return
        self._lines = lines
        self._refit()

    def _fit(self, width: int) -> list[Line]:
        if width <= 0 or self.overflow == "crop":
            return list(self._lines)
        if self.overflow == "ellipsis":
            return [ellipsis(line, width) for line in self._lines]
        return [row for line in self._lines for row in wrap(line, width)]

    def _fixed_height(self) -> int | None:
        """The rows the CSS gives the widget (None when its height follows its rows)."""
        height = self.styles.height
        if height is None or height.is_auto or not self.size.height:
            return None
        return self.size.height

    def _refit(self) -> None:
        width = self.size.width
        rows = self._fit(width)
        room = self._fixed_height()
        if room is not None and len(rows) > room and self.overflow != "crop":
            rows = rows[:room]
            rows[-1] = cut_short(rows[-1], width)
        old, self._rows, self._rows_width = self._rows, rows, width
        self._rows_height = room
        if len(rows) != len(old):
            self._strips.clear()
            height = self.styles.height
            self.refresh(layout=height is None or height.is_auto)
            return
        for y, (was, now) in enumerate(zip(old, rows)):
            if was != now:
                self._strips.pop(y, None)
                self.refresh(Region(0, y, max(width, 1), 1))

    def on_resize(self, event: Resize) -> None:
        if self.size.width != self._rows_width or self._fixed_height() != self._rows_height:
            self._strips.clear()
            self._refit()
            self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width == self._rows_width and self._rows_height is None:
            return len(self._rows)
        return len(self._fit(width))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((cell_len(plain(line)) for line in self._lines), default=0)

    # ------------------------------------------------------------------ drawing
    def notify_style_update(self) -> None:
        """The CSS or the theme changed: every row is drawn again."""
        super().notify_style_update()
        self._styles.clear()
        self._strips.clear()

    def style_for(self, classes: str) -> Style:
        """The Rich style of the component ``classes`` (space separated) over the
        widget's own: a class's colour or background (the last class setting one wins;
        a translucent one is blended over the background beneath) and the text styles
        (bold, strike …) of every class together. Computed once until the CSS or the
        theme changes."""
        style = self._styles.get(classes)
        if style is None:
            style = self.rich_style
            names = classes.split()
            if names:
                parts = [self.get_component_styles(name) for name in names]
                background = self.background_colors[1]
                for part in parts:
                    if part.has_rule("background"):
                        background = background + part.background
                        style += Style(bgcolor=background.rich_color)
                for part in parts:
                    if part.has_rule("color"):
                        style += Style(color=(background + part.color).rich_color)
                    style += part.text_style
            self._styles[classes] = style
        return style

    def render_row(self, row: Line) -> Strip:
        """One row as a ``Strip`` (the widget crops and pads it to its width)."""
        style_for = self.style_for
        return Strip([Segment(text, style_for(classes)) for text, classes in row if text])

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is None:
            rows = self._rows
            strip = self.render_row(rows[y]) if y < len(rows) else Strip([])
            self._strips[y] = strip
        return strip


class Panel(LineView):
    """A ``LineView`` with a palette of component classes that every game's panels
    share, each a theme variable: ``panel--bold``, ``--italic``, ``--strike``,
    ``--underline``, ``--reverse``, ``--muted`` (less important), ``--good`` (gained,
    done), ``--bad`` (lost), ``--warn`` (waiting, to do), ``--info`` (a hint, what is
    available), ``--special`` (a game's own highlight), ``--shade`` (a background that
    marks where a choice is legal), ``--cursor`` (the keyboard's choice)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "panel--bold", "panel--italic", "panel--strike", "panel--underline", "panel--reverse",
        "panel--muted", "panel--good", "panel--bad", "panel--warn", "panel--info", "panel--special",
        "panel--shade", "panel--cursor",
    }

    DEFAULT_CSS = """
    Panel > .panel--bold { text-style: bold; }
    Panel > .panel--italic { text-style: italic; }
    Panel > .panel--strike { text-style: strike; }
    Panel > .panel--underline { text-style: underline; }
    Panel > .panel--reverse { text-style: reverse; }
    Panel > .panel--muted { color: $text-muted; }
    Panel > .panel--good { color: $text-success; }
    Panel > .panel--bad { color: $text-error; }
    Panel > .panel--warn { color: $text-warning; }
    Panel > .panel--info { color: $text-secondary; }
    Panel > .panel--special { color: $text-accent; }
    Panel > .panel--shade { background: $foreground 25%; }
    Panel > .panel--cursor { text-style: bold reverse; }
    """


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


__all__ = ["Line", "LineView", "Panel", "Run", "cut", "cut_short", "ellipsis", "plain", "wrap", "wrap_text"]

