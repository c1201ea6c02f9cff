"""The log, full screen (``L`` at any game's table).

At 80×24 a table's log pane is a few rows of 24 columns: one entry such as "cyd plays
Cudgel in the Sack: When another player takes tokens, you take them all." took three
or four presses of ↓ to read. ``L`` opens this screen over the table instead: the same
lines (the seat's log, what happened since its own last move marked), at the screen's
whole width, with the keys of the pane (↑↓ PgUp PgDn Home End scroll; escape or ``L``
goes back to the table). It follows the table's pane while open (a shared room's
moves and talk go on meanwhile).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.footer import GameFooter
from ..support.stack import OnTop
from ..widgets.log_pane import LogPane
from ..widgets.title_bar import TitleBar


class LogScreen(OnTop, Screen[None]):
    """The lines of the table's log pane ``source`` at full size; see the module docstring."""

    DEFAULT_CSS = """
    LogScreen #log-hint { height: 1; padding: 0 1; color: $text-muted; }
    LogScreen #log { height: 1fr; }
    """

    def __init__(self, source: LogPane, title: str = "") -> None:
        super().__init__()
        self.source = source
        self.heading = title
        self.pane = LogPane(id="log")

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("The log: ↑↓ PgUp PgDn Home End scroll · escape back to the table", id="log-hint")
        yield self.pane
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = f"{self.heading}: the log" if self.heading else "The log"
        self.source.follow(self.pane)
        self.pane.read()

    def on_unmount(self) -> None:
        self.source.unfollow(self.pane)

    def on_log_pane_done(self, message: LogPane.Done) -> None:
        """escape or ``L`` in the log: back to the table."""
        message.stop()
        self.dismiss(None)


__all__ = ["LogScreen"]
