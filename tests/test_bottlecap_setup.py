"""Bottlecap Vikings setup, one test per rule (the brief's checklist S1–S6). The authority
is the Bottlecap Vikings rulebook, cited by section; decisions on unclear passages are in
``engine/games/bottlecap_vikings/RULES.md``. Games are set up by ``engine.new_game`` and
played by notation, or built by ``bottlecap_table``."""

from __future__ import annotations

import random

import pytest

import engine
from bottlecap_table import NAMES, front, of, play, settle, table
from engine.core.errors import IllegalCommand
from engine.games.bottlecap_vikings import GAME, rules
from engine.games.bottlecap_vikings.data import CITIES, TILES
from engine.games.bottlecap_vikings.events import Advanced, Drew
from engine.games.bottlecap_vikings.options import Options
from engine.games.bottlecap_vikings.steps import Step


def session(n: int, seed: int = 1, **options) -> engine.LocalSession:
    return engine.new_game("bottlecap-vikings", NAMES[:n], seed=seed, options=options)


def table_of(s: engine.LocalSession):
    return s.view(None).table


def place_all(s: engine.LocalSession, spaces=None) -> list[str]:
    """Place every ship (``spaces`` by turn of placing, default 1, 2, …); returns the
    names in the order they were asked."""
    asked = []
    for k in range(len(s.names)):
        (who,) = s.to_act()
        asked.append(who)
        s.play(who, f"place {spaces[k] if spaces else k + 1}")
    return asked


# ---------------------------------------------------------------------- S1 the bottlecap's side
@pytest.mark.parametrize("n,hurt", [(2, 1), (3, 1), (4, 0)])
def test_s1_the_4_player_side_has_no_damage_line(n, hurt):
    """Bottlecap Vikings rulebook, Components and Setup: "If playing with 4 players, place
    the side with the 4p indicator up. Otherwise, use the other side." Gameplay: "There is
    a red "damage line" indicator on the bottlecap when playing with 2 or 3 players." The
    line runs between spaces 4 and 5 (0-based), so a move from 4 to 5 crosses it."""
    state = table(n, ships=(4,) + tuple(range(1, n)))
    assert (state.line >= 0) == (n < 4)
    state, events = play(state, "move 1", draws="g" * hurt)
    assert len(of(events, Drew)) == hurt
    assert state.players[0].damage == hurt


# ---------------------------------------------------------------------- S2 the rondel
def test_s2_the_tiles_lie_in_any_order_any_face_up_drawn_from_the_seed():
    """Bottlecap Vikings rulebook, Components and Setup: "Place these around the
    bottlecap … You may place any side face-up, and you may place them in any order.
    This constructed board is called a "rondel"." Each seed draws a layout of all 8
    tiles; over seeds both faces and many orders appear; the same seed, the same rondel."""
    layouts = set()
    faces = set()
    for seed in range(30):
        (started, *_) = rules.setup(Options(), 3, random.Random(seed))
        tiles = started.tiles
        assert sorted(t for t, _ in tiles) == [t.id for t in TILES.tile]
        layouts.add(tuple(t for t, _ in tiles))
        faces |= {f for _, f in tiles}
        assert rules.setup(Options(), 3, random.Random(seed))[0].tiles == tiles
    assert len(layouts) > 20 and faces == {0, 1}


def test_s2_the_layout_option_fixes_the_rondel():
    """Bottlecap Vikings rulebook, Components and Setup: "you may place them in any
    order" — the option ``layout`` lays them in the order given, face a or b."""
    s = session(3, layout="8b 7a 6b 5a 4b 3a 2b 1a")
    assert table_of(s).tiles == ((8, 1), (7, 0), (6, 1), (5, 0), (4, 1), (3, 0), (2, 1), (1, 0))
    with pytest.raises(ValueError, match="layout"):
        session(3, layout="1a 1b 2a 3a 4a 5a 6a 7a")


# ---------------------------------------------------------------------- S3 the bag
@pytest.mark.parametrize("n,greys", [(2, 7), (3, 12), (4, 17)])
def test_s3_the_bag_holds_5_reds_and_greys_by_player_count(n, greys):
    """Bottlecap Vikings rulebook, Components and Setup: "Shuffle the 5 red tokens
    together … with a number of grey tokens based on how many players are in the game:
    2 players = 7 greys, 3 players = 12 greys, 4 players = 17 greys"."""
    state = table_of(session(n))
    assert (state.reds, state.greys) == (5, greys)


