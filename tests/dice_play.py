"""Helpers shared by the Dice Upon a Time app tests and snapshots: play by keys reading
the screen (``play_turn``), as a simple player would.

The choice by keys: when a die is to be placed, the first socket lit for the chosen die
(enter); a question (opening quests, move or stay, a Steed, the Fairy, the Town, the
King, a quest to complete, the Wolf, Fox faces, an Event) takes its first answer
(enter), except that "move" is taken with ``m``. A hand-over is confirmed with enter.

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

from tui_driver import game_session, screen_name, screen_text, settle, turn_start, wait_for

GAME = "Dice Upon a Time"


async def play_turn(pilot) -> bool:
    """One choice of the seat at the keyboard by keys; False once the result shows."""
    app = pilot.app
    await settle(pilot, 0.02)
    started = await turn_start(pilot, "GameScreen", "ResultScreen")
    if started is not None:
        return started
    session = game_session(app)
    me = app.screen.seat if hasattr(app.screen, "seat") else 0
    acting = session.to_act_seats()
    if not acting or session.is_bot(acting[0]):
        await settle(pilot, 0.05)
        return True
    before = len(session.entries)
    text = screen_text(app)
    if "Move through the route" in text:
        await pilot.press("m")
    else:
        await pilot.press("enter")
    await wait_for(pilot, lambda: len(session.entries) > before or screen_name(app) == "ResultScreen",
                   f"a move of seat {me}")
    return True


async def play_until(pilot, done, limit: int = 400) -> None:
    """``play_turn`` until ``done()`` holds (or the result shows)."""
    for _ in range(limit):
        if done() or not await play_turn(pilot):
            return
    raise AssertionError("the game did not get there")
