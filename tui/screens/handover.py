"""The hand-over screen: hides the table while the keyboard passes to another seat."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.footer import GameFooter


class HandoverScreen(Screen[None]):
    """"Pass to bob, press enter": shown at one keyboard whenever the person to act
    changes (and before a secret choice), so no one acts for, or sees the face-down
    tiles of, another seat. Opaque: nothing of the table shows.

    Keys typed before it appeared (still buffered when the last move was made) are
    dropped, so a fast typist's next keys never confirm the hand-over or reach the
    next person's table."""

    #: shown in the footer; the key itself is read by ``on_key`` (see ``action_ready``)
    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.seat_name = name
        self.reason = reason
        self.shown_at: float | None = None  # Textual's event clock (``Message.time``) at mount

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
        yield GameFooter()

    def on_mount(self) -> None:
        self.shown_at = Message().time  # the clock a key event is stamped with when read

    def on_key(self, event: events.Key) -> None:
        """Enter typed since this screen appeared hands over; every other key, and any
        key read before it appeared (typed for the last seat), is dropped here."""
        event.stop()
        event.prevent_default()
        if event.key == "enter" and self.shown_at is not None and event.time >= self.shown_at:
            self.dismiss(None)

    def action_ready(self) -> None:
        """Nothing: a key typed on this screen (or a click on the footer's "Ready") reaches
        ``on_key``; the binding is reached only by a key typed on the table before this
        screen appeared (it bubbles up from there), and such a key must not hand over."""
