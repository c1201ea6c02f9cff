"""The turn bell over a real host (``tui/support/turn_bell.py``): casb, at her own terminal over
SSH, reads the rules while casa moves; when her turn comes, her terminal gets the bell
(a BEL byte outside any escape sequence), once.

casa plays through the room service's socket (the messages the form and the ``:`` line
send); the host runs in the test's process, so the test reads which move casb's screen
offers first from its room.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import QUICK, Terminal, until  # noqa: E402
from test_ssh_undo import Player  # noqa: E402

BEL = b"\x07"


async def test_the_bell_rings_once_at_a_players_terminal_when_her_turn_comes_while_she_reads_the_rules():
    data = Path(tempfile.mkdtemp(prefix="bxb", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    casb = None
    try:
        casa = Player(await ServiceClient.connect(host.socket, "casa"))
        await casa.client.send(p.CreateRoom("naughty-or-nice", [p.SeatSpec(), p.SeatSpec()], {}))
        await casa.until(lambda: casa.room is not None, "the room")
        casb = await Terminal.open(host.port, "casb")
        await casb.shows(casa.room.code.encode())
        await casb.quiet()
        casb.keys("\r")  # join the highlighted (only) room
        await casa.until(lambda: any(s.name == "casb" for s in casa.room.seats), "casb seated")
        await casa.client.send(p.StartGame())
        await casa.until(lambda: casa.table is not None, "the start")
        room = host.service.rooms.get(casa.room.code)
        if casa.table.to_act == [1]:  # casb first: she chooses her giver by keys
            await casb.shows(b"you are casb")
            await casb.quiet()
            ply = casa.table.ply
            casb.keys(f":{room.session.legal('casb')[0]}\r")
            await casa.until(lambda: casa.table.ply > ply, "casb's giver")
        assert casa.table.to_act == [0]
        await casb.shows(b"you are casb")
        await casb.quiet()
        rules = casb.mark()
        casb.keys("?")  # casb reads the rules while casa chooses
        await casb.shows(b"Naughty or Nice", since=rules)
        await casb.quiet()
        assert BEL not in casb.text(since=rules)  # no bell while it is not her turn
        mark = casb.mark()
        for _ in range(10):  # casa plays her first choices until casb is to act
            if 1 in casa.table.to_act:
                break
            assert await casa.play(casa.table.legal[0]) is None
        assert 1 in casa.table.to_act
        await until(lambda: BEL in casb.text(since=mark), "the bell at casb's terminal")
        await asyncio.sleep(0.5)
        assert casb.text(since=mark).count(BEL) == 1
        casa.task.cancel()
        await casa.client.close()
    finally:
        if casb is not None:
            casb.close()
        await host.close()
        shutil.rmtree(data, ignore_errors=True)


async def test_the_bell_rings_once_in_the_lobby_when_a_game_of_hers_starts_waiting_for_her():
    # The lobby is elsewhere too: casb leaves the table for the lobby while casa is to
    # act; when the turn passes to casb, her terminal gets the bell, once.
    data = Path(tempfile.mkdtemp(prefix="bxb", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    casb = None
    try:
        casa = Player(await ServiceClient.connect(host.socket, "casa"))
        await casa.client.send(p.CreateRoom("naughty-or-nice", [p.SeatSpec(), p.SeatSpec()], {}))
        await casa.until(lambda: casa.room is not None, "the room")
        code = casa.room.code
        casb = await Terminal.open(host.port, "casb")
        await casb.shows(code.encode())
        await casb.quiet()
        casb.keys("\r")  # join the highlighted (only) room
        await casa.until(lambda: any(s.name == "casb" for s in casa.room.seats), "casb seated")
        await casa.client.send(p.StartGame())
        await casa.until(lambda: casa.table is not None, "the start")
        room = host.service.rooms.get(code)
        await casb.shows(b"you are casb")
        await casb.quiet()
        if casa.table.to_act == [1]:  # casb first: she chooses her giver by keys
            ply = casa.table.ply
            casb.keys(f":{room.session.legal('casb')[0]}\r")
            await casa.until(lambda: casa.table.ply > ply, "casb's giver")
        assert casa.table.to_act == [0]
        lobby = casb.mark()
        casb.keys("\x1b")  # back to the lobby while casa chooses
        await casb.shows(b"c creates a room", since=lobby)
        await casb.shows(b"playing", since=lobby)
        await casb.quiet()
        assert BEL not in casb.text(since=lobby)  # no bell while it is not her turn
        mark = casb.mark()
        for _ in range(10):  # casa plays her first choices until casb is to act
            if 1 in casa.table.to_act:
                break
            assert await casa.play(casa.table.legal[0]) is None
        assert 1 in casa.table.to_act
        await casb.shows(b"your turn", since=mark)  # the lobby line
        await until(lambda: BEL in casb.text(since=mark), "the bell at casb's terminal in the lobby")
        await asyncio.sleep(1.2)  # more looks at the lobby: once per turn
        assert casb.text(since=mark).count(BEL) == 1
        casa.task.cancel()
        await casa.client.close()
    finally:
        if casb is not None:
            casb.close()
        await host.close()
        shutil.rmtree(data, ignore_errors=True)
