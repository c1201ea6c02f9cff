"""CPU per redraw of the game screens (issue 10, "Speed under load"): aim for a cursor
move ≤ 10 ms and any seat's screen after a move ≤ 25 ms of CPU, in each game.

The real app runs headless (``App.run_test``) in this process and is driven by keys with
Pilot. One round is one key (or one move of another seat arriving) and ends once every
widget has handled its messages, the screen has painted what changed and nothing more is
pending. The clock is this process's CPU time (``time.process_time``), so the time spent
waiting (Pilot's idle checks, the room service's round trip) does not count, and a noisy
machine shows less than in wall time. Headless, Textual skips turning the painted frame
into terminal escapes; everything before it (layout, rendering, compositing) is counted.

Per game (Gift Trap, Giftbringer) and terminal size (120×40, 80×24), mid-game:

- ``noop-f``: a key bound to nothing on the game screen (what a key costs the app and
  this harness before anything is drawn: compare with ``bare-noop``).
- ``cursor-<key>``: a cursor key (Gift Trap: → a gift, ↓ a row; Giftbringer: → a result,
  ↓ a Viking or place).
- ``move``: the seat's own move in a game against bots (place a tile / cross a result);
  the set-up (not timed) undoes it again.
- ``commit``: ``d`` in a game against bots: the phase or round ends, so this includes the
  bots' moves (the engine) and the redraw of a new phase.
- ``shared-move``: the seat's own move in a shared game (a room service in its own
  process): the key, the room's table coming back, the redraw.
- ``shared-other``: another seat's move arriving in a shared game. The other seats are
  connections of this process (a heuristic bot choosing, not timed); each move also costs
  them decoding their own table (well under a millisecond).

Beside them, in the same run, a bare Textual app: a key that updates two cards of a
12-card grid (``bare-grid``), and a key bound to nothing (``bare-noop``).

Run: ``.venv/bin/pytest tests/bench/test_bench_redraw.py --benchmark-enable --benchmark-only
--benchmark-columns=min,median,mean,max,rounds --benchmark-sort=name``.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import Grid
from textual.widgets import Footer, Static

import engine
from engine import Seat
from engine.core.rng import rng_for

pytestmark = pytest.mark.benchmark(timer=time.process_time, disable_gc=False)

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}
CURSOR_ROUNDS, MOVE_ROUNDS, COMMIT_ROUNDS, SHARED_ROUNDS = 40, 25, 12, 25


# ---------------------------------------------------------------------- driving an app
async def settle(pilot) -> None:
    """Wait until the screen has painted everything pending and its widgets are idle."""
    for _ in range(100):
        await pilot.pause()  # every widget's queue handled, then a paint of what is dirty
        s = pilot.app.screen
        if not (s._layout_required or s._scroll_required or s._repaint_required
                or s._dirty_widgets or s._recompose_required):
            return


async def until(condition, timeout: float = 20.0) -> None:
    """Sleep until ``condition()`` holds (fails after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.002)


class Driven:
    """``app`` running headless at ``size`` in an event loop of its own, driven from the
    synchronous benchmark. ``run(coro)`` runs ``coro`` inside the app's test task (where
    Textual's context is set) and returns its result; ``press(*keys)`` presses and waits
    until painted and idle."""

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.app = app
        self.jobs: asyncio.Queue = asyncio.Queue()
        self.ready = self.loop.create_future()
        self.task = self.loop.create_task(self._main(size))
        self.pilot = self.loop.run_until_complete(self.ready)
        self.run(settle(self.pilot))

    async def _main(self, size: tuple[int, int]) -> None:
        async with self.app.run_test(size=size) as pilot:
            self.ready.set_result(pilot)
            while (job := await self.jobs.get()) is not None:
                coro, done = job
                try:
                    done.set_result(await coro)
                except Exception as err:
                    done.set_exception(err)

    def run(self, coro):
        done = self.loop.create_future()
        self.jobs.put_nowait((coro, done))
        self.loop.run_until_complete(asyncio.wait([done, self.task], return_when=asyncio.FIRST_COMPLETED))
        if not done.done():
            coro.close()
            self.task.result()  # the app's own error
            raise AssertionError("the app ended")
        return done.result()

    async def apress(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await settle(self.pilot)

    def press(self, *keys: str) -> None:
        self.run(self.apress(*keys))

    def close(self) -> None:
        try:
            if not self.task.done():
                self.jobs.put_nowait(None)
                self.loop.run_until_complete(self.task)
        finally:
            asyncio.set_event_loop(None)
            self.loop.close()


@pytest.fixture
def driven():
    """Call with (app, size); the app is closed after the test."""
    made: list[Driven] = []

    def make(app: App, size: tuple[int, int]) -> Driven:
        made.append(Driven(app, size))
        return made[-1]

    yield make
    for d in made:
        d.close()


# ---------------------------------------------------------------------- the bare app
class BareGrid(App):
    """A bare Textual app: 12 bordered cards in a grid; → moves a cursor (two cards change)."""

    CSS = """
    Grid { grid-size: 4; grid-gutter: 0 1; height: auto; }
    .card { border: round $panel-lighten-2; height: 7; padding: 0 1; }
    .card.cursor { border: heavy $accent; background: $boost; }
    """
    BINDINGS = [("right", "move", "Move")]

    def compose(self) -> ComposeResult:
        with Grid():
            for i in range(12):
                yield Static(f"card {i + 1}", classes="card", id=f"c{i}")
        yield Footer()

    def on_mount(self) -> None:
        self.at = 0
        self.query_one("#c0").add_class("cursor")

    def action_move(self) -> None:
        old = self.query_one(f"#c{self.at}", Static)
        self.at = (self.at + 1) % 12
        new = self.query_one(f"#c{self.at}", Static)
        old.remove_class("cursor")
        old.update(f"card {self.at}")
        new.add_class("cursor")
        new.update(f"card {self.at + 1}\nthe cursor is here")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["bare-grid", "bare-noop"])
