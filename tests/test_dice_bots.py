"""Dice Upon a Time bots (issue 14): the heuristic plays to win from its seat's view.

That it beats bots choosing at random is tests/contract's (``test_contract_bots.py``;
the full figures, 200 seeds, are printed by ``python -m tools.balance.dice_upon_a_time``); here
how it plays.
"""

import random

import pytest
from msgspec.structs import replace

from contract.kit import bots_choose_only_legal, bots_game, swapped_choices
from engine import LocalSession, Seat
from engine.games.dice_upon_a_time import GAME, bot, legal
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.rules import band
from engine.games.dice_upon_a_time.view import view


def game(bots: list[str], seed: int, **options) -> LocalSession:
    return bots_game(GAME, bots, seed, **options)


OPTIONS = [
    {},
    {"mode": "cooperative", "length": "short", "events": "open"},
    {"length": "extra_long", "events": "none", "ties": "one_blow"},
]


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("options", OPTIONS, ids=["standard", "co-op short", "extra long"])
def test_bots_only_return_legal_commands(kind, options):
    """Every choice is one of the commands ``legal`` offers ("A player's turn": place a
    die, use a Rabbit token or pass; the questions of the Fox, the Wolf and the Events),
    over whole games at 2, 3 and 5 players."""
    for seed, n in enumerate((2, 3, 5)):
        assert bots_choose_only_legal(GAME, n, seed, kind, options).result() is not None


def _hidden_swapped(state, rng: random.Random, seat: int = -1):
    """``state`` with the Quest, Story and Magic Item decks reordered, the Event cards
    still face down swapped for others, and the Magic Items in the hands of the players
    other than ``seat`` swapped with the deck's: all of it hidden from ``seat`` ("Hidden
    information" in RULES.md)."""
    decks = {}
    for v, d in state.decks.items():
        d = list(d)
        rng.shuffle(d)
        decks[v] = tuple(d)
    laid = list(state.laid)
    if not state.options.events == "open":
        later = laid[state.chapter:]
        unused = [e for e in ("e01", "e02", "e03", "e04", "e05", "e06", "e07", "e08", "e09", "e10", "e11", "e12")
                  if e not in laid]
        pool = later + unused
        rng.shuffle(pool)
        laid[state.chapter:] = pool[:len(later)]
    stories, magic = list(state.stories), list(state.magic)
    rng.shuffle(stories)
    players = list(state.players)
    for i, p in enumerate(players):
        if i != seat and p.magic and not state.windows and not state.prompts:
            magic += p.magic
            rng.shuffle(magic)
            players[i] = replace(p, magic=tuple(magic[:len(p.magic)]))
            magic = magic[len(p.magic):]
    rng.shuffle(magic)
    return replace(state, decks=decks, laid=tuple(laid), stories=tuple(stories), magic=tuple(magic),
                   players=tuple(players))


def test_heuristic_never_reads_hidden_information():
    """Hidden information (RULES.md, "Hidden information": the Quest decks' order, the
    Events still face down) does not change the heuristic's choice: at points through
    whole games the decks are reordered and the face-down Events swapped, the seat's
    view stays the same and so does its choice (the contract's swap test, with this
    game's own swap rather than its sampler)."""
    sessions = [LocalSession(GAME, [Seat(f"b{i}", "heuristic") for i in range(3)], seed) for seed in range(3)]
    checked, changed = swapped_choices(sessions, lambda state, seat, rng: _hidden_swapped(state, rng, seat),
                                       bot.HeuristicBot(0))
    assert checked > 100 and changed > 50


# ---------------------------------------------------------------------- crafted tables
def table(n: int = 2, seed: int = 3, **options):
    """A table whose first turn is about to be played (opening quests drawn), the
    beginner game unless ``options`` say otherwise."""
    options.setdefault("cards", "beginner")
    options.setdefault("characters", "none")
    s = LocalSession(GAME, [Seat(f"b{i}", "heuristic") for i in range(n)], seed, options)
    while s.state.prompts:
        s.step_bot()
    return s.state


def at_complete(quests: tuple[str, ...], tokens: tuple[int, int, int], at: str):
    """The active seat of a 2-player table at its "complete quests" step, standing on
    ``at`` with ``quests`` and ``tokens`` (coin, bread, apple)."""
    s = table()
    seat = s.turn
    players = list(s.players)
    players[seat] = replace(players[seat], quests=quests, tokens=tokens, at=at)
    return replace(s, players=tuple(players), step="complete"), seat


def choose(state, seat: int):
    offered = legal.legal(state, seat)
    return bot.HeuristicBot(0).choose(view(state, seat), offered, random.Random(0)), offered


def test_church_example_takes_the_apples_to_the_church():
    """"If you have two Apples, you can either discard them to complete the 2 AP quest,
    or take them into the Church to complete the 3 AP quest" ("At the end of a chapter",
    Example; "Requirements cannot be contracted"): in the Church with two Apples the
    heuristic completes the 3 AP quest."""
    state, seat = at_complete(("q06", "q15"), (0, 0, 2), "church")
    choice, offered = choose(state, seat)
    assert cmd.Complete("q06") in offered and cmd.Complete("q15") in offered
    assert choice == cmd.Complete("q15")


