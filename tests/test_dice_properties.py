"""Property tests over seeded Dice Upon a Time bot games (``docs/architecture.md``,
"Testing"; issue 14, "Tests": "the shared log identities over 200 seeded bot games per
player count and variant"; "Hidden information").

200 games for every player count (2–5), each played to its result by bots (random; a
quarter of the seats heuristic), the variants cycled by seed: competitive or
co-operative × standard, short or Extra Long × Events face down, face up or none, ties
shared or by one blow, both undo policies. Checked:

- every game: the fold of the applied log is the live state; the game ends with a
  result and nobody to act; every seat's and a spectator's redacted event stream equals
  the redaction written here from the rules below (apart from ``view.redact``);
- every 10th game: save → load and verify (re-deciding every command from the seed)
  give the same session; undo then redo is the identity at sampled points; every view
  at sampled points keeps the secrets below; every legal command at a few points is
  accepted by ``decide``.

Secrets (RULES.md, "Hidden information"): the Quest decks' order is nobody's (a view
shows counts); an Event card is nobody's until its chapter unless they are laid face up;
the three cards drawn at the King, and the two put back, are the drawer's alone.
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

import engine
from engine import Seat
from engine.games.dice_upon_a_time import events as ev
from session_checks import check_fold, check_saves, check_undo_redo

GAMES = 200
SLUG = "dice-upon-a-time"
HIDDEN = ev.HIDDEN
VARIANTS = [(mode, length, events) for mode in ("competitive", "cooperative")
            for length in ("standard", "short", "extra_long") for events in ("hidden", "open", "none")]


def config(seed: int, n: int) -> tuple[list[Seat], dict, str]:
    """Seats, options and undo policy of property game ``seed``."""
    r = random.Random(f"dice-properties:{n}:{seed}")
    seats = [Seat(f"p{i}", "heuristic" if r.random() < 0.25 else "random") for i in range(n)]
    mode, length, events = VARIANTS[seed % len(VARIANTS)]
    options = {"mode": mode, "length": length, "events": events, "ties": r.choice(("shared", "one_blow"))}
    return seats, options, ("casual" if seed % 2 else "strict")


def expected(event, seat: int | None):
    """``event`` as ``seat`` may see it, by the rules in the module docstring."""
    if isinstance(event, ev.Shuffled):
        return replace(event, decks={v: (HIDDEN,) * len(d) for v, d in event.decks.items()})
    if isinstance(event, ev.EventsLaid) and not event.face_up:
        return replace(event, events=(HIDDEN,) * len(event.events))
    if isinstance(event, ev.KingDrew) and seat != event.seat:
        return replace(event, quests=(HIDDEN,) * len(event.quests))
    if isinstance(event, ev.KingKept) and seat != event.seat:
        return replace(event, returned=(HIDDEN,) * len(event.returned))
    return event


def check_view(s: engine.LocalSession, seat: int | None) -> None:
    """The view of ``seat`` shows deck counts only, Events only from their chapter on
    (or all, face up), and the King's draw only to the drawer."""
    state, v = s.state, s.view(seat)
    assert v.decks == {k: len(d) for k, d in state.decks.items()}
    for k, e in enumerate(v.laid):
        shown = state.options.events == "open" or k < state.chapter
        assert e == (state.laid[k] if shown else HIDDEN)
    assert v.king == (state.king if seat is not None and seat == state.turn else ())


def play(seed: int, n: int) -> engine.LocalSession:
    seats, options, policy = config(seed, n)
    s = engine.new_game(SLUG, seats, seed=seed, options=options, undo=policy)
    costly = seed % 10 == 0
    rng = random.Random(seed)
    while s.result() is None:
        s.step_bot()
        if costly and s.result() is None and rng.random() < 0.02:
            for seat in (None, *range(n)):
                check_view(s, seat)
            seat = s.to_act_seats()[0]
            for c in s.legal_commands(seat)[:12]:
                s.game.decide(s.state, seat, c, random.Random(0))
            check_undo_redo(s, rng)
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_seeded_bot_games_keep_the_log_identities_and_the_secrets(n):
    for seed in range(GAMES):
        s = play(seed, n)
        assert s.to_act_seats() == []
        check_fold(s)
        events = [e for entry in s.applied_entries() for e in entry.events]
        for seat in (None, *range(n)):
            assert [s.game.redact(e, seat) for e in events] == [expected(e, seat) for e in events]
        if seed % 10 == 0:
            check_saves(s)
