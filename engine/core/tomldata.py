"""Game data as TOML decoded into msgspec Structs, shared by every game's data loader.

A game keeps its cards, maps and tiles in ``data/*.toml`` inside its package; ``reader``
gives the function reading those bytes and ``decode`` turns them into the game's Struct,
refusing a bad file with one sentence that names it; ``records`` takes a deck of records
with ids out of it, each checked. ``edition`` names a version of that
data (saved with each game) and ``document`` reads the package's RULES.md or HELP.md.
"""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources
from typing import Any, Callable

import msgspec


def reader(package: str) -> Callable[[str], bytes]:
    """A function ``raw(name) -> bytes`` reading ``data/<name>`` of ``package`` (a
    game's package name, such as ``__package__``)."""

    def raw(name: str) -> bytes:
        """The bytes of ``data/<name>``."""
        return resources.files(package).joinpath(f"data/{name}").read_bytes()

    return raw


def decode(text: bytes | str, kind: type, where: str) -> Any:
    """``text`` (TOML, UTF-8 bytes or a string) converted to ``kind``. Raises
    ``ValueError`` with one sentence starting with ``where`` (the file, such as
    ``data/board.toml``) when the TOML is broken or does not fit ``kind``."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return msgspec.convert(tomllib.loads(text), kind)
    except (msgspec.ValidationError, tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"{where}: {err}") from None


def records(text: bytes | str, kind: type, field: str, where: str, problem: Callable[[Any], str],
            plural: str = "") -> dict[str, Any]:
    """The records of ``kind``'s list ``field`` (such as ``quest`` for ``[[quest]]``)
    decoded from ``text`` as ``decode`` does, by their ``id`` in file order. Raises
    ``ValueError`` with one sentence starting with ``where`` for broken TOML, two records
    with one id, or a record for which ``problem(record)`` says what is wrong (``""``:
    nothing); ``plural`` names the records in that sentence (``field`` + "s" unless
    given)."""
    out: dict[str, Any] = {}
    for r in getattr(decode(text, kind, where), field):
        if r.id in out:
            raise ValueError(f"{where}: two {plural or field + 's'} have id {r.id!r}")
        if wrong := problem(r):
            raise ValueError(f"{where}: {field} {r.id} ({r.name}) {wrong}")
        out[r.id] = r
    return out


def edition(prefix: str, raw: Callable[[str], bytes], files: tuple[str, ...]) -> str:
    """``prefix`` and 8 hex digits of a SHA-256 over the bytes of ``files`` (read with
    ``raw``, as given by ``reader``): ``edition("map-", raw, ("board.toml",))`` →
    ``"map-1a2b3c4d"``. A save records it, so a replay can tell the data changed."""
    return prefix + hashlib.sha256(b"\0".join(raw(f) for f in files)).hexdigest()[:8]


def document(package: str, name: str) -> str:
    """The text of ``name`` (such as ``"RULES.md"``) beside ``package``'s modules, or
    ``""`` when the package has none."""
    path = resources.files(package).joinpath(name)
    return path.read_text("utf-8") if path.is_file() else ""
