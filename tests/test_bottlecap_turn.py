"""Bottlecap Vikings, a turn: one test per rule of the brief's checklist T1–T8 and the
rulings on them. The authority is the Bottlecap Vikings rulebook, cited by section;
decisions on unclear passages are in ``engine/games/bottlecap_vikings/RULES.md``.
Positions are built by ``bottlecap_table`` (the helper beside space 0, the damage line
between spaces 4 and 5, spaces 0-based) and played in the game's notation."""

from __future__ import annotations

import random

import pytest

from bottlecap_table import NAMES, front, of, play, refused, rondel, table
from engine.core.errors import IllegalCommand
from engine.games.bottlecap_vikings import GAME
from engine.games.bottlecap_vikings.commands import Do
from engine.games.bottlecap_vikings.events import (Advanced, Attacked, Drew, Goods, Moved, Returned, TurnStarted,
                                                   Valkyries, Won)


# ---------------------------------------------------------------------- T1 the move
def test_t1_a_turn_must_move_1_2_or_3_spaces_clockwise():
    """Bottlecap Vikings rulebook, Gameplay: "On your turn, you MUST move your ship 1, 2,
    or 3 spaces clockwise around the board." """
    state = table(3)
    assert GAME.legal(state, 0) == [GAME.parse(f"move {d}", NAMES) for d in (1, 2, 3)]
    refused(state, "move 4", "1 to 3")
    refused(state, "end", "First move your ship")
    refused(state, "do 1", "First move your ship")
    after, events = play(state, "move 3")
    assert of(events, Moved) == [Moved(0, 1, 4, 3)]
    assert after.players[0].ship == 4 and front(after) == "act"


def test_t1_clockwise_wraps_round_the_rondel():
    """Bottlecap Vikings rulebook, Gameplay: "1, 2, or 3 spaces around the board" — the
    rondel is a ring: from the last space, on to the first."""
    state, _ = play(table(3, ships=(7, 2, 3)), "move 2")
    assert state.players[0].ship == 1


def test_t1_only_the_player_whose_turn_it_is_moves():
    """Bottlecap Vikings rulebook, Gameplay: "Beginning with the start player, players
    will take turns moving their ship and taking actions. Play proceeds clockwise.\""""
    state = table(3, turn=1, ships=(3, 0, 6))
    with pytest.raises(IllegalCommand, match="not your turn"):
        GAME.decide(state, 0, GAME.parse("move 1", NAMES), None)
    state, events = play(state, "move 1", "end")
    assert of(events, TurnStarted)[-1].seat == 2 and GAME.to_act(state) == {2}


# ---------------------------------------------------------------------- T2 after moving, in order
def test_t2_crossing_the_damage_line_takes_1_damage():
    """Bottlecap Vikings rulebook, Gameplay: "When your ship moves across this line, you
    must take 1 damage by taking a random token from the box lid of Valkyries." """
    state, events = play(table(3, ships=(3, 0, 1)), "move 3", draws="r")  # 3 → 6 over the line at 4|5
    assert of(events, Drew) == [Drew(0, "red")]
    assert state.players[0].reds == 1 and state.reds == 4
    state, events = play(table(3, ships=(2, 0, 1)), "move 2")  # 2 → 4: up to the line, not over it
    assert of(events, Drew) == []


def test_t2_crossing_the_line_anticlockwise_counts_too():
    """Bottlecap Vikings rulebook, Gameplay: "When your ship moves across this line" — in
    either direction (a Rudder player sails anticlockwise; RULES.md, "The damage line")."""
    state, events = play(table(3, ships=(6, 0, 1), players={0: dict(direction=-1)}), "move 3", draws="g")
    assert state.players[0].ship == 3 and of(events, Drew) == [Drew(0, "grey")]


def test_t2_the_line_turns_with_the_bottlecap():
    """Bottlecap Vikings rulebook, Gameplay: "Pretend the red line extends further,
    between the two nearest spaces." The line is on the bottlecap: turned 2 spaces, it
    lies between 6 and 7 (RULES.md, "Rotation and swaps")."""
    state = table(3, ships=(3, 0, 1), rotation=2)
    assert state.line == 6
    _, events = play(state, "move 3")  # 3 → 6: no longer over the line
    assert of(events, Drew) == []
    _, events = play(table(3, ships=(5, 0, 1), rotation=2), "move 2", draws="g")  # 5 → 7
    assert of(events, Drew) == [Drew(0, "grey")]


