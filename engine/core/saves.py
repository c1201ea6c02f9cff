"""Save files: one msgspec JSON document, written atomically, loaded or refused whole.

``{format: "boxtop-save", version, game, options, seats, seed, engine, undo, saved_at,
entries}`` (``docs/architecture.md``, "The log, randomness and saves"). Loading checks the
format and version, decodes with the game's own types and refolds every entry; a
broken file raises ``SaveError`` with one sentence and nothing half-loaded.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import msgspec

from . import registry
from .errors import SaveError
from .log import Seat, entry_type, now
from .session import LocalSession

FORMAT = "boxtop-save"
VERSION = 1
ENGINE = "boxtop-engine 1"


class _Header(msgspec.Struct):
    format: str
    version: int
    game: str
    edition: str = ""
    options: msgspec.Raw = msgspec.Raw(b"{}")
    seats: list[Seat] = []
    seed: int = 0
    engine: str = ""
    undo: str = "strict"
    saved_at: str = ""
    entries: msgspec.Raw = msgspec.Raw(b"[]")


def _document(session: LocalSession) -> dict[str, Any]:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game.slug,
    }
    if session.game.edition:  # the game's data (a sheet, cards) the log refers to
        doc["edition"] = session.game.edition
    return doc | {
        "options": session.options,
        "seats": session.seats,
        "seed": session.seed,
        "engine": ENGINE,
        "undo": session.undo_policy,
        "saved_at": now(),
        "entries": session.entries,
    }


def dumps(session: LocalSession) -> bytes:
    """The save document of ``session`` as JSON bytes (key order fixed, one entry a line)."""
    doc = _document(session)
    entries = doc.pop("entries")
    head = msgspec.json.encode(doc)[:-1]
    lines = b",\n".join(msgspec.json.encode(e) for e in entries)
    return head + b',"entries":[\n' + lines + b"\n]}\n"


def save(session: LocalSession, path: str | os.PathLike) -> None:
    """Write ``session`` to ``path`` atomically: a temporary file beside it, fsync, rename.

    Creates the parent folder. Raises ``SaveError`` when the file cannot be written.
    """
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    data = dumps(session)
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".boxtop-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as err:
        raise SaveError(f"cannot write {path}: {err.strerror or err}") from None


def _first_line(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def loads(data: bytes, redecide: bool = False, name: str = "save file") -> LocalSession:
    """Rebuild a session from save bytes; with ``redecide`` every command is decided again
    from the seed and must give the recorded events (that is ``verify``).

    Raises ``SaveError`` naming the problem: not JSON or truncated, another format or
    version, an unknown game, an unknown or malformed command or event, a log that does
    not fold (or, with ``redecide``, does not re-decide).
    """
    try:
        header = msgspec.json.decode(data, type=_Header)
    except msgspec.ValidationError as err:  # a subclass of DecodeError: catch it first
        raise SaveError(f"{name} is not a boxtop save: {_first_line(err)}") from None
    except msgspec.DecodeError as err:
        if not data.strip():
            raise SaveError(f"{name} is empty") from None
        raise SaveError(f"{name} is not valid JSON (truncated or corrupt): {_first_line(err)}") from None
    if header.format != FORMAT:
        raise SaveError(f"{name} is in format {header.format!r}, not a {FORMAT!r}")
    if header.version != VERSION:
        raise SaveError(f"{name} is save version {header.version}; this boxtop reads version {VERSION}")
    try:
        game = registry.get(header.game)
    except KeyError:
        raise SaveError(f"{name} is a game of {header.game!r}, which boxtop does not know") from None
    if header.edition != game.edition:
        raise SaveError(
            f"{name} was recorded with another edition of {game.title} ({header.edition or 'none'}); "
            f"this boxtop has {game.edition or 'none'}"
        )
    try:
        options = msgspec.json.decode(header.options, type=game.Options)
    except msgspec.ValidationError as err:
        raise SaveError(f"{name} has bad options for {game.slug}: {_first_line(err)}") from None
    try:
        entries = msgspec.json.decode(header.entries, type=list[entry_type(game)])
    except msgspec.ValidationError as err:
        raise SaveError(f"{name} holds an unknown or malformed command or event: {_first_line(err)}") from None
    if not entries:
        raise SaveError(f"{name} has no entries, not even the setup")
    try:
        return LocalSession(
            game, header.seats, header.seed, options, header.undo, entries=entries, redecide=redecide
        )
    except ValueError as err:
        raise SaveError(f"{name}: {_first_line(err)}") from None
    except SaveError:
        raise
    except Exception as err:  # a log whose events do not fold
        raise SaveError(f"{name}: the log does not fold ({type(err).__name__}: {_first_line(err)})") from None


def _read(path: str | os.PathLike) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise SaveError(f"no save file at {os.fspath(path)}") from None
    except IsADirectoryError:
        raise SaveError(f"{os.fspath(path)} is a folder, not a save file") from None
    except OSError as err:
        raise SaveError(f"cannot read {os.fspath(path)}: {err.strerror or err}") from None


def load(path: str | os.PathLike) -> LocalSession:
    """Load the save at ``path`` into a ``LocalSession``; raises ``SaveError`` when broken."""
    return loads(_read(path), name=os.path.basename(os.fspath(path)))


def verify(path: str | os.PathLike) -> LocalSession:
    """Load ``path`` re-deciding every recorded command from the seed; returns the session.

    Raises ``SaveError`` when the file is broken or any entry's events differ from what
    the rules give.
    """
    return loads(_read(path), redecide=True, name=os.path.basename(os.fspath(path)))
