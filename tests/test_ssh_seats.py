"""A seat handed to a bot is the player's again when they come back, over a real host
(``docs/architecture.md``, "Sessions"): ann and cyd play a one-round Giftbringer, each
in the real app on its own SSH session, by keys. cyd's connection drops; ann hands the
seat to a bot (``ctrl+b``); cyd logs in again and is straight back at the table in his
own seat, with his own island; everyone is told. He drops again, a bot holds the seat
to the end, and the rematch does not answer for him: his seat opens in the next room.

The room is set up through the room service by a connection of ann's before she logs in
(as ``test_ssh_rematch`` does); a spectator keeps it meanwhile and tells the test how
the room stands. The host runs in the test's process, so the test reads its rooms too.
"""

from __future__ import annotations

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import Terminal, until  # noqa: E402
from test_ssh_rematch import hosted, seated_game  # noqa: E402,F401 (a fixture)

CTRL_B = "\x02"


async def hand_over(ann: Terminal, room, seat: int, since: int) -> None:
    """ann, at the table, sees cyd away (after chunk ``since`` of her screen) and hands
    his seat to an easy bot by keys."""
    await ann.shows(b"away: cyd", since=since)
    await ann.quiet()
    mark = ann.mark()
    ann.keys(CTRL_B)
    await ann.shows(b"cyd is away: which bot takes the seat?", since=mark)
    await ann.quiet()
    mark = ann.mark()
    ann.keys("1")  # easy
    await ann.shows(b"ann gave cyd's seat to an easy bot until cyd is back.", since=mark)  # she is told too
    await until(lambda: room.holder(seat) is not None, "the bot holding cyd's seat")


async def test_cyd_comes_back_to_his_seat_and_the_rematch_never_answers_for_him(hosted):
    host, _ = hosted
    terminals: list[Terminal] = []
    try:
        code, (ann, cyd), eyes = await seated_game(host, ("ann", "cyd"), terminals)
        room = host.service.rooms.get(code)
        for terminal in (ann, cyd):
            await terminal.shows(b"you are " + terminal.name.encode())
        await ann.quiet()
        ann.keys("\t\r")  # ann crosses where her first result fits

        # cyd's connection drops; ann hands his seat to a bot, which plays his round
        mark = ann.mark()
        cyd.close()
        await hand_over(ann, room, 1, mark)
        assert room.record.seats[1].name == "cyd" and room.seat_of("cyd") == 1
        await ann.shows(b"cyd (easy bot)")  # the seat reads as the bot's, in the status line or the log
        await until(lambda: 1 not in room.session.to_act_seats(), "the bot played cyd's round")

        # cyd logs in again: straight back at the table, in his own seat, told so
        cyd = await Terminal.open(host.port, "cyd")
        terminals.append(cyd)
        await cyd.shows(b"you are cyd")
        await cyd.shows(b"cyd's island")  # his own sheet, not a spectator's
        await cyd.shows(b"cyd is back in their seat.")
        await ann.shows(b"cyd is back in their seat.")
        assert room.holder(1) is None and not room.session.is_bot(1)
        assert eyes.table.bots == [None, None] and eyes.table.connected == [True, True]

        # he drops again; a bot holds his seat to the end, and says nothing for him
        mark = ann.mark()
        cyd.close()
        await hand_over(ann, room, 1, mark)
        await ann.quiet()
        mark = ann.mark()
        ann.keys("dd")  # results left: d asks, d again finishes the round
        await until(lambda: eyes.table.result is not None, "the result", timeout=20)
        await ann.shows(b"r: play again, same seats", since=mark)
        assert eyes.table.again == [None, False]  # cyd is away: no, never the bot's yes
        await ann.quiet()
        ann.keys("r")
        await until(lambda: eyes.table.again_room, "the rematch decided")
        new = host.service.rooms.get(eyes.table.again_room)
        await ann.shows(b"you created it")  # ann waits in the next room, its creator
        assert new.state() == "waiting"
        assert [(s.name, s.bot) for s in new.record.seats] == [("", None), ("ann", None)]  # cyd's seat open
    finally:
        for terminal in terminals:
            terminal.close()
