"""Hints in a shared room, in the engine and over the room service's socket (issue 26,
"A hint"): a room's ``hints`` option and the seats that asked for one round-trip
through the journal (an older room reads them as off and none); a hint is asked only
by a seated player at their turn with a choice, from that seat's own view; asking is
recorded beside the log, never as an entry; the service answers ``AskHint`` with the
moves a worker found (again at once for the same position), or with one sentence.
"""

from __future__ import annotations

import asyncio

import msgspec
import pytest

import engine
import host.service
from engine import Seat
from engine.core import analysis
from engine.core.journal import Journal, JournalWriteError, RoomRecord
from engine.core.room import Room, RoomError, Rooms
from host import protocol as p
from host.client import ServiceClient

from test_rematch import Player, play_to_the_end, svc  # noqa: F401 (svc: the fixture)
from test_rematch import seated as rematch_seated

GB = {"rounds": 1}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "rooms.sqlite3"


def two_people(rooms: Rooms, hints: bool = True, game: str = "giftbringer", options=None, seed: int = 3) -> Room:
    """A started room of ``game`` with ann and bob seated, hints as given."""
    room = rooms.create(game=game, creator="ann", seats=[Seat(""), Seat("")], options=GB if options is None else options,
                        seed=seed, hints=hints)
    room.join("ann")
    room.join("bob")
    room.start("ann")
    return room


# ---------------------------------------------------------------------- the record
def test_a_rooms_hints_and_who_asked_round_trip_through_the_journal(path):
    rooms = Rooms(Journal(path))
    room = two_people(rooms)
    assert room.record.hints and room.summary().hints and room.table_for("ann").hints
    entries = len(room.session.entries)
    room.note_hint("bob")
    room.note_hint("bob")  # once is enough
    assert room.record.hinted == [1] and room.session.hinted == {1}
    assert len(room.session.entries) == entries  # no entry: a mark beside the log
    assert room.table_for("ann").hinted == [1] and room.table_for(None).hinted == [1]
    again = Rooms(Journal(path)).get(room.code)  # a restarted host
    assert again.record.hints and again.record.hinted == [1] and again.session.hinted == {1}


def test_a_room_record_from_before_hints_reads_them_as_off(path):
    record = RoomRecord("ABCD", "giftbringer", {"rounds": 1}, [Seat("ann"), Seat("bot2", "heuristic")], 7, "ann")
    old = msgspec.json.decode(msgspec.json.encode(record))
    del old["hints"], old["hinted"]  # as an older host wrote it
    back = msgspec.json.decode(msgspec.json.encode(old), type=RoomRecord)
    assert back.hints is False and back.hinted == []
    j = Journal(path)
    j.db.execute("INSERT INTO rooms (code, record) VALUES (?, ?)", ("ABCD", msgspec.json.encode(old)))
    j.db.commit()
    (room,) = Rooms(j).rooms.values()
    assert room.record.hints is False and room.summary().hints is False


def test_the_room_is_made_with_hints_off_unless_asked(path):
    rooms = Rooms(Journal(path))
    room = rooms.create(game="giftbringer", creator="ann", seats=[Seat(""), Seat("", "heuristic")], options=GB)
    assert room.record.hints is False and room.summary().hints is False


# ---------------------------------------------------------------------- asking
def test_a_hint_is_refused_in_one_sentence_off_its_turn_to_a_spectator_and_in_a_room_without_them(path):
    rooms = Rooms(Journal(path))
    off = two_people(rooms, hints=False)
    assert off.hint_refusal("ann") == "Hints are off in this room."
    with pytest.raises(RoomError, match="Hints are off in this room."):
        off.hint_question("ann")
    waiting = rooms.create(game="giftbringer", creator="cyd", seats=[Seat(""), Seat("")], options=GB, hints=True)
    waiting.join("cyd")
    assert waiting.hint_refusal("cyd") == "The game has not started yet."
    room = two_people(rooms)
    room.watch("eve")
    assert room.hint_refusal("eve") == "You are watching this game: no one plays at this keyboard."
    gt = two_people(rooms, game="naughty-or-nice", options={}, seed=5)  # ann and bob choose their givers, then ann acts
    gt.play("ann", "giver santa")
    gt.play("bob", "giver odin")
    assert gt.session.to_act_seats() == [0]
    assert gt.hint_refusal("bob") == "A hint is for your own move: wait for your turn."
    assert gt.hint_refusal("ann") is None
    assert room.record.hinted == [] and gt.record.hinted == []  # nothing asked, nothing recorded


def test_a_hints_question_is_the_seats_own_view_and_moves(path):
    # Gift Trap: each seat's gives are hidden from the others until the reveal.
    rooms = Rooms(Journal(path))
    room = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat(""), Seat("", "heuristic")],
                        options={"track_length": 5}, seed=4, hints=True)
    room.join("ann")
    room.join("bob")
    room.start("ann")
    room.play("ann", "deal red")
    s = room.session
    while s.legal("bob") and len(s.view(1).my_gives) < 1:
        room.play("bob", s.legal("bob")[0])  # bob gives a tile face down
    slug, view, legal, seat, names, rounds, seed, seconds = room.hint_question("ann")
    assert (slug, seat, names, rounds, seed, seconds) == (
        "gift-trap", 0, ("ann", "bob", "bot3"), analysis.HINT_ROUNDS, s.ply, analysis.HINT_SECONDS)
    assert view == msgspec.msgpack.encode(s.view(0)) != msgspec.msgpack.encode(s.view(1))
    assert msgspec.msgpack.decode(view, type=s.game.view_type).my_gives == ()  # none of bob's
    assert legal == msgspec.msgpack.encode(s.legal_commands(0))
    moves = analysis.hint_task(slug, view, legal, seat, names, 4, seed)
    assert moves and all(m.notation in s.legal("ann") for m in moves)


