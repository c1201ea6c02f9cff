"""``LogPane``: the game's log in notation, wrapped to the pane and kept scrolled to the end.

Drawn with Textual's Line API (a ``ScrollView``): ``show(lines)`` keeps the last
``LOG_LINES`` lines, a seat's run of face-down moves as one line (``group_hidden``); a
line too long for the pane hangs its further rows under its first (``wrap_text``). Each
line is wrapped once for the pane's width and each row rendered once into a
``Strip``, kept by its text, so a move that adds a line or two (or a shared
game's log tail that slid by a few lines) costs the new rows only, and the pane is
repainted from what it already holds. Its size never depends on the log: it takes the
place the CSS gives it, so a new line is no layout pass; only the scroll bar follows.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .lines import wrap_text

#: How many log lines the pane keeps (the save keeps everything).
LOG_LINES = 400

HIDDEN = ": (hidden)"


def group_hidden(lines: list[str]) -> list[str]:
    """``lines`` with each seat's run of hidden moves as one line: a "name: (hidden)"
    line while that seat's last line is already one of those counts there instead
    ("bob: (hidden) ×3"), so the log says once per seat and phase that it moved face
    down (until its next visible move, say "bob: done"). Other lines are kept as they are."""
    out: list[str] = []
    open_runs: dict[str, tuple[int, int]] = {}  # name → (index in out, moves in the run)
    for line in lines:
        if line.startswith(" "):  # an event under a move
            out.append(line)
            continue
        if line.endswith(HIDDEN):
            name = line[: -len(HIDDEN)]
            run = open_runs.get(name)
            if run is not None:
                at, count = run[0], run[1] + 1
                out[at] = f"{line} ×{count}"
                open_runs[name] = (at, count)
                continue
            open_runs[name] = (len(out), 1)
        else:
            for name in [n for n in open_runs if line.startswith(n + ": ")]:
                del open_runs[name]
        out.append(line)
    return out


class LogPane(ScrollView, can_focus=False):
    """A scrolling pane of log lines; ``show(lines)`` brings it up to date."""

    DEFAULT_CSS = """
    LogPane { border: round $panel-lighten-2; scrollbar-size-vertical: 1; background: $surface 0%;
              overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._raw: list[str] = []  # the lines as given
        self._lines: list[str] = []  # as shown (group_hidden)
        self._rows: list[str] = []  # the lines wrapped to the pane's width
        self._width = 0  # the width self._rows are wrapped to
        self._wrapped: dict[str, list[str]] = {}  # line → its rows at self._width
        self._strips: dict[str, Strip] = {}  # row → its Strip

    def show(self, lines: list[str]) -> None:
        """Show the last ``LOG_LINES`` of ``lines`` (runs of hidden moves grouped) and
        scroll to the end."""
        raw = list(lines[-LOG_LINES:])
        if raw == self._raw:
            return
        self._raw = raw
        lines = group_hidden(raw)
        if lines == self._lines:
            return
        self._lines = lines
        self._rewrap()

    def _wrap_width(self) -> int:
        return self.scrollable_content_region.width  # inside the scroll bar

    def _rewrap(self) -> None:
        width = self._wrap_width()
        if width != self._width:
            self._wrapped.clear()
            self._strips.clear()
            self._width = width
        wrapped = self._wrapped
        rows: list[str] = []
        for line in self._lines:
            found = wrapped.get(line)
            if found is None:
                found = wrapped[line] = wrap_text(line, width) if width else [line]
            rows.extend(found)
        if len(wrapped) > 4 * LOG_LINES:  # forget lines long gone
            keep = set(self._lines)
            self._wrapped = {k: v for k, v in wrapped.items() if k in keep}
            self._strips.clear()
        self._rows = rows
        size = Size(width, len(rows))
        if size != self.virtual_size:
            # The pane's own size does not follow its content (the CSS sets it), so the
            # new height needs no layout pass: only the scroll bar is brought up to date.
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        end = self.max_scroll_y
        if self.scroll_y != end:
            self.scroll_to(y=end, animate=False, immediate=True)  # repaints the pane
        else:
            self.refresh()

    def on_resize(self, event: Resize) -> None:
        if self._wrap_width() != self._width:
            self._rewrap()
        elif self.scroll_y != self.max_scroll_y:  # a shorter pane still shows the end
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if not 0 <= index < len(self._rows):
            return Strip([])
        row = self._rows[index]
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = Strip([Segment(row, self.rich_style)])
        return strip
