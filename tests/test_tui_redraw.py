"""Redraws do only what changed (issue 10, "Speed under load: 16 players on 2 cores").

Driven by keys with Pilot, like the other TUI tests. A cursor key, a move, the end of a
phase and another seat's move must not make Textual lay the screen out again (a layout
pass re-measures and re-renders every widget), and after many such partial redraws the
screen must show exactly what drawing everything afresh shows (no row left stale).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest

from tui.app import BoxtopApp
from tui.screens.game import GameScreen

from tui_driver import menu_app, new_game, status_line, wait_for_text

SIZE = (120, 40)


def count_layout_passes(app) -> list[int]:
    """A list that grows by one at each layout pass of the current screen."""
    passes: list[int] = []
    screen = app.screen
    screen.screen_layout_refresh_signal.subscribe(screen.query_one("#table"), lambda _: passes.append(1),
                                                  immediate=True)
    return passes


def painted(app) -> list[list[tuple[str, object]]]:
    """The screen as drawn now: each row's (text, style) runs."""
    rows = app.screen._compositor.render_strips()
    return [[(seg.text, seg.style) for seg in strip.simplify()] for strip in rows]


def text(app) -> str:
    return "\n".join("".join(t for t, _ in row) for row in painted(app))


def log_shown(app) -> list[str]:
    """The rows of the log pane as painted on the screen."""
    region = app.screen.query_one("#log").scrollable_content_region
    rows = text(app).split("\n")[region.y:region.bottom]
    return [row[region.x:region.right].rstrip() for row in rows]


def log_expected(app, lines: list[str]) -> list[str]:
    """The last rows of ``lines`` wrapped to the log pane (each seat's run of hidden
    moves one line), as many as it shows (blank rows under them while the log is shorter
    than the pane)."""
    from tui.widgets.lines import wrap_text
    from tui.widgets.log_pane import group_hidden

    region = app.screen.query_one("#log").scrollable_content_region
    rows = [row.rstrip() for line in group_hidden(lines) for row in wrap_text(line, region.width)]
    rows = rows[-region.height:]
    return rows + [""] * (region.height - len(rows))


async def assert_same_as_afresh(pilot) -> None:
    """What the partial redraws left on screen equals a drawing of everything afresh
    (switching the theme away and back makes every widget draw itself again)."""
    app = pilot.app
    await pilot.pause()
    before = painted(app)
    theme = app.theme
    app.theme = "textual-light" if theme != "textual-light" else "textual-dark"
    await pilot.pause()
    assert painted(app) != before  # the other theme did change the screen
    app.theme = theme
    await pilot.pause()
    after = painted(app)
    stale = [y for y, (a, b) in enumerate(zip(before, after)) if a != b]
    assert not stale, f"rows drawn stale: {stale}\n" + "\n".join(
        "".join(t for t, _ in before[y]) + "\n" + "".join(t for t, _ in after[y]) for y in stale[:4])


async def test_gift_trap_cursor_moves_and_phases_need_no_layout_pass():
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic"], seed=4,
                       undo="casual", options={"extra_tiles": True})
        session = app.screen.session
        assert isinstance(app.screen, GameScreen)
        if "deal:" in status_line(app):
            await pilot.press("right", "enter")
        await wait_for_text(pilot, "give:")
        await pilot.pause()
        passes = count_layout_passes(app)
        # cursor keys, a tile, Give more, undo, the rest of the tiles
        await pilot.press("right", "right", "down", "left", "up", "enter", "m", "enter", "u", "down")
        for _ in range(6):
            if len(session.view(0).my_gives) == 3:
                break
            await pilot.press("enter")
        await pilot.pause()
        view = session.view(0)
        assert len(view.my_gives) == 3
        shown = text(app)
        for tile in view.my_gives:  # each gift's card shows whom ann gives it to
            assert f"→{session.names[tile.to]}" in shown
        assert "3/3 placed · d when done" in shown
        # commit: the Give phase ends, the Rate phase starts (the same gifts)
        await pilot.press("d")
        await pilot.pause()
        assert session.view(0).phase == "rate"
        await pilot.press("down", "right", "enter", "enter")
        await pilot.pause()
        assert passes == []
        shown = text(app)
        assert "your Get tiles" in shown and "2/4 placed" in shown
        assert log_shown(app) == log_expected(app, session.log_lines(0))  # the log pane is at its end
        await assert_same_as_afresh(pilot)


