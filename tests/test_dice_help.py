"""Dice Upon a Time's rules for players (HELP.md, shown by ``?``) and for developers
(RULES.md): the text holds nothing for developers; RULES.md settles each ruling. That
the notation table is what the game reads is tests/contract's."""

from __future__ import annotations

import pytest

from engine.games.dice_upon_a_time import GAME
from test_tui_rules_screen import developer_text

def test_the_help_explains_the_game_in_plain_words():
    """HELP.md has each part for players, names every Forest Spirit, field and special
    face, and holds nothing for developers."""
    text = GAME.help_text
    for heading in ("## The game", "## A chapter", "## A turn", "## The fields", "## Quests",
                    "## The Forest Spirits", "## Variants", "## Notation", "## How boxtop plays it"):
        assert heading in text
    assert [w for w in developer_text(text) if w != "die"] == []  # a die is English here
    assert '"' not in text  # no quotations on screen
    for name in ("Rabbit", "Wolf", "Snake", "Fox", "Town", "King", "Fairy", "Steed", "Ban", "Doubling"):
        assert name in text


@pytest.mark.parametrize("words", [
    "Hidden information", "draws the starting player from the game's seed", "An Event lasts its chapter", "leave the King's and the "
    "Fairy's at 6", "then discards one of the five", "counts for every quest", "passed or not",
    "The jump counts as arriving", "never before the sixth chapter", "an edge belongs to the higher band",
    "`one_blow` (default)", "but not to the King or the Fairy", "passing gives up the whole turn at once",
    "in one answer for both dice", "The fed dice fire no face", "does not re-roll the Snake Die", "moved or not",
    "(if one of the 5 is left)", "a die counts as a Ban die while it shows its Ban face", "never for Quest cards",
    "a figure arrives the same way whatever moved it", "A token follows its quest", "anyone may meet it",
    "ask the player whether to draw", "one window answers the whole gain", "Snow White's two",
])
def test_rules_md_settles_each_listed_ruling(words):
    """RULES.md records each ruling beside its passage (issue 14)."""
    assert " ".join(words.split()).lower() in " ".join(GAME.rules_text.split()).lower()
