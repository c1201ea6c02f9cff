"""Dice Upon a Time rules, beginner mode: one test per rule, each citing its passage of
the Dice Upon a Time rulebook (RULES.md beside the game records the rulings). Positions
come from ``dice_rules_kit``: a seeded setup, then the table as the test needs it; every
move goes through ``rules.decide``."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from dice_rules_kit import GAME, act, events_of, place, stack, started, turn, with_player
from engine.core.errors import IllegalCommand
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.rules import SOCKETS, place_problem


# ------------------------------------------------------------------ setup
def test_setup_shuffles_the_quest_decks_by_value_lays_six_events_and_draws_a_start_player():
    """ "Setup" 2: "Separate the cards into decks (… Quest cards separated by value),
    shuffle"; 7: "Put 6 random Event cards face-down … at the slots marked by Roman
    numerals"; 8: "Choose the starting player"; 5: figures on the Town."""
    s = started(4, seed=3)
    assert {v: len(d) for v, d in s.decks.items()} == {2: 12, 3: 20, 4: 8}
    assert len(s.laid) == 6 and len(set(s.laid)) == 6
    assert 0 <= s.start < 4
    assert all(p.at == "town" for p in s.players)
    assert started(4, seed=3, length="short").laid != () and len(started(4, seed=3, length="short").laid) == 3


def test_from_the_start_player_each_draws_two_quests_of_any_value_combination_face_up():
    """ "Setup" 9: "From the starting player, in clockwise order, every player draws …
    2 Quest cards of any value combination"; "the Quest cards go face-up"."""
    s = started(3, seed=2)
    order = [(s.start + k) % 3 for k in range(3)]
    assert [p.seat for p in s.prompts] == order and all(p.kind == "draw2" for p in s.prompts)
    first = order[0]
    assert cmd.Draw((2, 4)) in legal(s, first) and cmd.Draw((4, 4)) in legal(s, first)
    top4 = s.decks[4][:2]
    s2 = act(s, first, cmd.Draw((4, 4)))
    assert s2.players[first].quests == top4
    other = order[1]
    assert GAME.view(s2, other).players[first].quests == top4  # face up: everyone sees them


def test_the_cooperative_game_lays_every_quest_face_up_and_draws_none():
    """ "Cooperative game", "Changes in set up": "Lay all the Quest cards face up"; "At
    the beginning of the game players don't draw Quest cards"."""
    s = started(4, seed=1, mode="cooperative")
    assert len(s.table) == 40 and s.chapter == 1 and not any(p.kind == "draw2" for p in s.prompts)
    assert all(not p.quests for p in s.players)


def test_a_chapter_begins_with_every_player_rolling_five_dice_and_the_next_event_flipped():
    """ "At the beginning of a chapter", "1. Roll the dice": "players roll their dice";
    "2. Reveal the next Event card": "flip the next Event card face up"."""
    s = started(3, seed=4, mode="cooperative")
    assert s.chapter == 1 and s.event == s.laid[0]
    assert all(len(p.pool) == 5 for p in s.players)
    assert {d for d, _ in s.players[0].pool} == {"magic_item", "story", "ban", "doubling", "plain"}


def test_face_down_events_are_hidden_until_their_chapter_unless_laid_face_up():
    """ "Setup" 7: "6 random Event cards face-down"; "To those who like to plan ahead, we
    recommend to place the Event cards face-up during the set-up"."""
    s = started(3, seed=4, mode="cooperative")
    v = GAME.view(s, 1)
    assert v.laid[0] == s.laid[0] and set(v.laid[1:]) == {ev.HIDDEN}
    s = started(3, seed=4, mode="cooperative", events="open")
    assert GAME.view(s, 1).laid == s.laid


