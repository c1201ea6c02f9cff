"""What one key may take of a host (the security review's N4), over a real host with
keys only: the unfinished-room cap counts every name of a key, compared without case
(``M0`` is ``m0``, and ``m1`` of the same key shares the cap), a key may claim only
``MAX_NAMES_PER_KEY`` names unless the authorized-keys file pins it to more, and a host
near its room cap sweeps rooms nobody is in sooner (``test_room_lifecycle.py``).

Each session runs a small child that does what the app does with its identity: it says
hello to the room service as ``BOXTOP_PLAYER`` with ``BOXTOP_KEY``, then opens rooms as
the new-room form does (a Gift Trap room, started, left), and prints how many it made
and the refusal that stopped it.
"""

from __future__ import annotations

import re
import sys

import pytest

asyncssh = pytest.importorskip("asyncssh")

from host.paths import socket_path  # noqa: E402
from host.service import MAX_NAMES_PER_KEY, MAX_ROOMS_PER_USER  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import read_until  # noqa: E402
from test_ssh_identity import admitted, data, keys, refusal  # noqa: E402,F401

ROOMS_CHILD = r"""
import asyncio, os, sys
from host import protocol as p
from host.client import ServiceClient
async def main():
    client = await ServiceClient.connect(sys.argv[1], os.environ["BOXTOP_PLAYER"], key=os.environ["BOXTOP_KEY"],
                                         token=os.environ["BOXTOP_HOST_TOKEN"])
    print("welcome", flush=True)
    made = 0
    for _ in range(int(sys.argv[2])):
        await client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("random"), p.SeatSpec("random")]))
        while not isinstance(m := await client.recv(), (p.InRoom, p.Refused)):
            pass
        if isinstance(m, p.Refused):
            print(f"made {made}; refused: {m.message}", flush=True)
            break
        await client.send(p.StartGame())
        while not isinstance(await client.recv(), p.TableUpdate):
            pass
        await client.send(p.LeaveRoom())
        while not isinstance(await client.recv(), p.Lobby):
            pass
        made += 1
    else:
        print(f"made {made}; done", flush=True)
    while (await client.recv()) is not None:
        pass
asyncio.run(main())
"""


def rooms_argv(data, count: int) -> list[str]:
    return [sys.executable, "-c", ROOMS_CHILD, str(socket_path(data)), str(count)]


async def rooms_made(host, name: str, key) -> bytes:
    """What the child of a session as ``name`` printed after "made" once it stopped
    opening rooms: b" 5; refused: …" or b" 6; done"."""
    player = await admitted(host, name, key)
    try:
        said = player.first
        while not re.search(rb"made [^\n]*\n", said):
            said += await read_until(player.proc.stdout, b"\n", timeout=30)
        return re.search(rb"made([^\r\n]*)", said).group(1)
    finally:
        await player.close()


async def test_one_keys_names_share_its_unfinished_room_cap_whatever_their_case(data, keys):  # noqa: F811
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=rooms_argv(data, 6))
    try:
        first = await rooms_made(host, "m0", keys["alice"])
        assert first.startswith(f" {MAX_ROOMS_PER_USER}; refused: You have {MAX_ROOMS_PER_USER} unfinished rooms".encode())
        assert (await rooms_made(host, "M0", keys["alice"])).startswith(b" 0; refused: You have")
        assert (await rooms_made(host, "m1", keys["alice"])).startswith(b" 0; refused: You have")
        assert (await rooms_made(host, "b0", keys["bob"])).startswith(f" {MAX_ROOMS_PER_USER}; refused".encode())
    finally:
        await host.close()


async def test_a_key_may_claim_only_so_many_names(data, keys):  # noqa: F811
    host = await start_host("127.0.0.1", 0, data, keys["auth"], False, child_argv=rooms_argv(data, 0))
    try:
        for i in range(MAX_NAMES_PER_KEY):
            await (await admitted(host, f"eve{i}", keys["alice"])).close()
        line = await refusal(host, f"eve{MAX_NAMES_PER_KEY}", keys["alice"])
        assert f"your key has {MAX_NAMES_PER_KEY} names here already (eve0, eve1, eve2)" in line.lower()
        await (await admitted(host, "EVE1", keys["alice"])).close()  # its own names stay its own
        await (await admitted(host, "bo", keys["bob"])).close()  # another key is not held back
    finally:
        await host.close()
