"""``GameTable``: the base of each game's table widget, the part of the game screen that
differs per game (each in its package beside this module, ``tui.games.<game>.table``).

A table widget subclasses ``GameTable``: the game screen (and the replay screen) call
``show(view, names, legal, active)`` whenever the table changes, and the widget calls
``choose(command)`` when the player picks a move. The screen handles it at once, before
the next key is read, so fast typing never acts on a stale table. Only ``legal`` commands are
offered. ``secret_choice(view)`` tells the hot-seat screen whether the first seat needs a
hand-over too (every change of seat gets one); ``turn_of(view)`` and ``END_TURN`` let it
end a turn the same way every time (see ``turn_of``).

A table's ``BINDINGS`` are also its key help: each binding's ``tooltip`` says what its key
does, and the rules screen's "Keys at the table" is made from them
(``tui.support.key_help.key_lines``); a binding without a tooltip has no line.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from textual.message import Message
from textual.widget import Widget

from engine.core.seat_label import seat_label

from ..support.chat import TALK_ROWS
from ..widgets.log_pane import LogPane
from ..support.contracts import ExplainsDisabled, HoldsKeys, PlaysChosen, Says


class GameTable(Widget, can_focus=True):
    """The game-specific table; see the module docstring for the protocol."""

    #: What the table's signs mean (Markdown), shown on the rules screen after the keys.
    LEGEND: str = ""
    #: (columns, rows) below which the table takes its ``-compact`` class; None: never.
    COMPACT_BELOW: tuple[int, int] | None = None
    #: Whether a seat's table shows anything another seat may not see (a hand, face-down
    #: tiles, a secret choice): then a hand-over screen hides it whenever the person at
    #: one keyboard changes; a game with everything open (False) passes the keyboard
    #: without one.
    HIDDEN_INFORMATION: bool = True
    #: Per seat, a word the table adds to that seat's name where it lists the seats
    #: ("away": a shared game's player who is not connected; "" for none). The shared
    #: game's screen sets it before ``show``; a local game has none.
    seat_notes: Sequence[str] = ()
    #: Each seat's bot kind (None for a person), set by the screen before ``show``: where
    #: the table lists its seats it names a bot's by its label (``label``).
    bots: Sequence[str | None] = ()
    #: The command with which a player ends their own turn (Naughty or Nice's ``End()``),
    #: for a game whose turn may also end by itself (``turn_of``); None: no such command.
    END_TURN: Any = None

    #: The id of the table's part that asks the player what to do (its question and
    #: choices), kept in sight by a lesson's box (``tui.screens.lesson``); "" for none.
    LESSON_KEEP: str = ""

    #: Set by the game screen: several people take turns at this keyboard (a hot seat).
    shared_keyboard: bool = False
    #: Set by the game screen while the table stays with a person whose turn ended by
    #: itself, until they pass the keyboard on (``PassKeyboard``): the table says so.
    turn_over: bool = False

    class Chosen(Message):
        """The player chose ``command`` (a command Struct of the game)."""

        def __init__(self, command: Any) -> None:
            super().__init__()
            self.command = command

    class Details(Message):
        """What the card (or choice) under the cursor does, ``text`` one or two rows, ""
        for none: the game screen shows it on its message rows while no message is there."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class PassKeyboard(Message):
        """The person whose turn is over (``turn_over``) passes the keyboard on."""

    class Refused(Message):
        """A key asked for something that is not possible now; ``reason`` one sentence."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # what the last ``show`` was given (a table's ``show`` keeps them): None and
        # nothing legal until the first
        self.view: Any = None
        self.names: list[str] = []
        self.legal: list[Any] = []
        self.active = False
        self.log_pane = LogPane(id="log", talk_rows=TALK_ROWS)  # talk bounded: the game's lines stay
        self.log_pane.border_title = "log"

    @property
    def compact(self) -> bool:
        """Whether the table is in its compact layout (class ``-compact``)."""
        return self.has_class("-compact")

    def fit_compact(self) -> bool:
        """Set the ``-compact`` class when the table is smaller than ``COMPACT_BELOW``
        in either direction (a layout pass only when that changes); returns whether it
        changed."""
        if self.COMPACT_BELOW is None:
            return False
        width, height = self.size
        compact = width < self.COMPACT_BELOW[0] or height < self.COMPACT_BELOW[1]
        if compact == self.compact:
            return False
        self.set_class(compact, "-compact")
        return True

    async def on_key(self, event) -> None:
        """In a shared game (the screen has ``hold_key``), each key is handled here, in
        order: held while the seat's last move travels to the room and back (the table
        would act on a stale view), else its binding runs at once, so the next key
        already sees that a move is on its way. Elsewhere keys go to the bindings as usual."""
        hold = self.key_holder()
        if hold is None:
            return
        event.stop()
        event.prevent_default()
        if hold(event.key):
            return
        active = self.screen.active_bindings.get(event.key)
        if active is not None and active.enabled:
            await active.node.run_action(active.binding.action)
        elif active is not None and isinstance(self.screen, ExplainsDisabled):
            self.screen.explain_disabled(event.key)  # a greyed-out undo says why

    def key_holder(self) -> Callable[[str], bool] | None:
        """A shared game's screen's ``hold_key`` (whether to hold a key until the seat's
        last move has come back from the room), None on any other screen."""
        return self.screen.hold_key if isinstance(self.screen, HoldsKeys) else None

    #: The room's newest talk, oldest first, each line as the log shows it ("» bob:
    #: hi", one's own "› ann: hi"); () in a local game. The shared game's screen gives
    #: it with ``show_talk``.
    talk: Sequence[str] = ()

    def show_talk(self, rows: Sequence[str]) -> None:
        """The room's talk changed (``talk``). A table with rows to spare shows the newest
        lines there, under the seats (Gift Trap); the log pane has them all."""
        self.talk = tuple(rows)

    def seat_note(self, seat: int) -> str:
        """``seat_notes``' word for ``seat``, "" for none."""
        return self.seat_notes[seat] if 0 <= seat < len(self.seat_notes) else ""

    def show_log(self, lines: list[str], since: int | None = None) -> None:
        """Replace the log pane's text with ``lines`` (the seat's log in notation), marked
        before line ``since``: what happened since the seat's own last move."""
        self.log_pane.show(lines, since)

    def choose(self, command: Any) -> None:
        """Hand ``command`` to the screen now (its ``play_chosen``), or post ``Chosen``."""
        if isinstance(self.screen, PlaysChosen):
            self.screen.play_chosen(command)
        else:
            self.post_message(self.Chosen(command))

    def show_details(self, text: str) -> None:
        """Say what the card or choice under the cursor does (``Details``; "" for none)."""
        if text != getattr(self, "_details_shown", ""):
            self._details_shown = text
            self.post_message(self.Details(text))

    def refuse(self, reason: str) -> None:
        """Tell the player why a key did nothing (the screen's ``say``), or post ``Refused``."""
        if isinstance(self.screen, Says):
            self.screen.say(reason, error=True)
        else:
            self.post_message(self.Refused(reason))

    def label(self, names: Sequence[str], seat: int, width: int | None = None) -> str:
        """Seat ``seat`` as a list of seats names it: its name, or for a bot "bot3 (hard
        bot)", shortened to ``width`` columns when given (``engine.core.seat_label``).
        Never raises: a seat outside ``names`` is "seat N"."""
        if not 0 <= seat < len(names):
            return f"seat {seat + 1}"
        return seat_label(names[seat], self.bots[seat] if seat < len(self.bots) else None, width)

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Draw ``view`` (the projection for the seat at the keyboard, or a spectator's);
        ``legal`` the commands that seat may give now; ``active`` whether it may act.
        Each game's table overrides this and keeps the four in ``view``, ``names`` (a
        list), ``legal`` and ``active`` (set in ``__init__``); the base draws nothing."""

    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Whether the choice the viewing seat faces is hidden from the others."""
        return False

    @staticmethod
    def turn_of(view: Any) -> tuple[int, int] | None:
        """The turn being played, ``(its number, the seat whose turn it is)``, for a game
        whose turn may end by itself after a move (``END_TURN`` ends it otherwise); None
        outside a turn and for a game without (the default). At one keyboard with several
        people the game screen keeps the table with the person whose own move ended their
        turn, showing what it brought them, until they pass the keyboard on; at a table of
        one person it gives ``END_TURN`` itself when that is the only move left after
        their move."""
        return None

    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        """A short line saying what happens now (round and phase)."""
        return ""

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every card of the game (tile, ability, gift giver …) with what it does, by
        kind: ``[(kind, [(name, text), …]), …]``, e.g. ``("Magic Items", [("The Golden
        Bird", "Right after a roll, …")])``. The rules screen lists them all ("Every
        card"); the table's details line shows the same text for the card highlighted
        or held. The text is the rulebook's words or the project's reconstruction."""
        return []
