"""Snapshots of Giftbringer's screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("giftbringer-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Giftbringer", 6)


async def giftbringer(pilot: Player) -> None:
    """ann and five bots, seed 5."""
    await new_game(pilot, "Giftbringer", GB6, seed=5)
    await wait_for_text(pilot, "Round 1 of 10")


@SHOTS.shot("giftbringer-round-1")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)


@SHOTS.shot("giftbringer-marked")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("tab", "enter")  # the first result on the first place it fits
    await pilot.press("space", "right", "space")  # two results marked for a Blessing


@SHOTS.shot("giftbringer-other-sheet")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("o")
    await wait_for_text(pilot, "bob's island")


@SHOTS.shot("giftbringer-round-5")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    for round_ in range(2, 6):  # each round: cross where the first result fits, then done
        await pilot.press("tab", "enter", "tab", "enter", "d", "d")  # results are left: d asks, d again finishes
        await wait_for_text(pilot, f"Round {round_} of 10")


@SHOTS.shot("giftbringer-rules")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("question_mark")
    await wait_for_screen(pilot, "RulesScreen")


@SHOTS.shot("giftbringer-result-solo")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 2}, seed=5)
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_text(pilot, "Round 2 of 2")
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("giftbringer-result")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Giftbringer", GB6, options={"rounds": 2}, seed=5)
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_text(pilot, "Round 2 of 2")
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("giftbringer-replay", saves=("giftbringer-three.json",))
async def _(pilot: Player) -> None:
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "ReplayScreen")
    await pilot.press("home", *["right"] * 40, "v")
    await wait_for_text(pilot, "entry 41 of")


test_screen = screen_test(SHOTS)
