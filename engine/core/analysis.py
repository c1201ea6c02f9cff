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

import multiprocessing
import os
import random
import time
from typing import Any, Callable, Iterator

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
             width: int = 6, include: tuple = (), seed: int = 0, seconds: float | None = None) -> list[Evaluation]:
    """Rate up to ``width`` of ``legal`` (the ``normal`` bot's first ideas, as the rollout
    search picks them) and every command of ``include`` (a move played), by ``rounds``
    paired play-outs each from ``view`` (with ``seconds``, as many rounds as begin within
    them, at least 2 and at most ``rounds``); best first. ``names`` write the notation.

    Raises ``ValueError`` when the game has no sampler (no search), or when ``legal`` is
    empty. Without ``seconds`` the same arguments give the same evaluations (``seed``)."""
    if not legal:
        raise ValueError("there is no legal command to rate")
    search = RolloutSearch(game, iterations=1, width=width, policy=HeuristicPolicy(game, epsilon=0.0))
    rng = random.Random(seed)
    commands = search.candidates(view, seat, legal, random.Random(rng.getrandbits(64)))
    commands += [c for c in include if c in legal and c not in commands]
    totals = {i: 0.0 for i in range(len(commands))}
    played = 0
    end = None if seconds is None else time.perf_counter() + seconds
    if len(commands) > 1:
        for k in range(max(1, rounds)):
            if end is not None and k >= 2 and time.perf_counter() >= end:
                break
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


def moves_to_grade(session: Any, seat: int | None = None) -> list[int]:
    """The plies (places in the applied log; 0 is the setup) of the moves ``analyse``
    grades: every person's move (bots' are not graded), or ``seat``'s alone, that had
    another legal command."""
    plies = []
    for ply, entry in enumerate(session.applied_entries()):
        if ply == 0 or entry.seat is None or (seat is not None and entry.seat != seat):
            continue
        if seat is None and session.is_bot(entry.seat):
            continue
        if len(session.game.legal(session.state_at(ply), entry.seat)) > 1:
            plies.append(ply)
    return plies


def grade_move(session: Any, ply: int, *, rounds: int = 24, width: int = 6, seed: int = 0,
               seconds: float | None = None) -> MoveGrade:
    """The grade of the move at ``ply`` of ``session`` (see ``moves_to_grade``), against
    ``evaluate`` from its seat's view just before it."""
    game, names = session.game, session.names
    entry = session.applied_entries()[ply]
    state = session.state_at(ply)  # before this move
    rated = evaluate(game, game.view(state, entry.seat), entry.seat, game.legal(state, entry.seat), names=names,
                     rounds=rounds, width=width, include=(entry.command,), seed=seed + ply, seconds=seconds)
    played = game.notation(entry.command, names)
    mine = next(e for e in rated if e.notation == played)
    top = rated[0]
    return MoveGrade(ply, entry.seat, played, mine.chance, top.notation, top.chance,
                     grade(top.chance - mine.chance, best=top.notation == played))


def analyse(session: Any, seat: int | None = None, *, rounds: int = 24, width: int = 6,
            seed: int = 0) -> list[MoveGrade]:
    """Grade every move of the people of ``session`` (an ``engine.LocalSession``), or of
    ``seat`` alone (``moves_to_grade``), in order. Raises ``ValueError`` when the game
    has no sampler."""
    return [grade_move(session, ply, rounds=rounds, width=width, seed=seed) for ply in moves_to_grade(session, seat)]


class Analysis(msgspec.Struct):
    """An analysis as stored beside its save (``stored_path``): the save's ``entries``
    count when it was made (a save played on is analysed again), the ``seat`` analysed
    (None: every person), its budget (``rounds``, ``seconds``) and the ``grades``."""

    entries: int
    seat: int | None
    rounds: int
    seconds: float | None
    grades: list[MoveGrade]


def stored_path(save: str | os.PathLike) -> str:
    """Where the analysis of the save at ``save`` is kept: beside it, ``NAME.analysis.json``."""
    path = os.fspath(save)
    return (path[:-5] if path.endswith(".json") else path) + ".analysis.json"


def stored(save: str | os.PathLike, entries: int, seat: int | None) -> Analysis | None:
    """The analysis kept beside ``save`` for a log of ``entries`` entries and ``seat``, or
    None (none kept, another log or seat, or a file that does not decode)."""
    try:
        with open(stored_path(save), "rb") as f:
            kept = msgspec.json.decode(f.read(), type=Analysis)
    except (OSError, msgspec.DecodeError):
        return None
    return kept if kept.entries == entries and kept.seat in (seat, None) else None


