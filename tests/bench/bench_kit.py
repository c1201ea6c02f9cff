"""Steps the app benchmarks share: the app opened on a save by keys from the menu."""

from __future__ import annotations

from contextlib import asynccontextmanager


@asynccontextmanager
async def save_opened_from_the_menu(size: tuple[int, int], key: str):
    """A fresh app at ``size`` (columns, rows), driven by keys as ``tests/tui_driver.py``
    drives it: from the menu, ``key`` (``r``: replay, ``l``: load) lists the saves and
    enter opens the first. Yields the pilot (``tui_driver.Player``); the app is imported
    here, after the benchmark has set its save folder."""
    from tui.app import BoxtopApp
    from tui_driver import Player, wait_for_screen, wait_for_text

    app = BoxtopApp()
    async with app.run_test(size=size) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await wait_for_text(pilot, "New game")
        await pilot.press(key)
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        yield pilot
