"""Issue 10: "a remote player reaches nothing but the game". What an SSH client may ask of
the host besides a terminal session — a command, sftp or scp, a forwarded port either
way, an agent or X11 — is refused, and nothing runs on the host for it."""

from __future__ import annotations

import asyncio
import socket

import asyncssh
import msgspec
import pytest

from host import protocol as p
from host.service import RoomService
from host.ssh import start_host
from test_room_service import Peer, fast, short_dir  # noqa: F401 (fixtures)
from test_ssh import FAKE_ARGV, connect, data, keys  # noqa: F401 (fixtures)


#: What asyncssh's client raises when the server refuses a request.
REFUSED = (asyncssh.Error, asyncssh.ChannelOpenError, asyncssh.ChannelListenError)


def listening_port() -> tuple[socket.socket, int]:
    """A local TCP port something listens on (what a forward would reach)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s, s.getsockname()[1]


@pytest.mark.parametrize("open_", [False, True], ids=["key-only", "open"])
async def test_a_client_gets_no_command_file_transfer_or_forwarded_port(data, keys, open_):
    host = await start_host("127.0.0.1", 0, data, keys["auth"], open_, child_argv=FAKE_ARGV)
    target, port = listening_port()
    try:
        async with connect(host, "ann", client_keys=[keys["good"]]) as conn:
            # a command, even with a terminal: one line, status 1, no child
            result = await asyncio.wait_for(conn.run("cat ~/.ssh/id_ed25519", term_type="xterm"), 10)
            assert result.exit_status == 1 and "boxtop runs no commands" in result.stderr
            # sftp (and scp, which OpenSSH runs over sftp now) is a subsystem: refused
            with pytest.raises(REFUSED):
                await asyncio.wait_for(conn.start_sftp_client(), 10)
            # a forwarded port, to the host's side or from it
            with pytest.raises(REFUSED):
                await asyncio.wait_for(conn.open_connection("127.0.0.1", port), 10)
            with pytest.raises(REFUSED):
                await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port), 10)
            with pytest.raises(REFUSED):
                await asyncio.wait_for(conn.open_unix_connection(str(host.socket)), 10)
        assert not host.children
    finally:
        target.close()
        await host.close()


async def test_no_message_names_another_players_key(short_dir, fast):  # noqa: F811
    # "A remote (SSH) player reaches nothing but the game: no … other player's identity."
    # A player's key fingerprint is the service's proof of the name; it goes to nobody.
    svc = RoomService(short_dir / "data", bot_pace=None)
    await svc.start(short_dir / "s.sock")
    try:
        dan = await Peer.connect(short_dir / "s.sock", "dan", key="SHA256:dans-secret-key", token=svc.token)
        specs = [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]
        code = (await dan.ask(p.CreateRoom("gift-trap", specs, {"track_length": 5}), p.InRoom)).room.code
        eve = await Peer.connect(short_dir / "s.sock", "eve", key="SHA256:eves-key", token=svc.token)
        await eve.ask(p.JoinRoom(code), p.InRoom)
        await dan.expect(p.InRoom)
        await dan.ask(p.StartGame(), p.TableUpdate)
        await eve.expect(p.TableUpdate)
        await eve.client.send(p.ListRooms())
        await eve.expect(p.Lobby)
        for message in eve.seen:
            assert b"dans-secret-key" not in msgspec.json.encode(message)
        for message in dan.seen:
            assert b"eves-key" not in msgspec.json.encode(message)
        await dan.close()
        await eve.close()
    finally:
        await svc.close()
