"""Dice Upon a Time's board and dice as data (``engine/games/dice_upon_a_time/data/``).

The rulebook prints neither the map nor the faces of the dice: boxtop's are a
reconstruction, explained in ``engine/games/dice_upon_a_time/BOARD.md``. One test per
constraint that document lists, each citing the passage of the Dice Upon a Time
rulebook it comes from, then the loader refusing broken data with one line.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.dice_upon_a_time import board as data
from engine.games.dice_upon_a_time.board import RESOURCES, SPECIALS, face_value, load_board, load_dice

B = load_board()
D = load_dice()
LOC = B.locations


def by_name(name: str):
    """The one location called ``name``."""
    found = [x for x in B.location if x.name == name]
    assert len(found) == 1, name
    return found[0]


def route(a: str, b: str):
    """The route between location ids ``a`` and ``b``."""
    found = [r for r in B.route if {r.a, r.b} == {a, b}]
    assert len(found) == 1, (a, b)
    return found[0]


# ------------------------------------------------------------------ the map
def test_town_is_the_start_in_the_middle_of_the_map():
    """ "Setup" 5: "places it on the Town in the middle of the map"; "Town": "The Town is
    the starting field at the beginning of the game"."""
    town = by_name("Town")
    assert B.start == town.id and town.kind == "town"
    xs = [x.x for x in B.location]
    ys = [x.y for x in B.location]
    assert town.x == (min(xs) + max(xs)) // 2 and town.y == (min(ys) + max(ys)) // 2


def test_king_and_fairy_are_dead_ends_reached_only_by_a_six():
    """ "Fairy", Note: "you can get there only by a value 6 die. In addition, both of them
    are dead end routes"."""
    for name, kind in (("King", "king"), ("Fairy", "fairy")):
        loc = by_name(name)
        assert loc.kind == kind
        routes = B.routes_at(loc.id)
        assert len(routes) == 1, name
        assert routes[0].socket == 6, name


def test_the_route_from_town_to_the_old_woman_takes_a_three():
    """ "Move your figure", example: "Little Red Riding Hood is standing on the Town field.
    She puts a value 3 die on the route to the Old Woman. Now she has activated the route
    and can move to the Old Woman field." """
    r = route(B.start, by_name("Old Woman").id)
    assert r.socket == 3


def test_every_location_the_text_names_is_on_the_map_with_its_kind():
    """ "Locations on the board": Town, King, Fairy; "Resource fields: Gold Coin, Bread,
    Apple"; "Supporting characters: Huntsman, Old Woman, Woodsman, Soldier"; "Other
    locations: Clouds, Hell, Big Sea, Big Mountains"; "Magic Items field"; "Complete quests",
    example: "Quests “Take 2 Apples into the Church” and “Discard 2 Apples” cannot be
    contracted"."""
    kinds = {
        "Town": "town", "King": "king", "Fairy": "fairy",
        "Gold Coin": "resource", "Bread": "resource", "Apple": "resource",
        "Huntsman": "supporting", "Old Woman": "supporting", "Woodsman": "supporting", "Soldier": "supporting",
        "Clouds": "plain", "Hell": "plain", "Big Sea": "plain", "Big Mountains": "plain",
        "Magic Items": "magic_items", "Church": "plain",
    }
    for name, kind in kinds.items():
        assert by_name(name).kind == kind, name
    assert {by_name(n).resource for n in ("Gold Coin", "Bread", "Apple")} == set(RESOURCES)


def test_only_the_named_kinds_have_abilities_and_each_says_what_it_does():
    """ "Other locations": "These fields do not have any abilities or effects"; every
    other location's "does" line is the ability its section gives, so the screen can
    show it."""
    for loc in B.location:
        assert loc.does.strip(), loc.id
    assert {x.kind for x in B.location} == {
        "town", "king", "fairy", "resource", "supporting", "steed", "magic_items", "plain"}
    assert "Story card" in by_name("Huntsman").does
    assert "Nothing" in by_name("Clouds").does


