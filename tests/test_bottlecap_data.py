"""Bottlecap Vikings' reconstructed components (``engine/games/bottlecap_vikings/data/``).

The rulebook prints the 15 action texts and the 33 city ability texts, but not which
text is on which tile face, nor the city cards' layouts: boxtop's reconstruction is
data, explained in ``engine/games/bottlecap_vikings/CITIES.md``. One test per constraint
that document lists: every rondel the rules allow offers what a game needs, the
identical side is the rulebook's worked example, every ability sits on exactly one
side, the throne is each side's single most expensive spot, the white lines hold
together, the texts are the rulebook's, and the loaders refuse broken data with one line.
"""

from __future__ import annotations

import hashlib
import itertools
import tomllib
from collections import Counter
from importlib import resources

import pytest

from engine.games.bottlecap_vikings import data
from engine.games.bottlecap_vikings.data import ABILITIES, ACTIONS, CITIES, TILES

SIDES = (CITIES.identical, *CITIES.unique)


def raw(name: str) -> str:
    return resources.files("engine.games.bottlecap_vikings").joinpath(f"data/{name}").read_text("utf-8")


# ------------------------------------------------------------------ the rondel
def offers(action_id: str) -> set[str]:
    """What an action can give, read from its parts: ``advance`` (a hut advance),
    ``glory``, ``gold``, ``wood`` (a gain or an exchange into it) and ``heal``."""
    out = set()
    for part in ACTIONS[action_id].parts:
        if part.advance:
            out.add("advance")
        out |= {good for good, n in part.gain.items() if n > 0}
        if part.heal:
            out.add("heal")
        if part.convert:
            out.add({"gold-to-wood": "wood", "wood-to-gold": "gold"}[part.convert])
        if part.helmets:
            out.add(part.helmets)
        if part.balance:  # "if you have less gold than wood, gain 1 gold; … less wood than gold, gain 1 wood"
            out |= {"wood", "gold"}
    return out


NEEDED = {"advance", "glory", "gold", "wood", "heal"}


def test_every_one_of_the_256_face_choices_offers_advance_glory_gold_wood_and_healing():
    # "You may place any side face-up, and you may place them in any order": the order
    # cannot change what the 8 faces offer together, so the 2^8 face choices are all.
    layouts = list(itertools.product((0, 1), repeat=len(TILES.tile)))
    assert len(layouts) == 256
    for faces in layouts:
        got = set().union(*(offers(data.face_action(t.id, f).id) for t, f in zip(TILES.tile, faces)))
        assert NEEDED <= got, (faces, NEEDED - got)


def test_offers_reads_the_parts_as_the_texts_say():
    # a guard on the helper above, so the 256-layout test cannot pass vacuously
    assert offers("A1") == {"advance"}
    assert offers("A2") == {"glory"}
    assert offers("A6") == {"heal"} and offers("A10") == {"heal"}
    assert offers("A8") == {"wood"} and offers("A11") == {"gold"}
    assert offers("A12") == {"wood", "gold"}
    assert offers("A13") == {"wood"} and offers("A14") == {"gold"}
    only = {need: [a for a in ACTIONS if need in offers(a)] for need in NEEDED}
    assert only["advance"] == ["A1"]  # the only hut advance: hence on both faces of one tile
    assert sorted(only["heal"]) == ["A10", "A6"]  # on the two faces of one tile
    assert only["glory"] == ["A2", "A3"]  # on the two faces of one tile


def test_sixteen_faces_carry_the_fifteen_texts_with_the_hut_advance_on_both_faces_of_one_tile():
    assert [t.id for t in TILES.tile] == list(range(1, 9))
    faces = Counter(f for t in TILES.tile for f in t.faces)
    assert sum(faces.values()) == 16
    assert set(faces) == set(ACTIONS) and len(ACTIONS) == 15
    assert faces["A1"] == 2 and all(n == 1 for a, n in faces.items() if a != "A1")
    assert [t.id for t in TILES.tile if t.faces == ("A1", "A1")] == [1]


def kind(action_id: str) -> set[str]:
    """What an action offers, and how: an exchange "any amount … plus one" (``convert``)
    or "3 … minus 1 for every viking helmet" (``helmets``)."""
    parts = ACTIONS[action_id].parts
    return offers(action_id) | {key for key in ("convert", "helmets") for p in parts if getattr(p, key)}


def test_the_other_tiles_pair_texts_of_one_kind():
    # public descriptions: a tile's two faces are "slightly different versions" of one action
    for t in TILES.tile[1:]:
        assert kind(t.faces[0]) & kind(t.faces[1]), t


