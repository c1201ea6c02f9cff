"""Dice Upon a Time, the 12 Event cards (beginner mode): one test for each card's effect,
and that an Event lasts its chapter. The rulebook says "The Event card overrides the
rules for that given turn" ("2. Reveal the next Event card") but prints no card texts:
the cards are boxtop's reconstruction (``data/events.toml``). Rulings are in the game's
RULES.md."""

from __future__ import annotations

import random

from msgspec.structs import replace

from dice_rules_kit import act, chapter_with, last_turn, place, stack, started, turn
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import common
from engine.games.dice_upon_a_time.cards import load
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.common import place_problem

LOW = stack((1, "plain", 1), (2, "plain", 2))


def test_twelve_event_cards_each_an_effect_for_one_chapter():
    """Components: "Event cards (12 cards)"; "At the beginning of every chapter flip the
    next Event card face up"."""
    events = load().events
    assert sorted(events) == [f"e{k:02}" for k in range(1, 13)]


def test_an_event_lasts_its_chapter_only():
    """ "2. Reveal the next Event card": "The Event card overrides the rules for that given
    turn" (RULES.md: for the chapter it is turned up in)."""
    s = last_turn(started(3, seed=1), 0, pool=(("plain", 5),), event="e04", laid=("e04", "e10"))
    assert "needs a 6" in place_problem(s, 0, "plain", "town-soldier")
    s = place(s, 0, "plain", "rabbit")
    assert s.chapter == 2 and s.event == "e10" and common.socket_value(s, "town-soldier") == 5


def test_e01_the_long_night_stacks_hold_one_die_fewer():
    """e01 "The Long Night": "Dice stacks hold one die fewer this chapter"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),), event="e01", board={"town-coin": LOW})
    assert place_problem(s, 0, "plain", "town-coin") == "That stack is full (2 dice)."


def test_e02_the_crowded_road_stacks_hold_one_die_more():
    """e02 "The Crowded Road": "Dice stacks hold one die more this chapter"."""
    full = LOW + stack((1, "plain", 3))
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),), event="e02", board={"town-coin": full})
    assert place_problem(s, 0, "plain", "town-coin") == ""
    assert "full" in place_problem(replace(s, event=""), 0, "plain", "town-coin")


def test_e03_downhill_sockets_ask_one_less_but_the_dead_ends_a_six():
    """e03 "Downhill All the Way": "Every socket on the map asks one pip less this chapter
    (never below 1)" (RULES.md: the King's and the Fairy's stay at 6: "you can get there
    only by a value 6 die")."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 4), ("ban", 5)), event="e03")
    assert place_problem(s, 0, "plain", "town-soldier") == ""  # 5 → 4
    assert common.socket_value(s, "town-coin") == 1 and common.socket_value(s, "rabbit") == 1
    assert "needs a 6" in place_problem(s, 0, "ban", "church-king")


