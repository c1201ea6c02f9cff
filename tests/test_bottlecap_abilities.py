"""Bottlecap Vikings, the 33 city abilities, each at its trigger (the rulebook's "City
Abilities" and the ability entries printed after "Action Spaces"), citing its text.
Decisions on unclear passages are in ``engine/games/bottlecap_vikings/RULES.md``.
Positions come from ``bottlecap_table``: the helper beside space 0, the damage line
between spaces 4 and 5 (2–3 players), spaces 0-based; ann is seat 0."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bottlecap_table import NAMES, front, land, layout_with, meters, of, play, refused, rondel, table
from engine.games.bottlecap_vikings import GAME, rules
from engine.games.bottlecap_vikings.data import ABILITIES, CITIES
from engine.games.bottlecap_vikings.events import (Attacked, Copied, Drew, Goods, HelmetGained, Returned, Reversed,
                                                   Rotated, Swapped, Traded, Valkyries, Won)

SIDES = {s.name: s for s in (CITIES.identical, *CITIES.unique)}


def side_with(ability: str) -> str:
    """The name of the city side that prints ``ability``."""
    return next(s.name for s in SIDES.values() if any(p.ability == ability for p in s.spots))


def spot_of(side: str, ability: str) -> str:
    return next(p.id for p in SIDES[side].spots if p.ability == ability)


def arrive(ability: str, n: int = 3, players=None, draws: str = "", then=(), **ann):
    """ann's hut, one tier below ``ability`` on the side that prints it, advances to it at
    the Improve action (A1 at space 2); she has the gold and glory it asks. Returns the
    state after ``advance`` and ``then`` commands, and the events."""
    side = side_with(ability)
    city = SIDES[side]
    spot = spot_of(side, ability)
    below = next(p for p in city.spots if spot in p.up)
    need = city.spot(spot).need
    ann.setdefault("glory", city.helmets[need - 1] if need else 0)
    ann.setdefault("gold", city.spot(spot).cost)
    ann.update(side=side, hut=below.id)
    state = land("A1", n=n, players=players, **ann)
    return play(state, f"advance {spot}", *then, draws=draws)


def owning(*abilities: str, **ann) -> dict:
    return dict(abilities=abilities, **ann)


# ====================================================================== Valkyries and draws
def test_omen_draws_one_more_and_returns_one_of_choice():
    """Bottlecap Vikings rulebook, City Abilities (Omen): "Each time you gain damage, draw
    an additional Valkyrie token. Then return one of the damage tokens (of your choice)
    you just drew to the box lid." """
    state = land("A7", **owning("omen"))
    state, events = play(state, "do 2", draws="rg")
    assert of(events, Drew) == [Drew(0, "red"), Drew(0, "grey")]
    assert front(state) == "omen" and GAME.to_act(state) == {0}
    state, events = play(state, "return red")
    assert of(events, Returned) == [Returned(0, reds=1, why="omen")]
    assert (state.players[0].reds, state.players[0].greys) == (0, 1)
    assert state.players[0].gold == 1 and front(state) == "act"


def test_omen_the_returned_token_is_not_considered_for_the_valkyries():
    """Bottlecap Vikings rulebook, City Abilities (Omen): "The returned token is not
    considered when checking for Valkyrie resolution, it is treated as if you never had
    it." 3 reds are held; ann draws a red and a grey: giving the red back brings no
    Valkyries, keeping it brings them."""
    players = {1: dict(reds=2, gold=5), 2: dict(reds=1)}
    state = land("A7", players=players, **owning("omen"))
    calm, events = play(state, "do 2", "return red", draws="rg")
    assert of(events, Valkyries) == [] and calm.players[1].gold == 5
    assert not calm.players[0].healed  # as if never held: no damage was lost
    storm, events = play(state, "do 2", "return grey", draws="rg")
    assert len(of(events, Valkyries)) == 1 and storm.players[1].gold == 3


