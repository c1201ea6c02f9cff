"""The room service end to end, over its Unix socket (``docs/architecture.md``, "Sessions").

Every test starts a real ``RoomService`` and talks to it with ``ServiceClient`` (or with
raw bytes for bad input). Gift Trap is the game: simultaneous hidden Give and Rate
phases make it the hardest case for hidden information.

Pushes are deterministic here: an accepted command changes the room once, and every
connection in that room then gets exactly one ``TableUpdate``; a refused one gets only
its sender a ``Refused``. The tests drive one move at a time and read every push, so
"nothing else arrived" is a checkable fact.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import signal
import socket
import struct
import sys
import tempfile
import threading
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import IllegalCommand, LocalSession
from engine.core.journal import Journal
from engine.core.log import entry_type
from engine.core.room import LOG_BLOCKS, LogMirror
from host import protocol as p
from host.client import ServiceClient
import host.service
from host.service import BURST, MAX_BAD_FRAMES, RoomService

GT = engine.get_game("gift-trap")
View = GT.view_type
TIMEOUT = 10.0
SHORT = {"track_length": 5}
#: The catch-all answer of the service to an exception it did not expect (a bug).
BUG_SENTENCE = "The host could not do that; the error was logged."
#: A command line or an event line that spells out a hidden tile (Give, Get or Gifttrap).
HIDDEN_LINE = re.compile(r"^(\S+): (give|rate|trap) |^  (\S+) (gives gift|puts |sets the Gifttrap)")
ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------- helpers
@pytest.fixture
def short_dir():
    """A short directory: a Unix socket path must stay under ~100 bytes."""
    d = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
async def service(short_dir, capfd, monkeypatch):
    """A running service on ``short_dir/s.sock``; after the test no task of the loop
    failed unseen and no traceback reached stderr (the service logs its bugs there).
    Its rooms' seeds are the test's: ``svc.test_seeds`` (1 when empty), so each game is
    the same every run."""
    seeds: list[int] = []
    monkeypatch.setattr(host.service, "new_seed", lambda: seeds.pop(0) if seeds else 1)
    loop = asyncio.get_running_loop()
    errors: list[dict] = []
    loop.set_exception_handler(lambda _loop, ctx: errors.append(ctx))
    svc = RoomService(short_dir / "data", bot_pace=None)  # bots answer inside the move: one push per move
    sock = short_dir / "s.sock"
    await svc.start(sock)
    svc.test_socket = sock
    svc.test_seeds = seeds
    yield svc
    await svc.close()
    loop.set_exception_handler(None)
    assert not errors, errors
    err = capfd.readouterr().err
    assert "Traceback" not in err, err


@pytest.fixture
def fast(monkeypatch):
    """Scripted players move far faster than people: lift the flood limit (``RATE``
    frames a second) for the tests that play whole games; the flood test keeps it."""
    monkeypatch.setattr(host.service, "RATE", 100_000.0)


class Peer:
    """A ``ServiceClient`` that remembers what it received and its latest ``SeatUpdate``."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client
        self.name = client.name
        self.table = None
        self.mirror = LogMirror(keep=None)
        self.seen: list = []

    @classmethod
    async def connect(cls, sock, name: str, key: str | None = None, token: str | None = None) -> "Peer":
        """A connection as ``name``; a ``key`` needs the service's ``token`` (boxtop host vouches for it)."""
        peer = cls(await ServiceClient.connect(sock, name, key, token=token))
        assert isinstance(await peer.recv(), p.Lobby)  # the lobby follows the welcome
        return peer

    async def recv(self):
        m = await asyncio.wait_for(self.client.recv(), TIMEOUT)
        self.seen.append(m)
        if isinstance(m, p.TableUpdate):
            if self.table is not None and self.table.code != m.table.code:
                self.mirror = LogMirror(keep=None)
            self.table = m.table
            self.mirror.apply(m.table)
        return m

    @property
    def log(self) -> list[str]:
        """Every log line this peer was sent, put together (``LogMirror``)."""
        return self.mirror.lines()

    async def expect(self, kind):
        """The next message that is not a lobby push (nor a notice about a room's seats);
        it must be a ``kind``."""
        while True:
            m = await self.recv()
            if isinstance(m, (*LOBBY, p.Notice)) and not isinstance(m, kind):
                continue
            assert isinstance(m, kind), f"{self.name} expected {kind}, got {m!r}"
            return m

    async def ask(self, message, kind):
        await self.client.send(message)
        return await self.expect(kind)

    async def quiet(self, seconds: float = 0.05) -> None:
        """Nothing but lobby pushes arrives for ``seconds``."""
        try:
            while True:
                m = await asyncio.wait_for(self.client.recv(), seconds)
                assert isinstance(m, LOBBY), f"{self.name} got an unexpected {m!r}"
        except asyncio.TimeoutError:
            pass

    async def close(self) -> None:
        await self.client.close()


FENCE = "You have said hello already."
#: The pushes a peer may get between any two answers: the whole lobby, what changed in
#: it, and a room's bot beginning or ending to think (``p.BotThinking``).
LOBBY = (p.Lobby, p.LobbyChanged, p.BotThinking)


async def lobby_room(peer: Peer, code: str) -> p.RoomSummary:
    """Room ``code`` as the lobby shows it now: the answer to ``ListRooms`` is the last
    lobby before the fence (a second hello, always refused), after older pushes."""
    await peer.client.send(p.ListRooms())
    await peer.client.send(p.Hello(peer.name))
    lobbies = []
    while not isinstance(m := await peer.recv(), p.Refused):
        assert isinstance(m, LOBBY), m
        if isinstance(m, p.Lobby):
            lobbies.append(m)
    assert m.message == FENCE
    return next(r for r in lobbies[-1].rooms if r.code == code)


def view_of(table) -> object:
    return msgspec.json.decode(table.view, type=View)


def copy_of(session: LocalSession) -> LocalSession:
    """An independent session with the same log, to ask the engine what it would say."""
    return LocalSession(session.game, session.seats, session.seed, session.options, session.undo_policy,
                        entries=list(session.entries))


