"""Game-agnostic property checks on a ``LocalSession``, shared by every game's property
tests (tests/test_properties.py for Gift Trap, tests/test_giftbringer_properties.py):
DESIGN.md's identities of an event-sourced log."""

from __future__ import annotations

import random
from typing import Callable

import engine
from engine.core.decider import fold
from engine.core.save_write import dumps


def check_undo_redo(s: engine.LocalSession, rng: random.Random) -> bool:
    """Undo then redo at this point is the identity (state, applied line, who acts);
    returns whether some seat could undo."""
    seats = [i for i in range(len(s.seats)) if s.can_undo(i)]
    if not seats:
        return False
    seat = rng.choice(seats)
    before = s.state, s.applied_entries(), s.to_act(), s.ply
    s.undo(seat)
    assert s.ply < before[3]
    assert s.state == s.state_at(s.ply)
    while s.ply < before[3]:
        assert s.can_redo(seat)
        s.redo(seat)
    assert (s.state, s.applied_entries(), s.to_act(), s.ply) == before
    return True


def check_fold(s: engine.LocalSession) -> None:
    """The fold of the applied log's events is the live state."""
    game = s.game
    events = [e for entry in s.applied_entries() for e in entry.events]
    assert fold(game, game.initial(s.options, len(s.seats)), events) == s.state


def check_saves(s: engine.LocalSession) -> None:
    """Save → load is the identity, and so is verify (re-deciding every command from the seed)."""
    data = dumps(s)
    for loaded in (engine.loads(data), engine.loads(data, redecide=True)):
        assert loaded.state == s.state
        assert loaded.entries == s.entries
        assert loaded.applied_entries() == s.applied_entries()
        assert loaded.result() == s.result()
        assert loaded.seats == s.seats and loaded.options == s.options
        assert loaded.undo_policy == s.undo_policy


def check_fold_and_saves(s: engine.LocalSession) -> None:
    """``check_fold`` and ``check_saves``."""
    check_fold(s)
    check_saves(s)


def undo_points_per_policy(slug: str, config: Callable[[int], tuple], seeds: range, want: int = 5) -> dict[str, int]:
    """Play seeded bot games of ``slug`` (``config(seed)`` → seats, options, undo policy),
    trying ``check_undo_redo`` after every move, until each policy has undone ``want``
    times; returns the counts (a guard against an undo property that never runs)."""
    counts = {"strict": 0, "casual": 0}
    for seed in seeds:
        seats, options, undo = config(seed)
        s = engine.new_game(slug, seats, seed=seed, options=options, undo=undo)
        rng = random.Random(seed)
        while s.result() is None and counts[undo] < want:
            s.step_bot()
            counts[undo] += check_undo_redo(s, rng)
    return counts
