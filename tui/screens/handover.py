"""The hand-over screen: hides the table while the keyboard passes to another seat."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static


class HandoverScreen(Screen[None]):
    """"Pass to bob, press enter": shown at one keyboard before a secret choice, so no
    one sees another seat's face-down tiles. Opaque: nothing of the table shows."""

    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.seat_name = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(
                    Content.from_markup(
                        "Pass the keyboard to [b]$name[/b].\n\n$reason\n\n"
                        "[b]$name[/b]: press [b]enter[/b] when only you can see the screen.",
                        name=self.seat_name, reason=self.reason,
                    ),
                    id="handover-text",
                )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
