"""Snapshots of Gift Trap's screens at 80×24 and 120×40: see ``snapshot_kit``.

Every kind of question at the largest table (eight players, extra tiles): the deal (the
first, and one after a reveal), the gifts given with Give more (placed, and moved), the
Get tiles with Get more and the Gifttrap, the reveal in the next round, a refusal, and
the finished table."""

from __future__ import annotations

from pathlib import Path

from gift_positions import gift_trap_deal_after
from snapshot_kit import (  # noqa: F401 (fixtures)
    GT8, Shots, fixed_world, form, lesson_shot, load_first_save, replay_entry, rules_at, screen_test,
)
from tui_driver import Player, footer_keys, new_game, screen_name, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("gift-trap-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Gift Trap", 8)


async def gift_trap(pilot: Player, *keys: str, wait: str = "deal:") -> None:
    """ann and seven bots, extra tiles, seed 21: ann deals first; then ``keys``, until
    ``wait`` shows."""
    await new_game(pilot, "Gift Trap", GT8, options={"extra_tiles": True}, seed=21)
    await wait_for_text(pilot, "deal:")
    await pilot.press(*keys)
    await wait_for_text(pilot, wait)


#: The keys from ann's deal to her gifts, and on to her Get tiles (all seven given).
TO_GIVE = ("right", "enter")
TO_RATE = (*TO_GIVE, *["enter"] * 7, "d")


@SHOTS.shot("gift-trap-deal")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right")


@SHOTS.shot("gift-trap-give")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, *TO_GIVE, wait="give:")
    await pilot.press("enter", "enter", "m", "enter")  # three tiles, the third doubled (Give more)


@SHOTS.shot("gift-trap-rate")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, *TO_RATE, wait="rate:")
    await pilot.press("enter", "down", "enter")


@SHOTS.shot("gift-trap-give-more-moved")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, *TO_GIVE, wait="give:")
    await pilot.press("m", "enter", "m", "enter")  # Give more on bob's gift, then moved to cyd's
    await wait_for_text(pilot, "Give more moved from bob's gift to cyd's gift.")


@SHOTS.shot("gift-trap-get-more-and-trap")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, *TO_RATE, wait="rate:")
    await pilot.press("m", "enter", "enter", "right", "t")  # Super with Get more, Good, the Gifttrap
    await wait_for_text(pilot, "Gifttrap: on gift")


@SHOTS.shot("gift-trap-deal-after-a-reveal", played=gift_trap_deal_after(8))
async def _(pilot: Player) -> None:
    # ann deals again in round 9: the tiles panel shows the stack's text and the last reveal
    await load_first_save(pilot)
    await wait_for_text(pilot, "deal:")
    await pilot.press("right")


@SHOTS.shot("gift-trap-refusal")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("colon", *"flibber 99", "enter")
    await wait_for_text(pilot, "Cannot read 'flibber 99'")
    await wait_for(pilot, lambda: "Command" not in footer_keys(pilot.app), "the footer of the : line in use")


@SHOTS.shot("gift-trap-over")
async def _(pilot: Player) -> None:
    # ann and seven bots on a short track to the result, by keys; escape: the finished table
    await new_game(pilot, "Gift Trap", GT8, options={"track_length": 3}, seed=21)
    app = pilot.app
    for _ in range(40):
        if screen_name(app) == "ResultScreen":
            break
        status = str(app.screen.query_one("#status").render())
        keys = {"deal:": ["right", "enter"], "give:": ["enter"] * 7 + ["d"], "rate:": ["enter"] * 4 + ["d"]}
        await pilot.press(*next((k for phase, k in keys.items() if phase in status), []))
        await wait_for(pilot, lambda: screen_name(app) == "ResultScreen" or str(app.screen.query_one("#status").render()) != status,
                       "the next phase")
    await wait_for_screen(pilot, "ResultScreen")
    await pilot.press("escape")
    await wait_for_text(pilot, "the game is over")


@SHOTS.shot("gift-trap-round-2")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, *TO_RATE, wait="rate:")
    await pilot.press(*["enter"] * 4, "d")
    await wait_for_text(pilot, "Round 2")


@SHOTS.shot("gift-trap-hand-over")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Gift Trap", ["ann", "bob", *GT8[2:]], seed=21)
    await pilot.press(*TO_RATE)
    await wait_for_text(pilot, "Pass the keyboard to bob.")
    await wait_for_text(pilot, "press enter")  # the guard against a quick second key is over


@SHOTS.shot("gift-trap-save")
async def _(pilot: Player) -> None:
    await gift_trap(pilot, "right", "enter", "enter", "ctrl+s", wait="Save the game as")


@SHOTS.shot("gift-trap-save-replace")
async def _(pilot: Player) -> None:
    # a typed path names a file that is not a save: the question before it is replaced
    Path("notes.txt").write_text("precious\n")  # in the shot's own working folder
    await gift_trap(pilot, "right", "enter", "enter", "ctrl+s", wait="Save the game as")
    await pilot.press(*"./notes.txt", "enter")
    await wait_for_text(pilot, "Replace it?")


@SHOTS.shot("gift-trap-rules")
async def _(pilot: Player) -> None:
    await rules_at(pilot, gift_trap)


@SHOTS.shot("gift-trap-result")
async def _(pilot: Player) -> None:
    # eight bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Gift Trap", ["ann:heuristic", *GT8[1:]], options={"track_length": 12}, seed=4)
    await wait_for_screen(pilot, "ResultScreen")


@SHOTS.shot("gift-trap-replay", saves=("gift-trap-hot-seat.json",))
async def _(pilot: Player) -> None:
    await replay_entry(pilot, 30)


# the lesson's second step: the goal, the Give · Get panel marked
lesson_shot(SHOTS, "gift-trap-lesson-goal", "gift-trap", 1)
# the four Get tiles placed; the step asks for the Gifttrap on the caviar (t), the gifts marked
lesson_shot(SHOTS, "gift-trap-lesson-trap", "gift-trap", 18)


test_screen = screen_test(SHOTS)
