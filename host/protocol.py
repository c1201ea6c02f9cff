"""The room service's wire protocol: length-prefixed msgspec frames over a local socket.

Each frame is a 4-byte big-endian length followed by that many bytes of msgspec JSON,
one message: a Struct tagged by ``type`` (``docs/architecture.md``, "Sessions"). A client
sends ``ClientMessage``s, the service answers with ``ServiceMessage``s. A client's frame
may hold at most ``MAX_CLIENT_FRAME`` bytes; the service's at most ``MAX_SERVICE_FRAME``.

What a connection receives never holds the raw state, the seed, the setup or undo data:
a started room reaches it only as ``engine.core.room.SeatUpdate`` (its seat's ``view`` and
redacted log lines).
"""

from __future__ import annotations

import asyncio
import struct
from typing import Annotated, Union

import msgspec

from engine.core.analysis import HINTS, Evaluation
from engine.core.chat import MAX_CODE_POINTS, MAX_MUTED, RECENT, ChatLine
from engine.core.room import RoomSummary, SeatUpdate

MAX_CLIENT_FRAME = 64 * 1024
MAX_SERVICE_FRAME = 8 * 1024 * 1024
_LENGTH = struct.Struct(">I")


class ProtocolError(Exception):
    """A frame that cannot be read: too long, cut short, or not a known message."""


# ---------------------------------------------------------------------- client → service
#: The environment variable through which ``boxtop host`` gives its session processes
#: the room service's secret (``Hello.token``); ``boxtop join`` without ``--name`` needs it.
HOST_TOKEN_VARIABLE = "BOXTOP_HOST_TOKEN"


class Hello(msgspec.Struct, frozen=True, tag="hello"):
    """The first frame: the player's ``name`` (the SSH user name) and ``key``, the
    SHA256 fingerprint of the SSH key the player logged in with (None without one).

    ``token``: the room service's secret, which ``boxtop host`` gives the session
    processes it starts (a hello with a wrong one is refused: its name and key are not
    to be trusted; so is a hello with a key and no token, since only the host's SSH
    server has checked a key). ``takeover``: ``boxtop join --name`` under the operator's own sshd,
    whose forced command names the player: this connection replaces the name's open one
    (if any) instead of being refused."""

    name: str
    key: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    token: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    takeover: bool = False


class ListRooms(msgspec.Struct, frozen=True, tag="list-rooms"):
    """Ask for the whole lobby again (``Lobby``; its changes are pushed as ``LobbyChanged``)."""


#: A bot's kind as a client names it: one of the game's strengths (``easy``, ``normal``,
#: ``hard``, ``expert``), ``heuristic`` or ``random``; a short lower-case word, and the
#: room refuses one its game does not have, naming the game's bots.
BotKind = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern="^[a-z]+$")]


class SeatSpec(msgspec.Struct, frozen=True):
    """A seat of a new room: ``bot`` a bot kind (``BotKind``) for a bot seat, None for a
    person's seat (left open for whoever joins)."""

    bot: BotKind | None = None


class CreateRoom(msgspec.Struct, frozen=True, tag="create-room"):
    """Open a room of ``game`` with ``seats`` (clockwise); ``options`` the game's options
    (strings allowed, as on the command line), ``undo`` policy; a ``private`` room is
    never listed in the lobby, only its code lets people in. The creator sits in the
    first person's seat. There is no seed: the service draws a secret one (64 bits), so
    nobody, the creator included, can foresee the dice or the deal."""

    game: str
    seats: list[SeatSpec]
    options: dict[str, Union[str, int, bool]] = {}
    undo: str = "strict"
    private: bool = False
    #: False: the turn bell never rings in this room (``tui.turn_bell``).
    bell: bool = True
    #: True: the players may ask for a hint (``AskHint``); the result says who did.
    hints: bool = False


class JoinRoom(msgspec.Struct, frozen=True, tag="join-room"):
    """Sit in room ``code``: in ``seat`` (0-based) or the first free one; back in one's
    own seat when one already has it (reconnection; a seat a bot holds for one while one
    was away is one's own again at once). Sent while watching room ``code``, it takes
    one's own seat there."""

    code: str
    seat: int | None = None


class WatchRoom(msgspec.Struct, frozen=True, tag="watch-room"):
    """Watch room ``code`` as a spectator."""

    code: str


class LeaveRoom(msgspec.Struct, frozen=True, tag="leave-room"):
    """Back to the lobby. Before the start the seat is freed; after it, it waits."""


class SetBot(msgspec.Struct, frozen=True, tag="set-bot"):
    """The creator hands ``seat`` to a bot of ``kind`` (``BotKind``: a strength chosen in
    the waiting room or for an away player's seat; None: open it again, before the
    start)."""

    seat: int
    kind: BotKind | None = "normal"


class StartGame(msgspec.Struct, frozen=True, tag="start-game"):
    """The creator starts the game (every seat filled)."""


