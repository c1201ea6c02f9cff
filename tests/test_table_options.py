"""Options that follow from who sits at the table (``engine.core.table_options``): a
table of one person plays Dice Upon a Time's and Naughty or Nice's reaction windows
``quick`` unless told otherwise; several people keep them ``secret``."""

from __future__ import annotations

import pytest

import engine
from engine import Seat
from engine.core.journal import Journal
from engine.core.room import Room


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
