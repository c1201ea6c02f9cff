"""Rooms and their journal without sockets (``docs/architecture.md``, "Sessions"): a room
validates, journals before anyone is told, survives a restart, and shows each seat only
its own view."""

from __future__ import annotations

import sqlite3

import msgspec
import pytest

import engine
from engine import IllegalCommand, Seat
from engine.core.journal import Journal, RoomRecord
from engine.core.log import entry_type
from engine.core.room import RoomError, Rooms

GT = engine.get_game("gift-trap")
ENTRY = entry_type(GT)
SHORT = {"track_length": 5}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "rooms.sqlite3"


def person() -> Seat:
    return Seat("")


def bot(kind: str = "heuristic") -> Seat:
    return Seat("", kind)


def encoded(entries) -> bytes:
    return msgspec.json.encode(list(entries))


def reopen(path) -> tuple[Journal, Rooms]:
    journal = Journal(path)
    return journal, Rooms(journal)


# ---------------------------------------------------------------------- the journal
def test_journal_is_wal_with_full_sync_and_keeps_entries_across_reopening(path):
    # journal.py: "SQLite in WAL mode"; "Every write commits with synchronous=FULL".
    j = Journal(path)
    assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    rooms = Rooms(j)
    room = rooms.create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT, seed=5)
    room.join("ann")
    room.start("ann")
    room.play("ann", "deal red")
    with pytest.raises(sqlite3.IntegrityError):
        j.append(room.code, 0, room.session.entries[0])  # an entry is written once
    j.close()
    j, rooms = reopen(path)
    again = rooms.get(room.code.lower())
    assert encoded(j.entries(room.code, ENTRY)) == encoded(room.session.entries)
    assert again.session.state == room.session.state and again.record == room.record
    j.delete_room(room.code)
    assert j.entries(room.code, ENTRY) == [] and j.rooms() == []


# ---------------------------------------------------------------------- lobby rules
def test_room_set_up_is_checked(path):
    # DESIGN.md, "Sessions": the room is the authority; a bad set-up is a RoomError sentence.
    rooms = Rooms(Journal(path))
    with pytest.raises(RoomError, match="takes 3–8 players"):
        rooms.create(game="gift-trap", creator="ann", seats=[person(), person()])
    with pytest.raises(RoomError, match="unknown bot"):
        rooms.create(game="gift-trap", creator="ann", seats=[person(), bot("genius"), person()])
    with pytest.raises(RoomError, match="no option"):
        rooms.create(game="gift-trap", creator="ann", seats=[person()] * 3, options={"colour": 1})
    # An undo policy the session would refuse at the start is refused at once, not then.
    with pytest.raises(RoomError, match="undo policy"):
        rooms.create(game="gift-trap", creator="ann", seats=[person()] * 3, undo="never")
    assert rooms.summaries() == []
    # A bot never takes the creator's name (the creator could never sit down).
    room = rooms.create(game="gift-trap", creator="BOT2", seats=[person(), bot(), bot()])
    assert room.join("BOT2") == 0
    assert len({s.name.lower() for s in room.record.seats}) == 3
    room.start("BOT2")
    assert room.state() == "playing"


def test_join_watch_leave_and_start(path):
    # DESIGN.md, "Sessions": a seat per player; spectators; "A dropped connection can come
    # back to its seat"; protocol.py: before the start a leaving player frees the seat.
    rooms = Rooms(Journal(path))
    room = rooms.create(game="gift-trap", creator="ann", seats=[person(), person(), person()], options=SHORT)
    changes = []
    room.subscribe(lambda r: changes.append(r.summary()))
    assert room.join("ann") == 0 and room.join("bob") == 1
    with pytest.raises(RoomError, match="Seat 1 is taken"):
        room.join("cyd", 0)
    with pytest.raises(RoomError, match="already called bob"):
        room.join("Bob")  # the notation reads names without case
    room.leave("bob")
    assert room.record.seats[1] == Seat("") and room.seat_of("bob") is None
    assert room.join("bob", 2) == 2
    with pytest.raises(RoomError, match="Only the room's creator"):
        room.start("bob")
    with pytest.raises(RoomError, match="Fill every seat"):
        room.start("ann")
    with pytest.raises(RoomError, match="Only the room's creator"):
        room.set_bot("bob", 1, "heuristic")
    room.set_bot("ann", 1, "random")
    room.watch("eve")
    assert room.table_for("ann") is None and room.summary().spectators == 1
    room.start("ann")
    assert room.summary().state == "playing" and changes[-1].state == "playing"
    with pytest.raises(RoomError, match="watch"):
        room.join("cyd")
    # After the start a leaving player's seat waits; joining again is coming back.
    room.leave("bob")
    assert room.record.seats[2] == Seat("bob") and not room.summary().seats[2].connected
    assert room.table_for("ann").connected == [True, True, False]
    assert room.join("bob") == 2 and room.table_for("ann").connected == [True, True, True]
    with pytest.raises(IllegalCommand, match="watching"):
        room.play("eve", "deal red")


