"""Rooms: the authority of a shared game (``docs/architecture.md``, "Sessions"). No sockets.

A room holds one game: its log (in a ``LocalSession``), its seats (a person, a bot, a
bot holding an away person's seat until they come back, or empty) and who is
connected. It validates every command with the game's ``decide``, commits the entry to
the ``Journal`` and only then tells its listeners. A player acts
only for their own seat. What a player may see is ``Room.table_for(player)``: that
seat's ``view`` and log lines, never the raw state, the seed or undo data.
"""

from __future__ import annotations

import secrets
import sys
import time
from datetime import datetime
from typing import Any, Callable, Iterable

import msgspec

from . import registry, thinking
from . import chat as talk
from .chat import KEPT, ChatLine, ChatRefused, RoomChat
from .seating_options import for_table, people, recorded
from .errors import IllegalCommand
from .journal import Journal, JournalDamaged, RoomRecord
from .log import Entry, Seat, StandIn, entry_type
from .log import now as stamp
from .session import UNDO_POLICIES, LocalSession

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Applied entries whose log lines a full ``SeatUpdate`` carries (the newest ones): a table's
#: size never grows with the game's length.
LOG_BLOCKS = 40
#: Letters in a room code: 10 of 32 is 50 bits, so a code cannot be guessed (a private
#: room is reached by nothing else). Shown in groups of 4: "K7QF-M2XA-9P".
CODE_LENGTH = 10


class RoomError(Exception):
    """A lobby action that cannot be done (seat taken, not the creator …); one sentence."""


class SeatInfo(msgspec.Struct, frozen=True):
    """A seat as everyone may see it: ``name`` ("" when empty), ``bot`` kind or None,
    ``connected`` (a person seat with a live connection)."""

    name: str
    bot: str | None
    connected: bool


class RoomSummary(msgspec.Struct, frozen=True):
    """One line of the lobby: the room ``code``, ``game`` slug and title, its seats,
    the ``creator``, ``state`` ("waiting", "playing" or "over"), spectator count and
    whether it is ``private`` (never listed; reached by its code only), and its ``undo``
    policy ("strict" or "casual", ``LocalSession.undo_refusal``); ``to_act`` the names of
    the people to act while it is playing (public on the table too: a lobby marks the
    rooms waiting for its own player), ``bell`` the room's turn-bell option, ``hints``
    whether its players may ask for a hint (``Room.hint_question``)."""

    code: str
    game: str
    title: str
    seats: list[SeatInfo]
    creator: str
    state: str
    spectators: int
    private: bool = False
    undo: str = "strict"
    to_act: list[str] = []
    bell: bool = True
    hints: bool = False


class SeatUpdate(msgspec.Struct, frozen=True):
    """A connection's snapshot of a started room, sent as ``host.protocol.TableUpdate.table``
    (on the wire a plain object: this class's name is not encoded). What one connection
    may see of a started room: its ``seat`` (None for a
    spectator), the seat ``names``, which seats are bots (``bots``: each one's kind, a
    seat a bot holds for its away person too; its name stays the person's), the seat ``view`` encoded as
    JSON (decode with the game's view type), who is ``to_act``, whether it
    ``can_undo``/``can_redo`` under the room's ``undo`` policy, its ``legal`` commands in
    notation, and the ``result`` once the game is over.

    ``log`` holds the log lines as that seat may see them, one list per applied entry
    (``LocalSession.log_block``), for the entries ``log_from`` … ``ply - 1``: only what
    changed since the connection's last table (at most ``LOG_BLOCKS`` entries), so a
    table's size does not grow with the game's length. ``LogMirror`` puts them together.

    Once the game is over, ``again`` holds each seat's answer to a rematch (True: yes,
    False: no, None: still to answer; a bot's own seat says yes, one a bot holds for
    an away person never does) and ``again_room`` the code of the
    next game's room once it is decided ("" before); ``bell`` is the room's turn-bell
    option (``Room.again_answers``). ``hints``: the room lets its players ask for a hint
    (``Room.hint_question``); ``hinted``: the seats that asked for one in this game (the
    result says so).
    """

    code: str
    game: str
    seat: int | None
    names: list[str]
    bots: list[str | None]
    connected: list[bool]
    view: msgspec.Raw
    log: list[list[str]]
    to_act: list[int]
    legal: list[str]
    can_undo: bool
    can_redo: bool
    result: Any
    ply: int
    log_from: int = 0
    undo: str = "strict"
    again: list[bool | None] | None = None
    again_room: str = ""
    bell: bool = True
    hints: bool = False
    hinted: list[int] = []