def test_omen_two_of_a_colour_one_goes_back_unasked():
    """Bottlecap Vikings rulebook, City Abilities (Omen): "return one of the damage tokens
    (of your choice)" — two greys leave no choice."""
    state, events = play(land("A7", **owning("omen")), "do 2", draws="gg")
    assert of(events, Returned) == [Returned(0, greys=1, why="omen")]
    assert state.players[0].damage == 1 and front(state) == "act"


def test_omen_draws_no_extra_from_an_empty_bag():
    """Bottlecap Vikings rulebook, City Abilities (Omen): "draw an additional Valkyrie
    token. Then return one of the damage tokens … you just drew" — with the last token
    drawn there is no additional one: ann keeps 1 damage, not 2 (a draw from the empty
    bag would count as damage with nothing to return)."""
    players = {1: dict(reds=3, greys=11)}  # then the bag is emptied but for 1 grey
    state = replace(land("A7", players=players, **owning("omen")), reds=0, greys=1)
    state, events = play(state, "do 2", draws="g")
    assert of(events, Drew) == [Drew(0, "grey")]
    assert state.players[0].damage == 1 and state.players[0].owed == 0


def test_shieldwall_ignores_one_damage_at_the_valkyries():
    """Bottlecap Vikings rulebook, City Abilities (Shieldwall): "Ignore 1 of your damage
    when resolving Valkyries - you count as having 1 less damage than you really do for
    the purpose of determining the negative effects." 2 damage counts as 1 (no loss); 3
    as 2 (2 gold); 4 as 3 (1 glory)."""
    players = {k: owning("shieldwall", reds=1, greys=k, gold=5, glory=5) for k in (1, 2, 3)}
    state, events = play(land("A7", n=4, players=players), "do 2", draws="r")
    assert of(events, Valkyries)[0].losses == ((0, 0), (0, 0), (2, 0), (0, 1))


# ====================================================================== end of the turn
@pytest.mark.parametrize("ability,action,after_action,after_end", [
    ("woodpile", "A5", (3, 1, 0), (4, 1, 0)),  # +1 wood, then +1 wood
    ("hoard", "A4", (2, 2, 0), (2, 3, 0)),  # +1 gold, then +1 gold
    ("sawmill", "A5", (3, 1, 0), (3, 2, 0)),  # +1 wood, then +1 gold
    ("saga", "A2", (0, 0, 1), (1, 0, 1)),  # 2 wood and 1 gold for 1 glory, then +1 wood
    ("jarl", "A2", (0, 0, 1), (0, 1, 1)),  # 2 wood and 1 gold for 1 glory, then +1 gold
])
def test_end_of_turn_gains_after_gaining(ability, action, after_action, after_end):
    """Bottlecap Vikings rulebook, City Abilities: Woodpile "When you gain 1 or more wood
    in a turn, gain an additional wood at the end of that turn."; Hoard "When you gain 1
    or more gold in a turn, gain an additional gold at the end of that turn."; Sawmill
    "When you gain 1 or more wood in a turn, gain 1 gold at the end of that turn."; Saga
    "When you gain 1 or more glory in a turn, gain 1 wood at the end of that turn."; Jarl
    "When you gain 1 or more glory in a turn, gain 1 gold at the end of that turn." Not
    before the end, and nothing without the gain."""
    state, _ = play(land(action, **owning(ability, wood=2, gold=1)), "do 1")
    assert meters(state)[:3] == after_action
    state, _ = play(state, "end")
    assert meters(state)[:3] == after_end
    idle, _ = play(land(action, **owning(ability, wood=2, gold=1)), "end")
    assert meters(idle)[:3] == (2, 1, 0)


