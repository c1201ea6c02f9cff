"""The rollout search behind ``hard`` and ``expert`` (issue 24): ``engine.core.rollouts``.
Tested on Nim with a base bot that takes one stone (so only a look-ahead finds the
winning take), on what it keeps when nothing beats the base bot's choice, and on the
real games with an iteration budget, never a time."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

import engine
from engine.core import registry
from engine.core.decider import Game
from engine.core.rollouts import RolloutSearch, family_z
from engine.core.playout import HeuristicPolicy, outcome
from engine.core.search import SearchBot
from engine.core.thinking import dumps
from test_search import NIM, Pile, PileView, Take


class TakeOne:
    """Nim's base bot: always takes one stone (it wins only by luck)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view, legal, rng):
        return legal[0]


class TakeMost(TakeOne):
    def choose(self, view, legal, rng):
        return legal[-1]


def _nim(bot=TakeOne) -> Game:
    return Game(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__}, "bots": {"normal": bot}})


@pytest.mark.parametrize("left", [6, 8, 10])
def test_the_rollouts_beat_their_base_bot_where_a_look_ahead_sees_the_win(left):
    """Tesauro and Galperin's policy improvement: the base bot takes one stone, so a
    play-out is won by whoever faces an even pile after the search's take. From an even
    pile only taking 2 does that; the base bot's own choice (take 1) loses every
    play-out, and the search plays the take that wins."""
    game, pile = _nim(), Pile(left)
    search = RolloutSearch(game, iterations=60)
    assert search.run(PileView(0, pile), 0, game.legal(pile, 0), random.Random(1)) == Take(2)
    assert search.means == {Take(1): 0.0, Take(2): 1.0, Take(3): 0.0}


def test_the_base_bots_choice_stands_unless_a_command_beats_it():
    """From 4 stones every take loses to a base bot that takes the most: the paired
    play-outs are level, nothing beats the hint, and the hint (take 3) is played, not
    the first command in the list."""
    game, pile = _nim(TakeMost), Pile(4)
    search = RolloutSearch(game, iterations=90)
    choice = search.run(PileView(0, pile), 0, game.legal(pile, 0), random.Random(3))
    assert search.means == {Take(1): 0.0, Take(2): 0.0, Take(3): 0.0}
    assert choice == Take(3)


class Scripted(RolloutSearch):
    """Rollouts whose rewards are set: ``Take(2)`` wins 2 rounds of 8, every other take none."""

    def rate(self, state, seat, command, rng):
        self.seen[command] = self.seen.get(command, -1) + 1
        return (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)[self.seen[command]] if command == Take(2) else 0.0


@pytest.mark.parametrize("legal, played", [([Take(1), Take(2)], Take(2)),
                                           ([Take(1), Take(2), Take(3)], Take(1))])
def test_the_leader_must_beat_the_hint_by_more_the_more_commands_challenge_it(legal, played):
    """Take 2 leads the hint (take 1) by 1.53 standard errors of their paired difference
    over 8 rounds. Alone against the hint that beats ``z`` = 1.5 and is played; as the best
    of two challengers it must beat ``family_z(1.5, 2)`` = 1.83 (the best of two noisy
    means reads high), so the hint stands."""
    search = Scripted(_nim(), iterations=8 * len(legal))
    search.seen = {}
    assert search.run(PileView(0, Pile(9)), 0, legal, random.Random(0)) == played
    assert search.last_rounds == 8
    assert [round(family_z(1.5, m), 2) for m in (1, 2, 3, 5)] == [1.5, 1.83, 2.0, 2.2]


