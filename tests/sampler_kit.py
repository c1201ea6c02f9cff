"""Checks every game's sampler test shares (issue 24, ``Game.sample``): a game played on
from a sample, and a sample that depends on the seat's view alone.

Not a test module (no ``test_`` prefix); the sampler tests import it from ``tests/``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from engine.core.decider import Game
from engine.core.playout import simulate


def play_on(game: Game, state: Any, rng: random.Random, limit: int = 5000,
            choose: Callable[[list, random.Random], Any] | None = None) -> Any:
    """Random legal commands (``choose(legal, rng)`` when given) by a random seat of those
    to act, until the game has a result; the final state. Raises ``AssertionError`` when
    it has none after ``limit`` commands."""
    for _ in range(limit):
        if game.result(state) is not None:
            return state
        seat = rng.choice(sorted(game.to_act(state)))
        legal = game.legal(state, seat)
        state = simulate(game, state, seat, choose(legal, rng) if choose else rng.choice(legal), rng)
    raise AssertionError("the game did not end")


def assert_depends_on_the_view_alone(game: Game, pairs: Iterable[tuple[Any, int | None]]) -> None:
    """For each (true state, seat): a second true state with the same view for the seat
    (sampled from the first) gives the same sample for the same rng seed."""
    for k, (state, seat) in enumerate(pairs):
        v = game.view(state, seat)
        other = game.sample(v, seat, random.Random(10_000 + k))  # another true state, same view
        assert game.view(other, seat) == v
        for r in range(2):
            assert game.sample(v, seat, random.Random(r)) == game.sample(game.view(other, seat), seat, random.Random(r))
