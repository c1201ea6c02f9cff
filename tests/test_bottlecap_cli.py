"""Bottlecap Vikings on the command line (issue 12, "Around it"): its options reach the
demo's save, and bad flags give one line. What every game's demo, verify and replay
must do is tests/contract's (``test_contract_cli.py``)."""

import pytest

import engine
from contract.kit import refused_in_one_line
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


@pytest.mark.parametrize("argv, words", [
    (["--option", "sides=sideways"], "sides"),
    (["--option", "layout=1a 1b"], "layout"),
])
def test_bad_option_values_give_one_line(capsys, argv, words):
    """The game's own options refuse a bad value in one line (the flags every game
    refuses are the contract's)."""
    refused_in_one_line(capsys, ["demo", "bottlecap-vikings", *argv], words)
