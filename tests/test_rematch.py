"""A rematch at a shared room's result, through the room service's socket
(``docs/architecture.md``, "Sessions"): everyone says yes → a new room starts the same
game with a new secret seed and the seats moved on by one; a no (or leaving) frees that
seat in a new waiting room; bots say yes by themselves; the finished room stays as it was.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

import pytest

import engine
import engine.core.ratelimit
from engine.core.log import entry_type
import host.service
from host import protocol as p
from host.client import ServiceClient
from host.service import RoomService

GAME, OPTIONS = "giftbringer", {"rounds": 1}  # two people finish it in 12 moves


class Player:
    """A connection that keeps the newest waiting room, table and refusal it was sent."""

    def __init__(self, client: ServiceClient) -> None:
        self.client, self.room, self.table, self.refused = client, None, None, None
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while (m := await self.client.recv()) is not None:
            if isinstance(m, p.InRoom):
                self.room, self.table = m.room, None
            elif isinstance(m, p.TableUpdate):
                self.table = m.table
            elif isinstance(m, p.Refused):
                self.refused = m.message
            else:
                self.heard(m)

    def heard(self, message) -> None:
        """Any other message from the service (a subclass keeps what it needs)."""

    async def until(self, check, what: str) -> None:
        for _ in range(200):
            if check():
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"never: {what}")

    async def close(self) -> None:
        self.task.cancel()
        await self.client.close()


@pytest.fixture
async def svc(monkeypatch):
    d = Path(tempfile.mkdtemp(prefix="bxr", dir="/tmp"))
    seeds = [11, 22, 33]
    monkeypatch.setattr(host.service, "new_seed", lambda: seeds.pop(0))
    service = RoomService(d / "data", bot_pace=None)
    await service.start(d / "s.sock")
    service.test_socket = d / "s.sock"
    yield service
    await service.close()
    shutil.rmtree(d, ignore_errors=True)


async def seated(svc, names: list[str], bots: int = 0, hints: bool = False,
                 kind: type[Player] = Player) -> tuple[list[Player], str]:
    """A started room of ``GAME``: ``names`` seated in order as ``kind``s, then ``bots``
    normal bots; the room allows hints when ``hints``."""
    players = [kind(await ServiceClient.connect(svc.test_socket, n)) for n in names]
    seats = [p.SeatSpec() for _ in names] + [p.SeatSpec("normal") for _ in range(bots)]
    await players[0].client.send(p.CreateRoom(GAME, seats, OPTIONS, hints=hints))
    await players[0].until(lambda: players[0].room is not None, "the room")
    code = players[0].room.code
    for other in players[1:]:
        await other.client.send(p.JoinRoom(code))
        await other.until(lambda: other.room is not None, "seated")
    await players[0].client.send(p.StartGame())
    for pl in players:
        await pl.until(lambda: pl.table is not None, "the start")
    return players, code


async def play_to_the_end(svc, players: list[Player], code: str) -> None:
    """Each person plays the heuristic bot's choice for their seat until the result."""
    room = svc.rooms.get(code)
    s = room.session
    rng = random.Random(3)
    by_name = {pl.client.name: pl for pl in players}
    for _ in range(200):
        if s.result() is not None:
            break
        seat = next(i for i in s.to_act_seats() if not s.is_bot(i))
        command = s.game.bots["heuristic"](seat).choose(s.view(seat), s.legal_commands(seat), rng)
        mover = by_name[s.names[seat]]
        ply = s.ply
        await mover.client.send(p.Play(s.game.notation(command, s.names)))
        await mover.until(lambda: mover.table.ply > ply or mover.table.result is not None, "the move")
        s = room.session
    for pl in players:
        await pl.until(lambda: pl.table is not None and pl.table.result is not None, "the result")


async def ann_says_yes(svc, kind: type[Player] = Player) -> tuple[Player, Player, str]:
    """ann and bob (as ``kind``s) play a room of ``GAME`` to its result; ann says yes to a
    rematch and bob sees it: (ann, bob, the finished room's code)."""
    (ann, bob), code = await seated(svc, ["ann", "bob"], kind=kind)
    await play_to_the_end(svc, [ann, bob], code)
    await ann.client.send(p.Rematch(True))
    await bob.until(lambda: bob.table.again == [True, None], "ann's yes")
    return ann, bob, code


async def test_everyone_says_yes_and_a_new_room_starts_with_a_new_seed_and_the_seats_moved_on(svc):
    (ann, bob), code = await seated(svc, ["ann", "bob"])
    await play_to_the_end(svc, [ann, bob], code)
    old = svc.rooms.get(code)
    entries = len(old.session.entries)
    assert ann.table.again == [None, None]

    await ann.client.send(p.Rematch(True))
    await bob.until(lambda: bob.table.again == [True, None], "bob sees ann's yes")
    assert bob.table.code == code and bob.table.again_room == ""
    await bob.client.send(p.Rematch(True))
    for pl in (ann, bob):
        await pl.until(lambda: pl.table is not None and pl.table.code != code, "the new game")
        assert pl.table.result is None and pl.table.names == ["bob", "ann"]  # moved on: bob's seat first
    new = svc.rooms.get(ann.table.code)
    assert new.record.seed == 22 and old.record.seed == 11  # a new secret seed
    assert new.record.options == old.record.options and new.record.game == GAME and new.state() == "playing"
    # the finished game is kept as it was, its table naming the next room
    assert old.state() == "over" and len(old.session.entries) == entries
    assert old.again_room == new.code and not old.connected
    assert len(svc.journal.entries(code, entry_type(engine.get_game(GAME)))) == entries
    for pl in (ann, bob):
        await pl.close()


