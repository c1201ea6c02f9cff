"""Dice Upon a Time's sampler (``engine/games/dice_upon_a_time/sampler.py``): property
tests over positions of seeded bot games, every seat and a spectator, beginner and full
game, competitive and co-operative, Events face down, face up and none, windows secret
and quick; mid-window, mid-prompt, with effects waiting, a King's draw waiting for its
keep and trades offering Magic Items on the table.

What a seat cannot see (RULES.md, "Hidden information"; the Dice Upon a Time rulebook,
"Setup" 2 and 7, "King", "Magic Item cards", "Story cards"): the Quest decks' order,
another player's King's draw, the Events still face down; full game, the Story and Magic
Item decks' order and discard piles, the other players' Magic Items and those a trade
between two others offers. A sample must show the seat the same view and the same legal
commands, keep every public fact (only those may differ from the true state), add the
cards up, keep what the seat knows of where a card lies, deal again, play on to the
end, and read only the view.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from msgspec.structs import replace

import engine
from engine.core import reactions
from engine.core.decider import fold
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.games.dice_upon_a_time.effects import ITEMS, STORIES, item_answers
from engine.games.dice_upon_a_time.powers import offer_problem
from engine.games.dice_upon_a_time.sampler import sample
from sampler_kit import assert_depends_on_the_view_alone, play_on

GAME = engine.get_game("dice-upon-a-time")
CARDS = load_cards()
HIDDEN = "?"

#: (players, options, bot kinds by seat, whether Magic Item trades are offered, games):
#: short games, so that random play-outs end soon; more games where the rarer moments
#: come (heuristic bots go to the King, random ones play the Magic Items that wait).
TABLES = [
    (2, {"events": "hidden", "windows": "secret"}, "hr", False, 2),
    (3, {"events": "open", "windows": "quick"}, "hhh", True, 3),
    (4, {"mode": "cooperative", "events": "hidden", "windows": "quick"}, "rhrh", False, 2),
    (5, {"events": "hidden", "windows": "secret", "characters": "none"}, "rrrrr", True, 4),
    (3, {"cards": "beginner", "events": "hidden"}, "hhr", False, 1),
    (4, {"cards": "beginner", "mode": "cooperative", "events": "open"}, "rhhr", False, 1),
    (5, {"events": "none", "windows": "quick"}, "hhhhh", False, 4),
    (2, {"mode": "cooperative", "events": "open", "windows": "secret"}, "hh", False, 1),
]
KINDS = {"h": "heuristic", "r": "random"}


def _offer(state, seat: int, rng: random.Random):
    """A trade of Magic Items ``seat`` may offer now (one of its items for one of a
    partner's, or for a token), or None."""
    if state.prompts or state.windows or state.turn != seat or state.step not in ("place", "complete"):
        return None
    me = state.players[seat]
    for other in rng.sample(range(state.n), state.n):
        them = state.players[other]
        if other == seat or not me.magic:
            continue
        get = (them.magic[0],) if them.magic else ()
        offer = cmd.Offer(other, (me.magic[0],), get or ("coin",))
        if not offer_problem(state, seat, offer):
            return offer
    return None


def _played(n: int, options: dict, kinds: str, trades: bool, seed: int) -> list:
    """Every state of a seeded short bot game (``trades``: Magic Item trades offered
    whenever one may be)."""
    o = GAME.options_from({"length": "short", **options})
    rng = random.Random(seed)
    state = fold(GAME, GAME.initial(o, n), GAME.setup(o, n, rng))
    bots = [GAME.bots[KINDS[kinds[i % len(kinds)]]](seed * 10 + i) for i in range(n)]
    states = [state]
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        command = _offer(state, seat, rng) if trades and rng.random() < 0.3 else None
        if command is None:
            command = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        state = fold(GAME, state, GAME.decide(state, seat, command, rng))
        states.append(state)
    return states


def _chance(s) -> float:
    """How likely state ``s`` is taken as a position: always the rarest moments (a
    King's draw, a trade, a played Magic Item's effect waiting, a window asking others
    with ``windows=quick``), often a window, a prompt or a waiting effect, else seldom."""
    w = s.windows[-1] if s.windows else None
    if s.king or s.offer or any(e.item in ITEMS for e in s.pending) or (
            w and s.options.windows == "quick" and set(w.waiting) - {w.mover}):
        return 1.0
    return 0.4 if s.windows or s.prompts or s.pending else 0.08


@cache
def positions() -> tuple:
    """Positions of the games of every table (``_chance``)."""
    out = []
    for k, (n, options, kinds, trades, games) in enumerate(TABLES):
        for g in range(games):
            seed = 100 * g + k + 1
            pick = random.Random(seed)
            out += [s for s in _played(n, options, kinds, trades, seed) if pick.random() < _chance(s)]
    return tuple(out)


def _seats(state) -> list:
    return [None, *range(state.n)]


# --------------------------------------------------------------------------- checks
def _hidden(state, seat) -> tuple:
    """What the sampler deals again for ``seat``."""
    hands = tuple(p.magic for i, p in enumerate(state.players) if i != seat)
    king = state.king if seat is None or seat != state.turn else ()
    return (state.decks, king, state.laid, state.stories, state.story_discard, state.magic, state.magic_discard,
            hands, state.offer)


def _public(got, state, seat):
    """``got`` with what may differ from ``state`` (the hidden part for ``seat``) put back."""
    players = tuple(replace(p, magic=state.players[i].magic) if i != seat else p for i, p in enumerate(got.players))
    return replace(got, decks=state.decks, king=state.king if seat is None or seat != state.turn else got.king,
                   laid=state.laid, stories=state.stories, story_discard=state.story_discard, magic=state.magic,
                   magic_discard=state.magic_discard, players=players, offer=state.offer)


def _quick_facts(state) -> tuple[set, set]:
    """In a ``windows=quick`` game: the seats waiting in the innermost window, and those
    a window asking in turn passed over (a Magic Item holder after the first seat
    waiting); effects.window_seats."""
    if state.options.windows != "quick" or not state.windows:
        return set(), set()
    w = state.windows[-1]
    holds = lambda i: bool(state.players[i].magic)  # noqa: E731
    over: set = set()
    if w.trigger in ("tokens", "snake", "items", "quests"):
        first = (w.mover,) if w.trigger in ("tokens", "snake") and holds(w.mover) else ()
        order = first + reactions.answer_order(w.mover, state.n, holds)
        over = {i for i in order[order.index(w.waiting[0]) + 1:] if i not in w.waiting}
    return set(w.waiting), over


def _check_quick(state) -> None:
    waiting, over = _quick_facts(state)
    w = state.windows[-1] if state.windows else None
    for i in waiting:
        assert item_answers(state, i, w), (i, w)
    for i in over:
        assert not item_answers(state, i, w), (i, w)


def _check_cards(got, state, seat) -> None:
    """The cards add up: every Quest card once at most, each deck of its value and of the
    view's size; every Event once; full game, every Story card and Magic Item once, a
    trade's items in their holders' hands; the discard piles keep what the seat knows."""
    quests = [q for d in got.decks.values() for q in d] + list(got.king) + list(got.table) + [
        q for p in got.players for q in (*p.quests, *p.done)]
    assert len(quests) == len(set(quests))
    for v, deck in got.decks.items():
        assert all(CARDS.quests[q].ap == v for q in deck) and len(deck) == len(state.decks[v])
    assert len(got.king) == len(state.king) or not any(map(len, state.decks.values()))
    assert len(got.laid) == len(state.laid) and len(set(got.laid)) == len(got.laid)
    assert set(got.laid) <= set(CARDS.events)
    if state.options.cards != "full":
        assert got.stories == got.story_discard == got.magic == got.magic_discard == ()
        return
    limbo = [e.story for e in got.pending if e.do in ("read", "keep_story")]
    stories = list(got.stories) + list(got.story_discard) + limbo + [x for p in got.players for x in p.stories]
    assert Counter(stories) == Counter(list(STORIES))
    items = list(got.magic) + list(got.magic_discard) + [x for p in got.players for x in p.magic]
    assert Counter(items) == Counter(list(ITEMS))
    if got.offer is not None:
        for cards, holder in ((got.offer.give, got.offer.seat), (got.offer.get, got.offer.to)):
            assert Counter(x for x in cards if x in ITEMS) <= Counter(got.players[holder].magic)
    # a Magic Item played whose effect waits lies in the discard pile; so does a Story
    # card read whose effect waits
    for e in state.pending:
        if e.item in state.magic_discard:
            assert e.item in got.magic_discard
        if e.story in state.story_discard:
            assert e.story in got.story_discard
    _check_quick(got)


# --------------------------------------------------------------------------- tests
def test_positions_cover_the_hidden_information():
    states = positions()
    seen = Counter()
    for s in states:
        seen["keep"] += bool(s.king)
        seen["window"] += bool(s.windows)
        seen["quick"] += bool(s.options.windows == "quick" and s.windows and s.options.cards == "full")
        seen["passed over"] += bool(_quick_facts(s)[1])
        seen["prompt"] += bool(s.prompts)
        seen["pending"] += bool(s.pending)
        seen["item pending"] += any(e.item in ITEMS for e in s.pending)
        seen["offer"] += bool(s.offer and any(x in ITEMS for x in (*s.offer.give, *s.offer.get)))
        seen["events hidden"] += s.options.events == "hidden" and s.chapter < len(s.laid)
        seen["story discard"] += bool(s.story_discard)
        seen["item discard"] += bool(s.magic_discard)
        seen["out of the game"] += len(CARDS.quests) > len(s.table) + len(s.king) + sum(
            len(p.quests) + len(p.done) for p in s.players) + sum(map(len, s.decks.values()))
        seen[s.options.mode, s.options.cards] += 1
        _check_quick(s)  # the facts the sampler keeps hold of true states
    assert all(seen[k] >= 5 for k in ("keep", "window", "quick", "prompt", "pending", "offer", "events hidden",
                                       "story discard", "item discard", "passed over")), seen
    assert seen["item pending"] and seen["out of the game"], seen
    assert all(seen[m, c] for m in ("competitive", "cooperative") for c in ("full", "beginner")), seen


def test_the_view_shows_the_waiting_effects_and_a_sample_names_their_items_again():
    """The waiting effects are public (each was set off on the table); a Magic Item that
    set one off was played and lies in the face-down discard pile, so the view shows it
    as "?" and the sample names it again by the effect's word."""
    played = 0
    for k, state in enumerate(positions()):
        v = GAME.view(state, k % state.n)
        assert len(v.pending) == len(state.pending)
        for shown, e in zip(v.pending, state.pending):
            assert shown == (replace(e, item=HIDDEN) if e.item in ITEMS else e)
            played += e.item in ITEMS
        assert sample(v, k % state.n, random.Random(k)).pending == state.pending
    assert played >= 5


def test_sample_shows_the_same_view_and_moves_and_keeps_every_public_fact():
    for k, state in enumerate(positions()):
        for seat in _seats(state):
            v = GAME.view(state, seat)
            got = sample(v, seat, random.Random(k))
            assert GAME.view(got, seat) == v
            assert GAME.to_act(got) == GAME.to_act(state)
            if seat is not None:
                assert GAME.legal(got, seat) == GAME.legal(state, seat)
                assert got.players[seat] == state.players[seat]
            assert _public(got, state, seat) == state  # the waiting effects too, their items named again
            _check_cards(got, state, seat)


def test_sample_deals_the_hidden_cards_again():
    states = [s for s in positions() if s.phase == "play"]
    differs, parts = 0, Counter()
    for k, state in enumerate(states):
        seat = k % state.n
        v = GAME.view(state, seat)
        got = [sample(v, seat, random.Random(k * 100 + r)) for r in range(4)]
        differs += any(_hidden(g, seat) != _hidden(state, seat) for g in got)
        for g in got:
            for name, a, b in zip(("decks", "king", "laid", "stories", "story_discard", "magic", "magic_discard",
                                   "hands", "offer"), _hidden(g, seat), _hidden(state, seat)):
                parts[name] += a != b
    assert differs >= 0.9 * len(states), (differs, len(states))
    assert all(parts[name] for name in ("decks", "king", "laid", "stories", "story_discard", "magic",
                                        "magic_discard", "hands", "offer")), parts


def test_a_game_played_on_from_a_sample_ends():
    pick = random.Random(7)
    states = positions()
    chosen = [s for s in states if s.phase != "over" and (s.king or s.offer or pick.random() < 0.05)]
    assert len(chosen) > 30
    for k, state in enumerate(chosen):
        seat = pick.choice(_seats(state))
        got = sample(GAME.view(state, seat), seat, random.Random(k))
        assert GAME.result(play_on(GAME, got, random.Random(k))) is not None


def test_sample_depends_only_on_the_view():
    assert_depends_on_the_view_alone(GAME, [(state, seat) for state in positions()[::4] for seat in _seats(state)])


def test_sample_refuses_another_seats_view_and_counts_that_do_not_add_up():
    state = next(s for s in positions() if s.options.cards == "full" and s.phase == "play" and s.decks[2])
    v = GAME.view(state, 1)
    with pytest.raises(ValueError, match="not seat 2"):
        sample(v, 2, random.Random(0))
    with pytest.raises(ValueError):
        sample(GAME.view(state, None), 0, random.Random(0))
    with pytest.raises(ValueError, match="2 AP deck"):
        sample(replace(v, decks={**v.decks, 2: 99}), 1, random.Random(0))
    with pytest.raises(ValueError, match="Magic Item"):
        sample(replace(v, magic=v.magic + 1), 1, random.Random(0))
    with pytest.raises(ValueError, match="Story"):
        sample(replace(v, stories=v.stories + 1), 1, random.Random(0))