class Play(msgspec.Struct, frozen=True, tag="play"):
    """A command for one's own seat in the game's notation, or ``undo`` / ``redo``.
    ``ref``: the client's running number for it, echoed as ``ack`` once it is done."""

    text: str
    ref: int = 0


class Rematch(msgspec.Struct, frozen=True, tag="rematch"):
    """At a finished game's result: ``yes`` to play again with the same seats, or no.
    Once every person seated has answered (leaving counts as no) the room's people who
    said yes move to a new room: started at once when everyone said yes, else waiting
    with the seats of those who said no open (``docs/architecture.md``, "Sessions")."""

    yes: bool = True


class AskHint(msgspec.Struct, frozen=True, tag="ask-hint"):
    """Ask for a hint for one's own move (``engine.core.room.Room.hint_question``): the
    search's best moves, worked out on the host from one's own seat's view only, in a
    worker process. Answered with ``Hint`` (its ``ref`` this one's), the moves or the
    refusal's sentence (hints off in the room, not one's turn, asked too often …). The
    room records that the seat asked. ``ref``: the client's running number for it."""

    ref: int = 0


ClientMessage = Union[Hello, ListRooms, CreateRoom, JoinRoom, WatchRoom, LeaveRoom, SetBot, StartGame, Play, Rematch,
                      AskHint]


# ---------------------------------------------------------------------- service → client
class Welcome(msgspec.Struct, frozen=True, tag="welcome"):
    """The service accepted ``name``."""

    name: str


class Lobby(msgspec.Struct, frozen=True, tag="lobby"):
    """The whole lobby, sent when a connection enters it (hello, leaving a room, asking):
    the newest listed rooms as lobby lines, oldest first (at most the service's
    ``LOBBY_LIMIT``; private rooms never), and how many ``more`` older ones are not sent."""

    rooms: list[RoomSummary]
    more: int = 0


class LobbyChanged(msgspec.Struct, frozen=True, tag="lobby-changed"):
    """What changed in the lobby since the last lobby message: ``rooms`` new or changed
    lobby lines (a new one goes last), ``gone`` the codes of rooms no longer listed, and
    ``more`` as in ``Lobby``."""

    rooms: list[RoomSummary]
    gone: list[str] = []
    more: int = 0


class InRoom(msgspec.Struct, frozen=True, tag="in-room"):
    """The room this connection is in, while it waits for its start: ``seat`` this
    connection's seat (None when watching)."""

    room: RoomSummary
    seat: int | None


class TableUpdate(msgspec.Struct, frozen=True, tag="table"):
    """The started game as this connection may see it; ``ack`` the ``ref`` of the last
    ``Play`` of this connection the room has decided (so a client knows its own moves
    are in the table before it acts on the next keys)."""

    table: SeatUpdate
    ack: int = 0


class Refused(msgspec.Struct, frozen=True, tag="refused"):
    """The last message was refused; ``message`` one sentence. Nothing changed.
    ``ack`` as in ``TableUpdate``."""

    message: str
    ack: int = 0


class Hint(msgspec.Struct, frozen=True, tag="hint"):
    """The answer to ``AskHint`` number ``ref``: the seat's best ``moves``, best first
    (at most ``engine.core.analysis.HINTS``, each with its notation and its chance), or
    ``refused``: one sentence saying why there is none (then ``moves`` is empty)."""

    ref: int
    moves: Annotated[list[Evaluation], msgspec.Meta(max_length=HINTS)] = []
    refused: str = ""


class Bye(msgspec.Struct, frozen=True, tag="bye"):
    """The service closes the connection; ``reason`` one sentence."""

    reason: str


class Stopping(msgspec.Struct, frozen=True, tag="stopping"):
    """The host is stopping (Ctrl+C or SIGTERM): the connection closes next, and every
    room is kept in the journal, back when the host starts again. ``room``: the code of
    the room this connection is in (None in the lobby); ``watching``: it only watches
    that room. The client says ``sentence`` to its player, gives the terminal back and
    ends."""

    room: str | None = None
    watching: bool = False

    @property
    def sentence(self) -> str:
        """What the player is told, in one line: "The host is stopping; your game is
        kept (room K7QF-M2XA-9P). Connect again once it is back." (a spectator's: "the
        game"; in the lobby: "every room")."""
        if self.room is None:
            kept = "every room is kept"
        else:
            kept = f"{'the' if self.watching else 'your'} game is kept (room {self.room})"
        return f"The host is stopping; {kept}. Connect again once it is back."


ServiceMessage = Union[Welcome, Lobby, LobbyChanged, InRoom, TableUpdate, Refused, Hint, Bye, Stopping]


