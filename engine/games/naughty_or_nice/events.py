"""Naughty or Nice's events: what happened, as the log records it.

Cards are named by their codes; ``HIDDEN`` stands for a card a seat may not see
(``view.redact``). Kiddos are ids 0–39 (``data.KIDDOS``), ``MIDNIGHT`` the midnight
card. Events that draw or reveal are listed in ``rules.REVEALING`` (undo stops there).
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import agenda
from engine.core.agenda import PromptDone
from engine.core.reactions import Answered, Passed, WindowOpened

#: A card another seat may not see.
HIDDEN = "?"
#: The midnight card in a deck ("Components": "2 midnight cards").
MIDNIGHT = "MN"
MIDNIGHT_KIDDO = -1


class Shuffled(msgspec.Struct, frozen=True, tag="shuffled"):
    """A deck's new order, top first: ``deck`` "presents", "creatures" or "kiddos"
    (kiddo ids as strings; -1 the midnight card); ``reshuffle``: the discard pile went
    into it. Secret: others see only the count."""

    deck: str
    cards: tuple[str, ...]
    reshuffle: bool = False


class Removed(msgspec.Struct, frozen=True, tag="removed"):
    """Cards taken out of the game at setup ("Setup for 2-3 players"); public."""

    presents: tuple[str, ...]
    kiddos: tuple[int, ...]


class GiverDrawn(msgspec.Struct, frozen=True, tag="giver_drawn"):
    """``seat`` plays gift giver ``giver`` (drawn or chosen); Santa takes Rudolf."""

    seat: int
    giver: str


class Started(msgspec.Struct, frozen=True, tag="started"):
    """Play begins with ``seat`` ("Taking a turn": the birthday closest to 24 December;
    boxtop draws it from the seed)."""

    seat: int


class RowFilled(msgspec.Struct, frozen=True, tag="row"):
    """The present row after a refill from the deck: three codes, "" for an empty place."""

    row: tuple[str, ...]


class KiddoIn(msgspec.Struct, frozen=True, tag="kiddo_in"):
    """Kiddo ``kiddo`` drawn into playground ``slot`` ("Fill up the Playground")."""

    slot: int
    kiddo: int


class Midnight(msgspec.Struct, frozen=True, tag="midnight"):
    """A midnight card came up from ``deck`` ("Ending the game"); ``seat`` drew it."""

    deck: str
    seat: int


class Drew(msgspec.Struct, frozen=True, tag="drew"):
    """``seat`` drew ``presents`` and ``creatures`` from the decks' tops (hidden to
    others); ``fresh`` creatures may not be played this turn."""

    seat: int
    presents: tuple[str, ...] = ()
    creatures: tuple[str, ...] = ()
    fresh: bool = True


class TookFromRow(msgspec.Struct, frozen=True, tag="took"):
    """``seat`` took ``present`` from row slot ``slot`` (public)."""

    seat: int
    slot: int
    present: str


class Summoned(msgspec.Struct, frozen=True, tag="summoned"):
    """``seat`` drew ``creatures`` to keep one (hidden to others)."""

    seat: int
    creatures: tuple[str, ...]


class Kept(msgspec.Struct, frozen=True, tag="kept"):
    """``seat`` kept ``kept`` (hidden to others) and discarded ``discarded`` (public)."""

    seat: int
    kept: str
    discarded: str


class Acted(msgspec.Struct, frozen=True, tag="acted"):
    """``seat`` took the basic action ``action`` (craft, summon, fulfill)."""

    seat: int
    action: str


class Fulfilled(msgspec.Struct, frozen=True, tag="fulfilled"):
    """``seat`` gave ``presents`` (and Caga Tió when ``caga``) to kiddo ``kiddo`` from
    ``slot``; ``ignored`` a black wish Saint Nicholas skipped."""

    seat: int
    slot: int
    kiddo: int
    presents: tuple[str, ...]
    caga: bool = False
    ignored: bool = False


class Scored(msgspec.Struct, frozen=True, tag="scored"):
    """``seat``'s score changed by ``points`` for ``reason`` (plain words)."""

    seat: int
    points: int
    reason: str


class Played(msgspec.Struct, frozen=True, tag="played"):
    """``seat`` played ``count`` × ``creature`` (public) at ``target``/``present``/``slot``;
    ``held``: its written effect waits for a reaction window before it resolves."""

    seat: int
    creature: str
    count: int = 1
    target: int = -1
    present: str = ""
    slot: int = -1
    held: bool = True