# ------------------------------------------------------------------ placing
def test_a_die_goes_on_an_equal_or_higher_value_and_the_5_5_special_example():
    """ "General dice placement rules" 1: "at least the value (same or higher)"; 3: "The
    special faces of the dice are worth 6"; the example: red 5 on the 5 socket, white 5
    on it, green's special face on top."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 4)))
    assert "needs a 5" in place_problem(s, 0, "ban", "town-soldier")
    s = place(s, 0, "plain", "town-soldier")
    s = turn(s, 1, pool=(("plain", 5),), board=s.board)
    s = place(s, 1, "plain", "town-soldier")
    s = turn(s, 2, pool=(("story", "story"),), board=s.board)
    s = place(s, 2, "story", "town-soldier")
    assert [d.face for d in s.board["town-soldier"]] == [5, 5, "story"]


def test_a_stack_holds_three_dice_and_two_in_the_two_player_game():
    """ "General dice placement rules" 2: "A dice stack may consist a maximum of 3 dice";
    "2 player variant": "The maximum height of the dice stacks is 2 dice (in every socket,
    including the Rabbit and the Snake field)"."""
    full3 = stack((1, "plain", 3), (1, "ban", 4), (2, "plain", 5))
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), board={"town-old_woman": full3})
    assert "full" in place_problem(s, 0, "plain", "town-old_woman")
    full2 = stack((1, "plain", 3), (1, "ban", 4))
    s = turn(started(2, seed=1), 0, pool=(("plain", 6),), board={"town-old_woman": full2, "rabbit": full2})
    assert "full" in place_problem(s, 0, "plain", "town-old_woman")
    assert "full" in place_problem(s, 0, "plain", "rabbit")


def test_only_another_players_ban_die_goes_on_a_ban_die_and_its_owner_tops_it_with_a_six():
    """ "Ban face": "OTHER players can place only their Ban die on top of a Ban die.
    Players can override their own Ban die with their other dice with at least value 6"."""
    banned = {"town-church": stack((1, "ban", "ban"))}
    s = turn(started(3, seed=1), 0, pool=(("plain", 6), ("ban", "ban")), board=banned)
    assert "Ban" in place_problem(s, 0, "plain", "town-church")
    assert place_problem(s, 0, "ban", "town-church") == ""
    s = turn(started(3, seed=1), 1, pool=(("plain", 6), ("doubling", 5)), board=banned)
    assert place_problem(s, 1, "plain", "town-church") == ""
    assert "needs a 6" in place_problem(s, 1, "doubling", "town-church")


def test_legal_placements_are_exactly_those_place_problem_allows():
    """The legal moves and the refusals agree on every die and socket ("General dice
    placement rules"), over positions of seeded games."""
    import engine
    from engine import Seat

    for seed in range(6):
        s = engine.new_game("dice-upon-a-time", [Seat(f"p{i}", "random") for i in range(3)], seed=seed)
        for _ in range(120):
            if s.result() is not None:
                break
            st = s.state
            if not st.prompts and st.step == "place":
                seat = st.turn
                allowed = {(c.die, c.socket) for c in legal(st, seat) if isinstance(c, cmd.Place)}
                for die, _ in st.players[seat].pool:
                    for k in SOCKETS:
                        assert ((die, k) in allowed) == (place_problem(st, seat, die, k) == ""), (die, k)
            s.step_bot()


# ------------------------------------------------------------------ moving
def test_little_red_riding_hood_places_a_3_on_the_route_to_the_old_woman_and_moves_there():
    """ "3 Move your figure", example: "She puts a value 3 die on the route to the Old
    Woman. Now she has activated the route and can move to the Old Woman field"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3),))
    s = place(s, 0, "plain", "town-old_woman")
    assert s.step == "move"
    s = act(s, 0, cmd.Move())
    assert s.players[0].at == "old_woman"


def test_a_die_placed_away_from_your_field_blocks_but_does_not_move_you():
    """ "3 Move your figure": "You may place a die in any of the board dice sockets (e.g.
    to block the way of an opponent), but your figure can move … only when you have
    activated that route"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 2)))
    s = place(s, 0, "plain", "big_sea-soldier")
    assert s.players[0].at == "town" and s.turn == 1  # no move step: the turn ended
    assert cmd.Move() not in legal(s, 0)


