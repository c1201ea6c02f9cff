"""The replay screen: step through any saved game, as any seat or as a spectator."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

import engine

from ..chat import with_talk
from ..games import table_for
from ..widgets.footer import GameFooter  # fits its row (Textual's Footer cut "esc Back" at 80 columns)
from ..widgets.title_bar import TitleBar

SPEEDS = (0.5, 1, 2, 4, 8, 16)  # entries a second


class ReplayScreen(Screen[None]):
    """Replay ``session``'s effective line of play (a loaded save, or a finished game).

    ←→ (h l) step, home/end (g G) jump to the start or the end, space plays or pauses,
    + and - change the speed, v changes whose eyes the table is seen through (a
    spectator first, then each seat). The table is the game's own widget, read-only.
    ``from_shell``: opened by ``boxtop replay PATH``, so escape ends the app (back to the
    shell) rather than showing the menu; ``note``: a line to show first (the file
    does not verify).
    """

    BINDINGS = [
        Binding("left,h", "step(-1)", "Back"),
        Binding("right,l", "step(1)", "Forward"),
        Binding("home,g", "jump(0)", "Start"),
        Binding("end,G", "jump(1)", "End"),
        Binding("space", "play", "Play/pause"),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("v", "seat", "Seen as"),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, session: engine.LocalSession, from_shell: bool = False, note: str = "") -> None:
        super().__init__()
        self.session = session
        self.from_shell = from_shell
        self.note = note
        self.position = session.ply  # entries shown (1 = only the setup)
        self.seat: int | None = None  # None: a spectator
        self.speed = 2
        self.timer = None
        self.table = table_for(session.game.slug)(id="table")
        self.table.can_focus = False

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="status")
        yield self.table
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = f"Replay · {self.session.game.title}"
        self.draw()
        if self.note:
            self.notify(self.note, severity="warning", timeout=10, markup=False)

    def draw(self) -> None:
        """Redraw the table at ``position`` for ``seat``."""
        s = self.session
        state = s.state_at(self.position)
        view = s.game.view(state, self.seat)
        self.table.show(view, s.names, [], False)
        if s.chat:  # a shared room's talk, each line once the replay reaches the ply it was said at
            blocks = [s.log_block(k, self.seat) for k in range(self.position)]
            self.table.show_log(with_talk(blocks, 0, [c for c in s.chat if c.ply <= self.position], None))
        else:
            self.table.show_log(s.log_lines(self.seat, upto=self.position))
        who = "a spectator" if self.seat is None else s.names[self.seat]
        playing = f"playing at {SPEEDS[self.speed]:g}/s" if self.timer else "paused"
        self.query_one("#status", Static).update(Content.from_markup(
            "entry [b]$position[/b] of $ply · seen as [b]$who[/b] · $playing · $phase",
            position=self.position, ply=s.ply, who=who, playing=playing, phase=self.table.phase_text(view, s.names),
        ))

    def action_step(self, delta: int) -> None:
        self.position = max(1, min(self.session.ply, self.position + delta))
        if self.timer and self.position == self.session.ply:
            self._stop()
        self.draw()

    def action_jump(self, end: int) -> None:
        self.position = self.session.ply if end else 1
        self.draw()

    def action_play(self) -> None:
        if self.timer:
            self._stop()
        else:
            if self.position == self.session.ply:
                self.position = 1
            self.timer = self.set_interval(1 / SPEEDS[self.speed], lambda: self.action_step(1))
        self.draw()

    def _stop(self) -> None:
        if self.timer:
            self.timer.stop()
        self.timer = None

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer:
            self._stop()
            self.timer = self.set_interval(1 / SPEEDS[self.speed], lambda: self.action_step(1))
        self.draw()

    def action_seat(self) -> None:
        n = len(self.session.seats)
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= n else self.seat + 1)
        self.draw()

    def action_close(self) -> None:
        self._stop()
        if self.from_shell:
            self.app.exit()
            return
        self.dismiss(None)
