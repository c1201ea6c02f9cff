"""Snapshots of every screen of both games at 80×24 and 120×40 (issue 11, "How the app is
tested from now on"), with pytest-textual-snapshot.

Each entry of ``SHOTS`` reaches one screen from the menu (or, for a shared game, from the
lobby of ``boxtop join``) by keys only, with the driver of ``tests/tui_driver.py``; the
test runs it at both ``SIZES`` and compares the screen with the SVG kept in
``tests/__snapshots__/test_snapshots/``. Everything on screen is fixed: seeds, the clock
(save names, dates), the save folder (``saves`` in a fresh working folder), room codes
and the example games' dates. To see a difference, open ``snapshot_report.html`` that a
failing run writes (or set ``SNAPSHOT_TEXT`` to a folder to get every screen there as
text). After a deliberate change of a screen, look at the new screens and
regenerate them all:

    .venv/bin/pytest tests/test_snapshots.py --snapshot-update

A new game adds a section of its own shots (its new-game form, its table in a few
phases at its largest player count, its result solo and multi, its rules) with ``@shot``.
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
import engine.core.saves
import engine.core.session
import host.service
import tui.best
import tui.paths
import tui.screens.load
from host import protocol as p
from host.client import ServiceClient
from tui.app import BoxtopApp

from bottlecap_play import MID_SCRIPT, OMEN_SCRIPT, hand_over
from tui_driver import (
    Player, fill_form, focus, lobby_ready, new_game, new_room, screen_text, wait_for, wait_for_screen,
    wait_for_text,
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
    the engine before the app starts (a long hot-seat game that the shot then loads by
    keys, instead of typing its forty moves again)."""

    reach: Callable[[Player], Awaitable[None]]
    remote: bool = False
    saves: tuple[str, ...] = ()
    played: Callable[[], engine.core.session.LocalSession] | None = None


SHOTS: dict[str, Shot] = {}


def shot(name: str, remote: bool = False, saves: tuple[str, ...] = (),
         played: Callable[[], engine.core.session.LocalSession] | None = None):
    """Register ``reach`` as the snapshot ``name``."""
    def register(reach: Callable[[Player], Awaitable[None]]):
        SHOTS[name] = Shot(reach, remote, saves, played)
        return reach
    return register


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
    await pilot.press("l")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
    await hand_over(pilot)


# ------------------------------------------------------------------ the app's own screens
@shot("menu")
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, "games: Gift Trap")


@shot("rules-from-menu")
async def _(pilot: Player) -> None:
    await pilot.press("question_mark")  # the list of games whose rules to read
    await wait_for_text(pilot, "The rules of which game?")


@shot("load", saves=("gift-trap-hot-seat.json", "giftbringer-solo.json"))
async def _(pilot: Player) -> None:
    await pilot.press("l")
    await wait_for_screen(pilot, "LoadScreen")


async def form(pilot: Player, game: str, players: int) -> None:
    """The new-game form for ``game`` and ``players``, seed 1, scrolled to its top."""
    await pilot.press("n")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, game, GT8[:players] if game == "Gift Trap" else GB6[:players], seed=1)
    app = pilot.app
    await focus(pilot, "game")
    await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused), "the game field in view")
    await focus(pilot, "players")


# ------------------------------------------------------------------ Gift Trap
@shot("gift-trap-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Gift Trap", 8)


async def gift_trap(pilot: Player) -> None:
    """ann and seven bots, extra tiles, seed 21: ann deals first."""
    await new_game(pilot, "Gift Trap", GT8, options={"extra_tiles": True}, seed=21)
    await wait_for_text(pilot, "deal:")


@shot("gift-trap-deal")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right")


@shot("gift-trap-give")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter")
    await wait_for_text(pilot, "give:")
    await pilot.press("enter", "enter", "m", "enter")  # three tiles, the third doubled (Give more)


@shot("gift-trap-rate")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "rate:")
    await pilot.press("enter", "down", "enter")


@shot("gift-trap-round-2")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "rate:")
    await pilot.press(*["enter"] * 4, "d")
    await wait_for_text(pilot, "Round 2")


@shot("gift-trap-hand-over")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Gift Trap", ["ann", "bob", *GT8[2:]], seed=21)
    await pilot.press("right", "enter", *["enter"] * 7, "d")
    await wait_for_text(pilot, "Pass the keyboard to bob.")


@shot("gift-trap-save")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("right", "enter", "enter", "ctrl+s")
    await wait_for_text(pilot, "Save the game as")


@shot("gift-trap-rules")
async def _(pilot: Player) -> None:
    await gift_trap(pilot)
    await pilot.press("question_mark")
    await wait_for_screen(pilot, "RulesScreen")


