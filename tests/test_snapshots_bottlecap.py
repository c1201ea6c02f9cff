"""Snapshots of Bottlecap Vikings' screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from bottlecap_play import MID_SCRIPT, OMEN_SCRIPT
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("bottlecap-vikings-new-game")
async def _(pilot: Player) -> None:
    # its largest table: the city card sides, a list of the three ways, open
    from tui_driver import focus

    await form(pilot, "Bottlecap Vikings", 4)
    await focus(pilot, "opt-sides")
    await pilot.press("enter")
    await wait_for(pilot, lambda: type(pilot.app.focused).__name__ == "SelectOverlay"
                   and pilot.app.focused.region.height, "the sides' list")


@SHOTS.shot("bottlecap-vikings-ring", played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd"], MID_SCRIPT, 8))
async def _(pilot: Player) -> None:
    # three people at one keyboard, eleven turns played and saved, loaded; ann's move of 1
    # is chosen: the ring lights the landing tile and the line under it says it attacks
    # and crosses the line
    await load_first_save(pilot)
    await pilot.press("1")
    await wait_for_text(pilot, "crosses")


@SHOTS.shot("bottlecap-vikings-omen",
      played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd", "dan"], OMEN_SCRIPT, 28, {"sides": "unique"}))
async def _(pilot: Player) -> None:
    # a question out of turn: dan attacked cyd, whose Omen asks which Valkyrie to give back
    # (tests/test_tui_bottlecap.py types these turns by keys)
    await load_first_save(pilot)
    await wait_for_text(pilot, "Omen: which Valkyrie goes back to the bag?")


@SHOTS.shot("bottlecap-vikings-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Bottlecap Vikings", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


test_screen = screen_test(SHOTS)
