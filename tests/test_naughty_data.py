"""Naughty or Nice's cards as data (``engine/games/naughty_or_nice/data/``).

The rulebook prints the presents, creatures and gift givers but not the 40 kiddo cards:
boxtop's kiddo deck is a reconstruction, explained in
``engine/games/naughty_or_nice/KIDDOS.md``. One test per constraint that document lists
(each cites the passage it comes from), then the counts of the other decks, and the
loader refusing broken data with one line.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine.games.naughty_or_nice import data, rules
from engine.games.naughty_or_nice.data import COLOURS, CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS
from engine.games.naughty_or_nice.options import Options

#: Presents of each colour: 3 kinds × 4 copies ("Present types"); one of each kind
#: fewer with 2–3 players ("Setup for 2-3 players").
PER_COLOUR = {4: 12, 2: 9}
#: The bottom stack of a deck: "Shuffle a midnight card with 5 other cards and place
#: this stack at the bottom of the deck".
BOTTOM = 6
PLAYGROUND = 8


def colours(kiddos) -> Counter:
    """How many presents of each colour ``kiddos`` wish for, together."""
    return Counter(w for k in kiddos for w in k.wishes)


def removals() -> list[list]:
    """Every kiddo deck the 2–3 player setup can leave: "Take out cards from the kiddo
    deck: one 4 present kiddo from each set, all kiddos with 5 presents"."""
    fours = [[k for k in KIDDOS if k.symbol == s and len(k.wishes) == 4] for s in SYMBOLS]
    out = []
    for choice in itertools.product(*fours):
        out.append([k for k in KIDDOS if len(k.wishes) < 5 and k not in choice])
    return out


# ------------------------------------------------------------------ the kiddos
def test_forty_kiddos_eight_of_each_of_five_symbols():
    """ "Components": "40 kiddo cards"; "Set Collection": "the 5 types of shapes" —
    40 / 5 = 8 of each."""
    assert len(KIDDOS) == 40
    assert Counter(k.symbol for k in KIDDOS) == {s: 8 for s in SYMBOLS}


def test_every_kiddo_wishes_for_one_to_five_presents_in_the_four_colours():
    """ "Fulfill Wishes": "These presents need to match the color of that Kiddos' list of
    presents"; "Setup for 2-3 players" names 4- and 5-present kiddos (none larger)."""
    sizes = Counter(len(k.wishes) for k in KIDDOS)
    assert set(sizes) == {1, 2, 3, 4, 5}
    assert all(set(k.wishes) <= set(COLOURS) for k in KIDDOS)


def test_wishes_are_listed_in_colour_order():
    """For reading on screen: red, blue, black, green (the order of "Present types")."""
    for k in KIDDOS:
        assert list(k.wishes) == sorted(k.wishes, key=COLOURS.index), k.name


def test_black_wishes_are_there_for_saint_nicholas():
    """ "Saint Nicholas": "he may ignore the first Black Present icon on the Kiddo, while
    still gaining a point": black wishes appear in every symbol and at every size from
    2 up, and no kiddo wishes for black alone with one present (he would fulfil it with
    nothing)."""
    black = [k for k in KIDDOS if "black" in k.wishes]
    assert {k.symbol for k in black} == set(SYMBOLS)
    assert {len(k.wishes) for k in black} == {2, 3, 4, 5}
    assert all(k.wishes != ("black",) for k in KIDDOS)
    assert len(black) >= 20


def test_at_least_one_four_present_kiddo_per_symbol_and_some_with_five():
    """ "Setup for 2-3 players": "one 4 present kiddo from each set" (so each set has
    one to take out) and "all kiddos with 5 presents" (so there are some)."""
    for symbol in SYMBOLS:
        assert any(len(k.wishes) == 4 for k in KIDDOS if k.symbol == symbol), symbol
    assert sum(len(k.wishes) == 5 for k in KIDDOS) >= 2


def test_every_symbol_has_the_same_sizes_and_colours():
    """boxtop's choice (KIDDOS.md, "Sizes"): no set is easier to collect than another —
    each symbol has kiddos of 1, 2, 2, 3, 3, 4, 4 and 5 presents and wishes for 6
    presents of each colour."""
    for symbol in SYMBOLS:
        mine = [k for k in KIDDOS if k.symbol == symbol]
        assert sorted(len(k.wishes) for k in mine) == [1, 2, 2, 3, 3, 4, 4, 5], symbol
        assert colours(mine) == {c: 6 for c in COLOURS}, symbol


def test_after_the_two_to_three_player_removal_the_deck_still_fills_the_table():
    """ "Playground": "Place 8 kiddos faceup in two rows"; "Kiddo deck": the midnight
    card goes in a bottom stack of 6; "Setup for 2-3 players" takes kiddos out first.
    Whatever 4-present kiddos are taken out, 8 + 6 kiddos and some to spare remain (the
    midnight card is the sixth card of the stack, so 5 kiddos go under it)."""
    for deck in removals():
        assert len(deck) == 30
        assert len(deck) - PLAYGROUND - (BOTTOM - 1) >= 10  # kiddos drawn before midnight can come up
    assert len(KIDDOS) - PLAYGROUND - (BOTTOM - 1) == 27


def test_colour_demand_is_balanced_against_the_presents():
    """ "Present types": 3 kinds a colour, 12 presents a colour (9 with 2–3 players,
    "one of each present" taken out). The whole deck wishes for each colour equally
    (30 each, 2.5 times the 12 presents); after any 2–3 player removal every colour is
    wished for 17–21 times (about twice the 9 presents)."""
    assert colours(KIDDOS) == {c: 30 for c in COLOURS}
    for deck in removals():
        demand = colours(deck)
        assert set(demand) == set(COLOURS)
        assert max(demand.values()) - min(demand.values()) <= 4
        assert all(17 <= demand[c] <= 21 for c in COLOURS)
        assert all(2 * PER_COLOUR[2] - 1 <= demand[c] <= 2.5 * PER_COLOUR[2] for c in COLOURS)


