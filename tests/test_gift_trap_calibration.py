"""The default track length (``RULES.md``, "4. Scoring": the text publishes none) makes
a 4-player game last about 8–12 rounds."""

import statistics

import engine
from engine import Seat
from engine.games.gift_trap.options import DEFAULT_TRACK_LENGTH, Options


def rounds_played(kinds, seeds=range(40)):
    rounds = []
    for seed in seeds:
        s = engine.new_game("gift-trap", [Seat(f"p{i}", k) for i, k in enumerate(kinds)], seed=seed)
        s.run_bots()
        assert s.result() is not None
        rounds.append(s.view(None).round)
    return rounds


def test_default_track_length_is_30():
    assert Options().track_length == DEFAULT_TRACK_LENGTH == 30


def test_mixed_four_player_table_lasts_8_to_12_rounds():
    rounds = rounds_played(("heuristic", "heuristic", "random", "random"))
    assert 8 <= statistics.median(rounds) <= 12


def test_careful_tables_are_quicker_than_careless_ones():
    careful = statistics.median(rounds_played(("heuristic",) * 4, range(15)))
    careless = statistics.median(rounds_played(("random",) * 4, range(15)))
    assert careful < 8 < 12 < careless
