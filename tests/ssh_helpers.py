"""Shared by the SSH load tests and benchmarks: a real ``boxtop host --open`` process, real
SSH terminals (asyncssh's client with a PTY) that a test types into and reads, and a
read-only mirror of the host's journal that picks each seat's moves.

Every seat is played only through its own SSH terminal, by the keys a player types: the
lobby's ``c`` (and ``ctrl+g`` on the new-room form), ``o``/``b`` on a seat of the waiting
room, ``/`` and a room code to join, ``s`` to start, and in the game the ``:`` command line
with the game's notation (``:give 3 to bob`` enter). Nothing else talks to the host.

Which move to type comes from ``Mirror``: the test runs on the host's machine, so it reads
the room's journal (SQLite, ``engine.core.journal``) read-only, folds it with the engine
and asks the game's heuristic bot for a legal command of that seat. That is chosen over
parsing the screen because it holds whatever the game table looks like (another change
may redraw it completely), it is exactly what the room will accept (the journal is the
room's own record, committed before any screen is told), and it also tells the test
when a move was acknowledged and, after a ``kill -9``, what survived. The screens are
read only for what a player sees: that the lobby came, that a typed command echoed, and
that each other seat's screen changed after a move (its output, not its layout).

Every connection goes to 127.0.0.1. Each player has an SSH key of its own and connects
from a loopback address of its own (127.0.0.2, 127.0.0.3, …, all this machine), as
players on different machines would, so a limit per key or per address treats them as
the different people they are.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import asyncssh
import msgspec

import engine
from engine.core import registry
from engine.core.journal import Journal, RoomRecord
from engine.core.log import entry_type

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_])")
#: Seconds without output that end a burst of output (one redraw).
QUIET = 0.15
#: The terminal every player uses unless told otherwise: columns, rows.
SIZE = (120, 36)
DOWN = "\x1b[B"
CTRL_G = "\x07"
JOURNAL_NAME = "rooms.sqlite3"
#: Seconds between two bot moves for hosts in tests that play games through: quick, yet
#: each bot move still reaches the screens on its own (the host's default is 0.4).
QUICK = 0.05


def plain(data: bytes) -> bytes:
    """Terminal output without its escape sequences."""
    return ANSI.sub(b"", data)


async def read_until(stream, needle: bytes, timeout: float = 10.0, strip_ansi: bool = False) -> bytes:
    """Bytes from ``stream`` (an asyncssh process's stdout, bytes) until ``needle`` shows
    (after removing escapes when asked): all of them so far, escapes removed when asked.
    Raises ``AssertionError`` after ``timeout`` seconds or when the stream ends first."""
    seen = b""
    deadline = time.monotonic() + timeout
    while True:
        text = ANSI.sub(b"", seen) if strip_ansi else seen
        if needle in text:
            return text
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{needle!r} never came; got {text[-2000:]!r}")
        try:
            chunk = await asyncio.wait_for(stream.read(65536), left)
        except asyncio.TimeoutError:
            continue
        if not chunk:
            raise AssertionError(f"the stream ended before {needle!r}; got {text[-2000:]!r}")
        seen += chunk


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------- processes
def _proc_kib(pid: int, file: str, field: str) -> int:
    """The KiB figure on the ``field`` line (``"VmRSS:"``, ``"Pss:"``) of ``/proc/pid/file``;
    0 when the process is gone or the file unreadable."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_kib(pid: int) -> int:
    """The resident size of process ``pid`` in KiB (0 when it is gone)."""
    return _proc_kib(pid, "status", "VmRSS:")


def pss_kib(pid: int) -> int:
    """The proportional set size of ``pid`` in KiB (shared pages divided among their
    users: what one more session really costs); 0 when it is gone or unreadable."""
    return _proc_kib(pid, "smaps_rollup", "Pss:")


def _stat(pid: str) -> tuple[str, int] | None:
    """(state letter, parent pid) of ``pid`` from /proc, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def children(pid: int) -> list[int]:
    """The live (not zombie) child processes of ``pid``."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(entry)
            if st is not None and st[1] == pid and st[0] != "Z":
                out.append(int(entry))
    return out


def zombies(pid: int) -> list[int]:
    """Children of ``pid`` that have exited and were never reaped."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(entry)
            if st is not None and st[1] == pid and st[0] == "Z":
                out.append(int(entry))
    return out


def processes_mentioning(text: str) -> list[int]:
    """Every live process whose command line contains ``text`` (a host's unique data
    folder finds its session processes, even orphans adopted by init)."""
    needle = text.encode()
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        st = _stat(entry)
        if needle in cmdline and st is not None and st[0] != "Z":
            out.append(int(entry))
    return out


class HostProcess:
    """``boxtop host --open`` on 127.0.0.1:``port`` with its data in ``data``, as a process
    of its own (``start_new_session``). Its stdout and stderr go to ``data/host.log``.

    ``start()`` (blocking, ≤ 30 s) starts it and waits until the port answers; raises
    ``RuntimeError`` with its log when it does not. ``alive``, ``pid``, ``children()``
    (its session processes), ``kill9()``, ``stop()`` (SIGTERM, then SIGKILL after 10 s).
    """

    def __init__(self, data: Path, port: int | None = None, bot_pace: float | None = None) -> None:
        self.data = Path(data)
        self.port = port or free_port()
        self.bot_pace = bot_pace  # --bot-pace (None: the host's own)
        self.proc: subprocess.Popen | None = None
        self.log = self.data.parent / f"{self.data.name}.log"

    def start(self) -> "HostProcess":
        # Bytecode caching on, as on a player's machine (this sandbox may set
        # PYTHONDONTWRITEBYTECODE, which would recompile boxtop in every session's process).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        pace = [] if self.bot_pace is None else ["--bot-pace", str(self.bot_pace)]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tui.cli", "host", "--open", "--port", str(self.port), "--data", str(self.data),
                 *pace],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True, env=env, cwd=ROOT,
            )
        end = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > end:
                    self.stop()
                    raise RuntimeError(f"the host did not start: {self.log_text()[-2000:]}")
                time.sleep(0.05)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def children(self) -> list[int]:
        """The host's live child processes: one app process per SSH session."""
        return children(self.pid) if self.alive else []

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def kill9(self) -> int:
        """SIGKILL the host and reap it; returns its exit status (-9)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        return self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


@contextmanager
def host_in_tmp(prefix: str = "bx", bot_pace: float | None = None) -> Iterator[HostProcess]:
    """A started ``HostProcess`` (``bot_pace`` as in ``HostProcess``) whose data folder
    lies in a fresh folder ``/tmp/<prefix>…`` (short: the room service's Unix socket lives
    in it); on leaving, the host is stopped and the folder removed."""
    parent = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    host = HostProcess(parent / "d", bot_pace=bot_pace).start()
    try:
        yield host
    finally:
        host.stop()
        shutil.rmtree(parent, ignore_errors=True)


@asynccontextmanager
async def in_process_host(data: Path, authorized: Path | None = None, open_mode: bool = True, **options):
    """A host (``host.ssh.start_host``) in this process on a free port of 127.0.0.1, its
    data in ``data``; ``authorized`` its authorized-keys file (None in open mode);
    ``options``: ``start_host``'s keywords (``child_argv``, ``bot_pace``, ``log``). Closed
    on leaving."""
    from host.ssh import start_host

    host = await start_host("127.0.0.1", 0, data, authorized, open_mode, **options)
    try:
        yield host
    finally:
        await host.close()


def client_keys(folder: Path, names: list[str], authorized: list[str], header: bytes = b"") -> dict:
    """A fresh ed25519 key (asyncssh's private key) for each of ``names``, by name; the
    public keys of ``authorized`` written after ``header`` to ``folder/authorized_keys``
    (``"auth"``); the first name's private key written to ``folder/id_<name>``, mode 0600,
    as OpenSSH's client wants it (``"<name>_path"``)."""
    keys: dict = {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}
    keys["auth"] = folder / "authorized_keys"
    keys["auth"].write_bytes(header + b"".join(keys[name].export_public_key() for name in authorized))
    path = keys[f"{names[0]}_path"] = folder / f"id_{names[0]}"
    keys[names[0]].write_private_key(str(path))
    os.chmod(path, 0o600)
    return keys


# ---------------------------------------------------------------------------- players
class Players:
    """Each player name's own SSH key and loopback source address, kept for reconnects."""

    def __init__(self) -> None:
        self.keys: dict[str, asyncssh.SSHKey] = {}
        self.addresses: dict[str, str] = {}

    def key(self, name: str) -> asyncssh.SSHKey:
        if name not in self.keys:
            self.keys[name] = asyncssh.generate_private_key("ssh-ed25519")
        return self.keys[name]

    def address(self, name: str) -> str:
        if name not in self.addresses:
            n = len(self.addresses)
            self.addresses[name] = f"127.0.{n // 250}.{2 + n % 250}"
        return self.addresses[name]


PLAYERS = Players()


async def ssh_connect(port: int, name: str, *, players: Players = PLAYERS, host: str = "127.0.0.1",
                      keyed: bool = True, timeout: float = 20):
    """An SSH connection to the host as ``name`` (its own key and source address)."""
    return await asyncio.wait_for(asyncssh.connect(
        host, port, username=name, known_hosts=None, agent_path=None, config=None, password=None,
        client_keys=[players.key(name)] if keyed else None,
        local_addr=(players.address(name), 0) if host == "127.0.0.1" else None,
    ), timeout)


class Terminal:
    """One SSH session running the app on a PTY: every chunk of its output with the time
    it arrived (``time.perf_counter``), and keys typed into it.

    ``await Terminal.open(port, name)`` connects and asks for a PTY of ``size``; it does
    not wait for the lobby (``await shows(b"Lobby")`` does). ``stop_reading()`` makes it a
    client that never reads again (its channel paused: SSH flow control holds the host).
    """

    def __init__(self, name: str, conn, process) -> None:
        self.name, self.conn, self.process = name, conn, process
        self.size = SIZE  # columns, rows
        self.chunks: list[tuple[float, bytes]] = []
        self.opened = time.perf_counter()
        self.ended = False
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, port: int, name: str, size: tuple[int, int] = SIZE, players: Players = PLAYERS,
                   window: int | None = None, host: str = "127.0.0.1") -> "Terminal":
        t0 = time.perf_counter()
        conn = await ssh_connect(port, name, players=players, host=host)
        extra = {} if window is None else {"window": window}
        process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None, **extra)
        terminal = cls(name, conn, process)
        terminal.opened = t0
        terminal.size = size
        return terminal

    async def _read(self) -> None:
        try:
            while data := await self.process.stdout.read(65536):
                self.chunks.append((time.perf_counter(), data))
        except (OSError, asyncssh.Error):
            pass
        self.ended = True

    # ---------------------------------------------------------------- reading
    def mark(self) -> int:
        """Where the output stands now (an index into ``chunks``)."""
        return len(self.chunks)

    def text(self, since: int = 0, until: int | None = None) -> bytes:
        """What arrived from chunk ``since`` on (up to chunk ``until``), without escape
        sequences."""
        return plain(b"".join(c for _, c in self.chunks[since:until]))

    def screen(self):
        """What this terminal shows now, cell by cell: its whole output so far fed to a
        terminal emulator of its size (``pyte.Screen``: ``buffer[row][column].data`` is a
        cell's letter with the marks drawn on it, "" the second half of a wide letter)."""
        import pyte

        screen = pyte.Screen(*self.size)
        pyte.ByteStream(screen).feed(b"".join(c for _, c in self.chunks))
        return screen

    def tail(self, n: int = 1500) -> str:
        return self.text(max(0, len(self.chunks) - 40))[-n:].decode(errors="replace")

    async def shows(self, needle: bytes, since: int = 0, timeout: float = 20) -> float:
        """Wait until ``needle`` has been drawn (after chunk ``since``); returns the arrival
        time of the chunk that completed it. Raises ``AssertionError`` after ``timeout``."""
        end = time.perf_counter() + timeout
        checked = since
        while True:
            n = len(self.chunks)
            for k in range(checked, n):
                # a window that starts a few chunks back finds a needle split across chunks
                if needle in self.text(max(since, k - 4), k + 1):
                    return self.chunks[k][0]
            checked = n
            if time.perf_counter() > end or self.ended:
                raise AssertionError(f"{self.name}: {needle!r} never showed: {self.tail()!r}")
            await asyncio.sleep(0.01)

    async def output_after(self, since: int, timeout: float = 20) -> None:
        """Wait until some output came after chunk ``since``."""
        end = time.perf_counter() + timeout
        while len(self.chunks) <= since:
            if time.perf_counter() > end or self.ended:
                raise AssertionError(f"{self.name}: no output came: {self.tail()!r}")
            await asyncio.sleep(0.01)

    async def quiet(self, quiet: float = QUIET, timeout: float = 20) -> None:
        """Wait until nothing has arrived for ``quiet`` seconds."""
        end = time.perf_counter() + timeout
        while self.chunks and time.perf_counter() - self.chunks[-1][0] < quiet:
            if time.perf_counter() > end:
                raise AssertionError(f"{self.name}: the screen never went still: {self.tail()!r}")
            await asyncio.sleep(0.01)

    def first_after(self, t0: float) -> float | None:
        """The arrival time of the first chunk at or after ``t0``."""
        return next((t for t, _ in reversed_after(self.chunks, t0)), None)

    def burst_end_after(self, t0: float, quiet: float = QUIET, settled: bool = False) -> float | None:
        """The arrival time of the last chunk of the first burst after ``t0``, once that
        burst has ended (``quiet`` seconds of silence, or ``settled``: the caller knows
        it has); None until then."""
        after = [t for t, _ in reversed_after(self.chunks, t0)]
        if not after:
            return None
        last = after[0]
        for t in after[1:]:
            if t - last > quiet:
                break
            last = t
        return last if settled or time.perf_counter() - last > quiet else None

    # ---------------------------------------------------------------- typing
    def keys(self, text: str) -> None:
        """Type ``text`` (bytes as a terminal sends them: "\\r" is enter)."""
        self.process.stdin.write(text.encode())

    def stop_reading(self) -> None:
        """Never read again: the reader stops and the channel is paused, so SSH's window
        fills and the host must hold (or drop) what this terminal does not take."""
        self.task.cancel()
        self.process.channel.pause_reading()

    def close(self) -> None:
        self.task.cancel()
        self.conn.close()


