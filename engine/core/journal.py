"""The rooms' durable journal: SQLite in WAL mode (``shared/DESIGN.md``, "Sessions").

A room's every accepted entry is committed here before anyone is told of it, so a host
killed with SIGKILL at any moment comes back with every acknowledged entry. One file
holds every room: a ``rooms`` row per room (its game, options, seats, seed, creator)
and an ``entries`` row per log entry, each a msgspec JSON document.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec

from .log import Seat


class RoomRecord(msgspec.Struct):
    """What a room is, apart from its log: ``code`` (the short room code), ``game`` slug,
    ``options`` (the game's options as a dict), ``seats`` (a ``Seat`` each; ``bot`` set
    for bot seats), ``seed``, ``creator`` (a player name), ``started``, ``undo`` and
    ``private`` (not listed in the lobby)."""

    code: str
    game: str
    options: dict
    seats: list[Seat]
    seed: int
    creator: str
    started: bool = False
    undo: str = "strict"
    private: bool = False


class Journal:
    """The journal at ``path`` (created with its tables on first use).

    Every write commits with ``synchronous=FULL``: once a method returns, the row
    survives a crash of the process. Raises ``sqlite3.Error`` when the disk fails.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, record BLOB NOT NULL, created REAL DEFAULT (julianday('now')))"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS entries (code TEXT NOT NULL, seq INTEGER NOT NULL, entry BLOB NOT NULL, PRIMARY KEY (code, seq))"
        )

    def put_room(self, record: RoomRecord) -> None:
        """Insert or replace the room's record."""
        self.db.execute(
            "INSERT INTO rooms (code, record) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET record = excluded.record",
            (record.code, msgspec.json.encode(record)),
        )

    def append(self, code: str, seq: int, entry: msgspec.Struct) -> None:
        """Commit entry ``seq`` of room ``code``; raises ``sqlite3.IntegrityError`` if it exists."""
        self.db.execute("INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)", (code, seq, msgspec.json.encode(entry)))

    def start_room(self, record: RoomRecord, entry: msgspec.Struct) -> None:
        """Commit a room's start in one transaction: entry 0 (replacing any left by an
        earlier start that failed) and its record marked started. A crash leaves either
        both or neither."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM entries WHERE code = ?", (record.code,))
            self.db.execute("INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)", (record.code, 0, msgspec.json.encode(entry)))
            self.db.execute(
                "INSERT INTO rooms (code, record) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET record = excluded.record",
                (record.code, msgspec.json.encode(record)),
            )

    def append_many(self, code: str, entries: list) -> None:
        """Commit several entries of room ``code`` in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)",
                [(code, e.seq, msgspec.json.encode(e)) for e in entries],
            )

    def rooms(self) -> list[RoomRecord]:
        """Every room's record, oldest first."""
        rows = self.db.execute("SELECT record FROM rooms ORDER BY created, code").fetchall()
        return [msgspec.json.decode(r[0], type=RoomRecord) for r in rows]

    def entries(self, code: str, entry_type) -> list:
        """Room ``code``'s entries in order, decoded as ``entry_type``."""
        rows = self.db.execute("SELECT entry FROM entries WHERE code = ? ORDER BY seq", (code,)).fetchall()
        return [msgspec.json.decode(r[0], type=entry_type) for r in rows]

    def delete_room(self, code: str) -> None:
        """Forget a room and its entries."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM entries WHERE code = ?", (code,))
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

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

    def claim_name(self, name: str, key: str, *, force: bool = False) -> str:
        """Record ``key`` as the owner of ``name`` unless a key owns it already (with
        ``force``: whatever key owned it). Returns the owner's fingerprint afterwards."""
        verb = "DO UPDATE SET key = excluded.key" if force else "DO NOTHING"
        self._names().execute(f"INSERT INTO names (name, key) VALUES (?, ?) ON CONFLICT(name) {verb}", (name.lower(), key))
        return self.name_owner(name) or key

    def close(self) -> None:
        """Close the database."""
        self.db.close()
