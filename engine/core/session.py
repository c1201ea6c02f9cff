"""``LocalSession``: a game run in-process — hot seat, bots and replays.

The session owns the log and the folded state; the UI never holds game state and
changes it only through ``play``/``submit``, ``undo`` and ``redo``
(``docs/architecture.md``, "Sessions"). Snapshots every ``SNAPSHOT_EVERY`` applied entries
keep undo and seeking fast at any log length.
"""

from __future__ import annotations

import pickle
from typing import Any, Callable, Iterable

from . import thinking
from .agenda import check_turn
from .decider import Game, Result, fold
from .errors import IllegalCommand
from .log import Entry, Redo, Seat, StandIn, Undo, now
from .rng import rng_for
from .seat_label import seat_label
from .text import SEAT_NAME_RULE, is_seat_name, quoted

SNAPSHOT_EVERY = 64

#: Undo policies: "strict" (Board Game Arena's) and "casual" (local games, no limit).
UNDO_POLICIES = ("strict", "casual")

#: What each undo policy lets a player take back, in plain words, ``(policy, shared)``
#: → words: what ``LocalSession.undo_refusal`` allows (``docs/architecture.md``, "Undo").
#: Every screen that names a policy says it in these words (the new-game and new-room
#: forms, a room's waiting room): casual has no limit at one keyboard, while in a shared
#: room it keeps to one's own moves that showed nothing new.
UNDO_WORDS = {
    ("strict", False): "your last move, before your turn ends, if it showed nothing new",
    ("strict", True): "your last move, before your turn ends, if it showed nothing new",
    ("casual", False): "your moves and all that followed, back to the start (no limit)",
    ("casual", True): "your last move, until another player moves, if it showed nothing new",
}


def undo_words(policy: str, shared: bool) -> str:
    """What the undo ``policy`` lets a player take back, in plain words (``UNDO_WORDS``);
    ``shared`` for a room on a host. Raises ``KeyError`` for an unknown policy."""
    return UNDO_WORDS[(policy, shared)]


#: Words that cannot name a player: every log line names its player in the third person.
PRONOUNS = frozenset({"you", "i", "me", "we", "us", "he", "she", "it", "they", "them"})