@shot("gift-trap-result")
async def _(pilot: Player) -> None:
    # eight bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Gift Trap", ["ann:heuristic", *GT8[1:]], options={"track_length": 12}, seed=4)
    await wait_for_screen(pilot, "ResultScreen")


@shot("gift-trap-replay", saves=("gift-trap-hot-seat.json",))
async def _(pilot: Player) -> None:
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "ReplayScreen")
    await pilot.press("home", *["right"] * 30, "v")
    await wait_for_text(pilot, "entry 31 of")


# ------------------------------------------------------------------ Giftbringer
@shot("giftbringer-new-game")
async def _(pilot: Player) -> None:
    await form(pilot, "Giftbringer", 6)


async def giftbringer(pilot: Player) -> None:
    """ann and five bots, seed 5."""
    await new_game(pilot, "Giftbringer", GB6, seed=5)
    await wait_for_text(pilot, "Round 1 of 10")


@shot("giftbringer-round-1")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)


@shot("giftbringer-marked")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("tab", "enter")  # the first result on the first place it fits
    await pilot.press("space", "right", "space")  # two results marked for a Blessing


@shot("giftbringer-other-sheet")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("o")
    await wait_for_text(pilot, "bob's island")


@shot("giftbringer-round-5")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    for round_ in range(2, 6):  # each round: cross where the first result fits, then done
        await pilot.press("tab", "enter", "tab", "enter", "d", "d")  # results are left: d asks, d again finishes
        await wait_for_text(pilot, f"Round {round_} of 10")


@shot("giftbringer-rules")
async def _(pilot: Player) -> None:
    await giftbringer(pilot)
    await pilot.press("question_mark")
    await wait_for_screen(pilot, "RulesScreen")


@shot("giftbringer-result-solo")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 2}, seed=5)
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_text(pilot, "Round 2 of 2")
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")


@shot("giftbringer-result")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Giftbringer", GB6, options={"rounds": 2}, seed=5)
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_text(pilot, "Round 2 of 2")
    await pilot.press("tab", "enter", "d", "d")
    await wait_for_screen(pilot, "ResultScreen")


@shot("giftbringer-replay", saves=("giftbringer-three.json",))
async def _(pilot: Player) -> None:
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "ReplayScreen")
    await pilot.press("home", *["right"] * 40, "v")
    await wait_for_text(pilot, "entry 41 of")


