"""Dice Upon a Time, the locations on the board and the Doubling face (beginner mode):
each test quotes the passage of the Dice Upon a Time rulebook it checks ("Locations on
the board", "Token doubling face", "Beginner mode"); rulings are in the game's RULES.md."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dice_rules_kit import GAME, act, events_of, place, refused, started, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time import rules
from engine.games.dice_upon_a_time.common import ROUTES, place_problem


def test_the_town_offers_a_quest_card_on_arrival_but_not_at_the_start():
    """ "Town": "The Town is the starting field at the beginning of the game. When arriving
    on this field later in the game – either by normal movement or by card effect – the
    player can draw a Quest card"; "Whenever a player draws a Quest card, it is up to them
    which deck they choose to draw from"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 1)))
    assert s.players[0].at == "town" and s.step == "place"  # standing there asks nothing
    s = act(place(s, 0, "plain", "town-coin"), 0, cmd.Skip())
    assert s.turn == 1 and len(s.players[0].quests) == 0
    s = turn(s, 0, pool=(("plain", 3),), at="old_woman")
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    assert s.step == "town" and set(legal(s, 0)) == {cmd.Draw((2,)), cmd.Draw((3,)), cmd.Draw((4,)), cmd.Skip()}
    top = s.decks[4][0]
    s = act(s, 0, cmd.Draw((4,)))
    assert s.players[0].quests == (top,) and s.decks[4][0] != top


def test_the_town_may_be_left_without_a_draw_and_a_rabbit_hop_arrives_there_too():
    """ "Town": "the player can draw a Quest card" (a choice); "Rabbit": the token moves
    "to an adjacent field", which is arriving there."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3),), at="old_woman")
    s = act(act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move()), 0, cmd.Skip())
    assert s.players[0].quests == () and s.turn == 1
    s = with_player(turn(s, 0, pool=(("plain", 3),), at="church"), 0, rabbits=1)
    s = act(s, 0, cmd.Rabbit("town-church"))
    assert s.step == "town"


def test_the_king_draws_three_keeps_one_and_puts_the_rest_under_their_decks_unseen():
    """ "King": "On this field you can draw 3 Quest cards (from any deck in any
    combination), keep one of them, and put the rest back to the bottom of their decks"
    (RULES.md, "Hidden information": the drawer alone sees the three)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), at="church")
    s = act(place(s, 0, "plain", "church-king"), 0, cmd.Move())
    assert s.step == "king" and cmd.Draw((4, 4, 4)) in legal(s, 0) and cmd.Skip() in legal(s, 0)
    drawn = (s.decks[2][0], s.decks[3][0], s.decks[4][0])
    es = events_of(s, 0, cmd.Draw((2, 3, 4)))
    s = act(s, 0, cmd.Draw((2, 3, 4)))
    assert s.king == drawn and set(legal(s, 0)) == {cmd.Keep(q) for q in drawn}
    assert GAME.view(s, 0).king == drawn and GAME.view(s, 1).king == ()
    drew = next(e for e in es if isinstance(e, ev.KingDrew))
    assert GAME.redact(drew, 1).quests == (ev.HIDDEN,) * 3 and GAME.redact(drew, 0) == drew
    es = events_of(s, 0, cmd.Keep(drawn[2]))
    s = act(s, 0, cmd.Keep(drawn[2]))
    assert s.players[0].quests == (drawn[2],) and s.king == ()
    assert s.decks[2][-1] == drawn[0] and s.decks[3][-1] == drawn[1] and len(s.decks[4]) == 7
    kept = next(e for e in es if isinstance(e, ev.KingKept))
    assert GAME.redact(kept, 2).returned == (ev.HIDDEN, ev.HIDDEN) and GAME.redact(kept, 2).quest == drawn[2]


def test_the_king_and_the_fairy_are_dead_ends_behind_a_six():
    """ "Fairy", note: "you can get there only by a value 6 die. In addition, both of them
    are dead end routes"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", "ban")), at="coin")
    assert "needs a 6" in refused(s, 0, cmd.Place("plain", "coin-fairy"))
    assert place_problem(s, 0, "ban", "coin-fairy") == "" and place_problem(s, 0, "ban", "church-king") == ""
    from engine.games.dice_upon_a_time.board import load_board

    board = load_board()
    assert [len(board.routes_at(x)) for x in ("king", "fairy")] == [1, 1]


def test_the_fairy_gives_one_token_of_your_choice():
    """ "Fairy": "On the Fairy field you can take one of the resource tokens of your
    choice: a Gold Coin, a Loaf of Bread or an Apple"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), at="coin")
    s = act(place(s, 0, "plain", "coin-fairy"), 0, cmd.Move())
    assert s.step == "fairy" and set(legal(s, 0)) == {cmd.Take("coin"), cmd.Take("bread"), cmd.Take("apple")}
    assert act(s, 0, cmd.Take("bread")).players[0].tokens == (0, 1, 0)