def reversed_after(chunks: list[tuple[float, bytes]], t0: float) -> list[tuple[float, bytes]]:
    """The chunks that arrived at or after ``t0``, in order (searched from the end)."""
    i = len(chunks)
    while i > 0 and chunks[i - 1][0] >= t0:
        i -= 1
    return chunks[i:]


async def open_lobbies(port: int, names: list[str], *, gate: asyncio.Semaphore | None = None,
                       **kw) -> list[Terminal]:
    """A terminal per name, each showing the lobby (``lobby_s`` says how long that took);
    ``gate`` bounds how many start at once (default 4)."""
    gate = gate or asyncio.Semaphore(4)

    async def one(name: str) -> Terminal:
        async with gate:
            terminal = await Terminal.open(port, name, **kw)
            terminal.lobby_s = await terminal.shows(b"Lobby", timeout=60) - terminal.opened
            return terminal

    return list(await asyncio.gather(*(one(n) for n in names)))


class StallingProxy:
    """A TCP relay on 127.0.0.1 in front of the host's SSH port, for a client that stops
    reading its socket: after ``stall()`` nothing the host sends is read any more (the
    relay's socket to the host has a small receive buffer, so what the host cannot send
    stays in the host). The client's own traffic still reaches the host.

    ``port = await proxy.start()``; ``stall()``, ``resume()``, ``close()``."""

    def __init__(self, host_port: int) -> None:
        self.host_port = host_port
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.tasks: list[asyncio.Task] = []
        self.writers: list[asyncio.StreamWriter] = []
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    def stall(self) -> None:
        self.flowing.clear()

    def resume(self) -> None:
        self.flowing.set()

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.host_port))
        host_reader, host_writer = await asyncio.open_connection(sock=sock, limit=16384)
        self.writers += [client_writer, host_writer]

        async def pump(reader, writer, gate: asyncio.Event | None) -> None:
            try:
                while True:
                    if gate is not None:
                        await gate.wait()
                    data = await reader.read(16384)
                    if not data:
                        break
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        self.tasks += [asyncio.create_task(pump(client_reader, host_writer, None)),
                       asyncio.create_task(pump(host_reader, client_writer, self.flowing))]

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for writer in self.writers:
            writer.close()
        if self.server is not None:
            self.server.close()


