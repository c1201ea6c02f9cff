"""A seat handed to a bot stays its person's (``docs/architecture.md``, "Sessions"; Board
Game Arena's rule): the room's record says whose seat it is and which bot holds it
(journaled, so a restart keeps it), the log names the bot's moves by its label, the
person takes the seat back on coming back (a bot's answer still on its way is dropped),
and a rematch never answers for an absent person. Rooms without sockets; the service's
side (who is told, reconnecting straight to the table) through its socket."""

from __future__ import annotations

import random

import pytest

import engine
from engine import Seat
from engine.core import thinking
from engine.core.journal import Journal
from engine.core.log import StandIn
from engine.core.room import Rooms
from engine.core.seat_label import a_bot, seat_label
from host import protocol as p
from host.client import ServiceClient

from test_rematch import Player, Told, seated, svc  # noqa: F401 (a fixture)

SHORT = {"track_length": 5}


@pytest.fixture
def path(tmp_path):
    return tmp_path / "rooms.sqlite3"


def handed_over(path, kind: str = "heuristic"):
    """A Gift Trap room of ann (its creator), bob and a bot, started; bob left and ann
    handed his seat to a bot of ``kind``. Returns (rooms, room)."""
    rooms = Rooms(Journal(path))
    room = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat(""), Seat("", "heuristic")],
                        options=SHORT, seed=3)
    room.join("ann"), room.join("bob")
    room.start("ann")
    room.leave("bob")
    room.set_bot("ann", 1, kind)
    return rooms, room


def lines(room, who):
    return [line for block in room.table_for(who).log for line in block]


def play_ann(room, moves: int = 10_000) -> None:
    """ann plays the heuristic bot's choice for her seat, ``moves`` times or to the end."""
    rng = random.Random(5)
    for _ in range(moves):
        s = room.session
        if s.result() is not None or 0 not in s.to_act_seats():
            return
        command = s.game.bots["heuristic"](0).choose(s.view(0), s.legal_commands(0), rng)
        room.play("ann", s.game.notation(command, s.names))


# ---------------------------------------------------------------------- the label
def test_a_bot_seat_reads_with_its_strength_and_the_notation_keeps_the_name():
    assert seat_label("bot3", "hard") == "bot3 (hard bot)"
    assert seat_label("cyd", "heuristic") == "cyd (normal bot)"  # heuristic is the normal strength
    assert seat_label("ann", None) == "ann"
    assert seat_label("bot3", "hard", 12) == "bot3 (hard)" and seat_label("bot3", "hard", 6) == "bot3"
    assert a_bot("expert") == "an expert bot" and a_bot("hard") == "a hard bot"
    s = engine.new_game("gift-trap", ["ann", Seat("bot2", "easy"), Seat("bot3", "hard")], seed=1)
    assert s.seat_labels() == ["ann", "bot2 (easy bot)", "bot3 (hard bot)"]
    assert s.names == ["ann", "bot2", "bot3"]  # "give 2 to bot3" stays the notation


# ---------------------------------------------------------------------- the record
def test_a_seat_handed_to_a_bot_stays_its_persons_through_a_restart(path):
    rooms, room = handed_over(path, "expert")
    assert room.record.seats[1] == Seat("bob", "expert")
    assert room.record.stand_ins == [StandIn(1, "expert", 1)]  # from entry 1 on, still holding it
    assert room.seat_of("bob") == 1 and room.holder(1).bot == "expert"
    table = room.table_for("ann")
    assert table.names[1] == "bob" and table.bots[1] == "expert" and table.connected[1]
    line = room.summary().seats[1]
    assert seat_label(line.name, line.bot) == "bob (expert bot)"  # the lobby's seat column
    # A restart keeps whose seat it is and which bot holds it.
    again = Rooms(Journal(path)).get(room.code)
    assert again.record == room.record and again.holder(1) == StandIn(1, "expert", 1)
    assert again.session.is_bot(1) and again.seat_of("bob") == 1
    # A bot's own seat is no one's: nobody can claim it by name.
    assert again.seat_of("bot3") is None and again.holder(2) is None


def test_the_log_names_the_bots_moves_for_bob_by_its_label_not_as_bobs(path):
    rooms, room = handed_over(path)
    play_ann(room, 2)  # deal, then a gift: the bots give at once
    mine = lines(room, "ann")
    assert "bob (normal bot): done" in mine and "bob (normal bot): (hidden)" in mine
    assert not [line for line in mine if line.startswith("bob: ")]
    assert lines(room, "bob")[-1] != "bob: done"  # bob's own eyes read it so too
    assert [line for line in lines(room, "bob") if line.startswith("bob (normal bot): give")]
    # the same after a restart: the stand-in is in the journal
    again = Rooms(Journal(path)).get(room.code)
    assert lines(again, "ann") == mine


# ---------------------------------------------------------------------- coming back
def test_bob_joining_takes_his_seat_back_at_once_and_a_bot_move_in_flight_is_dropped(path):
    rooms, room = handed_over(path, "hard")  # hard thinks in a worker: its answer travels
    room.inline_bots = False  # a host moves bots itself (bot_question / bot_answer)
    room.play("ann", "deal red")
    question = room.bot_question()
    assert question is not None and question.seat == 1  # the hard bot is asked for bob's seat
    answer = thinking.think(question)
    entries = len(room.session.entries)
    assert room.join("bob") == 1  # bob is back
    assert room.record.seats[1] == Seat("bob") and room.holder(1) is None and not room.session.is_bot(1)
    assert room.record.stand_ins == [StandIn(1, "hard", 1, entries)]  # closed where he came back
    assert room.bot_answer(question, answer) is False  # the bot's move for him is not played
    assert len(room.session.entries) == entries and 1 in room.session.to_act_seats()
    # bob plays his own seat now; the log names him again
    room.play("bob", "give 1 to ann")
    assert lines(room, "bob")[-2] == "bob: give 1 to ann"
    # a restart keeps it his
    again = Rooms(Journal(path)).get(room.code)
    assert again.record.seats[1] == Seat("bob") and not again.session.is_bot(1) and again.holder(1) is None


