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

from functools import partial

from tui_driver import game_session, screen_lines, screen_name, screen_text, settle, take_keyboard, type_commands

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


async def hand_over(pilot) -> None:
    """Take the keyboard when it passes to another person (the table holds keys a moment)."""
    await settle(pilot, 0.05)
    await take_keyboard(pilot)


#: Each command typed on the ``:`` line, the keyboard taken first (``hand_over``).
type_commands = partial(type_commands, hand_over=hand_over)


#: What the question panel's title (its first row) says: its keys, or "tab" while
#: another player chooses.
TITLES = ("enter plays", "e ends", "looks at another city card")


def ask_lines(app) -> list[str]:
    """The question panel's rows under the ring: its title (the keys, or "tab looks at
    another city card" while another player chooses), then what it asks, the choices …;
    [] when it is not on screen."""
    lines = screen_lines(app)
    left = 47 if app.size[0] < 110 or app.size[1] < 30 else 58  # the ring's column
    for i, line in enumerate(lines):
        if any(title in line[:left] for title in TITLES):
            return [re.sub(r"[│╭╮╰╯─]", " ", row[:left]).strip() for row in lines[i:i + 7]]
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
    if len(ask) < 2 or ask[1].startswith("Waiting for"):
        await settle(pilot, 0.03)
        return True
    head = ask[0]
    if ask[1].startswith("Move your ship"):
        top = int(re.search(r"←→/1–(\d)", head).group(1))  # the title's keys: the longest move
        count[0] += 1
        await pilot.press(str((count[0] - 1) % top + 1), "enter")
    elif "e ends" in head:  # the action: a part while there is one, then e
        await pilot.press("enter" if "←→" in head else "e")
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


def script(text: str) -> list[str]:
    """A scripted game written as one string: its commands, "; " between them."""
    return [c.strip() for c in text.split(";") if c.strip()]


