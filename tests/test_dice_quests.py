"""Dice Upon a Time, quests (beginner mode): the four kinds, completing them, quest
tokens, the limit of four. Each test quotes the passage of the Dice Upon a Time rulebook
it checks ("Quest cards", "5 Complete quests", the Church example); rulings are in the
game's RULES.md."""

from __future__ import annotations

from dice_rules_kit import act, place, refused, started, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.legal import legal


def test_a_visit_quest_completes_on_arriving_at_its_field():
    """ "Quest cards": "There are 4 types of quests in this game: Visit a given location";
    "When you complete a Quest, turn that card face down. Face-down Quest cards are
    passive, indicating the Adventure Points you get for them at the end of the game"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 3)), at="church")
    s = with_player(s, 0, quests=("q02", "q01"))
    s = act(place(s, 0, "plain", "church-hell"), 0, cmd.Move())
    assert s.step == "complete" and set(legal(s, 0)) == {cmd.Complete("q02"), cmd.End()}
    s = act(s, 0, cmd.Complete("q02"))
    assert s.players[0].quests == ("q01",) and s.players[0].done == ("q02",) and s.turn == 1


def test_a_delivery_quest_gives_its_tokens_up_at_its_field():
    """ "Quest cards": "Collect the resources and deliver them to the location specified
    by the card"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 5)), at="church")
    s = with_player(s, 0, quests=("q23", "q05"), tokens=(3, 0, 0))
    s = place(s, 0, "plain", "snake")  # q05 may be completed at the Church, q23 not
    assert refused(s, 0, cmd.Complete("q23")) == "You cannot complete The Devil and His Grandmother here and now."
    s = act(s, 0, cmd.End())
    s = turn(s, 0, pool=(("ban", 5),), at="church", board=s.board)
    s = act(place(s, 0, "ban", "church-hell"), 0, cmd.Move())
    s = act(s, 0, cmd.Complete("q23"))
    assert s.players[0].done == ("q23",) and s.players[0].tokens == (1, 0, 0)


def test_a_discard_quest_completes_anywhere_even_without_moving():
    """ "Quest cards": "Collect and then return the resources to the supply (discard)
    specified by the card"; "5 Complete quests": "In the last phase the active player can
    complete quests if the requirements are fulfilled" (RULES.md: every turn, moved or
    not)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),), at="hell")
    s = with_player(s, 0, quests=("q09",), tokens=(1, 1, 0))
    s = place(s, 0, "plain", "snake")
    assert s.step == "complete" and cmd.Complete("q09") in legal(s, 0)
    s = act(s, 0, cmd.Complete("q09"))
    assert s.players[0].tokens == (0, 0, 0) and s.players[0].done == ("q09",)


def test_an_item_quest_picks_its_token_up_and_carries_it_to_another_field():
    """ "Quest cards": "Pick up a special quest item from the location and deliver to
    another location specified by the card"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),))
    s = with_player(s, 0, quests=("q34",))  # the Old Sword: from the Soldier to the Big Mountains
    s = act(place(s, 0, "plain", "town-soldier"), 0, cmd.Move())
    assert s.players[0].items == ("old_sword",) and "old_sword" not in s.items and s.turn == 1
    s = turn(s, 0, pool=(("ban", 5),), at="coin", board=s.board)
    s = act(place(s, 0, "ban", "coin-big_mountains"), 0, cmd.Move())
    s = act(s, 0, cmd.Complete("q34"))
    assert s.players[0].done == ("q34",) and s.players[0].items == () and "old_sword" in s.items


def test_only_the_owner_of_an_item_quest_picks_its_token_up():
    """ "Quest cards": "Some Quest cards require special items. These items can be
    collected only by the owners of these Quest cards when visiting the location specified
    on the given card"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 3)))
    s = with_player(s, 1, quests=("q34",))
    s = act(place(s, 0, "plain", "town-soldier"), 0, cmd.Move())
    assert s.players[0].items == () and "old_sword" in s.items


def test_in_the_cooperative_game_anyone_picks_up_a_quest_token_on_the_table():
    """ "Cooperative game": the Quest cards are "available for everyone to complete"
    (RULES.md: whoever arrives takes the token)."""
    s = turn(started(3, seed=1, mode="cooperative"), 0, pool=(("plain", 5), ("ban", 3)))
    s = act(place(s, 0, "plain", "town-soldier"), 0, cmd.Move())
    assert s.players[0].items == ("old_sword",)


def test_the_church_example_two_apples_complete_one_quest_not_both():
    """ "At the end of a chapter", example: "Quests 'Take 2 Apples into the Church' and
    'Discard 2 Apples' cannot be contracted. If you have two Apples, you can either discard
    them to complete the 2 AP quest, or take them into the Church to complete the 3 AP
    quest"; "5 Complete quests": "Requirements cannot be contracted. One resource token can
    be used for one quest only"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2), ("ban", 3)))
    s = with_player(s, 0, quests=("q06", "q15"), tokens=(0, 0, 2))
    s = act(place(s, 0, "plain", "town-church"), 0, cmd.Move())
    assert set(legal(s, 0)) == {cmd.Complete("q06"), cmd.Complete("q15"), cmd.End()}
    church = act(s, 0, cmd.Complete("q15"))
    assert church.players[0].done == ("q15",) and church.players[0].quests == ("q06",) and church.turn == 1
    discard = act(s, 0, cmd.Complete("q06"))
    assert discard.players[0].done == ("q06",) and discard.turn == 1  # the 3 AP quest went with the Apples


