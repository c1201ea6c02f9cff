"""The bots' contract for every registered game (docs/architecture.md, "Bots"): the
heuristic bot plays to win, so against bots choosing at random it wins nearly every
game at the game's smallest table of two or more (its seat going round)."""

from __future__ import annotations

import pytest

import engine
from contract.kit import NAMES, each_game, table_size
from engine import Seat

GAMES = 16


@each_game(("gift-trap", pytest.mark.xfail(strict=True, reason=(
    "Gift Trap at its default options gives a heuristic no edge: without the extra tiles "
    "every exchange scores the same for giver and receiver, and random partners place "
    "uniformly (tests/test_bots.py measures it; with extra tiles it wins 57%)"))))
def test_the_heuristic_beats_random_bots(slug):
    """The heuristic wins at least 15 of 16 seeded games against random bots (a bot
    choosing at random wins about half the 2-seat games)."""
    game = engine.get_game(slug)
    n = table_size(game, 0)
    wins = 0
    for seed in range(GAMES):
        kinds = ["random"] * n
        kinds[seed % n] = "heuristic"
        s = engine.new_game(slug, [Seat(NAMES[i], kind) for i, kind in enumerate(kinds)], seed=seed)
        s.run_bots(limit=20_000)
        result = s.result()
        assert result is not None
        wins += result.winners == [seed % n]
    assert wins >= GAMES - 1
