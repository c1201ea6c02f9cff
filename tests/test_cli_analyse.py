"""``boxtop analyse`` (issue 26, "Analysis of a finished or saved game"): every person's
move of a saved game graded against the search from that seat's view, kept beside the
save so that it is computed once."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import msgspec
import pytest

import engine

from engine.core.analysis import Analysis, moves_to_grade, stored_path
from test_golden_saves import FILES, SAVES
from tui.cli import main



def copy(tmp_path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    return path


def test_analyse_grades_the_persons_moves_and_keeps_the_analysis_beside_the_save(tmp_path, capsys):
    path = copy(tmp_path, "naughty-or-nice-full.json")  # ann and three bots
    assert main(["analyse", str(path), "--rounds", "2", "--jobs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    moves = [line for line in out if " · ann: " in line]
    assert moves and all(" · bot" not in line for line in out)  # bots' moves are not graded
    assert all(any(f"— {g}:" in line for g in ("best", "good", "inaccuracy", "mistake", "blunder")) for line in moves)
    assert out[-1].startswith("ann: ") and "best" in out[-1]
    kept = Path(stored_path(path))
    assert kept.name == "naughty-or-nice-full.analysis.json"
    analysis = msgspec.json.decode(kept.read_bytes(), type=Analysis)
    assert len(analysis.grades) == len(moves) and analysis.rounds == 2
    # computed once: a second run prints the kept analysis without searching again
    before = os.stat(kept).st_mtime_ns
    assert main(["analyse", str(path), "--rounds", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == out and os.stat(kept).st_mtime_ns == before


def test_analyse_one_seat_and_an_unknown_seat_is_one_line(tmp_path, capsys):
    path = copy(tmp_path, "giftbringer-three.json")
    assert main(["analyse", str(path), "--seat", "zed", "--rounds", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "zed has no seat in this game" in err
    seat = msgspec.json.decode(path.read_bytes())["seats"][0]
    name = seat["name"] if isinstance(seat, dict) else seat
    assert main(["analyse", str(path), "--seat", name.upper(), "--rounds", "2", "--width", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all(f" · {name}: " in line for line in out if " · " in line)



@pytest.mark.parametrize("name", FILES)  # every example game in saves/
def test_analyse_every_example_game(tmp_path, capsys, name):
    # Issue 26, "Done means": boxtop analyse on every example save (the smallest budget:
    # one round, one command besides the one played; the budget is docs/bots.md's).
    path = copy(tmp_path, name)
    assert main(["analyse", str(path), "--rounds", "1", "--width", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    session = engine.load(path)
    graded = moves_to_grade(session)
    kept = msgspec.json.decode(Path(stored_path(path)).read_bytes(), type=Analysis)
    assert [g.ply for g in kept.grades] == graded
    assert len([line for line in out if " · " in line]) == len(graded)
    if not graded:
        assert out == ["no move to grade: every move was a bot's or had no other choice"]
    else:
        people = {session.names[g.seat] for g in kept.grades}
        assert {line.split(":")[0] for line in out if " · " not in line} == people  # a count of grades each


def test_analyse_numbers_moves_as_the_save_and_the_replay_do_and_reports_progress_off_a_terminal(tmp_path, capsys):
    # A line of `boxtop analyse` must be found again in the replay (its "entry N of M")
    # and in `replay --print`: one number per entry, the save's own (the setup 0, the
    # first move 1), even after an undo took entries back. Off a terminal (here stderr is
    # captured) it reports progress on stderr instead of staying silent for minutes.
    from engine import Seat
    from engine.core.save_write import save

    s = engine.new_game("gift-trap", ["ann", Seat("bot2", "heuristic"), Seat("bot3", "heuristic")], seed=1,
                        undo="casual")
    s.play("ann", "deal red")
    s.run_bots()
    s.play("ann", "give 1 to bot2")
    s.undo("ann")  # entries 8 and 9 leave the line: the next move is entry 10, its 8th
    for move in ("give 2 to bot2", "give 3 to bot3", "done"):
        s.play("ann", move)
    s.run_bots()
    path = tmp_path / "undone.json"
    save(s, path)
    assert main(["analyse", str(path), "--rounds", "1", "--width", "1"]) == 0
    out, err = capsys.readouterr()
    graded = [line for line in out.splitlines() if " · ann: " in line]
    numbers = [int(line.split(" · ")[0]) for line in graded]
    assert 10 in numbers and 8 not in numbers  # "give 2 to bot2" is entry 10 of the save
    progress = [line for line in err.splitlines() if line.startswith("moves ")]
    assert progress[0].startswith("moves 1/") and progress[-1].startswith(f"moves {len(graded)}/{len(graded)} · ")
    assert main(["replay", str(path), "--print"]) == 0
    printed = capsys.readouterr().out.splitlines()
    for line in graded:
        number, rest = line.split(" · ", 1)
        move = rest.split(" — ")[0]  # "ann: give 2 to bot2"
        assert f"{int(number):5d} {move}" in printed


def test_analyse_seed_keys_the_kept_analysis_and_json_gives_one_object_a_move(tmp_path, capsys):
    # Issue 35, item 4: `--seed K` (another seed shows the play-outs' noise; the kept
    # analysis is keyed by its seed and budget) and `--json`, one object per graded move.
    path = copy(tmp_path, "naughty-or-nice-full.json")
    assert main(["analyse", str(path), "--rounds", "2", "--width", "2", "--seed", "5", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [msgspec.json.decode(line) for line in lines]
    session = engine.load(path)
    assert [r["ply"] for r in rows] == moves_to_grade(session) and len(rows) == 17
    for r in rows:
        assert set(r) == {"entry", "ply", "seat", "player", "command", "grade", "chance", "best", "best_chance",
                          "error", "indistinct", "seed"}
        assert r["player"] == "ann" and r["seed"] == 5 and r["entry"] == session.applied_seq(r["ply"])
        assert 0 <= r["chance"] <= 1 and 0 <= r["best_chance"] <= 1 and r["error"] >= 0
        assert (r["grade"] == "best") == (r["best"] == r["command"])
    kept = Path(stored_path(path))
    before = os.stat(kept).st_mtime_ns
    assert main(["analyse", str(path), "--rounds", "2", "--width", "2", "--seed", "5", "--json"]) == 0  # kept
    assert capsys.readouterr().out.splitlines() == lines and os.stat(kept).st_mtime_ns == before
    assert main(["analyse", str(path), "--rounds", "2", "--width", "2", "--seed", "6", "--json"]) == 0  # graded again
    again = [msgspec.json.decode(line) for line in capsys.readouterr().out.splitlines()]
    assert {r["seed"] for r in again} == {6} and os.stat(kept).st_mtime_ns != before
    assert msgspec.json.decode(kept.read_bytes(), type=Analysis).seed == 6
    with pytest.raises(SystemExit) as bad:
        main(["analyse", str(path), "--seed", "x"])
    assert bad.value.code == 2 and "--seed: 'x' is not a whole number" in capsys.readouterr().err