async def open_room(svc, seats=("p", "p", "heuristic"), watchers=(), seed=None, options=SHORT, names=("ann", "bob")):
    """``names[0]`` creates a Gift Trap room with ``seats`` ("p" for a person), the others
    join in order, ``watchers`` watch, and it starts (with ``seed``, on a test's service).
    Returns (code, peers, watchers)."""
    sock = svc.test_socket
    if seed is not None and hasattr(svc, "test_seeds"):
        svc.test_seeds.append(seed)
    creator = await Peer.connect(sock, names[0])
    specs = [p.SeatSpec(None if s == "p" else s) for s in seats]
    inroom = await creator.ask(p.CreateRoom("gift-trap", specs, dict(options)), p.InRoom)
    code = inroom.room.code
    peers = [creator]
    for name in names[1:]:
        peer = await Peer.connect(sock, name)
        await peer.ask(p.JoinRoom(code), p.InRoom)
        for other in peers:
            await other.expect(p.InRoom)
        peers.append(peer)
    ws = []
    for name in watchers:
        w = await Peer.connect(sock, name)
        assert (await w.ask(p.WatchRoom(code), p.InRoom)).seat is None
        for other in peers + ws:
            await other.expect(p.InRoom)
        ws.append(w)
    await creator.client.send(p.StartGame())
    for peer in peers + ws:
        await peer.expect(p.TableUpdate)
    return code, peers, ws


async def move(mover: Peer, text: str, others) -> p.TableUpdate:
    """``mover`` plays ``text``; it must be accepted and reach every other connection."""
    reply = await mover.ask(p.Play(text), (p.TableUpdate, p.Refused))
    assert isinstance(reply, p.TableUpdate), f"{mover.name} {text!r}: {reply!r}"
    for o in others:
        if o is not mover:
            await o.expect(p.TableUpdate)
    return reply


def chooser(rng: random.Random):
    def choose(legal: list[str]) -> str:
        return "done" if "done" in legal else rng.choice(legal)
    return choose


async def play_moves(peers, watchers, rng, limit=100_000, after=None) -> int:
    """Seated ``peers`` play moves chosen from their ``SeatUpdate.legal`` (a random seat of
    those to act, ``done`` when allowed) until the game ends or ``limit`` moves; calls
    ``after()`` after every move. Returns the number of moves."""
    choose = chooser(rng)
    made = 0
    while made < limit and peers[0].table.result is None:
        ready = [q for q in peers if q.table.seat in q.table.to_act and q.table.legal]
        assert ready, f"nobody can move: to_act={peers[0].table.to_act}"
        mover = rng.choice(ready)
        await move(mover, choose(mover.table.legal), peers + list(watchers))
        made += 1
        if after is not None:
            after()
    return made


async def assert_service_works(sock, name: str = "fresh") -> None:
    """A fresh client can connect, open a room with two bots, start and have a move accepted."""
    c = await Peer.connect(sock, name)
    specs = [p.SeatSpec(), p.SeatSpec("random"), p.SeatSpec("random")]
    await c.ask(p.CreateRoom("gift-trap", specs, dict(SHORT)), p.InRoom)
    t = (await c.ask(p.StartGame(), p.TableUpdate)).table
    assert t.seat == 0 and t.legal, t
    ply = t.ply
    t = (await c.ask(p.Play(chooser(random.Random(0))(t.legal)), p.TableUpdate)).table
    assert t.ply > ply
    await c.close()