def test_skald_loses_a_damage_after_gaining_glory():
    """Bottlecap Vikings rulebook, City Abilities (Skald): "When you gain 1 or more glory
    in a turn, lose 1 damage at the end of that turn." """
    state, _ = play(land("A2", **owning("skald", wood=2, gold=1, greys=2)), "do 1")
    assert state.players[0].damage == 2
    state, events = play(state, "end")
    assert of(events, Returned) == [Returned(0, greys=1)] and state.players[0].damage == 1


def test_leech_gains_gold_after_losing_damage():
    """Bottlecap Vikings rulebook, City Abilities (Leech): "When you lose 1 or more damage
    in a turn, gain 1 gold at the end of that turn." """
    state, _ = play(land("A6", **owning("leech", wood=1, greys=3)), "do 1", "end")
    assert meters(state) == (0, 1, 0, 1)
    state, _ = play(land("A6", **owning("leech", wood=1)), "end")
    assert state.players[0].gold == 0


def test_leech_counts_damage_lost_to_the_valkyries():
    """Bottlecap Vikings rulebook, City Abilities (Leech): "When you lose 1 or more damage
    in a turn, gain 1 gold" — unlike Almoner, whose text adds "This doesn't count damage
    lost from resolving Valkyries", Leech names no exception: damage mixed back into the
    box lid by the Valkyries is lost damage (RULES.md, "Leech and the Valkyries")."""
    players = {1: owning("leech", greys=1), 2: dict(reds=3), 3: owning("leech")}
    state, events = play(land("A7", n=4, players=players), "do 2", draws="r")
    assert len(of(events, Valkyries)) == 1
    state, _ = play(state, "end")
    assert state.players[1].gold == 1  # held 1 damage, lost it to the Valkyries
    assert state.players[3].gold == 0  # held none: lost nothing


def test_almoner_gains_gold_when_another_player_loses_damage_but_not_to_valkyries():
    """Bottlecap Vikings rulebook, City Abilities (Almoner): "When another player loses 1
    or more damage in a turn, you gain 1 gold at the end of that turn. This doesn't count
    damage lost from resolving Valkyries." """
    state, _ = play(land("A6", players={1: owning("almoner")}, **owning("almoner", wood=1, greys=2)), "do 1", "end")
    assert state.players[1].gold == 1 and state.players[0].gold == 0  # not for one's own loss
    players = {1: owning("almoner"), 2: dict(reds=3, greys=1)}
    state, events = play(land("A7", players=players), "do 2", "end", draws="r")
    assert len(of(events, Valkyries)) == 1 and state.players[1].gold == 0


def test_carpenter_and_guild_pay_for_any_players_hut_advance():
    """Bottlecap Vikings rulebook, City Abilities: Carpenter "When any player gains a hut
    advancement, you gain 1 wood at the end of that turn."; Guild "Whenever any player
    gains a hut token advancement, you gain 1 gold at the end of that turn." Any player:
    the one who advanced too."""
    players = {1: owning("carpenter"), 2: owning("guild")}
    state, _ = play(land("A1", players=players, **owning("guild", gold=2)), "advance 1a")
    assert (state.players[1].wood, state.players[2].gold) == (0, 0)
    state, _ = play(state, "end")
    assert (state.players[1].wood, state.players[2].gold, state.players[0].gold) == (1, 1, 1)
    state, _ = play(land("A1", players=players, gold=2), "end")
    assert (state.players[1].wood, state.players[2].gold) == (0, 0)


def test_grudge_pays_the_attacked_not_the_attacker():
    """Bottlecap Vikings rulebook, City Abilities (Grudge): "Whenever you are attacked by
    one or more players in a turn, gain 1 gold at the end of that turn." The mover attacks;
    the players already there are attacked (RULES.md, "Attacks")."""
    state = table(3, ships=(1, 3, 6), players={0: owning("grudge"), 1: owning("grudge")})
    state, events = play(state, "move 2", "end", draws="gg")
    assert of(events, Attacked) == [Attacked(0, (1,))]
    assert (state.players[0].gold, state.players[1].gold) == (0, 1)