def test_going_back_needs_a_new_die():
    """FAQ: "If I want to take a path where my die is on top of a stack, do I need to add
    another die to the stack? … Yes. Every movement is preceded by a die placement"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 4)))
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    s = turn(s, 0, pool=(("ban", 4),), at="old_woman", board=s.board)
    assert cmd.Move() not in legal(s, 0)
    s = place(s, 0, "ban", "town-old_woman")
    s = act(s, 0, cmd.Move())
    assert s.players[0].at == "town" and len(s.board["town-old_woman"]) == 2


def test_passing_gives_up_every_upcoming_turn_of_the_chapter():
    """ "Passing the turn": "By doing so, they give up all of their upcoming turns for
    that chapter"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 4)))
    s = act(s, 0, cmd.PassTurn())
    assert s.players[0].passed and s.turn == 1
    s = place(s, 1, "plain", "wolf" if False else "rabbit")
    s = place(s, 2, "plain", "snake")
    assert s.chapter == 2  # seat 0 got no more turns though it held two dice


# ------------------------------------------------------------------ locations
def test_arriving_at_a_resource_field_takes_one_token_two_with_the_doubling_face():
    """ "Resource fields": "Arriving on one of these fields you can take one token";
    "Token doubling face": "you can take one extra token of that type"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="huntsman")
    s = act(place(s, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].count("apple") == 1
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="huntsman")
    s = act(place(s, 0, "doubling", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].count("apple") == 2


def test_the_fairy_gives_one_token_of_choice_and_with_doubling_two_of_the_same_kind():
    """ "Fairy": "take one of the resource tokens of your choice"; "Token doubling face":
    "On the Fairy field you can draw 2 of the SAME type of tokens"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), at="coin")
    s = act(place(s, 0, "plain", "coin-fairy"), 0, cmd.Move())
    assert s.step == "fairy" and set(legal(s, 0)) == {cmd.Take("coin"), cmd.Take("bread"), cmd.Take("apple")}
    assert act(s, 0, cmd.Take("bread")).players[0].tokens == (0, 1, 0)
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="coin")
    s = act(act(place(s, 0, "doubling", "coin-fairy"), 0, cmd.Move()), 0, cmd.Take("apple"))
    assert s.players[0].tokens == (0, 0, 2)


def test_the_town_offers_a_quest_card_on_arrival_but_not_at_the_start():
    """ "Town": "The Town is the starting field … When arriving on this field later in the
    game … the player can draw a Quest card"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3),), at="old_woman")
    assert s.step == "place"  # standing on the Town at the start asks nothing
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    assert s.step == "town" and cmd.Skip() in legal(s, 0)
    top = s.decks[3][0]
    s = act(s, 0, cmd.Draw((3,)))
    assert top in s.players[0].quests


def test_the_king_draws_three_keeps_one_and_puts_the_rest_under_their_decks_unseen():
    """ "King": "draw 3 Quest cards (from any deck in any combination), keep one of them,
    and put the rest back to the bottom of their decks"; the brief's hidden information:
    the two put back are seen by the drawer only."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), at="church")
    s = act(place(s, 0, "plain", "church-king"), 0, cmd.Move())
    assert s.step == "king"
    drawn = (s.decks[2][0], s.decks[3][0], s.decks[4][0])
    s = act(s, 0, cmd.Draw((2, 3, 4)))
    assert s.king == drawn and GAME.view(s, 0).king == drawn and GAME.view(s, 1).king == ()
    es = events_of(s, 0, cmd.Keep(drawn[2]))
    s = act(s, 0, cmd.Keep(drawn[2]))
    assert drawn[2] in s.players[0].quests
    assert s.decks[2][-1] == drawn[0] and s.decks[3][-1] == drawn[1]
    kept = next(e for e in es if isinstance(e, ev.KingKept))
    assert GAME.redact(kept, 1).returned == (ev.HIDDEN, ev.HIDDEN) and GAME.redact(kept, 0) == kept


