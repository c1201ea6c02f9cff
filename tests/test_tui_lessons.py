"""Each game's lesson played by keys from the menu to the hand-over, at 80×24 and 120×40
(``lesson_kit``); a wrong move refused with the step's sentence; undo taking the lesson
back; the finished lesson marked in the menu's list."""

from __future__ import annotations

import pytest

import engine
from engine.core import lesson as lessons
from lesson_kit import box_text, do_step, lesson_slugs, open_lesson, play_lesson, play_steps, quick_guard, wait_for_step
from tui.screens.lesson import LessonScreen
from tui.support.paths import lessons_finished
from tui.screens.handover import SLIP
from tui_driver import LARGE, SMALL, flat, key_event, menu_app, screen_text, settle, wait_for, wait_for_screen


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("slug", lesson_slugs())
async def test_the_lesson_plays_by_keys_from_the_menu_to_the_hand_over(slug, size, monkeypatch):
    quick_guard(monkeypatch)
    async with menu_app(size) as pilot:
        app = pilot.app
        await play_lesson(pilot, slug)
        assert slug in lessons_finished()
        session = app.screen.session if hasattr(app.screen, "session") else None
        assert session is not None and session.result() is None or app.screen.__class__.__name__ == "ResultScreen"
        await settle(pilot, LessonScreen.GUARD)  # the keys typed with the last enter are dropped
        await pilot.press("escape")  # the game is kept; back at the menu, the lesson is marked done
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("t")
        await wait_for_screen(pilot, "LearnMenuScreen")
        title = app.screen.query_one("#learn-list").get_option(slug).prompt
        assert "✓ done" in str(title)
        assert "✓ done" in screen_text(app)
        await pilot.press("escape")  # and the game it handed over is in the load list, to play on
        await wait_for_screen(pilot, "MenuScreen")
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for(pilot, lambda: engine.get_game(slug).title in screen_text(app), "the lesson's game")


def _first(kind: str, slug: str) -> int:
    """The number (from 1) of the lesson's first step of ``kind`` with a move to refuse."""
    lesson = lessons.load(slug)
    return next(i for i, s in enumerate(lesson.steps, 1) if s.do == kind)


async def test_a_wrong_move_gets_the_steps_sentence_and_the_step_asks_again():
    slug = "gift-trap"
    lesson = lessons.load(slug)
    number = _first("play", slug)
    step = lesson.steps[number - 1]
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, slug)
        await play_steps(pilot, slug, upto=number - 1)
        wrong = next(m for m in app.screen.session.legal(0) if app.screen.progress.refusal(m) is not None)
        await settle(pilot, SLIP)  # a reader's pause after the step before
        await pilot.press("colon")
        for ch in wrong:
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        said = step.wrong or "The lesson asks for"
        await wait_for(pilot, lambda: said[:30] in flat(screen_text(app)), "the step's sentence")
        assert f"Lesson {number} of" in box_text(app)
        assert app.screen.session.ply == app.screen.progress.session.ply


async def test_undo_takes_the_lesson_back_a_step_with_the_move():
    slug = "gift-trap"
    lesson = lessons.load(slug)
    first = _first("play", slug)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, slug)
        await play_steps(pilot, slug, upto=first)
        ply = app.screen.session.ply
        await pilot.press("u")
        await wait_for_step(pilot, lesson, first)
        assert app.screen.session.ply < ply
        await play_steps_from(pilot, lesson, first)


async def play_steps_from(pilot, lesson, number):
    """Do step ``number`` (one after a step to read) and wait for the next."""
    await do_step(pilot, lesson.steps[number - 1], after_read=True)
    await wait_for_step(pilot, lesson, number + 1)


async def test_a_double_enter_on_a_step_to_read_goes_on_one_step_and_plays_nothing():
    slug = "gift-trap"
    lesson = lessons.load(slug)
    # the last step to read before the first move, whose table takes enter for a move
    k = next(i for i, s in enumerate(lesson.steps, 1) if s.do == "read" and lesson.steps[i].do != "read")
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, slug)
        await play_steps(pilot, slug, upto=k - 1)
        await wait_for_step(pilot, lesson, k)
        ply = app.screen.session.ply
        await settle(pilot, SLIP)
        app.post_message(key_event("enter"))  # two enters in one burst, as a laggy link delivers them
        app.post_message(key_event("enter"))
        await wait_for_step(pilot, lesson, k + 1)
        await settle(pilot, 2 * SLIP)
        assert f"Lesson {k + 1} of" in box_text(app) and app.screen.session.ply == ply  # the second enter played nothing


async def test_rules_open_from_a_lesson_and_the_lesson_waits_where_it_was():
    slug = "gift-trap"
    lesson = lessons.load(slug)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, slug)
        await play_steps(pilot, slug, upto=1)
        await settle(pilot, SLIP)
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "LessonScreen")
        await wait_for_step(pilot, lesson, 2)
        await play_steps_from(pilot, lesson, 2)
