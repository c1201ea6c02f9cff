"""Bottlecap Vikings on the command line (issue 12, "Around it"): its options reach the
demo's save, and bad flags give one line. What every game's demo, verify and replay
must do is tests/contract's (``test_contract_cli.py``)."""

import pytest

import engine
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


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
