"""Playing a game's lesson (``engine.core.lesson``) by keys, from the menu, as a learner:
``t`` opens "Learn a game", the game is chosen with ↓ and enter, then every step is
done as its box asks: enter for a "read" step; for a move, the step's ``keys`` (the
table's keys) or, without them, its first move typed on the ``:`` line. Each step waits
until the box shows it ("Lesson N of M" and its first words)."""

from __future__ import annotations

import engine
from engine.core import lesson as lessons
from textual.pilot import Pilot

from tui.screens.lesson import LessonScreen
from tui_driver import flat, region_text, screen_name, screen_text, settle, type_text, wait_for, wait_for_screen


def lesson_slugs() -> list[str]:
    """The games that have a lesson, in menu order."""
    return [slug for slug in engine.slugs() if lessons.has_lesson(slug)]


def box_text(app) -> str:
    """The lesson box's words as drawn (its title, text and keys), squeezed to one line."""
    box = app.screen.query("#lesson-box")
    if not box or not box.first().display:
        return ""
    return flat(" ".join(region_text(app, box.first().region)))


async def open_lesson(pilot: Pilot, slug: str) -> None:
    """From the menu: ``t``, the game's row (↓ from the first), enter; waits for the lesson."""
    await pilot.press("t")
    await wait_for_screen(pilot, "LearnMenuScreen")
    await pilot.press(*["down"] * lesson_slugs().index(slug), "enter")
    await wait_for_screen(pilot, "LessonScreen")


async def wait_for_step(pilot: Pilot, lesson: lessons.Lesson, number: int) -> None:
    """Wait until the box shows step ``number`` (from 1): its title and first words."""
    app = pilot.app
    title = f"Lesson {number} of {len(lesson.steps)}"
    words = flat(lesson.steps[number - 1].text)[:24]
    text = flat(lesson.steps[number - 1].text)
    # the box shows the whole step (its size follows the text a moment after the text)
    step = lesson.steps[number - 1]
    await wait_for(pilot, lambda: title in box_text(app) and inner_text(app) == text and box_clear(app, step),
                   f"{title}: {words!r} whole, clear of what it talks about")
    check_box_clear(app, step)


def inner_text(app) -> str:
    """The words inside the lesson box's border and padding, squeezed to one line."""
    box = app.screen.query("#lesson-box")
    if not box or not box.first().display:
        return ""
    return flat(" ".join(region_text(app, box.first().content_region)))


def box_clear(app, step: lessons.Step) -> bool:
    """Whether ``check_box_clear`` holds now (the box placed for the table as laid out)."""
    try:
        check_box_clear(app, step)
    except AssertionError:
        return False
    return True


def check_box_clear(app, step: lessons.Step) -> None:
    """The box lies inside the screen and hides neither the part the step marks nor, in a
    step that asks for a move, the table's question (``LESSON_KEEP``)."""
    screen = app.screen
    box = screen.query_one("#lesson-box").region
    assert screen.region.contains_region(box), (box, screen.region)
    table = screen.table
    for name in (step.mark, table.LESSON_KEEP if step.do != "read" else ""):
        found = table.query(f"#{name}") if name else None
        part = found.first() if found else None
        if part is not None and part.display and part.region.area:
            assert not box.overlaps(part.region), f"the box {box} hides #{name} {part.region} at {step.text[:40]!r} (table {table.region})"


async def do_step(pilot: Pilot, step: lessons.Step, after_read: bool = False) -> None:
    """Do what ``step`` asks, by keys; ``after_read``: the step before was one to read.
    A reader's pause comes first where the lesson drops quick keys (its ``GUARD`` after a step
    to read appears, or after the enter that went on from one): there a key at once is
    taken for a double enter."""
    if step.do == "read" or after_read:
        await settle(pilot, LessonScreen.GUARD)
    if step.do == "read":
        await pilot.press("enter")
        return
    if step.keys:
        await pilot.press(*step.keys.split())
        return
    move = step.moves[0] if step.moves else None
    assert move is not None, f"an 'any' step needs a move or keys for the test: {step.text[:40]!r}"
    await pilot.press("colon")
    await type_text(pilot, move)
    await pilot.press("enter")


async def play_steps(pilot: Pilot, slug: str, upto: int | None = None) -> lessons.Lesson:
    """Do the lesson's steps 1 … ``upto`` (every step by default); returns the lesson.
    With ``upto``, returns once step ``upto + 1`` is shown and takes keys."""
    lesson = lessons.load(slug)
    last = len(lesson.steps) if upto is None else upto
    for number in range(1, last + 1):
        await wait_for_step(pilot, lesson, number)
        await do_step(pilot, lesson.steps[number - 1], number > 1 and lesson.steps[number - 2].do == "read")
    if upto is not None and upto < len(lesson.steps):
        await wait_for_step(pilot, lesson, upto + 1)
        if upto and lesson.steps[upto - 1].do == "read":
            await settle(pilot, LessonScreen.GUARD)  # the next key is a reader's, not one typed with the enter
    return lesson


async def play_lesson(pilot: Pilot, slug: str) -> None:
    """The whole lesson from the menu to the hand-over, by keys; checks the hand-over:
    the box gone, the line saying so, the game going on as the learner's own."""
    await open_lesson(pilot, slug)
    await play_steps(pilot, slug)
    app = pilot.app
    await wait_for(pilot, lambda: "Lesson finished" in flat(screen_text(app)), "the hand-over")
    await settle(pilot)
    assert screen_name(app) in ("LessonScreen", "ResultScreen")
    assert box_text(app) == ""


#: The guard the walk-throughs and the snapshots play with (``quick_guard``): they check
#: the lessons' steps and screens, not the guard, which the double-enter tests check at
#: its own length; a reader's pause of ``SLIP`` at each step only made them slow.
QUICK_GUARD = 0.05


def quick_guard(monkeypatch) -> None:
    """Lessons drop keys for ``QUICK_GUARD`` seconds only (``LessonScreen.GUARD``)."""
    monkeypatch.setattr(LessonScreen, "GUARD", QUICK_GUARD)