def test_end_of_turn_abilities_active_player_first_then_clockwise():
    """Bottlecap Vikings rulebook, City Abilities: "at the end of that turn" — the text
    gives no order; boxtop pays the active player first, then clockwise (RULES.md, "End
    of the turn"). bob advances; all three have Carpenter."""
    players = {s: owning("carpenter") for s in (0, 1, 2)}
    players[1] = owning("carpenter", gold=2, hut="0")
    state = table(3, turn=1, ships=(5, 1, 6), players=players, layout=layout_with("A1"))
    state, events = play(state, "move 1", "advance 1a", "end")
    assert [g.seat for g in of(events, Goods) if g.wood] == [1, 2, 0]


def test_end_of_turn_gains_do_not_set_off_each_other():
    """Bottlecap Vikings rulebook, City Abilities: Sawmill "When you gain 1 or more wood
    in a turn, gain 1 gold at the end of that turn." and Hoard "When you gain 1 or more
    gold in a turn, gain an additional gold at the end of that turn." What fires is
    settled when the turn ends, so Sawmill's gold does not set off Hoard (RULES.md, "End
    of the turn")."""
    state, _ = play(land("A5", **owning("sawmill", "hoard")), "do 1", "end")
    assert meters(state)[:2] == (1, 1)


# ====================================================================== landing beside the helper
def at_helper(*abilities: str, n: int = 3, players=None, **ann):
    """ann moves from space 7 to space 0, beside the helper (Improve, A1, is there)."""
    people = dict(players or {})
    people[0] = owning(*abilities, **ann)
    return play(table(n, ships=(7, 5, 6, 3)[:n], players=people), "move 1")


def test_mender_loses_a_damage_landing_beside_the_helper():
    """Bottlecap Vikings rulebook, City Abilities (Mender): "When your ship lands at the
    space beside the helper on the bottlecap, before taking the action, lose 1 damage." """
    state, events = at_helper("mender", greys=2)
    assert of(events, Returned) == [Returned(0, greys=1)] and front(state) == "act"
    state, events = play(table(3, ships=(0, 5, 6), players={0: owning("mender", greys=2)}), "move 1")
    assert of(events, Returned) == []  # leaving the helper's space is not landing there


@pytest.mark.parametrize("ability,good", [("tribute", 1), ("woodcutter", 0)])
def test_tribute_and_woodcutter_landing_beside_the_helper(ability, good):
    """Bottlecap Vikings rulebook, City Abilities: Tribute "When you land at the space
    beside the helper on the bottlecap, gain 1 gold."; Woodcutter "When you land at the
    space beside the helper on the bottlecap, before taking the action, gain 1 wood." """
    state, _ = at_helper(ability)
    assert meters(state)[good] == 1 and meters(state)[1 - good] == 0 and front(state) == "act"
    state, _ = play(table(3, ships=(6, 2, 3), players={0: owning(ability)}), "move 1")
    assert meters(state)[:2] == (0, 0)


def test_tides_swaps_two_neighbouring_spaces_before_the_action_ships_stay():
    """Bottlecap Vikings rulebook, City Abilities (Tides): "When you land at the space
    beside the helper on the bottlecap, before doing the action, you may switch any two
    spaces that are adjacent to each other. Ships don't move with the spaces, they stay
    still." ann swaps spaces 1 and 2 (Improve and Feast): Feast is then beside her ship;
    the helper stays at space 1 (RULES.md, "Rotation and swaps")."""
    state, _ = at_helper("tides", players={1: dict()}, wood=2, gold=1)
    assert front(state) == "swap" and GAME.to_act(state) == {0}
    before = state.tiles
    state, events = play(state, "swap 1")
    assert of(events, Swapped) == [Swapped(0)]
    assert state.tiles[:2] == (before[1], before[0]) and state.tiles[2:] == before[2:]
    assert [p.ship for p in state.players] == [0, 5, 6] and state.helper == 0
    state, _ = play(state, "do 1")  # Feast, now at ann's space
    assert meters(state)[:3] == (0, 0, 1)
    state, _ = play(at_helper("tides")[0], "skip")
    assert state.tiles == before and front(state) == "act"


