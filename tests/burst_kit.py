"""The burst harness: keys that reach boxtop in ONE terminal read, as a laggy SSH link, a
key repeat or a quick double press delivers them (issue 33, item 2).

Three ways in, one for each place a key can come from:

- through Pilot: ``tui_driver.Player.burst(*keys)`` posts every key before the app
  handles the first (the quickest; a test that reads the app's state);
- on a real pseudo-terminal: ``PtyTerminal.start(args)`` runs ``boxtop ARGS`` on a PTY of
  its own, and ``burst(*keys)`` writes every key's bytes in one ``write``: Textual's
  own driver reads and parses them, as on a player's machine (the ``boxtop_pty``
  fixture in ``conftest.py`` starts one and stops it after the test);
- over real SSH: ``ssh_helpers.Terminal.keys(typed(*keys))`` sends them in one write on
  the channel, through a real ``boxtop host``.

Keys are named as Textual names them (``"enter"``, ``"escape"``, ``"up"``, ``"ctrl+s"``)
or are plain text (``"give 1 to bob"``); ``typed`` turns them into what a terminal sends.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from ssh_helpers import ROOT, Terminal

#: What a terminal sends for each named key (xterm, as Textual's driver reads it).
SEQUENCES = {
    "enter": "\r", "escape": "\x1b", "tab": "\t", "shift+tab": "\x1b[Z", "backspace": "\x7f", "space": " ",
    "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
    "home": "\x1b[H", "end": "\x1b[F", "pageup": "\x1b[5~", "pagedown": "\x1b[6~",
    "colon": ":", "question_mark": "?",
    **{f"ctrl+{c}": chr(ord(c) - 96) for c in "abcdefghijklnopqrstuvwxyz"},  # not ctrl+m (enter)
}


def typed(*keys: str) -> str:
    """``keys`` as the bytes a terminal sends, in one string: a named key is its
    sequence (``SEQUENCES``), anything else is text typed as it is."""
    return "".join(SEQUENCES.get(key, key) for key in keys)


class PtyTerminal(Terminal):
    """``boxtop ARGS`` on a real pseudo-terminal of ``size`` (columns, rows): what it
    draws, with each chunk's arrival time, read as ``ssh_helpers.Terminal`` reads an SSH
    session (``shows``, ``text``, ``quiet`` …), and keys written to it. ``burst`` writes
    all its keys at once; ``stop`` hangs up (SIGHUP, as a closed terminal window does)
    and returns what the program printed after it left the screen."""

    def __init__(self, proc: subprocess.Popen, master: int) -> None:
        self.proc, self.master = proc, master
        self.reader = asyncio.get_running_loop()
        self._data: asyncio.Queue[bytes] = asyncio.Queue()
        self.reader.add_reader(master, self._readable)
        super().__init__("boxtop", None, None)

    @classmethod
    async def start(cls, args: list[str], size: tuple[int, int] = (80, 24), env: dict[str, str] | None = None,
                    cwd: Path | None = None) -> "PtyTerminal":
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        environment.update({"TERM": "xterm-256color", "COLUMNS": str(size[0]), "LINES": str(size[1])})
        environment["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), environment.get("PYTHONPATH", "")) if p)
        environment.update(env or {})
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
            start_new_session=True, env=environment, cwd=cwd or ROOT,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        return cls(proc, master)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program closed its side
            data = b""
        if not data:
            self.reader.remove_reader(self.master)
        self._data.put_nowait(data)

    async def _read(self) -> None:
        while data := await self._data.get():
            self.chunks.append((time.perf_counter(), data))
        self.ended = True

    def keys(self, text: str) -> None:
        """Write ``text`` (what a terminal sends) in one write."""
        os.write(self.master, text.encode())

    def burst(self, *keys: str) -> None:
        """Every one of ``keys`` in ONE write: the program reads them together."""
        self.keys(typed(*keys))

    async def exited(self, timeout: float = 20) -> int:
        """Wait until the program has ended; its exit status."""
        end = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > end:
                raise AssertionError(f"boxtop did not end: {self.tail()!r}")
            await asyncio.sleep(0.02)
        while not self.ended and time.monotonic() < end:  # what it printed last
            await asyncio.sleep(0.02)
        return self.proc.returncode

    def close(self) -> None:
        """End the program if it still runs (SIGHUP to its session, then SIGKILL)."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGHUP)
                self.proc.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.task.cancel()
        try:
            self.reader.remove_reader(self.master)
        except (ValueError, OSError):
            pass
        try:
            os.close(self.master)
        except OSError:
            pass