class Resolved(msgspec.Struct, frozen=True, tag="resolved"):
    """The innermost creature waiting on its window takes effect (or, ``cancelled``,
    is cancelled by a Tomte) and leaves the stack."""

    creature: str
    cancelled: bool = False


class Skipping(msgspec.Struct, frozen=True, tag="skipping"):
    """Mr Scrooge is placed before ``seat``: the next turn is skipped."""

    seat: int


class Skipped(msgspec.Struct, frozen=True, tag="skipped"):
    """``seat`` skipped this turn (Mr Scrooge, discarded)."""

    seat: int


class RedCounts(msgspec.Struct, frozen=True, tag="reds"):
    """Jólakötturinn: each seat's count of red presents in hand (public)."""

    counts: tuple[int, ...]


class Stole(msgspec.Struct, frozen=True, tag="stole"):
    """``seat`` stole ``cards`` from ``victim``'s hand (presents, or creatures when
    ``creatures``): known to the two, a count to others."""

    seat: int
    victim: int
    cards: tuple[str, ...]
    creatures: bool = False


class Gave(msgspec.Struct, frozen=True, tag="gave"):
    """``seat`` gave ``present`` to ``to`` (Krampus; public)."""

    seat: int
    to: int
    present: str


class Revealed(msgspec.Struct, frozen=True, tag="revealed"):
    """The Elves, played by ``seat``, revealed ``presents`` from the present deck (public)."""

    seat: int
    presents: tuple[str, ...]


class Picked(msgspec.Struct, frozen=True, tag="picked"):
    """``seat`` took ``present`` from the revealed presents (public)."""

    seat: int
    present: str


class TookKiddo(msgspec.Struct, frozen=True, tag="took_kiddo"):
    """Mrs. Claus: ``seat`` took kiddo ``kiddo`` from ``slot`` without presents."""

    seat: int
    slot: int
    kiddo: int


class Discarded(msgspec.Struct, frozen=True, tag="discarded"):
    """``seat`` discarded presents ``presents`` from hand (public: Santa's search)."""

    seat: int
    presents: tuple[str, ...]


class SearchedRudolf(msgspec.Struct, frozen=True, tag="searched"):
    """Santa's search: ``found`` a reindeer (put under Rudolf) or not; the decks
    searched are shuffled (``Shuffled``)."""

    seat: int
    found: bool
    source: str = ""


class Tucked(msgspec.Struct, frozen=True, tag="tucked"):
    """``seat`` put a reindeer from hand under Rudolf (public)."""

    seat: int


class Swept(msgspec.Struct, frozen=True, tag="swept"):
    """La Befana discarded kiddo ``kiddo`` from ``slot``."""

    seat: int
    slot: int
    kiddo: int


class Took(msgspec.Struct, frozen=True, tag="wolverine"):
    """Papa Wolverine: ``seat`` took ``presents`` from those just given (public)."""

    seat: int
    presents: tuple[str, ...]


class Prompted(agenda.Prompted, frozen=True, tag="prompt"):
    """``seat`` must answer a prompt of ``kind``: "keep", "pick", "draw" (Christkindl),
    "moroz" (a basic action), "repeat" (Snow Maiden: ``action`` again), "giver";
    ``first`` puts it before every waiting prompt (a Summon is kept at once). Answered
    or passed by ``PromptDone`` (``engine.core.agenda``)."""

    action: str = ""
    first: bool = False


class TurnStarted(msgspec.Struct, frozen=True, tag="turn"):
    """``seat``'s turn begins: every creature in a hand may now be played."""

    seat: int


class TurnEnded(msgspec.Struct, frozen=True, tag="turn_end"):
    """``seat``'s turn ends; the row refills after it (``RowFilled``)."""

    seat: int


class FinalScore(msgspec.Struct, frozen=True, tag="final"):
    """End of game scoring ("Endgame scoring"): ``scores`` by seat, label → points."""

    scores: tuple[tuple[tuple[str, int], ...], ...]


Event = Union[
    Shuffled, Removed, GiverDrawn, Started, RowFilled, KiddoIn, Midnight, Drew, TookFromRow, Summoned, Kept,
    Acted, Fulfilled, Scored, Played, Resolved, Skipping, Skipped, RedCounts, Stole, Gave, Revealed, Picked,
    TookKiddo, Discarded, SearchedRudolf, Tucked, Swept, Took, Prompted, PromptDone, TurnStarted, TurnEnded,
    FinalScore, WindowOpened, Passed, Answered,
]
