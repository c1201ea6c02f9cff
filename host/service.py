"""The room service: every room of a host, served over a local (Unix) socket.

``shared/DESIGN.md``, "Sessions": the room is the only authority. Each SSH session's app
process connects here, says ``Hello(name)`` and then acts only as that name: it can sit
in a room, and play only for its own seat. Every accepted command is committed to the
SQLite journal before anyone is told; each connection then receives its own seat's
``Table`` (a spectator's ``view(None)``), never the raw state.

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
import os
import re
import secrets
import stat
import sys
import time
import traceback
from pathlib import Path

import msgspec

from engine import IllegalCommand, Seat
from engine.core.journal import Journal, JournalError, JournalWriteError
from engine.core.room import Room, RoomError, Rooms

from . import protocol as p
from .lock import FolderInUse, FolderLock

NAME = re.compile(r"^[A-Za-z0-9_.-]{1,24}$")
#: Frames a connection may send per second on average, and in one burst.
RATE, BURST = 30.0, 90
#: Bad frames (not a known message) a connection may send before it is closed.
MAX_BAD_FRAMES = 20
#: Seconds a new connection has to say ``Hello``.
HELLO_TIMEOUT = 10.0
#: Bytes waiting to be written to a client before the service gives up on it.
MAX_BACKLOG = 16 * 1024 * 1024
#: What a player is told when the journal cannot write.
CANNOT_RECORD = "The host cannot record moves right now (its disk is full or failing); nothing changed."


class Connection:
    """One client: its ``name``, the ``room`` code it is in (or None, in the lobby) and
    whether it only ``watching``; a token bucket limits how fast it may send."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.name = ""
        self.room: str | None = None
        self.watching = False
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.bad_frames = 0
        self.closed = False
        self.ack = 0  # the ref of the last Play decided for this connection

    def allow(self) -> bool:
        """Take a token for one frame; False when the bucket is empty (a flood)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

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

    ``await start(socket_path)`` listens; ``await close()`` stops. Rooms come back from
    the journal when the service is built (a restart after a crash loses nothing that
    was acknowledged); a room that cannot be restored is left out with one line on
    stderr. Raises ``ServiceError`` (one line) when another service holds ``data_dir``
    or the journal cannot be opened; the journal file is then left as it was.
    """

    def __init__(self, data_dir: str | Path) -> None:
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
        self.connections: set[Connection] = set()
        self.server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        for room in self.rooms.rooms.values():
            room.subscribe(self._room_changed)

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

    async def close(self) -> None:
        """Stop listening, close every connection and the journal."""
        if self.server is not None:
            self.server.close()
        for conn in list(self.connections):
            conn.close("The host is shutting down.")
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
                self._leave_room(conn)
            except JournalWriteError as err:  # the connection is gone all the same
                self._journal_failed(err)
            conn.close()

    async def _greet(self, conn: Connection, reader: asyncio.StreamReader) -> bool:
        body = await asyncio.wait_for(p.read_frame(reader, p.MAX_CLIENT_FRAME), HELLO_TIMEOUT)
        if body is None:
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
        conn.name = hello.name
        conn.send(p.Welcome(conn.name))
        conn.send(self._lobby())
        return True

    def _handle_frame(self, conn: Connection, body: bytes) -> None:
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
        if isinstance(m, p.Hello):
            raise RoomError("You have said hello already.")
        if isinstance(m, p.ListRooms):
            conn.send(self._lobby())
        elif isinstance(m, p.CreateRoom):
            self._need_lobby(conn)
            seats = [Seat("", s.bot) for s in m.seats]
            if not any(s.bot is None for s in seats):
                raise RoomError("Leave at least one seat for a person.")
            seed = m.seed if m.seed is not None else secrets.randbelow(2**31)
            room = self.rooms.create(
                game=m.game, creator=conn.name, seats=seats, options=dict(m.options), seed=seed, undo=m.undo
            )
            room.subscribe(self._room_changed)
            self._sit(conn, room, None)
        elif isinstance(m, p.JoinRoom):
            self._need_lobby(conn)
            self._sit(conn, self.rooms.get(m.code), m.seat)
        elif isinstance(m, p.WatchRoom):
            self._need_lobby(conn)
            room = self.rooms.get(m.code)
            conn.room, conn.watching = room.code, True
            room.watch(conn.name)  # its change pushes the room to this connection
        elif isinstance(m, p.LeaveRoom):
            self._leave_room(conn)
            conn.send(self._lobby())
        elif isinstance(m, p.SetBot):
            self._room_of(conn).set_bot(conn.name, m.seat, m.kind)
        elif isinstance(m, p.StartGame):
            self._room_of(conn).start(conn.name)
        elif isinstance(m, p.Play):
            conn.ack = m.ref  # every table pushed from here on says it was decided
            if conn.watching:
                raise IllegalCommand("You are watching this game, not playing in it.")
            self._room_of(conn).play(conn.name, m.text)

    def _need_lobby(self, conn: Connection) -> None:
        if conn.room is not None:
            raise RoomError("Leave this room first.")

    def _room_of(self, conn: Connection) -> Room:
        if conn.room is None:
            raise RoomError("You are not in a room.")
        return self.rooms.get(conn.room)

    def _sit(self, conn: Connection, room: Room, seat: int | None) -> None:
        """Sit ``conn`` in ``room`` (its change pushes the room to ``conn``)."""
        conn.room, conn.watching = room.code, False
        try:
            room.join(conn.name, seat)
        except RoomError:
            conn.room = None
            raise

    def _leave_room(self, conn: Connection) -> None:
        if conn.room is None:
            return
        code, watching = conn.room, conn.watching
        conn.room, conn.watching = None, False
        room = self.rooms.rooms.get(code)
        if room is not None and conn.name:
            room.leave(conn.name, spectator=watching)
            if self.rooms.forget_if_abandoned(code):
                lobby = self._lobby()
                for other in list(self.connections):
                    if other.name and other.room is None and other is not conn:
                        other.send(lobby)

    # ------------------------------------------------------------------ pushing
    def _lobby(self) -> p.Lobby:
        return p.Lobby(self.rooms.summaries())

    def _push_room(self, conn: Connection, room: Room) -> None:
        table = room.table_for(None if conn.watching else conn.name)
        if table is None:
            seat = None if conn.watching else room.seat_of(conn.name)
            conn.send(p.InRoom(room.summary(), seat))
        else:
            conn.send(p.TableUpdate(table, conn.ack))

    def _room_changed(self, room: Room) -> None:
        lobby = None
        for conn in list(self.connections):
            if not conn.name or conn.closed:
                continue
            if conn.room == room.code:
                self._push_room(conn, room)
            elif conn.room is None:
                lobby = lobby or self._lobby()
                conn.send(lobby)
