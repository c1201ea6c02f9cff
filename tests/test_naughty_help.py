"""Naughty or Nice's rules for players (HELP.md, shown by ``?``) and for developers
(RULES.md): the player text names every creature and gift giver, holds nothing for
developers; RULES.md settles each ruling beside its passage. That the notation table is
what the game reads is tests/contract's."""

from __future__ import annotations

import pytest

from engine.games.naughty_or_nice import GAME
from engine.games.naughty_or_nice.data import CREATURES, GIVERS
from test_tui_rules_screen import developer_text


def test_every_creature_and_gift_giver_is_explained_to_players():
    """Each of the 12 creatures and 8 gift givers is named in HELP.md, in plain words."""
    text = GAME.help_text
    assert [c.name for c in CREATURES.values() if c.name not in text] == []
    assert [g.name for g in GIVERS.values() if g.name not in text] == []
    assert developer_text(text) == []
    assert '"' not in text
    for heading in ("## The game", "## A turn", "## Levels", "## Midnight and the end", "## Notation",
                    "## How boxtop plays it"):
        assert heading in text


@pytest.mark.parametrize("words", [
    "Components", "Hidden information", "A table with no moves", "The reaction window", "The first player",
    "7 reindeers", "scored as printed", "unmarked_points", "any time in your own turn", "started the turn",
    "one kiddo per Fulfill", "n turns after", "scores 1", "Father Christmas", "Crayons and Coal",
    "negative_scores", "shuffled into a new", "bottom six kept apart", "one gained this turn first",
    "no window of its own", "not for the tie-break", "only after the basic action", "out of turn",
    "aimed at her", "includes the one who plays it", "level 5 only", "most_ties", "Still\ntied",
])
def test_rules_md_settles_each_listed_ruling(words):
    """RULES.md records each ruling beside its passage (issue 13)."""
    assert " ".join(words.split()).lower() in " ".join(GAME.rules_text.split()).lower()
