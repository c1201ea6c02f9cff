"""The first frame of a screen over a real host, at 80×24: it is already the screen's own
layout. casb, at her own SSH terminal, goes back to a table she left: the table was once
drawn first in the wide layout, title bar and all, and then in its own.

casa plays through the room service's socket; the host runs in the test's process.
"""

from __future__ import annotations

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402

from test_ssh_undo import casa_hosts, casb_joins  # noqa: E402


async def test_a_table_rejoined_at_80x24_is_drawn_in_its_own_layout_from_the_first_frame():
    async with casa_hosts("bxf", "giftbringer", {"rounds": 1}) as (host, casa):
        casb = await casb_joins(host, casa, size=(80, 24))
        try:
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
        finally:
            casb.close()
