"""Helpers shared by the Bottlecap Vikings app tests and snapshots: play by keys reading
the screen, and type scripted games on the ``:`` line.

A player's choice by keys (``play_turn``): at the move, a digit chooses the distance (the
line under the choices says where it lands) and enter moves; at the action, enter takes
the first part offered until none is left, then ``e`` ends the turn; any other question
is answered with enter (its first choice). ``type_commands`` types notation on the ``:``
line, confirming each hot-seat hand-over with enter.

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

import re
from typing import Iterable

from tui_driver import take_keyboard, screen_lines, screen_name, screen_text, settle, wait_for, wait_for_screen

GAME = "Bottlecap Vikings"

#: Seed 28, four people (ann, bob, cyd, dan), unique sides (cyd plays the Healer): cyd's
#: hut goes to 1a for free, then to 2a (Omen) at the Improve; dan's last move attacks cyd,
#: who draws a red and a grey: Omen asks cyd, out of turn, which one to give back.
OMEN_SCRIPT = [
    "place 5", "place 6", "place 1", "place 8",
    "goods 0 wood 1 gold", "advance 1a", "goods 0 wood 2 gold", "advance 1a",
    "goods 0 wood 3 gold", "advance 1a", "goods 0 wood 4 gold", "advance 1a",
    "move 1", "do 1 1", "end", "move 2", "do 1", "end", "move 1", "advance 2a", "end", "move 2",
]

#: Seed 8, three people (ann, bob, cyd), identical sides: eleven turns in, ann to move;
#: a move of 1 crosses the damage line and attacks.
MID_SCRIPT = [
    "place 7", "place 1", "place 4", "goods 1 wood 0 gold", "goods 2 wood 0 gold", "goods 0 wood 3 gold",
    "move 3", "end", "move 2", "do 1 1", "end", "move 3", "advance 1b", "end", "move 2", "do 2", "do 1", "end",
    "move 2", "do 1", "end", "move 3", "do 1", "end", "move 1", "do 1", "end", "move 1", "do 1", "end",
    "move 2", "do 2", "end",
]


def game_session(app):
    """The session of the game screen (under a hand-over, too)."""
    return next(s for s in app.screen_stack if type(s).__name__ == "GameScreen").session


async def hand_over(pilot) -> None:
    """Take the keyboard when it passes to another person (the table holds keys a moment)."""
    await settle(pilot, 0.05)
    await take_keyboard(pilot)


async def type_commands(pilot, commands: Iterable[str]) -> None:
    """Type each command on the ``:`` line (hand-overs confirmed first); waits until the
    game recorded it."""
    session = game_session(pilot.app)
    for command in commands:
        await hand_over(pilot)
        before = len(session.entries)
        await pilot.press("colon", *command, "enter")
        await wait_for(pilot, lambda: len(session.entries) > before, command)


def ask_lines(app) -> list[str]:
    """The question panel's rows: from the keys line ("←→… enter plays") on."""
    lines = screen_lines(app)
    for i, line in enumerate(lines):
        if "enter plays" in line or "Waiting for" in line:
            start = line.index("Waiting for" if "Waiting for" in line else "←→")
            return [re.sub(r"[│╭╮╰╯─]", " ", row[start - 1:start + 56]).strip() for row in lines[i:i + 5]]
    return []


async def play_turn(pilot, count: list[int]) -> bool:
    """One choice of the seat at the keyboard by keys (see the module docstring);
    ``count`` counts the moves made (the distance cycles 1, 2, 3 …). False once the
    result shows."""
    app = pilot.app
    name = screen_name(app)
    if name == "ResultScreen":
        return False
    if await take_keyboard(pilot):
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
    """``play_turn`` until the result shows; fails after ``limit`` choices."""
    count = [0]
    for _ in range(limit):
        if not await play_turn(pilot, count):
            return
    raise AssertionError(f"no result after {limit} choices; the screen shows:\n{screen_text(pilot.app)}")
