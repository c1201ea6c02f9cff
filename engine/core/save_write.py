"""Writing a save file: the document of a session, written atomically.

``{format: "boxtop-save", version, game, options, seats, seed, engine, undo, saved_at,
summary, hints, entries, chat}`` (``docs/architecture.md``, "The log, randomness and saves"): the
header (everything but ``entries`` and ``chat``) on the first line, one entry a line
after it, its ``summary`` saying where the game stands; ``hints``, the seats (indexes,
in order) that asked for a hint (``LocalSession.note_hint``), only when one did;
``chat``, a shared room's table talk that its players could read
(``engine.core.chat.ChatLine``, each with the ply it was said at), only when there is
some (older saves have neither). Reading, loading and verifying a save are
``engine.core.save_read``, which imports this module; this one imports no session (a
session's ``save`` calls it), so the core's modules import one way.
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING, Any, Sequence

import msgspec

from . import registry
from .errors import SaveError
from .log import Seat, now
from .seating_options import recorded
from .text import and_list

if TYPE_CHECKING:
    from .session import LocalSession

FORMAT = "boxtop-save"
VERSION = 1
ENGINE = "boxtop-engine 1"


class Progress(msgspec.Struct, frozen=True, omit_defaults=True):
    """A save's ``summary`` field: ``round`` the round being played (None for a game
    without rounds), ``winners`` the winning seat indexes once the game is over (None
    while it is not; empty when nobody won) and then ``totals``, each seat's ``total``
    points when the game's scores have one; ``state`` where an unfinished game stands,
    in a few words (``standing``; None in a save written before it existed)."""

    round: int | None = None
    winners: list[int] | None = None
    totals: list[int] | None = None
    state: str | None = None


def standing(session: LocalSession) -> str | None:
    """Where ``session``'s unfinished game stands, in a few words for the load list: the
    game's own ``progress`` ("turn 19 · bob leads"), else "round N" for a state with a
    round; None when neither says anything."""
    game, state = session.game, session.state
    if game.progress is not None:
        return game.progress(state, session.names)
    round_ = getattr(state, "round", None)
    return f"round {round_}" if isinstance(round_, int) else None


def progress(session: LocalSession) -> Progress:
    """The ``summary`` a save of ``session`` holds: the state's ``round`` (when the game's
    state has one), where an unfinished game stands (``standing``), and the winners
    once the game is over."""
    result = session.result()
    if result is None:
        return Progress(getattr(session.state, "round", None), state=standing(session))
    totals = [score["total"] for score in result.scores] if all("total" in s for s in result.scores) else None
    return Progress(getattr(session.state, "round", None), list(result.winners), totals)


def hints_note(names: Sequence[str]) -> str:
    """Who asked for a hint, as a save's summary says it ("hints used by ann, bob"); ""
    for no one."""
    return f"hints used by {', '.join(names)}" if names else ""


def hints_sentence(names: Sequence[str]) -> str:
    """Who asked for a hint, as a sentence for the result and the replay ("Hints used by
    ann and bob."); "" for no one."""
    return f"Hints used by {and_list(names)}." if names else ""


def options_note(slug: str, options: Any, seats: Sequence[Seat] | None = None) -> str:
    """The options of a game of ``slug`` that differ from its defaults, in a few words:
    "cards beginner, characters none", "extra tiles", "level 1", "no two player wood";
    "" when every option is the default (or the game is unknown). ``options``: the
    game's ``Options`` or their JSON form (a dict; one written before an option existed
    has the value it was played with, the Options' ``RECORDED_BEFORE``). With ``seats``,
    a table of at most one person has the defaults such a table starts with (the
    Options' ``ALONE``)."""
    try:
        game = registry.get(slug)
        defaults = msgspec.to_builtins(game.Options())
    except (KeyError, TypeError, msgspec.MsgspecError):
        return ""
    if seats is not None and sum(1 for seat in seats if seat.bot is None) <= 1:
        defaults |= getattr(game.Options, "ALONE", None) or {}
    # a field added since the save was written: the reading it was played with
    given = recorded(game.Options, options) if isinstance(options, dict) else msgspec.to_builtins(options)
    words = []
    for key, default in defaults.items():
        value = given.get(key, default)
        if value == default or value in ("", None):
            continue
        name = key.replace("_", " ")
        if value is True or value is False:
            words.append(name if value else f"no {name}")
        else:
            words.append(f"{name} {str(value).replace('_', ' ')}")
    return ", ".join(words)


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
        "summary": progress(session),
    } | ({"hints": sorted(session.hinted)} if session.hinted else {}) | {  # none: as older saves
        "entries": session.entries,
    }


def dumps(session: LocalSession) -> bytes:
    """The save document of ``session`` as JSON bytes (key order fixed, one entry a line)."""
    doc = _document(session)
    entries = doc.pop("entries")
    head = msgspec.json.encode(doc)[:-1]
    lines = b",\n".join(msgspec.json.encode(e) for e in entries)
    body = head + b',"entries":[\n' + lines + b"\n]"
    if session.chat:  # table talk (a shared room's), after the entries: one line each
        body += b',"chat":[\n' + b",\n".join(msgspec.json.encode(c) for c in session.chat) + b"\n]"
    return body + b"}\n"


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, fsync, rename
    (so a crash leaves the old file or the new one, never half of one). Creates the
    parent folder. Raises ``OSError`` when it cannot be written."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
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


def save(session: LocalSession, path: str | os.PathLike) -> None:
    """Write ``session`` to ``path`` atomically (``write_atomic``).

    Creates the parent folder. Raises ``SaveError`` when the file cannot be written.
    """
    path = os.fspath(path)
    try:
        write_atomic(path, dumps(session))
    except OSError as err:
        raise SaveError(f"cannot write {path}: {err.strerror or err}") from None
