"""Giftbringer, one test per rule. The authority is the Giftbringer rulebook (``giftbringer.txt``),
cited by heading; decisions on lost or unclear passages are in
``engine/games/giftbringer/RULES.md``. Targets are picked from the sheet's data, so the
tests hold for any sheet that follows ``SHEET.md``."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from engine.core.errors import IllegalCommand
from engine.games.giftbringer import rules
from engine.games.giftbringer.commands import Bless, Cross, Done, Land, Visit
from engine.games.giftbringer.events import Blessed, Committed, Crossed, DiceRolled, GameEnded, GameStarted, Recruited, Visited
from engine.games.giftbringer.options import Options
from engine.games.giftbringer.sheet import SHEET, neighbours
from engine.games.giftbringer.state import PlayerSheet, Result, State, evolve, initial

RNG = random.Random(0)


def fold(state: State, events) -> State:
    for e in events:
        state = evolve(state, e)
    return state


def play(state: State, seat: int, command) -> State:
    return fold(state, rules.decide(state, seat, command, random.Random(1)))


def started(n: int = 1, dice=(1, 2, 3, 4), **options) -> State:
    return fold(initial(Options(**options), n), [GameStarted(0), DiceRolled(1, tuple(dice))])


def with_results(state: State, seat: int, *values: int) -> State:
    sheet = replace(state.sheets[seat], results=tuple(Result(v) for v in values))
    return replace(state, sheets=state.sheets[:seat] + (sheet,) + state.sheets[seat + 1:])


def edit(state: State, seat: int = 0, **changes) -> State:
    sheet = replace(state.sheets[seat], **changes)
    return replace(state, sheets=state.sheets[:seat] + (sheet,) + state.sheets[seat + 1:])


def recruit_first(state: State, seat: int = 0) -> tuple[State, str]:
    """``state`` with the first Viking recruited by crossing his results."""
    viking = SHEET.vikings[0]
    state = with_results(state, seat, *viking.demand)
    for i in range(len(viking.demand)):
        state = play(state, seat, Cross(i + 1, viking.id))
    return state, viking.id


# ---------------------------------------------------------------------- rounds and dice
def test_setup_draws_the_merry_leader_and_rolls_four_dice():
    # "randomly determine the Merry Leader"; "Merry Leader roll four six-sided dice once"
    events = rules.setup(Options(), 3, random.Random(5))
    assert isinstance(events[0], GameStarted) and 0 <= events[0].leader < 3
    assert isinstance(events[1], DiceRolled) and events[1].round == 1
    assert len(events[1].dice) == 4 and all(1 <= d <= 6 for d in events[1].dice)


def test_everybody_uses_the_same_four_results():
    # "The results of the roll determines which results all players can use that round."
    state = started(3, dice=(6, 5, 4, 3))
    assert all([r.value for r in s.results] == [6, 5, 4, 3] for s in state.sheets)


def test_the_round_is_simultaneous_and_the_next_roll_waits_for_everybody():
    state = started(3)
    assert rules.to_act(state) == {0, 1, 2}
    state = play(state, 2, Done())
    state = play(state, 0, Done())
    assert rules.to_act(state) == {1} and state.round == 1
    events = rules.decide(state, 1, Done(), random.Random(3))
    assert isinstance(events[-1], DiceRolled) and events[-1].round == 2
    state = fold(state, events)
    assert rules.to_act(state) == {0, 1, 2}


def test_unused_results_are_lost_at_the_end_of_the_round():
    # RULES.md, "Setup and rounds": nothing carries over.
    state = play(started(1, dice=(1, 1, 1, 1)), 0, Done())
    assert state.round == 2 and len(state.sheets[0].results) == 4 and not any(r.used for r in state.sheets[0].results)


def test_the_game_ends_after_the_last_round_with_points():
    # "Game consists of 10 rounds. After completing the last round player with the most
    # points will be the winner of the game."
    state = started(2, rounds=2)
    for _ in range(2):
        state = play(play(state, 0, Done()), 1, Done())
    assert state.phase == "over" and rules.result(state) is not None
    with pytest.raises(IllegalCommand):
        rules.decide(state, 0, Done(), RNG)


# ---------------------------------------------------------------------- recruit
def test_a_result_crosses_one_symbol_of_its_face():
    # "RECRUIT": "When you cross all results corresponding to a Viking"
    viking = next(v for v in SHEET.vikings if len(v.demand) >= 2)
    state = with_results(started(), 0, viking.demand[0], 6 if viking.demand[0] != 6 else 1)
    state = play(state, 0, Cross(1, viking.id))
    assert state.sheets[0].marks[viking.id].count(True) == 1 and state.sheets[0].results[0].used
    with pytest.raises(IllegalCommand, match="already used"):
        rules.decide(state, 0, Cross(1, viking.id), RNG)
    missing = next(f for f in range(1, 7) if f not in viking.demand)
    state = with_results(state, 0, missing)
    with pytest.raises(IllegalCommand, match=f"A {missing} cannot be crossed on .*: it still needs"):
        rules.decide(state, 0, Cross(1, viking.id), RNG)


def test_crossing_every_result_of_a_viking_recruits_him():
    state, viking = recruit_first(started())
    assert state.sheets[0].recruited == (viking,)
    with pytest.raises(IllegalCommand, match="recruited already"):
        rules.decide(with_results(state, 0, 1), 0, Cross(1, viking), RNG)


# ---------------------------------------------------------------------- visit
def coast_place() -> tuple[str, str]:
    """A harbour and a place on its coast that demands results and no Presents."""
    for ship in SHEET.ships:
        for pid in ship.coast:
            p = SHEET.place(pid)
            if p.demand and not p.presents:
                return ship.id, pid
    raise AssertionError("the sheet has no plain coast place")


def test_a_visit_needs_a_recruited_viking_a_harbour_and_every_result():
    # "VISIT": "(This Action is Available if you have at least one Recruited Viking)";
    # "When you cross all results corresponding to a road/house you may Visit it";
    # "If this your first Visit you have to choose in which harbor …"
    ship, pid = coast_place()
    place = SHEET.place(pid)
    state = with_results(started(), 0, *place.demand)
    for i in range(len(place.demand)):
        state = play(state, 0, Cross(i + 1, pid))
    with pytest.raises(IllegalCommand, match="Recruit a Viking first"):
        rules.decide(state, 0, Visit(pid), RNG)
    state, _ = recruit_first(state)
    with pytest.raises(IllegalCommand, match="harbour"):
        rules.decide(state, 0, Visit(pid), RNG)
    state = play(state, 0, Land(ship))
    state = play(state, 0, Visit(pid))
    assert state.sheets[0].visited == (pid,)


def test_the_harbour_is_chosen_for_good():
    # "After you choose your starting Viking Ship, you are not able to choose a new one."
    state = play(started(), 0, Land(SHEET.ships[0].id))
    with pytest.raises(IllegalCommand, match="for good"):
        rules.decide(state, 0, Land(SHEET.ships[1].id), RNG)


def test_only_places_next_to_the_harbour_or_a_visited_place_can_be_worked_on():
    # "You may only Visit road/houses adjancent to your Viking Ship or a previously
    # Visited road/house." RULES.md: checked when crossing.
    ship = SHEET.ships[0]
    far = next(p for p in SHEET.places if p.demand and p.id not in ship.coast
               and not any(n in ship.coast for n in neighbours(p.id)) and not rules.ships_of(p.id))
    state = with_results(play(started(), 0, Land(ship.id)), 0, far.demand[0])
    with pytest.raises(IllegalCommand, match="not next to"):
        rules.decide(state, 0, Cross(1, far.id), RNG)
    near = next(n for n in neighbours(ship.coast[0]))
    state = edit(state, visited=(ship.coast[0],))
    assert rules.reachable(state.sheets[0], near)


@pytest.mark.parametrize("anywhere", [False, True])
def test_a_far_house_can_be_crossed_only_with_cross_anywhere_and_visited_only_when_near(anywhere):
    # "VISIT": "When you cross all results corresponding to a road/house you may Visit
    # it. You may only Visit road/houses adjancent to your Viking Ship or a previously
    # Visited road/house." RULES.md, "Visit": by default adjacency is checked when
    # crossing (the stricter reading); the option cross_anywhere reads the passage
    # literally: any place may be crossed, and only the Visit asks for adjacency.
    # Seed 3, one player, round 1 rolls 3 2 3 4; House 16 is on no harbour's coast.
    import engine

    s = engine.new_game("giftbringer", ["ann"], seed=3, options={"cross_anywhere": anywhere})
    assert s.state.dice == (3, 2, 3, 4) and not rules.ships_of("H16")
    if anywhere:
        assert Cross(2, "H16") in s.legal_commands("ann")  # result 2, the 2
        s.play("ann", "cross 2 on H16")
        assert s.state.sheets[0].marks["H16"] == (False, True, False, False)
    else:
        with pytest.raises(IllegalCommand, match="House 16 .* is not next to your harbour or a place you visited"):
            s.play("ann", "cross 2 on H16")
        assert not any(getattr(c, "target", "") == "H16" for c in s.legal_commands("ann"))
    # the Visit asks for adjacency under both readings: H16 complete, a Viking recruited,
    # landed at a harbour far from it, nothing visited
    place = SHEET.place("H16")
    marks = dict(s.state.sheets[0].marks)
    marks["H16"] = (True,) * len(place.demand)
    state = edit(s.state, marks=marks, recruited=(SHEET.vikings[0].id,), ship=SHEET.ships[0].id)
    assert Visit("H16") not in rules.legal(state, 0)
    with pytest.raises(IllegalCommand, match="not next to"):
        rules.decide(state, 0, Visit("H16"), RNG)


def test_presents_come_from_recruited_vikings_and_a_house_without_them_cannot_be_visited():
    # "To bring Presents you have to cross equal number of them from your Recruited
    # Vikings. If you cannot cross required number of Presents you cannot Visit given house."
    house = next(p for p in SHEET.places if p.presents >= 2)
    viking = SHEET.vikings[0]
    marks = dict(started().sheets[0].marks)
    marks[house.id] = (True,) * len(house.demand)
    ship = next(iter(rules.ships_of(house.id)), None)
    visited = () if ship else (next(iter(neighbours(house.id))),)
    ship = ship or SHEET.ships[0].id
    state = edit(started(), marks=marks, recruited=(viking.id,), ship=ship, visited=visited,
                 given={viking.id: viking.presents})  # his Presents are all given: he is spent
    with pytest.raises(IllegalCommand, match="Presents"):
        rules.decide(state, 0, Visit(house.id), RNG)
    rich = [v.id for v in SHEET.vikings[:3]]
    state = edit(state, recruited=tuple(rich), given={})
    if sum(SHEET.viking(v).presents for v in rich) >= house.presents:
        events = rules.decide(state, 0, Visit(house.id), RNG)
        visit = next(e for e in events if isinstance(e, Visited))
        assert sum(c for _, c in visit.presents) == house.presents
        assert [v for v, _ in visit.presents] == rich[: len(visit.presents)]  # in recruitment order


def test_gratitude_fills_free_slots_and_what_does_not_fit_is_lost():
    # "GRATITUDE": "if you don't have enough empty spaces to take all Gratitude from
    # Visited house the remaining Gratitude is lost."
    house = max(SHEET.places, key=lambda p: len(p.gratitude))
    viking = min(SHEET.vikings, key=lambda v: v.slots)
    marks = dict(started().sheets[0].marks)
    marks[house.id] = (True,) * len(house.demand)
    ship = next(iter(rules.ships_of(house.id)), SHEET.ships[0].id)
    visited = () if rules.ships_of(house.id) else (next(iter(neighbours(house.id))),)
    state = edit(started(), marks=marks, recruited=(viking.id,), ship=ship, visited=visited,
                 gratitude={viking.id: ("C",) * (viking.slots - 1)})
    state = edit(state, given={}) if house.presents <= viking.presents else edit(
        state, recruited=tuple(v.id for v in SHEET.vikings), gratitude={v.id: ("C",) * v.slots for v in SHEET.vikings
                                                                        if v.id != viking.id} | {viking.id: ("C",) * (viking.slots - 1)})
    # RULES.md, "Gratitude": the player chooses which letters to keep (one slot: any
    # kind the house gives; tests/test_giftbringer_gratitude.py tests the choice)
    keep = rules.keep_choices(state.sheets[0], house.id)[-1]
    events = rules.decide(state, 0, Visit(house.id, keep), RNG)
    visit = next(e for e in events if isinstance(e, Visited))
    assert [letter for _, letter in visit.gratitude] == [keep] and visit.lost == len(house.gratitude) - 1


def test_a_happiness_house_marks_the_next_level():
    # "HAPPINESS": "you may cross down Happiness symbol in the house and on appropriate track"
    house = next(p for p in SHEET.places if p.happiness)
    marks = dict(started().sheets[0].marks)
    marks[house.id] = (True,) * len(house.demand)
    ship = next(iter(rules.ships_of(house.id)), SHEET.ships[0].id)
    visited = () if rules.ships_of(house.id) else (next(iter(neighbours(house.id))),)
    state = edit(started(), marks=marks, recruited=tuple(v.id for v in SHEET.vikings), ship=ship, visited=visited,
                 happiness=2)
    state = play(state, 0, Visit(house.id))
    assert state.sheets[0].happiness == 3


# ---------------------------------------------------------------------- Santa's Blessings
@pytest.mark.parametrize("kind, used, value, made", [
    ("any", (1,), 6, 6),  # "You may spend any result as any other result."
    ("two", (1, 2), 5, 5),  # "You may spend any 2 results as any other 1 result."
    ("sum", (3, 4), 0, 6),  # "… as a sum of its results (If a sum result would be above 6 treat it as a 6)"
    ("diff", (3, 4), 0, 1),  # "… as a difference … (If a difference would be below 1 treat it as a 1)"
])
def test_each_blessing(kind, used, value, made):
    state = with_results(started(), 0, 1, 2, 4, 4)
    state = play(state, 0, Bless(kind, used, value))
    results = state.sheets[0].results
    assert results[-1] == Result(made, made=True) and all(results[i - 1].used for i in used)
    assert state.sheets[0].blessings == (kind,)


def test_each_blessing_once_and_a_blessed_result_is_a_result():
    # "Cross this action after use." RULES.md: a Blessing's result can be blessed again.
    state = play(with_results(started(), 0, 1, 2, 3, 4), 0, Bless("any", (1,), 3))
    with pytest.raises(IllegalCommand, match="used already"):
        rules.decide(state, 0, Bless("any", (2,), 5), RNG)
    state = play(state, 0, Bless("sum", (4, 5), 0))  # the 4 and the made 3
    assert state.sheets[0].results[-1].value == 6


# ---------------------------------------------------------------------- scoring
def test_scoring_counts_gratitude_happiness_and_bonuses():
    # "SCORING": 4 per Glass of Milk, 5 per Cookie, 6 per Muffin, 10/25/50 for the
    # 3rd/6th/9th Happiness level, 15 for 7 Milk, 8 Cookies, 9 Muffins.
    sheet = PlayerSheet(gratitude={"V1": ("G",) * 7, "V2": ("C",) * 2, "V3": ("M",)}, happiness=6)
    s = rules.score(sheet)
    assert (s["milk"], s["cookies"], s["muffins"], s["happiness"], s["bonus"]) == (28, 10, 6, 25, 15)
    assert s["total"] == 84
    assert rules.score(replace(sheet, happiness=9))["happiness"] == 50
    assert rules.score(replace(sheet, happiness=9), cumulative=True)["happiness"] == 85  # option
    assert rules.score(replace(sheet, happiness=2))["happiness"] == 0
    eight = PlayerSheet(gratitude={"V1": ("G",) * 8})
    assert rules.score(eight)["bonus"] == 15  # RULES.md: "at least" 7


def test_tie_break_happiness_then_gratitude():
    # RULES.md, "Tie-break".
    a = PlayerSheet(gratitude={"V1": ("C",) * 2}, happiness=0)  # 10 points
    b = PlayerSheet(gratitude={"V1": ("C",)}, happiness=3)  # 5 + 10 = 15
    c = PlayerSheet(gratitude={"V1": ("G",) * 5}, happiness=3)  # 20 + 10 = 30
    d = PlayerSheet(gratitude={"V1": ("M",) * 5}, happiness=0)  # 30
    sheets = (a, b, c, d)
    points = tuple(rules.score(s)["total"] for s in sheets)
    assert points == (10, 15, 30, 30)
    assert rules._winners(sheets, points) == (2,)  # c has the higher Happiness
    e = replace(c)
    assert rules._winners((c, e), (30, 30)) == (0, 1)  # a full tie is shared


def test_done_is_offered_and_a_finished_seat_waits_for_the_next_roll():
    """"Every player works on their own sheet and says `done`, in any order; the next roll
    comes when all have" (RULES.md, the round): a seat may say it is done, and then is
    offered nothing until the next roll. (That ``legal`` is what ``decide`` accepts is
    the contract's, tests/contract.)"""
    state = with_results(play(started(), 0, Land(SHEET.ships[0].id)), 0, 1, 3, 5, 6)
    assert Done() in rules.legal(state, 0)
    two = with_results(started(2), 0, 1, 3, 5, 6)
    assert rules.legal(play(two, 0, Done()), 0) == []  # finished: nothing until the next roll