class LogMirror:
    """A client's copy of a room's log, put together from its ``SeatUpdate``s.

    ``apply(table)`` takes each table in the order they arrived; ``lines()`` is the log
    as the seat may see it (``LocalSession.log_lines``), of the newest ``keep`` entries
    (None: every entry received). A table whose blocks start after what the mirror holds
    (a full picture after a reconnection) replaces it.
    """

    def __init__(self, keep: int | None = 200) -> None:
        self.keep = keep
        self.base = 0  # the applied-entry index of blocks[0]
        self.blocks: list[list[str]] = []

    def apply(self, table: SeatUpdate) -> None:
        """Take ``table``'s log blocks (entries ``log_from`` … ``ply - 1``)."""
        start = table.log_from
        if not self.base <= start <= self.base + len(self.blocks):
            self.base, self.blocks = start, [list(b) for b in table.log]
        else:
            del self.blocks[start - self.base:]
            self.blocks.extend(list(b) for b in table.log)
        if self.keep is not None and len(self.blocks) > self.keep:
            extra = len(self.blocks) - self.keep
            del self.blocks[:extra]
            self.base += extra

    def lines(self) -> list[str]:
        """The kept blocks' lines, oldest first."""
        return [line for block in self.blocks for line in block]


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh room code of ``CODE_LENGTH`` letters from ``CODE_ALPHABET`` (no 0/O, 1/I),
    drawn with ``secrets``, grouped by 4 for reading aloud: ``"K7QF-M2XA-9P"``."""
    while True:
        code = normal_code("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))
        if code not in taken:
            return code


def normal_code(text: str) -> str:
    """A room code as typed (any case, with or without dashes or spaces) in the form
    ``new_code`` gives: ``"k7qf m2xa9p"`` → ``"K7QF-M2XA-9P"``. Never raises; a code
    that was never given simply names no room."""
    letters = "".join(c for c in text.upper() if c not in "- \t")
    return "-".join(letters[i:i + 4] for i in range(0, len(letters), 4))


class Room:
    """One shared game. Build with ``Room.create`` or ``Room.restore`` (from the journal).

    Raises ``RoomError`` for lobby mistakes and ``IllegalCommand`` for refused moves;
    neither changes anything.
    """

    def __init__(self, record: RoomRecord, journal: Journal, session: LocalSession | None = None):
        self.record = record
        self.journal = journal
        self.game = registry.get(record.game)
        self.session = session
        self.connected: dict[str, int] = {}  # player name → open connections
        self.spectators: dict[str, int] = {}
        self._listeners: list[Callable[[Room], None]] = []
        #: The first applied entry the last change touched: a table for a connection that
        #: saw the room before it carries the log from there on (``table_for``'s ``since``).
        self.changed_from = session.ply if session is not None else 0
        #: Bots move inside ``play``/``start``/``set_bot`` when True; a host sets it False
        #: and moves them one at a time with ``bot_step``, at a pace people can follow.
        self.inline_bots = True
        #: When the room last changed (``time.time()``); a restored room: its last entry's time.
        self.changed_at = time.time()
        self.chat = RoomChat(journal.chat(record.code, KEPT))  # table talk: ``say``
        self._into_session()
        #: Rematch answers by player name, and the next game's room code once decided
        #: (kept in memory only: a restart asks again).
        self.again: dict[str, bool] = {}
        self.again_room = ""

    # ------------------------------------------------------------------ building
    @classmethod
    def create(
        cls, journal: Journal, code: str, game: str, creator: str, seats: list[Seat],
        options: dict | None = None, seed: int = 0, undo: str = "strict", private: bool = False,
        bell: bool = True, hints: bool = False,
    ) -> "Room":
        """A new room waiting for players. ``seats``: ``Seat("", None)`` for an open
        seat, ``Seat(name, kind)`` for a bot (a ``Seat(name)`` keeps that seat for its
        player, as a rematch does); ``private``: never listed in the lobby; ``bell``: the
        turn bell may ring (``RoomRecord.bell``); ``hints``: the players may ask for a
        hint (``hint_question``).
        Raises ``RoomError`` for a bad set-up."""
        try:
            g = registry.get(game)
            opts = g.options_from(for_table(g.Options, options or {}, people(seats)))
        except (KeyError, ValueError) as err:
            raise RoomError(err.args[0] if err.args else str(err)) from None
        if not g.min_players <= len(seats) <= g.max_players:
            raise RoomError(f"{g.title} takes {g.min_players}–{g.max_players} players, not {len(seats)}")
        for s in seats:
            if s.bot is not None and s.bot not in g.bots:
                raise RoomError(f"unknown bot {s.bot!r}; bots are: {', '.join(g.bots)}")
        if undo not in UNDO_POLICIES:
            raise RoomError(f"The undo policy is one of {', '.join(UNDO_POLICIES)}, not {undo!r}.")
        taken = {creator.lower()}  # a bot never takes the creator's name: they could not sit
        named = []
        for i, s in enumerate(seats):
            if s.bot:
                name = s.name or f"bot{i + 1}"
                while name.lower() in taken:
                    name += "x"
                taken.add(name.lower())
                named.append(Seat(name, s.bot))
            else:
                named.append(Seat(s.name))
        seats = named
        record = RoomRecord(
            code, game, msgspec.to_builtins(opts), seats, int(seed), creator, False, undo, bool(private),
            bell=bool(bell), hints=bool(hints),
        )
        journal.put_room(record)
        return cls(record, journal)

    @classmethod
    def restore(cls, journal: Journal, record: RoomRecord) -> "Room":
        """Rebuild a room from its journal after a restart (every committed entry),
        verified first: its game is known, its seats and options decode, and a started
        room's log folds to a state every seat (and a spectator) can be shown.

        Raises ``RoomError`` (or the engine's ``ValueError``, ``KeyError``, a msgspec
        error … from a log that does not fold) when it cannot be played; nothing is
        written then.
        """
        try:
            g = registry.get(record.game)
        except KeyError:
            raise RoomError(f"boxtop has no game {record.game!r}") from None
        # an option added since the room was recorded takes the reading it was played with
        record.options = recorded(g.Options, record.options)
        session = None
        if record.started:
            entries = journal.entries(record.code, entry_type(g))
            if not entries:
                raise RoomError("it is marked started but has no entries, not even the setup")
            session = LocalSession(g, record.seats, record.seed, record.options, record.undo, entries=entries,
                                   shared=True, hinted=record.hinted)
            for seat in [None, *range(len(session.seats))]:  # what table_for will be asked
                msgspec.json.encode(g.view(session.state, seat))
                session.log_lines(seat)
                if seat is not None:
                    session.legal(seat)
                    session.can_undo(seat)
                    session.can_redo(seat)
            msgspec.to_builtins(session.result())
        else:
            g.options_from(record.options)
            if not g.min_players <= len(record.seats) <= g.max_players:
                raise RoomError(f"{g.title} takes {g.min_players}–{g.max_players} players, not {len(record.seats)}")
            if any(s.bot is not None and s.bot not in g.bots for s in record.seats):
                raise RoomError("a seat has a bot boxtop does not know")
            if record.undo not in UNDO_POLICIES:
                raise RoomError(f"it has no known undo policy ({record.undo!r})")
        # Bots to move (the host may have died between a move and its bots' replies) are
        # moved by the caller: ``run_bots`` or, on a host, ``bot_step`` at its pace.
        room = cls(record, journal, session)
        if session is not None:
            try:
                room.changed_at = datetime.fromisoformat(session.entries[-1].at).timestamp()
            except (IndexError, ValueError):
                pass  # no time recorded: it counts from now
        return room

    # ------------------------------------------------------------------ lobby
    @property
    def code(self) -> str:
        return self.record.code

    def state(self) -> str:
        """"waiting", "playing" or "over"."""
        if self.session is None:
            return "waiting"
        return "over" if self.session.result() is not None else "playing"

    def seat_of(self, player: str) -> int | None:
        """The seat index that is ``player``'s (a person's seat, or one a bot holds for
        them while they are away: ``holder``), or None."""
        for i, s in enumerate(self.record.seats):
            if s.name == player and (s.bot is None or self.holder(i) is not None):
                return i
        return None

    def holder(self, seat: int) -> StandIn | None:
        """The bot holding person's seat ``seat`` until they come back (its stand-in,
        ``RoomRecord.stand_ins``), or None (a person's seat, a bot's own seat)."""
        return next((h for h in self.record.stand_ins if h.seat == seat and h.until is None), None)

    def _take_back(self, seat: int) -> None:
        """The person of held seat ``seat`` has it again, at once: the record says so
        (journaled first; a journal that cannot write raises and nothing changes), then
        the session, whose bot answer still on its way for the seat is never played."""
        held = self.holder(seat)
        name = self.record.seats[seat].name
        before = (list(self.record.seats), self.record.stand_ins)
        self.record.seats[seat] = Seat(name)
        self.record.stand_ins = [
            StandIn(h.seat, h.bot, h.since, len(self.session.entries)) if h is held else h for h in self.record.stand_ins
        ]
        try:
            self._save_record()
        except BaseException:
            self.record.seats, self.record.stand_ins = before
            raise
        self.session.set_person(seat)
        self._into_session()

    def summary(self) -> RoomSummary:
        """This room as a lobby line."""
        seats = [SeatInfo(s.name, s.bot, s.bot is None and s.name in self.connected) for s in self.record.seats]
        return RoomSummary(
            self.code, self.game.slug, self.game.title, seats, self.record.creator, self.state(),
            sum(self.spectators.values()), self.record.private, self.record.undo,
            to_act=self.people_to_act(), bell=self.record.bell, hints=self.record.hints,
        )

    def _save_record(self) -> None:
        self.journal.put_room(self.record)

    def join(self, player: str, seat: int | None = None) -> int:
        """Sit ``player`` down: back in their own seat if they have one (reconnection;
        a seat a bot holds for them is theirs again at once, ``holder``), else in
        ``seat`` (or the first open seat) while the room is waiting.
        Returns the seat index; raises ``RoomError`` when no seat can be had, what the
        journal raises when it cannot record the seat taken back."""
        mine = self.seat_of(player)
        if mine is not None and self.holder(mine) is not None:
            self._take_back(mine)
        if mine is None:
            if self.session is not None:
                raise RoomError("The game has started; you can watch it.")
            seats = self.record.seats
            if seat is None:
                seat = next((i for i, s in enumerate(seats) if s.bot is None and not s.name), None)
                if seat is None:
                    raise RoomError("Every seat in this room is taken; you can watch.")
            if not 0 <= seat < len(seats):
                raise RoomError(f"There is no seat {seat + 1}.")
            if seats[seat].bot is not None or seats[seat].name:
                raise RoomError(f"Seat {seat + 1} is taken.")
            # Names are compared without case: the notation reads "give 1 to bob" that way.
            clash = next((s for s in seats if s.name and s.name.lower() == player.lower()), None)
            if clash is not None:
                who = "A bot" if clash.bot is not None else "Someone at this table"
                raise RoomError(f"{who} is already called {clash.name}; choose another name.")
            seats[seat] = Seat(player)
            self._save_record()
            mine = seat
        self.connected[player] = self.connected.get(player, 0) + 1
        self._changed()
        return mine

    def watch(self, player: str) -> None:
        """Add ``player`` as a spectator."""
        self.spectators[player] = self.spectators.get(player, 0) + 1
        self._changed()

    def leave(self, player: str, spectator: bool = False) -> None:
        """A connection of ``player`` closed. Before the start a seated player who leaves
        frees the seat; after it the seat waits for them (shown as disconnected)."""
        book = self.spectators if spectator else self.connected
        if player in book:
            book[player] -= 1
            if book[player] <= 0:
                del book[player]
        if not spectator and self.session is None and player not in self.connected:
            seat = self.seat_of(player)
            if seat is not None:
                self.record.seats[seat] = Seat("")
                self._save_record()
        self._changed()

    def set_bot(self, by: str, seat: int, kind: str | None) -> None:
        """The creator, seated here and connected, hands ``seat`` to a bot of ``kind`` (or
        opens it again with None, before the start). After the start only a seat whose
        player is away (disconnected) can be handed over — never one's own, and never by
        a creator who is only watching — and only until its person comes back: the seat
        keeps its person's name and a stand-in records the bot (``holder``; journaled),
        so ``join`` gives it back to them. Raises ``RoomError`` otherwise."""
        if by != self.record.creator:
            raise RoomError("Only the room's creator can hand a seat to a bot.")
        if self.seat_of(by) is None or by not in self.connected:
            raise RoomError("Only the room's creator, sitting at the table, can hand a seat to a bot.")
        seats = self.record.seats
        if not 0 <= seat < len(seats):
            raise RoomError(f"There is no seat {seat + 1}.")
        if kind is not None and kind not in self.game.bots:
            raise RoomError(f"unknown bot {kind!r}; bots are: {', '.join(self.game.bots)}")
        current = seats[seat]
        if current.bot is None and current.name and current.name in self.connected:
            raise RoomError(f"{current.name} is sitting there.")
        if self.session is not None:
            if kind is None:
                raise RoomError("Once the game has started a seat can only be handed to a bot.")
            before = (list(seats), self.record.stand_ins)
            held = self.holder(seat)
            if current.bot is None or held is not None:  # a person's seat: held for them
                at = len(self.session.entries)
                self.record.stand_ins = [
                    StandIn(h.seat, h.bot, h.since, at) if h is held else h for h in self.record.stand_ins
                ] + [StandIn(seat, kind, at)]
            seats[seat] = Seat(current.name, kind)
            try:
                self._save_record()
            except BaseException:
                self.record.seats, self.record.stand_ins = before
                raise
            self.session.set_bot(seat, kind)
            self._into_session()
            ply = self.session.ply
            if self.inline_bots:
                self._run_bots()
            self._changed(ply)
            return
        else:
            taken = {s.name.lower() for s in seats} | {self.record.creator.lower()}
            name = f"bot{seat + 1}"
            while name.lower() in taken and seats[seat].name != name:
                name += "x"
            seats[seat] = Seat(name, kind) if kind else Seat("")
            self._save_record()
        self._changed()

    def start(self, by: str) -> None:
        """The creator starts the game once every seat is filled; entry 0 is journaled.
        Raises ``RoomError`` when not the creator, already started or a seat is open."""
        if by != self.record.creator:
            raise RoomError("Only the room's creator can start the game.")
        if self.session is not None:
            raise RoomError("The game has started already.")
        if any(s.bot is None and not s.name for s in self.record.seats):
            raise RoomError("Fill every seat (with a player or a bot) first.")
        try:
            session = LocalSession(
                self.game, self.record.seats, self.record.seed, self.record.options, self.record.undo, shared=True
            )
        except ValueError as err:
            raise RoomError(str(err)) from None
        # Entry 0 and the started record in one transaction: a crash between two
        # separate writes left a room that could neither restore nor start again.
        self.record.started = True
        try:
            self.journal.start_room(self.record, session.entries[0])
        except BaseException:
            self.record.started = False
            raise
        self.session = session
        self._into_session()
        if self.inline_bots:
            self._run_bots()
        self._changed(0)

    # ------------------------------------------------------------------ play
    def _seat_for(self, player: str) -> int:
        if self.session is None:
            raise IllegalCommand("The game has not started yet.")
        seat = self.seat_of(player)
        if seat is None:
            raise IllegalCommand("You are watching this game, not playing in it.")
        if self.holder(seat) is not None:
            raise IllegalCommand("A bot holds your seat while you are away: join the room to take it back.")
        return seat

    def _commit(self, before: int) -> None:
        """Journal every entry the session recorded since ``before``; if the journal
        refuses them, the session goes back to ``before`` and the error is raised."""
        s = self.session
        new = s.entries[before:]
        if new:
            try:
                self.journal.append_many(self.code, new)
            except BaseException:
                # Not journaled, so it did not happen: the log in memory never runs
                # ahead of the journal (else later entries would be journaled with a gap).
                self.session = LocalSession(  # the hints asked are metadata beside the log: kept
                    self.game, s.seats, s.seed, s.options, s.undo_policy, entries=s.entries[:before], shared=True,
                    hinted=s.hinted,
                )
                self._into_session()
                raise

    def play(self, player: str, text: str) -> Entry:
        """Play ``text`` (notation, or ``undo``/``redo``) for ``player``'s own seat.

        The entry (and any bot replies) is journaled before anyone is told. Raises
        ``IllegalCommand`` with the rule's sentence when refused; nothing changes then.
        """
        seat = self._seat_for(player)
        before, ply = len(self.session.entries), self.session.ply
        entry = self.session.play(seat, text)
        self._commit(before)
        low = min(ply, self.session.ply)  # an undo takes entries off the line
        if self.inline_bots:
            self._run_bots()
        self._changed(low)
        return entry

    def _run_bots(self) -> None:
        before = len(self.session.entries)
        self.session.run_bots()
        self._commit(before)

    def run_bots(self) -> int:
        """Let the bots move until a person is to act or the game ends, journaling each
        move; one change for all of them. Returns the moves made (0 before the start)."""
        if self.session is None:
            return 0
        before, ply = len(self.session.entries), self.session.ply
        self._run_bots()
        made = len(self.session.entries) - before
        if made:
            self._changed(ply)
        return made

    def bot_to_move(self) -> bool:
        """Whether a bot may move now (the game has started and a bot seat is to act)."""
        return self.session is not None and self.session.bot_to_act() is not None

    def bot_step(self) -> bool:
        """One bot move, journaled and then told to the listeners; returns whether a bot
        moved. Raises what the journal raises when it cannot write (nothing changed)."""
        if self.session is None:
            return False
        before, ply = len(self.session.entries), self.session.ply
        if self.session.step_bot() is None:
            return False
        self._commit(before)
        self._changed(ply)
        return True

    def bot_question(self) -> thinking.Question | None:
        """What the bot to move is asked when it thinks in a worker process (a search
        bot, ``engine.core.thinking``); None before the start, when no bot may move, or
        when the bot is quick (``bot_step`` moves it at once)."""
        return self.session.bot_question() if self.session is not None else None

    def bot_answer(self, question: thinking.Question, answer: thinking.Answer) -> bool:
        """Play a thinking bot's ``answer`` to ``question``, journaled and then told to
        the listeners, when the seat still faces what it was asked
        (``LocalSession.bot_answer``); whether it was played. Raises what the journal
        raises when it cannot write (nothing changed)."""
        if self.session is None:
            return False
        before, ply = len(self.session.entries), self.session.ply
        if self.session.bot_answer(question, answer) is None:
            return False
        self._commit(before)
        self._changed(ply)
        return True

    # ------------------------------------------------------------------ table talk
    def _into_session(self) -> None:
        """What the room keeps beside the log goes with its session: the lines the players
        may read (``RoomChat.heard``), which its save keeps, and the stand-ins
        (``RoomRecord.stand_ins``), by which its log names a bot's moves for a person."""
        if self.session is not None:
            if self.session.chat is not self.chat.heard:
                self.session.chat = self.chat.heard
            self.session.stand_ins = self.record.stand_ins

    def say(self, player: str, text: str, spectator: bool = False, now: float | None = None) -> ChatLine:
        """``player`` (seated here and connected, or watching when ``spectator``) says
        ``text`` at the game's current ply (0 before the start); the line is journaled,
        then returned for the host to pass on (``chat.visible`` says to whom). ``now``:
        ``engine.core.chat.clock()`` unless given. Raises ``ChatRefused`` (one sentence) for a
        bad line, one said too fast (``engine.core.chat.RATE``) or a player not here;
        ``JournalWriteError`` when it cannot be recorded. Nothing is said then."""
        book = self.spectators if spectator else self.connected
        if player not in book:
            raise ChatRefused("You are not in this room.")
        ply = self.session.ply if self.session is not None else 0
        line = self.chat.say(
            player, text, ply, spectator, self.record.spectator_talk,
            talk.clock() if now is None else now, stamp(),
        )
        self.journal.append_chat(self.code, line)
        self.chat.keep(line)
        self._into_session()
        return line

    def set_spectator_talk(self, by: str, allowed: bool) -> None:
        """The room's creator lets the spectators' lines reach the players (``allowed``)
        or not, from the next line on; recorded with the room. Raises ``ChatRefused``
        when ``by`` is not the creator."""
        if by != self.record.creator:
            raise ChatRefused("Only the room's creator chooses whether spectators' talk reaches the players.")
        self.record.spectator_talk = bool(allowed)
        self._save_record()

    # ------------------------------------------------------------------ a hint
    def hint_refusal(self, player: str) -> str | None:
        """Why ``player`` may not have a hint now (one sentence), or None when they may
        (``hint_question``, ``note_hint``):
        the room allows hints (``RoomRecord.hints``), the game is in play, ``player``
        sits here (not watching) and is to act with more than one legal command."""
        if not self.record.hints:
            return "Hints are off in this room."
        s = self.session
        if s is None:
            return "The game has not started yet."
        seat = self.seat_of(player)
        if seat is None:
            return "You are watching this game: no one plays at this keyboard."
        from .analysis import hint_refusal

        return hint_refusal(s, seat)

    def hint_question(self, player: str) -> tuple:
        """What a worker is asked for ``player``'s hint: the arguments of
        ``engine.core.analysis.hint_task``, made from that seat's own view and legal
        commands only (``analysis.hint_args``; no other seat's hidden facts, no seed),
        hashable (an equal question has the same answer). Records nothing: ``note_hint``.
        Raises ``RoomError`` with ``hint_refusal``'s sentence when ``player`` may not
        have a hint now."""
        from .analysis import hint_args

        refusal = self.hint_refusal(player)
        if refusal is not None:
            raise RoomError(refusal)
        s, seat = self.session, self.seat_of(player)
        return hint_args(s.game, s.view(seat), seat, s.legal_commands(seat), s.names, s.ply)

    def note_hint(self, player: str) -> None:
        """Record that ``player``'s seat asked for a hint in this game (journaled with the
        room, ``RoomRecord.hinted``; the session's ``hinted``, so its result and its save
        say so). Not a game event: no entry, no change of state, and an undo keeps it.
        Raises ``RoomError`` when ``player`` has no seat in the started game, what the
        journal raises when it cannot record (``JournalWriteError``: nothing recorded)."""
        seat = self.seat_of(player)
        s = self.session
        if s is None or seat is None:
            raise RoomError("Only a player at the table can ask for a hint.")
        if seat in s.hinted:
            return
        before, self.record.hinted = self.record.hinted, sorted(s.hinted | {seat})
        try:
            self._save_record()
        except BaseException:
            self.record.hinted = before
            raise
        s.note_hint(seat)

    # ------------------------------------------------------------------ what each sees
    def table_for(self, player: str | None, since: int | None = None) -> SeatUpdate | None:
        """The started game as ``player`` may see it (their seat's view, or a spectator's
        when they have no seat); None while the room is waiting.

        ``since``: the connection has this room's log up to applied entry ``since``, so
        the table's ``log`` starts there; None (a first table, or a reconnection) gives a
        full picture. Either way at most the newest ``LOG_BLOCKS`` entries' lines."""
        s = self.session
        if s is None:
            return None
        seat = self.seat_of(player) if player is not None else None
        ply = s.ply
        start = max(0, ply - LOG_BLOCKS) if since is None else max(0, ply - LOG_BLOCKS, min(since, ply))
        view = s.game.view(s.state, seat)
        if s.game.brief is not None:
            view = s.game.brief(view)
        view = msgspec.json.encode(view)
        result = s.result()
        return SeatUpdate(
            code=self.code,
            game=self.game.slug,
            seat=seat,
            names=list(s.names),
            bots=[x.bot for x in s.seats],
            connected=[x.bot is not None or x.name in self.connected for x in s.seats],
            view=msgspec.Raw(view),
            log=[s.log_block(k, seat) for k in range(start, ply)],
            to_act=s.to_act_seats(),
            legal=s.legal(seat) if seat is not None else [],
            can_undo=seat is not None and s.can_undo(seat),
            can_redo=seat is not None and s.can_redo(seat),
            undo=s.undo_policy,
            result=msgspec.to_builtins(result) if result is not None else None,
            ply=ply,
            log_from=start,
            again=self.again_answers(),
            again_room=self.again_room,
            bell=self.record.bell,
            hints=self.record.hints,
            hinted=sorted(s.hinted),
        )

    def subscribe(self, listener: Callable[["Room"], None]) -> Callable[[], None]:
        """Call ``listener(room)`` after every change; returns an unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self, log_from: int | None = None) -> None:
        """Tell the listeners; ``log_from`` the first applied entry whose log lines changed
        (None: no log line changed)."""
        self.changed_from = log_from if log_from is not None else (self.session.ply if self.session is not None else 0)
        self.changed_at = time.time()
        for listener in list(self._listeners):
            listener(self)


    # ------------------------------------------------------------------ the turn and a rematch
    def people_to_act(self) -> list[str]:
        """The names of the people (not bots) to act now; [] unless the game is in play."""
        s = self.session
        if s is None or s.result() is not None:
            return []
        return [s.names[i] for i in s.to_act_seats() if not s.is_bot(i)]

    def _person(self, seat: int) -> bool:
        """Whether ``seat`` is a person's: theirs, or a bot's only until they come back."""
        s = self.record.seats[seat]
        return s.bot is None or self.holder(seat) is not None

    def again_answers(self) -> list[bool | None] | None:
        """Each seat's answer to a rematch once the game is over (``SeatUpdate.again``): True
        for yes (a bot's own seat always), False for no (a person who is not here and has
        not answered counts as no: a bot holding their seat never answers for them), None
        still to answer; None before the end."""
        if self.state() != "over":
            return None
        return [
            self.again.get(s.name, None if s.name in self.connected else False) if self._person(i) else True
            for i, s in enumerate(self.record.seats)
        ]

    def answer_again(self, player: str, yes: bool) -> None:
        """``player`` says yes (``yes``) or no to playing again with the same seats.
        Raises ``RoomError`` (one sentence) before the end, for a player without a seat
        here, or once the next game's room is decided; nothing changes then."""
        if self.state() != "over":
            raise RoomError("A rematch is offered once the game is over.")
        if self.seat_of(player) is None:
            raise RoomError("Only the players at this table can ask for a rematch.")
        if self.again_room:
            raise RoomError(f"The rematch is decided: room {self.again_room}.")
        self.again[player] = bool(yes)
        self._changed()

    def again_decided(self) -> list[str] | None:
        """The names of the people who said yes, once the rematch is decided: every
        person seated has answered, a person not connected (who left) counting as no,
        and at least one said yes. None while someone connected is still to answer,
        once nobody said yes, or once the next room is chosen (``again_room``)."""
        if self.state() != "over" or self.again_room:
            return None
        people = [s.name for i, s in enumerate(self.record.seats) if self._person(i) and s.name]
        answers = {name: self.again.get(name) if name in self.connected else False for name in people}
        if any(a is None for a in answers.values()):
            return None
        yes = [name for name in people if answers[name]]
        return yes or None

    def again_seats(self, yes: Iterable[str]) -> list[Seat]:
        """The next game's seats: these seats moved on by one place (seat 2 first, seat 1
        last, so the first seat in turn order changes hands), bots' own seats as they
        were, the seat of a person not in ``yes`` open (``Seat("")``), a seat a bot held
        for its person too: the bot never says yes for them."""
        keep = set(yes)
        seats = [
            (Seat(s.name) if s.name in keep else Seat("")) if self._person(i) else s
            for i, s in enumerate(self.record.seats)
        ]
        return seats[1:] + seats[:1]


