"""A hint (issue 26): the search's best moves for the seat at the keyboard, found in a
worker process from that seat's view only (``engine.core.analysis.hint``).

In a local game the app's own worker searches (``engine.core.thinking.run``); in a
shared room the room's host does, from the seat's view it holds (``host.protocol.AskHint``,
answered with ``Hint``; a shared room's table carries a shorter view than the search
needs), and only when the room's creator allowed hints. Either way the seat is recorded
as having used a hint (``LocalSession.note_hint``, ``Room.note_hint``): the result and
the save say so.

While the search runs, a bar fills against its budget of seconds
(``analysis.HINT_SECONDS``) and the game's keys wait; escape closes the box and the
answer, when it comes, is dropped. Each move is shown in the game's notation, with its
estimated chance to win (in a solo game, its score rated, ``tui.support.chances``), so the
player can type one on the ``:`` line or find it on the table, and under it in words
(issue 26, "in notation and in words": ``engine.Game.explain``), indented and muted.
When the play-outs told no move apart from the ``normal`` bot's choice, that choice is
first and a line says so (issue 35: the search has nothing trustworthy to add there).
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

import engine

from ..support.stack import OnTop
from ..support.chances import chance_text
from ..widgets.footer import GameFooter

#: The running numbers of a shared room's hint questions (``host.protocol.AskHint.ref``).
_REFS = itertools.count(1)
#: Shown under the moves when the search's play-outs told none of them apart from what
#: the ``normal`` bot would play (``Evaluation.indistinct``): the first is that move.
UNSURE = "These moves play out alike: 1 is what a normal bot would play here."


class HintScreen(OnTop, ModalScreen[None]):
    """The hint for ``seat`` of ``session``: a box over the table, "looking for your best
    moves" until the answer comes, then the best moves; escape (or enter, once shown)
    closes it.

    ``session`` is a local game's ``engine.LocalSession`` (searched in this app's worker
    from ``session.view(seat)``; the seat noted at once, ``LocalSession.note_hint``) or a
    shared room's ``tui.support.remote_session.RemoteSession`` (asked of the room's host with
    ``host.protocol.AskHint``, which notes the seat; the app hands the answer to
    ``answer``). The caller checks first that the seat is to act with a choice."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("enter", "close", "Close", show=False)]
    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    #hint-box { width: 76; max-width: 100%; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #hint-wait { height: 1; margin-top: 1; }
    #hint-moves { height: auto; }
    #hint-moves .hint-words { color: $text-muted; padding-left: 3; }
    #hint-moves .hint-unsure { color: $text-warning; }
    #hint-note { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, session: "engine.LocalSession | Any", seat: int) -> None:
        super().__init__()
        self.session, self.seat = session, seat
        self.name_shown = session.names[seat]
        self.ref = 0  # a shared room's question (``AskHint.ref``); 0 in a local game

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Static(Text(f"Hint for {self.name_shown}: looking for your best moves…"), id="hint-title")
            yield ProgressBar(total=100, show_eta=False, show_percentage=False, id="hint-wait")
            yield Vertical(id="hint-moves")
            yield Static("escape closes (and stops looking)", id="hint-note")
        yield GameFooter()

    def on_mount(self) -> None:
        from engine.core.analysis import HINT_SECONDS

        started = time.monotonic()
        bar = self.query_one("#hint-wait", ProgressBar)
        # the search's own budget is seconds (``analysis.HINT_SECONDS``): the bar runs against it
        self.ticker = self.set_interval(0.1, lambda: bar.update(
            progress=min(99.0, 100 * (time.monotonic() - started) / HINT_SECONDS)))
        if isinstance(self.session, engine.LocalSession):
            self.session.note_hint(self.seat)  # metadata for the result and the save, not a move
            self.run_worker(self._look(), group="hint", exclusive=True)
        else:
            from host import protocol as p

            self.ref = next(_REFS)
            self.app.send(p.AskHint(self.ref))

    async def _look(self) -> None:
        from engine.core import analysis, thinking

        s, seat = self.session, self.seat
        args = analysis.hint_args(s.game, s.view(seat), seat, s.legal_commands(seat), s.names, s.ply)
        try:
            found = await thinking.run(analysis.hint_task, *args)
        except Exception:  # no worker could think here: think in this process, as bots do
            found = analysis.hint_task(*args)
        if self.is_attached:
            self.show(found)

    def answer(self, hint: Any) -> None:
        """The room's answer (``host.protocol.Hint``) to this screen's question: its moves,
        or its refusal in one sentence. An answer to another question is dropped."""
        if hint.ref != self.ref or not self.is_attached:
            return
        if hint.refused:
            self.ticker.stop()
            self.query_one("#hint-wait").display = False
            self.query_one("#hint-title", Static).update(Text(f"Hint for {self.name_shown}: none"))
            moves = self.query_one("#hint-moves", Vertical)
            moves.remove_children()
            moves.mount(Static(Text(hint.refused)))
            self.query_one("#hint-note", Static).update("escape closes")
            return
        self.show(list(hint.moves))

    def show(self, found: list) -> None:
        """Show the best moves (``engine.core.analysis.Evaluation``s), best first: each
        its notation and chance on one line, then its words (when the game has them) on
        the lines under it, indented past the number and muted; a long sentence wraps
        within that indent. Names and words go in as plain text, never as markup."""
        self.ticker.stop()
        self.query_one("#hint-wait").display = False
        self.query_one("#hint-title", Static).update(Text(f"Hint for {self.name_shown}: your best moves"))
        lines: list[Static] = []
        for n, e in enumerate(found, 1):
            chance = chance_text(e.chance, len(self.session.names) == 1, about=True)
            lines.append(Static(Text.assemble((f"{n}. ", "bold"), (e.notation, "bold"), f"  {chance}"),
                                classes="hint-move"))
            if e.words:
                lines.append(Static(Text(e.words), classes="hint-words"))
        if found and found[0].indistinct:  # the search told nothing apart: say so, plainly
            lines.append(Static(Text(UNSURE), classes="hint-unsure"))
        moves = self.query_one("#hint-moves", Vertical)
        moves.remove_children()
        moves.mount_all(lines)
        self.query_one("#hint-note", Static).update("type one on the : line, or find it on the table · escape closes")

    def action_close(self) -> None:
        self.dismiss(None)
