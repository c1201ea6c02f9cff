"""Helpers shared by the Naughty or Nice app tests and snapshots: play by keys reading
the screen (``play_turn``), as a simple player would.

The choice by keys: a question (a gift giver, a keep, the Elves' pick, Christkindl's
draw) takes its first answer (enter); a reaction window reacts when a reaction is on
offer (Tomte, or Papa Wolverine's first pair: its number, then enter), else passes (n);
Grandfather Frost and Snow Maiden are passed (n); on the turn, fulfill the first kiddo
that can be (f, enter, a for a set of presents that fits, enter), else craft from the
deck (c, enter), else summon (s); once the basic action is taken, play the first
creature on its first target (p, enter, and enter again when it asks for a target; a
creature alone with targets asks for them at once), else end the turn (e, which also
passes the keyboard on once a turn is over at a hot seat). A hand-over is confirmed
with enter.

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

import re

from tui.games.naughty_or_nice.ask import TARGET_QUESTIONS
from functools import partial

from tui_driver import game_session, screen_name, screen_text, settle, take_keyboard, turn_start, type_commands, wait_for_screen

GAME = "Naughty or Nice"
#: The screens a game shows: the table (alone or shared), a hand-over, the result.
TABLES = ("GameScreen", "SharedGameScreen", "HandoverScreen", "ResultScreen")


def text_of(app) -> str:
    """The screen as text, with the choices' no-break spaces as spaces."""
    return screen_text(app).replace("\u00a0", " ")


async def hand_over(pilot) -> None:
    """Confirm a hot-seat hand-over when one shows."""
    await settle(pilot, 0.05)
    if screen_name(pilot.app) == "HandoverScreen":
        await take_keyboard(pilot)
        await wait_for_screen(pilot, "GameScreen", "ResultScreen")


#: Each command typed on the ``:`` line, a hand-over confirmed first (``hand_over``).
type_commands = partial(type_commands, hand_over=hand_over)


async def play_turn(pilot) -> bool:
    """One choice of the seat at the keyboard by keys (the module docstring says which);
    False once the result shows."""
    app = pilot.app
    started = await turn_start(pilot, *TABLES)
    if started is not None:
        return started
    if screen_name(app) not in TABLES:
        await settle(pilot, 0.03)
        return True
    text = text_of(app)
    reaction = re.search(r"(\d+):(Tomte: cancel it|take )", text)
    if "Waiting:" in text:
        await settle(pilot, 0.03)
    elif reaction:
        await pilot.press(*reaction.group(1), "enter")
    elif "enter answer" in text:
        await pilot.press("n" if "pass (n" in text else "enter")
    elif "Grandfather Frost: take" in text or "Snow Maiden: " in text:
        await pilot.press("n")
    elif "f fulfill" in text:
        await pilot.press("f", "enter", "a", "enter")
    elif "c craft" in text:
        await pilot.press("c", "enter")
    elif "s summon" in text:
        await pilot.press("s")
    elif "p creature" in text:
        await pilot.press("p")
        await settle(pilot)
        if not any(question in text_of(app) for question in TARGET_QUESTIONS.values()):
            await pilot.press("enter")  # the first creature (one alone with targets goes straight to them)
            await settle(pilot)
        if any(question in text_of(app) for question in TARGET_QUESTIONS.values()):
            await pilot.press("enter")
    elif "e end turn" in text or "e pass the keyboard" in text:
        await pilot.press("e")
    else:
        await settle(pilot, 0.03)
    await settle(pilot)
    return True


async def play_to_the_result(pilot, limit: int = 2000) -> None:
    """``play_turn`` until the result shows; fails after ``limit`` choices."""
    for _ in range(limit):
        if not await play_turn(pilot):
            return
    raise AssertionError(f"no result after {limit} choices; the screen shows:\n{screen_text(pilot.app)}")
