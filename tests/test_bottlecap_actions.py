"""Bottlecap Vikings, the 15 actions (A1–A15, the order of the rulebook's "Action
Spaces"), one test or more each, citing the action's text. Decisions on unclear passages
are in ``engine/games/bottlecap_vikings/RULES.md``. ann lands on the action at space 2
(``land``) and takes its parts in the game's notation."""

from __future__ import annotations

import pytest

from bottlecap_table import NAMES, land, layout_with, meters, of, play, refused, rondel, table
from engine.core.errors import IllegalCommand
from engine.games.bottlecap_vikings import GAME
from engine.games.bottlecap_vikings.commands import Do
from engine.games.bottlecap_vikings.events import Attacked, Drew, Goods, Returned


# ---------------------------------------------------------------------- A1
def test_a1_improve_pays_the_cost_at_the_helmet_level():
    """Bottlecap Vikings rulebook, Action Spaces (A1): "If you have the required viking
    helmet level, you may pay the gold cost indicated on your city card to advance your
    hut." 2 gold to the first tier; the ability there is kept."""
    state = land("A1", gold=3)
    assert set(GAME.legal(state, 0)) >= {GAME.parse("advance 1a", NAMES), GAME.parse("advance 1b", NAMES)}
    state, _ = play(state, "advance 1b")
    assert state.players[0].gold == 1 and state.players[0].abilities == ("hoard",)
    refused(land("A1", gold=1), "advance 1a", "costs 2 gold")


# ---------------------------------------------------------------------- A2, A3
def test_a2_feast_both_parts():
    """Bottlecap Vikings rulebook, Action Spaces (A2): "Lose 1 gold and 2 wood to gain 1
    glory; AND/OR Lose 2 gold and 3 wood to gain 1 glory." """
    state, _ = play(land("A2", gold=3, wood=5, glory=3), "do 2", "do 1")
    assert meters(state) == (0, 0, 5, 0)
    refused(land("A2", gold=2, wood=2), "do 2", "3 wood")
    refused(land("A2", gold=1, wood=3), "do 2", "2 gold")


def test_a3_feast_of_blood_pays_then_takes_damage_then_gains():
    """Bottlecap Vikings rulebook, Action Spaces (A3): "Lose 1 gold and 2 wood to gain 1
    glory; AND/OR Lose 1 gold, 2 wood, and gain 1 damage to gain 1 glory." """
    state, events = play(land("A3", gold=2, wood=4), "do 2", "do 1", draws="g")
    kinds = [(type(e).__name__, getattr(e, "glory", None)) for e in events if isinstance(e, (Goods, Drew))]
    assert kinds == [("Goods", 0), ("Drew", None), ("Goods", 1), ("Goods", 0), ("Goods", 1)]
    assert meters(state) == (0, 0, 2, 1)


# ---------------------------------------------------------------------- A4, A7
def test_a4_plunder_the_second_gold_with_the_most_damage_ties_count():
    """Bottlecap Vikings rulebook, Action Spaces (A4): "Gain 1 gold; AND/OR If you have or
    are tied for the most damage currently, gain 1 gold." """
    state, _ = play(land("A4"), "do 1", "do 2")  # everybody at 0: tied for the most
    assert meters(state) == (0, 2, 0, 0)
    state, _ = play(land("A4", players={1: dict(greys=2)}, greys=2), "do 2")
    assert state.players[0].gold == 1
    refused(land("A4", players={2: dict(greys=2)}, greys=1), "do 2", "most damage")


def test_a7_raid_takes_damage_for_gold():
    """Bottlecap Vikings rulebook, Action Spaces (A7): "Gain 1 gold; AND/OR Gain 1 damage
    to gain 1 gold." """
    state, events = play(land("A7"), "do 1", "do 2", draws="r")
    assert meters(state) == (0, 2, 0, 1) and of(events, Drew) == [Drew(0, "red")]


# ---------------------------------------------------------------------- A5, A15
def test_a5_forest_the_second_wood_with_the_least_damage_ties_count():
    """Bottlecap Vikings rulebook, Action Spaces (A5): "Gain 1 wood; AND/OR If you have or
    are tied for the least damage currently, gain 1 wood." """
    state, _ = play(land("A5", players={1: dict(greys=1)}), "do 2", "do 1")
    assert meters(state) == (2, 0, 0, 0)
    state, _ = play(land("A5", players={1: dict(greys=1), 2: dict(greys=1)}, greys=1), "do 2")
    assert state.players[0].wood == 1
    refused(land("A5", players={1: dict(greys=1)}, greys=2), "do 2", "least damage")


def test_a15_logging_takes_damage_for_wood():
    """Bottlecap Vikings rulebook, Action Spaces (A15): "Gain 1 wood; AND/OR Gain 1
    damage to gain 1 wood." """
    state, _ = play(land("A15"), "do 2", "do 1", draws="g")
    assert meters(state) == (2, 0, 0, 1)


