"""The game screen of a shared session: the same table, fed by the room over the network.

Each terminal is one seat (or a spectator), so there is no hand-over and no bot runs
here: the room decides and journals every move and sends this seat its ``SeatUpdate``
(``tui.support.remote_session.RemoteSession``). Moves, undo and redo go to the room as ``Play``; a refusal
comes back as one sentence. The host keeps the game, so there is no save or load here.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen

from engine.core.analysis import hint_refusal
from engine.core.room import SeatUpdate
from engine.core.seat_label import a_bot
from host import protocol as p

from ..support.chat import TALK_HINT, length_note, send_talk, talk_command, talk_row, with_talk
from ..games import table_for
from ..support.remote_session import RemoteSession
from ..widgets.log_pane import LogPane
from .game import CommandLine, GameScreen

#: Lines of the room's talk a table may show where it has room (``GameTable.show_talk``).
TABLE_TALK = 10


class SharedGameScreen(GameScreen):
    """Play (or watch) a room's game; escape goes back to the lobby (the seat waits).
    ``ctrl+b`` (shown while a player is away) asks which bot should take the first away
    seat (``StrengthScreen``: the game's strengths, ``normal`` highlighted) and asks the
    room to hand it over; the room lets only its creator do it. ``T`` opens the bottom
    line to say something to the room (``tui.support.chat``; enter says it, escape cancels), and
    the room's talk shows in the log pane at the moves it was said after. ``S`` (shown to
    a spectator whose own seat is at this table, away or held by a bot) sits them in it.
    Seats are named by their labels (``engine.core.seat_label``): "bot4 (hard bot)", and
    "cyd (expert bot)" for a seat a bot holds until cyd is back."""

    FOOTER_PINNED = frozenset({"T", "S"})  # talk, and one's own seat: a table's many keys never push them off
    BINDINGS = [
        Binding("ctrl+b", "bot_for_away", "Bot for away seat"),
        Binding("S", "take_seat", "Sit in your seat"),
        # priority, as ":": the keys typed right after it are the line's, never the table's
        Binding("T", "talk", "Talk", priority=True),
    ]

    def __init__(self, table: SeatUpdate) -> None:
        Screen.__init__(self)
        self.session = RemoteSession(table)
        self.save_dir: Path | None = None
        self.seat: int | None = table.seat
        self.humans = [] if table.seat is None else [table.seat]
        self.saved_at_length = 0
        self.save_path = None
        self.result_shown = self.session.result() is not None
        self.handing_over = False
        self.table = table_for(table.game)(id="table")
        self.ready = False  # set once on_mount has drawn the table
        self.sent = 0  # the ref of the last Play sent
        self.acked = 0  # the ref of the last Play the room has decided
        self.held: list[str] = []  # keys typed meanwhile, replayed once it is decided
        self.line_sent: tuple[int, str] | None = None  # (ref, text) of the last ":" line sent
        self.talk_sent: str | None = None  # the last line said, until the room passes it on
        self.thinking: int | None = None  # the seat of the room's bot thinking now (``bot_thinking``)

    def on_mount(self) -> None:
        super().on_mount()
        self.ready = True
        self._show_talk()

    def update(self, table: SeatUpdate, ack: int = 0) -> None:
        """The room's newest table for this seat; ``ack`` the last of our moves in it."""
        self.session.update(table)
        if self.ready:  # else on_mount draws it
            self._after_change()
        self._decided(ack)

    def refused(self, message: str, ack: int = 0) -> None:
        """The room refused our move ``ack`` with ``message`` (one sentence). A move typed
        on the ``:`` line comes back to the line, text and focus, for a fix; the keys
        typed after it (for a move that did not happen) are dropped."""
        self.say(message, error=True)
        if self.line_sent is not None and self.line_sent[0] == ack:
            line = self.query_one("#command", CommandLine)
            line.value = line.refused = self.line_sent[1]
            line.cursor_position = len(line.value)
            self.set_focus(line)
            self.held = []
        self._decided(ack)

    def bot_thinking(self, seat: int | None) -> None:
        """The room's bot in ``seat`` began to think (None: it stopped): said on the
        message line, as a local game says it (``GameScreen._think``)."""
        before, self.thinking = self._thinking_line(), seat
        if seat is not None:
            self.say(self._thinking_line())
        elif before and self.said == before:
            self.say("")

    def _thinking_line(self) -> str:
        """"bot2 is thinking…" while the room's bot thinks, else ""."""
        names = self.session.names
        return f"{names[self.thinking]} is thinking…" if self.thinking is not None and self.thinking < len(names) else ""

    def say(self, text: str, error: bool = False) -> None:
        """The game screen's message line; a refusal while a bot thinks says so too."""
        if error and self._thinking_line():
            text = f"{text} {self._thinking_line()}"
        super().say(text, error)

    def _decided(self, ack: int) -> None:
        self.acked = max(self.acked, ack)
        if self.acked >= self.sent and self.held:
            keys, self.held = self.held, []
            for key in keys:  # to the table, in order; a key that sends a move holds the ones after it again
                self.table.post_message(events.Key(key, None))

    #: Keys never held: leaving, help and the command line work while a move travels.
    PASS_KEYS = frozenset({"escape", "question_mark", "colon", "ctrl+c", "ctrl+q", "T"})

    def hold_key(self, key: str) -> bool:
        """Whether to hold ``key`` for later: our last move has not come back yet, so the
        table would act on a stale view (fast typing over a slow link)."""
        if key in self.PASS_KEYS or (self.acked >= self.sent and not self.held):
            return False
        self.held.append(key)
        return True

    def _send_play(self, text: str) -> None:
        self.sent += 1
        self.app.send(p.Play(text, self.sent))

    # ------------------------------------------------------------------ GameScreen hooks
    def refresh_table(self) -> None:
        """Redraw from the room's table; a seat whose player is away is marked "away"
        where the table lists the seats (``GameTable.seat_notes``)."""
        s = self.session
        self.table.seat_notes = tuple("" if s.connected(i) else "away" for i in range(len(s.names)))
        super().refresh_table()

    def on_resize(self) -> None:
        """The status line gives way at the screen's new width."""
        if self.ready:
            self.call_after_refresh(self.refresh_table)

    def _after_change(self, first: bool = False) -> None:
        self.refresh_table()
        if self.session.result() is not None and not self.result_shown:
            self.result_shown = True
            from .result import ResultScreen

            self.app.push_screen(ResultScreen(self.session))

    def _status_line(self, view) -> Content:
        """The line above the table; names are text, never markup. Who is to act and who
        is away come first: where the line is short (80 columns) the room code, then the
        undo policy, then "you are bob", then the phase give way (``fit_status``)."""
        s = self.session
        phase = self.table.phase_text(view, s.names)
        away = [s.names[i] for i in range(len(s.names)) if not s.connected(i)]
        gone = Content.from_markup("[yellow]away: $away[/yellow]", away=", ".join(away)) if away else None
        if s.result() is not None:
            return Content(" · ").join([Content.from_markup("[b]$phase[/b]", phase=phase), *([gone] if gone else [])])
        who = (
            Content.from_markup("you are [b]$name[/b]", name=s.names[self.seat])
            if self.seat is not None else Content("watching")
        )
        seats = s.to_act_seats()
        everyone = len(seats) == len(s.names) > 2
        width = self.query_one("#status").content_region.width or self.app.size.width - 2
        spare = [Content(f"room {s.table.code}"), Content(f"{s.table.undo} undo"), who, Content(phase)]
        acting = ["everyone"] if everyone else [s.names[i] for i in seats]
        if not everyone:  # the bots to act by their labels ("bot3 (hard bot)") when the whole line has room
            labels = s.seat_labels()
            labelled = [labels[i] for i in seats]
            whole = Content(" · ").join([*spare, Content(f"to act: {', '.join(labelled)}"), *([gone] if gone else [])])
            if whole.cell_length <= width:
                acting = labelled
        return fit_status(width, spare, acting, gone)

    def play(self, command) -> bool:
        if self.seat is None:
            self.say("You are watching this game.", error=True)
            return False
        text = command if isinstance(command, str) else self.session.game.notation(command, self.session.names)
        self._send_play(text)
        self.say("")
        return True

    def play_line(self, text: str) -> bool:
        """Send ``text`` from the ``:`` line; a refusal brings it back there (``refused``)."""
        if not self.play(text):
            return False
        self.line_sent = (self.sent, text)
        return True

    # ------------------------------------------------------------------ table talk
    def _log_tail(self) -> tuple[list[str], int | None]:
        """The log the room sent, with the room's talk at the plies it was said at."""
        book = self._talk_book()
        if book is None or not book.lines:
            return super()._log_tail()
        mirror = self.session.log
        return with_talk(mirror.blocks, mirror.base, book.lines, self.app.link.name), None

    def chat_changed(self, lines=()) -> None:
        """The room's talk changed (``tui.support.chat.ChatBook``; ``lines`` the new ones): redraw
        the log, the table's newest talk (``GameTable.show_talk``) and the talk box."""
        if any(line.name == self.app.link.name for line in lines):
            self.talk_sent = None  # our line was said
        if self.ready:
            self.table.show_log(*self._log_tail())
            self._show_talk()

    def _talk_book(self):
        """This room's talk (``tui.support.chat.ChatBook``, which a remote app keeps as ``chat``),
        None while the book holds another room's."""
        book = self.app.chat
        return book if book.code == self.session.table.code else None

    def _show_talk(self) -> None:
        """The room's newest talk where the table has room for it, and in the box that
        ``T`` opens over the table's lower rows (every line whole, the newest last)."""
        book = self._talk_book()
        talk = book.lines if book is not None else []
        me = self.app.link.name
        self.table.show_talk([talk_row(line, me) for line in talk[-TABLE_TALK:]])
        self.query_one("#table-talk", LogPane).show(with_talk([], 0, talk, me))

    def compose(self) -> ComposeResult:
        yield from super().compose()
        box = LogPane(id="table-talk")
        box.border_title = "talk · escape closes"
        yield box

    def action_talk(self) -> None:
        """``T``: the bottom line takes a line to say (``TALK_HINT``)."""
        line = self.query_one("#command", CommandLine)
        if line.has_focus:
            line.insert_text_at_cursor("T")
            return
        line.value = line.refused = ""
        line.hint = TALK_HINT
        self.say("")
        self.add_class("-typing", "-talking")  # the talk box shows over the table's lower rows
        self.set_focus(line)

    def action_command_line(self) -> None:
        self.remove_class("-talking")
        super().action_command_line()

    def on_input_submitted(self, event) -> None:
        """A line said (``T``), or ``:say TEXT``, ``:mute NAME``, ``:unmute NAME`` on the
        ``:`` line; every other ``:`` command is the game screen's."""
        line = event.input
        if line.id != "command":
            return
        text = event.value.strip()  # as submitted: keys typed since may be in the line already
        word, _, rest = text.partition(" ")
        if line.hint == TALK_HINT and not text:
            event.prevent_default()
            event.stop()
            self._close_command_line()  # nothing to say: the line closes
            return
        if line.hint == TALK_HINT:
            kind, arg = talk_command(text)
        elif word.lower() == "say":
            kind, arg = "say", rest
        elif word.lower() in ("mute", "unmute") and rest.strip():
            kind, arg = word.lower(), rest.strip()
        else:
            return  # GameScreen's
        event.prevent_default()  # not the game screen's handler too
        event.stop()
        if not self.talk(kind, arg):
            line.refused = event.value  # kept, for a fix
            return
        self._close_command_line()

    def on_input_changed(self, event) -> None:
        """As a line to say nears ``MAX_CHARS`` (200), the message line counts its
        cells ("187/200", a wide letter 2), and says when it is too long
        (``tui.support.chat.length_note``)."""
        line = event.input
        if line.id != "command" or line.hint != TALK_HINT:
            return
        note, over = length_note(event.value)
        if note or self.said == self._counted:
            self.say(note, error=over)
            self._counted = self.said if note else ""

    _counted = ""  # the count the message line shows (``on_input_changed``)

    def _close_command_line(self) -> None:
        super()._close_command_line()
        self.remove_class("-talking")
        if self._counted and self.said == self._counted:  # the count goes with its line
            self.say("")
        self._counted = ""

    def talk(self, kind: str, text: str) -> bool:
        """Say ``text`` (``kind`` "say"), or mute / unmute the person ``text``; whether it
        was sent (``tui.support.chat.send_talk``)."""
        return send_talk(self, kind, text)

    def chat_refused(self, message: str) -> None:
        """The room refused our last line (too fast …): the line comes back to be sent again."""
        text, self.talk_sent = self.talk_sent, None
        if text:
            self.action_talk()
            line = self.query_one("#command", CommandLine)
            line.value = line.refused = text
            line.cursor_position = len(text)
        self.say(message, error=True)

    def _away(self) -> list[int]:
        s = self.session
        return [i for i in range(len(s.names)) if not s.is_bot(i) and not s.connected(i)]

    def _bindings_state(self) -> tuple:
        return (*super()._bindings_state(), tuple(self._away()), self.session.result() is None)

    def action_bot_for_away(self) -> None:
        away = self._away()
        if not away:
            return
        from .strength import StrengthScreen

        seat, name = away[0], self.session.names[away[0]]

        def chosen(kind: str | None) -> None:
            if kind is not None:
                self.app.send(p.SetBot(seat, kind))
                self.say(f"Asked the room to hand {name}'s seat to {a_bot(kind)} until {name} is back.")

        self.app.push_screen(StrengthScreen(self.session.game, f"{name} is away: which bot takes the seat?"), chosen)

    def _my_seat_here(self) -> bool:
        """Whether this spectator's own seat is at this table (away, or held by a bot)."""
        return self.seat is None and self.app.link.name in self.session.names

    def action_take_seat(self) -> None:
        """``S``: a spectator sits in their own seat at this table (a bot holding it gives
        it back at once); the room sends the table for the seat."""
        if self._my_seat_here():
            self.app.send(p.JoinRoom(self.session.table.code))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_seat":
            return self._my_seat_here()
        if action in ("save", "load"):
            return False  # the host keeps a shared game
        if action == "bot_for_away":
            return bool(self._away()) and self.session.result() is None
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        """``B``: the search's best moves for this seat, worked out on the host from this
        seat's view only (``tui.screens.hint``), when the room's creator allowed hints
        (``SeatUpdate.hints``); else, or for a spectator, or away from one's turn, one line."""
        s = self.session
        seat = self.seat
        if seat is None:
            self.say("You are watching this game: no one plays at this keyboard.", error=True)
            return
        if not s.table.hints:
            self.say("Hints are off in this room.", error=True)
            return
        refusal = hint_refusal(s, seat)
        if refusal is not None:
            self.say(refusal, error=not refusal.startswith("You have only one move"))
            return
        from .hint import HintScreen

        self.app.push_screen(HintScreen(s, seat))

    def action_undo(self) -> None:
        if self.seat is not None:
            self._send_play("undo")

    def action_redo(self) -> None:
        if self.seat is not None:
            self._send_play("redo")

    def save_to(self, path: Path | None) -> Path | None:
        self.say("The host keeps this game; it cannot be saved here.", error=True)
        return None

    def action_save(self) -> None:
        self.save_to(None)

    def action_load(self) -> None:
        self.save_to(None)

    def autosave(self) -> None:
        """Nothing to save: the host journals every move."""

    def unsaved(self) -> bool:
        """Never: the host journals every move."""
        return False

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.slug))

    def action_leave(self) -> None:
        self.app.leave_room()


def fit_status(width: int, spare: list[Content], acting: list[str], away: Content | None) -> Content:
    """The status line of a shared table in ``width`` cells: ``spare`` (the parts that
    may give way, in the order they show: the first goes first), then "to act: ann,
    bob" (``acting``: the names) and ``away`` ("away: cyd", None when no one is), which
    stay. Where even those two do not fit, the names to act are cut to "ann, bob +3"."""
    sep = Content(" · ")
    tail = [away] if away is not None else []
    line = Content("")
    for k in range(len(spare) + 1):
        line = sep.join([*spare[k:], Content(f"to act: {', '.join(acting)}"), *tail])
        if line.cell_length <= width:
            return line
    for n in range(len(acting) - 1, 0, -1):
        line = sep.join([Content(f"to act: {', '.join(acting[:n])} +{len(acting) - n}"), *tail])
        if line.cell_length <= width:
            return line
    return line
