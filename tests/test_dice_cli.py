"""Dice Upon a Time on the command line (issue 14, "Around it": "``boxtop demo
dice-upon-a-time --players 3 --seed 5 --save P``, ``verify``, ``replay``"): ``boxtop
games`` lists it; the demo plays to a result and saves; ``verify`` re-decides it;
``replay --print`` prints the same game; its options and bad flags give one line."""

import contextlib
import io
import re

import pytest

import engine
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_dice_upon_a_time_with_player_counts(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert re.search(r"^dice-upon-a-time\s+Dice Upon a Time\s+2–5 players$", out, re.M)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The issue's demo: 3 bots, seed 5, saved; returns (path, printed text)."""
    path = tmp_path_factory.mktemp("du") / "demo.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["demo", "dice-upon-a-time", "--players", "3", "--seed", "5", "--save", str(path)])
    assert code == 0
    return path, out.getvalue()


def test_demo_plays_six_chapters_to_a_result_and_saves(demo):
    """ "The End: Scoring": "The game ends after Chapter 6"."""
    path, out = demo
    lines = out.splitlines()
    assert lines[-1] == f"saved: {path}"
    assert lines[-2].startswith("result: ")
    session = engine.load(path)
    assert session.game.slug == "dice-upon-a-time" and len(session.seats) == 3
    assert session.state.chapter == 6 and session.result() is not None
    assert "Chapter 6 begins" in out and "The story ends." in out


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


def test_a_cooperative_short_demo_records_its_options(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, err = run(capsys, "demo", "dice-upon-a-time", "--players", "4", "--seed", "8",
                         "--option", "mode=cooperative", "--option", "length=short", "--save", str(path))
    assert code == 0, err
    session = engine.load(path)
    assert session.options.mode == "cooperative" and session.state.chapter == 3
    assert "Together " in out and session.result().verdict.startswith("Together ")
    assert run(capsys, "verify", str(path))[0] == 0


@pytest.mark.parametrize("argv, words", [
    (["--players", "6"], "2–5 players, not 6"),
    (["--option", "length=endless"], "length must be one of standard, short, extra_long"),
    (["--option", "turns=9"], "no option 'turns'"),
])
def test_bad_flags_give_one_line(capsys, argv, words):
    code, out, err = run(capsys, "demo", "dice-upon-a-time", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_play_opens_a_cooperative_game_in_the_app(monkeypatch, capsys):
    """``boxtop play dice-upon-a-time --option mode=cooperative``: the app opens on a new
    co-operative game, you against a heuristic bot ("Cooperative game", "Changes in set
    up": every Quest card lies face up); a bad option is one line and opens nothing."""
    import tui.app

    opened = []
    monkeypatch.setattr(tui.app.BoxtopApp, "run", lambda app, *a, **k: opened.append(app))
    code, out, err = run(capsys, "play", "dice-upon-a-time", "--option", "mode=cooperative", "--seed", "4")
    assert code == 0, err
    (app,) = opened
    session = app.start_session
    assert session.game.slug == "dice-upon-a-time" and session.options.mode == "cooperative"
    assert session.names == ["ann", "bot2"] and session.is_bot(1) and not session.is_bot(0)
    assert len(session.state.table) == 40 and not any(session.state.decks.values())
    code, out, err = run(capsys, "play", "dice-upon-a-time", "--option", "mode=together")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "mode must be one of competitive, cooperative" in err
    assert len(opened) == 1
