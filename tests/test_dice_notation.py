"""Dice Upon a Time's notation as a tested pair (``notation.parse`` / ``notation``):
every legal command of seeded games reads back as itself, and bad input is refused in
one line (``IllegalCommand``); ``legal`` is exactly what ``decide`` accepts."""

from __future__ import annotations

import itertools
import random

import pytest

import engine
from engine import Seat
from engine.core.errors import IllegalCommand
from engine.core.reactions import Pass
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.notation import describe, notation, parse
from engine.games.dice_upon_a_time.rules import CARDS, ROUTES, SOCKETS, STEEDS

NAMES = ["ann", "bob", "cyd"]


@pytest.mark.parametrize("options", [{}, {"mode": "cooperative"}, {"events": "open", "length": "short"},
                                     {"cards": "beginner", "characters": "none"}])
def test_every_legal_command_reads_back_as_itself(options):
    """Every legal command of every position of seeded games prints and reads back as
    itself, and every event prints as one line."""
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
        events = [e for entry in s.applied_entries() for e in entry.events]
        lines = [describe(s.game.redact(e, seat), NAMES) for e in events for seat in (None, 0)]
        assert all("\n" not in line for line in lines) and any("rolls" in line for line in lines)
    assert {cmd.Place, cmd.Move, cmd.Skip, cmd.PassTurn} <= seen
    if options.get("cards") != "beginner":
        assert {cmd.Character, Pass, cmd.Play} <= seen, seen


def test_the_notation_reads_as_the_module_says():
    """The examples of ``notation.py``'s docstring read as it says; several dice in any
    order read the same."""
    assert parse("D TO-OW", NAMES) == cmd.Place("doubling", "town-old_woman")
    assert parse("p ow-to", NAMES) == cmd.Place("plain", "town-old_woman")
    assert parse("N fox", NAMES) == cmd.Place("snake", "fox1")
    assert parse("rabbit TO-CO", NAMES) == cmd.Rabbit("town-coin")
    assert parse("draw 4 2", NAMES) == cmd.Draw((2, 4))
    assert parse("set D=D P=6", NAMES) == cmd.SetFaces((("doubling", "doubling"), ("plain", 6)))
    assert parse("reroll none", NAMES) == cmd.Reroll(())
    assert parse("gift apple coin", NAMES) == cmd.Gift(("coin", "apple"))
    assert parse("jump ne", NAMES) == cmd.Jump("steed_ne")
    assert parse("set P=6 D=D", NAMES) == parse("set D=D P=6", NAMES)
    assert parse("reroll P B", NAMES) == cmd.Reroll(("ban", "plain"))
    assert parse("keep Q13", NAMES) == cmd.Keep("q13") and parse("complete q05", NAMES) == cmd.Complete("q05")
    assert [parse(w, NAMES) for w in ("pass", "move", "stay", "end")] == [
        cmd.PassTurn(), cmd.Move(), cmd.Skip(), cmd.End()]


def test_the_full_games_notation_reads_as_the_module_says():
    """The full game's examples of ``notation.py``'s docstring (Story cards, Magic Items,
    Characters, trades)."""
    assert parse("D TO-OW +i14", NAMES) == cmd.Place("doubling", "town-old_woman", "i14")
    assert parse("P TO-OW +tailor", NAMES) == cmd.Place("plain", "town-old_woman", "tailor")
    assert parse("character puss", NAMES) == cmd.Character("puss")
    assert parse("choose 2", NAMES) == cmd.Pick(1)
    assert parse("discard apple coin", NAMES) == cmd.Discard(tokens=("coin", "apple"))
    assert parse("discard i05", NAMES) == cmd.Discard(item="i05")
    assert parse("discard P", NAMES) == cmd.Discard(die="plain")
    assert parse("discard q12", NAMES) == cmd.Discard(quest="q12")
    assert parse("go SE", NAMES) == cmd.Go("big_sea")
    assert parse("keep i05", NAMES) == cmd.KeepItem("i05")
    assert parse("play i01 apple", NAMES) == cmd.Play("i01", token="apple")
    assert parse("play i07 SE", NAMES) == cmd.Play("i07", to="big_sea")
    assert parse("play i10 TO-OW", NAMES) == cmd.Play("i10", socket="town-old_woman")
    assert parse("play i13 s45 bob", NAMES) == cmd.Play("i13", target=1, story="s45")
    assert parse("play i18 P=6", NAMES) == cmd.Play("i18", die="plain", face=6)
    assert parse("play i04", NAMES) == cmd.Play("i04")
    assert parse("decline", NAMES) == Pass()
    assert parse("redeem s49 coin", NAMES) == cmd.Redeem("s49", ("coin",))
    assert parse("walk TO-OW", NAMES) == cmd.Walk("town-old_woman")
    assert parse("convert apple coin", NAMES) == cmd.Convert("apple", "coin")
    assert parse("rest S M apple", NAMES) == cmd.Rest(("magic_item", "story"), "apple")
    assert parse("offer bob give coin i04 get apple q01", NAMES) == cmd.Offer(1, ("coin", "i04"), ("apple", "q01"))
    assert parse("offer cyd get apple", NAMES) == cmd.Offer(2, (), ("apple",))
    assert parse("accept", NAMES) == cmd.Answer(True) and parse("refuse", NAMES) == cmd.Answer(False)


