"""What every snapshot test shares: the registry of shots, the fixed world (clock, save
folder, example games, room codes), a room service for the shared screens, and the test
that takes each shot at both sizes.

Each ``tests/test_snapshots*.py`` module keeps one part of the app's screens (the app's
own screens and the shared game in ``test_snapshots.py``, each game in a module of its
own) with pytest-textual-snapshot. A module makes its registry and its test::

    SHOTS = Shots()

    @SHOTS.shot("menu")
    async def _(pilot): ...

    test_screen = screen_test(SHOTS)

Each shot reaches one screen from the menu (or, for a shared game, from the lobby of
``boxtop join``) by keys only, with the driver of ``tests/tui_driver.py``; the test runs
it at both ``SIZES`` and compares the screen with the SVG kept in
``tests/__snapshots__/<module>/``. Everything on screen is fixed: seeds, the clock (save
names, dates), the save folder (``saves`` in a fresh working folder), room codes and the
example games' dates. To see a difference, open ``snapshot_report.html`` that a failing
run writes (or set ``SNAPSHOT_TEXT`` to a folder to get every screen there as text).
After a deliberate change of a screen, look at the new screens and regenerate them:

    .venv/bin/pytest tests/test_snapshots*.py --snapshot-update
"""

from __future__ import annotations

import asyncio
import datetime
import os
import shutil
import tempfile
import threading
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable

import pytest

import engine.core.log
import engine.core.room
import engine.core.save_write
import engine.core.session
import host.service
import tui.support.best
import tui.support.paths
import tui.screens.load
from host import protocol as p
from host.client import ServiceClient
from tui.app import BoxtopApp

from lesson_kit import open_lesson, play_steps, quick_guard
from tui_driver import (
    Player, fill_form, focus, lobby_ready, open_from_menu, open_replay, screen_text, take_keyboard, wait_for,
    wait_for_screen, wait_still, wait_for_text,
)

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
#: The clock every snapshot sees: Christmas Eve 2025, 18:00.
NOW = datetime.datetime(2025, 12, 24, 18, 0, 0)
#: Room codes handed out in order (the host's are random).
CODES = ["K7QF-M2XA-9P", "B4CD-EFGH-JK", "LMNP-QRST-UV", "WXYZ-2345-67", "89AB-CDEF-GH"]

GT8 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic", "fay:heuristic",
       "gus:heuristic", "hal:heuristic"]  # Gift Trap's largest table
GB6 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic", "fay:heuristic"]  # Giftbringer's


@dataclass
class Shot:
    """One screen: ``reach(pilot)`` drives there by keys from the menu (from the lobby
    when ``remote``); ``saves``: example games (file names in ``saves/``) to put among
    the player's own saves first; ``played``: a game the player saved earlier, made by
    the engine before the app starts (a long game that the shot then loads by keys,
    instead of typing its forty moves again)."""

    reach: Callable[[Player], Awaitable[None]]
    remote: bool = False
    saves: tuple[str, ...] = ()
    played: Callable[[], engine.core.session.LocalSession] | None = None


class Shots(dict):
    """A module's shots by name; ``shot(name, …)`` registers one (see ``Shot``)."""

    def shot(self, name: str, remote: bool = False, saves: tuple[str, ...] = (),
             played: Callable[[], engine.core.session.LocalSession] | None = None):
        """Register ``reach`` as the snapshot ``name``."""
        def register(reach: Callable[[Player], Awaitable[None]]):
            assert name not in self, f"two shots named {name!r}"
            self[name] = Shot(reach, remote, saves, played)
            return reach
        return register


def lesson_shot(shots: "Shots", name: str, slug: str, upto: int, keys: tuple[str, ...] = (), wait: str = "") -> None:
    """Register shot ``name``: ``slug``'s lesson from the menu (t) by keys, its first
    ``upto`` steps done, then ``keys`` pressed and ``wait`` shown (if given)."""

    @shots.shot(name)
    async def _(pilot: Player) -> None:
        await open_lesson(pilot, slug)
        await play_steps(pilot, slug, upto=upto)
        if keys:
            await pilot.press(*keys)
        if wait:
            await wait_for_text(pilot, wait)


