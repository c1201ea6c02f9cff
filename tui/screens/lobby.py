"""The lobby of a shared host and the waiting room of one room (``boxtop join``).

The lobby lists the host's newest rooms (code, game, seats taken of how many, state,
undo policy, whether hints are on while a listed room allows them, spectators, creator,
players; a narrow screen leaves the last ones out first) but no private one;
``c`` creates a room, enter joins the highlighted one, ``w`` watches it, and a room code
typed into the code box (``/``; any case, dashes optional) joins that room, private or
not. The waiting room shows the room code to tell friends, its undo policy, whether
hints are allowed and its seats; the room's creator hands seats to bots and starts the
game. Both only send the room service messages (``host.protocol``); what they show
comes back from the service.

Names, codes and the service's sentences are shown as text, never read as markup.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from engine.core.room import RoomSummary
from engine.core.seat_label import seat_label
from engine.core.session import UNDO_POLICIES, undo_words
from host import protocol as p


from ..support.chat import TALK_HINT, length_note, send_talk, talk_command, with_talk
from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.log_pane import LogPane
from ..widgets.title_bar import TitleBar
from ..widgets.sized_table import fill_table
from . import say_line
from ..support.contracts import Talks


#: What a room's undo policy lets a player take back, as the waiting room says it, in the
#: words the new-room form uses (``engine.core.session.undo_words``): never a move that
#: showed anything hidden or random.
UNDO_TEXT = {policy: f"Undo ({policy}): {undo_words(policy, True)}." for policy in UNDO_POLICIES}
#: Whether a room lets its players ask for a hint (``RoomSummary.hints``), as the waiting
#: room says it after its undo policy.
HINTS_TEXT = {True: "Hints: allowed (B at your turn).", False: "Hints: off."}


def seat_text(seat, me: str | None = None) -> Text:
    """A seat as the lobby shows it: a name (bold when it is ``me``), a bot's label
    ("bot4 (hard bot)", and "cyd (expert bot)" for a seat a bot holds until cyd is back:
    ``engine.core.seat_label``), "open", "(away)" when disconnected; plain text, never
    markup."""
    if seat.bot is not None:
        return Text(seat_label(seat.name, seat.bot))
    if not seat.name:
        return Text("open")
    mark = "" if seat.connected else " (away)"
    return Text.assemble((seat.name, "bold" if seat.name == me else ""), mark)


def state_text(room: RoomSummary, me: str) -> Text:
    """A room's state as the lobby shows it to ``me``: "waiting", "playing", "over", or
    "your turn" (bold) while ``me`` is among the people to act (``RoomSummary.to_act``)."""
    if room.state == "playing" and me in room.to_act:
        return Text("your turn", "bold")
    return Text(room.state)


class LobbyScreen(OnTop, Screen[None]):
    """Every room of the host; see the module docstring for the keys."""

    BINDINGS = [
        Binding("c", "create", "Create room"),
        Binding("enter", "join", "Join", show=True),
        Binding("w", "watch", "Watch"),
        Binding("slash", "code", "Room code"),
        Binding("r", "refresh", "Refresh"),
        Binding("q", "quit", "Quit"),
    ]

    #: The room list's columns; "hints" ("on" for a room that allows them, else "off")
    #: shows while a listed room allows hints. "seats" says how many are taken of how
    #: many ("2/4": two open), "players" who sits in them.
    LABELS = ("code", "game", "seats", "state", "undo", "hints", "watching", "creator", "players")
    #: The columns that go, in this order, where the screen has no room for them (an
    #: 80-column lobby keeps the code, the game, the seats, the state and the creator).
    SPARE = ("watching", "players", "hints", "undo")
    #: The columns that narrow before one goes, in this order, each to at least so many
    #: cells (its cells then end in "…"): a long game's name never squeezes the creator.
    NARROWING = (("players", 12), ("creator", 12), ("game", 10), ("creator", 7))

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name
        self.rooms: list[RoomSummary] = []
        self.more = 0  # listed rooms the host did not send (older than these)
        self.ready = False  # set once on_mount has built the table
        self.online = False  # set once the service welcomed us
        #: Whether ``rooms`` is the lobby as it is: False once the player went into a room
        #: (the service then stops telling this connection the lobby), True again with
        #: the whole lobby it sends on the way back (``show_rooms``).
        self.fresh = False

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(Content.from_markup("Lobby · you are [b]$name[/b] · connecting…", name=self.player), id="lobby-status")
        yield Input(placeholder="a room code (/ to type it, enter to join)", id="lobby-code", max_length=16)
        yield DataTable(id="lobby-rooms", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-more")
        yield Static("", id="message")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "Lobby"
        self.query_one(DataTable).focus()
        self.ready = True
        self.show_rooms(self.rooms, self.more)

    def connected(self) -> None:
        """The service welcomed us."""
        self.online = True
        self.query_one("#lobby-status", Static).update(Content.from_markup(
            "Lobby · you are [b]$name[/b] · c creates a room, enter joins, w watches", name=self.player
        ))

    def _labels(self) -> tuple[str, ...]:
        """The columns shown: ``LABELS``, less "hints" while no listed room allows them."""
        return self.LABELS if any(r.hints for r in self.rooms) else tuple(x for x in self.LABELS if x != "hints")

    def _cells(self, r: RoomSummary, labels: tuple[str, ...] = LABELS) -> tuple[Text, ...]:
        """A room's row for the columns ``labels``: Text cells (a str cell of a DataTable
        is read as markup)."""
        players = Text(", ").join(seat_text(s, self.player) for s in r.seats)
        taken = sum(1 for s in r.seats if s.bot is not None or s.name)
        cells = {
            "code": Text(r.code), "game": Text(r.title), "seats": Text(f"{taken}/{len(r.seats)}"),
            "state": state_text(r, self.player), "undo": Text(r.undo), "hints": Text("on" if r.hints else "off"),
            "watching": Text(str(r.spectators)), "creator": Text(r.creator), "players": players,
        }
        return tuple(cells[label] for label in labels)

    def _fitting(self, labels: tuple[str, ...], rows: list[tuple[Text, ...]], room: int, padding: int
                 ) -> tuple[str, ...]:
        """``labels`` less the ``SPARE`` columns (in that order) that leave too little
        room (``room`` cells, ``padding`` on each side of a cell) for the others whole
        (the players' names counted at their least width): a spare column goes before
        a game's or a creator's name is cut."""
        least = {label: max([len(label), *(row[k].cell_len for row in rows)]) for k, label in enumerate(labels)}
        if "players" in least:
            least["players"] = min(least["players"], dict(self.NARROWING)["players"])
        kept = list(labels)
        for spare in self.SPARE:
            if sum(least[label] + 2 * padding for label in kept) <= room:
                break
            if spare in kept:
                kept.remove(spare)
        return tuple(kept)

    def show_rooms(self, rooms: list[RoomSummary], more: int = 0) -> None:
        """Redraw the whole room list (``host.protocol.Lobby``: ``more`` older rooms not
        sent), keeping the highlighted room."""
        self.fresh = True
        if not self.ready:  # the list arrived before the screen: on_mount draws it
            self.rooms, self.more = list(rooms), more
            return
        keep = self._highlighted()
        self.rooms, self.more = list(rooms), more
        self._draw(keep)

    def change_rooms(self, rooms: list[RoomSummary], gone: list[str], more: int) -> None:
        """Apply a lobby update (``host.protocol.LobbyChanged``): ``rooms`` new or changed
        lines (a new one goes last), ``gone`` codes to drop; the highlighted room stays
        highlighted."""
        known = {r.code for r in self.rooms}
        fresh = {r.code: r for r in rooms}
        merged = [fresh.get(r.code, r) for r in self.rooms if r.code not in gone]
        merged += [r for r in rooms if r.code not in known and r.code not in gone]
        if not self.ready:
            self.rooms, self.more = merged, more
            return
        keep = self._highlighted()
        self.rooms, self.more = merged, more
        self._draw(keep)

    def _draw(self, keep: str | None) -> None:
        """Fill the room list from ``self.rooms``, the room ``keep`` highlighted again;
        where the columns do not fit the screen the spare ones go and a few narrow (their
        cells end in "…"): ``SPARE``, ``NARROWING``."""
        table = self.query_one(DataTable)
        width = table.size.width or self.app.size.width - 4  # before the first layout: the CSS margins
        room = width - table.styles.scrollbar_size_vertical
        labels = self._labels()
        labels = self._fitting(labels, [self._cells(r, labels) for r in self.rooms], room, table.cell_padding)
        narrowing = [(labels.index(label), least) for label, least in self.NARROWING if label in labels]
        fill_table(table, labels, [self._cells(r, labels) for r in self.rooms], keys=[r.code for r in self.rooms],
                   give_way=narrowing, room=room)
        if not self.rooms and self.online:  # else a refusal of the connection may be showing
            self.say("No rooms yet: press c to create one, or / to type a room's code.")
        elif "No rooms yet" in str(self.query_one("#message", Static).render()):
            self.say("")
        self.query_one("#lobby-more", Static).update(
            f"…and {self.more} more, older rooms: / and a room's code reaches any room" if self.more else ""
        )
        if keep is not None and self.rooms:
            codes = [r.code for r in self.rooms]
            if keep in codes:
                self.query_one(DataTable).move_cursor(row=codes.index(keep))

    def on_resize(self) -> None:
        if self.ready:
            self.call_after_refresh(lambda: self._draw(self._highlighted()))  # at the table's new width

    def _highlighted(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.rooms or table.cursor_row is None or not 0 <= table.cursor_row < len(self.rooms):
            return None
        return self.rooms[table.cursor_row].code

    def say(self, text: str, error: bool = False) -> None:
        """One line under the room list (an error in red), shown as plain text."""
        say_line(self.query_one("#message", Static), text, error)

    # ------------------------------------------------------------------ keys
    def _offline(self) -> bool:
        """Whether the host has not welcomed us yet (then says so): a message sent now
        would be lost."""
        if not self.online:
            self.say("Still connecting to the host: try again in a moment.", error=True)
        return not self.online

    def action_create(self) -> None:
        from .new_game import NewGameScreen

        if self._offline():
            return
        self.app.push_screen(NewGameScreen(shared_as=self.player))

    def _to_highlighted(self, ask: Callable[[str], Any], none: str) -> None:
        """Send the host ``ask(code)`` for the highlighted room; ``none`` is said when
        no room is highlighted."""
        code = self._highlighted()
        if self._offline():
            return
        if code is None:
            self.say(none, error=True)
            return
        self.app.send(ask(code))

    def action_join(self) -> None:
        self._to_highlighted(p.JoinRoom, "No room to join: press c to create one, or / to type a code.")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    def action_watch(self) -> None:
        self._to_highlighted(p.WatchRoom, "No room to watch.")

    def action_code(self) -> None:
        self.query_one("#lobby-code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip().upper()
        if code and self._offline():  # keep the code typed: enter again once connected
            return
        event.input.value = ""
        self.query_one(DataTable).focus()
        if code:
            self.app.send(p.JoinRoom(code))

    def action_refresh(self) -> None:
        self.app.send(p.ListRooms())

    def action_quit(self) -> None:
        self.app.exit()


class TalkLine(Input):
    """The waiting room's line to say something; escape cancels it (not the room's
    escape, which leaves)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def action_cancel(self) -> None:
        self.screen.close_talk()


