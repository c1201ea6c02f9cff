"""The replay screen: step through any saved game, as any seat or as a spectator, and
analyse it (issue 26): every person's move graded by the search from that seat's view,
the grade beside the move in the log, a chart of every seat's chance to win, the better
move of a graded move, and keys to jump from mistake to mistake."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

import engine
from engine.core.analysis import FLAWS
from engine.core.save_write import hints_note, hints_sentence
from engine.core.text import printable

from ..support.stack import OnTop
from ..support.chances import chance_text
from ..support.chat import with_talk
from ..games import table_for
from ..widgets.footer import GameFooter  # fits its row (Textual's Footer cut "esc Back" at 80 columns)
from ..widgets.title_bar import TitleBar
from ..widgets.win_chart import WinChart

SPEEDS = (0.5, 1, 2, 4, 8, 16)  # entries a second
#: How a grade reads beside its move in the log.
MARKS = {"best": "best", "good": "good", "inaccuracy": "?! inaccuracy", "mistake": "? mistake",
         "blunder": "?? blunder"}


class ReplayScreen(OnTop, Screen[None]):
    """Replay ``session``'s effective line of play (a loaded save, or a finished game).

    ←→ (h l) step, home/end (g G) jump to the start or the end, space plays or pauses,
    + and - change the speed, v changes whose eyes the table is seen through (a
    spectator first, then each seat). The table is the game's own widget, read-only.
    ``a`` analyses the game (``engine.core.analysis``, in worker processes: the keys
    keep working) or shows the analysis kept beside ``path``; ``w`` shows the chart of
    chances in place of the table; ``n``/``p`` jump to the next/previous inaccuracy or
    worse of the seat seen as (as a spectator, of anyone). A graded move's better move is
    shown only through its own seat's eyes (it may name what only that seat held).
    ``from_shell``: opened by ``boxtop replay PATH``, so escape ends the app (back to the
    shell) rather than showing the menu; ``note``: a line to show first (the file
    does not verify); ``path``: the save, beside which an analysis is kept (None: none
    read or kept); ``keep``: whether a new analysis is written there (not beside an
    example game: it stays in memory).
    """

    BINDINGS = [
        Binding("left,h", "step(-1)", "Back"),
        Binding("right,l", "step(1)", "Forward"),
        Binding("a", "analyse", "Analyse"),
        Binding("w", "chart", "Chances"),
        Binding("n", "flaw(1)", "Next mistake"),
        Binding("p", "flaw(-1)", "Previous mistake", show=False),
        Binding("space", "play", "Play/pause"),
        Binding("home,g", "jump(0)", "Start"),
        Binding("end,G", "jump(1)", "End"),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("v", "seat", "Seen as"),
        Binding("escape,q", "close", "Back"),
    ]
    #: Play-out rounds per command of the analysis ``a`` starts (``boxtop analyse``'s
    #: default, so either reuses the other's analysis).
    ROUNDS = 24
    DEFAULT_CSS = """
    ReplayScreen #analysis-row { height: auto; display: none; }
    ReplayScreen.-analysed #analysis-row, ReplayScreen.-analysing #analysis-row { display: block; }
    ReplayScreen #grade { width: 1fr; height: auto; max-height: 3; }
    ReplayScreen #analysis-bar { width: 34; display: none; }
    ReplayScreen.-analysing #analysis-bar { display: block; }
    ReplayScreen #chart { display: none; }
    ReplayScreen.-chart #chart { display: block; }
    ReplayScreen.-chart #table { display: none; }
    """

    def __init__(self, session: engine.LocalSession, from_shell: bool = False, note: str = "",
                 path: Path | None = None, keep: bool = True) -> None:
        super().__init__()
        self.keep = keep
        self.session = session
        self.from_shell = from_shell
        self.note = note
        self.path = path
        self.position = session.ply  # entries shown (1 = only the setup)
        self.seat: int | None = None  # None: a spectator
        self.speed = 2
        self.timer = None
        self.table = table_for(session.game.slug)(id="table")
        self.table.can_focus = False
        self.grades: dict[int, object] = {}  # ply → engine.core.analysis.MoveGrade
        self.words: dict[int, str] = {}  # ply → its grade's better move in words (``_words``)
        self.to_grade = 0  # moves the analysis under way grades (0: none under way)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="status")
        with Horizontal(id="analysis-row"):
            yield Static(id="grade")
            yield ProgressBar(id="analysis-bar", show_eta=False)
        yield self.table
        yield WinChart(id="chart")
        yield GameFooter()

    def on_mount(self) -> None:
        asked = self.session.hinted_names()
        self.title = " · ".join(part for part in ("Replay", self.session.game.title, hints_note(asked)) if part)
        self.draw()
        if self.note:
            self.notify(printable(self.note), severity="warning", timeout=10, markup=False)
        if asked:  # the title bar is hidden on a short terminal (80×24): say it there too
            self.notify(hints_sentence(asked), timeout=10, markup=False)

    def draw(self) -> None:
        """Redraw the table at ``position`` for ``seat``, and the analysis (``_draw_analysis``)."""
        s = self.session
        view = s.game.view(s.state_at(self.position), self.seat)
        self.table.bots = s.bot_kinds()
        self.table.show(view, s.names, [], False)
        who = "a spectator" if self.seat is None else s.names[self.seat]
        playing = f"playing at {SPEEDS[self.speed]:g}/s" if self.timer else "paused"
        # the entries' own numbers (the setup 0), as boxtop analyse and replay --print show them
        self.query_one("#status", Static).update(Content.from_markup(
            "entry [b]$position[/b] of $last · seen as [b]$who[/b] · $playing · $phase",
            position=s.applied_seq(self.position - 1), last=s.applied_seq(s.ply - 1), who=who, playing=playing,
            phase=self.table.phase_text(view, s.names),
        ))
        self._draw_analysis()

    def _draw_analysis(self) -> None:
        """Redraw what the analysis changes: the log (each graded move's grade beside it;
        a shared room's talk, each line once the replay reaches the ply it was said at),
        the grade line and, when shown, the chart's lines and mark."""
        s = self.session
        blocks = [self._graded(s.log_block(k, self.seat), k) for k in range(self.position)]
        self.table.show_log(with_talk(blocks, 0, [c for c in s.chat if c.ply <= self.position], None))
        self.query_one("#grade", Static).update(self._grade_text())
        if self.has_class("-chart"):
            self.query_one(WinChart).show(s.names, self.grades, s.applied_seq(self.position - 1), s.applied_seq(s.ply - 1),
                                          solo=len(s.seats) == 1, number=s.applied_seq)

    def _graded(self, block: list[str], k: int) -> list[str]:
        """The log block of applied entry ``k`` with its move's grade beside it."""
        g = self.grades.get(k)
        if g is None or not block:
            return block
        return [f"{block[0]}  {MARKS[g.grade]}", *block[1:]]

    def _grade_text(self) -> Text:
        """The grade line: the analysis under way, or the grade of the move just shown
        (its better move only through its own seat's eyes)."""
        s = self.session
        if self.to_grade:
            return Text(f"Analysing: {len(self.grades)} of {self.to_grade} moves graded")
        g = self.grades.get(self.position - 1)
        if g is None:
            keys = "n/p jump to mistakes, w shows the chances"
            return Text(f"Analysed: {len(self.grades)} moves graded. {keys}.", style="dim")
        name = s.names[g.seat]
        line = Text.assemble((f"{name}: {MARKS[g.grade]}", "bold"), f" ({chance_text(g.chance, len(s.seats) == 1)}")
        if self.seat != g.seat and g.indistinct:
            line.append("). The moves here play out alike.")
            return line
        if self.seat != g.seat:
            line.append(f"; the best {g.best_chance:.0%}). " if g.grade != "best" else "). ")
            if g.grade != "best":
                line.append(f"v to see as {name} shows the better move.", style="dim")
            return line
        if g.indistinct:
            line.append("). The moves here play out alike: no better one found.")
            return line
        if g.grade == "best":
            line.append("). The best move found.")
            return line
        line.append(f"). Better: ")
        line.append(printable(g.best), style="bold")  # an analysis kept in a file: no control reaches the terminal
        line.append(f", {g.best_chance:.0%}")
        words = self._words(g)
        if words:
            line.append(f": {printable(words)}")
        return line

    def _words(self, g) -> str:
        """The better move of ``g`` in words, from its seat's view before the move ("");
        worked out once a grade (a redraw at the same entry reads it back)."""
        if g.ply not in self.words:
            game, names = self.session.game, self.session.names
            try:
                command = game.parse(g.best, names)
                view = game.view(self.session.state_at(g.ply), g.seat)
                self.words[g.ply] = game.explain(command, view, names) if game.explain is not None else ""
            except Exception:  # a kept analysis's text is a file's: whatever it holds, no words
                self.words[g.ply] = ""
        return self.words[g.ply]

    # ------------------------------------------------------------------ analysis
    def action_analyse(self) -> None:
        """``a``: the analysis kept beside the save, or a new one in worker processes."""
        from engine.core import analysis

        if self.to_grade:
            self.notify("The analysis is under way.", markup=False)
            return
        if self.grades:
            self.notify("This game is analysed: n and p jump to mistakes, w shows the chances.", markup=False)
            return
        s = self.session
        kept = analysis.stored(self.path, s, None) if self.path is not None else None
        if kept is not None:
            self._analysed(kept.grades)
            return
        if s.game.sample is None:
            self.notify(f"{s.game.title} has no search to analyse with yet.", severity="warning", markup=False)
            return
        plies = analysis.moves_to_grade(s)
        if not plies:
            self.notify("No move to grade: every move was a bot's or had no other choice.", markup=False)
            return
        self.to_grade = len(plies)
        self.query_one(ProgressBar).update(total=len(plies), progress=0)
        self.add_class("-analysing")
        self._draw_analysis()  # the table is as it was
        self._analyse(plies)

    @work(group="analysis", exclusive=True)
    async def _analyse(self, plies: list[int]) -> None:
        from engine.core import analysis, thinking
        from engine.core.save_write import dumps

        data = dumps(self.session)
        try:
            async for g in analysis.grades_off_loop(data, plies, rounds=self.ROUNDS, parallel=thinking.workers()):
                self.grades[g.ply] = g
                self.query_one(ProgressBar).advance(1)
                self._draw_analysis()  # the table itself is unchanged
        except Exception as err:  # a broken pool or a game the search fails on: one line
            self.to_grade = 0
            self.remove_class("-analysing")
            self.notify(f"The analysis stopped: {str(err).splitlines()[0] if str(err) else type(err).__name__}.",
                        severity="error", markup=False)
            return
        grades = analysis.settle(self.session, list(self.grades.values()), self.ROUNDS)
        self._analysed(grades)
        if self.path is not None and self.keep:
            try:
                analysis.keep(self.path, analysis.Analysis(len(self.session.entries), None, self.ROUNDS, None, grades,
                                                             method=analysis.METHOD))
            except OSError:
                pass  # kept in memory for this replay

    def _analysed(self, grades: list) -> None:
        self.grades = {g.ply: g for g in grades}
        self.to_grade = 0
        self.remove_class("-analysing")
        self.add_class("-analysed")
        self._draw_analysis()

    def action_chart(self) -> None:
        """``w``: the chart of chances in place of the table, or the table again."""
        if not self.grades and not self.to_grade:
            self.notify("No analysis yet: a analyses the game.", markup=False)
            return
        self.toggle_class("-chart")
        self._draw_analysis()  # the table, hidden or not, is drawn at every step already

    def action_flaw(self, direction: int) -> None:
        """``n``/``p``: show the next (previous) inaccuracy or worse of the seat seen as
        (of anyone for a spectator), the board just after it."""
        if not self.grades:
            self.notify("No analysis yet: a analyses the game." if not self.to_grade
                        else "The analysis is under way: its mistakes come as it grades.", markup=False)
            return
        here = self.position - 1  # the move just shown
        flaws = sorted(p for p, g in self.grades.items()
                       if g.grade in FLAWS and (self.seat is None or g.seat == self.seat))
        found = [p for p in flaws if p > here] if direction > 0 else [p for p in flaws if p < here][-1:]
        whose = "" if self.seat is None else f" of {self.session.names[self.seat]}'s"
        if not found:
            self.notify(f"No {'later' if direction > 0 else 'earlier'} mistake{whose}.", markup=False)
            return
        self._stop()
        self.position = found[0] + 1
        self.draw()

    # ------------------------------------------------------------------ stepping
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
