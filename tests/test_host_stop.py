"""A host that stops says so and gives every terminal back.

``boxtop host`` (and ``boxtop host --no-ssh`` with ``boxtop join`` on a terminal, as the
operator's own sshd runs it) stopped by Ctrl+C (SIGINT to the terminal's whole process
group: the host and its worker pool) or SIGTERM: every session first shows "The host is
stopping; your game is kept (room CODE)", then its app ends as Textual ends it, so the
player's terminal leaves the alternate screen, mouse reporting goes off and the cursor
shows, and the sentence is printed again after that, so it stays on the terminal; the
client's session ends with exit status 0. The host prints no traceback (the worker pool
that found a hint included) and exits with status 0; every room is kept as it was (a
waiting room with its seated players too) and comes back at the restart. A session
whose process is killed (kill -9) still gets its terminal back, from the host.

Each test runs the real host as a process of its own and real SSH clients with a PTY
(``tests/ssh_helpers.py``), and reads the raw bytes each client received. The rooms are
written into the host's journal before it starts (the stop is what is tested, not the
making of rooms); everything a player does is typed.
"""

from __future__ import annotations

import asyncio
import os
import pty
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine import Seat
from engine.core.journal import Journal
from engine.core.room import Rooms
from ssh_helpers import ROOT, HostProcess, Mirror, Terminal, enter_room_code, open_lobbies, plain, until

