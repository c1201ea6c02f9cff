"""What a table widget may ask of the screen it sits on, and a screen of the app it runs
in: the contracts, declared (``typing.Protocol``, checked with ``isinstance``), so that
no widget reaches into a screen or an app by a name it merely hopes is there.

A screen:

- ``Says``: a message line under its table (``say(text, error=False)``) and the line it
  shows now (``said``): the game screens, local and shared.
- ``HoldsKeys``: holds a key until the seat's last move is back from the room
  (``hold_key(key) -> bool``): the shared game's screen.
- ``PlaysChosen``: plays a command a table widget chose (``play_chosen``).
- ``ExplainsDisabled``: says why a greyed-out key does nothing (``explain_disabled``).
- ``RefreshesTable``: draws its table and status line again (``refresh_table``).
- ``DropsKeys``: drops a key it must not act on (``drops_key(event) -> bool``).

The app (``tui.app.BoxtopApp``; a screen may run in another app in a test):

- ``Hosted``: ``remote`` (the room service's socket and the player's name, or None for
  a local app) and ``link`` (the connection to it once made, else None).
- ``Talks``: ``chat``, the book of the room's talk (``tui.support.chat``).
- ``Rings``: ``turn_bell`` (``tui.support.turn_bell``).
- ``SavesIn``: ``save_dir``, the folder saves go to (None: the user's own).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Says(Protocol):
    said: str

    def say(self, text: str, error: bool = False) -> None: ...


@runtime_checkable
class HoldsKeys(Protocol):
    def hold_key(self, key: str) -> bool: ...


@runtime_checkable
class PlaysChosen(Protocol):
    def play_chosen(self, command: Any) -> None: ...


@runtime_checkable
class ExplainsDisabled(Protocol):
    def explain_disabled(self, key: str) -> None: ...


@runtime_checkable
class RefreshesTable(Protocol):
    def refresh_table(self) -> None: ...


@runtime_checkable
class DropsKeys(Protocol):
    def drops_key(self, event: Any) -> bool: ...


@runtime_checkable
class Hosted(Protocol):
    remote: Any
    link: Any


@runtime_checkable
class Talks(Protocol):
    chat: Any


@runtime_checkable
class Rings(Protocol):
    turn_bell: Any


@runtime_checkable
class SavesIn(Protocol):
    save_dir: Any
