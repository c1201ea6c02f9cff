"""The analysis in the replay screen (issue 26, must-hold 3 and 4), by keys from the menu:
``a`` grades the moves in worker processes while the keys keep working and keeps the
analysis beside the save; each graded move's grade beside it in the log; ``n``/``p`` jump
between a seat's mistakes; the better move only through its own seat's eyes; ``w`` the
chart of chances."""

from __future__ import annotations

import re
import shutil

import msgspec

from engine.core import analysis
from tui.support.paths import EXAMPLES, list_saves
from tui.screens.replay import ReplayScreen
from tui_driver import menu_app, screen_text, settle, shows, status_line, wait_for, wait_for_screen, wait_for_text

SAVE = "naughty-or-nice-full.json"
KEPT = "naughty-or-nice-full.analysis.json"  # the example's analysis (``boxtop analyse``): ann's 17 moves


async def _replay(pilot) -> None:
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")  # the only own save: listed first
    await wait_for_screen(pilot, "ReplayScreen")


def _own(isolated_user_folders, analysed: analysis.Analysis | None = None):
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / SAVE, saves)
    if analysed is not None:
        (saves / KEPT).write_bytes(msgspec.json.encode(analysed))
    return saves


async def test_a_analyses_in_workers_while_the_keys_keep_working_and_keeps_it_beside_the_save(
        isolated_user_folders, monkeypatch):
    monkeypatch.setattr(ReplayScreen, "ROUNDS", 2)  # a quick analysis: the keys, not the search, are tested
    saves = _own(isolated_user_folders)
    async with menu_app() as pilot:
        app = pilot.app
        await _replay(pilot)
        await pilot.press("a")
        await wait_for_text(pilot, "Analysing:")
        await pilot.press("home", "l")  # the replay answers while the workers grade
        await wait_for(pilot, lambda: shows(app, "entry 1 of 134") and shows(app, "Analysing:"),
                       "the step shown while the analysis is under way")
        await wait_for_text(pilot, "Analysed: 17 moves graded", timeout=60)
        await pilot.press("l", "l")  # entry 3: ann's first choice, graded
        await wait_for_text(pilot, "entry 3 of 134")
        assert re.search(r"ann: (best|good|\?! inaccuracy|\? mistake|\?\? blunder) \(\d+% to win", screen_text(app))
        assert re.search(r"ann: giver \w+  (best|good|\?! inaccuracy|\? mistake|\?\? blunder)", screen_text(app))
    kept = msgspec.json.decode((saves / KEPT).read_bytes(), type=analysis.Analysis)
    assert [g.ply for g in kept.grades] == sorted(g.ply for g in kept.grades) and len(kept.grades) == 17
    assert [row.path.name for row in list_saves(saves) if row.group == "your saves"] == [SAVE]  # not a save


def _with_flaws() -> analysis.Analysis:
    """The example's analysis with two of ann's moves made a mistake and a blunder, and
    her other moves no flaw."""
    kept = msgspec.json.decode((EXAMPLES / KEPT).read_bytes(), type=analysis.Analysis)
    grades = []
    for g in kept.grades:
        if g.grade in analysis.FLAWS:
            g = msgspec.structs.replace(g, grade="good")
        if g.ply == 18:
            g = msgspec.structs.replace(g, grade="mistake", best="play KR BI", chance=0.3, best_chance=0.45,
                                        indistinct=False)
        elif g.ply == 51:
            g = msgspec.structs.replace(g, grade="blunder", best="craft deck deck", chance=0.1, best_chance=0.4,
                                        indistinct=False)
        grades.append(g)
    return msgspec.structs.replace(kept, grades=grades)