class Raw:
    """A connection speaking raw bytes, for input ``ServiceClient`` would never send."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, sock, name: str | None = "zed") -> "Raw":
        raw = cls(*await asyncio.open_unix_connection(str(sock)))
        if name is not None:
            raw.send(p.frame(p.Hello(name)))
            assert isinstance(await raw.recv(), p.Welcome)
            assert isinstance(await raw.recv(), p.Lobby)
        return raw

    def send(self, data: bytes) -> None:
        self.writer.write(data)

    def send_body(self, body: bytes) -> None:
        self.writer.write(struct.pack(">I", len(body)) + body)

    async def recv(self):
        """The next service message, or None once the service closed the connection."""
        try:
            body = await asyncio.wait_for(p.read_frame(self.reader, p.MAX_SERVICE_FRAME), TIMEOUT)
        except ConnectionError:
            return None
        return None if body is None else p.decode_service(body)

    async def rest(self) -> list:
        """Every message until the service closes the connection (it must, in time)."""
        out = []
        while (m := await self.recv()) is not None:
            out.append(m)
        return out

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass


# ---------------------------------------------------------------------- 1. a whole game
async def test_two_players_and_a_bot_play_a_whole_game_and_the_journal_holds_every_entry(service, fast):
    # DESIGN.md, "Sessions": "A shared session is a room on a host. The room owns the log:
    # it validates every command with decide, journals the entry durably before anyone
    # sees it, and sends each connection only view(seat) ..."
    code, (ann, bob), _ = await open_room(service, seed=11)
    room = service.rooms.get(code)
    assert ann.table.seat == 0 and bob.table.seat == 1 and ann.table.bots == [None, None, "heuristic"]
    moves = await play_moves([ann, bob], [], random.Random(5))
    assert moves > 10
    assert ann.table.result is not None
    assert ann.table.result == bob.table.result == msgspec.to_builtins(room.session.result())
    assert ann.table.ply == bob.table.ply == room.session.ply
    assert room.summary().state == "over"
    # Every entry is in the journal (read through a second connection to the file) …
    journal = Journal(service.data_dir / "rooms.sqlite3")
    try:
        stored = journal.entries(code, entry_type(GT))
    finally:
        journal.close()
    assert msgspec.json.encode(stored) == msgspec.json.encode(room.session.entries)
    assert [e.seq for e in stored] == list(range(len(stored)))
    # … and it is a true game: re-deciding every command from the seed gives its events.
    replay = LocalSession(GT, room.record.seats, room.record.seed, room.record.options, entries=stored, redecide=True)
    assert msgspec.to_builtins(replay.result()) == ann.table.result
    # A finished game refuses further moves with the engine's sentence.
    refused = await ann.ask(p.Play("done"), p.Refused)
    assert refused.message == "The game is over."


# ---------------------------------------------------------------------- 2. hidden information
async def test_nobody_sees_another_seats_uncommitted_tiles(service, fast):
    # DESIGN.md, "Sessions": "spectators get view(None). In simultaneous phases each
    # seat's choice stays hidden from the others until every seat has committed."
    # gift_trap/view.py: Give, Get and Gifttrap tiles "are absent from a view, not blanked".
    code, (ann, bob), (cyd,) = await open_room(service, watchers=["cyd"], seed=3)
    room = service.rooms.get(code)
    names = room.session.names
    hidden_moments = 0

    def check():
        nonlocal hidden_moments
        s = room.session
        state = s.state
        if state.phase in ("give", "rate") and any(state.gives[i] or state.rates[i] for i in range(3)):
            if not all(state.committed):
                hidden_moments += 1
        # The spectator: no tile of anyone, no hidden command text, exactly log_lines(None).
        t = cyd.table
        v = view_of(t)
        assert t.seat is None and v.me is None
        assert v.my_gives == () and v.my_rates == () and v.my_trap == 0
        assert t.legal == [] and not t.can_undo
        assert bytes(t.view) == msgspec.json.encode(GT.brief(s.view(None)))
        assert cyd.log == s.log_lines(None) == copy_of(s).log_lines(None)
        assert not [line for line in cyd.log if HIDDEN_LINE.match(line)], cyd.log
        # Each player: exactly their own view; another seat's tiles never appear.
        for peer in (ann, bob):
            t = peer.table
            v = view_of(t)
            assert v.me == t.seat == s.seat_index(peer.name)
            assert bytes(t.view) == msgspec.json.encode(GT.brief(s.view(t.seat)))
            assert v.my_gives == state.gives[t.seat] and v.my_rates == state.rates[t.seat]
            for line in peer.log:
                m = HIDDEN_LINE.match(line)
                if m:
                    assert (m.group(1) or m.group(3)) == names[t.seat], (peer.name, line)

    check()
    await play_moves([ann, bob], [cyd], random.Random(8), after=check)
    assert ann.table.result is not None
    assert hidden_moments > 5  # the check ran while tiles lay face down
    # The players did see their own hidden moves spelled out (the check is not vacuous).
    assert any(HIDDEN_LINE.match(line) for line in ann.log)
    # No frame the spectator received holds the seed or the setup's undealt decks.
    for m in cyd.seen:
        raw = msgspec.json.encode(m)
        assert b'"seed"' not in raw and b'"deck_used"' not in raw and b'"decks"' not in raw


# ---------------------------------------------------------------------- 3. acting for another seat
async def test_only_a_seats_own_player_acts_and_refusals_change_nothing(service):
    # DESIGN.md, "Sessions": "A connection acts only for the seat it was given";
    # "decide ... raises IllegalCommand with a sentence a player understands".
    code, (ann, bob), (cyd,) = await open_room(service, watchers=["cyd"], seed=2)
    room = service.rooms.get(code)
    everyone = [ann, bob, cyd]
    assert ann.table.to_act == [0]  # gift-trap setup: "the first seat starts"
    ply = room.session.ply

    # bob is not to act: refused with the engine's own sentence, nothing changes.
    with pytest.raises(IllegalCommand) as engine_says:
        copy_of(room.session).play(1, "deal red")
    refused = await bob.ask(p.Play("deal red"), p.Refused)
    assert refused.message == str(engine_says.value)
    assert room.session.ply == ply
    # The watcher cannot play at all, not even the dealer's legal move.
    assert "deal red" in ann.table.legal
    refused = await cyd.ask(p.Play("deal red"), p.Refused)
    assert refused.message == "You are watching this game, not playing in it."
    # A player in no room cannot play either.
    dan = await Peer.connect(service.test_socket, "dan")
    assert (await dan.ask(p.Play("deal red"), p.Refused)).message == "You are not in a room."
    for peer in everyone:
        await peer.quiet()
    assert room.session.ply == ply

    # The room keeps going: the dealer's move is accepted and reaches everyone.
    await move(ann, "deal red", everyone)
    assert room.session.state.phase == "give"
    # A rule refusal, with decide's sentence: bob cannot commit before giving.
    with pytest.raises(IllegalCommand) as engine_says:
        copy_of(room.session).play(1, "done")
    refused = await bob.ask(p.Play("done"), p.Refused)
    assert refused.message == str(engine_says.value) and "Give every other player" in refused.message
    # A command naming another seat acts for one's own seat only.
    await move(bob, "give 1 to ann", everyone)
    last = room.session.entries[-1]
    assert last.seat == 1 and room.session.state.gives[0] == ()
    await move(bob, "give 2 to bot3", everyone)
    await move(bob, "done", everyone)
    # Once committed, bob is not to act: refused; ann still moves.
    with pytest.raises(IllegalCommand) as engine_says:
        copy_of(room.session).play(1, "give 3 to ann")
    assert (await bob.ask(p.Play("give 3 to ann"), p.Refused)).message == str(engine_says.value)
    await move(ann, "give 1 to bob", everyone)
    assert room.session.entries[-1].seat == 0
    # Notation that cannot be read is refused with the game's example sentence.
    assert "commands look like" in (await ann.ask(p.Play("fly to the moon"), p.Refused)).message
    await dan.close()


# ---------------------------------------------------------------------- 4. the lobby
async def test_lobby_seats_start_and_bots(service, fast):
    # DESIGN.md, "Sessions": "A dropped connection can come back to its seat; a seat left
    # empty can be handed to a bot." protocol.py: the creator alone starts and sets bots.
    sock = service.test_socket
    eve = await Peer.connect(sock, "eve")  # stays in the lobby and sees every change
    ann = await Peer.connect(sock, "ann")
    specs = [p.SeatSpec(), p.SeatSpec(), p.SeatSpec()]
    inroom = await ann.ask(p.CreateRoom("gift-trap", specs, dict(SHORT)), p.InRoom)
    code = inroom.room.code
    assert inroom.seat == 0 and inroom.room.creator == "ann"
    pushed = await eve.expect(p.LobbyChanged)
    (line,) = [r for r in pushed.rooms if r.code == code]
    assert (line.game, line.state, line.title) == ("gift-trap", "waiting", "Gift Trap")
    assert [s.name for s in line.seats] == ["ann", "", ""] and line.seats[0].connected

    bob = await Peer.connect(sock, "bob")
    assert (await bob.ask(p.JoinRoom(code, 0), p.Refused)).message == "Seat 1 is taken."
    assert (await bob.ask(p.JoinRoom(code, 7), p.Refused)).message == "There is no seat 8."
    assert (await bob.ask(p.JoinRoom("QQQQ"), p.Refused)).message == "There is no room 'QQQQ'."
    joined = await bob.ask(p.JoinRoom(code.lower(), 1), p.InRoom)  # codes in any case
    assert joined.seat == 1
    await ann.expect(p.InRoom)
    # Names differing only in case would be one name to the notation ("give 1 to bob"):
    # while bob is connected, BOB cannot even say hello.
    with pytest.raises(ConnectionError, match="^bob is connected already"):
        await ServiceClient.connect(sock, "BOB")

    # Only the creator starts or hands seats to bots; not while a seat is open.
    assert (await bob.ask(p.StartGame(), p.Refused)).message == "Only the room's creator can start the game."
    assert (await bob.ask(p.SetBot(2, "heuristic"), p.Refused)).message == "Only the room's creator can hand a seat to a bot."
    assert (await ann.ask(p.StartGame(), p.Refused)).message == "Fill every seat (with a player or a bot) first."
    assert (await ann.ask(p.SetBot(1, "heuristic"), p.Refused)).message == "bob is sitting there."
    assert "unknown bot" in (await ann.ask(p.SetBot(2, "genius"), p.Refused)).message
    filled = await ann.ask(p.SetBot(2, "heuristic"), p.InRoom)
    assert filled.room.seats[2].bot == "heuristic" and filled.room.seats[2].name
    await bob.expect(p.InRoom)
    line = await lobby_room(eve, code)
    assert line.seats[2].bot == "heuristic" and line.state == "waiting"

    started = await ann.ask(p.StartGame(), p.TableUpdate)
    await bob.expect(p.TableUpdate)
    assert started.table.names[:2] == ["ann", "bob"] and started.table.bots[2] == "heuristic"
    assert (await ann.ask(p.StartGame(), p.Refused)).message == "The game has started already."
    # Too late to sit down: watch instead.
    cyd = await Peer.connect(sock, "cyd")
    refused = await cyd.ask(p.JoinRoom(code), p.Refused)
    assert refused.message == "The game has started; you can watch it."
    assert (await lobby_room(cyd, code)).state == "playing"
    watched = await cyd.ask(p.WatchRoom(code), p.TableUpdate)
    assert watched.table.seat is None
    await ann.expect(p.TableUpdate)
    await bob.expect(p.TableUpdate)
    assert (await lobby_room(eve, code)).spectators == 1

    # bob drops out; after the start his seat waits for him, then ann hands it to a bot.
    await bob.close()
    for peer in (ann, cyd):
        t = (await peer.expect(p.TableUpdate)).table
        assert t.connected == [True, False, True]
    line = await lobby_room(eve, code)
    assert line.seats[1].name == "bob" and not line.seats[1].connected and line.state == "playing"
    assert "only be handed to a bot" in (await ann.ask(p.SetBot(1, None), p.Refused)).message
    t = (await ann.ask(p.SetBot(1, "heuristic"), p.TableUpdate)).table
    await cyd.expect(p.TableUpdate)
    assert t.bots == [None, "heuristic", "heuristic"]
    # The game goes on with ann alone against two bots, to its end.
    await play_moves([ann], [cyd], random.Random(2))
    assert ann.table.result is not None and cyd.table.result == ann.table.result
    assert (await lobby_room(eve, code)).state == "over"
    # The bot held the seat only until bob is back: coming back, he has it again.
    bob = await Peer.connect(sock, "bob")
    back = (await bob.ask(p.JoinRoom(code), p.TableUpdate)).table
    assert back.seat == 1 and back.bots == [None, None, "heuristic"] and back.names[1] == "bob"
    for peer in (eve, ann, cyd, bob):
        await peer.close()


async def test_leaving_before_the_start_frees_the_seat(service):
    # protocol.py, LeaveRoom: "Before the start the seat is freed; after it, it waits."
    sock = service.test_socket
    ann = await Peer.connect(sock, "ann")
    code = (await ann.ask(p.CreateRoom("gift-trap", [p.SeatSpec()] * 3), p.InRoom)).room.code
    bob = await Peer.connect(sock, "bob")
    await bob.ask(p.JoinRoom(code), p.InRoom)
    await ann.expect(p.InRoom)
    assert (await bob.ask(p.CreateRoom("gift-trap", [p.SeatSpec()] * 3), p.Refused)).message == "Leave this room first."
    await bob.ask(p.LeaveRoom(), p.Lobby)
    assert (await ann.expect(p.InRoom)).room.seats[1].name == ""
    await bob.ask(p.JoinRoom(code, 2), p.InRoom)
    assert (await ann.expect(p.InRoom)).room.seats[2].name == "bob"
    await bob.close()  # a dropped connection before the start frees the seat too
    assert [s.name for s in (await ann.expect(p.InRoom)).room.seats] == ["ann", "", ""]


async def test_bad_room_set_ups_are_refused_with_a_sentence(service):
    # DESIGN.md, "Sessions" (the room validates), service.py: "a frame that is not a known
    # message is refused with one sentence" — never the catch-all of a bug.
    ann = await Peer.connect(service.test_socket, "ann")
    cases = [
        p.CreateRoom("chess", [p.SeatSpec()] * 3),
        p.CreateRoom("gift-trap", [p.SeatSpec()] * 2),
        p.CreateRoom("gift-trap", [p.SeatSpec("heuristic")] * 3),
        p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("genius"), p.SeatSpec()]),
        p.CreateRoom("gift-trap", [p.SeatSpec()] * 3, {"track_length": "long"}),
        p.CreateRoom("gift-trap", [p.SeatSpec()] * 3, {"colour": "red"}),
        p.CreateRoom("gift-trap", [p.SeatSpec()] * 3, undo="never"),
    ]
    for message in cases:
        refused = await ann.ask(message, p.Refused)
        assert refused.message and refused.message != BUG_SENTENCE, (message, refused)
    assert (await ann.ask(p.ListRooms(), p.Lobby)).rooms == []
    # A creator whose name a bot would take still gets a seat (the bot is renamed).
    bot2 = await Peer.connect(service.test_socket, "bot2")
    inroom = await bot2.ask(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")]), p.InRoom)
    assert inroom.seat == 0 and inroom.room.seats[0].name == "bot2"
    names = [s.name for s in inroom.room.seats]
    assert len({n.lower() for n in names}) == 3
    assert isinstance(await bot2.ask(p.StartGame(), p.TableUpdate), p.TableUpdate)


async def test_a_rooms_bots_take_the_games_strengths(service):
    # Issue 24, must-hold 1: the strengths are chosen in the room form (a seat's bot) and
    # in the waiting room (SetBot); a kind is a short word, else the frame is refused.
    ann = await Peer.connect(service.test_socket, "ann")
    specs = [p.SeatSpec(), p.SeatSpec("hard"), p.SeatSpec("easy"), p.SeatSpec()]
    inroom = await ann.ask(p.CreateRoom("giftbringer", specs, {"rounds": 1}), p.InRoom)
    assert [s.bot for s in inroom.room.seats] == [None, "hard", "easy", None]
    assert (await ann.ask(p.SetBot(3, "expert"), p.InRoom)).room.seats[3].bot == "expert"
    assert (await ann.ask(p.SetBot(2, "normal"), p.InRoom)).room.seats[2].bot == "normal"
    assert "unknown bot 'wizard'" in (await ann.ask(p.SetBot(2, "wizard"), p.Refused)).message
    raw = await Raw.open(service.test_socket)
    for kind in ("x" * 17, "Hard", "hard bot", ""):
        raw.send_body(msgspec.json.encode({"type": "set-bot", "seat": 1, "kind": kind}))
        reply = await raw.recv()
        assert isinstance(reply, p.Refused) and "not a message the service knows" in reply.message, (kind, reply)
    await raw.close()
    assert [s.bot for s in (await ann.ask(p.ListRooms(), p.Lobby)).rooms[0].seats] == [None, "hard", "normal", "expert"]


# ---------------------------------------------------------------------- 5. reconnection
async def test_a_dropped_player_comes_back_to_their_seat(service, fast):
    # DESIGN.md, "Sessions": "A dropped connection can come back to its seat."
    code, (ann, bob), _ = await open_room(service, seed=6)
    eve = await Peer.connect(service.test_socket, "eve")
    await move(ann, "deal blue", [ann, bob])
    await move(ann, "give 2 to bob", [ann, bob])  # a face-down tile of ann's
    before, before_log = ann.table, ann.log
    assert view_of(before).my_gives and before.connected == [True, True, True]

    await ann.close()
    t = (await bob.expect(p.TableUpdate)).table
    assert t.connected == [False, True, True]
    assert not (await lobby_room(eve, code)).seats[0].connected
    # The game goes on meanwhile (simultaneous phase): bob gives.
    await move(bob, "give 1 to ann", [bob])

    ann = await Peer.connect(service.test_socket, "ann")
    back = (await ann.ask(p.JoinRoom(code), p.TableUpdate)).table
    assert (await bob.expect(p.TableUpdate)).table.connected == [True, True, True]
    room = service.rooms.get(code)
    assert back.seat == 0 and back.connected == [True, True, True]
    assert back.ply == before.ply + 1 == room.session.ply
    assert bytes(back.view) == bytes(before.view)  # her tile is still there, nobody else's
    assert back.log_from == 0 and ann.log[: len(before_log)] == before_log
    assert ann.log == room.session.log_lines(0) and back.legal == room.session.legal(0)
    assert (await lobby_room(eve, code)).seats[0].connected
    # She plays on from where she was.
    await move(ann, "give 1 to bot3", [ann, bob])
    await move(ann, "done", [ann, bob])
    await play_moves([ann, bob], [], random.Random(4))
    assert ann.table.result is not None and ann.table.result == bob.table.result


async def test_a_seat_is_never_held_by_two_connections(service):
    # Issue 10, finding 2: "A seat is never held by two connections: reconnecting takes
    # a seat back only from an away seat, or by the same key."
    code, (ann, bob), _ = await open_room(service, seed=7)
    for key in (None, "SHA256:someone-else"):  # a connected name, without a key or with another
        with pytest.raises(ConnectionError, match="^ann is connected already: choose another name"):
            await ServiceClient.connect(service.test_socket, "ANN", key, token=service.token)
    assert len([c for c in service.connections if c.name.lower() == "ann"]) == 1
    await move(ann, "deal red", [ann, bob])  # ann plays on, undisturbed
    assert service.rooms.get(code).connected == {"ann": 1, "bob": 1}

    # dan logged in with a key: his name is his key's from his hello on
    dan = await Peer.connect(service.test_socket, "dan", key="SHA256:dan", token=service.token)
    specs = [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")]
    code = (await dan.ask(p.CreateRoom("gift-trap", specs, dict(SHORT)), p.InRoom)).room.code
    assert (await dan.ask(p.StartGame(), p.TableUpdate)).table.seat == 0
    with pytest.raises(ConnectionError, match="^The name dan belongs to a player with a key"):
        await ServiceClient.connect(service.test_socket, "dan")
    with pytest.raises(ConnectionError, match="^The name Dan belongs to another player's key"):
        await ServiceClient.connect(service.test_socket, "Dan", "SHA256:mallory", token=service.token)
    # the same key again: the new connection takes over, the old one is told so
    dan2 = await Peer.connect(service.test_socket, "dan", key="SHA256:dan", token=service.token)
    assert await dan.expect(p.Bye) == p.Bye("You connected again elsewhere; this session is closed.")
    assert await dan.client.recv() is None
    # the old connection left the seat; the new one is back in it from its hello on
    assert service.rooms.get(code).connected == {"dan": 1}
    back = (await dan2.ask(p.JoinRoom(code), p.TableUpdate)).table
    assert back.seat == 0 and back.connected == [True, True, True]
    assert service.rooms.get(code).connected == {"dan": 1}
    assert [c.key for c in service.connections if c.name == "dan"] == ["SHA256:dan"]
    await dan2.close()
    # once he has gone, his name is still his key's: nobody else may take it
    with pytest.raises(ConnectionError, match="^The name dan belongs to a player with a key"):
        await ServiceClient.connect(service.test_socket, "dan")


# ---------------------------------------------------------------------- 6. bad input
async def test_frames_that_are_not_messages_are_refused_and_the_connection_stays(service):
    # service.py: "a frame that is not a known message is refused with one sentence".
    raw = await Raw.open(service.test_socket)
    bodies = [
        bytes(random.Random(1).getrandbits(8) for _ in range(64)),
        b"\xff\xfe\x00garbage",
        b"",
        b"[]",
        b'{"type": "launch-missiles"}',
        b'{"name": "ann"}',
        b'{"type": "join-room", "code": 5}',
        b'{"type": "play", "text": ["give", 1]}',
        b'{"type": "create-room", "game": "gift-trap", "seats": "three"}',
        b'{"type": "set-bot", "seat": "two"}',
        b'{"type": "join-room", "code": "ABCD", "seat": 99999999999999999999999}',
    ]
    for body in bodies:
        raw.send_body(body)
        reply = await raw.recv()
        assert isinstance(reply, p.Refused), (body, reply)
        assert reply.message != BUG_SENTENCE
    raw.send(p.frame(p.ListRooms()))
    assert isinstance(await raw.recv(), p.Lobby)
    raw.send(p.frame(p.Hello("zed")))
    assert (await raw.recv()).message == "You have said hello already."
    # A real message still works on the same connection.
    raw.send(p.frame(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("random"), p.SeatSpec("random")])))
    assert isinstance(await raw.recv(), p.InRoom)
    await raw.close()
    await assert_service_works(service.test_socket)


async def test_too_many_bad_frames_close_the_connection(service):
    # service.py: "too many bad frames closes that connection only".
    raw = await Raw.open(service.test_socket)
    for _ in range(MAX_BAD_FRAMES + 1):
        raw.send_body(b"nope")
    got = await raw.rest()
    assert [type(m) for m in got] == [p.Refused] * MAX_BAD_FRAMES + [p.Bye]
    await assert_service_works(service.test_socket)


@pytest.mark.parametrize("after_hello", [True, False])
async def test_an_oversized_length_prefix_says_bye_and_closes(service, after_hello):
    # protocol.py: "A client's frame may hold at most MAX_CLIENT_FRAME bytes";
    # service.py: "an oversized frame ... closes that connection only".
    raw = await Raw.open(service.test_socket, "zed" if after_hello else None)
    raw.send(struct.pack(">I", p.MAX_CLIENT_FRAME + 1) + b"{")
    got = await raw.rest()
    assert len(got) == 1 and isinstance(got[0], p.Bye) and "over the limit" in got[0].reason
    await raw.close()
    # A frame of exactly the limit is read (and refused as not a message).
    raw = await Raw.open(service.test_socket)
    raw.send_body(b" " * p.MAX_CLIENT_FRAME)
    assert isinstance(await raw.recv(), p.Refused)
    await raw.close()
    await assert_service_works(service.test_socket)


async def test_a_flood_of_frames_closes_that_connection_only(service):
    # service.py: "a flood of frames ... closes that connection only".
    code, (ann, bob), _ = await open_room(service)
    raw = await Raw.open(service.test_socket, "flood")
    raw.send(p.frame(p.ListRooms()) * 500)
    got = await raw.rest()  # the service must end the connection
    lobbies = [m for m in got if isinstance(m, p.Lobby)]
    assert len(lobbies) <= BURST + 10  # the burst allowance, not the 500
    assert all(isinstance(m, p.Lobby) for m in got[:-1])
    assert isinstance(got[-1], p.Bye) and "Too many messages" in got[-1].reason
    await raw.close()
    assert not [c for c in service.connections if c.name == "flood"]
    # The players in their room are untouched.
    await play_moves([ann, bob], [], random.Random(1), limit=5)
    await assert_service_works(service.test_socket)


@pytest.mark.parametrize("first", [p.ListRooms(), p.Play("deal red"), p.JoinRoom("ABCD")])
async def test_a_first_frame_that_is_not_hello_says_bye(service, first):
    # service.py: "Each SSH session's app process connects here, says Hello(name) and
    # then acts only as that name".
    raw = await Raw.open(service.test_socket, None)
    raw.send(p.frame(first))
    got = await raw.rest()
    assert got == [p.Bye("Closed: the first message must be hello.")]
    raw = await Raw.open(service.test_socket, None)
    raw.send_body(b"not json")
    (bye,) = await raw.rest()
    assert isinstance(bye, p.Bye)
    await assert_service_works(service.test_socket)


async def test_a_connection_that_never_says_hello_is_closed(service, monkeypatch):
    # service.py: HELLO_TIMEOUT, "Seconds a new connection has to say Hello".
    monkeypatch.setattr(host.service, "HELLO_TIMEOUT", 0.2)
    raw = await Raw.open(service.test_socket, None)
    raw.send(b"\x00\x00")  # not even a whole length
    assert await raw.rest() == []
    await raw.close()
    assert not service.connections
    await assert_service_works(service.test_socket)


@pytest.mark.parametrize("name", ["", "a b", "x" * 25, "ann\n", "ann\r", "änn", "ann/../x", "a\x00"])
async def test_a_bad_name_says_bye(service, name):
    # service.py: NAME, "a name is 1–24 letters, digits, '.', '_' or '-'".
    with pytest.raises(ConnectionError, match="a name is 1–24"):
        await ServiceClient.connect(service.test_socket, name)
    assert not [c for c in service.connections if c.name == name]
    await assert_service_works(service.test_socket)


@pytest.mark.parametrize("tail", [b"\x00\x00", struct.pack(">I", 100) + b'{"type":'])
async def test_a_connection_ending_inside_a_frame_is_closed_and_its_seat_waits(service, tail):
    # protocol.py, read_frame: "the stream ends inside a frame" is a ProtocolError; the
    # service closes that connection only; DESIGN.md: a dropped player's seat waits.
    code, (ann, bob), _ = await open_room(service)
    await bob.close()
    assert not (await ann.expect(p.TableUpdate)).table.connected[1]
    raw = await Raw.open(service.test_socket, "bob")  # bob again, on a raw connection
    raw.send(p.frame(p.JoinRoom(code)))
    assert isinstance(await raw.recv(), p.TableUpdate)
    assert (await ann.expect(p.TableUpdate)).table.connected[1]  # raw holds the seat
    raw.send(tail)
    raw.writer.write_eof()
    got = await raw.rest()
    assert all(isinstance(m, p.Bye) for m in got)
    t = (await ann.expect(p.TableUpdate)).table
    assert t.connected == [True, False, True]
    bob = await Peer.connect(service.test_socket, "bob")
    assert (await bob.ask(p.JoinRoom(code), p.TableUpdate)).table.seat == 1
    await ann.expect(p.TableUpdate)
    await play_moves([ann, bob], [], random.Random(3), limit=5)
    await assert_service_works(service.test_socket)


class ServiceThread:
    """A service on its own event loop in a thread, for blocking-socket clients."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sock = root / "s.sock"
        self.ready = threading.Event()
        self.errors: list = []

    def __enter__(self) -> "ServiceThread":
        self.thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self.thread.start()
        assert self.ready.wait(TIMEOUT)
        return self

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.loop.set_exception_handler(lambda _loop, ctx: self.errors.append(ctx))
        self.stop = asyncio.Event()
        self.svc = RoomService(self.root / "data")
        await self.svc.start(self.sock)
        self.ready.set()
        await self.stop.wait()
        await self.svc.close()

    def __exit__(self, *exc) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(TIMEOUT)


