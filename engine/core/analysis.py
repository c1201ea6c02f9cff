"""The search as a teacher: a seat's best moves with their chances (a hint), and the grade
of a move played (the analysis of a game), from what that seat could see.

``evaluate`` rates commands of one seat by paired play-outs, as the rollout search does
(``engine.core.rollouts``: every round deals one state from the seat's view with
``Game.sample`` and plays each command on from it with the same random stream, the
``normal`` bot for every seat), but with no command dropped, so that every mean is over
the same rounds and two means can be compared. A command's *chance* is its mean reward
(``playout.outcome``: its share of the win, blended with a logistic of its lead where the
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

import asyncio
import math
import multiprocessing
import os
import random
import time
from typing import Any, AsyncIterator, Callable, Iterator

import msgspec

from .decider import Game
from .rollouts import RolloutSearch, paired_difference, paired_error, tells_apart
from .playout import outcome, play_out, seats, simulate

#: Drops in win chance (0–1) from the best command at which a move is an inaccuracy, a
#: mistake and a blunder (lichess grades by winning chances lost: docs/bots.md, "Grades").
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
#: The grades, best first.
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The grades of a flawed move: an inaccuracy or worse (the replay's jump keys stop at
#: them, its chart marks them).
FLAWS = GRADES[2:]


class Evaluation(msgspec.Struct, frozen=True):
    """One command of a seat as the search rates it: its ``notation`` (with the table's
    names), its ``chance`` (0–1, the mean of ``rounds`` play-outs), the standard
    ``error`` (0–1) of its drop below the best rated command (the paired rounds'
    differences: 0 for the best, and when fewer than two rounds were played), and its
    ``words``: the command in a plain sentence from the seat's view (``Game.explain``),
    "" for a game without them; ``seats``: every seat's mean reward (0–1, seat order) in
    the same play-outs, each seat's chance as the rating seat estimates it.
    ``indistinct``: the play-outs told no command of the position apart from the
    ``normal`` bot's own choice (``rollouts.tells_apart`` over the rated commands'
    rounds, that choice first, is False), so the search has nothing trustworthy to add
    there: a hint shows ``normal``'s choice as such, and a grade blames no move by these
    chances. False unless the evaluation sets it (the same for every command of one
    position)."""

    notation: str
    chance: float
    rounds: int
    error: float = 0.0
    words: str = ""
    seats: tuple[float, ...] = ()
    indistinct: bool = False


#: The seat's own next commands in the same turn that a move's value looks through: in
#: each round, the best of ``normal``'s first ``FOLLOW`` ideas after the move (a move is
#: worth the best the player can do after it, not what ``normal`` would do in their place).
FOLLOW = 3
#: Standard errors of the drop that a flaw's threshold must clear (``grade``).
Z = 2.0
#: The most rounds a grade takes in all, as a multiple of its budget: a drop near a
#: threshold is measured again on fresh rounds until it is clear of it or this many
#: are played (``grade_position``). Below 2.5, a move near a threshold was a flaw with
#: one seed and "good" with another too often (the grades' audit, docs/bots.md).
MOST = 2.5
#: The least budget (rounds) whose grades are measured on up to ``MOST`` times it; a
#: smaller one (``--time 0.2`` gives 4 rounds) on up to 1.5 times: its rounds are too
#: few for their spread to be known, and measured longer on the same few a drop in a
#: game of wild swings was read as a blunder that another seed called good.
MOST_FROM = 12


class Rater:
    """A command's value in one dealt state, for ``seat`` of ``game`` (the evaluation's
    play-out, ``rates(state, command, stream)`` → every seat's reward, 0–1 each):

    - a command that decides the game is worth its result exactly (``playout.outcome``:
      1, ``1/k`` or 0), with no play-out;
    - a command after which the same seat acts again, alone (a turn of several commands:
      Dice Upon a Time's place, move, complete; Giftbringer's crosses; Bottlecap Vikings'
      steps), is worth the best of its own next commands (``FOLLOW`` of ``normal``'s
      first ideas and any that wins on the spot, each played out on the same stream): the
      best reply, as a chess engine values a move (not in a solo game, where the seat
      always acts again: there a turn cannot be told apart);
    - any other is played out by ``normal`` for every seat (``RolloutSearch.rates``)."""

    def __init__(self, game: Game, seat: int, width: int = 6) -> None:
        self.game, self.seat = game, seat
        self.search = RolloutSearch(game, iterations=1, width=width)  # the normal bot plays every play-out

    def rates(self, state: Any, command: Any, stream: int) -> list[float]:
        """Every seat's reward after ``seat``'s ``command`` in ``state`` (a dealt state),
        the play-out on the random ``stream`` (an int: the same for every command of a
        round, so their rewards pair)."""
        game, seat, search = self.game, self.seat, self.search
        n = seats(state)
        rng = random.Random(stream)
        after = simulate(game, state, seat, command, rng)
        if game.result(after) is not None:
            return outcome(game, after, n, search.scale)
        if n > 1 and set(game.to_act(after)) == {seat}:  # alone at a solo table, every command is "again"
            legal = game.legal(after, seat)
            if len(legal) > 1:
                follow = search.candidates(game.view(after, seat), seat, legal, random.Random(stream ^ 0x5F0110))
                follow = follow[:FOLLOW] + [c for c in legal if c not in follow[:FOLLOW] and self.decides(after, c)]
                best = None
                for nxt in follow:
                    rewards = search.rates(after, seat, nxt, random.Random(stream ^ 0xF011))
                    if best is None or rewards[seat] > best[seat]:
                        best = rewards
                return best
        return outcome(game, play_out(game, after, seat, search.policy, search.depth, rng), n, search.scale)

    def decides(self, state: Any, command: Any) -> bool:
        """Whether ``command`` ends the game in ``state`` with ``seat`` among its winners."""
        try:
            after = simulate(self.game, state, self.seat, command, random.Random(0))
        except Exception:  # a command this dealt state refuses: not a sure win here
            return False
        result = self.game.result(after)
        return result is not None and self.seat in result.winners


def _rounds(game: Game, view: Any, seat: int, rater: Rater, commands: list, rounds: int, rng: random.Random,
            end: float | None, least: int = 2) -> tuple[list[list[float]], list[list[float]]]:
    """Up to ``rounds`` paired rounds (each a state dealt from ``view``, every command
    played from it on one stream), none begun after ``end`` once ``least`` are played:
    each command's rewards for ``seat``, and every seat's summed rewards."""
    rewards: list[list[float]] = [[] for _ in commands]
    totals: list[list[float]] = [[] for _ in commands]
    for k in range(max(1, rounds)):
        if end is not None and k >= least and time.perf_counter() >= end:
            break
        state = game.sample(view, seat, random.Random(rng.getrandbits(64)))
        stream = rng.getrandbits(64)
        for i, command in enumerate(commands):
            everyone = rater.rates(state, command, stream)
            rewards[i].append(everyone[seat])
            totals[i] = [a + b for a, b in zip(totals[i], everyone)] if totals[i] else list(everyone)
    return rewards, totals


#: Standard errors a command's paired mean must stand from the ``normal`` bot's choice's
#: for the play-outs to have told them apart (``rollouts.tells_apart``; the rollout
#: search's own ``z``).
TELL = 1.5


def evaluate(game: Game, view: Any, seat: int, legal: list, *, names: list[str], rounds: int = 24,
             width: int = 6, include: tuple = (), seed: int = 0, seconds: float | None = None) -> list[Evaluation]:
    """Rate up to ``width`` of ``legal`` (the ``normal`` bot's first ideas, as the rollout
    search picks them), every command of ``include`` (a move played) and every command
    that wins on the spot in a state dealt from ``view``, by ``rounds`` paired play-outs
    each (``Rater``: a decided game is worth its result, the seat's own follow-up in the
    same turn is searched), from ``view`` (with ``seconds``, as many rounds as begin
    within them, at least 2 and at most ``rounds``); best first. ``names`` write the
    notation and, where the game has ``Game.explain``, each command's words (from
    ``view`` alone). A command's chance is its chance to win (``playout.outcome``). When
    the play-outs told no command apart from the ``normal`` bot's own choice
    (``tells_apart`` at ``TELL`` standard errors), every evaluation is ``indistinct`` and
    that choice comes first, as the ``expert`` bot would play it: the search has nothing
    trustworthy to add there.

    Raises ``ValueError`` when the game has no sampler (no search), or when ``legal`` is
    empty. Without ``seconds`` the same arguments give the same evaluations (``seed``)."""
    if not legal:
        raise ValueError("there is no legal command to rate")
    rater = Rater(game, seat, width)
    rng = random.Random(seed)
    commands = rater.search.candidates(view, seat, legal, random.Random(rng.getrandbits(64)))
    commands += [c for c in include if c in legal and c not in commands]
    if len(legal) > len(commands):  # a win on the spot is always among those rated
        dealt = game.sample(view, seat, random.Random(seed ^ 0x3A11))
        commands += [c for c in legal if c not in commands and rater.decides(dealt, c)]
    end = None if seconds is None else time.perf_counter() + seconds
    rewards, totals = _rounds(game, view, seat, rater, commands, rounds, rng, end) if len(commands) > 1 else ([[]], [[]])
    played = len(rewards[0])
    chances = {i: (sum(rewards[i]) / played if played else 1.0) for i in range(len(commands))}
    order = sorted(chances, key=lambda i: (-chances[i], i))
    indistinct = played >= 2 and not tells_apart(rewards, TELL)
    if indistinct:  # nothing told apart: the normal bot's own choice first (what expert plays then)
        order = [0] + [i for i in order if i != 0]
    top = rewards[order[0]]
    explain = game.explain
    return [Evaluation(game.notation(commands[i], names), round(chances[i], 4), played,
                       round(paired_error(top, rewards[i]), 4),
                       explain(commands[i], view, names) if explain is not None else "",
                       tuple(round(t / played, 4) for t in totals[i]) if played else (), indistinct)
            for i in order]


#: Student's t at 97.5 % for 1…10 degrees of freedom (a drop measured on k paired rounds
#: has k − 1): with a few rounds the standard error is itself a guess, and ``Z`` would
#: trust it too much.
T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23)
#: The least spread (0–1) a paired difference is taken to have: a handful of rounds that
#: happen to agree (a standard error of 0) do not make a drop certain. A drop of
#: ``NOISE`` is what a coin-flip play-out swings by over a few rounds.
NOISE = 0.25


def margin(error: float, rounds: int = 0) -> float:
    """How far below the measured drop its grade is read: ``Z`` standard ``error``s, or
    with ``rounds`` (≥ 2, the paired rounds it was measured on) Student's t for them
    (at least ``Z``) times the error, taken at least ``NOISE`` / √rounds; on one round,
    infinitely far (its noise is unknown: no flaw). ``rounds`` 0: not known."""
    if rounds == 1:
        return math.inf  # one round says nothing of its noise: no flaw on it
    if rounds < 2:
        return Z * error
    t = T975[rounds - 2] if rounds - 1 <= len(T975) else Z
    return max(Z, t) * max(error, NOISE / math.sqrt(rounds))


def grade(drop: float, best: bool = False, error: float = 0.0, rounds: int = 0) -> str:
    """The grade of a move whose chance is ``drop`` (0–1) below the best command's:
    "best" when it is the best rated (``best``) or no worse, then "good", "inaccuracy"
    (≥ ``INACCURACY``), "mistake" (≥ ``MISTAKE``), "blunder" (≥ ``BLUNDER``). The drop
    counts less its ``margin`` (``Z`` standard ``error``s, more on few ``rounds``): a
    move is flagged only when its drop clears the threshold beyond the play-outs'
    noise (docs/bots.md, "Grades")."""
    if best or drop <= 0.0:
        return "best"
    drop -= margin(error, rounds)
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "good"


def borderline(drop: float, error: float, rounds: int = 0) -> bool:
    """Whether a grade threshold lies within the ``margin`` of ``drop`` either way: more
    rounds could change the grade."""
    m = margin(error, rounds)
    return m > 0.0 and any(drop - m < t <= drop + m for t in (INACCURACY, MISTAKE, BLUNDER))


class MoveGrade(msgspec.Struct, frozen=True):
    """A move of a person graded: the ``ply`` (its place in the applied log, 1 = the first
    move), the ``seat`` that made it, the ``played`` command and its ``chance``, the
    ``best`` command the search found and its ``best_chance``, and the ``grade``;
    ``chances``: every seat's chance after the move played (0–1, seat order), as the
    mover estimated it from its view (empty in an analysis kept before it was added);
    ``error``: the standard error (0–1) of the drop from ``best_chance`` to ``chance``;
    ``indistinct``: the play-outs told no move of the position apart from the ``normal``
    bot's choice (``Evaluation.indistinct``), so the grade blames nothing: at worst
    "good"."""

    ply: int
    seat: int
    played: str
    chance: float
    best: str
    best_chance: float
    grade: str
    chances: list[float] = []
    error: float = 0.0
    indistinct: bool = False


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
    ``evaluate`` from its seat's view just before it (``grade_position``)."""
    game = session.game
    entry = session.applied_entries()[ply]
    state = session.state_at(ply)  # before this move
    return grade_position(game, game.view(state, entry.seat), entry.seat, game.legal(state, entry.seat),
                          entry.command, names=session.names, ply=ply, rounds=rounds, width=width,
                          seed=seed + ply, seconds=seconds)


