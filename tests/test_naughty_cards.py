"""Naughty or Nice's card texts (``data/texts.toml`` as ``engine.games.naughty_or_nice.texts``
hands them over, ``tui.games.naughty_or_nice.cards``): one for every gift giver ("Gift
Givers": "a written ability and a 'preferred present'"), creature ("Creatures": each
card's Ability), present colour ("Present types") and kiddo, the same for the details
line and the rules screen; and the ``:`` line's refusals, one line within the 78 columns
the message line has at 80."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalCommand
from engine.games.naughty_or_nice import GAME
from engine.games.naughty_or_nice import texts as naughty_texts
from engine.games.naughty_or_nice.data import CREATURES, GIVERS, KIDDOS, PRESENTS
from tui.games.naughty_or_nice.cards import card_texts, creature_card, giver_card, kiddo_card, present_card


def test_every_card_has_its_text_once():
    kinds = dict(card_texts())
    assert list(kinds) == ["Gift givers", "Creatures", "Presents", "Kiddos"]
    assert [n for n, _ in kinds["Gift givers"]] == [f"{g.name} ({code})" for code, g in GIVERS.items()]
    assert [n for n, _ in kinds["Creatures"]] == [f"{c.name} ({code})" for code, c in CREATURES.items()]
    assert [n for n, _ in kinds["Presents"]] == [f"{p.name} ({code})" for code, p in PRESENTS.items()]
    assert [n for n, _ in kinds["Kiddos"]] == [k.name for k in KIDDOS]
    for entries in kinds.values():
        for name, text in entries:
            assert text.endswith(".") and '"' not in text and "\n" not in text, name


def test_a_level_leaves_out_what_it_does_not_play():
    """"Modularity": preferred presents from level 2, abilities from level 4, sets at 5."""
    assert "Prefers Sleigh (+1 point each)." in giver_card("santa", 2)[1]
    assert "Rudolf" not in giver_card("santa", 3)[1] and "from level 4" in giver_card("santa", 3)[1]
    assert "Rudolf" in giver_card("santa", 4)[1]
    assert "Preferred by" not in present_card("SL", 1)[1] and "Santa Claus" in present_card("SL", 2)[1]
    benjamin = next(i for i, k in enumerate(KIDDOS) if k.name == "Benjamin")
    assert kiddo_card(benjamin, 5) == ("Benjamin", "Bell. Wishes for 3: red, red, red (RRR).")
    assert kiddo_card(benjamin, 4) == ("Benjamin", "Wishes for 3: red, red, red (RRR).")
    assert creature_card("TO")[1].startswith("Helpful, 1 point. A reaction")
    assert creature_card("EL")[1].startswith("Helpful, 0 points (1 with the option).")  # a star with no number


def test_a_texts_file_without_a_creature_is_refused_naming_it(monkeypatch):
    text = naughty_texts.raw("texts.toml").decode()
    broken = "\n".join(line for line in text.splitlines() if not line.startswith("KR ="))
    monkeypatch.setattr(naughty_texts, "raw", lambda name: broken.encode())
    naughty_texts.load.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"data/texts.toml: the creature texts do not match the cards \(KR\)"):
            naughty_texts.load()
    finally:
        naughty_texts.load.cache_clear()


@pytest.mark.parametrize("text", [
    "blah blah blah blah blah blah", "giver nobody-at-all-really", "fulfill 1 zzzzzzzzzzzzzzzzzz",
    "react zzzzzzzzzzzzzzzzzzzzzz", "play SC someone-with-a-long-name", "play RD 99999999999999", "sweep 123456789012",
])
def test_a_refusal_of_the_command_line_fits_80_columns(text):
    """Issue 22, item 8: what the player typed is quoted cut short, the examples few."""
    with pytest.raises(IllegalCommand) as err:
        GAME.parse(text, ["ann", "bob", "cyd"])
    assert len(str(err.value)) <= 78 and "\n" not in str(err.value), str(err.value)