async def test_a_no_frees_that_seat_in_a_new_waiting_room(svc):
    ann, bob, code = await ann_says_yes(svc)
    await bob.client.send(p.Rematch(False))
    await ann.until(lambda: ann.room is not None and ann.room.code != code and ann.table is None, "the waiting room")
    seats = ann.room.seats
    assert [(s.name, s.bot) for s in seats] == [("", None), ("ann", None)]  # bob's seat is open, moved on
    assert ann.room.state == "waiting" and ann.room.creator == "ann"
    await bob.until(lambda: bob.table.again_room == ann.room.code, "bob told where the next game is")
    assert bob.table.again == [True, False] and bob.table.code == code  # bob stays at the result
    # another player may take the open seat, and the creator starts
    cid = Player(await ServiceClient.connect(svc.test_socket, "cid"))
    await cid.client.send(p.JoinRoom(ann.room.code))
    await cid.until(lambda: cid.room is not None, "cid seated")
    await ann.client.send(p.StartGame())
    await ann.until(lambda: ann.table is not None, "the new game")
    assert ann.table.names == ["cid", "ann"]
    for pl in (ann, bob, cid):
        await pl.close()


async def test_leaving_says_no(svc):
    ann, bob, code = await ann_says_yes(svc)
    await bob.client.send(p.LeaveRoom())
    await ann.until(lambda: ann.room is not None and ann.room.code != code, "the waiting room")
    assert [(s.name, s.bot) for s in ann.room.seats] == [("", None), ("ann", None)]
    await ann.close()
    await bob.close()


async def test_bots_say_yes_by_themselves(svc):
    (ann,), code = await seated(svc, ["ann"], bots=1)
    await play_to_the_end(svc, [ann], code)
    assert ann.table.again == [None, True]  # the bot has answered
    await ann.client.send(p.Rematch(True))
    await ann.until(lambda: ann.table is not None and ann.table.code != code, "the new game")
    new = svc.rooms.get(ann.table.code)
    assert [(s.name, s.bot) for s in new.record.seats] == [("bot2", "normal"), ("ann", None)]
    assert new.state() == "playing"
    await ann.close()


async def test_a_rematch_is_refused_before_the_end(svc):
    (ann, bob), code = await seated(svc, ["ann", "bob"])
    await ann.client.send(p.Rematch(True))
    await ann.until(lambda: ann.refused is not None, "a refusal")
    assert ann.refused == "A rematch is offered once the game is over."
    assert svc.rooms.get(code).again == {}
    for pl in (ann, bob):
        await pl.close()


async def test_a_full_host_refuses_the_rematch_with_one_sentence_and_keeps_the_finished_room(svc, monkeypatch):
    (ann, bob), code = await seated(svc, ["ann", "bob"])
    await play_to_the_end(svc, [ann, bob], code)
    monkeypatch.setattr(host.service, "MAX_ROOMS", 1)
    await ann.client.send(p.Rematch(True))
    await bob.until(lambda: bob.table.again == [True, None], "ann's yes")
    await bob.client.send(p.Rematch(True))
    await bob.until(lambda: bob.refused is not None, "a refusal")
    assert bob.refused.startswith("This host has 1 rooms")
    assert list(svc.rooms.rooms) == [code] and svc.rooms.get(code).again_room == ""
    for pl in (ann, bob):
        await pl.close()


