"""SSH hosting: ``boxtop host`` runs the room service and an asyncssh server in front of it.

``docs/architecture.md``, "Sessions": *SSH hosting (``boxtop host``) is an asyncssh server.
Each SSH session gets its own process of the TUI on a PTY (the way Charm's wish runs one
program per session), and that process joins the room over a local socket … Known
pitfalls: refuse sessions without a PTY; make the PTY the child's controlling terminal
so window resizes arrive; take ``TERM`` from the client and drop ``COLUMNS``/``LINES``
from the child's environment; pass bytes through (``encoding=None``); reap children when
a client vanishes so none are orphaned.*

How each pitfall is handled here:

* A session is served only when the client asked for a PTY and a shell; a session
  without a terminal (``ssh -T``) or with a command gets one line on stderr and exit
  status 1. Subsystems (sftp), port forwarding, agent and X11 forwarding are refused.
* The child (default ``python -m tui.cli join --socket …``) starts on a fresh PTY: it is
  a session leader (``setsid``) whose controlling terminal is the PTY slave
  (``TIOCSCTTY``), so a ``TIOCSWINSZ`` on the master, done when the client's window
  changes, makes the kernel send ``SIGWINCH`` to the child's foreground process group.
* The child's environment is the allow-listed part of the host's
  (``child_environment``) with ``BOXTOP_PLAYER`` = the SSH user name, ``BOXTOP_KEY`` =
  the SHA256 fingerprint of the key the client logged in with (unset without one),
  ``BOXTOP_HOST_TOKEN`` = the room service's secret (which makes the service trust the
  other two), ``TERM`` = the client's terminal type (a session whose type is not 1–64
  printable ASCII characters, ``TERM_RULE``, is refused with one line), and no
  ``COLUMNS``/``LINES``. It runs
  ``SESSION_NICE`` nicer than the host. Its window is at most ``MAX_WIDTH``×``MAX_HEIGHT``,
  at the start and at every resize. A user's sessions share one pace (``Pacing``):
  resizes reach them at most every ``resize_interval`` (``RESIZE_INTERVAL``, longer for
  a big window; the newest size, and the last always arrives), and their input at
  ``INPUT_RATE`` bytes a second after an ``INPUT_BURST`` (the channel's reading paused
  meanwhile).
* The channel carries bytes (``encoding=None``, asyncssh's line editor off); the master
  is read with ``loop.add_reader``, with flow control both ways. The child's output also
  pauses while the connection holds more than ``MAX_OUTPUT_BACKLOG`` bytes for a client
  that stopped reading its socket (asyncssh honours only the window the client chose).
* When the child exits its status goes back to the client and the channel closes. When
  the client vanishes (channel or connection closed, or keepalives unanswered) the
  child's process group gets ``SIGHUP``, then ``SIGKILL`` after a short grace, and the
  child is reaped: no orphan, no zombie. ``Host.close()`` does the same for every child.

Auth: by default only the public keys in an authorized-keys file (re-read at every
login) may log in; ``open_=True`` lets anyone in: a client that offers a key logs in
with it, one without a key by keyboard-interactive with no prompt. The SSH user name is
the player's name and must be one the room service accepts (``engine.core.text.NAME``). A
name belongs to the first key that uses it (``RoomService.claim_name``, kept in the
journal): another key, or a client without one, gets one line instead of a game. A key's
``environment="BOXTOP_NAME=ann,ann2"`` option in the authorized-keys file pins it to
those names (and keeps them from every other key). A keyless name is nobody's once its
session ends. The host key, ``DATA/ssh_host_ed25519_key``, is created on the first
start (mode 0600) and reused after.

Limits: ``MAX_SESSIONS`` sessions in all and ``MAX_SESSIONS_PER_USER`` per user (a key,
or an address without one), each refused with one line; ``MAX_CONNECTIONS`` logged-in
connections in all and ``MAX_CONNECTIONS_PER_ADDRESS`` per address, and apart from them
``MAX_UNAUTHENTICATED`` connections still logging in, ``MAX_UNAUTHENTICATED_PER_PREFIX``
per /24 or /64 network (disconnected with a reason the client shows; a full waiting pool
pushes out the busiest network's oldest); ``LOGIN_TIMEOUT`` seconds to exchange versions
and log in, and ``SESSION_WAIT`` to start a game.

This is the only module of the project that imports asyncssh.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import ipaddress
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import termios
from collections import Counter
from pathlib import Path
from typing import Callable

import asyncssh

from engine.core import thinking
from engine.core.ratelimit import TokenBucket
from engine.core.text import NAME_RULE, is_name

from .paths import socket_path as service_socket_path
from .protocol import HOST_TOKEN_VARIABLE, Stopping
from .service import BOT_PACE, STOP_GRACE, RoomService, ServiceError, wait_or_hurry

HOST_KEY_NAME = "ssh_host_ed25519_key"
#: Seconds a child has to exit after SIGHUP before it gets SIGKILL.
KILL_GRACE = 1.0
#: Seconds the host waits, at most, once it has ended the sessions while stopping, for
#: each client to close its side of its session's channel (it has then written the last
#: of the output to the player's terminal) before the host closes the connections. A
#: client on a busy machine can take seconds; closing earlier loses the terminal's restore.
CLOSE_GRACE = 6.0
#: What the host writes on a session's channel when its child ended by a signal (killed,
#: or hung up by a stopping host) and so could not give the terminal back itself: the
#: modes Textual sets undone, as its driver undoes them on a normal exit. CAN first ends
#: an escape sequence the child may have been cut off in; then the attributes, bracketed
#: paste, every mouse mode, focus events, in-band resizes, the kitty keyboard protocol,
#: line wrap, the alternate screen, and the cursor shown.
RESTORE_TERMINAL = (
    b"\x18\x1b[0m\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?1004l"
    b"\x1b[?2048l\x1b[<u\x1b[?7h\x1b[?1049l\x1b[?25h"
)
#: Seconds to wait, after a child exits, for the last of its output.
DRAIN_GRACE = 0.3
#: Sessions with a running child, at most; more get one line and exit status 1.
MAX_SESSIONS = 64
#: Sessions with a running child per user (an SSH key, or an address without a key).
MAX_SESSIONS_PER_USER = 4
#: Logged-in SSH connections at once, in all and from one address; more are disconnected
#: with a reason the client shows.
MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS = 256, 64
#: Connections not yet logged in, in all and from one network prefix (``PREFIX_V4`` /
#: ``PREFIX_V6`` bits): a prefix's connection over its limit is disconnected at once; a
#: connection that would overfill the pool pushes out the oldest waiting connection of the
#: prefix with the most waiting, so a flood from one network never keeps out another's.
MAX_UNAUTHENTICATED, MAX_UNAUTHENTICATED_PER_PREFIX = 64, 16
PREFIX_V4, PREFIX_V6 = 24, 64
#: Seconds a connection has to exchange versions and log in, and then to open a session
#: (and again whenever its last session has ended), before it is closed.
LOGIN_TIMEOUT, SESSION_WAIT = 10.0, 60.0
#: Seconds between two window changes passed to a user's session processes (all of one
#: user's sessions share the pace): a burst of resizes becomes one resize at most this
#: often (the newest size; the last one always arrives). A window of more than
#: ``RESIZE_CELLS`` characters, costlier to lay out, waits longer in proportion (a
#: 500×200 window: 0.75 s).
RESIZE_INTERVAL, RESIZE_CELLS = 0.15, 20_000
#: A user's input (all their sessions together) reaches the session processes at
#: ``INPUT_RATE`` bytes a second after a burst of ``INPUT_BURST`` bytes (a pasted command
#: line): past it, the channel stops reading until the bucket has refilled (nothing is
#: dropped; SSH's window holds the client).
INPUT_RATE, INPUT_BURST = 1024, 4096
#: How much nicer (``nice``) than the host each session's process runs, so that the host
#: and its room service answer first when sessions compete for the CPU.
SESSION_NICE = 10
#: A user who keeps flooding loses their sessions' share of the CPU: each window change
#: dropped for the pace costs them one strike and each stop of their input for the rate
#: ``INPUT_STRIKES``; past ``FLOOD_PATIENCE`` strikes (forgiven at ``FORGIVE_RATE`` a
#: second) their session processes run at ``FLOOD_NICE`` for the rest of their life
#: (nice only rises without privileges), and their window changes and input go
#: ``FLOOD_SLOWER`` times slower while they have no patience left. Dragging a window's
#: edge for a few seconds, or pasting a long line, stays well inside it.
FLOOD_PATIENCE, FORGIVE_RATE, INPUT_STRIKES, FLOOD_NICE, FLOOD_SLOWER = 300, 10.0, 20, 19, 4
#: What a client's terminal type may be: printable ASCII, at most 64 characters; a session
#: with any other (a NUL byte, a newline …) is refused with one line.
TERM_RULE = re.compile(r"[\x21-\x7e]{1,64}")
#: The variables of the host's environment a session's process gets (``LC_*``,
#: ``XDG_*_HOME`` and ``BOXTOP_*`` too; the host then sets ``BOXTOP_PLAYER``,
#: ``BOXTOP_KEY``, ``BOXTOP_HOST_TOKEN``, ``TERM`` and ``PYTHONPATH``); nothing else
#: (an SSH agent's socket, cloud tokens …) reaches a player's session.
CHILD_ENVIRONMENT = frozenset({
    "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE",
    "PYTHONPYCACHEPREFIX", "PYTHONHASHSEED", "PYTHONUTF8", "PYTHONIOENCODING",
})
CHILD_ENVIRONMENT_PREFIXES = ("LC_", "BOXTOP_", "COVERAGE_", "COV_CORE_")
#: The largest window a session's terminal gets (columns, rows): a bigger one is
#: clamped to this (a line on the client's stderr says so before the game starts).
MAX_WIDTH, MAX_HEIGHT = 500, 200
#: The authorized-keys ``environment`` variable that pins a key's names:
#: ``environment="BOXTOP_NAME=ann,ann2" ssh-ed25519 AAAA…`` (valid for OpenSSH too).
PIN_VARIABLE = "BOXTOP_NAME"
#: Bytes of client input waiting for the child before the channel stops reading.
MAX_INPUT_BACKLOG = 256 * 1024
#: Bytes of output the SSH connection may hold for a client that stopped reading its
#: socket before the child's output is paused (asyncssh sends as much as the client's
#: window allows, which the client chooses, and ignores its socket's back-pressure).
MAX_OUTPUT_BACKLOG = 1024 * 1024
#: Longest path a Unix socket can have (sun_path is 104–108 bytes, with its NUL).
MAX_SOCKET_PATH = 100
#: Project root: put first on the child's PYTHONPATH so ``-m tui.cli`` finds this copy.
ROOT = Path(__file__).resolve().parent.parent


def child_environment(environ: dict[str, str] | os._Environ) -> dict[str, str]:
    """The part of ``environ`` (the host's) a session's process may see: the names in
    ``CHILD_ENVIRONMENT``, those starting with ``CHILD_ENVIRONMENT_PREFIXES`` and the
    ``XDG_*_HOME`` folders; never ``COLUMNS``/``LINES`` nor the host's own
    ``BOXTOP_PLAYER``/``BOXTOP_KEY``/``BOXTOP_HOST_TOKEN``."""
    env = {
        k: v for k, v in environ.items()
        if k in CHILD_ENVIRONMENT or k.startswith(CHILD_ENVIRONMENT_PREFIXES)
        or (k.startswith("XDG_") and k.endswith("_HOME"))
    }
    for k in ("BOXTOP_PLAYER", "BOXTOP_KEY", HOST_TOKEN_VARIABLE):
        env.pop(k, None)
    return env


def resize_interval(width: int, height: int) -> float:
    """Seconds a user's next window change waits after the last one, for a window of
    ``width``×``height`` characters (``RESIZE_INTERVAL``, longer above ``RESIZE_CELLS``)."""
    return RESIZE_INTERVAL * max(1.0, width * height / RESIZE_CELLS)


class Pacing:
    """One user's pace (all their sessions): ``bucket``, their input's token bucket
    (bytes), and ``resized_at``, the event loop's time of the last window change passed
    to one of their session processes."""

    __slots__ = ("bucket", "resized_at", "patience", "flooding")

    def __init__(self) -> None:
        self.bucket = TokenBucket(INPUT_RATE, INPUT_BURST)
        self.resized_at = float("-inf")
        self.patience = TokenBucket(FORGIVE_RATE, FLOOD_PATIENCE)  # strikes left (``FLOOD_PATIENCE``)
        self.flooding = False  # out of patience: their sessions run at ``FLOOD_NICE``

    def strike(self, count: int = 1) -> bool:
        """Count ``count`` strikes against the user; True once they have ever been
        ``flooding``. While out of patience their input goes ``FLOOD_SLOWER`` times
        slower; it comes back to ``INPUT_RATE`` once they are forgiven."""
        out = self.patience.spend(count) > 0
        self.flooding = self.flooding or out
        self.bucket.rate = INPUT_RATE / FLOOD_SLOWER if out else INPUT_RATE
        return self.flooding

    def slowed(self) -> bool:
        """Whether the user is out of patience now (``FLOOD_SLOWER`` applies)."""
        return self.patience.spend(0) > 0


def network_of(address: str) -> str:
    """The network an address counts in for the waiting-connection limits: its /24
    (IPv4) or /64 (IPv6) prefix, as text (``"127.0.0.0/24"``); an address that is not
    an IP address is its own network."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    bits = PREFIX_V4 if ip.version == 4 else PREFIX_V6
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


class HostError(Exception):
    """The host cannot start (no authorized keys, port in use, a bad host key …); its
    text is one line for the person running ``boxtop host``."""


# ---------------------------------------------------------------------------- the PTY child
def _set_winsize(fd: int, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
    """``TIOCSWINSZ`` on ``fd`` (80×24 when the client said 0); values are clamped to 16 bits."""
    clamp = lambda v, default=0: max(0, min(int(v), 0xFFFF)) or default  # noqa: E731
    packed = struct.pack("HHHH", clamp(height, 24), clamp(width, 80), clamp(pixwidth), clamp(pixheight))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, packed)


def _clamp_size(width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> tuple[tuple[int, int, int, int], bool]:
    """The window a session's PTY gets for the client's ``width``×``height`` (characters)
    and pixel size: at most ``MAX_WIDTH``×``MAX_HEIGHT`` (the pixel size dropped when
    clamped), and whether it was clamped."""
    if width <= MAX_WIDTH and height <= MAX_HEIGHT:
        return (width, height, pixwidth, pixheight), False
    return (min(width, MAX_WIDTH), min(height, MAX_HEIGHT), 0, 0), True


def _take_terminal() -> None:
    """In the child, after ``setsid`` and before exec: stdin (the PTY slave) becomes the
    controlling terminal of the new session, and the child runs ``SESSION_NICE`` nicer."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    try:
        os.nice(SESSION_NICE)
    except OSError:
        pass


class PtyChild:
    """One child process on its own PTY, relaying bytes with callbacks.

    ``PtyChild(argv, env, size, on_output, on_exit)`` starts ``argv`` at once (raises
    ``OSError`` or ``subprocess.SubprocessError`` when it cannot be started): a new session whose controlling terminal is
    the PTY slave, stdin/stdout/stderr on the slave, the window ``size`` =
    ``(width, height, pixwidth, pixheight)`` set before it runs. ``on_output(bytes)`` gets
    what it writes; ``on_exit(returncode)`` is called once, after it has been reaped
    (a negative code is the signal that ended it). ``write(bytes)`` sends it input,
    ``resize(...)`` changes the window, ``hangup()`` ends its process group (SIGHUP, then
    SIGKILL after ``KILL_GRACE``), ``await wait()`` waits until it is reaped.
    """

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        size: tuple[int, int, int, int],
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_input_drained: Callable[[], None] | None = None,
    ) -> None:
        self._loop = asyncio.get_running_loop()
        self._on_output: Callable[[bytes], None] | None = on_output
        self._on_exit: Callable[[int], None] | None = on_exit
        self._on_input_drained = on_input_drained
        self._input = bytearray()
        self._writing = False
        self._reading = False
        self._paused = False
        self._output_done = False
        self.exited = False
        self.hung_up = False
        self.returncode: int | None = None
        self.player: str | None = None  # whose session it runs (set by the session)
        self._done: asyncio.Future[int] = self._loop.create_future()
        self._timers: list[asyncio.TimerHandle] = []
        self._pidfd: int | None = None
        self._poll_task: asyncio.Task | None = None

        master, slave = os.openpty()
        try:
            _set_winsize(master, *size)
            # preexec_fn runs after setsid (start_new_session) and the dup2 of the slave
            # onto 0/1/2; it only makes an ioctl, so it is safe despite asyncssh's threads.
            self.proc = subprocess.Popen(
                argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_take_terminal,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.pid = self.proc.pid
        self.master: int | None = master
        os.set_blocking(master, False)
        self._start_reading()
        self._watch_exit()

    # -------------------------------------------------------------- output
    def _start_reading(self) -> None:
        if not self._reading and not self._paused and not self._output_done and self.master is not None:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self.master is not None:
            self._loop.remove_reader(self.master)
        self._reading = False

    def _read_some(self) -> bytes | None:
        """Up to 64 KiB from the master; b"" when nothing is waiting; None at the end."""
        try:
            return os.read(self.master, 65536) or None
        except BlockingIOError:
            return b""
        except OSError as err:  # EIO: every holder of the slave has closed it
            if err.errno in (errno.EIO, errno.EBADF):
                return None
            raise

    def _readable(self) -> None:
        data = self._read_some()
        if data is None:
            self._output_done = True
            self._stop_reading()
            if self.exited:
                self._reap()
        elif data and self._on_output is not None:
            self._on_output(data)

    def pause_output(self) -> None:
        """Stop reading the child's output (the client is slow); the PTY then blocks it."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        """Read the child's output again."""
        self._paused = False
        self._start_reading()

    # -------------------------------------------------------------- input and size
    def write(self, data: bytes) -> None:
        """Queue ``data`` for the child's terminal (dropped once it has exited)."""
        if self.exited or self.master is None:
            return
        self._input += data
        self._flush_input()

    @property
    def input_backlog(self) -> int:
        """Bytes of input not yet taken by the PTY."""
        return len(self._input)

    def _flush_input(self) -> None:
        if self.master is None:
            return
        while self._input:
            try:
                n = os.write(self.master, self._input[:65536])
            except BlockingIOError:
                break
            except OSError:
                self._input.clear()
                break
            del self._input[:n]
        if self._input and not self._writing:
            self._loop.add_writer(self.master, self._flush_input)
            self._writing = True
        elif not self._input:
            if self._writing:
                self._loop.remove_writer(self.master)
                self._writing = False
            if self._on_input_drained is not None:
                self._on_input_drained()

    def resize(self, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
        """Set the PTY's window size; the kernel sends SIGWINCH to the child's foreground group."""
        if self.master is not None and not self.exited:
            try:
                _set_winsize(self.master, width, height, pixwidth, pixheight)
            except OSError:
                pass

    # -------------------------------------------------------------- ending
    def _watch_exit(self) -> None:
        pidfd_open = getattr(os, "pidfd_open", None)
        if pidfd_open is not None:
            try:
                self._pidfd = pidfd_open(self.pid)
            except OSError:
                self._pidfd = None
        if self._pidfd is not None:
            self._loop.add_reader(self._pidfd, self._exited)
        else:
            self._poll_task = self._loop.create_task(self._poll_exit())

    async def _poll_exit(self) -> None:
        waitid = getattr(os, "waitid", None)
        while True:
            await asyncio.sleep(0.1)
            if waitid is not None:
                try:  # WNOWAIT: notice the exit, leave the zombie (its pid stays ours)
                    if waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
                        continue
                except ChildProcessError:
                    pass
            elif self.proc.poll() is None:
                continue
            self._exited()
            return

    def _signal_group(self, sig: int) -> None:
        """Signal the child's process group (and the child itself, should it have left it).
        Only called before the child is reaped, so its pid cannot have been reused."""
        if self.returncode is not None:
            return
        for kill in (os.killpg, os.kill):
            try:
                kill(self.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    def _exited(self) -> None:
        """The child has exited (not yet reaped)."""
        if self.exited:
            return
        self.exited = True
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
        # whatever is left of its process group goes too (the leader is a zombie, so
        # its pid, the group's id, is still ours)
        self._signal_group(signal.SIGKILL if self.hung_up else signal.SIGHUP)
        if self._output_done or self.hung_up:
            self._reap()
        else:
            self._timers.append(self._loop.call_later(DRAIN_GRACE, self._reap))

    def _reap(self) -> None:
        if self.returncode is not None:
            return
        if self.master is not None and not self.hung_up and self._on_output is not None:
            while (data := self._read_some()):  # the last of its output, even if paused
                self._on_output(data)
        self.returncode = self.proc.wait()  # immediate: it has exited
        for timer in self._timers:
            timer.cancel()
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        if self._poll_task is not None and self._poll_task is not asyncio.current_task():
            self._poll_task.cancel()
        self._stop_reading()
        if self.master is not None:
            if self._writing:
                self._loop.remove_writer(self.master)
                self._writing = False
            os.close(self.master)
            self.master = None
        if not self._done.done():
            self._done.set_result(self.returncode)
        on_exit, self._on_exit, self._on_output = self._on_exit, None, None
        if on_exit is not None:
            on_exit(self.returncode)

    def hangup(self) -> None:
        """The client is gone: SIGHUP to the child's process group, SIGKILL after
        ``KILL_GRACE`` if it is still there; it is reaped as soon as it exits."""
        self._on_output = None
        if self.hung_up or self.returncode is not None:
            return
        self.hung_up = True
        if self.exited:
            self._reap()
            return
        self._signal_group(signal.SIGHUP)
        self._signal_group(signal.SIGCONT)  # a stopped child (ctrl+z) must wake to see the SIGHUP
        self._timers.append(self._loop.call_later(KILL_GRACE, self._signal_group, signal.SIGKILL))

    async def wait(self) -> int:
        """The child's return code, once it has been reaped."""
        return await asyncio.shield(self._done)


# ---------------------------------------------------------------------------- one SSH session
class _Session(asyncssh.SSHServerSession):
    """One SSH session channel: a PTY child, or one line of refusal."""

    def __init__(self, host: "Host", name: str, login: "_Server | None" = None) -> None:
        self.host = host
        self.name = name
        self.login = login  # the connection's server object: its key, pins and address
        self.user: str | None = None  # whom MAX_SESSIONS_PER_USER counts this session for
        self.chan: asyncssh.SSHServerChannel | None = None
        self.command: str | None = None
        self.child: PtyChild | None = None
        self._input_holds: set[str] = set()  # why the channel's reading is paused: "backlog", "rate"
        self._output_holds: set[str] = set()  # why the child's output is paused: "channel", "socket"
        self.pacing: Pacing | None = None  # the user's, once the child runs
        self._refill: asyncio.TimerHandle | None = None
        self._size: tuple[int, int, int, int] | None = None  # the newest window not yet passed on
        self._resize_timer: asyncio.TimerHandle | None = None
        self._demoted = False  # its process runs at FLOOD_NICE

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # refused with one line once the session starts
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        chan = self.chan
        if chan is None:
            return
        term_type = chan.get_terminal_type()
        hint = self.host.ssh_command(self.name if is_name(self.name) else "<name>", tty=True)
        if not is_name(self.name):
            shown = ascii(self.name[:40])
            self._refuse(f"boxtop: {NAME_RULE}, not {shown}: connect with {hint}")
        elif term_type is None:
            self._refuse(f"boxtop needs a terminal: connect with {hint}")
        elif not TERM_RULE.fullmatch(term_type):
            self._refuse(f"boxtop: your terminal's type {ascii(term_type[:40])} is not 1–64 printable ASCII "
                         f"characters; set TERM to one (xterm-256color, say) and connect with {hint}")
        elif self.command is not None:
            self._refuse(f"boxtop runs no commands: connect with {hint}")
        elif self.host.closing:
            self._refuse("boxtop: the host is stopping; connect again once it is back.")
        elif len(self.host.children) >= MAX_SESSIONS:
            self._refuse("boxtop: the host is full; try again later.")
        elif self.host.sessions_of[self._user()] >= MAX_SESSIONS_PER_USER:
            self._refuse(f"boxtop: you have {MAX_SESSIONS_PER_USER} sessions on this host already; close one first.")
        elif (refusal := self._name_refusal()) is not None:
            pins = self.login.pins if self.login is not None else None
            name = next(iter(pins)) if pins and len(pins) == 1 else "<name>"
            refusal = refusal[0].lower() + refusal[1:] if refusal.startswith("The ") else refusal
            self._refuse(f"boxtop: {refusal} Connect with {self.host.ssh_command(name, tty=True)}")
        else:
            self._start_child(term_type)

    def _user(self) -> str:
        """Whom this session counts for: its key's fingerprint, or the client's address."""
        login = self.login
        if login is None:
            return "?"
        return login.fingerprint or f"address {login.address}"

    def _name_refusal(self) -> str | None:
        """Why this session's key may not use its name (one sentence), or None; a free
        name is recorded as the key's."""
        login = self.login
        key = login.fingerprint if login is not None else None
        pins = login.pins if login is not None else None
        name = self.name.lower()
        if pins is not None and name not in pins:
            names = ", ".join(sorted(pins))
            return f"your key may use only the name{'s' if len(pins) > 1 else ''} {names}."
        if login is not None and pins is None and name in login.pinned_elsewhere:
            return f"the name {self.name} is kept for another key: choose another name."
        try:
            return self.host.service.claim_name(self.name, key, pinned=pins is not None)
        except Exception as err:  # the journal failed: nobody's name can be checked
            self.host._log(f"cannot check the name {self.name}: {err}")
            return "the host cannot check names just now; try again later."

    def _refuse(self, line: str) -> None:
        assert self.chan is not None
        newline = "\r\n" if self.chan.get_terminal_type() is not None else "\n"
        self.chan.write_stderr((line + newline).encode("utf-8", "replace"))
        self.chan.exit(1)

    def _start_child(self, term_type: str) -> None:
        assert self.chan is not None
        env = child_environment(os.environ)
        env["BOXTOP_PLAYER"] = self.name
        if self.login is not None and self.login.fingerprint:
            env["BOXTOP_KEY"] = self.login.fingerprint  # the room service's proof of the name
        env[HOST_TOKEN_VARIABLE] = self.host.service.token  # the service trusts BOXTOP_KEY because of it
        env["TERM"] = term_type
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        size, clamped = _clamp_size(*self.chan.get_terminal_size())
        if clamped:
            asked = self.chan.get_terminal_size()
            self.chan.write_stderr(
                f"boxtop: your window is {asked[0]}×{asked[1]}; the game uses {size[0]}×{size[1]} of it.\r\n".encode()
            )
        try:
            self.child = PtyChild(
                self.host.child_argv, env, size, self._output, self._child_exited, self._input_drained
            )
        except (OSError, subprocess.SubprocessError, ValueError) as err:
            self.host._log(f"could not start a session for {self.name}: {err}")
            self._refuse(f"boxtop: the host could not start the game ({getattr(err, 'strerror', None) or err}).")
            return
        self.child.player = self.name
        self.host.children.add(self.child)
        self.user = self._user()
        self.pacing = self.host.pacing.setdefault(self.user, Pacing())
        self.host.sessions_of[self.user] += 1
        if self.login is not None:
            self.login.session_began()
        self.host._log(f"{self.name} joined ({self.host._peer(self.chan)}), pid {self.child.pid}")

    # ---------------------------------------------------------- relaying
    def _output(self, data: bytes) -> None:
        if self.chan is not None:
            try:
                self.chan.write(data)
            except OSError:  # the channel is closing: the child is hung up from connection_lost
                return
            if "socket" not in self._output_holds and self._socket_backlog() > MAX_OUTPUT_BACKLOG:
                self._hold_output("socket")
                self._wait_for_socket()

    def _socket_backlog(self) -> int:
        """Bytes the SSH connection has not yet handed to its socket (asyncssh's transport
        has no public accessor; ``tests/test_ssh_load.py`` notices if this stops working)."""
        conn = self.chan.get_extra_info("connection") if self.chan is not None else None
        transport = getattr(conn, "_transport", None)
        return transport.get_write_buffer_size() if transport is not None else 0

    def _wait_for_socket(self) -> None:
        if self.chan is None or "socket" not in self._output_holds:
            return
        if self._socket_backlog() > MAX_OUTPUT_BACKLOG // 2:
            asyncio.get_running_loop().call_later(0.05, self._wait_for_socket)
        else:
            self._release_output("socket")

    def _hold_output(self, why: str) -> None:
        if not self._output_holds and self.child is not None:
            self.child.pause_output()
        self._output_holds.add(why)

    def _release_output(self, why: str) -> None:
        self._output_holds.discard(why)
        if not self._output_holds and self.child is not None:
            self.child.resume_output()

    def data_received(self, data: bytes, datatype) -> None:
        child = self.child
        if child is None or self.chan is None:
            return
        child.write(data)  # whole: an escape sequence is never cut in two
        if child.input_backlog > MAX_INPUT_BACKLOG:
            self._hold_input("backlog")
        wait = self.pacing.bucket.spend(len(data)) if self.pacing is not None else 0.0
        if wait > 0 and "rate" not in self._input_holds:
            self._hold_input("rate")
            self._refill = asyncio.get_running_loop().call_later(wait, self._refilled)
            self._strike(INPUT_STRIKES)

    def _strike(self, count: int) -> None:
        """Count strikes against this session's user; a flooding user's session process
        (its whole process group) is reniced to ``FLOOD_NICE``, once."""
        if self.pacing is None or not self.pacing.strike(count) or self._demoted or self.child is None:
            return
        self._demoted = True
        try:
            os.setpriority(os.PRIO_PGRP, self.child.pid, FLOOD_NICE)
        except OSError:  # the child is gone
            return
        self.host._log(f"{self.name} floods the host; their sessions now run at nice {FLOOD_NICE}")

    def _refilled(self) -> None:
        self._refill = None
        wait = self.pacing.bucket.spend(0) if self.pacing is not None else 0.0
        if wait > 0:
            self._refill = asyncio.get_running_loop().call_later(wait, self._refilled)
        else:
            self._release_input("rate")

    def _hold_input(self, why: str) -> None:
        if not self._input_holds and self.chan is not None:
            self.chan.pause_reading()
        self._input_holds.add(why)

    def _release_input(self, why: str) -> None:
        if why not in self._input_holds:
            return
        self._input_holds.discard(why)
        if not self._input_holds and self.chan is not None:
            self.chan.resume_reading()

    def _input_drained(self) -> None:
        self._release_input("backlog")

    def eof_received(self) -> bool:
        return True  # keep the session half-open: the game ends when the child does

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.child is None:
            return
        if self._size is not None or self._resize_timer is not None:  # one was waiting: this replaces it
            self._strike(1)
        self._size = _clamp_size(width, height, pixwidth, pixheight)[0]
        if self._resize_timer is None:
            self._apply_size()

    def _apply_size(self) -> None:
        """Pass the newest window to the child once the user's pace allows it
        (``resize_interval`` after their last one), or wait until then."""
        self._resize_timer = None
        if self._size is None or self.child is None or self.pacing is None:
            self._size = None
            return
        loop = asyncio.get_running_loop()
        slower = FLOOD_SLOWER if self.pacing.slowed() else 1
        wait = self.pacing.resized_at + resize_interval(*self._size[:2]) * slower - loop.time()
        if wait > 0:  # another session of the user may take the slot first: checked again then
            self._resize_timer = loop.call_later(wait, self._apply_size)
            return
        self.child.resize(*self._size)
        self.pacing.resized_at = loop.time()
        self._size = None

    def pause_writing(self) -> None:
        self._hold_output("channel")

    def resume_writing(self) -> None:
        self._release_output("channel")

    # ---------------------------------------------------------- ending
    def _child_exited(self, returncode: int) -> None:
        self.host.children.discard(self.child)
        if self.user is not None:
            self.host.sessions_of[self.user] -= 1
            if self.host.sessions_of[self.user] <= 0:
                del self.host.sessions_of[self.user]
                self.host.pacing.pop(self.user, None)
            self.user = None
            if self.login is not None:
                self.login.session_ended()
        if returncode < 0:
            try:
                how = f"ended by {signal.Signals(-returncode).name}"
            except ValueError:
                how = f"ended by signal {-returncode}"
        else:
            how = f"exit status {returncode}"
        self.host._log(f"{self.name} left ({how})")
        chan = self.chan
        if chan is None:
            return
        if self.host.closing:
            self.host.ended.add(self)  # the host waits for its channel to close (``Host.close``)
        try:
            if returncode < 0:  # it could not give the terminal back: the host does, and says why
                chan.write(RESTORE_TERMINAL + f"\r\n{self._ended_line()}\r\n".encode())
                try:
                    name = signal.Signals(-returncode).name.removeprefix("SIG")
                except ValueError:
                    name = "KILL"
                chan.exit_with_signal(name)
            else:
                if self.host.closing and self.child is not None and self.child.hung_up:
                    # cut off by a stopping host (a second Ctrl+C) before it ended on its
                    # own: it may not have given the terminal back, so the host does, as above
                    chan.write(RESTORE_TERMINAL + f"\r\n{self._ended_line()}\r\n".encode())
                chan.exit(returncode)
        except OSError:  # the channel is already closing
            pass

    def _ended_line(self) -> str:
        """The line a player reads when their session's process ended by a signal: the
        host's stopping sentence (``Host.stopping_sentence``) or, when it is not
        stopping, how to come back."""
        if self.host.closing:
            return self.host.stopping_sentence(self.name)
        return f"boxtop: this session ended unexpectedly; connect again with {self.host.ssh_command(self.name)}"

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        for timer in (self._refill, self._resize_timer):
            if timer is not None:
                timer.cancel()
        self._refill = self._resize_timer = None
        if self.child is not None and self.child.returncode is None:
            self.child.hangup()


class _Server(asyncssh.SSHServer):
    """One SSH connection: limits, authentication and session requests.

    Key-only: a public key listed in the authorized-keys file logs in (its ``from=``
    option honoured); its ``environment="BOXTOP_NAME=a,b"`` option pins its names.
    Open: any public key logs in (asyncssh still checks its signature), and a client
    without one gets in by keyboard-interactive with no prompt. Either way the key that
    logged in is the connection's ``fingerprint`` (None without a key).
    """

    def __init__(self, host: "Host") -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.network = "?"  # the address's /24 or /64: the waiting-connection limits count per network
        self.logged_in = False
        self.fingerprint: str | None = None
        self.pins: frozenset[str] | None = None  # the names the key is pinned to, if any
        self.pinned_elsewhere: frozenset[str] = frozenset()  # names pinned to other keys
        self._sessions = 0
        self._idle: asyncio.TimerHandle | None = None
        self._lost = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.network = network_of(self.address)
        host = self.host
        host.connections.add(conn)
        host.waiting[self] = None
        host.waiting_from[self.network] += 1
        if host.waiting_from[self.network] > MAX_UNAUTHENTICATED_PER_PREFIX:
            self._disconnect("too many connections from your network are logging in; try again later")
        elif len(host.waiting) > MAX_UNAUTHENTICATED:
            # the oldest waiting connection of the busiest network makes room
            busiest = max(host.waiting_from, key=host.waiting_from.__getitem__)
            oldest = next(s for s in host.waiting if s.network == busiest)
            oldest._disconnect("the boxtop host has too many connections logging in; try again later")

    def _disconnect(self, reason: str) -> None:
        """Close this connection with ``reason`` (the client shows it); it stops counting
        against the limits at once."""
        self._uncount()
        if self.conn is not None and not self._lost:
            asyncio.get_running_loop().call_soon(self._send_disconnect, reason)

    def _send_disconnect(self, reason: str) -> None:
        if self.conn is not None and not self._lost:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def _unwait(self) -> bool:
        """Stop counting this connection as waiting to log in; whether it was."""
        host = self.host
        if self not in host.waiting:
            return False
        del host.waiting[self]
        _decrement(host.waiting_from, self.network)
        return True

    def _uncount(self) -> None:
        """Stop counting this connection, waiting or logged in."""
        host = self.host
        self._unwait()
        if self.logged_in:
            self.logged_in = False
            host.logged_in -= 1
            _decrement(host.connections_from, self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self._idle is not None:
            self._idle.cancel()
        self._uncount()
        if self.conn is not None:
            self.host.connections.discard(self.conn)

    # ---------------------------------------------------------- auth
    def begin_auth(self, username: str) -> bool:
        self._forget_key()
        if (refusal := self._over_logged_in_limits()) is not None:  # told before it logs in
            self._disconnect(refusal)
        return True  # "none" never logs in: a client with a key is asked for it first

    def _over_logged_in_limits(self) -> str | None:
        """Why this connection may not be logged in too (one more than are counted
        now), or None."""
        host = self.host
        if host.logged_in + 1 > MAX_CONNECTIONS:
            return "the boxtop host has too many connections; try again later"
        if host.connections_from[self.address] + 1 > MAX_CONNECTIONS_PER_ADDRESS:
            return f"more than {MAX_CONNECTIONS_PER_ADDRESS} connections from your address; close some first"
        return None

    def _forget_key(self) -> None:
        self.fingerprint, self.pins, self.pinned_elsewhere = None, None, frozenset()

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh calls this for the key of each publickey request (a query, then the
        # signed one, whose signature it checks after): the last key asked about is the
        # one that logs in, as for asyncssh's own key options.
        self._forget_key()
        if self.host.open:
            self.fingerprint = key.get_fingerprint()
            return True
        loaded = self.host._load_keys()
        if loaded is None:
            return False
        keys, text = loaded
        options = keys.validate(key, self.address, self.address)
        if options is None:
            return False
        self.fingerprint = key.get_fingerprint()
        self.pins = _pins_of(options)
        self.pinned_elsewhere = _pinned_elsewhere(text, key, self.address)
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.host.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._forget_key()  # no key: a key asked about earlier did not log in
        return self.host.open  # open: in at once, no prompt

    def auth_completed(self) -> None:
        host = self.host
        if not self._unwait():  # pushed out as it logged in
            return
        if (refusal := self._over_logged_in_limits()) is not None:
            self._disconnect(refusal)
            return
        self.logged_in = True
        host.logged_in += 1
        host.connections_from[self.address] += 1
        self._wait_for_a_session()

    # ---------------------------------------------------------- sessions
    def _wait_for_a_session(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        if self._lost:
            return
        self._idle = asyncio.get_running_loop().call_later(SESSION_WAIT, self._no_session)

    def _no_session(self) -> None:
        self._idle = None
        if self.conn is not None and self._sessions == 0 and not self._lost:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no game was started on this connection")

    def session_began(self) -> None:
        """A session of this connection started its child."""
        self._sessions += 1
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def session_ended(self) -> None:
        """A session of this connection ended its child."""
        self._sessions -= 1
        if self._sessions <= 0:
            self._wait_for_a_session()

    def session_requested(self):
        assert self.conn is not None
        name = self.conn.get_extra_info("username") or ""
        return self.conn.create_server_channel(encoding=None), _Session(self.host, name, self)


def _decrement(counter: Counter[str], key: str) -> None:
    """One less of ``key`` in ``counter`` (removed at zero)."""
    if counter[key] > 1:
        counter[key] -= 1
    else:
        counter.pop(key, None)


def _pins_of(options) -> frozenset[str] | None:
    """The names (lower case) an authorized key's options pin it to, or None."""
    environment = options.get("environment") or {}
    value = environment.get(PIN_VARIABLE) if isinstance(environment, dict) else None
    if value is None:
        return None
    return frozenset(n.strip().lower() for n in value.split(",") if n.strip())


def _pinned_elsewhere(text: str, key: asyncssh.SSHKey, address: str) -> frozenset[str]:
    """The names (lower case) the authorized-keys ``text`` pins to keys other than
    ``key`` (a line whose key is ``key`` but whose ``from=`` refuses ``address`` counts
    as another key's)."""
    names: set[str] = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or PIN_VARIABLE not in line:
            continue
        try:
            entry = asyncssh.import_authorized_keys(line)
        except (ValueError, asyncssh.KeyImportError):
            continue
        if entry.validate(key, address, address) is not None:
            continue  # the key's own line
        for match in re.finditer(rf'environment="{PIN_VARIABLE}=([^"]*)"', line):
            names.update(n.strip().lower() for n in match.group(1).split(",") if n.strip())
    return frozenset(names)


# ---------------------------------------------------------------------------- the host
def _load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The host's private key at ``path``, created (ed25519, mode 0600) when missing.

    Raises ``HostError`` when the file exists but is not a readable private key.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        try:
            key = asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError, ValueError) as err:
            raise HostError(f"the host key {path} cannot be read: {err}") from None
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
        return key
    except OSError as err:
        raise HostError(f"cannot create the host key {path}: {err.strerror or err}") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="boxtop host key")
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.chmod(path, 0o600)  # whatever the umask
    return key


def _read_error(path: Path, err: Exception) -> HostError:
    if isinstance(err, FileNotFoundError):
        return HostError(
            f"no authorized-keys file at {path}: give one with --authorized-keys FILE, "
            "or let anyone in with --open"
        )
    return HostError(f"cannot read the authorized-keys file {path}: {getattr(err, 'strerror', None) or err}")


def _read_authorized_keys(path: Path, text: str | None = None) -> asyncssh.SSHAuthorizedKeys:
    """The keys in ``path`` (whose ``text`` may be given); raises ``HostError`` when it
    is missing or holds no key."""
    if text is None:
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise _read_error(path, err) from None
    try:
        return asyncssh.import_authorized_keys(text)
    except ValueError:
        raise HostError(f"the authorized-keys file {path} holds no public key, so nobody could log in") from None


def _display_host(bind: str) -> str:
    """The host name friends type: the bind address, or this machine's name when bound
    to every address."""
    if bind in ("", "0.0.0.0", "::", "*"):
        return socket.gethostname()
    return bind


def _is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


class Host:
    """A running host: the room service and the SSH server (see ``start_host``).

    ``port`` is the SSH port it listens on, ``host`` the name friends type,
    ``fingerprint`` the host key's SHA256 fingerprint, ``socket`` the room service's
    socket, ``children`` the running session processes. ``ssh_command(name)`` is the
    command a friend types; ``await close()`` stops everything.
    """

    def __init__(
        self,
        *,
        bind: str,
        data: Path,
        authorized_keys: Path,
        open_: bool,
        child_argv: list[str],
        service: RoomService,
        socket: Path,
        host_key: asyncssh.SSHKey,
        log: Callable[[str], None] | None,
    ) -> None:
        self.bind = bind
        self.host = _display_host(bind)
        self.data = data
        self.authorized_keys = authorized_keys
        self.open = open_
        self.child_argv = child_argv
        self.service = service
        self.socket = socket
        self.fingerprint = host_key.get_fingerprint()
        self.port = 0
        self.children: set[PtyChild] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.connections_from: Counter[str] = Counter()  # address → logged-in connections
        self.logged_in = 0  # logged-in connections
        self.waiting: dict[_Server, None] = {}  # connections not yet logged in, oldest first
        self.waiting_from: Counter[str] = Counter()  # network → connections not yet logged in
        self.sessions_of: Counter[str] = Counter()  # user → sessions with a child
        self.pacing: dict[str, Pacing] = {}  # user → their sessions' shared pace
        self.closing = False
        self.told: dict[str, Stopping] = {}  # stopping: what each player (lower case) was told
        self.ended: set[_Session] = set()  # stopping: the sessions whose child ended meanwhile
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._log_fn = log
        self._keys_warned = False

    def ssh_command(self, name: str, tty: bool = False) -> str:
        """The command a friend types to join as ``name``: ``ssh -p PORT name@host``
        (no ``-p`` on port 22; ``-t`` first when ``tty``)."""
        parts = ["ssh"] + (["-t"] if tty else []) + ([] if self.port == 22 else ["-p", str(self.port)])
        return " ".join(parts + [f"{name}@{self.host}"])

    def _log(self, line: str) -> None:
        if self._log_fn is not None:
            self._log_fn(line)

    def _peer(self, chan) -> str:
        peer = chan.get_extra_info("peername")
        return f"from {peer[0]}" if peer else "from ?"

    def _load_keys(self) -> tuple[asyncssh.SSHAuthorizedKeys, str] | None:
        """The authorized keys as the file is now, and its text (None, and one log
        line, when it cannot be read: nobody gets in until it is fixed)."""
        try:
            text = self.authorized_keys.read_text("utf-8")
            keys = _read_authorized_keys(self.authorized_keys, text)
        except (HostError, OSError, UnicodeDecodeError) as err:
            if not self._keys_warned:
                self._log(f"warning: {err if isinstance(err, HostError) else _read_error(self.authorized_keys, err)}")
                self._keys_warned = True
            return None
        self._keys_warned = False
        return keys, text

    def stopping_sentence(self, name: str) -> str:
        """What ``name``'s session was told when the host began to stop (or, never
        told, the sentence without a room)."""
        return self.told.get(name.lower(), Stopping()).sentence

    async def close(self, grace: float = STOP_GRACE, hurry: asyncio.Event | None = None) -> None:
        """Stop, every player told first: stop listening; the room service tells every
        session (``RoomService.announce_stop``), and the sessions told get up to
        ``grace`` seconds to show it and end on their own, each giving its terminal back
        (until ``hurry`` is set: a second Ctrl+C); then every child still running is
        hung up, killed and reaped (the host gives its terminal back,
        ``RESTORE_TERMINAL``, with the sentence); once each client has closed its side
        of those sessions (``CLOSE_GRACE`` at most), every SSH connection is closed,
        then the room service. Safe to call twice."""
        if self.closing:
            return
        self.closing = True
        if self._acceptor is not None:
            self._acceptor.close()
        self.told = self.service.announce_stop()
        told = [c for c in self.children if c.player is not None and c.player.lower() in self.told]
        await wait_or_hurry(asyncio.gather(*(c.wait() for c in told)) if told else None, grace, hurry)
        children = list(self.children)
        for child in children:
            child.hangup()
        if children:
            await asyncio.wait([asyncio.ensure_future(c.wait()) for c in children], timeout=KILL_GRACE + 5)
        # Closing the connection first would drop what the clients have not yet written
        # to the players' terminals (OpenSSH drops it on a disconnect): the last of each
        # session's output, the terminal given back. A client closes its side of a
        # session's channel once it has (OpenSSH then leaves by itself).
        loop = asyncio.get_running_loop()
        until = loop.time() + CLOSE_GRACE
        while any(s.chan is not None for s in self.ended) and loop.time() < until:
            await asyncio.sleep(0.02)
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            try:
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
            except asyncio.TimeoutError:
                pass
        await self.service.close()


async def start_host(
    bind: str,
    port: int,
    data: Path,
    authorized_keys: Path | None,
    open_: bool,
    child_argv: list[str] | None = None,
    *,
    log: Callable[[str], None] | None = None,
    bot_pace: float = BOT_PACE,
) -> Host:
    """Start the room service on ``host.paths.socket_path(data)`` and an SSH server on
    ``bind``:``port`` (0 picks a free port; ``Host.port`` says which); return the ``Host``.

    ``authorized_keys`` (default ``~/.ssh/authorized_keys``) lists the public keys that
    may log in; it is read again at every login. ``open_`` lets anyone in instead.
    ``child_argv`` is the program each PTY session runs (default
    ``python -m tui.cli join --socket SOCKET``); ``log`` gets one line per session start
    and end. ``bot_pace``: seconds between two bot moves in a room (a person can follow
    them; ``host.service.BOT_PACE`` by default). Raises ``HostError`` (one line) when the
    keys file is missing or holds no key, another host already serves ``data``, the host
    key is unreadable, the socket path is too long, or the port cannot be bound (in use,
    not permitted).
    """
    if not 0 <= port <= 65535:
        raise HostError(f"port {port} is not a port number (0–65535)")
    data = Path(data).expanduser()
    keys_path = Path(authorized_keys).expanduser() if authorized_keys else Path.home() / ".ssh" / "authorized_keys"
    if not open_:
        _read_authorized_keys(keys_path)  # fail now, with one line, rather than at each login
    try:
        data.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as err:
        raise HostError(f"cannot create the data folder {data}: {err.strerror or err}") from None
    sock = service_socket_path(data)
    if len(os.fsencode(str(sock))) > MAX_SOCKET_PATH:
        raise HostError(f"the data folder path is too long for a Unix socket ({sock}); use --data with a shorter one")
    try:
        service = RoomService(data, bot_pace=bot_pace)  # locks the folder first: a second host touches nothing
    except ServiceError as err:
        raise HostError(str(err)) from None
    argv = list(child_argv) if child_argv is not None else [sys.executable, "-m", "tui.cli", "join", "--socket", str(sock)]
    try:
        host_key = _load_or_create_host_key(data / HOST_KEY_NAME)
        await service.start(sock)
    except (HostError, OSError) as err:
        await service.close()
        if isinstance(err, HostError):
            raise
        raise HostError(f"cannot listen on {sock}: {err.strerror or err}") from None
    host = Host(
        bind=bind,
        data=data,
        authorized_keys=keys_path,
        open_=open_,
        child_argv=argv,
        service=service,
        socket=sock,
        host_key=host_key,
        log=log,
    )
    try:
        host._acceptor = await asyncssh.create_server(
            lambda: _Server(host),
            bind,
            port,
            server_host_keys=[host_key],
            encoding=None,
            line_editor=False,
            public_key_auth=True,
            authorized_client_keys=None,  # never asyncssh's own: _Server.validate_public_key sees every key
            password_auth=False,
            kbdint_auth=open_,
            gss_host=None,
            login_timeout=LOGIN_TIMEOUT,
            agent_forwarding=False,
            x11_forwarding=False,
            keepalive_interval=30,
            keepalive_count_max=3,
        )
    except (OSError, asyncssh.Error) as err:
        await service.close()
        _unlink_quietly(sock)
        if isinstance(err, OSError) and err.errno == errno.EADDRINUSE:
            raise HostError(f"port {port} on {bind or 'every address'} is in use: choose another with --port") from None
        text = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise HostError(f"cannot listen on {bind or 'every address'} port {port}: {text}") from None
    host.port = host._acceptor.get_port()
    return host


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


# ---------------------------------------------------------------------------- boxtop host
def _say(line: str = "") -> None:
    print(line, flush=True)


async def _serve(bind: str, port: int, authorized_keys: Path | None, open_: bool, data: Path,
                 bot_pace: float) -> int:
    host = await start_host(bind, port, data, authorized_keys, open_, log=lambda line: _say(f"  {line}"),
                            bot_pace=bot_pace)
    stop, hurry = asyncio.Event(), asyncio.Event()  # the first Ctrl+C or SIGTERM; a second one
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: (hurry if stop.is_set() else stop).set())
    try:
        _say(f"boxtop host: listening on {bind or 'every address'} port {host.port}. Friends join with:")
        _say()
        _say(f"    {host.ssh_command('<name>')}")
        _say()
        _say(f"  <name> is the player's name: {NAME_RULE.removeprefix('a player name is ')}.")
        if _is_loopback(bind):
            _say("  Only this machine can connect; --bind 0.0.0.0 lets others on your network in.")
        if open_:
            print(
                "boxtop: warning: the host is open: anyone who can reach this port gets in, "
                "with or without a key (a name a key has used stays that key's). "
                "A player without a key who drops out can be replaced by anyone who logs in under "
                "the same name, and sees that seat's hidden cards: "
                "use --open only on a trusted network.",
                file=sys.stderr,
                flush=True,
            )
        else:
            _say(f"  Key-only: the public keys in {host.authorized_keys} may log in (read at every login).")
        _say(f"  Host key fingerprint: {host.fingerprint}")
        _say(f"  Data (journal, host key, socket): {host.data}")
        _say("  Ctrl+C stops the host.")
        await stop.wait()
    finally:
        # the signals stay caught while stopping: a second one only hurries it
        _say("boxtop host: stopping: telling every player (their games are kept); Ctrl+C again stops at once…")
        try:
            await host.close(hurry=hurry)
        finally:
            thinking.stop()  # a bot's or a hint's search under way ends with the host
            _unlink_quietly(host.socket)
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
    _say("boxtop host: stopped.")
    return 0


def run_host(bind: str, port: int, authorized_keys: Path | None, open_: bool, data: Path,
             bot_pace: float = BOT_PACE) -> int:
    """``boxtop host``: serve until Ctrl+C or SIGTERM; returns the exit status (0 once
    stopped). On the signal every session is told and ends, giving its player's
    terminal back, before the host closes (``Host.close``); a second signal hurries that.

    Prints the command friends type, whether the host is open (a warning line on
    stderr) or key-only, the host key's fingerprint and where the data lives. A problem
    starting (no authorized-keys file without ``--open``, port in use, …) is one line
    on stderr and exit status 2, never a traceback.
    """
    try:
        return asyncio.run(_serve(bind, port, authorized_keys, open_, Path(data), bot_pace))
    except HostError as err:
        print(f"boxtop: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
