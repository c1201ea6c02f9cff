"""Naughty or Nice's card rows from the menu, by keys, reading the screen (issue 13,
"The screen: card rows"). Driven with ``tests/tui_driver.py``; whole games by keys with
``tests/naughty_play.py`` (``play_to_the_result``).
"""

from __future__ import annotations

import re

import pytest

import engine
from engine.games.naughty_or_nice.data import PRESENTS

from naughty_play import GAME, game_session, hand_over, play_to_the_result, text_of, type_commands
from tui_driver import (
    LARGE, SMALL, footer_keys, menu_app, new_game, screen_lines, screen_name, screen_text, settle, shows, wait_for,
    wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


def hand_codes(text: str) -> list[str]:
    """The present codes on the compact hand line ("Presents B: HC · K: CO CO")."""
    line = next(row for row in text.split("\n") if row.startswith("Presents"))
    return re.findall(r"\b([A-Z]{2})\b", line.split(":", 1)[1] if ":" in line else "")


async def test_a_game_against_a_bot_by_keys_with_a_reaction_undo_save_load_and_replay(save_dir):
    """The rulebook, "Fulfill Wishes" and "Tomte" (cancel a creature's written effect):
    seed 7 gives ann a Tomte; bob's Elves open a window in which she cancels them."""
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], seed=7, undo="casual")
        await wait_for_text(pilot, "Choose your gift giver.")
        session = game_session(app)
        # a choice shows what it means before it is taken: the giver's preferred present
        await pilot.press("1")
        await wait_for_text(pilot, "Santa Claus: prefers Sleigh.")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.state.players[0].giver == "santa", "Santa")
        await wait_for_text(pilot, "Your turn: take one basic action")
        # fulfill by keys: the kiddo (5), then a set of presents that fits (a), then give
        await pilot.press("f", "5")
        await wait_for(pilot, lambda: "Fulfill: 5 " in text_of(app), "kiddo 5 chosen")
        await pilot.press("enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.state.players[0].kiddos) == 1, "a kiddo gifted")
        assert shows(app, "ann: fulfill 5 OP TB") and session.state.players[0].score > 0
        await pilot.press("e")
        # bob's Fulfill opens a window: ann's Tomte answers creatures only, so she passes
        await wait_for_text(pilot, "Nothing to react with: pass (n or enter).")
        assert footer_keys(app).get("Pass") is True and "Craft" not in footer_keys(app)
        await pilot.press("n")
        # bob's Elves: ann may cancel them with her Tomte (the window's second choice)
        await wait_for_text(pilot, "bob played Elves.")
        assert shows(app, "React, or pass (n).")
        assert shows(app, "2:Tomte: cancel it")
        await pilot.press("2", "enter")
        await wait_for(pilot, lambda: "TO" not in session.state.players[0].creatures, "Tomte played")
        await wait_for_text(pilot, "ann plays Tomte to cancel it.")
        assert any(line.endswith("Elves is cancelled.") for line in session.log_lines(0))
        # craft from the deck (c, enter), then a Fulfill undone and typed again on the : line
        await wait_for_text(pilot, "Your turn: take one basic action")
        await pilot.press("c")
        await wait_for_text(pilot, "Craft 2: deck + deck")
        await pilot.press("enter")
        await wait_for(pilot, lambda: shows(app, "ann: craft deck deck"), "the craft")
        await wait_for_text(pilot, "Your turn: take one basic action")
        await pilot.press("f", "8", "enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.state.players[0].kiddos) == 2, "a second kiddo")
        score = session.state.players[0].score
        await pilot.press("u")
        await wait_for_text(pilot, "Undone.")
        assert len(session.state.players[0].kiddos) == 1 and session.state.players[0].score < score
        await type_commands(pilot, ["fulfill 8 CA FO"])
        assert session.state.players[0].score == score
        # save, then play on to the result by keys
        await pilot.press("ctrl+s")
        await wait_for_text(pilot, "Save the game as")
        await pilot.press("enter")
        await wait_for_text(pilot, "Saved to")
        await play_to_the_result(pilot)
        result = session.result()
        assert result is not None
        await wait_for_text(pilot, session.names[result.winners[0]])
        (saved,) = save_dir.glob("naughty-or-nice-*.json")
        assert engine.load(str(saved)).result() == result
        while screen_name(app) != "MenuScreen":
            await pilot.press("escape")
            await settle(pilot, 0.05)
        # load it: the finished game
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "GameScreen", "ResultScreen")
        assert app.screen.session.result() == result
        while screen_name(app) != "MenuScreen":
            await pilot.press("escape")
            await settle(pilot, 0.05)
        # replay it, seen as bob: bob's own hand at that point, never ann's
        await pilot.press("r")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "ReplayScreen")
        await pilot.press("home", *["right"] * 6)
        await wait_for_text(pilot, "seen as a spectator")
        assert "'s hand" not in screen_text(app)
        await pilot.press("v", "v")
        await wait_for_text(pilot, "seen as bob")
        await wait_for_text(pilot, "bob's hand")
        assert "ann's hand" not in screen_text(app)
