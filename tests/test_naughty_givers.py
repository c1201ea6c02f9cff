"""Naughty or Nice's gift givers ("Stories", "Gift Givers") and Rudolf: their preferred
presents (from level 2) and written abilities (from level 4, "Modularity"). One test or
more per gift giver; positions from ``naughty_table.table``, commands through ``decide``."""

from __future__ import annotations

import pytest

from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.data import KIDDOS
from engine.games.naughty_or_nice.rules import RUDOLF_POINTS
from naughty_table import GAME, actor, kid, kiddos_with, of, pass_all, play, refused, run, scored, table


# ------------------------------------------------------------------ Santa Claus and Rudolf
def test_santa_begins_with_rudolf_and_tucks_a_reindeer_under_him():
    """Naughty or Nice rulebook, "Santa Claus": "He begins the game with Rudolf. When you
    gain a reindeer you may put the reindeer underneath Rudolf, where it cannot be
    touched by any other player." boxtop: any reindeer from his hand, on his turn."""
    s = table(2, 4, givers=("santa", "odin"), creatures={0: "RD", 1: "ML"})
    assert s.players[0].rudolf == 0 and s.players[1].rudolf == -1
    s, events = run(s, 0, "tuck")
    assert s.players[0].rudolf == 1 and s.players[0].creatures == ()
    assert of(events, ev.Tucked) == [ev.Tucked(0)]
    refused(s, 0, "tuck", "no reindeer")
    refused(table(2, 4, givers=("odin", "santa"), creatures={0: "RD"}), 0, "tuck", "only santa")


def test_santa_may_tuck_a_reindeer_summoned_this_turn():
    """"Rudolf": "Whenever Santa receives a new reindeer card he may place the creature
    underneath Rudolf." """
    s = table(2, 4, givers=("santa", "odin"), creature_deck="RD SC KR")
    s, _ = play(s, "summon", "keep RD", "tuck")
    assert s.players[0].rudolf == 1 and s.players[0].creatures == ()


def test_santa_searches_the_discard_pile_for_a_reindeer():
    """Naughty or Nice rulebook, "Santa Claus", Start of Turn: "Santa may discard 2
    present cards with matching images (For example 2 Teddy Bears or 2 Pullovers) to
    search the Discard pile/Creature deck/Bottom Creature deck for a reindeer card and
    place it underneath Rudolf." """
    s = table(2, 4, givers=("santa", "odin"), hands={0: "TB TB CA"}, creature_discard="SC RD")
    refused(s, 0, "search CA", "same picture")
    s, events = run(s, 0, "search TB")
    assert s.players[0].rudolf == 1 and s.creature_discard == ("SC",)
    assert s.players[0].presents == ("CA",) and s.present_discard[-2:] == ("TB", "TB")
    assert of(events, ev.SearchedRudolf)[0].found


def test_santa_searching_the_deck_shuffles_it_and_keeps_midnight_in_the_bottom_six():
    """"Santa Claus": "If he searched the deck, then he must shuffle the deck afterwards."
    boxtop shuffles the bottom six apart, so midnight stays where the setup put it; the
    others learn only whether a reindeer was found."""
    deck = "SC KR RD CG YC EL TO PW MN SM"
    s = table(2, 4, givers=("santa", "odin"), hands={0: "TB TB"}, creature_deck=deck, creature_discard="SC")
    s, events = run(s, 0, "search TB")
    assert s.players[0].rudolf == 1
    assert sorted(s.creature_deck) == sorted(deck.replace("RD ", "").split())
    assert "MN" in s.creature_deck[-6:]
    shuffled = of(events, ev.Shuffled)[0]
    assert set(GAME.redact(shuffled, 1).cards) == {ev.HIDDEN}


def test_santa_search_may_find_nothing():
    """"Santa Claus": a search with no reindeer left puts nothing under Rudolf."""
    s = table(2, 4, givers=("santa", "odin"), hands={0: "TB TB"}, creature_deck="SC KR MN", creature_discard="")
    s, events = run(s, 0, "search TB")
    assert s.players[0].rudolf == 0 and not of(events, ev.SearchedRudolf)[0].found


