"""Lessons: a guided first game, written as data and played on a real ``LocalSession``.

Each game keeps one lesson in its package, ``lesson.toml`` (beside ``data/``, so it is
not part of the game's ``edition``): the seats (the learner first, then bots), a seed,
the game's options, a *script* of the opponents' commands in the game's own notation,
and the *steps*. A step has its text and what the learner must do:

- ``do = "read"``: read, then a key goes on (no move is taken meanwhile);
- ``do = "play"``: one of ``moves`` (notation), refused with ``wrong`` otherwise;
- ``do = "any"``: any legal command (``moves[0]``, if given, is the one the replay
  test plays).

Whenever an opponent is to act, the script's next command is played for it; when the
script is used up, or its next command does not fit the table (a free choice of the
learner led elsewhere), the seat's bot plays, as in any game. Nothing of the engine
changes for a lesson: every command goes through ``decide``. The last step hands the
table over ("play on against the bots"); the game goes on as a game like any other.

``Progress`` follows a lesson on a session from the log alone, so undo and redo move
the lesson back and forth with the game; ``replay`` plays a lesson through on the
current rules and names the step that no longer fits (``LessonBroken``).
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Literal

import msgspec

from .errors import IllegalCommand
from .log import Seat
from .tomldata import decode


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of a lesson: ``text`` (plain words for the learner, one short paragraph),
    ``do`` ("read", "play" or "any", see the module docstring), ``moves`` (commands in the
    game's notation), ``wrong`` (one sentence: why another move is not the one asked
    for), ``mark`` (the id of the table's part the text talks about, such as
    ``gb-tray``; "" for none) and ``keys`` (the table's keys, Textual's names separated
    by spaces, that make the step's first move, as the text tells the learner; "" when
    the text says to type the move after ``:``; the lesson's screen test presses them)."""

    text: str
    do: Literal["read", "play", "any"] = "read"
    moves: list[str] = []
    wrong: str = ""
    mark: str = ""
    keys: str = ""