def test_a_steed_may_jump_to_another_steed_and_the_jump_counts_as_arriving():
    """ "Steed fields": "When arriving on one of these fields, the player may immediately
    jump to another Steed field" (RULES.md: the jump arrives, without a second jump)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="clouds")
    s = with_player(s, 0, quests=("q04",))  # visit the Big Mountains
    s = act(place(s, 0, "plain", "clouds-steed_nw"), 0, cmd.Move())
    assert s.step == "jump" and cmd.Jump("steed_ne") in legal(s, 0)
    s = act(s, 0, cmd.Jump("steed_ne"))
    assert s.players[0].at == "steed_ne" and s.step != "jump"


def test_in_beginner_mode_the_supporting_characters_and_magic_items_fields_do_nothing():
    """ "Beginner mode": "The Supporting character fields and the Magic Item field also
    become regular fields with no ability"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 4), ("ban", 3)))
    s = act(place(s, 0, "plain", "town-huntsman"), 0, cmd.Move())
    assert s.players[0].at == "huntsman" and s.turn == 1 and s.step == "place"


# ------------------------------------------------------------------ quests
def test_visit_deliver_discard_and_item_quests_complete_as_their_kinds_say():
    """ "Quest cards": "There are 4 types of quests … Visit a given location. Collect the
    resources and deliver them … Collect and then return the resources … Pick up a special
    quest item from the location and deliver to another location"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 3)), at="church")
    s = with_player(s, 0, quests=("q02", "q23", "q08"), tokens=(4, 0, 0))
    s = act(place(s, 0, "plain", "church-hell"), 0, cmd.Move())
    assert s.step == "complete"
    assert set(legal(s, 0)) == {cmd.Complete("q02"), cmd.Complete("q23"), cmd.Complete("q08"), cmd.End()}
    s = act(act(s, 0, cmd.Complete("q02")), 0, cmd.Complete("q23"))
    assert s.players[0].done == ("q02", "q23") and s.players[0].tokens == (2, 0, 0)
    s = act(s, 0, cmd.Complete("q08"))
    assert s.players[0].tokens == (0, 0, 0) and s.turn == 1
    # the item quest: the Old Sword from the Soldier to the Big Mountains
    s = turn(s, 0, pool=(("plain", 5), ("ban", 5)), at="town")
    s = with_player(s, 0, quests=("q34",))
    s = act(place(s, 0, "plain", "town-soldier"), 0, cmd.Move())
    assert s.players[0].items == ("old_sword",) and "old_sword" not in s.items
    s = turn(s, 0, pool=(("ban", 5),), at="big_sea", board=s.board)
    s = with_player(s, 0, at="coin")
    s = act(place(s, 0, "ban", "coin-big_mountains"), 0, cmd.Move())
    s = act(s, 0, cmd.Complete("q34"))
    assert "q34" in s.players[0].done and not s.players[0].items


def test_only_the_owner_of_an_item_quest_picks_its_quest_token_up():
    """ "Quest cards": "These items can be collected only by the owners of these Quest
    cards when visiting the location specified on the given card"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 3)))
    s = with_player(s, 1, quests=("q34",))
    s = act(place(s, 0, "plain", "town-soldier"), 0, cmd.Move())
    assert s.players[0].items == () and "old_sword" in s.items


def test_the_church_example_two_apples_complete_one_quest_not_both():
    """ "At the end of a chapter", example: "Quests 'Take 2 Apples into the Church' and
    'Discard 2 Apples' cannot be contracted. If you have two Apples, you can either
    discard them to complete the 2 AP quest, or take them into the Church to complete the
    3 AP quest"; "5 Complete quests": "One resource token can be used for one quest only"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2), ("ban", 3)))
    s = with_player(s, 0, quests=("q06", "q15"), tokens=(0, 0, 2))
    s = act(place(s, 0, "plain", "town-church"), 0, cmd.Move())
    assert {cmd.Complete("q06"), cmd.Complete("q15")} <= set(legal(s, 0))
    s = act(s, 0, cmd.Complete("q15"))
    assert s.players[0].done == ("q15",) and "q06" in s.players[0].quests and s.turn == 1


def test_four_active_quests_are_the_limit_so_the_town_offers_no_draw():
    """ "Quest cards": "The limit of the active Main Quests (Quest cards) is 4 per
    player" (RULES.md: with four, the Town and the King draw nothing)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 3)), at="old_woman")
    s = with_player(s, 0, quests=("q01", "q02", "q03", "q04"))
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    assert s.step != "town" and s.turn == 1


