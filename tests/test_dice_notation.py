"""Dice Upon a Time's notation as a tested pair (``notation.parse`` / ``notation``):
every legal command of seeded games reads back as itself, and bad input is refused in
one line (``IllegalCommand``)."""

from __future__ import annotations

import pytest

import engine
from engine import Seat
from engine.core.errors import IllegalCommand
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.notation import describe, notation, parse

NAMES = ["ann", "bob", "cyd"]


@pytest.mark.parametrize("options", [{}, {"mode": "cooperative"}, {"events": "open", "length": "short"}])
def test_every_legal_command_reads_back_as_itself(options):
    seen = set()
    for seed in range(4):
        s = engine.new_game("dice-upon-a-time", [Seat(n, "random") for n in NAMES], seed=seed, options=options)
        while s.result() is None:
            for seat in s.to_act_seats():
                for c in s.legal_commands(seat):
                    text = notation(c, NAMES)
                    assert parse(text, NAMES) == c, text
                    seen.add(type(c))
            s.step_bot()
        lines = [describe(e, NAMES) for entry in s.applied_entries() for e in entry.events]
        assert all("\n" not in line for line in lines) and any("rolls" in line for line in lines)
    assert {cmd.Place, cmd.Move, cmd.Skip, cmd.PassTurn} <= seen


def test_the_notation_reads_as_the_module_says():
    assert parse("D TO-OW", NAMES) == cmd.Place("doubling", "town-old_woman")
    assert parse("p ow-to", NAMES) == cmd.Place("plain", "town-old_woman")
    assert parse("N fox", NAMES) == cmd.Place("snake", "fox1")
    assert parse("rabbit TO-CO", NAMES) == cmd.Rabbit("town-coin")
    assert parse("draw 4 2", NAMES) == cmd.Draw((2, 4))
    assert parse("set D=D P=6", NAMES) == cmd.SetFaces((("doubling", "doubling"), ("plain", 6)))
    assert parse("reroll none", NAMES) == cmd.Reroll(())
    assert parse("gift apple coin", NAMES) == cmd.Gift(("coin", "apple"))
    assert parse("jump ne", NAMES) == cmd.Jump("steed_ne")


@pytest.mark.parametrize("text", [
    "", "X TO-OW", "D TO-XX", "D TO-KI", "D TO", "move now", "jump", "jump XX", "take gold", "draw 5",
    "draw", "keep q99", "complete", "set D", "set D=7", "set Q=6", "reroll", "gift", "gift wine", "feed Z",
    "fly away",
])
def test_bad_input_is_refused_in_one_line(text):
    with pytest.raises(IllegalCommand) as err:
        parse(text, NAMES)
    assert str(err.value) and "\n" not in str(err.value)