# ---------------------------------------------------------------------------- the journal
class Mirror:
    """The host's journal in ``data``, read-only: the rooms as the host committed them.

    ``record(code)``/``room_by(creator)`` give a room's record; ``session(code)`` folds
    its entries with the engine (a ``LocalSession``; None before the start);
    ``entries(code)`` counts them; ``choose(code, rng)`` picks a seat to act and a legal
    command for it, in notation, as the game's heuristic bot would play it.
    """

    def __init__(self, data: Path) -> None:
        self.path = Path(data) / JOURNAL_NAME
        self.journal: Journal | None = None
        self.bots: dict[tuple[str, int], object] = {}

    def _db(self) -> Journal:
        if self.journal is None:
            # the journal's own queries on a read-only connection (never a write to the host's file)
            journal = Journal.__new__(Journal)
            journal.path = str(self.path)
            journal.db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None,
                                         check_same_thread=False)
            self.journal = journal
        return self.journal

    def reopen(self) -> None:
        """Forget the connection (after the host was killed and started again)."""
        if self.journal is not None:
            self.journal.db.close()
        self.journal = None

    def records(self) -> list[RoomRecord]:
        if not self.path.exists():
            return []
        return self._db().rooms()

    def record(self, code: str) -> RoomRecord | None:
        return next((r for r in self.records() if r.code == code), None)

    def room_by(self, creator: str) -> RoomRecord | None:
        return next((r for r in reversed(self.records()) if r.creator == creator), None)

    def entries(self, code: str) -> int:
        return self._db().db.execute("SELECT COUNT(*) FROM entries WHERE code = ?", (code,)).fetchone()[0]

    def moves_by(self, code: str, seat: int) -> int:
        """How many entries of room ``code`` seat ``seat`` gave (bots' moves come in
        between on their own, so a seat's own count says its move went in)."""
        return self._db().db.execute(
            "SELECT COUNT(*) FROM entries WHERE code = ? AND json_extract(entry, '$.seat') = ?", (code, seat)
        ).fetchone()[0]

    def session(self, code: str) -> engine.LocalSession | None:
        record = self.record(code)
        if record is None or not record.started:
            return None
        game = registry.get(record.game)
        entries = self._db().entries(code, entry_type(game))
        return engine.LocalSession(game, record.seats, record.seed, record.options, record.undo, entries=entries)

    def choose(self, code: str, rng: random.Random, seats: list[int] | None = None) -> tuple[int, str] | None:
        """``(seat, notation)``: a seat among ``seats`` (default: the people's seats) that
        may act now and a legal command of its own; None when none may (game over)."""
        s = self.session(code)
        if s is None or s.result() is not None:
            return None
        people = [i for i in range(len(s.seats)) if not s.is_bot(i)] if seats is None else seats
        acting = [i for i in s.to_act_seats() if i in people]
        if not acting:
            return None
        seat = rng.choice(acting)
        bot = self.bots.setdefault((code, seat), s.game.bots["heuristic"](seat))
        command = bot.choose(s.view(seat), s.legal_commands(seat), rng)
        return seat, s.game.notation(command, s.names)

    def commands(self, code: str) -> list[str]:
        """The room's recorded commands of people's seats, in notation, in journal order."""
        s = self.session(code)
        if s is None:
            return []
        return [s.game.notation(e.command, s.names) for e in s.entries
                if e.command is not None and e.seat is not None and not s.is_bot(e.seat)]


