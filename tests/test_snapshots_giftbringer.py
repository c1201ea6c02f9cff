"""Snapshots of Giftbringer's screens at 80×24 and 120×40: see ``snapshot_kit``.

Every kind of question at the largest table (six players): a result and where it goes
(a Viking, a place, a harbour to land at), Santa's Blessings for one and for two marked
results, a place ready to visit, the Gratitude to keep, the "d again" question, a
refusal, another player's sheet and the finished table. The lesson (``lesson.toml``): an
early step with the part it talks about marked, and a move step half made (two results
marked for the Blessing it teaches)."""

from __future__ import annotations

from gift_positions import giftbringer_visit
from snapshot_kit import (  # noqa: F401 (fixtures)
    GB6, Shots, fixed_world, form, lesson_shot, load_first_save, replay_entry, rules_at, screen_test,
)
from tui_driver import Player, new_game, screen_text, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("giftbringer-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Giftbringer", 6)


async def giftbringer(pilot: Player, *keys: str, wait: str = "Round 1 of 10") -> None:
    """ann and five bots, seed 5; then ``keys``, until ``wait`` shows."""
    await new_game(pilot, "Giftbringer", GB6, seed=5)
    await wait_for_text(pilot, "Round 1 of 10")
    await pilot.press(*keys)
    await wait_for_text(pilot, wait)


@SHOTS.shot("giftbringer-round-1")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)


@SHOTS.shot("giftbringer-marked")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("tab", "enter")  # the first result on the first place it fits
    await pilot.press("space", "right", "space")  # two results marked for a Blessing


@SHOTS.shot("giftbringer-bless-one")
async def _(pilot: Player) -> None:
    await giftbringer(pilot, "space", wait="marked 1")  # one result marked: the Blessing "any"


@SHOTS.shot("giftbringer-land")
async def _(pilot: Player) -> None:
    await giftbringer(pilot, "shift+right", "up", "up", wait="enter lands here")  # onto the map, up to Frost Fjord


@SHOTS.shot("giftbringer-finish-question")
async def _(pilot: Player) -> None:
    await giftbringer(pilot, "d", wait="d again finishes the round")


@SHOTS.shot("giftbringer-refusal")
async def _(pilot: Player) -> None:
    await giftbringer(pilot, "down", "v", wait="Choose a road or house to visit")  # v on a Viking


def details_line(app) -> str:
    """The details line under the map, its rows joined."""
    region = app.screen.query_one("#gb-info").region
    return " ".join(" ".join(row[region.x:region.right].split()) for row in screen_text(app).split("\n")[region.y:region.bottom])


async def tab_to(pilot: Player, text: str) -> None:
    """Tab round the places where a move is legal until the details line says ``text``."""
    for _ in range(40):
        if text in details_line(pilot.app):
            return
        await pilot.press("tab")
    await wait_for(pilot, lambda: text in details_line(pilot.app), text)


@SHOTS.shot("giftbringer-visit", played=giftbringer_visit(keep=False))
async def _(pilot: Player) -> None:
    await load_first_save(pilot)
    await tab_to(pilot, "enter visits it")


@SHOTS.shot("giftbringer-keep", played=giftbringer_visit(keep=True))
async def _(pilot: Player) -> None:
    await load_first_save(pilot)
    await tab_to(pilot, "enter visits it (choose the Gratitude to keep)")
    await pilot.press("v")
    await wait_for_screen(pilot, "KeepScreen")


@SHOTS.shot("giftbringer-over")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Giftbringer", GB6, options={"rounds": 1}, seed=5)
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")
    await pilot.press("escape")
    await wait_for_text(pilot, "the game is over")


@SHOTS.shot("giftbringer-other-sheet")
async def _(pilot: Player) -> None:
    await giftbringer(pilot, "o", wait="bob's island")


@SHOTS.shot("giftbringer-round-5")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    for round_ in range(2, 6):  # each round: cross where the first result fits, then done
        await pilot.press("tab", "enter", "tab", "enter", "d", "d")  # results are left: d asks, d again finishes
        await wait_for_text(pilot, f"Round {round_} of 10")


@SHOTS.shot("giftbringer-rules")
async def _(pilot: Player) -> None:
    await rules_at(pilot, giftbringer)


def two_rounds(seats: list[str]):
    """A shot of the result of a game of two rounds for ``seats``, seed 5: each round, ann
    crosses where the first result fits and is done."""
    async def reach(pilot: Player) -> None:
        await new_game(pilot, "Giftbringer", seats, options={"rounds": 2}, seed=5)
        await pilot.press("tab", "enter", "d", "d")
        await wait_for_text(pilot, "Round 2 of 2")
        await pilot.press("tab", "enter", "d", "d")
        await wait_for_screen(pilot, "ResultScreen")
    return reach


SHOTS.shot("giftbringer-result-solo")(two_rounds(["ann"]))
SHOTS.shot("giftbringer-result")(two_rounds(GB6))


@SHOTS.shot("giftbringer-replay", saves=("giftbringer-three.json",))
async def _(pilot: Player) -> None:
    await replay_entry(pilot, 40)


lesson_shot(SHOTS, "giftbringer-lesson-horde", "giftbringer", 4)  # step 5: the Vikings, marked
# step 20, the "diff" Blessing: the 6 and the 4 marked; - would bless them
lesson_shot(SHOTS, "giftbringer-lesson-blessing", "giftbringer", 19, keys=("space", "right", "right", "space"),
            wait="marked 1, 3")


test_screen = screen_test(SHOTS)
