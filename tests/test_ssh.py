"""SSH hosting (``docs/architecture.md``, "Sessions", the SSH hosting paragraph): one child
per PTY session, its controlling terminal the PTY (resizes arrive), TERM from the
client, no COLUMNS/LINES, bytes passed through, children killed and reaped when the
client vanishes; sessions without a PTY refused; key-only or open auth; a persistent
host key."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pytest

from host.ssh import HostError, start_host
from ssh_helpers import client_keys, in_process_host, read_until

ROOT = Path(__file__).resolve().parent.parent

# The fake child: its pid, name, TERM, COLUMNS/LINES, isatty and size; the size again on
# every SIGWINCH; every input line echoed back.
FAKE_CHILD = r"""
import os, signal, sys
def size(*_):
    c, r = os.get_terminal_size(1)
    os.write(1, f"size={c}x{r}\n".encode())  # not print: a signal may come while it writes
signal.signal(signal.SIGWINCH, size)
print(f"pid={os.getpid()} player={os.environ.get('BOXTOP_PLAYER')} term={os.environ.get('TERM')} "
      f"cols={os.environ.get('COLUMNS')} lines={os.environ.get('LINES')} tty={os.isatty(0)}", flush=True)
size()
print("ready", flush=True)
for line in sys.stdin:
    if line.strip() == "quit":
        sys.exit(3)
    print("echo:" + line.strip(), flush=True)
"""
FAKE_ARGV = [sys.executable, "-c", FAKE_CHILD]


@pytest.fixture
def data():
    # short: the room service's Unix socket lives in it
    with tempfile.TemporaryDirectory(prefix="bx", dir="/tmp") as d:
        yield Path(d)


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    """An authorized key (written to an authorized_keys file) and a stranger's key."""
    return client_keys(tmp_path_factory.mktemp("keys"), ["good", "other"], ["good"], b"# friends\n")


def connect(host, user="ann", **kw):
    options = dict(known_hosts=None, agent_path=None, config=None, client_keys=None)
    options.update(kw)
    return asyncssh.connect("127.0.0.1", host.port, username=user, **options)