async def until(check, what: str, timeout: float = 10, step: float = 0.02):
    """Poll ``check()`` until it returns something true; returns it. Raises
    ``AssertionError`` naming ``what`` after ``timeout`` seconds."""
    end = time.perf_counter() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.perf_counter() > end:
            raise AssertionError(f"{what}: not within {timeout} s")
        await asyncio.sleep(step)


# ---------------------------------------------------------------------------- a room, by keys
async def create_room(creator: Terminal, mirror: Mirror, people: int, timeout: float = 30) -> str:
    """The creator, in the lobby, makes a room with the new-room form's defaults (the first
    game, its default player count) and then, in the waiting room, opens seats 2…``people``
    (``o``) and hands the rest to normal bots (``b``, then enter). Returns the room code (read from
    the journal; the screen must show it too)."""
    mark = creator.mark()
    creator.keys("c")
    await creator.output_after(mark, timeout)
    await creator.quiet()
    record = None
    for _ in range(3):  # ctrl+g is the form's Start; typed again if the form was not up yet
        creator.keys(CTRL_G)
        try:
            record = await until(lambda: mirror.room_by(creator.name), "the room in the journal", timeout / 3)
            break
        except AssertionError:
            continue
    assert record is not None, f"{creator.name} made no room: {creator.tail()!r}"
    code = record.code
    await creator.shows(code.encode(), since=mark, timeout=timeout)  # the waiting room is up
    await creator.quiet()
    row = 0
    for seat in range(1, len(record.seats)):
        want_open = seat < people
        current = mirror.record(code).seats[seat]
        if (current.bot is None) == want_open:
            continue
        creator.keys(DOWN * (seat - row))
        row = seat
        await asyncio.sleep(0.05)
        if want_open:
            creator.keys("o")
        else:  # which bot? enter takes the one highlighted, a normal bot
            mark = creator.mark()
            creator.keys("b")
            await creator.shows(b"which bot takes it?", since=mark, timeout=timeout)
            creator.keys("\r")
        await until(lambda: (mirror.record(code).seats[seat].bot is None) == want_open,
                    f"{creator.name}: seat {seat + 1} {'opened' if want_open else 'to a bot'}", timeout)
    return code