class LocalSession:
    """One game's log and state, with the public API the CLI, the app and tests use.

    ``seats`` are ``Seat`` records (or plain names); seat indexes follow their order,
    which is the clockwise order at the table. Build one with ``engine.new_game`` or
    ``engine.load``. ``hinted``: the seats that asked for a hint already (a loaded
    save's, a room's; a seat out of range is dropped). Raises ``ValueError`` for bad
    seats or options.
    """

    def __init__(
        self,
        game: Game,
        seats: Iterable[Seat | str],
        seed: int,
        options: Any = None,
        undo_policy: str = "strict",
        entries: list[Entry] | None = None,
        redecide: bool = False,
        shared: bool = False,
        hinted: Iterable[int] = (),
    ):
        self.game = game
        #: A room shared by people at several terminals (``engine.core.room``): casual
        #: undo there never takes back another person's move or one that revealed
        #: anything (``undo_refusal``).
        self.shared = shared
        self.seats = [s if isinstance(s, Seat) else Seat(s) for s in seats]
        self.names = [s.name for s in self.seats]
        self.seed = int(seed)
        self.options = game.options_from(options)
        if undo_policy not in UNDO_POLICIES:
            raise ValueError(f"undo policy must be one of {', '.join(UNDO_POLICIES)}")
        self.undo_policy = undo_policy
        n = len(self.seats)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.title} takes {game.min_players}–{game.max_players} players, not {n}")
        for name in self.names:
            if not is_seat_name(name):  # what a save is checked for: every save boxtop writes loads again
                raise ValueError(f"seat name {quoted(name)}: {SEAT_NAME_RULE}")
            if name.lower() in PRONOUNS:  # the log names players: "you draws", "you's ship"
                raise ValueError(f"{name!r} cannot be a player's name: the log would read "
                                 f"\"{name} draws\"; choose a name (ann, say)")
        if len(set(self.names)) != n:
            raise ValueError("seat names must be different")
        for s in self.seats:
            if s.bot is not None and s.bot not in game.bots:
                raise ValueError(f"unknown bot {s.bot!r}; bots are: {', '.join(game.bots)}")
        self._bots = {
            i: game.bots[s.bot](self._bot_seed(i)) for i, s in enumerate(self.seats) if s.bot is not None
        }
        # One random stream per bot seat for the whole session: seeding a generator costs
        # more than a bot's move, and a bot's choices are recorded as commands anyway.
        self._bot_rngs = {i: rng_for(self.seed, -1, f"bot:{i}") for i in self._bots}
        self._listeners: list[Callable[[Entry], None]] = []
        self.entries: list[Entry] = []
        #: Table talk kept with the save (``engine.core.chat.ChatLine``s; a shared room's).
        self.chat: list = []
        #: The seats that asked for a hint in this game (``note_hint``); kept with the save.
        #: Metadata beside the log, as the talk is: no entry, no change of state.
        self.hinted: set[int] = {seat for seat in hinted if 0 <= seat < n}  # a stray seat is dropped
        #: Bots that played a person's seat for them (a shared room's ``RoomRecord.stand_ins``):
        #: the log names such a bot's entries by its label ("cyd (expert bot): done"), never
        #: as if the person made them. Metadata beside the log, as the talk is.
        self.stand_ins: list[StandIn] = []
        self._applied: list[int] = []  # indexes into entries, the effective line
        self._redo: list[int] = []  # undone entries, most recent last
        self._to_act: list[frozenset[int]] = []  # to_act after k applied entries
        self._snapshots: dict[int, Any] = {}
        self.state = game.initial(self.options, n)
        if entries is None:
            events = game.setup(self.options, n, rng_for(self.seed, 0))
            self._append(Entry(0, None, None, list(events), now()))
        else:
            for entry in entries:
                self._replay_entry(entry, redecide)

    # ------------------------------------------------------------------ seats
    def _bot_seed(self, seat: int) -> int:
        return rng_for(self.seed, -1, f"bot-seed:{seat}").getrandbits(32)

    def seat_index(self, name: str | int | None) -> int:
        """The index of the seat called ``name``; raises ``IllegalCommand`` for an unknown name."""
        if isinstance(name, int):
            if 0 <= name < len(self.names):
                return name
        elif name in self.names:
            return self.names.index(name)
        raise IllegalCommand(f"There is no seat called {name!r} at this table.")

    def is_bot(self, seat: int | str) -> bool:
        """Whether the seat is played by a bot."""
        return self.seats[self.seat_index(seat)].bot is not None

    def bot_kinds(self) -> list[str | None]:
        """Each seat's bot kind, None for a person's seat."""
        return [s.bot for s in self.seats]

    def seat_labels(self) -> list[str]:
        """Each seat as a list of seats shows it (``engine.core.seat_label``): "ann",
        "bot3 (hard bot)"."""
        return [seat_label(s.name, s.bot) for s in self.seats]

    def mover(self, index: int) -> str:
        """Who made the entry at ``index`` (into ``entries``), as the log names them: its
        seat's name, or the label of the bot that stood in for the seat's person then
        (``stand_ins``). Raises ``IndexError`` for an index outside the log."""
        entry = self.entries[index]
        name = self.names[entry.seat]
        for held in self.stand_ins:
            if held.seat == entry.seat and held.since <= index and (held.until is None or index < held.until):
                return seat_label(name, held.bot)
        return name

    # ------------------------------------------------------------------ queries
    @property
    def ply(self) -> int:
        """How many entries are applied (the length of the effective line, setup included)."""
        return len(self._applied)

    def applied_seat(self, k: int) -> int | None:
        """The seat that gave applied entry ``k`` (None for the setup); raises
        ``IndexError`` when ``k`` is not below ``ply``."""
        if not 0 <= k < len(self._applied):
            raise IndexError(f"applied entry {k} is outside 0..{len(self._applied) - 1}")
        return self.entries[self._applied[k]].seat

    def applied_seq(self, k: int) -> int:
        """The number (``seq``) of applied entry ``k`` in the log and its save: the
        setup is 0, the first move 1; later than ``k`` once moves were undone and made
        again. The number every screen and command shows an entry by (the replay's
        "entry N", ``boxtop analyse``, ``replay --print``, a save's errors). Raises
        ``IndexError`` when ``k`` is not below ``ply``."""
        if not 0 <= k < len(self._applied):
            raise IndexError(f"applied entry {k} is outside 0..{len(self._applied) - 1}")
        return self.entries[self._applied[k]].seq

    def applied_entries(self) -> list[Entry]:
        """The effective line of play: applied entries in order, setup first."""
        return [self.entries[i] for i in self._applied]

    def to_act(self) -> list[str]:
        """Names of the seats that may act now, in seat order (empty when the game is over)."""
        return [self.names[i] for i in self.to_act_seats()]

    def to_act_seats(self) -> list[int]:
        """Seat indexes that may act now, in seat order."""
        return sorted(self._to_act[-1]) if self._to_act else []

    def legal_commands(self, seat: int | str) -> list[Any]:
        """The command Structs ``seat`` may give now (empty when it is not to act)."""
        i = self.seat_index(seat)
        if not self._to_act or i not in self._to_act[-1]:
            return []
        return self.game.legal(self.state, i)

    def legal(self, seat: int | str) -> list[str]:
        """Notations of the commands ``seat`` may give now, e.g. ``["give 3 to bob", ...]``."""
        return [self.game.notation(c, self.names) for c in self.legal_commands(seat)]

    def view(self, seat: int | str | None) -> Any:
        """What ``seat`` may know now (a msgspec Struct); ``None`` for a spectator."""
        return self.game.view(self.state, None if seat is None else self.seat_index(seat))

    def result(self) -> Result | None:
        """None while playing; the final ``Result`` once the game is over."""
        return self.game.result(self.state)

    def notation(self, command: Any) -> str:
        """A command in the game's notation, with this table's seat names."""
        if isinstance(command, Undo):
            return "undo"
        if isinstance(command, Redo):
            return "redo"
        return self.game.notation(command, self.names)

    def parse(self, text: str) -> Any:
        """Parse notation into a command; raises ``IllegalCommand`` naming what is wrong."""
        return self.game.parse(text.strip(), self.names)

    # ------------------------------------------------------------------ hints
    def note_hint(self, seat: int | str) -> bool:
        """Record that ``seat`` (an index or a name) asked for a hint (``engine.core.analysis.hint``):
        the result and the save say so. Not a game event: the log and the state are
        unchanged. Returns whether it is new (False: the seat had asked before). Raises
        ``IllegalCommand`` for an unknown seat."""
        i = self.seat_index(seat)
        if i in self.hinted:
            return False
        self.hinted.add(i)
        return True

    def hinted_names(self) -> list[str]:
        """The names of the seats that asked for a hint (``note_hint``), in seat order."""
        return [self.names[i] for i in sorted(self.hinted)]

    # ------------------------------------------------------------------ play
    def play(self, seat: int | str, command: Any) -> Entry:
        """Give ``command`` (notation text or a command Struct) for ``seat``.

        Returns the recorded ``Entry``. Raises ``IllegalCommand`` with the rule's sentence
        when refused; nothing changes then.
        """
        i = self.seat_index(seat)
        if isinstance(command, str):
            text = command.strip()
            if text == "undo":
                return self.undo(i)
            if text == "redo":
                return self.redo(i)
            command = self.parse(text)
        return self.submit(i, command)

    def submit(self, seat: int, command: Any) -> Entry:
        """Decide ``command`` for seat index ``seat`` and append the entry.

        Raises ``IllegalCommand`` when the seat may not act now or the rules refuse it.
        """
        if isinstance(command, Undo):
            return self.undo(seat)
        if isinstance(command, Redo):
            return self.redo(seat)
        check_turn(self.game.result(self.state) is not None, seat, self._to_act[-1], f"{self.names[seat]}'s")
        events = self.game.decide(self.state, seat, command, rng_for(self.seed, self.ply))
        entry = Entry(len(self.entries), seat, command, list(events), now())
        self._redo.clear()
        self._append(entry, events)
        return entry

    def _append(self, entry: Entry, decided: Any = None) -> None:
        """Record ``entry`` and apply it; ``decided`` is what ``decide`` returned for it
        (the same events), whose transaction has already folded them (``agenda.fold``)."""
        self.entries.append(entry)
        if isinstance(entry.command, Undo):
            self._apply_undo()
        elif isinstance(entry.command, Redo):
            self._apply_redo()
        else:
            self._apply(len(self.entries) - 1, decided)
        if self._listeners:
            for listener in list(self._listeners):
                listener(entry)

    def _apply(self, index: int, decided: Any = None) -> None:
        events = self.entries[index].events if decided is None else decided
        self.state = fold(self.game, self.state, events)
        self._applied.append(index)
        self._to_act.append(self.game.to_act(self.state))
        if len(self._applied) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self._applied)] = self.state

    def _apply_undo(self) -> None:
        undone = self._applied.pop()
        self._to_act.pop()
        self._redo.append(undone)
        k = len(self._applied)
        for key in [key for key in self._snapshots if key > k]:
            del self._snapshots[key]
        self.state = self._fold_to(k)

    def _apply_redo(self) -> None:
        self._apply(self._redo.pop())

    def state_at(self, k: int) -> Any:
        """The state after the first ``k`` applied entries (0 = the empty table), from the
        nearest snapshot at or below ``k``. Raises ``IndexError`` outside ``0..ply``."""
        if not 0 <= k <= len(self._applied):
            raise IndexError(f"position {k} is outside 0..{len(self._applied)}")
        if k == len(self._applied) and k > 0:
            return self.state
        return self._fold_to(k)

    def _fold_to(self, k: int) -> Any:
        base = max((key for key in self._snapshots if key <= k), default=0)
        state = self._snapshots[base] if base else self.game.initial(self.options, len(self.seats))
        for index in self._applied[base:k]:
            state = fold(self.game, state, self.entries[index].events)
        return state

    # ------------------------------------------------------------------ undo
    def undo_refusal(self, seat: int | str) -> str | None:
        """Why ``seat`` may not undo now (one sentence), or None when it may.

        Strict policy (``docs/architecture.md``, "Undo", after Board Game Arena): a seat may
        take back only its own last entry, never one that revealed hidden or random
        facts, and never one after which another seat gained the turn.
        """
        i = self.seat_index(seat)
        if len(self._applied) <= 1:
            return "There is nothing to undo."
        last = self.entries[self._applied[-1]]
        if self.undo_policy == "casual":
            if not any(self.entries[k].seat == i for k in self._applied[1:]):
                return f"{self.names[i]} has made no move to undo."
            return self._shared_casual_refusal(i) if self.shared else None
        if last.seat != i:
            return "Only the last move can be undone, and it is not yours."
        if any(self.game.reveals(e) for e in last.events):
            return "That move revealed hidden or random facts, so it cannot be undone."
        before, after = self._to_act[-2], self._to_act[-1]
        if after - before:
            return "The turn has passed to another player, so that move cannot be undone."
        return None

    def _shared_casual_refusal(self, i: int) -> str | None:
        """Casual undo in a shared room (``docs/architecture.md``, "Undo"): seat ``i``
        takes back its own last move and the bots' replies after it, never a person's
        move and never a move that revealed hidden or random facts (a draw, a roll, a
        hidden card: else a player could look and take it back)."""
        k = max(n for n, index in enumerate(self._applied) if n and self.entries[index].seat == i)
        line = [self.entries[index] for index in self._applied[k:]]
        if any(e.seat != i and self.seats[e.seat].bot is None for e in line[1:]):
            return "Another player has moved since your last move, so it cannot be undone."
        if any(self.game.reveals(event) for e in line for event in e.events):
            return "That move revealed hidden or random facts, so it cannot be undone."
        return None

    def can_undo(self, seat: int | str) -> bool:
        """Whether ``seat`` may undo now (the UI greys ``u`` out otherwise)."""
        return self.undo_refusal(seat) is None

    def undo(self, seat: int | str) -> Entry:
        """Take back ``seat``'s last move; returns the last ``Undo`` entry recorded.

        Casual policy takes back every entry after and including the seat's last move
        (bots' replies too). Raises ``IllegalCommand`` with the reason when refused.
        """
        i = self.seat_index(seat)
        reason = self.undo_refusal(i)
        if reason:
            raise IllegalCommand(reason)
        while True:
            last_seat = self.entries[self._applied[-1]].seat
            entry = Entry(len(self.entries), i, Undo(), [], now())
            self._append(entry)
            if last_seat == i:
                return entry

    def can_redo(self, seat: int | str) -> bool:
        """Whether ``seat`` may redo: an undone entry of its own is waiting and nothing else happened."""
        i = self.seat_index(seat)
        if not self._redo:
            return False
        mine = self.entries[self._redo[-1]].seat == i
        return mine or (self.undo_policy == "casual" and not self.shared)

    def redo(self, seat: int | str) -> Entry:
        """Re-apply the most recently undone entry; raises ``IllegalCommand`` when there is none."""
        i = self.seat_index(seat)
        if not self.can_redo(i):
            raise IllegalCommand("There is nothing to redo.")
        entry = Entry(len(self.entries), i, Redo(), [], now())
        self._append(entry)
        return entry

    # ------------------------------------------------------------------ replay from a log
    def _replay_entry(self, entry: Entry, redecide: bool) -> None:
        """Append a recorded entry, checking it; raises ``ValueError`` naming the problem."""
        n = len(self.entries)
        if entry.seq != n:
            raise ValueError(f"entry {n} is numbered {entry.seq}")
        if n == 0:
            if entry.seat is not None or entry.command is not None:
                raise ValueError("entry 0 must be the setup, with no seat and no command")
            if redecide:
                expected = self.game.setup(self.options, len(self.seats), rng_for(self.seed, 0))
                if list(expected) != list(entry.events):
                    raise ValueError("the setup events differ from what the seed deals")
            self._append(entry)
            return
        seat = entry.seat
        if seat is None or not 0 <= seat < len(self.seats):
            raise ValueError(f"entry {n} has no valid seat")
        if isinstance(entry.command, Undo):
            if entry.events:
                raise ValueError(f"entry {n} is an undo carrying events")
            if len(self._applied) <= 1:
                raise ValueError(f"entry {n} undoes with nothing to undo")
            if redecide and (reason := self.undo_refusal(seat)):
                raise ValueError(f"entry {n} is an undo the policy forbids: {reason}")
            self._append(entry)
            return
        if isinstance(entry.command, Redo):
            if entry.events or not self._redo:
                raise ValueError(f"entry {n} redoes with nothing to redo")
            if redecide and not self.can_redo(seat):
                raise ValueError(f"entry {n} is a redo by {self.names[seat]}, who has no undone move to redo")
            self._append(entry)
            return
        if entry.command is None:
            raise ValueError(f"entry {n} has no command")
        if seat not in self._to_act[-1]:
            raise ValueError(f"entry {n} is a move by {self.names[seat]}, who was not to act")
        if redecide:
            try:
                events = self.game.decide(self.state, seat, entry.command, rng_for(self.seed, self.ply))
            except IllegalCommand as err:
                raise ValueError(f"entry {n} ({self.notation(entry.command)}) is illegal: {err}") from None
            if list(events) != list(entry.events):
                raise ValueError(f"entry {n} ({self.notation(entry.command)}) records other events than the rules give")
            self._redo.clear()
            self._append(entry, events)
            return
        self._redo.clear()
        self._append(entry)

    # ------------------------------------------------------------------ bots and listeners
    def set_bot(self, seat: int | str, kind: str) -> None:
        """Hand ``seat`` to a bot of ``kind`` from now on (an empty seat in a shared game).

        Not a game event: the log is unchanged; the save's seat list records the bot.
        Raises ``ValueError`` for an unknown bot kind.
        """
        i = self.seat_index(seat)
        if kind not in self.game.bots:
            raise ValueError(f"unknown bot {kind!r}; bots are: {', '.join(self.game.bots)}")
        self.seats[i] = Seat(self.names[i], kind)
        self._bots[i] = self.game.bots[kind](self._bot_seed(i))
        self._bot_rngs[i] = rng_for(self.seed, -1, f"bot:{i}")

    def set_person(self, seat: int | str) -> None:
        """Give ``seat`` back to its person (a shared room's seat a bot held while they
        were away): no bot moves for it from now on, and a bot's answer still on its way
        for it is not played (``bot_answer``). Not a game event: the log is unchanged."""
        i = self.seat_index(seat)
        self.seats[i] = Seat(self.names[i])
        self._bots.pop(i, None)
        self._bot_rngs.pop(i, None)

    def bot_to_act(self) -> int | None:
        """The first bot seat (in seat order) that may act now, or None."""
        for i in self.to_act_seats():
            if i in self._bots:
                return i
        return None

    def step_bot(self) -> Entry | None:
        """Let one bot that is to act make one move; returns its entry, or None if no bot may act."""
        i = self.bot_to_act()
        if i is None:
            return None
        legal = self.legal_commands(i)
        if not legal:
            return None
        view = self.game.view(self.state, i)
        command = self._bots[i].choose(view, legal, self._bot_rngs[i])
        return self.submit(i, command)

    def run_bots(self, limit: int = 1_000_000, quick: bool = False) -> int:
        """Let bots move until a person is to act or the game ends; returns the moves made.

        ``quick``: stop also when the bot to act thinks in a worker (``thinks``): the app
        and the host ask it with ``bot_question`` and apply its ``bot_answer``, so a
        search never runs on their event loop."""
        made = 0
        while made < limit:
            if quick and (seat := self.bot_to_act()) is not None and self.thinks(seat):
                break
            if self.step_bot() is None:
                break
            made += 1
        return made

    def thinks(self, seat: int | str) -> bool:
        """Whether the seat's bot thinks in a worker process (a search bot:
        ``engine.core.thinking.offloads``); False for a person's seat."""
        bot = self._bots.get(self.seat_index(seat))
        return bot is not None and thinking.offloads(bot)

    def bot_question(self) -> thinking.Question | None:
        """What the bot to act (``bot_to_act``) is asked, when it thinks in a worker:
        its view, its legal commands, the bot and its random stream
        (``engine.core.thinking``); None when no bot is to act or it is quick
        (``step_bot`` moves it)."""
        i = self.bot_to_act()
        if i is None or not self.thinks(i):
            return None
        legal = self.legal_commands(i)
        if not legal:
            return None
        view = self.game.view(self.state, i)
        return thinking.ask(self.game, i, len(self.entries), self._bots[i], self._bot_rngs[i], view, legal)

    def bot_answer(self, question: thinking.Question, answer: thinking.Answer) -> Entry | None:
        """Play ``answer`` (``thinking.think``'s) to ``question`` for its seat, when that
        seat still faces what it was asked: the same bot, still to act, the same view and
        legal commands. The bot and its stream become those of the answer, as if it had
        chosen inline. Returns the entry, or None when the question no longer stands (an
        undo, a quit, another seat's move in between): nothing changes then."""
        i = question.seat
        bot = self._bots.get(i)
        if bot is None or i not in (self._to_act[-1] if self._to_act else ()):
            return None
        if thinking.dumps(bot) != question.bot or self._bot_rngs[i].getstate() != question.rng:
            return None
        legal = self.legal_commands(i)
        if question.at != len(self.entries) and (
            thinking.encode(legal) != question.legal
            or thinking.encode(self.game.view(self.state, i)) != question.view
        ):
            return None
        if not 0 <= answer.index < len(legal):
            return None
        command, rng = legal[answer.index], self._bot_rngs[i]
        self._bots[i] = pickle.loads(answer.bot)
        rng.setstate(answer.rng)
        try:
            return self.submit(i, command)
        except BaseException:
            self._bots[i] = bot  # not played: the bot is as it was
            rng.setstate(question.rng)
            raise

    def subscribe(self, listener: Callable[[Entry], None]) -> Callable[[], None]:
        """Call ``listener(entry)`` after every recorded entry; returns an unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # ------------------------------------------------------------------ log lines
    def log_lines(self, seat: int | str | None, upto: int | None = None) -> list[str]:
        """The effective line as text for ``seat``'s eyes: each command in notation (only a
        seat's own hidden commands are spelled out) and each event it may see, redacted."""
        viewer = None if seat is None else self.seat_index(seat)
        lines: list[str] = []
        for k in range(len(self._applied[: upto if upto is not None else None])):
            lines.extend(self._block(k, viewer))
        return lines

    def log_block(self, k: int, seat: int | str | None) -> list[str]:
        """The log lines of applied entry ``k`` (0 is the setup) for ``seat``'s eyes: the
        lines ``log_lines`` gives for that entry, so ``log_lines(seat)`` is the blocks of
        ``range(ply)`` joined. Raises ``IndexError`` when ``k`` is not below ``ply``."""
        if not 0 <= k < len(self._applied):
            raise IndexError(f"applied entry {k} is outside 0..{len(self._applied) - 1}")
        return self._block(k, None if seat is None else self.seat_index(seat))

    def _block(self, k: int, viewer: int | None) -> list[str]:
        entry = self.entries[self._applied[k]]
        lines: list[str] = []
        if entry.seat is not None:
            mover = self.mover(self._applied[k]) if self.stand_ins else self.names[entry.seat]
            if self.game.secret is not None:
                shown_command = viewer == entry.seat or not self.game.secret(entry.command)
            else:
                visible = [self.game.redact(e, viewer) for e in entry.events]
                shown_command = viewer == entry.seat or all(v == e for v, e in zip(visible, entry.events))
            if shown_command:
                lines.append(f"{mover}: {self.notation(entry.command)}")
            else:
                lines.append(f"{mover}: (hidden)")
        for event in entry.events:
            shown = self.game.redact(event, viewer)
            if shown is not None:
                text = self.game.describe(shown, self.names)
                lines.extend("  " + line for line in text.splitlines())
        return lines

    # ------------------------------------------------------------------ saving
    def save(self, path: str) -> None:
        """Write the save file atomically (temporary file, fsync, rename); see ``engine.core.save_write``."""
        from .save_write import save

        save(self, path)
