"""Naughty or Nice's sampler (``engine/games/naughty_or_nice/sampler.py``, issue 24): a
whole state dealt at random consistently with one seat's view. Property tests over
positions of seeded games played by the game's bots (2–5 players, levels 1–5, reaction
windows secret and quick, gift givers chosen and drawn), taken along the way for every
seat and a spectator, mid-window and mid-prompt too."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from engine.games.naughty_or_nice import GAME, sampler
from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.data import CARDS, CREATURES, KIDDOS, PRESENTS, SYMBOLS
from engine.games.naughty_or_nice.options import Options
from engine.games.naughty_or_nice.state import State
from sampler_kit import assert_depends_on_the_view_alone

#: (players, level, windows, givers, bot kind, seed) of the games the positions come from.
GAMES = [
    (2, 5, "secret", "choose", "heuristic", 1), (2, 3, "quick", "random", "random", 2),
    (2, 1, "secret", "random", "heuristic", 3), (3, 5, "quick", "choose", "heuristic", 4),
    (3, 4, "secret", "random", "random", 5), (3, 2, "quick", "choose", "heuristic", 6),
    (4, 5, "secret", "random", "heuristic", 7), (4, 5, "quick", "choose", "random", 8),
    (4, 3, "secret", "choose", "heuristic", 9), (5, 5, "quick", "random", "heuristic", 10),
    (5, 4, "secret", "choose", "random", 11), (5, 5, "secret", "choose", "heuristic", 12),
    (3, 5, "quick", "random", "random", 13), (4, 4, "quick", "random", "heuristic", 14),
]


def _fold(state: State, events) -> State:
    for e in events:
        state = GAME.evolve(state, e)
    return state


def _game(n: int, level: int, windows: str, givers: str, kind: str, seed: int) -> list[State]:
    """Every state of one game played to its end by bots of ``kind``."""
    options = Options(level=level, windows=windows, givers=givers)
    rng = random.Random(seed)
    state = _fold(GAME.initial(options, n), GAME.setup(options, n, rng))
    bots = [GAME.bots[kind](seed * 10 + i) for i in range(n)]
    states = [state]
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        command = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        state = _fold(state, GAME.decide(state, seat, command, rng))
        states.append(state)
    assert GAME.result(state) is not None
    return states


def _interesting(state: State) -> bool:
    return bool(state.windows or state.prompts or state.revealed)


@functools.cache
def positions() -> tuple[State, ...]:
    """Every 6th state of each game, and every state in a reaction window, a prompt or
    with presents revealed."""
    out = []
    for config in GAMES:
        states = _game(*config)
        out += [s for k, s in enumerate(states) if k % 6 == 0 or _interesting(s) or k == len(states) - 1]
    return tuple(out)


def _seats(state: State) -> list[int | None]:
    return [*range(state.n), None]


def _pairs():
    for state in positions():
        for seat in _seats(state):
            yield state, seat


# --------------------------------------------------------------------------- coverage
def test_the_positions_cover_windows_prompts_midnight_and_small_tables():
    seen = Counter()
    for s in positions():
        seen[f"{s.n} players"] += 1
        seen[f"level {s.level}"] += 1
        if s.windows:
            seen[f"window {s.options.windows}"] += 1
        for p in s.prompts[:1]:
            seen[f"prompt {p.kind}"] += 1
        if s.summoning:
            seen["summoning"] += 1
        if s.midnight:
            seen["midnight"] += 1
        if s.phase == "over":
            seen["over"] += 1
        if any(p.fresh for p in s.players):
            seen["fresh"] += 1
    for key in ("2 players", "3 players", "4 players", "5 players", "level 1", "level 2", "level 3", "level 4",
                "level 5", "window secret", "window quick", "prompt keep", "prompt pick", "prompt giver",
                "summoning", "midnight", "over", "fresh"):
        assert seen[key] >= 2, (key, seen)


# --------------------------------------------------------------------------- the contract
def test_the_sample_shows_the_seat_the_same_view_and_the_same_moves():
    for state, seat in _pairs():
        v = GAME.view(state, seat)
        for k in range(2):
            got = sampler.sample(v, seat, random.Random(k))
            assert GAME.view(got, seat) == v
            assert GAME.to_act(got) == GAME.to_act(state)
            if seat is not None:
                assert GAME.legal(got, seat) == GAME.legal(state, seat)


def _presents(s: State) -> Counter:
    cards = [*s.present_deck, *(c for c in s.row if c), *s.present_discard, *s.revealed]
    return Counter(cards + [c for p in s.players for c in p.presents])


def _creatures(s: State) -> Counter:
    cards = [c for c in s.creature_deck if c != ev.MIDNIGHT] + [*s.creature_discard, *s.summoning]
    cards += [c for p in s.players for c in p.creatures] + ["RD"] * sum(max(p.rudolf, 0) for p in s.players)
    return Counter(cards)


def _kiddos(s: State) -> Counter:
    cards = [k for k in s.kiddo_deck if k != ev.MIDNIGHT_KIDDO] + [k for k in s.playground if k >= 0]
    cards += [*s.kiddo_discard, *s.removed_kiddos] + [k for p in s.players for k in p.kiddos]
    return Counter(cards)


def _check_cards(s: State) -> None:
    """The multisets add up, hands are sorted with their fresh cards among them, and an
    unstruck midnight card lies in its deck's bottom six (a struck one is out, but for
    one the sampler keeps: the kiddo deck's while six kiddos or more lie on it)."""
    copies = CARDS.copies - (1 if s.n <= 3 else 0)
    assert _presents(s) == Counter({code: copies for code in PRESENTS})
    creatures = Counter({code: c.count for code, c in CREATURES.items()}) if s.level >= 3 else Counter()
    assert _creatures(s) == creatures
    assert _kiddos(s) == Counter(range(len(KIDDOS)))
    for p in s.players:
        assert p.presents == tuple(sorted(p.presents)) and p.creatures == tuple(sorted(p.creatures))
        assert not Counter(p.fresh) - Counter(p.creatures)
    for deck, midnight, present in ((s.kiddo_deck, ev.MIDNIGHT_KIDDO, True),
                                    (s.creature_deck, ev.MIDNIGHT, s.level >= 3)):
        if not s.midnight:
            assert deck.count(midnight) == int(present)
        assert deck.count(midnight) <= 1
        if midnight in deck and not s.midnight:
            assert deck.index(midnight) >= len(deck) - 6
    if s.n <= 3:
        assert s.removed_presents == tuple(PRESENTS)
        removed = [KIDDOS[k] for k in s.removed_kiddos]
        assert sorted(k.symbol for k in removed if len(k.wishes) == 4) == sorted(SYMBOLS)
        assert sum(1 for k in removed if len(k.wishes) == 5) == len(SYMBOLS) == len(removed) - len(SYMBOLS)
    else:
        assert s.removed_presents == () and s.removed_kiddos == ()


