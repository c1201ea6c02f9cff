"""Snapshots of Gift Trap's screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("gift-trap-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Gift Trap", 8)


async def gift_trap(pilot: Player) -> None:
    """ann and seven bots, extra tiles, seed 21: ann deals first."""
    await new_game(pilot, "Gift Trap", GT8, options={"extra_tiles": True}, seed=21)
    await wait_for_text(pilot, "deal:")


@SHOTS.shot("gift-trap-deal")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right")


@SHOTS.shot("gift-trap-give")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter")
    await wait_for_text(pilot, "give:")
    await pilot.press("enter", "enter", "m", "enter")  # three tiles, the third doubled (Give more)


@SHOTS.shot("gift-trap-rate")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "rate:")
    await pilot.press("enter", "down", "enter")


@SHOTS.shot("gift-trap-round-2")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "rate:")
    await pilot.press(*["enter"] * 4, "d")
    await wait_for_text(pilot, "Round 2")


@SHOTS.shot("gift-trap-hand-over")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Gift Trap", ["ann", "bob", *GT8[2:]], seed=21)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "Pass the keyboard to bob.")
    await wait_for_text(pilot, "press enter")  # the guard against a quick second key is over


@SHOTS.shot("gift-trap-save")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", "enter", "ctrl+s")
    await wait_for_text(pilot, "Save the game as")


@SHOTS.shot("gift-trap-rules")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("question_mark")
    await wait_for_screen(pilot, "RulesScreen")


@SHOTS.shot("gift-trap-result")
async def _(pilot: Player) -> None:
    # eight bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Gift Trap", ["ann:heuristic", *GT8[1:]], options={"track_length": 12}, seed=4)
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("gift-trap-replay", saves=("gift-trap-hot-seat.json",))
async def _(pilot: Player) -> None:
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "ReplayScreen")
    await pilot.press("home", *["right"] * 30, "v")
    await wait_for_text(pilot, "entry 31 of")


test_screen = screen_test(SHOTS)