def test_t2_ending_by_opponents_is_an_attack_and_everyone_there_draws_mover_first():
    """Bottlecap Vikings rulebook, Gameplay: "If you end your movement by the same space as
    one or more opponents, this constitutes an attack. All players in that space
    (including you) suffer 1 damage by taking a Valkyrie token at random from the box
    lid." The mover draws first, then the others clockwise (RULES.md, "Attacks")."""
    state = table(4, ships=(5, 3, 1, 3), turn=2)
    state, events = play(state, "move 2", draws="grg")
    assert of(events, Attacked) == [Attacked(2, (3, 1))]
    assert of(events, Drew) == [Drew(2, "grey"), Drew(3, "red"), Drew(1, "grey")]
    assert [p.damage for p in state.players] == [0, 1, 1, 1]


def test_t2_everyone_draws_before_the_valkyrie_check():
    """Bottlecap Vikings rulebook, Gameplay: "everyone involved takes their Valkyrie tokens
    before checking to see if the Valkyries arrive." The mover's red is the 4th; the
    attacked player's grey is drawn before the Valkyries count damage, so she holds 2 and
    loses 2 gold (checked at once she would hold 1 and lose nothing)."""
    state = table(3, ships=(1, 3, 5), players={1: dict(gold=5, greys=1), 2: dict(reds=3)})
    state, events = play(state, "move 2", draws="rg")
    assert [type(e).__name__ for e in events if isinstance(e, (Drew, Valkyries))] == ["Drew", "Drew", "Valkyries"]
    assert of(events, Valkyries)[0].losses[1] == (2, 0)
    assert state.players[1].gold == 3


def test_t2_an_attack_needs_an_opponent_there():
    """Bottlecap Vikings rulebook, Gameplay: "If you end your movement by the same space
    as one or more opponents" — an empty space is no attack."""
    _, events = play(table(3, ships=(1, 5, 6)), "move 2")
    assert of(events, Attacked) == [] and of(events, Drew) == []


def test_t2_players_who_cannot_draw_still_count_the_damage():
    """Bottlecap Vikings rulebook, Gameplay: "In the unlikely event that you run out of
    tokens during an attack, players who could not draw damage tokens are still
    considered to have them for the purpose of resolving Valkyries." Two reds are left;
    the third player in the space draws nothing but counts 2 damage and loses 2 gold."""
    state = table(3, ships=(1, 3, 3), players={1: dict(reds=3, greys=11, gold=5, glory=5), 2: dict(greys=1, gold=4)})
    assert (state.reds, state.greys) == (2, 0)
    state, events = play(state, "move 2", draws="rr")
    assert of(events, Drew) == [Drew(0, "red"), Drew(1, "red"), Drew(2, "")]
    assert of(events, Valkyries)[0].losses == ((0, 0), (2, 1), (2, 0))
    assert state.players[2].gold == 2
    assert all(p.damage == 0 for p in state.players) and (state.reds, state.greys) == (5, 12)


def test_t2_the_line_then_the_attack_then_the_action():
    """Bottlecap Vikings rulebook, Gameplay: "After moving do the following in order, when
    applicable:" the damage line, the attack, "Then, you may choose to execute the action
    on the space beside where you land." """
    state = table(3, ships=(3, 6, 0))
    state, events = play(state, "move 3", draws="ggg")
    kinds = [type(e).__name__ for e in events if isinstance(e, (Moved, Drew, Attacked))]
    assert kinds == ["Moved", "Drew", "Attacked", "Drew", "Drew"]
    assert state.players[0].damage == 2 and front(state) == "act"


def test_t2_the_action_is_optional():
    """Bottlecap Vikings rulebook, Gameplay: "Then, you may choose to execute the action
    on the space beside where you land." """
    state, events = play(table(3), "move 1", "end")
    assert of(events, Goods) == [] and state.turn == 1


