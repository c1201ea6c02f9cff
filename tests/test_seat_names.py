"""A player is never called "you" (play-tests A-D11, B-D16: "you's island", "you draws",
"you is the Merry Leader"): every log line names its player in the third person, so a
pronoun as a name is refused in one line, on the command line and in the form."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine
from tui_driver import SMALL, fill_form, menu_app, shows, wait_for, wait_for_screen


@pytest.mark.parametrize("name", ["you", "You", "me", "I"])
def test_a_pronoun_is_refused_as_a_name(name):
    with pytest.raises(ValueError, match="cannot be a player's name"):
        engine.new_game("naughty-or-nice", [name, engine.Seat("bob", "heuristic")], seed=1)


def test_boxtop_play_refuses_you_in_one_line():
    run = subprocess.run([sys.executable, "-m", "tui.cli", "play", "naughty-or-nice", "--seats", "you,bot,bot"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "boxtop: 'you' cannot be a player's name: the log would read \"you draws\"; choose a name (ann, say)"]


async def test_the_new_game_form_refuses_you_and_starts_nothing():
    async with menu_app(SMALL) as pilot:
        await pilot.press("n")
        await wait_for_screen(pilot, "NewGameScreen")
        await fill_form(pilot, "Bottlecap Vikings", ["ann", "bot", "bot"])
        from tui_driver import focus, retype

        await focus(pilot, "name-0")
        await retype(pilot, "you")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: shows(pilot.app, "'you' cannot be a player's name"), "the refusal")
        assert type(pilot.app.screen).__name__ == "NewGameScreen"
