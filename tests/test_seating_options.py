"""Options that follow from who sits at the table (``engine.core.seating_options``): a
table of one person plays Dice Upon a Time's and Naughty or Nice's reaction windows
``quick`` unless told otherwise; several people keep them ``secret``. And options that
follow from when a game was recorded: a save or a room recorded before Gift Trap's
``keep_past_gifted`` existed keeps the reading it was played with (points past GIFTED
kept), while a new game stops a parcel at GIFTED."""

from __future__ import annotations

import json

import pytest

import engine
from engine import Seat
from engine.core import save_read, save_write
from engine.core.save_write import options_note
from engine.core.journal import Journal
from engine.core.room import Room, Rooms
from engine.games.gift_trap.events import RoundScored

from gift_trap_play import play_round
from test_gift_trap_rules import OVERSHOOT_ROUNDS


@pytest.mark.parametrize("slug", ["dice-upon-a-time", "naughty-or-nice"])
def test_one_person_and_bots_play_quick_windows_unless_told(slug):
    alone = engine.new_game(slug, [Seat("ann"), Seat("bot2", "heuristic"), Seat("bot3", "random")], seed=1)
    assert alone.options.windows == "quick"
    told = engine.new_game(slug, [Seat("ann"), Seat("bot2", "heuristic")], seed=1, options={"windows": "secret"})
    assert told.options.windows == "secret"
    people = engine.new_game(slug, ["ann", "bob", Seat("bot3", "heuristic")], seed=1)
    assert people.options.windows == "secret"
    quick = engine.new_game(slug, ["ann", "bob"], seed=1, options={"windows": "quick"})
    assert quick.options.windows == "quick"


def test_other_games_are_left_as_they_are():
    s = engine.new_game("gift-trap", [Seat("ann"), Seat("b", "heuristic"), Seat("c", "heuristic")], seed=1)
    assert not hasattr(s.options, "windows")


def test_a_room_of_one_person_seat_plays_quick_windows(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    try:
        one = Room.create(journal, "AAAA-BBBB-CC", "dice-upon-a-time", "ann",
                          [Seat("", None), Seat("", "heuristic")])
        two = Room.create(journal, "AAAA-BBBB-DD", "dice-upon-a-time", "ann",
                          [Seat("", None), Seat("", None), Seat("", "heuristic")])
        assert one.record.options["windows"] == "quick" and two.record.options["windows"] == "secret"
    finally:
        journal.close()


class _Journaled:
    """A room played as its players play it (``Room.play``: every move journaled), with
    the two calls ``play_round`` makes of a session."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def play(self, name: str, text: str):
        return self.room.play(name, text)

    def to_act(self) -> list[str]:
        return self.room.session.to_act()


def _overshoot(s, rounds=OVERSHOOT_ROUNDS) -> list:
    """Play Gift Trap's overshoot rounds (RULES.md, "4. Scoring"); the RoundScored of each."""
    return [next(e for e in play_round(s, g, r, deck=d) if isinstance(e, RoundScored))
            for (g, r), d in zip(rounds, ["yellow", "red", "blue"])]


def test_a_gift_trap_save_recorded_before_the_gifted_cap_keeps_its_reading():
    # gift-trap.de.txt, "4. Auswertung"; RULES.md, "4. Scoring": a new game stops a parcel
    # at GIFTED, and a save written before that rule (its options have no
    # keep_past_gifted) loads and verifies as it was played: ann's Give parcel at 12,
    # then 10, and she wins.
    assert engine.new_game("gift-trap", ["ann", "bob", "cyd"]).options.keep_past_gifted is False
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1,
                        options={"track_length": 6, "keep_past_gifted": True})
    assert [r.give_scores[0] for r in _overshoot(s)] == [6, 12, 10] and s.result().winners == [0]
    data = save_write.dumps(s)
    assert data.count(b',"keep_past_gifted":true') == 1
    old = data.replace(b',"keep_past_gifted":true', b"")  # as a save written before the option
    loaded = save_read.loads(old, redecide=True)  # re-decides every entry: the events must match
    assert loaded.options.keep_past_gifted is True
    assert loaded.result().winners == [0] and loaded.state.give_scores[0] == 10
    # the load list and the header line say how it was played
    assert options_note("gift-trap", json.loads(old.split(b"\n")[0][:-len(b',"entries":[')] + b"}")["options"]) \
        == "track length 6, keep past gifted"


def test_a_gift_trap_room_recorded_before_the_gifted_cap_keeps_its_reading(tmp_path):
    # As above for a shared room restored after a restart: the rounds after the restart
    # are decided with the reading the room was created with.
    journal = Journal(tmp_path / "j.sqlite3")
    room = Rooms(journal).create(game="gift-trap", creator="ann", seats=[Seat("")] * 3, seed=1,
                                 options={"track_length": 6, "keep_past_gifted": True})
    for name in ("ann", "bob", "cyd"):
        room.join(name)
    room.start("ann")
    assert [r.give_scores[0] for r in _overshoot(_Journaled(room), OVERSHOOT_ROUNDS[:2])] == [6, 12]
    options = dict(room.record.options)
    assert options.pop("keep_past_gifted") is True
    room.record.options = options  # as a room created before the option
    journal.put_room(room.record)
    journal.close()
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        again = Rooms(journal).get(room.code)
        assert again.session.options.keep_past_gifted is True
        assert again.session.state.give_scores[0] == 12
        scored = _overshoot(_Journaled(again), [OVERSHOOT_ROUNDS[2]])  # the third round
        assert scored[0].give_scores[0] == 10  # stopped at GIFTED it would be 6
    finally:
        journal.close()