def blocking_hello(sock: Path, name: str) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(TIMEOUT)
    s.connect(str(sock))
    s.sendall(p.frame(p.Hello(name)))
    assert isinstance(blocking_recv(s), p.Welcome)
    assert isinstance(blocking_recv(s), p.Lobby)
    return s


def blocking_recv(s: socket.socket):
    """The next service message, or None at the end of the stream."""
    def exactly(n: int) -> bytes | None:
        data = b""
        while len(data) < n:
            try:
                chunk = s.recv(n - len(data))
            except ConnectionError:
                return None
            if not chunk:
                return None
            data += chunk
        return data
    head = exactly(4)
    if head is None:
        return None
    body = exactly(struct.unpack(">I", head)[0])
    assert body is not None, "the service cut its own frame short"
    return p.decode_service(body)


TAGS = ["hello", "list-rooms", "create-room", "join-room", "watch-room", "leave-room",
        "set-bot", "start-game", "play", "nonsense"]
json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
message_like = st.fixed_dictionaries(
    {"type": st.sampled_from(TAGS)},
    optional={k: json_value | st.sampled_from(["gift-trap", "random", 0, 1, [{"bot": None}] * 3])
              for k in ("name", "game", "seats", "options", "seed", "undo", "code", "seat", "kind", "text")},
).map(msgspec.json.encode)
#: Bytes that are not UTF-8 (a lone start byte, a cut sequence, an encoded surrogate,
#: an overlong form), put inside a string of a message: msgspec raised UnicodeDecodeError.
not_utf8 = st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf8\x88\x80\x80\x80"])


