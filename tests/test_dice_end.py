"""Dice Upon a Time, the end of the game for each length, scoring and ties, the
co-operative game and the 2-player game (beginner mode). Each test quotes the passage of
the Dice Upon a Time rulebook it checks; rulings are in the game's RULES.md."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import engine
from dice_rules_kit import GAME, act, last_turn, place, started, turn
from engine import Seat
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.cards import load
from engine.games.dice_upon_a_time.rules import band
from engine.games.dice_upon_a_time.common import BAND_WORDS, EXTRA_LONG_GUARD, place_problem


@pytest.mark.parametrize("length, chapters", [("standard", 6), ("short", 3)])
def test_the_game_ends_after_chapter_six_or_three_in_the_short_game(length, chapters):
    """ "The End: Scoring": "The game ends after Chapter 6 (when there are no more Event
    cards to flip face up)"; "Short and Extra Long game modes": "You can reduce the play
    time by playing the short version of only 3 chapters"."""
    s = engine.new_game("dice-upon-a-time", [Seat("a", "random"), Seat("b", "random")], seed=2,
                        options={"length": length})
    s.run_bots()
    assert s.state.phase == "over" and s.state.chapter == chapters and s.result() is not None
    s = last_turn(started(2, seed=1, length=length), 0, chapter=chapters - 1)
    assert place(s, 0, "plain", "rabbit").phase == "play"  # the chapter before goes on


def test_extra_long_ends_with_the_chapter_in_which_the_last_quest_is_drawn():
    """ "Short and Extra Long game modes": "the Extra Long variant, which lasts until the
    end of the chapter in which the last Quest card is drawn. Scoring follows the end of
    this chapter"."""
    s = turn(started(2, seed=1, length="extra_long"), 0, pool=(("plain", 3), ("ban", 1)), at="old_woman",
             chapter=7)
    s = replace(s, decks={2: (), 3: (s.decks[3][0],), 4: ()})
    s = act(act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move()), 0, cmd.Draw((3,)))
    assert s.drained and s.phase == "play" and s.chapter == 7  # the chapter is played out
    s = place(s, 1, "plain", "rabbit")
    s = place(s, 0, "ban", "snake")
    assert s.phase == "over" and s.chapter == 7


def test_extra_long_goes_on_while_quests_are_left_past_chapter_twelve():
    """ "Short and Extra Long game modes": "For those who never want to end the game, we
    present the Extra Long variant, which lasts until the end of the chapter in which the
    last Quest card is drawn" (review deviation 5: boxtop cut it after chapter 12, where
    every 2-player game still had cards; RULES.md: a guard stops a game that never gets
    there after chapter 50)."""
    s = last_turn(started(2, seed=1, length="extra_long"), 0, chapter=6)
    assert place(s, 0, "plain", "rabbit").chapter == 7
    s = last_turn(started(2, seed=1, length="extra_long"), 0, chapter=12)
    assert place(s, 0, "plain", "rabbit").chapter == 13
    s = last_turn(started(2, seed=1, length="extra_long"), 0, chapter=EXTRA_LONG_GUARD)
    assert place(s, 0, "plain", "rabbit").phase == "over"


def test_extra_long_is_never_shorter_than_the_standard_game():
    """ "Short and Extra Long game modes": "For those who never want to end the game, we
    present the Extra Long variant" (review deviation 5: a 5-player game whose last Quest
    card was drawn in chapter 5 ended there, shorter than the standard 6 chapters;
    RULES.md: it ends after chapter 6 at the earliest)."""
    s = last_turn(started(2, seed=1, length="extra_long"), 0, chapter=5)
    s = replace(s, decks={2: (), 3: (), 4: ()}, drained=True)
    s = place(s, 0, "plain", "rabbit")
    assert s.phase == "play" and s.chapter == 6
    s = last_turn(s, 0, chapter=6)
    assert place(s, 0, "plain", "rabbit").phase == "over"


