"""What a shared session shows when its host stops (Ctrl+C or SIGTERM on ``boxtop host``).

The room service says ``host.protocol.Stopping`` to every connection before it closes;
the app then lays ``HostStoppingScreen`` over whatever it shows, with the sentence
("The host is stopping; your game is kept (room K7QF-M2XA-9P). …"), for ``SHOWN_FOR``
seconds, and ends: Textual gives the terminal back (the alternate screen, mouse
reporting and the hidden cursor all undone) and the same sentence is printed after, so
it stays on the player's terminal once the session has closed.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..support.stack import OnTop
from ..widgets.footer import GameFooter

#: Seconds the sentence shows over the screen before the app ends and gives the
#: terminal back (the host waits for every session to end, ``host.service.STOP_GRACE``).
SHOWN_FOR = 0.5


class HostStoppingScreen(OnTop, ModalScreen[None]):
    """``sentence`` (``host.protocol.Stopping.sentence``) in a box over the screen; after
    ``SHOWN_FOR`` seconds the app ends with it as its last line. Keys do nothing here
    (ctrl+q still quits at once)."""

    DEFAULT_CSS = """
    HostStoppingScreen { align: center middle; }
    #stopping-box { width: 76; max-width: 100%; height: auto; border: round $warning; padding: 1 2;
                    background: $surface; }
    #stopping-note { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, sentence: str) -> None:
        super().__init__()
        self.sentence = sentence

    def compose(self) -> ComposeResult:
        with Vertical(id="stopping-box"):
            yield Static(self.sentence, id="stopping-text", markup=False)
            yield Static("This session closes now and gives your terminal back.", id="stopping-note")
        yield GameFooter()  # the keys of the screen below are not for now

    def on_mount(self) -> None:
        self.set_timer(SHOWN_FOR, self._end)

    def _end(self) -> None:
        self.app.exit(message=Text(self.sentence))