def test_t2_a_two_part_action_one_part_or_both_in_any_order():
    """Bottlecap Vikings rulebook, Gameplay: "Some actions have 2 parts separated by a
    green line, you may optionally perform one or both of them, in any order." Forest
    (A5) at space 1: part 2 first, then part 1; a part twice is refused."""
    state = table(3, ships=(0, 4, 5), layout=rondel("A1", "A5"))
    state, _ = play(state, "move 1", "do 2", "do 1")
    assert state.players[0].wood == 2
    refused(state, "do 1", "already")
    state, _ = play(table(3, ships=(0, 4, 5), layout=rondel("A1", "A5")), "move 1", "do 1", "end")
    assert state.players[0].wood == 1


# ---------------------------------------------------------------------- T3 costs and caps
def test_t3_a_part_is_paid_in_full_or_not_taken():
    """Bottlecap Vikings rulebook, Gameplay: "If part of the action causes you to lose
    gold, wood, or glory, you must have enough gold/wood/glory to cover all the losses,
    otherwise you cannot perform the action." Feast (A2) part 1 costs 1 gold and 2 wood."""
    state, _ = play(table(3, players={0: dict(gold=1, wood=1)}, ships=(0, 4, 5)), "move 1")
    refused(state, "do 1", "2 wood")
    state, _ = play(table(3, players={0: dict(gold=0, wood=2)}, ships=(0, 4, 5)), "move 1")
    refused(state, "do 1", "1 gold")


def test_t3_the_worked_example_pays_2_wood_and_1_gold_then_gains_1_glory():
    """Bottlecap Vikings rulebook, Gameplay: "For example, [the icons] indicates that you
    lose 2 wood and 1 gold, and then gain 1 glory." The losses come first: Feast (A2)."""
    state = table(3, players={0: dict(gold=1, wood=2, glory=3)}, ships=(0, 4, 5))
    state, events = play(state, "move 1", "do 1")
    goods = of(events, Goods)
    assert [(g.wood, g.gold, g.glory) for g in goods] == [(-2, -1, 0), (0, 0, 1)]
    p = state.players[0]
    assert (p.wood, p.gold, p.glory) == (0, 0, 4)


def test_t3_gains_over_the_cap_are_forfeited():
    """Bottlecap Vikings rulebook, Gameplay: "You also can not have more wood, gold, or
    glory than your meter can hold (usually 10). Any gains that would take you above that
    amount are forfeited." The Toll (A9) gives 2 gold; at 9 gold one is forfeited."""
    state = table(3, players={0: dict(gold=9)}, ships=(6, 4, 5))
    state, events = play(state, "move 1", "do 1")
    assert state.players[0].gold == 10
    assert of(events, Goods)[-1] == Goods(0, gold=1, forfeited=1)
    full = table(3, players={0: dict(gold=10)}, ships=(6, 4, 5))
    full, events = play(full, "move 1", "do 1")
    assert full.players[0].gold == 10 and of(events, Goods)[-1] == Goods(0, forfeited=2)


def test_t3_a_gain_lost_at_the_cap_is_not_gained():
    """Bottlecap Vikings rulebook, City Abilities: "When you gain 1 or more wood in a turn,
    gain 1 gold at the end of that turn." A gain wholly forfeited at the cap
    gains nothing (RULES.md, "Gained"): Sawmill ("When you gain 1 or more wood in a
    turn, gain 1 gold") does not fire for wood forfeited at the cap."""
    state = table(3, players={0: dict(wood=10, abilities=("sawmill",))}, ships=(2, 4, 5))
    state, _ = play(state, "move 1", "do 1", "end")  # Forest at 3: +1 wood forfeited: no Sawmill gold
    assert state.players[0].gold == 0


# ---------------------------------------------------------------------- T4 helmets
@pytest.mark.parametrize("glory,level", [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3), (9, 3)])
def test_t4_helmet_level_from_glory(glory, level):
    """Bottlecap Vikings rulebook, Gameplay: "when playing with the identical side of the
    player board, if your winged helmet is at 3, 5, or 6 glory, your viking helmet level
    is 1, 2, or 3 respectively." Seen through the Lumber camp (A13): "Gain 3 wood, minus 1
    for every viking helmet you have, to a minimum of gaining 1 wood"."""
    state = table(3, players={0: dict(glory=glory)}, ships=(5, 2, 3))
    assert state.players[0].level() == level
    state, _ = play(state, "move 1", "do 1")
    assert state.players[0].wood == max(1, 3 - level)