def test_the_bottlecap_puts_the_helper_and_the_damage_line_on_different_spaces():
    cap = TILES.bottlecap
    assert 0 <= cap.helper < data.SPACES and 0 <= cap.line < data.SPACES
    assert cap.helper != cap.line


# ------------------------------------------------------------------ the city cards
def tiers(side) -> dict[int, list]:
    out: dict[int, list] = {}
    for s in side.spots:
        out.setdefault(s.tier, []).append(s)
    return out


def paths(side, spot_id: str = "0") -> list[list]:
    """Every way up the white lines from ``spot_id`` to a spot with no line out."""
    spot = side.spot(spot_id)
    if not spot.up:
        return [[spot]]
    return [[spot, *rest] for u in spot.up for rest in paths(side, u)]


def test_the_identical_side_is_the_rulebooks_worked_example():
    side = CITIES.identical
    # "the first time you improve your city, it will cost you 2 gold; the second time will
    # cost you 4 gold and you will need to have at least 3 glory; the third time will cost
    # you 6 gold and … at least 5 glory; and improving your city for the "win" will cost
    # you 8 gold and require you to have 6 glory" ("Gameplay")
    assert side.helmets == (3, 5, 6)  # "3, 5, or 6 glory, your viking helmet level is 1, 2, or 3"
    glory_for = (0, *side.helmets)
    for path in paths(side):
        steps = [(s.cost, glory_for[s.need]) for s in path[1:]]
        assert steps == [(2, 0), (4, 3), (6, 5), (8, 6)], [s.id for s in path]
        assert path[-1].id == "T" and path[-1].ability == "throne"


def test_the_identical_side_has_two_spots_per_tier_and_meters_of_ten():
    side = CITIES.identical
    # "one of the two possible spots … pay 6 gold and have a viking helmet level of at least 2"
    assert {t: len(s) for t, s in tiers(side).items()} == {0: 1, 1: 2, 2: 2, 3: 2, 9: 1}
    assert [(s.cost, s.need) for s in tiers(side)[3]] == [(6, 2), (6, 2)]
    # "more wood, gold, or glory than your meter can hold (usually 10)"; the throne "is
    # the '10' space on most boards"
    assert side.caps == {"wood": 10, "gold": 10, "glory": 10}


def test_every_ability_sits_on_exactly_one_side():
    spots = Counter(s.ability for side in SIDES for s in side.spots if s.ability not in ("", "throne"))
    assert set(spots) == set(ABILITIES) and len(ABILITIES) == 33
    assert all(n == 1 for n in spots.values()), [a for a, n in spots.items() if n > 1]


@pytest.mark.parametrize("side", SIDES, ids=lambda s: s.name)
def test_the_throne_is_the_single_most_expensive_spot(side):
    # "advance your hut token to the most expensive ability on your city card … you win"
    thrones = [s for s in side.spots if s.ability == "throne"]
    assert [s.id for s in thrones] == ["T"]
    others = [s.cost for s in side.spots if s.id != "T"]
    assert side.throne.cost > max(others)
    assert side.throne.need == 3 and not side.throne.up


@pytest.mark.parametrize("side", SIDES, ids=lambda s: s.name)
def test_the_hut_tree_holds_together(side):
    by_tier = tiers(side)
    assert [s.id for s in by_tier[0]] == ["0"] and by_tier[0][0].ability == "" and by_tier[0][0].cost == 0
    top = max(t for t in by_tier if t != 9)
    for s in side.spots:
        for u in s.up:  # a white line leads one tier up (from the top tier: to the throne)
            assert side.spot(u).tier == (9 if s.tier == top else s.tier + 1), (s.id, u)
        if s.id != "T":
            assert s.up, f"{s.id} leads nowhere"
    reached = {s.id for path in paths(side) for s in path}
    assert reached == {s.id for s in side.spots}  # every spot reachable from the viking face
    assert all(path[-1].id == "T" for path in paths(side))  # and every path leads to the throne
    assert all(len(by_tier[t]) >= 2 for t in range(1, top + 1))  # a choice in every tier


