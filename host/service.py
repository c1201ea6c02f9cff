"""The room service: every room of a host, served over a local (Unix) socket.

``docs/architecture.md``, "Sessions": the room is the only authority. Each SSH session's app
process connects here, says ``Hello(name)`` and then acts only as that name: it can sit
in a room, and play only for its own seat. Every accepted command is committed to the
SQLite journal before anyone is told; each connection then receives its own seat's
``SeatUpdate`` (a spectator's ``view(None)``), never the raw state.

Bad input never stops the service: a frame that is not a known message is refused with
one sentence, an oversized frame, a flood of frames or too many bad frames closes that
connection only. The socket file is made readable by its owner only (mode 0600), so the
name a connection gives is the one the host process gave it.

One service per data folder: it holds the folder's lock (``host.lock``) from before the
journal is opened until it closes, so a second service on the folder refuses to start
(``ServiceError``, one line naming the process that holds it). The folder is made 0700
and its files 0600. When the journal cannot write (a full or failing disk) a command
that would write is refused with ``CANNOT_RECORD``, nothing changes, the other rooms go
on, and the host's stderr gets one line when that begins and one when it ends.
"""

from __future__ import annotations

import asyncio
import math
import os
import secrets
import sqlite3
import stat
import sys
import time
import traceback
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from engine import IllegalCommand, SaveError, Seat
from engine.core import thinking
from engine.core.fairqueue import BOT, HINT, FairQueue, Superseded
from engine.core.chat import ChatRefused
from engine.core.journal import Journal, JournalError, JournalWriteError
from engine.core.ratelimit import TokenBucket
from engine.core.room import Room, RoomError, Rooms, RoomSummary
from engine.core.seat_label import a_bot
from engine.core.text import NAME

from . import protocol as p
from .lock import FolderInUse, FolderLock

#: Frames a connection may send per second on average, and in one burst.
RATE, BURST = 30.0, 90
#: Bad frames (not a known message) a connection may send before it is closed.
MAX_BAD_FRAMES = 20
#: Seconds a new connection has to say ``Hello``.
HELLO_TIMEOUT = 10.0
#: Bytes waiting to be written to a client before the service gives up on it.
MAX_BACKLOG = 16 * 1024 * 1024
#: Seconds between two bot moves in a room: a pace people can follow, and the event loop
#: (which every connection shares) is free between them.
BOT_PACE = 0.4
#: Seconds before bots try again when the journal could not record their move.
BOT_RETRY = 5.0
#: Seconds a finished room (or a waiting room a restart left) stays once nobody is in it
#: and nothing happens in it; then it leaves the lobby (a started one kept as a save).
FINISHED_AFTER = 5 * 60.0
#: Seconds a game in play stays with nobody in it and no move; then it is saved and closed.
ABANDONED_AFTER = 2 * 60 * 60.0
#: Seconds between two sweeps for such rooms (the first runs at start).
SWEEP_EVERY = 30.0
#: Lobby lines one lobby message carries at most: the newest listed rooms.
LOBBY_LIMIT = 200
#: Unfinished rooms (waiting or playing) one player may have opened.
MAX_ROOMS_PER_USER = 5
#: Rooms on one host (finished ones included, until they are swept).
MAX_ROOMS = 500
#: Rooms one player (a key, or a name without one) may open at once, then one every
#: ``CREATE_EVERY`` seconds: creating and leaving rooms in a loop made every lobby redraw.
#: A rematch's room counts for its creator: one-move games and rematches in a loop
#: filled the host.
CREATE_BURST, CREATE_EVERY = 5, 10.0
#: Rooms one player may go into (join or watch) in a row, then one every ``ENTER_EVERY``
#: seconds: each entry and leaving changes a lobby line and the room's screens. Leaving
#: is never refused (a player can always go), so going in is where churn is bounded.
ENTER_BURST, ENTER_EVERY = 10, 2.0
#: Seconds over which lobby changes are gathered into one ``LobbyChanged``: every lobby
#: client redraws once for them, however fast rooms come, go and change.
LOBBY_EVERY = 0.25
#: Hints one player (a key, or a name without one) may ask for in a row, then one every
#: ``HINT_EVERY`` seconds: each is a second of a worker's search on the host. A hint
#: asked again for the same position is the one found before, and costs nothing.
HINT_BURST, HINT_EVERY = 6, 5.0
#: Hints kept for a position asked again (the newest ones).
HINTS_KEPT = 64
#: Names one key may claim on a host, unless the authorized-keys file pins it to more.
MAX_NAMES_PER_KEY = 3
#: Rooms at which the host counts as near its cap: it then sweeps rooms nobody is in
#: after ``CROWDED_AFTER`` seconds, whether finished, waiting or in play, and finished
#: ones at once, the biggest holder's first, until it holds fewer (``sweep``).
CROWDED, CROWDED_AFTER = MAX_ROOMS * 4 // 5, 10 * 60.0

#: Seconds the sessions have, once the host is stopping and has told them
#: (``protocol.Stopping``), to show it and end on their own, giving their terminals back;
#: then the host goes on stopping without them (a second Ctrl+C: at once).
STOP_GRACE = 10.0

#: What a player is told when the journal cannot write.
CANNOT_RECORD = "The host cannot record moves right now (its disk is full or failing); nothing changed."


async def wait_or_hurry(work: asyncio.Future | None, timeout: float, hurry: asyncio.Event | None = None) -> None:
    """Wait for ``work`` (None: nothing) at most ``timeout`` seconds, and no longer once
    ``hurry`` is set; ``work`` is cancelled if it is not done by then."""
    if work is None:
        return
    waits = {work}
    if hurry is not None:
        waits.add(asyncio.ensure_future(hurry.wait()))
    await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for w in waits:
        w.cancel()
    await asyncio.gather(*waits, return_exceptions=True)


def new_seed() -> int:
    """A shared room's seed: 64 bits from the operating system's secure source, so no
    player can find it from the public outcomes (it is shown to nobody until the end)."""
    return secrets.randbits(64)