def test_a_lead_counts_by_how_much_with_a_scale_until_the_game_is_decided():
    """``outcome`` with ``Game.lead``: an unfinished game is the lead's logistic (0.5 when
    level); a finished one scores its result alone, however narrow the margin (issue 35:
    a certain win by 1 point read 77.5 %)."""
    game = registry.get("giftbringer")
    s = engine.new_game("giftbringer", ["ann", "bob"], seed=2)
    level = outcome(game, s.state, 2, game.lead)
    assert level == [0.5, 0.5]
    for name, winner in (("giftbringer-three", 0), ("dice-upon-a-time-beginner", 0), ("naughty-or-nice-level-1", 1)):
        done = engine.load(str(Path(__file__).parent.parent / "saves" / f"{name}.json"))  # won by 4, 2, 2
        n = len(done.seats)
        assert done.result().winners == [winner]
        assert outcome(done.game, done.state, n, done.game.lead) == [1.0 if i == winner else 0.0 for i in range(n)]
    assert game.lead == 5.0 and game.horizon is None
    assert registry.get("bottlecap-vikings").horizon == 40


def test_an_iteration_budget_gives_the_same_choice_every_run_and_in_a_worker():
    """Issue 24, "Reproducible": the same seed and iterations give the same choice, and a
    bot pickled for a worker (``thinking.dumps``) chooses the same as the one inline."""
    game = registry.get("naughty-or-nice")
    s = engine.new_game("naughty-or-nice", ["ann", "bob"], seed=5)
    seat = s.to_act_seats()[0]
    choices = []
    for _ in range(2):
        bot = SearchBot(game, seed=9, method=RolloutSearch, iterations=16)
        choices.append(bot.choose(s.view(seat), s.legal_commands(seat), random.Random(0)))
        assert bot.search.last_iterations <= 16 and bot.search.last_rounds >= 1
    copy = pickle.loads(dumps(SearchBot(game, seed=9, method=RolloutSearch, iterations=16)))
    assert copy.choose(s.view(seat), s.legal_commands(seat), random.Random(0)) == choices[0]
    assert choices[0] in s.legal_commands(seat)


def test_the_play_out_policy_plays_the_normal_bot_and_mends_a_stale_choice():
    """``HeuristicPolicy``: with ``epsilon`` 0 every move is the ``normal`` bot's; a choice
    not among the legal commands becomes a legal one."""
    game = _nim(TakeMost)
    policy = HeuristicPolicy(game, epsilon=0.0)
    legal = game.legal(Pile(5), 0)
    assert policy(Pile(5), 0, legal, random.Random(0)) == Take(3)
    stale = HeuristicPolicy(_nim(type("Stale", (TakeOne,), {"choose": lambda self, v, l, r: Take(9)})), epsilon=0.0)
    assert stale(Pile(5), 0, legal, random.Random(0)) in legal
    assert pickle.loads(dumps(HeuristicPolicy(registry.get("gift-trap")))).bots == {}


def test_hard_and_expert_are_the_rollout_search_in_every_game():
    for slug in registry.slugs():
        game = registry.get(slug)
        for strength in ("hard", "expert"):
            bot = game.bots[strength](1)
            assert isinstance(bot, SearchBot) and isinstance(bot.search, RolloutSearch), (slug, strength)


def test_the_search_compares_normals_first_ideas_in_its_order_then_others_at_random():
    """``candidates``: the base bot asked again with each choice taken away gives its
    order of preference (take 3, then 2, then 1 for a bot that takes the most); ``width``
    keeps the first ones. A bot that cannot rank (its choice is not legal) leaves the
    order to chance, every command once."""
    game = _nim(TakeMost)
    legal = game.legal(Pile(9), 0)
    assert RolloutSearch(game, width=8).candidates(PileView(0, Pile(9)), 0, legal, random.Random(0)) == \
        [Take(3), Take(2), Take(1)]
    assert RolloutSearch(game, width=2).candidates(PileView(0, Pile(9)), 0, legal, random.Random(0)) == \
        [Take(3), Take(2)]
    lost = _nim(type("Lost", (TakeOne,), {"choose": lambda self, v, l, r: Take(9)}))
    picked = RolloutSearch(lost, width=2).candidates(PileView(0, Pile(9)), 0, legal + legal, random.Random(0))
    assert len(picked) == 2 and len(set(picked)) == 2 and set(picked) <= set(legal)