def test_e04_the_storm_sockets_ask_one_more():
    """e04 "The Storm": "Every socket on the map asks one pip more this chapter (never
    above 6)"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 1)), event="e04")
    assert "needs a 6" in place_problem(s, 0, "plain", "town-soldier")
    assert "needs a 2" in place_problem(s, 0, "ban", "town-coin")
    assert place_problem(s, 0, "ban", "wolf") == ""  # the Forest Spirits stay at 1


def _arrive_at(field_from: str, route: str, event: str, die=("plain", 6)):
    s = turn(started(3, seed=1), 0, pool=(die,), at=field_from, event=event)
    return act(place(s, 0, die[0], route), 0, cmd.Move())


def test_e05_apple_harvest_the_apple_field_gives_one_more():
    """e05 "Apple Harvest": "The Apple field gives one Apple more this chapter" (RULES.md:
    with Doubling one more on top)."""
    assert _arrive_at("huntsman", "huntsman-apple", "e05").players[0].tokens == (0, 0, 2)
    assert _arrive_at("huntsman", "huntsman-apple", "e05", ("doubling", "doubling")).players[0].tokens == (0, 0, 3)
    assert _arrive_at("woodsman", "woodsman-bread", "e05").players[0].tokens == (0, 1, 0)


def test_e06_baking_day_the_bread_field_gives_one_more():
    """e06 "Baking Day": "The Bread field gives one Loaf more this chapter"."""
    assert _arrive_at("woodsman", "woodsman-bread", "e06").players[0].tokens == (0, 2, 0)
    assert _arrive_at("huntsman", "huntsman-apple", "e06").players[0].tokens == (0, 0, 1)


def test_e07_market_day_the_gold_coin_field_gives_one_more():
    """e07 "Market Day": "The Gold Coin field gives one Gold Coin more this chapter"."""
    assert _arrive_at("town", "town-coin", "e07").players[0].tokens == (2, 0, 0)


def test_e08_the_fairy_godmother_every_player_takes_a_token_of_choice():
    """e08 "The Fairy Godmother": "At the start of this chapter every player takes one
    token of their choice"."""
    s = chapter_with("e08")
    assert [(p.seat, p.kind) for p in s.prompts] == [(s.start, "gift"), ((s.start + 1) % 3, "gift"),
                                                      ((s.start + 2) % 3, "gift")]
    first = s.prompts[0].seat
    assert set(legal(s, first)) == {cmd.Gift(("coin",)), cmd.Gift(("bread",)), cmd.Gift(("apple",))}
    s = act(s, first, cmd.Gift(("bread",)))
    assert s.players[first].tokens == (0, 1, 0)


def test_e09_a_lucky_morning_every_player_may_roll_one_die_again():
    """e09 "A Lucky Morning": "At the start of this chapter every player may roll one of
    their dice again"."""
    s = chapter_with("e09")
    first = s.prompts[0].seat
    assert [p.kind for p in s.prompts] == ["reroll"] * 3
    options = legal(s, first)
    assert cmd.Reroll(()) in options and all(len(c.dice) <= 1 for c in options) and len(options) == 6
    before = dict(s.players[first].pool)
    after = {}
    for seed in range(8):
        after = dict(act(s, first, cmd.Reroll(("ban",)), seed=seed).players[first].pool)
        if after["ban"] != before["ban"]:
            break
    assert after["ban"] != before["ban"] and {k: v for k, v in after.items() if k != "ban"} == \
        {k: v for k, v in before.items() if k != "ban"}
    assert act(s, first, cmd.Reroll(())).players[first].pool == s.players[first].pool
    holder = replace(s, players=tuple(replace(p, pool=p.pool + (("snake", 3),)) if i == first else p
                                      for i, p in enumerate(s.players)))
    assert legal(holder, first) == options  # RULES.md: the Snake Die is not rolled again


def test_e10_the_wolf_sleeps():
    """e10 "The Wolf Sleeps": "No die may be placed on the Wolf this chapter"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),), event="e10")
    assert place_problem(s, 0, "plain", "wolf") == "This chapter's Event closes the Wolf."
    assert place_problem(s, 0, "plain", "rabbit") == ""


def test_e11_the_lame_steeds_do_not_jump():
    """e11 "The Lame Steeds": "The Steeds do not jump this chapter"."""
    s = _arrive_at("clouds", "clouds-steed_nw", "e11")
    assert s.players[0].at == "steed_nw" and s.turn == 1


def test_e12_the_spell_is_broken_special_faces_are_plain_sixes():
    """e12 "The Spell Is Broken": "Special die faces are plain 6s this chapter": a Ban face
    bans nothing, a Doubling face doubles nothing."""
    assert _arrive_at("huntsman", "huntsman-apple", "e12", ("doubling", "doubling")).players[0].tokens == (0, 0, 1)
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), event="e12", board={"town-church": stack((1, "ban", "ban"))})
    assert place_problem(s, 0, "plain", "town-church") == ""
    assert "Ban" in place_problem(replace(s, event=""), 0, "plain", "town-church")
