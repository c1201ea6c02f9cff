"""Can the grades be trusted? (issue 35): the grades' audit, rerun on this code, its
figures printed and kept in ``extra_info`` for docs/bots.md ("Grades").

- **Two seeds.** Every person's move of four example saves (Dice Upon a Time's beginner
  game, Naughty or Nice's full game, Giftbringer's three-player game and Bottlecap
  Vikings' two-player game; at most 40 moves a save: an even spread and the last 6)
  graded with seeds 0 and 7919, at the default budget (24 rounds) and at 4 rounds (what
  ``--time 0.2`` gives): how often the grade differs by two grades or more, how often a
  move is a flaw in one run and best/good in the other, and a blunder in one run and
  best/good in the other.
- **Known answers.** Positions of the last 12 plies of finished games where a command
  wins on the spot whatever is dealt from the mover's view: that command's grade and
  chance (aim: best, 100 %), with both seeds.
- **Passing up the Throne** (Bottlecap Vikings, four games where ann plays ``normal``'s
  choices): ``end`` instead of ``advance T``, graded with both seeds (aim: blunder).
Every grade is settled as an analysis settles it (``settle``: a move valued by the rest
of its turn), so the moves after a picked one in the same turn are graded too.

- **Flaws undone one decision later.** Every flaw (seed 0, default budget) followed by
  another decision of the same seat: the best chance at that next decision against the
  best before the flaw; a flaw is undone when the next decision's best is within 5
  points of it (the move cost nothing after all).

Run: ``.venv/bin/pytest tests/bench/test_bench_grades.py --benchmark-enable --benchmark-only -s``
(about ten minutes on two cores).
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

import engine
from engine.core.analysis import FLAWS, GRADES, grade_move, grade_position, moves_to_grade, settle

sys.path.insert(0, str(Path(__file__).parent.parent))
from test_analysis_truth import generated, known_win  # noqa: E402

SAVES = Path(__file__).parent.parent.parent / "saves"
AUDITED = ("dice-upon-a-time-beginner.json", "naughty-or-nice-full.json", "giftbringer-three.json",
           "bottlecap-vikings-two.json")
SEEDS = (0, 7919)
#: Moves graded a save, as the audit picked them (0: every one).
MOST = {"dice-upon-a-time-beginner.json": 0, "naughty-or-nice-full.json": 0, "giftbringer-three.json": 40,
        "bottlecap-vikings-two.json": 40}
_loaded: dict = {}


def _session(name: str) -> engine.LocalSession:
    if name not in _loaded:
        _loaded[name] = engine.load(str(SAVES / name))
    return _loaded[name]


def _grade(task: tuple) -> tuple:
    name, ply, rounds, seed = task
    g = grade_move(_session(name), ply, rounds=rounds, seed=seed)
    return name, ply, rounds, seed, g


def picked(plies: list[int], most: int = 40) -> list[int]:
    """An even spread of at most ``most`` of ``plies``, and always the last 6 (the audit's)."""
    if not most or len(plies) <= most:
        return plies
    step = len(plies) / (most - 6)
    return sorted(set([plies[int(i * step)] for i in range(most - 6)] + plies[-6:]))


def flips(pairs: list[tuple]) -> dict:
    """The audit's table: of moves graded twice, the share differing by ≥ 2 grades, a flaw
    in one and best/good in the other, a blunder in one and best/good in the other."""
    n = len(pairs)
    two = flaw = blunder = 0
    for a, b in pairs:
        ia, ib = GRADES.index(a.grade), GRADES.index(b.grade)
        two += abs(ia - ib) >= 2
        flaw += max(ia, ib) >= 2 and min(ia, ib) <= 1
        blunder += "blunder" in (a.grade, b.grade) and min(ia, ib) <= 1
    pct = lambda k: round(100 * k / n, 1) if n else None  # noqa: E731
    return {"moves": n, "two_grades_apart_pct": pct(two), "flaw_vs_best_good_pct": pct(flaw),
            "blunder_vs_best_good_pct": pct(blunder)}


def with_turns(name: str, plies: list[int]) -> list[int]:
    """``plies`` and the graded moves that follow each in the same turn (the same seat
    again), which ``settle`` values it by."""
    s = _session(name)
    graded, entries, out = set(moves_to_grade(s)), s.applied_entries(), set(plies)
    for ply in plies:
        nxt = ply + 1
        while nxt in graded and entries[nxt].seat == entries[ply].seat:
            out.add(nxt)
            nxt += 1
    return sorted(out)


def test_bench_the_grades_audit(benchmark):
    def run() -> dict:
        chosen = {name: picked(moves_to_grade(_session(name)), MOST[name]) for name in AUDITED}
        tasks = [(name, ply, rounds, seed) for rounds in (24, 4) for name in AUDITED
                 for ply in with_turns(name, chosen[name]) for seed in SEEDS]
        with multiprocessing.get_context("forkserver").Pool(2) as pool:
            done = list(pool.imap_unordered(_grade, tasks, chunksize=4))
        raw: dict = {}
        for name, ply, rounds, seed, g in done:
            raw.setdefault((name, rounds, seed), []).append(g)
        by = {(name, g.ply, rounds, seed): g for (name, rounds, seed), gs in raw.items()
              for g in settle(_session(name), gs, rounds) if g.ply in chosen[name]}
        graded = {(name, g.ply, rounds, seed): g for (name, rounds, seed), gs in raw.items()
                  for g in settle(_session(name), gs, rounds)}
        figures: dict = {}
        for rounds in (24, 4):
            pairs = [(by[(n, p, rounds, SEEDS[0])], by[(n, p, rounds, SEEDS[1])])
                     for (n, p, r, sd) in by if r == rounds and sd == SEEDS[0]]
            figures[f"rounds_{rounds}"] = flips(pairs)
            for (n, p, r, sd), a in sorted(by.items()):
                b = by.get((n, p, r, SEEDS[1]))
                if r == rounds and sd == SEEDS[0] and b is not None and (a.grade in FLAWS) != (b.grade in FLAWS):
                    print(f"\nflip {rounds} rounds, {n} {p}: {a.played}: {a.grade} {a.chance} (best {a.best} "
                          f"{a.best_chance}, error {a.error}) / {b.grade} {b.chance} (best {b.best} {b.best_chance}, "
                          f"error {b.error})")
        # flaws undone one decision later (seed 0, the default budget)
        undone = flawed = 0
        for (name, ply, rounds, seed), g in sorted(by.items()):
            if rounds != 24 or seed != SEEDS[0] or g.grade not in FLAWS:
                continue
            s = _session(name)
            entries = s.applied_entries()
            nxt = ply + 1
            if nxt >= len(entries) or entries[nxt].seat != g.seat or len(s.game.legal(s.state_at(nxt), g.seat)) < 2:
                continue
            later = graded.get((name, nxt, 24, SEEDS[0])) or grade_move(s, nxt, seed=SEEDS[0])
            flawed += 1
            undone += later.best_chance >= g.best_chance - 0.05
            print(f"\nflaw {name} {ply}: {g.grade} {g.played} {g.chance} (best {g.best} {g.best_chance}, "
                  f"error {g.error}); next: {later.grade} {later.played} {later.chance}, best {later.best} {later.best_chance}")
        figures["flaws_followed_by_the_same_seat"] = flawed
        figures["flaws_undone_one_decision_later"] = undone
        # known answers: a win on the spot, and passing up the Throne
        wins, thrones = [], []
        finished = [engine.load(str(SAVES / n)) for n in ("dice-upon-a-time-beginner.json", "giftbringer-three.json",
                                                             "naughty-or-nice-level-1.json", "bottlecap-vikings-two.json")]
        finished += [generated("bottlecap-vikings", seed) for seed in (11, 12, 13, 14)]
        finished += [generated("dice-upon-a-time", seed, options={"cards": "full", "length": "short"})
                     for seed in (1, 4, 6)]
        for s in finished:
            found = known_win(s, last=12)
            if found is None:
                continue
            ply, seat, state, legal, win, _ = found
            view = s.game.view(state, seat)
            for seed in SEEDS:
                g = grade_position(s.game, view, seat, legal, win, names=s.names, ply=ply, seed=seed + ply)
                wins.append((g.grade, g.chance))
                end = next((c for c in legal if s.game.notation(c, s.names) == "end"), None)
                if s.game.slug == "bottlecap-vikings" and s.game.notation(win, s.names) == "advance T" and end:
                    t = grade_position(s.game, view, seat, legal, end, names=s.names, ply=ply, seed=seed + ply)
                    thrones.append(t.grade)
        figures["wins_on_the_spot_graded"] = len(wins)
        figures["wins_on_the_spot_best_at_100"] = sum(g == "best" and c == 1.0 for g, c in wins)
        figures["throne_passed_up_graded"] = len(thrones)
        figures["throne_passed_up_blunder"] = thrones.count("blunder")
        return figures

    figures = benchmark.pedantic(run, rounds=1, iterations=1)
    flat = {}
    for key, value in figures.items():
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            flat[key] = value
    benchmark.extra_info.update(flat)
    print(f"\nthe grades' audit: {flat}")
    assert figures["rounds_24"]["moves"] > 100