def test_each_seat_sees_its_own_view_and_spectators_none(path):
    # DESIGN.md, "Sessions": "sends each connection only view(seat) and redact(event, seat)";
    # "spectators get view(None)".
    rooms = Rooms(Journal(path))
    room = rooms.create(game="gift-trap", creator="ann", seats=[person(), person(), bot()], options=SHORT, seed=3)
    room.join("ann"), room.join("bob")
    room.start("ann")
    room.play("ann", "deal red")
    room.play("ann", "give 1 to bob")
    s = room.session
    for who, seat in (("ann", 0), ("bob", 1), (None, None), ("eve", None)):
        t = room.table_for(who)
        assert t.seat == seat
        assert bytes(t.view) == msgspec.json.encode(GT.brief(s.view(seat)))
        assert t.log_from == 0 and [line for block in t.log for line in block] == s.log_lines(seat)
        assert t.legal == (s.legal(seat) if seat is not None else [])
    v = msgspec.json.decode(room.table_for("bob").view, type=GT.view_type)
    assert v.my_gives == () and room.table_for("bob").log[-1] == ["ann: (hidden)"]
    assert room.table_for("ann").log[-1] == ["ann: give 1 to bob", "  ann gives gift 1 to bob"]


def test_set_bot_after_the_start_only_on_a_disconnected_seat(path):
    # DESIGN.md, "Sessions": "a seat left empty can be handed to a bot".
    rooms = Rooms(Journal(path))
    room = rooms.create(game="gift-trap", creator="ann", seats=[person(), person(), bot()], options=SHORT, seed=1)
    room.join("ann"), room.join("bob")
    room.start("ann")
    with pytest.raises(RoomError, match="bob is sitting there"):
        room.set_bot("ann", 1, "heuristic")
    room.leave("bob")
    with pytest.raises(RoomError, match="only be handed to a bot"):
        room.set_bot("ann", 1, None)
    room.set_bot("ann", 1, "heuristic")
    assert room.session.is_bot(1) and room.seat_of("bob") == 1 and room.holder(1).bot == "heuristic"  # until bob is back
    room.play("ann", "deal red")
    assert room.session.to_act_seats() == [0]  # both bots have given at once
    journal2, restored = reopen(path)
    assert restored.get(room.code).session.is_bot(1)
    assert encoded(journal2.entries(room.code, ENTRY)) == encoded(room.session.entries)


# ---------------------------------------------------------------------- durability
def test_start_is_one_transaction(path):
    # journal.py: "A room's every accepted entry is committed here before anyone is told
    # of it"; DESIGN.md: "Rooms survive a restart". Entry 0 and the started record were
    # two writes: a failure (or SIGKILL) between them left entry 0 in a waiting room,
    # which then could never start (entry 0 exists) — both or neither now.
    j = Journal(path)
    rooms = Rooms(j)
    room = rooms.create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT)
    room.join("ann")
    told = []
    room.subscribe(told.append)
    j.db.execute("CREATE TRIGGER no_write BEFORE UPDATE ON rooms BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(sqlite3.Error, match="disk full"):
        room.start("ann")
    assert room.session is None and not room.record.started and told == []
    assert j.entries(room.code, ENTRY) == []
    _, again = reopen(path)
    assert again.get(room.code).state() == "waiting"
    j.db.execute("DROP TRIGGER no_write")
    room.start("ann")
    j2, again = reopen(path)
    restored = again.get(room.code)
    assert restored.state() == "playing"
    assert encoded(j2.entries(room.code, ENTRY)) == encoded(room.session.entries)


def test_a_start_left_half_done_by_an_older_host_can_start_again(path):
    # DESIGN.md, "Rooms survive a restart of the host": a journal holding entry 0 of a
    # room that is not marked started (written by a host killed mid-start).
    j = Journal(path)
    room = Rooms(j).create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT)
    setup = engine.new_game("gift-trap", ["a", "b", "c"], options=SHORT).entries[0]
    j.append(room.code, 0, setup)
    j.close()
    j, rooms = reopen(path)
    room = rooms.get(room.code)
    room.join("ann")
    room.start("ann")
    assert [e.seq for e in j.entries(room.code, ENTRY)] == [0]