def test_the_fairy_with_doubling_gives_two_of_the_same_kind():
    """ "Token doubling face": "On the Fairy field you can draw 2 of the SAME type of
    tokens. (The doubling effect lets you draw 2 tokens, but they cannot be of different
    types.)"."""
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="coin")
    s = act(place(s, 0, "doubling", "coin-fairy"), 0, cmd.Move())
    assert all(isinstance(c, cmd.Take) for c in legal(s, 0))  # one kind is chosen, once
    s = act(s, 0, cmd.Take("apple"))
    assert s.players[0].tokens == (0, 0, 2)


@pytest.mark.parametrize("frm, field, token", [("town", "coin", "coin"), ("woodsman", "bread", "bread"),
                                               ("huntsman", "apple", "apple")])
def test_a_resource_field_gives_one_token_two_with_doubling(frm, field, token):
    """ "Resource fields": "Arriving on one of these fields you can take one token from the
    supply"; "Token doubling face": "If you activate a die with this special face and you
    would take tokens after moving, you can take one extra token of that type"."""
    route = f"{frm}-{field}"
    k = ("coin", "bread", "apple").index(token)
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), at=frm)
    s = act(place(s, 0, "plain", route), 0, cmd.Move())
    assert s.players[0].tokens[k] == 1 and sum(s.players[0].tokens) == 1
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at=frm)
    s = act(place(s, 0, "doubling", route), 0, cmd.Move())
    assert s.players[0].tokens[k] == 2 and sum(s.players[0].tokens) == 2


def test_doubling_is_for_tokens_only_and_only_after_moving_this_turn():
    """ "Token doubling face": "This face is valid only for taking tokens on the Resource
    fields, not for cards. (So you cannot draw two Quest cards …)"; "you would take tokens
    after moving"."""
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="old_woman")
    s = act(place(s, 0, "doubling", "town-old_woman"), 0, cmd.Move())
    assert s.step == "town" and {len(c.decks) for c in legal(s, 0) if isinstance(c, cmd.Draw)} == {1}
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"), ("plain", 2)), at="huntsman")
    s = place(s, 0, "doubling", "rabbit")  # fired, but nobody moved
    s = turn(s, 0, pool=(("plain", 2),), at="huntsman", board=s.board)
    s = act(place(s, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].count("apple") == 1  # a later turn's arrival is not doubled


def test_a_steed_may_jump_to_another_steed_once():
    """ "Steed fields": "When arriving on one of these fields, the player may immediately
    jump to another Steed field" (RULES.md: the jump arrives, without a second jump)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="clouds")
    s = act(place(s, 0, "plain", "clouds-steed_nw"), 0, cmd.Move())
    assert s.step == "jump" and set(legal(s, 0)) == {cmd.Jump("steed_ne"), cmd.Jump("steed_sw"), cmd.Skip()}
    s2 = act(s, 0, cmd.Jump("steed_ne"))
    assert s2.players[0].at == "steed_ne" and s2.turn == 1  # no second jump
    s3 = act(s, 0, cmd.Skip())
    assert s3.players[0].at == "steed_nw" and s3.turn == 1


def test_a_steed_jump_counts_as_arriving_for_quest_tokens(monkeypatch):
    """ "Steed fields": "jump to another Steed field"; "Quest cards": the items "can be
    collected only by the owners of these Quest cards when visiting the location" (RULES.md:
    a jump arrives, so a quest token or a quest there counts)."""
    # no printed quest token lies on a Steed: move the Crossbow's pickup there for the test
    quest = replace(rules.CARDS.quests["q33"], pickup="steed_ne")
    monkeypatch.setattr(rules, "CARDS", replace(rules.CARDS, quests={**rules.CARDS.quests, "q33": quest}))
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="clouds")
    s = with_player(s, 0, quests=("q33",))
    s = act(place(s, 0, "plain", "clouds-steed_nw"), 0, cmd.Move())
    assert s.players[0].items == ()
    s = act(s, 0, cmd.Jump("steed_ne"))
    assert s.players[0].items == ("crossbow",) and "crossbow" not in s.items


@pytest.mark.parametrize("frm, field", [
    ("town", "old_woman"), ("town", "huntsman"), ("town", "woodsman"), ("town", "soldier"), ("apple", "magic_items"),
    ("old_woman", "clouds"), ("woodsman", "hell"), ("magic_items", "big_sea"), ("coin", "big_mountains"),
    ("town", "church"),
])
def test_fields_with_no_ability_in_the_beginner_game_do_nothing(frm, field):
    """ "Other locations": "Clouds, Hell, Big Sea, Big Mountains – These fields do not have
    any abilities or effects"; "Beginner mode": "The Supporting character fields and the
    Magic Item field also become regular fields with no ability"."""
    route = next(r for r in (f"{frm}-{field}", f"{field}-{frm}") if r in ROUTES)
    s = turn(started(3, seed=1), 0, pool=(("plain", 6), ("ban", 1)), at=frm)
    s = act(place(s, 0, "plain", route), 0, cmd.Move())
    assert s.players[0].at == field and s.turn == 1 and s.step == "place"  # the turn ended on arrival
    assert s.players[0].tokens == (0, 0, 0) and s.players[0].quests == () and s.players[0].items == ()
