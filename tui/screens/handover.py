"""The hand-over screen: hides the table while the keyboard passes to another seat."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..support.stack import OnTop
from ..widgets.footer import GameFooter

#: Seconds after a change of person in which keys are dropped: a second enter or a key
#: repeat from the person who just moved lands here, never on the next person's table.
GUARD = 0.6
#: Seconds after the enter that handed over in which the next person's keys are dropped
#: at the table: a double enter (or a key repeat) on the hand-over plays nothing.
SLIP = 0.3


class HandoverScreen(OnTop, Screen[float]):
    """"Pass to bob, press enter": shown at one keyboard whenever the person to act
    changes in a game that hides something from a seat (and before a secret choice),
    so no one acts for, or sees the hand of, another seat. Opaque: nothing of the table
    shows.

    Every key is dropped until ``GUARD`` seconds after the screen appeared: keys typed
    before it (still buffered when the last move was made) and a quick second enter or
    key repeat from the person who just moved never reach the next person's table. Only
    then does the screen name the key that continues ("bob: press enter …").

    It is dismissed once, with the time (Textual's event clock) of the enter that
    handed over: the table drops the keys of the same moment (``SLIP``), so a quick
    double enter of the next person neither closes the table nor plays for them."""

    #: shown in the footer; the key itself is read by ``on_key`` (see ``action_ready``)
    BINDINGS = [Binding("enter", "ready", "Ready")]

    GUARD: ClassVar[float] = GUARD

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.seat_name = name
        self.reason = reason
        self.shown_at: float | None = None  # Textual's event clock (``Message.time``) at mount
        self.ready = False  # the guard is over: enter hands over
        self.handed = False  # enter was pressed: the screen is on its way out

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._text(), id="handover-text")
        yield GameFooter()

    def _text(self) -> Content:
        then = (
            "[b]$name[/b]: press [b]enter[/b] when only you can see the screen."
            if self.ready else "[dim]A moment…[/dim]"
        )
        return Content.from_markup(
            "Pass the keyboard to [b]$name[/b].\n\n$reason\n\n" + then,
            name=self.seat_name, reason=self.reason,
        )

    def on_mount(self) -> None:
        self.shown_at = Message().time  # the clock a key event is stamped with when read
        self.set_timer(self.GUARD, self._arm)

    def _arm(self) -> None:
        self.ready = True
        self.query_one("#handover-text", Static).update(self._text())

    def on_key(self, event: events.Key) -> None:
        """Enter typed once the guard is over hands over; every other key, and any key
        typed before then (for the last seat, or a quick second press), is dropped."""
        event.stop()
        event.prevent_default()
        if (event.key == "enter" and self.ready and not self.handed and self.shown_at is not None
                and event.time >= self.shown_at + self.GUARD):
            self.handed = True  # a second enter in the same burst hands over nothing more
            self.dismiss(event.time)

    def action_ready(self) -> None:
        """Nothing: a key typed on this screen (or a click on the footer's "Ready") reaches
        ``on_key``; the binding is reached only by a key typed on the table before this
        screen appeared (it bubbles up from there), and such a key must not hand over."""
