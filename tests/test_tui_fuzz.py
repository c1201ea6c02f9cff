"""Keys typed fast and at random never crash the app (issue 22, item 7).

``l`` enter enter typed in one go at the menu ended in Textual's ``NoMatches
'HeaderTitle'`` (the load screen left while its header was still being mounted). Each
test here reaches one screen by keys, as a player does, then types bursts of random
keys, each burst read by the terminal in one go before the app handles the first key
(the way a fast typist or a key repeat arrives), and fails on any exception the app
meets. The keys are those a player reaches on a keyboard; none ends the app (ctrl+q,
the menu's q) and none types a ``/``, so a save typed at random lands in the save folder of the test.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from textual import events

from tui_driver import SMALL, menu_app, new_game, wait_for_screen

KEYS = (
    [*"abcdefghijklmnoprstuvwxyz", *"0123456789"]  # no q: the menu's quit
    + ["enter", "enter", "enter", "tab", "shift+tab", "escape", "space", "backspace", "left", "right", "up", "down",
       "home", "end", "pageup", "pagedown", "colon", "question_mark", "plus", "minus", "ctrl+s", "ctrl+o", "ctrl+y",
       "ctrl+g", "G", "L"]
)
CHARACTERS = {"enter": "\r", "tab": "\t", "space": " ", "colon": ":", "question_mark": "?", "plus": "+",
              "minus": "-", "backspace": "\x7f", "escape": "\x1b"}


async def burst(pilot, rng: random.Random, count: int) -> None:
    """``count`` random keys posted at once, then time for the app to handle them all."""
    app = pilot.app
    for _ in range(count):
        key = rng.choice(KEYS)
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
    for _ in range(30):  # the keys, the screens they open, the moves they make
        await asyncio.sleep(0.02)
        assert getattr(app, "_crash", None) is None, f"the app stopped on {app._crash!r}"
    await pilot.pause()
    assert getattr(app, "_crash", None) is None, f"the app stopped on {app._crash!r}"


async def fuzz(pilot, seed: int, bursts: int = 4, count: int = 30) -> None:
    rng = random.Random(seed)
    for _ in range(bursts):
        await burst(pilot, rng, count)


async def back_to_the_menu(pilot) -> None:
    """escape (enter at a hand-over, escape twice where a game could not be saved) until
    the menu shows."""
    from tui_driver import take_keyboard

    for _ in range(200):  # random keys may have stacked many screens
        name = type(pilot.app.screen).__name__
        if name == "MenuScreen":
            return
        if not await take_keyboard(pilot):
            await pilot.press("escape")
        await pilot.pause()
    raise AssertionError(f"escape never reached the menu: {[type(s).__name__ for s in pilot.app.screen_stack]}")


@pytest.fixture(autouse=True)
def in_a_folder_of_its_own(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


async def test_l_enter_enter_typed_at_once_at_the_menu():
    # the play-test's keys, 4 of 4 tries crashed: the first save on the load list opens
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=1)
        await pilot.press("enter", "escape")  # ann deals; saved, back at the menu: the load list has a game
        await wait_for_screen(pilot, "MenuScreen")
        for key in ("l", "enter", "enter"):
            pilot.app.post_message(events.Key(key, CHARACTERS.get(key, key)))
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        assert getattr(pilot.app, "_crash", None) is None


async def test_random_keys_at_the_menu_forms_load_and_replay(seed: int = 0):
    async with menu_app(SMALL) as pilot:
        await fuzz(pilot, seed, bursts=3)
        for start in ("n", "l", "r", "question_mark"):  # each screen the menu opens
            await back_to_the_menu(pilot)
            await pilot.press(start)
            await fuzz(pilot, seed * 10 + len(start), bursts=1)


GAMES = [
    ("Gift Trap", ["ann", "bob", "bot"], {}),
    ("Giftbringer", ["ann", "bob", "bot"], {}),
    ("Bottlecap Vikings", ["ann", "bob", "bot"], {}),
    ("Naughty or Nice", ["ann", "bob", "bot"], {}),
    ("Dice Upon a Time", ["ann", "bob", "bot"], {}),
]


@pytest.mark.parametrize("game,seats,options", GAMES, ids=[g[0] for g in GAMES])
async def test_random_keys_at_each_game_table(game, seats, options):
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, game, seats, options=options, seed=3)
        await fuzz(pilot, len(game), bursts=3, count=40)


async def test_random_keys_at_the_result_screen_and_its_replay():
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, "Gift Trap", ["ann:heuristic", "bob:heuristic", "cyd:random"],
                       options={"track_length": 12}, seed=4)
        await wait_for_screen(pilot, "ResultScreen")
        await fuzz(pilot, 7, bursts=2)