def test_bench_redraw_bare_textual(benchmark, driven, kind, size):
    d = driven(BareGrid(), SIZES[size])
    key = "right" if kind == "bare-grid" else "x"
    benchmark.pedantic(d.press, args=(key,), rounds=CURSOR_ROUNDS, warmup_rounds=2)
    assert d.app.at == (0 if kind == "bare-noop" else (CURSOR_ROUNDS + 2) % 12)


# ---------------------------------------------------------------------- games against bots
def gift_trap_game(track_length: int = 60) -> engine.LocalSession:
    """ann against four bots (the README's screenshot game), undo casual."""
    seats = [Seat("ann"), Seat("bob", "heuristic"), Seat("cyd", "heuristic"), Seat("dan", "heuristic"),
             Seat("eve", "random")]
    return engine.new_game("gift-trap", seats, seed=21, undo="casual",
                           options={"extra_tiles": True, "track_length": track_length})


def giftbringer_game() -> engine.LocalSession:
    """ann and two heuristic bots, four rounds played by a careful player, undo casual."""
    from engine.games.giftbringer.bot import HeuristicBot

    s = engine.new_game("giftbringer", [Seat("ann"), Seat("bot2", "heuristic"), Seat("bot3", "heuristic")],
                        seed=5, undo="casual", options={"rounds": 30})
    s.run_bots()
    careful = HeuristicBot(0)
    while s.state.round <= 4:
        s.submit(0, careful.choose(s.view(0), s.legal_commands(0), rng_for(5, s.ply, "bench")))
        s.run_bots()
    return s


def gift_trap_keys_to_commit(d: Driven) -> None:
    """Press what ann needs to have placed every tile of her phase (deal first if asked)."""
    for _ in range(4):
        screen = d.app.screen
        view = screen.session.view(screen.seat)
        if view.phase == "deal":
            d.press("right", "enter")
        elif view.phase == "give":
            d.press(*["enter"] * (view.n - 1 - len(view.my_gives)))
            return
        elif view.phase == "rate":
            d.press(*["enter"] * (4 - len(view.my_rates)))
            return
    raise AssertionError(f"ann cannot commit in phase {view.phase}")


def gift_trap_mid_game(d: Driven) -> None:
    """Two rounds by keys; then round 3's Give phase, one tile placed."""
    for _ in range(4):
        gift_trap_keys_to_commit(d)
        d.press("d")
    gift_trap_keys_to_commit(d)
    d.press("u", "u", "u")
    assert d.app.screen.session.view(0).round == 3


def giftbringer_find_fit(d: Driven) -> None:
    """Move the cursors (tab, →) until enter would cross, land or visit."""
    table = d.app.screen.table
    for _ in range(8):
        d.press("tab")
        if table._target() in table.fits():
            return
        d.press("right")
    raise AssertionError("no result fits anywhere")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["noop-f", "cursor-right", "cursor-down", "move", "commit"])
