"""Reading a file a player was given (a save, an analysis kept beside one): only a
regular file, at most ``MAX_BYTES``, never blocking.

A shared save may be anything with a ``.json`` name: a named pipe (reading it would wait
for a writer forever), a link to ``/dev/zero`` (reading it would fill the memory), a
file of gigabytes. So the file is checked before it is opened (following links) and
again once opened (the file read is the file checked), opened so that a pipe never
blocks, and read no further than ``MAX_BYTES``; each refusal is a ``SaveError`` of one
sentence naming the file.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from .errors import SaveError

#: The largest save (or kept analysis) read, in bytes: 16 MiB. A real save is far
#: smaller: a game of 8 at Gift Trap on its longest track (60 spaces) saves about 0.36 MB,
#: the longest bot game measured (Bottlecap Vikings, 4 random bots, 4,131 entries) 1.5 MB,
#: the benchmarks' 10,000-entry log 2.7 MB; loading a 17 MB save of 60,000 entries took
#: 120 MB of memory (SECURITY.md, "Limits").
MAX_BYTES = 16 * 1024 * 1024


def _kind(mode: int) -> str | None:
    """What a file of ``mode`` is, in words, when it is not a regular file (None when it is)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _megabytes(size: int) -> str:
    """``size`` bytes in words: "16 MB", "16.4 MB" (a megabyte of 1024 × 1024 bytes), "900 bytes"."""
    mb = size / 1024 / 1024
    if size < 1024 * 1024:
        return f"{size} bytes"
    return f"{mb:.0f} MB" if size % (1024 * 1024) == 0 else f"{mb:.1f} MB"


def _check(shown: str, what: str, info: os.stat_result, limit: int) -> None:
    kind = _kind(info.st_mode)
    if kind == "a folder":
        raise SaveError(f"{shown} is a folder, not a {what}")
    if kind is not None:
        raise SaveError(f"{shown} is {kind}, not a {what}: boxtop reads only regular files")
    if info.st_size > limit:
        raise SaveError(f"{shown} is {_megabytes(info.st_size)}; a {what} is at most {_megabytes(limit)}")


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def open_regular(path: str | os.PathLike, what: str = "save file", limit: int = MAX_BYTES) -> BinaryIO:
    """The file at ``path`` opened for reading in binary, once it is known to be a
    regular file (after following links) of at most ``limit`` bytes; ``what`` names the
    kind of file in the refusals ("save file"). Never blocks (a named pipe is refused,
    not waited on). The caller closes it (a ``with`` block).

    Raises ``SaveError`` in one sentence naming ``path``: none there, a folder, a named
    pipe, a device or a socket, larger than ``limit``, or not readable.
    """
    shown = os.fspath(path)
    try:
        _check(shown, what, os.stat(path), limit)  # a pipe or a device is never opened
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise SaveError(f"no {what} at {shown}") from None
    except OSError as err:
        raise SaveError(f"cannot read {shown}: {_reason(err)}") from None
    try:
        _check(shown, what, os.fstat(fd), limit)  # the file opened is the one checked (it may have been swapped)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike, what: str = "save file", limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (``open_regular``), at most ``limit``.

    Raises ``SaveError`` in one sentence naming ``path`` (as ``open_regular``; also when
    the file grew past ``limit`` while it was read).
    """
    shown = os.fspath(path)
    with open_regular(path, what, limit) as f:
        try:
            data = f.read(limit + 1)
        except OSError as err:
            raise SaveError(f"cannot read {shown}: {_reason(err)}") from None
    if len(data) > limit:
        raise SaveError(f"{shown} is over {_megabytes(limit)}; a {what} is at most {_megabytes(limit)}")
    return data