def test_no_kiddo_wishes_for_more_of_a_colour_than_a_small_table_holds():
    """Each wish can be met with 2–3 players (9 presents a colour), and a same-coloured
    wish ("Key concepts": "Same coloured presents") is at most 3 of one colour."""
    for k in KIDDOS:
        assert max(Counter(k.wishes).values()) <= 3, k.name


def test_benjamin_wishes_for_three_red_presents():
    """ "Fulfill Wishes", example: "If he fulfils Benjamin's wish of 3 red presents he
    scores 3 points"."""
    (benjamin,) = [k for k in KIDDOS if k.name == "Benjamin"]
    assert benjamin.wishes == ("red", "red", "red")


def test_names_are_unique_short_and_from_many_places():
    """ "Welcome": gift givers "collecting joy from kiddos all around the World": 40
    different names, short enough for a card on an 80-column screen (at most 8 letters),
    and the data file says where each name is at home (at least 30 different places)."""
    names = [k.name for k in KIDDOS]
    assert len(set(names)) == 40
    assert all(1 <= len(n) <= 8 for n in names)
    text = data.raw("kiddos.toml").decode("utf-8")
    places = {line.split("#", 1)[1].strip() for line in text.splitlines() if line.startswith("[[kiddo]]")}
    assert len(places) >= 30


def test_the_setup_takes_out_what_the_two_to_three_player_rule_says():
    """ "Setup for 2-3 players": the game's own setup removes one 4-present kiddo of
    each symbol, every 5-present kiddo and one present of each kind."""
    for seed in range(5):
        events = rules.setup(Options(), 3, random.Random(seed))
        removed = events[0]
        kiddos = [KIDDOS[k] for k in removed.kiddos]
        assert sorted(removed.presents) == sorted(PRESENTS)
        assert sum(len(k.wishes) == 5 for k in kiddos) == sum(len(k.wishes) == 5 for k in KIDDOS)
        fours = [k for k in kiddos if len(k.wishes) == 4]
        assert sorted(k.symbol for k in fours) == sorted(SYMBOLS)


# ------------------------------------------------------------------ the other decks
def test_48_presents_twelve_kinds_four_each_three_kinds_a_colour():
    """ "Components": "48 present cards"; "Present types": three kinds in each of RED,
    BLUE, BLACK and GREEN."""
    assert len(PRESENTS) == 12 and data.CARDS.copies == 4
    assert len(PRESENTS) * data.CARDS.copies == 48
    assert Counter(p.colour for p in PRESENTS.values()) == {c: 3 for c in COLOURS}
    names = {p.name for p in PRESENTS.values()}
    assert {"Stockings", "Cap", "Sweater", "Beigli", "Hot Chocolate", "Fondant", "Old Potatoes", "Coal", "Birch",
            "Teddy Bear", "Sleigh", "Crayons"} == names


def test_40_creatures_seven_reindeer_and_eleven_kinds_of_three():
    """ "Components": "40 creature cards"; Reindeer: "There are only 7 reindeers in the
    creature deck"; the other 11 kinds share 33 cards, 3 each (RULES.md, "Components")."""
    assert len(CREATURES) == 12
    assert CREATURES["RD"].count == 7
    assert all(c.count == 3 for code, c in CREATURES.items() if code != "RD")
    assert sum(c.count for c in CREATURES.values()) == 40
    assert {code for code, c in CREATURES.items() if c.reaction} == {"TO", "PW"}


def test_eight_gift_givers_prefer_presents_that_exist():
    """ "Components": "8 gift givers"; each card has "a 'preferred present'" (La Befana's
    names two: "Crayons+Coal")."""
    assert len(GIVERS) == 8
    for giver in GIVERS.values():
        assert giver.preferred and all(code in PRESENTS for code in giver.preferred), giver.name
    assert [PRESENTS[c].name for c in GIVERS["befana"].preferred] == ["Crayons", "Coal"]


def test_codes_are_unique():
    """The notation names cards by code: no two present or creature kinds share one,
    and no present code is a creature code."""
    text = {name: data.raw(name).decode("utf-8") for name in ("presents.toml", "creatures.toml", "givers.toml")}
    for name, body in text.items():
        codes = [line.split("=", 1)[1].strip() for line in body.splitlines() if line.startswith("code")]
        assert len(codes) == len(set(codes)), name
    assert not set(PRESENTS) & set(CREATURES)
    assert all(len(code) == 2 and code.isupper() for code in (*PRESENTS, *CREATURES))


# ------------------------------------------------------------------ the loader
def test_a_broken_kiddo_file_is_refused_in_one_line(monkeypatch):
    """A kiddo with no wishes, or a colour that is not one of the four, is refused with
    a sentence naming the file."""
    bad = b'[[kiddo]]\nname = "X"\nsymbol = "bell"\nwishes = ["purple"]\n'
    real = data.raw
    monkeypatch.setattr(data, "raw", lambda name: bad if name == "kiddos.toml" else real(name))
    data.load.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"^data/kiddos.toml: ") as err:
            data.load()
        assert "\n" not in str(err.value)
        monkeypatch.setattr(data, "raw", lambda name: bad.replace(b'["purple"]', b"[]") if name == "kiddos.toml"
                            else real(name))
        data.load.cache_clear()
        with pytest.raises(ValueError, match="wishes for 0 presents"):
            data.load()
    finally:
        monkeypatch.setattr(data, "raw", real)
        data.load.cache_clear()
