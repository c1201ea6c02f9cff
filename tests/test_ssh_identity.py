"""Who a player is over SSH, and how much one player may take (issue 10, findings 2 and 6).

A name belongs to the first key that uses it (kept in the data folder, across restarts);
another key, or a client without one, is refused with one line. An authorized key's
``environment="BOXTOP_NAME=…"`` option pins it to its names. In ``--open`` mode a client
that offers a key is identified by it, and one without a key gets in with no prompt,
under a name no key owns, which is free again once it leaves. One name has one
connection: the same key connecting again takes the seat over, and the old session is
told so in one line. A user (a key, or an address without one) runs at most
``MAX_SESSIONS_PER_USER`` sessions; windows are clamped to ``MAX_WIDTH``×``MAX_HEIGHT``;
connections that never log in or never start a game are closed.

Every test runs a real host (``start_host``) and asyncssh's client on 127.0.0.1.
"""

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

import host.ssh
from host import protocol as p
from host.client import ServiceClient
from host.paths import socket_path
from host.ssh import MAX_HEIGHT, MAX_SESSIONS_PER_USER, MAX_WIDTH, start_host
from ssh_helpers import client_keys, plain, read_until


# A child that does what the app does with its identity: it says hello to the room
# service with BOXTOP_PLAYER and BOXTOP_KEY, prints its terminal size, its key and the
# service's answer, and stays connected until the service or the client ends it.
SERVICE_CHILD = r"""
import asyncio, os, sys
from host import protocol as p
from host.client import ServiceClient
async def main():
    c, r = os.get_terminal_size(1)
    key = os.environ.get("BOXTOP_KEY")
    print(f"size={c}x{r} player={os.environ['BOXTOP_PLAYER']} key={key}", flush=True)
    try:
        client = await ServiceClient.connect(sys.argv[1], os.environ["BOXTOP_PLAYER"], **({"key": key} if key else {}),
                                             token=os.environ["BOXTOP_HOST_TOKEN"])
    except ConnectionError as err:
        print(f"refused: {err}", flush=True)
        return 1
    print("welcome", flush=True)
    while (m := await client.recv()) is not None:
        if isinstance(m, p.Bye):
            print(f"bye: {m.reason}", flush=True)
            return 1
    return 0
sys.exit(asyncio.run(main()))
"""

# A child that only shows its terminal size, again on every SIGWINCH.
SIZE_CHILD = r"""
import os, signal, sys
def size(*_):
    c, r = os.get_terminal_size(1)
    os.write(1, f"size={c}x{r}\n".encode())  # not print: a signal may come while it writes
signal.signal(signal.SIGWINCH, size)
size()
print("ready", flush=True)
for line in sys.stdin:
    pass
"""
SIZE_ARGV = [sys.executable, "-c", SIZE_CHILD]


@pytest.fixture
def data():
    # short: the room service's Unix socket lives in it
    with tempfile.TemporaryDirectory(prefix="bx", dir="/tmp") as d:
        yield Path(d)


def service_argv(data: Path) -> list[str]:
    return [sys.executable, "-c", SERVICE_CHILD, str(socket_path(data))]


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    """alice's and bob's keys, both in an authorized_keys file (no pins)."""
    folder = tmp_path_factory.mktemp("keys")
    return client_keys(folder, ["alice", "bob"], ["alice", "bob"]) | {"folder": folder}


class Keyless(asyncssh.SSHClient):
    """A client without a key that takes part in keyboard-interactive login and
    records every prompt it is shown (there must be none)."""

    prompts: list = []

    def kbdint_auth_requested(self):
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        Keyless.prompts.append((name, instructions, list(prompts)))
        return [""] * len(prompts)


def connect(host, user, key=None, **kw):
    """An asyncssh connection as ``user`` with ``key`` (a private key), or without a key."""
    options = dict(known_hosts=None, agent_path=None, config=None, client_keys=[key] if key is not None else None)
    if key is None:
        options["client_factory"] = Keyless
    options.update(kw)
    return asyncssh.connect("127.0.0.1", host.port, username=user, **options)


