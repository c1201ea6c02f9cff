"""Lessons as data (``engine.core.lesson``): every game's lesson replays on the current
rules, step by step, its script fitting the table; a lesson follows undo and redo from
the log; a wrong move is refused with the step's sentence."""

from __future__ import annotations

import pytest

import engine
from engine.core import lesson as lessons

SLUGS = engine.slugs()


def test_every_game_has_a_lesson():
    assert [slug for slug in SLUGS if not lessons.has_lesson(slug)] == []


@pytest.mark.parametrize("slug", [s for s in SLUGS if lessons.has_lesson(s)])
def test_the_lesson_replays_on_the_current_rules_to_a_real_position(slug):
    lesson = lessons.load(slug)
    session = lessons.replay(slug, lesson)
    assert session.result() is None, "a lesson hands over a game still to play"
    assert 0 in session.to_act_seats() or session.bot_to_act() is not None
    assert lesson.steps[-1].do == "read" and "play on" in lesson.steps[-1].text.lower()
    assert 5 <= lesson.minutes <= 10
    for number, step in enumerate(lesson.steps, 1):
        assert step.do != "play" or step.moves, f"step {number}"
        assert len(step.text) <= 420, f"step {number} is too long for the box at 80×24"


def test_a_broken_lesson_names_its_step():
    lesson = lessons.load("gift-trap")
    number = next(i for i, s in enumerate(lesson.steps) if s.do == "play")
    steps = list(lesson.steps)
    steps[number] = lessons.Step(text="Deal the purple stack.", do="play", moves=["deal purple"])
    broken = lessons.Lesson(**{**{f: getattr(lesson, f) for f in lesson.__struct_fields__}, "steps": steps})
    with pytest.raises(lessons.LessonBroken, match=rf"step {number + 1} \('Deal the purple"):
        lessons.replay("gift-trap", broken)


def test_a_script_line_that_no_longer_fits_names_its_step():
    lesson = lessons.load("gift-trap")
    script = ["bob: deal purple", *lesson.script[1:]]
    broken = lessons.Lesson(**{**{f: getattr(lesson, f) for f in lesson.__struct_fields__}, "script": script})
    with pytest.raises(lessons.LessonBroken, match=r"step \d+ .*bob: 'deal purple' is refused|is bob's"):
        lessons.replay("gift-trap", broken)


def test_progress_follows_undo_and_redo_and_refuses_what_the_step_does_not_ask():
    lesson = lessons.load("gift-trap")
    session = lessons.start("gift-trap", lesson)
    progress = lessons.Progress(lesson, session)
    assert progress.index == 0 and progress.refusal(session.legal(0)[0]) is not None  # read first
    first_play = next(i for i, s in enumerate(lesson.steps) if s.do == "play")
    while progress.index < first_play:
        assert progress.read()
    step = lesson.steps[first_play]
    wrong = next(m for m in session.legal(0) if session.parse(m) not in [session.parse(x) for x in step.moves])
    assert progress.refusal(wrong) == (step.wrong or f"The lesson asks for '{step.moves[0]}' here.")
    assert progress.refusal(step.moves[0]) is None
    session.play(0, step.moves[0])
    progress.played(first_play)
    progress.play_script()
    assert progress.index == first_play + 1
    session.undo(0)
    assert progress.index == first_play
    session.redo(0)
    assert progress.index == first_play + 1
    session.undo(0)  # then the same move made anew: the step is done again, no further
    session.play(0, step.moves[0])
    progress.played(first_play)
    assert progress.index == first_play + 1 and progress.done[first_play + 1:] == [None] * (len(lesson.steps) - first_play - 1)
