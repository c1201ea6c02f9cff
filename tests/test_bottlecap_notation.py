"""Bottlecap Vikings' notation as a player types it on the ``:`` line (issue 22, play-test
A-D7): a number is read whatever it is, so the refusal comes from the rules and says the
range the player has now (Bottlecap Vikings rulebook, "Gameplay": "you MUST move your
ship 1, 2, or 3 spaces"; abilities add to it), never a fixed range of the parser; text
that is not a command is quoted cut short, so every refusal fits one line of 80 columns
(78 cells inside the message line's padding); and every short form the screen prints
is explained by the pieces the rules screen's legend lists."""

from __future__ import annotations

import pytest

from bottlecap_table import NAMES, land, refused, table
from engine.core.errors import IllegalCommand
from engine.games.bottlecap_vikings import GAME
from engine.games.bottlecap_vikings.commands import Do, Move, Place
from engine.games.bottlecap_vikings.data import ABILITIES, ACTIONS
from engine.games.bottlecap_vikings.texts import short_pieces

#: Cells of the message line at 80 columns.
LINE = 78


def refusal(text: str) -> str:
    """What the parser says to ``text`` (it must refuse it)."""
    with pytest.raises(IllegalCommand) as said:
        GAME.parse(text, NAMES)
    return str(said.value)


def test_a_number_is_read_and_the_rules_say_the_range_you_have():
    # "move 9" said "'9' is not a distance (1–7)" while the question said 1 to 3
    assert GAME.parse("move 9", NAMES) == Move(9)
    refused(table(3), "move 9", match="You can move 1 to 3 spaces.")
    assert GAME.parse("place 9", NAMES) == Place(8)


def test_a_huge_amount_is_refused_by_the_rules_in_plain_words():
    # "do 1 999999999999999999999" said "is not a amount (1–12)"
    command = GAME.parse("do 1 999999999999999999999", NAMES)
    assert command == Do(1, 99)  # larger than any meter: refused all the same
    state = land("A8", gold=3)  # Market: "Lose any amount of gold …"
    refused(state, "do 1 999999999999999999999", match="Give up 1 to 3 gold")
    assert "a amount" not in refusal("do 1 lots")


@pytest.mark.parametrize("text", ["rotate", "flibber 99", "x" * 300, "move", "do one", "take silver",
                                  "goods 2 apples", "return 1 pink", "ünïcödé ✓ text typed here"])
def test_every_refusal_of_the_parser_fits_one_line(text):
    said = refusal(text)
    assert len(said) <= LINE, said
    assert "\n" not in said


def test_text_that_is_no_command_names_a_few_commands_and_where_the_rest_are():
    assert refusal("rotate") == "Cannot read 'rotate': try move 2, do 1, advance 1a, end (? lists all)."
    assert refusal("flibber " + "x" * 200).startswith("Cannot read 'flibber xxx…'")


def leftover(short: str) -> str:
    """What of ``short`` no legend piece explains: the pieces taken out, longest first,
    then digits and spaces ("" when every piece of it is explained)."""
    for piece in sorted(short_pieces(), key=lambda p: -len(p.form)):
        short = short.replace(piece.form, " ")
    return "".join(ch for ch in short if not ch.isdigit() and not ch.isspace())


def test_every_short_form_on_screen_is_explained_by_the_legend():
    """Each part's short form (the ring) and each ability's (the choices) taken apart by
    the legend's pieces leaves nothing unexplained."""
    shorts = [p.short for a in ACTIONS.values() for p in a.parts] + [a.short for a in ABILITIES.values()]
    assert {s: leftover(s) for s in shorts if leftover(s)} == {}
    forms = [p.form for p in short_pieces()]
    assert len(forms) == len(set(forms))
    for named in ("+fewer", "hit:", "-helm", "N", "most d:", "least d:", "all d"):  # what play-test A missed
        assert named in forms, named
