"""A hint (issue 26): the search's best moves for the seat at the keyboard, found in a
worker process from that seat's view only (``engine.core.analysis.hint``).

While the search runs the box says so and the game's keys wait; escape closes the box
and the answer, when it comes, is dropped. Each move is shown in the game's notation,
with its estimated chance to win (in a solo game, its share of the score), so the
player can type one on the ``:`` line or find it on the table, and under it in words
(issue 26, "in notation and in words": ``engine.Game.explain``), indented and muted.
"""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import LoadingIndicator, Static

import engine

from ..widgets.footer import GameFooter

#: Play-out rounds a hint's search plays for each command (about a second on one core).
HINT_ROUNDS = 24


class HintScreen(ModalScreen[None]):
    """The hint for ``seat`` of ``session`` (an ``engine.LocalSession``): a box over the
    table, "looking for your best moves" until the worker answers, then the best moves;
    escape (or enter, once shown) closes it."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("enter", "close", "Close", show=False)]
    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    #hint-box { width: 76; max-width: 100%; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #hint-wait { height: 1; margin-top: 1; }
    #hint-moves { height: auto; }
    #hint-moves .hint-words { color: $text-muted; padding-left: 3; }
    #hint-note { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, session: engine.LocalSession, seat: int) -> None:
        super().__init__()
        self.session, self.seat = session, seat
        self.found: list | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Static(Text(f"Hint for {self.session.names[self.seat]}: looking for your best moves…"),
                         id="hint-title")
            yield LoadingIndicator(id="hint-wait")
            yield Vertical(id="hint-moves")
            yield Static("escape closes (and stops looking)", id="hint-note")
        yield GameFooter()

    def on_mount(self) -> None:
        self.run_worker(self._look(), group="hint", exclusive=True)

    async def _look(self) -> None:
        from engine.core import analysis, thinking

        s, seat = self.session, self.seat
        game = s.game
        view = msgspec.msgpack.encode(s.view(seat))
        legal = msgspec.msgpack.encode(s.legal_commands(seat))
        args = (game.slug, view, legal, seat, list(s.names), HINT_ROUNDS, s.ply)
        try:
            found = await thinking.run(analysis.hint_task, *args)
        except Exception:  # no worker could think here: think in this process, as bots do
            found = analysis.hint_task(*args)
        if self.is_attached:
            self.show(found)

    def show(self, found: list) -> None:
        """Show the best moves (``engine.core.analysis.Evaluation``s), best first: each
        its notation and chance on one line, then its words (when the game has them) on
        the lines under it, indented past the number and muted; a long sentence wraps
        within that indent. Names and words go in as plain text, never as markup."""
        self.found = found
        self.query_one("#hint-wait").display = False
        self.query_one("#hint-title", Static).update(Text(f"Hint for {self.session.names[self.seat]}: your best moves"))
        lines: list[Static] = []
        for n, e in enumerate(found, 1):
            lines.append(Static(Text.assemble((f"{n}. ", "bold"), (e.notation, "bold"), f"  about {e.chance:.0%} to win"),
                                classes="hint-move"))
            if e.words:
                lines.append(Static(Text(e.words), classes="hint-words"))
        moves = self.query_one("#hint-moves", Vertical)
        moves.remove_children()
        moves.mount_all(lines)
        self.query_one("#hint-note", Static).update("type one on the : line, or find it on the table · escape closes")

    def action_close(self) -> None:
        self.dismiss(None)