@pytest.mark.parametrize("reindeer,points", [(1, 3), (2, 6), (3, 9), (4, 12), (5, 15), (6, 19), (7, 23)])
def test_rudolf_scores_his_reindeer_at_the_end(reindeer, points):
    """Worked example — Naughty or Nice rulebook, "Rudolf": "At the end of the game Santa
    scores extra points based on the number of reindeers underneath Rudolf. 1 reindeer = 3
    2 reindeers = 6 3 reindeers = 9 4 reindeer = 12 5 reindeers = 15 6 reindeers = 19 7
    reindeers = 23" (scored as printed)."""
    assert RUDOLF_POINTS[reindeer] == points
    s = table(2, 4, givers=("santa", "odin"), rudolf={0: reindeer}, last_turn=True)
    s, _ = run(s, 0, "craft 1 2")
    assert s.phase == "over"
    assert dict(s.scores[0])["Rudolf"] == points and dict(s.scores[0])["total"] == points


# ------------------------------------------------------------------ Christkindl
def test_christkindl_draws_a_present_when_a_creature_targets_her():
    """Naughty or Nice rulebook, "Christkindl": "Whenever a creature targets her, she may
    draw a present card from the present deck or from the present offer row. A creature
    targets her ... if it targets her cards (Cringe, Papa Wolverine) afterwards." """
    s = table(2, 4, givers=("odin", "christkindl"), creatures={0: "CG"}, hands={1: "ST CA BE"},
              row=("TB", "SL", "CR"), deck="OP CO")
    s, _ = run(s, 0, "play CG bob")
    assert len(s.players[1].presents) == 1
    assert s.prompts[0].kind == "draw" and actor(s) == 1
    s, _ = run(s, 1, "draw 2")
    assert "SL" in s.players[1].presents and len(s.players[1].presents) == 2


def test_christkindl_draws_when_a_creature_affects_every_player():
    """"Christkindl": "A creature targets her, when it affects every player (Jólakötturinn,
    Elves)"; she may draw from the deck, or pass."""
    s = table(3, 4, givers=("odin", "christkindl", "father"), creatures={0: "YC"}, hands={1: "ST"}, deck="OP CO")
    s, _ = run(s, 0, "play YC")
    assert [p.kind for p in s.prompts] == ["draw"]
    s, _ = run(s, 1, "draw deck")
    assert s.players[1].presents == ("OP", "ST")
    s = table(3, 4, givers=("odin", "christkindl", "father"), creatures={0: "YC"})
    s, _ = play(s, "play YC", "pass")
    assert not s.prompts and s.players[1].presents == ()


def test_christkindl_is_not_targeted_by_her_own_creatures():
    """"Christkindl": a creature targets her when another plays it at her or at all."""
    s = table(2, 4, givers=("christkindl", "odin"), creatures={0: "YC"})
    s, _ = run(s, 0, "play YC")
    assert not s.prompts


# ------------------------------------------------------------------ Father Christmas
@pytest.mark.parametrize("level,points", [(2, 4), (3, 4), (4, 5), (5, 5)])
def test_father_christmas_stockings(level, points):
    """Naughty or Nice rulebook, "Father Christmas": "Ability: His Stockings are worth 2
    extra points. Preferred present: Stockings". boxtop: +1 as a preferred present at
    levels 2–3, +2 once the written abilities are in play (level 4)."""
    s = table(2, level, givers=("father", "odin"), hands={0: "ST CA SW"}, ground=["Benjamin"])
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert scored(events, 0)[0][1] == points


# ------------------------------------------------------------------ Odin
@pytest.mark.parametrize("hand,points", [("ST CA ST", 3), ("ST CA SW", 4)])
def test_odin_and_benjamin(hand, points):
    """Worked example — Naughty or Nice rulebook, "Fulfill Wishes": "Odin's special
    present is the sweater. If he fulfils Benjamin's wish of 3 red presents he scores 3
    points, but if 1 of the red gifts is a sweater, then instead of scoring 3 points, the
    player scores 4 points as he/she is given 3 presents + 1 extra." """
    s = table(2, 2, givers=("odin", "father"), hands={0: hand}, ground=["Benjamin"])
    s, events = run(s, 0, "fulfill 1 " + hand)
    assert scored(events, 0) == [(0, points, "Benjamin")]


def test_odin_gains_a_point_for_each_harmful_creature_he_plays():
    """Naughty or Nice rulebook, "Odin": "When Odin plays a Harmful Creature he gains an
    extra point whether the creature was worth a point or not." Helpful ones: nothing."""
    s = table(2, 4, givers=("odin", "father"), creatures={0: "YC EL"}, hands={1: "ST"})
    s, events = run(s, 0, "play YC")
    assert scored(events, 0)[0] == (0, 2, "Jólakötturinn")
    s, events = run(s, 0, "play EL")
    assert scored(events, 0) == []
    s3 = table(2, 3, givers=("odin", "father"), creatures={0: "YC"}, hands={1: "ST"})
    s3, events = run(s3, 0, "play YC")
    assert scored(events, 0)[0] == (0, 1, "Jólakötturinn")  # no ability below level 4


