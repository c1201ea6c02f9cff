"""Dice Upon a Time, the four Forest Spirits and their rewards at the end of a chapter
(beginner mode). Each test quotes the passage of the Dice Upon a Time rulebook it checks
("Forest Spirits", "At the end of a chapter", the FAQ); rulings are in the game's
RULES.md."""

from __future__ import annotations

from dice_rules_kit import act, events_of, last_turn, place, refused, stack, started, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.notation import parse
from engine.games.dice_upon_a_time.common import SPIRIT_SOCKETS, place_problem


def test_every_forest_spirit_takes_any_die():
    """ "Forest Spirits": "The Forest Spirit fields have the lowest value (1), therefore any
    dice can be placed here"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1),))
    assert [place_problem(s, 0, "plain", k) for k in SPIRIT_SOCKETS] == [""] * 5


# ------------------------------------------------------------------ Rabbit
def test_the_rabbit_rewards_come_only_at_the_end_of_the_chapter():
    """ "Rabbit": "The player whose die is on the top of this stack … at the end of the
    chapter gets the 2 rewards"; FAQ: "Do I get the Rabbit token … immediately when I place
    a die on that field? – These three Forest Spirits give their rewards only at the end of
    the chapter"."""
    s = turn(started(3, seed=1), 2, pool=(("plain", 1), ("ban", 1)), start=0)
    s = place(s, 2, "plain", "rabbit")
    assert s.players[2].rabbits == 0 and s.start == 0 and s.rabbits == 5


def test_the_top_die_on_the_rabbit_takes_the_start_player_marker_and_a_rabbit_token():
    """ "Rabbit": "The maximum number of dice on this field is 3 … The player whose die is
    on the top of this stack … First reward: The winner of the Rabbit field will be the
    starting player from the next chapter … Second reward: The winner can take a Rabbit
    Token"."""
    s = last_turn(started(3, seed=1), 2, pool=(("plain", 2),), start=0,
                  board={"rabbit": stack((0, "plain", 1), (1, "plain", 1))})
    s = place(s, 2, "plain", "rabbit")
    assert s.chapter == 2 and s.start == 2 and s.players[2].rabbits == 1 and s.rabbits == 4
    assert [p.rabbits for p in s.players] == [0, 0, 1]


def test_with_no_rabbit_winner_the_start_player_marker_stays():
    """ "At the end of a chapter" 1: "If nobody won the reward of the Rabbit field, the
    starting player marker stays with the previous starting player"."""
    s = last_turn(started(3, seed=1), 2, pool=(("plain", 1),), start=1)
    s = place(s, 2, "plain", "snake")
    assert s.chapter == 2 and s.start == 1 and all(p.rabbits == 0 for p in s.players)


def test_with_the_five_rabbit_tokens_gone_the_winner_takes_only_the_marker():
    """Components: "Rabbit tokens (5 pieces)"; "Rabbit": "has the starting player marker
    until another player takes it" (RULES.md: no token left, no token taken)."""
    s = last_turn(started(3, seed=1), 1, pool=(("plain", 1),), start=0, rabbits=0)
    s = place(s, 1, "plain", "rabbit")
    assert s.start == 1 and s.players[1].rabbits == 0 and s.rabbits == 0


# ------------------------------------------------------------------ Wolf
def test_the_wolf_makes_every_other_player_give_an_unused_die_in_clockwise_order():
    """ "Wolf": "the ability of the Wolf gets activated immediately when a player places a
    die in its socket. When the active player activates the Wolf field by placing a die in
    the socket, all players in clockwise order must place one of their unused dice on the
    field" (RULES.md: a player with one die left gives it without being asked)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 3)))
    s = with_player(s, 1, pool=(("plain", 3), ("ban", 2)))
    s = place(s, 0, "plain", "wolf")
    assert [(p.seat, p.kind) for p in s.prompts] == [(1, "feed")]
    assert set(legal(s, 1)) == {cmd.Feed("plain"), cmd.Feed("ban")} and legal(s, 0) == []
    assert [d.seat for d in s.board["wolf"]] == [0]  # seat 2 gives after seat 1, clockwise
    s = act(s, 1, cmd.Feed("ban"))
    assert s.players[1].pool == (("plain", 3),) and [d.seat for d in s.board["wolf"]] == [0, 1, 2]
    assert s.board["wolf"][1].face == 2 and s.players[2].pool == () and s.turn == 1


def test_a_passed_player_feeds_the_wolf_too():
    """ "Wolf": "all players in clockwise order must place one of their unused dice"
    (RULES.md: passed or not, whoever holds an unused die gives one)."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 3)))
    s = with_player(s, 2, passed=True)
    s = place(s, 0, "plain", "wolf")
    assert s.players[2].pool == () and {d.seat for d in s.board["wolf"]} == {0, 1, 2}


