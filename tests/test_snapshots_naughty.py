"""Snapshots of Naughty or Nice's screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

NN5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@SHOTS.shot("naughty-or-nice-rows")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (naughty_play.play_turn) until her fourth turn begins
    from naughty_play import game_session, play_turn
    from tui_driver import wait_for

    await new_game(pilot, "Naughty or Nice", NN5, seed=4)
    session = game_session(pilot.app)
    for _ in range(200):
        if session.state.turns >= 16 and session.state.turn == 0 and not session.state.acted \
                and not session.state.windows and not session.state.prompts:
            break
        await play_turn(pilot)
    await wait_for_text(pilot, "Your turn: take one basic action")


async def naughty_seven(pilot: Player) -> None:
    """Seed 7, ann against a random bob: ann is Santa and her turn begins."""
    await new_game(pilot, "Naughty or Nice", ["ann", "bob:random"], seed=7)
    await wait_for_text(pilot, "Choose your gift giver.")
    await pilot.press("enter")
    await wait_for_text(pilot, "Your turn: take one basic action")


@SHOTS.shot("naughty-or-nice-fulfill")
async def _(pilot: Player) -> None:
    # a Fulfill being chosen: Lupita at 6, the presents that fit marked in ann's hand
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a")
    await wait_for_text(pilot, "fits: enter gives")


@SHOTS.shot("naughty-or-nice-window")
async def _(pilot: Player) -> None:
    # a reaction window: bob's Elves, and ann holds a Tomte that can cancel them
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a", "enter", "e")
    await wait_for_text(pilot, "Nothing to react with")
    await pilot.press("n")
    await wait_for_text(pilot, "React, or pass (n).")


@SHOTS.shot("naughty-or-nice-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Naughty or Nice", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


test_screen = screen_test(SHOTS)
