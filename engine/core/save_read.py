"""Reading a save file: one msgspec JSON document, loaded or refused whole (writing one
is ``engine.core.save_write``).

``{format: "boxtop-save", version, game, options, seats, seed, engine, undo, saved_at,
summary, hints, entries, chat}`` (``docs/architecture.md``, "The log, randomness and
saves"; ``hints`` and ``chat`` only when there are some: ``engine.core.save_write``). Loading
checks the format and version, decodes with the game's own types and refolds every
entry; a broken file raises ``SaveError`` with one sentence and nothing half-loaded.

The header is the file's first line and ``summary`` (the round and, once the game is
over, the winners) is in it, so ``summary()`` describes a save for the load list from
that line alone (``docs/architecture.md``, "The log, randomness and saves").
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any

import msgspec

from . import registry
from .chat import ChatLine
from .errors import SaveError
from .files import open_regular, read_regular
from .log import Seat, entry_type
from .save_write import FORMAT, VERSION, Progress, options_note, progress
from .seating_options import recorded
from .session import LocalSession
from .text import SEAT_NAME_RULE, is_seat_name, quoted



#: A value of a game's options: a scalar, or a list of scalars (a dealt hand, say), so a
#: save's options decode into nothing deeper than that (never a nest of lists).
_Scalar = str | int | float | bool | None
_Option = _Scalar | list[_Scalar]


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
    hints: list[int] = []  # the seats that asked for a hint; none in older saves
    entries: msgspec.Raw = msgspec.Raw(b"[]")
    chat: list[ChatLine] = []  # a shared room's table talk; none in older saves


class Summary(msgspec.Struct, frozen=True):
    """What the load list shows of a save: ``game`` (its slug), ``players`` (the seats'
    names in order), ``saved_at`` (ISO-8601 UTC, "" when unknown), ``round`` (None when
    the game has no rounds), ``winners`` (names; None while the game is unfinished) and
    ``totals`` (each seat's total points once the game is over, when its scores have a
    total; else None), ``state`` (where an unfinished game stands, "turn 19 · bob
    leads"; None once it is over), ``options`` (those that differ from the game's
    defaults, in a few words: ``options_note``) and ``hints`` (the names of the seats
    that asked for a hint, in seat order; [] when none did)."""

    game: str
    players: list[str]
    saved_at: str
    round: int | None
    winners: list[str] | None
    totals: list[int] | None = None
    state: str | None = None
    options: str = ""
    hints: list[str] = []


class _Format(msgspec.Struct):
    format: msgspec.Raw = msgspec.Raw(b"null")  # skipped, not built: it may be anything


class _Head(msgspec.Struct):
    format: str
    version: int
    game: str
    options: dict[str, _Option] = {}
    seats: list[Seat] = []
    saved_at: str = ""
    summary: Progress | None = None
    hints: list[int] = []


def _first_line(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def _decode(data: bytes, type_: Any, name: str) -> Any:
    """``data`` decoded by msgspec into ``type_``; JSON nested deeper than the
    interpreter's recursion limit (about a thousand: a save nests a few levels) and text
    that is not UTF-8 raise ``SaveError`` naming ``name``; msgspec's own errors pass."""
    try:
        return msgspec.json.decode(data, type=type_)
    except RecursionError:
        raise SaveError(f"{name} is not a boxtop save: its JSON is nested too deep") from None
    except UnicodeDecodeError:
        _not_utf8(data, name)
        raise SaveError(f"{name} is not a boxtop save: its text is not UTF-8") from None
    except msgspec.ValidationError:
        raise
    except msgspec.DecodeError:  # msgspec 0.23 says "Invalid UTF-8" as a DecodeError
        if isinstance(data, (bytes, bytearray)):
            _not_utf8(data, name)
        raise


