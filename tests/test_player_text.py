"""Player text is never parsed as markup (issue 10, finding 7).

`/` then `[/x]` enter in the lobby crashed the session: the room service's refusal
quoted the code and the lobby showed it as Rich markup. Everything a player types or is
called — room codes, names, notation on the `:` line (the engine's refusals quote it),
save paths, the service's refusals, notifications — must show literally, everywhere: the
lobby, the waiting room, the new-game form, the game screen (local and shared), the
hand-over screen, the result screen, the replay and the load screen. Each test drives
the real app by keys and reads what is drawn on the screen.
"""

from __future__ import annotations

import os
import re
import time

import pytest

import engine
import engine.core.text
import host.service
from host import protocol as p
from host.client import ServiceClient
from tui.app import BoxtopApp
from tui.screens.game import GameScreen
from tui.screens.handover import HandoverScreen
from tui.screens.load import LoadScreen
from tui.screens.lobby import LobbyScreen, WaitingRoomScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.result import ResultScreen
from tui.screens.shared_game import SharedGameScreen

from tui_driver import Player, menu_app, new_game, screen_text, take_keyboard, type_text, wait_for

SIZE = (150, 45)
#: Markup-like player text: a closing tag with no opening one (it raised), a style, an
#: action link and a file link (both must stay text, never become something to click).
MARKUP = ["[/x]", "[b]", "[@click=app.quit]x[/]", "[link=file:///etc/passwd]x[/link]"]


def clickable(app) -> list[str]:
    """The ``@click`` actions and ``link`` targets of everything drawn now."""
    found = []
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            style = segment.style
            if style is None:
                continue
            if style.link:
                found.append(style.link)
            if style.meta.get("@click"):
                found.append(str(style.meta["@click"]))
    return found


async def shows(pilot, text: str, timeout: float = 10.0) -> None:
    """Wait until ``text`` is drawn, literally, on the screen."""
    await wait_for(pilot, lambda: text in screen_text(pilot.app), repr(text), timeout)


@pytest.fixture
async def service(room_service):
    return await room_service(bot_pace=None)  # bots answer at once


# ------------------------------------------------------------------ the lobby
async def test_a_room_code_typed_in_the_lobby_shows_literally_in_the_refusal(service):
    # The finding itself: "/" then "[/x]" enter crashed the session.
    _, sock = service
    app = BoxtopApp(remote=(str(sock), "ann"))
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await shows(pilot, "c creates a room")
        for text in MARKUP:
            await pilot.press("slash")
            limit = app.screen.query_one("#lobby-code").max_length or len(text)
            await type_text(pilot, text)
            await pilot.press("enter")
            typed = text[:limit].upper()
            await shows(pilot, f"'{typed}'")  # the service's refusal quotes the code
            assert isinstance(app.screen, LobbyScreen)
            assert clickable(app) == []
        assert app.is_running


@pytest.fixture
def any_name(monkeypatch):
    """A room service and games that take any name, so names can carry markup to every
    screen (the name rule, ``engine.core.text.NAME``, keeps "[" out of names today, in
    rooms, local games and saves alike; the screens must not depend on it). A local
    game's name still has no space in it."""
    monkeypatch.setattr(host.service, "NAME", re.compile(r"^.{1,60}$"))
    monkeypatch.setattr(engine.core.text, "NAME", re.compile(r"\S{1,60}"))


@pytest.mark.parametrize("name", MARKUP)
async def test_a_player_name_with_markup_shows_literally_in_the_lobby(service, any_name, name):
    _, sock = service
    app = BoxtopApp(remote=(str(sock), name))
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await shows(pilot, f"you are {name} · c creates a room")
        assert clickable(app) == []
        assert app.is_running


# ------------------------------------------------------------------ a shared room


async def create_room(pilot, app, game: str, name: str, friend: ServiceClient) -> None:
    """A room of ``game`` with the app's player ``name`` and ``friend`` seated. Gift Trap:
    the app creates it through the new-room form by keys (three players: the fewest) and
    the friend joins. Giftbringer (two players): the friend creates it and the app joins
    the room highlighted in the lobby with enter."""
    if game == "gift-trap":
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await shows(pilot, name)  # the creator's seat in the form
        await pilot.press("tab", "enter", "home", "enter")  # the players: three
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room")
        await friend.send(p.JoinRoom(app.screen.room.code))
    else:
        await friend.send(p.CreateRoom(game, [p.SeatSpec(), p.SeatSpec()]))
        await wait_for(pilot, lambda: app.screen.rooms, what="the room in the lobby")
        # the lobby's seats and creator columns: the name as text, never a link. (Only its
        # start: Textual's DataTable may keep a first row drawn at the header's widths.)
        await shows(pilot, friend.name[:5])
        assert clickable(app) == []
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room")