# ------------------------------------------------------------------ Forest Spirits
def test_the_wolf_makes_every_other_player_give_an_unused_die_once_a_chapter():
    """ "Wolf": "all players in clockwise order must place one of their unused dice on the
    field. This field can be activated once per chapter … Dice stacks may not be built
    here"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 3)))
    s = with_player(s, 1, pool=(("plain", 3), ("ban", 2)))
    s = place(s, 0, "plain", "wolf")
    assert [(p.seat, p.kind) for p in s.prompts] == [(1, "feed")]
    assert [d.seat for d in s.board["wolf"]] == [0, 2]  # seat 2's only die went without asking
    s = act(s, 1, cmd.Feed("ban"))
    assert [d.seat for d in s.board["wolf"]] == [0, 2, 1] and s.players[1].pool == (("plain", 3),)
    assert s.wolf_fed and "already" in place_problem(replace(s, board={}), 0, "ban", "wolf")


def test_the_rabbit_top_die_takes_the_start_player_marker_and_a_rabbit_token_at_chapter_end():
    """ "Rabbit": "The player whose die is on the top of this stack … at the end of the
    chapter gets the 2 rewards"; FAQ: "These three Forest Spirits give their rewards only
    at the end of the chapter"."""
    s = turn(started(3, seed=1), 2, pool=(("plain", 1),), start=0,
             board={"rabbit": stack((0, "plain", 1))})
    s = with_player(with_player(s, 0, pool=()), 1, pool=())
    assert s.players[2].rabbits == 0
    s = place(s, 2, "plain", "rabbit")
    assert s.chapter == 2 and s.start == 2 and s.players[2].rabbits == 1 and s.rabbits == 4


def test_with_no_rabbit_winner_the_start_player_marker_stays():
    """ "At the end of a chapter" 1: "If nobody won the reward of the Rabbit field, the
    starting player marker stays with the previous starting player"."""
    s = turn(started(3, seed=1), 2, pool=(("plain", 1),), start=1)
    s = with_player(with_player(s, 0, pool=()), 1, pool=())
    s = place(s, 2, "plain", "snake")
    assert s.chapter == 2 and s.start == 1


def test_a_rabbit_token_moves_along_a_full_or_banned_route_instead_of_a_die():
    """ "Rabbit": "They can use it in their turn to move to an adjacent field without
    placing a die … The Rabbit Token can be used to pass through a path which already has
    3 dice in the socket or a Ban die"."""
    full = stack((1, "ban", "ban"), (2, "ban", "ban"), (1, "plain", 6))
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),), board={"town-old_woman": full})
    s = with_player(s, 0, rabbits=1)
    s = replace(s, rabbits=4)
    s = act(s, 0, cmd.Rabbit("town-old_woman"))
    assert s.players[0].at == "old_woman" and s.players[0].rabbits == 0 and s.rabbits == 5
    assert s.players[0].pool == (("plain", 1),)  # no die spent


def test_the_snake_die_is_an_extra_die_or_lost_or_a_token():
    """ "Snake": a number: "The Snake Die can be used in this chapter like any other
    normal face die"; "You lost the die"; "You lost the die, but can immediately take 1
    respective token"."""
    faces = {}
    for seed in range(40):
        s = turn(started(3, seed=1), 2, pool=(("plain", 1),), board={"snake": stack((1, "plain", 2))})
        s = with_player(with_player(s, 0, pool=()), 1, pool=())
        es = events_of(s, 2, cmd.Place("plain", "rabbit"), seed=seed)  # the chapter ends, seat 1 rolls it
        rolled = next(e.face for e in es if isinstance(e, ev.SnakeRolled))
        faces[str(rolled)] = act(s, 2, cmd.Place("plain", "rabbit"), seed=seed)
    assert {"3", "5", "lost"} <= set(faces) and {"coin", "bread", "apple"} & set(faces)
    with_number = faces["5"].players[1]
    assert ("snake", 5) in with_number.pool and len(with_number.pool) == 6
    assert ("snake", 5) not in [x for x in faces["lost"].players[1].pool]
    token = next(t for t in ("coin", "bread", "apple") if t in faces)
    assert faces[token].players[1].count(token) == 1


