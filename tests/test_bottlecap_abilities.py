"""Bottlecap Vikings, the 33 city abilities, each at its trigger (the rulebook's "City
Abilities" and the ability entries printed after "Action Spaces"), citing its text.
Decisions on unclear passages are in ``engine/games/bottlecap_vikings/RULES.md``.
Positions come from ``bottlecap_table``: the helper beside space 0, the damage line
between spaces 4 and 5 (2–3 players), spaces 0-based; ann is seat 0."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bottlecap_table import NAMES, front, land, layout_with, meters, of, play, refused, rondel, table
from engine.games.bottlecap_vikings import GAME
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