async def enter_room_code(player: Terminal, code: str, arrived, what: str, timeout: float = 10) -> object:
    """In the lobby, type ``/``, the room ``code`` and enter, until ``arrived()`` returns
    something true (returned); three tries, since the app drops a join typed before its
    link to the room service is up, and the code box takes the focus a turn after ``/``
    (other output may come first). Raises ``AssertionError`` naming ``what``."""
    try:  # a listed room shows in the lobby once the service has sent the list
        await player.shows(code.encode(), timeout=2)
    except AssertionError:
        pass
    for attempt in range(1, 4):
        mark = player.mark()
        player.keys("/")
        await player.output_after(mark, timeout)
        await player.quiet(0.1)
        await asyncio.sleep(0.2 * attempt)
        player.keys(code + "\r")
        try:
            return await until(arrived, what, timeout)
        except AssertionError:
            if attempt == 3:
                raise AssertionError(f"{what}: not after 3 tries: {player.tail()!r}") from None


async def join_room(player: Terminal, mirror: Mirror, code: str, timeout: float = 10) -> int:
    """The player, in the lobby, types ``/`` and the room code; returns their seat index."""

    def seated():
        seats = mirror.record(code).seats
        return next((i + 1 for i, s in enumerate(seats) if s.bot is None and s.name == player.name), None)

    return await enter_room_code(player, code, seated, f"{player.name} seated in {code}", timeout) - 1


async def back_at_table(player: Terminal, mirror: Mirror, code: str, timeout: float = 20) -> None:
    """The player, just connected again, goes straight back to the started room ``code``
    where they have a seat (no code to type); returns once their screen shows the game
    (its log: a line "<seat name>: …") and has gone still."""
    names = "|".join(re.escape(s.name) for s in mirror.record(code).seats)
    log_line = re.compile(rf"(?:^|\W)(?:{names}): ".encode())
    await until(lambda: log_line.search(player.text()), f"{player.name} back at the table in {code}", timeout)
    await player.quiet()


async def start_room(creator: Terminal, mirror: Mirror, code: str, seated: list[Terminal], timeout: float = 30) -> None:
    """The creator types ``s``; returns once the game is journaled and every seated
    terminal has drawn it and gone still."""
    marks = [t.mark() for t in seated]
    creator.keys("s")
    await until(lambda: mirror.record(code).started, f"{code} started", timeout)
    for t, m in zip(seated, marks):
        await t.output_after(m, timeout)
    for t in seated:
        await t.quiet()


