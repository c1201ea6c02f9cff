"""Dice Upon a Time over SSH (issue 14, "Around it": "a shared room to the result";
"Hidden information"): a spectator watches over SSH to the result, and until an Event's
chapter comes its name never reaches the spectator's terminal.

bob plays through the room service (a random bot's choices, sent as notation); a random
bot takes the other seat; cyd logs in over SSH and watches.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.games.dice_upon_a_time.bot import RandomBot  # noqa: E402
from engine.games.dice_upon_a_time.cards import load as load_cards  # noqa: E402
from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.ssh import start_host  # noqa: E402
from tui.remote import SharedTable  # noqa: E402

from test_ssh_game import session  # noqa: E402

EVENTS = load_cards().events


async def test_a_spectator_over_ssh_watches_to_the_result_and_never_sees_an_event_early():
    data = Path(tempfile.mkdtemp(prefix="bxd", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True)
    try:
        bob = await ServiceClient.connect(host.socket, "bob")
        await bob.send(p.CreateRoom("dice-upon-a-time", [p.SeatSpec(), p.SeatSpec("random")],
                                    {"length": "short"}))
        state: dict = {"room": None, "table": None}

        async def read() -> None:
            while (m := await bob.recv()) is not None:
                if isinstance(m, p.InRoom):
                    state["room"] = m.room
                elif isinstance(m, p.TableUpdate):
                    state["table"] = m.table

        reader = asyncio.create_task(read())
        while state["room"] is None:
            await asyncio.sleep(0.02)
        await bob.send(p.StartGame())
        cyd = await session(host, "cyd", "asyncssh")
        await cyd.shows(state["room"].code.encode())
        cyd.keys("w")  # the only room is highlighted: watch it
        await cyd.shows(b"the story")
        (room,) = host.service.rooms.rooms.values()
        laid = room.session.state.laid
        brain, rng = RandomBot(3), random.Random(3)
        chapter_seen = 0
        for _ in range(3000):
            table = state["table"]
            if table is not None and table.result is not None:
                break
            chapter = room.session.state.chapter
            if chapter != chapter_seen:  # what cyd was sent before this chapter's Event came up
                await cyd.settled()
                seen = " ".join(cyd.text().decode("utf-8", "replace").split())
                for later in laid[chapter:]:
                    assert EVENTS[later].name not in seen, (chapter, EVENTS[later].name)
                chapter_seen = chapter
            if table is None or 0 not in table.to_act:
                await asyncio.sleep(0.02)
                continue
            shown = SharedTable(table)
            await bob.send(p.Play(shown.game.notation(brain.choose(shown.view(0), shown.legal_commands(0), rng),
                                                      shown.names)))
            while state["table"] is table:
                await asyncio.sleep(0.01)
        result = state["table"].result
        assert result is not None, "the game did not end"
        await cyd.shows(b" win")  # "bob wins!" or "… share the win"
        assert chapter_seen == 3
        reader.cancel()
        await bob.close()
        cyd.conn.close()
    finally:
        await host.close()