@pytest.mark.parametrize("side", SIDES, ids=lambda s: s.name)
def test_helmet_needs_rise_by_tier_and_the_helmets_come_before_the_throne(side):
    # "the number of viking helmets indicated on your city card above your hut token's
    # current position": one need per tier
    by_tier = tiers(side)
    needs = [{s.need for s in by_tier[t]} for t in sorted(by_tier) if t != 0]
    assert all(len(n) == 1 for n in needs)
    assert [n.pop() for n in needs] == [0, 1, 2, 3]
    a, b, c = side.helmets
    assert 0 < a < b < c < side.caps["glory"]
    assert all(s.cost > 0 for s in side.spots if s.id != "0")


def test_at_least_one_side_has_another_throne_or_another_cap():
    # "(usually 10)", "the '10' space on most boards": not all boards are alike
    odd = [side.name for side in CITIES.unique if side.caps != {"wood": 10, "gold": 10, "glory": 10}]
    assert odd
    assert any(side.caps["glory"] != 10 for side in CITIES.unique)


@pytest.mark.parametrize("side", SIDES, ids=lambda s: s.name)
def test_the_largest_starting_goods_fit_and_the_free_improvement_always_has_a_spot(side):
    from engine.games.bottlecap_vikings import rules
    from engine.games.bottlecap_vikings.options import Options

    # "1 wood, 4 goods of their choice, 3 glory, and 1 free city improvement" (the 4th of 4)
    for n in (2, 3, 4):
        for position in range(n):
            for extra in (False, True):
                wood, goods, glory = rules.starting_goods(n, position, Options(two_player_wood=extra))
                assert wood + goods <= min(side.caps["wood"], side.caps["gold"])
                assert glory < side.caps["glory"]  # nobody starts on the throne
    assert all(side.spot(u).need == 0 for u in side.spot("0").up)  # tier 1: no helmet


def test_the_rulebooks_icon_example_is_on_the_table_in_every_layout():
    # "For example, [icon] indicates that you lose 2 wood and 1 gold, and then gain 1 glory"
    example = {"pay": {"gold": 1, "wood": 2}, "gain": {"glory": 1}}
    tiles = [t for t in TILES.tile
             if all(any(p.pay == example["pay"] and p.gain == example["gain"] and not p.damage
                        for p in ACTIONS[f].parts) for f in t.faces)]
    assert [t.id for t in tiles] == [2]


def test_the_unique_sides_are_named_and_cover_cards_one_to_four():
    assert [s.name for s in CITIES.unique] == ["Raider", "Merchant", "Healer", "Builder"]
    assert CITIES.unique[3].name == "Builder"
    assert CITIES.unique[1].spot("2c").ability == "mimic"  # the Merchant's


# ------------------------------------------------------------------ the texts
# SHA-256 of the texts joined by newlines, in the rulebook's order, recorded after
# comparing every one, word for word, with the Bottlecap Vikings rulebook ("City
# Abilities", the 19 ability entries printed after "Action Spaces", and "Action Spaces").
ABILITY_TEXTS = "bde9254a841808fee290143cf7e17e9cbed9d68a2b6062ecc4908589917e31db"
ACTION_TEXTS = "ff9f8fcb2a490c01af9014d298abc3212947c700fcc7daf1cb9c1ef5939cec78"


def digest(texts) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def test_the_ability_and_action_texts_are_the_rulebooks():
    assert digest(a.text for a in ABILITIES.values()) == ABILITY_TEXTS
    assert digest(a.text for a in ACTIONS.values()) == ACTION_TEXTS
    assert list(ACTIONS) == [f"A{i}" for i in range(1, 16)]
    texts = [a.text for a in ABILITIES.values()]
    assert len(set(texts)) == 33
    # spot checks a reader can compare with the book at a glance
    assert ABILITIES["mimic"].text.endswith('except for "win the game".')
    assert ACTIONS["A6"].text.endswith("you would spend 3 wood to lose 6 damage).")


# ------------------------------------------------------------------ broken data
BROKEN_ACTIONS = [
    ("[[action]\nid = 'A1'", "actions.toml"),
    ("[[action]]\nid = 'A1'\nname = 'x'\ntext = 'x'\nparts = []\n", "0 parts"),
    ("[[action]]\nid = 'A1'\nname = 'x'\ntext = 'x'\ncolour = 'red'\nparts = [{short = 'x'}]\n", "colour"),
    ("[[action]]\nid = 'A1'\nname = 'x'\ntext = 'x'\nparts = [{short = 'x', gain = {wood = 'two'}}]\n", "int"),
]


def one_line(err: pytest.ExceptionInfo) -> str:
    text = str(err.value)
    assert text and "\n" not in text.strip(), text
    return text


