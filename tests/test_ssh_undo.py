"""Undo in a shared room, over a real host (``docs/architecture.md``, "Undo"; the
security review's N3): under casual undo a player could craft from the deck, see the
two cards drawn, and take the move back; and casual undo took back other people's moves
too; and nobody joining could tell which policy the room had.

casa plays through the room service's socket (the messages the new-room form and the
``:`` line send, as the review did); casb plays over SSH by keys.
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import QUICK, Terminal, until  # noqa: E402
from test_remote_lockdown import Other  # noqa: E402
from test_ssh_game import session  # noqa: E402


class Player(Other):
    """A connection to the room service that keeps its newest room, table and refusal
    (``test_remote_lockdown.Other``), waits for a condition and plays a move."""

    async def until(self, check, what: str) -> None:
        """Wait until ``check()`` holds (20 s at the most: ``AssertionError`` naming ``what``)."""
        await until(check, what, timeout=20, step=0.05)

    async def play(self, text: str) -> str | None:
        """Send ``text``; the refusal's sentence, or None once the table moved on."""
        table, self.refused = self.table, None
        await self.client.send(p.Play(text))
        await self.until(lambda: self.refused is not None or self.table is not table, f"an answer to {text}")
        return self.refused


    async def plays_first_choices_until(self, check, moves: int = 10) -> None:
        """Play the newest table's first legal move (each one must be accepted) until
        ``check()`` holds, ``moves`` moves at the most."""
        for _ in range(moves):
            if check():
                return
            assert await self.play(self.table.legal[0]) is None

@asynccontextmanager
async def casa_hosts(prefix: str, game: str, options: dict, **create):
    """A host in this process (open, bots quick) in a fresh folder ``/tmp/<prefix>…``, and
    casa (a ``Player`` on its room service) in a new two-seat room of ``game`` with
    ``options`` (``create``: more of ``p.CreateRoom``'s fields): yields (host, casa).
    On leaving, casa's connection, the host and the folder go."""
    data = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    try:
        casa = Player(await ServiceClient.connect(host.socket, "casa"))
        try:
            await casa.client.send(p.CreateRoom(game, [p.SeatSpec(), p.SeatSpec()], options, **create))
            await casa.until(lambda: casa.room is not None, "the room")
            yield host, casa
        finally:
            casa.task.cancel()
            await casa.client.close()
    finally:
        await host.close()
        shutil.rmtree(data, ignore_errors=True)


async def casb_joins(host, casa: Player, **terminal) -> Terminal:
    """casb logs in at a terminal of her own (``terminal``: ``Terminal.open``'s options)
    and joins casa's room, highlighted in her lobby (the only one), by enter."""
    casb = await Terminal.open(host.port, "casb", **terminal)
    try:
        await casb.shows(casa.room.code.encode())
        await casb.quiet()
        casb.keys("\r")  # join the highlighted (only) room
        await casa.until(lambda: any(s.name == "casb" for s in casa.room.seats), "casb seated")
    except BaseException:
        casb.close()
        raise
    return casb


async def test_casual_undo_over_ssh_shows_its_policy_and_never_unsees_a_card_or_takes_back_anothers_move():
    async with casa_hosts("bxu", "naughty-or-nice", {}, undo="casual") as (host, casa):
        code = casa.room.code
        casb = await session(host, "casb", "asyncssh")
        try:
            await casb.shows(code.encode())
            await casb.settled()
            assert b"casual" in casb.text()  # the lobby line says the policy
            casb.keys("\r")  # join the highlighted (only) room
            await casb.shows(b"Undo (casual): your last move, until another player moves")  # the waiting room
            await casa.client.send(p.StartGame())
            await casa.until(lambda: casa.table is not None, "the start")
            room = host.service.rooms.get(code)  # read only: which move casb's screen offers first

            async def casb_moves() -> None:
                """casb types the first move its screen offers, by keys."""
                ply = casa.table.ply
                casb.keys(f":{room.session.legal('casb')[0]}\r")
                await casa.until(lambda: casa.table.ply > ply, "casb's move")

            async def until_casas_turn() -> None:
                """Play on (casb by keys, casa through the socket, each its first choice: the
                givers, a pass in a reaction window) until casa may craft from the deck."""
                for _ in range(30):
                    if casa.table.to_act == [0] and "craft deck deck" in casa.table.legal:
                        return
                    if 1 in casa.table.to_act:
                        await casb_moves()
                    else:
                        assert await casa.play(casa.table.legal[0]) is None
                raise AssertionError("casa's turn never came")

            await until_casas_turn()
            await casb.shows(b"casual undo")  # the status line

            # The review's steps: craft from the deck, see the cards, take it back.
            assert await casa.play("craft deck deck") is None
            hand = casa.table.view
            refusal = await casa.play("undo")
            assert refusal is not None and "revealed hidden or random facts" in refusal
            assert casa.table.view == hand

            # Another person's move is never taken back with one's own.
            await casa.plays_first_choices_until(lambda: casa.table.to_act != [0])
            assert 1 in casa.table.to_act
            await casb_moves()
            ply = casa.table.ply
            refusal = await casa.play("undo")
            assert refusal is not None and "Another player has moved" in refusal
            assert casa.table.ply == ply
        finally:
            casb.conn.close()