def _grade_in_worker(task: tuple) -> MoveGrade:
    from .saves import load  # a worker loads the save once a move: a few milliseconds

    save, ply, rounds, width, seconds = task
    return grade_move(load(save), ply, rounds=rounds, width=width, seconds=seconds)


def analyse_save(save: str | os.PathLike, seat: int | None = None, *, rounds: int = 24, width: int = 6,
                 seconds: float | None = None, jobs: int = 1,
                 progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Analyse the save at ``save`` (every person, or ``seat``) and keep the analysis
    beside it (``stored_path``); one kept already for this log and seat is returned
    instead, so a game is analysed once. ``jobs`` worker processes grade moves side by
    side; ``progress(done, total)`` after each. Raises ``SaveError`` for a broken save,
    ``ValueError`` when the game has no sampler, ``OSError`` when the analysis cannot be
    written (the grades are lost then only from the disk)."""
    from .saves import load

    session = load(save)
    entries = len(session.entries)
    kept = stored(save, entries, seat)
    if kept is not None:
        grades = [g for g in kept.grades if seat is None or g.seat == seat]
        return Analysis(entries, seat, kept.rounds, kept.seconds, grades)
    plies = moves_to_grade(session, seat)
    grades: list[MoveGrade] = []
    for g in _grades(session, os.fspath(save), plies, rounds, width, seconds, jobs):
        grades.append(g)
        if progress is not None:
            progress(len(grades), len(plies))
    grades.sort(key=lambda g: g.ply)
    analysis = Analysis(entries, seat, rounds, seconds, grades)
    with open(stored_path(save), "wb") as f:
        f.write(msgspec.json.format(msgspec.json.encode(analysis)))
    return analysis


def _grades(session: Any, save: str, plies: list[int], rounds: int, width: int, seconds: float | None,
            jobs: int) -> Iterator[MoveGrade]:
    if jobs <= 1 or len(plies) <= 1:
        for ply in plies:
            yield grade_move(session, ply, rounds=rounds, width=width, seconds=seconds)
        return
    with multiprocessing.Pool(min(jobs, len(plies))) as pool:
        yield from pool.imap_unordered(_grade_in_worker, [(save, ply, rounds, width, seconds) for ply in plies])


#: How many of a seat's best commands a hint shows.
HINTS = 3
#: Play-out rounds a hint's search plays for each command (about a second on one core).
HINT_ROUNDS = 24


def hint(game: Game, view: Any, seat: int, legal: list, *, names: list[str], rounds: int = 24,
         seed: int = 0) -> list[Evaluation]:
    """The ``HINTS`` best commands of ``legal`` for ``seat`` from ``view`` (its own view:
    nothing else is read), each with its chance, best first (``evaluate``)."""
    return evaluate(game, view, seat, legal, names=names, rounds=rounds, seed=seed)[:HINTS]


def hint_task(slug: str, view: bytes, legal: bytes, seat: int, names: list[str] | tuple[str, ...], rounds: int,
              seed: int) -> list[Evaluation]:
    """``hint`` for a worker process (``engine.core.thinking.run``): the view and the
    legal commands arrive as msgpack bytes of the game's types."""
    from .registry import get

    game = get(slug)
    decoded = msgspec.msgpack.decode(view, type=game.view_type)
    commands = msgspec.msgpack.decode(legal, type=list[game.command_type])
    return hint(game, decoded, seat, commands, names=list(names), rounds=rounds, seed=seed)


def hint_args(game: Game, view: Any, seat: int, legal: list, names: list[str], seed: int,
              rounds: int = HINT_ROUNDS) -> tuple:
    """The arguments of ``hint_task`` (to pass to ``engine.core.thinking.run``) for
    ``seat``'s hint from ``view`` (that seat's own view: nothing else may be given) and
    its ``legal`` commands: ``(slug, view bytes, legal bytes, seat, names, rounds, seed)``,
    hashable, so equal questions can share one answer. Raises ``TypeError`` when the view
    or a command cannot be encoded."""
    return (game.slug, msgspec.msgpack.encode(view), msgspec.msgpack.encode(legal), seat, tuple(names), rounds, seed)