def test_one_visit_serves_every_quest_that_asks_for_the_field():
    """ "5 Complete quests": "One resource token can be used for one quest only" (RULES.md:
    a field is not a token: a visit and a delivery to the Church complete together)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),))
    s = with_player(s, 0, quests=("q05", "q15"), tokens=(0, 0, 2))
    s = act(place(s, 0, "plain", "town-church"), 0, cmd.Move())
    s = act(act(s, 0, cmd.Complete("q05")), 0, cmd.Complete("q15"))
    assert s.players[0].done == ("q05", "q15") and s.players[0].best == 2


def test_the_field_acts_before_quests_are_completed():
    """ "4 Location ability activates" comes before "5 Complete quests": "the location
    ability (4th phase) has priority to quest completion (5th phase)" ("Supporting
    characters"): an Apple taken on arrival completes a quest that same turn."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="huntsman")
    s = with_player(s, 0, quests=("q06",), tokens=(0, 0, 1))
    s = act(place(s, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert s.step == "complete"
    s = act(s, 0, cmd.Complete("q06"))
    assert s.players[0].done == ("q06",) and s.players[0].tokens == (0, 0, 0)


def test_completing_is_a_choice_and_the_quest_stays_active():
    """ "5 Complete quests": "the active player can complete quests"; "Incomplete active
    Main Quests have no negative effects at the end of the game"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2), ("ban", 2)))
    s = with_player(s, 0, quests=("q05",))
    s = act(act(place(s, 0, "plain", "town-church"), 0, cmd.Move()), 0, cmd.End())
    assert s.players[0].quests == ("q05",) and s.players[0].done == () and s.turn == 1


def test_four_active_quests_are_the_limit_a_fifth_drawn_is_discarded_down_to_four():
    """ "Quest cards": "The limit of the active Main Quests (Quest cards) is 4 per
    player"; "Magic Mirror": "Remember to keep the rule of a maximum of 4 active Quests:
    you must choose which cards to discard until you have only 4 active Quests left"
    (review deviation 4: draws were refused at four, so four hard quests could never be
    swapped): the Town and the King still draw, then one quest of five is discarded, out
    of the game."""
    four = ("q01", "q02", "q03", "q04")
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 3)), at="old_woman", decks={2: ("q05",), 3: (), 4: ()})
    s = with_player(s, 0, quests=four)
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    assert s.step == "town" and cmd.Draw((2,)) in legal(s, 0)
    s = act(s, 0, cmd.Draw((2,)))
    assert s.players[0].quests == (*four, "q05") and [(p.seat, p.kind) for p in s.prompts] == [(0, "trim")]
    assert set(legal(s, 0)) == {cmd.Discard(quest=q) for q in (*four, "q05")}
    s = act(s, 0, cmd.Discard(quest="q02"))
    assert s.players[0].quests == ("q01", "q03", "q04", "q05") and s.decks == {2: (), 3: (), 4: ()}
    assert s.drained  # the last Quest card was drawn, whatever was discarded after
    s = turn(started(3, seed=1), 0, pool=(("plain", 6), ("ban", 3)), at="church")
    s = with_player(s, 0, quests=four)
    s = act(act(place(s, 0, "plain", "church-king"), 0, cmd.Move()), 0, cmd.Draw((4, 4, 4)))
    kept = s.king[0]
    s = act(s, 0, cmd.Keep(kept))
    assert len(s.players[0].quests) == 5 and [p.kind for p in s.prompts] == ["trim"]
    s = act(s, 0, cmd.Discard(quest=kept))
    assert s.players[0].quests == four and kept not in s.decks[4] and len(s.decks[4]) == 8 - 3 + 2