def _not_utf8(data: bytes, name: str) -> None:
    """Raise ``SaveError`` naming ``name`` and the first bad byte when ``data`` is not
    UTF-8; return when it is."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"{name} is not a boxtop save: its text is not UTF-8 (byte {err.start})") from None


def check_names(seats: list[Seat], name: str) -> None:
    """Raise ``SaveError`` naming the file ``name`` when a seat's name breaks the
    seat-name rule (``engine.core.text.SEAT_NAME_RULE``: the host's name rule with
    letters of any alphabet): a save boxtop wrote never holds one, so such a file was
    made by hand, and its names would reach a terminal (the log, ``verify``)."""
    for i, seat in enumerate(seats):
        if not is_seat_name(seat.name):
            raise SaveError(f"{name} is refused: seat {i + 1}'s name {quoted(seat.name)} breaks the name rule "
                            f"({SEAT_NAME_RULE})")


def loads(data: bytes, redecide: bool = False, name: str = "save file") -> LocalSession:
    """Rebuild a session from save bytes; with ``redecide`` every command is decided again
    from the seed and must give the recorded events (that is ``verify``).

    Raises ``SaveError`` naming the problem: not JSON or truncated, not UTF-8, nested too
    deep, another format or version, an unknown game, a seat's name that breaks the name
    rule (``check_names``), an unknown or malformed command or event, a log that does
    not fold (or, with ``redecide``, does not re-decide).
    """
    try:
        header = _decode(data, _Header, name)
    except msgspec.ValidationError as err:  # a subclass of DecodeError: catch it first
        _not_a_save(data, name)
        raise SaveError(f"{name} is not a boxtop save: {_first_line(err)}") from None
    except msgspec.DecodeError as err:
        if not data.strip():
            raise SaveError(f"{name} is empty") from None
        raise SaveError(f"{name} is not valid JSON (truncated or corrupt): {_first_line(err)}") from None
    if header.format != FORMAT:
        _not_a_save(data, name)
    if header.version != VERSION:
        raise SaveError(f"{name} is save version {header.version}; this boxtop reads version {VERSION}")
    try:
        game = registry.get(header.game)
    except KeyError:
        raise SaveError(f"{name} is a game of {quoted(header.game)}, which boxtop does not know") from None
    if header.edition != game.edition:
        raise SaveError(
            f"{name} was recorded with another edition of {game.title} ({(header.edition or 'none')[:64]}); "
            f"this boxtop has {game.edition or 'none'}"
        )
    check_names(header.seats, name)
    try:
        # a field added since the save was written takes the reading it was played with
        given = _decode(header.options, dict[str, _Option], name)
        options = msgspec.convert(recorded(game.Options, given), type=game.Options)
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise SaveError(f"{name} has bad options for {game.slug}: {_first_line(err)}") from None
    try:
        entries = _decode(header.entries, list[entry_type(game)], name)
    except msgspec.ValidationError as err:
        raise SaveError(f"{name} holds an unknown or malformed command or event: {_first_line(err)}") from None
    if not entries:
        raise SaveError(f"{name} has no entries, not even the setup")
    try:
        session = LocalSession(
            game, header.seats, header.seed, options, header.undo, entries=entries, redecide=redecide,
            hinted=header.hints,
        )
        session.chat = list(header.chat)
        return session
    except ValueError as err:
        raise SaveError(f"{name}: {_first_line(err)}") from None
    except SaveError:
        raise
    except Exception as err:  # a log whose events do not fold
        raise SaveError(f"{name}: the log does not fold ({type(err).__name__}: {_first_line(err)})") from None


def _not_a_save(data: bytes, name: str) -> None:
    """Raise ``SaveError`` saying ``name`` is not a boxtop save, when the JSON ``data``
    does not claim to be one (no ``format`` of ours); return when it claims to be."""
    try:
        claimed = msgspec.json.decode(_decode(data, _Format, name).format, type=str | None)
    except msgspec.DecodeError:  # not an object, or its format is not a string
        claimed = None
    if claimed == FORMAT:
        return
    if isinstance(claimed, str) and claimed:
        raise SaveError(f"{name} is not a boxtop save (its format is {quoted(claimed)})") from None
    raise SaveError(f"{name} is not a boxtop save") from None


#: How much of a save's first line ``summary`` reads (a header holds names and options).
HEAD_LIMIT = 64 * 1024


def summary(path: str | os.PathLike) -> Summary:
    """What the load list shows of the save at ``path``, read from the header line alone
    when the file is laid out as ``save`` writes it (the whole file is loaded for a save
    without a ``summary``, written by an older boxtop or by hand).

    Raises ``SaveError`` with one sentence when the file is not a save, or broken.
    """
    name = os.path.basename(os.fspath(path))
    with open_regular(path) as f:  # never a pipe or a device: the list must not hang on one
        try:
            head = f.readline(HEAD_LIMIT).rstrip()
        except OSError as err:
            raise SaveError(f"cannot read {name}: {err.strerror or err}") from None
    tail = b',"entries":['
    found = None
    if head.endswith(tail):
        try:
            found = _decode(head[: -len(tail)] + b"}", _Head, name)
        except (msgspec.DecodeError, SaveError):  # loaded whole below, which says what is wrong
            found = None
    if found is not None and found.format != FORMAT:
        _not_a_save(head[: -len(tail)] + b"}", name)
    if (found is None or found.summary is None or found.version != VERSION
            or (found.summary.winners is None and found.summary.state is None)):  # older: no state
        data = read(path)
        session = loads(data, name=name)  # raises SaveError for whatever is wrong
        saved_at = _decode(data, _Head, name).saved_at
        found = _Head(FORMAT, VERSION, session.game.slug, msgspec.to_builtins(session.options),
                      list(session.seats), saved_at, progress(session), sorted(session.hinted))
    check_names(found.seats, name)
    names = [seat.name for seat in found.seats]
    winners = found.summary.winners
    return Summary(
        found.game, names, found.saved_at, found.summary.round,
        None if winners is None else [names[i] for i in winners if 0 <= i < len(names)],
        found.summary.totals, found.summary.state if winners is None else None,
        options_note(found.game, found.options, found.seats),
        [names[i] for i in sorted(set(found.hints)) if 0 <= i < len(names)],
    )


#: How a save file begins (``save`` writes ``format`` first; JSON allows spaces between).
_SAVE_START = re.compile(rb'\s*\{\s*"format"\s*:\s*"boxtop-save"')


def looks_like_save(path: str | os.PathLike) -> bool:
    """Whether the file at ``path`` begins as a boxtop save does (its first bytes name
    the format ``boxtop-save``): saving asks before it replaces any other file. False
    for what cannot be read and for anything but a regular file (a folder, a FIFO or a
    device is never opened)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as f:
            head = f.read(256)
    except OSError:
        return False
    return _SAVE_START.match(head) is not None


def read(path: str | os.PathLike) -> bytes:
    """The bytes of the save file at ``path``; raises ``SaveError`` in one sentence when
    it cannot be read: none there, a folder, no permission, not a regular file (a named
    pipe, a device), over ``engine.core.files.MAX_BYTES`` (``read_regular``)."""
    return read_regular(path, "save file")


def load(path: str | os.PathLike) -> LocalSession:
    """Load the save at ``path`` into a ``LocalSession``; raises ``SaveError`` when broken."""
    return loads(read(path), name=os.path.basename(os.fspath(path)))


def verify(path: str | os.PathLike) -> LocalSession:
    """Load ``path`` re-deciding every recorded command from the seed; returns the session.

    Raises ``SaveError`` when the file is broken or any entry's events differ from what
    the rules give.
    """
    return loads(read(path), redecide=True, name=os.path.basename(os.fspath(path)))