def test_dice_from_the_fox_are_set_to_any_face_next_chapter():
    """ "Fox": "When rolling your dice at the beginning of the next chapter, the dice
    taken from the Fox field can be set to any face instead of rolled"."""
    s = turn(started(3, seed=1), 2, pool=(("plain", 1),), board={"fox1": stack((1, "doubling", 1))})
    s = with_player(with_player(s, 0, pool=()), 1, pool=())
    s = place(s, 2, "plain", "fox2")
    assert s.chapter == 2 and [(p.seat, p.kind) for p in s.prompts][:2] == [(1, "fox"), (2, "fox")]
    assert len(s.players[1].pool) == 4
    assert cmd.SetFaces((("doubling", "doubling"),)) in legal(s, 1)
    s = act(s, 1, cmd.SetFaces((("doubling", "doubling"),)))
    assert ("doubling", "doubling") in s.players[1].pool


def test_dice_lost_to_the_wolf_stay_on_its_field():
    """FAQ: "If another player activated the Wolf field and I lost a die there, does the
    lost die on the Wolf field count here? – Yes … they are on the Forest Spirit fields"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 3)))
    s = place(s, 0, "plain", "wolf")
    assert {d.seat for d in s.board["wolf"]} == {0, 1, 2}


# ------------------------------------------------------------------ end and scoring
def test_the_game_ends_after_chapter_six_three_in_the_short_game():
    """ "The End: Scoring": "The game ends after Chapter 6"; "Short and Extra Long game
    modes": "the short version of only 3 chapters"."""
    import engine
    from engine import Seat

    for length, chapters in (("standard", 6), ("short", 3)):
        s = engine.new_game("dice-upon-a-time", [Seat("a", "random"), Seat("b", "random")], seed=2,
                            options={"length": length})
        s.run_bots()
        assert s.state.phase == "over" and s.state.chapter == chapters


def test_extra_long_ends_with_the_chapter_in_which_the_last_quest_is_drawn():
    """ "Short and Extra Long game modes": "lasts until the end of the chapter in which
    the last Quest card is drawn"."""
    s = turn(started(2, seed=1, length="extra_long"), 0, pool=(("plain", 3),), at="old_woman", chapter=7)
    s = replace(s, decks={2: (), 3: (s.decks[3][0],), 4: ()}, players=tuple(
        replace(p, pool=() if i else p.pool) for i, p in enumerate(s.players)))
    s = act(act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move()), 0, cmd.Draw((3,)))
    assert s.drained and s.phase == "over" and s.chapter == 7


def test_most_ap_wins_and_a_tie_is_shared_or_goes_to_most_quests_in_one_turn():
    """ "The End: Scoring": "The player who collected the most Adventure Points wins. Is it
    a tie? Possible. If it's a tie, the winner is who can kill more flies with one blow"."""
    s = started(2, seed=1)
    s = replace(s, phase="over", players=(replace(s.players[0], done=("q13",), best=1),
                                          replace(s.players[1], done=("q14",), best=1)))
    assert GAME.result(s).winners == [0, 1]
    s = replace(s, options=replace(s.options, ties="one_blow"),
                players=(replace(s.players[0], best=2), s.players[1]))
    r = GAME.result(s)
    assert r.winners == [0] and r.tiebreak
    s = replace(s, players=(replace(s.players[0], done=("q13", "q01")), s.players[1]))
    assert GAME.result(s).winners == [0] and GAME.result(s).scores[0]["total"] == 5


@pytest.mark.parametrize("n, total, band", [(2, 29, 0), (2, 30, 1), (2, 60, 4), (3, 59, 1), (3, 60, 2),
                                            (4, 99, 2), (4, 116, 4), (5, 100, 3)])