def typed(slug: str, seats: list[str], script: list[str], seed: int,
          options: dict | None = None) -> engine.core.session.LocalSession:
    """A hot-seat game of people ``seats`` with each line of ``script`` given in the
    notation by whoever is to act, started as the app's new-game form starts it (strict
    undo): what ``bottlecap_play.type_commands`` types on the ``:`` line."""
    s = engine.new_game(slug, seats, seed=seed, options=options)
    for text in script:
        s.submit(s.to_act_seats()[0], s.game.parse(text, s.names))
    return s


async def load_first_save(pilot: Player) -> None:
    """From the menu: ``l``, then the newest save (the list's first row) with enter; then
    the hand-over, when the player to act must take the keyboard first."""
    await open_from_menu(pilot, "l", "GameScreen", "HandoverScreen")
    await take_keyboard(pilot)


async def replay_entry(pilot: Player, entry: int) -> None:
    """From the menu: the newest save as a replay (``open_replay``), at ``entry`` (``home``
    then ``right`` that many times), seen as its first player (``v``)."""
    await open_replay(pilot)
    await pilot.press("home", *["right"] * entry, "v")
    await wait_for_text(pilot, f"entry {entry} of")


async def open_list(pilot: Player, field: str, what: str) -> None:
    """Give the drop-down list ``field`` (a widget id) of the new-game form the focus
    and open it (enter); returns once the list is drawn (``what`` names it in a
    failure). The focus comes up from the Start button, so the form stands at its end
    before the list opens: opened from the top, whether the form then scrolled on to its
    end depended on when the list was first laid out (both fine, not one picture)."""
    new_form = pilot.app.screen.query_one("#new-form")
    await focus(pilot, "start")
    await wait_for(pilot, lambda: new_form.scroll_y == new_form.max_scroll_y,
                   "the form at its end")
    await focus(pilot, field)
    await pilot.press("enter")
    await wait_for(pilot, lambda: type(pilot.app.focused).__name__ == "SelectOverlay"
                   and pilot.app.focused.region.height, what)


async def rules_at(pilot: Player, start: Callable[[Player], Awaitable[None]]) -> None:
    """``start(pilot)`` (a game to its first question), then ``?``: the rules screen."""
    await start(pilot)
    await pilot.press("question_mark")
    await wait_for_screen(pilot, "RulesScreen")


async def form(pilot: Player, game: str, players: int) -> None:
    """The new-game form for ``game`` and ``players``, seed 1, scrolled to its top."""
    await pilot.press("n")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, game, GT8[:players] if game == "Gift Trap" else GB6[:players], seed=1)
    app = pilot.app
    await focus(pilot, "game")
    await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the game field in view")
    await focus(pilot, "players")
    await wait_for(pilot, lambda: app.screen.query_one("#new-form").scroll_y == 0 and not app.animator.is_being_animated(
        app.screen.query_one("#new-form"), "scroll_y"), "the form still at its top")


