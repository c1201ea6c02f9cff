"""Dice Upon a Time, a player's turn (beginner mode): placing a die, the special faces,
the Rabbit token, moving, passing, the order of turns. Each test quotes the passage of
the Dice Upon a Time rulebook it checks; rulings are in the game's RULES.md. Positions
come from ``dice_rules_kit``; every move goes through ``rules.decide``."""

from __future__ import annotations

import pytest

from dice_rules_kit import act, last_turn, place, refused, stack, started, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.common import SOCKETS, place_problem


def test_the_5_5_special_example_builds_a_stack_of_three():
    """ "General dice placement rules", example: "The red player places a value 5 die on
    the value 5 socket. The white player places also a value 5 die on it. The green
    player puts a special face die on top of the previous two dice. The special face is
    value 6, so it activates the route"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),))
    s = place(s, 0, "plain", "town-soldier")
    s = turn(s, 1, pool=(("plain", 5),), board=s.board)
    s = place(s, 1, "plain", "town-soldier")
    s = turn(s, 2, pool=(("story", "story"),), board=s.board)
    s = place(s, 2, "story", "town-soldier")
    assert [(d.seat, d.face) for d in s.board["town-soldier"]] == [(0, 5), (1, 5), (2, "story")]
    assert s.step == "move"  # the special face activated the route for green, on the Town


def test_a_die_needs_at_least_the_socket_or_the_die_beneath():
    """ "General dice placement rules" 1: "The newly placed die has to have at least the
    value (same or higher) indicated by the socket or the die on which you wish to place
    it"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 4), ("ban", 3), ("story", 2)))
    assert place_problem(s, 0, "plain", "town-huntsman") == ""  # 4 on a 4
    assert refused(s, 0, cmd.Place("ban", "town-huntsman")) == "That needs a 4 or higher."
    s = turn(s, 0, pool=(("ban", 3), ("story", 5)), board={"town-woodsman": stack((1, "plain", 4))})
    assert "needs a 4" in place_problem(s, 0, "ban", "town-woodsman")  # the socket asks 2, the die 4
    assert place_problem(s, 0, "story", "town-woodsman") == ""


def test_special_faces_are_worth_six_both_ways():
    """ "General dice placement rules" 3: "The special faces of the dice are worth 6. This
    means they can be placed on value 6 (or lower) sockets or dice, and value 6 (or special
    face) dice can be placed on top of them"."""
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"), ("plain", 6), ("ban", 5)), at="coin",
             board={"town-soldier": stack((1, "magic_item", "magic_item"))})
    assert place_problem(s, 0, "doubling", "coin-fairy") == ""
    assert place_problem(s, 0, "plain", "town-soldier") == ""
    assert place_problem(s, 0, "doubling", "town-soldier") == ""
    assert "needs a 6" in place_problem(s, 0, "ban", "town-soldier")


def test_a_stack_holds_at_most_three_dice():
    """ "General dice placement rules" 2: "A dice stack may consist a maximum of 3 dice"."""
    two = stack((1, "plain", 3), (2, "plain", 4))
    s = turn(started(3, seed=1), 0, pool=(("plain", 6), ("ban", 6)), board={"town-old_woman": two})
    s = place(s, 0, "plain", "town-old_woman")
    s = turn(s, 0, pool=(("ban", 6),), board=s.board)
    assert refused(s, 0, cmd.Place("ban", "town-old_woman")) == "That stack is full (3 dice)."


def test_only_another_players_ban_die_goes_on_a_ban_die():
    """ "Ban face": "OTHER players can place only their Ban die on top of a Ban die"."""
    banned = {"town-church": stack((1, "ban", "ban"))}
    s = turn(started(3, seed=1), 0, pool=(("plain", 6), ("story", "story"), ("ban", "ban")), board=banned)
    assert refused(s, 0, cmd.Place("plain", "town-church")) == "Only a Ban die goes on another player's Ban die."
    assert "Ban" in place_problem(s, 0, "story", "town-church")
    s = place(s, 0, "ban", "town-church")
    assert [d.seat for d in s.board["town-church"]] == [1, 0]


def test_the_owner_overrides_their_own_ban_die_with_a_six():
    """ "Ban face": "Players can override their own Ban die with their other dice with at
    least value 6"."""
    banned = {"town-church": stack((1, "ban", "ban"))}
    s = turn(started(3, seed=1), 1, pool=(("plain", 6), ("doubling", 5), ("story", "story")), board=banned)
    assert "needs a 6" in place_problem(s, 1, "doubling", "town-church")
    assert place_problem(s, 1, "story", "town-church") == ""
    s = place(s, 1, "plain", "town-church")
    assert [d.face for d in s.board["town-church"]] == ["ban", 6]


