"""A guided first game (``engine.core.lesson``): the game screen with the lesson's box.

The lesson plays on a real ``LocalSession``: the learner's moves go through the
session's commands as in any game, checked first against the step (a wrong one gets
the step's sentence and the step asks again); the opponents play the lesson's script,
then their bots. Undo, redo, ``?`` and the hint work as in a game. The box sits where
it hides nothing the step talks about (``tui.widgets.lesson_box.place``) and the
table's part the step names takes the ``-lesson-mark`` class. The last step hands the
table over: the lesson is marked finished, the game is saved and goes on against the bots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message

import engine
from engine.core import lesson as lessons

from ..support.paths import mark_lesson_finished
from ..widgets.lesson_box import LessonBox, place
from ..widgets.log_pane import LogPane
from .game import GameScreen
from .handover import SLIP

#: The class of the table part a step talks about.
MARK = "-lesson-mark"


class LessonScreen(GameScreen):
    """Play ``slug``'s lesson (``lesson`` as ``engine.core.lesson.load`` gives it) on
    ``session`` (begun by ``engine.core.lesson.start``)."""

    BINDINGS = [
        # priority: in a "read" step enter goes on, whatever has the focus; otherwise the
        # binding stands aside (``check_action``) and enter is the table's
        Binding("enter", "go_on", "Go on", priority=True),
    ]
    #: Seconds after a step appears, or after the enter that went on, in which keys are
    #: dropped: a double enter or a key repeat (as at a hand-over, ``SLIP``).
    GUARD = SLIP

    def __init__(self, slug: str, lesson: lessons.Lesson, session: engine.LocalSession,
                 save_dir: Path | None = None) -> None:
        super().__init__(session, save_dir)
        self.slug = slug
        self.lesson = lesson
        self.progress = lessons.Progress(lesson, session)
        self.box = LessonBox(id="lesson-box")
        #: the ply and the step before the learner's move under way (``play``)
        self._ply_before: int | None = None
        self._step_before = 0
        self._marked: Any = None
        #: the step shown, and since when (Textual's event clock): an enter in the moment
        #: after a step appears (a double enter, a key repeat) does not skip the next one
        self._shown: int | None = None
        self._shown_at = 0.0
        #: what the box was last placed for (``_place``): the regions of the table, its
        #: log, the marked part and the question, and the text
        self._laid: tuple = ()
        self._keys = ""  # what the box's edge says to do, before fitting its width
        self._width = 80  # the box's width as last placed

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.box

    def on_mount(self) -> None:
        # (``GameScreen.on_mount`` runs too: Textual calls each class's handler)
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        """After every mount handler (the game screen's names the game): the lesson's title,
        its first step placed once the table is laid out."""
        self.title = f"{self.session.game.title} · lesson: {self.lesson.title}"
        self.show_step()
        # the table's parts settle a frame or two after the screen opens, and a part shown
        # or hidden moves the others without the table changing size: the box is placed
        # again after every layout of the screen (``_place`` does nothing if all stayed)
        self.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._replace())

    # ------------------------------------------------------------------ the learner's moves
    @property
    def teaching(self) -> bool:
        """Whether the lesson still runs (its last step not yet done)."""
        return not self.progress.over

    def play(self, command) -> bool:
        """The learner's ``command``, first checked against the step (``Progress.refusal``):
        a move the step does not ask for gets its sentence and the step asks again."""
        if self.teaching and not (isinstance(command, str) and command.strip().lower() in ("undo", "redo")):
            refusal = self.progress.refusal(command)
            if refusal is not None:
                self.say(refusal, error=True)
                self.refresh_table()
                return False
            self._ply_before, self._step_before = self.session.ply, self.progress.index
        try:
            return super().play(command)
        finally:
            self._ply_before = None

    def _after_change(self, first: bool = False) -> None:
        if self._ply_before is not None and self.session.ply > self._ply_before:
            self._ply_before = None
            self.progress.played(self._step_before)
        if self.teaching:
            self.progress.play_script()  # the opponents' scripted moves, before their bots
        super()._after_change(first)
        self.show_step()

    def _ends_own_turn(self) -> bool:
        """In the lesson the learner ends their own turn (the step may teach the key)."""
        return False if self.teaching else super()._ends_own_turn()

    def refresh_table(self) -> None:
        super().refresh_table()
        self.show_step()

    # ------------------------------------------------------------------ the box
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            step = self.progress.step
            line = self.query("#command")
            return step is not None and step.do == "read" and not (line and line.first().has_focus)
        return super().check_action(action, parameters)

    def action_go_on(self) -> None:
        """enter in a "read" step: on to the next step; after the last, the hand-over."""
        if Message().time < self._shown_at + self.GUARD:
            return  # pressed with the enter (or the move) that brought this step: not read yet
        if not self.progress.read():
            return
        # the keys typed with this enter (a double enter, a repeat) are dropped: they are
        # not a move on the table the next step talks about
        self.keys_wait_until = max(self.keys_wait_until, Message().time + self.GUARD)
        self.say("")
        if self.progress.over:
            self._hand_over()
        self.show_step()
        self.refresh_bindings()

    def _hand_over(self) -> None:
        """The lesson is done: marked finished, the game saved, the bots play on."""
        mark_lesson_finished(self.slug)
        try:
            path = self.autosave()
        except engine.SaveError:
            path = None  # the message line says why
        kept = f" The game is saved in {path}." if path is not None else ""
        self.say(f"Lesson finished. Play on against the bots.{kept}")
        self._after_change()

    def show_step(self) -> None:
        """The current step in the box, placed clear of what it talks about; the part it
        names marked. Once the lesson is over the box goes."""
        if not self.is_attached or not self.box.is_attached:
            return
        step = self.progress.step
        marked = self._mark(step.mark if step is not None else "")
        if step is None:
            self.box.display = False
            return
        number, total = self.progress.index + 1, len(self.lesson.steps)
        if self._shown != number:
            self._shown, self._shown_at = number, Message().time
        keys = {
            "read": "enter: go on",
            "play": "your move · u undo · ? rules",
            "any": "any move you like · u undo",
        }[step.do]
        if step.do != "read" and 0 not in self.session.to_act_seats():
            keys = "the others are playing…"
        self._keys = keys
        self.box.show_step(step.text, f"Lesson {number} of {total}")
        self.box.display = True
        self._place(step, marked)

    def _place(self, step: lessons.Step, marked: Any) -> None:
        """Put the box where ``place`` says for the table as it is laid out now, over
        whichever log pane shows (a compact table has its own); nothing changes when all
        is where it was. While no log shows (a box of the table's in its place, such as a
        card's whole text), the lesson's box stays where it is."""
        table = self.table.region
        log = next((pane.region for pane in self.table.query(LogPane) if pane.display and pane.region.area), None)
        question = self._question()  # kept in sight if it can be (always, for a move: the test)
        avoid = (marked.region,) if marked is not None else ()
        keep = (question.region,) if question is not None else ()
        laid = (table, log, avoid, keep, step.text)
        if table.area and laid != self._laid and not (log is None and self._laid and self._laid[-1] == step.text):
            self._laid = laid
            where = place(step.text, table, log, avoid, keep)
            self._width = where.width
            self.box.styles.offset = (where.x, where.y)
            self.box.styles.width = where.width
            self.box.styles.height = where.height
        keys = self._keys
        while len(keys) + 6 > self._width and " · " in keys:  # a narrow box: the keys that fit
            keys = keys.rsplit(" · ", 1)[0]
        if self.box.border_subtitle != keys:
            self.box.border_subtitle = keys

    def _replace(self) -> None:
        """Place the box again if what it is placed for moved (``_place``)."""
        step = self.progress.step
        if step is not None and self.is_attached and self.box.is_attached and self.app.screen is self:
            self._place(step, self._mark(step.mark))

    def _question(self) -> Any:
        """The table's part that asks the learner what to do (kept in sight), if it has one."""
        return self._part(self.table.LESSON_KEEP)

    def _part(self, name: str) -> Any:
        found = self.table.query(f"#{name}") if name else None
        return found.first() if found else None

    def _mark(self, name: str) -> Any:
        """Give the table's part ``name`` the mark (and take it from the last); returns it."""
        part = self._part(name)
        if part is not self._marked:
            if self._marked is not None:
                self._marked.remove_class(MARK)
            if part is not None:
                part.add_class(MARK)
            self._marked = part
        return part if part is not None and part.region.area else None

