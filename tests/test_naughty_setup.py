"""Naughty or Nice setup ("Setup by steps" I–VI, "Setup for 2-3 players", "Components",
"Taking a turn"): each test deals a table with the game's own ``setup`` and checks one
step of the rulebook. Checklist items S1–S7 of the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.errors import IllegalCommand
from engine.games.naughty_or_nice import GAME
from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.data import CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS
from engine.games.naughty_or_nice.options import Options
from naughty_table import fold, run, start


def test_components_are_counted_as_the_rulebook_prints():
    """Naughty or Nice rulebook, "Components": "8 gift givers", "40 kiddo cards", "2
    midnight cards", "40 creature cards", "48 present cards"; "Creatures", Reindeer:
    "There are only 7 reindeers in the creature deck" (the other 11 kinds 3 each)."""
    assert len(GIVERS) == 8
    assert len(KIDDOS) == 40
    assert sum(c.count for c in CREATURES.values()) == 40
    assert CREATURES["RD"].count == 7
    assert {c.count for code, c in CREATURES.items() if code != "RD"} == {3}
    s = start(4, 5)
    presents = [*s.present_deck, *s.row, *(c for p in s.players for c in p.presents)]
    assert len(presents) == 48 and set(Counter(presents).values()) == {4} and len(PRESENTS) == 12
    assert s.creature_deck.count(ev.MIDNIGHT) == 1 and s.kiddo_deck.count(ev.MIDNIGHT_KIDDO) == 1


def test_s1_the_present_row_is_three_cards_face_up():
    """S1 — Naughty or Nice rulebook, "Table setup", I Presents deck: "Shuffle the deck
    and set up the present offer row: Place 3 cards face up in a row." """
    s = start(3, 5)
    assert len(s.row) == 3 and all(code in PRESENTS for code in s.row)
    view = GAME.view(s, None)
    assert view.row == s.row  # face up: a spectator sees them
    assert start(3, 5, seed=2).present_deck != s.present_deck  # shuffled by the seed


@pytest.mark.parametrize("seed", range(12))
def test_s2_a_midnight_card_is_shuffled_into_the_bottom_six_of_both_decks(seed):
    """S2 — Naughty or Nice rulebook, "Table setup", II Creature deck and III a Kiddo
    deck: "Shuffle a midnight card with 5 other cards and place this stack at the bottom
    of the deck"."""
    s = start(4, 5, seed)
    assert ev.MIDNIGHT in s.creature_deck[-6:]
    assert ev.MIDNIGHT_KIDDO in s.kiddo_deck[-6:]
    assert s.creature_deck.count(ev.MIDNIGHT) == 1
    assert not s.midnight


def test_s2_the_midnight_card_lies_anywhere_in_the_bottom_six():
    """S2 — "Shuffle a midnight card with 5 other cards": over many deals it takes each of
    the six bottom places."""
    places = {len(start(2, 5, seed).creature_deck) - start(2, 5, seed).creature_deck.index(ev.MIDNIGHT)
              for seed in range(60)}
    assert places == {1, 2, 3, 4, 5, 6}


def test_s3_the_playground_holds_eight_kiddos_face_up():
    """S3 — Naughty or Nice rulebook, "Table setup", III b Playground: "Place 8 kiddos
    faceup in two rows." """
    s = start(5, 5)
    assert len(s.playground) == 8 and all(k >= 0 for k in s.playground)
    assert len(set(s.playground)) == 8
    assert GAME.view(s, None).playground == s.playground


def test_s4_each_player_chooses_a_gift_giver_and_scores_zero():
    """S4 — Naughty or Nice rulebook, "Player setup", IV b "Place your token on the
    scoreboard", V "Choose a gift giver: You have 8 different characters to choose
    from." Each in turn from the first player picks one not taken; nobody plays first
    until all have chosen."""
    opts = Options(level=5, givers="choose")
    s = fold(GAME.initial(opts, 3), GAME.setup(opts, 3, random.Random(4)))
    assert all(p.score == 0 and p.giver == "" for p in s.players)
    first = s.turn
    assert GAME.to_act(s) == {first}
    s, _ = run(s, first, "giver odin")
    nxt = (first + 1) % 3
    assert GAME.to_act(s) == {nxt}
    with pytest.raises(IllegalCommand, match="taken"):
        GAME.decide(s, nxt, GAME.parse("giver odin", []), random.Random(0))
    s, _ = run(s, nxt, "giver santa")
    s, _ = run(s, (first + 2) % 3, "giver befana")
    assert [s.players[(first + k) % 3].giver for k in range(3)] == ["odin", "santa", "befana"]
    assert s.players[(first + 1) % 3].rudolf == 0  # "He begins the game with Rudolf"
    assert GAME.to_act(s) == {first}