def test_at_least_two_steeds_near_the_borders():
    """ "Steed fields": "the player may immediately jump to another Steed field. The
    ability of the Steed fields compensates for their position and makes it easier to reach
    the locations near the borders." """
    steeds = [x for x in B.location if x.kind == "steed"]
    assert len(steeds) >= 2
    for s in steeds:
        assert min(s.x, B.width - 1 - s.x, s.y, B.height - 1 - s.y) <= 2, s.id
    centre = by_name("Town")
    assert all(abs(s.x - centre.x) + abs(s.y - centre.y) >= 5 for s in steeds)


def test_the_map_is_connected_and_every_location_is_reachable_from_town():
    """ "Move your figure": "The active player may move their figure to an adjacent field
    if they have activated the route" — every location a quest names must be reachable
    from the Town, where every figure starts ("Setup" 5)."""
    assert B.reachable(B.start) == set(LOC)


def test_routes_are_undirected_pairs_with_one_socket_of_1_to_6():
    """ "Place one die": a die goes "into any of the dice sockets"; "General dice placement
    rules" 1: "at least the value … indicated by the socket"; dice show 1–6."""
    pairs = [frozenset((r.a, r.b)) for r in B.route]
    assert len(pairs) == len(set(pairs))
    assert all(len(p) == 2 for p in pairs)
    assert all(1 <= r.socket <= 6 for r in B.route)


def test_socket_values_are_spread_so_every_die_has_uses():
    """ "Passing the turn": "It can happen that a player gets blocked or cannot move with
    their lower value die" — it can happen, not always: every value 1–5 opens routes,
    low sockets are fewer than middle ones, and the 6s are the King's and Fairy's
    ("you can get there only by a value 6 die")."""
    count = Counter(r.socket for r in B.route)
    assert all(count[v] >= 2 for v in range(1, 6))
    assert count[1] < count[3] and count[1] < count[4]
    sixes = [r for r in B.route if r.socket == 6]
    assert {LOC[r.a].kind for r in sixes} | {LOC[r.b].kind for r in sixes} >= {"king", "fairy"}
    assert len(sixes) == 2
    # a low die always has somewhere to go from the Town
    assert min(r.socket for r in B.routes_at(B.start)) == 1


def test_example_socket_of_value_5_exists():
    """ "General dice placement rules", example: "The red player places a value 5 die on
    the value 5 socket." """
    assert any(r.socket == 5 for r in B.route)


def test_locations_and_spirits_sit_on_distinct_grid_cells():
    """ The screen draws the map from these coordinates (the brief's "Screen"): no two
    things on one cell, all inside the grid."""
    cells = [(x.x, x.y) for x in B.location] + [(s.x, s.y) for s in B.spirit]
    assert len(cells) == len(set(cells))
    assert all(0 <= x < B.width and 0 <= y < B.height for x, y in cells)


# ------------------------------------------------------------------ Forest Spirits
def test_four_forest_spirits_in_the_four_corners_with_sockets_of_one():
    """ "Forest Spirits": "Four animals in the four corners of the board … The Forest
    Spirit fields have the lowest value (1), therefore any dice can be placed here"; "Place
    one die": "including the four Forest Spirit fields in the corners of the board"."""
    assert sorted(s.name for s in B.spirit) == ["Fox", "Rabbit", "Snake", "Wolf"]
    corners = {(0, 0), (B.width - 1, 0), (0, B.height - 1), (B.width - 1, B.height - 1)}
    assert {(s.x, s.y) for s in B.spirit} == corners
    assert all(v == 1 for s in B.spirit for v in s.sockets)
    assert min(r.socket for r in B.route) >= 1
    spirit_ids = {s.id for s in B.spirit}
    assert not spirit_ids & ({r.a for r in B.route} | {r.b for r in B.route} | set(LOC))