class Clock:
    """``time`` for the rate buckets (``engine.core.ratelimit``), ``ahead`` seconds in the
    future: waiting out a rate without sleeping."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(engine.core.ratelimit, "time", c)
    return c


async def test_ending_one_move_games_and_saying_yes_in_a_loop_cannot_fill_the_host(svc, monkeypatch):
    # The security review's F1: one player ending one-move solo games (Giftbringer, one
    # round: ``done`` ends it) and saying yes to the rematch opened a room each time, past
    # the room-opening rate, until the host was full. A rematch is a room its creator
    # opens: CREATE_BURST in a row, then one each CREATE_EVERY seconds; another player
    # can still open a room.
    monkeypatch.setattr(host.service, "MAX_ROOMS", 20)
    monkeypatch.setattr(host.service, "RATE", 100_000.0)
    seeds = iter(range(100, 10_000))
    monkeypatch.setattr(host.service, "new_seed", lambda: next(seeds))
    mal = Player(await ServiceClient.connect(svc.test_socket, "mal"))
    await mal.client.send(p.CreateRoom(GAME, [p.SeatSpec()], OPTIONS))
    await mal.until(lambda: mal.room is not None, "the room")
    await mal.client.send(p.StartGame())
    refusals = []
    for _ in range(40):
        await mal.until(lambda: mal.table is not None, "the table")
        if mal.table.result is None:
            code = mal.table.code
            await mal.client.send(p.Play("done"))
            await mal.until(lambda: mal.table.result is not None, "the one-move game's end")
        mal.refused = None
        await mal.client.send(p.Rematch(True))
        await mal.until(lambda: (mal.table is not None and mal.table.code != code) or mal.refused is not None, "a rematch or its refusal")
        if mal.refused is not None:
            refusals.append(mal.refused)
    opened = [r for r in svc.rooms.rooms.values() if r.record.creator == "mal"]
    assert len(opened) < host.service.MAX_ROOMS
    assert refusals and all(r.startswith("No rematch yet: mal opened rooms too fast; wait ") for r in refusals)
    assert refusals[0].endswith(" seconds, then press r again.")
    ann = Player(await ServiceClient.connect(svc.test_socket, "ann"))
    await ann.client.send(p.CreateRoom(GAME, [p.SeatSpec(), p.SeatSpec()], OPTIONS))
    await ann.until(lambda: ann.room is not None or ann.refused is not None, "ann's room")
    assert ann.refused is None and ann.room.creator == "ann"
    for pl in (mal, ann):
        await pl.close()


class Told(Player):
    """A player who also keeps the notices about the room."""

    def __init__(self, client: ServiceClient) -> None:
        self.notices: list[str] = []
        super().__init__(client)

    def heard(self, message) -> None:
        if isinstance(message, p.Notice):
            self.notices.append(message.text)


async def test_a_rematch_too_soon_tells_everyone_at_the_result_and_r_again_opens_it_after_the_wait(
        svc, monkeypatch, clock):
    monkeypatch.setattr(host.service, "CREATE_BURST", 1)  # ann's room took her only one
    ann, bob, code = await ann_says_yes(svc, Told)
    await bob.client.send(p.Rematch(True))
    said = f"No rematch yet: ann opened rooms too fast; wait {host.service.CREATE_EVERY:.0f} seconds, then press r again."
    await bob.until(lambda: bob.refused is not None, "a refusal")
    assert bob.refused == said
    await ann.until(lambda: ann.notices, "ann told")
    assert ann.notices == [said]
    assert list(svc.rooms.rooms) == [code] and svc.rooms.get(code).again_room == ""  # the finished room kept
    clock.ahead = host.service.CREATE_EVERY  # the wait is over
    await ann.client.send(p.Rematch(True))  # r again
    for pl in (ann, bob):
        await pl.until(lambda: pl.table is not None and pl.table.code != code, "the new game")
    assert svc.rooms.get(code).again_room == ann.table.code
    for pl in (ann, bob):
        await pl.close()


async def test_a_rematch_past_its_creators_unfinished_rooms_names_them_to_everyone_at_the_result(svc, monkeypatch):
    # The cap on unfinished rooms holds for a rematch's creator too, with every name of
    # their key; the sentence reaches everyone at the result and names whose rooms they are.
    monkeypatch.setattr(host.service, "MAX_ROOMS_PER_USER", 1)
    seeds = iter(range(100, 200))
    monkeypatch.setattr(host.service, "new_seed", lambda: next(seeds))
    key = "SHA256:ann-and-her-other-name"
    other = Player(await ServiceClient.connect(svc.test_socket, "ann2", key, token=svc.token))
    ann = Told(await ServiceClient.connect(svc.test_socket, "ann", key, token=svc.token))
    bob = Told(await ServiceClient.connect(svc.test_socket, "bob"))
    await ann.client.send(p.CreateRoom(GAME, [p.SeatSpec(), p.SeatSpec()], OPTIONS))
    await ann.until(lambda: ann.room is not None, "ann's room")
    code = ann.room.code
    await bob.client.send(p.JoinRoom(code))
    await bob.until(lambda: bob.room is not None, "bob seated")
    await ann.client.send(p.StartGame())
    for pl in (ann, bob):
        await pl.until(lambda: pl.table is not None, "the start")
    await play_to_the_end(svc, [ann, bob], code)
    await other.client.send(p.CreateRoom(GAME, [p.SeatSpec(), p.SeatSpec()], OPTIONS))  # the key's other name
    await other.until(lambda: other.room is not None, "ann2's waiting room")
    await ann.client.send(p.Rematch(True))
    await bob.until(lambda: bob.table.again == [True, None], "ann's yes")
    await bob.client.send(p.Rematch(True))
    said = ("No rematch yet: ann has 1 unfinished rooms here, the most one player may open; "
            "one of them must finish first.")
    await bob.until(lambda: bob.refused is not None, "a refusal")
    assert bob.refused == said
    await ann.until(lambda: ann.notices, "ann told")
    assert ann.notices == [said] and svc.rooms.get(code).again_room == ""
    for pl in (ann, bob, other):
        await pl.close()
