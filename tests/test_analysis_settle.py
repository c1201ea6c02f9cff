"""A move is worth the best its player did after it in the same turn (issue 35, item 2;
``analysis.settle``).

A Dice Upon a Time turn is several commands, its phases in order ("Dice Upon a Time",
"Order of the phases of a player's turn": move your figure, then complete a quest). The one-command follow-up of the play-outs (``Rater``) does not see the
plan's end, so a move that starts a plan used to be flagged, and the very next decision
was rated near the best: the beginner game's ``B BR-OW`` (ply 151) read 77 % beside a sure
win, and ann's next decisions, ``move`` and ``complete q16``, read 96–100 %. Settled from
the last move back, the turn's line counts. A move that met chance (a draw) is not
excused by its luck.
"""

from __future__ import annotations

from pathlib import Path

import engine
from engine.core.analysis import MoveGrade, foreseen, settle

SAVES = Path(__file__).parent.parent / "saves"


def _dice():
    return engine.load(str(SAVES / "dice-upon-a-time-beginner.json"))


def _grade(s, ply: int, chance: float, best: str, best_chance: float, grade: str, error: float = 0.02) -> MoveGrade:
    e = s.applied_entries()[ply]
    return MoveGrade(ply, e.seat, s.game.notation(e.command, s.names), chance, best, best_chance, grade,
                     [chance, 0.5, 0.5], error)


def test_a_move_that_starts_the_turn_s_plan_is_worth_the_plan():
    """Ply 151 ``B BR-OW`` (a blunder by its own play-outs), then ``move`` and
    ``complete q16`` by the same seat, foreseen: the blunder settles to best."""
    s = _dice()
    names = [s.game.notation(s.applied_entries()[p].command, s.names) for p in (151, 152, 153)]
    assert names == ["B BR-OW", "move", "complete q16"]
    grades = [
        _grade(s, 151, 0.77, "D wolf", 1.0, "blunder", 0.03),
        _grade(s, 152, 0.90, "move", 0.90, "best"),
        _grade(s, 153, 1.0, "complete q16", 1.0, "best"),
    ]
    settled = settle(s, list(reversed(grades)), 24)
    assert [g.ply for g in settled] == [151, 152, 153]
    first = settled[0]
    assert first.grade == "best" and first.chance == 1.0 and first.best == "B BR-OW"
    assert settled[1].grade == "best" and settled[1].chance == 1.0  # the move before the completion, too
    assert first.chances[first.seat] == 1.0


def test_a_follow_up_worth_less_than_the_best_keeps_a_real_flaw():
    """Settled, the drop is to the follow-up's value with both estimates' noise: a turn
    whose best line is 40 points short of the best move stays a blunder, and a grade
    never worsens."""
    s = _dice()
    flawed = settle(s, [_grade(s, 151, 0.3, "D wolf", 1.0, "blunder"), _grade(s, 152, 0.6, "move", 0.6, "best")], 24)
    assert flawed[0].grade == "blunder" and flawed[0].chance == 0.6
    nearly = settle(s, [_grade(s, 151, 0.3, "D wolf", 1.0, "inaccuracy"), _grade(s, 152, 0.5, "move", 0.5, "best")], 24)
    assert nearly[0].grade == "inaccuracy"


def test_a_move_that_met_chance_is_not_excused_by_its_luck():
    """Ply 90 ``draw 3 3 3`` draws cards the seat could not foresee: a lucky draw after
    it does not settle its grade."""
    s = _dice()
    e = s.applied_entries()
    assert s.game.notation(e[90].command, s.names) == "draw 3 3 3" and e[91].seat == e[90].seat
    assert not foreseen(s.game, s.state_at(90), e[90].seat, e[90].command, s.state_at(91))
    assert foreseen(s.game, s.state_at(151), e[151].seat, e[151].command, s.state_at(152))
    kept = settle(s, [_grade(s, 90, 0.4, "draw 2", 0.9, "blunder"), _grade(s, 91, 0.95, "x", 0.95, "best")], 24)
    assert kept[0].grade == "blunder" and kept[0].chance == 0.4


def test_another_seat_s_move_between_settles_nothing():
    """Ply 150 is another seat's (``M fox2``): ply 149's grade is its own."""
    s = _dice()
    e = s.applied_entries()
    assert e[150].seat != e[149].seat
    kept = settle(s, [_grade(s, 149, 0.4, "x", 0.9, "blunder"), _grade(s, 150, 0.95, "M fox2", 0.95, "best")], 24)
    assert kept[0].grade == "blunder"
