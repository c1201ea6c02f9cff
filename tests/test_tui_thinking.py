"""A bot that thinks never freezes the table (issue 24, must-hold 5), played by keys.

A search bot's choice is made in a worker process (``engine.core.thinking``) while the
app keeps taking keys: the message line says who is thinking, the cursor moves, the
player at the keyboard may even play in a simultaneous phase; an undo while it thinks
drops its answer, and quitting mid-thought saves the game as quitting always does.

The bot here is ``slow``, registered for these tests: a search bot with a clock of many
seconds, so it is surely still thinking while the test presses its keys. Games reach the
app by the load list, as a player's own saves do.
"""

from __future__ import annotations

import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator

import pytest

import engine
from engine import Seat
from engine.core.search import SearchBot
from ismcts import Search
from tui.app import BoxtopApp
from tui_driver import LARGE, Player, open_from_menu, screen_text, settle, shows, wait_for, wait_for_screen, wait_for_text


def slow(monkeypatch, slug: str, seconds: float) -> None:
    """Give game ``slug`` a bot kind ``slow`` that searches for ``seconds`` a move."""
    game = engine.get_game(slug)
    monkeypatch.setitem(game.bots, "slow", lambda seed: SearchBot(game, seed, method=Search, iterations=10**9, seconds=seconds))


def save_dir() -> Path:
    """The player's save folder (the tests' own, ``conftest.py``)."""
    folder = Path(os.environ["BOXTOP_SAVE_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@asynccontextmanager
async def loaded(session: engine.LocalSession, name: str) -> AsyncIterator[Player]:
    """``session`` saved as ``name`` in the save folder, the app run at 120×40 and, from
    its menu, ``l`` and the newest save (that one) with enter; yields at its table."""
    session.save(str(save_dir() / name))
    app = BoxtopApp()
    async with app.run_test(size=LARGE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await wait_for_text(pilot, "New game")
        await open_from_menu(pilot, "l", "GameScreen")
        yield pilot


async def place_the_ship(pilot: Player) -> None:
    """Bottlecap Vikings: ann places her ship (enter), and bot2 starts thinking."""
    await wait_for_text(pilot, "Place your ship")
    await pilot.press("enter")
    await wait_for_text(pilot, "bot2 is thinking…")


async def test_keys_stay_live_while_a_bot_thinks_and_quitting_mid_thought_keeps_the_game(monkeypatch, capsys):
    """Gift Trap's Give phase with bot2 thinking for a minute: the line says so, the
    cursor moves over the gifts, ann gives one while it thinks; ctrl+q then saves the game
    with ann's gift and without any move of bot2, which is still to act when loaded."""
    slow(monkeypatch, "gift-trap", 60.0)
    s = engine.new_game("gift-trap", [Seat("ann"), Seat("bot2", "slow"), Seat("bot3", "normal")], seed=1)
    s.play("ann", "deal red")
    path = save_dir() / "thinking.json"
    async with loaded(s, path.name) as pilot:
        app = pilot.app
        await wait_for_text(pilot, "bot2 is thinking…")
        assert "┏━  1  ━" in screen_text(app)  # the cursor on the first gift
        await pilot.press("right")
        await wait_for(pilot, lambda: "┏━  2  ━" in screen_text(app), "the cursor on the second gift")
        await pilot.press("right")
        await wait_for(pilot, lambda: "┏━  3  ━" in screen_text(app), "the cursor on the third gift")
        assert shows(app, "bot2 is thinking…")
        await pilot.press("enter")  # ann gives gift 3 to bot2 while bot2 thinks
        await wait_for_text(pilot, "1/2 placed")
        await settle(pilot, 0.1)
        assert shows(app, "bot2 is thinking…")
        session = app.screen.session
        assert [e.seat for e in session.applied_entries()] == [None, 0, 0]  # nothing of bot2's yet
        await pilot.press("ctrl+q")
        await pilot.pause()
    said = " ".join(capsys.readouterr().err.split())
    assert f"Your game is saved in {path}" in said
    kept = engine.load(str(path))
    assert [e.seat for e in kept.applied_entries()] == [None, 0, 0]
    assert "bot2" in kept.to_act()


async def test_an_undo_while_a_bot_thinks_drops_its_answer(monkeypatch):
    """Bottlecap Vikings, undo casual: ann places her ship, bot2 starts thinking; ann
    undoes it before bot2 answers, so bot2's answer (to a table that is gone) is never
    played: ann is to act again, and the line no longer says bot2 thinks."""
    slow(monkeypatch, "bottlecap-vikings", 1.0)
    s = engine.new_game("bottlecap-vikings", [Seat("ann"), Seat("bot2", "slow")], seed=2, undo="casual")
    async with loaded(s, "undo.json") as pilot:
        app = pilot.app
        await place_the_ship(pilot)
        await pilot.press("u")
        await wait_for_text(pilot, "Undone.")
        session = app.screen.session
        assert session.to_act() == ["ann"]
        await settle(pilot, 2.5)  # longer than bot2 thinks: its answer came and was dropped
        assert session.to_act() == ["ann"] and not shows(app, "thinking")
        assert all(e.seat != 1 for e in session.entries)
        await pilot.press("enter")  # ann places her ship again: bot2 thinks again, and moves
        await wait_for_text(pilot, "bot2 is thinking…")
        await wait_for(pilot, lambda: any(e.seat == 1 for e in session.applied_entries()), "bot2's move", timeout=30)
        await wait_for(pilot, lambda: not shows(app, "thinking"), "the line without bot2 thinking")


async def test_an_answer_that_comes_while_the_rules_are_open_is_played_when_back(monkeypatch):
    """bot2 answers while ann reads the rules (``?``): its move waits for the table to be
    on top again, then is played (no screen is pushed over the rules meanwhile)."""
    slow(monkeypatch, "bottlecap-vikings", 0.5)
    s = engine.new_game("bottlecap-vikings", [Seat("ann"), Seat("bot2", "slow")], seed=2)
    async with loaded(s, "rules.json") as pilot:
        app = pilot.app
        await place_the_ship(pilot)
        session = app.screen.session
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await settle(pilot, 2.0)  # longer than bot2 thinks
        assert all(e.seat != 1 for e in session.entries) and session.to_act() == ["bot2"]
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        await wait_for(pilot, lambda: any(e.seat == 1 for e in session.applied_entries()), "bot2's move")
        await wait_for_text(pilot, "bot2: place")