@pytest.mark.parametrize("game", ["gift-trap", "giftbringer"])
def test_bench_redraw_against_bots(benchmark, driven, game, kind, size):
    from tui.app import BoxtopApp

    session = gift_trap_game() if game == "gift-trap" else giftbringer_game()
    d = driven(BoxtopApp(session=session), SIZES[size])
    if game == "gift-trap":
        gift_trap_mid_game(d)
    entries = lambda: len(session.entries)  # noqa: E731
    if kind.startswith(("cursor", "noop")):
        key = kind.split("-")[1]
        before = entries()
        benchmark.pedantic(d.press, args=(key,), rounds=CURSOR_ROUNDS, warmup_rounds=2)
        assert entries() == before
    elif kind == "move":
        start = entries()

        def setup():
            if entries() > start:  # take back the last round's move
                d.press("u")
            if game == "giftbringer":
                giftbringer_find_fit(d)
            counts.append(entries())

        counts: list[int] = []
        benchmark.pedantic(d.press, args=("enter",), setup=setup, rounds=MOVE_ROUNDS, warmup_rounds=1)
        assert entries() > counts[-1]
    else:
        def setup():
            if game == "gift-trap":
                gift_trap_keys_to_commit(d)
            else:  # results are left: d asks first, and the d measured finishes the round
                d.press("d")
            counts.append(entries())

        counts = []
        benchmark.pedantic(d.press, args=("d",), setup=setup, rounds=COMMIT_ROUNDS, warmup_rounds=1)
        assert entries() > counts[-1]
        assert session.result() is None


