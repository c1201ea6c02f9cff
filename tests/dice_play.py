"""Helpers shared by the Dice Upon a Time app tests and snapshots: play by keys reading
the screen (``play_turn``), as a simple player would.

The choice by keys: when a die is to be placed, the first socket lit for the chosen die
(enter); a question (opening quests, move or stay, a Steed, the Fairy, the Town, the
King, a quest to complete, the Wolf, Fox faces, an Event) takes its first answer
(enter), except that "move" is taken with ``m``. A hand-over is confirmed with enter.

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

from tui_driver import take_keyboard, screen_name, screen_text, settle, wait_for, wait_for_screen

GAME = "Dice Upon a Time"


def game_session(app):
    """The session of the game screen (under a hand-over, too)."""
    return next(s for s in app.screen_stack if type(s).__name__ in ("GameScreen", "SharedGameScreen")).session


async def play_turn(pilot) -> bool:
    """One choice of the seat at the keyboard by keys; False once the result shows."""
    app = pilot.app
    await settle(pilot, 0.02)
    name = screen_name(app)
    if name == "ResultScreen":
        return False
    if name == "HandoverScreen":
        await take_keyboard(pilot)
        await wait_for_screen(pilot, "GameScreen", "ResultScreen")
        return True
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