def test_s4_gift_givers_may_be_drawn_at_random():
    """S4 — "Player setup", V: "If you can't decide, you can also draw one randomly!"
    (option ``givers = random``): all different, by the seed."""
    givers = {tuple(p.giver for p in start(5, 5, seed).players) for seed in range(10)}
    assert len(givers) > 1
    assert all(len(set(g)) == 5 and set(g) <= set(GIVERS) for g in givers)


def test_s5_each_player_starts_with_four_presents_and_one_creature():
    """S5 — Naughty or Nice rulebook, "Player setup", VI Deal starting hands: "Each
    player starts the game with 4 random present cards and 1 random creature card." """
    s = start(4, 5)
    for p in s.players:
        assert len(p.presents) == 4 and len(p.creatures) == 1
        assert p.fresh == ()  # dealt before the game: playable on the first turn
    assert ev.MIDNIGHT not in [c for p in s.players for c in p.creatures]


@pytest.mark.parametrize("n", [2, 3])
def test_s6_two_or_three_players_remove_kiddos_and_presents(n):
    """S6 — Naughty or Nice rulebook, "Setup for 2-3 players": "Take out cards from the
    kiddo deck: one 4 present kiddo from each set, all kiddos with 5 presents. Take out
    cards from the presents deck: one of each present"."""
    s = start(n, 5)
    assert sorted(s.removed_presents) == sorted(PRESENTS)
    presents = [*s.present_deck, *s.row, *(c for p in s.players for c in p.presents)]
    assert len(presents) == 36 and set(Counter(presents).values()) == {3}
    removed = [KIDDOS[k] for k in s.removed_kiddos]
    fives = [k for k in KIDDOS if len(k.wishes) == 5]
    assert all(k in removed for k in fives)
    fours = [k for k in removed if len(k.wishes) == 4]
    assert sorted(k.symbol for k in fours) == sorted(SYMBOLS)
    in_play = {k for k in s.kiddo_deck if k >= 0} | set(s.playground)
    assert not in_play & set(s.removed_kiddos)
    assert len(in_play) == 40 - len(removed)


@pytest.mark.parametrize("n", [4, 5])
def test_s6_four_or_five_players_remove_nothing(n):
    """S6 — "Setup for 2-3 players" applies to 2 or 3 players only."""
    s = start(n, 5)
    assert s.removed_presents == () and s.removed_kiddos == ()
    assert len({k for k in s.kiddo_deck if k >= 0} | set(s.playground)) == 40


def test_s7_the_first_player_is_drawn_from_the_seed():
    """S7 — Naughty or Nice rulebook, "Taking a turn": "The player whose birthday is the
    closest to December the 24 will be the first player." boxtop cannot ask, so the seed
    draws the first player, who acts first."""
    firsts = set()
    for seed in range(20):
        s = start(4, 5, seed)
        firsts.add(s.turn)
        assert GAME.to_act(s) == {s.turn}
    assert firsts == {0, 1, 2, 3}


def test_hands_are_hidden_and_their_counts_public():
    """Naughty or Nice rulebook, "Player setup", VI: the hands are dealt to each player;
    boxtop's "Hidden information": a seat sees its own cards and only the counts of
    others'; a spectator sees no hand and no deck order."""
    s = start(3, 5)
    for seat in range(3):
        view = GAME.view(s, seat)
        for i, p in enumerate(view.players):
            assert p.present_count == 4 and p.creature_count == 1
            assert (p.presents, p.creatures) == ((s.players[i].presents, s.players[i].creatures) if i == seat
                                                 else ((), ()))
    spectator = GAME.view(s, None)
    assert all(p.presents == () and p.creatures == () for p in spectator.players)
    for event in GAME.setup(Options(level=5, givers="random"), 3, random.Random(1)):
        seen = GAME.redact(event, None)
        if isinstance(event, ev.Shuffled):
            assert set(seen.cards) == {ev.HIDDEN}
        if isinstance(event, ev.Drew):
            assert set(seen.presents + seen.creatures) <= {ev.HIDDEN}
