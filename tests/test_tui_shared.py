"""The app as a client of a host's room service (issue 3, "The lobby"; ``docs/architecture.md``,
"Sessions"), driven by keys with Pilot. ann plays in the real app; bob is a second
connection to the same service, played by a heuristic bot through the protocol.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest

from engine.games.gift_trap.bot import HeuristicBot
import host.service
from host import protocol as p
from host.client import ServiceClient
from host.service import RoomService
from tui.app import BoxtopApp
from tui.remote import SharedTable
from tui.screens.lobby import LobbyScreen, WaitingRoomScreen
from tui.screens.result import ResultScreen
from tui.screens.shared_game import SharedGameScreen

SIZE = (130, 40)


@pytest.fixture
async def service(monkeypatch):
    monkeypatch.setattr(host.service, "new_seed", lambda: 3)  # the same game every run
    data = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    svc = RoomService(data, bot_pace=0.02)  # bots move one at a time, as on a host, only faster
    await svc.start(data / "s.sock")
    yield svc, data / "s.sock"
    await svc.close()


class Other:
    """A second player on the service: keeps the newest lobby and table it was sent."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client
        self.lobby: list = []
        self.table = None
        self.refusals: list[str] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while (m := await self.client.recv()) is not None:
            if isinstance(m, p.Lobby):
                self.lobby = m.rooms
            elif isinstance(m, p.TableUpdate):
                self.table = m.table
            elif isinstance(m, p.Refused):
                self.refusals.append(m.message)


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Pause the app until ``condition()`` holds; fails after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "timed out"
        await pilot.pause(0.02)


async def lobby_ready(pilot, app) -> None:
    """Wait until the lobby shows that the host welcomed this app (its keys then work)."""
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "creates a room" in str(
        app.screen.query_one("#lobby-status").render()))


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


async def test_create_join_start_and_play_a_shared_game_to_the_result(service):
    svc, sock = service
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await lobby_ready(pilot, app)
        # create a room for three: ann, an open seat, a heuristic bot; a short track
        await pilot.press("c")
        await until(pilot, lambda: app.screen.query("#players"))
        await pilot.press("enter", "up", "enter")  # players: 4 → 3
        track = app.screen.query_one("#opt-track_length")
        track.focus()
        await pilot.press("end", "backspace", "backspace", "8")
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        room = app.screen.room
        assert [s.name for s in room.seats] == ["ann", "", "bot3"] and room.creator == "ann"

        bob = Other(await ServiceClient.connect(sock, "bob"))
        await bob.client.send(p.JoinRoom(room.code))
        await until(pilot, lambda: app.screen.room.seats[1].name == "bob")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        assert "you are ann" in status(app)

        brain, rng = HeuristicBot(5), random.Random(5)
        for _ in range(2000):
            if isinstance(app.screen, ResultScreen):
                break
            shown = app.screen.session if isinstance(app.screen, SharedGameScreen) else None
            if bob.table is not None and 1 in bob.table.to_act and bob.table.result is None:
                seen = SharedTable(bob.table)
                command = brain.choose(seen.view(1), seen.legal_commands(1), rng)
                before = bob.table
                await bob.client.send(p.Play(seen.game.notation(command, seen.names)))
                await until(pilot, lambda: bob.table is not before)
            elif shown is not None and 0 in shown.table.to_act:
                line = status(app)
                if "deal:" in line:
                    await pilot.press("right", "enter")
                elif "give:" in line:
                    await pilot.press("enter", "enter", "d")
                elif "rate:" in line:
                    await pilot.press("enter", "enter", "enter", "enter", "d")
                await pilot.pause(0.05)
            else:
                await pilot.pause(0.05)
        assert isinstance(app.screen, ResultScreen)
        ours = app.screen.session.result()
        await until(pilot, lambda: bob.table.result is not None)
        assert SharedTable(bob.table).result() == ours
        assert ours.winners and not bob.refusals
        room_obj = svc.rooms.get(room.code)
        assert room_obj.session.result() == ours  # the room holds the same finished game
        # replay and save belong to the host: hidden here; m goes back to the lobby
        assert app.screen.check_action("replay", ()) is False
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.client.close()