# ====================================================================== movement
@pytest.mark.parametrize("abilities,longest", [
    ((), 3), (("sails",), 5), (("longship",), 5), (("oars",), 4), (("sails", "oars"), 6),
    (("sails", "longship", "oars"), 7),  # 8 would be a full lap: at most 7
])
def test_movement_abilities_add_up(abilities, longest):
    """Bottlecap Vikings rulebook, City Abilities: Sails "You may move up to two spaces
    further on each of your turns."; Longship "You may move up to two additional
    spaces"; Oars "You may move up to one additional space on each of your turns." They
    add up; a move never exceeds 7 (RULES.md, "Movement")."""
    state = table(3, ships=(1, 4, 4), players={0: owning(*abilities)})
    assert GAME.legal(state, 0) == [GAME.parse(f"move {d}", NAMES) for d in range(1, longest + 1)]
    if longest < 7:
        refused(state, f"move {longest + 1}")


def test_tailwind_only_when_the_turn_starts_beside_the_helper():
    """Bottlecap Vikings rulebook, City Abilities (Tailwind): "When you start a turn at
    the space beside the helper on the bottlecap, you can move up to 3 additional spaces
    that turn." """
    state = table(3, ships=(0, 2, 3), players={0: owning("tailwind")})
    assert len(GAME.legal(state, 0)) == 6
    state, _ = play(state, "move 6", draws="g")  # over the damage line
    assert state.players[0].ship == 6
    assert len(GAME.legal(table(3, ships=(1, 5, 6), players={0: owning("tailwind")}), 0)) == 3


# ====================================================================== before the action
def test_rudder_takes_a_damage_to_reverse_for_future_turns():
    """Bottlecap Vikings rulebook, City Abilities (Rudder): "Before taking an action at any
    space, you can gain one damage to reverse the direction you are moving around the
    bottlecap for future turns (Continue moving this new direction until changed
    again)." """
    state = land("A4", **owning("rudder"))
    state, events = play(state, "use rudder", draws="g")
    assert of(events, Reversed) == [Reversed(0)] and state.players[0].damage == 1
    refused(state, "use rudder", "used already")
    state, _ = play(state, "do 1", "end", "move 2", "end", "move 2", "end")  # bob 5 → 7, cyd 6 → 0
    state, _ = play(state, "move 1")
    assert state.players[0].ship == 1  # anticlockwise now: 2 → 1
    state, _ = play(state, "use rudder", "end", "move 3", "end", "move 3", "end", "move 3", draws="g")
    assert state.players[0].ship == 4  # and clockwise again: 1 → 4


def test_before_the_action_means_not_after_a_part():
    """Bottlecap Vikings rulebook, City Abilities: Rudder and Sacrifice are used "Before
    taking an action at any space" — not once a part of the action is taken."""
    state, _ = play(land("A4", **owning("rudder", "sacrifice", glory=2, greys=1)), "do 1")
    refused(state, "use rudder", "before the action")
    refused(state, "use sacrifice", "before the action")


def test_sacrifice_loses_a_glory_to_lose_all_damage():
    """Bottlecap Vikings rulebook, City Abilities (Sacrifice): "Before taking an action at
    any space, you may lose 1 point to lose all damage." The point is glory."""
    state, events = play(land("A4", **owning("sacrifice", glory=2, greys=2, reds=1)), "use sacrifice")
    assert meters(state) == (0, 0, 1, 0)
    assert of(events, Returned) == [Returned(0, reds=1, greys=2)]
    refused(land("A4", **owning("sacrifice", glory=0, greys=2)), "use sacrifice", "1 glory")
    refused(land("A4", **owning("sacrifice", glory=2)), "use sacrifice", "no damage")