async def seat_room(terminals: list[Terminal], mirror: Mirror, bots: int = 0) -> tuple[str, dict[int, Terminal]]:
    """A started room: ``terminals[0]`` (in the lobby) creates it by keys, the others join
    by its code, seated in that order; ``bots`` more seats are normal bots (the new-room
    form's default player count must be ``len(terminals) + bots``). Returns the code and
    the terminals by seat index."""
    code = await create_room(terminals[0], mirror, len(terminals))
    total = len(mirror.record(code).seats)
    assert total == len(terminals) + bots, f"the form's default is {total} seats, not {len(terminals) + bots}"
    seats = {0: terminals[0]}
    for t in terminals[1:]:
        seats[await join_room(t, mirror, code)] = t
    await start_room(terminals[0], mirror, code, terminals)
    return code, seats


async def set_up_rooms(port: int, mirror: Mirror, groups: list[list[str]], bots: int = 0,
                       concurrency: int = 4) -> list[tuple[str, dict[int, Terminal]]]:
    """A terminal for every name (at most ``concurrency`` starting at a time), then, one
    room after another (a lobby redraws whenever any room changes, which would hide
    whether a key was taken), ``seat_room`` for each group of names."""
    gate = asyncio.Semaphore(concurrency)
    lobbies = await asyncio.gather(*(open_lobbies(port, g, gate=gate) for g in groups))
    return [await seat_room(terminals, mirror, bots) for terminals in lobbies]


# ---------------------------------------------------------------------------- a move, by keys
class MoveTimedOut(AssertionError):
    """A move's redraw never reached a screen."""


class Move(msgspec.Struct):
    """One move as the players saw it: ``t0`` when enter was pressed (``perf_counter``),
    and per other screen the seconds to the ``firsts`` byte of its redraw and to the
    ``ends`` of that burst (its last chunk before ``QUIET`` seconds of silence)."""

    code: str
    seat: int
    text: str
    t0: float
    firsts: list[float]
    ends: list[float]
    ends_50ms: list[float]  # the same, a burst ending at 0.05 s of silence (the issue 3 benchmark's rule)


async def type_command(mover: Terminal, text: str, timeout: float = 20) -> None:
    """Type ``:`` and ``text`` (no enter) and wait until the command line shows it."""
    mark = mover.mark()
    mover.keys(":" + text)
    await mover.shows(text.encode(), since=mark, timeout=timeout)


async def play_move(mover: Terminal, others: list[Terminal], mirror: Mirror, code: str, text: str, *,
                    seat: int = -1, enter_at: float = 0.0, typed: bool = False, timeout: float = 20) -> Move:
    """Type ``:text`` into ``mover``'s terminal, press enter (not before ``enter_at``,
    a ``time.perf_counter`` value) and wait until every one of ``others`` has redrawn
    and the room has journaled the move. ``typed``: the command line already shows it.

    Raises ``MoveTimedOut`` when a screen never redraws and ``AssertionError`` when
    the room did not record the move (both after ``timeout`` seconds)."""
    count = (lambda: mirror.moves_by(code, seat)) if seat >= 0 else (lambda: mirror.entries(code))
    before = count()
    if not typed:
        await type_command(mover, text, timeout)
    await asyncio.sleep(max(0.0, enter_at - time.perf_counter()))
    t0 = time.perf_counter()
    mover.keys("\r")
    ends: list[float | None] = [None] * len(others)
    deadline = t0 + timeout
    while None in ends:
        await asyncio.sleep(0.01)
        ends = [e if e is not None else o.burst_end_after(t0) for e, o in zip(ends, others)]
        if time.perf_counter() > deadline or mover.ended or any(o.ended for o in others):
            late = next(o for o, e in zip(others, ends) if e is None)
            raise MoveTimedOut(f"{code}: {late.name}'s screen never showed {mover.name}'s {text!r}: "
                               f"{late.tail()!r}; the mover's: {mover.tail()!r}")
    await until(lambda: count() > before, f"{code}: {mover.name}'s {text!r} in the journal", timeout)
    firsts = [o.first_after(t0) - t0 for o in others]
    short = [o.burst_end_after(t0, 0.05, settled=True) - t0 for o in others]
    return Move(code, seat, text, t0, firsts, [e - t0 for e in ends], short)


