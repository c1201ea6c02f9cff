"""Keys in the order they were typed: one key at a time through the app.

A terminal read can hold many keys: a burst over a laggy SSH link, a key repeat, a fast
typist's double enter. Textual forwards each key to the queue of the widget focused
*when the app reads it*, so every key of a burst lands in the widget that was focused
before the first key was handled: the ``:`` line that enter has just closed gets the keys
meant for the table ("burst1Tburst2"), a hand-over's second enter reaches the hand-over
again. ``KeyOrder`` lets one key through at a time: the next key waits until the one
before it has been handled, with what it set off (a line submitted and closed, the focus
moved, a screen pushed or popped), and then goes to whatever has the focus at that
moment. Keys keep their order and their time stamps (``Message.time``: when they were
read), so guards that drop keys typed too early still see when each was typed.

How a key is known to be handled, with Textual's public API only: the app hands it on
(``App.on_event``) to a priority binding or the focused widget; the key is done once
the screen on top and its focused widget with every ancestor have worked through their
queues for as many rounds as a message needs to climb that chain twice (the key, then
what it posted, such as an input's ``Submitted``), counted again from when the key
comes back up to the app and the app's bindings ran (an input's enter is a binding: its
action posts the ``Submitted``). A node that never gets there (a handler awaiting
something slow) costs at most ``PATIENCE`` seconds, after which the next key goes on
as before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

from textual import events

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump


class KeyOrder:
    """One key in flight at a time for ``app`` (see the module's docstring).

    The app calls ``admit`` for each key it reads (False: held, it comes again later),
    ``handed_on`` once it has handed a key on (to its priority bindings or the focused
    widget), ``came_back`` when a key has come back up and its bindings ran, and
    ``done`` when the app dropped it."""

    #: seconds a key may take before the next goes on regardless
    PATIENCE = 3.0

    def __init__(self, app: "App") -> None:
        self.app = app
        self.flying: events.Key | None = None  # the key being handled
        self.held: deque[events.Key] = deque()  # keys read after it, in order
        self.watching: set[asyncio.Task] = set()
        self.rounds = 0  # rounds the key in flight still waits (``_watch``)
        self.waiting: asyncio.TimerHandle | None = None  # keys wait for the host (``wait_for_host``)

    def admit(self, key: events.Key) -> bool:
        """Whether ``key``, just read, may be handled now; otherwise it is held and
        posted to the app again when its turn comes."""
        if self.flying is None and self.waiting is None:
            self.flying = key
            return True
        if key is self.flying:
            return True
        self.held.append(key)
        return False

    def wait_for_host(self, seconds: float) -> None:
        """The app asked the host for something that changes the screen (a room to join,
        a game to start): keys read from now on wait until ``resume`` (the answer came)
        or ``seconds`` have passed, and then go to the screen the answer brought."""
        if self.waiting is not None:
            self.waiting.cancel()
        self.waiting = asyncio.get_running_loop().call_later(seconds, self.resume)

    def resume(self) -> None:
        """The host answered (or kept silent too long): the keys held go on."""
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None
        if self.flying is None:
            self._next()

    def handed_on(self, key: events.Key) -> None:
        """The app has handed ``key`` on (to a priority binding or the focused widget):
        it is done once the nodes it passes through have worked off what it set off
        (``_watch``)."""
        if key is not self.flying:
            return
        self.rounds = 2 * len(self._chain()) + 2  # down to a widget and up again, twice
        task = asyncio.create_task(self._watch(key))
        self.watching.add(task)  # a reference, so the task is not collected mid-way
        task.add_done_callback(self.watching.discard)

    def came_back(self, key: events.Key) -> None:
        """``key`` came back up to the app and its bindings ran: what an action posted
        (an input's ``Submitted``) still climbs the chain before the next key goes."""
        if key is self.flying:
            self.rounds = max(self.rounds, len(self._chain()) + 2)

    def done(self, key: events.Key) -> None:
        """``key`` is handled: the next held key goes to the app."""
        if key is not self.flying:
            return
        self.flying = None
        if self.waiting is None:
            self._next()

    def _next(self) -> None:
        """The first key held goes to the app (``admit`` lets it through)."""
        if self.held:
            self.flying = self.held.popleft()
            self.app.post_message(self.flying)

    async def _watch(self, key: events.Key) -> None:
        """Wait until the nodes ``key`` passes through have worked off what it set off
        (``rounds`` rounds, which ``came_back`` may raise), at most ``PATIENCE`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.PATIENCE
        try:
            while key is self.flying and self.rounds > 0:
                self.rounds -= 1
                left = deadline - loop.time()
                if left <= 0 or not await self._round(left):
                    break
        finally:  # whatever happened (the app closing, a node gone), the next key goes on
            self.done(key)

    def _chain(self) -> list["MessagePump"]:
        """The screen on top and the focused widget with its ancestors up to it."""
        app = self.app
        try:
            screen = app.screen
        except Exception:  # no screen (the app is closing)
            return []
        nodes: list[MessagePump] = [screen]
        node = screen.focused
        while node is not None and node is not screen and node is not app:
            nodes.append(node)
            node = node.parent
        return nodes

    async def _round(self, timeout: float) -> bool:
        """One round: every node of the chain has handled what was queued to it now.
        False when that took longer than ``timeout`` seconds."""
        marks = []
        for node in self._chain():
            mark = asyncio.Event()
            if node.call_later(mark.set):
                marks.append(mark)
        if not marks:
            return True
        waits = [asyncio.ensure_future(mark.wait()) for mark in marks]
        _, pending = await asyncio.wait(waits, timeout=timeout)
        for wait in pending:
            wait.cancel()
        return not pending