# ====================================================================== passing over, attacking
def test_barter_trades_with_each_ship_passed_over():
    """Bottlecap Vikings rulebook, City Abilities (Barter): "When you pass over another
    player without beginning or stopping on their space, take 1 gold or wood from them,
    then give them 1 gold or wood. (This does count as "gaining" the resource
    received.)" bob has only gold: ann takes it, then chooses what to give."""
    state = table(3, ships=(1, 2, 6), players={0: owning("barter", "hoard", wood=1), 1: dict(gold=2)})
    state, events = play(state, "move 2")
    assert front(state) == "give" and GAME.legal(state, 0) == [GAME.parse(t, NAMES) for t in ("give wood", "give gold")]
    state, events2 = play(state, "give wood", "end")
    assert of(events + events2, Traded) == [Traded(1, 0, "gold"), Traded(0, 1, "wood")]
    assert meters(state, 1)[:2] == (1, 1)
    assert meters(state)[:2] == (0, 2)  # the gold taken counts as gained: Hoard adds 1


def test_barter_asks_what_to_take_when_there_is_a_choice():
    """Bottlecap Vikings rulebook, City Abilities (Barter): "take 1 gold or wood from
    them" — the Barter player chooses."""
    state = table(3, ships=(1, 2, 6), players={0: owning("barter"), 1: dict(gold=1, wood=1)})
    state, _ = play(state, "move 2")
    assert front(state) == "take" and len(GAME.legal(state, 0)) == 2
    state, _ = play(state, "take wood")
    assert meters(state)[:2] == (0, 0) and meters(state, 1)[:2] == (1, 1)  # and gave it back


def test_barter_not_with_ships_at_the_start_or_the_end():
    """Bottlecap Vikings rulebook, City Abilities (Barter): "without beginning or stopping
    on their space" — cyd shares ann's start, bob is where she stops (an attack)."""
    state = table(3, ships=(1, 3, 1), players={0: owning("barter", wood=1), 1: dict(gold=2), 2: dict(gold=2)})
    state, events = play(state, "move 2", draws="gg")
    assert of(events, Traded) == [] and of(events, Attacked) == [Attacked(0, (1,))]


def test_reaver_trades_with_each_player_attacked():
    """Bottlecap Vikings rulebook, City Abilities (Reaver): "When you attack 1 or more
    other players, take 1 gold or wood from each of them, then give each 1 gold or wood.
    This does count as "gaining" the resource received." After the attack's draws."""
    state = table(3, ships=(1, 3, 3), players={0: owning("reaver", "woodpile"), 1: dict(wood=2), 2: dict(gold=1)})
    state, events = play(state, "move 2", draws="ggg")
    trades = of(events, Traded)
    assert trades == [Traded(1, 0, "wood"), Traded(0, 1, "wood"), Traded(2, 0, "gold"), Traded(0, 2, "gold")]
    assert events.index(trades[0]) > max(events.index(d) for d in of(events, Drew))
    state, _ = play(state, "end")
    assert state.players[0].wood == 1  # Woodpile: the wood taken was gained


# ====================================================================== the damage line, the helper's shield
def test_pilot_ignores_the_damage_line():
    """Bottlecap Vikings rulebook, City Abilities (Pilot): "Ignore the damage line on the
    bottlecap -- you do not take damage from it." """
    _, events = play(table(3, ships=(3, 0, 1), players={0: owning("pilot")}), "move 3")
    assert of(events, Drew) == []


@pytest.mark.parametrize("n,glory,damage", [(4, 4, 0), (3, 3, 1)])
def test_pilot_with_4_players_gains_a_glory_and_loses_a_damage(n, glory, damage):
    """Bottlecap Vikings rulebook, City Abilities (Pilot): "(4 players: gain 1 glory and
    lose 1 damage when you gain this ability)." With 2–3 players nothing more."""
    state, _ = arrive("pilot", n=n, glory=3, greys=1)
    assert state.players[0].abilities == ("pilot",)
    assert (state.players[0].glory, state.players[0].damage) == (glory, damage)