def test_asking_is_kept_through_an_undo_and_a_journal_that_cannot_write_records_nothing(path, monkeypatch):
    rooms = Rooms(Journal(path))
    room = two_people(rooms, game="naughty-or-nice", options={}, seed=5)
    room.play("ann", "giver santa")
    room.play("bob", "giver odin")

    def refuse(record):
        raise JournalWriteError("disk full")

    monkeypatch.setattr(room.journal, "put_room", refuse)
    with pytest.raises(JournalWriteError):
        room.note_hint("ann")
    assert room.record.hinted == [] and room.session.hinted == set()
    monkeypatch.undo()
    room.note_hint("ann")
    ply = room.session.ply
    room.play("ann", "craft 1 2")
    room.play("ann", "undo")
    assert room.session.ply == ply and room.session.hinted == {0} and room.record.hinted == [0]


# ---------------------------------------------------------------------- over the socket
class Asker(Player):
    """A ``test_rematch.Player`` that keeps the hints it was sent too."""

    def __init__(self, client: ServiceClient) -> None:
        self.hints: list = []
        super().__init__(client)

    def heard(self, message) -> None:
        if isinstance(message, p.Hint):
            self.hints.append(message)

    async def ask(self, ref: int) -> p.Hint:
        await self.client.send(p.AskHint(ref))
        await self.until(lambda: any(h.ref == ref for h in self.hints), f"the answer to hint {ref}")
        return next(h for h in self.hints if h.ref == ref)


async def seated(svc, hints: bool) -> tuple[list[Asker], str]:
    """ann and bob in a started Giftbringer room of one round, ``hints`` as given."""
    (ann, bob), code = await rematch_seated(svc, ["ann", "bob"], hints=hints, kind=Asker)
    assert ann.room.hints is hints and bob.room.hints is hints  # the waiting room's line
    return [ann, bob], code


async def test_ask_hint_is_answered_from_the_host_and_again_at_once_for_the_same_position(svc, monkeypatch):
    monkeypatch.setattr(host.service, "HINT_BURST", 1)  # one search, then the rate holds
    monkeypatch.setattr(host.service, "HINT_EVERY", 60.0)
    (ann, bob), code = await seated(svc, hints=True)
    answer = await asyncio.wait_for(ann.ask(1), 90)
    room = svc.rooms.get(code)
    assert answer.refused == "" and len(answer.moves) == analysis.HINTS
    assert all(m.notation in room.session.legal("ann") for m in answer.moves)
    assert room.record.hinted == [0] and svc.journal.rooms()[0].hinted == [0]
    again = await ann.ask(2)  # the same position: the same moves, no search and no token
    assert again.moves == answer.moves
    refused = await bob.ask(3)  # bob's first search: the rate of one has a token for him
    assert refused.refused == "" and room.record.hinted == [0, 1]
    for pl in (ann, bob):
        await pl.close()


async def test_ask_hint_is_refused_with_one_sentence_in_a_room_without_hints_and_too_often(svc, monkeypatch):
    (ann, bob), code = await seated(svc, hints=False)
    answer = await ann.ask(7)
    assert answer == p.Hint(7, [], "Hints are off in this room.")
    assert svc.rooms.get(code).record.hinted == []
    for pl in (ann, bob):
        await pl.close()
    monkeypatch.setattr(host.service, "HINT_BURST", 0)
    cyd = Asker(await ServiceClient.connect(svc.test_socket, "cyd"))
    await cyd.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec("heuristic")], GB, hints=True))
    await cyd.until(lambda: cyd.room is not None, "the room")
    await cyd.client.send(p.StartGame())
    await cyd.until(lambda: cyd.table is not None, "the start")
    answer = await cyd.ask(1)
    assert answer.refused == f"You are asking for hints too fast; wait {host.service.HINT_EVERY:.0f} seconds."
    assert svc.rooms.get(cyd.table.code).record.hinted == []  # refused: not recorded
    await cyd.close()


async def test_a_rematch_keeps_the_hints_option_and_starts_with_nobody_having_asked(svc):
    (ann, bob), code = await seated(svc, hints=True)
    svc.rooms.get(code).note_hint("ann")
    await play_to_the_end(svc, [ann, bob], code)
    assert ann.table.hinted == [0] and bob.table.hinted == [0]  # the result says so
    for pl in (ann, bob):
        await pl.client.send(p.Rematch(True))
    await ann.until(lambda: ann.table is not None and ann.table.code != code, "the new game")
    new = svc.rooms.get(ann.table.code)
    assert new.record.hints is True and new.record.hinted == [] and ann.table.hints and ann.table.hinted == []
    for pl in (ann, bob):
        await pl.close()