def test_t4_a_permanent_helmet_adds_a_level():
    """Bottlecap Vikings rulebook, City Abilities: "Gain 1 additional Viking helmet
    permanently when advancing to this space (do not advance your winged helmet when doing
    this, this does not gain you any glory)." 3 glory and a permanent helmet: level 2."""
    state = table(3, players={0: dict(glory=3, helmets=1)}, ships=(5, 2, 3))
    assert state.players[0].level() == 2
    state, _ = play(state, "move 1", "do 1")
    assert state.players[0].wood == 1


# ---------------------------------------------------------------------- T5 the hut
def improve(glory: int, gold: int, hut: str = "0"):
    """A table where ann's next move lands on Improve (A1 at space 0)."""
    return play(table(3, players={0: dict(glory=glory, gold=gold, hut=hut)}, ships=(7, 2, 3)), "move 1")[0]


def test_t5_the_identical_side_costs_2_4_6_8_gold_and_needs_0_3_5_6_glory():
    """Bottlecap Vikings rulebook, Gameplay: "the first time you improve your city, it
    will cost you 2 gold; the second time will cost you 4 gold and you will need to have
    at least 3 glory; the third time will cost you 6 gold and you will need to have at
    least 5 glory; and improving your city for the "win" will cost you 8 gold and require
    you to have 6 glory." Each step is refused one glory or one gold short."""
    for hut, spot, cost, glory in (("0", "1a", 2, 0), ("1a", "2a", 4, 3), ("2a", "3a", 6, 5), ("3a", "T", 8, 6)):
        state = improve(glory, cost, hut)
        after, events = play(state, f"advance {spot}")
        assert of(events, Goods)[0] == Goods(0, gold=-cost)
        assert after.players[0].hut == spot and after.players[0].gold == 0
        refused(improve(glory, cost - 1, hut), f"advance {spot}", f"costs {cost} gold")
        if glory:
            refused(improve(glory - 1, cost, hut), f"advance {spot}", "needs helmet level")


def test_t5_the_worked_example_6_gold_and_helmet_level_2():
    """Bottlecap Vikings rulebook, Gameplay: "If you wanted to advance your hut token to
    one of the two possible spots, you would have to pay 6 gold and have a viking helmet
    level of at least 2." Both third-tier spots, from 2a."""
    for spot in ("3a", "3b"):
        state, _ = play(improve(5, 6, "2a"), f"advance {spot}")
        assert state.players[0].hut == spot and state.players[0].gold == 0
        refused(improve(4, 6, "2a"), f"advance {spot}", "needs helmet level 2; yours is 1")


def test_t5_the_hut_follows_the_white_lines_and_keeps_the_ability():
    """Bottlecap Vikings rulebook, Gameplay: "you may move your hut token to one of the
    ability spaces in the next tier above it, following the white path lines. You
    acquire the ability printed there permanently." On the identical side 1a leads to 2a
    only, 2b to 3b only."""
    refused(improve(9, 9, "1a"), "advance 2b", "white line leads to 2a")
    refused(improve(9, 9, "2b"), "advance 3a", "white line leads to 3b")
    refused(improve(9, 9, "0"), "advance 2a", "white line")
    state, _ = play(improve(9, 9, "1a"), "advance 2a", "end")
    assert state.players[0].abilities == ("saga",)
    assert state.players[0].hut == "2a"


def test_t5_one_hut_advance_per_action():
    """Bottlecap Vikings rulebook, Action Spaces (A1): "you may pay the gold cost
    indicated on your city card to advance your hut" — one tier per visit (RULES.md,
    "One advance per action")."""
    state, _ = play(improve(9, 10), "advance 1a")
    refused(state, "advance 2a", "already")


def test_t5_a_hut_advances_only_at_improve():
    """Bottlecap Vikings rulebook, Gameplay: "When you gain [the hut icon], you may
    potentially advance your hut token" — only the Improve action (A1) shows it."""
    state, _ = play(table(3, players={0: dict(gold=9)}), "move 1")
    refused(state, "advance 1a", "not Improve")


