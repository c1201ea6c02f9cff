"""Keys that arrive together land where a person meant them, and no key sequence closes
an unfinished game without saving it (issue 33, items 1 and 2).

A laggy SSH link, a key repeat or a quick double press delivers several keys in one
terminal read. Each test here sends such a burst with ``Player.burst`` (all keys reach
the app before it handles the first) and checks what a player would see: a hand-over's
double enter once closed the table under it and lost the game; ``:`` lines and talk
lines typed in one go merged into one another.
"""

from __future__ import annotations

import asyncio

import pytest

import engine
import tui
from engine.core.save_read import load
from tui.screens.game import GameScreen

from test_tui_fuzz import back_to_the_menu
from tui_driver import (
    SMALL, menu_app, new_game, notices, screen_name, screen_text, shows, take_keyboard, wait_for,
    wait_for_screen, wait_for_text,
)


def game_screen(app) -> GameScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


async def hand_over_ready(pilot) -> None:
    """Wait at a hand-over until it names the key that continues (its guard is over)."""
    await wait_for_screen(pilot, "HandoverScreen")
    await wait_for(pilot, lambda: shows(pilot.app, "press enter"), "the hand-over to name its key")


# ------------------------------------------------------------------ item 1: the hand-over
async def test_a_quick_double_enter_on_a_hand_over_keeps_the_game_and_plays_nothing():
    # boxtop play naughty-or-nice --seats ann,bob --option level=1; enter, c enter (e: her
    # turn is over), then enter enter on "Pass the keyboard to bob": the menu came back
    # and nothing was saved
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Naughty or Nice", ["ann", "bob"], options={"level": 1}, seed=1)
        await take_keyboard(pilot)  # ann
        await wait_for_text(pilot, "ann at the keyboard")
        await pilot.press("c", "enter")  # ann crafts from the deck
        await wait_for_text(pilot, "e passes the keyboard")  # her turn is over: she sees what she drew
        await pilot.press("e")
        await hand_over_ready(pilot)
        assert shows(app, "Pass the keyboard to bob")
        game = game_screen(app)
        session = game.session
        played = len(session.entries)
        await pilot.burst("enter", "enter")
        assert screen_name(app) == "GameScreen", screen_text(app)
        assert game_screen(app) is game
        await wait_for_text(pilot, "bob at the keyboard")
        assert len(session.entries) == played  # the second enter played nothing for bob


def test_every_screen_of_the_app_dismisses_only_from_the_top():
    # Textual's dismiss pops whatever is on top: a screen asked twice to go took the one
    # under it along (the hand-over took the table). Every screen mixes OnTop in first.
    import pkgutil
    import importlib

    from textual.screen import Screen

    from tui.support.stack import OnTop

    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        importlib.import_module(module.name)
    screens = []
    stack = list(Screen.__subclasses__())
    while stack:
        cls = stack.pop()
        stack += cls.__subclasses__()
        if cls.__module__.startswith("tui."):
            screens.append(cls)
    assert len(screens) >= 15
    for cls in screens:
        assert issubclass(cls, OnTop) and cls.__mro__.index(OnTop) < cls.__mro__.index(Screen), cls


async def test_a_table_popped_by_any_way_is_saved_and_says_where():
    # The net under every way out: a table that leaves the stack unsaved is saved.
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=3)
        await wait_for_text(pilot, "ann at the keyboard")
        await pilot.press("enter")  # ann deals
        game = game_screen(app)
        session = game.session
        assert len(session.entries) > 1
        app.pop_screen()  # what a stray second dismiss did: no save on the way
        await wait_for_screen(pilot, "MenuScreen")
        await wait_for(pilot, lambda: any("Your game is saved in" in n for n in notices(app)), "the notice")
        path = game.save_path
        assert path is not None and len(load(str(path)).entries) == len(session.entries)


# ------------------------------------------------------------------ item 1: any burst, any screen
#: Actions a burst never presses: they end the app (every one of them saves first and
#: prints where: tests/test_saving.py) or leave it for the shell.
ENDS_THE_APP = {"quit", "app.quit", "help_quit", "app.help_quit", "suspend_process", "app.suspend_process",
                "command_palette", "app.command_palette"}
ALWAYS = ["enter", "enter", "escape", *"0123456789"]
#: Every game at one keyboard with two people and a bot where it takes one, short where it
#: has a length: hand-overs come often, and a burst may well finish the game.
GAMES = [
    ("Gift Trap", ["ann", "bob", "bot"], {"track_length": 6}),
    ("Giftbringer", ["ann", "bob"], {"rounds": 2}),
    ("Bottlecap Vikings", ["ann", "bob"], {}),
    ("Naughty or Nice", ["ann", "bob", "bot"], {"level": 4}),
    ("Dice Upon a Time", ["ann", "bob"], {"cards": "beginner"}),
]


def keys_of(app) -> list[str]:
    """The keys the screen on top binds now (its own, its focused widget's, the app's),
    but those that end the app, plus enter, escape and the digits. Never ``q``: a burst
    that leaves the table goes on at the menu, where ``q`` quits (which saves and says
    where, as ctrl+q: tests/test_saving.py)."""
    bound = [key for key, active in app.screen.active_bindings.items()
             if active.binding.action not in ENDS_THE_APP and key not in ("ctrl+q", "ctrl+c", "ctrl+z", "q")]
    return bound + ALWAYS