@pytest.mark.parametrize("game", ["gift-trap", "giftbringer"])
async def test_names_and_refusals_in_a_shared_room_show_literally(service, any_name, game):
    _, sock = service
    me, friend = "[/x]", "[link=file:///etc/passwd]x[/link]"
    app = BoxtopApp(remote=(str(sock), me))
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await shows(pilot, "c creates a room")
        other = await ServiceClient.connect(sock, friend)
        try:
            await create_room(pilot, app, game, me, other)
            await shows(pilot, friend)  # the waiting room's seat list
            assert me in screen_text(app)
            if game == "gift-trap":  # three seats: the third to a bot, by keys; ann starts
                await pilot.press("down", "down", "b")
                await shows(pilot, "which bot takes it?")
                await pilot.press("enter")  # the one highlighted: normal
                await shows(pilot, "(normal bot)")
                await pilot.press("s")
            else:
                await shows(pilot, f"waiting for {friend} to start")
                await other.send(p.StartGame())
            await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen), what="the game")
            await shows(pilot, f"you are {me}")
            if game == "giftbringer":
                await shows(pilot, f"{me}'s island")
                await pilot.press("o")  # the other player's sheet
                await shows(pilot, f"{friend}'s island")
            else:
                await shows(pilot, f"to act: {me}")  # ann deals first
            for text in ("[/x]", "[@click=app.quit]x[/]"):  # the room's refusal quotes the notation
                await pilot.press("colon")
                await type_text(pilot, text)
                await pilot.press("enter")
                await shows(pilot, f"'{text.lower()}'")
            assert app.is_running and isinstance(app.screen, SharedGameScreen)
            assert not any("file:" in c or "app.quit" in c for c in clickable(app))
        finally:
            await other.close()


# ------------------------------------------------------------------ local games
async def test_names_typed_in_the_new_game_form_show_literally_everywhere(tmp_path, monkeypatch, any_name):
    monkeypatch.chdir(tmp_path)
    app = BoxtopApp()
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("tab", "enter", "home", "enter")  # Gift Trap for three
        form = app.screen
        # seat 1: a name with a space is refused, and the refusal quotes it
        await pilot.press("tab", "end", "backspace", "backspace", "backspace")
        await type_text(pilot, "[/x] y")
        await pilot.press("ctrl+g")
        await shows(pilot, "'[/x] y'")
        assert app.screen is form
        await pilot.press("backspace", "backspace")  # now "[/x]"
        await pilot.press("tab", "tab", "end", "backspace", "backspace", "backspace")  # seat 2's name
        await type_text(pilot, "[@click=app.quit]x[/]")
        await pilot.press("tab", "enter", "home", "enter")  # seat 2: a person
        await pilot.press("tab", "end", "backspace", "backspace", "backspace")  # seat 3's name (a bot)
        await type_text(pilot, "[link=file:///etc/passwd]x[/link]")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), what="the game")
        await shows(pilot, "[/x] at the keyboard")
        await shows(pilot, "to act: [/x]")

        # the engine's refusal of the notation quotes it
        for text in ("[/x]", "[@click=app.quit]x[/]"):
            await pilot.press("colon")
            await type_text(pilot, text)
            await pilot.press("enter")
            await shows(pilot, f"'{text.lower()}'")
        # a save path with markup: "Saved to …", then the notice on leaving
        (tmp_path / "[").mkdir()  # :save makes no folder (issue 22, A-D14)
        await pilot.press("colon")
        await type_text(pilot, "save [/x]")
        await pilot.press("enter")
        await shows(pilot, "Saved to [/x].")
        assert (tmp_path / "[" / "x]").is_file()

        # deal, give: the keyboard passes to the second person, by name
        await pilot.press("right", "enter")
        await pilot.pause()
        await pilot.press("enter", "enter", "d")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), what="the hand-over")
        await shows(pilot, "Pass the keyboard to [@click=app.quit]x[/].")
        assert clickable(app) == []
        await take_keyboard(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await shows(pilot, "[@click=app.quit]x[/] at the keyboard")
        await pilot.press("colon")
        await type_text(pilot, "save [/x]")
        await pilot.press("enter")
        await shows(pilot, "Saved to [/x].")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await shows(pilot, "Your game is saved in [/x].")
        assert app.is_running


async def test_names_on_the_result_and_replay_screens_show_literally(any_name):
    names = ["[/x]", "[b]", "[link=file:///etc/passwd]x[/link]"]
    async with menu_app(SIZE) as pilot:  # three bots, named in the new-game form
        app = pilot.app
        await new_game(pilot, "Gift Trap", [engine.Seat(n, "heuristic") for n in names], seed=3,
                       options={"track_length": 6})
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what="the result")
        result = app.screen.session.result()
        *others, last = [names[i] for i in result.winners]
        await shows(pilot, ", ".join(others) + " and " + last if others else last + " wins!")
        for name in names:  # the score table
            assert name in screen_text(app)
        assert clickable(app) == []
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        for name in names:  # seen through each seat's eyes in turn
            await pilot.press("v")
            await shows(pilot, f"seen as {name}")
        assert app.is_running


async def test_a_giftbringer_player_name_shows_literally_on_the_island(any_name):
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", [engine.Seat("[/x]", None)], seed=2)
        await shows(pilot, "[/x]'s island")
        await shows(pilot, "[/x] at the keyboard")
        await pilot.press("colon")
        await type_text(pilot, "[@click=app.quit]x[/]")
        await pilot.press("enter")
        await shows(pilot, "'[@click=app.quit]x[/]'")
        assert clickable(app) == []
        assert app.is_running


async def test_save_names_with_markup_show_literally_on_the_load_screen(isolated_user_folders):
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    good = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    good.save(str(saves / "[b]good.json"))
    broken = saves / "[@click=app.quit]x.json"
    broken.write_text("{not json")
    os.utime(broken, (time.time() + 60, time.time() + 60))  # the newest: listed first
    app = BoxtopApp()
    async with app.run_test(size=SIZE, notifications=True) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen))
        await shows(pilot, "[@click=app.quit]x.json")
        await pilot.press("enter")  # the newest save is highlighted first: the broken one
        await shows(pilot, "[@click=app.quit]x.json is not valid JSON")
        await pilot.press("down")  # the good one: its file is named under the list
        await shows(pilot, "[b]good.json")
        assert isinstance(app.screen, LoadScreen) and app.is_running
