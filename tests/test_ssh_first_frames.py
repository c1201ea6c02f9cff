"""The first frame of a screen over a real host, at 80×24: it is already the screen's own
layout. casb, at her own SSH terminal, goes back to a table she left: the table was once
drawn first in the wide layout, title bar and all, and then in its own.

casa plays through the room service's socket; the host runs in the test's process.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import QUICK, Terminal  # noqa: E402
from test_ssh_undo import Player  # noqa: E402


async def test_a_table_rejoined_at_80x24_is_drawn_in_its_own_layout_from_the_first_frame():
    data = Path(tempfile.mkdtemp(prefix="bxf", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    casb = None
    try:
        casa = Player(await ServiceClient.connect(host.socket, "casa"))
        await casa.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": 1}))
        await casa.until(lambda: casa.room is not None, "the room")
        casb = await Terminal.open(host.port, "casb", size=(80, 24))
        await casb.shows(casa.room.code.encode())
        await casb.quiet()
        casb.keys("\r")  # join the highlighted (only) room
        await casa.until(lambda: any(s.name == "casb" for s in casa.room.seats), "casb seated")
        await casa.client.send(p.StartGame())
        await casb.shows(b"to act:")
        await casb.quiet()
        lobby = casb.mark()
        casb.keys("\x1b")  # to the lobby, and back to the table
        await casb.shows(b"c creates a room", since=lobby)
        await casb.quiet()
        back = casb.mark()
        casb.keys("\r")
        await casb.shows(b"to act:", since=back)
        await casb.quiet()
        assert "⭘".encode() not in casb.text(since=back)  # the title bar's mark: 80×24 hides the title bar

        casa.task.cancel()
        await casa.client.close()
    finally:
        if casb is not None:
            casb.close()
        await host.close()
        shutil.rmtree(data, ignore_errors=True)
