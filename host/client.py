"""A connection to the room service, as the app (and the tests) use it.

``client = await ServiceClient.connect(socket_path, name, key=fingerprint)`` says hello
and waits for the welcome; ``await client.send(message)`` sends a ``protocol`` client
message; ``await client.recv()`` returns the next service message, or None once the
service has closed the connection. Raises ``ConnectionError`` with one sentence when the
service cannot be reached, ``HelloRefused`` (a ``ConnectionError``) when it refuses the
name.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from . import protocol as p


class HelloRefused(ConnectionError):
    """The service said ``Bye`` to the hello: ``reason`` is its sentence (the name is
    not valid, belongs to another key, or is connected already)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ServiceClient:
    """One open connection; see the module docstring."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str) -> None:
        self.reader = reader
        self.writer = writer
        self.name = name

    @classmethod
    async def connect(cls, socket_path: str | Path, name: str, key: str | None = None, *,
                      token: str | None = None, takeover: bool = False) -> "ServiceClient":
        """Connect to the service at ``socket_path`` as ``name``, logged in with the SSH
        key of fingerprint ``key`` (None: no key); the welcome is consumed. ``token`` and
        ``takeover`` go into the hello (``protocol.Hello``)."""
        try:
            reader, writer = await asyncio.open_unix_connection(str(socket_path), limit=p.MAX_SERVICE_FRAME + 8)
        except OSError as err:
            raise ConnectionError(f"cannot reach the boxtop host at {socket_path}: {err.strerror or err}") from None
        client = cls(reader, writer, name)
        await client.send(p.Hello(name, key, token, takeover))
        first = await client.recv()
        if isinstance(first, p.Bye):
            await client.close()
            raise HelloRefused(first.reason)
        if not isinstance(first, p.Welcome):
            await client.close()
            raise ConnectionError("the boxtop host did not welcome this connection")
        return client

    async def send(self, message) -> None:
        """Send one client message; raises ``ConnectionError`` when the service is gone."""
        self.writer.write(p.frame(message))
        await self.writer.drain()

    async def recv(self):
        """The next service message, or None when the connection has ended.

        Raises ``protocol.ProtocolError`` for a frame the client cannot read.
        """
        try:
            body = await p.read_frame(self.reader, p.MAX_SERVICE_FRAME)
        except ConnectionError:
            return None
        if body is None:
            return None
        return p.decode_service(body)

    async def close(self) -> None:
        """Close the connection (the service frees or keeps the seat as its rules say)."""
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
