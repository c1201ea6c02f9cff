"""The event log's contracts (``engine.Game``'s docstring; docs/architecture.md, "The
engine"), for every registered game at a few points of short seeded games: the fold of
the applied log is the live state; save → load (and verify, re-deciding every command
from the seed) gives the same game; undo then redo is the identity, and both undo
policies are met."""

from __future__ import annotations

import random

from contract.kit import each_game, session
from session_checks import check_fold, check_saves, check_undo_redo

#: Moves between two checks, and how many checks a game gets.
EVERY, CHECKS = 9, 5


def points(slug: str, seed: int, **kw):
    """The session at every ``EVERY``-th move of a seeded game of random bots, up to
    ``CHECKS`` times (and at its end, if it ends sooner)."""
    s = session(slug, seed, **kw)
    for _ in range(CHECKS):
        yield s
        if s.result() is not None or s.run_bots(limit=EVERY) == 0:
            return


@each_game()
def test_the_fold_of_the_log_is_the_live_state(slug):
    for seed in (1, 2):
        for s in points(slug, seed):
            check_fold(s)


@each_game()
def test_save_then_load_and_verify_give_the_same_game(slug):
    """Save → load, and load re-deciding every command from the seed (what ``boxtop
    verify`` does), give the same state, log, result, seats, options and undo policy."""
    for seed in (1, 2):
        for s in points(slug, seed, undo="casual" if seed % 2 else "strict"):
            check_saves(s)


@each_game()
def test_undo_then_redo_is_the_identity_in_both_policies(slug):
    """At every move of seeded games until each policy has undone five times: some seat
    undoes, the state is the fold to that point, and redoing gives back the same state,
    log and seats to act (a guard too: the property never silently skips)."""
    counts = {"strict": 0, "casual": 0}
    for seed in range(6):
        undo = ("strict", "casual")[seed % 2]
        s = session(slug, seed, undo=undo)
        rng = random.Random(seed)
        while s.result() is None and counts[undo] < 5 and s.step_bot() is not None:
            counts[undo] += check_undo_redo(s, rng)
        if min(counts.values()) >= 5:
            break
    assert counts == {"strict": 5, "casual": 5}