@pytest.mark.parametrize("text", [
    "", "X TO-OW", "D TO-XX", "D TO-KI", "D TO", "move now", "jump", "jump XX", "take gold", "draw 5",
    "draw", "keep q99", "complete", "set D", "set D=7", "set Q=6", "reroll", "gift", "gift wine", "feed Z",
    "fly away", "pass now", "take", "D TO-OW extra", "feed", "rabbit", "rabbit TO-SE", "set D=", "reroll none D",
    "D TO-OW +i99", "character wolf", "choose 3", "discard", "discard gold", "go", "play", "play i99",
    "play i13 s45 zed", "play i18 P=M", "decline now", "redeem", "redeem s99", "convert apple", "rest M apple",
    "offer", "offer zed give coin", "offer bob coin", "offer bob give wine", "keep i99", "walk TO-XX",
])
def test_bad_input_is_refused_in_one_line(text):
    """Bad input is refused with one line saying what is wrong (``IllegalCommand``)."""
    with pytest.raises(IllegalCommand) as err:
        parse(text, NAMES)
    assert str(err.value) and "\n" not in str(err.value)


DICE = ("magic_item", "story", "ban", "doubling", "plain", "snake")
#: Commands of every kind, to try where they are not legal.
UNIVERSE = [cmd.Place(d, k) for d in DICE for k in SOCKETS] + [cmd.Rabbit(k) for k in ROUTES] + [
    cmd.PassTurn(), cmd.Move(), cmd.Skip(), cmd.End(), *[cmd.Jump(x) for x in STEEDS],
    *[cmd.Take(t) for t in ("coin", "bread", "apple")],
    *[cmd.Draw(c) for k in (1, 2, 3) for c in itertools.combinations_with_replacement((2, 3, 4), k)],
    *[cmd.Complete(q) for q in CARDS.quests], *[cmd.Keep(q) for q in list(CARDS.quests)[::3]],
    *[cmd.Feed(d) for d in DICE], cmd.Reroll(()), *[cmd.Reroll((d,)) for d in DICE],
    *[cmd.Gift((t,)) for t in ("coin", "bread", "apple")], cmd.SetFaces((("plain", 6),)),
    cmd.SetFaces((("doubling", "doubling"),)), Pass(), cmd.Pick(0), cmd.Pick(1), cmd.Answer(True),
    *[cmd.Character(c) for c in ("puss", "redcap", "thumbling")], cmd.Discard(tokens=("coin",)),
    cmd.Discard(item="i01"), cmd.Discard(die="plain"), cmd.Go("big_sea"), cmd.KeepItem("i01"),
    *[cmd.Play(f"i{k:02d}") for k in range(1, 19)], cmd.Play("i01", token="apple"), cmd.Redeem("s49", ("coin",)),
    cmd.Walk("town-old_woman"), cmd.Convert("apple", "coin"), cmd.Rest(("magic_item", "story"), "apple"),
    cmd.Place("plain", "town-soldier", "i14"), cmd.Place("plain", "town-soldier", "tailor")]


@pytest.mark.parametrize("options", [{}, {"mode": "cooperative", "events": "open"}])
def test_legal_is_exactly_what_decide_accepts(options):
    """Over positions of seeded games, for every seat: each legal command is accepted by
    ``decide``, and every other command of every kind is refused with a one-line
    reason."""
    game = engine.core.registry.get("dice-upon-a-time")
    positions = 0
    for seed in range(2):
        s = engine.new_game("dice-upon-a-time", [Seat(n, "random") for n in NAMES], seed=seed, options=options)
        k = 0
        while s.result() is None:
            st = s.state
            for seat in range(3):
                allowed = legal(st, seat)
                for c in allowed:
                    game.decide(st, seat, c, random.Random(0))
                if k % 9 == 0:
                    for c in UNIVERSE:
                        if c in allowed:
                            continue
                        with pytest.raises(IllegalCommand) as err:
                            game.decide(st, seat, c, random.Random(0))
                        assert str(err.value) and "\n" not in str(err.value)
            positions += k % 9 == 0
            k += 1
            s.step_bot()
    assert positions > 20


def test_a_refused_move_says_why_in_one_line():
    """Bad input gets a one-line error: a die too low, a die one does not have, a move out
    of turn, an answer to a question not asked."""
    from dice_rules_kit import refused, started, turn

    s = turn(started(3, seed=1), 0, pool=(("plain", 2),))
    assert refused(s, 0, cmd.Place("plain", "town-soldier")) == "That needs a 5 or higher."
    assert refused(s, 0, cmd.Place("ban", "town-coin")) == "That die is not among your unused dice."
    assert refused(s, 1, cmd.Place("plain", "town-coin")) == "It is not your turn to act."
    assert refused(s, 0, cmd.Take("apple")) == "Place a die, use a Rabbit token, or pass."
    assert refused(s, 0, cmd.Place("plain", "nowhere")) == "There is no socket 'nowhere'."