def test_completes_the_set_worth_most_not_the_dearest_quest():
    """"One resource token can be used for one quest only" ("5 Complete quests"): with
    three Gold Coins and a Loaf, the 3 AP quest for three Coins would leave the others
    undone; two 2 AP quests (two Coins; a Coin and a Loaf) are worth 4, so the heuristic
    completes one of those first, then the other."""
    state, seat = at_complete(("q29", "q08", "q09"), (3, 1, 0), "town")
    choice, offered = choose(state, seat)
    assert cmd.Complete("q29") in offered
    assert choice in (cmd.Complete("q08"), cmd.Complete("q09"))
    assert bot.best_completion(state.players[seat], ["q29", "q08", "q09"]) == (4, ["q08", "q09"])


def test_keeps_low_dice_off_the_route_a_high_die_is_needed_for():
    """"The newly placed die has to have at least the value (same or higher) indicated by
    the socket" ("General dice placement rules" 1): from the Town to the Gold Coin (a 1 socket) the
    heuristic spends its 1, not the 6 that alone opens the Fairy behind it."""
    s = table()
    seat = s.turn
    players = list(s.players)
    players[seat] = replace(players[seat], quests=("q14",), tokens=(0, 0, 0), at="town",
                            pool=(("magic_item", 1), ("plain", 6)))
    state = replace(s, players=tuple(players), board={}, event="")
    choice, offered = choose(state, seat)
    assert cmd.Place("plain", "town-coin") in offered
    assert choice == cmd.Place("magic_item", "town-coin")


def test_no_die_fed_to_the_wolf_in_the_cooperative_game():
    """"The effects of some elements and cards can turn from positive to negative"
    ("Cooperative game"): the Wolf only takes the table's dice, so heuristic bots playing
    together never place on it; four of them reach the first band of the completion
    table ("The end of the game") in each of three games."""
    for seed in range(3):
        s = game(["heuristic"] * 4, seed, mode="cooperative")
        placed = [e for entry in s.applied_entries() for e in entry.events if isinstance(e, ev.Placed)]
        assert placed and not [e for e in placed if e.socket == "wolf"]
        assert band(s.state) >= 1


# ---------------------------------------------------------------------- the full game
def _full_turn(**changes):
    from dice_rules_kit import full_game, turn

    return turn(full_game(3, seed=2), 0, **changes)


def test_picks_the_bad_luck_effect_that_hurts_less():
    """"The active player must choose from two negative effects" ("Bad Luck cards"): the
    heuristic gives up the token its quests do not want."""
    from dice_rules_kit import place, with_player

    s = _full_turn(pool=(("story", "story"), ("plain", 3)), at="church", stories=("s19",))
    s = with_player(s, 0, tokens=(0, 1, 1), quests=("q06",))  # q06 wants Apples
    s = place(s, 0, "story", "church-hell")
    choice, offered = choose(s, 0)
    assert offered == [cmd.Pick(0), cmd.Pick(1)] and choice == cmd.Pick(0)  # the Loaf, not the Apple


def test_wards_off_a_cudgel_and_lets_a_useless_window_pass():
    """ "Starwort": "This ability can be used in defense against any other card's effect
    that would directly affect you negatively"; a window where nothing fits is passed."""
    from dice_rules_kit import act, place, with_player
    from engine.core.reactions import Pass

    s = _full_turn(pool=(("plain", 2), ("ban", 3)), at="huntsman")
    s = with_player(with_player(s, 0, magic=("i09",)), 1, magic=("i17",))
    s = act(place(s, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert choose(s, 0) == (Pass(), [Pass()])  # no hazel branch: nothing to play on its own gain
    s = act(s, 0, Pass())
    assert choose(s, 1)[0] == cmd.Play("i17")  # the competitive heuristic takes the Apple
    s = act(s, 1, cmd.Play("i17"))
    assert choose(s, 0)[0] == cmd.Play("i09")


def test_the_golden_bird_turns_a_one_into_a_six():
    """ "The Golden Bird": "This card must be played right after the roll"; the heuristic
    turns its lowest die into a 6."""
    from dice_rules_kit import fold, with_player

    s = with_player(_full_turn(pool=(("plain", 3), ("ban", 4))), 0, magic=("i18", "i06"))
    for seed in range(80):
        es = GAME.decide(s, 0, cmd.Play("i06"), random.Random(seed))
        rolled = next(e for e in es if isinstance(e, ev.Rolled))
        if any(f == 1 for _, f in rolled.dice):
            break
    s = fold(GAME, s, es)
    choice, _ = choose(s, 0)
    assert choice.item == "i18" and choice.face == 6 and s.players[0].face(choice.die) == 1


def test_chooses_a_character_and_avoids_thumbling_in_the_cooperative_game():
    """ "The abilities of some Characters (e.g. Thumbling) are not useful in this mode,
    you might want to avoid choosing them" ("Cooperative game")."""
    from dice_rules_kit import act, full_game

    s = full_game(3, seed=2, mode="cooperative")
    picks = []
    while s.prompts and s.prompts[0].kind == "character":
        seat = s.prompts[0].seat
        c, _ = choose(s, seat)
        picks.append(c.character)
        s = act(s, seat, c)
    assert "thumbling" not in picks and len(set(picks)) == 3