@pytest.mark.parametrize("text, words", BROKEN_ACTIONS)
def test_load_actions_refuses_broken_data_in_one_line(text, words):
    with pytest.raises(ValueError) as err:
        data.load_actions(text)
    assert words in one_line(err)


def test_load_abilities_refuses_an_unknown_trigger_and_a_missing_field():
    good = raw("abilities.toml")
    with pytest.raises(ValueError) as err:
        data.load_abilities(good.replace('trigger = "shield"', 'trigger = "moonlight"'))
    assert "sanctuary" in one_line(err) and "moonlight" in one_line(err)
    with pytest.raises(ValueError) as err:
        data.load_abilities(good.replace('name = "Mimic"\n', ""))
    assert "name" in one_line(err)
    with pytest.raises(ValueError) as err:
        data.load_abilities(good.replace('id = "mimic"', 'id = "mimic'))
    assert "abilities.toml" in one_line(err)
    assert data.load_abilities(good) == ABILITIES


def test_load_cities_refuses_an_unknown_ability_a_missing_spot_and_a_bad_field():
    good = raw("cities.toml")
    assert data.load_cities(good, ABILITIES) == CITIES
    cases = [
        (good.replace('ability = "woodpile"', 'ability = "woodpyle"'), "woodpyle"),
        (good.replace('up = ["3b"] },\n  { id = "3a", ability = "longship"', 'up = ["4z"] },\n  { id = "3a", ability = "longship"'), "4z"),
        (good.replace("helmets = [3, 5, 6]\nspots", "helmets = [3, 5]\nspots", 1), "helmets"),
        (good.replace("[identical]", "[identicle]"), "identicle"),
        (good.replace("[identical]", "[identical"), "cities.toml"),
        (good + "\n[[unique]]\n", "unique"),
    ]
    for text, words in cases:
        assert text != good
        with pytest.raises(ValueError) as err:
            data.load_cities(text, ABILITIES)
        assert words in one_line(err), (words, str(err.value))


def test_load_tiles_refuses_an_unknown_action_a_missing_tile_and_a_bad_bottlecap():
    good = raw("tiles.toml")
    assert data.load_tiles(good, ACTIONS) == TILES
    cases = [
        (good.replace('faces = ["A9", "A12"]', 'faces = ["A9", "A16"]'), "A16"),
        (good.replace('[[tile]]\nid = 8\nfaces = ["A9", "A12"]\n', ""), "7 tiles"),
        (good.replace('faces = ["A9", "A12"]', 'faces = ["A9"]'), "length 2"),
        (good.replace("line = 4", "line = 'four'"), "line"),
        (good.replace("line = 4", "line = "), "tiles.toml"),
    ]
    for text, words in cases:
        assert text != good
        with pytest.raises(ValueError) as err:
            data.load_tiles(text, ACTIONS)
        assert words in one_line(err), (words, str(err.value))


def test_the_shipped_files_are_valid_toml_with_nothing_but_the_known_tables():
    assert set(tomllib.loads(raw("tiles.toml"))) == {"tile", "bottlecap"}
    assert set(tomllib.loads(raw("cities.toml"))) == {"identical", "unique"}
    assert set(tomllib.loads(raw("actions.toml"))) == {"action"}
    assert set(tomllib.loads(raw("abilities.toml"))) == {"ability"}


# ------------------------------------------------------------------ the edition
def test_the_edition_is_a_digest_of_the_four_data_files_and_a_save_on_other_data_is_refused(tmp_path):
    import json

    import engine
    from engine.games.bottlecap_vikings import GAME, edition_of

    files = [raw(f).encode() for f in ("actions.toml", "tiles.toml", "abilities.toml", "cities.toml")]
    assert GAME.edition == edition_of(*files) and GAME.edition.startswith("cities-")
    moved = raw("cities.toml").replace('ability = "saga", cost = 4', 'ability = "saga", cost = 3').encode()
    assert edition_of(*files[:3], moved) != GAME.edition  # another city card: another edition
    s = engine.new_game("bottlecap-vikings", ["ann", "bob"], seed=3)
    s.save(tmp_path / "g.json")
    doc = json.loads((tmp_path / "g.json").read_bytes())
    assert doc["edition"] == GAME.edition
    doc["edition"] = "cities-00000000"
    (tmp_path / "g.json").write_text(json.dumps(doc))
    with pytest.raises(engine.SaveError) as err:
        engine.load(tmp_path / "g.json")
    assert "another edition of Bottlecap Vikings" in one_line(err) and "cities-00000000" in str(err.value)
