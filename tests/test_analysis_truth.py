"""Grades and hints that can be trusted (issue 35): positions whose answer is known.

- A command that wins on the spot, whatever is dealt from the mover's view, is worth
  exactly 100 % and is the best move, in every game (its result is its value: no
  play-out, no margin).
- Passing up a sure win that the mover then loses (Bottlecap Vikings: ending the turn
  instead of taking the Throne) is a blunder.
- A hint never recommends passing up a sure win.
- A move that starts the mover's own plan is valued by the best the mover can do after
  it in the same turn, not by ``normal`` finishing it: a flaw is not "undone" by the
  mover's next decision (Giftbringer's example game, entry 96 of the applied log).
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

import engine
from engine import Seat
from engine.core.analysis import FLAWS, evaluate, grade_move, grade_position, hint
from engine.core.playout import simulate

SAVES = Path(__file__).parent.parent / "saves"


def wins_on_the_spot(game, state, seat, command, deals: int = 6) -> bool:
    """Whether ``command`` ends the game with ``seat`` the sole winner in every one of
    ``deals`` states dealt from the seat's view (and the state itself), whatever chance
    does."""
    view = game.view(state, seat)
    states = [state] + [game.sample(view, seat, random.Random(k)) for k in range(deals)]
    for k, dealt in enumerate(states):
        try:
            after = simulate(game, dealt, seat, command, random.Random(100 + k))
        except Exception:
            return False
        result = game.result(after)
        if result is None or list(result.winners) != [seat]:
            return False
    return True


def generated(slug: str, seed: int, players: int = 2, options: dict | None = None) -> engine.LocalSession:
    """A finished game where ann (a person's seat) plays ``normal``'s choices against
    ``normal`` bots."""
    seats = [Seat("ann")] + [Seat(f"bot{i + 2}", "normal") for i in range(players - 1)]
    s = engine.new_game(slug, seats, seed=seed, options=options or {})
    me, rng = s.game.bots["normal"](0), random.Random(seed)
    while s.result() is None:
        seat = s.to_act_seats()[0]
        if s.is_bot(seat):
            s.step_bot()
        else:
            s.submit(seat, me.choose(s.view(seat), s.legal_commands(seat), rng))
    return s


def known_win(s: engine.LocalSession, last: int = 14):
    """The latest position of the last ``last`` plies of ``s`` where the mover has a
    command that wins on the spot and another that does not: ``(ply, seat, state,
    legal, the winning command, a command that does not win)``, or None."""
    game = s.game
    entries = s.applied_entries()
    for ply in range(len(entries) - 1, max(0, len(entries) - 1 - last), -1):
        seat = entries[ply].seat
        if seat is None:
            continue
        state = s.state_at(ply)
        legal = game.legal(state, seat)
        if len(legal) < 2:
            continue
        winning = [c for c in legal if wins_on_the_spot(game, state, seat, c)]
        if winning and len(winning) < len(legal):
            other = next(c for c in legal if c not in winning)
            return ply, seat, state, legal, winning[0], other
    return None


CASES = {
    "dice-upon-a-time": lambda: engine.load(str(SAVES / "dice-upon-a-time-beginner.json")),
    "naughty-or-nice": lambda: engine.load(str(SAVES / "naughty-or-nice-level-1.json")),
    "giftbringer": lambda: engine.load(str(SAVES / "giftbringer-three.json")),
    "bottlecap-vikings": lambda: generated("bottlecap-vikings", 11),
}


def gift_trap_far_ahead():
    """Gift Trap's last rating of a game, made a sure win: the mover's two parcels far
    past GIFTED (the reading that counts points past it, ``keep_past_gifted``), the
    others' on GO. Its ``done`` ends the round, and so the game, with the mover first
    whatever the others rated in secret ("4. Auswertung"); every other command leaves
    the round open."""
    s = generated("gift-trap", 1, players=3, options={"track_length": 12, "keep_past_gifted": True})
    game = s.game
    ply = len(s.applied_entries()) - 1
    seat = s.applied_entries()[ply].seat
    state = s.state_at(ply)
    far = tuple(40 if i == seat else 0 for i in range(state.n))
    state = msgspec.structs.replace(state, give_scores=far, get_scores=far)
    legal = game.legal(state, seat)
    win = next(c for c in legal if wins_on_the_spot(game, state, seat, c))
    return s, (ply, seat, state, legal, win, next(c for c in legal if c != win))


@pytest.mark.parametrize("slug", sorted([*CASES, "gift-trap"]))
def test_a_move_that_wins_on_the_spot_is_the_best_at_exactly_100_percent(slug):
    if slug == "gift-trap":
        s, found = gift_trap_far_ahead()
    else:
        s = CASES[slug]()
        found = known_win(s)
    assert found is not None, f"{slug}: no position with a win on the spot near the end"
    ply, seat, state, legal, win, other = found
    game = s.game
    view = game.view(state, seat)
    rated = evaluate(game, view, seat, legal, names=s.names, rounds=6, width=3, seed=ply)
    mine = next(e for e in rated if e.notation == game.notation(win, s.names))
    assert mine.chance == 1.0 and rated[0].chance == 1.0, rated[:3]
    graded = grade_position(game, view, seat, legal, win, names=s.names, ply=ply, rounds=6, width=3, seed=ply)
    assert graded.grade == "best" and graded.chance == 1.0
    moves = hint(game, view, seat, legal, names=s.names, rounds=6, seed=ply)
    assert moves[0].chance == 1.0  # a hint never passes up a sure win


def test_ending_the_turn_instead_of_taking_the_throne_is_a_blunder():
    # Bottlecap Vikings, "Winning the Game": a Viking on the Throne wins at once; ending
    # the turn instead hands the others the next turns, and ann then loses.
    s = generated("bottlecap-vikings", 11)
    ply, seat, state, legal, win, _ = known_win(s)
    game = s.game
    end = next(c for c in legal if game.notation(c, s.names) == "end")
    assert game.notation(win, s.names) == "advance T"
    graded = grade_position(game, game.view(state, seat), seat, legal, end, names=s.names, ply=ply, seed=ply)
    assert graded.grade == "blunder" and graded.best == "advance T" and graded.best_chance == 1.0, graded


def test_a_flaw_is_not_undone_by_the_movers_next_decision_in_the_same_turn():
    # Giftbringer's example game, entry 96: "cross 2 on H4" read a blunder (58 % against
    # 88 %), yet at ann's very next decision the best was 73 %: the search had charged
    # the move for the normal bot not finishing ann's own crosses.
    s = engine.load(str(SAVES / "giftbringer-three.json"))
    graded = grade_move(s, 96, rounds=16, seed=0)
    entries = s.applied_entries()
    nxt = next(p for p in range(97, len(entries)) if entries[p].seat == graded.seat
               and len(s.game.legal(s.state_at(p), graded.seat)) > 1)
    state = s.state_at(nxt)
    later = evaluate(s.game, s.game.view(state, graded.seat), graded.seat, s.game.legal(state, graded.seat),
                     names=s.names, rounds=12, seed=1)
    if graded.grade in FLAWS:  # a real flaw: the position it led to is worth about as much less
        assert graded.best_chance - later[0].chance >= 0.05, (graded, later[0])
    assert graded.grade != "blunder", graded


def test_two_seeds_agree_on_the_example_game_within_the_audits_figures():
    """The example Naughty or Nice game (17 moves of ann's) analysed with the play-outs of
    seeds 0 and 7919 at the default budget: no move two grades apart, no blunder in one
    run that is best or good in the other, and at most one move a flaw in one run and
    best or good in the other (the audit's figure over four games is under 2 %; this game
    holds one move at a threshold, entry 3, good or an inaccuracy). The whole audit is
    ``tests/bench/test_bench_grades.py``. Seed 0's run is the analysis kept beside the
    example (``boxtop analyse`` made it, at this budget and method; analysed here again
    only when it no longer fits: ``stored``), so only seed 7919's is made here."""
    from engine.core.analysis import GRADES, analyse, stored

    path = SAVES / "naughty-or-nice-full.json"
    s = engine.load(str(path))
    kept = stored(path, s, None, (0, 24, None))
    first = kept.grades if kept is not None else analyse(s, seed=0)
    second = analyse(s, seed=7919)
    assert [g.ply for g in first] == [g.ply for g in second] and len(first) == 17
    apart = [(a.ply, a.grade, b.grade) for a, b in zip(first, second)
             if abs(GRADES.index(a.grade) - GRADES.index(b.grade)) >= 2]
    assert apart == []
    flipped = [(a.ply, a.grade, b.grade) for a, b in zip(first, second)
               if (a.grade in FLAWS) != (b.grade in FLAWS)]
    assert not any("blunder" in pair for pair in flipped)
    assert len(flipped) <= 1, flipped