def test_a_move_the_journal_refuses_did_not_happen(path):
    # DESIGN.md, "Sessions": the room "journals the entry durably before anyone sees it".
    # A failed journal write used to leave the move in memory: players saw it, and the
    # next move was journaled after a gap, so the room could not be restored.
    j = Journal(path)
    room = Rooms(j).create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT, seed=4)
    room.join("ann")
    room.start("ann")
    told = []
    room.subscribe(told.append)
    before = (room.session.ply, room.session.state, room.table_for("ann"))
    j.db.execute("CREATE TRIGGER no_write BEFORE INSERT ON entries BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(sqlite3.Error, match="disk full"):
        room.play("ann", "deal red")
    assert (room.session.ply, room.session.state, room.table_for("ann")) == before
    assert told == [] and len(room.session.entries) == 1
    j.db.execute("DROP TRIGGER no_write")
    room.play("ann", "deal black")  # the room goes on
    assert room.session.state.phase == "give" and room.session.to_act_seats() == [0]
    j2, rooms = reopen(path)
    assert encoded(j2.entries(room.code, ENTRY)) == encoded(room.session.entries)
    assert rooms.get(room.code).session.state == room.session.state


def test_restoring_lets_bots_answer_a_move_the_host_died_after(path):
    # DESIGN.md, "Rooms survive a restart of the host: they are rebuilt from their
    # journals." A host killed after journaling a move but before its bots replied came
    # back with only bots to act and nobody to make them move: the game was stuck.
    j = Journal(path)
    room = Rooms(j).create(game="gift-trap", creator="ann", seats=[bot(), person(), bot()], options=SHORT, seed=2)
    room.join("ann")
    room._run_bots = lambda: None  # the host dies right after entry 0
    room.start("ann")
    assert room.session.to_act_seats() == [0] and room.session.is_bot(0)
    j.close()
    j, rooms = reopen(path)
    restored = rooms.get(room.code)
    # Restoring moves no bot itself (a host moves them at its pace, ``RoomService``):
    assert restored.bot_to_move() and restored.session.to_act_seats() == [0]
    assert restored.run_bots() > 0
    assert restored.session.state.phase == "give"
    assert restored.session.to_act_seats() == [1]  # the bot dealt, both bots gave
    assert restored.table_for("ann").legal
    # The bots' replies were journaled like any move.
    j2, again = reopen(path)
    assert encoded(j2.entries(room.code, ENTRY)) == encoded(restored.session.entries)
    assert again.get(room.code).session.state == restored.session.state


def test_one_broken_room_does_not_stop_the_others(path, capsys):
    # DESIGN.md, "Rooms survive a restart of the host": one room whose journal cannot be
    # read must not keep every other room (and the host) down.
    j = Journal(path)
    rooms = Rooms(j)
    good = rooms.create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT)
    bad = rooms.create(game="gift-trap", creator="bob", seats=[person(), bot(), bot()], options=SHORT)
    for room, who in ((good, "ann"), (bad, "bob")):
        room.join(who)
        room.start(who)
        room.play(who, "deal red")
    j.db.execute("DELETE FROM entries WHERE code = ? AND seq = 1", (bad.code,))  # a gap
    j.close()
    _, again = reopen(path)
    assert again.get(good.code).session.state == good.session.state
    with pytest.raises(RoomError):
        again.get(bad.code)
    assert bad.code in capsys.readouterr().err


