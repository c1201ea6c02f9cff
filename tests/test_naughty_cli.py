"""Naughty or Nice on the command line (issue 13, "Around it": "``boxtop demo
naughty-or-nice --players 4 --seed 5 --save P``, ``verify``, ``replay``"): the demo plays
the full game to midnight and its final scoring; its options and bad flags give one
line. What every game's demo, verify and replay must do is tests/contract's
(``test_contract_cli.py``)."""

import re

import pytest

import engine
import tui.games
from contract.kit import demo, refused_in_one_line
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_demo_plays_the_full_game_to_its_final_scoring():
    """The demo plays the full game (level 5, the default) to its final scoring
    ("Endgame scoring"), with reaction windows answered, at the issue's table of four."""
    path, out = demo("naughty-or-nice", players=4)
    assert re.search(r"bot[1-4] wins|share the win", out.splitlines()[-2])
    session = engine.load(path)
    assert session.options.level == 5
    result = session.result()
    assert result is not None and result.winners
    assert all("total" in s for s in result.scores)
    assert session.state.midnight  # the game ended after midnight struck ("Ending the game")
    # the demo shows reaction windows being answered
    assert "may react." in out and re.search(r"^\s+\d+ bot[1-4]: pass$", out, re.M)


def test_replay_in_the_app_without_a_table_says_so_in_one_line(capsys, monkeypatch):
    """``boxtop replay P`` opens the app; where the app has no Naughty or Nice table
    (before its screen is installed) it refuses in one line and points to ``--print``."""
    path = demo("naughty-or-nice").path
    monkeypatch.setattr(tui.games, "_TABLES", {k: v for k, v in tui.games._TABLES.items() if k != "naughty-or-nice"})
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Naughty or Nice cannot be played in the app yet" in err


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


@pytest.mark.parametrize("argv, words", [
    (["--option", "level=7"], "level"),
    (["--option", "givers=sideways"], "givers must be one of choose, random"),
])
def test_bad_option_values_give_one_line(capsys, argv, words):
    """The game's own options refuse a bad value in one line (the flags every game
    refuses are the contract's)."""
    refused_in_one_line(capsys, ["demo", "naughty-or-nice", *argv], words)


def _scores_of(line: str) -> tuple[list[str], dict[str, list[str]]]:
    """The labels and each name's numbers of a result line ("… Scores (play/total): bot1
    10/10, bot2 15/15.")."""
    labels, rows = re.search(r"Scores \(([^)]*)\): (.*)\.$", line).groups()
    return labels.split("/"), {name: numbers.split("/") for name, numbers in (r.split(" ") for r in rows.split(", "))}


def test_demo_result_line_puts_santas_rudolf_under_its_label(tmp_path, capsys):
    """Item 10 of issue 23 (the second rules audit): the demo's result line took its
    labels from the first player, so Santa's Rudolf row shifted his numbers ("bot5
    5/6/11" under "play/total"). The rulebook, "Gift Givers", Santa: "At the end of the
    game Santa scores extra points based on the number of reindeers underneath Rudolf".
    A level-4 game of five with Santa after the first seat and reindeer under Rudolf:
    every seat's numbers stand under their own labels."""
    for seed in range(1, 40):
        path = tmp_path / f"s{seed}.json"
        code, out, err = run(capsys, "demo", "naughty-or-nice", "--players", "5", "--seed", str(seed),
                             "--option", "level=4", "--option", "givers=random", "--save", str(path))
        assert code == 0, err
        session = engine.load(path)
        if any(p.giver == "santa" and p.rudolf > 0 for p in session.state.players[1:]):
            break
    else:
        raise AssertionError("no demo with Santa after the first seat and reindeer under Rudolf")
    labels, numbers = _scores_of(out.splitlines()[-2])
    assert "Rudolf" in labels and labels[-1] == "total"
    for i, scores in enumerate(session.result().scores):
        assert dict(zip(labels, map(int, numbers[session.names[i]]))) == scores
        assert len(numbers[session.names[i]]) == len(labels)


def test_result_line_labels_every_seat_when_their_scores_differ():
    """The demo printer for any game whose score labels differ by seat: the columns are
    every seat's labels (``Result.labels``), and a seat without one shows "-"."""
    from types import SimpleNamespace

    from tui.cli import result_line

    result = engine.Result([{"play": 5, "total": 5}, {"play": 5, "Rudolf": 6, "total": 11}], [1], "")
    session = SimpleNamespace(result=lambda: result, names=["ann", "bob"])
    assert result.labels() == ["play", "Rudolf", "total"]
    assert result_line(session).endswith("Scores (play/Rudolf/total): ann 5/-/5, bob 5/6/11.")