def grade_position(game: Game, view: Any, seat: int, legal: list, played: Any, *, names: list[str], ply: int,
                   rounds: int = 24, width: int = 6, seed: int = 0, seconds: float | None = None) -> MoveGrade:
    """The grade of ``played`` (one of ``legal``) by ``seat`` from ``view``, its own view
    (nothing else is read), as the move at ``ply``, in two steps:

    1. ``evaluate`` with the played command among those rated, on half the ``rounds``,
       finds the best command;
    2. when that is not the move played and stands above it by ``INACCURACY`` or more
       (less, and the move is "good": the first step's best reads high, so the drop is
       smaller still), the two are measured again on fresh paired
       rounds (the other half), so the drop is free of the first step's bias (its best
       is the highest of several noisy means), and while a grade threshold lies within
       ``Z`` standard errors of the drop (``borderline``) more rounds are added, up to
       ``rounds`` × ``MOST`` in all (× 1.5 under ``MOST_FROM`` rounds); the grade
       counts the drop less its ``margin`` (``Z`` standard errors, Student's t on few
       rounds, the error at least ``NOISE``/√k). The best is the command rated
       highest, also where nothing was told apart and the hint is shown first.

    With ``seconds``, the first step takes half of them and the second the rest. A budget
    under 4 rounds is one step: ``evaluate`` on them, graded with their own noise. Raises
    ``ValueError`` as ``evaluate`` does."""
    end = None if seconds is None else time.perf_counter() + seconds
    if rounds < 4:  # too small a budget to measure twice: one step, its own noise
        rated = evaluate(game, view, seat, legal, names=names, rounds=rounds, width=width, include=(played,),
                         seed=seed, seconds=seconds)
        text = game.notation(played, names)
        mine = next(e for e in rated if e.notation == text)
        top = rated[0]
        graded = grade(top.chance - mine.chance, best=top.notation == text, error=mine.error, rounds=max(1, mine.rounds))
        return MoveGrade(ply, seat, text, mine.chance, top.notation, top.chance, _blameless(graded, mine.indistinct),
                         list(mine.seats), mine.error, mine.indistinct)
    half = max(2, rounds // 2)
    rated = evaluate(game, view, seat, legal, names=names, rounds=half, width=width, include=(played,),
                     seed=seed, seconds=None if seconds is None else seconds / 2)
    text = game.notation(played, names)
    mine = next(e for e in rated if e.notation == text)
    top = max(rated, key=lambda e: (e.chance, e.notation == text))  # the highest mean, not the hint shown first
    if top.notation == text:
        return MoveGrade(ply, seat, text, mine.chance, top.notation, top.chance, "best", list(mine.seats),
                         indistinct=mine.indistinct)
    if top.chance - mine.chance < INACCURACY:  # below the first threshold even against a best that reads high
        return MoveGrade(ply, seat, text, mine.chance, top.notation, top.chance, "good", list(mine.seats),
                         mine.error, mine.indistinct)
    best = next(c for c in legal if game.notation(c, names) == top.notation)
    rater = Rater(game, seat, width)
    rng = random.Random(seed ^ 0x2F8E5C1D)  # fresh rounds, apart from the first step's
    rewards: list[list[float]] = [[], []]
    totals: list[list[float]] = [[], []]
    chunk, cap = max(2, rounds - half), max(2, int(rounds * (MOST if rounds >= MOST_FROM else 1.5)) - half)
    while True:
        more, summed = _rounds(game, view, seat, rater, [best, played], min(chunk, cap - len(rewards[0])), rng, end)
        for i in (0, 1):
            rewards[i] += more[i]
            totals[i] = [a + b for a, b in zip(totals[i], summed[i])] if totals[i] else summed[i]
        drop, error = paired_difference(rewards[0], rewards[1])
        if len(rewards[0]) >= cap or not borderline(drop, error, len(rewards[0])) or (end is not None and time.perf_counter() >= end):
            break
    k = len(rewards[0])
    chance, best_chance = sum(rewards[1]) / k, sum(rewards[0]) / k
    seen = [round(t / k, 4) for t in totals[1]]
    if drop <= 0.0:  # measured again, the move played is as good: it is the best found
        return MoveGrade(ply, seat, text, round(chance, 4), text, round(chance, 4), "best", seen, round(error, 4),
                         mine.indistinct)
    graded = grade(drop, error=error, rounds=k)  # the fresh rounds are evidence of their own
    return MoveGrade(ply, seat, text, round(chance, 4), top.notation, round(best_chance, 4), graded, seen,
                     round(error, 4), mine.indistinct and graded not in FLAWS)


def _blameless(graded: str, indistinct: bool) -> str:
    """``graded``, or "good" in its place when the play-outs told nothing apart."""
    return "good" if indistinct and graded in FLAWS else graded


def foreseen(game: Game, before: Any, seat: int, command: Any, after: Any, tries: int = 3) -> bool:
    """Whether ``seat`` could foresee, from its view of ``before``, exactly the view of
    ``after`` that ``command`` led to: in ``tries`` states dealt from that view and played
    on with other random streams, ``command`` leads to the same view. False when the
    move met chance (a roll, a draw) or revealed what the seat could not see."""
    view, want = game.view(before, seat), game.view(after, seat)
    for k in range(tries):
        try:
            got = simulate(game, game.sample(view, seat, random.Random(k)), seat, command, random.Random(k + 1))
        except Exception:  # a dealt state that refuses the move: not foreseen
            return False
        if game.view(got, seat) != want:
            return False
    return True


def settle(session: Any, grades: list[MoveGrade], rounds: int = 24) -> list[MoveGrade]:
    """``grades`` (of ``session``'s moves, any order; graded on ``rounds`` rounds) with
    each move valued by the best its player did find after it in the same turn: where the
    next move of the log is the same seat's, acting alone, from a position the seat
    foresaw (``foreseen``: no chance met, nothing revealed), the move is worth at least
    what the next decision is worth (its best chance, or its own move's when that was
    better), as a chess engine values a move by its best reply line. The next decision's
    evaluation searches every command of it (``evaluate``), so a move that starts a plan
    is not charged for the one-command follow-up (``Rater``) missing the plan's end
    (issue 35: "flaws undone one decision later"). Settled from the last move back, so a
    whole turn's line counts. A grade only ever improves: the drop to the follow-up's
    value is graded with both estimates' noise (the move's paired error and the
    follow-up's ``√(c(1 − c)/rounds)``). The grades come back in ply order."""
    game = session.game
    entries = session.applied_entries()
    by = {g.ply: g for g in grades}
    for ply in sorted(by, reverse=True):
        g, nxt = by[ply], by.get(ply + 1)
        if nxt is None or nxt.seat != g.seat or entries[ply + 1].seat != g.seat:
            continue
        after = session.state_at(ply + 1)
        if set(game.to_act(after)) != {g.seat}:
            continue
        worth = max(nxt.best_chance, nxt.chance)
        if worth <= g.chance or not foreseen(game, session.state_at(ply), g.seat, entries[ply].command, after):
            continue
        drop = g.best_chance - worth
        chances = list(g.chances)
        if len(chances) > g.seat:
            chances[g.seat] = round(worth, 4)
        if drop <= 0.0 or g.grade == "best":
            by[ply] = msgspec.structs.replace(g, chance=round(worth, 4), best=g.played, best_chance=round(worth, 4),
                                              grade="best", chances=chances, error=0.0)
            continue
        error = math.sqrt(g.error ** 2 + worth * (1.0 - worth) / max(1, rounds))
        settled = grade(drop, error=error, rounds=rounds)
        by[ply] = msgspec.structs.replace(g, chance=round(worth, 4), chances=chances, error=round(error, 4),
                                          grade=GRADES[min(GRADES.index(settled), GRADES.index(g.grade))])
    return [by[p] for p in sorted(by)]


def analyse(session: Any, seat: int | None = None, *, rounds: int = 24, width: int = 6,
            seed: int = 0) -> list[MoveGrade]:
    """Grade every move of the people of ``session`` (an ``engine.LocalSession``), or of
    ``seat`` alone (``moves_to_grade``), in order, each valued by the best its player did
    after it in the same turn (``settle``). Raises ``ValueError`` when the game has no
    sampler."""
    grades = [grade_move(session, ply, rounds=rounds, width=width, seed=seed) for ply in moves_to_grade(session, seat)]
    return settle(session, grades, rounds)


#: The way grades are worked out (``grade_position``, ``settle``), as a number kept with
#: an analysis: one kept by an earlier way (0: before a decided game scored its result
#: and the drop was measured again; 1: before a move was valued by the rest of its
#: turn; 2: before the best was the command rated highest, a drop near a threshold was
#: measured longer and a drop under the first threshold was good at once) is made again.
METHOD = 3


class Analysis(msgspec.Struct):
    """An analysis as stored beside its save (``stored_path``): the save's ``entries``
    count when it was made (a save played on is analysed again), the ``seat`` analysed
    (None: every person), its budget (``rounds``, ``seconds``), the ``grades``, the
    ``seed`` of its play-outs and the ``method`` (``METHOD``) it was made by."""

    entries: int
    seat: int | None
    rounds: int
    seconds: float | None
    grades: list[MoveGrade]
    seed: int = 0
    method: int = 0


#: How the name of an analysis kept beside its save ends (not a save: a save list skips it).
SUFFIX = ".analysis.json"


def stored_path(save: str | os.PathLike) -> str:
    """Where the analysis of the save at ``save`` is kept: beside it, ``NAME.analysis.json``."""
    path = os.fspath(save)
    return (path[:-5] if path.endswith(".json") else path) + SUFFIX


def stored(save: str | os.PathLike, session: Any, seat: int | None,
           budget: tuple[int, int, float | None] | None = None) -> Analysis | None:
    """The analysis kept beside ``save`` for ``session`` (the save as loaded) and
    ``seat`` (None: every person's), made by this ``METHOD`` and, when ``budget`` is
    given, with that ``(seed, rounds, seconds)``; or None, so that the game is analysed
    again: none kept, one of another log, seat, method or budget, a file that is not a regular file or is too big
    (``engine.core.files``), that does not decode, or whose grades do not fit the save
    (``fits``: a crafted or stale file never reaches a printer or the replay)."""
    from .errors import SaveError
    from .files import read_regular

    try:
        kept = msgspec.json.decode(read_regular(stored_path(save), "kept analysis"), type=Analysis)
    except (SaveError, msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return None
    if kept.method != METHOD or (budget is not None and (kept.seed, kept.rounds, kept.seconds) != budget):
        return None
    return kept if kept.seat in (seat, None) and fits(kept, session) else None


def fits(kept: Analysis, session: Any) -> bool:
    """Whether the analysis ``kept`` fits ``session``'s log: as many entries, and every
    grade of a move there (a ply of the applied line after the setup, by the seat that
    made it), with a known grade and chances between 0 and 1 (as many as there are
    seats, or none)."""
    if kept.entries != len(session.entries):
        return False
    n = len(session.seats)
    for g in kept.grades:
        if not (0 < g.ply < session.ply and session.applied_seat(g.ply) == g.seat and g.grade in GRADES):
            return False
        chances = (g.chance, g.best_chance, *g.chances)
        if len(g.chances) not in (0, n) or not all(0.0 <= c <= 1.0 for c in chances):  # NaN fails too
            return False
    return True


#: A worker's last loaded save: (its bytes, the session), so the moves of one game are
#: graded without loading it again for each.
_loaded: tuple[bytes, Any] | None = None


def grade_task(data: bytes, ply: int, rounds: int = 24, width: int = 6, seconds: float | None = None,
               seed: int = 0) -> MoveGrade:
    """``grade_move`` for a worker process (``engine.core.thinking.run`` or a pool): the
    game arrives as its save file's bytes (``save_write.dumps``), loaded once per worker.
    Raises ``SaveError`` for bytes that are not a save."""
    global _loaded
    if _loaded is None or _loaded[0] != data:
        from .save_read import loads

        _loaded = (data, loads(data))
    return grade_move(_loaded[1], ply, rounds=rounds, width=width, seconds=seconds, seed=seed)


def _grade_in_worker(task: tuple) -> MoveGrade:
    return grade_task(*task)


def keep(save: str | os.PathLike, analysis: "Analysis") -> None:
    """Write ``analysis`` beside the save at ``save`` (``stored_path``), as JSON, atomically
    (``save_write.write_atomic``). Raises ``OSError`` when it cannot be written."""
    from .save_write import write_atomic

    write_atomic(stored_path(save), msgspec.json.format(msgspec.json.encode(analysis)))


def analyse_save(save: str | os.PathLike, seat: int | None = None, *, rounds: int = 24, width: int = 6,
                 seconds: float | None = None, jobs: int = 1, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None, session: Any = None) -> Analysis:
    """Analyse the save at ``save`` (every person, or ``seat``) with the play-outs of
    ``seed`` and keep the analysis beside it (``stored_path``); one kept already for this
    log, seat, seed and budget is returned instead, so a game is analysed once (another
    ``seed`` shows how much of a grade is the play-outs' noise). ``jobs`` worker processes grade moves side by
    side; ``progress(done, total)`` after each. Raises ``SaveError`` for a broken save,
    ``ValueError`` when the game has no sampler, ``OSError`` when the analysis cannot be
    written (the grades are lost then only from the disk). ``session``: the save as the
    caller loaded it already (it is not loaded again)."""
    from .save_read import loads, read

    data = None
    if session is None:
        data = read(save)
        session = loads(data, name=os.path.basename(os.fspath(save)))
    entries = len(session.entries)
    kept = stored(save, session, seat, (seed, rounds, seconds))
    if kept is not None:
        grades = [g for g in kept.grades if seat is None or g.seat == seat]
        return Analysis(entries, seat, kept.rounds, kept.seconds, grades, seed, METHOD)
    if data is None:  # the workers load the save's bytes themselves
        data = read(save)
    plies = moves_to_grade(session, seat)
    grades: list[MoveGrade] = []
    for g in _grades(session, data, plies, rounds, width, seconds, jobs, seed):
        grades.append(g)
        if progress is not None:
            progress(len(grades), len(plies))
    grades = settle(session, grades, rounds)
    analysis = Analysis(entries, seat, rounds, seconds, grades, seed, METHOD)
    keep(save, analysis)
    return analysis


def _grades(session: Any, data: bytes, plies: list[int], rounds: int, width: int, seconds: float | None,
            jobs: int, seed: int = 0) -> Iterator[MoveGrade]:
    if jobs <= 1 or len(plies) <= 1:
        for ply in plies:
            yield grade_move(session, ply, rounds=rounds, width=width, seconds=seconds, seed=seed)
        return
    with multiprocessing.Pool(min(jobs, len(plies))) as pool:
        yield from pool.imap_unordered(_grade_in_worker, [(data, ply, rounds, width, seconds, seed) for ply in plies])


async def grades_off_loop(data: bytes, plies: list[int], *, rounds: int = 24, width: int = 6,
                          seconds: float | None = None, parallel: int = 1) -> AsyncIterator[MoveGrade]:
    """Grade the moves at ``plies`` of the game saved as ``data`` (``save_write.dumps``) in
    ``engine.core.thinking``'s worker processes, ``parallel`` at a time, never on the
    event loop; each grade as it comes (not in ply order). For a screen that stays
    responsive while a game is analysed. Raises what ``grade_task`` raises."""
    from . import thinking

    waiting = iter(plies)
    running: set[asyncio.Task] = set()

    def more() -> None:
        for ply in waiting:
            running.add(asyncio.ensure_future(thinking.run(grade_task, data, ply, rounds, width, seconds)))
            if len(running) >= max(1, parallel):
                return

    more()
    try:
        while running:
            done, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            running.difference_update(done)
            more()
            for task in done:
                yield task.result()
    finally:
        for task in running:
            task.cancel()


def hint_refusal(session: Any, seat: int) -> str | None:
    """Why ``seat`` may not have a hint now (one sentence), or None when it may: a bot
    plays it, the game is over, it is not to act, or it has only one legal command.
    ``session``: an ``engine.LocalSession`` or anything with its ``is_bot``, ``result``
    and ``legal`` (notations; empty when the seat is not to act), such as a shared
    room's table as a client holds it."""
    if session.is_bot(seat):
        return "A bot plays your seat now: there is no move of yours to hint."
    if session.result() is not None:
        return "The game is over: there is no move to hint."
    legal = session.legal(seat)
    if not legal:
        return "A hint is for your own move: wait for your turn."
    if len(legal) < 2:
        return f"You have only one move here: {legal[0]}."
    return None


#: How many of a seat's best commands a hint shows.
HINTS = 3
#: Play-out rounds a hint's search plays for each command at most (about a second on one
#: core), and the seconds it may take (rounds begun within them; at least two): a
#: screen's progress bar runs against the seconds.
HINT_ROUNDS, HINT_SECONDS = 24, 1.5


def hint(game: Game, view: Any, seat: int, legal: list, *, names: list[str], rounds: int = 24,
         seed: int = 0, seconds: float | None = None) -> list[Evaluation]:
    """The ``HINTS`` best commands of ``legal`` for ``seat`` from ``view`` (its own view:
    nothing else is read), each with its chance and its words, best first (``evaluate``,
    ``rounds`` at most, within ``seconds`` when given). Commands that read the same in
    words are one move to a player (Dice Upon a Time's two Fox sockets, ``fox1`` and
    ``fox2``, alike in every rule): only the best rated of them takes a slot."""
    moves, said = [], set()
    for rated in evaluate(game, view, seat, legal, names=names, rounds=rounds, seed=seed, seconds=seconds):
        if rated.words and rated.words in said:
            continue
        said.add(rated.words)
        moves.append(rated)
    return moves[:HINTS]


def hint_task(slug: str, view: bytes, legal: bytes, seat: int, names: list[str] | tuple[str, ...], rounds: int,
              seed: int, seconds: float | None = None) -> list[Evaluation]:
    """``hint`` for a worker process (``engine.core.thinking.run``): the view and the
    legal commands arrive as msgpack bytes of the game's types."""
    from .registry import get

    game = get(slug)
    decoded = msgspec.msgpack.decode(view, type=game.view_type)
    commands = msgspec.msgpack.decode(legal, type=list[game.command_type])
    return hint(game, decoded, seat, commands, names=list(names), rounds=rounds, seed=seed, seconds=seconds)


def hint_args(game: Game, view: Any, seat: int, legal: list, names: list[str], seed: int,
              rounds: int = HINT_ROUNDS, seconds: float | None = HINT_SECONDS) -> tuple:
    """The arguments of ``hint_task`` (to pass to ``engine.core.thinking.run``) for
    ``seat``'s hint from ``view`` (that seat's own view: nothing else may be given) and
    its ``legal`` commands: ``(slug, view bytes, legal bytes, seat, names, rounds, seed,
    seconds)``, hashable, so equal questions can share one answer. Raises ``TypeError``
    when the view or a command cannot be encoded."""
    return (game.slug, msgspec.msgpack.encode(view), msgspec.msgpack.encode(legal), seat, tuple(names), rounds, seed,
            seconds)