def kept(app, table: GameScreen, started: int) -> None:
    """After a burst, the game of ``table`` is on screen, or it was saved with every
    entry and the player was told where (a notice, or the result screen's line), or
    nobody had moved yet (``started`` entries: its deal), so there was nothing to keep."""
    if table in app.screen_stack:
        return
    session = table.session
    if len(session.entries) == started and table.save_path is None:
        return
    path = table.save_path
    assert path is not None, f"the game left the screen unsaved ({[type(s).__name__ for s in app.screen_stack]})"
    assert len(load(str(path)).entries) == len(session.entries), "the save lacks moves made"
    told = session.result() is not None or any("saved in" in n for n in notices(app))
    assert told, f"nobody was told where the game is: {notices(app)}"


@pytest.mark.parametrize("game_name,seats,options", GAMES, ids=[g[0] for g in GAMES])
async def test_random_bursts_never_close_a_game_unsaved(game_name, seats, options):
    import random

    from tui.screens.handover import GUARD

    rng = random.Random(game_name)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, game_name, seats, options=options, seed=rng.randrange(100))
        table = game_screen(app)
        started = len(table.session.entries)
        for _ in range(18):
            if screen_name(app) == "HandoverScreen" and rng.random() < 0.5:
                await asyncio.sleep(GUARD + 0.05)  # past its guard: enter counts there
            keys = keys_of(app)
            await pilot.burst(*(rng.choice(keys) for _ in range(rng.randint(1, 8))))
            await pilot.pause()
            kept(app, table, started)
            now = game_screen(app)
            if now is None:  # left, saved and said so: back to the menu and a new game
                await back_to_the_menu(pilot)
                await new_game(pilot, game_name, seats, options=options, seed=rng.randrange(100))
                now = game_screen(app)
            if now is not table:
                table, started = now, len(now.session.entries)


# ------------------------------------------------------------------ item 2: every prompt with a text input
async def gift_trap_at_ann_s_gives(pilot) -> engine.LocalSession:
    await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=1)
    await wait_for_text(pilot, "ann at the keyboard")
    await pilot.press("enter")  # ann deals
    await wait_for_text(pilot, "give:")
    return game_screen(pilot.app).session


def people_commands(session, since: int) -> list[str]:
    return [session.game.notation(e.command, session.names) for e in session.entries[since:]
            if e.seat is not None and not session.is_bot(e.seat)]


async def test_two_command_lines_in_one_burst_play_both_moves():
    async with menu_app(SMALL) as pilot:
        session = await gift_trap_at_ann_s_gives(pilot)
        n = len(session.entries)
        await pilot.burst(":", *"give 1 to bot2", "enter", ":", *"give 2 to bot3", "enter")
        assert people_commands(session, n) == ["give 1 to bot2", "give 2 to bot3"]
        assert not shows(pilot.app, "There is no player")


async def test_the_save_dialog_s_enter_and_the_keys_after_it_in_one_burst():
    # ctrl+s enter saves; the ":" line typed right after is the table's
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        session = await gift_trap_at_ann_s_gives(pilot)
        n = len(session.entries)
        await pilot.burst("ctrl+s", "enter", ":", *"give 1 to bot2", "enter")
        assert screen_name(app) == "GameScreen"
        assert people_commands(session, n) == ["give 1 to bot2"]
        path = game_screen(app).save_path
        assert path is not None and path.exists() and len(load(str(path)).entries) == n  # saved before the give


async def test_a_typed_save_path_and_the_keys_after_it_in_one_burst():
    # l p PATH enter, then the game's own keys: the game opens and takes them
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        session = await gift_trap_at_ann_s_gives(pilot)
        table = game_screen(app)
        await pilot.press("escape")  # saved, back at the menu
        await wait_for_screen(pilot, "MenuScreen")
        path = str(table.save_path)
        await pilot.burst("l", "p", *path, "enter", ":", *"give 1 to bot2", "enter")
        assert screen_name(app) == "GameScreen", screen_text(app)
        loaded = game_screen(app).session
        assert people_commands(loaded, len(session.entries)) == ["give 1 to bot2"]


async def test_a_name_typed_in_the_new_game_form_and_its_start_in_one_burst():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await pilot.press("n")
        await wait_for_screen(pilot, "NewGameScreen")
        from tui_driver import focus

        await focus(pilot, "name-0")
        await pilot.burst("end", "ctrl+u", *"zed", "ctrl+g")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        assert game_screen(app).session.names[0] == "zed"


async def test_ctrl_q_while_the_host_stops_still_leaves_its_sentence(monkeypatch):
    # the host stops; the player's ctrl+q in the moment the box shows ends the session
    # at once, and the sentence is still what stays on the terminal
    import tempfile
    from pathlib import Path

    import host.service
    import tui.screens.stopping
    from host.service import RoomService
    from tui_driver import lobby_app

    monkeypatch.setattr(tui.screens.stopping, "SHOWN_FOR", 3600.0)  # only ctrl+q ends it
    data = Path(tempfile.mkdtemp(prefix="bxq", dir="/tmp"))
    svc = RoomService(data, bot_pace=0.02)
    await svc.start(data / "s.sock")
    try:
        async with lobby_app(data / "s.sock", "ann", SMALL) as pilot:
            app = pilot.app
            svc.announce_stop()
            await wait_for_screen(pilot, "HostStoppingScreen")
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: app.return_code is not None, "the app to end")
            assert any("The host is stopping" in str(r) for r in app._exit_renderables)
    finally:
        await svc.close()