def _spliced(args) -> bytes:
    body, bad, k = args
    quotes = [i for i, c in enumerate(body) if c == ord('"')]
    at = quotes[k % len(quotes)] + 1
    return body[:at] + bad + body[at:]


fuzz_body = st.binary(max_size=300) | message_like | st.tuples(message_like, not_utf8, st.integers(0, 50)).map(_spliced)


def test_fuzzed_frames_never_break_the_service(short_dir, capfd):
    # service.py: "Bad input never stops the service: a frame that is not a known message
    # is refused with one sentence"; frames are whatever a broken client could send.
    with ServiceThread(short_dir) as host:

        @settings(max_examples=50, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(bodies=st.lists(fuzz_body, min_size=1, max_size=3))
        def one_connection(bodies):
            s = blocking_hello(host.sock, "fuzz")
            try:
                for body in bodies:
                    try:
                        decoded = p.decode_client(body)
                    except p.ProtocolError:
                        decoded = None
                    # Each frame is followed by a fence (a second hello, always refused
                    # with this sentence), so every answer to the frame can be read.
                    s.sendall(struct.pack(">I", len(body)) + body + p.frame(p.Hello("fence")))
                    fences, answers = (2 if isinstance(decoded, p.Hello) else 1), []
                    while fences:
                        m = blocking_recv(s)
                        assert isinstance(m, (p.Refused, *LOBBY, p.InRoom, p.TableUpdate)), (body, m)
                        if isinstance(m, p.Refused) and m.message == FENCE:
                            fences -= 1
                        else:
                            answers.append(m)
                    for m in answers:
                        assert not isinstance(m, p.Refused) or m.message != BUG_SENTENCE, (body, m)
                    if decoded is None:
                        assert len(answers) == 1 and isinstance(answers[0], p.Refused), (body, answers)
                # Still usable: leave whatever room the fuzz made, and the lobby comes.
                s.sendall(p.frame(p.LeaveRoom()))
                while isinstance(m := blocking_recv(s), p.LobbyChanged):
                    pass  # the room it left, changed
                assert isinstance(m, p.Lobby), m
            finally:
                s.close()

        @settings(max_examples=30, deadline=None, derandomize=True, database=None)
        @given(stream=st.binary(max_size=200))
        def raw_stream(stream):
            # Any bytes at all after the hello, then the end of the stream: the service
            # answers only with messages and closes the connection.
            s = blocking_hello(host.sock, "fuzz")
            try:
                s.sendall(stream)
                s.shutdown(socket.SHUT_WR)
                while (m := blocking_recv(s)) is not None:
                    assert not (isinstance(m, p.Refused) and m.message == BUG_SENTENCE), m
            finally:
                s.close()

        one_connection()
        raw_stream()
        # A fresh client plays as if nothing happened.
        asyncio.run(assert_service_works(host.sock))
        assert not host.errors, host.errors
    err = capfd.readouterr().err
    assert "Traceback" not in err, err


# ---------------------------------------------------------------------- 7. durability
CHILD = """
import asyncio, sys
import host.service
from host.service import RoomService

async def main():
    host.service.RATE = 100_000.0  # scripted players move far faster than people
    svc = RoomService(sys.argv[1], bot_pace=None)
    await svc.start(sys.argv[2])
    print("ready", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


async def spawn_host(data: Path, sock: Path, log) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CHILD, str(data), str(sock),
        stdout=asyncio.subprocess.PIPE, stderr=log, cwd=str(ROOT),
    )
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert line.strip() == b"ready", line
    return proc


async def test_sigkill_loses_no_acknowledged_entry(short_dir):
    # DESIGN.md, "Sessions": "journals the entry durably before anyone sees it" and
    # "Rooms survive a restart of the host: they are rebuilt from their journals";
    # journal.py: "a host killed with SIGKILL at any moment comes back with every
    # acknowledged entry".
    data, sock = short_dir / "data", short_dir / "s.sock"
    log = open(short_dir / "host.log", "wb")
    procs = []
    try:
        procs.append(await spawn_host(data, sock, log))
        ann = await Peer.connect(sock, "ann")
        specs = [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]
        code = (await ann.ask(p.CreateRoom("gift-trap", specs, dict(SHORT)), p.InRoom)).room.code
        bob = await Peer.connect(sock, "bob")
        await bob.ask(p.JoinRoom(code), p.InRoom)
        await ann.expect(p.InRoom)
        await ann.ask(p.StartGame(), p.TableUpdate)
        await bob.expect(p.TableUpdate)
        rng = random.Random(6)
        await play_moves([ann, bob], [], rng, limit=25)  # each acknowledged by its TableUpdate
        acked = {peer.name: peer.table for peer in (ann, bob)}
        logs = {peer.name: peer.mirror for peer in (ann, bob)}
        assert acked["ann"].result is None and acked["ann"].ply > 20

        os.kill(procs[0].pid, signal.SIGKILL)
        assert await asyncio.wait_for(procs[0].wait(), TIMEOUT) == -signal.SIGKILL
        for peer in (ann, bob):  # the connections die with the host
            assert await asyncio.wait_for(peer.client.recv(), TIMEOUT) is None
            await peer.close()

        procs.append(await spawn_host(data, sock, log))
        ann, bob = await Peer.connect(sock, "ann"), await Peer.connect(sock, "bob")
        for peer in (ann, bob):
            back = (await peer.ask(p.JoinRoom(code), p.TableUpdate)).table
            was = acked[peer.name]
            assert (back.seat, back.ply, back.legal, back.to_act) == (was.seat, was.ply, was.legal, was.to_act)
            # a full picture: the newest LOG_BLOCKS entries' lines, as they were
            assert back.log_from == max(0, back.ply - LOG_BLOCKS) and back.log == logs[peer.name].blocks[back.log_from:]
            assert bytes(back.view) == bytes(was.view)
        await ann.expect(p.TableUpdate)  # bob's return

        # A move sent with no acknowledgement awaited, then SIGKILL: after the restart it
        # is there or not, and the log is whole either way.
        ply = ann.table.ply
        mover = next(q for q in (ann, bob) if q.table.seat in q.table.to_act and q.table.legal)
        await mover.client.send(p.Play(chooser(rng)(mover.table.legal)))
        os.kill(procs[1].pid, signal.SIGKILL)
        await asyncio.wait_for(procs[1].wait(), TIMEOUT)
        for peer in (ann, bob):
            await peer.close()

        procs.append(await spawn_host(data, sock, log))
        ann, bob = await Peer.connect(sock, "ann"), await Peer.connect(sock, "bob")
        await ann.ask(p.JoinRoom(code), p.TableUpdate)
        await bob.ask(p.JoinRoom(code), p.TableUpdate)
        await ann.expect(p.TableUpdate)
        old, new = logs["ann"], ann.mirror
        assert ann.table.ply in (ply, ply + 1) and new.blocks[: acked["ann"].ply - new.base] == old.blocks[new.base:]
        # The game continues to its end.
        await play_moves([ann, bob], [], rng)
        assert ann.table.result is not None and ann.table.result == bob.table.result
        for peer in (ann, bob):
            await peer.close()
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        log.close()
    # The journal on disk re-decides to the same result (no entry lost or torn).
    journal = Journal(data / "rooms.sqlite3")
    try:
        (record,) = journal.rooms()
        entries = journal.entries(code, entry_type(GT))
    finally:
        journal.close()
    replay = LocalSession(GT, record.seats, record.seed, record.options, entries=entries, redecide=True)
    assert msgspec.to_builtins(replay.result()) == ann.table.result
    assert b"Traceback" not in (short_dir / "host.log").read_bytes()