async def test_a_refused_move_shows_the_rooms_sentence_and_watching_shows_no_tiles(service):
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")]))
    await asyncio.sleep(0.2)
    code = svc.rooms.summaries()[0].code
    await bob.client.send(p.StartGame())
    await asyncio.sleep(0.2)
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("enter")  # join: the game has started, so the room refuses
        await until(pilot, lambda: "watch" in str(app.screen.query_one("#message").render()))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        assert "watching" in status(app)
        view = app.screen.session.view(None)
        assert view.me is None and view.my_gives == () and view.my_rates == ()
        # a watcher's move is refused here, before it reaches the room
        await pilot.press("colon")
        await pilot.press(*"deal red", "enter")
        assert "watching" in str(app.screen.query_one("#message").render())
        await pilot.press("escape", "escape")  # the line keeps a refused move: escape closes it, then leaves
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert svc.rooms.get(code).spectators == {}
    await bob.client.close()


async def test_the_creator_hands_an_away_players_seat_to_a_bot(service):
    # Issue 3, "Reconnection and empty seats": "Others see who is disconnected. The
    # room's creator can hand an empty seat to a bot."
    svc, sock = service
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("c")
        await until(pilot, lambda: app.screen.query("#players"))
        await pilot.press("enter", "up", "enter", "ctrl+g")  # ann, an open seat, a bot
        await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        code = app.screen.room.code
        bob = Other(await ServiceClient.connect(sock, "bob"))
        await bob.client.send(p.JoinRoom(code))
        await until(pilot, lambda: app.screen.room.seats[1].name == "bob")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        assert app.screen.check_action("bot_for_away", ()) is False  # nobody is away
        await bob.client.close()
        await until(pilot, lambda: "away: bob" in status(app))
        assert app.screen.check_action("bot_for_away", ()) is True
        await pilot.press("ctrl+b")
        room = svc.rooms.get(code)
        await until(pilot, lambda: room.record.seats[1].bot == "heuristic")
        await until(pilot, lambda: "away" not in status(app))
        # the bot now plays bob's seat: once ann deals, only ann is left to give
        await pilot.press("right", "enter")
        await until(pilot, lambda: app.screen.session.to_act_seats() == [0])


async def test_giftbringer_plays_in_a_shared_room_with_no_game_specific_code(service):
    # issue 4, "Also": "Works in shared sessions over SSH without game-specific code there."
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": 2}))
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=(140, 45)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        await bob.client.send(p.StartGame())
        await until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        assert "Round 1 of 2" in status(app)
        # a cross the rules forbid comes back as the room's sentence, and nothing changes
        from engine.games.giftbringer.sheet import SHEET

        table = app.screen.table
        value = table._sheet().results[0].value
        viking = next(v for v in SHEET.vikings if value not in v.demand)
        while table._target() != viking.id:
            await pilot.press("down")
        await pilot.press("enter")
        await until(pilot, lambda: "cannot be crossed" in str(app.screen.query_one("#message").render()))
        assert not any(table._sheet().marks[viking.id])
        await pilot.press("d", "d")  # results are left: d asks, d again finishes
        await bob.client.send(p.Play("done"))
        await until(pilot, lambda: "Round 2 of 2" in status(app))
        await pilot.press("o")  # bob's public sheet
        assert "bob's island" in str(app.screen.query_one("#gb-map").border_title)
        await pilot.press("o", "d", "d")
        await bob.client.send(p.Play("done"))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause(0.2)  # let the result screen finish mounting before the app closes
    await bob.client.close()


async def test_the_new_room_form_has_no_seed(service):
    # Issue 10, finding 4: "The new-room form fills in a 16-bit seed and shows it": a
    # room's seed is the host's secret (64 bits) until the game is over.
    svc, sock = service
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await lobby_ready(pilot, app)
        await pilot.press("c")
        await until(pilot, lambda: app.screen.query("#players"))
        labels = [str(label.render()) for label in app.screen.query("Label")]
        assert "players" in labels and "seed" not in labels
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        assert app.screen.room.code in svc.rooms.rooms  # the room exists; its seed was the host's


async def test_a_room_code_typed_before_the_host_answers_is_kept_not_lost(service, monkeypatch):
    # A code typed while the app was still connecting went nowhere, with no word said.
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]))
    await asyncio.sleep(0.2)
    code = svc.rooms.summaries()[0].code
    go = asyncio.Event()
    connect = ServiceClient.connect.__func__

    async def slow(cls, *args, **kwargs):
        await go.wait()
        return await connect(cls, *args, **kwargs)

    monkeypatch.setattr(ServiceClient, "connect", classmethod(slow))
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("slash", *code, "enter")
        message = str(app.screen.query_one("#message").render())
        assert "Still connecting" in message
        assert app.screen.query_one("#lobby-code").value == code  # kept for another try
        go.set()
        await lobby_ready(pilot, app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingRoomScreen))
        assert app.screen.room.code == code and app.screen.room.seats[1].name == "ann"
    await bob.client.close()