async def play_room(code: str, seats: dict[int, Terminal], mirror: Mirror, rng: random.Random, *, moves: int,
                    pace: tuple[float, float] | None = None, until_time: float | None = None,
                    stop: asyncio.Event | None = None, record: list[Move] | None = None) -> list[Move]:
    """Play up to ``moves`` moves in room ``code``, one at a time: wait until every
    screen is still, let the mirror pick a seat to act and its move, type it there.

    ``pace=(lo, hi)``: each enter comes a random ``lo``–``hi`` seconds after the last
    (never before the last move's redraws are done: a person reads first); None: at
    once (back to back). Stops early at ``until_time`` (``perf_counter``), when ``stop``
    is set or when the game is over. Each move is appended to ``record`` as it is
    acknowledged (every other screen redrew and the journal has it); returns them."""
    made: list[Move] = [] if record is None else record
    last = time.perf_counter()
    for _ in range(moves):
        if (stop is not None and stop.is_set()) or (until_time is not None and time.perf_counter() > until_time):
            break
        for t in seats.values():
            await t.quiet()
        choice = mirror.choose(code, rng, seats=list(seats))
        if choice is None:
            break
        seat, text = choice
        enter_at = last + rng.uniform(*pace) if pace else 0.0
        others = [t for i, t in seats.items() if i != seat]
        move = await play_move(seats[seat], others, mirror, code, text, seat=seat, enter_at=enter_at)
        made.append(move)
        last = move.t0
    return made


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by each of ``pids`` (gone ones count 0)."""
    total = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by ``pid``, its reaped children and its live children."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()
    own = sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime
    return own + cpu_seconds(children(pid))


def machine_cpu_seconds() -> float:
    """CPU seconds this machine has been busy so far, every core together (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


class CpuShare:
    """CPU used between ``CpuShare(host)`` and ``stop()``: by the host and its sessions
    (those that ended meanwhile too), by this test process (the SSH clients), and by
    everything else on the machine (other work sharing the cores, which slows the
    figures); ``stop()`` gives each as a percentage of all cores, and the first two in
    seconds (``host_cpu_s``, ``client_cpu_s``)."""

    def __init__(self, host: "HostProcess") -> None:
        self.host = host
        self.t0 = time.perf_counter()
        self.host0 = tree_cpu_seconds(host.pid)
        self.self0 = self._self()
        self.all0 = machine_cpu_seconds()

    @staticmethod
    def _self() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    def stop(self) -> dict:
        wall = (time.perf_counter() - self.t0) * (os.cpu_count() or 1)
        host = tree_cpu_seconds(self.host.pid) - self.host0
        mine = self._self() - self.self0
        everything = machine_cpu_seconds() - self.all0
        pct = lambda v: round(100 * v / wall, 1)  # noqa: E731
        return {"cpu_host_pct": pct(host), "cpu_clients_pct": pct(mine),
                "cpu_others_pct": pct(max(0.0, everything - host - mine)), "host_cpu_s": host, "client_cpu_s": mine}


def summary(moves: list[Move]) -> dict:
    """Median and p95 (ms) of the first byte and the end of every other screen's redraw
    (also with a burst ending at 0.05 s of silence, as issue 3's benchmark counted it)."""
    ends = [e for m in moves for e in m.ends]
    firsts = [f for m in moves for f in m.firsts]
    short = [e for m in moves for e in m.ends_50ms]
    if not ends:
        return {"samples": 0}
    ms = lambda v: round(v * 1000, 1)  # noqa: E731
    return {
        "samples": len(ends),
        "moves": len(moves),
        "median_ms": ms(statistics.median(ends)),
        "p95_ms": ms(percentile(ends, 0.95)),
        "max_ms": ms(max(ends)),
        "first_byte_median_ms": ms(statistics.median(firsts)),
        "first_byte_p95_ms": ms(percentile(firsts, 0.95)),
        "end_at_50ms_quiet_median_ms": ms(statistics.median(short)),
        "end_at_50ms_quiet_p95_ms": ms(percentile(short, 0.95)),
    }


async def play_rooms(host: HostProcess, *, rooms: int, people: int, moves: int, pace, tag: str) -> dict:
    """Set up ``rooms`` rooms of ``people`` terminals each (by keys; player names start
    with ``tag``), let every room play ``moves`` moves at once at ``pace`` (see
    ``play_room``), measure the sessions' memory and close them all.

    Returns the figures: ``summary`` of every move, plus ``sessions`` (app processes on
    the host), ``moves_per_room_per_s``, CPU ms per move of the host and its sessions
    (``cpu_ms_per_move``) and of this client (``client_cpu_ms_per_move``), the share of
    the cores used by the host, by the clients and by other work on the machine
    (``CpuShare``: figures taken while others use the cores are slower), the resident
    size per session (mean and max, MiB) and its proportional size (PSS), the host's own
    resident size, the median connection → lobby time while the sessions were starting,
    and ``setup_s``."""
    mirror = Mirror(host.data)
    base = len(host.children())
    groups = [[f"{tag}{r}s{k}" for k in range(people)] for r in range(rooms)]
    t_setup = time.perf_counter()
    played = await set_up_rooms(host.port, mirror, groups)
    setup_s = time.perf_counter() - t_setup
    terminals = [t for _, seats in played for t in seats.values()]
    lobby = sorted(t.lobby_s for t in terminals)
    apps = host.children()
    share, wall0 = CpuShare(host), time.perf_counter()
    record: list = []
    await asyncio.gather(*(
        play_room(code, seats, mirror, random.Random(r), moves=moves, pace=pace, record=record)
        for r, (code, seats) in enumerate(played)
    ))
    wall = time.perf_counter() - wall0
    cpu = share.stop()
    rss = [rss_kib(pid) for pid in apps]
    pss = [pss_kib(pid) for pid in apps]
    host_rss = rss_kib(host.pid)
    for t in terminals:
        t.close()
    await until(lambda: len(host.children()) <= base, "every session ended", 20)
    figures = summary(record)
    figures.update({
        "sessions": len(apps),
        "moves_per_room_per_s": round(len(record) / rooms / wall, 2),
        "cpu_ms_per_move": round(cpu.pop("host_cpu_s") / max(1, len(record)) * 1000, 1),
        "client_cpu_ms_per_move": round(cpu.pop("client_cpu_s") / max(1, len(record)) * 1000, 1),
        **cpu,
        "rss_per_session_mib": round(statistics.mean(rss) / 1024, 1),
        "rss_max_session_mib": round(max(rss) / 1024, 1),
        "pss_per_session_mib": round(statistics.mean(pss) / 1024, 1),
        "host_rss_mib": round(host_rss / 1024, 1),
        "lobby_while_setting_up_median_ms": round(statistics.median(lobby) * 1000),
        "setup_s": round(setup_s, 1),
    })
    return figures


async def flood(port: int, count: int, concurrency: int, limit_s: float) -> dict:
    """``count`` connections from one client (127.0.0.1, no key), at most ``concurrency``
    at a time and none started after ``limit_s`` seconds, each dropped at once, cycling
    through a bare TCP connect, an SSH login and two SSH logins with a terminal (the host
    starts a session process for those). Returns how many of each kind were made, how
    many the host ``refused`` (or failed) and how many were ``skipped`` for time."""
    gate = asyncio.Semaphore(concurrency)
    tally = {"tcp": 0, "ssh": 0, "pty": 0, "refused": 0, "skipped": 0}
    end = time.monotonic() + limit_s

    async def one(i: int) -> None:
        async with gate:
            if time.monotonic() > end:
                tally["skipped"] += 1
                return
            kind = ("tcp", "ssh", "pty", "pty")[i % 4]
            try:
                if kind == "tcp":
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                else:
                    conn = await asyncio.wait_for(asyncssh.connect(
                        "127.0.0.1", port, username=f"flood{i}", known_hosts=None, agent_path=None, config=None,
                        client_keys=None, password=""), 20)
                    if kind == "pty":
                        await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                    conn.close()
                tally[kind] += 1
            except (OSError, asyncssh.Error, asyncio.TimeoutError):
                tally["refused"] += 1

    await asyncio.gather(*(one(i) for i in range(count)))
    return tally


def report(benchmark, title: str, figures: dict) -> None:
    """Record ``figures`` (with the machine's 1-minute load average) in the benchmark's
    ``extra_info`` and print them under ``title``."""
    figures["loadavg_1min"] = round(os.getloadavg()[0], 2)
    benchmark.extra_info.update(figures)
    print(f"\n{title}: {figures}")


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by the nearest-rank rule."""
    ordered = sorted(values)
    return ordered[min(len(ordered), max(1, math.ceil(q * len(ordered)))) - 1]


def keep_newest(client) -> tuple[dict, asyncio.Task]:
    """Read ``client``'s messages in a task: returns (state, task), where ``state["room"]``
    and ``state["table"]`` are the newest room and table it was sent (None until one
    comes); cancel the task when done."""
    from host import protocol as p

    state: dict = {"room": None, "table": None}

    async def read() -> None:
        while (m := await client.recv()) is not None:
            if isinstance(m, p.InRoom):
                state["room"] = m.room
            elif isinstance(m, p.TableUpdate):
                state["table"] = m.table

    return state, asyncio.create_task(read())


async def started_room(socket, name: str, game: str, seats: list, options: dict | None = None):
    """``name`` connects to the room service at ``socket``, creates a room of ``game``
    (``seats``: ``protocol.SeatSpec`` each) and starts it. Returns (client, state, reader)
    as ``keep_newest`` gives them."""
    from host import protocol as p
    from host.client import ServiceClient

    client = await ServiceClient.connect(socket, name)
    await client.send(p.CreateRoom(game, seats, options or {}))
    state, reader = keep_newest(client)
    while state["room"] is None:
        await asyncio.sleep(0.02)
    await client.send(p.StartGame())
    return client, state, reader


async def play_chosen(client, state: dict, table, brain, rng: random.Random, seat: int = 0) -> None:
    """``client`` (seat ``seat`` of ``table``, the newest table in ``state`` as
    ``keep_newest`` keeps it) plays ``brain``'s choice of the moves its seat sees, and
    waits until a newer table comes."""
    from host import protocol as p
    from tui.support.remote_session import RemoteSession

    shown = RemoteSession(table)
    command = brain.choose(shown.view(seat), shown.legal_commands(seat), rng)
    await client.send(p.Play(shown.game.notation(command, shown.names)))
    while state["table"] is table:
        await asyncio.sleep(0.01)
