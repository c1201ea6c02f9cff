"""Naughty or Nice's notation and ``legal`` as tested pairs: every legal command from
seeded positions prints and reads back as itself, bad input is refused in one line,
and ``legal`` lists exactly what ``decide`` accepts (Naughty or Nice rulebook, "Taking a
turn", and each creature's and gift giver's text, through ``decide``)."""

from __future__ import annotations

import itertools
import random

import pytest

from contract.kit import decide_accepts_exactly_legal
from engine.core.errors import IllegalCommand
from engine.core.reactions import Pass
from engine.games.naughty_or_nice import commands as cmd
from engine.games.naughty_or_nice.data import CREATURES, GIVERS, PRESENTS
from naughty_table import GAME, NAMES, random_positions

CASES = [(seed, n, level) for seed in (1, 2) for n in (2, 3, 4, 5) for level in (1, 3, 4, 5)]


@pytest.mark.parametrize("seed,n,level", CASES)
def test_every_legal_command_prints_and_reads_back_as_itself(seed, n, level):
    """The notation is the log's and the ``:`` line's: ``parse(notation(c)) == c`` for
    every command ``legal`` offers along a seeded game."""
    names = NAMES[:n]
    seen = 0
    for state, seat in random_positions(seed, n, level, 600):
        for command in GAME.legal(state, seat):
            text = GAME.notation(command, names)
            assert GAME.parse(text, names) == command, text
            assert GAME.parse(text.upper(), names) == command  # case does not matter
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("text,says", [
    ("", "cannot read"), ("dance", "cannot read"), ("craft", "cannot read"), ("craft 4", "row place"),
    ("craft 0 deck", "row place"), ("keep XX", "not a creature"), ("fulfill 9 ST", "playground place"),
    ("fulfill 1 ZZ", "not a present"), ("fulfill x ST", "playground place"), ("play RD 5", "1–4"),
    ("play SC zed", "no player called"), ("play SC", "a player's name"), ("play KR", "a present code"),
    ("play KR QQ", "not a present"), ("play MC 0", "playground place"), ("play EL 3", "nothing more"),
    ("react QQ", "not a creature"), ("pick", "cannot read"), ("draw 7", "row place"),
    ("giver grinch", "not a gift giver"), ("sweep 12", "playground place"), ("search", "cannot read"),
    ("end now", "cannot read"), ("pass pass", "cannot read"), ("[/x]", "cannot read"),
])
def test_bad_input_is_refused_in_one_line(text, says):
    """A command the notation cannot read is refused with one line that names the
    problem (the ``:`` line shows it as it is)."""
    with pytest.raises(IllegalCommand) as err:
        GAME.parse(text, NAMES[:3])
    message = str(err.value)
    assert "\n" not in message and says in message.lower()


def test_the_notation_examples_read():
    """The forms the help shows, each read and printed back."""
    names = NAMES[:3]
    for text in ("giver santa", "craft 1 deck", "craft deck deck", "summon", "keep SM", "fulfill 3 CA ST SW",
                 "fulfill 2 BE caga", "play SC bob", "play KR CA", "play MC 4", "play RD 3", "play EL",
                 "react TO", "react PW CA ST", "pass", "pick ST", "draw deck", "draw 2", "search ST", "tuck",
                 "sweep 4", "end"):
        assert GAME.notation(GAME.parse(text, names), names) == text
    assert GAME.parse("craft deck 2", names) == GAME.parse("craft 2 deck", names)
    assert GAME.parse("fulfill 3 SW st CA", names) == GAME.parse("fulfill 3 CA ST SW", names)


def _candidates(state, seat):
    """Commands to try: every command shape with every small argument, and a Fulfill
    one present off each legal one."""
    n = state.n
    out = [cmd.Summon(), cmd.End(), Pass(), cmd.Tuck()]
    sources = (0, 1, 2, cmd.DECK)
    for k in (1, 2, 3):
        for combo in itertools.combinations_with_replacement(sources, k):
            out.append(cmd.Craft(tuple(sorted(combo, key=lambda x: (x == cmd.DECK, x)))))
    out += [cmd.Keep(c) for c in CREATURES] + [cmd.ChooseGiver(g) for g in GIVERS]
    out += [cmd.Pick(p) for p in PRESENTS] + [cmd.Search(p) for p in PRESENTS]
    out += [cmd.Draw(x) for x in sources] + [cmd.Sweep(i) for i in range(8)]
    for code, c in CREATURES.items():
        out.append(cmd.Play(code))
        out.append(cmd.React(code))
        if code == "RD":
            out += [cmd.Play("RD", k) for k in range(1, 5)]
        out += [cmd.Play(code, target=i) for i in range(n)]
        out += [cmd.Play(code, present=p) for p in ("ST", "CA", "OP")]
        out += [cmd.Play(code, slot=i) for i in (0, 7)]
    given = state.held[-1].given if state.held else ()
    for pair in itertools.combinations(sorted((*given, "ST", "BE")), 2):
        out.append(cmd.React("PW", tuple(sorted(pair))))
    hand = state.players[seat].presents
    for command in GAME.legal(state, seat):
        if isinstance(command, cmd.Fulfill):
            out.append(cmd.Fulfill(command.slot, command.presents, not command.caga))
            out.append(cmd.Fulfill(command.slot, command.presents[1:], command.caga))
            for extra in set(hand):
                out.append(cmd.Fulfill(command.slot, tuple(sorted((*command.presents, extra))), command.caga))
    return out


@pytest.mark.parametrize("seed,n,level", [(s, n, lv) for s in (3, 4) for n in (2, 3, 5) for lv in (3, 5)])
def test_decide_refuses_every_near_miss_that_legal_omits(seed, n, level):
    """``legal`` lists exactly the commands ``decide`` accepts (the contract in
    tests/contract), here against this game's near misses (``_candidates``: a present
    more or less, another slot, another target) at many positions."""
    tried = 0
    for k, (state, seat) in enumerate(random_positions(seed, n, level, 500)):
        candidates = _candidates(state, seat) if k % 4 == 0 else []
        decide_accepts_exactly_legal(GAME, state, seat, candidates, k)
        tried += len(candidates)
    assert tried > 1000


def test_a_seat_not_to_act_is_refused_and_offered_nothing():
    """"Taking a turn": only the active player (or the seat a prompt or window awaits)
    acts."""
    for state, seat in random_positions(7, 3, 5, 60):
        other = (seat + 1) % 3
        if other not in GAME.to_act(state):
            assert GAME.legal(state, other) == []
            with pytest.raises(IllegalCommand, match="not your turn"):
                GAME.decide(state, other, cmd.End(), random.Random(0))