def test_the_wolf_acts_once_a_chapter_and_takes_no_stack():
    """ "Wolf": "This field can be activated once per chapter, even if the dice socket
    gets freed up by some effect … Dice stacks may not be built here"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 6)))
    s = place(s, 0, "plain", "wolf")
    s = turn(s, 0, pool=(("ban", 6),), board=s.board, wolf_fed=True)
    assert refused(s, 0, cmd.Place("ban", "wolf")) == "The Wolf has already eaten this chapter."
    freed = turn(s, 0, pool=(("ban", 6),), board={}, wolf_fed=True)
    assert "already eaten" in place_problem(freed, 0, "ban", "wolf")
    fresh = turn(s, 0, pool=(("ban", 6),), board={"wolf": stack((1, "plain", 1))}, wolf_fed=False)
    assert "No dice stack" in place_problem(fresh, 0, "ban", "wolf")


def test_only_the_active_players_special_face_fires_on_the_wolf():
    """ "Wolf": "If the active player places a special face die into the socket of the Wolf
    field, the ability of that die gets activated. The discarded dice of the other players
    do not get activated, as they were not placed as a normal die placement action"."""
    s = turn(started(3, seed=1), 0, pool=(("doubling", "doubling"), ("ban", 3)))
    s = with_player(s, 1, pool=(("doubling", "doubling"),))
    es = events_of(s, 0, cmd.Place("doubling", "wolf"))
    assert [type(e) for e in es if isinstance(e, (ev.Placed, ev.WolfFed))] == [ev.Placed, ev.WolfFed, ev.WolfFed]
    s = place(s, 0, "doubling", "wolf")
    assert s.board["wolf"][1] == stack((1, "doubling", "doubling"))[0]
    assert not s.doubling  # the turn ended; seat 1's fed Doubling face fired nothing
    assert s.players[1].tokens == (0, 0, 0)


def test_dice_lost_to_the_wolf_lie_on_its_forest_spirit_field_until_the_chapter_ends():
    """FAQ: "If another player activated the Wolf field and I lost a die there, does the
    lost die on the Wolf field count here? – Yes. It doesn't matter how your dice got there,
    the point is that they are on the Forest Spirit fields"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 1), ("ban", 3)))
    s = place(s, 0, "plain", "wolf")
    assert {d.seat for d in s.board["wolf"]} == {0, 1, 2} and s.chapter == 1


# ------------------------------------------------------------------ Snake
def test_the_top_die_on_the_snake_takes_the_snake_die_for_the_next_chapter():
    """ "Snake": "The maximum number of dice on this field is 3 … The player whose die is
    on the top of this stack … at the end of the chapter gets the reward of the Snake field:
    the Snake Die … The winner can add this die to their set of dice for the next chapter.
    At the beginning of the next chapter roll it together with the other dice"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 2), ("ban", 2)), board={"snake": stack((1, "plain", 1))})
    s = place(s, 0, "plain", "snake")
    assert s.snake == -1  # FAQ: only at the end of the chapter
    s = last_turn(s, 2, pool=(("plain", 3),), board=s.board)
    s = place(s, 2, "plain", "snake")
    assert s.chapter == 2 and len(s.board) == 0
    rolled = [e for e in events_of(last_turn(s, 2, pool=(("plain", 3),), board={"snake": stack((2, "plain", 3))},
                                             chapter=1), 2, cmd.Place("plain", "rabbit"))
              if isinstance(e, ev.SnakeRolled)]
    assert [e.seat for e in rolled] == [2]


