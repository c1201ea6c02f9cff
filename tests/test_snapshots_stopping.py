"""Snapshot of a shared session at the moment its host stops (Ctrl+C on ``boxtop host``),
at 80×24 and 120×40: the sentence over ann's table, as she sees it just before her
session gives the terminal back (``tui.screens.stopping``; the same words are printed
after it, ``tests/test_host_stop.py``). The session would end ``SHOWN_FOR`` seconds
later; here it stays, so the screen is taken as it was."""

from __future__ import annotations

import pytest

import tui.screens.stopping
from snapshot_kit import CODES, Shots, fixed_world, room_service, screen_test, stop_host  # noqa: F401 (fixtures)
from tui_driver import Player, new_room, wait_for_screen, wait_for_text

SHOTS = Shots()


@pytest.fixture(autouse=True)
def stays(monkeypatch):
    """The sentence stays on the screen (the app would end after ``SHOWN_FOR`` seconds)."""
    monkeypatch.setattr(tui.screens.stopping, "SHOWN_FOR", 3600.0)


@SHOTS.shot("host-stopping", remote=True)
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, CODES[2])
    await new_room(pilot, "Gift Trap", ["ann", "bot", "bot"])
    await wait_for_text(pilot, CODES[3])
    await pilot.press("s")
    await wait_for_screen(pilot, "SharedGameScreen")
    await wait_for_text(pilot, "you are ann")
    stop_host(pilot.app.remote[0])
    await wait_for_screen(pilot, "HostStoppingScreen")
    await wait_for_text(pilot, f"your game is kept (room {CODES[3]})")


test_screen = screen_test(SHOTS)
