"""Analysis speed (issue 26, must-hold 4): a 4-player Naughty or Nice game of four people,
every move graded at 0.2 s a move with two worker processes (``boxtop analyse PATH --time
0.2 --jobs 2``) in under a minute on 2 cores.

The game is four people's hot seat whose moves the ``normal`` bot chose (a save of people,
so every move with a choice is graded). The baseline beside it in the same run is the
budget's own floor: the graded moves × 0.2 s ÷ 2 workers (``extra_info``), what the
analysis would take if each move cost its budget and nothing else.

Run: ``.venv/bin/pytest tests/bench/test_bench_analysis.py --benchmark-enable --benchmark-only``.
"""

import random
from pathlib import Path

import engine
from engine.core import analysis, registry
from engine.core.save_file import save

SECONDS, JOBS = 0.2, 2


def four_people_naughty_or_nice(seed: int = 5) -> engine.LocalSession:
    """A whole 4-player Naughty or Nice game (level 5) of four people, each move the
    ``normal`` bot's choice from that person's view."""
    game = registry.get("naughty-or-nice")
    s = engine.new_game("naughty-or-nice", ["ann", "bob", "cyd", "dan"], seed=seed)
    bots = [game.bots["normal"](seed + i) for i in range(4)]
    rng = random.Random(seed)
    while s.result() is None:
        seat = s.to_act_seats()[0]
        s.submit(seat, bots[seat].choose(s.view(seat), s.legal_commands(seat), rng))
    return s


def test_analyse_a_four_player_naughty_or_nice_game(benchmark, tmp_path):
    path = tmp_path / "naughty.json"
    session = four_people_naughty_or_nice()
    save(session, path)
    moves = len(analysis.moves_to_grade(session))

    def fresh():  # each round analyses anew (a kept analysis is read back at once)
        Path(analysis.stored_path(path)).unlink(missing_ok=True)
        return (), {}

    done = benchmark.pedantic(lambda: analysis.analyse_save(path, seconds=SECONDS, jobs=JOBS),
                              setup=fresh, rounds=1, iterations=1)
    benchmark.extra_info.update(moves=moves, floor_s=round(moves * SECONDS / JOBS, 1))
    assert len(done.grades) == moves