def test_the_fox_has_two_sockets_and_only_rabbit_and_snake_stack():
    """ "Fox": "One die can be placed in each of the two sockets of the Fox field. No dice
    stacks may be built here"; "Wolf": "Dice stacks may not be built here"; "Rabbit" and
    "Snake": "a dice stack can be built here like on the sockets of the map"."""
    spirits = {s.name: s for s in B.spirit}
    assert len(spirits["Fox"].sockets) == 2
    assert all(len(spirits[n].sockets) == 1 for n in ("Rabbit", "Wolf", "Snake"))
    assert {n for n, s in spirits.items() if s.stacks} == {"Rabbit", "Snake"}


def test_six_event_slots_numbered_i_to_vi():
    """ "Setup" 7: "Put 6 random Event cards face-down next to the board at the slots
    marked by Roman numerals"; "The game consists of 6 chapters (rounds)"."""
    assert [s.numeral for s in B.event_slot] == ["I", "II", "III", "IV", "V", "VI"]
    assert [s.chapter for s in B.event_slot] == [1, 2, 3, 4, 5, 6]


def test_each_quest_token_is_picked_up_at_a_location_away_from_town():
    """ Components: "Quest tokens (4 pieces): The Crossbow of the Angels, The Old Sword of
    the Old Soldier, The Devil's Three Golden Hairs, The Magic Pipe"; "Quest cards": "Pick
    up a special quest item from the location and deliver to another location" — so each
    item lies somewhere to travel to, not on the start or a dead end."""
    assert sorted(t.name for t in B.quest_token) == [
        "The Crossbow of the Angels", "The Devil's Three Golden Hairs", "The Magic Pipe",
        "The Old Sword of the Old Soldier"]
    for t in B.quest_token:
        assert t.at in LOC and t.at != B.start
        assert LOC[t.at].kind not in ("king", "fairy")
    at = {t.name: LOC[t.at].name for t in B.quest_token}
    assert at["The Old Sword of the Old Soldier"] == "Soldier"
    assert at["The Devil's Three Golden Hairs"] == "Hell"
    assert at["The Crossbow of the Angels"] == "Clouds"


# ------------------------------------------------------------------ the dice
def test_five_sets_of_five_dice():
    """ Components: "Unique dice (5 per player) (25 pieces)"; "Setup" 6: "Each player
    chooses a color and takes the set of 5 dice"; 2–5 players."""
    assert len(D.colours) == 5 and len(set(D.colours)) == 5
    assert len(D.die) == 5
    assert all(len(d.faces) == 6 for d in D.die)


def test_four_dice_with_one_special_face_each_covering_the_four_specials():
    """ "Special die faces": Magic Item, Story card, Ban and Token doubling faces; "Normal
    values": "Every set of dice has one die with no special face" — the other four carry
    the four special faces."""
    special = [d for d in D.die if any(isinstance(f, str) for f in d.faces)]
    assert len(special) == 4
    assert all(sum(isinstance(f, str) for f in d.faces) == 1 for d in special)
    assert sorted(f for d in special for f in d.faces if isinstance(f, str)) == sorted(SPECIALS)


def test_the_plain_die_repeats_its_more_valuable_faces():
    """ "Normal values": "Every set of dice has one die with no special face, but some of
    its more valuable faces appear on it more than once." """
    plain = [d for d in D.die if all(isinstance(f, int) for f in d.faces)]
    assert len(plain) == 1
    faces = plain[0].faces
    repeated = [f for f, n in Counter(faces).items() if n > 1]
    assert len(repeated) >= 2
    assert min(repeated) >= 4  # the upper half of 1–6
    assert max(faces) == 6


def test_special_faces_are_worth_six():
    """ "General dice placement rules" 3: "The special faces of the dice are worth 6";
    "Special die faces": "The value of the special faces is 6"."""
    assert all(face_value(f) == 6 for f in SPECIALS)
    assert face_value(3) == 3


