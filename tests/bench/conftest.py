"""Shared fixtures of the benchmarks: a long Gift Trap log (10,000 entries), and a fresh
``boxtop host --open`` process for each benchmark that needs one."""

from contextlib import contextmanager
from pathlib import Path

import pytest

import engine
from engine import Seat


@contextmanager
def endless_track():
    """Gift Trap's track bound (``MAX_TRACK``) lifted while the block runs: the
    benchmarks' 10,000-entry log needs a game that cannot end, longer than any game the
    options allow."""
    from engine.games.gift_trap import options

    bound = options.MAX_TRACK
    options.MAX_TRACK = 100_000
    try:
        yield
    finally:
        options.MAX_TRACK = bound


def long_session(entries: int = 10_000) -> engine.LocalSession:
    """A 4-seat random-bot Gift Trap game on a track so long it cannot end, stopped after
    ``entries`` entries at a point where seat 0 has just placed a Give tile."""
    seats = [Seat(f"b{i}", "random") for i in range(1, 4)]
    with endless_track():
        s = engine.new_game("gift-trap", [Seat("ann")] + seats, seed=1, options={"track_length": 100_000})
    while True:
        s.run_bots()
        legal = s.legal_commands(0)
        if len(s.entries) >= entries - 1 and s.state.phase == "give" and not s.state.gives[0]:
            s.submit(0, next(c for c in legal if type(c).__name__ == "GiveTile"))
            return s
        s.submit(0, legal[-1] if s.state.phase == "deal" else _fill(s, legal))


def _fill(s, legal):
    from engine.core.bots import RandomBot
    from engine.core.rng import rng_for
    from engine.games.gift_trap.bot import random_command

    return RandomBot(pick=random_command).choose(s.view(0), legal, rng_for(s.seed, s.ply, "bench"))


@pytest.fixture(scope="session")
def long_save(tmp_path_factory) -> Path:
    """The long session's save file; the track bound stays lifted while it is used."""
    path = tmp_path_factory.mktemp("bench") / "long.json"
    with endless_track():
        long_session().save(path)
        yield path


@pytest.fixture
def host():
    """A fresh ``boxtop host --open`` process for each benchmark (``tests/ssh_helpers.py``'s
    ``HostProcess``; stopped and its folder removed after)."""
    from ssh_helpers import host_in_tmp

    with host_in_tmp("bxB") as host:
        yield host
