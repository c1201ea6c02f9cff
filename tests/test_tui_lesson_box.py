"""Where the lesson's box goes on a compact table whose log is not the table's usual
log pane: Bottlecap Vikings at 80×24 shows its log beside the city card (``log-small``),
narrower than the box's usual width, next to the question panel. The box sits over that
log, clear of the question it asks the learner to answer, its keys whole on its edge."""

from __future__ import annotations

from engine.core import lesson as lessons
from lesson_kit import box_text, open_lesson, play_steps, wait_for_step
from tui_driver import SMALL, menu_app, screen_text, wait_for, wait_still

SLUG = "bottlecap-vikings"


async def test_at_80x24_the_box_sits_over_the_narrow_log_clear_of_the_question():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, SLUG)
        lesson = await play_steps(pilot, SLUG, upto=3)  # step 4: place your ship
        assert lesson.steps[3].do == "play"
        table = app.screen.table
        box = app.screen.query_one("#lesson-box").region
        ask = table.query_one("#bv-ask").region
        log = table.query_one("#log-small").region
        assert ask.area and log.area
        assert not box.overlaps(ask), f"the box {box} covers the question {ask}"
        assert box.overlaps(log) and box.x >= log.x
        words = box_text(app)
        assert "your move" in words and "…" not in words, words


async def test_the_first_box_is_placed_on_the_table_as_laid_out_not_as_first_drawn():
    # the table's parts take their sizes a frame or two after the lesson opens: the box
    # follows them, over the log at the table's foot, clear of the city card above it
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, SLUG)
        await wait_for_step(pilot, lessons.load(SLUG), 1)
        await wait_still(pilot)
        table = app.screen.table
        box = app.screen.query_one("#lesson-box").region
        log = table.query_one("#log-small").region
        card = table.query_one("#bv-cards").region
        assert box.bottom == log.bottom <= table.region.bottom, (box, log, table.region)
        assert not box.overlaps(card), (box, card)


async def test_the_tables_whole_text_box_in_the_logs_place_leaves_the_lesson_box_where_it_was():
    # i opens a tile's whole text over the right column at 80×24 (the log hidden): the
    # lesson's box stays over the column's foot, off the ring and the text's first rows
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await open_lesson(pilot, SLUG)
        await play_steps(pilot, SLUG, upto=6)  # step 7: sail 2 spaces
        await wait_still(pilot)
        before = app.screen.query_one("#lesson-box").region
        await pilot.press("i")
        await wait_for(pilot, lambda: "i or esc closes" in screen_text(app), "the whole text's box")
        await wait_still(pilot)
        table = app.screen.table
        after = app.screen.query_one("#lesson-box").region
        info = table.query_one("#bv-info-small").region
        assert after == before
        assert not after.overlaps(table.query_one("#bv-ring").region)
        assert after.y > info.y + 4, (after, info)
