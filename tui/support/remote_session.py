"""The app's side of a shared session: the link to the room service and the table it sent.

``RemoteLink`` keeps one ``host.client.ServiceClient`` and hands every service message
to the app. ``RemoteSession`` presents the last ``SeatUpdate`` the room sent this seat with the
few methods the game screen reads from a ``LocalSession`` (``view``, ``legal_commands``,
``log_lines``, ``to_act``, ``result`` …), so each game's table widget works unchanged in
a shared game. Nothing here changes game state: moves go to the room as ``Play``.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

import msgspec

import engine
from engine.core.room import LogMirror, SeatUpdate
from engine.core.seat_label import seat_label
from host import protocol as p
from host.client import HelloRefused, ServiceClient


class RemoteSession:
    """The started game as the room showed it to this connection (``engine.core.room.SeatUpdate``)."""

    def __init__(self, table: SeatUpdate) -> None:
        self.game = engine.get_game(table.game)
        self.log = LogMirror()
        self.update(table)

    def update(self, table: SeatUpdate) -> None:
        """Take the room's newest ``table``; the view is decoded with the game's view type,
        its log lines join those of the tables before (``LogMirror``)."""
        self.table = table
        self.log.apply(table)
        self.names = list(table.names)
        self.my_seat = table.seat
        self._view = msgspec.json.decode(table.view, type=self.game.view_type)
        self._legal = [self.game.parse(text, self.names) for text in table.legal]
        self._result = msgspec.convert(table.result, engine.Result) if table.result is not None else None

    # the LocalSession methods the game screen reads
    def view(self, seat: int | None) -> Any:
        return self._view

    def legal_commands(self, seat: int | None) -> list[Any]:
        return self._legal if seat is not None else []

    def legal(self, seat: int | None) -> list[str]:
        """The notations ``seat`` may play now (this connection's own seat's; else none)."""
        return list(self.table.legal) if seat is not None and seat == self.table.seat else []

    def log_lines(self, seat: int | None) -> list[str]:
        return self.log.lines()

    def to_act_seats(self) -> list[int]:
        return list(self.table.to_act)

    def to_act(self) -> list[str]:
        return [self.names[i] for i in self.table.to_act]

    def result(self) -> engine.Result | None:
        return self._result

    def can_undo(self, seat: int) -> bool:
        return self.table.can_undo

    def can_redo(self, seat: int) -> bool:
        return self.table.can_redo

    def is_bot(self, seat: int) -> bool:
        return self.table.bots[seat] is not None

    def bot_kinds(self) -> list[str | None]:
        """Each seat's bot kind (a seat a bot holds for its person too), None for a person's."""
        return list(self.table.bots)

    def seat_labels(self) -> list[str]:
        """Each seat as a list of seats shows it: "ann", "bot4 (hard bot)", and a seat a
        bot holds for its away person "cyd (expert bot)" (``engine.core.seat_label``)."""
        return [seat_label(name, bot) for name, bot in zip(self.names, self.table.bots)]

    def connected(self, seat: int) -> bool:
        return self.table.connected[seat]

    def hinted_names(self) -> list[str]:
        """The names of the seats that asked for a hint, in seat order."""
        return [self.names[i] for i in sorted(self.table.hinted) if 0 <= i < len(self.names)]


class RemoteLink:
    """The app's connection to the room service at ``socket_path`` as ``name``, logged
    in with the SSH key of fingerprint ``key`` (None: no key); ``token`` and ``takeover``
    go into its hello (``host.protocol.Hello``) when it connects.

    ``await run(handle)`` connects and awaits ``handle(message)`` for every service
    message until the connection ends, then ``handle(None)`` (after a ``Bye`` or a
    ``Stopping`` it stops there). A name the service refuses reaches ``handle`` as its
    ``Bye``. Raises ``ConnectionError`` with one sentence when the service cannot be
    reached.
    """

    def __init__(self, socket_path: str, name: str, key: str | None = None, token: str | None = None,
                 takeover: bool = False) -> None:
        self.socket_path = socket_path
        self.name = name
        self.key = key
        self.token, self.takeover = token, takeover
        self.client: ServiceClient | None = None

    async def run(self, handle: Callable[[Any], Awaitable[None]]) -> None:
        try:
            self.client = await ServiceClient.connect(self.socket_path, self.name, self.key, token=self.token,
                                                      takeover=self.takeover)
        except HelloRefused as err:  # the name is not this player's: the app ends with the line
            await handle(p.Bye(err.reason))
            return
        await handle(p.Welcome(self.name))  # connect() consumed the service's welcome
        try:
            while True:
                try:
                    message = await self.client.recv()
                except p.ProtocolError:
                    message = p.Bye("The host sent something this app cannot read.")
                await handle(message)
                if message is None or isinstance(message, (p.Bye, p.Stopping)):
                    return
        finally:
            await self.client.close()

    def send(self, message) -> None:
        """Send ``message`` without waiting; a lost connection shows up in ``run``."""
        if self.client is None:
            return
        task = asyncio.get_running_loop().create_task(self._send(message))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _send(self, message) -> None:
        try:
            await self.client.send(message)
        except (ConnectionError, OSError):
            pass
