"""The hand-over never shows a hand to the wrong person (issue 22, item 1; play-test
B-D3): "ann played Krampus … and pressed Enter again 150 ms later. bob's 'Pass the
keyboard to bob' screen … was dismissed at once", and the same at 400 ms. Keys in the
first 0.6 s after a hand-over appears are dropped; only then does it name its key. A
game with nothing hidden (Bottlecap Vikings, Giftbringer) needs no hand-over at all."""

from __future__ import annotations

import asyncio

import pytest

from tui_driver import SMALL, menu_app, new_game, screen_name, shows, take_keyboard, wait_for, wait_for_screen


async def ann_moves_and_presses_enter_again(pilot, delay: float) -> None:
    """Gift Trap, ann and bob at one keyboard: ann deals, gives her two gifts and is
    done (d); ``delay`` seconds after the hand-over appears she presses enter again."""
    await new_game(pilot, "Gift Trap", ["ann", "bob", "bot"], seed=3)
    await pilot.press("enter")  # ann deals
    await wait_for(pilot, lambda: shows(pilot.app, "give:"), "the giving")
    await pilot.press("enter", "enter", "d")
    await wait_for_screen(pilot, "HandoverScreen")
    await asyncio.sleep(delay)
    await pilot.press("enter")  # a second enter, meant for her own move


@pytest.mark.parametrize("delay", [0.15, 0.4])
async def test_a_quick_second_enter_never_hands_the_keyboard_over(delay):
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await ann_moves_and_presses_enter_again(pilot, delay)
        await pilot.pause()
        assert screen_name(app) == "HandoverScreen" and shows(app, "Pass the keyboard to bob.")
        assert not shows(app, "bob at the keyboard")
        # then the screen names its key, and bob's own enter hands over
        await wait_for(pilot, lambda: shows(app, "bob: press enter when only you can see the screen."), "the key")
        await pilot.press("enter")
        await wait_for(pilot, lambda: shows(app, "bob at the keyboard"), "bob's table")


async def test_a_hand_over_says_which_key_continues_only_once_keys_count():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await ann_moves_and_presses_enter_again(pilot, 0.0)
        assert shows(app, "A moment…") and not shows(app, "press enter")
        await take_keyboard(pilot)
        assert shows(app, "bob at the keyboard")


async def test_bottlecap_vikings_passes_the_keyboard_without_a_hand_over():
    # A-D13: "a hand-over screen at every change of person, though the game has no hidden information"
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Bottlecap Vikings", ["ann", "bob"], seed=3)
        seen = set()
        for _ in range(6):  # the setup: each person places a ship and chooses goods, by enter
            await wait_for(pilot, lambda: shows(app, "at the keyboard") or screen_name(app) != "GameScreen", "a table")
            assert screen_name(app) == "GameScreen"
            seen |= {name for name in ("ann", "bob") if shows(app, f"{name} at the keyboard")}
            await take_keyboard(pilot)  # "bob's turn (a moment…)": keys wait, then count
            await pilot.press("enter")
            await pilot.pause()
        assert seen == {"ann", "bob"}  # the keyboard passed both ways, never through a hand-over