def test_a_ban_die_bans_only_while_it_shows_its_ban_face():
    """ "Ban face": "OTHER players can place only their Ban die on top of a Ban die"
    (RULES.md: a Ban die is a die showing the Ban face; the Ban die's numbers are plain)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),), board={"town-church": stack((1, "ban", 4))})
    assert place_problem(s, 0, "plain", "town-church") == ""


def test_story_and_magic_item_faces_are_plain_sixes_in_the_beginner_game():
    """ "Beginner mode": "the Story card and Magic Item die faces become regular value 6
    faces"."""
    s = turn(started(3, seed=1), 0, pool=(("story", "story"), ("magic_item", "magic_item")), at="coin")
    s = place(s, 0, "story", "coin-fairy")
    assert s.step == "move" and s.players[0].pool == (("magic_item", "magic_item"),)
    s = act(act(s, 0, cmd.Move()), 0, cmd.Take("coin"))
    assert s.players[0].tokens == (1, 0, 0) and not s.doubling


def test_legal_placements_are_exactly_those_place_problem_allows():
    """ "General dice placement rules": the lit sockets and the refusals agree on every die
    and socket, over positions of seeded games."""
    import engine
    from engine import Seat

    checked = 0
    for seed in range(4):
        s = engine.new_game("dice-upon-a-time", [Seat(f"p{i}", "random") for i in range(3)], seed=seed)
        for _ in range(100):
            if s.result() is not None:
                break
            st = s.state
            if not st.prompts and not st.windows and st.step == "place":
                seat = st.turn
                places = [c for c in legal(st, seat) if isinstance(c, cmd.Place)]
                allowed = {(c.die, c.socket) for c in places if not c.using}
                for die, _ in st.players[seat].pool:
                    for k in SOCKETS:
                        assert ((die, k) in allowed) == (place_problem(st, seat, die, k) == ""), (die, k)
                        checked += 1
                # a help (an item or an ability) is offered only where it is needed
                for c in places:
                    if c.using:
                        assert place_problem(st, seat, c.die, c.socket) and not place_problem(
                            st, seat, c.die, c.socket, c.using), c
            s.step_bot()
    assert checked > 1000


# ------------------------------------------------------------------ the Rabbit token
def test_a_rabbit_token_moves_through_a_full_or_banned_route_without_a_die():
    """ "Rabbit", second reward: "They can use it in their turn to move to an adjacent
    field without placing a die … The Rabbit Token can be used to pass through a path which
    already has 3 dice in the socket or a Ban die"; "After using it, the token must be put
    back to the supply, don't place it on the board"."""
    full = stack((1, "plain", 3), (2, "plain", 4), (1, "plain", 6))
    banned = stack((1, "ban", "ban"))
    for board, route, to in (({"town-old_woman": full}, "town-old_woman", "old_woman"),
                             ({"town-church": banned}, "town-church", "church")):
        s = turn(started(3, seed=1), 0, pool=(("plain", 1),), board=board, rabbits=4)
        s = with_player(s, 0, rabbits=1)
        assert place_problem(s, 0, "plain", route) != ""
        s = act(s, 0, cmd.Rabbit(route))
        assert s.players[0].at == to and s.players[0].rabbits == 0 and s.rabbits == 5
        assert s.players[0].pool == (("plain", 1),) and s.board == board  # no die spent or placed


def test_after_a_rabbit_token_no_further_die_is_placed_that_turn():
    """ "Rabbit": "The Rabbit Token is equivalent to the die placement … When using it,
    the player may not place a further die in the same turn"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 5)))
    s = with_player(s, 0, rabbits=2)
    s = act(s, 0, cmd.Rabbit("town-church"))
    assert s.turn == 1 and s.players[0].rabbits == 1  # the turn is over
    assert refused(s, 0, cmd.Place("plain", "town-soldier")) == "It is not your turn to act."


def test_a_rabbit_token_goes_only_along_a_route_from_your_field():
    """ "Rabbit": "to move to an adjacent field without placing a die"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5),))
    assert "no Rabbit token" in refused(s, 0, cmd.Rabbit("town-church"))
    s = with_player(s, 0, rabbits=1)
    assert "from your field" in refused(s, 0, cmd.Rabbit("hell-church"))
    assert {c.route for c in legal(s, 0) if isinstance(c, cmd.Rabbit)} == {
        "town-old_woman", "town-coin", "town-huntsman", "town-woodsman", "town-soldier", "town-church"}


# ------------------------------------------------------------------ moving
def test_little_red_riding_hood_places_a_3_on_the_route_to_the_old_woman():
    """ "3 Move your figure", example: "Little Red Riding Hood is standing on the Town
    field. She puts a value 3 die on the route to the Old Woman. Now she has activated the
    route and can move to the Old Woman field"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 2)))
    s = place(s, 0, "plain", "town-old_woman")
    assert s.step == "move" and set(legal(s, 0)) == {cmd.Move(), cmd.Skip()}
    s = act(s, 0, cmd.Move())
    assert s.players[0].at == "old_woman"


def test_the_figure_may_stay_after_placing():
    """ "A player's turn": "you can move your figure"; "3 Move your figure": "The active
    player may move their figure to an adjacent field"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 2)))
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Skip())
    assert s.players[0].at == "town" and s.turn == 1 and len(s.board["town-old_woman"]) == 1


