"""Plain one-line messages for what a player types wrong (issue 11, "smaller ones"):

- a bad ``--option`` value says what the option takes ("track_length must be a whole
  number"), for every option type, and the new-game form says the same;
- ``demo --save`` into a place that cannot take the file fails before the game is played,
  and so does one onto a file that is not a boxtop save;
- ``verify`` of a JSON file that is not a save says so, without naming a missing field.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated, Literal

import msgspec
import pytest

import engine
from tui.app import BoxtopApp
from tui.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------- --option
@pytest.mark.parametrize(
    "option, said",
    [
        ("track_length=abc", "track_length must be a whole number, not 'abc'"),
        ("track_length=", "track_length must be a whole number, not ''"),
        ("no_way_points=3.5", "no_way_points must be a whole number, not '3.5'"),
        ("extra_tiles=maybe", "extra_tiles must be on or off, not 'maybe'"),
        ("track_length=100", "track_length must be between 3 and 60"),
    ],
)
def test_a_bad_option_value_says_what_the_option_takes(capsys, option, said):
    code, out, err = run(capsys, "demo", "gift-trap", "--players", "3", "--option", option)
    assert code == 2 and out == ""
    assert err == f"boxtop: {said}\n"
    assert "Expected" not in err and "$." not in err


@pytest.mark.parametrize("value, expected", [("on", True), ("off", False), ("true", True), ("no", False), ("1", True)])
def test_yes_no_options_take_on_and_off(value, expected):
    options = engine.get_game("gift-trap").options_from({"extra_tiles": value})
    assert options.extra_tiles is expected


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class ChoiceOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    deck: Literal["short", "long"] = "short"
    colour: Colour = Colour.RED
    speed: float = 1.0


class RangedOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    level: Annotated[int, msgspec.Meta(ge=1, le=5)] = 5
    floor: Annotated[int, msgspec.Meta(ge=2)] = 2
    pace: Annotated[float, msgspec.Meta(gt=0, lt=10)] = 1.0


@pytest.mark.parametrize("option, said", [
    ({"level": "0"}, "level must be 1–5, not 0"),
    ({"level": 9}, "level must be 1–5, not 9"),
    ({"floor": "1"}, "floor must be at least 2, not 1"),
    ({"pace": "0"}, "pace must be more than 0 and less than 10, not 0.0"),
])
def test_a_value_out_of_range_says_the_range_in_a_sentence(option, said):
    # issue 22 (B-D18): never the validator's "Expected `int` >= 1"
    game = dataclasses.replace(engine.get_game("gift-trap"), Options=RangedOptions)
    with pytest.raises(ValueError) as err:
        game.options_from(option)
    assert str(err.value) == said
    assert game.options_from({"level": "3", "floor": "7", "pace": "9.5"}) == RangedOptions(3, 7, 9.5)


def test_a_choice_lists_its_values_and_a_number_says_so():
    game = dataclasses.replace(engine.get_game("gift-trap"), Options=ChoiceOptions)
    with pytest.raises(ValueError) as err:
        game.options_from({"deck": "huge"})
    assert str(err.value) == "deck must be one of short, long, not 'huge'"
    with pytest.raises(ValueError) as err:
        game.options_from({"colour": "green"})
    assert str(err.value) == "colour must be one of red, blue, not 'green'"
    with pytest.raises(ValueError) as err:
        game.options_from({"speed": "fast"})
    assert str(err.value) == "speed must be a number, not 'fast'"
    assert game.options_from({"deck": "long", "colour": "blue", "speed": "2.5"}) == ChoiceOptions("long", Colour.BLUE, 2.5)


async def test_the_new_game_form_says_the_same_as_the_command_line():
    app = BoxtopApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for _ in range(60):
            if app.focused is not None and app.focused.id == "opt-track_length":
                break
            await pilot.press("tab")
        await pilot.press("home", "ctrl+k", "ctrl+g")  # the track length emptied, then Start
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"
        shown = str(app.screen.query_one("#new-error").render())
        assert shown == "track_length must be a whole number, not ''"


# ---------------------------------------------------------------------- demo --save
def test_demo_save_into_a_place_that_cannot_take_it_fails_before_playing(tmp_path, capsys):
    (tmp_path / "a-file").write_text("not a folder")
    code, out, err = run(capsys, "demo", "gift-trap", "--players", "3", "--save", str(tmp_path / "a-file" / "game.json"))
    assert code == 2
    assert out == ""  # not one entry printed: the game was never played
    assert err == f"boxtop: cannot save to {tmp_path / 'a-file' / 'game.json'}: {tmp_path / 'a-file'} is a file, not a folder\n"


def test_demo_save_to_a_folder_or_to_nothing_fails_before_playing(tmp_path, capsys):
    code, out, err = run(capsys, "demo", "gift-trap", "--save", str(tmp_path))
    assert code == 2 and out == "" and "is a folder" in err and len(err.splitlines()) == 1
    code, out, err = run(capsys, "demo", "gift-trap", "--save", "")
    assert code == 2 and out == "" and err == "boxtop: a save needs a file name\n"


def test_demo_save_never_replaces_a_file_that_is_not_a_save_but_replaces_a_save(tmp_path, capsys):
    # The security review's F5: a typed save path replaced any file there, silently.
    notes = tmp_path / "notes.txt"
    notes.write_text("precious")
    code, out, err = run(capsys, "demo", "gift-trap", "--players", "3", "--save", str(notes))
    assert code == 2 and out == ""
    assert err == f"boxtop: cannot save to {notes}: it exists and is not a boxtop save; remove it or give another name\n"
    assert notes.read_text() == "precious"
    game = tmp_path / "game.json"
    assert run(capsys, "demo", "gift-trap", "--players", "3", "--seed", "1", "--save", str(game))[0] == 0
    assert run(capsys, "demo", "gift-trap", "--players", "3", "--seed", "2", "--save", str(game))[0] == 0
    assert engine.load(game).seed == 2  # a save is replaced: the command names it


def test_demo_save_into_a_new_folder_still_works(tmp_path, capsys):
    path = tmp_path / "new" / "folder" / "game.json"
    code, out, _ = run(capsys, "demo", "gift-trap", "--players", "3", "--save", str(path))
    assert code == 0 and out.endswith(f"saved: {path}\n")
    assert engine.verify(path).result() is not None


# ---------------------------------------------------------------------- verify
@pytest.mark.parametrize(
    "content, said",
    [
        ('{"name": "my shopping list", "items": ["tea"]}', "notes.json is not a boxtop save"),
        ("[1, 2, 3]", "notes.json is not a boxtop save"),
        ('"just a string"', "notes.json is not a boxtop save"),
        ('{"format": "chess-pgn"}', "notes.json is not a boxtop save (its format is 'chess-pgn')"),
    ],
)
def test_verify_of_json_that_is_not_a_save_says_so(tmp_path, capsys, content, said):
    (tmp_path / "notes.json").write_text(content)
    code, out, err = run(capsys, "verify", str(tmp_path / "notes.json"))
    assert code == 2 and out == ""
    assert err == f"boxtop: {said}\n"


# ---------------------------------------------------------------------- host --bot-pace
@pytest.mark.parametrize("value, said", [("fast", "'fast' is not a number of seconds"),
                                         ("-1", "-1 is not between 0 and 60 seconds"),
                                         ("nan", "nan is not between 0 and 60 seconds")])
def test_a_bad_bot_pace_says_what_it_takes(capsys, value, said):
    with pytest.raises(SystemExit) as stop:
        main(["host", "--bot-pace", value])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(f"argument --bot-pace: {said}")


@pytest.mark.parametrize("argv, pace", [([], 0.4), (["--bot-pace", "1.5"], 1.5), (["--bot-pace", "0"], 0.0)])
def test_the_bot_pace_reaches_the_host(monkeypatch, tmp_path, argv, pace):
    # README, "Play over SSH": bots move a moment apart, --bot-pace SECONDS sets it
    import host.ssh

    seen = {}
    monkeypatch.setattr(host.ssh, "run_host", lambda **kw: seen.update(kw) or 0)
    assert main(["host", "--open", "--data", str(tmp_path), *argv]) == 0
    assert seen["bot_pace"] == pace


# ---------------------------------------------------------------------- --help
def _commands() -> list[str]:
    """Every sub-command ``boxtop`` offers, as its usage line lists them ("{games,play,…}")."""
    import re

    from tui.cli import build_parser

    return re.search(r"\{([a-z,]+)\}", build_parser().format_usage()).group(1).split(",")


@pytest.mark.parametrize("argv", [[], *([c] for c in _commands())], ids=lambda a: " ".join(a) or "boxtop")
def test_every_help_prints_and_exits_cleanly(capsys, argv):
    # `boxtop --help` once ended in a traceback: a "%" in a help text is a format code
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    out, err = capsys.readouterr()
    assert done.value.code == 0 and err == ""
    assert out.startswith("usage: boxtop")
