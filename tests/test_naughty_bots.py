"""Naughty or Nice bots (issue 13): the heuristic plays to win from its seat's view.

That it beats bots choosing at random is tests/contract's (``test_contract_bots.py``;
the full figures, 200 seeds, are printed by ``python -m tools.balance.naughty_or_nice``); here
how it plays.
"""

import random

import pytest
from msgspec.structs import replace

from contract.kit import bots_choose_only_legal, bots_game, swapped_choices
from engine import LocalSession, Seat
from engine.core.reactions import Pass, Window
from engine.games.naughty_or_nice import GAME, bot, legal, rules
from engine.games.naughty_or_nice import commands as cmd
from engine.games.naughty_or_nice.data import KIDDOS, PRESENTS
from engine.games.naughty_or_nice.state import Held
from engine.games.naughty_or_nice.view import view


def game(bots: list[str], seed: int, **options) -> LocalSession:
    return bots_game(GAME, bots, seed, **options)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("level", [1, 3, 5])
def test_bots_only_return_legal_commands(kind, level):
    """Every choice is one of the commands ``legal`` offers ("Taking a turn": one basic
    action, free actions, reactions only on another's move), over whole games."""
    for seed in range(3):
        assert bots_choose_only_legal(GAME, 2 + seed, seed, kind, {"level": level}).result() is not None


def _hidden_swapped(state, me: int, rng: random.Random):
    """``state`` with every other seat's hand replaced by other cards of the same counts
    and the decks reordered: all of it hidden from ``me``."""
    codes = sorted(PRESENTS)
    creatures = ["SM", "EL", "MC", "TO", "CT", "RD", "PW", "SC", "YC", "ML", "CG", "KR"]
    players = list(state.players)
    for i, p in enumerate(players):
        if i == me:
            continue
        fresh = tuple(sorted(rng.choice(creatures) for _ in p.fresh))
        hand = tuple(sorted((*fresh, *(rng.choice(creatures) for _ in range(len(p.creatures) - len(p.fresh))))))
        players[i] = replace(p, presents=tuple(sorted(rng.choice(codes) for _ in p.presents)), creatures=hand,
                             fresh=fresh)
    deck = list(state.present_deck)
    rng.shuffle(deck)
    return replace(state, players=tuple(players), present_deck=tuple(deck))


def test_heuristic_never_reads_hidden_information():
    """Hidden information ("Hidden information" in RULES.md: hands, deck order) does not
    change the heuristic's choice: at points through whole games, another seat's hand
    and the deck order are swapped for others and the choice stays the same (the
    contract's swap test, with this game's own swap rather than its sampler)."""
    sessions = [LocalSession(GAME, [Seat(f"b{i}", "heuristic") for i in range(3)], seed) for seed in range(4)]
    hands = lambda a, b: any(p.presents != q.presents for p, q in zip(a.players, b.players))  # noqa: E731
    checked, changed = swapped_choices(sessions, lambda state, seat, rng: _hidden_swapped(state, seat, rng),
                                       bot.HeuristicBot(0), differs=hands)
    assert checked > 100 and changed > 50


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_game_of_heuristic_bots_finishes(level, n):
    """"The game ends when you draw one of the two Midnight cards" ("Ending the game"):
    heuristic bots reach the end and score at every level and table size."""
    s = game(["heuristic"] * n, seed=level * 10 + n, level=level)
    result = s.result()
    assert result is not None
    assert s.state.midnight or s.state.idle >= n
    assert sum(p.gifted for p in s.state.players) >= 1
    assert max(r["total"] for r in result.scores) > 0


# ---------------------------------------------------------------------- crafted tables
def table(level: int = 5, seed: int = 3):
    """A 2-player table whose first turn is about to be played (givers chosen)."""
    s = LocalSession(GAME, [Seat("b0", "heuristic"), Seat("b1", "heuristic")], seed, {"level": level})
    while s.state.prompts:
        s.step_bot()
    return s.state


def choose(state, seat: int):
    offered = legal.legal(state, seat)
    return bot.HeuristicBot(0).choose(view(state, seat), offered, random.Random(0)), offered


def kiddo_with(wishes: tuple[str, ...], symbol: str) -> int:
    return next(k for k, kiddo in enumerate(KIDDOS) if kiddo.wishes == wishes and kiddo.symbol == symbol)


def test_fulfils_the_kiddo_worth_most():
    """"The point value of each kiddo equals the number of presents given to them"
    ("Fulfill Wishes"): at level 2 (no creatures, no sets), holding the presents for a
    1-, 2- and 4-present kiddo, the heuristic fulfils the 4-present one."""
    state = table(level=2)
    me = state.turn
    ground = [-1] * 8
    ground[0] = kiddo_with(("green",), "bell")
    ground[1] = kiddo_with(("black", "green"), "bell")
    ground[2] = kiddo_with(("red", "blue", "black", "green"), "bell")
    players = [replace(p, kiddos=(), creatures=(), fresh=()) for p in state.players]
    players[me] = replace(players[me], presents=("BE", "CO", "ST", "TB"))
    state = replace(state, playground=tuple(ground), players=tuple(players))
    choice, offered = choose(state, me)
    assert choice in offered
    assert isinstance(choice, cmd.Fulfill) and choice.slot == 2


def test_papa_wolverine_answers_a_fulfill():
    """Papa Wolverine, "Played reacting to another players move … take 2 of them into
    their hand" ("Creatures"): offered the window, the heuristic plays him."""
    state = table(level=3)
    mover = state.turn
    me = 1 - mover
    players = list(state.players)
    players[me] = replace(players[me], creatures=("PW",), fresh=())
    held = (Held(mover, "fulfill", slot=0, given=("ST", "BE", "CO"), open=True),)
    state = replace(state, players=tuple(players), held=held, present_discard=("ST", "BE", "CO"),
                    windows=(Window("fulfill", mover, (me,), "kiddo"),))
    choice, offered = choose(state, me)
    assert isinstance(choice, cmd.React) and choice.creature == "PW" and choice in offered


def test_tomte_cancels_scrooge_aimed_at_it_but_not_an_elf():
    """Tomte "cancels the written effect of the played creature" ("Creatures"): the
    heuristic spends it on Mr Scrooge aimed at itself, and keeps it against Elves that
    give it a present too."""
    state = table(level=3)
    mover = state.turn
    me = 1 - mover
    players = list(state.players)
    players[me] = replace(players[me], creatures=("TO",), fresh=())
    base = replace(state, players=tuple(players))
    scrooge = replace(base, held=(Held(mover, "SC", target=me, open=True),),
                      windows=(Window("creature", mover, (me,), "SC"),))
    elves = replace(base, held=(Held(mover, "EL", open=True),), windows=(Window("creature", mover, (me,), "EL"),))
    assert choose(scrooge, me)[0] == cmd.React("TO")
    assert choose(elves, me)[0] == Pass()


def test_plays_four_reindeer_together():
    """Reindeer "If a player plays 4 reindeers they score 12 points" ("Creatures"):
    with four that started the turn in hand, the heuristic plays all four at once."""
    state = table(level=3)
    me = state.turn
    players = list(state.players)
    players[me] = replace(players[me], creatures=("RD", "RD", "RD", "RD"), fresh=())
    state = replace(state, players=tuple(players))
    assert choose(state, me)[0] == cmd.Play("RD", 4)
    assert rules.REINDEER_POINTS[4] == 12