# ---------------------------------------------------------------------- S4 the city sides
def test_s4_every_player_uses_the_identical_side_by_default():
    """Bottlecap Vikings rulebook, Components and Setup: "For your first game, it is
    recommended that players all use the side that is identical to each other.\""""
    assert {p.side for p in table_of(session(4)).players} == {"Identical"}


def test_s4_unique_sides_are_each_players_own():
    """Bottlecap Vikings rulebook, Components and Setup: "These have two sides. … For
    future games, you may choose which side you use." Option ``sides = unique``: each
    player the other side of their own card."""
    state = table_of(session(4, sides="unique"))
    assert [p.side for p in state.players] == [c.name for c in CITIES.unique]


def test_s4_with_sides_choose_each_player_picks_in_play_order():
    """Bottlecap Vikings rulebook, Components and Setup: "you may choose which side you
    use" — option ``sides = choose`` asks each player, start player first."""
    s = session(3, sides="choose")
    start = table_of(s).start
    order = [NAMES[(start + k) % 3] for k in range(3)]
    for k, who in enumerate(order):
        assert s.to_act() == [who]
        assert set(s.legal(who)) == {"side identical", "side unique"}
        s.play(who, "side unique" if k == 1 else "side identical")
    sides = [p.side for p in table_of(s).players]
    seat = NAMES.index(order[1])
    assert sides[seat] == CITIES.unique[seat].name
    assert [x for i, x in enumerate(sides) if i != seat] == ["Identical", "Identical"]


# ---------------------------------------------------------------------- S5 ships
def test_s5_the_start_player_places_first_then_clockwise_and_ships_may_share():
    """Bottlecap Vikings rulebook, Components and Setup: "They should put their ship
    token next to a board space of their choice. Then the other players, in clockwise
    order, should place their own ship tokens next to any board space of their choice."
    Ships placed on one space do not attack: an attack ends a move."""
    s = session(4, seed=3)
    start = table_of(s).start
    asked = place_all(s, spaces=[5, 5, 5, 5])
    assert asked == [NAMES[(start + k) % 4] for k in range(4)]
    state = table_of(s)
    assert [p.ship for p in state.players] == [4] * 4
    assert not any(isinstance(e, Drew) for entry in s.entries for e in entry.events)
    assert all(p.damage == 0 for p in state.players)


def test_s5_the_start_player_is_drawn_from_the_seed():
    """Bottlecap Vikings rulebook, Components and Setup: "Whichever player most recently
    plundered something will be the start player." boxtop cannot ask, so the seed draws
    the start player (RULES.md); every seat starts in some game, and the first turn is
    theirs."""
    starts = set()
    for seed in range(20):
        s = session(3, seed=seed)
        start = table_of(s).start
        starts.add(start)
        place_all(s)
        while table_of(s).phase == "setup":
            (who,) = s.to_act()
            s.play(who, s.legal(who)[0])
        assert table_of(s).turn == start and s.to_act() == [NAMES[start]]
    assert starts == {0, 1, 2}


# ---------------------------------------------------------------------- S6 huts and goods
def goods_round(s: engine.LocalSession, choose: dict[int, str]) -> None:
    """Answer every goods prompt: position k (0 = start player) says ``choose[k]``."""
    k = 0
    while table_of(s).phase == "setup":
        (who,) = s.to_act()
        step = table_of(s).queue[0]
        if step.op == "goods":
            s.play(who, choose[step.n])
            k += 1
        else:
            s.play(who, s.legal(who)[0])


def test_s6_huts_start_on_the_viking_face():
    """Bottlecap Vikings rulebook, Components and Setup: "Each player should put their hut
    token on the viking face space at the bottom of their city card.\""""
    for state in (table_of(session(3)), table_of(session(3, sides="unique"))):
        assert {p.hut for p in state.players} == {"0"}
        assert all(p.city.spot("0").ability == "" for p in state.players)


def test_s6_three_players_start_with_1_wood_k_goods_and_3_glory():
    """Bottlecap Vikings rulebook, Components and Setup: "For example, when playing with
    3 players, the 1st player would get 1 wood, 1 good of their choice (goods are wood and
    gold) and 3 glory points to begin with." The table: 2nd "1 wood, 2 goods of their
    choice, and 3 glory", 3rd "1 wood, 3 goods of their choice, and 3 glory"."""
    s = session(3, seed=2)
    start = table_of(s).start
    place_all(s)
    assert s.legal(NAMES[start]) == ["goods 1 wood 0 gold", "goods 0 wood 1 gold"]
    goods_round(s, {0: "goods 0 wood 1 gold", 1: "goods 2 wood 0 gold", 2: "goods 1 wood 2 gold"})
    got = [(p.wood, p.gold, p.glory) for p in table_of(s).players]
    assert got[start] == (1, 1, 3)
    assert got[(start + 1) % 3] == (3, 0, 3)
    assert got[(start + 2) % 3] == (2, 2, 3)