class WaitingRoomScreen(OnTop, Screen[None]):
    """One room before its start: the code, the seats (a bot's with its strength); ↑↓
    choose a seat, ``b`` hands it to a bot of the strength chosen then
    (``StrengthScreen``: the game's strengths, each with what it plays like), ``x`` to a
    random bot, ``o`` opens it again, ``s`` starts (all four for the creator only),
    escape leaves the room. Under the seats the room's talk (``tui.support.chat``): ``T`` opens
    the line to say something (enter sends, escape cancels; ``:mute NAME`` and
    ``:unmute NAME`` there hide or show a person's lines)."""

    BINDINGS = [
        # priority: the keys typed right after it are the line's (a T typed there is text)
        Binding("T", "talk", "Talk", priority=True),
        # ":" opens the same line with ":" typed (":say TEXT", ":mute NAME"): its letters
        # are the line's, never the room's one-key commands
        Binding("colon", "talk(':')", "Command", priority=True, show=False),
        Binding("s", "start", "Start"),
        Binding("b", "choose_bot", "Bot"),
        Binding("x", "bot('random')", "Random bot"),
        Binding("o", "bot('')", "Open seat"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, room: RoomSummary, seat: int | None, player: str) -> None:
        super().__init__()
        self.room = room
        self.seat = seat
        self.player = player
        self.ready = False  # set once on_mount has built the table
        self.talk_sent: str | None = None  # the last line said, until the room passes it on

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(id="room-code")
        yield Static(id="room-undo")  # the undo policy, then whether hints are allowed
        yield DataTable(id="room-seats", cursor_type="row")
        yield LogPane(id="room-talk")
        yield TalkLine(id="room-talk-line", select_on_focus=False)
        yield Static("", id="message")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = f"Room {self.room.code}"
        self.ready = True
        self.show_room(self.room, self.seat)
        self.chat_changed()
        self.query_one(DataTable).focus()

    def show_room(self, room: RoomSummary, seat: int | None) -> None:
        """Redraw from the room's newest summary."""
        self.room, self.seat = room, seat
        if not self.ready:  # on_mount draws it
            return
        creator = room.creator == self.player
        where = "watching" if seat is None else f"in seat {seat + 1}"
        undo = UNDO_TEXT.get(room.undo, room.undo)
        lead = (
            "you created it: choose seats with ↑↓, b gives one to a bot, s starts"
            if creator else f"waiting for {room.creator} to start"
        )
        self.query_one("#room-code", Static).update(Content.from_markup(
            "[b]$title[/b] · room code [b reverse] $code [/b reverse] — tell your friends · you are $where · $lead",
            title=room.title, code=room.code, where=where, lead=lead,
        ))
        self.query_one("#room-undo", Static).update(Text(f"{undo} {HINTS_TEXT[room.hints]}"))  # text, never markup
        fill_table(self.query_one(DataTable), ("seat", "who"),
                   [(Text(str(i + 1)), seat_text(s, self.player)) for i, s in enumerate(room.seats)])
        self.refresh_bindings()
        self._talk_title()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start", "bot", "choose_bot"):
            return True if self.room.creator == self.player else False
        return True

    def say(self, text: str, error: bool = False) -> None:
        """One line under the seats (an error in red), shown as plain text."""
        say_line(self.query_one("#message", Static), text, error)

    # ------------------------------------------------------------------ table talk
    def _talk_book(self):
        book = self.app.chat if isinstance(self.app, Talks) else None
        return book if book is not None and book.code == self.room.code else None

    def _talk_title(self) -> None:
        book = self._talk_book()
        heard = "reaches the players" if book is not None and book.spectator_talk else "stays among spectators"
        self.query_one("#room-talk", LogPane).border_title = f"talk · T to say something · spectators' talk {heard}"

    def chat_changed(self, lines=()) -> None:
        """The room's talk changed (``tui.support.chat.ChatBook``): show it."""
        if any(line.name == self.player for line in lines):
            self.talk_sent = None  # our line was said
        if not self.ready:
            return
        book = self._talk_book()
        talk = book.lines if book is not None else []
        self.query_one("#room-talk", LogPane).show(with_talk([], 0, talk, self.player))
        self._talk_title()

    def chat_refused(self, message: str) -> None:
        """The room refused our last line (too fast …): it comes back to be sent again."""
        text, self.talk_sent = self.talk_sent, None
        if text:
            self.action_talk()
            line = self.query_one("#room-talk-line", Input)
            line.value = text
            line.cursor_position = len(text)
        self.say(message, error=True)

    def action_talk(self, first: str = "") -> None:
        """``T``: the line under the talk takes a line to say; ``:`` opens it with
        ``first`` (":") typed, for ``:say TEXT``, ``:mute NAME``, ``:unmute NAME``. Typed
        on the open line, either key is text."""
        line = self.query_one("#room-talk-line", Input)
        if line.has_focus:
            line.insert_text_at_cursor(first or "T")
            return
        line.placeholder = TALK_HINT
        self.add_class("-talking")
        self.set_focus(line)
        if first:
            line.value = first
            line.cursor_position = len(first)

    def close_talk(self) -> None:
        """Empty and hide the line to say something; the seats have the keys again."""
        line = self.query_one("#room-talk-line", Input)
        line.value = ""
        if self._counted:  # the count goes with its line
            self._counted = False
            self.say("")
        self.remove_class("-talking")
        self.query_one(DataTable).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """As the line to say nears 200 cells the line under it counts them ("187/200",
        a wide letter 2), and says when it is too long (``tui.support.chat.length_note``)."""
        if event.input.id != "room-talk-line":
            return
        note, over = length_note(event.value)
        if note or self._counted:
            self.say(note, error=over)
            self._counted = bool(note)

    _counted = False  # the line under the talk shows a count (``on_input_changed``)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Say the line typed (or mute / unmute); a line that cannot be said stays, with
        the reason in one sentence."""
        kind, text = talk_command(event.value.strip())
        if kind == "say" and not text:
            self.close_talk()
            return
        if not send_talk(self, kind, text):
            return
        if kind == "say":
            self.say("")
        self.close_talk()

    def action_start(self) -> None:
        self.app.send(p.StartGame())

    def action_choose_bot(self) -> None:
        """Ask which bot takes the highlighted seat (``StrengthScreen``), then hand it over."""
        row = self.query_one(DataTable).cursor_row
        if row is None or not 0 <= row < len(self.room.seats):
            return
        seat = self.room.seats[row]
        if seat.bot is None and seat.name and seat.connected:
            self.say(f"{seat.name} is sitting there.", error=True)
            return
        from engine import get_game

        from .strength import StrengthScreen

        def chosen(kind: str | None) -> None:
            if kind is not None:
                self.app.send(p.SetBot(row, kind))

        title = f"Seat {row + 1}: which bot takes it?"
        self.app.push_screen(StrengthScreen(get_game(self.room.game), title, seat.bot), chosen)

    def action_bot(self, kind: str) -> None:
        row = self.query_one(DataTable).cursor_row
        if row is None:
            return
        self.app.send(p.SetBot(row, kind or None))

    def action_leave(self) -> None:
        self.app.leave_room()
