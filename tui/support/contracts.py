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

A session, as a game screen reads it:

- ``SessionView``: the game, the names, each seat's view and legal commands (objects
  and notation), its log lines, who is to act, the result, undo and redo, which seats
  bots play and how they are labelled, who used a hint. ``engine.LocalSession`` (a game
  on this machine) and ``tui.support.remote_session.RemoteSession`` (a shared room as
  the host shows it to one connection) both satisfy it; ``tests/test_tui_contracts.py``
  checks it, so the screens that take either need no ``getattr`` to tell them apart.
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


@runtime_checkable
class SessionView(Protocol):
    """What a game screen reads of its session, local or shared (see the module's text)."""

    game: Any
    names: list[str]

    def view(self, seat: int | None) -> Any: ...
    def legal_commands(self, seat: int | None) -> list[Any]: ...
    def legal(self, seat: int | None) -> list[str]: ...
    def log_lines(self, seat: int | None) -> list[str]: ...
    def to_act_seats(self) -> list[int]: ...
    def to_act(self) -> list[str]: ...
    def result(self) -> Any: ...
    def can_undo(self, seat: int) -> bool: ...
    def can_redo(self, seat: int) -> bool: ...
    def is_bot(self, seat: int) -> bool: ...
    def bot_kinds(self) -> list[str | None]: ...
    def seat_labels(self) -> list[str]: ...
    def hinted_names(self) -> list[str]: ...