def test_cooperative_extra_long_ends_with_the_chapter_the_last_quest_is_completed():
    """ "Short and Extra Long game modes": until "the last Quest card is drawn"; the
    co-operative game draws none (RULES.md: it lasts until every quest is completed)."""
    s = last_turn(started(2, seed=1, mode="cooperative", length="extra_long"), 0, pool=(("plain", 2),),
                  chapter=8)
    s = replace(s, table=("q05",))
    s = act(place(s, 0, "plain", "town-church"), 0, cmd.Move())
    s = act(s, 0, cmd.Complete("q05"))
    assert s.table == () and s.phase == "over" and s.chapter == 8


def test_most_adventure_points_win_and_open_quests_cost_nothing():
    """ "The End: Scoring": "All players count the Adventure Points (AP) on the back of the
    completed Quest cards … The player who collected the most Adventure Points wins";
    "Incomplete active Main Quests have no negative effects"."""
    s = started(2, seed=1)
    s = replace(s, phase="over", players=(replace(s.players[0], done=("q13", "q01"), quests=("q37",)),
                                          replace(s.players[1], done=("q33",))))
    r = GAME.result(s)
    assert r.winners == [0] and [x["total"] for x in r.scores] == [5, 4] and not r.tiebreak


def test_a_tie_goes_to_whoever_killed_more_flies_with_one_blow_or_is_shared():
    """ "The End: Scoring": "Is it a tie? Possible. If it's a tie, the winner is who can
    kill more flies with one blow" (review deviation 7: a tie was shared unless told;
    RULES.md: ``ties=one_blow`` by default, the most quests completed in one turn, and
    still tied, shared; ``ties=shared`` shares it)."""
    s = started(2, seed=1)
    s = replace(s, phase="over", players=(replace(s.players[0], done=("q33",), best=1),
                                          replace(s.players[1], done=("q01", "q02"), best=2)))
    r = GAME.result(s)
    assert r.winners == [1] and r.tiebreak == "tied on AP, most quests in one turn"
    even = replace(s, players=(replace(s.players[0], best=2), s.players[1]))
    assert GAME.result(even).winners == [0, 1] and GAME.result(even).tiebreak == "tied on AP and quests in one turn"
    shared = replace(s, options=replace(s.options, ties="shared"))
    assert GAME.result(shared).winners == [0, 1] and not GAME.result(shared).tiebreak


def test_quests_completed_in_one_turn_are_counted_for_the_tie():
    """ "The End: Scoring": "who can kill more flies with one blow": two quests in one turn
    count two."""
    s = turn(started(2, seed=1, ties="one_blow"), 0, pool=(("plain", 2),))
    s = replace(s, players=(replace(s.players[0], quests=("q05", "q15"), tokens=(0, 0, 2)), s.players[1]))
    s = act(act(act(place(s, 0, "plain", "town-church"), 0, cmd.Move()), 0, cmd.Complete("q05")), 0,
            cmd.Complete("q15"))
    assert s.players[0].best == 2


# ------------------------------------------------------------------ the co-operative game
def test_in_the_cooperative_game_anyone_completes_any_quest_on_the_table():
    """ "Cooperative game": "all of them are face up, available for everyone to complete";
    "When a player completes a Quest, turn that Quest card face down"."""
    s = turn(started(3, seed=1, mode="cooperative"), 1, pool=(("plain", 2),))
    s = act(act(place(s, 1, "plain", "town-church"), 1, cmd.Move()), 1, cmd.Complete("q05"))
    assert "q05" not in s.table and s.players[1].done == ("q05",) and len(s.table) == 39


def test_in_the_cooperative_game_the_town_and_the_king_draw_nothing():
    """ "Cooperative game": "Some Story and Magic Item cards are not applicable in this mode
    (e.g. 'Draw a Quest card')" (RULES.md: no quest is drawn, so the Town and the King do
    nothing)."""
    s = turn(started(3, seed=1, mode="cooperative"), 0, pool=(("plain", 3), ("ban", 1)), at="old_woman")
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    assert s.turn == 1 and s.step == "place"