# ---------------------------------------------------------------------- T6 damage
def test_t6_damage_is_a_random_draw_recorded_in_the_log():
    """Bottlecap Vikings rulebook, Gameplay: "Whenever you gain damage, you pull 1
    Valkyrie token at random from the box lid and place it in front of you". The seed
    draws it; the event records the colour, so a replay draws nothing."""
    state = table(3, ships=(1, 5, 6), layout=rondel("A1", "A2", "A7"))
    colours = set()
    for seed in range(40):
        after = GAME.decide(state, 0, GAME.parse("move 1", NAMES), random.Random(seed))
        s = state
        for e in after:
            s = GAME.evolve(s, e)
        events = GAME.decide(s, 0, Do(2), random.Random(seed))
        (drew,) = of(events, Drew)
        colours.add(drew.colour)
    assert colours == {"red", "grey"}


def test_t6_lost_damage_goes_back_by_the_players_choice():
    """Bottlecap Vikings rulebook, Gameplay: "When you lose damage during the game,
    shuffle the appropriate number of your Valkyrie tokens (of your choice) back into the
    box lid." Shipwright (A6) part 1 loses 2; holding 2 reds and 1 grey, ann chooses."""
    state = table(3, players={0: dict(wood=1, reds=2, greys=1)}, ships=(3, 5, 6))
    state, _ = play(state, "move 1", "do 1")
    assert front(state) == "return" and GAME.to_act(state) == {0}
    assert GAME.legal(state, 0) == [GAME.parse(t, NAMES) for t in ("return 2 red", "return 1 red 1 grey")]
    refused(state, "return 2 grey")
    after, events = play(state, "return 1 red 1 grey")
    assert of(events, Returned) == [Returned(0, reds=1, greys=1)]
    assert (after.players[0].reds, after.players[0].greys) == (1, 0)
    assert (after.reds, after.greys) == (4, 12)
    after, _ = play(state, "return 2 red")
    assert (after.players[0].reds, after.players[0].greys) == (0, 1)


def test_t6_no_choice_when_only_one_colour_is_held():
    """Bottlecap Vikings rulebook, Gameplay: "(of your choice)" — with only greys held
    there is nothing to choose: they go back at once."""
    state = table(3, players={0: dict(wood=1, greys=3)}, ships=(3, 5, 6))
    state, events = play(state, "move 1", "do 1")
    assert of(events, Returned) == [Returned(0, greys=2)] and front(state) == "act"


def test_t6_damage_that_found_no_token_goes_first():
    """Bottlecap Vikings rulebook, Gameplay: "players who could not draw damage tokens are
    still considered to have them" — such damage has no token to shuffle back; it is
    lost first (RULES.md, "An empty bag")."""
    state = table(3, players={0: dict(wood=1, owed=1, reds=1, greys=1)}, ships=(3, 5, 6))
    state, events = play(state, "move 1", "do 1", "return 1 grey")
    assert of(events, Returned) == [Returned(0, owed=1), Returned(0, greys=1)]
    assert state.players[0].damage == 1 and state.players[0].reds == 1


# ---------------------------------------------------------------------- T7 the Valkyries
def test_t7_the_valkyrie_table():
    """Bottlecap Vikings rulebook, Resolving Valkyries: "If it is red, AND as a result
    there are now 4 or more red Valkyrie tokens total currently assigned as damage amongst
    all players, the Valkyries arrive": "1 Damage No negative effect … 2 Damage Lose 2
    Gold … 3 Damage Lose 1 Glory … 4+ Damage Lose 1 Glory and 2 Gold, then mix all your
    damage back into the box lid." ann takes Raid's damage (A7) and draws the 4th red."""
    players = {0: dict(gold=5, glory=5, reds=0), 1: dict(gold=5, glory=5, reds=1, greys=1),
               2: dict(gold=5, glory=5, reds=1, greys=2), 3: dict(gold=5, glory=5, reds=1, greys=4)}
    state = table(4, players=players, ships=(1, 4, 5, 6), layout=rondel("A1", "A2", "A7"))
    state, events = play(state, "move 1", "do 2", draws="r")
    assert of(events, Valkyries) == [Valkyries(((0, 0), (2, 0), (0, 1), (2, 1)))]
    assert [(p.gold, p.glory) for p in state.players] == [(6, 5), (3, 5), (5, 4), (3, 4)]
    assert all(p.damage == 0 for p in state.players)
    assert (state.reds, state.greys) == (5, 17)


