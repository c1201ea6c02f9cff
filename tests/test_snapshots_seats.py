"""Snapshots of a seat a bot holds for its away person (``docs/architecture.md``,
"Sessions") at 80×24 and 120×40: Gift Trap's largest table (eight seats) once ann, its
creator, has handed away fay's seat to an expert bot (the seat reads "fay (expert bot)",
everyone is told in one line), and the lobby's line of a smaller room whose seat a bot
holds so. fay plays through a connection of her own to the same room service; see
``snapshot_kit``."""

from __future__ import annotations

from host import protocol as p
from snapshot_kit import CODES, Shots, fixed_world, room_service, screen_test  # noqa: F401 (fixtures)
from test_snapshots_chat import Talker
from tui_driver import Player, fill_form, wait_for_screen, wait_for_text

SHOTS = Shots()


async def fay_away(pilot: Player, seats: list[str]) -> None:
    """From the lobby: ann makes a Gift Trap room of ``seats`` (fay's the second), fay sits
    down, ann starts; fay's connection drops and ann hands her seat to an expert bot
    (``ctrl+b``, ``4``), by keys."""
    await wait_for_text(pilot, CODES[2])
    await pilot.press("c")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, "Gift Trap", seats)
    await pilot.press("ctrl+g")
    await wait_for_screen(pilot, "WaitingRoomScreen")
    fay = Talker(pilot.app.remote[0], "fay")
    fay.send(p.JoinRoom(CODES[3]))
    await wait_for_text(pilot, "fay")
    await pilot.press("s")
    await wait_for_text(pilot, "you are ann")
    fay.close()
    await wait_for_text(pilot, "^b Bot")  # the key, once fay is away
    await pilot.press("ctrl+b")
    await wait_for_text(pilot, "fay is away: which bot takes the seat?")
    await pilot.press("4")
    await wait_for_text(pilot, "ann gave fay's seat to an expert bot until fay is back.")


@SHOTS.shot("bot-held-seat", remote=True)
async def _(pilot: Player) -> None:
    await fay_away(pilot, ["ann", "fay", "bot", "bot", "bot", "bot", "bot", "random"])
    await wait_for_text(pilot, "expert bot")  # fay's row of the tracks (its own row at 80 columns)


@SHOTS.shot("lobby-bot-held-seat", remote=True)
async def _(pilot: Player) -> None:
    await fay_away(pilot, ["ann", "fay", "bot"])
    await pilot.press("escape")
    await wait_for_screen(pilot, "LobbyScreen")
    await wait_for_text(pilot, CODES[3])


test_screen = screen_test(SHOTS)
