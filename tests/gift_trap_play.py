"""Helpers shared by the Gift Trap engine tests: start a table and play scripted rounds in
notation (``deal yellow``, ``give 3 to bob``, ``rate super 4``, ``trap 2``, ``done``).

Not a test module (no ``test_`` prefix); the test files import it from ``tests/``.
"""

from __future__ import annotations

import re
from typing import Iterable

import msgspec

import engine
from engine.core.decider import fold

NAMES = ["ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal"]


def table(n: int = 4, seed: int = 7, undo: str = "strict", **options) -> engine.LocalSession:
    """A hot-seat table of ``n`` people named ann, bob, cyd …, with ``options``."""
    return engine.new_game("gift-trap", NAMES[:n], seed=seed, options=options or None, undo=undo)


def deal(s: engine.LocalSession, deck: str = "yellow") -> engine.Entry:
    """The round's dealer deals ``deck``."""
    (dealer,) = s.to_act()
    return s.play(dealer, f"deal {deck}")


def play_all(s: engine.LocalSession, moves: dict[str, Iterable[str]], commit: bool = True) -> None:
    """Each seat's moves in order, seat by seat, then ``done`` for each when ``commit``."""
    for name, commands in moves.items():
        for command in commands:
            s.play(name, command)
    if commit:
        for name in moves:
            s.play(name, "done")


def play_round(s, gives, rates, deck="yellow") -> list:
    """Deal, give, rate and commit one round; returns the events of the last ``done``."""
    deal(s, deck)
    play_all(s, gives)
    play_all(s, rates, commit=False)
    names = list(rates)
    for name in names[:-1]:
        s.play(name, "done")
    return s.play(names[-1], "done").events


def quick_round(s, deck="yellow") -> list:
    """A round where seat i gives seat j gift (j - i) mod n and everybody puts Super,
    Good, Okay and No way on gifts 1–4. Returns the events of the last ``done``."""
    n = len(s.names)
    deal(s, deck)
    gives = {
        s.names[i]: [f"give {((j - i) % n)} to {s.names[j]}" for j in range(n) if j != i] for i in range(n)
    }
    rates = {name: ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"] for name in s.names}
    play_all(s, gives)
    play_all(s, rates, commit=False)
    for name in s.names[:-1]:
        s.play(name, "done")
    return s.play(s.names[-1], "done").events


def refold(s: engine.LocalSession):
    """The fold of the applied log from the empty table."""
    state = s.game.initial(s.options, len(s.seats))
    for entry in s.applied_entries():
        state = fold(s.game, state, entry.events)
    return state


_STAMP = re.compile(rb'"(at|saved_at)":"[^"]*"')


def without_timestamps(data: bytes) -> bytes:
    """Save bytes with every ``at``/``saved_at`` value blanked."""
    return _STAMP.sub(rb'"\1":""', data)


def encode(obj) -> bytes:
    return msgspec.json.encode(obj)
