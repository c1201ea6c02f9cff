"""Naughty or Nice on the command line (issue 13, "Around it": "``boxtop demo
naughty-or-nice --players 4 --seed 5 --save P``, ``verify``, ``replay``"): ``boxtop
games`` lists it; the demo plays to a result and saves; ``verify`` re-decides it;
``replay --print`` prints the same game; its options and bad flags give one line."""

import contextlib
import io
import re

import pytest

import engine
import tui.games
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_naughty_or_nice_with_player_counts(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert re.search(r"^naughty-or-nice\s+Naughty or Nice\s+2–5 players$", out, re.M)
    assert [line.split()[0] for line in out.splitlines()] == [g.slug for g in engine.all_games()]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The issue's demo: 4 bots, seed 5, saved; returns (path, printed text)."""
    path = tmp_path_factory.mktemp("nn") / "demo.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["demo", "naughty-or-nice", "--players", "4", "--seed", "5", "--save", str(path)])
    assert code == 0
    return path, out.getvalue()


def test_demo_plays_to_a_result_and_saves(demo):
    """The demo plays the full game (level 5, the default) to its final scoring
    ("Endgame scoring") and saves it."""
    path, out = demo
    lines = out.splitlines()
    assert lines[-1] == f"saved: {path}"
    assert lines[-2].startswith("result: ") and re.search(r"bot[1-4] wins|share the win", lines[-2])
    assert out.count("result:") == 1
    session = engine.load(path)
    assert session.game.slug == "naughty-or-nice" and len(session.seats) == 4
    assert session.options.level == 5
    result = session.result()
    assert result is not None and result.winners
    assert all("total" in s for s in result.scores)
    assert session.state.midnight  # the game ended after midnight struck ("Ending the game")
    # the demo shows reaction windows being answered
    assert "may react." in out and re.search(r"^\s+\d+ bot[1-4]: pass$", out, re.M)


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


def test_replay_in_the_app_without_a_table_says_so_in_one_line(demo, capsys, monkeypatch):
    """``boxtop replay P`` opens the app; where the app has no Naughty or Nice table
    (before its screen is installed) it refuses in one line and points to ``--print``."""
    path, _ = demo
    monkeypatch.setattr(tui.games, "_TABLES", {k: v for k, v in tui.games._TABLES.items() if k != "naughty-or-nice"})
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Naughty or Nice cannot be played in the app yet" in err


def test_the_same_seed_gives_the_same_game(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    outs = []
    for path in (a, b):
        code, out, _ = run(capsys, "demo", "naughty-or-nice", "--players", "3", "--seed", "8", "--save", str(path))
        assert code == 0
        outs.append(out.replace(str(path), "P"))
    assert outs[0] == outs[1]
    same = [[(e.seq, e.seat, e.command, e.events) for e in engine.load(p).entries] for p in (a, b)]
    assert same[0] == same[1]


@pytest.mark.parametrize("level", [1, 3])
def test_demo_with_options_records_them(tmp_path, capsys, level):
    """ "Modularity": a level is an option; level 1 has no creatures and no gift givers,
    level 3 creatures; gift givers drawn at random ("you can also draw one randomly")."""
    path = tmp_path / "g.json"
    code, out, err = run(capsys, "demo", "naughty-or-nice", "--players", "2", "--seed", "8", "--bot", "random",
                         "--option", f"level={level}", "--option", "givers=random", "--save", str(path))
    assert code == 0, err
    session = engine.load(path)
    assert session.options.level == level and session.options.givers == "random"
    assert session.result() is not None
    assert all(p.giver == "" for p in session.state.players) == (level == 1)
    assert (session.state.creature_deck == () and session.state.creature_discard == ()) == (level == 1)
    assert run(capsys, "verify", str(path))[0] == 0


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--players", "6"], "2–5 players, not 6"),
        (["--players", "1"], "2–5 players, not 1"),
        (["--option", "level=7"], "level"),
        (["--option", "givers=sideways"], "givers must be one of choose, random"),
        (["--option", "turns=9"], "no option 'turns'"),
        (["--bot", "genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_flags_give_one_line(capsys, argv, words):
    code, out, err = run(capsys, "demo", "naughty-or-nice", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