class Connection:
    """One client: its ``name``, the ``key`` it logged in with (a SHA256 fingerprint, or
    None), the ``room`` code it is in (or None, in the lobby) and whether it only
    ``watching``; a token bucket limits how fast it may send."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.name = ""
        self.key: str | None = None
        self.room: str | None = None
        self.watching = False
        self.chat_room: str | None = None  # the room whose recent talk it was sent
        self.frames = TokenBucket(RATE, BURST)
        self.bad_frames = 0
        self.closed = False
        self.ack = 0  # the ref of the last Play decided for this connection
        self.table_ply: int | None = None  # the ply of the last table sent (None: none yet in this room)
        self.lobby_seq = 0  # the service's lobby change number when this got the whole lobby
        self.hint_ref = 0  # the ref of the newest AskHint: only its answer is sent

    def allow(self) -> bool:
        """Take a token for one frame; False when the bucket is empty (a flood)."""
        return self.frames.take()

    def send(self, message) -> None:
        """Queue ``message``; a client that stopped reading is closed instead."""
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            self.close()
            return
        self.writer.write(p.frame(message))

    def close(self, reason: str | None = None) -> None:
        """Say ``Bye(reason)`` (when given) and close."""
        if self.closed:
            return
        if reason is not None and not self.writer.transport.is_closing():
            self.writer.write(p.frame(p.Bye(reason)))
        self.closed = True
        self.writer.close()


class ServiceError(Exception):
    """The service cannot start on its data folder (another service holds it, its
    journal is damaged, the folder cannot be made private); ``str(err)`` is one line."""


class RoomService:
    """The rooms of one host, journaled in ``data_dir/rooms.sqlite3``.

    ``await start(socket_path)`` listens; ``await close()`` stops, telling every
    connection first (``announce_stop``; ``await stop()`` also waits for the sessions
    to end before it closes). Rooms come back from the journal when the service is
    built (a restart after a crash loses nothing that was acknowledged); a room that
    cannot be restored is left out with one line on stderr. Raises ``ServiceError`` (one line) when another service holds ``data_dir``
    or the journal cannot be opened; the journal file is then left as it was. Rooms
    nobody uses any more are swept (``sweep``) into save files in ``data_dir/saves``.
    The lobby lists the newest ``LOBBY_LIMIT`` rooms that are not private; a lobby
    client gets them whole once, then only what changed.
    """

    def __init__(self, data_dir: str | Path, bot_pace: float | None = BOT_PACE) -> None:
        """``bot_pace``: seconds between two bot moves (None: bots answer at once, inside
        the move that woke them — for tests that read one push per move)."""
        self.bot_pace = bot_pace
        self.token = secrets.token_urlsafe(32)  # Hello.token: given only to the host's own session processes
        self._bot_tasks: dict[str, asyncio.Task] = {}
        self._thinking: dict[str, int] = {}  # room code → the seat of its bot thinking in a worker now
        self._no_workers = False  # said once: bots think in this process
        self.queue = FairQueue()  # the worker pool's time, shared fairly by rooms and people
        self.data_dir = Path(data_dir)
        self.lock: FolderLock | None = None
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
            if self.data_dir.stat().st_mode & stat.S_ISVTX:
                raise ServiceError(f"the data folder {self.data_dir} is shared by every user (sticky, as /tmp is); give one of its own with --data")
            self.lock = FolderLock.take(self.data_dir)  # before the journal or the socket is touched
            if stat.S_IMODE(self.data_dir.stat().st_mode) != 0o700:
                os.chmod(self.data_dir, 0o700)
            self.journal = Journal(self.data_dir / "rooms.sqlite3")
            try:
                self.rooms = Rooms(self.journal)
            except BaseException:
                self.journal.close()
                raise
        except BaseException as err:
            if self.lock is not None:
                self.lock.release()
            if isinstance(err, (FolderInUse, JournalError)):
                raise ServiceError(str(err)) from None
            if isinstance(err, OSError):
                raise ServiceError(f"cannot use the data folder {self.data_dir}: {err.strerror or err}") from None
            raise
        self._journal_down = False  # the journal failed a write and has not recorded since
        self.stopping = False  # announce_stop: connections told, rooms kept as they are
        self.connections: set[Connection] = set()
        self.server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        self._listed: dict[str, RoomSummary] = {}  # the lobby's lines, as lobby clients have them
        self._more = 0  # listed rooms older than those
        # Lobby changes not yet told to lobby clients, each with its running number.
        self._lobby_seq = 0
        self._lobby_lines: dict[str, tuple[int, RoomSummary]] = {}
        self._lobby_gone: dict[str, int] = {}
        self._more_seq = 0  # the lobby change number at which ``_more`` last changed
        self._lobby_flush: asyncio.TimerHandle | None = None
        self._rates: dict[tuple[str, str], TokenBucket] = {}  # ("create", "enter" or "hint", player): ``_check_rate``
        self._sweeper: asyncio.Task | None = None
        # Hints: the answers found (by their question, ``Room.hint_question``'s arguments), the
        # searches under way (one per question, shared by whoever asks it meanwhile).
        self._hints_found: dict[tuple, list] = {}
        self._hint_searches: dict[tuple, asyncio.Future] = {}
        for room in self.rooms.rooms.values():
            self._adopt(room)

    async def start(self, socket_path: str | Path) -> None:
        """Listen on the Unix socket ``socket_path`` (replacing a stale one)."""
        path = Path(socket_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            path.unlink()
        old = os.umask(0o177)
        try:
            self.server = await asyncio.start_unix_server(self._serve, path=str(path), limit=p.MAX_CLIENT_FRAME + 8)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        for room in self.rooms.rooms.values():
            self._wake_bots(room)
        self._relist()
        self._sweeper = asyncio.create_task(self._sweep_forever())

    def announce_stop(self) -> dict[str, p.Stopping]:
        """The host is stopping: stop the bots and the hint searches, tell every
        connection that said hello (``protocol.Stopping``: the room it is in, which the
        journal keeps), and from now on refuse new connections and drop what the told
        ones send. A connection that closes from now on leaves its room as it is (a
        waiting room keeps its seated players, ready for the restart). Returns what
        each name (lower case) was told: their sessions are ending."""
        self.stopping = True
        self._stop_thinking()
        told: dict[str, p.Stopping] = {}
        for conn in list(self.connections):
            if conn.name and not conn.closed:
                told[conn.name.lower()] = message = p.Stopping(conn.room, conn.watching)
                conn.send(message)
        return told

    async def stop(self, grace: float = STOP_GRACE, hurry: asyncio.Event | None = None) -> None:
        """Stop with every player told (``boxtop host --no-ssh``, whose sessions are
        ``boxtop join`` under the operator's own sshd): ``announce_stop``, then up to
        ``grace`` seconds (until ``hurry`` is set: a second Ctrl+C) for every connection
        to close as its session ends, then ``close``."""
        self.announce_stop()
        if self._tasks:
            await wait_or_hurry(asyncio.ensure_future(asyncio.wait(list(self._tasks))), grace, hurry)
        await self.close()

    def _stop_thinking(self) -> None:
        for task in list(self._bot_tasks.values()):
            task.cancel()
        for search in list(self._hint_searches.values()):
            search.cancel()

    async def close(self) -> None:
        """Stop listening, close every connection (told first, ``announce_stop``, unless
        it was already) and the journal."""
        if self.server is not None:
            self.server.close()
        if not self.stopping:
            self.announce_stop()
        if self._lobby_flush is not None:
            self._lobby_flush.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        for conn in list(self.connections):
            conn.close(None if conn.name else "The host is stopping; connect again once it is back.")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        if self.server is not None:
            await self.server.wait_closed()
        self.journal.close()
        if self.lock is not None:
            self.lock.release()

    # ------------------------------------------------------------------ one connection
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(writer)
        self.connections.add(conn)
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            if await self._greet(conn, reader):
                while not conn.closed:
                    body = await p.read_frame(reader, p.MAX_CLIENT_FRAME)
                    if body is None:
                        break
                    if not conn.allow():
                        conn.close("Too many messages: the connection is closed.")
                        break
                    self._handle_frame(conn, body)
                    await writer.drain()
        except p.ProtocolError as err:
            conn.close(f"Closed: {err}.")
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.TimeoutError):
            pass
        finally:
            self._tasks.discard(task)
            self.connections.discard(conn)
            try:
                if not self.stopping:  # else the room stays as the journal has it, for the restart
                    self._leave_room(conn)
            except JournalWriteError as err:  # the connection is gone all the same
                self._journal_failed(err)
            conn.close()

    async def _greet(self, conn: Connection, reader: asyncio.StreamReader) -> bool:
        body = await asyncio.wait_for(p.read_frame(reader, p.MAX_CLIENT_FRAME), HELLO_TIMEOUT)
        if body is None:
            return False
        if self.stopping:
            conn.close("The host is stopping; connect again once it is back.")
            return False
        try:
            hello = p.decode_client(body)
        except p.ProtocolError as err:
            conn.close(f"Closed: {err}.")
            return False
        if not isinstance(hello, p.Hello):
            conn.close("Closed: the first message must be hello.")
            return False
        if not NAME.fullmatch(hello.name):  # fullmatch: "$" would let a trailing newline in
            conn.close("Closed: a name is 1–24 letters, digits, '.', '_' or '-'.")
            return False
        if hello.token is not None and not secrets.compare_digest(hello.token, self.token):
            conn.close("Closed: this session was not started by this host.")
            return False
        if hello.key is not None and hello.token is None:  # a key proves a name only when boxtop host vouches for it
            conn.close("Closed: a key is taken only from a session this host started.")
            return False
        refusal = self.claim_name(hello.name, hello.key, takeover=hello.takeover)
        if refusal is not None:
            conn.close(refusal)
            return False
        old = self._connection_of(hello.name)
        if old is not None:  # the same key again (or join --name): this connection takes the name's seat over
            old.close("You connected again elsewhere; this session is closed.")
            self._leave_room(old)
        conn.name, conn.key = hello.name, hello.key
        conn.send(p.Welcome(conn.name))
        self._send_lobby(conn)
        self._back_to_seat(conn)
        return True

    def _back_to_seat(self, conn: Connection) -> None:
        """A player connecting (or connecting again) whose seat is in a game in play goes
        straight back to it, a seat a bot held for them included: where it is their turn
        first, else the newest such room. Nothing when they have none; when the seat
        cannot be had now (the journal cannot write), they stay in the lobby."""
        mine = []
        for order, room in enumerate(self.rooms.rooms.values()):
            seat = room.seat_of(conn.name) if room.state() == "playing" else None
            if seat is not None:
                mine.append((seat in room.session.to_act_seats(), order, room))
        if not mine:
            return
        room = max(mine, key=lambda t: t[:2])[2]
        try:
            self._sit(conn, room, None)
        except RoomError:
            pass
        except JournalWriteError as err:
            self._journal_failed(err)

    def _connection_of(self, name: str) -> Connection | None:
        """The open connection that said hello as ``name`` (any case), or None."""
        name = name.lower()
        return next((c for c in self.connections if c.name.lower() == name and not c.closed), None)

    def claim_name(self, name: str, key: str | None, *, pinned: bool = False, takeover: bool = False) -> str | None:
        """Whether ``name`` may connect now with ``key`` (an SSH key's SHA256 fingerprint;
        None without a key): None when it may, else the one-sentence reason.

        A name belongs to the first key that uses it (recorded in the journal; names
        compare without case): another key, or none, is refused. ``pinned``: the host's
        authorized-keys file gives the name to ``key``, whoever had it. A name connected
        already is refused too, unless ``key`` is the same key (that connection is then
        taken over at its hello), or ``takeover`` (``boxtop join --name``). A keyless name is never recorded: it is free again
        once its connection ends. Raises ``sqlite3.Error`` when the journal fails."""
        owner = self.journal.name_owner(name)
        if owner is not None and owner != key and not pinned:
            if key is None:
                return f"The name {name} belongs to a player with a key: connect with that key, or choose another name."
            return f"The name {name} belongs to another player's key: choose another name."
        live = self._connection_of(name)
        if live is not None and (key is None or live.key != key) and not takeover:
            return f"{live.name} is connected already: choose another name, or close that session first."
        if key is not None and owner != key:
            if not pinned and len(held := self.journal.names_of(key)) >= MAX_NAMES_PER_KEY:
                return (f"Your key has {MAX_NAMES_PER_KEY} names here already ({', '.join(held)}), the most one key "
                        "may have: use one of them.")
            self.journal.claim_name(name, key, force=pinned)
        return None

    def _handle_frame(self, conn: Connection, body: bytes) -> None:
        if self.stopping:  # the connection was told: nothing changes any more
            return
        try:
            message = p.decode_client(body)
        except p.ProtocolError as err:
            conn.bad_frames += 1
            if conn.bad_frames > MAX_BAD_FRAMES:
                conn.close("Closed: too many messages the service does not know.")
            else:
                conn.send(p.Refused(f"Refused: {err}."))
            return
        try:
            self._dispatch(conn, message)
        except (RoomError, IllegalCommand) as err:
            conn.send(p.Refused(str(err), conn.ack))
        except JournalWriteError as err:  # a full or failing disk: nothing was recorded
            self._journal_failed(err)
            conn.send(p.Refused(CANNOT_RECORD, conn.ack))
        except JournalError as err:  # a room the journal holds as started already
            conn.send(p.Refused(str(err), conn.ack))
        except Exception:  # a bug must not stop the other rooms: log it, tell this client
            traceback.print_exc(file=sys.stderr)
            conn.send(p.Refused("The host could not do that; the error was logged.", conn.ack))
        else:
            if self._journal_down and not self.journal.failing:
                self._journal_down = False
                print("boxtop: the journal records again; moves are accepted", file=sys.stderr, flush=True)

    def _journal_failed(self, err: JournalWriteError) -> None:
        """One line on stderr when the journal stops recording, not one per refusal."""
        if not self._journal_down:
            self._journal_down = True
            print(f"boxtop: {err}; moves are refused until it records again", file=sys.stderr, flush=True)

    # ------------------------------------------------------------------ messages
    def _dispatch(self, conn: Connection, m) -> None:
        if self._chat_message(conn, m):
            return
        if isinstance(m, p.Hello):
            raise RoomError("You have said hello already.")
        if isinstance(m, p.ListRooms):
            self._send_lobby(conn)
        elif isinstance(m, p.CreateRoom):
            self._need_lobby(conn)
            seats = [Seat("", s.bot) for s in m.seats]
            if not any(s.bot is None for s in seats):
                raise RoomError("Leave at least one seat for a person.")
            self._check_room_limits(conn)
            self._check_rate(conn, "create")
            room = self.rooms.create(
                game=m.game, creator=conn.name, seats=seats, options=dict(m.options), seed=new_seed(), undo=m.undo,
                private=m.private,
                bell=m.bell, hints=m.hints,
            )
            self._adopt(room)
            try:
                self._sit(conn, room, None)
            finally:
                self._relist()  # a new lobby line, with its creator seated
        elif isinstance(m, p.JoinRoom):
            room = self.rooms.get(m.code)
            if conn.room == room.code and not conn.watching:
                return  # seated here already (back in the seat at hello, which sent the room)
            if conn.room == room.code and conn.watching and room.seat_of(conn.name) is not None:
                self._leave_room(conn)  # watching the game one has a seat in: sit in it
                try:
                    self._sit(conn, room, None)
                except BaseException:
                    self._send_lobby(conn)  # out of the room all the same: the lobby shows it
                    raise
                return
            self._need_lobby(conn)
            self._check_rate(conn, "enter")
            self._sit(conn, room, m.seat)
        elif isinstance(m, p.WatchRoom):
            self._need_lobby(conn)
            room = self.rooms.get(m.code)
            self._check_rate(conn, "enter")
            conn.room, conn.watching, conn.table_ply = room.code, True, None
            room.watch(conn.name)  # its change pushes the room to this connection
        elif isinstance(m, p.LeaveRoom):
            self._leave_room(conn)
            self._send_lobby(conn)
        elif isinstance(m, p.SetBot):
            room = self._room_of(conn)
            room.set_bot(conn.name, m.seat, m.kind)
            if room.session is not None and m.kind is not None and room.holder(m.seat) is not None:
                name = room.record.seats[m.seat].name
                self._tell_room(room, f"{conn.name} gave {name}'s seat to {a_bot(m.kind)} until {name} is back.")
        elif isinstance(m, p.StartGame):
            self._room_of(conn).start(conn.name)
        elif isinstance(m, p.Play):
            conn.ack = m.ref  # every table pushed from here on says it was decided
            if conn.watching:
                raise IllegalCommand("You are watching this game, not playing in it.")
            self._room_of(conn).play(conn.name, m.text)
        elif isinstance(m, p.Rematch):
            self._answer_rematch(conn, m.yes)
        elif isinstance(m, p.AskHint):
            self._ask_hint(conn, m.ref)

    def _check_room_limits(self, conn: Connection, rematch: bool = False) -> None:
        """Raise ``RoomError`` when the host has ``MAX_ROOMS`` rooms or the connection's
        player has opened ``MAX_ROOMS_PER_USER`` that are not over: under any of the
        names of its key (names compared without case), or its name without a key.
        ``rematch``: the room is a rematch's, and the sentence is for everyone at the
        result (it names the player)."""
        if len(self.rooms.rooms) >= MAX_ROOMS:
            raise RoomError(f"This host has {MAX_ROOMS} rooms, as many as it keeps; try again once some have finished.")
        names = {conn.name.lower()}
        if conn.key is not None:
            names.update(self.journal.names_of(conn.key))
        if self.rooms.unfinished_by(names) >= MAX_ROOMS_PER_USER:
            if rematch:
                raise RoomError(
                    f"No rematch yet: {conn.name} has {MAX_ROOMS_PER_USER} unfinished rooms here, the most one "
                    "player may open; one of them must finish first."
                )
            raise RoomError(
                f"You have {MAX_ROOMS_PER_USER} unfinished rooms here, the most one player may open; finish one first."
            )

    def _check_rate(self, conn: Connection, kind: str) -> None:
        """Raise ``RoomError`` when the connection's player (its key, or its name without
        one) has done ``kind`` too often just now: "create" a room (``CREATE_BURST``, then
        one each ``CREATE_EVERY`` seconds), "enter" one (``ENTER_BURST``, ``ENTER_EVERY``)
        or ask for a "hint" (``HINT_BURST``, ``HINT_EVERY``)."""
        if self._rate_wait(conn, kind):
            what, every = {
                "create": ("opening rooms", CREATE_EVERY),
                "enter": ("going in and out of rooms", ENTER_EVERY),
                "hint": ("asking for hints", HINT_EVERY),
            }[kind]
            raise RoomError(f"You are {what} too fast; wait {every:.0f} seconds.")

    def _rate_wait(self, conn: Connection, kind: str) -> int:
        """Spend one of the connection's player's ``kind`` tokens (``_check_rate``): 0 when
        there was one, else the whole seconds until there is one (nothing spent)."""
        burst, every = {
            "create": (CREATE_BURST, CREATE_EVERY),
            "enter": (ENTER_BURST, ENTER_EVERY),
            "hint": (HINT_BURST, HINT_EVERY),
        }[kind]
        who = (kind, conn.key or f"name {conn.name.lower()}")
        bucket = self._rates.get(who)
        if bucket is None:
            if len(self._rates) > 4096:  # forget the full buckets: a new one is the same
                now = time.monotonic()
                self._rates = {k: b for k, b in self._rates.items() if b.tokens + (now - b.stamp) * b.rate < b.burst}
            bucket = self._rates[who] = TokenBucket(1 / every, burst)
        if bucket.take():
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / bucket.rate))

    def _need_lobby(self, conn: Connection) -> None:
        if conn.room is not None:
            raise RoomError("Leave this room first.")

    def _room_of(self, conn: Connection) -> Room:
        if conn.room is None:
            raise RoomError("You are not in a room.")
        return self.rooms.get(conn.room)

    def _sit(self, conn: Connection, room: Room, seat: int | None) -> None:
        """Sit ``conn`` in ``room`` (its change pushes the room to ``conn``); a seat a bot
        held for its player is theirs again, and everyone in the room is told."""
        mine = room.seat_of(conn.name)
        back = mine is not None and room.holder(mine) is not None
        conn.room, conn.watching, conn.table_ply = room.code, False, None
        try:
            room.join(conn.name, seat)
        except (RoomError, JournalWriteError):
            conn.room = None
            raise
        if back:
            self._tell_room(room, f"{conn.name} is back in their seat.")

    def _tell_room(self, room: Room, text: str) -> None:
        """One line (``Notice``) for every connection in ``room``, seated or watching."""
        for other in self._in_room(room):
            other.send(p.Notice(text))

    def _leave_room(self, conn: Connection) -> None:
        if conn.room is None:
            return
        code, watching = conn.room, conn.watching
        conn.room, conn.watching, conn.chat_room = None, False, None
        room = self.rooms.rooms.get(code)
        if room is not None and conn.name:
            room.leave(conn.name, spectator=watching)
            self._rematch_after_leave(room)
            if self.rooms.forget_if_abandoned(code):
                self._relist()

    # ------------------------------------------------------------------ a rematch
    def _answer_rematch(self, conn: Connection, yes: bool) -> None:
        """``conn``'s answer at its room's result; the rematch begins once it is decided."""
        if conn.watching:
            raise RoomError("You are watching this game, not playing in it.")
        room = self._room_of(conn)
        room.answer_again(conn.name, yes)
        try:
            self._rematch_if_decided(room)
        except RoomError as err:  # its sender is refused; the others at the result are told
            self._tell_result(room, str(err), but=conn)
            raise

    def _rematch_after_leave(self, room: Room) -> None:
        """A player left ``room``: that counts as no, which may decide its rematch. A
        rematch that cannot begin (the host is full, its creator opens rooms too fast, the
        journal fails) is one line on stderr, and the sentence for the players still at
        the result; the leaving goes on."""
        try:
            self._rematch_if_decided(room)
        except (RoomError, JournalWriteError, sqlite3.Error) as err:
            if isinstance(err, RoomError):
                self._tell_result(room, str(err))
            print(f"boxtop: room {room.code}: the rematch could not begin ({err})", file=sys.stderr)

    def _tell_result(self, room: Room, text: str, but: Connection | None = None) -> None:
        """One line (``Notice``) for every player seated at ``room``'s result, ``but`` one."""
        for other in self._in_room(room):
            if other is not but and not other.watching:
                other.send(p.Notice(text))

    def _rematch_if_decided(self, room: Room) -> None:
        """Once every person of finished ``room`` has answered (``Room.again_decided``),
        open the next game in a new room, the finished one kept as it is (its save and
        lobby line; swept later as any finished room): same game, options, undo policy,
        privacy, bell and hints, a new secret seed, the seats moved on by one place
        (``Room.again_seats``). When everyone said yes it starts at once; else it waits
        with the open seats of those who said no, created by the old creator if they
        said yes (else the first who did). The people who said yes are moved into it.
        The new room is one that creator opens, as any other: raises ``RoomError`` (one
        sentence; nothing changes, the answers stay, so a yes again tries again) when
        the host has ``MAX_ROOMS`` rooms, that creator as many unfinished rooms as one
        may open (``_check_room_limits``), or when they have opened rooms too fast
        (``_rate_wait``, "create")."""
        yes = room.again_decided()
        if yes is None:
            return
        record = room.record
        seats = room.again_seats(yes)
        creator = record.creator if record.creator in yes else yes[0]
        maker = self._connection_of(creator)
        if maker is not None:  # the caps of a new room hold for its creator (connected: they said yes)
            self._check_room_limits(maker, rematch=True)
            wait = self._rate_wait(maker, "create")
            if wait:
                raise RoomError(
                    f"No rematch yet: {creator} opened rooms too fast; wait {wait} "
                    f"second{'' if wait == 1 else 's'}, then press r again."
                )
        new = self.rooms.create(
            game=record.game, creator=creator, seats=seats, options=dict(record.options), seed=new_seed(),
            undo=record.undo, private=record.private, bell=record.bell, hints=record.hints,
        )
        if record.spectator_talk:  # the creator's choice holds for the next game too
            new.set_spectator_talk(creator, True)
        room.again_room = new.code
        self._adopt(new)
        if all(s.bot is not None or s.name for s in new.record.seats):
            new.start(creator)
        for conn in self._in_room(room):
            if not conn.watching and conn.name in yes:
                conn.room, conn.table_ply = new.code, None
                room.leave(conn.name)
                new.join(conn.name)
        self._relist()

    # ------------------------------------------------------------------ the lobby
    def _send_lobby(self, conn: Connection) -> None:
        """Send ``conn`` the whole lobby; lobby changes queued before it are not sent
        to it again (``_flush_lobby``)."""
        conn.lobby_seq = self._lobby_seq
        conn.send(self._lobby())

    def _lobby(self) -> p.Lobby:
        """The whole lobby for one connection entering it: the listed lines, oldest first."""
        rooms = self.rooms.rooms
        return p.Lobby([rooms[code].summary() for code in self._listed if code in rooms], self._more)

    def _tell_lobby(self, lines: list[RoomSummary], gone: list[str], more_changed: bool = False) -> None:
        """Queue lobby changes (``lines`` new or changed, ``gone`` codes); every lobby
        client is told all that gathered within ``LOBBY_EVERY`` seconds in one
        ``LobbyChanged``. A client entering the lobby meanwhile gets the whole lobby,
        which has them already: applying them again changes nothing."""
        self._lobby_seq += 1
        if more_changed:
            self._more_seq = self._lobby_seq
        for line in lines:
            self._lobby_gone.pop(line.code, None)
            self._lobby_lines[line.code] = (self._lobby_seq, line)
        for code in gone:
            self._lobby_lines.pop(code, None)
            self._lobby_gone[code] = self._lobby_seq
        if self._lobby_flush is None:
            self._lobby_flush = asyncio.get_running_loop().call_later(LOBBY_EVERY, self._flush_lobby)

    def _flush_lobby(self) -> None:
        """Tell each lobby client the changes queued since its whole lobby was sent."""
        self._lobby_flush = None
        lines, gone = self._lobby_lines, self._lobby_gone
        self._lobby_lines, self._lobby_gone = {}, {}
        messages: dict[int, p.LobbyChanged | None] = {}  # by the client's lobby_seq
        for conn in list(self.connections):
            if not conn.name or conn.closed or conn.room is not None:
                continue
            since = conn.lobby_seq
            if since not in messages:
                new = [line for seq, line in lines.values() if seq > since]
                left = sorted(code for code, seq in gone.items() if seq > since)
                told = new or left or self._more_seq > since  # "N more" alone changed too
                messages[since] = p.LobbyChanged(new, left, self._more) if told else None
            if messages[since] is not None:
                conn.send(messages[since])

    def _relist(self) -> None:
        """After a room came or went: list the newest ``LOBBY_LIMIT`` rooms that are not
        private and tell every lobby client the lines that came and went (``_tell_lobby``)."""
        public = [room for room in self.rooms.rooms.values() if not room.record.private]
        shown = public[-LOBBY_LIMIT:]
        listed, new = {}, []
        for room in shown:
            line = self._listed.get(room.code)
            if line is None:
                line = room.summary()
                new.append(line)
            listed[room.code] = line
        gone = [code for code in self._listed if code not in listed]
        more = len(public) - len(shown)
        more_changed = more != self._more
        self._listed, self._more = listed, more
        if new or gone or more_changed:
            self._tell_lobby(new, gone, more_changed)

    def _lobby_change(self, room: Room) -> None:
        """Queue the lobby update for a change in ``room``: its new line, unless it is
        not listed or its line is the same (a move changes it when the turn passes: the
        line names who is to act). ``_tell_lobby`` gathers such changes."""
        old = self._listed.get(room.code)
        if old is None:
            return
        line = room.summary()
        if line != old:
            self._listed[room.code] = line
            self._tell_lobby([line], [])

    # ------------------------------------------------------------------ the sweep
    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:  # a bug must not end the sweeps: log it
                traceback.print_exc(file=sys.stderr)
            await asyncio.sleep(SWEEP_EVERY)

    def save_path(self, room: Room) -> Path:
        """Where room ``room`` is saved when it is swept:
        ``data_dir/saves/<game>-<start date and time>-<code>.json``."""
        start = room.session.entries[0].at if room.session is not None and room.session.entries else ""
        stamp = "".join(c for c in start[:19] if c.isdigit() or c == "T") or "unstarted"
        return self.data_dir / "saves" / f"{room.game.slug}-{stamp}-{room.code}.json"

    def _write_save(self, room: Room, path: Path) -> None:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        os.chmod(path.parent, 0o700)
        room.session.save(str(path))  # a new file is 0600 (written through mkstemp)

    async def sweep(self) -> list[str]:
        """Close every room nobody is in that has been still for ``FINISHED_AFTER``
        seconds (over, or waiting) or ``ABANDONED_AFTER`` (in play), or ``CROWDED_AFTER``
        either way while the host holds ``CROWDED`` rooms or more: a started one is
        first written as a save file (``save_path``; ``boxtop replay`` and ``boxtop
        verify`` read it; folder 0700, file 0600), then it leaves the journal and the
        lobby. While the host holds ``CROWDED`` rooms or more, finished rooms nobody is
        in go first and at once, those of the player holding the most finished rooms
        first (``_finished_first``), until it holds fewer. One room at a time, the file
        written in a worker thread, so the loop is never held for long. A room that
        cannot be saved (a full disk) stays for the next sweep, with one line on stderr.
        Returns the codes of the rooms closed."""
        closed = []
        crowded = len(self.rooms.rooms) >= CROWDED
        finished_after = min(FINISHED_AFTER, CROWDED_AFTER) if crowded else FINISHED_AFTER
        abandoned_after = CROWDED_AFTER if crowded else ABANDONED_AFTER
        stale = self.rooms.stale(time.time(), finished_after, abandoned_after)
        at_once = self._finished_first() if crowded else []
        due, first = {room.code for room in stale}, {room.code for room in at_once}
        for room in at_once + [room for room in stale if room.code not in first]:
            if room.code not in due and len(self.rooms.rooms) < CROWDED:
                continue  # no longer crowded: the others' finished rooms keep their while
            still = room.changed_at
            if room.session is not None:
                try:
                    await asyncio.to_thread(self._write_save, room, self.save_path(room))
                except (SaveError, OSError) as err:
                    print(f"boxtop: room {room.code} is kept, its save failed: {err}", file=sys.stderr)
                    continue
            if self.rooms.rooms.get(room.code) is not room or room.connected or room.spectators or room.changed_at != still:
                continue  # someone came back while it was being saved
            try:
                self.rooms.forget(room.code)
            except sqlite3.Error as err:
                print(f"boxtop: room {room.code} is kept, the journal refused: {err}", file=sys.stderr)
                continue
            closed.append(room.code)
            self._relist()
            await asyncio.sleep(0)
        return closed

    def _finished_first(self) -> list[Room]:
        """The finished rooms nobody is in, those of the player (a key, or a name without
        one) whose creator holds the most finished rooms first, then in creation order:
        a player ending one-move games and saying yes to a rematch in a loop leaves such
        rooms behind faster than anyone else."""
        finished = [r for r in self.rooms.stale(time.time(), 0.0, math.inf) if r.state() == "over"]
        owners: dict[str, str] = {}
        for room in finished:
            name = room.record.creator.lower()
            if name not in owners:
                owners[name] = self.journal.name_owner(name) or f"name {name}"
        held: dict[str, int] = {}
        for room in finished:
            who = owners[room.record.creator.lower()]
            held[who] = held.get(who, 0) + 1
        return sorted(finished, key=lambda r: -held[owners[r.record.creator.lower()]])  # stable: creation order

    # ------------------------------------------------------------------ pushing
    def _push_room(self, conn: Connection, room: Room) -> None:
        """Send ``conn`` the room as it may see it: the waiting room, or its table with
        the log from where its last table left off (a full picture the first time)."""
        since = None if conn.table_ply is None else min(conn.table_ply, room.changed_from)
        table = room.table_for(None if conn.watching else conn.name, since)
        if table is None:
            seat = None if conn.watching else room.seat_of(conn.name)
            conn.send(p.InRoom(room.summary(), seat))
        else:
            conn.table_ply = table.ply
            conn.send(p.TableUpdate(table, conn.ack))
            if since is None and room.code in self._thinking:  # its first table here: a bot thinks already
                conn.send(p.BotThinking(room.code, self._thinking[room.code]))
        self._chat_catch_up(conn, room)

    # ------------------------------------------------------------------ table talk
    def _chat_message(self, conn: Connection, m) -> bool:
        """Handle ``m`` when it is a chat message (``Say``, ``Mute``, ``SpectatorTalk``);
        whether it was one. A line said goes, journaled, to every connection in the
        room that may read it (``RoomChat.visible``); a refusal is ``ChatRefused``."""
        if not isinstance(m, (p.Say, p.Mute, p.SpectatorTalk)):
            return False
        room = self.rooms.rooms.get(conn.room) if conn.room is not None else None
        if room is None:
            if not isinstance(m, p.SpectatorTalk):  # after a refused CreateRoom: nothing to say
                conn.send(p.ChatRefused("You are not in a room."))
            return True
        try:
            if isinstance(m, p.Say):
                line = room.say(conn.name, m.text, conn.watching)
                for other in self._in_room(room):
                    if room.chat.visible(line, other.name, other.watching):
                        other.send(self._chat_lines(other, room, [line]))
            elif isinstance(m, p.Mute):
                if not NAME.fullmatch(m.name):
                    raise ChatRefused(f"There is no one called {m.name!r} to mute.")
                room.chat.mute(conn.name, m.name, m.muted)
                conn.send(self._chat_lines(conn, room, room.chat.recent(conn.name, conn.watching), fresh=True))
            else:
                room.set_spectator_talk(conn.name, m.allowed)
                for other in self._in_room(room):
                    other.send(self._chat_lines(other, room, []))
        except ChatRefused as err:
            conn.send(p.ChatRefused(str(err)))
        except JournalWriteError as err:
            self._journal_failed(err)
            conn.send(p.ChatRefused("The host cannot record right now (its disk is full or failing); nothing was said."))
        return True

    def _in_room(self, room: Room) -> list[Connection]:
        """The open connections in ``room`` (seated or watching)."""
        return [c for c in self.connections if c.room == room.code and c.name and not c.closed]

    def _chat_lines(self, conn: Connection, room: Room, lines: list, fresh: bool = False) -> p.ChatLines:
        """``lines`` of ``room`` for ``conn``, with the room's spectator-talk choice and
        whom ``conn`` muted."""
        return p.ChatLines(room.code, lines, fresh, room.record.spectator_talk, room.chat.muted_by(conn.name))

    def _chat_catch_up(self, conn: Connection, room: Room) -> None:
        """The room's recent talk that ``conn`` may read, once, when it has entered the
        room; nothing when there is nothing to tell (no line, no choice away from the
        defaults): a client starts each room with no talk."""
        if conn.chat_room != room.code:
            conn.chat_room = room.code
            message = self._chat_lines(conn, room, room.chat.recent(conn.name, conn.watching), fresh=True)
            if message.lines or message.spectator_talk or message.muted:
                conn.send(message)

    # ------------------------------------------------------------------ hints
    def _ask_hint(self, conn: Connection, ref: int) -> None:
        """``conn`` asks for a hint (``AskHint`` number ``ref``): its room gives the question
        (``Room.hint_question``: that seat's own view and legal commands) and records that
        the seat asked (``Room.note_hint``); a worker process answers it (``_look_for_hint``); ``conn``
        gets ``Hint`` with the moves, or with the refusal's sentence. A hint found for
        the same question before is answered at once, without a search or a token of
        the player's rate (``HINT_BURST``). Only the answer to ``conn``'s newest
        ``AskHint`` is sent."""
        conn.hint_ref = ref
        try:
            if conn.watching:
                raise RoomError("You are watching this game: no one plays at this keyboard.")
            room = self._room_of(conn)
            question = room.hint_question(conn.name)
            if question not in self._hints_found:
                self._check_rate(conn, "hint")
            room.note_hint(conn.name)
        except RoomError as err:
            conn.send(p.Hint(ref, refused=str(err)))
            return
        except JournalWriteError as err:
            self._journal_failed(err)
            conn.send(p.Hint(ref, refused=CANNOT_RECORD))
            return
        if question in self._hints_found:
            conn.send(p.Hint(ref, self._hints_found[question]))
            return
        self._look_for_hint(conn, ref, question)

    def _look_for_hint(self, conn: Connection, ref: int, question: tuple) -> None:
        """Answer ``conn``'s ``AskHint`` ``ref`` with the hint for ``question`` (the
        arguments of ``engine.core.analysis.hint_task``) once it is found, searched in the
        bounded pool of worker processes (``_search_hint``), once for everyone asking it
        meanwhile."""
        search = self._hint_searches.get(question)
        if search is None:
            search = self._hint_searches[question] = asyncio.ensure_future(self._search_hint(question, conn.name))
            search.add_done_callback(lambda f: (self._hint_searches.pop(question, None), f.cancelled() or f.exception()))
        search.add_done_callback(lambda f: self._answer_hint(conn, ref, f))

    def _answer_hint(self, conn: Connection, ref: int, search: asyncio.Future) -> None:
        """Send ``conn`` the hint ``search`` found, when ``ref`` is still its newest
        question; a search that failed is a bug: logged (the other rooms go on) and the
        player told in one line. A search replaced by the person's newer question
        (``Superseded``) answers nothing."""
        if search.cancelled():
            return
        err = search.exception()
        if isinstance(err, Superseded):
            return
        if err is not None:
            traceback.print_exception(err, file=sys.stderr)
            if conn.hint_ref == ref:
                conn.send(p.Hint(ref, refused="The host could not find a hint; the error was logged."))
        elif conn.hint_ref == ref:
            conn.send(p.Hint(ref, search.result()))

    async def _search_hint(self, question: tuple, person: str) -> list:
        """The hint for ``question``, asked by ``person``, kept for the next time it is
        asked (the newest ``HINTS_KEPT``). It waits for its turn in the worker queue
        (``self.queue``: after bot moves, one waiting hint per person) and searches for
        the share of its time budget the busy host gives it. Raises what
        ``engine.core.analysis.hint_task`` raises, ``Superseded`` when the person asked
        again before its turn came."""
        from engine.core import analysis

        def make(share: float) -> tuple:
            seconds = question[-1]
            return analysis.hint_task, (*question[:-1], None if seconds is None else seconds * share)

        moves = None
        if not self._no_workers:
            try:
                moves = await self.queue.run(HINT, person, make)
            except (OSError, BrokenProcessPool) as err:
                self._no_workers = True
                print(f"boxtop: hints cannot be found in worker processes here ({err}); they are found in the host's own",
                      file=sys.stderr)
        if moves is None:
            moves = await asyncio.to_thread(analysis.hint_task, *question)
        if len(self._hints_found) >= HINTS_KEPT:
            del self._hints_found[next(iter(self._hints_found))]
        self._hints_found[question] = moves
        return moves

    # ------------------------------------------------------------------ bots
    def _adopt(self, room: Room) -> None:
        """Serve ``room``: its changes are pushed, and its bots move at ``bot_pace``."""
        room.inline_bots = self.bot_pace is None
        room.subscribe(self._room_changed)
        if room.bot_to_move():
            if self.bot_pace is None:
                room.run_bots()
            else:
                self._wake_bots(room)

    def _wake_bots(self, room: Room) -> None:
        """Start ``room``'s bot mover unless it runs already or no bot is to move."""
        if self.bot_pace is None or self.stopping or room.code in self._bot_tasks or not room.bot_to_move():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # built before the loop runs: ``start`` wakes them
            return
        self._bot_tasks[room.code] = loop.create_task(self._move_bots(room))

    async def _move_bots(self, room: Room) -> None:
        """Bot moves in ``room``, one every ``bot_pace`` seconds, until a person is to act:
        each is journaled and pushed on its own, and the loop serves everyone between. A
        search bot thinks in the bounded pool of worker processes (``engine.core.thinking``)
        while the loop serves every room; its answer is played only if the room's table
        is still the one it was asked about (else it is asked again)."""
        failing = False
        try:
            while True:
                await asyncio.sleep(self.bot_pace)
                if self.rooms.rooms.get(room.code) is not room:
                    return
                question = room.bot_question()
                if question is not None:
                    self._tell_thinking(room, question.seat)
                    try:
                        answer = await self._think(room.code, question)
                    finally:
                        self._tell_thinking(room, None)
                    if self.rooms.rooms.get(room.code) is not room:
                        return
                try:
                    if question is not None:
                        if answer is None:  # no worker could think: here, as before
                            moved = room.bot_step()
                        else:
                            moved = room.bot_answer(question, answer) or room.bot_to_move()
                    else:
                        moved = room.bot_step()
                    if not moved:
                        return
                    failing = False
                except (OSError, sqlite3.Error) as err:  # the journal cannot write: try again later
                    if isinstance(err, JournalWriteError):
                        self._journal_failed(err)
                    elif not failing:
                        print(f"boxtop: room {room.code}: a bot's move could not be recorded ({err}); trying again", file=sys.stderr)
                    failing = True
                    await asyncio.sleep(BOT_RETRY)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not stop the other rooms: log it
            traceback.print_exc(file=sys.stderr)
        finally:
            if self._bot_tasks.get(room.code) is asyncio.current_task():
                del self._bot_tasks[room.code]

    async def _think(self, code: str, question):
        """The answer to a search bot's ``question`` in room ``code`` from the worker
        pool, in the room's turn (``self.queue``: rooms round-robin, bot moves before
        hints, the search shortened on a busy host); None when no worker can think
        (processes refused, a worker that died twice), said once on stderr; from then on
        the bots think in this process."""
        if self._no_workers:
            return None
        try:
            return await self.queue.run(BOT, code, lambda share: (thinking.think, (question, share)))
        except (OSError, ValueError, BrokenProcessPool) as err:
            if not self._no_workers:
                self._no_workers = True
                print(f"boxtop: bots cannot think in worker processes here ({err}); they think in the host's own", file=sys.stderr)
            return None

    def _tell_thinking(self, room: Room, seat: int | None) -> None:
        """Tell everyone in ``room`` that its bot in ``seat`` began to think in a worker
        (None: it stopped); kept for a connection that enters the room meanwhile."""
        if seat is None:
            self._thinking.pop(room.code, None)
        else:
            self._thinking[room.code] = seat
        for conn in self._in_room(room):
            conn.send(p.BotThinking(room.code, seat))

    def _room_changed(self, room: Room) -> None:
        self._wake_bots(room)
        self._lobby_change(room)
        for conn in self._in_room(room):
            self._push_room(conn, room)