class FixedDatetime(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(NOW.timestamp(), tz)


class FixedDate(datetime.date):
    @classmethod
    def today(cls):
        return cls(NOW.year, NOW.month, NOW.day)


@pytest.fixture
def fixed_world(tmp_path, monkeypatch):
    """A fresh working folder whose ``saves`` is the save folder (paths on screen are
    ``saves/…``), the clock at ``NOW`` (save names, saved-at, personal-best days), the
    example games copied with fixed dates, and the room codes of ``CODES``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOXTOP_SAVE_DIR", "saves")
    quick_guard(monkeypatch)  # a lesson's steps reached without a reader's pause at each
    stamp = NOW.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")
    monkeypatch.setattr(engine.core.log, "now", lambda: stamp)
    monkeypatch.setattr(engine.core.session, "now", lambda: stamp)
    monkeypatch.setattr(engine.core.save_write, "now", lambda: stamp)
    monkeypatch.setattr(tui.support.paths, "datetime", types.SimpleNamespace(datetime=FixedDatetime, date=FixedDate))
    monkeypatch.setattr(tui.support.best, "date", FixedDate)
    examples = tmp_path / "examples"
    examples.mkdir()
    for example in tui.support.paths.EXAMPLES.glob("*.json"):
        copy = Path(shutil.copy(example, examples))
        os.utime(copy, (NOW.timestamp(), NOW.timestamp()))
    monkeypatch.setattr(tui.support.paths, "EXAMPLES", examples)
    monkeypatch.setattr(tui.screens.load, "EXAMPLES", examples, raising=False)
    codes = iter(CODES)
    monkeypatch.setattr(engine.core.room, "new_code", lambda taken=frozenset(): next(codes))
    monkeypatch.setattr(host.service, "new_seed", lambda: 3)
    return tmp_path


@pytest.fixture
def room_service(fixed_world):
    """A room service in a thread of its own (the snapshot runs the app in its own event
    loop), with three rooms of other players: bob's Gift Trap (bob, an open seat, a bot),
    cyd's Giftbringer for six, and dan's Gift Trap already started. Yields the socket."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    data = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))  # a short path for the socket
    clients: list[ServiceClient] = []

    async def start():
        from host.service import RoomService

        svc = RoomService(data, bot_pace=None)
        await svc.start(data / "s.sock")
        for name, game, seats, start_it in [
            ("bob", "gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")], False),
            ("cyd", "giftbringer", [p.SeatSpec()] * 6, False),
            ("dan", "gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("random")], True),
        ]:
            client = await ServiceClient.connect(data / "s.sock", name)
            clients.append(client)
            asyncio.get_running_loop().create_task(drain(client))
            await client.send(p.CreateRoom(game, seats))
            await asyncio.sleep(0.1)
            if start_it:
                await client.send(p.StartGame())
                await asyncio.sleep(0.1)
        return svc

    svc = asyncio.run_coroutine_threadsafe(start(), loop).result(timeout=20)
    SERVICES[str(data / "s.sock")] = (svc, loop)
    yield str(data / "s.sock")
    SERVICES.pop(str(data / "s.sock"), None)

    async def stop():
        for client in clients:
            await client.close()
        await svc.close()

    asyncio.run_coroutine_threadsafe(stop(), loop).result(timeout=20)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=20)
    shutil.rmtree(data, ignore_errors=True)


#: The running room services of ``room_service``, by socket: the service and its loop.
SERVICES: dict[str, tuple] = {}


def stop_host(socket: str) -> None:
    """The host of the room service at ``socket`` begins to stop, as Ctrl+C on
    ``boxtop host`` makes it: every connection is told (``RoomService.announce_stop``)."""
    svc, loop = SERVICES[socket]
    loop.call_soon_threadsafe(svc.announce_stop)


async def drain(client: ServiceClient) -> None:
    """Read and drop what the service sends ``client`` (another player's screen)."""
    while await client.recv() is not None:
        pass


def steady(app) -> None:
    """Stop the text cursors blinking (a terminal setting), so the screen does not depend
    on when in the blink it is taken."""
    from textual.widgets import Input

    for field in app.screen.query(Input):
        field.cursor_blink = False



def screen_test(shots: Shots):
    """The test of a module's ``shots``: each at both sizes, as kept in its snapshot."""

    @pytest.mark.parametrize("size", list(SIZES))
    @pytest.mark.parametrize("name", list(shots))
    def test_screen(name: str, size: str, snap_compare, fixed_world, request) -> None:
        """The screen ``name`` at ``size``, reached by keys, as kept in its snapshot."""
        what = shots[name]
        saves = fixed_world / "saves"
        saves.mkdir()
        for k, example in enumerate(what.saves):
            copy = Path(shutil.copy(tui.support.paths.EXAMPLES / example, saves))
            os.utime(copy, (NOW.timestamp() - 3600 * k, NOW.timestamp() - 3600 * k))  # the first is the newest
        if what.played is not None:
            engine.core.save_write.save(what.played(), saves / f"{name}.json")
        app = BoxtopApp(remote=(request.getfixturevalue("room_service"), "ann")) if what.remote else BoxtopApp()
        app.animation_level = "none"
        app.theme = "textual-dark"  # whatever $TEXTUAL_THEME says

        async def run_before(pilot) -> None:
            player = Player(pilot.app)
            if what.remote:
                await lobby_ready(player)
            else:
                await wait_for_text(player, "New game")
            await what.reach(player)
            await player.pause()
            steady(app)
            await wait_still(player)
            if os.environ.get("SNAPSHOT_TEXT"):  # a folder: also write each screen there as text, to read
                Path(os.environ["SNAPSHOT_TEXT"], f"{name}-{size}.txt").write_text(screen_text(app))

        assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)

    return test_screen