class Rooms:
    """Every room of a host, restored from the journal at start."""

    def __init__(self, journal: Journal):
        """Restore every room of ``journal``. A room that cannot be (its row does not
        decode, its log does not fold …) is left out, left in the journal as it is, and
        reported with one line on stderr; ``unrestored`` maps its code to the reason.
        Raises ``JournalDamaged`` when the journal cannot be read at all."""
        self.journal = journal
        self.rooms: dict[str, Room] = {}
        self.unrestored: dict[str, str] = {}
        bad: list[tuple[str, str]] = []
        for record in journal.rooms(bad):
            try:
                self.rooms[record.code] = Room.restore(journal, record)
            except JournalDamaged:
                raise
            except Exception as err:  # one bad room must not stop the host, whatever it is
                text = (str(err).splitlines() or [""])[0]
                kind = "" if isinstance(err, RoomError) else f"{type(err).__name__}: "
                bad.append((record.code, f"{kind}{text}" if text else type(err).__name__))
        for code, reason in bad:
            self.unrestored[code] = reason
            line = f"boxtop: room {code} cannot be restored ({reason}); it is left in the journal, unplayed"
            print(" ".join(line.split()), file=sys.stderr)

    def create(self, **kwargs) -> Room:
        """A new room with a fresh code; see ``Room.create``."""
        room = Room.create(self.journal, new_code(set(self.rooms) | set(self.unrestored)), **kwargs)
        self.rooms[room.code] = room
        return room

    def get(self, code: str) -> Room:
        """The room with ``code`` (any case, dashes optional: ``normal_code``); raises
        ``RoomError`` when there is none."""
        room = self.rooms.get(normal_code(code))
        if room is None:
            raise RoomError(f"There is no room {code!r}.")
        return room

    def forget_if_abandoned(self, code: str) -> bool:
        """Delete room ``code`` when it is waiting for its start with nobody in it (no
        seated player connected, no spectator): an abandoned room would stay in the
        lobby for good. Returns whether it was deleted."""
        room = self.rooms.get(code)
        if room is None or room.session is not None or room.connected or room.spectators:
            return False
        del self.rooms[code]
        self.journal.delete_room(code)
        return True

    def summaries(self) -> list[RoomSummary]:
        """Every room as a lobby line (private ones too), oldest first."""
        return [r.summary() for r in self.rooms.values()]

    def unfinished_by(self, creators: str | Iterable[str]) -> int:
        """How many rooms any of ``creators`` (a name or names, any case: the names of
        one key) opened that are not over (waiting or playing)."""
        names = {creators.lower()} if isinstance(creators, str) else {c.lower() for c in creators}
        return sum(1 for r in self.rooms.values() if r.record.creator.lower() in names and r.state() != "over")

    def stale(self, now: float, finished_after: float, abandoned_after: float) -> list[Room]:
        """The rooms nobody is in (no seated player connected, no spectator) that have
        not changed for ``finished_after`` seconds (a finished or waiting room) or
        ``abandoned_after`` seconds (a game in play), in creation order. ``now``: ``time.time()``."""
        out = []
        for room in self.rooms.values():
            if room.connected or room.spectators:
                continue
            keep = abandoned_after if room.state() == "playing" else finished_after
            if now - room.changed_at >= keep:
                out.append(room)
        return out

    def forget(self, code: str) -> None:
        """Delete room ``code`` from the journal, then from the host (a no-op when it is
        gone). Raises ``sqlite3.Error`` when the journal fails; the room then stays."""
        self.journal.delete_room(code)
        self.rooms.pop(code, None)