def test_a_die_away_from_your_field_blocks_but_does_not_move_you():
    """ "3 Move your figure": "You may place a die in any of the board dice sockets (e.g.
    to block the way of an opponent), but your figure can move to an adjacent field only
    when you have activated that route by placing a die in its socket"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 5), ("ban", 2)))
    s = place(s, 0, "plain", "big_sea-soldier")
    assert s.players[0].at == "town" and s.turn == 1 and s.board["big_sea-soldier"][0].seat == 0
    assert refused(s, 0, cmd.Move()) == "It is not your turn to act."


def test_only_the_route_just_placed_on_moves_you_and_going_back_needs_a_new_die():
    """ "3 Move your figure": "In case you would like to use a route where you already
    placed a die in one of your previous turns, it must be activated again by placing
    another die from your pool"; FAQ: "If I want to take a path where my die is on top of a
    stack, do I need to add another die to the stack? (E.g. I want to go back to the
    previous field.) – Yes. Every movement is preceded by a die placement"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 4), ("story", 1)))
    s = act(place(s, 0, "plain", "town-old_woman"), 0, cmd.Move())
    s = turn(s, 0, pool=(("ban", 4), ("story", 1)), at="old_woman", board=s.board)
    assert cmd.Move() not in legal(s, 0)
    s = place(s, 0, "story", "rabbit")  # a die elsewhere opens nothing
    assert s.players[0].at == "old_woman" and s.turn == 1
    s = turn(s, 0, pool=(("ban", 4),), at="old_woman", board=s.board)
    s = act(place(s, 0, "ban", "town-old_woman"), 0, cmd.Move())
    assert s.players[0].at == "town" and [d.face for d in s.board["town-old_woman"]] == [3, 4]


# ------------------------------------------------------------------ passing and the order of turns
def test_passing_gives_up_every_upcoming_turn_of_the_chapter():
    """ "Passing the turn": "Players may choose to pass their turn when they cannot or
    don't wish to place a die on the map. By doing so, they give up all of their upcoming
    turns for that chapter"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 3), ("ban", 4)))
    assert cmd.PassTurn() in legal(s, 0)
    s = act(s, 0, cmd.PassTurn())
    assert s.players[0].passed and s.turn == 1 and len(s.players[0].pool) == 2
    s = place(s, 1, "plain", "rabbit")
    s = place(s, 2, "plain", "snake")
    assert s.chapter == 2 and not s.players[0].passed  # seat 0 got no more turns, holding two dice


def test_turns_go_clockwise_one_die_each_skipping_players_without_dice():
    """ "Gameplay": "Play proceeds clockwise"; "A chapter normally consists of 5 turns per
    player, as a player has normally 5 dice and places 1 die per turn before the next
    player goes"."""
    s = turn(started(4, seed=1), 1, pool=(("plain", 1), ("ban", 1)))
    s = with_player(with_player(s, 2, pool=()), 3, pool=(("plain", 2), ("ban", 2)))
    order = []
    while s.chapter == 1:
        seat = s.turn
        order.append(seat)
        die = s.players[seat].pool[0][0]
        s = place(s, seat, die, "snake" if len(s.board.get("snake", ())) < 3 else "rabbit")
    assert order == [1, 3, 0, 1, 3]


def test_a_chapter_ends_when_every_player_has_used_all_dice_or_passed():
    """ "At the end of a chapter": "A chapter ends when all the players have used all
    their dice or passed their turns"; "2. Take back all the remaining dice from the
    board"."""
    s = last_turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 2)))
    s = with_player(s, 1, pool=(("plain", 3),), passed=True)
    s = act(place(s, 0, "plain", "town-coin"), 0, cmd.Skip())
    assert s.chapter == 1 and s.turn == 0  # seat 1 passed, seat 2 has no dice: seat 0 again
    s = place(s, 0, "ban", "wolf")  # the Wolf takes seat 1's last die too
    assert s.chapter == 2 and s.board == {} and all(not p.passed for p in s.players)


def test_a_rabbit_token_does_not_reach_the_king_or_the_fairy():
    """ "Fairy", Note: "The Fairy and the King are both powerful locations, but you can
    get there only by a value 6 die"; "Rabbit": "The Rabbit Token can be used to pass
    through a path which already has 3 dice in the socket or a Ban die" (review
    deviation 8: the token took a figure to the King without a 6): the token passes a
    full or banned route, never the 6 of a dead end."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),), at="church")
    s = with_player(s, 0, rabbits=1)
    assert cmd.Rabbit("church-king") not in legal(s, 0) and cmd.Rabbit("church-hell") in legal(s, 0)
    assert refused(s, 0, cmd.Rabbit("church-king")) == "Only a value 6 die opens the way to the King or the Fairy."
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),), at="coin")
    s = with_player(s, 0, rabbits=1)
    assert refused(s, 0, cmd.Rabbit("coin-fairy")) == "Only a value 6 die opens the way to the King or the Fairy."


def test_passing_completes_no_quest():
    """ "Passing the turn": "they give up all of their upcoming turns for that chapter"
    (RULES.md: the pass gives up the whole turn, phase 5 included)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),), at="church")
    s = with_player(s, 0, quests=("q05",))
    s = act(s, 0, cmd.PassTurn())
    assert s.players[0].quests == ("q05",) and s.players[0].done == () and s.turn == 1
