"""Property tests over many seeded Giftbringer bot games (``docs/architecture.md``, "Testing"),
the same as Gift Trap's: the fold of the log equals the live state; save → load and
verify are the identity; undo then redo is the identity; ``legal`` is exactly what
``decide`` accepts; sheet invariants hold. Nothing is hidden in Giftbringer (the sheets
are public), so each view must be the whole table and hold no seed.

200 games: 1–6 players, random and heuristic bots, both undo policies, short games
(3–10 rounds).
"""

from __future__ import annotations

import random

import pytest

import engine
from engine import Seat
from engine.core.errors import IllegalCommand
from engine.games.giftbringer import rules
from engine.games.giftbringer.commands import Bless, Cross, Land, Visit
from engine.games.giftbringer.sheet import SHEET
from session_checks import check_fold_and_saves, check_undo_redo

GAMES = 200


def config(seed: int) -> tuple[list[Seat], dict, str]:
    r = random.Random(f"giftbringer-properties:{seed}")
    n = 1 + seed % 6
    kinds = [r.choice(("random", "heuristic")) for _ in range(n)]
    options = {"rounds": r.choice((3, 5, 10)), "happiness_cumulative": r.random() < 0.3,
               "cross_anywhere": r.random() < 0.3}
    return [Seat(f"p{i}", k) for i, k in enumerate(kinds)], options, ("casual" if seed % 2 else "strict")


def check_invariants(s: engine.LocalSession) -> None:
    for sheet in s.state.sheets:
        assert len(set(sheet.blessings)) == len(sheet.blessings) <= 4
        assert len(set(sheet.visited)) == len(sheet.visited)
        for v in sheet.recruited:  # "RECRUIT": every result crossed
            assert all(sheet.marks[v])
            assert sheet.given.get(v, 0) <= SHEET.viking(v).presents
            assert len(sheet.gratitude.get(v, ())) <= SHEET.viking(v).slots
        assert set(sheet.gratitude) <= set(sheet.recruited)
        for p in sheet.visited:  # "VISIT": every result crossed
            assert all(sheet.marks[p])
        if sheet.visited:
            assert sheet.ship
        assert sheet.happiness == sum(SHEET.place(p).happiness for p in sheet.visited)


def check_legal_is_exactly_what_decide_accepts(s: engine.LocalSession, seat: int, rng: random.Random) -> None:
    state = s.state
    legal = s.game.legal(state, seat)
    for command in legal:
        s.game.decide(state, seat, command, rng)
    sheet = state.sheets[seat]
    probes = [Cross(r, t) for r in range(1, len(sheet.results) + 2) for t in list(sheet.marks)[::3]]
    probes += [Bless(k, (a, b)[: 1 if k == "any" else 2], v) for k in ("any", "two", "sum", "diff")
               for a in range(1, 5) for b in range(1, 5) for v in (0, 3)]
    probes += [Land(x.id) for x in SHEET.ships] + [Visit(p.id) for p in SHEET.places]
    for command in probes:
        if command in legal:
            continue
        with pytest.raises(IllegalCommand):
            s.game.decide(state, seat, command, rng)


@pytest.mark.parametrize("seed", range(GAMES))
def test_seeded_bot_game(seed):
    seats, options, undo = config(seed)
    n = len(seats)
    s = engine.new_game("giftbringer", seats, seed=seed, options=options, undo=undo)
    rng = random.Random(seed)
    while s.result() is None:
        before = s.state
        entry = s.step_bot()
        assert entry is not None and entry.command in s.game.legal(before, entry.seat)
        check_invariants(s)
        if rng.random() < 0.03:
            check_undo_redo(s, rng)
        if rng.random() < 0.01 and s.to_act_seats():
            check_legal_is_exactly_what_decide_accepts(s, rng.choice(s.to_act_seats()), rng)
    result = s.result()
    assert s.state.round == options["rounds"] and result.winners
    assert [x["total"] for x in result.scores] == list(s.state.points)
    # the fold of the applied log is the live state; save → load and verify are the identity
    check_fold_and_saves(s)
    # every view is the whole (public) table, and none holds the seed (the future dice)
    assert "seed" not in type(s.view(None)).__struct_fields__
    for seat in [*range(n), None]:
        view = s.view(seat)
        assert view.sheets == s.state.sheets and view.dice == s.state.dice


