"""Table talk in a shared room (``docs/architecture.md``, "Sessions"): lines, their limits,
who may read them. No sockets, no clock of its own (``now`` is given).

A line is plain text, never markup, with no control character, normalised and
checked by ``engine.core.talk_text`` (one space between words, no letter that draws
nothing, at most ``talk_text.MAX_MARKS`` marks on a letter), at most ``MAX_CHARS`` cells
wide (a wide letter counts two); each person may say ``BURST`` lines at once and then one a second
(``RATE``), per room. A spectator's line reaches the players only when the room's
creator allows it (``players`` is decided when the line is said); spectators read every
line. Each person may mute others for themselves while the room lives.
"""

from __future__ import annotations

import time
from typing import Iterable

import msgspec

from . import talk_text
from .ratelimit import TokenBucket
from .text import unprintable

#: The cells a line may take at most (``talk_text.cells``: a wide letter counts two).
MAX_CHARS = 200
#: The characters (code points) a line may hold at most: each of its ``MAX_CHARS``
#: cells a letter with ``talk_text.MAX_MARKS`` marks. What the wire lets through.
MAX_CODE_POINTS = MAX_CHARS * (1 + talk_text.MAX_MARKS)
#: What a line with a control character is told.
NOT_PLAIN = "A line is plain text: no tabs, newlines or control characters."
#: Lines a connection is given when it enters a room (the newest ones): a message's
#: size never grows with the game's length.
RECENT = 50
#: Lines a room keeps in memory and in its save file (the newest ones).
KEPT = 500
#: Lines a person may say per second on average, and at once.
RATE, BURST = 1.0, 5
#: People one person may mute in a room.
MAX_MUTED = 50
#: The clock the buckets read (seconds, monotonic); a test may hold it still.
clock = time.monotonic
#: What a person talking faster than ``RATE`` is told; the line is not said.
TOO_FAST = "You are talking too fast; wait a moment."


class ChatRefused(ValueError):
    """A line that cannot be said (too long, a control character, too fast, not in the
    room); ``str(err)`` is one sentence and nothing was said."""


class ChatLine(msgspec.Struct, frozen=True, omit_defaults=True):
    """One line said in a room: the speaker's ``name``, the ``text`` (plain, never
    markup), the ``ply`` it was said at (applied entries of the game then; 0 in the
    waiting room), whether the speaker was a ``spectator``, whether ``players`` may read
    it (False only for a spectator's line the room did not let reach them) and ``at``,
    when (ISO-8601 UTC)."""

    name: str
    text: str
    ply: int = 0
    spectator: bool = False
    players: bool = True
    at: str = ""


def check_text(text: str) -> str:
    """``text`` as a line is said: normalised (``talk_text.normalise``: composed, one
    space between words, none at the ends). Raises ``ChatRefused`` (one sentence) when
    it holds a control character (a tab, a newline, an escape …), is empty, holds a
    letter that draws nothing or one with too many marks (``talk_text.refusal``), or is
    wider than ``MAX_CHARS`` cells (``talk_text.cells``: "漢" × 120 is 240)."""
    if any(unprintable(c) for c in text):
        raise ChatRefused(NOT_PLAIN)
    line = talk_text.normalise(text)
    if not line:
        raise ChatRefused("Type something to say first.")
    why = talk_text.refusal(line)
    if why is not None:
        raise ChatRefused(why)
    width = talk_text.cells(line)
    if width > MAX_CHARS:
        raise ChatRefused(too_wide(width))
    return line


def too_wide(width: int) -> str:
    """What a line ``width`` cells wide (more than ``MAX_CHARS``) is told."""
    return f"A line is at most {MAX_CHARS} characters (wide ones count 2); this one is {width}."


def line_width(text: str) -> int:
    """The cells ``text`` takes once normalised, as ``check_text`` counts them against
    ``MAX_CHARS`` (the line that talks shows it: "187/200")."""
    return talk_text.cells(talk_text.normalise(text))


class RoomChat:
    """The talk of one room: its newest ``KEPT`` ``lines`` (``heard``: those the players
    may read, the ones a save keeps), each person's token bucket (``RATE``, ``BURST``) and who muted whom
    (``muted``: a person's lower-case name → the lower-case names they muted). Names
    compare without case, as the room's do."""

    def __init__(self, lines: Iterable[ChatLine] = ()) -> None:
        self.lines: list[ChatLine] = list(lines)[-KEPT:]
        self.heard: list[ChatLine] = [line for line in self.lines if line.players]
        self.buckets: dict[str, TokenBucket] = {}
        self.muted: dict[str, set[str]] = {}

    def say(self, name: str, text: str, ply: int, spectator: bool, reaches_players: bool, now: float, at: str = "") -> ChatLine:
        """The line ``name`` says (``check_text``), not yet kept (``keep`` it once it is
        journaled). ``reaches_players``: whether a spectator's line may reach the players.
        Raises ``ChatRefused`` for a bad line or one said faster than ``RATE``."""
        line = check_text(text)
        bucket = self.buckets.get(name.lower())
        if bucket is None:
            bucket = self.buckets[name.lower()] = TokenBucket(RATE, BURST, now)
        if not bucket.take(now):
            raise ChatRefused(TOO_FAST)
        return ChatLine(name, line, ply, spectator, not spectator or reaches_players, at)

    def keep(self, line: ChatLine) -> None:
        """Add ``line`` (journaled already); the oldest go past ``KEPT``."""
        for book in (self.lines, self.heard) if line.players else (self.lines,):
            book.append(line)
            if len(book) > KEPT:
                del book[: len(book) - KEPT]  # in place: a session's save reads ``heard``

    def visible(self, line: ChatLine, viewer: str, spectator: bool) -> bool:
        """Whether ``viewer`` (a spectator or not) reads ``line``: not muted by them, and
        a player reads a spectator's line only when it reached the players."""
        if line.name.lower() in self.muted.get(viewer.lower(), ()):
            return False
        return spectator or line.players

    def recent(self, viewer: str, spectator: bool, count: int = RECENT) -> list[ChatLine]:
        """The newest ``count`` lines ``viewer`` reads, oldest first."""
        out: list[ChatLine] = []
        for line in reversed(self.lines):
            if len(out) >= count:
                break
            if self.visible(line, viewer, spectator):
                out.append(line)
        out.reverse()
        return out

    def mute(self, viewer: str, name: str, on: bool = True) -> None:
        """``viewer`` mutes ``name`` (``on``) or hears them again. Raises ``ChatRefused``
        for muting oneself or more than ``MAX_MUTED`` people."""
        who, them = viewer.lower(), name.lower()
        muted = self.muted.setdefault(who, set())
        if not on:
            muted.discard(them)
            return
        if them == who:
            raise ChatRefused("You cannot mute yourself.")
        if them not in muted and len(muted) >= MAX_MUTED:
            raise ChatRefused(f"You have muted {MAX_MUTED} people here, the most one may.")
        muted.add(them)

    def muted_by(self, viewer: str) -> list[str]:
        """The lower-case names ``viewer`` muted, sorted."""
        return sorted(self.muted.get(viewer.lower(), ()))