def test_the_snake_die_is_an_extra_die_lost_or_a_token_and_goes_back():
    """ "Snake": "The Snake Die can be used in this chapter like any other normal face die
    … At the end of the chapter put the Snake Die back on the Snake field"; "You lost the
    die, put it back on the Snake field"; "You lost the die, but can immediately take 1
    respective token from the supply"."""
    by_face = {}
    for seed in range(30):
        s = last_turn(started(3, seed=1), 2, pool=(("plain", 1),), board={"snake": stack((1, "plain", 2))})
        es = events_of(s, 2, cmd.Place("plain", "rabbit"), seed=seed)  # the chapter ends; seat 1 rolls it
        face = next(e.face for e in es if isinstance(e, ev.SnakeRolled))
        by_face.setdefault(str(face), act(s, 2, cmd.Place("plain", "rabbit"), seed=seed))
    assert set(by_face) == {"3", "5", "lost", "coin", "bread", "apple"}
    number = by_face["5"]
    assert ("snake", 5) in number.players[1].pool and len(number.players[1].pool) == 6 and number.snake == 1
    assert "snake" not in dict(by_face["lost"].players[1].pool) and by_face["lost"].snake == -1
    for k, token in enumerate(("coin", "bread", "apple")):
        assert by_face[token].players[1].tokens[k] == 1 and by_face[token].snake == -1
    # the number's chapter over, the die goes back: nobody on the Snake, nobody holds it
    s = last_turn(number, 1, pool=(("snake", 5),), chapter=2)
    s = place(s, 1, "snake", "rabbit")
    assert s.snake == -1 and s.chapter == 3 and all("snake" not in dict(p.pool) for p in s.players)


# ------------------------------------------------------------------ Fox
def test_the_fox_has_two_sockets_of_one_die_each():
    """ "Fox": "One die can be placed in each of the two sockets of the Fox field. No dice
    stacks may be built here"."""
    s = turn(started(3, seed=1), 0, pool=(("plain", 6),), board={"fox1": stack((1, "plain", 1))})
    assert refused(s, 0, cmd.Place("plain", "fox1")) == "No dice stack on the Wolf or the Fox."
    assert place_problem(s, 0, "plain", "fox2") == ""


def test_fox_dice_are_set_at_the_start_of_the_next_chapter_not_at_once():
    """ "Fox": "When rolling your dice at the beginning of the next chapter, the dice taken
    from the Fox field can be set to any face instead of rolled"; FAQ: "Can I set the die
    immediately after placing it on the Fox field? – … The die you put on the Fox field is
    to be set only at the beginning of the next chapter when rolling your other dice"."""
    s = last_turn(started(3, seed=1), 2, pool=(("plain", 1), ("ban", 2)), board={"fox1": stack((1, "doubling", 1))})
    s = place(s, 2, "plain", "fox2")
    assert s.chapter == 1 and s.prompts == () and s.players[2].fox == ()
    s = place(s, 2, "ban", "snake")
    assert s.chapter == 2 and [(p.seat, p.kind) for p in s.prompts][:2] == [(1, "fox"), (2, "fox")]
    assert {d for d, _ in s.players[1].pool} == {"magic_item", "story", "ban", "plain"}  # the Fox die not rolled
    assert cmd.SetFaces((("doubling", "doubling"),)) in legal(s, 1) and cmd.SetFaces((("doubling", 1),)) in legal(s, 1)
    s = act(s, 1, cmd.SetFaces((("doubling", "doubling"),)))
    assert ("doubling", "doubling") in s.players[1].pool and s.players[1].fox == ()


def test_two_fox_dice_are_set_in_one_answer_typed_in_any_order():
    """ "Fox": "the dice taken from the Fox field can be set to any face": both of a
    player's dice from the Fox are set together, whichever is named first (a fixed bug:
    ``set D=D P=6`` was refused when the plain die lay on the first socket)."""
    s = last_turn(started(3, seed=1), 1, pool=(("doubling", 2),), board={"fox1": stack((1, "plain", 1))})
    s = place(s, 1, "doubling", "fox2")
    assert s.prompts[0] == type(s.prompts[0])(1, "fox") and s.players[1].fox == ("plain", "doubling")
    a = act(s, 1, parse("set D=D P=6", []))
    b = act(s, 1, parse("set P=6 D=D", []))
    assert a == b and {("doubling", "doubling"), ("plain", 6)} <= set(a.players[1].pool)


def test_the_snake_die_on_the_fox_goes_back_to_the_snake():
    """ "Snake": "At the end of the chapter put the Snake Die back on the Snake field"
    (RULES.md: even from the Fox)."""
    s = last_turn(started(3, seed=1), 1, pool=(("snake", 3),))
    s = place(s, 1, "snake", "fox1")
    assert s.chapter == 2 and s.players[1].fox == () and not any(p.kind == "fox" for p in s.prompts)