class Player:
    """A session whose child the room service welcomed."""

    def __init__(self, conn, proc, first: bytes) -> None:
        self.conn, self.proc, self.first = conn, proc, first

    async def more(self, seconds: float = 0.3) -> bytes:
        """What the child printed within ``seconds``."""
        out = b""
        try:
            while chunk := await asyncio.wait_for(self.proc.stdout.read(4096), seconds):
                out += chunk
        except asyncio.TimeoutError:
            pass
        return out

    def key(self) -> str:
        return re.search(rb"key=(\S+)", self.first).group(1).decode()

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def admitted(host, name: str, key=None, size=(80, 24)) -> Player:
    """A session as ``name`` that gets in and is welcomed by the room service."""
    conn = await connect(host, name, key)
    proc = await conn.create_process(term_type="xterm", term_size=size, encoding=None)
    try:
        first = await read_until(proc.stdout, b"welcome", timeout=20)
    except AssertionError as err:  # say what the host answered instead
        said = await asyncio.wait_for(proc.stderr.read(4096), 5)
        raise AssertionError(f"{name} was not let in: {said!r}") from err
    # what the child printed before its welcome (a child may print on in the same read)
    assert b"refused" not in first.partition(b"welcome")[0], first
    return Player(conn, proc, first)


async def refusal(host, name: str, key=None) -> str:
    """The one line a session as ``name`` gets instead of a game (exit status 1)."""
    async with connect(host, name, key) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        try:
            result = await asyncio.wait_for(proc.wait(), 20)
        except asyncio.TimeoutError:
            raise AssertionError(f"{name} was let in: {proc.collect_output()!r}") from None
    line = (result.stderr or result.stdout).decode()
    assert result.exit_status == 1, line
    assert line.count("\n") == 1 and line.startswith("boxtop: "), line
    return line


async def until(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def connected_names(host) -> set[str]:
    return {c.name for c in host.service.connections if c.name and not c.closed}


# ---------------------------------------------------------------- a name belongs to a key


async def test_alices_key_cannot_log_in_as_bob_not_even_while_bob_is_connected(data, keys):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=service_argv(data))
    try:
        bob = await admitted(host, "bob", keys["bob"])
        for name in ("bob", "BOB"):  # names compare without case
            line = await refusal(host, name, keys["alice"])
            assert "belongs to another player's key" in line and "Connect with ssh -t" in line, line
        assert bob.key() == keys["bob"].get_fingerprint()
        # bob was not disturbed: still connected, alone under his name, nothing said to him
        assert [c.key for c in host.service.connections if c.name == "bob"] == [keys["bob"].get_fingerprint()]
        assert b"bye" not in await bob.more()
        # a name nobody owns is alice's once she uses it; then bob is the one refused
        alice = await admitted(host, "root", keys["alice"])
        assert "belongs to another player's key" in await refusal(host, "root", keys["bob"])
        await alice.close()
        assert "belongs to another player's key" in await refusal(host, "Root", keys["bob"])
        await bob.close()
    finally:
        await host.close()


async def test_the_first_key_to_use_a_name_owns_it_across_a_restart(data, keys):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=service_argv(data))
    try:
        carol = await admitted(host, "carol", keys["alice"])
        await carol.close()
    finally:
        await host.close()
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=service_argv(data))
    try:
        assert "belongs to another player's key" in await refusal(host, "carol", keys["bob"])
        carol = await admitted(host, "Carol", keys["alice"])
        await carol.close()
    finally:
        await host.close()


async def test_a_pinned_key_may_use_only_its_pinned_names(data, keys, tmp_path):
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(keys["alice"].export_public_key() + keys["bob"].export_public_key())
    host = await start_host("127.0.0.1", 0, data, auth, False, child_argv=service_argv(data))
    try:
        zed = await admitted(host, "zed", keys["bob"])  # bob's first: his
        await zed.close()
        await until(lambda: "zed" not in connected_names(host))  # a loaded host lets go late
        # the host's owner pins alice's key to ann and zed (read at the next login)
        pinned = b'environment="BOXTOP_NAME=ann,zed" ' + keys["alice"].export_public_key()
        auth.write_bytes(b"# alice\n" + pinned + keys["bob"].export_public_key())
        line = await refusal(host, "alice", keys["alice"])
        assert "your key may use only the names ann, zed." in line, line
        line = await refusal(host, "ann", keys["bob"])  # kept for alice before she ever used it
        assert "the name ann is kept for another key" in line, line
        zed = await admitted(host, "ZED", keys["alice"])  # the pin wins over bob's claim
        await zed.close()
        assert "zed is kept for another key" in await refusal(host, "zed", keys["bob"])
        ann = await admitted(host, "ann", keys["alice"])
        await ann.close()
        bob = await admitted(host, "bob", keys["bob"])  # bob's own names still work
        await bob.close()
    finally:
        await host.close()


# ---------------------------------------------------------------- one connection per name


