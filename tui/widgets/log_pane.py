"""``LogPane``: the game's log in notation, wrapped to the pane and kept scrolled to the end.

A Textual ``RichLog``: each line is wrapped once, when it is written. ``show(lines)``
writes only the lines that are new since the last call (the usual case: a move adds a
line or two), and rewrites the pane when the log changed otherwise (an undo, a replay
jump) or the pane's width changed.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

#: How many log lines the pane keeps (the save keeps everything).
LOG_LINES = 400


class LogPane(RichLog, can_focus=False):
    """A scrolling pane of log lines; ``show(lines)`` brings it up to date."""

    DEFAULT_CSS = """
    LogPane { border: round $panel-lighten-2; scrollbar-size-vertical: 1; background: $surface 0%; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, min_width=10, max_lines=LOG_LINES * 3, auto_scroll=True, **kwargs)
        self._shown: list[str] = []
        self._width = 0

    def show(self, lines: list[str]) -> None:
        """Show the last ``LOG_LINES`` of ``lines``, writing only what is new."""
        old = self._shown
        if len(lines) >= len(old) and lines[: len(old)] == old and self._width == self.size.width:
            new = lines[len(old):]
        else:
            self.clear()
            new = lines
            self._width = self.size.width
        for line in new[-LOG_LINES:]:
            self.write(Text(line))
        self._shown = list(lines)

    def on_resize(self, event: Resize) -> None:
        if self._shown and self.size.width != self._width:
            lines, self._shown = self._shown, []
            self.show(lines)
