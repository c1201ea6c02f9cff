"""End to end over SSH (issue 3, "Tests"): two players and a bot play Gift Trap to the
result, each in the real app on its own SSH session, by keys; a spectator's screen never
shows a seat's face-down tiles.

ann's room is set up through the room service by a connection of ann's before she logs in
(a name has one connection at a time), and a spectator on the service tells the test
whose turn it is; every move is made by keys sent to the SSH sessions.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import shutil
import struct
import tempfile
import termios
import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host import protocol as p  # noqa: E402
from host.client import ServiceClient  # noqa: E402
from host.ssh import start_host  # noqa: E402
from ssh_helpers import QUICK, keep_newest  # noqa: E402
from tui.support.remote_session import RemoteSession  # noqa: E402

ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_])")
QUIET = 0.15
RIGHT = "\x1b[C"


class Terminal:
    """An SSH session running the app: its whole output, kept as it arrives."""

    def __init__(self, process) -> None:
        self.process = process
        self.raw = b""
        self.last = time.monotonic()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while chunk := await self.process.stdout.read(65536):
                self.raw += chunk
                self.last = time.monotonic()
        except OSError:  # a pseudo-terminal whose ssh has ended reads EIO
            pass

    def text(self) -> bytes:
        return ANSI.sub(b"", self.raw)

    def keys(self, text: str) -> None:
        self.process.stdin.write(text.encode())
        self.mark = len(self.raw)

    mark = 0  # where the output stood when keys were last sent

    async def shows_since_keys(self, needle: bytes, timeout: float = 20) -> None:
        """Wait until ``needle`` is drawn after the last keys sent (the screen caught up)."""
        end = time.monotonic() + timeout
        while needle not in ANSI.sub(b"", self.raw[self.mark:]):
            assert time.monotonic() < end, f"{needle!r} never showed: {self.text()[-1500:]!r}"
            await asyncio.sleep(0.05)

    async def shows(self, needle: bytes, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text():
            assert time.monotonic() < end, f"{needle!r} never showed: {self.text()[-1500:]!r}"
            await asyncio.sleep(0.05)

    async def settled(self) -> None:
        while time.monotonic() - self.last < QUIET:
            await asyncio.sleep(0.03)


class OpenSSH:
    """OpenSSH's ``ssh`` on a pseudo-terminal of 130×40 (as in a real terminal window, so
    ssh sends that size), shaped like an asyncssh process: ``stdout.read``, ``stdin.write``."""

    def __init__(self, proc, master: int, reader: asyncio.StreamReader) -> None:
        self.proc, self.master, self.stdout = proc, master, reader
        self.stdin = self

    @classmethod
    async def start(cls, argv: list[str]) -> "OpenSSH":
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 130, 0, 0))
        proc = await asyncio.create_subprocess_exec(
            *argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
            env={**os.environ, "TERM": "xterm-256color"},
        )
        os.close(slave)
        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(master, "rb", buffering=0)
        )
        return cls(proc, master, reader)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()


async def session(host, name: str, client: str) -> Terminal:
    if client == "openssh":
        process = await OpenSSH.start([
            "ssh", "-t", "-p", str(host.port), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", f"{name}@127.0.0.1",
        ])
        terminal = Terminal(process)
        terminal.conn = terminal.process
    else:
        conn = await asyncssh.connect(  # no key: keyboard-interactive, which asks nothing (an empty password)
            "127.0.0.1", host.port, username=name, known_hosts=None, agent_path=None, config=None, client_keys=None,
            password="",
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(130, 40), encoding=None)
        terminal = Terminal(process)
        terminal.conn = conn
    await terminal.shows(b"Lobby")
    return terminal


CLIENTS = ["asyncssh", pytest.param("openssh", marks=pytest.mark.skipif(
    shutil.which("ssh") is None, reason="OpenSSH's ssh is not installed"))]


@pytest.mark.parametrize("client", CLIENTS)
async def test_two_players_and_a_bot_play_to_the_result_over_ssh_and_a_spectator_sees_no_tiles(client):
    data = Path(tempfile.mkdtemp(prefix="bxg", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    try:
        maker = await ServiceClient.connect(host.socket, "ann")
        await maker.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")],
                                      {"track_length": 8}))
        while not isinstance(made := await maker.recv(), p.InRoom):
            pass
        eyes = await ServiceClient.connect(host.socket, "eyes")
        await eyes.send(p.WatchRoom(made.room.code))  # keeps the room while nobody sits in it
        state, watcher = keep_newest(eyes)
        while state["room"] is None:
            await asyncio.sleep(0.02)
        code = state["room"].code
        await maker.close()  # ann's seat is free again until she logs in and joins
        while state["room"].seats[0].name:
            await asyncio.sleep(0.02)
        ann, bob, cyd = [await session(host, n, client) for n in ("ann", "bob", "cyd")]
        for terminal in (ann, bob):  # each types the room code friends were told
            terminal.keys("/")
            await asyncio.sleep(0.3)
            terminal.keys(code + "\r")
        await bob.shows(b"waiting for ann to start")
        assert [s.name for s in state["room"].seats] == ["ann", "bob", "bot3"]
        await cyd.shows(code.encode())
        cyd.keys("w")  # the only room is highlighted: watch it
        await ann.shows(b"s starts")
        ann.keys("s")
        await cyd.shows(b"as a spectator")

        players = {0: ann, 1: bob}
        for _ in range(400):
            table = state["table"]
            if table is not None and table.result is not None:
                break
            acting = [i for i in (table.to_act if table else []) if i in players]
            if not acting:
                await asyncio.sleep(0.05)
                continue
            seat = acting[0]
            for terminal in (ann, bob):
                await terminal.settled()
            phase = RemoteSession(table).view(0).phase
            await players[seat].shows_since_keys(f"{phase}: ".encode())  # its screen is in that phase too
            await players[seat].settled()
            players[seat].keys({"deal": RIGHT + "\r", "give": "\r\r" + "d", "rate": "\r\r\r\r" + "d"}[phase])

            def moved_on() -> bool:
                now = state["table"]
                return now.result is not None or RemoteSession(now).view(0).phase != phase or seat not in now.to_act

            end = time.monotonic() + 20
            while not moved_on():
                assert time.monotonic() < end, f"{phase} by seat {seat} did nothing: {players[seat].text()[-800:]!r}"
                await asyncio.sleep(0.05)
        result = state["table"].result
        assert result is not None, "the game did not end"
        names = state["table"].names
        *others, last = [names[i] for i in result["winners"]]
        winners = ", ".join(others) + " and " + last if others else last
        verb = b" wins!" if not others else b" share the win"
        for terminal in (ann, bob, cyd):
            await terminal.shows(winners.encode() + verb)

        # the spectator saw the game go by, never a face-down tile
        seen = cyd.text()
        assert b"(hidden)" in seen and b"Face-down tiles are hidden" in seen
        for leak in (rb"\b(?:ann|bob|bot3): give \d", rb"\b(?:ann|bob|bot3): rate (?:super|good|okay|no way)",
                     rb"your Give tiles", rb"your Get tiles", rb"\xe2\x86\x92(?:ann|bob|bot3)"):
            assert re.search(leak, seen) is None, leak
        # while ann did see her own moves spelled out
        assert re.search(rb"ann: give \d", ann.text())
        watcher.cancel()
        await eyes.close()
        for terminal in (ann, bob, cyd):
            terminal.conn.close()
    finally:
        await host.close()


async def test_boxtop_host_killed_with_sigkill_during_play_comes_back_with_every_acknowledged_move():
    # Issue 3, "Durability", and issue 10, "Load and faults": kill the host with SIGKILL
    # while two rooms are playing (moves typed back to back on each room's SSH terminals)
    # and start it again: every move a player saw acknowledged (the other player's screen
    # redrew and the journal had it) comes back, in order; no session process outlives
    # the host; the players reconnect, take their seats back and play on.
    import random
    import shutil

    from ssh_helpers import (
        HostProcess, Mirror, Terminal, back_at_table, play_room, processes_mentioning, set_up_rooms, until,
    )

    folder = Path(tempfile.mkdtemp(prefix="bxk", dir="/tmp"))
    data = folder / "d"
    host = HostProcess(data, bot_pace=QUICK).start()
    terminals: list = []
    try:
        mirror = Mirror(data)
        rooms = await set_up_rooms(host.port, mirror, [["ann", "bob"], ["cyd", "dan"]], bots=2)
        terminals = [t for _, seats in rooms for t in seats.values()]
        acked = {code: [] for code, _ in rooms}
        stop = asyncio.Event()
        playing = [asyncio.create_task(play_room(code, seats, mirror, random.Random(i), moves=100, stop=stop,
                                                 record=acked[code]))
                   for i, (code, seats) in enumerate(rooms)]
        await until(lambda: all(len(m) >= 2 for m in acked.values()), "two moves in each room", 60)
        await asyncio.sleep(random.Random().uniform(0, 0.3))  # the kill lands anywhere in a move
        assert host.kill9() == -9
        stop.set()
        await asyncio.gather(*playing, return_exceptions=True)  # the moves in flight fail
        # the session processes went with the host (their terminal hung up)
        await until(lambda: processes_mentioning(str(data)) == [], "no session process left", 10)
        for t in terminals:
            t.close()

        host.start()
        mirror.reopen()
        for code, moves in acked.items():
            restored = mirror.commands(code)
            seen = [m.text for m in moves]
            assert restored[:len(seen)] == seen, code  # every acknowledged move, in order
            assert len(restored) <= len(seen) + 1  # at most the one in flight besides

        # everyone comes back to their own seat, straight to the table, and the games go on
        names = [t.name for _, seats in rooms for t in seats.values()]
        again = {name: await Terminal.open(host.port, name) for name in names}
        terminals += again.values()
        back = {}
        for code, seats in rooms:
            back[code] = {seat: again[old.name] for seat, old in seats.items()}
            for terminal in back[code].values():
                await back_at_table(terminal, mirror, code)
        before = {code: len(mirror.commands(code)) for code, _ in rooms}
        more = await asyncio.gather(*(play_room(code, back[code], mirror, random.Random(7), moves=2)
                                      for code, _ in rooms))
        for (code, _), moves in zip(rooms, more):
            assert len(moves) == 2 and [m.text for m in moves] == mirror.commands(code)[before[code]:]
    finally:
        for t in terminals:
            t.close()
        host.stop()
        shutil.rmtree(folder, ignore_errors=True)
