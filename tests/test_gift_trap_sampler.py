"""Gift Trap's sampler (``engine/games/gift_trap/sampler.py``): property tests over
positions of seeded bot games, every seat and a spectator, in every phase (mid-phase
too, with seats that have placed some of their tiles).

What a seat cannot see is the other seats' face-down tiles of this round (``view.py``;
Gift Trap rulebook, "2. Geschenke machen", "3. Bewerten", "4. Auswertung", and the
variant paragraph for Give more, Get more and the Gifttrap). A sample must show the seat
the same view and the same legal commands, keep every public fact (only ``gives``,
``rates`` and ``traps`` of other seats may differ from the true state, and the other
seats' ``tastes`` dealt for the search's play-outs), hold tiles a
seat could have placed, deal them again, play on to the end, and read only the view.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from msgspec.structs import replace

import engine
from engine.core.decider import fold
from engine.games.gift_trap.commands import GET_TILES, Done
from engine.games.gift_trap.events import GiftsDealt
from engine.games.gift_trap.sampler import sample
from engine.games.gift_trap.view import brief
from sampler_kit import assert_depends_on_the_view_alone, play_on

GAME = engine.get_game("gift-trap")

#: (players, options, bot kinds by seat): with 9 gifts a round (and at 8 players) random
#: play loses points on average, so those tracks are short and random play-outs end; the
#: last table plays on long enough to refill its stacks. The extra tiles once a round and
#: once a game.
TABLES = [
    (3, {"track_length": 20}, "hr"),
    (4, {"extra_tiles": True, "track_length": 30}, "hrhr"),
    (5, {"extra_tiles": True, "extras_once_per_game": True, "hold_scores": True, "track_length": 20}, "rhrrh"),
    (6, {"fill_all_spaces": True, "extra_tiles": True, "track_length": 6}, "rrrrrh"),
    (8, {"extra_tiles": True, "track_length": 5}, "hrrrrrrh"),
    (4, {"fill_all_spaces": True, "track_length": 8}, "rrrr"),
]
KINDS = {"h": "heuristic", "r": "random"}


def _played(n: int, options: dict, kinds: str, seed: int) -> tuple[list, bool]:
    """Every state of a seeded bot game (a random seat of those to act moves each time)
    and whether a stack was refilled."""
    o = GAME.options_from(options)
    rng = random.Random(seed)
    state = fold(GAME, GAME.initial(o, n), GAME.setup(o, n, rng))
    bots = [GAME.bots[KINDS[kinds[i % len(kinds)]]](seed * 10 + i) for i in range(n)]
    states, refilled = [state], False
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        command = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        events = GAME.decide(state, seat, command, rng)
        refilled |= any(isinstance(e, GiftsDealt) and e.refilled for e in events)
        state = fold(GAME, state, events)
        states.append(state)
    return states, refilled


@cache
def positions() -> tuple:
    """A sample of the states of one game per table (every deal, every state of the
    first rounds, some later states, the end), and whether any stack was refilled."""
    out, refilled = [], False
    for k, (n, options, kinds) in enumerate(TABLES):
        states, r = _played(n, options, kinds, seed=k + 1)
        refilled |= r
        pick = random.Random(k)
        out += [s for i, s in enumerate(states) if s.round <= 2 or pick.random() < 0.1 or i == len(states) - 1]
    return tuple(out), refilled


def _seats(state, k: int = 0) -> list:
    """A third of the seats of ``state``, rotating with ``k`` (so every seat is checked over
    the positions; each sample deals every other seat a taste, which costs), and None."""
    return [s for s in range(state.n) if (s + k) % 3 == 0] + [None]


def _hidden(state, seat) -> tuple:
    """The other seats' tiles: what the sampler deals again."""
    return tuple((state.gives[s], state.rates[s], state.traps[s]) for s in range(state.n) if s != seat)


def _check_tiles(state) -> None:
    """Every seat's tiles are tiles it could have placed this round (``rules.decide``)."""
    o, n, count = state.options, state.n, len(state.spaces)
    for s in range(n):
        gives, rates, trap = state.gives[s], state.rates[s], state.traps[s]
        if state.phase not in ("give", "rate"):
            assert gives == rates == () and trap == 0
            continue
        assert len({t.to for t in gives}) == len(gives) and all(0 <= t.to < n and t.to != s for t in gives)
        assert len({t.space for t in gives}) == len(gives) and all(1 <= t.space <= count for t in gives)
        assert len({t.tile for t in rates}) == len(rates) and all(t.tile in GET_TILES for t in rates)
        assert len({t.space for t in rates}) == len(rates) and all(1 <= t.space <= count for t in rates)
        assert all(t.tile == "" for t in gives) and all(t.to == -1 for t in rates)
        give_more = o.extra_tiles and not (o.extras_once_per_game and state.give_more_spent[s])
        get_more = o.extra_tiles and not (o.extras_once_per_game and state.get_more_spent[s])
        assert sum(t.more for t in gives) <= give_more and sum(t.more for t in rates) <= get_more
        if state.phase == "give":
            assert len(gives) == n - 1 if state.committed[s] else len(gives) < n
            assert rates == () and trap == 0
        else:
            assert len(gives) == n - 1
            assert len(rates) == 4 if state.committed[s] else len(rates) <= 4
            assert trap == 0 or (o.extra_tiles and not state.trap_spent[s] and 1 <= trap <= count)