def test_a_seat_handed_over_again_gets_a_new_stand_in(path):
    rooms, room = handed_over(path)
    play_ann(room, 1)
    room.join("bob")
    room.leave("bob")
    room.set_bot("ann", 1, "easy")
    at = len(room.session.entries)
    assert room.record.stand_ins[-1] == StandIn(1, "easy", at) and room.holder(1).bot == "easy"
    assert [h.until for h in room.record.stand_ins] == [room.record.stand_ins[0].until, None]


# ---------------------------------------------------------------------- a rematch
def test_the_rematch_never_answers_for_an_absent_person_and_opens_their_seat(path):
    rooms, room = handed_over(path)
    play_ann(room)
    assert room.state() == "over"
    # ann is here and to answer, bob is away (his bot never says yes for him), bot3 says yes
    assert room.again_answers() == [None, False, True]
    assert room.again_decided() is None
    room.answer_again("ann", True)
    assert room.again_decided() == ["ann"]
    # the seats moved on; bob's seat open as anyone's who said no, the bot's own seat kept
    assert room.again_seats(["ann"]) == [Seat(""), Seat("bot3", "heuristic"), Seat("ann")]


def test_back_at_the_result_bob_answers_for_himself(path):
    rooms, room = handed_over(path)
    play_ann(room)
    assert room.join("bob") == 1 and room.holder(1) is None
    assert room.again_answers() == [None, None, True]  # bob is here: his to answer
    room.answer_again("ann", True)
    room.answer_again("bob", True)
    assert room.again_decided() == ["ann", "bob"]
    assert room.again_seats(["ann", "bob"]) == [Seat("bob"), Seat("bot3", "heuristic"), Seat("ann")]


# ---------------------------------------------------------------------- the service
async def connect(svc, name: str) -> Told:
    return Told(await ServiceClient.connect(svc.test_socket, name))


async def test_everyone_is_told_of_the_hand_over_and_of_the_return(svc):  # noqa: F811
    (ann, bob), code = await seated(svc, ["ann", "bob"], kind=Told)
    eve = await connect(svc, "eve")
    await eve.client.send(p.WatchRoom(code))
    await eve.until(lambda: eve.table is not None, "eve watching")
    await bob.close()
    room = svc.rooms.get(code)
    await ann.until(lambda: ann.table.connected == [True, False], "bob away")
    await ann.client.send(p.SetBot(1, "easy"))
    told = "ann gave bob's seat to an easy bot until bob is back."
    for pl in (ann, eve):  # the creator too
        await pl.until(lambda: told in pl.notices, "the hand-over told")
    assert room.holder(1).bot == "easy" and ann.table.bots == [None, "easy"]
    # bob connects again: straight back to his seat, and everyone is told
    bob = await connect(svc, "bob")
    await bob.until(lambda: bob.table is not None and bob.table.seat == 1, "bob back at the table")
    assert bob.table.bots == [None, None] and room.holder(1) is None
    for pl in (ann, eve, bob):
        await pl.until(lambda: "bob is back in their seat." in pl.notices, "the return told")
    for pl in (ann, bob, eve):
        await pl.close()


async def finish_turn(svc, player: Player, code: str) -> None:
    """``player`` plays the heuristic bot's choices for their seat until it is not to act."""
    room = svc.rooms.get(code)
    seat = room.seat_of(player.client.name)
    rng = random.Random(1)
    while seat in room.session.to_act_seats():
        s = room.session
        command = s.game.bots["heuristic"](seat).choose(s.view(seat), s.legal_commands(seat), rng)
        ply = s.ply
        await player.client.send(p.Play(s.game.notation(command, s.names)))
        await player.until(lambda: player.table.ply > ply, "the move")


async def test_connecting_goes_back_to_the_table_where_it_is_ones_turn_else_the_newest(svc):  # noqa: F811
    # ann has a seat in two games in play. In the newer one she has played her round (bob2
    # still plays his): connecting, she goes to the older one, where it is her turn.
    (ann, bob), older = await seated(svc, ["ann", "bob"])
    await ann.close()
    ann = await connect(svc, "ann")
    await ann.until(lambda: ann.table is not None and ann.table.code == older, "ann back in her only game")
    await ann.client.send(p.LeaveRoom())
    await ann.until(lambda: svc.rooms.get(older).connected == {"bob": 1}, "ann in the lobby")
    ann.table = None
    bob2 = await connect(svc, "bob2")
    await bob2.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": 1}))
    await bob2.until(lambda: bob2.room is not None, "the newer room")
    newer = bob2.room.code
    await ann.client.send(p.JoinRoom(newer))
    await ann.until(lambda: ann.room is not None and ann.room.code == newer, "ann seated")
    await bob2.client.send(p.StartGame())
    await ann.until(lambda: ann.table is not None, "the newer game")
    await finish_turn(svc, ann, newer)
    await ann.close()
    back = await connect(svc, "ann")
    await back.until(lambda: back.table is not None, "ann at a table")
    assert back.table.code == older and back.table.seat == 0
    # Once it is her turn in neither, she goes to the newest.
    await finish_turn(svc, back, older)
    await back.close()
    again = await connect(svc, "ann")
    await again.until(lambda: again.table is not None, "ann at a table")
    assert again.table.code == newer and again.table.seat == 1
    for pl in (bob, bob2, again):
        await pl.close()
