"""Gift Trap's search models what the table has revealed (``engine/games/gift_trap/tastes.py``).

Every reveal shows each player's Get tiles (Gift Trap rulebook, "3. Bewerten" and
"4. Auswertung"), so a seat knows something of what the others like. The sampler used to
deal the other players' face-down tiles at random, and the search's play-outs rated
every gift by a taste of each seat's own ``normal`` bot, the same invented taste every
move: the search optimised against a table that does not exist. Now the sampler deals
each other seat a taste drawn from what its revealed Get tiles say, deals its face-down
tiles this round as such a player would place them, and the play-outs' bots rate by the
dealt taste (``Game.persona``).
"""

from __future__ import annotations

import random

from msgspec.structs import replace

import engine
from engine.core.decider import fold
from engine.core.playout import HeuristicPolicy
from engine.games.gift_trap import tastes
from engine.games.gift_trap.commands import RateGift
from engine.games.gift_trap.sampler import sample

GAME = engine.get_game("gift-trap")


def _rate_phase_after(rounds: int, seed: int):
    """The state at the start of the Rate phase of round ``rounds + 1`` of a 3-player
    game of ``normal`` bots whose tastes come from seeds the sampler cannot know, and
    the bots."""
    o = GAME.options_from({"track_length": 60})  # long enough that nobody wins meanwhile
    rng = random.Random(seed)
    state = fold(GAME, GAME.initial(o, 3), GAME.setup(o, 3, rng))
    bots = [GAME.bots["normal"](seed * 7919 + 31 * i + 1) for i in range(3)]
    while not (state.round == rounds + 1 and state.phase == "rate"):
        seat = min(GAME.to_act(state))
        command = bots[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        state = fold(GAME, state, GAME.decide(state, seat, command, rng))
    return state, bots


def _super(bot, view, seat) -> int:
    """The space on which ``bot`` in ``seat`` would lay its Super now."""
    return bot.plan_rates(replace(view, me=seat))["super"][0]


def test_the_dealt_tastes_follow_the_revealed_get_tiles():
    """After five reveals, the tastes dealt for another player put its Super where that
    player really puts it far more often than tastes drawn blind (the prior) do."""
    hits = blind = total = 0
    for seed in range(6):
        state, bots = _rate_phase_after(5, seed)
        view = GAME.view(state, 0)
        for seat in (1, 2):
            truth = _super(bots[seat], view, seat)
            for k in range(20):
                dealt = sample(view, 0, random.Random(1000 * seed + 10 * seat + k))
                assert dealt.tastes[0] == ()  # the searching seat plays as itself
                hits += _super(tastes.bot(dealt.tastes[seat], seat), view, seat) == truth
                prior = tastes.PRIOR[random.Random(k + 100 * seed).randrange(tastes.PARTICLES)]
                blind += _super(tastes.bot(prior, seat), view, seat) == truth
                total += 1
    assert hits / total >= 0.4 and hits >= 2 * blind, (hits, blind, total)


def test_the_other_players_hidden_tiles_are_dealt_as_such_players_place_them():
    """In the Rate phase the gifts the others gave (face down) are dealt as a player who
    learns the tastes from the reveals gives: mostly what they really gave."""
    same = total = 0
    for seed in range(6):
        state, _ = _rate_phase_after(4, seed)
        view = GAME.view(state, 0)
        for k in range(10):
            dealt = sample(view, 0, random.Random(k))
            for seat in (1, 2):
                same += {(t.to, t.space) for t in dealt.gives[seat]} == {(t.to, t.space) for t in state.gives[seat]}
                total += 1
    assert same / total >= 0.35, (same, total)  # at random: 1 in 12


def test_the_play_outs_rate_by_the_dealt_taste():
    """A play-out's ``normal`` bot for another seat rates by the taste the sampler dealt
    it (``Game.persona``), not by a taste of its own; the searching seat keeps its own."""
    state, _ = _rate_phase_after(3, 0)
    view = GAME.view(state, 0)
    policy = HeuristicPolicy(GAME, epsilon=0.0)
    fresh = 0
    for k in range(12):
        dealt = sample(view, 0, random.Random(k))
        assert policy.persona(dealt, 0) is policy.bot(0)
        for seat in (1, 2):
            bot = policy.persona(dealt, seat)
            assert tuple(bot.taste.values()) == dealt.tastes[seat]
            if dealt.rates[seat] == ():  # nothing placed yet: its first Get tile is its Super
                fresh += 1
                first = policy(dealt, seat, GAME.legal(dealt, seat), random.Random(0))
                assert first == RateGift("super", _super(bot, view, seat), False)
    assert fresh > 0
