"""Naughty or Nice over SSH (issue 13, "Hidden information"): a spectator's whole
terminal output, as its SSH session received it, never names a card in a hand.

bob plays through the room service (a random bot's choices, sent as notation); a random
bot takes the other seat; cyd logs in over SSH and watches the game to the result.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.core.bots import RandomBot  # noqa: E402
from host import protocol as p  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import QUICK, play_chosen, started_room  # noqa: E402
from test_ssh_game import session  # noqa: E402

#: A log line that would name a card drawn, summoned, kept or stolen face down.
PRIVATE = re.compile(r"\b(draws|summons|steals) (?![^.]*hidden)[^.]*\.|\bkeeps (?!one\b)")


async def test_a_spectator_over_ssh_never_sees_a_card_in_a_hand():
    """"Hidden information" (hands secret, counts public): the spectator's terminal
    shows the table and the log, the hands as counts, every face-down draw as hidden."""
    data = Path(tempfile.mkdtemp(prefix="bxn", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    assert host.service.bot_pace == QUICK  # the random bot's moves come quickly, one by one
    try:
        bob, state, reader = await started_room(host.socket, "bob", "naughty-or-nice",
                                                [p.SeatSpec(), p.SeatSpec("random")])
        cyd = await session(host, "cyd", "asyncssh")
        await cyd.shows(state["room"].code.encode())
        cyd.keys("w")  # the only room is highlighted: watch it
        await cyd.shows(b"Row 1 ")
        brain, rng = RandomBot(3), random.Random(3)
        for _ in range(3000):
            table = state["table"]
            if table is not None and table.result is not None:
                break
            if table is None or 0 not in table.to_act:
                await asyncio.sleep(0.02)
                continue
            await play_chosen(bob, state, table, brain, rng)
        result = state["table"].result
        assert result is not None, "the game did not end"
        winner = state["table"].names[result["winners"][0]]
        await cyd.shows(winner.encode())
        await cyd.settled()
        seen = cyd.text().decode("utf-8", "replace")
        assert "hidden present" in seen and "midnight" in seen  # the table and the log went by
        for leak in ("'s hand", "Presents ", "Creatures "):
            assert leak not in seen, leak
        found = PRIVATE.search(" ".join(seen.split()))
        assert found is None, found
        reader.cancel()
        await bob.close()
        cyd.conn.close()
    finally:
        await host.close()
