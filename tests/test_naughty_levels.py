"""Naughty or Nice's levels ("Modularity", Levels 1–5, option ``level``): each level's
own rules, on tables dealt by ``setup`` and arranged with ``naughty_table.table``."""

from __future__ import annotations

import random

import pytest

from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.options import Options
from naughty_table import BELL_ID, GAME, fold, of, play, refused, run, scored, start, table


def test_level_1_presents_and_kiddos_only():
    """Naughty or Nice rulebook, "Modularity", Level 1 (Only essentials): "Here you only
    use the kiddo cards and the present cards. The craft presents action lets you draw 3
    presents instead of the normal 2. Also players receive 6 presents as their starting
    hand." No gift givers, no creatures."""
    s = start(3, 1)
    assert all(len(p.presents) == 6 and p.creatures == () and p.giver == "" for p in s.players)
    assert s.creature_deck == () and GAME.to_act(s) == {s.turn}
    assert not any(isinstance(c, type(GAME.parse("summon", []))) for c in GAME.legal(s, s.turn))
    refused(s, s.turn, "summon", "level 3")
    refused(s, s.turn, "craft 1 2", "3 presents")
    s, events = run(s, s.turn, "craft 1 2 3")
    assert len(of(events, ev.TookFromRow)) == 3


def test_level_1_has_no_preferred_presents():
    """Level 1: "you only use the kiddo cards and the present cards": a Sweater scores
    as any red present."""
    s = table(2, 1, hands={0: "ST CA SW"}, ground=["Benjamin"])
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert scored(events, 0) == [(0, 3, "Benjamin")]


def test_level_2_adds_the_gift_givers_preferred_presents():
    """"Modularity", Level 2 (A bit of flavour): "Now you introduce the gift givers,
    with only using their preferred gifts." Craft still takes 3, hands 6 presents; the
    written abilities are not used."""
    opts = Options(level=2, givers="choose")
    s = fold(GAME.initial(opts, 2), GAME.setup(opts, 2, random.Random(1)))
    assert [p.kind for p in s.prompts] == ["giver", "giver"]
    assert all(len(p.presents) == 6 and p.creatures == () for p in s.players)
    s = table(2, 2, givers=("odin", "befana"), hands={0: "ST CA SW"}, ground=["Benjamin"])
    refused(s, 0, "craft 1 2", "3 presents")
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert scored(events, 0) == [(0, 4, "Benjamin")]
    refused(s, 1, "sweep 1", "only la befana")  # her ability waits for level 4


def test_level_3_adds_creatures_and_craft_takes_two():
    """"Modularity", Level 3 (Power Dynamics): "Introduce the creature deck into the
    game. From here you can only craft 2 presents with one action." Hands: 4 presents and
    1 creature ("Deal starting hands")."""
    s = start(3, 3)
    assert all(len(p.presents) == 4 and len(p.creatures) == 1 for p in s.players)
    assert len(s.creature_deck) == 40 - 3 + 1  # 40 creatures less the hands, and midnight
    s = table(2, 3, givers=("odin", "santa"), creatures={0: "YC"}, hands={1: "ST"})
    refused(s, 0, "craft 1 2 3", "2 presents")
    s, events = run(s, 0, "play YC")
    assert scored(events, 0)[0] == (0, 1, "Jólakötturinn")  # Odin's ability waits for level 4
    assert s.players[1].rudolf == -1  # so does Rudolf


def test_level_3_and_4_have_no_set_collection():
    """"Modularity", Level 5: set collection comes last; at levels 3–4 a second kiddo of
    a symbol summons nothing."""
    s = table(2, 4, givers=("odin", "father"), hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddos={0: [BELL_ID]}, creature_deck="KR CG SC")
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    assert s.creature_deck == ("KR", "CG", "SC") and not s.prompts


def test_level_4_adds_the_written_abilities():
    """"Modularity", Level 4 (Lighty Euro): "As all the components are introduced, you
    can now use the written abilities of the gift givers." """
    s = table(2, 4, givers=("odin", "santa"), creatures={0: "YC"}, hands={1: "ST"})
    assert s.players[1].rudolf == 0
    s, events = run(s, 0, "play YC")
    assert scored(events, 0)[0] == (0, 2, "Jólakötturinn")


def test_level_5_adds_set_collection():
    """"Modularity", Level 5 The full game: "As the last step you can introduce set
    collection" ("Set Collection": a shape you already have summons)."""
    s = table(2, 5, givers=("odin", "father"), hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddos={0: [BELL_ID]}, creature_deck="KR CG SC")
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    assert s.summoning == ("KR", "CG")


@pytest.mark.parametrize("level", [1, 2])
def test_levels_1_and_2_open_no_reaction_windows(level):
    """Levels 1–2 have no creatures ("Modularity"), so a Fulfill waits for nobody."""
    s = table(2, level, givers=("odin", "father"), hands={0: "ST CA SW"}, ground=["Benjamin"])
    s, events = play(s, "fulfill 1 CA ST SW")
    assert not s.windows and s.turn == 1


def test_the_default_level_is_the_full_game():
    """"Level 5 The full game": the option ``level`` defaults to 5."""
    assert Options().level == 5
