"""``LineView``: a panel of text drawn with Textual's Line API, one row at a time.

A line is a tuple of runs ``(text, classes)``: ``classes`` names component classes of
the widget (space separated, each in its ``COMPONENT_CLASSES``; "" for the widget's own
style), so every colour comes from CSS and the theme. ``set_lines(lines)`` takes the
lines to show; each is wrapped, cropped or cut with "…" to the widget's width into rows
(``overflow``). Only the rows that differ from those shown are repainted
(``refresh(region)``): each is rendered once into a ``Strip`` and kept until it changes,
so a panel where one row changed costs one row. There is no layout pass unless the
number of rows changes on a widget whose height follows its content (``height: auto``).
How a line is cut or wrapped to a width is ``tui.support.runs`` (the chat's talk rows
use it too); its names are this module's as well.
"""

from __future__ import annotations

from typing import ClassVar, Iterable, Literal

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.events import Resize
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ..support.runs import Line, Run, cut, cut_short, ellipsis, grid_lines, plain, wrap, wrap_text

Overflow = Literal["wrap", "crop", "ellipsis"]


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


def key_hints(pairs: Iterable[tuple[str, str]], sep: str = " · ") -> Line:
    """A row of keys for a ``Panel``, "←→ move · enter give": each ``(key, what)`` pair
    as the key (``panel--info panel--bold``) and " what" after it ("" for a key alone),
    the pairs ``sep`` apart."""
    runs: list[Run] = []
    for i, (key, what) in enumerate(pairs):
        if i:
            runs.append((sep, ""))
        runs += [(key, "panel--info panel--bold"), (f" {what}" if what else "", "")]
    return tuple(runs)


__all__ = ["Line", "LineView", "Panel", "Run", "cut", "cut_short", "ellipsis", "grid_lines", "key_hints", "plain",
           "wrap", "wrap_text"]