async def test_the_same_key_connecting_again_takes_the_seat_back_and_the_old_session_gets_its_line(data, keys):
    # the real app: BOXTOP_KEY reaches `boxtop join` and its hello
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False)
    try:
        bob = await ServiceClient.connect(host.socket, "bob")
        seats = [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]
        await bob.send(p.CreateRoom("gift-trap", seats, {"track_length": 5}))
        room = None
        while room is None:
            m = await asyncio.wait_for(bob.recv(), 10)
            room = m.room if isinstance(m, p.InRoom) else None

        async def bob_sees(condition) -> object:
            while True:
                m = await asyncio.wait_for(bob.recv(), 15)
                if isinstance(m, (p.InRoom, p.TableUpdate)) and condition(m):
                    return m

        first = await connect(host, "ann", keys["alice"])
        one = await first.create_process(term_type="xterm-256color", term_size=(130, 40), encoding=None)
        await read_until(one.stdout, b"Lobby", timeout=20, strip_ansi=True)
        one.stdin.write(b"/")
        await asyncio.sleep(0.3)
        one.stdin.write(room.code.encode() + b"\r")
        await bob_sees(lambda m: isinstance(m, p.InRoom) and m.room.seats[1].name == "ann")
        await bob.send(p.StartGame())
        await bob_sees(lambda m: isinstance(m, p.TableUpdate) and m.table.connected == [True, True, True])
        assert [c.key for c in host.service.connections if c.name == "ann"] == [keys["alice"].get_fingerprint()]

        second = await connect(host, "ann", keys["alice"])
        two = await second.create_process(term_type="xterm-256color", term_size=(130, 40), encoding=None)
        # the first session ends with its one line; ann's seat is away meanwhile
        await bob_sees(lambda m: isinstance(m, p.TableUpdate) and m.table.connected == [True, False, True])
        result = await asyncio.wait_for(one.wait(), 15)
        assert result.exit_status == 1
        assert b"You connected again elsewhere; this session is closed." in plain(result.stdout)
        # straight back to the table: her seat is in a game in play (no code to type)
        back = await bob_sees(lambda m: isinstance(m, p.TableUpdate) and m.table.connected == [True, True, True])
        assert back.table.names[1] == "ann"
        await read_until(two.stdout, b"you are ann", timeout=15, strip_ansi=True)
        assert len([c for c in host.service.connections if c.name == "ann"]) == 1
        first.close()
        second.close()
        await bob.close()
    finally:
        await host.close()


# ---------------------------------------------------------------- open mode


async def test_open_mode_identifies_keys_and_lets_keyless_clients_in_under_free_names(data, keys):
    Keyless.prompts.clear()
    host = await start_host("127.0.0.1", 0, data, None, True, child_argv=service_argv(data))
    try:
        ann = await admitted(host, "ann", keys["alice"])
        assert ann.key() == keys["alice"].get_fingerprint()  # identified by her key
        kid = await admitted(host, "kid")  # no key: in, with no prompt
        assert kid.key() == "None" and Keyless.prompts == []
        # a keyless client may not use a key's name, connected or not
        assert "belongs to a player with a key" in await refusal(host, "ann")
        await ann.close()
        await until(lambda: "ann" not in connected_names(host))
        assert "belongs to a player with a key" in await refusal(host, "Ann")
        # a connected keyless name is nobody else's meanwhile, with a key or without
        assert "kid is connected already" in await refusal(host, "kid")
        assert "kid is connected already" in await refusal(host, "KID", keys["bob"])
        # it is free again once it leaves: not recorded as owned
        await kid.close()
        await until(lambda: "kid" not in connected_names(host))
        again = await admitted(host, "kid")
        await again.close()
        await until(lambda: "kid" not in connected_names(host))
        assert host.service.journal.name_owner("kid") is None
        # and a key may then make it its own
        bobs = await admitted(host, "kid", keys["bob"])
        await bobs.close()
        assert "belongs to a player with a key" in await refusal(host, "kid")
        assert Keyless.prompts == []
    finally:
        await host.close()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is not installed")