def test_t7_no_valkyries_below_4_reds_or_on_a_grey():
    """Bottlecap Vikings rulebook, Resolving Valkyries: "If it is red, AND as a result
    there are now 4 or more red Valkyrie tokens" — a 3rd red, or a grey, brings nothing."""
    for held, colour in ((2, "r"), (3, "g")):
        state = table(3, players={1: dict(reds=held)}, ships=(1, 4, 5), layout=rondel("A1", "A2", "A7"))
        _, events = play(state, "move 1", "do 2", draws=colour)
        assert of(events, Valkyries) == []


def test_t7_players_pay_what_they_can():
    """Bottlecap Vikings rulebook, Resolving Valkyries: "If a player can not afford their
    penalty they pay what they can." 4 damage with 1 gold and no glory: 1 gold lost."""
    players = {1: dict(gold=1, glory=0, reds=1, greys=3), 2: dict(reds=2)}
    state = table(3, players=players, ships=(1, 4, 5), layout=rondel("A1", "A2", "A7"))
    state, events = play(state, "move 1", "do 2", draws="r")
    assert of(events, Valkyries)[0].losses[1] == (1, 0)
    assert (state.players[1].gold, state.players[1].glory) == (0, 0)


# ---------------------------------------------------------------------- T8 winning
def test_t8_reaching_the_glory_throne_wins_at_once():
    """Bottlecap Vikings rulebook, Winning the game: "If you ever advance your winged
    helmet token that indicates glory so that it is on the space with the throne (this is
    the "10" space on most boards) … the game is over and you win." Gameplay: "wins
    immediately" — the rest of the turn is not played."""
    state = table(3, players={0: dict(glory=9, gold=5, wood=5)}, ships=(0, 4, 5))
    state, events = play(state, "move 1", "do 1")
    assert events[-1] == Won(0, "glory")
    assert state.phase == "over" and GAME.to_act(state) == frozenset()
    result = GAME.result(state)
    assert result.winners == [0]
    with pytest.raises(IllegalCommand, match="over"):
        GAME.decide(state, 0, GAME.parse("do 2", NAMES), None)


def test_t8_reaching_the_hut_throne_wins_at_once():
    """Bottlecap Vikings rulebook, Winning the game: "or advance your hut token to the
    most expensive ability on your city card, the game is over and you win." """
    state, events = play(improve(6, 8, "3b"), "advance T")
    assert of(events, Advanced) == [Advanced(0, "T")] and events[-1] == Won(0, "hut")
    assert GAME.result(state).winners == [0]


# ---------------------------------------------------------------------- hidden information
def test_nothing_is_hidden_every_seat_sees_the_whole_table():
    """Bottlecap Vikings rulebook, Resolving Valkyries: "4 or more red Valkyrie tokens
    total currently assigned as damage amongst all players" — the tokens held are in
    front of each player, to be counted; meters and city cards lie open. Only the draw is
    random (RULES.md, "Hidden information")."""
    state = table(3, players={1: dict(reds=2, greys=1, wood=3)})
    for seat in (0, 1, 2, None):
        assert GAME.view(state, seat).table == state
    _, events = play(state, "move 1")
    assert all(GAME.redact(e, 2) == e for e in events)


def test_undo_stops_at_a_valkyrie_drawn():
    """Bottlecap Vikings rulebook, Gameplay: "taking a Valkyrie token at random from the
    box lid" — a draw shows what was random, so it cannot be taken back; a move that
    draws nothing can (RULES.md, "Hidden information")."""
    import engine

    s = engine.new_game("bottlecap-vikings", NAMES[:2], seed=1, options={"layout": "1a 2a 3a 4a 5a 6a 7a 8a"})
    start = s.view(None).table.start
    first, second = NAMES[start], NAMES[1 - start]
    s.play(first, "place 1")
    s.play(second, "place 3")
    while s.view(None).table.phase == "setup":
        (who,) = s.to_act()
        s.play(who, s.legal(who)[0])
    s.play(first, "move 1")  # 1 → 2: nothing drawn
    assert s.can_undo(first)
    s.undo(first)
    s.play(first, "move 2")  # 1 → 3: an attack, two Valkyries drawn
    assert any(isinstance(e, Drew) for e in s.entries[-1].events)
    assert not s.can_undo(first)
    assert GAME.reveals(Drew(0, "grey")) and not GAME.reveals(Moved(0, 0, 1, 1))