def test_sanctuary_no_damage_beside_the_helper():
    """Bottlecap Vikings rulebook, City Abilities (Sanctuary): "You cannot gain damage
    while at the space beside the helper on the bottlecap. (This also means you cannot
    perform actions there that require you to take damage)." ann attacks bob at the
    helper's space: only bob draws; then Raid's damage part is refused there."""
    state = table(3, ships=(7, 0, 3), players={0: owning("sanctuary", "rudder")}, layout=rondel("A7"))
    state, events = play(state, "move 1", draws="g")
    assert of(events, Drew) == [Drew(1, "grey")] and state.players[0].damage == 0
    refused(state, "do 2", "Sanctuary")
    refused(state, "use rudder", "Sanctuary")
    state, _ = play(state, "do 1")
    assert state.players[0].gold == 1
    attacked = table(3, ships=(7, 0, 3), players={1: owning("sanctuary")}, layout=rondel("A7"))
    _, events = play(attacked, "move 1", draws="g")
    assert of(events, Drew) == [Drew(0, "grey")]  # bob, attacked beside the helper, draws none


# ====================================================================== one-off on arrival
def test_longship_gains_a_glory_on_arrival_and_it_can_win():
    """Bottlecap Vikings rulebook, City Abilities (Longship): "Gain 1 glory when you
    advance your hut to this space." Winning the game: reaching the throne on the glory
    meter wins at once, whatever gave the glory (RULES.md, "Winning")."""
    state, _ = arrive("longship")
    assert state.players[0].glory == 6 and state.players[0].abilities == ("longship",)
    state, events = arrive("longship", glory=9)
    assert events[-1] == Won(0, "glory") and state.phase == "over"


def test_oars_gains_a_wood_and_loses_2_damage_on_arrival():
    """Bottlecap Vikings rulebook, City Abilities (Oars): "Gain 1 wood and lose 2 damage
    when advancing your hut to this space." And its movement: "You may move up to one
    additional space"."""
    state, _ = arrive("oars", greys=3)
    assert (state.players[0].wood, state.players[0].damage) == (1, 1)


def test_ragnarok_resolves_the_valkyries_at_once():
    """Bottlecap Vikings rulebook, City Abilities (Ragnarok): "When your hut token
    advances to this space, resolve Valkyries for everyone immediately, regardless of how
    many red tokens are in play." No red is held; bob's 2 greys cost him 2 gold."""
    state, events = arrive("ragnarok", players={1: dict(greys=2, gold=3)}, greys=1)
    assert of(events, Valkyries) == [Valkyries(((0, 0), (2, 0), (0, 0)))]
    assert state.players[1].gold == 1 and all(p.damage == 0 for p in state.players)
    assert (state.reds, state.greys) == (5, 12)


@pytest.mark.parametrize("good,after", [("wood", (8, 0)), ("gold", (4, 0))])
def test_windfall_doubles_your_wood_or_gold(good, after):
    """Bottlecap Vikings rulebook, City Abilities (Windfall): "When advancing your hut to
    this space, gain 1 wood per wood you have, OR gain 1 gold per gold you have. (This
    doubles your current wood or gold)." Doubled after paying for the advance: 4 wood,
    0 gold left."""
    state, _ = arrive("windfall", wood=4)
    assert front(state) == "double"
    state, _ = play(state, f"double {good}")
    assert meters(state)[:2] == after


def test_windfall_over_the_cap_is_forfeited():
    """Bottlecap Vikings rulebook, Gameplay: "Any gains that would take you above that
    amount are forfeited." — Windfall at 7 wood gives 3."""
    state, events = arrive("windfall", wood=7, then=("double wood",))
    assert state.players[0].wood == 10 and of(events, Goods)[-1] == Goods(0, wood=3, forfeited=4)


