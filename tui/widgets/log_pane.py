"""``LogPane``: the game's log in notation, wrapped to the pane and kept scrolled to the end."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

#: How many log lines the pane keeps (the save keeps everything).
LOG_LINES = 400


class LogPane(VerticalScroll, can_focus=False):
    """A scrolling pane of log lines; ``show(lines)`` replaces them and scrolls to the end."""

    DEFAULT_CSS = """
    LogPane { border: round $panel-lighten-2; scrollbar-size-vertical: 1; }
    LogPane > Static { width: 1fr; }
    """

    _text = Text()

    def compose(self) -> ComposeResult:
        yield Static(self._text, id="log-text")

    def show(self, lines: list[str]) -> None:
        """Show the last ``LOG_LINES`` of ``lines``."""
        self._text = Text("\n".join(lines[-LOG_LINES:]))
        for static in self.query("#log-text").results(Static):
            static.update(self._text)
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def on_mount(self) -> None:
        self.anchor()  # stays scrolled to the newest line as lines are added