async def test_giftbringer_cursor_moves_and_crosses_need_no_layout_pass():
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann", "bot", "bot"], seed=5, undo="casual")
        session = app.screen.session
        await pilot.pause()  # the new screen's own layout passes are done
        passes = count_layout_passes(app)
        await pilot.press("right", "left", "down", "down", "up")
        crossed = 0
        for _ in range(4):  # cross whatever fits, trying each result
            await pilot.press("tab")
            if "enter crosses" in text(app):  # the info line under the map: the result fits here
                before = len(session.entries)
                await pilot.press("enter")
                crossed += len(session.entries) > before
            else:
                await pilot.press("right")
        await pilot.press("o", "down", "o", "o", "u", "ctrl+y", "d", "d")  # bot2's sheet, bot3's, back to ann's; d asks, d finishes
        await pilot.pause()
        assert crossed and session.view(0).round == 2
        assert passes == []
        assert "Round 2 of" in text(app)
        await assert_same_as_afresh(pilot)


@pytest.fixture
async def service():
    from host.service import RoomService

    data = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    svc = RoomService(data, bot_pace=None)  # bots answer at once
    await svc.start(data / "s.sock")
    yield data / "s.sock"
    await svc.close()


async def test_another_seats_moves_in_a_shared_game_need_no_layout_pass(service):
    from engine.games.gift_trap.bot import HeuristicBot
    from host import protocol as p
    from host.client import ServiceClient
    from tui.support.remote_session import RemoteSession
    from tui.screens.lobby import LobbyScreen, WaitingRoomScreen
    from tui.screens.shared_game import SharedGameScreen

    async def until(condition, timeout: float = 10.0) -> None:
        end = asyncio.get_running_loop().time() + timeout
        while not condition():
            assert asyncio.get_running_loop().time() < end, "timed out"
            await pilot.pause(0.02)

    bob = await ServiceClient.connect(service, "bob")
    tables: list = []

    async def read() -> None:
        while (m := await bob.recv()) is not None:
            if isinstance(m, p.TableUpdate):
                tables.append(m.table)
            elif isinstance(m, p.InRoom):
                tables.append(m.room.code)

    reader = asyncio.create_task(read())
    app = BoxtopApp(remote=(str(service), "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: isinstance(app.screen, LobbyScreen))
        await bob.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]))
        await until(lambda: tables)
        await pilot.press("slash", *tables[0].lower(), "enter")
        await until(lambda: isinstance(app.screen, WaitingRoomScreen))
        await bob.send(p.StartGame())
        await until(lambda: isinstance(app.screen, SharedGameScreen) and not isinstance(tables[-1], str))
        await pilot.pause()
        passes = count_layout_passes(app)
        brain, rng = HeuristicBot(1), random.Random(1)
        moves = 0
        while moves < 6:
            seen = RemoteSession(tables[-1])
            if 0 not in seen.table.to_act or seen.result() is not None:
                break
            command = brain.choose(seen.view(0), seen.legal_commands(0), rng)
            ply = app.screen.session.table.ply
            await bob.send(p.Play(seen.game.notation(command, seen.names)))
            await until(lambda: app.screen.session.table.ply > ply)
            moves += 1
        await pilot.pause()
        assert moves >= 3
        assert passes == []
        assert log_shown(app) == log_expected(app, app.screen.session.log_lines(0))
        await assert_same_as_afresh(pilot)
    reader.cancel()
    await bob.close()


async def test_a_click_on_a_footer_key_presses_it():
    from tui.screens.rules import RulesScreen

    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=2)
        footer = text(app).split("\n")[-1]
        assert "? Rules" in footer and "^y Redo" in footer
        await pilot.click(offset=(footer.index("Redo"), SIZE[1] - 1))  # greyed out: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.click(offset=(footer.index("Rules"), SIZE[1] - 1))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
