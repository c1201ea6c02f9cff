"""The command line's contract for every registered game (docs/architecture.md, "The
command line"): ``boxtop games`` lists it with its player counts; ``boxtop demo`` plays
bots to a result and saves; ``boxtop verify`` re-decides the save; ``boxtop replay
--print`` prints the same game; the same game, seats, options and seed give the same
save, but for the clock times."""

from __future__ import annotations

import json
import re

import engine
from contract.kit import demo, each_game, refused_in_one_line, table_size
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game_with_its_player_counts(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [g.slug for g in engine.all_games()]
    for g in engine.all_games():
        assert re.search(rf"^{g.slug}\s+{g.title}\s+{g.min_players}–{g.max_players} players$", out, re.M)


@each_game()
def test_demo_plays_to_a_result_and_saves(slug):
    path, out = demo(slug)
    lines = out.splitlines()
    assert lines[-1] == f"saved: {path}"
    assert lines[-2].startswith("result: ") and out.count("result:") == 1
    session = engine.load(path)
    assert session.game.slug == slug and len(session.seats) == table_size(session.game, 0)
    assert [s.bot for s in session.seats] == ["heuristic"] * len(session.seats)
    result = session.result()
    assert result is not None and (result.winners or result.verdict)
    assert lines[-2].startswith(f"result: {result.summary(session.names)}")


@each_game()
def test_verify_redecides_the_demo(slug, capsys):
    path, out = demo(slug)
    code, vout, err = run(capsys, "verify", path)
    assert code == 0, err
    n = len(engine.load(path).entries)
    assert vout.splitlines() == [f"ok: {n} entries", out.splitlines()[-2]]


@each_game()
def test_replay_print_matches_the_demo_output(slug, capsys):
    path, out = demo(slug)
    code, rout, _ = run(capsys, "replay", path, "--print")
    assert code == 0
    assert rout == out.replace(f"saved: {path}\n", "")


def flags(game: engine.Game) -> list[tuple[list[str], str]]:
    """Bad flags every game refuses, with words the refusal must hold."""
    fewest, most = game.min_players, game.max_players
    spans = f"{fewest}–{most} players"
    out = [(["--players", str(most + 1)], f"{spans}, not {most + 1}"), (["--option", "turns=9"], "no option 'turns'"),
           (["--bot", "genius"], "no bot called 'genius'")]
    if fewest > 1:
        out.append((["--players", str(fewest - 1)], f"{spans}, not {fewest - 1}"))
    return out


@each_game()
def test_bad_flags_give_one_line(slug, capsys):
    """Too many or too few players, an option the game has not and a bot it has not:
    exit 2, nothing on stdout, one line on stderr that says what was wrong."""
    for argv, words in flags(engine.get_game(slug)):
        refused_in_one_line(capsys, ["demo", slug, *argv], words)


def _without_clock(data: bytes) -> dict:
    doc = json.loads(data)
    doc.pop("saved_at")
    for entry in doc["entries"]:
        entry.pop("at")
    return doc


@each_game()
def test_the_same_seed_gives_the_same_game(slug, tmp_path, capsys):
    """Two demos of the same seed print the same and save the same moves, events and
    header (``at`` and ``saved_at`` are clock times); a short game of random bots."""
    n = table_size(engine.get_game(slug), 0)
    outs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        code, out, err = run(capsys, "demo", slug, "--players", str(n), "--seed", "8", "--bot", "random",
                             "--save", str(path))
        assert code == 0, err
        outs.append(out.replace(str(path), "P"))
    assert outs[0] == outs[1]
    a, b = ((tmp_path / f"{x}.json").read_bytes() for x in "ab")
    assert _without_clock(a) == _without_clock(b)
    stamp = re.compile(rb'"(at|saved_at)":"[^"]*"')
    assert stamp.sub(b"", a) == stamp.sub(b"", b)
