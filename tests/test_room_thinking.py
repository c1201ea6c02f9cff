"""On a host, a search bot thinks in the bounded pool of worker processes (issue 24,
must-hold 5): one room's thinking never holds up another room's moves.

The bot here is ``slow``, registered for the test: a search bot with a clock of several
seconds, so it is surely still thinking while the other room plays.
"""

from __future__ import annotations

import asyncio

import pytest

import engine
from engine.core.search import SearchBot
from ismcts import Search
from host import protocol as p
from host.service import RoomService
from test_room_service import Peer, fast, short_dir  # noqa: F401 (fixtures)

SLOW = 5.0  # seconds the slow bot thinks


@pytest.fixture
def slow(monkeypatch):
    """Bottlecap Vikings gets a bot kind ``slow`` that searches for ``SLOW`` seconds."""
    game = engine.get_game("bottlecap-vikings")
    monkeypatch.setitem(game.bots, "slow", lambda seed: SearchBot(game, seed, method=Search, iterations=10**9, seconds=SLOW))


@pytest.fixture
async def paced(short_dir, capfd):
    """A service whose bots move every 0.05 s."""
    svc = RoomService(short_dir / "data", bot_pace=0.05)
    sock = short_dir / "s.sock"
    await svc.start(sock)
    svc.test_socket = sock
    yield svc
    await svc.close()
    assert "Traceback" not in capfd.readouterr().err


async def test_one_rooms_thinking_never_holds_up_another_rooms_moves(slow, paced, fast):
    """Room A: ann and a slow search bot, which thinks for seconds. Meanwhile room B (bob
    and a random bot) is made, started and played for several moves, each answered at
    once and each bot reply pushed, and room A's bot has still not moved; then it moves."""
    loop = asyncio.get_running_loop()
    ann = await Peer.connect(paced.test_socket, "ann")
    code = (await ann.ask(p.CreateRoom("bottlecap-vikings", [p.SeatSpec(), p.SeatSpec("slow")], {}), p.InRoom)).room.code
    table = (await ann.ask(p.StartGame(), p.TableUpdate)).table
    if 0 in table.to_act:  # ann starts: her ship, then the bot thinks
        table = (await ann.ask(p.Play(table.legal[0]), p.TableUpdate)).table
    room_a = paced.rooms.get(code)
    assert room_a.bot_to_move() and room_a.bot_question() is not None  # the slow bot thinks
    thinking_since = loop.time()
    before = sum(1 for e in room_a.session.entries if e.seat == 1)
    await asyncio.sleep(0.3)  # its mover asked the pool by now

    bob = await Peer.connect(paced.test_socket, "bob")
    (await bob.ask(p.CreateRoom("bottlecap-vikings", [p.SeatSpec(), p.SeatSpec("random")], {}), p.InRoom))
    table = (await bob.ask(p.StartGame(), p.TableUpdate)).table
    moves = 0
    while moves < 4:
        if 0 in table.to_act and table.legal:
            table = (await bob.ask(p.Play(table.legal[0]), p.TableUpdate)).table
            moves += 1
        else:  # the random bot's reply, pushed on its own
            table = (await bob.expect(p.TableUpdate)).table
    assert sum(1 for e in room_a.session.entries if e.seat == 1) == before  # still thinking

    while sum(1 for e in room_a.session.entries if e.seat == 1) == before:  # then it moves
        await ann.expect(p.TableUpdate)
    assert loop.time() - thinking_since >= SLOW - 0.5
    await bob.close()
    await ann.close()
