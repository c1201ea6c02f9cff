"""The event log's contracts (``engine.Game``'s docstring; docs/architecture.md, "The
engine"), for every registered game at a few points of short seeded games: the fold of
the applied log is the live state; save → load (and verify, re-deciding every command
from the seed) gives the same game; undo then redo is the identity, and both undo
policies are met."""

from __future__ import annotations

import random

import engine
from contract.kit import each_game, session
from engine.core.decider import fold
from session_checks import check_undo_redo

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
            events = [e for entry in s.applied_entries() for e in entry.events]
            assert fold(s.game, s.game.initial(s.options, len(s.seats)), events) == s.state


@each_game()
def test_save_then_load_and_verify_give_the_same_game(slug, tmp_path):
    for seed in (1, 2):
        for k, s in enumerate(points(slug, seed, undo="casual" if seed % 2 else "strict")):
            path = tmp_path / f"{seed}-{k}.json"
            s.save(str(path))
            for loaded in (engine.load(path), engine.verify(path)):
                assert loaded.state == s.state
                assert loaded.entries == s.entries
                assert loaded.applied_entries() == s.applied_entries()
                assert loaded.result() == s.result()
                assert loaded.seats == s.seats and loaded.options == s.options
                assert loaded.undo_policy == s.undo_policy


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