async def test_open_mode_openssh_offers_its_key_first_and_keyless_gets_no_prompt(data, keys, tmp_path):
    host = await start_host("127.0.0.1", 0, data, None, True, child_argv=service_argv(data))

    async def ssh(name: str, *identity: str) -> bytes:
        proc = await asyncio.create_subprocess_exec(
            "ssh", "-tt", "-p", str(host.port), "-F", "/dev/null",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "PasswordAuthentication=no", "-o", "IdentitiesOnly=yes", *identity, f"{name}@127.0.0.1",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env={**os.environ, "HOME": str(tmp_path), "SSH_AUTH_SOCK": ""},
            start_new_session=True,  # no terminal to ask a question on: a prompt would fail the login
        )
        out = b""
        try:
            while b"welcome" not in out and b"refused" not in out:
                chunk = await asyncio.wait_for(proc.stdout.read(4096), 15)
                if not chunk:
                    break
                out += chunk
        finally:
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
        return out

    try:
        out = await ssh("ann", "-i", str(keys["alice_path"]))
        assert b"welcome" in out and f"key={keys['alice'].get_fingerprint()}".encode() in out, out
        await until(lambda: "ann" not in connected_names(host))
        out = await ssh("kid", "-o", "IdentityFile=none")
        assert b"welcome" in out and b"key=None" in out, out
    finally:
        await host.close()


# ---------------------------------------------------------------- limits


async def test_a_user_gets_at_most_the_per_user_sessions_a_key_or_an_address_apart(data, keys):
    host = await start_host("127.0.0.1", 0, data, None, True, child_argv=SIZE_ARGV)
    try:
        async with connect(host, "kid") as conn:  # no key: the user is the address
            procs = []
            for _ in range(MAX_SESSIONS_PER_USER):
                proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                await read_until(proc.stdout, b"ready")
                procs.append(proc)
            async with connect(host, "kid2") as other:  # another connection from that address
                proc = await other.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                result = await asyncio.wait_for(proc.wait(), 10)
                line = (result.stderr or result.stdout).decode()
                assert result.exit_status == 1 and line.count("\n") == 1, line
                assert f"you have {MAX_SESSIONS_PER_USER} sessions on this host already; close one first." in line
            # a key is a user of its own, whatever its address
            async with connect(host, "ann", keys["alice"]) as theirs:
                proc = await theirs.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
                await read_until(proc.stdout, b"ready")
            assert len(host.children) >= MAX_SESSIONS_PER_USER
            # one closed, one more may start
            procs[0].close()
            await until(lambda: host.sessions_of.get("address 127.0.0.1", 0) < MAX_SESSIONS_PER_USER)
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(proc.stdout, b"ready")
    finally:
        await host.close()


async def test_a_huge_window_is_clamped_at_the_pty_with_a_line_to_the_client(data, keys):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=SIZE_ARGV)
    try:
        async with connect(host, "ann", keys["alice"]) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(10000, 10000), encoding=None)
            await read_until(proc.stdout, f"size={MAX_WIDTH}x{MAX_HEIGHT}".encode())
            line = await read_until(proc.stderr, b"\n")
            assert line == f"boxtop: your window is 10000×10000; the game uses {MAX_WIDTH}×{MAX_HEIGHT} of it.\r\n".encode()
            proc.change_terminal_size(120, 40)
            await read_until(proc.stdout, b"size=120x40")
            proc.change_terminal_size(20000, 300)
            await read_until(proc.stdout, f"size={MAX_WIDTH}x{MAX_HEIGHT}".encode())
            proc.change_terminal_size(MAX_WIDTH, 100)
            await read_until(proc.stdout, f"size={MAX_WIDTH}x100".encode())
    finally:
        await host.close()


async def test_connections_per_address_and_idle_connections_are_limited(data, keys, monkeypatch):
    monkeypatch.setattr(host.ssh, "MAX_CONNECTIONS_PER_ADDRESS", 2)
    monkeypatch.setattr(host.ssh, "LOGIN_TIMEOUT", 0.5)
    monkeypatch.setattr(host.ssh, "SESSION_WAIT", 3.0)
    server = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=SIZE_ARGV)
    try:
        one = await connect(server, "ann", keys["alice"])
        two = await connect(server, "bob", keys["bob"])
        with pytest.raises(asyncssh.DisconnectError, match="more than 2 connections from your address"):
            await connect(server, "cyd", keys["alice"])
        # logged in, but no game started: closed after SESSION_WAIT
        await asyncio.wait_for(one.wait_closed(), 10)
        await asyncio.wait_for(two.wait_closed(), 10)
        # a connection that never logs in is closed after LOGIN_TIMEOUT
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        start = time.monotonic()
        assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"SSH-2.0-")
        while await asyncio.wait_for(reader.read(4096), 5):
            pass
        assert time.monotonic() - start < 5
        writer.close()
        await until(lambda: not server.connections)
        # and the limit counts only open connections
        async with connect(server, "ann", keys["alice"]) as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await read_until(proc.stdout, b"ready")
    finally:
        await server.close()
