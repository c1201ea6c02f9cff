"""The command line (issue 2, "5. The command line"): demo, verify, replay --print, games."""

import json
import re
import subprocess
import sys

import pytest

from types import SimpleNamespace

from tui.cli import CliError, main, parse_seats
import engine
from engine import Seat


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_gift_trap_with_player_counts(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert re.search(r"gift-trap\s+Gift Trap\s+3–8 players", out)


def test_demo_then_verify(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "demo", "gift-trap", "--players", "5", "--seed", "3", "--save", str(path))
    assert code == 0
    assert "bot1: deal" in out and out.count("result:") == 1
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0, err
    n = len(engine.load(path).entries)
    assert out.splitlines()[0] == f"ok: {n} entries"
    assert out.splitlines()[1].startswith("result: ")


def _without_timestamps(data: bytes) -> dict:
    doc = json.loads(data)
    doc.pop("saved_at")
    for entry in doc["entries"]:
        entry.pop("at")
    return doc


def test_same_game_seats_options_seed_give_the_same_save(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        assert run(capsys, "demo", "gift-trap", "--players", "4", "--seed", "9", "--option", "extra_tiles=true", "--save", str(path))[0] == 0
    assert _without_timestamps(a.read_bytes()) == _without_timestamps(b.read_bytes())
    stamp = re.compile(rb'"(at|saved_at)":"[^"]*"')
    assert stamp.sub(b"", a.read_bytes()) == stamp.sub(b"", b.read_bytes())


def test_replay_print_matches_demo_output(tmp_path, capsys):
    path = tmp_path / "g.json"
    _, demo_out, _ = run(capsys, "demo", "gift-trap", "--players", "3", "--seed", "1", "--save", str(path))
    code, out, _ = run(capsys, "replay", str(path), "--print")
    assert code == 0
    assert out == demo_out.replace(f"saved: {path}\n", "")


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


def test_bad_flags_give_one_line(capsys):
    assert run(capsys, "demo", "gift-trap", "--players", "9")[0] == 2
    code, _, err = run(capsys, "demo", "gift-trap", "--option", "nope=1")
    assert code == 2 and "no option 'nope'" in err
    code, _, err = run(capsys, "demo", "chess")
    assert code == 2 and "unknown game" in err


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