def test_faces_one_and_two_exist_and_every_set_can_reach_a_six_socket():
    """ Appendix, "Rapunzel": "even if she had more than one 1 or 2 value dice"; "The
    Golden Bird": "if you rolled 1 or 2" — so 1s and 2s are rolled, on more than one die;
    "Fairy", Note: "you can get there only by a value 6 die" — every die can show a 6
    (a 6 or a special face)."""
    assert sum(1 in d.faces for d in D.die) >= 2
    assert sum(2 in d.faces for d in D.die) >= 2
    assert all(any(face_value(f) == 6 for f in d.faces) for d in D.die)
    assert all(isinstance(f, int) and 1 <= f <= 6 or f in SPECIALS for d in D.die for f in d.faces)


def test_the_example_stack_can_be_rolled():
    """ "General dice placement rules", example: a value 5, a value 5, then a special
    face die on top — a set has at least two dice that can show a 5 and a special face."""
    assert sum(5 in d.faces for d in D.die) >= 2
    assert any(isinstance(f, str) for d in D.die for f in d.faces)


def test_the_snake_die_shows_numbers_lost_and_the_three_tokens():
    """ "Snake": "The Snake Die can be used in this chapter like any other normal face
    die"; "You lost the die, put it back on the Snake field"; "You lost the die, but can
    immediately take 1 respective token from the supply (the Gold Coin, the Bread or the
    Apple)"."""
    faces = D.snake.faces
    assert len(faces) == 6
    assert any(isinstance(f, int) and 1 <= f <= 6 for f in faces)
    assert "lost" in faces
    assert {f for f in faces if f in RESOURCES} == set(RESOURCES)


# ------------------------------------------------------------------ the loader
def _refused(monkeypatch, name: str, text: bytes, load, match: str) -> None:
    real = data.raw
    monkeypatch.setattr(data, "raw", lambda n: text if n == name else real(n))
    load.cache_clear()
    try:
        with pytest.raises(ValueError, match=match) as err:
            load()
        assert "\n" not in str(err.value)
    finally:
        monkeypatch.setattr(data, "raw", real)
        load.cache_clear()


def test_a_broken_board_is_refused_in_one_line(monkeypatch):
    """A route to a location that does not exist, a socket of 7, or an unreachable
    location is refused with a sentence naming the record."""
    good = data.raw("board.toml")
    bad = good + b'\n[[route]]\na = "town"\nb = "narnia"\nsocket = 3\n'
    _refused(monkeypatch, "board.toml", bad, data.load_board, r"^data/board.toml: the route town–narnia names")
    bad = good + b'\n[[route]]\na = "town"\nb = "hell"\nsocket = 7\n'
    _refused(monkeypatch, "board.toml", bad, data.load_board, "socket 7, not 1–6")
    bad = good + (b'\n[[location]]\nid = "island"\ncode = "IS"\nname = "Island"\nkind = "plain"\nx = 12\ny = 4\n'
                  b'does = "Nothing."\n')
    _refused(monkeypatch, "board.toml", bad, data.load_board, "island cannot be reached from town")
    _refused(monkeypatch, "board.toml", good.replace(b'kind = "town"', b'kind = "city"'), data.load_board,
             r"^data/board.toml: ")


def test_a_broken_die_is_refused_in_one_line(monkeypatch):
    """A die face 7, or an unknown special face, is refused with a sentence."""
    good = data.raw("dice.toml")
    _refused(monkeypatch, "dice.toml", good.replace(b"[3, 4, 5, 5, 6, 6]", b"[3, 4, 5, 5, 6, 7]"),
             data.load_dice, "the Plain die has a face 7")
    _refused(monkeypatch, "dice.toml", good.replace(b'"ban"]', b'"skull"]'), data.load_dice,
             r"^data/dice.toml: ")
