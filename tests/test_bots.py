"""Gift Trap's bots (``docs/architecture.md``, "Bots"): they choose only legal commands, see
only their own seat's view, finish games for 3–8 players, and the heuristic bot beats the
random one. The measured figures are recorded in ``engine/games/gift_trap/RULES.md``,
"Bot strength"."""

from __future__ import annotations

import math

import pytest

import engine
from engine import Seat
from engine.games.gift_trap.state import State
from engine.games.gift_trap.view import View

SEEDS = range(200)


class Spy:
    """Wraps a seat's bot: checks what the session hands it and what it returns."""

    def __init__(self, bot, seat: int, session: engine.LocalSession):
        self.bot, self.seat, self.session, self.calls = bot, seat, session, 0

    def choose(self, view, legal, rng):
        s = self.session
        assert isinstance(view, View) and not isinstance(view, State)
        assert view.me == self.seat  # its own seat's view, never another's or the spectator's
        assert view == s.game.view(s.state, self.seat)
        assert legal == s.legal_commands(self.seat) and legal
        command = self.bot.choose(view, legal, rng)
        assert command in legal, (s.notation(command), view.phase)
        self.calls += 1
        return command


def spied_game(kinds, seed, options=None):
    seats = [Seat(f"p{i}", k) for i, k in enumerate(kinds)]
    s = engine.new_game("gift-trap", seats, seed=seed, options=options)
    spies = [Spy(s._bots[i], i, s) for i in range(len(seats))]
    for i, spy in enumerate(spies):
        s._bots[i] = spy
    return s, spies


TABLES = [(n, mix) for n in range(3, 9) for mix in ("random", "heuristic", "mixed")]


@pytest.mark.parametrize("n, mix", TABLES)
def test_bots_choose_legal_commands_from_their_own_view_and_finish(n, mix):
    # DESIGN.md, "Bots": "A bot is choose(view, legal_commands, rng) -> Command and sees
    # only its seat's view: it never reads the true state."
    kinds = {"random": ["random"] * n, "heuristic": ["heuristic"] * n,
             "mixed": ["heuristic" if i % 2 else "random" for i in range(n)]}[mix]
    options = {"extra_tiles": n % 2 == 0}
    if mix == "random":
        # careless tables drift down (most gifts land on a gift without a Get tile, −1):
        # with 7–8 random players on the default track a game can last thousands of rounds
        options["track_length"] = 12
    s, spies = spied_game(kinds, seed=100 + n, options=options)
    s.run_bots()
    result = s.result()
    assert result is not None and result.winners
    assert sum(spy.calls for spy in spies) == len(s.entries) - 1
    assert all(spy.calls > 0 for spy in spies)
    for w in result.winners:
        assert min(result.scores[w].values()) >= s.options.track_length


def test_bots_receive_only_their_own_view_even_when_a_person_sits_at_the_table():
    # DESIGN.md, "Bots"; a seat taken over by a bot (set_bot) gets its own view too.
    seats = [Seat("ann"), Seat("bob", "heuristic"), Seat("cyd", "random")]
    s = engine.new_game("gift-trap", seats, seed=4, options={"extra_tiles": True})
    for i in (1, 2):
        s._bots[i] = Spy(s._bots[i], i, s)
    s.play("ann", "deal red")
    s.run_bots()
    s.set_bot("ann", "heuristic")
    s._bots[0] = Spy(s._bots[0], 0, s)
    s.run_bots()
    assert s.result() is not None
    assert all(s._bots[i].calls > 0 for i in range(3))


# ---------------------------------------------------------------- strength


def tally(kinds, seeds, options=None):
    """Wins per seat over ``seeds`` and the fair share of one seat (shared wins count for
    every winner, so the fair share is the mean number of winners over the seats)."""
    wins, winners = [0] * len(kinds), 0
    for seed in seeds:
        s = engine.new_game("gift-trap", [Seat(f"p{i}", k) for i, k in enumerate(kinds)], seed=seed, options=options)
        s.run_bots()
        result = s.result()
        for w in result.winners:
            wins[w] += 1
        winners += len(result.winners)
    return wins, winners / len(seeds) / len(kinds)


def test_heuristic_beats_three_random_bots_with_extra_tiles():
    # DESIGN.md, "Bots": "a heuristic bot that beats it in most games". One heuristic bot
    # against three random ones, extra tiles on, 200 seeded games: the heuristic doubles
    # its Super with Get more and its surest gift with Give more, where the random bot
    # doubles any tile (No way included); measured 114/200 = 57.0% against a fair share
    # of 26.6%.
    wins, fair = tally(["heuristic", "random", "random", "random"], SEEDS, {"extra_tiles": True})
    rate = wins[0] / len(SEEDS)
    print(f"\nheuristic vs 3 random, extra tiles: {wins[0]}/{len(SEEDS)} = {rate:.1%} (fair share {fair:.1%}; wins {wins})")
    assert rate >= 0.45 > 0.25
    assert wins[0] > 2 * max(wins[1:])


def test_two_heuristic_bots_beat_two_random_bots():
    # Default options, two heuristic and two random bots, 100 seeded games: the careful
    # players learn each other's taste from the reveals; measured 64 and 52 wins against
    # 1 and 1.
    wins, fair = tally(["heuristic", "heuristic", "random", "random"], range(100))
    print(f"\n2 heuristic vs 2 random: wins {wins} of 100 (fair share {fair:.1%})")
    assert min(wins[:2]) >= 40 and max(wins[2:]) <= 10


def test_heuristic_alone_against_random_bots_has_no_edge_in_the_default_game():
    # The measurement asked for: one heuristic against three random bots, default
    # options, 200 seeded games. Measured 58/200 = 29.0% against a fair share of 27.0%
    # (1000 more games, seeds 200–1199: 26.9% against 26.9%).
    # No strategy can do better here: without the extra tiles every exchange scores the
    # same for giver and receiver, and a random partner's Give and Get tiles are uniform
    # over the spaces, so every placement the heuristic chooses has the same chances as
    # any other. The test pins that the heuristic is not worse than its fair share
    # either, within 2.5 standard deviations of 200 games.
    wins, fair = tally(["heuristic", "random", "random", "random"], SEEDS)
    rate = wins[0] / len(SEEDS)
    print(f"\nheuristic vs 3 random, default options: {wins[0]}/{len(SEEDS)} = {rate:.1%} (fair share {fair:.1%}; wins {wins})")
    sd = math.sqrt(fair * (1 - fair) / len(SEEDS))
    assert abs(rate - fair) <= 2.5 * sd
