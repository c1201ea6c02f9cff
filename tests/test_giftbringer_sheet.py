"""Giftbringer's Player Sheet (``engine/games/giftbringer/data/sheet.toml``).

The printed sheet is not in the Giftbringer rulebook (``giftbringer.txt``); the one in boxtop is a
reconstruction, and ``engine/games/giftbringer/SHEET.md`` gives its design and totals.
These tests check that the loader refuses broken data (a sentence naming the bad item),
that the island holds together, that the totals ``rules/README.md`` asks for are there,
and that the puzzle is what SHEET.md says: the bonuses and the 9th Happiness level can
be reached (a plan that fits in the 40 results is written out below) but are hard (a
lower bound on the results they need).
"""

import itertools
import json
import tomllib
from importlib import resources

import pytest

from engine.games.giftbringer import sheet as sheet_module
from engine.games.giftbringer.sheet import SHEET, Place, Sheet, Ship, Viking, load, neighbours, ships_of

RESULTS = 10 * 4  # giftbringer.txt: "Game consists of 10 rounds"; "roll four six-sided dice"
BONUS = {"G": 7, "C": 8, "M": 9}  # "SCORING": 15 points for 7 Milk / 8 Cookies / 9 Muffins


# ---------------------------------------------------------------------- helpers
def raw_sheet() -> dict:
    text = resources.files("engine.games.giftbringer").joinpath("data/sheet.toml").read_text("utf-8")
    return tomllib.loads(text)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML basic string here
    return str(v)


def dump(raw: dict) -> str:
    """A TOML writer for the sheet's shape: arrays of flat tables."""
    out = []
    for table, rows in raw.items():
        for row in rows:
            out.append(f"[[{table}]]")
            out += [f"{k} = {_value(v)}" for k, v in row.items()]
            out.append("")
    return "\n".join(out)


def find(raw: dict, id: str) -> dict:
    return next(row for rows in raw.values() for row in rows if row["id"] == id)


def load_file(tmp_path, text: str) -> Sheet:
    """Write ``text`` to a file and load it, as the module loads ``data/sheet.toml``."""
    path = tmp_path / "sheet.toml"
    path.write_text(text, "utf-8")
    return load(path.read_bytes(), source=path.name)