# ------------------------------------------------------------------ Bottlecap Vikings
@shot("bottlecap-vikings-ring", played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd"], MID_SCRIPT, 8))
async def _(pilot: Player) -> None:
    # three people at one keyboard, eleven turns played and saved, loaded; ann's move of 1
    # is chosen: the ring lights the landing tile and the line under it says it attacks
    # and crosses the line
    await load_first_save(pilot)
    await pilot.press("1")
    await wait_for_text(pilot, "crosses")


@shot("bottlecap-vikings-omen",
      played=lambda: typed("bottlecap-vikings", ["ann", "bob", "cyd", "dan"], OMEN_SCRIPT, 28, {"sides": "unique"}))
async def _(pilot: Player) -> None:
    # a question out of turn: dan attacked cyd, whose Omen asks which Valkyrie to give back
    # (tests/test_tui_bottlecap.py types these turns by keys)
    await load_first_save(pilot)
    await wait_for_text(pilot, "Omen: which Valkyrie goes back to the bag?")


@shot("bottlecap-vikings-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Bottlecap Vikings", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


# ------------------------------------------------------------------ Naughty or Nice
NN5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@shot("naughty-or-nice-rows")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (naughty_play.play_turn) until her fourth turn begins
    from naughty_play import game_session, play_turn
    from tui_driver import wait_for

    await new_game(pilot, "Naughty or Nice", NN5, seed=4)
    session = game_session(pilot.app)
    for _ in range(200):
        if session.state.turns >= 16 and session.state.turn == 0 and not session.state.acted \
                and not session.state.windows and not session.state.prompts:
            break
        await play_turn(pilot)
    await wait_for_text(pilot, "Your turn: take one basic action")


async def naughty_seven(pilot: Player) -> None:
    """Seed 7, ann against a random bob: ann is Santa and her turn begins."""
    await new_game(pilot, "Naughty or Nice", ["ann", "bob:random"], seed=7)
    await wait_for_text(pilot, "Choose your gift giver.")
    await pilot.press("enter")
    await wait_for_text(pilot, "Your turn: take one basic action")


@shot("naughty-or-nice-fulfill")
async def _(pilot: Player) -> None:
    # a Fulfill being chosen: Lupita at 6, the presents that fit marked in ann's hand
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a")
    await wait_for_text(pilot, "fits: enter gives")


@shot("naughty-or-nice-window")
async def _(pilot: Player) -> None:
    # a reaction window: bob's Elves, and ann holds a Tomte that can cancel them
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a", "enter", "e")
    await wait_for_text(pilot, "Nothing to react with")
    await pilot.press("n")
    await wait_for_text(pilot, "React, or pass (n).")


@shot("naughty-or-nice-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Naughty or Nice", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


# ------------------------------------------------------------------ Dice Upon a Time
DU5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@shot("dice-upon-a-time-map")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (dice_play.play_turn) into chapter 2, her die chosen
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", DU5, seed=3)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: session.state.chapter == 2 and session.state.turn == 0
                     and session.state.step == "place" and not session.state.prompts and not session.state.windows)
    await wait_for_text(pilot, "Place your")
    await pilot.press("tab", "tab")


@shot("dice-upon-a-time-bad-luck")
async def _(pilot: Player) -> None:
    # the full game: ann, played by keys, draws a Bad Luck card in chapter 1 and is
    # asked which of its two effects she suffers (her Character and Magic Item beside)
    from dice_play import game_session, play_until

    await new_game(pilot, "Dice Upon a Time", ["ann", "bob:heuristic", "cyd:heuristic"], seed=11)
    session = game_session(pilot.app)
    await play_until(pilot, lambda: bool(session.state.prompts) and session.state.prompts[0].kind == "bad_luck")
    await wait_for_text(pilot, "1:Go to the Big Sea.")


@shot("dice-upon-a-time-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play a short game as it starts
    await new_game(pilot, "Dice Upon a Time", ["ann:random", "bob:random"], options={"length": "short"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")


@shot("dice-upon-a-time-cooperative-result")
async def _(pilot: Player) -> None:
    await new_game(pilot, "Dice Upon a Time", ["ann:heuristic", "bob:heuristic"],
                   options={"length": "short", "mode": "cooperative"}, seed=1)
    await wait_for_screen(pilot, "ResultScreen")


# ------------------------------------------------------------------ a shared game (boxtop join)
@shot("lobby", remote=True)
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, CODES[2])  # the three rooms of the others


@shot("waiting-room", remote=True)
async def _(pilot: Player) -> None:
    await wait_for_text(pilot, CODES[2])
    await new_room(pilot, "Gift Trap", ["ann", "ann", "ann", "ann", "bot", "bot", "bot", "random"])
    await wait_for_text(pilot, CODES[3])


@shot("new-room", remote=True)
async def _(pilot: Player) -> None:
    await pilot.press("c")
    await wait_for_screen(pilot, "NewGameScreen")


# ------------------------------------------------------------------ what every snapshot sees
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
    stamp = NOW.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")
    monkeypatch.setattr(engine.core.log, "now", lambda: stamp)
    monkeypatch.setattr(engine.core.session, "now", lambda: stamp)
    monkeypatch.setattr(engine.core.saves, "now", lambda: stamp)
    monkeypatch.setattr(tui.paths, "datetime", types.SimpleNamespace(datetime=FixedDatetime, date=FixedDate))
    monkeypatch.setattr(tui.best, "date", FixedDate)
    examples = tmp_path / "examples"
    examples.mkdir()
    for example in tui.paths.EXAMPLES.glob("*.json"):
        copy = Path(shutil.copy(example, examples))
        os.utime(copy, (NOW.timestamp(), NOW.timestamp()))
    monkeypatch.setattr(tui.paths, "EXAMPLES", examples)
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
    yield str(data / "s.sock")

    async def stop():
        for client in clients:
            await client.close()
        await svc.close()

    asyncio.run_coroutine_threadsafe(stop(), loop).result(timeout=20)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=20)
    shutil.rmtree(data, ignore_errors=True)


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


# ------------------------------------------------------------------ the test
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(SHOTS))
def test_screen(name: str, size: str, snap_compare, fixed_world, request) -> None:
    """The screen ``name`` at ``size``, reached by keys, as kept in its snapshot."""
    what = SHOTS[name]
    saves = fixed_world / "saves"
    saves.mkdir()
    for k, example in enumerate(what.saves):
        copy = Path(shutil.copy(tui.paths.EXAMPLES / example, saves))
        os.utime(copy, (NOW.timestamp() - 3600 * k, NOW.timestamp() - 3600 * k))  # the first is the newest
    if what.played is not None:
        engine.core.saves.save(what.played(), saves / f"{name}.json")
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
        if os.environ.get("SNAPSHOT_TEXT"):  # a folder: also write each screen there as text, to read
            Path(os.environ["SNAPSHOT_TEXT"], f"{name}-{size}.txt").write_text(screen_text(app))

    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)