def test_compass_turns_the_bottlecap_and_gains_a_glory():
    """Bottlecap Vikings rulebook, City Abilities (Compass): "When advancing your hut
    token to this space, rotate the bottlecap to any new orientation, and gain 1
    glory." The helper and the damage line turn with it (RULES.md, "Rotation and
    swaps")."""
    state, _ = arrive("compass")
    assert front(state) == "rotate"
    assert GAME.legal(state, 0) == [GAME.parse(f"rotate {k}", NAMES) for k in range(1, 8)]
    glory = state.players[0].glory
    state, events = play(state, "rotate 3")
    assert of(events, Rotated) == [Rotated(3)]
    assert (state.helper, state.line) == (3, 7) and state.players[0].glory == glory + 1
    assert [p.ship for p in state.players] == [2, 5, 6]


def test_cleansing_loses_all_damage():
    """Bottlecap Vikings rulebook, City Abilities (Cleansing): "Lose all your damage when
    you advance your hut to this space." """
    state, events = arrive("cleansing", reds=2, greys=3, owed=1)
    assert state.players[0].damage == 0
    assert of(events, Returned) == [Returned(0, owed=1), Returned(0, reds=2, greys=3)]


def test_helm_gains_a_wood_and_a_permanent_helmet_not_glory():
    """Bottlecap Vikings rulebook, City Abilities (Helm): "Gain 1 wood when advancing your
    hut to this space. Gain 1 additional Viking helmet permanently when advancing to this
    space (do not advance your winged helmet when doing this, this does not gain you any
    glory)." """
    state, events = arrive("helm")
    p = state.players[0]
    assert of(events, HelmetGained) == [HelmetGained(0)]
    assert (p.wood, p.helmets, p.level()) == (1, 1, 3) and p.glory == SIDES["Builder"].helmets[1]


def test_mimic_copies_an_ability_printed_on_a_side_in_play():
    """Bottlecap Vikings rulebook, City Abilities (Mimic): "Gain a city ability that
    matches any other city ability that any player has printed on their city board this
    game, except for "win the game"." Here: the Merchant side (ann) and the identical
    side (bob, cyd). The copy's one-off fires as if advanced to (RULES.md, "Mimic")."""
    state, _ = arrive("mimic")
    assert front(state) == "copy"
    offered = {c.ability for c in GAME.legal(state, 0)}
    printed = {s.ability for side in (SIDES["Merchant"], SIDES["Identical"]) for s in side.spots}
    assert offered == printed - {"", "throne", "mimic"}
    refused(state, "copy sails")  # the Raider side is not in play
    refused(state, "copy throne")
    glory = state.players[0].glory
    state, events = play(state, "copy longship")
    assert of(events, Copied) == [Copied(0, "longship")]
    assert state.players[0].abilities == ("mimic", "longship") and state.players[0].glory == glory + 1
    assert rules.longest_move(state, 0) == 5  # and Longship's 2 more spaces


def test_every_ability_is_tested_here():
    """Each of the 33 abilities is named by a test in this file."""
    import inspect
    import sys

    text = inspect.getsource(sys.modules[__name__])
    assert [a for a in ABILITIES if f'"{a}"' not in text] == []


def test_mimic_copying_pilot_with_4_players_takes_its_gift():
    """Bottlecap Vikings rulebook, City Abilities (Pilot): "(4 players: gain 1 glory and
    lose 1 damage when you gain this ability)" — gaining it by Mimic is gaining it
    (RULES.md, "Mimic")."""
    state, _ = arrive("mimic", n=4, players={3: dict(side="Builder")}, greys=1)
    glory = state.players[0].glory
    state, events = play(state, "copy pilot")
    assert of(events, Copied) == [Copied(0, "pilot")]
    assert (state.players[0].glory, state.players[0].damage) == (glory + 1, 0)
