"""Issue 24, must-hold 2: the search chooses from what its seat knows. In every game,
positions from a seeded game are dealt again outside the seat's view (``Game.sample``
gives another true state with the same view: every hidden card, tile, taste and deck
order swapped), and both search bots, with the same seed and an iteration budget
(play-outs cut at 30 commands, to keep the test quick), choose the same command from
both."""

from __future__ import annotations

import random

import pytest

import engine
from engine import Seat
from engine.core import registry
from engine.core.rollouts import RolloutSearch
from ismcts import Search
from engine.core.search import SearchBot

#: Games whose seats cannot see everything (the others have nothing to swap).
HIDDEN = {"gift-trap", "naughty-or-nice", "dice-upon-a-time"}


def positions(slug: str, every: int, most: int):
    """(true state, seat) at every ``every``-th choice of a seeded heuristic game, at
    most ``most`` of them, each with more than one legal command."""
    game = registry.get(slug)
    n = 3 if game.max_players >= 3 else 2
    s = engine.new_game(slug, [Seat(f"b{i}", "heuristic") for i in range(n)], seed=11)
    bots = [game.bots["heuristic"](i) for i in range(n)]
    rng, found, k = random.Random(11), [], 0
    while s.to_act_seats() and len(found) < most:
        seat = s.to_act_seats()[-1]
        legal = s.legal_commands(seat)
        if len(legal) > 1:
            k += 1
            if k % every == 0:
                found.append((s.state, seat))
        s.submit(seat, bots[seat].choose(s.view(seat), legal, rng))
    return found


@pytest.mark.parametrize("method, iterations", [(Search, 30), (RolloutSearch, 24)], ids=["ismcts", "rollouts"])
@pytest.mark.parametrize("slug", registry.slugs())
def test_swapping_what_a_seat_cannot_see_leaves_the_search_s_choice(slug, method, iterations):
    game = registry.get(slug)
    swapped = 0
    for k, (state, seat) in enumerate(positions(slug, every=9, most=2)):
        view = game.view(state, seat)
        other = game.sample(view, seat, random.Random(500 + k))
        assert game.view(other, seat) == view and game.legal(other, seat) == game.legal(state, seat)
        swapped += other != state
        chosen = [SearchBot(game, seed=k, method=method, iterations=iterations, depth=30)
                  .choose(game.view(x, seat), game.legal(x, seat), random.Random(0)) for x in (state, other)]
        assert chosen[0] == chosen[1]
    assert (swapped > 0) == (slug in HIDDEN)