SIZE = (80, 24)
#: What Textual's driver writes as the app ends (``textual.drivers.linux_driver``): the
#: alternate screen left, the cursor shown, and mouse reporting off (the modes it set).
LEAVE_ALT_SCREEN, SHOW_CURSOR = b"\x1b[?1049l", b"\x1b[?25h"
MOUSE_OFF = (b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l")
STOPPING = b"The host is stopping; "


@pytest.fixture
def data():
    """A short data folder (the service's socket lives in it) whose journal holds two
    rooms: ``table``, a started Gift Trap of ann, bob and a bot with hints on (ann deals
    first), and ``waiting``, cyd's Gift Trap waiting for its start with cyd seated."""
    folder = Path(tempfile.mkdtemp(prefix="bxs", dir="/tmp"))
    data = folder / "d"
    data.mkdir(mode=0o700)
    journal = Journal(data / "rooms.sqlite3")
    rooms = Rooms(journal)
    table = rooms.create(game="gift-trap", creator="ann", seats=[Seat(""), Seat(""), Seat("bot3", "heuristic")],
                         seed=5, hints=True)
    for name in ("ann", "bob"):
        table.join(name)
    table.start("ann")
    waiting = rooms.create(game="gift-trap", creator="cyd", seats=[Seat(""), Seat(""), Seat("bot3", "heuristic")])
    waiting.join("cyd")
    CODES[data] = {"table": table.code, "waiting": waiting.code}
    journal.close()
    yield data
    CODES.pop(data, None)
    shutil.rmtree(folder, ignore_errors=True)


#: The rooms' codes of each data folder made by ``data``.
CODES: dict[Path, dict[str, str]] = {}


def codes(data: Path) -> dict[str, str]:
    return CODES[data]


def raw(terminal: Terminal) -> bytes:
    return b"".join(chunk for _, chunk in terminal.chunks)


def assert_given_back(name: str, out: bytes, sentence: bytes, drawn: bool = True) -> None:
    """``out`` (a client's raw bytes) showed ``sentence`` (unless not ``drawn``) and then
    gave the terminal back: the alternate screen left, mouse reporting off and the cursor
    shown, after the last time the app set them; and ``sentence`` again after that, on
    the normal screen."""
    assert sentence in plain(out), f"{name} never saw {sentence!r}: {plain(out)[-600:]!r}"
    left = out.rfind(LEAVE_ALT_SCREEN)
    assert left > out.rfind(b"\x1b[?1049h") >= 0, f"{name}'s terminal stayed in the alternate screen: {out[-300:]!r}"
    assert out.rfind(SHOW_CURSOR) > out.rfind(b"\x1b[?25l") >= 0, f"{name}'s cursor stayed hidden: {out[-300:]!r}"
    for off in MOUSE_OFF:
        assert out.rfind(off) > out.rfind(off[:-1] + b"h") >= 0, f"{name}'s mouse mode {off!r} stayed on"
    after = plain(out[left:])
    assert sentence in after.replace(b"\r\n", b" ").replace(b"\n", b" "), \
        f"{name}'s terminal does not keep the sentence once given back: {after!r}"
    if drawn:
        assert sentence in plain(out[:left]), f"{name} was not told before the terminal was given back"


async def ended(terminal: Terminal, timeout: float = 30) -> int | None:
    """The exit status the client's session ended with (None: ended by a signal)."""
    await asyncio.wait_for(terminal.process.wait(), timeout)
    await asyncio.wait_for(terminal.task, timeout)
    return terminal.process.exit_status if terminal.process.exit_signal is None else None


def host_stopped_cleanly(host: HostProcess) -> None:
    status = host.proc.wait(timeout=30)
    log = host.log_text()
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log
    assert status == 0, log
    assert log.rstrip().endswith("boxtop host: stopped."), log


@contextmanager
def hosting(data: Path) -> Iterator[tuple[HostProcess, list[Terminal]]]:
    """A started host on ``data``, and a list for the terminals the test opens: (host,
    terminals). On leaving, every terminal in the list is closed and the host stopped."""
    host = HostProcess(data).start()
    terminals: list[Terminal] = []
    try:
        yield host, terminals
    finally:
        for terminal in terminals:
            terminal.close()
        host.stop()


async def at_table(port: int, name: str) -> Terminal:
    """``name`` connects: with a seat in a game in play, straight back at its table."""
    player = await Terminal.open(port, name, size=SIZE)
    await player.shows(b"to act: ", timeout=60)  # the table's status line
    await player.quiet()
    return player


def session_pid(host: HostProcess, name: str) -> int:
    """The pid of ``name``'s session process (its environment names the player)."""
    for pid in host.children():
        try:
            env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"BOXTOP_PLAYER={name}".encode() in env:
            return pid
    raise AssertionError(f"no session process of {name}")


async def test_ctrl_c_tells_every_player_gives_every_terminal_back_and_keeps_the_rooms(data):
    # ann asks for a hint (the host's worker pool searches it), then Ctrl+C: SIGINT to the
    # host's whole process group, as a terminal sends it (the workers get it too).
    table, waiting = codes(data)["table"], codes(data)["waiting"]
    with hosting(data) as (host, terminals):
        ann, bob = await asyncio.gather(at_table(host.port, "ann"), at_table(host.port, "bob"))
        (cyd,) = await open_lobbies(host.port, ["cyd"], size=SIZE)
        terminals += [ann, bob, cyd]
        await enter_room_code(cyd, waiting, lambda: b"you are in seat 1" in cyd.text(), "cyd in her seat")
        mark = ann.mark()
        ann.keys("B")
        await ann.shows(b"ann: your best moves", since=mark, timeout=30)  # found in a worker process
        os.killpg(host.pid, signal.SIGINT)
        for terminal in terminals:
            assert await ended(terminal) == 0, terminal.tail()
        assert_given_back("ann", raw(ann), f"The host is stopping; your game is kept (room {table}).".encode())
        assert_given_back("bob", raw(bob), f"The host is stopping; your game is kept (room {table}).".encode())
        assert_given_back("cyd", raw(cyd), f"The host is stopping; your game is kept (room {waiting}).".encode())
        host_stopped_cleanly(host)
        # every room as it was: the game's seats, and the waiting room with cyd in her seat
        mirror = Mirror(data)
        assert [s.name for s in mirror.record(table).seats] == ["ann", "bob", "bot3"]
        kept = mirror.record(waiting)
        assert kept is not None and kept.seats[0].name == "cyd", "the waiting room lost its seated player"


async def test_sigterm_tells_spectators_and_the_lobby_and_a_killed_session_gets_its_terminal_back(data):
    # dan watches the game and eve is in the lobby; ann's session process is killed first
    # (kill -9: it cannot give the terminal back, the host does). SIGTERM to the host only.
    # Then the host starts again and every room is back in the lobby.
    table = codes(data)["table"]
    with hosting(data) as (host, terminals):
        ann = await at_table(host.port, "ann")
        dan, eve = await open_lobbies(host.port, ["dan", "eve"], size=SIZE)
        terminals += [ann, dan, eve]
        mark = dan.mark()
        dan.keys("w")  # the lobby's highlighted room, the table (the oldest first)
        await dan.shows(b"watching", since=mark, timeout=30)

        os.kill(session_pid(host, "ann"), signal.SIGKILL)
        assert await ended(ann) is None  # ended by the signal
        assert_given_back("ann", raw(ann), b"this session ended unexpectedly; connect again with ssh", drawn=False)

        host.proc.send_signal(signal.SIGTERM)
        for terminal in (dan, eve):
            assert await ended(terminal) == 0, terminal.tail()
        assert_given_back("dan", raw(dan), f"The host is stopping; the game is kept (room {table}).".encode())
        assert_given_back("eve", raw(eve), b"The host is stopping; every room is kept.")
        host_stopped_cleanly(host)

        host.start()  # the restart: every room is back
        (eve,) = again = await open_lobbies(host.port, ["eve"], size=SIZE)
        terminals += again
        for code in codes(data).values():
            await eve.shows(code.encode(), timeout=30)


async def test_a_second_ctrl_c_stops_at_once_and_still_gives_every_terminal_back(data):
    # Ctrl+C twice while the worker pool starts and searches ann's hint.
    table = codes(data)["table"]
    with hosting(data) as (host, terminals):
        ann = await at_table(host.port, "ann")
        (eve,) = await open_lobbies(host.port, ["eve"], size=SIZE)  # in the lobby
        terminals += [ann, eve]
        mark = ann.mark()
        ann.keys("B")
        await ann.shows(b"looking for your best moves", since=mark, timeout=30)
        os.killpg(host.pid, signal.SIGINT)
        await asyncio.sleep(0.05)
        os.killpg(host.pid, signal.SIGINT)
        # the second Ctrl+C may come before a session has shown the sentence: the host
        # then hangs it up and gives its terminal back with the sentence
        await ended(ann)
        assert_given_back("ann", raw(ann), f"The host is stopping; your game is kept (room {table}).".encode(),
                          drawn=False)
        await ended(eve)
        assert_given_back("eve", raw(eve), b"The host is stopping; every room is kept.", drawn=False)
        host_stopped_cleanly(host)


async def test_the_room_service_alone_tells_boxtop_join_under_its_own_sshd(data):
    # boxtop host --no-ssh, and boxtop join --name fay on a terminal of its own, as the
    # operator's sshd starts it for fay's key (fay has no seat: she is in the lobby);
    # Ctrl+C on the service.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BOXTOP_HOST_TOKEN")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["TERM"] = "xterm-256color"
    service = subprocess.Popen([sys.executable, "-m", "tui.cli", "host", "--no-ssh", "--data", str(data)],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True, env=env, cwd=ROOT)
    join: subprocess.Popen | None = None
    master = -1
    try:
        assert b"boxtop room service:" in service.stdout.readline()
        master, slave = pty.openpty()
        os.set_blocking(master, False)
        join = subprocess.Popen([sys.executable, "-m", "tui.cli", "join", "--name", "fay",
                                 "--socket", str(data / "rooms.sock")],
                                stdin=slave, stdout=slave, stderr=slave, start_new_session=True, env=env, cwd=ROOT)
        os.close(slave)
        out = bytearray()

        def read() -> bytes:
            try:
                while chunk := os.read(master, 65536):
                    out.extend(chunk)
            except (BlockingIOError, OSError):
                pass
            return bytes(out)

        await until(lambda: b"Lobby" in plain(read()), "fay's lobby", 30)
        os.killpg(service.pid, signal.SIGINT)
        await until(lambda: read() and join.poll() is not None, "boxtop join ended", 30)  # its output read meanwhile
        assert join.returncode == 0
        assert_given_back("fay", read(), b"The host is stopping; every room is kept.")
        text = service.communicate(timeout=30)[0].decode()
        assert "Traceback" not in text and service.returncode == 0, text
        assert text.rstrip().endswith("boxtop room service: stopped."), text
    finally:
        for proc in (join, service):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        if master >= 0:
            os.close(master)