def test_positions_cover_every_phase_mid_phase_and_a_refill():
    states, refilled = positions()
    assert refilled
    assert {s.phase for s in states} == {"deal", "give", "rate", "over"}
    partial = lambda s, tiles, full: any(0 < len(t) < full and not c for t, c in zip(tiles, s.committed))
    assert any(s.phase == "give" and partial(s, s.gives, s.n - 1) for s in states)
    assert any(s.phase == "rate" and partial(s, s.rates, 4) for s in states)
    assert any(any(s.traps) for s in states) and any(t.more for s in states for g in s.gives for t in g)
    assert any(s.phase == "rate" and any(s.trap_spent) for s in states)
    assert any(s.phase == "give" and any(s.give_more_spent) for s in states)
    for state in states:
        _check_tiles(state)  # the check itself holds of true states


def test_sample_shows_the_same_view_and_moves_and_keeps_every_public_fact():
    states, _ = positions()
    for k, state in enumerate(states):
        for seat in _seats(state, k):
            v = GAME.view(state, seat)
            got = sample(v, seat, random.Random(k))
            assert GAME.view(got, seat) == v
            assert GAME.to_act(got) == GAME.to_act(state)
            if seat is not None:
                assert GAME.legal(got, seat) == GAME.legal(state, seat)
                assert (got.gives[seat], got.rates[seat], got.traps[seat]) == (
                    state.gives[seat], state.rates[seat], state.traps[seat])
            # only the face-down tiles (and the tastes dealt for the search's play-outs,
            # never the seat's own) differ; the stacks' used cards are rebuilt exactly
            assert replace(got, gives=state.gives, rates=state.rates, traps=state.traps, tastes=()) == state
            assert got.tastes == () or (len(got.tastes) == state.n and (seat is None or got.tastes[seat] == ()))
            _check_tiles(got)


def test_sample_deals_the_hidden_tiles_again():
    states, _ = positions()
    hidden = [(k, s) for k, s in enumerate(states) if s.phase in ("give", "rate") and any(map(len, s.gives[1:]))]
    assert len(hidden) > 50
    differs = 0
    traps, more, counts = set(), set(), set()
    for k, state in hidden:
        v = GAME.view(state, 0)
        got = [sample(v, 0, random.Random(k * 100 + r)) for r in range(3)]
        differs += any(_hidden(g, 0) != _hidden(state, 0) for g in got)
        for g in got:
            traps |= {t for t in g.traps[1:]}
            more |= {t.more for gs in g.gives[1:] for t in gs}
            counts |= {len(gs) for gs, c in zip(g.gives[1:], g.committed[1:]) if g.phase == "give" and not c}
    assert differs >= 0.9 * len(hidden)
    assert 0 in traps and len(traps) > 3 and more == {False, True}
    assert {0, 1, 2} <= counts


def _done_or_any(legal: list, rng: random.Random):
    """``done`` at even odds when allowed, else any legal command."""
    return Done() if Done() in legal and rng.random() < 0.5 else rng.choice(legal)


def test_a_game_played_on_from_a_sample_ends():
    states, _ = positions()
    pick = random.Random(7)
    chosen = [s for s in states if s.phase != "over" and pick.random() < 0.12]
    assert len(chosen) > 20
    for k, state in enumerate(chosen):
        seat = pick.choice(list(range(state.n)) + [None])
        got = sample(GAME.view(state, seat), seat, random.Random(k))
        end = play_on(GAME, got, random.Random(k), 20_000, _done_or_any)
        assert GAME.result(end) is not None


def test_sample_depends_only_on_the_view():
    states, _ = positions()
    assert_depends_on_the_view_alone(GAME, [(state, seat) for k, state in enumerate(states[::3]) for seat in _seats(state, k)])


def test_sample_refuses_a_brief_view_and_another_seats_view():
    states, _ = positions()
    late = next(s for s in states if s.round > 12 and s.phase == "give")
    v = GAME.view(late, 1)
    with pytest.raises(ValueError, match="brief view"):
        sample(brief(v), 1, random.Random(0))
    with pytest.raises(ValueError, match="not seat 2"):
        sample(v, 2, random.Random(0))
    with pytest.raises(ValueError):
        sample(GAME.view(late, None), 0, random.Random(0))
