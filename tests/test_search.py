"""The search bots (issue 24): SO-ISMCTS in ``tests/ismcts.py``, the strengths in
``engine.core.strengths``. The search is tested on a small game of its own (Nim, where
the winning move is known) and on the real games with an iteration budget, never a
time, so every result here is the same on any machine."""

from __future__ import annotations

import random

import msgspec
import pytest

import engine
from engine.core import registry
from engine.core.decider import Game, Result
from ismcts import Search
from engine.core.playout import actor, outcome, simulate
from engine.core.search import SearchBot
from engine.core.strengths import DESCRIPTIONS, STRENGTHS, EasyBot


# --------------------------------------------------------------------------- a toy game
class Pile(msgspec.Struct, frozen=True):
    """Nim: ``left`` stones, ``turn`` to move; taking the last stone wins."""

    left: int
    turn: int = 0
    winner: int = -1
    n: int = 2


class Take(msgspec.Struct, frozen=True):
    k: int


class Took(msgspec.Struct, frozen=True):
    seat: int
    k: int


class PileView(msgspec.Struct, frozen=True):
    me: int | None
    pile: Pile


def _evolve(state: Pile, e: Took) -> Pile:
    left = state.left - e.k
    return Pile(left, 1 - e.seat, e.seat if left == 0 else -1)


NIM = Game(
    slug="nim", title="Nim", min_players=2, max_players=2, Options=dict, command_type=Take, event_type=Took,
    initial=lambda options, n: Pile(7), setup=lambda options, n, rng: [],
    evolve=_evolve,
    decide=lambda state, seat, c, rng: [Took(seat, c.k)],
    legal=lambda state, seat: [Take(k) for k in (1, 2, 3) if k <= state.left] if state.winner < 0 and seat == state.turn
    else [],
    to_act=lambda state: frozenset() if state.winner >= 0 else frozenset({state.turn}),
    view=lambda state, seat: PileView(seat, state), redact=lambda e, seat: e, reveals=lambda e: False,
    result=lambda state: Result([{"total": int(i == state.winner)} for i in range(2)], [state.winner], "")
    if state.winner >= 0 else None,
    parse=lambda text, names: Take(int(text)), notation=lambda c, names: str(c.k), describe=lambda e, names: "",
    sample=lambda view, seat, rng: view.pile,
)


@pytest.mark.parametrize("left, best", [(5, 1), (6, 2), (7, 3), (3, 3)])
def test_the_search_finds_the_winning_take_in_nim(left, best):
    """Nim with takes of 1–3: leaving a multiple of 4 wins, so from ``left`` the search
    must take ``left % 4`` (a sound MCTS finds it with a few hundred iterations)."""
    pile = Pile(left)
    choice = Search(NIM, iterations=600).run(PileView(0, pile), 0, NIM.legal(pile, 0), random.Random(1))
    assert choice == Take(best)


def test_a_search_with_an_iteration_budget_is_the_same_on_every_run():
    """Issue 24, "Reproducible": an iteration budget, not a time, so the same seed gives
    the same choice (and the same number of iterations)."""
    s = engine.new_game("giftbringer", ["ann", "bob"], seed=4)
    game = registry.get("giftbringer")
    seat = s.to_act_seats()[0]
    choices = []
    for _ in range(2):
        bot = SearchBot(game, seed=9, method=Search, iterations=60)
        choices.append(bot.choose(s.view(seat), s.legal_commands(seat), random.Random(0)))
        assert bot.search.last_iterations == 60
    assert choices[0] == choices[1] and choices[0] in s.legal_commands(seat)


def test_the_search_moves_first_for_its_own_seat_and_scores_a_shared_win_as_a_share():
    """When several seats may act, the searching seat moves first (none of its nodes lies
    under another seat's secret choice); a win shared by k seats is 1/k each."""

    game = Game(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__},
                   "to_act": lambda state: frozenset({0, 1})})
    assert actor(game, Pile(3), 1) == 1 and actor(game, Pile(3), 5) == 0
    shared = Game(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__},
                     "result": lambda state: Result([{}, {}, {}], [0, 2], "")})
    assert outcome(shared, Pile(0), 3) == [0.5, 0.0, 0.5]
    assert outcome(NIM, Pile(3), 2) == [0.5, 0.5]  # unfinished: a draw
    assert simulate(NIM, Pile(3), 0, Take(3), random.Random(0)).winner == 0


def test_every_game_offers_four_strengths_and_the_forms_say_what_each_plays_like():
    """Issue 24 must-hold 1: ``easy``, ``normal`` (the heuristic), ``hard`` and ``expert``
    wherever the game has a sampler; one line each."""
    assert STRENGTHS == ("easy", "normal", "hard", "expert")
    assert all(0 < len(DESCRIPTIONS[s]) <= 60 for s in STRENGTHS)
    for game in registry.all_games():
        assert {"easy", "normal", "random", "heuristic"} <= set(game.bots), game.slug
        assert game.bots["normal"] is game.bots["heuristic"]
        if game.sample is not None:
            assert {"hard", "expert"} <= set(game.bots)


def test_easy_slips_now_and_then_and_otherwise_plays_normal():
    """``easy``: normal's choice, a random legal one about a third of the time."""

    class First:
        def choose(self, view, legal, rng):
            return legal[0]

    bot = EasyBot(First(), seed=3)
    picks = [bot.choose(None, list(range(10)), random.Random(0)) for _ in range(400)]
    slips = sum(p != 0 for p in picks)
    assert 0.2 * 400 < slips < 0.45 * 400
    assert bot.choose(None, [7], random.Random(0)) == 7


@pytest.mark.parametrize("slug", ["bottlecap-vikings", "giftbringer"])
def test_an_open_games_sample_is_the_table_the_seat_sees(slug):
    """Bottlecap Vikings and Giftbringer hide nothing (their RULES.md, "Hidden
    information" / "Setup and rounds"): the sample's view is the seat's view, and its
    legal commands are the seat's, at every step of a seeded bot game."""
    game = registry.get(slug)
    s = engine.new_game(slug, ["ann", "bob", "cyd"], seed=5)
    rng = random.Random(0)
    for step in range(120):
        if s.state.phase == "over" or not s.to_act_seats():
            break
        seat = s.to_act_seats()[0]
        view = game.view(s.state, seat)
        sampled = game.sample(view, seat, rng)
        assert game.view(sampled, seat) == view
        assert game.legal(sampled, seat) == game.legal(s.state, seat)
        legal = s.legal_commands(seat)
        s.submit(seat, legal[rng.randrange(len(legal))])


def test_easy_never_gives_a_command_its_slips_made_stale():
    """A heuristic that plans a turn ahead (Gift Trap's places its tiles by a plan) may
    name a move a slip already took: easy then gives a legal one instead."""

    class Planner:
        def choose(self, view, legal, rng):
            return "gone"

    bot = EasyBot(Planner(), seed=1)
    assert all(bot.choose(None, ["a", "b"], random.Random(0)) in ("a", "b") for _ in range(50))


def test_a_play_out_cut_short_goes_to_who_stands_best():
    """With ``Game.standing`` a play-out stops after a few dozen commands and the seats
    standing best share the win; without it, an unfinished game is a draw."""
    ranked = Game(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__},
                     "standing": lambda state: [3.0, 5.0, 5.0]})
    assert outcome(ranked, Pile(3), 3) == [0.0, 0.5, 0.5]
    assert Search(ranked, iterations=1).depth == 40 and Search(NIM, iterations=1).depth == 400
