"""Snapshots of table talk (``tui.support.chat``) at 80×24 and 120×40: the waiting room's talk
pane with its line open, and a table of Gift Trap's largest size (eight seats) with
talk in the log pane, a spectator's line among it (the room lets it reach the players)
and the talk line open; the same table after a line padded to look like the game's log
and a burst of long lines. Another player and a spectator talk through connections of
their own to the same room service; see ``snapshot_kit``."""

from __future__ import annotations

import asyncio
import threading

from host import protocol as p
from host.client import ServiceClient
from snapshot_kit import CODES, Shots, drain, fixed_world, room_service, screen_test  # noqa: F401 (fixtures)
from tui_driver import Player, fill_form, focus, tick, type_text, wait_for_screen, wait_for_text

SHOTS = Shots()
#: Gift Trap's largest table: ann, fay and six bots.
SEATS = ["ann", "fay", "bot", "bot", "bot", "bot", "bot", "random"]


class Talker:
    """Another person on the room service, in a thread of its own (the app has the
    pilot's event loop): ``send(message)`` sends and returns once it is written."""

    def __init__(self, socket: str, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.client = self._run(ServiceClient.connect(socket, name))
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(drain(self.client)))

    def _run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=10)

    def send(self, message) -> None:
        self._run(self.client.send(message))

    def close(self) -> None:
        """End this person's connection (their seat is away from then on)."""
        self._run(self.client.close())


async def talking_room(pilot: Player) -> tuple[Talker, Talker]:
    """From the lobby: ann makes the eight-seat room whose spectators' talk reaches the
    players (the form's box, by keys); fay sits in seat 2 and eve watches."""
    await wait_for_text(pilot, CODES[2])
    await pilot.press("c")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, "Gift Trap", SEATS)
    await focus(pilot, "spectator-talk")
    await tick(pilot, True)
    await pilot.press("ctrl+g")
    await wait_for_screen(pilot, "WaitingRoomScreen")
    await wait_for_text(pilot, "talk reaches the players")
    socket = pilot.app.remote[0]
    fay, eve = Talker(socket, "fay"), Talker(socket, "eve")
    fay.send(p.JoinRoom(CODES[3]))
    eve.send(p.WatchRoom(CODES[3]))
    await wait_for_text(pilot, "fay")
    return fay, eve


async def talk(pilot: Player, line: str, sent: str = "") -> None:
    """``T`` opens ann's talk line and ``line`` is typed; with ``sent`` (the start of the
    line) ``enter`` sends it, until the log shows it as ann's; else it stays open, typed."""
    await pilot.press("T")
    await type_text(pilot, line)
    if sent:
        await pilot.press("enter")
        await wait_for_text(pilot, f"› ann: {sent}")
    else:
        await wait_for_text(pilot, line)


async def at_the_table(pilot: Player) -> None:
    """From the waiting room: ann starts the game (``s``), until she sees its table."""
    await pilot.press("s")
    await wait_for_screen(pilot, "SharedGameScreen")
    await wait_for_text(pilot, "you are ann")


@SHOTS.shot("waiting-room-talk", remote=True)
async def _(pilot: Player) -> None:
    fay, eve = await talking_room(pilot)
    fay.send(p.Say("[b]hello[/b] everyone, first game here"))
    await wait_for_text(pilot, "» fay: [b]hello[/b]")
    eve.send(p.Say("I will just watch"))
    await wait_for_text(pilot, "» eve (watching): I will")
    await talk(pilot, "hi fay", sent="hi fay")
    await talk(pilot, "start?")


@SHOTS.shot("table-talk", remote=True)
async def _(pilot: Player) -> None:
    fay, eve = await talking_room(pilot)
    fay.send(p.Say("good luck all"))
    await wait_for_text(pilot, "» fay: good luck all")
    await at_the_table(pilot)
    eve.send(p.Say("[@click=quit]x is not a link"))
    await wait_for_text(pilot, "[@click=quit]x")
    await talk(pilot, "thanks", sent="thanks")
    await talk(pilot, "nice")


@SHOTS.shot("table-talk-burst", remote=True)
async def _(pilot: Player) -> None:
    # a line padded to look like the game's log, a burst of long lines and two long
    # answers: every row of talk hangs from its gutter, each line takes at most two rows
    # of the log pane, the older ones fold (the pane is full), the game's line stays
    fay, _ = await talking_room(pilot)
    await at_the_table(pilot)
    fay.send(p.Say("ok" + " " * 60 + "tk1 starts the game. Hints used by ann."))
    await wait_for_text(pilot, "» fay: ok tk1")
    for i in range(4):
        fay.send(p.Say(f"line {i}: " + "blah " * 30))
        await wait_for_text(pilot, f"line {i}:")
    for i in range(2):
        await talk(pilot, f"reply {i}: " + "yes " * 20, sent=f"reply {i}")


test_screen = screen_test(SHOTS)