# ------------------------------------------------------------------ Saint Nicholas
def test_saint_nicholas_ignores_the_first_black_wish_and_still_scores_it():
    """Naughty or Nice rulebook, "Saint Nicholas": "Whenever he Fulfills the Wishes of a
    Kiddo he may ignore the first Black Present icon on the Kiddo, while still gaining a
    point for the present." Only one black icon, and only from level 4."""
    two_black = kiddos_with(wishes=("red", "blue", "black", "black", "green"))[0]
    one_black = kiddos_with(wishes=("red", "blue", "black"))[0]
    s = table(2, 4, givers=("nicholas", "odin"), hands={0: "ST BE TB OP"}, ground=[one_black, two_black])
    s, events = run(s, 0, "fulfill 1 BE ST")
    assert scored(events, 0) == [(0, 3, KIDDOS[one_black].name)]
    assert of(events, ev.Fulfilled)[0].ignored
    s = table(2, 4, givers=("nicholas", "odin"), hands={0: "ST BE TB"}, ground=[one_black, two_black])
    refused(s, 0, "fulfill 2 BE ST TB", "match")  # the second black is still wished for
    s = table(2, 3, givers=("nicholas", "odin"), hands={0: "ST BE"}, ground=[one_black])
    refused(s, 0, "fulfill 1 BE ST", "match")  # level 3: no written abilities


def test_saint_nicholas_may_still_give_the_black_present():
    """"Saint Nicholas": he "may" ignore it; giving his Birch scores its preferred +1."""
    one_black = kiddos_with(wishes=("red", "blue", "black"))[0]
    s = table(2, 4, givers=("nicholas", "odin"), hands={0: "ST BE BI"}, ground=[one_black])
    s, events = run(s, 0, "fulfill 1 BE BI ST")
    assert scored(events, 0)[0][1] == 4 and not of(events, ev.Fulfilled)[0].ignored


# ------------------------------------------------------------------ Aunt Arie
def test_aunt_arie_gains_a_point_for_each_helpful_creature_she_plays():
    """Naughty or Nice rulebook, "Aunt Arie": "When Madame Arie plays a Helpful Creature
    she gains an extra point whether the creature was worth a point or not." Harmful: no."""
    s = table(2, 4, givers=("arie", "odin"), creatures={0: "EL YC"}, hands={1: "ST"})
    s, events = run(s, 0, "play EL")
    assert scored(events, 0) == [(0, 1, "Elves")]
    for seat in (0, 1):
        while s.prompts and s.prompts[0].seat == seat:
            s, _ = run(s, seat, "pick " + s.revealed[0])
    s, events = run(s, 0, "play YC")
    assert scored(events, 0)[0] == (0, 1, "Jólakötturinn")


# ------------------------------------------------------------------ La Befana
def test_la_befana_sweeps_a_kiddo_and_the_playground_refills():
    """Naughty or Nice rulebook, "La Befana": "At the start of her turn she may discard a
    Kiddo card from the field and place it in a discard pile next to the kiddo deck." """
    s = table(2, 4, givers=("befana", "odin"), ground=["Benjamin", "Amara"], kiddo_deck=["Lukas", "Sofia"])
    s, _ = run(s, 0, "sweep 1")
    assert s.kiddo_discard == (kid("Benjamin"),) and s.playground[0] == kid("Lukas")
    assert s.turn == 0 and s.acted == ""  # a free action: the basic action is still hers
    refused(table(2, 4, givers=("odin", "befana")), 0, "sweep 1", "only la befana")


@pytest.mark.parametrize("hand,points", [("OP TB", 2), ("CO TB", 3), ("CO CR", 4)])
def test_la_befana_prefers_crayons_and_coal(hand, points):
    """"La Befana": "Preferred present: Crayons+Coal": each scores her +1."""
    s = table(2, 2, givers=("befana", "odin"), hands={0: hand}, ground=["Lukas"])
    s, events = run(s, 0, "fulfill 1 " + hand)
    assert scored(events, 0)[0][1] == points