async def gone(pid: int, timeout: float = 5.0) -> bool:
    """Whether ``pid`` stops existing (killed and reaped) within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        await asyncio.sleep(0.05)
    return False


def hosting(data: Path, auth: Path | None, open_mode: bool = False):
    """A host (``start_host``) on a free port of 127.0.0.1 with its data in ``data`` and
    ``auth`` its authorized-keys file, each session running the fake child; closed on leaving."""
    return in_process_host(data, auth, open_mode, child_argv=FAKE_ARGV)


def no_zombies_of_ours() -> bool:
    """Whether this process has no exited-but-unreaped child (WNOWAIT: nothing is reaped here)."""
    try:
        return os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:  # no children at all
        return True


# ---------------------------------------------------------------- the PTY session


async def test_pty_session_runs_the_child_with_name_term_and_resizes(data, keys):
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, "ann", client_keys=[keys["good"]]) as conn:
            proc = await conn.create_process(term_type="screen-256color", term_size=(91, 27), encoding=None)
            out = await read_until(proc.stdout, b"ready")
            pid = int(re.search(rb"pid=(\d+)", out).group(1))
            assert b"player=ann term=screen-256color cols=None lines=None tty=True" in out
            assert b"size=91x27" in out
            # bytes both ways: the line is echoed by the terminal and by the child
            proc.stdin.write(b"hello\r")
            await read_until(proc.stdout, b"echo:hello")
            # a window change reaches the child as SIGWINCH with the new size
            proc.change_terminal_size(120, 40)
            await read_until(proc.stdout, b"size=120x40")
            assert pid in {c.pid for c in host.children}
        # the client went away: the child is killed and reaped
        assert await gone(pid)
        for _ in range(50):
            if not host.children:
                break
            await asyncio.sleep(0.05)
        assert not host.children
        assert no_zombies_of_ours()


async def test_child_exit_status_reaches_the_client(data, keys):
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, "bob", client_keys=[keys["good"]]) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(proc.stdout, b"ready")
            proc.stdin.write(b"quit\r")
            await asyncio.wait_for(proc.wait(), 10)
            assert proc.exit_status == 3
        assert not host.children


async def test_host_close_kills_and_reaps_running_children(data, keys):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=FAKE_ARGV)
    closed = False
    try:
        conn = await connect(host, "cyd", client_keys=[keys["good"]])
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        out = await read_until(proc.stdout, b"ready")
        pid = int(re.search(rb"pid=(\d+)", out).group(1))
        await host.close()
        closed = True
        assert await gone(pid, timeout=1.0)
        await asyncio.wait_for(conn.wait_closed(), 5)
    finally:
        if not closed:
            await host.close()


# ---------------------------------------------------------------- refusals


async def test_session_without_a_pty_gets_one_line_and_status_1(data, keys):
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, "ann", client_keys=[keys["good"]]) as conn:
            result = await asyncio.wait_for(conn.run(), 10)  # a shell, no PTY (ssh -T)
            assert result.exit_status == 1
            assert result.stdout == ""
            assert result.stderr == f"boxtop needs a terminal: connect with ssh -t -p {host.port} ann@127.0.0.1\n"
            result = await asyncio.wait_for(conn.run("ls /"), 10)  # a command
            assert result.exit_status == 1 and result.stderr.count("\n") == 1
        assert not host.children


async def test_a_name_the_room_service_refuses_gets_one_line(data, keys):
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, "no way!", client_keys=[keys["good"]]) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            result = await asyncio.wait_for(proc.wait(), 10)
            assert result.exit_status == 1
            line = result.stderr or result.stdout  # with a PTY the client may merge them
            assert b"a player name is 1" in line and line.count(b"\n") == 1
        assert not host.children


# ---------------------------------------------------------------- auth and host key


async def test_only_authorized_keys_get_in_unless_open(data, keys):
    async with hosting(data, keys["auth"]) as host:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(host, client_keys=[keys["other"]]):
                pass
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(host, client_keys=None, password="secret"):
                pass
        async with connect(host, client_keys=[keys["good"]]) as conn:
            assert conn.get_extra_info("username") == "ann"

    async with hosting(data, None, True) as host:
        # without a key, by keyboard-interactive (asyncssh's client answers it only with a
        # password, here an empty one; the host asks nothing)
        for extra in ({"password": ""}, {"client_keys": [keys["other"]]}, {"password": "anything"}):
            async with connect(host, "dan", **extra) as conn:
                result = await asyncio.wait_for(conn.run(), 10)
                assert result.exit_status == 1  # in, then refused for want of a PTY


async def test_missing_keys_file_and_busy_port_are_one_line_errors(data, keys, tmp_path):
    with pytest.raises(HostError, match="no authorized-keys file"):
        await start_host("127.0.0.1", 0, data, tmp_path / "nope", False)
    empty = tmp_path / "empty_keys"
    empty.write_text("# nobody yet\n")
    with pytest.raises(HostError, match="holds no public key"):
        await start_host("127.0.0.1", 0, data, empty, False)
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False)
    try:
        with tempfile.TemporaryDirectory(prefix="bx", dir="/tmp") as other:
            with pytest.raises(HostError, match="in use"):
                await start_host("127.0.0.1", host.port, Path(other), keys["auth"], False)
        with pytest.raises(HostError, match="already using"):
            await start_host("127.0.0.1", 0, data, keys["auth"], False)
    finally:
        await host.close()


async def test_host_key_is_created_private_and_kept(data, keys):
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, client_keys=[keys["good"]]) as conn:
            first = conn.get_server_host_key().export_public_key()
    key_file = data / "ssh_host_ed25519_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    async with hosting(data, keys["auth"]) as host:
        async with connect(host, client_keys=[keys["good"]]) as conn:
            assert conn.get_server_host_key().export_public_key() == first


# ---------------------------------------------------------------- the real app


async def test_real_child_shows_the_lobby(data, keys):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False)
    try:
        async with connect(host, "ann", client_keys=[keys["good"]]) as conn:
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            await read_until(proc.stdout, b"Lobby", timeout=15, strip_ansi=True)
            # a taller window reaches the app (SIGWINCH): it draws on row 40, beyond the first 30
            proc.change_terminal_size(100, 40)
            await read_until(proc.stdout, b"\x1b[40;", timeout=10)
            pids = [c.pid for c in host.children]
            assert len(pids) == 1
        assert await gone(pids[0])  # the app got SIGHUP when the client left
        assert no_zombies_of_ours()
    finally:
        await host.close()


# ---------------------------------------------------------------- OpenSSH's client


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is not installed")
async def test_openssh_without_a_terminal_is_refused(data, keys):
    async with hosting(data, keys["auth"]) as host:
        proc = await asyncio.create_subprocess_exec(
            "ssh", "-T", "-p", str(host.port),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR",
            "-F", "/dev/null", "-i", str(keys["good_path"]), "ann@127.0.0.1",
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), 15)
        assert proc.returncode == 1, err
        assert b"boxtop needs a terminal: connect with ssh -t" in err
