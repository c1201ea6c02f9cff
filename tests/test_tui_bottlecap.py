"""Bottlecap Vikings' rondel ring from the menu, by keys, reading the screen (issue 12,
"The screen: a rondel ring"). Driven with ``tests/tui_driver.py``.

A player's turn by keys (``play_turn``): at the move, a digit chooses the distance (the
line under the choices says where it lands) and enter moves; at the action, enter takes
the first part offered until none is left, then ``e`` ends the turn; any other question
is answered with enter (its first choice).
"""

from __future__ import annotations

import re

import engine

from tui_driver import (
    LARGE, SMALL, menu_app, new_game, screen_lines, screen_name, screen_text, settle, shows, wait_for,
    wait_for_screen, wait_for_text,
)

GAME = "Bottlecap Vikings"


def ask_lines(app) -> list[str]:
    """The question panel's rows: from the keys line ("←→… choose · enter plays") on."""
    lines = screen_lines(app)
    for i, line in enumerate(lines):
        if "choose · enter plays" in line or "Waiting for" in line:
            return [re.sub(r"[│╭╮╰╯─]", " ", row).strip() for row in lines[i:i + 5]]
    return []


async def play_turn(pilot, count: list[int]) -> bool:
    """One choice of the seat at the keyboard by keys (see the module docstring);
    ``count`` counts the moves made (the distance cycles 1, 2, 3 …). False once the
    result shows."""
    app = pilot.app
    name = screen_name(app)
    if name == "ResultScreen":
        return False
    if name == "HandoverScreen":
        await pilot.press("enter")
        await wait_for_screen(pilot, "GameScreen", "SharedGameScreen", "ResultScreen")
        return True
    ask = ask_lines(app)
    if not ask or ask[0].startswith("Waiting for"):
        await settle(pilot, 0.03)
        return True
    head = ask[0]
    if ask[1].startswith("Move your ship"):
        top = int(re.search(r"1 to (\d) spaces", ask[1]).group(1))
        count[0] += 1
        await pilot.press(str((count[0] - 1) % top + 1), "enter")
    elif ask[1].startswith("Take parts of the action"):
        await pilot.press("enter" if "←→/" in head else "e")
    else:
        await pilot.press("enter")
    await settle(pilot)
    return True


async def play_to_the_result(pilot, limit: int = 3000) -> None:
    count = [0]
    for _ in range(limit):
        if not await play_turn(pilot, count):
            return
    raise AssertionError(f"no result after {limit} choices; the screen shows:\n{screen_text(pilot.app)}")


async def test_the_new_game_form_takes_a_word_for_a_word_option():
    # the form's option fields took digits only: "unique" for sides could not be typed
    async with menu_app() as pilot:
        await new_game(pilot, GAME, ["ann", "bob"], options={"sides": "unique"}, seed=3)
        await wait_for_text(pilot, "Setup: bob to place a ship")  # the hand-over: bob starts (seed 3)
        await pilot.press("enter")
        await wait_for_text(pilot, "bob (you) · Merchant")
        assert shows(pilot.app, "ann · Raider")
        assert pilot.app.screen.session.options.sides == "unique"