# ------------------------------------------------------------------ Grandfather Frost
def test_grandfather_frost_takes_a_basic_action_after_anothers_snow_maiden():
    """Naughty or Nice rulebook, "Grandfather Frost": "Whenever someone plays a Snow
    Maiden card or discards one, Ded Moroz can automatically perform a basic action after
    Snow Maiden's ability was resolved or after she got discarded." """
    s = table(2, 4, givers=("odin", "moroz"), creatures={0: "SM"}, row=("ST", "CA", "SW"), deck="BE HC FO OP CO")
    s, _ = play(s, "craft 1 2", "play SM")
    assert [(p.seat, p.kind) for p in s.prompts] == [(0, "repeat"), (1, "moroz")]
    s, _ = run(s, 0, "craft 3 deck")
    assert actor(s) == 1
    s, _ = run(s, 1, "craft deck deck")
    assert s.players[1].presents == ("FO", "HC") and s.turn == 1  # then his own turn


def test_grandfather_frost_acts_when_a_snow_maiden_is_discarded():
    """"Grandfather Frost": "... or discards one": a Summon that discards her."""
    s = table(2, 4, givers=("odin", "moroz"), creature_deck="SM KR CG")
    s, _ = play(s, "summon", "keep KR")
    assert s.creature_discard[-1] == "SM" and [p.kind for p in s.prompts] == ["moroz"]
    s, _ = run(s, 1, "pass")
    assert not s.prompts


def test_grandfather_frost_resolves_his_own_snow_maiden_twice():
    """"Grandfather Frost": "If Ded Moroz plays Snow Maiden then he gets to resolve her
    ability twice." """
    s = table(2, 4, givers=("moroz", "odin"), creatures={0: "SM"}, row=("ST", "CA", "SW"),
              deck="BE HC FO OP CO SL")
    s, _ = play(s, "craft 1 2", "play SM")
    assert [(p.seat, p.kind) for p in s.prompts] == [(0, "repeat"), (0, "repeat")]
    s, _ = play(s, "craft 3 deck", "craft deck deck")
    assert len(s.players[0].presents) == 6 and s.turn == 1


def test_santa_tucks_the_reindeer_he_just_gained_before_an_older_one():
    """"Santa Claus": "When you gain a reindeer you may put the reindeer underneath
    Rudolf": the new reindeer goes under Rudolf, so one that started the turn in his
    hand may still be played."""
    s = table(2, 4, givers=("santa", "odin"), creatures={0: "RD"}, creature_deck="RD SC KR")
    s, _ = play(s, "summon", "keep RD", "tuck")
    assert s.players[0].rudolf == 1 and s.players[0].creatures == ("RD",) and s.players[0].fresh == ()
    s, events = run(s, 0, "play RD 1")
    assert scored(events, 0) == [(0, 2, "Reindeer")]


@pytest.mark.parametrize("creature,command", [("SC", "play SC bob"), ("ML", "play ML bob"), ("KR", "play KR CA"),
                                              ("EL", "play EL")])
def test_christkindl_is_targeted_by_creatures_aimed_at_her_or_at_all(creature, command):
    """"Christkindl": "Whenever a creature targets her, she may draw a present card";
    Mr Scrooge and Mari Lwyd aimed at her, Krampus and the Elves at every player."""
    s = table(2, 4, givers=("odin", "christkindl"), creatures={0: creature, 1: "YC"}, deck="OP CO BI TB SL")
    s, _ = run(s, 0, command)
    s, _ = run(s, 1, "pass")  # the reaction window: she holds a creature
    while s.prompts and s.prompts[0].kind == "pick":
        s, _ = run(s, s.prompts[0].seat, "pick " + s.revealed[0])
    assert [(p.seat, p.kind) for p in s.prompts] == [(1, "draw")]


def test_christkindl_draws_after_papa_wolverine_takes_her_presents():
    """"Christkindl": "if it targets her cards (Cringe, Papa Wolverine)"."""
    s = table(2, 4, givers=("odin", "christkindl"), creatures={0: "PW"}, turn=1, hands={1: "ST CA SW"},
              ground=["Benjamin"], deck="OP CO")
    s, _ = run(s, 1, "fulfill 1 CA ST SW")
    s, _ = run(s, 0, "react PW CA SW")
    s = pass_all(s)
    assert [(p.seat, p.kind) for p in s.prompts] == [(1, "draw")]
    s, _ = run(s, 1, "draw deck")
    assert s.players[1].presents == ("OP",) and s.players[0].presents == ("CA", "SW")


def test_christkindl_is_not_targeted_by_a_cancelled_creature():
    """"Christkindl" draws when a creature targets her "afterwards": a creature a Tomte
    cancelled has no effect, so she draws nothing."""
    s = table(3, 4, givers=("odin", "christkindl", "father"), creatures={0: "SC", 2: "TO"})
    s, _ = run(s, 0, "play SC bob")
    s, _ = run(s, 2, "react TO")
    s = pass_all(s)
    assert not s.prompts and s.players[1].skips == 0