@pytest.mark.parametrize("n, total, expected", [(2, 29, 0), (2, 30, 1), (2, 40, 2), (2, 60, 4), (3, 44, 0),
                                                (3, 45, 1), (3, 90, 4), (4, 99, 2), (4, 116, 4), (5, 100, 3)])
def test_the_cooperative_table_is_scored_against_the_completion_table(n, total, expected):
    """ "Beginner mode", "The end of the game": "Count the AP values of all the completed
    main and side Quests … The below table shows the completion level": 2 players
    30/40/50/60, 3 players 45/60/75/90, 4-5 players 60/80/100/116 (RULES.md: the rows
    "0-30" and "30+" meet at 30, which belongs to the higher band)."""
    quests = load().quests
    ways: dict[int, tuple[str, ...]] = {0: ()}  # AP → quests adding up to it
    for q in quests:
        for have, qs in list(ways.items()):
            ways.setdefault(have + quests[q].ap, qs + (q,))
    s = started(n, seed=1, mode="cooperative")
    half = len(ways[total]) // 2  # two players' quests add up
    s = replace(s, phase="over", players=(replace(s.players[0], done=ways[total][:half]),
                                          replace(s.players[1], done=ways[total][half:]), *s.players[2:]))
    assert band(s) == expected
    r = GAME.result(s)
    assert r.verdict == f"Together {total} AP. {BAND_WORDS[expected]}" and r.winners == list(range(n))


# ------------------------------------------------------------------ the 2-player game
def test_in_the_two_player_game_every_stack_holds_two_dice():
    """ "2 player variant": "The maximum height of the dice stacks is 2 dice (in every
    socket, including the Rabbit and the Snake field)"."""
    two = ((1, "plain", 1), (1, "ban", 4))
    from dice_rules_kit import stack

    s = turn(started(2, seed=1), 0, pool=(("plain", 6),),
             board={"town-old_woman": stack(*two), "rabbit": stack(*two), "snake": stack(*two),
                    "town-soldier": stack(two[1])})
    for k in ("town-old_woman", "rabbit", "snake"):
        assert place_problem(s, 0, "plain", k) == "That stack is full (2 dice)."
    assert place_problem(s, 0, "plain", "town-soldier") == ""
    three = turn(started(3, seed=1), 0, pool=(("plain", 6),), board={"rabbit": stack(*two)})
    assert place_problem(three, 0, "plain", "rabbit") == ""


def test_in_the_two_player_game_events_change_stacks_from_two():
    """ "2 player variant": "Any effects that modify the dice stacks by a plus or minus must
    be applied to a default number of 2 dice in the stacks"."""
    from dice_rules_kit import stack

    s = turn(started(2, seed=1), 0, pool=(("plain", 6),), board={"rabbit": stack((1, "plain", 1))}, event="e01")
    assert place_problem(s, 0, "plain", "rabbit") == "That stack is full (1 die)."
    s = turn(started(2, seed=1), 0, pool=(("plain", 6),), event="e02",
             board={"rabbit": stack((1, "plain", 1), (1, "plain", 2))})
    assert place_problem(s, 0, "plain", "rabbit") == ""


def test_the_result_gives_quests_and_their_ap_apart_and_the_beginner_game_no_story_column():
    """"The End: Scoring": the player with the most AP wins; play-test B-D18: the
    ``quests`` column was a count beside the total AP, and the beginner game (no Story
    cards) showed a ``stories`` column of zeros."""
    import engine
    from engine import Seat

    for cards, keys in (("full", ["quests", "quest AP", "story AP", "total"]), ("beginner", ["quests", "total"])):
        s = engine.new_game("dice-upon-a-time", [Seat("a", "heuristic"), Seat("b", "heuristic")], seed=2,
                            options={"length": "short", "cards": cards})
        s.run_bots()
        scores = s.result().scores
        assert all(list(x) == keys for x in scores), scores
        if cards == "full":
            assert all(x["total"] == x["quest AP"] + x["story AP"] for x in scores)
