"""The search as a teacher: a seat's best moves with their chances (a hint), and the grade
of a move played (the analysis of a game), from what that seat could see.

``evaluate`` rates commands of one seat by paired play-outs, as the rollout search does
(``engine.core.rollouts``: every round deals one state from the seat's view with
``Game.sample`` and plays each command on from it with the same random stream, the
``normal`` bot for every seat), but with no command dropped, so that every mean is over
the same rounds and two means can be compared. A command's *chance* is its mean reward
(``search.outcome``: its share of the win, blended with a logistic of its lead where the
game has ``Game.lead``): the estimated chance to win, or in a solo or co-operative game
the expected score's share.

``grade`` turns the drop from the best command's chance to the played one's into a word,
with thresholds in the manner of lichess's (docs/bots.md, "Grades"): a drop of 5 points
of win chance is an inaccuracy, 10 a mistake, 15 a blunder.

Nothing here reads more than the seat's view: the states it plays from are dealt from
the view, so two games that look the same to the seat get the same chances for the same
seed (``tests/test_analysis.py``).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from .decider import Game
from .rollouts import RolloutSearch
from .search import HeuristicPolicy

#: Drops in win chance (0–1) from the best command at which a move is an inaccuracy, a
#: mistake and a blunder (lichess grades by winning chances lost: docs/bots.md, "Grades").
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
#: The grades, best first.
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")


class Evaluation(msgspec.Struct, frozen=True):
    """One command of a seat as the search rates it: its ``notation`` (with the table's
    names), its ``chance`` (0–1, the mean of ``rounds`` play-outs)."""

    notation: str
    chance: float
    rounds: int


def evaluate(game: Game, view: Any, seat: int, legal: list, *, names: list[str], rounds: int = 24,
             width: int = 6, include: tuple = (), seed: int = 0) -> list[Evaluation]:
    """Rate up to ``width`` of ``legal`` (the ``normal`` bot's first ideas, as the rollout
    search picks them) and every command of ``include`` (a move played), by ``rounds``
    paired play-outs each from ``view``; best first. ``names`` write the notation.

    Raises ``ValueError`` when the game has no sampler (no search), or when ``legal`` is
    empty. The same arguments give the same evaluations (``seed``)."""
    if not legal:
        raise ValueError("there is no legal command to rate")
    search = RolloutSearch(game, iterations=1, width=width, policy=HeuristicPolicy(game, epsilon=0.0))
    rng = random.Random(seed)
    commands = search.candidates(view, seat, legal, random.Random(rng.getrandbits(64)))
    commands += [c for c in include if c in legal and c not in commands]
    totals = {i: 0.0 for i in range(len(commands))}
    played = 0
    if len(commands) > 1:
        for _ in range(max(1, rounds)):
            state = game.sample(view, seat, random.Random(rng.getrandbits(64)))
            stream = rng.getrandbits(64)
            for i, command in enumerate(commands):
                totals[i] += search.rate(state, seat, command, random.Random(stream))
            played += 1
    chances = {i: (totals[i] / played if played else 1.0) for i in totals}
    order = sorted(chances, key=lambda i: (-chances[i], i))
    return [Evaluation(game.notation(commands[i], names), round(chances[i], 4), played) for i in order]


def grade(drop: float, best: bool = False) -> str:
    """The grade of a move whose chance is ``drop`` (0–1) below the best command's:
    "best" when it is the best rated (``best``) or no worse, then "good", "inaccuracy"
    (≥ ``INACCURACY``), "mistake" (≥ ``MISTAKE``), "blunder" (≥ ``BLUNDER``)."""
    if best or drop <= 0.0:
        return "best"
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "good"


class MoveGrade(msgspec.Struct, frozen=True):
    """A move of a person graded: the ``ply`` (its place in the applied log, 1 = the first
    move), the ``seat`` that made it, the ``played`` command and its ``chance``, the
    ``best`` command the search found and its ``best_chance``, and the ``grade``."""

    ply: int
    seat: int
    played: str
    chance: float
    best: str
    best_chance: float
    grade: str


def analyse(session: Any, seat: int | None = None, *, rounds: int = 24, width: int = 6,
            seed: int = 0) -> list[MoveGrade]:
    """Grade every move of the people of ``session`` (an ``engine.LocalSession``; bots'
    moves are not graded), or of ``seat`` alone, each against ``evaluate`` from that
    seat's view at that moment. A move with no other legal command is not graded. Raises
    ``ValueError`` when the game has no sampler."""
    game, names = session.game, session.names
    graded = []
    for ply, entry in enumerate(session.applied_entries()):  # ply 0 is the setup
        if ply == 0 or entry.seat is None or (seat is not None and entry.seat != seat):
            continue
        if seat is None and session.is_bot(entry.seat):
            continue
        state = session.state_at(ply)  # before this move
        legal = game.legal(state, entry.seat)
        if len(legal) < 2:
            continue
        view = game.view(state, entry.seat)
        rated = evaluate(game, view, entry.seat, legal, names=names, rounds=rounds, width=width,
                         include=(entry.command,), seed=seed + ply)
        played = game.notation(entry.command, names)
        mine = next(e for e in rated if e.notation == played)
        top = rated[0]
        graded.append(MoveGrade(ply, entry.seat, played, mine.chance, top.notation, top.chance,
                                grade(top.chance - mine.chance, best=top.notation == played)))
    return graded