def test_the_cooperative_table_scores_the_tables_ap_and_an_edge_counts_for_the_higher_band(n, total, band):
    """ "Beginner mode", "The end of the game" table: 2 players 30/40/50/60, 3 players
    45/60/75/90, 4-5 players 60/80/100/116; "0-30 KP … 30+ KP": an edge belongs to the
    higher band (RULES.md)."""
    from engine.games.dice_upon_a_time.cards import load
    from engine.games.dice_upon_a_time.rules import BAND_WORDS, band as band_of

    quests = load().quests
    s = started(n, seed=1, mode="cooperative")
    ways: dict[int, tuple[str, ...]] = {0: ()}  # AP → quests adding up to it
    for q in quests:
        for have, qs in list(ways.items()):
            ways.setdefault(have + quests[q].ap, qs + (q,))
    done = ways[total]
    s = replace(s, phase="over", players=(replace(s.players[0], done=done), *s.players[1:]))
    assert band_of(s) == band
    assert GAME.result(s).verdict == f"Together {total} AP. {BAND_WORDS[band]}"


# ------------------------------------------------------------------ Events
@pytest.mark.parametrize("event, check", [
    ("e01", lambda s: "full (2 dice)" in place_problem(
        replace(s, board={"town-coin": stack((1, "plain", 1), (1, "plain", 2))}), 0, "plain", "town-coin")),
    ("e02", lambda s: place_problem(replace(s, board={"town-coin": stack(
        (1, "plain", 1), (1, "plain", 2), (2, "plain", 3))}), 0, "plain", "town-coin") == ""),
    ("e03", lambda s: place_problem(s, 0, "ban", "town-soldier") == "" and "needs a 6" in
        place_problem(s, 0, "ban", "church-king")),
    ("e04", lambda s: "needs a 6" in place_problem(s, 0, "plain", "town-soldier")),
    ("e10", lambda s: "Wolf" in place_problem(s, 0, "ban", "wolf")),
])
def test_an_event_changes_the_rules_for_its_chapter(event, check):
    """ "2. Reveal the next Event card": "The Event card overrides the rules for that
    given turn" (RULES.md: an Event lasts its chapter); the Events' texts are boxtop's
    reconstruction (QUESTS.md)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 4)), event=event)
    assert check(s)


def test_resource_bonus_gift_reroll_and_the_lame_steeds_events():
    """Events e05 (the Apple field gives one more), e08 (a token of one's choice at the
    chapter's start), e09 (re-roll a die), e11 (the Steeds do not jump), e12 (special faces
    plain): each changes only its chapter."""
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="huntsman", event="e05")
    s = act(place(s, 0, "doubling", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].count("apple") == 3
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"),), at="huntsman", event="e12")
    s = act(place(s, 0, "doubling", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].count("apple") == 1
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),), at="clouds", event="e11")
    s = act(place(s, 0, "plain", "clouds-steed_nw"), 0, cmd.Move())
    assert s.step != "jump" and s.turn == 1
    s = started(3, seed=1, mode="cooperative")
    s = replace(s, laid=("e08", "e09"), chapter=0, phase="setup", players=tuple(
        replace(p, pool=()) for p in s.players), prompts=(), turn=-1, step="")
    from engine.games.dice_upon_a_time import rules

    tx = rules._Tx(s, random.Random(1))
    rules._begin_chapter(tx, 1)
    kinds = [p.kind for p in tx.state.prompts]
    assert kinds == ["gift"] * 3
    s2 = act(tx.state, tx.state.prompts[0].seat, cmd.Gift(("bread",)))
    assert s2.players[tx.state.prompts[0].seat].count("bread") == 1


def test_a_refused_move_says_why_in_one_line_and_changes_nothing():
    """Bad input gets a clear one-line error: a die too low, a die one does not have, a
    move out of turn, an answer to a question not asked."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2),))
    for seat, command, words in ((0, cmd.Place("plain", "town-soldier"), "needs a 5"),
                                 (0, cmd.Place("ban", "town-coin"), "not among your unused dice"),
                                 (1, cmd.Place("plain", "town-coin"), "not your turn"),
                                 (0, cmd.Take("apple"), "Place a die")):
        with pytest.raises(IllegalCommand) as err:
            GAME.decide(s, seat, command, random.Random(0))
        assert words in str(err.value) and "\n" not in str(err.value)