# ---------------------------------------------------------------------- table talk
# Chat (``engine.core.chat``) in its own messages, joined to the unions below.
class Say(msgspec.Struct, frozen=True, tag="say"):
    """Say ``text`` in one's room (a seat's or a spectator's line): plain text as
    ``chat.check_text`` takes it (at most ``chat.MAX_CHARS`` cells wide, no control
    character, no letter that draws nothing); at most ``chat.BURST`` at once, then one a
    second. Refused with ``ChatRefused``. A frame whose text holds more than
    ``chat.MAX_CODE_POINTS`` characters, more than any line that can be said, is a bad
    frame."""

    text: Annotated[str, msgspec.Meta(max_length=MAX_CODE_POINTS)]


class Mute(msgspec.Struct, frozen=True, tag="mute"):
    """Stop showing ``name``'s lines to oneself (``muted`` False: show them again), in
    this room while it lives; answered with ``ChatLines`` (``muted``)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
    muted: bool = True


class SpectatorTalk(msgspec.Struct, frozen=True, tag="spectator-talk"):
    """The room's creator lets spectators' lines reach the players (``allowed``) or not,
    from the next line on. Outside a room it does nothing (it follows ``CreateRoom``,
    which may have been refused)."""

    allowed: bool


class ChatLines(msgspec.Struct, frozen=True, tag="chat"):
    """Lines said in room ``code`` that this connection may read, oldest first: with
    ``fresh`` the newest ``chat.RECENT`` (on entering the room; they replace what the
    client holds), else new ones. ``spectator_talk``: whether spectators' lines reach
    the players; ``muted``: the (lower-case) names this connection muted here."""

    code: str
    lines: Annotated[list[ChatLine], msgspec.Meta(max_length=RECENT)] = []
    fresh: bool = False
    spectator_talk: bool = False
    muted: Annotated[list[str], msgspec.Meta(max_length=MAX_MUTED)] = []


class ChatRefused(msgspec.Struct, frozen=True, tag="chat-refused"):
    """The last chat message (``Say``, ``Mute``, ``SpectatorTalk``) was refused;
    ``message`` one sentence; nothing was said."""

    message: str


# ---------------------------------------------------------------------- a bot that thinks
class BotThinking(msgspec.Struct, frozen=True, tag="thinking"):
    """A search bot of room ``code`` began to think about its move (``seat``, its seat)
    in a worker process, or stopped (None): its move, if it made one, comes as the next
    table. Sent to every connection in the room, and to one entering it meanwhile; the
    same few bytes however long the game."""

    code: Annotated[str, msgspec.Meta(max_length=16)]
    seat: int | None = None


ClientMessage = Union[ClientMessage, Say, Mute, SpectatorTalk]
ServiceMessage = Union[ServiceMessage, ChatLines, ChatRefused, BotThinking]


# ---------------------------------------------------------------------- notices
class Notice(msgspec.Struct, frozen=True, tag="notice"):
    """One line for everyone in a room about its seats, said once: "ann gave cyd's seat
    to an expert bot until cyd is back.", "cyd is back in their seat." (names are text,
    never markup)."""

    text: str


ServiceMessage = Union[ServiceMessage, Notice]

_client_decoder = msgspec.json.Decoder(ClientMessage)
_service_decoder = msgspec.json.Decoder(ServiceMessage)
_encoder = msgspec.json.Encoder()


def frame(message: msgspec.Struct) -> bytes:
    """``message`` as one frame: length prefix and JSON."""
    body = _encoder.encode(message)
    return _LENGTH.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """The next frame's body, or None at a clean end of stream.

    Raises ``ProtocolError`` when the announced length exceeds ``limit`` bytes or the
    stream ends inside a frame.
    """
    try:
        head = await reader.readexactly(_LENGTH.size)
    except asyncio.IncompleteReadError as err:
        if not err.partial:
            return None
        raise ProtocolError("the connection ended inside a frame's length") from None
    (length,) = _LENGTH.unpack(head)
    if length > limit:
        raise ProtocolError(f"a frame of {length} bytes is over the limit of {limit}")
    try:
        return await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection ended inside a frame") from None


def _decode(decoder: msgspec.json.Decoder, body: bytes, reader: str):
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as err:  # a subclass of DecodeError: caught first
        raise ProtocolError(f"not a message the {reader} knows: {err}") from None
    except msgspec.DecodeError as err:
        raise ProtocolError(f"a frame that is not JSON: {err}") from None
    except UnicodeDecodeError:  # msgspec's for a string that is not UTF-8
        raise ProtocolError("a frame whose text is not UTF-8") from None
    except ValueError as err:  # any other bytes msgspec cannot read: still one sentence
        raise ProtocolError(f"a frame that cannot be read: {type(err).__name__}") from None


def decode_client(body: bytes) -> ClientMessage:
    """A client's frame as a message; raises ``ProtocolError`` with one sentence for any
    frame that is not one (not JSON, not UTF-8, not a known message)."""
    return _decode(_client_decoder, body, "service")


def decode_service(body: bytes) -> ServiceMessage:
    """A service frame as a message; raises ``ProtocolError`` with one sentence."""
    return _decode(_service_decoder, body, "client")