def test_the_true_states_meet_the_checks():
    """What the checks below ask of a sample holds of the games' own states."""
    for state in positions():
        _check_cards(state)


def test_the_cards_add_up_and_the_seat_keeps_what_it_knows():
    for state, seat in _pairs():
        got = sampler.sample(GAME.view(state, seat), seat, random.Random(3))
        _check_cards(got)
        if got.midnight:
            assert ev.MIDNIGHT not in got.creature_deck
            assert (ev.MIDNIGHT_KIDDO in got.kiddo_deck) == (len(got.kiddo_deck) > 6)
            if ev.MIDNIGHT_KIDDO in got.kiddo_deck:
                assert got.kiddo_deck.index(ev.MIDNIGHT_KIDDO) >= len(got.kiddo_deck) - 6
        assert got.removed_presents == state.removed_presents
        assert [k for k in got.removed_kiddos if len(KIDDOS[k].wishes) == 5] == \
            [k for k in state.removed_kiddos if len(KIDDOS[k].wishes) == 5]
        assert got.revealer == (state.turn if state.revealed else -1)
        if state.revealed:
            assert state.revealer == state.turn
        if seat is not None:
            assert got.players[seat] == state.players[seat]
        if state.summoning and state.prompts[0].seat == seat:
            assert got.summoning == state.summoning
        for p, q in zip(got.players, state.players):
            assert len(p.fresh) == len(q.fresh)


