"""Giftbringer's bots (issue 4, "Also": "A random bot and a heuristic bot that beats it in
most games (report the margin over at least 200 seeded games)"). Figures are recorded
in ``engine/games/giftbringer/RULES.md``, "Bot strength"."""

from __future__ import annotations

import statistics

import engine
from engine import Seat


def test_the_heuristic_bot_beats_the_random_bot_in_most_of_200_games():
    wins, margins = 0, []
    for seed in range(200):
        s = engine.new_game("giftbringer", [Seat("h", "heuristic"), Seat("r", "random")], seed=seed)
        s.run_bots()
        heuristic, random_ = s.state.points
        wins += heuristic > random_
        margins.append(heuristic - random_)
    assert wins >= 190  # measured: 200 of 200
    assert statistics.mean(margins) >= 40  # measured: 57 points


def test_a_careful_solo_player_scores_far_more_than_a_careless_one():
    # issue 4, "Make it a real puzzle: a careful player should score clearly more than a random one"
    def solo(kind: str) -> list[int]:
        out = []
        for seed in range(20):
            s = engine.new_game("giftbringer", [Seat("p", kind)], seed=seed)
            s.run_bots()
            out.append(s.state.points[0])
        return out

    careful, careless = solo("heuristic"), solo("random")
    assert statistics.median(careful) >= 3 * max(1, statistics.median(careless))