async def test_n_and_p_jump_between_mistakes_and_the_better_move_shows_only_through_its_seats_eyes(
        isolated_user_folders):
    _own(isolated_user_folders, _with_flaws())
    async with menu_app() as pilot:
        app = pilot.app
        await _replay(pilot)
        await pilot.press("a")  # the analysis kept beside the save: at once
        await wait_for_text(pilot, "Analysed: 17 moves graded")
        await pilot.press("home", "n")
        await wait_for_text(pilot, "entry 18 of 134")
        assert shows(app, "ann: ? mistake (30% to win; the best 45%)")
        assert shows(app, "ann: play KR CO  ? mistake")  # beside the move in the log
        assert not shows(app, "Better:") and not shows(app, "play KR BI")  # a spectator's eyes
        assert shows(app, "v to see as ann shows the better move")
        await pilot.press("v")
        await wait_for_text(pilot, "seen as ann")
        assert shows(app, "Better: play KR BI, 45%")
        await pilot.press("n")
        await wait_for_text(pilot, "entry 51 of 134")
        assert shows(app, "ann: ?? blunder") and shows(app, "Better: craft deck deck, 40%")
        await pilot.press("n")
        await wait_for(pilot, lambda: shows(app, "No later mistake of ann's."), "the last mistake said")
        await pilot.press("p")
        await wait_for_text(pilot, "entry 18 of 134")
        await pilot.press("v")  # bot2's eyes: ann's mistakes are not bot2's
        await wait_for_text(pilot, "seen as bot2")
        await pilot.press("end", "p")
        await wait_for(pilot, lambda: shows(app, "No earlier mistake of bot2's."), "bot2 has none")
        assert "entry 134 of 134" in status_line(app)


async def test_w_shows_the_chart_of_chances_in_place_of_the_table(isolated_user_folders):
    _own(isolated_user_folders, _with_flaws())
    async with menu_app() as pilot:
        app = pilot.app
        await _replay(pilot)
        await pilot.press("w")
        await wait_for(pilot, lambda: shows(app, "No analysis yet: a analyses the game."), "asked to analyse first")
        await pilot.press("a")
        await wait_for_text(pilot, "Analysed: 17 moves graded")
        assert shows(app, "Row 1")  # the table
        await pilot.press("w")
        await wait_for_text(pilot, "chance to win, %")
        assert not shows(app, "Row 1") and shows(app, "ann") and shows(app, "entry")
        await pilot.press("w")
        await wait_for_text(pilot, "Row 1")
        assert not shows(app, "chance to win, %")


async def test_a_solo_games_moves_are_rated_not_given_a_chance_to_win(isolated_user_folders, monkeypatch):
    # Issue 26: "its estimated chance to win (or expected score in a solo ... game)".
    monkeypatch.setattr(ReplayScreen, "ROUNDS", 1)
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "giftbringer-solo.json", saves)
    async with menu_app() as pilot:
        app = pilot.app
        await _replay(pilot)
        await pilot.press("a")
        await wait_for_text(pilot, "moves graded", timeout=60)
        await wait_for_text(pilot, "Analysed:", timeout=60)
        await pilot.press("home")
        for _ in range(12):  # to the first graded move
            await pilot.press("l")
            await settle(pilot)
            if re.search(r"ann: \S+.* \(rated \d+%", screen_text(app)):
                break
        assert re.search(r"ann: \S+.* \(rated \d+%", screen_text(app)) and "to win" not in screen_text(app)
        await pilot.press("w")
        await wait_for_text(pilot, "expected share of the score, %")


async def test_the_replay_shows_a_graded_move_under_the_number_boxtop_analyse_prints(isolated_user_folders, capsys):
    # A line of `boxtop analyse` ("18 · ann: play KR CO — mistake …") is found in the
    # replay under the same number ("entry 18 of 134"): one numbering, the save's own.
    from tui.cli import main

    saves = _own(isolated_user_folders, _with_flaws())
    assert main(["analyse", str(saves / SAVE)]) == 0  # the kept analysis: printed at once
    (line,) = [line for line in capsys.readouterr().out.splitlines() if "— mistake" in line]
    number, move = re.match(r"\s*(\d+) · (ann: [^—]+?) —", line).groups()
    async with menu_app() as pilot:
        app = pilot.app
        await _replay(pilot)
        await pilot.press("a")
        await wait_for_text(pilot, "Analysed: 17 moves graded")
        await pilot.press("home", "n")  # the first mistake, just played
        await wait_for_text(pilot, "? mistake (30% to win")
        assert re.search(rf"entry {number} of \d+", status_line(app))
        assert shows(app, f"{move.split(': ')[1]}  ? mistake")  # beside the move in the log
