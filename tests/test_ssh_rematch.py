"""A rematch over a real host (``docs/architecture.md``, "Sessions"): two players finish
a one-round Giftbringer, each in the real app on its own SSH session (its own key and
loopback address, ``tests/ssh_helpers.py``), by keys; both press ``r`` and a new game
starts in a new room with a new secret seed and the seats moved on, or one presses ``n``
and their seat opens in the next room's waiting room.

ann's room is set up through the room service by a connection of ann's before she logs
in (as ``test_ssh_game`` does); a spectator keeps it meanwhile and tells the test how
the room stands. The host runs in the test's process, so the test reads its rooms too.
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

from ssh_helpers import QUICK, Terminal, until  # noqa: E402
from test_remote_lockdown import Other as Eyes  # noqa: E402 (a spectator: its newest room and table)


@pytest.fixture
async def hosted():
    """A ``boxtop host`` (open, bots quick) in a fresh data folder: (host, folder)."""
    data = Path(tempfile.mkdtemp(prefix="bxr", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    yield host, data
    await host.close()
    shutil.rmtree(data, ignore_errors=True)


async def seated_game(host, names: tuple[str, str], terminals: list[Terminal]) -> tuple[str, list[Terminal], Eyes]:
    """A one-round Giftbringer that ``names[0]`` (seat 1, who made it through the room
    service before logging in) and ``names[1]`` (seat 2) join from their lobbies and
    ``names[0]`` starts, by keys: (room code, their terminals, the spectator). The
    terminals are added to ``terminals`` as they open (for the test to close)."""
    maker = await ServiceClient.connect(host.socket, names[0])
    await maker.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": 1}))
    while not isinstance(made := await maker.recv(), p.InRoom):
        pass
    code = made.room.code
    eyes = Eyes(await ServiceClient.connect(host.socket, "eyes"))
    await eyes.client.send(p.WatchRoom(code))  # keeps the room while nobody sits in it
    await until(lambda: eyes.room is not None, "the spectator in the room")
    await maker.close()  # the maker's seat is free again until they log in and join
    await until(lambda: not eyes.room.seats[0].name, f"{names[0]}'s seat free")
    seated = [await Terminal.open(host.port, name) for name in names]
    terminals += seated
    for terminal in seated:
        await terminal.shows(b"Lobby")
        await terminal.shows(code.encode())
        await terminal.quiet()
        terminal.keys("\r")  # join the highlighted (only) room
        await until(lambda: any(s.name == terminal.name for s in eyes.room.seats), f"{terminal.name} seated")
    await seated[0].shows(b"s starts")
    seated[0].keys("s")
    await until(lambda: eyes.table is not None, "the start")
    return code, seated, eyes


@pytest.fixture
async def finished(hosted):
    """ann (seat 1) and bob (seat 2) play a one-round Giftbringer to its result by keys:
    (host, data folder, room code, ann, bob, the spectator); their terminals closed after."""
    host, data = hosted
    terminals: list[Terminal] = []
    try:
        code, (ann, bob), eyes = await seated_game(host, ("ann", "bob"), terminals)
        for terminal in (ann, bob):
            await terminal.shows(b"you are " + terminal.name.encode())
            await terminal.quiet()
            terminal.keys("\t\r")  # cross where the first result fits
            await terminal.quiet()
            terminal.keys("dd")  # results are left: d asks, d again finishes the round
        try:
            await until(lambda: eyes.table.result is not None, "the result", timeout=30)
        except AssertionError:
            raise AssertionError(f"no result; to act: {eyes.table.to_act}; ann's screen: {ann.tail(800)!r}; "
                                 f"bob's screen: {bob.tail(800)!r}") from None
        for terminal in (ann, bob):
            await terminal.shows(b"r: play again, same seats")
            await terminal.quiet()
        yield host, data, code, ann, bob, eyes
    finally:
        for terminal in terminals:
            terminal.close()


async def test_both_press_r_and_a_new_game_starts_with_a_new_seed_and_the_other_first_player(finished):
    host, data, code, ann, bob, eyes = finished
    old = host.service.rooms.get(code)
    entries = len(old.session.entries)
    mark = bob.mark()
    ann.keys("r")
    await bob.shows(b"ann: yes", since=mark)  # bob sees ann's answer
    bob.keys("r")
    await until(lambda: eyes.table.again_room, "the rematch decided")
    new = host.service.rooms.get(eyes.table.again_room)
    for terminal in (ann, bob):
        await terminal.shows(f"room {new.code}".encode())  # the new game's status line
    assert new.state() == "playing" and new.record.game == "giftbringer" and new.record.options == old.record.options
    assert new.record.seed != old.record.seed  # a new secret seed
    assert [s.name for s in new.record.seats] == ["bob", "ann"]  # bob's seat comes first now
    assert new.session.names[0] == "bob"
    assert old.state() == "over" and len(old.session.entries) == entries  # the finished game kept
    assert (data / "rooms.sqlite3").exists()


async def test_one_presses_n_and_their_seat_opens_in_the_next_rooms_waiting_room(finished):
    host, data, code, ann, bob, eyes = finished
    ann.keys("r")
    await until(lambda: eyes.table.again == [True, None], "ann's yes")
    bob.keys("n")
    await until(lambda: eyes.table.again_room, "the rematch decided")
    new = host.service.rooms.get(eyes.table.again_room)
    await ann.shows(new.code.encode())
    await ann.shows(b"you created it")  # ann waits in the next room, its creator
    assert new.state() == "waiting"
    assert [(s.name, s.bot) for s in new.record.seats] == [("", None), ("ann", None)]  # bob's seat open
    await bob.shows(f"The others play again in room {new.code}".encode())