#: Games that reach each question Bottlecap Vikings asks (found by playing the heuristic
#: bot for every seat, kept as notation so that a change of the bots changes nothing
#: here): name → (seats, seed, options, script); the seat to act then answers it.
QUESTIONS = {
    # ann to move, 3 players; bob holds 3 damage or more
    "damage": (["ann", "bob", "cyd"], 3, {"sides": "unique"}, script(
        'place 1; place 8; place 4; goods 0 wood 1 gold; goods 0 wood 2 gold; goods 0 wood 3 gold; '
        'move 2; do 1; do 2; end; move 3; do 1; do 2; end; move 1; advance 1a; end; move 1; do 1; do 2; '
        'end; move 1; do 1; end')),
    # 4 players: dan's Improve offers two branches of the hut
    "hut": (["ann", "bob", "cyd", "dan"], 2, {}, script(
        'place 7; place 1; place 8; place 5; goods 0 wood 1 gold; advance 1b; goods 0 wood 2 gold; '
        'advance 1b; goods 0 wood 3 gold; advance 1b; goods 0 wood 4 gold; advance 1b; move 3; do 1; '
        'end; move 3; do 1; end; move 2; do 1; end; move 1')),
    # 4 players: a Market or Trader, its exchange in any amount (↑↓)
    "amount": (["ann", "bob", "cyd", "dan"], 26, {"sides": "unique"}, script(
        'place 2; place 3; place 4; place 1; goods 0 wood 1 gold; advance 1b; goods 0 wood 2 gold; '
        'advance 1a; goods 0 wood 3 gold; advance 1b; goods 0 wood 4 gold; advance 1a; move 1; do 1; '
        'do 2; end; move 2; do 1; end; move 3')),
    # 4 players: which damage tokens go back to the bag (Healer or Shipwright)
    "return": (["ann", "bob", "cyd", "dan"], 13, {"sides": "unique"}, script(
        'place 8; place 1; place 7; place 3; goods 0 wood 1 gold; advance 1b; goods 1 wood 1 gold; '
        'advance 1a; goods 0 wood 3 gold; advance 1b; goods 0 wood 4 gold; advance 1a; move 2; do 1; '
        'end; move 1; do 1; end; move 3; do 1; end; move 3; do 1; end; move 3; do 1; end; move 1; do 1; '
        'end')),
    # 4 players: Barter or Reaver, take a good, then (one move on: "take wood") give one
    "take": (["ann", "bob", "cyd", "dan"], 0, {"sides": "unique"}, script(
        'place 2; place 3; place 1; place 4; goods 0 wood 1 gold; advance 1b; goods 1 wood 1 gold; '
        'advance 1a; goods 0 wood 3 gold; advance 1b; goods 1 wood 3 gold; advance 1b; move 1; do 1; '
        'end; move 2; do 1; end; move 2; do 1; end; move 1; do 1; end; move 3; do 1; end; move 2; '
        'do 1; do 2; end; move 3; do 1; end; move 3')),
    # 4 players: Tides beside the helper
    "swap": (["ann", "bob", "cyd", "dan"], 30, {"sides": "unique"}, script(
        'place 2; place 4; place 5; place 6; goods 0 wood 1 gold; advance 1b; goods 0 wood 2 gold; '
        'advance 1a; goods 0 wood 3 gold; advance 1b; goods 0 wood 4 gold; advance 1a; move 1; do 1; '
        'end; move 3; do 1; end; move 2; do 1; end; move 3; do 1; do 2; end; move 1; advance 2a; end; '
        'move 4; do 1; end; move 2; do 1; end; move 3; advance 2b; end; move 3; do 1; end; move 5; do 1; '
        'do 2; end; move 3; advance 2b; end; move 3; do 1; end; move 2')),
    # 4 players: Compass turns the bottlecap
    "rotate": (["ann", "bob", "cyd", "dan"], 186, {"sides": "unique"}, script(
        'place 1; place 3; place 7; place 8; goods 0 wood 1 gold; advance 1b; goods 0 wood 2 gold; '
        'advance 1b; goods 0 wood 3 gold; advance 1a; goods 0 wood 4 gold; advance 1b; move 2; do 1; '
        'end; move 3; do 1; do 2; end; move 3; do 1; end; move 2; do 1; end; move 2; do 1 2; end; '
        'move 1; advance 2b; end; move 3; do 1 1; end; move 2; do 1; end; move 1; do 1; end; move 1; '
        'do 1; end; move 2; advance 2b; end; move 3; advance 2b; end; move 1; advance 2c; end; '
        'move 3; do 1; end; move 1; do 1; do 2; end; move 3; do 1; end; move 3; take wood; '
        'give wood; do 1; end; move 3; do 2; do 1; end; move 3; do 1; end; move 3; do 1 3; end; '
        'move 3; take wood; give wood; end; move 2; do 1; end; move 3; do 1; do 2; end; move 2; '
        'advance 3b')),
    # 4 players: Windfall doubles wood or gold (bob's hut goes up to the Merchant's 3a: the
    # bots' Merchant takes Leech, so bob's Improves were steered there)
    "double": (["ann", "bob", "cyd", "dan"], 61, {"sides": "unique"}, script(
        'place 6; place 7; place 5; place 8; goods 0 wood 1 gold; advance 1a; goods 1 wood 1 gold; '
        'advance 1b; goods 1 wood 2 gold; advance 1b; goods 0 wood 4 gold; advance 1b; move 3; do 1; '
        'end; move 2; do 1; end; move 1; do 1; do 2; end; move 3; do 1; end; move 2; do 1; end; '
        'move 1; end; move 2; do 1; end; move 2; advance 2b; end; move 1; do 1; end; move 1; do 1; '
        'end; move 1; do 1; end; move 2; do 1; end; move 1; advance 2a; end; move 2; return 1 red; '
        'advance 2b; end; move 2; do 1; end; move 2; do 1; end; move 1; do 1; end; move 1; do 1; '
        'do 2; end; move 1; end; move 2; do 1; end; move 1; do 1; end; move 2; do 1; do 2; end; '
        'move 1; advance 2c; end; move 3; do 1; do 2; end; move 2; do 1; end; move 3; do 1; end; '
        'move 2; take wood; give wood; do 1; end; move 2; do 1; do 2; end; move 1; do 1 1; end; '
        'move 1; do 2; end; move 1; do 1; end; move 3; do 1; end; move 1; do 1; end; move 3; do 1; '
        'do 2; end; move 1; do 1; end; move 2; advance 3a')),
    # 4 players: Rudder (used before the action) beside the action's parts
    "use": (["ann", "bob", "cyd", "dan"], 17, {"sides": "unique"}, script(
        'place 4; place 2; place 1; place 3; goods 0 wood 1 gold; advance 1a; goods 0 wood 2 gold; advance 1b; '
        'goods 0 wood 3 gold; advance 1a; goods 0 wood 4 gold; advance 1b; move 1; do 1; end; move 3; do 1; end; '
        'move 4; do 1; end; move 3; do 1 1; end; move 3; do 1; end; move 2; end; move 4; advance 2b; end; '
        'move 3; advance 2c; copy pilot; end; move 1; advance 2a; end; move 3; do 1; end; move 2')),
    # 4 players: Mimic copies one of more than nine abilities
    "copy": (["ann", "bob", "cyd", "dan"], 17, {"sides": "unique"}, script(
        'place 4; place 2; place 1; place 3; goods 0 wood 1 gold; advance 1a; goods 0 wood 2 gold; '
        'advance 1b; goods 0 wood 3 gold; advance 1a; goods 0 wood 4 gold; advance 1b; move 1; do 1; '
        'end; move 3; do 1; end; move 4; do 1; end; move 3; do 1 1; end; move 3; do 1; end; move 2; end; '
        'move 4; advance 2b; end; move 3; advance 2c')),
}
