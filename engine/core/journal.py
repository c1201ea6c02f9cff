"""The rooms' durable journal: SQLite in WAL mode (``docs/architecture.md``, "Sessions").

A room's every accepted entry is committed here before anyone is told of it, so a host
killed with SIGKILL at any moment comes back with every acknowledged entry. One file
holds every room: a ``rooms`` row per room (its game, options, seats, seed, creator)
and an ``entries`` row per log entry, each a msgspec JSON document.

The journal holds seeds and face-down tiles, so its files (the database and its
``-wal`` and ``-shm``) are made readable by their owner only (mode 0600). A file that is
not a sound SQLite database is refused at opening (``JournalDamaged``) and left exactly
as it was; a write that fails (disk full, read-only disk) raises ``JournalWriteError``
and records nothing of it.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import msgspec

from .chat import ChatLine
from .log import Seat, StandIn

_SIDE_FILES = ("-wal", "-shm")


class JournalError(sqlite3.DatabaseError):
    """The journal cannot do what was asked; ``str(err)`` is one line. A
    ``sqlite3.DatabaseError``, so callers that catch ``sqlite3.Error`` still do."""


class JournalDamaged(JournalError):
    """The journal file cannot be opened or read: damaged, truncated, not a database, or
    not readable. Nothing was written to it."""


class JournalWriteError(JournalError):
    """A write failed (the disk is full or failing, the file is read-only): nothing of
    that write was recorded, and the journal takes writes again once the cause is gone."""


class RoomRecord(msgspec.Struct):
    """What a room is, apart from its log: ``code`` (the short room code), ``game`` slug,
    ``options`` (the game's options as a dict), ``seats`` (a ``Seat`` each; ``bot`` set
    for bot seats), ``seed``, ``creator`` (a player name), ``started``, ``undo`` and
    ``private`` (not listed in the lobby), ``spectator_talk`` (spectators' lines reach
    the players: the creator's choice), ``bell`` (the terminal bell rings for a seat
    whose turn comes while its person looks elsewhere; False: it never rings),
    ``hints`` (the creator lets the players ask for a hint, ``Room.hint_question``) and
    ``hinted`` (the seats that asked for one in this game, in seat order: metadata kept
    beside the log, as the room's talk is, never game state) and ``stand_ins`` (the bots
    that played an away person's seat, ``StandIn``: the seat's ``Seat`` keeps the
    person's name with the bot's kind while one holds it, and the stand-in whose
    ``until`` is None says it is held for that person, who takes it back on coming back).
    A record written before a field existed reads it as its default."""

    code: str
    game: str
    options: dict
    seats: list[Seat]
    seed: int
    creator: str
    started: bool = False
    undo: str = "strict"
    private: bool = False
    spectator_talk: bool = False
    bell: bool = True
    hints: bool = False
    hinted: list[int] = []
    stand_ins: list[StandIn] = []


class Journal:
    """The journal at ``path`` (created with its tables on first use; ``":memory:"`` for
    one that lives only as long as the object).

    Every write commits with ``synchronous=FULL``: once a method returns, the row
    survives a crash of the process. Raises ``JournalDamaged`` when an existing file is
    not a sound journal (the file is left as it was); a write raises
    ``JournalWriteError`` when the disk fails (``failing`` is then True, until a write
    succeeds) and ``sqlite3.IntegrityError`` when its entry exists already.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.failing = False
        on_disk = self.path != ":memory:"
        old = os.umask(0o077)  # whatever SQLite creates here is the owner's only
        try:
            if on_disk:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                self._check()
                self._make_private()  # before opening: the -wal and -shm take its mode
            try:
                self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            except sqlite3.Error as err:
                raise self._damaged(err) from None
            try:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.execute(
                    "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, record BLOB NOT NULL, created REAL DEFAULT (julianday('now')))"
                )
                self.db.execute(
                    "CREATE TABLE IF NOT EXISTS entries (code TEXT NOT NULL, seq INTEGER NOT NULL, entry BLOB NOT NULL, PRIMARY KEY (code, seq))"
                )
            except sqlite3.Error as err:
                self.db.close()
                raise self._damaged(err) from None
        finally:
            os.umask(old)
        if on_disk:
            self._make_private()

    # ------------------------------------------------------------------ opening
    def _damaged(self, err: sqlite3.Error) -> JournalDamaged:
        # SQLite's report may span lines ("*** in database main ***" then "Page 3: …"):
        # the refusal is one line, its lines joined with "; "
        said = "; ".join(line.strip() for line in str(err).splitlines() if line.strip())
        if getattr(err, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            return JournalDamaged(
                f"the journal {self.path} is damaged ({said}); it was left as it is: move it "
                "aside (or put a backup in its place) and start again"
            )
        return JournalDamaged(f"the journal {self.path} cannot be opened ({said}); it was left as it is")

    def _check(self) -> None:
        """Raise ``JournalDamaged`` unless the file at ``path`` (if any) is a sound
        database. Read-only: a damaged file, and any -wal beside it, stay as they are."""
        path = Path(self.path)
        try:
            if not path.exists() or (path.is_file() and path.stat().st_size == 0):
                return
        except OSError as err:
            raise JournalDamaged(f"the journal {self.path} cannot be opened ({err.strerror or err})") from None
        had = {suffix for suffix in _SIDE_FILES if Path(self.path + suffix).exists()}
        db = None
        try:
            db = sqlite3.connect(f"file:{quote(self.path)}?mode=ro", uri=True)
            verdict = db.execute("PRAGMA quick_check").fetchall()
            if verdict != [("ok",)]:
                err = sqlite3.DatabaseError("; ".join(str(row[0]) for row in verdict[:3]))
                err.sqlite_errorname = "SQLITE_CORRUPT"
                raise err
        except sqlite3.Error as err:
            raise self._damaged(err) from None
        finally:
            if db is not None:
                db.close()
            if had != set(_SIDE_FILES):  # the reading left an empty -wal and an -shm
                for suffix in set(_SIDE_FILES) - had:
                    try:
                        os.unlink(self.path + suffix)
                    except FileNotFoundError:
                        pass

    def _make_private(self) -> None:
        """Mode 0600 for the journal's files that exist (an older host left them 0644)."""
        for suffix in ("",) + _SIDE_FILES:
            try:
                if os.stat(self.path + suffix).st_mode & 0o077:
                    os.chmod(self.path + suffix, 0o600)
            except FileNotFoundError:
                pass

    # ------------------------------------------------------------------ writing
    @contextmanager
    def _writing(self):
        """Turn a failed write into ``JournalWriteError`` (``IntegrityError`` stays: an
        entry written twice is a bug, not the disk) and keep ``failing`` up to date."""
        try:
            yield
        except (sqlite3.IntegrityError, JournalError):
            raise
        except sqlite3.Error as err:
            self.failing = True
            raise JournalWriteError(f"the journal {self.path} cannot record ({err})") from None
        self.failing = False

    def put_room(self, record: RoomRecord) -> None:
        """Insert or replace the room's record."""
        with self._writing():
            self.db.execute(
                "INSERT INTO rooms (code, record) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET record = excluded.record",
                (record.code, msgspec.json.encode(record)),
            )

    def append(self, code: str, seq: int, entry: msgspec.Struct) -> None:
        """Commit entry ``seq`` of room ``code``; raises ``sqlite3.IntegrityError`` if it exists."""
        with self._writing():
            self.db.execute("INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)", (code, seq, msgspec.json.encode(entry)))

    def start_room(self, record: RoomRecord, entry: msgspec.Struct) -> None:
        """Commit a room's start in one transaction: entry 0 (replacing any left by an
        earlier start that failed) and its record marked started. A crash leaves either
        both or neither. Raises ``JournalError`` (and changes nothing) when the room has
        entries after entry 0 already: it was started, and its moves are never deleted."""
        with self._writing(), self.db:
            self.db.execute("BEGIN IMMEDIATE")
            (played,) = self.db.execute("SELECT count(*) FROM entries WHERE code = ? AND seq > 0", (record.code,)).fetchone()
            if played:
                raise JournalError(f"Room {record.code} has {played} moves in the journal already; it was not started again.")
            self.db.execute("DELETE FROM entries WHERE code = ? AND seq = 0", (record.code,))
            self.db.execute("INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)", (record.code, 0, msgspec.json.encode(entry)))
            self.db.execute(
                "INSERT INTO rooms (code, record) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET record = excluded.record",
                (record.code, msgspec.json.encode(record)),
            )

    def append_many(self, code: str, entries: list) -> None:
        """Commit several entries of room ``code`` in one transaction."""
        with self._writing(), self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)",
                [(code, e.seq, msgspec.json.encode(e)) for e in entries],
            )

    # ------------------------------------------------------------------ reading
    def rooms(self, bad: list[tuple[str, str]] | None = None) -> list[RoomRecord]:
        """Every room's record, oldest first. A row that does not decode as a
        ``RoomRecord`` of its own code is left out; ``(code, reason)`` for each such row
        is appended to ``bad`` when given. Raises ``JournalDamaged`` when the table
        cannot be read."""
        try:
            rows = self.db.execute("SELECT code, record FROM rooms ORDER BY created, code").fetchall()
        except sqlite3.Error as err:
            raise self._damaged(err) from None
        records = []
        for code, blob in rows:
            try:
                record = msgspec.json.decode(blob, type=RoomRecord)
            except (msgspec.MsgspecError, TypeError) as err:
                reason = f"its record does not decode ({err})"
            else:
                if record.code == code:
                    records.append(record)
                    continue
                reason = f"its record is that of room {record.code!r}"
            if bad is not None:
                bad.append((str(code), reason))
        return records

    def entries(self, code: str, entry_type) -> list:
        """Room ``code``'s entries in order, decoded as ``entry_type``. Raises
        ``msgspec.ValidationError``/``DecodeError`` for an entry that does not decode and
        ``JournalDamaged`` when the table cannot be read."""
        try:
            rows = self.db.execute("SELECT entry FROM entries WHERE code = ? ORDER BY seq", (code,)).fetchall()
        except sqlite3.Error as err:
            raise self._damaged(err) from None
        return [msgspec.json.decode(r[0], type=entry_type) for r in rows]

    def delete_room(self, code: str) -> None:
        """Forget a room and its entries."""
        with self._writing(), self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM entries WHERE code = ?", (code,))
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            if self._has_chat():
                self.db.execute("DELETE FROM chat WHERE code = ?", (code,))

    # ------------------------------------------------------------------ names
    # A ``names`` row per player name a key has used: the name (lower case: names
    # compare without case) and the key's SHA256 fingerprint. The table is made on the
    # first use of a name method.
    def _names(self) -> sqlite3.Connection:
        if not getattr(self, "_names_ready", False):
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS names (name TEXT PRIMARY KEY, key TEXT NOT NULL, "
                "claimed REAL DEFAULT (julianday('now')))"
            )
            self._names_ready = True
        return self.db

    def name_owner(self, name: str) -> str | None:
        """The fingerprint of the key that owns player ``name`` (any case), or None."""
        row = self._names().execute("SELECT key FROM names WHERE name = ?", (name.lower(),)).fetchone()
        return row[0] if row else None

    def names_of(self, key: str) -> list[str]:
        """The player names (lower case) key ``key`` owns, oldest claim first."""
        rows = self._names().execute("SELECT name FROM names WHERE key = ? ORDER BY claimed, name", (key,))
        return [row[0] for row in rows]

    def claim_name(self, name: str, key: str, *, force: bool = False) -> str:
        """Record ``key`` as the owner of ``name`` unless a key owns it already (with
        ``force``: whatever key owned it). Returns the owner's fingerprint afterwards."""
        verb = "DO UPDATE SET key = excluded.key" if force else "DO NOTHING"
        self._names().execute(f"INSERT INTO names (name, key) VALUES (?, ?) ON CONFLICT(name) {verb}", (name.lower(), key))
        return self.name_owner(name) or key

    # ------------------------------------------------------------------ table talk
    # A ``chat`` row per line said in a room (``engine.core.chat.ChatLine`` as msgspec
    # JSON), in the order said. The table is made when the first line is written (an
    # older journal opens, and reads as having no talk, without a write).
    def _has_chat(self) -> bool:
        if not getattr(self, "_chat_ready", False):
            found = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chat'").fetchone()
            self._chat_ready = found is not None
        return self._chat_ready

    def _chat(self) -> sqlite3.Connection:
        if not self._has_chat():
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, line BLOB NOT NULL)"
            )
            self.db.execute("CREATE INDEX IF NOT EXISTS chat_code ON chat (code, id)")
            self._chat_ready = True
        return self.db

    def append_chat(self, code: str, line: ChatLine) -> None:
        """Commit ``line`` said in room ``code``. Raises ``JournalWriteError`` when the
        disk fails (nothing recorded)."""
        with self._writing():
            self._chat().execute("INSERT INTO chat (code, line) VALUES (?, ?)", (code, msgspec.json.encode(line)))

    def chat(self, code: str, limit: int) -> list[ChatLine]:
        """The newest ``limit`` lines said in room ``code``, oldest first; a row that does
        not decode is left out. Raises ``JournalDamaged`` when the table cannot be read."""
        try:
            if not self._has_chat():
                return []
            rows = self.db.execute(
                "SELECT line FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?", (code, limit)
            ).fetchall()
        except sqlite3.Error as err:
            raise self._damaged(err) from None
        lines = []
        for (blob,) in reversed(rows):
            try:
                lines.append(msgspec.json.decode(blob, type=ChatLine))
            except (msgspec.MsgspecError, TypeError):
                continue
        return lines

    def close(self) -> None:
        """Close the database."""
        self.db.close()
