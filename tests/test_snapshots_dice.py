"""Snapshots of Dice Upon a Time's screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

DU5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@SHOTS.shot("dice-upon-a-time-new-game")
async def _(pilot: Player) -> None:
    # its largest table with two people: the windows option shows; each value whole
    from tui_driver import fill_form, focus

    await form(pilot, "Dice Upon a Time", 5)
    await fill_form(pilot, "Dice Upon a Time", ["ann", "bob", *DU5[2:]])
    await focus(pilot, "opt-windows")
    await wait_for(pilot, lambda: pilot.app.screen.can_view_entire(pilot.app.focused), "windows in view")


@SHOTS.shot("dice-upon-a-time-map")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (dice_play.play_turn) into chapter 2, her die chosen
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", DU5, seed=3)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: session.state.chapter == 2 and session.state.turn == 0
                     and session.state.step == "place" and not session.state.prompts and not session.state.windows)
    await wait_for_text(pilot, "Place your")
    await pilot.press("tab", "tab")


@SHOTS.shot("dice-upon-a-time-bad-luck")
async def _(pilot: Player) -> None:
    # the full game: ann, played by keys, draws a Bad Luck card in chapter 1 and is
    # asked which of its two effects she suffers (her Character and Magic Item beside)
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic", "cyd:heuristic"], seed=11)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: bool(session.state.prompts) and session.state.prompts[0].kind == "bad_luck")
    await wait_for_text(pilot, "1:Go to the Big Sea.")


@SHOTS.shot("dice-upon-a-time-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play a short game as it starts
    await new_game(pilot, "Dice Upon a Time", ["ann:random", "bob:random"], options={"length": "short"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("dice-upon-a-time-cooperative-result")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Dice Upon a Time", ["ann:heuristic", "bob:heuristic"],
                   options={"length": "short", "mode": "cooperative"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")


test_screen = screen_test(SHOTS)