def test_a_restored_record_round_trips(path):
    # journal.py: "a rooms row per room (its game, options, seats, seed, creator)".
    j = Journal(path)
    record = RoomRecord("ABCD", "gift-trap", {"track_length": 9}, [Seat("ann"), Seat("bot2", "random"), Seat("")], 77, "ann")
    j.put_room(record)
    record.seats[2] = Seat("bob")
    j.put_room(record)
    assert j.rooms() == [record]


def test_a_waiting_room_everybody_left_is_forgotten(tmp_path):
    # An abandoned room would stay in the lobby for good; a started one waits for its
    # players (DESIGN.md, "Sessions": "A dropped connection can come back to its seat").
    journal = Journal(tmp_path / "j.sqlite3")
    rooms = Rooms(journal)
    waiting = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat(""), Seat("", "heuristic")])
    waiting.join("ann")
    assert not rooms.forget_if_abandoned(waiting.code)  # ann is still there
    waiting.leave("ann")
    assert rooms.forget_if_abandoned(waiting.code)
    assert waiting.code not in rooms.rooms and Rooms(journal).rooms == {}

    started = rooms.create(game="gift-trap", creator="bob", seats=[Seat(""), Seat("", "heuristic"), Seat("", "random")])
    started.join("bob")
    started.start("bob")
    started.leave("bob")
    assert not rooms.forget_if_abandoned(started.code)
    assert started.code in Rooms(journal).rooms


# ---------------------------------------------------------------------- undo in a shared room
def casual_naughty(path, second: Seat | None = None) -> tuple:
    """A 2-seat Naughty or Nice room with casual undo, both givers chosen: casa to act."""
    rooms = Rooms(Journal(path))
    room = rooms.create(game="naughty-or-nice", creator="casa", seats=[person(), second or person()],
                        options={}, seed=5, undo="casual")
    room.join("casa")
    if second is None:
        room.join("casb")
    room.start("casa")
    room.play("casa", "giver santa")
    if second is None:
        room.play("casb", "giver odin")
    assert room.session.to_act_seats() == [0]
    return room


def test_casual_undo_in_a_room_never_takes_back_a_move_that_showed_a_card(path):
    # Architecture "Undo" (shared rooms; the security review's N3): casa crafted from the
    # deck, saw the two cards drawn, and tried to take it back to choose again.
    room = casual_naughty(path)
    room.play("casa", "craft deck deck")
    hand = room.table_for("casa").view
    with pytest.raises(IllegalCommand, match="revealed hidden or random facts"):
        room.play("casa", "undo")
    assert room.table_for("casa").view == hand and not room.table_for("casa").can_undo


def test_casual_undo_in_a_room_never_takes_back_another_persons_move(path):
    room = casual_naughty(path)
    room.play("casa", "play MC 1")  # reveals nothing; the turn passes to casb
    assert room.table_for("casa").can_undo  # casual: after the turn passed, until someone moves
    casb_move = room.session.legal("casb")[0]
    room.play("casb", casb_move)
    ply = room.session.ply
    with pytest.raises(IllegalCommand, match="Another player has moved"):
        room.play("casa", "undo")
    assert room.session.ply == ply


def test_casual_undo_in_a_room_takes_back_only_ones_own_move_and_redo_is_ones_own(path):
    room = casual_naughty(path)
    room.play("casa", "craft 1 2")  # reveals nothing; casa still to act
    room.play("casa", "undo")
    assert not room.table_for("casb").can_redo  # casb may not redo casa's move
    with pytest.raises(IllegalCommand, match="nothing to redo"):
        room.play("casb", "redo")
    room.play("casa", "redo")
    assert room.session.applied_entries()[-1].command == room.session.parse("craft 1 2")


def test_a_room_tells_its_undo_policy_in_the_lobby_line_and_the_table(path):
    room = casual_naughty(path)
    assert room.summary().undo == "casual" and room.table_for("casa").undo == "casual"
    rooms = Rooms(Journal(path.with_name("other.sqlite3")))
    strict = rooms.create(game="gift-trap", creator="ann", seats=[person(), bot(), bot()], options=SHORT, seed=1)
    assert strict.summary().undo == "strict"
