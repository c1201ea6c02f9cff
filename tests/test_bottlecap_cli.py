"""Bottlecap Vikings on the command line (issue 12, "Around it"): ``boxtop games`` lists
it; ``boxtop demo bottlecap-vikings --players 3 --seed 5 --save P``, ``boxtop verify P``
and ``boxtop replay P --print`` work; its options and bad flags give one line."""

import re

import pytest

import engine
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_bottlecap_vikings_with_player_counts(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert re.search(r"^bottlecap-vikings\s+Bottlecap Vikings\s+2–4 players$", out, re.M)
    assert [line.split()[0] for line in out.splitlines()] == [g.slug for g in engine.all_games()]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The issue's demo: 3 heuristic bots, seed 5, saved; returns (path, printed lines)."""
    path = tmp_path_factory.mktemp("bv") / "demo.json"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["demo", "bottlecap-vikings", "--players", "3", "--seed", "5", "--save", str(path)])
    assert code == 0
    return path, out.getvalue()


def test_demo_plays_to_a_win_and_saves(demo):
    path, out = demo
    lines = out.splitlines()
    assert lines[-1] == f"saved: {path}"
    assert lines[-2].startswith("result: ") and re.search(r"bot[123] wins", lines[-2])
    assert out.count("result:") == 1
    session = engine.load(path)
    assert session.game.slug == "bottlecap-vikings" and len(session.seats) == 3
    assert session.result() is not None and session.result().winners
    assert [s.bot for s in session.seats] == ["heuristic"] * 3


def test_verify_redecides_the_demo(demo, capsys):
    path, out = demo
    code, vout, err = run(capsys, "verify", str(path))
    assert code == 0, err
    n = len(engine.load(path).entries)
    assert vout.splitlines() == [f"ok: {n} entries", out.splitlines()[-2]]


def test_replay_print_matches_the_demo_output(demo, capsys):
    path, out = demo
    code, rout, _ = run(capsys, "replay", str(path), "--print")
    assert code == 0
    assert rout == out.replace(f"saved: {path}\n", "")


def test_the_same_seed_gives_the_same_game(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    outs = []
    for path in (a, b):
        code, out, _ = run(capsys, "demo", "bottlecap-vikings", "--players", "2", "--seed", "8", "--save", str(path))
        assert code == 0
        outs.append(out.replace(str(path), "P"))
    assert outs[0] == outs[1]
    # the moves and what they caused, not when they were made (``at`` is a clock time)
    same = [[(e.seq, e.seat, e.command, e.events) for e in engine.load(p).entries] for p in (a, b)]
    assert same[0] == same[1]


def test_demo_with_options_records_them(tmp_path, capsys):
    path = tmp_path / "g.json"
    layout = "1a 2b 3a 4b 5a 6b 7a 8b"
    code, out, err = run(capsys, "demo", "bottlecap-vikings", "--players", "2", "--seed", "8", "--bot", "random",
                         "--option", "sides=unique", "--option", f"layout={layout}", "--save", str(path))
    assert code == 0, err
    session = engine.load(path)
    assert session.options.sides == "unique" and session.options.layout == layout
    assert session.state.tiles == ((1, 0), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1), (7, 0), (8, 1))
    assert {p.side for p in session.state.players} <= {"Raider", "Merchant", "Healer", "Builder"}
    assert run(capsys, "verify", str(path))[0] == 0


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--players", "5"], "2–4 players, not 5"),
        (["--players", "1"], "2–4 players, not 1"),
        (["--option", "sides=sideways"], "sides"),
        (["--option", "layout=1a 1b"], "layout"),
        (["--option", "turns=9"], "no option 'turns'"),
        (["--bot", "genius"], "no bot called 'genius'"),
    ],
)
def test_bad_flags_give_one_line(capsys, argv, words):
    code, out, err = run(capsys, "demo", "bottlecap-vikings", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
