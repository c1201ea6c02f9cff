"""One room service per data folder: an exclusive lock held for the service's life.

Two services on one folder would both write its journal and fight over its socket (a
second one took the socket over, and starting a room in both lost acknowledged moves).
``FolderLock.take(folder)`` takes an exclusive ``fcntl.flock`` on ``folder/LOCK_NAME``
(mode 0600) and writes this process's id into it; a second taker, in this process or
another, gets ``FolderInUse`` naming the folder and the holder's process id. The kernel
drops the lock when its holder exits, even after ``kill -9``: a stale lock file never
keeps a folder busy. The lock's file descriptor is not inherited by child processes.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_NAME = "host.lock"


class FolderInUse(Exception):
    """Another room service holds the data folder; ``str(err)`` is one line naming the
    folder and the holder's process id."""


class FolderLock:
    """An exclusive lock on a data folder; build it with ``take``, end it with ``release``."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = fd

    @classmethod
    def take(cls, folder: str | Path) -> "FolderLock":
        """Lock ``folder`` (which must exist) for this process.

        Raises ``FolderInUse`` when another service holds it, ``OSError`` when the lock
        file cannot be opened or written. Never waits.
        """
        folder = Path(folder)
        path = folder / LOCK_NAME
        old = os.umask(0o077)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        finally:
            os.umask(old)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
                who = f"process {holder}" if holder.isdigit() else "another process"
                raise FolderInUse(
                    f"another boxtop host ({who}) is already using the data folder {folder}; "
                    "stop it first, or give this one another folder with --data"
                ) from None
            os.fchmod(fd, 0o600)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except BaseException:
            os.close(fd)
            raise
        return cls(folder, fd)

    def release(self) -> None:
        """Give the folder up (empties the lock file); calling it again does nothing."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)