def test_a_quick_window_asks_only_who_holds_the_answer():
    """With ``windows=quick`` the awaited seats hold the reaction ready to play, and the
    seats after them that were not asked hold none."""
    checked = 0
    for state, seat in _pairs():
        if state.options.windows != "quick" or not state.windows:
            continue
        window = state.windows[-1]
        card = {"creature": "TO", "fulfill": "PW"}[window.trigger]
        order = [(window.mover + k) % state.n for k in range(1, state.n)]
        after = order[order.index(window.waiting[0]):]
        got = sampler.sample(GAME.view(state, seat), seat, random.Random(5))
        for s in (state, got):
            for i in after:
                assert (card in s.players[i].playable()) == (i in window.waiting)
        checked += 1
    assert checked >= 10


def test_the_midnight_card_lies_anywhere_in_the_bottom_six():
    state = next(s for s in positions() if not s.midnight and len(s.creature_deck) > 10 and s.level >= 3)
    v = GAME.view(state, 0)
    under = Counter()
    for k in range(300):
        got = sampler.sample(v, 0, random.Random(k))
        under[("creatures", len(got.creature_deck) - 1 - got.creature_deck.index(ev.MIDNIGHT))] += 1
        under[("kiddos", len(got.kiddo_deck) - 1 - got.kiddo_deck.index(ev.MIDNIGHT_KIDDO))] += 1
    assert set(under) == {(deck, k) for deck in ("creatures", "kiddos") for k in range(6)}


def _hidden(s: State, seat: int | None):
    hands = tuple((p.presents, p.creatures, p.fresh) for i, p in enumerate(s.players) if i != seat)
    return hands, s.present_deck, s.creature_deck, s.kiddo_deck


def test_the_sample_deals_the_hidden_cards_again():
    redealt = hands = total = 0
    for state, seat in _pairs():
        if state.phase != "play" or len(set(state.present_deck)) < 2:
            continue
        total += 1
        samples = [sampler.sample(GAME.view(state, seat), seat, random.Random(k)) for k in range(4)]
        redealt += any(_hidden(s, seat) != _hidden(state, seat) for s in samples)
        hands += any(_hidden(s, seat)[0] != _hidden(state, seat)[0] for s in samples)
        assert len({_hidden(s, seat) for s in samples}) > 1
    assert total > 300
    assert redealt == total
    assert hands >= 0.9 * total


def test_a_game_played_on_from_a_sample_ends_without_error():
    chosen = positions()[::12]
    for k, state in enumerate(chosen):
        seat = k % (state.n + 1)
        seat = None if seat == state.n else seat
        s = sampler.sample(GAME.view(state, seat), seat, random.Random(k))
        rng = random.Random(1000 + k)
        for _ in range(5000):
            if not GAME.to_act(s):
                break
            who = min(GAME.to_act(s))
            s = _fold(s, GAME.decide(s, who, rng.choice(GAME.legal(s, who)), rng))
        assert GAME.result(s) is not None


def test_the_sample_depends_on_the_view_alone():
    """Two true states with the same view for the seat (the second sampled from the
    first) give the same sample for the same rng seed."""
    assert_depends_on_the_view_alone(GAME, list(_pairs())[::3])


# --------------------------------------------------------------------------- errors
def test_a_view_of_another_seat_or_with_cards_that_do_not_add_up_is_refused():
    state = positions()[5]
    v = GAME.view(state, 0)
    with pytest.raises(ValueError, match="seat 0's, not seat 1's"):
        sampler.sample(v, 1, random.Random(0))
    import msgspec

    bad = msgspec.structs.replace(v, present_deck=v.present_deck + 1)
    with pytest.raises(ValueError, match="presents are unaccounted for"):
        sampler.sample(bad, 0, random.Random(0))
    bad = msgspec.structs.replace(v, present_discard=(*v.present_discard, *(["CA"] * 5)))
    with pytest.raises(ValueError, match="the game does not have"):
        sampler.sample(bad, 0, random.Random(0))


def test_the_game_registers_the_sampler():
    assert GAME.sample is sampler.sample
