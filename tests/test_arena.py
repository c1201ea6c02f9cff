"""The arena (issue 24, must-hold 4): ``boxtop arena SLUG --seats expert,normal --games N``
plays seeded games with the seats rotated and prints, for each seat kind, its wins with a
95 % interval and its seconds a move (``engine.core.arena``, ``tui.cli.cmd_arena``)."""

import re

import pytest

from engine.core import arena
from engine.core.strengths import BUDGETS
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("k, n, low, high", [
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (8, 10, 0.4902, 0.9433), (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0), (0, 0, 0.0, 1.0),
])
def test_wilson_gives_the_known_95_percent_intervals(k, n, low, high):
    # Wilson (1927); 0 of 10 → 0–0.2775 and 5 of 10 → 0.2366–0.7634 are the textbook values
    assert arena.wilson(k, n) == pytest.approx((low, high), abs=5e-5)


def test_wilson_takes_shared_wins_and_refuses_more_wins_than_games():
    assert arena.wilson(1 / 3 + 1 / 3 + 1 / 3, 1)[1] == pytest.approx(1.0)
    low, high = arena.wilson(2.5, 5)
    assert low < 0.5 < high and low + high == pytest.approx(1.0)
    with pytest.raises(ValueError):
        arena.wilson(6, 5)


def test_the_lineup_seats_the_first_kind_once_and_the_others_fill_the_rest_in_turn():
    assert arena.lineup(["expert", "normal"], 2) == ["expert", "normal"]
    assert arena.lineup(["expert", "normal"], 3) == ["expert", "normal", "normal"]
    assert arena.lineup(["expert", "hard", "normal"], 5) == ["expert", "hard", "normal", "hard", "normal"]
    assert arena.lineup(["normal"], 3) == ["normal"] * 3
    with pytest.raises(arena.ArenaError, match="3 seat kinds need at least 3 players"):
        arena.lineup(["expert", "hard", "normal"], 2)


def test_the_rotation_puts_each_entry_of_the_lineup_in_each_seat_once_every_players_games():
    lineup = ["expert", "normal", "normal"]
    tables = [arena.seating(lineup, g) for g in range(6)]
    assert tables[0] == lineup
    assert tables[1] == ["normal", "expert", "normal"]
    assert [t.index("expert") for t in tables] == [0, 1, 2, 0, 1, 2]
    for seat in range(3):
        assert sorted(t[seat] for t in tables[:3]) == sorted(lineup)


def test_the_search_kinds_budget():
    assert arena.budget("expert") == BUDGETS["expert"]
    assert arena.budget("hard", seconds=0.5) == (10**9, 0.5)  # --time alone: the clock alone
    assert arena.budget("hard", iterations=7) == (7, None)  # --iterations alone: no clock
    assert arena.budget("expert", seconds=0.5, iterations=7) == (7, 0.5)


def _row(out: str, kind: str) -> list[str]:
    # the kind's row of the table (a search kind's budget line starts with its name too)
    line = next(line for line in out.splitlines() if line.split()[:1] == [kind] and line.split()[1].isdigit())
    return line.split()


