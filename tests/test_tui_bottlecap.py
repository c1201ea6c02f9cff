"""Bottlecap Vikings' rondel ring from the menu, by keys, reading the screen (issue 12,
"The screen: a rondel ring"). Driven with ``tests/tui_driver.py``.

A player's turn by keys (``play_turn``): at the move, a digit chooses the distance (the
line under the choices says where it lands) and enter moves; at the action, enter takes
the first part offered until none is left, then ``e`` ends the turn; any other question
is answered with enter (its first choice).
"""

from __future__ import annotations

import re

import pytest

import engine

from tui_driver import (
    LARGE, SMALL, menu_app, new_game, screen_lines, screen_name, screen_text, settle, shows, wait_for,
    wait_for_screen, wait_for_text,
)

GAME = "Bottlecap Vikings"


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


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


def ship_of(app, seat: int) -> int:
    """Where seat ``seat``'s ship is (0–7), from the session (an outcome the test checks)."""
    return app.screen.session.state.players[seat].ship


async def test_a_two_player_game_against_a_bot_by_keys_undo_save_load_and_replay(save_dir):
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5, undo="casual")
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        # setup by keys: a digit chooses the space (the line under the choices names it)
        await pilot.press("3")
        await wait_for(pilot, lambda: any(line.startswith("space 3:") for line in ask_lines(app)), "space 3")
        await pilot.press("enter")
        await wait_for_text(pilot, "Choose your starting goods.")
        await pilot.press("enter")
        await wait_for_text(pilot, "Move your ship 1 to 3 spaces clockwise.")
        session = app.screen.session
        start = ship_of(app, 0)
        # a digit lights the landing tile and says what the move does, before it happens
        await pilot.press("2")
        to = (start + 2) % 8
        await wait_for(pilot, lambda: any(line.startswith(f"→ space {to + 1} ") for line in ask_lines(app)), "landing")
        # a distance the rules refuse is the engine's own sentence; nothing moves
        await pilot.press("7")
        await wait_for_text(pilot, "You can move 1 to 3 spaces.")
        assert ship_of(app, 0) == start
        await pilot.press("enter")
        await wait_for_text(pilot, "Take parts of the action, then end the turn.")
        assert ship_of(app, 0) == to
        # undo takes the move back
        await pilot.press("u")
        await wait_for_text(pilot, "Move your ship 1 to 3 spaces clockwise.")
        assert ship_of(app, 0) == start
        # the same move typed on the : line, then the turn ended by e
        await pilot.press("colon", *"move 2", "enter")
        await wait_for_text(pilot, "Take parts of the action, then end the turn.")
        await pilot.press("e")
        await wait_for(pilot, lambda: session.state.turns >= 3, "the next turn")
        # save, then play on to the result by keys
        await pilot.press("ctrl+s")
        await wait_for_text(pilot, "Save the game as")
        await pilot.press("enter")
        await wait_for_text(pilot, "Saved to")
        await play_to_the_result(pilot)
        result = session.result()
        assert result is not None and len(result.winners) == 1
        winner = session.names[result.winners[0]]
        await wait_for_text(pilot, winner)
        (saved,) = save_dir.glob("bottlecap-vikings-*.json")  # the finished game, kept in the same file
        assert engine.load(str(saved)).result() == result
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen", "GameScreen")
        while screen_name(app) != "MenuScreen":
            await pilot.press("escape")
            await settle(pilot, 0.05)
        # load it: the finished game's ring and its winner
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "GameScreen", "ResultScreen")
        assert app.screen.session.result() == result
        while screen_name(app) != "MenuScreen":
            await pilot.press("escape")
            await settle(pilot, 0.05)
        # replay it from the start
        await pilot.press("r")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "ReplayScreen")
        ply = engine.load(str(saved)).ply
        await wait_for_text(pilot, f"entry {ply} of {ply}")
        await pilot.press("home")
        await wait_for_text(pilot, f"entry 1 of {ply}")
        assert shows(app, "★ helper") and shows(app, "bag 5 red 7 grey")