# ---------------------------------------------------------------------- A6, A10
def test_a6_shipwright_spend_3_wood_to_lose_6_damage():
    """Bottlecap Vikings rulebook, Action Spaces (A6): "Lose 1 wood to lose 2 damage;
    AND/OR Lose 2 wood to lose 4 damage. (For example, if you chose to do both, you would
    spend 3 wood to lose 6 damage)." """
    state, events = play(land("A6", wood=3, greys=7), "do 1", "do 2")
    assert meters(state) == (0, 0, 0, 1)
    assert of(events, Returned) == [Returned(0, greys=2), Returned(0, greys=4)]
    refused(land("A6", wood=1, greys=7), "do 2", "2 wood")


def test_a6_a_part_that_loses_damage_needs_damage():
    """Bottlecap Vikings rulebook, Action Spaces (A6): "Lose 1 wood to lose 2 damage" —
    with no damage there is nothing to lose, and the wood is not spent for nothing
    (RULES.md, "Losing damage with none held")."""
    refused(land("A6", wood=3), "do 1", "no damage")
    state, _ = play(land("A6", wood=3, greys=1), "do 1")  # 1 damage: the part loses what there is
    assert meters(state) == (2, 0, 0, 0)


def test_a10_healer_loses_3_or_all():
    """Bottlecap Vikings rulebook, Action Spaces (A10): "Lose 1 wood to lose 3 damage;
    AND/OR Lose 3 wood to lose all your damage." """
    state, _ = play(land("A10", wood=1, greys=5), "do 1")
    assert meters(state) == (0, 0, 0, 2)
    state, _ = play(land("A10", wood=3, greys=9, owed=1), "do 2")
    assert meters(state) == (0, 0, 0, 0)
    refused(land("A10", wood=2, greys=1), "do 2", "3 wood")


# ---------------------------------------------------------------------- A8, A11
def test_a8_market_any_amount_of_gold_for_as_much_wood_plus_one():
    """Bottlecap Vikings rulebook, Action Spaces (A8): "Lose any amount of gold to gain the
    same amount of wood, plus one." """
    state, events = play(land("A8", gold=4, wood=1), "do 1 3")
    assert meters(state) == (5, 1, 0, 0)
    assert [(g.wood, g.gold) for g in of(events, Goods)] == [(0, -3), (4, 0)]
    assert [c for c in GAME.legal(land("A8", gold=2), 0) if isinstance(c, Do)] == [Do(1, 1), Do(1, 2)]


def test_a8_any_amount_is_at_least_one_and_at_most_what_you_have():
    """Bottlecap Vikings rulebook, Action Spaces (A8): "Lose any amount of gold" — at
    least 1 (losing none for one wood would be a free gain; RULES.md, "Any amount") and
    no more than one has."""
    state = land("A8", gold=2)
    for amount in (0, 3):
        assert Do(1, amount) not in GAME.legal(state, 0)
        with pytest.raises(IllegalCommand, match="1 to 2 gold"):
            GAME.decide(state, 0, Do(1, amount), None)
    refused(land("A8"), "do 1 1", "no gold")


def test_a11_trader_any_amount_of_wood_for_as_much_gold_plus_one():
    """Bottlecap Vikings rulebook, Action Spaces (A11): "Lose any amount of wood to gain
    the same amount of gold, plus 1." Over the cap the rest is forfeited."""
    state, _ = play(land("A11", wood=2, gold=1), "do 1 2")
    assert meters(state) == (0, 4, 0, 0)
    state, events = play(land("A11", wood=5, gold=8), "do 1 5")
    assert meters(state) == (0, 10, 0, 0) and of(events, Goods)[-1] == Goods(0, gold=2, forfeited=4)


# ---------------------------------------------------------------------- A9
def test_a9_toll_gives_2_gold_and_costs_1_when_attacked_there():
    """Bottlecap Vikings rulebook, Action Spaces (A9): "Gain 2 gold. If you are attacked
    while here, lose 1 gold." ann takes the Toll; bob attacks her there next turn."""
    state = table(3, layout=layout_with("A9"), ships=(1, 0, 6))
    state, _ = play(state, "move 1", "do 1", "end")
    assert state.players[0].gold == 2
    state, events = play(state, "move 2", draws="gg")  # bob 0 → 2: ann is there
    assert of(events, Attacked) == [Attacked(1, (0,))]
    assert state.players[0].gold == 1