def test_s6_goods_of_choice_must_add_up_to_the_number_given():
    """Bottlecap Vikings rulebook, Components and Setup (the table): the 2nd player of 3
    takes "2 goods of their choice" — not 3."""
    s = session(3, seed=2)
    place_all(s)
    (who,) = s.to_act()
    s.play(who, "goods 1 gold")
    (second,) = s.to_act()
    with pytest.raises(IllegalCommand, match="starting goods"):
        s.play(second, "goods 2 wood 1 gold")


def test_s6_two_players_take_goods_of_choice_and_2_glory_and_no_wood():
    """Bottlecap Vikings rulebook, Components and Setup (the table, 2 players): 1st "1
    good of their choice (wood or gold) and 2 glory", 2nd "2 goods of their choice and 2
    glory". The table names no fixed wood (RULES.md, "Starting goods"); the option
    ``two_player_wood`` adds the 3–4 player rows' 1 wood."""
    for extra in (False, True):
        s = session(2, seed=4, two_player_wood=extra)
        start = table_of(s).start
        place_all(s)
        goods_round(s, {0: "goods 1 gold", 1: "goods 1 wood 1 gold"})
        got = [(p.wood, p.gold, p.glory) for p in table_of(s).players]
        assert got[start] == (0 + extra, 1, 2)
        assert got[1 - start] == (1 + extra, 1, 2)


def test_s6_four_players_start_with_a_free_city_improvement():
    """Bottlecap Vikings rulebook, Components and Setup (the table, 4 players): "1 wood,
    k goods of their choice, 3 glory, and 1 free city improvement". "City improvements
    (when playing with 4 players) allow you to advance your hut token one space along one
    of the white lines". Free: no gold is paid (RULES.md, "The free improvement")."""
    s = session(4, seed=5)
    start = table_of(s).start
    place_all(s)
    improved = []
    while table_of(s).phase == "setup":
        (who,) = s.to_act()
        step = table_of(s).queue[0]
        if step.op == "improve":
            assert s.legal(who) == ["advance 1a", "advance 1b"]
            s.play(who, "advance 1b")
            improved.append(who)
        else:
            s.play(who, "goods 0 wood %d gold" % (step.n + 1))
    assert improved == [NAMES[(start + k) % 4] for k in range(4)]
    for k in range(4):
        p = table_of(s).players[(start + k) % 4]
        assert (p.hut, p.abilities) == ("1b", ("hoard",))
        assert (p.wood, p.gold, p.glory) == (1, k + 1, 3)  # no gold paid for the improvement


def test_s6_fewer_than_four_players_get_no_free_improvement():
    """Bottlecap Vikings rulebook, Components and Setup: the table gives "1 free city
    improvement" only in the 4-player column."""
    s = session(3, seed=5)
    place_all(s)
    while table_of(s).phase == "setup":
        (who,) = s.to_act()
        assert table_of(s).queue[0].op != "improve"
        s.play(who, s.legal(who)[0])
    assert not any(isinstance(e, Advanced) for entry in s.entries for e in entry.events)


def test_s6_the_free_improvement_keeps_the_helmet_need():
    """Bottlecap Vikings rulebook, Gameplay: "your glory token must be equal to or beyond
    the number of viking helmets indicated … above your hut token's current position".
    The free improvement is free of gold only (RULES.md, "The free improvement"): from a
    spot whose next tier needs helmet level 1, it is lost without the helmet and taken
    for free with it."""
    for glory, hut in ((2, "1a"), (3, "2a")):
        state = table(4, players={0: dict(hut="1a", glory=glory, gold=0)}, queue=(Step("improve", 0), Step("move", 0)))
        state, _ = settle(state)
        assert front(state) == "move"
        assert state.players[0].hut == hut
        assert state.players[0].gold == 0


def test_s6_the_free_improvement_is_asked_when_there_are_two_branches():
    """Bottlecap Vikings rulebook, Gameplay: "you may move your hut token to one of the
    ability spaces in the next tier above it, following the white path lines" — with two
    lines the player chooses (here 1b leads to 2a and 2b)."""
    state = table(4, players={0: dict(hut="1b", glory=3)}, queue=(Step("improve", 0), Step("move", 0)))
    assert GAME.legal(state, 0) == [GAME.parse("advance 2a", NAMES), GAME.parse("advance 2b", NAMES)]
    state, _ = play(state, "advance 2b")
    assert state.players[0].hut == "2b" and state.players[0].abilities == ("mender",)