class Lesson(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game's lesson as ``lesson.toml`` holds it: ``title`` (shown on the menu),
    ``minutes`` (how long it takes a newcomer), ``seats`` (the learner first; the others
    bots), ``seed``, ``options`` (the game's options by name), ``script`` (the
    opponents' commands in order, each ``"NAME: notation"``) and ``steps``."""

    title: str
    minutes: int
    seats: list[Seat]
    seed: int
    steps: list[Step]
    options: dict[str, Any] = {}
    script: list[str] = []


class LessonBroken(ValueError):
    """A lesson does not replay on the current rules; the message names the step."""


def load(slug: str) -> Lesson:
    """The lesson of the game ``slug`` (its package's ``lesson.toml``). Raises
    ``KeyError`` for an unknown game and ``ValueError`` (one sentence naming the file)
    for a file that is broken or missing."""
    from .registry import get, package_of

    game = get(slug)
    package = package_of(slug)
    try:
        text = resources.files(package).joinpath("lesson.toml").read_bytes()
    except FileNotFoundError:
        raise ValueError(f"{game.title} has no lesson yet") from None
    lesson = decode(text, Lesson, f"{package.replace('.', '/')}/lesson.toml")
    if not lesson.steps or lesson.seats[0].bot is not None:
        raise ValueError(f"{game.title}'s lesson needs steps, and its first seat is the learner's")
    return lesson


def has_lesson(slug: str) -> bool:
    """Whether the game ``slug`` has a lesson file."""
    from .registry import package_of

    return resources.files(package_of(slug)).joinpath("lesson.toml").is_file()


def start(slug: str, lesson: Lesson | None = None) -> Any:
    """A new ``LocalSession`` for ``slug``'s lesson (``lesson``, or the one in its file),
    the learner in seat 0. Its undo is casual, as a lesson's should be: the learner may
    take back any move of theirs and what followed, to try another."""
    import engine

    lesson = lesson or load(slug)
    return engine.new_game(slug, list(lesson.seats), seed=lesson.seed, options=dict(lesson.options), undo="casual")


def scripted(line: str) -> tuple[str, str]:
    """``"bob: move 2"`` → ``("bob", "move 2")``; raises ``ValueError`` without a name."""
    name, sep, move = line.partition(":")
    if not sep or not name.strip() or not move.strip():
        raise ValueError(f"a script line is 'NAME: move', not {line!r}")
    return name.strip(), move.strip()


class Progress:
    """Where ``session`` (begun by ``start``) stands in ``lesson``, followed from the log.

    ``done[i]`` is the number of applied entries (``session.ply``) once step ``i`` was done;
    the current step is the first one not done by the current ply, so an undo takes the
    lesson back with the game and a redo forward again."""

    def __init__(self, lesson: Lesson, session: Any) -> None:
        self.lesson = lesson
        self.session = session
        self.done: list[int | None] = [None] * len(lesson.steps)
        self.script_off = False  # the script no longer fits: the bots play on
        self._seat_of = {name: i for i, name in enumerate(session.names)}

    # ------------------------------------------------------------------ where it stands
    @property
    def index(self) -> int:
        """The current step's index; ``len(steps)`` once the lesson is over."""
        ply = self.session.ply
        for i, at in enumerate(self.done):
            if at is None or at > ply:
                return i
        return len(self.done)

    @property
    def step(self) -> Step | None:
        """The current step, None once every step is done."""
        i = self.index
        return self.lesson.steps[i] if i < len(self.lesson.steps) else None

    @property
    def over(self) -> bool:
        return self.step is None

    # ------------------------------------------------------------------ the learner
    def refusal(self, command: Any) -> str | None:
        """Why the learner's ``command`` (a Struct or notation) is not the step's (one
        sentence), or None when the step takes it."""
        step = self.step
        if step is None or step.do == "any":
            return None
        if step.do == "read":
            return "First read the lesson's box: enter goes on."
        if self._command(command) in [self._command(m) for m in step.moves]:
            return None
        return step.wrong or f"The lesson asks for {self._first_words(step)} here."

    def _first_words(self, step: Step) -> str:
        return " or ".join(f"'{m}'" for m in step.moves[:2])

    def _command(self, command: Any) -> Any:
        if isinstance(command, str):
            try:
                return self.session.parse(command)
            except (IllegalCommand, ValueError):
                return command
        return command

    def played(self, index: int) -> None:
        """The learner's command for step ``index`` (the step current before it, as
        ``index`` gave it then) was recorded: that step is done at this ply, and the
        steps after it, done on a line now left, are not."""
        if index < len(self.done):
            self.done[index] = self.session.ply
            for j in range(index + 1, len(self.done)):
                self.done[j] = None

    def read(self) -> bool:
        """A key went on from a "read" step; whether it was one. (The steps after it keep
        what they had: a redo may bring their moves back.)"""
        step = self.step
        if step is None or step.do != "read":
            return False
        self.done[self.index] = self.session.ply
        return True

    # ------------------------------------------------------------------ the opponents
    def made(self) -> int:
        """How many of the applied entries the opponents gave: the script's place (the
        bots play only once the script is used up or off)."""
        s = self.session
        return sum(1 for k in range(1, s.ply) if s.applied_seat(k) not in (None, 0))

    def due(self) -> tuple[int, str] | None:
        """The script's next command ``(seat, notation)`` when its seat is to act now;
        None when the lesson waits for the learner, the script is used up or off, or the
        lesson is over. Raises ``LessonBroken`` when another opponent is to act than the
        one the script names next (the table went elsewhere)."""
        if self.script_off or self.over:
            return None
        made = self.made()
        if made >= len(self.lesson.script):
            return None
        name, move = scripted(self.lesson.script[made])
        seat = self._seat_of.get(name)
        if seat is None or seat == 0:
            raise LessonBroken(f"the script's line {made + 1} names {name!r}, who is no opponent")
        acting = self.session.to_act_seats()
        if seat in acting:
            return seat, move
        if any(i != 0 for i in acting):
            others = ", ".join(self.session.names[i] for i in acting if i != 0)
            raise LessonBroken(f"the script's line {made + 1} is {name}'s, but {others} is to act")
        return None

    def play_script(self, strict: bool = False) -> int:
        """Play the script's commands due now (``due``), in order; returns how many. When
        the table went elsewhere (a free choice of the learner's), the script is turned
        off and the bots play on, as in any game; ``strict`` (the replay test): raises
        ``LessonBroken`` then, saying which command no longer fits."""
        count = 0
        while True:
            try:
                nxt = self.due()
                if nxt is None:
                    return count
                try:
                    self.session.play(*nxt)
                except IllegalCommand as err:
                    raise LessonBroken(f"the script's {self.session.names[nxt[0]]}: {nxt[1]!r} is refused: {err}") from None
            except LessonBroken:
                if strict:
                    raise
                self.script_off = True
                return count
            count += 1


def replay(slug: str, lesson: Lesson | None = None) -> Any:
    """Play ``slug``'s lesson through on the current rules as a learner who does what
    each step asks (a "play" step's first move, an "any" step's first move or the first
    legal command); returns the session at the hand-over. Raises ``LessonBroken`` naming
    the step (number and first words) where a move is refused or the script does not
    fit."""
    lesson = lesson or load(slug)
    session = start(slug, lesson)
    progress = Progress(lesson, session)
    for number, step in enumerate(lesson.steps, 1):
        where = f"step {number} ({step.text[:40]!r}…)"

        def fail(why: str) -> LessonBroken:
            return LessonBroken(f"{slug} lesson, {where}: {why}")

        _script(progress, fail)
        if session.result() is not None and step.do != "read":
            raise fail("the game is over before this step")
        if step.do == "read":
            progress.read()
            continue
        if 0 not in session.to_act_seats():
            raise fail(f"the learner is not to act (to act: {', '.join(session.to_act())})")
        if step.do == "play" and not step.moves:
            raise fail("a play step needs its moves")
        move = step.moves[0] if step.moves else session.legal(0)[0]
        index = progress.index
        try:
            session.play(0, move)
        except IllegalCommand as err:
            raise fail(f"{move!r} is refused: {err}") from None
        progress.played(index)
    left = len(lesson.script) - progress.made()
    if left > 0:
        raise LessonBroken(f"{slug} lesson: the script's last {left} commands are never played")
    return session


def _script(progress: Progress, fail) -> None:
    """Play the opponents' scripted commands due now, then (the script used up) their
    bots' moves, as the game screen does; a refused or misplaced one fails the replay."""
    while True:
        try:
            progress.play_script(strict=True)
        except LessonBroken as err:
            raise fail(str(err)) from None
        if progress.made() < len(progress.lesson.script) or progress.session.run_bots() == 0:
            return
