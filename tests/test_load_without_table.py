"""A save of a game the app cannot show yet (a game played on the command line only, as
the menu says: "command line only for now") is refused on the load and replay lists in
one line, and the player stays on the list: it never crashes the app."""

from __future__ import annotations

import shutil

import pytest

import tui.games
from tui.support.paths import EXAMPLES
from tui_driver import menu_app, screen_text, wait_for_screen, wait_for_text


@pytest.mark.parametrize("key, title", [("r", "Replay a game"), ("l", "Load a game")])
async def test_a_save_of_a_game_without_a_table_is_refused_in_one_line(isolated_user_folders, monkeypatch, key, title):
    # Giftbringer stands in for any game whose table is not in the app yet
    monkeypatch.setattr(tui.games, "_TABLES", {k: v for k, v in tui.games._TABLES.items() if k != "giftbringer"})
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "giftbringer-solo.json", saves)  # the only own save: listed first
    async with menu_app() as pilot:
        app = pilot.app
        await pilot.press(key)
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, title)
        await pilot.press("enter")
        await wait_for_text(pilot, "Giftbringer cannot be played in the app yet")
        assert app.is_running and type(app.screen).__name__ == "LoadScreen"
        line = next(x for x in screen_text(app).splitlines() if "cannot be played" in x)
        assert "boxtop replay --print" in line
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")


def test_the_command_line_refuses_to_open_such_a_game_in_the_app(monkeypatch, capsys):
    # `boxtop replay FILE` and `boxtop play GAME` open the app: for a game without a
    # table they say so in one line (exit 2) instead of crashing; --print still works
    from tui.cli import main

    monkeypatch.setattr(tui.games, "_TABLES", {k: v for k, v in tui.games._TABLES.items() if k != "giftbringer"})
    path = str(EXAMPLES / "giftbringer-solo.json")
    for argv in (["replay", path], ["play", "giftbringer"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1
        assert "Giftbringer cannot be played in the app yet" in err
    assert main(["replay", path, "--print"]) == 0
    assert "result:" in capsys.readouterr().out
