"""Snapshots of Bottlecap Vikings' screens at 80×24 and 120×40: see ``snapshot_kit``."""

from __future__ import annotations

from snapshot_kit import (  # noqa: F401 (fixtures)
    Shots, fixed_world, form, lesson_shot, load_first_save, open_list, screen_test, typed,
)
from bottlecap_play import MID_SCRIPT, OMEN_SCRIPT, QUESTIONS
from tui_driver import Player, new_game, wait_for_screen, wait_for_text

SHOTS = Shots()

@SHOTS.shot("bottlecap-vikings-new-game")
async def _(pilot: Player) -> None:
    # its largest table: the city card sides, a list of the three ways, open
    await form(pilot, "Bottlecap Vikings", 4)
    await open_list(pilot, "opt-sides", "the sides' list")


@SHOTS.shot("bottlecap-vikings-ring", played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd"], MID_SCRIPT, 8))
async def _(pilot: Player) -> None:
    # three people at one keyboard, eleven turns played and saved, loaded; ann's move of 1
    # is chosen: the ring lights the landing tile and the line under it says it attacks
    # and crosses the line
    await load_first_save(pilot)
    await pilot.press("1")
    await wait_for_text(pilot, "crosses")


@SHOTS.shot("bottlecap-vikings-details",
            played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd"], MID_SCRIPT, 8))
async def _(pilot: Player) -> None:
    # i: the chosen tile's whole text in a box that follows the choice (over the city
    # card at 80×24, in the log's place with room); i or escape closes it
    await load_first_save(pilot)
    await pilot.press("1", "i")
    await wait_for_text(pilot, "esc closes")


@SHOTS.shot("bottlecap-vikings-omen",
      played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd", "dan"], OMEN_SCRIPT, 28, {"sides": "unique"}))
async def _(pilot: Player) -> None:
    # a question out of turn: dan attacked cyd, whose Omen asks which Valkyrie to give back
    # (tests/test_tui_bottlecap.py types these turns by keys)
    await load_first_save(pilot)
    await wait_for_text(pilot, "Omen: which Valkyrie goes back to the bag?")


def question(name: str, keys: tuple[str, ...] = (), wait: str = ""):
    """A shot of the question ``QUESTIONS[name]`` asks: its game saved, loaded by keys,
    ``keys`` pressed, then ``wait`` on screen."""
    seats, seed, options, script = QUESTIONS[name]

    @SHOTS.shot(f"bottlecap-vikings-{name}", played=lambda: typed("bottlecap-vikings", seats, script, seed, options))
    async def _(pilot: Player) -> None:
        await load_first_save(pilot)
        await pilot.press(*keys)
        if wait:
            await wait_for_text(pilot, wait)


def setup_question(name: str, script: list[str], keys: tuple[str, ...], wait: str, options: dict | None = None):
    """A shot of a question of the setup or the first turns: four people, seed 2,
    ``script`` played, loaded by keys, ``keys`` pressed, ``wait`` on screen."""
    @SHOTS.shot(f"bottlecap-vikings-{name}",
                played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd", "dan"], script, 2, options))
    async def _(pilot: Player) -> None:
        await load_first_save(pilot)
        await pilot.press(*keys)
        await wait_for_text(pilot, wait)


# Every question Bottlecap Vikings asks (rules.PROMPTS), four players (all fit 80×24):
# the city side, where to place the ship, starting goods, the free improvement, the move,
# the action (its parts; the hut's branches; an exchange's amount; an ability used before
# it; nothing left: e), which
# damage goes back, Omen (above), take and give a good, Tides, Compass, Windfall, Mimic.
HUT = QUESTIONS["hut"][3]
setup_question("side", [], ("2",), "side: Wood holds", {"sides": "choose"})
setup_question("place", [], ("3",), "Place your ship")
setup_question("goods", HUT[:4], ("2",), "you start with")
setup_question("improve", HUT[:5], ("2",), "Free improvement")
setup_question("move", HUT[:12], ("2",), "→ space")
setup_question("act", HUT[:13], (), "Take parts of the action")
setup_question("act-done", HUT[:14], (), "e ends the turn")
question("hut", ("2",), "hut to")
question("amount", ("up", "up"), "→")
question("use", ("right", "right"), "use ")
question("return", ("2",), "goes back to the bag")
question("take", (), "Take 1 wood or 1 gold from")
QUESTIONS_GIVE = QUESTIONS["take"]


@SHOTS.shot("bottlecap-vikings-give", played=lambda: typed("bottlecap-vikings", QUESTIONS_GIVE[0],
                                                            [*QUESTIONS_GIVE[3], "take wood"], QUESTIONS_GIVE[1],
                                                            QUESTIONS_GIVE[2]))
async def _(pilot: Player) -> None:
    await load_first_save(pilot)
    await wait_for_text(pilot, "Give 1 wood or 1 gold to")


question("swap", ("3",), "↔")
question("rotate", ("2",), "helper to space")
question("double", ("2",), "Windfall: double your wood or your gold.")
question("copy", ("1", "2"), "Leech: When you lose")  # choice 12 by two digits, its text under the choices


@SHOTS.shot("bottlecap-vikings-finished")
async def _(pilot: Player) -> None:
    # the result, then escape: the finished table, its footer without play keys
    await new_game(pilot, "Bottlecap Vikings", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")
    await pilot.press("escape")
    await wait_for_screen(pilot, "GameScreen")
    await wait_for_text(pilot, "wins")


@SHOTS.shot("bottlecap-vikings-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Bottlecap Vikings", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


# the lesson (t, Learn a game), its second step: how the game is won, the city card
# marked, the box over the log clear of the ring and the question
lesson_shot(SHOTS, "bottlecap-vikings-lesson-win", "bottlecap-vikings", 1)
# the lesson's step 17, a move step: land by bob's ship and attack him, the line under
# the choices warning of it; the Valkyries both drawn so far show on the cards
lesson_shot(SHOTS, "bottlecap-vikings-lesson-attack", "bottlecap-vikings", 16, wait="attacks bob")


test_screen = screen_test(SHOTS)
