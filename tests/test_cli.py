"""The command line (issue 2, "5. The command line"): demo, verify, replay --print, games.
What every game's demo, verify and replay must do is tests/contract's
(``test_contract_cli.py``); here the rest, shown on Gift Trap."""

import subprocess
import sys

import pytest

from types import SimpleNamespace

from contract.kit import demo, refused_in_one_line
from tui.cli import CliError, main, parse_seats
import engine
from engine import Seat


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_demo_prints_each_deal():
    assert "bot1: deal" in demo("gift-trap").out


@pytest.mark.parametrize(
    "content, words",
    [(b"", "empty"), (b'{"format": "boxtop-save", "vers', "not valid JSON"), (b'{"format":"other","version":1,"game":"gift-trap"}', "format")],
)
def test_verify_broken_file_is_one_line_and_exit_2(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_an_unknown_game_gives_one_line(capsys):
    """(The bad flags every game refuses are the contract's, tests/contract.)"""
    refused_in_one_line(capsys, ["demo", "chess"], "unknown game")


def test_seat_spec():
    game = engine.get_game("gift-trap")
    seats = parse_seats("ann,bot,bob:random,random", game)
    assert [(s.name, s.bot) for s in seats] == [("ann", None), ("bot2", "normal"), ("bob", "random"), ("bot4", "random")]
    assert parse_seats("ann,heuristic,cyd:Heuristic", game)[1:] == [Seat("bot2", "heuristic"), Seat("cyd", "heuristic")]


def test_seats_take_the_four_strengths():
    # Issue 24, must-hold 1: "--seats ann,bot:hard"; a strength alone is a bot too.
    game = engine.get_game("giftbringer")  # its sampler makes hard and expert
    seats = parse_seats("ann,bot:hard,Easy,bob:expert,bot:normal,normal", game)
    assert [(s.name, s.bot) for s in seats] == [
        ("ann", None), ("bot2", "hard"), ("bot3", "easy"), ("bob", "expert"), ("bot5", "normal"), ("bot6", "normal"),
    ]


#: A game whose bots are only the two strengths without search, and random.
WITHOUT_SEARCH = SimpleNamespace(title="Snap", bots=dict.fromkeys(["heuristic", "random", "easy", "normal"]))


def test_an_unknown_strength_or_one_the_game_lacks_names_the_choices():
    with pytest.raises(CliError) as err:
        parse_seats("ann,bot:superhard", engine.get_game("giftbringer"))
    assert str(err.value) == "no bot called 'superhard'; choose easy, normal, hard, expert or random"
    with pytest.raises(CliError) as err:
        parse_seats("ann,bob:expert", WITHOUT_SEARCH)
    assert str(err.value) == "Snap has no expert bot; choose easy, normal or random"
    with pytest.raises(CliError) as err:
        parse_seats("ann,hard", WITHOUT_SEARCH)
    assert str(err.value) == "Snap has no hard bot; choose easy, normal or random"


def test_a_bad_strength_on_the_command_line_is_one_line(capsys):
    code, out, err = run(capsys, "play", "bottlecap-vikings", "--seats", "ann,bot:wizard")
    assert code == 2 and out == ""
    assert err == "boxtop: no bot called 'wizard'; choose easy, normal, hard, expert or random\n"
    code, out, err = run(capsys, "demo", "giftbringer", "--bot", "Grandmaster")
    assert code == 2 and err.count("\n") == 1 and "'Grandmaster'; choose easy, normal" in err


def test_demo_plays_a_strength(capsys):
    code, out, err = run(capsys, "demo", "giftbringer", "--players", "2", "--bot", "easy", "--option", "rounds=1")
    assert code == 0, err
    assert out.count("result:") == 1


def test_console_script_prints_no_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{]")
    proc = subprocess.run([sys.executable, "-m", "tui.cli", "verify", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