def test_a9_no_loss_after_sailing_away_or_without_taking_it():
    """Bottlecap Vikings rulebook, Action Spaces (A9): "If you are attacked while here" —
    only while her ship is at the Toll where she took the gold (RULES.md, "The Toll")."""
    state = table(3, layout=layout_with("A9"), ships=(1, 0, 6), players={0: dict(gold=3)})
    state, _ = play(state, "move 1", "end")  # ann lands on the Toll but does not take it
    state, _ = play(state, "move 2", draws="gg")
    assert state.players[0].gold == 3
    state = table(3, layout=layout_with("A9"), ships=(1, 0, 6))
    state, _ = play(state, "move 1", "do 1", "end", "move 1", "end", "move 1", "end")  # bob to 1, cyd to 7
    state, _ = play(state, "move 1", "end")  # ann sails on from the Toll to 3
    state, events = play(state, "move 2", draws="gg")  # bob 1 → 3 attacks her there
    assert of(events, Attacked) == [Attacked(1, (0,))]
    assert state.players[0].gold == 2


def test_a9_the_toll_swapped_away_no_longer_costs():
    """Bottlecap Vikings rulebook, Action Spaces (A9): "If you are attacked while here" —
    here is beside the Toll. bob's Tides ("you may switch any two spaces … Ships don't
    move with the spaces") moves the Toll away from ann's ship; attacked afterwards, she
    keeps her gold (RULES.md, "The Toll")."""
    state = table(3, layout=layout_with("A9"), ships=(1, 6, 7), players={1: dict(abilities=("tides",))})
    state, _ = play(state, "move 1", "do 1", "end", "move 2", "swap 2", "end")  # bob 6 → 0: Toll to 1
    assert state.players[0].ship == 2 and state.tiles[1] == layout_with("A9")[2]
    state, events = play(state, "move 3", draws="gg")  # cyd 7 → 2 attacks ann
    assert of(events, Attacked) == [Attacked(2, (0,))]
    assert state.players[0].gold == 2


def test_a9_the_mover_on_the_toll_is_not_attacked():
    """Bottlecap Vikings rulebook, Gameplay: "If you end your movement by the same space as
    one or more opponents, this constitutes an attack" — the mover attacks; an opponent on
    the Toll space who has not taken the Toll keeps their gold, and the mover who takes
    the Toll after attacking loses nothing."""
    state = table(3, layout=layout_with("A9"), ships=(1, 2, 6), players={1: dict(gold=3)})
    state, _ = play(state, "move 1", "do 1", draws="gg")
    assert state.players[0].gold == 2 and state.players[1].gold == 3


# ---------------------------------------------------------------------- A12
@pytest.mark.parametrize("wood,gold,after", [(3, 1, (3, 2)), (1, 3, (2, 3)), (2, 2, (3, 3)), (0, 0, (1, 1))])
def test_a12_balance_gives_the_good_you_have_less_of(wood, gold, after):
    """Bottlecap Vikings rulebook, Action Spaces (A12): "When you land here, if you have
    less gold than wood, gain 1 gold; If you have less wood than gold, gain 1 wood. (If
    both were equal when you landed here, you would gain 1 of each.)" """
    state, _ = play(land("A12", wood=wood, gold=gold), "do 1")
    assert meters(state)[:2] == after


# ---------------------------------------------------------------------- A13, A14
@pytest.mark.parametrize("action,good", [("A13", 0), ("A14", 1)])
@pytest.mark.parametrize("glory,helmets,gain", [(0, 0, 3), (3, 0, 2), (5, 0, 1), (6, 0, 1), (6, 1, 1), (0, 1, 2)])
def test_a13_a14_three_minus_your_helmets_at_least_one(action, good, glory, helmets, gain):
    """Bottlecap Vikings rulebook, Action Spaces (A13): "Gain 3 wood, minus 1 for every
    viking helmet you have, to a minimum of gaining 1 wood from this action." (A14):
    "Gain 3 gold, minus 1 for every viking helmet you have, to a minimum of gaining 1 gold
    from this action." A permanent helmet counts."""
    state, _ = play(land(action, glory=glory, helmets=helmets), "do 1")
    assert meters(state)[good] == gain
    assert meters(state)[1 - good] == 0


def test_a12_balance_compares_after_what_landing_brought():
    """Bottlecap Vikings rulebook, Action Spaces (A12): "(If both were equal when you
    landed here, you would gain 1 of each.)" — and City Abilities (Woodcutter): "When you
    land at the space beside the helper …, before taking the action, gain 1 wood." boxtop
    compares when Balance is taken, after Woodcutter's wood (RULES.md, "A12 Balance"):
    1 wood 1 gold, then 2 wood 1 gold, so 1 gold."""
    state = table(3, ships=(7, 5, 6), layout=rondel("A12"), players={0: dict(wood=1, gold=1, abilities=("woodcutter",))})
    state, _ = play(state, "move 1", "do 1")
    assert meters(state)[:2] == (2, 2)