def harbour_reach(ship_id: str) -> set[str]:
    ship = SHEET.ship(ship_id)
    seen, todo = set(ship.coast), list(ship.coast)
    while todo:
        for other in neighbours(todo.pop()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def distance(ship_id: str) -> dict[str, int]:
    """Places from a harbour: a coast place is 1 ("adjacent to your Viking Ship")."""
    dist = {p: 1 for p in SHEET.ship(ship_id).coast}
    frontier = list(dist)
    while frontier:
        nxt = []
        for p in frontier:
            for q in neighbours(p):
                if q not in dist:
                    dist[q] = dist[p] + 1
                    nxt.append(q)
        frontier = nxt
    return dist


def play_plan(ship: str, vikings: list[str], places: list[str]) -> dict:
    """Follow a plan with perfect dice: Recruit ``vikings`` first, then Visit ``places``
    in order. Checks every step against the text — "VISIT": each place is "adjacent to
    your Viking Ship or a previously Visited road/house"; "If you cannot cross required
    number of Presents you cannot Visit given house"; "GRATITUDE": letters beyond the
    empty slots are lost — and returns the results it needs and what it earns."""
    presents = sum(SHEET.viking(v).presents for v in vikings)
    slots = sum(SHEET.viking(v).slots for v in vikings)
    results = sum(len(SHEET.viking(v).demand) for v in vikings)
    visited: list[str] = []
    letters = {"G": 0, "C": 0, "M": 0}
    happiness = 0
    assert vikings, "VISIT: available if you have at least one Recruited Viking"
    for pid in places:
        place = SHEET.place(pid)
        assert pid not in visited
        assert ship in ships_of(pid) or neighbours(pid) & set(visited), f"{pid} is not adjacent"
        assert place.presents <= presents, f"{pid} needs {place.presents} Presents, {presents} left"
        presents -= place.presents
        results += len(place.demand)
        for letter in place.gratitude:
            if slots:
                letters[letter] += 1
                slots -= 1
        happiness += place.happiness
        visited.append(pid)
    houses = sum(SHEET.place(p).kind == "house" for p in visited)
    return {"results": results, "houses": houses, "happiness": happiness, "letters": letters}


# Viking subsets: (results to recruit, presents, slots) — 255 of them.
_CREWS = [
    (sum(len(v.demand) for v in crew), sum(v.presents for v in crew), sum(v.slots for v in crew))
    for r in range(1, len(SHEET.vikings) + 1) for crew in itertools.combinations(SHEET.vikings, r)
]


def fewest_results(need: dict[str, int]) -> int:
    """A lower bound on the results a goal needs: the cheapest set of houses giving
    ``need`` (letters, or "H" Happiness houses) plus the cheapest crew carrying their
    Presents with a slot for each letter. Roads and adjacency are left out, so the true
    cost is higher."""
    useful = [h for h in SHEET.houses if h.happiness or any(h.gratitude.count(x) for x in need)]
    best = RESULTS * 10
    for r in range(len(useful) + 1):
        for houses in itertools.combinations(useful, r):
            got = {x: sum(h.happiness if x == "H" else h.gratitude.count(x) for h in houses) for x in need}
            if any(got[x] < n for x, n in need.items()):
                continue
            faces = sum(len(h.demand) for h in houses)
            presents = sum(h.presents for h in houses)
            slots = sum(n for x, n in need.items() if x != "H")
            crews = [f for f, p, s in _CREWS if p >= presents and s >= slots]
            if crews:
                best = min(best, faces + min(crews))
    return best


# ---------------------------------------------------------------------- the loader
def test_the_real_file_round_trips_through_the_test_writer(tmp_path):
    # The broken variants below are written by ``dump``; unbroken, it gives SHEET back.
    assert load_file(tmp_path, dump(raw_sheet())) == SHEET


def test_load_takes_text_or_bytes():
    text = dump(raw_sheet())
    assert load(text) == load(text.encode("utf-8")) == SHEET


def _set(id, key, value):
    def edit(raw):
        find(raw, id)[key] = value
    return edit


def _drop_island(raw):
    """H1 loses every link: nothing leads to Milk Shed but the harbour S1 (SHEET.md: the
    places form one island)."""
    find(raw, "H1")["links"] = []
    for row in raw["place"]:
        row["links"] = [x for x in row["links"] if x != "H1"]


def _same_cell(raw):
    h2 = find(raw, "H2")
    find(raw, "H3").update(x=h2["x"], y=h2["y"])


def _no_happiness(raw):
    """Happiness symbols are rubbed out until 8 houses keep one."""
    happy = [row for row in raw["place"] if row.get("happiness")]
    for row in happy[8:]:
        row["happiness"] = False


def _too_few(letter, need):
    """Letters ``letter`` are rubbed out until ``need`` - 1 remain on the houses."""
    def edit(raw):
        extra = sum(row.get("gratitude", "").count(letter) for row in raw["place"]) - (need - 1)
        for row in raw["place"]:
            while extra > 0 and letter in row.get("gratitude", ""):
                row["gratitude"] = row["gratitude"].replace(letter, "", 1)
                extra -= 1
    return edit


BROKEN = {
    # ids and names ("RECRUIT", "VISIT": the text names Vikings, roads and houses)
    "viking id twice": (_set("V2", "id", "V1"), ["V1", "twice"]),
    "viking id out of range": (_set("V8", "id", "V9"), ["V9", "V1…V8"]),
    "house with a road id": (_set("H3", "id", "R11"), ["R11"]),
    "name twice": (_set("H2", "name", "Milk Shed"), ["H2", "H1", "Milk Shed"]),
    "name too long": (_set("R2", "name", "A Very Long Birch Lane"), ["R2", "1–16"]),
    "empty name": (_set("V3", "name", " "), ["V3", "name"]),
    # faces: one die result crosses one symbol of its face
    "face 7 on a Viking": (_set("V1", "demand", [1, 7]), ["V1", "Bjorn", "1–6"]),
    "face 0 on a house": (_set("H2", "demand", [0, 4]), ["H2", "1–6"]),
    "Viking with one face": (_set("V2", "demand", [2]), ["V2", "2–4"]),
    "road with three faces": (_set("R1", "demand", [1, 2, 3]), ["R1", "1–2"]),
    "road with no face": (_set("R1", "demand", []), ["R1", "1–2"]),
    "house with five faces": (_set("H5", "demand", [1, 2, 3, 4, 5]), ["H5", "0–4"]),
    # Vikings' Presents and slots
    "Viking with no Presents": (_set("V4", "presents", 0), ["V4", "1–4"]),
    "Viking with five slots": (_set("V8", "slots", 5), ["V8", "1–4"]),
    # kinds and letters ("GRATITUDE": "C for cookies, G for Glass of Milk, M for Muffins")
    "unknown kind": (_set("H1", "kind", "castle"), ["H1", "castle", "road or a house"]),
    "unknown letter": (_set("H2", "gratitude", "GX"), ["H2", "'X'", "C, G and M"]),
    "house wants four Presents": (_set("H9", "presents", 4), ["H9", "0–3"]),
    "house asks nothing": (_set("H3", "presents", 0), ["H3", "must ask for something"]),
    # roads give nothing but the way on
    "road with Presents": (_set("R2", "presents", 1), ["R2", "only houses"]),
    "road with Gratitude": (_set("R2", "gratitude", "C"), ["R2", "only houses"]),
    "road with Happiness": (_set("R2", "happiness", True), ["R2", "only houses"]),
    # links and coasts ("VISIT": "adjacent to your Viking Ship or a previously Visited road/house")
    "link to nowhere": (_set("R2", "links", ["R1", "R99"]), ["R2", "R99", "not a place"]),
    "link to itself": (_set("R2", "links", ["R1", "R2"]), ["R2", "itself"]),
    "link listed twice": (_set("R2", "links", ["R1", "R1"]), ["R2", "twice"]),
    "coast to nowhere": (_set("S1", "coast", ["R1", "H99"]), ["S1", "H99", "not a place"]),
    "coast to a ship": (_set("S1", "coast", ["S2"]), ["S1", "S2", "not a place"]),
    "empty coast": (_set("S2", "coast", []), ["S2", "1–3"]),
    "island falls apart": (_drop_island, ["falls apart", "H1"]),
    # the map
    "off the map, right": (_set("H4", "x", 60), ["H4", "off the"]),
    "off the map, top": (_set("S1", "y", -1), ["S1", "off the"]),
    "two on one cell": (_same_cell, ["H3", "H2", "same cell"]),
    # what rules/README.md asks of the sheet
    "too few Happiness houses": (_no_happiness, ["8 Happiness houses", "at least 9"]),
    "too few Milk": (_too_few("G", 7), ["6 Glass of Milk", "at least 7"]),
    "too few Cookies": (_too_few("C", 8), ["7 Cookie", "at least 8"]),
    "too few Muffins": (_too_few("M", 9), ["8 Muffin", "at least 9"]),
}


@pytest.mark.parametrize("case", BROKEN)
def test_broken_data_is_refused_with_a_sentence_naming_it(tmp_path, case):
    edit, words = BROKEN[case]
    raw = raw_sheet()
    edit(raw)
    with pytest.raises(ValueError) as err:
        load_file(tmp_path, dump(raw))
    message = str(err.value)
    assert message.startswith("sheet.toml: ") and message.endswith(".")
    for word in words:
        assert word in message, (case, message)


@pytest.mark.parametrize("count, words", [(7, "7 Vikings"), (9, "9 Vikings")])
def test_exactly_eight_vikings(tmp_path, count, words):
    raw = raw_sheet()
    raw["viking"] = (raw["viking"] * 2)[:count]
    for n, row in enumerate(raw["viking"], 1):
        row.update(id=f"V{n}", name=f"Viking {n}")
    with pytest.raises(ValueError, match=words):
        load_file(tmp_path, dump(raw))


def test_two_or_three_ships(tmp_path):
    raw = raw_sheet()
    raw["ship"] = raw["ship"][:1]
    with pytest.raises(ValueError, match="1 Viking Ships; it must have 2 or 3"):
        load_file(tmp_path, dump(raw))


@pytest.mark.parametrize("text, words", [
    ("[[viking]]\nid = ", "not valid TOML"),
    ('[[viking]]\nid = "V1"\n', "does not fit the sheet schema"),
])
def test_bad_toml_and_schema(tmp_path, text, words):
    with pytest.raises(ValueError, match=words):
        load_file(tmp_path, text)


def test_unknown_field_is_refused(tmp_path):
    raw = raw_sheet()
    find(raw, "H1")["colour"] = "red"  # a typo would otherwise be silently dropped
    with pytest.raises(ValueError, match="schema"):
        load_file(tmp_path, dump(raw))


# ---------------------------------------------------------------------- shapes and lookups
def test_shapes_and_lookups():
    assert [v.id for v in SHEET.vikings] == [f"V{n}" for n in range(1, 9)]
    assert all(isinstance(v, Viking) for v in SHEET.vikings)
    assert all(isinstance(s, Ship) for s in SHEET.ships) and 2 <= len(SHEET.ships) <= 3
    assert all(isinstance(p, Place) for p in SHEET.places)
    assert SHEET.viking("V8").name == "Gudrun"
    assert SHEET.place("H1").kind == "house" and SHEET.place("R1").kind == "road"
    assert SHEET.ship("S1").coast == ("R1", "H1")
    for bad, lookup in [("V9", SHEET.viking), ("H1", SHEET.viking), ("V1", SHEET.place), ("R1", SHEET.ship)]:
        with pytest.raises(KeyError):
            lookup(bad)
    with pytest.raises(KeyError):
        neighbours("H99")
    with pytest.raises(KeyError):
        ships_of("S1")
    with pytest.raises(AttributeError):
        SHEET.place("H1").presents = 9  # frozen


def test_neighbours_are_undirected_and_cover_every_link():
    # schema: "adjacency is undirected (a link listed on either side counts)"
    for p in SHEET.places:
        assert set(p.links) <= neighbours(p.id)
        for q in neighbours(p.id):
            assert p.id in neighbours(q) and p.id != q
            assert q in p.links or p.id in SHEET.place(q).links
    assert sheet_module.neighbours("R1") is SHEET.neighbours("R1")  # precomputed, not rebuilt


def test_a_link_listed_on_one_side_counts_both_ways(tmp_path):
    # schema: "a link listed on either side counts" (sheet.toml lists both sides; a
    # sheet that lists one side only must mean the same)
    raw = raw_sheet()
    for row in raw["place"]:
        row["links"] = [x for x in row["links"] if x > row["id"]]
    one_sided = load_file(tmp_path, dump(raw))
    assert all(one_sided.neighbours(p.id) == neighbours(p.id) for p in SHEET.places)
    assert "R1" not in find(raw, "R2")["links"] and "R1" in one_sided.neighbours("R2")


def test_ships_of_matches_the_coasts():
    for p in SHEET.places:
        assert ships_of(p.id) == {s.id for s in SHEET.ships if p.id in s.coast}
    assert ships_of("R1") == {"S1"} and ships_of("R10") == frozenset()


# ---------------------------------------------------------------------- the island
def test_the_island_is_connected_and_every_harbour_reaches_every_place():
    # "VISIT": a place is reached from the harbour through Visited places, so a place no
    # harbour reaches could never be Visited.
    everything = {p.id for p in SHEET.places}
    for ship in SHEET.ships:
        assert harbour_reach(ship.id) == everything, ship.id


def test_each_harbour_opens_a_different_flavour():
    # SHEET.md, "Three harbours": the houses nearest each harbour are richest in its
    # letter — north milk (G), south-west muffins (M), east cookies (C).
    dist = {s.id: distance(s.id) for s in SHEET.ships}
    flavour = {}
    for ship in SHEET.ships:
        mine = [h for h in SHEET.houses if dist[ship.id][h.id] < min(dist[o.id][h.id] for o in SHEET.ships if o != ship)]
        counts = {x: sum(h.gratitude.count(x) for h in mine) for x in "GCM"}
        flavour[ship.id] = max(counts, key=counts.get)
    assert flavour == {"S1": "G", "S2": "M", "S3": "C"}


def test_modest_by_the_shore_richer_deeper():
    # SHEET.md, "Design": houses on a coast ask no Presents and give one letter and no
    # Happiness; the richest houses (4 results or 3 Presents) are three places or more
    # from every harbour.
    for ship in SHEET.ships:
        for pid in ship.coast:
            p = SHEET.place(pid)
            if p.kind == "house":
                assert p.presents == 0 and len(p.gratitude) == 1 and not p.happiness, pid
    dist = {s.id: distance(s.id) for s in SHEET.ships}
    rich = [h for h in SHEET.houses if len(h.demand) == 4 or h.presents == 3]
    assert len(rich) >= 4
    for h in rich:
        assert min(d[h.id] for d in dist.values()) >= 3, h.id


def test_roads_are_cheap_and_presents_only_houses_need_two_or_three():
    # SHEET.md: roads give access for one result (a few ask two); a house with no results
    # to cross asks 2–3 Presents instead ("Note that most houses require to bring Presents").
    assert sum(len(r.demand) == 1 for r in SHEET.roads) >= len(SHEET.roads) - 3
    presents_only = [h for h in SHEET.houses if not h.demand]
    assert len(presents_only) >= 3 and all(2 <= h.presents <= 3 for h in presents_only)
    assert sum(h.presents > 0 for h in SHEET.houses) * 2 > len(SHEET.houses)  # "most houses"


def test_costlier_vikings_carry_more():
    # SHEET.md, "The Horde": a Viking who demands at least as many results, with faces
    # adding up to at least as much, carries at least as many Presents and slots together.
    for a, b in itertools.permutations(SHEET.vikings, 2):
        if len(a.demand) >= len(b.demand) and sum(a.demand) >= sum(b.demand):
            assert a.presents + a.slots >= b.presents + b.slots, (a.id, b.id)


# ---------------------------------------------------------------------- totals
def test_totals_follow_the_readme():
    # rules/README.md: "the sheet needs at least 9 Happiness houses and at least 7 Milk,
    # 8 Cookie and 9 Muffin icons"; SHEET.md, "Totals".
    houses, roads = SHEET.houses, SHEET.roads
    assert 20 <= len(SHEET.places) <= 26 and len(houses) * 2 > len(SHEET.places)
    assert len(houses) + len(roads) == len(SHEET.places)
    assert sum(h.happiness for h in houses) >= 9
    letters = {x: sum(h.gratitude.count(x) for h in houses) for x in "GCM"}
    assert letters["G"] >= 7 and letters["C"] >= 8 and letters["M"] >= 9
    assert 16 <= sum(v.presents for v in SHEET.vikings) <= 20
    assert 16 <= sum(v.slots for v in SHEET.vikings) <= 20


def test_a_player_cannot_take_everything():
    # SHEET.md: more Presents are wanted than the Horde carries, more letters are given
    # than there are slots, and there are far more symbols than results.
    wanted = sum(h.presents for h in SHEET.houses)
    carried = sum(v.presents for v in SHEET.vikings)
    assert wanted > carried
    assert sum(len(h.gratitude) for h in SHEET.houses) > sum(v.slots for v in SHEET.vikings)
    faces = sum(len(t.demand) for t in (*SHEET.vikings, *SHEET.places))
    assert faces >= RESULTS + 30


def test_every_house_can_be_supplied():
    # "If you cannot cross required number of Presents you cannot Visit given house":
    # every house is within what the Horde carries — and within what one Viking carries,
    # for at least two Vikings, so the sheet works whichever way the open question "can
    # one house's Presents come from several Vikings?" (rules/README.md) is answered.
    carried = [v.presents for v in SHEET.vikings]
    for h in SHEET.houses:
        assert h.presents <= sum(carried), h.id
        assert sum(c >= h.presents for c in carried) >= 2, h.id


def test_all_three_bonuses_together_are_out_of_reach():
    # SHEET.md, "Bonuses": 7 + 8 + 9 = 24 letters need 24 slots; the Horde has fewer
    # (a decision: one bonus is a goal, two a long shot, three impossible).
    assert sum(v.slots for v in SHEET.vikings) < sum(BONUS.values())
    # ... while any two fit in the slots ("GRATITUDE": one slot per letter)
    assert sum(v.slots for v in SHEET.vikings) >= max(a + b for a, b in itertools.combinations(BONUS.values(), 2))


# ---------------------------------------------------------------------- reachable, but hard
# Plans that a player with perfect dice could follow: Vikings first, then places in order.
# SHEET.md, "Reachable but hard", lists them.
PLANS = {
    "well over half the houses": ("S1", ["V2", "V4", "V5", "V8"],
                                  ["H1", "H3", "R2", "R3", "H2", "H4", "H5", "H14", "H12", "H9", "H7", "H6"]),
    "7 Glasses of Milk": ("S1", ["V1", "V3", "V6", "V7"], ["H1", "H3", "R2", "R10", "R3", "H2", "H5", "H16", "H4"]),
    "8 Cookies": ("S3", ["V1", "V6", "V7", "V8"],
                  ["H11", "H13", "R9", "R10", "R2", "R8", "H12", "H14", "H15", "H3"]),
    "9 Muffins": ("S2", ["V1", "V2", "V6", "V7", "V8"], ["R4", "H6", "H7", "H8", "H10", "H9", "H4"]),
    "9th Happiness level": ("S1", ["V4", "V5", "V7", "V8"],
                            ["R1", "R2", "R3", "H2", "H3", "H4", "H5", "R8", "R9", "H12", "H13", "H14", "H9", "H7"]),
}


def test_well_over_half_the_houses_fit_in_a_careful_game():
    # SHEET.md: a careful player, using about 32 of the 40 results, Visits well over half
    # the houses from one harbour.
    got = play_plan(*PLANS["well over half the houses"])
    assert got["houses"] * 100 >= 60 * len(SHEET.houses)
    assert got["results"] <= 32


@pytest.mark.parametrize("letter, goal", [("G", "7 Glasses of Milk"), ("C", "8 Cookies"), ("M", "9 Muffins")])
def test_each_bonus_alone_is_reachable_but_hard(letter, goal):
    # "SCORING": 15 points for 7 Milk / 8 Cookies / 9 Muffins. Reachable: a plan from the
    # harbour of that flavour fits in the 40 results. Hard: even without roads it needs
    # half of them.
    got = play_plan(*PLANS[goal])
    assert got["letters"][letter] >= BONUS[letter]
    assert got["results"] <= RESULTS - 4
    assert fewest_results({letter: BONUS[letter]}) >= RESULTS // 2


def test_two_bonuses_need_nearly_every_result():
    # SHEET.md, "Bonuses": even ignoring roads, any two bonuses need 37 or more of the
    # 40 results — a long shot, and only for a perfect game.
    for (a, n), (b, m) in itertools.combinations(BONUS.items(), 2):
        assert fewest_results({a: n, b: m}) >= RESULTS - 3, (a, b)


def test_the_ninth_happiness_level_is_reachable_but_hard():
    # "HAPPINESS": 10/25/50 points for the 3rd/6th/9th level. A plan reaches 9 within the
    # 40 results; without roads it still needs at least 30.
    got = play_plan(*PLANS["9th Happiness level"])
    assert got["happiness"] >= 9 and got["results"] <= RESULTS
    assert fewest_results({"H": 9}) >= 30
    assert fewest_results({"H": 3}) <= 10  # the 3rd level is within everyone's reach