# ---------------------------------------------------------------------- shared games
@pytest.fixture(scope="module")
def room_service():
    """``boxtop host --no-ssh`` in a process of its own; yields its socket's path."""
    from host.paths import socket_path

    data = Path(tempfile.mkdtemp(prefix="bxr", dir="/tmp"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "host", "--no-ssh", "--data", str(data)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    sock = socket_path(data)
    end = time.monotonic() + 30
    while not sock.exists():
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise RuntimeError(f"the room service did not start: {proc.stderr.read().decode()}")
        time.sleep(0.05)
    yield str(sock)
    proc.terminate()
    proc.wait(timeout=10)


NAMES = itertools.count(1)


class Other:
    """Another seat: a connection of this process that keeps the newest table it was sent
    and chooses its moves with the game's heuristic bot."""

    def __init__(self, client, game: str) -> None:
        from engine.games.gift_trap.bot import HeuristicBot as GiftTrapBot
        from engine.games.giftbringer.bot import HeuristicBot as GiftbringerBot

        self.client = client
        self.table = None
        self.code = None
        self.brain = (GiftTrapBot if game == "gift-trap" else GiftbringerBot)(3)
        self.rng = random.Random(3)
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        from host import protocol as p

        while (m := await self.client.recv()) is not None:
            if isinstance(m, p.TableUpdate):
                self.table = m.table
            elif isinstance(m, p.InRoom):
                self.code = m.room.code

    def to_act(self) -> bool:
        t = self.table
        return t is not None and t.result is None and t.seat in t.to_act

    def next_move(self) -> str:
        from tui.support.remote_session import RemoteSession

        seen = RemoteSession(self.table)
        command = self.brain.choose(seen.view(seen.my_seat), seen.legal_commands(seen.my_seat), self.rng)
        return seen.game.notation(command, seen.names)


class SharedGame:
    """ann in the real app (``Driven``) and three ``Other`` seats in one room of ``game``."""

    def __init__(self, d: Driven, sock: str, game: str) -> None:
        self.d, self.sock, self.game = d, sock, game
        self.others: list[Other] = []

    async def start(self, tag: int) -> None:
        from host import protocol as p
        from host.client import ServiceClient
        from tui.screens.lobby import LobbyScreen, WaitingRoomScreen
        from tui.screens.shared_game import SharedGameScreen

        app, pilot = self.d.app, self.d.pilot
        await until(lambda: isinstance(app.screen, LobbyScreen))
        for name in ("bob", "cyd", "dan"):
            self.others.append(Other(await ServiceClient.connect(self.sock, f"{name}{tag}"), self.game))
        bob = self.others[0]
        options = {"track_length": 60, "extra_tiles": True} if self.game == "gift-trap" else {"rounds": 30}
        await bob.client.send(p.CreateRoom(self.game, [p.SeatSpec()] * 4, options=options, undo="casual"))
        await until(lambda: bob.code is not None)
        for other in self.others[1:]:
            await other.client.send(p.JoinRoom(bob.code))
            await until(lambda: other.code is not None)
        await pilot.press("slash", *bob.code.lower(), "enter")
        await until(lambda: isinstance(app.screen, WaitingRoomScreen))
        await bob.client.send(p.StartGame())
        await until(lambda: isinstance(app.screen, SharedGameScreen) and all(o.table for o in self.others))
        await self.in_step()

    @property
    def screen(self):
        return self.d.app.screen

    def ply(self) -> int:
        return self.screen.session.table.ply

    async def in_step(self) -> None:
        """Wait until ann's moves are decided and everyone holds the newest table."""
        screen = self.screen
        await until(lambda: screen.acked >= screen.sent and not screen.held)
        await until(lambda: all(o.table.ply == self.ply() for o in self.others))
        await settle(self.d.pilot)

    async def ann_presses(self, *keys: str) -> None:
        for key in keys:
            await self.d.pilot.press(key)
            await self.in_step()

    async def ann_turn(self) -> None:
        """ann plays her phase (Gift Trap) or round (Giftbringer) by keys."""
        view = self.screen.session.view(None)
        if self.game == "giftbringer":
            for _ in range(2):
                await self.ann_presses("tab", "enter")
            await self.ann_presses("d", "d")  # with results left, d asks and d again finishes
        elif view.phase == "deal":
            await self.ann_presses("right", "enter")
        elif view.phase == "give":
            await self.ann_presses(*["enter"] * (view.n - 1 - len(view.my_gives)), "d")
        elif view.phase == "rate":
            await self.ann_presses(*["enter"] * (4 - len(view.my_rates)), "d")

    async def other_ready(self) -> Other:
        """The next seat with a move to make (ann plays hers by keys until there is one)."""
        for _ in range(50):
            for other in self.others:
                if other.to_act():
                    return other
            await self.ann_turn()
        raise AssertionError("no one else has a move to make")

    async def play_rounds(self, rounds: int) -> None:
        """Everyone plays until round ``rounds + 1`` starts."""
        while self.screen.session.view(None).round <= rounds:
            other = await self.other_ready()
            before = self.ply()
            await other.client.send(self._play(other.next_move()))
            await until(lambda: self.ply() > before)
            await self.in_step()

    async def until_give(self) -> None:
        """Gift Trap: the stack is dealt (by ann's keys or another seat's move)."""
        while self.screen.session.view(None).phase == "deal":
            if any(o.to_act() for o in self.others):
                other = next(o for o in self.others if o.to_act())
                before = self.ply()
                await other.client.send(self._play(other.next_move()))
                await until(lambda: self.ply() > before)
                await self.in_step()
            else:
                await self.ann_presses("right", "enter")

    @staticmethod
    def _play(text: str):
        from host import protocol as p

        return p.Play(text)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["shared-move", "shared-other"])
@pytest.mark.parametrize("game", ["gift-trap", "giftbringer"])
def test_bench_redraw_shared(benchmark, driven, room_service, game, kind, size):
    from tui.app import BoxtopApp

    tag = next(NAMES)
    d = driven(BoxtopApp(remote=(room_service, f"ann{tag}")), SIZES[size])
    g = SharedGame(d, room_service, game)
    d.run(g.start(tag))
    d.run(g.play_rounds(2 if game == "gift-trap" else 3))
    plies: list[int] = []
    if kind == "shared-other":
        mover: list = []

        def setup():
            other = d.run(g.other_ready())
            mover[:] = [other, other.next_move()]
            plies.append(g.ply())

        async def arrive():
            other, text = mover
            before = g.ply()
            await other.client.send(g._play(text))
            await until(lambda: g.ply() > before)
            await settle(d.pilot)

        benchmark.pedantic(lambda: d.run(arrive()), setup=setup, rounds=SHARED_ROUNDS, warmup_rounds=1)
    else:
        if game == "gift-trap":  # round 3's Give phase for ann, her tiles not yet placed
            d.run(g.until_give())

        def setup():
            d.run(g.in_step())
            if g.screen.session.table.can_undo and g.screen.session.view(None).round >= 3:
                d.run(g.ann_presses("u"))
            if game == "giftbringer":
                table = g.screen.table
                for _ in range(8):
                    d.run(g.ann_presses("tab"))
                    if table._target() in table.fits():
                        break
                    d.run(g.ann_presses("right"))
            plies.append(g.ply())

        async def own():
            before = g.ply()
            await d.pilot.press("enter")
            await until(lambda: g.ply() > before and g.screen.acked >= g.screen.sent)
            await settle(d.pilot)

        benchmark.pedantic(lambda: d.run(own()), setup=setup, rounds=SHARED_ROUNDS, warmup_rounds=1)
    assert g.ply() > plies[-1]
    for other in g.others:
        other.task.cancel()


def test_bench_redraw_move_in_a_10000_entry_game(benchmark, driven):
    """A tile placed (and taken back, not timed) late in a 10,000-entry Gift Trap game
    at 120×40: the redraw must not grow with the game's length."""
    from tui.app import BoxtopApp

    from .conftest import endless_track, long_session

    with endless_track():
        session = long_session()
        d = driven(BoxtopApp(session=session), SIZES["120x40"])
        start = len(session.entries)

        def setup():
            if len(session.entries) > start:
                d.press("u")

        benchmark.pedantic(d.press, args=("enter",), setup=setup, rounds=MOVE_ROUNDS, warmup_rounds=1)
        assert len(session.entries) > start
