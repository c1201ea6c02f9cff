"""Snapshots of the app's own screens (menu, rules, load) and of a shared game over the
room service, at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()


@SHOTS.shot("menu")
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, "games: Gift Trap")


@SHOTS.shot("learn-a-game")
async def _(pilot: Player) -> None:
    await pilot.press("t")  # the games' lessons, none finished yet
    await wait_for_text(pilot, "Learn a game by playing it")


@SHOTS.shot("rules-from-menu")
async def _(pilot: Player) -> None:
    await pilot.press("question_mark")  # the list of games whose rules to read
    await wait_for_text(pilot, "The rules of which game?")


@SHOTS.shot("load", saves=("gift-trap-hot-seat.json", "giftbringer-solo.json"))
async def _(pilot: Player) -> None:
    await pilot.press("l")
    await wait_for_screen(pilot, "LoadScreen")


@SHOTS.shot("lobby", remote=True)
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, CODES[2])  # the three rooms of the others


@SHOTS.shot("waiting-room", remote=True)
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, CODES[2])
    await new_room(pilot, "Gift Trap", ["ann", "ann", "ann", "ann", "bot", "bot", "bot", "random"])
    await wait_for_text(pilot, CODES[3])


@SHOTS.shot("waiting-room-bot", remote=True)
async def _(pilot: Player) -> None:
    # b on seat 2: which bot takes it, each strength with what it plays like (issue 24)
    await wait_for_text(pilot, CODES[2])
    await new_room(pilot, "Gift Trap", ["ann", "ann", "bot:hard", "bot:expert"])
    await wait_for_text(pilot, CODES[3])
    await pilot.press("down", "b")
    await wait_for_text(pilot, "Seat 2: which bot takes it?")


@SHOTS.shot("new-room", remote=True)
async def _(pilot: Player) -> None:
    await pilot.press("c")
    await wait_for_screen(pilot, "NewGameScreen")


@SHOTS.shot("shared-result-rematch", remote=True)
async def _(pilot: Player) -> None:
    # a shared room's result: r/n answer the rematch, everyone's answer below (the bot's yes)
    await wait_for_text(pilot, CODES[2])
    await new_room(pilot, "Giftbringer", ["ann", "bot"], options={"rounds": 1})
    await wait_for_text(pilot, CODES[3])
    await pilot.press("s")
    await wait_for_text(pilot, "you are ann")
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")
    await wait_for_text(pilot, "Rematch? ann: to answer · bot2: yes")


test_screen = screen_test(SHOTS)