def test_arena_prints_each_kinds_games_wins_interval_and_seconds_a_move(capsys):
    code, out, err = run(capsys, "arena", "giftbringer", "--seats", "easy,normal", "--games", "4", "--jobs", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Giftbringer · 4 games, seeds 0–3 · 1 job"
    assert lines[1] == "seats: easy, normal (2 players), rotated one seat each game"
    assert lines[2].split() == ["kind", "seats", "games", "wins", "won", "95", "%", "interval", "chance", "moves",
                                "s/move", "longest"]
    assert len(lines) == 5 and all(len(line) <= 80 for line in lines)
    # the same games, played here: seed 0 easy first, seed 1 normal first, …
    records = [arena.play_game("giftbringer", arena.seating(["easy", "normal"], g), g) for g in range(4)]
    assert [r.kinds for r in records] == [("easy", "normal"), ("normal", "easy")] * 2
    total = 0.0
    for t in arena.tally(records, ["easy", "normal"]):
        kind, seats, games, wins, won, interval, _pct, chance, moves, mean, longest = _row(out, t.kind)
        assert (int(seats), int(games), float(wins), int(moves)) == (1, 4, pytest.approx(t.wins, abs=0.01), t.moves)
        assert won == f"{t.wins / 4:.1%}" and chance == "50.0%"
        low, high = arena.wilson(float(wins), 4)
        assert interval == f"{100 * low:.1f}–{100 * high:.1f}"
        assert 0 <= float(mean) <= float(longest) < 5 and float(longest) > 0  # 4 decimals: a fast bot may show 0.0000
        total += float(wins)
    assert total == pytest.approx(4)  # every game of Giftbringer has a winner (ties share it)
    assert "game 4/4" in err  # the progress, one line a game when stderr is no terminal


def test_arena_games_in_two_worker_processes_are_the_same_games(capsys):
    code, out, err = run(capsys, "arena", "giftbringer", "--seats", "easy,normal", "--games", "2", "--jobs", "2",
                         "--seed", "5")
    assert code == 0, err
    assert out.splitlines()[0] == "Giftbringer · 2 games, seeds 5–6 · 2 jobs"
    records = [arena.play_game("giftbringer", arena.seating(["easy", "normal"], g), 5 + g) for g in range(2)]
    for t in arena.tally(records, ["easy", "normal"]):
        row = _row(out, t.kind)
        assert (float(row[3]), int(row[8])) == (pytest.approx(t.wins, abs=0.01), t.moves)


def test_arena_search_kinds_by_iterations_play_the_same_game_twice(capsys):
    # --iterations alone: no clock, so a seeded game with a search bot is the same anywhere
    argv = ["arena", "giftbringer", "--seats", "hard,normal", "--games", "1", "--iterations", "2", "--seed", "3"]
    outs = []
    for _ in range(2):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert "hard searches at most 2 iterations a move (no clock)" in out.splitlines()
        outs.append([(_row(out, kind)[3], _row(out, kind)[8]) for kind in ("hard", "normal")])  # wins, moves
    assert outs[0] == outs[1]
    record = arena.play_game("giftbringer", ["hard", "normal"], 3, iterations=2)
    assert [len(t) for t in record.times] == [int(moves) for _, moves in outs[0]]


@pytest.mark.parametrize("argv, said", [
    (["arena", "chess", "--seats", "easy,normal"], "unknown game 'chess'"),
    (["arena", "giftbringer", "--seats", "easy,wizard"], "Giftbringer has no bot 'wizard'; bots are: "),
    (["arena", "giftbringer", "--seats", "easy,normal", "--players", "1"], "2 seat kinds need at least 2 players"),
    (["arena", "bottlecap-vikings", "--seats", "easy,normal", "--players", "9"], "takes 2–"),
    (["arena", "giftbringer", "--seats", "easy,normal", "--option", "colour=red"], "giftbringer has no option 'colour'"),
])
def test_a_bad_game_kind_or_count_is_one_line_and_exit_2(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("boxtop: ") and said in err
    assert "Traceback" not in err


def test_a_bot_the_rules_refuse_is_one_line_naming_the_game_and_the_seat(monkeypatch, capsys):
    from engine.core.errors import IllegalCommand
    from engine.core.session import LocalSession

    def refuse(self):
        raise IllegalCommand("That space is taken.")

    monkeypatch.setattr(LocalSession, "step_bot", refuse)
    code, out, err = run(capsys, "arena", "giftbringer", "--seats", "easy,normal", "--games", "1", "--seed", "4")
    assert code == 2 and out == ""
    assert err == ("boxtop: Giftbringer, seed 4: the easy bot in seat 1 gave a command "
                   "the rules refuse: That space is taken.\n")
