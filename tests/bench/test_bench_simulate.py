"""Simulation speed (issue 24, must-hold 3): a 4-player random game played through the
search's path (``playout.simulate``: ``decide`` and ``evolve``, no log entry, notation
or view) beside the same kind of game through the session (``LocalSession.run_bots``
with random bots, which writes the log). Each benchmark records the moves of the games
it played (``extra_info``), so moves a second are ``moves_per_game / mean`` (games differ
in length, so the mean, not the median, pairs with the moves).

The simulated games choose uniformly among all legal commands, so some never end (a
Bottlecap Vikings seat that only ends its turn); each stops after ``MOVES`` commands,
which leaves the rate (moves a second) a fair figure beside the session's.

Run: ``.venv/bin/pytest tests/bench/test_bench_simulate.py --benchmark-enable --benchmark-only``.
"""

import random

import pytest

import engine
from engine import Seat
from engine.core import registry
from engine.core.playout import actor, simulate

SLUGS = registry.slugs()
#: Commands after which a simulated random game stops (see above).
MOVES = 2_000


def _simulated(slug: str, tally: dict):
    game, seeds = registry.get(slug), iter(range(10**9))

    def play():
        seed = next(seeds)
        state = engine.new_game(slug, [f"p{i}" for i in range(4)], seed=seed).state
        rng, moves = random.Random(seed), 0
        while moves < MOVES and (mover := actor(game, state, 0)) >= 0:
            legal = game.legal(state, mover)
            state = simulate(game, state, mover, legal[rng.randrange(len(legal))], rng)
            moves += 1
        tally["games"] += 1
        tally["moves"] += moves
        return state

    return play


def _session(slug: str, tally: dict):
    seeds = iter(range(10**9))

    def play():
        s = engine.new_game(slug, [Seat(f"b{i}", "random") for i in range(4)], seed=next(seeds))
        before = len(s.entries)
        s.run_bots()
        tally["games"] += 1
        tally["moves"] += len(s.entries) - before
        return s

    return play


@pytest.mark.parametrize("path", ["simulate", "session"])
@pytest.mark.parametrize("slug", SLUGS)
def test_bench_random_game_4_players_by_path(benchmark, slug, path):
    tally = {"games": 0, "moves": 0}
    benchmark.pedantic((_simulated if path == "simulate" else _session)(slug, tally), rounds=15, warmup_rounds=1)
    benchmark.extra_info.update(moves_per_game=tally["moves"] / tally["games"])
    assert tally["moves"] > 0
