"""The turn bell over a real host (``tui/support/turn_bell.py``): casb, at her own terminal over
SSH, reads the rules while casa moves; when her turn comes, her terminal gets the bell
(a BEL byte outside any escape sequence), once.

casa plays through the room service's socket (the messages the form and the ``:`` line
send); the host runs in the test's process, so the test reads which move casb's screen
offers first from its room.
"""

from __future__ import annotations

import asyncio

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402

from ssh_helpers import Terminal, until  # noqa: E402
from test_ssh_undo import Player, casa_hosts, casb_joins  # noqa: E402

BEL = b"\x07"


async def casb_at_the_table(host, casa: Player) -> Terminal:
    """casb joins casa's Naughty or Nice room by keys and casa starts it; when casb is
    first she chooses her giver by keys. Returns casb's terminal, her table drawn and
    casa to act."""
    casb = await casb_joins(host, casa)
    await casa.client.send(p.StartGame())
    await casa.until(lambda: casa.table is not None, "the start")
    room = host.service.rooms.get(casa.room.code)
    await casb.shows(b"you are casb")
    await casb.quiet()
    if casa.table.to_act == [1]:  # casb first: she chooses her giver by keys
        ply = casa.table.ply
        casb.keys(f":{room.session.legal('casb')[0]}\r")
        await casa.until(lambda: casa.table.ply > ply, "casb's giver")
        await casb.quiet()
    assert casa.table.to_act == [0]
    return casb


async def bells_when_her_turn_comes(leave, told: bytes | None, what: str, settle: float) -> int:
    """casb at the Naughty or Nice table while casa is to act; ``leave(casb)`` takes her to
    another screen by keys, where no bell rings while it is not her turn. casa plays her
    first choices until casb is to act (``told``: what casb's screen then says, if it says
    something); the bell rings (``what`` names it). The bells rung at casb's terminal since
    her turn came, ``settle`` seconds after the first."""
    async with casa_hosts("bxb", "naughty-or-nice", {}) as (host, casa):
        casb = await casb_at_the_table(host, casa)
        try:
            away = casb.mark()
            await leave(casb)
            await casb.quiet()
            assert BEL not in casb.text(since=away)  # no bell while it is not her turn
            mark = casb.mark()
            await casa.plays_first_choices_until(lambda: 1 in casa.table.to_act)  # until casb is to act
            assert 1 in casa.table.to_act
            if told is not None:
                await casb.shows(told, since=mark)
            await until(lambda: BEL in casb.text(since=mark), what)
            await asyncio.sleep(settle)
            return casb.text(since=mark).count(BEL)
        finally:
            casb.close()


async def test_the_bell_rings_once_at_a_players_terminal_when_her_turn_comes_while_she_reads_the_rules():
    async def to_the_rules(casb: Terminal) -> None:
        rules = casb.mark()
        casb.keys("?")  # casb reads the rules while casa chooses
        await casb.shows(b"Naughty or Nice", since=rules)

    assert await bells_when_her_turn_comes(to_the_rules, None, "the bell at casb's terminal", 0.5) == 1


async def test_the_bell_rings_once_in_the_lobby_when_a_game_of_hers_starts_waiting_for_her():
    # The lobby is elsewhere too: casb leaves the table for the lobby while casa is to
    # act; when the turn passes to casb, her terminal gets the bell, once.
    async def to_the_lobby(casb: Terminal) -> None:
        lobby = casb.mark()
        casb.keys("\x1b")  # back to the lobby while casa chooses
        await casb.shows(b"c creates a room", since=lobby)
        await casb.shows(b"playing", since=lobby)

    # the lobby line says "your turn"; more looks at the lobby: once per turn
    assert await bells_when_her_turn_comes(to_the_lobby, b"your turn", "the bell at casb's terminal in the lobby",
                                           1.2) == 1
