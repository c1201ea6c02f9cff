"""Dice Upon a Time on the command line (issue 14, "Around it": "``boxtop demo
dice-upon-a-time --players 3 --seed 5 --save P``, ``verify``, ``replay``"): ``boxtop
the demo plays six chapters; its options and bad flags give one line. What every game's
demo, verify and replay must do is tests/contract's (``test_contract_cli.py``)."""


import pytest

import engine
from contract.kit import demo, refused_in_one_line
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_demo_plays_six_chapters():
    """ "The End: Scoring": "The game ends after Chapter 6"."""
    path, out = demo("dice-upon-a-time")
    session = engine.load(path)
    assert session.state.chapter == 6 and session.result() is not None
    assert "Chapter 6 begins" in out and "The story ends." in out


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
    (["--option", "length=endless"], "length must be one of standard, short, extra_long"),
])
def test_bad_option_values_give_one_line(capsys, argv, words):
    """The game's own options refuse a bad value in one line (the flags every game
    refuses are the contract's)."""
    refused_in_one_line(capsys, ["demo", "dice-upon-a-time", *argv], words)


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
