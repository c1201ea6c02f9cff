"""Gift Trap's events: what happened, recorded in the log and folded by ``evolve``."""

from typing import Union

import msgspec


class GameStarted(msgspec.Struct, frozen=True, tag="game-started"):
    """Setup: ``dealer`` is the start player of round 1 (``gift-trap.de.txt``: "Ein
    Startspieler wird bestimmt": boxtop takes the first seat)."""

    dealer: int


class GiftsDealt(msgspec.Struct, frozen=True, tag="gifts-dealt"):
    """``dealer`` dealt ``cards`` (ids, space 1 first) from ``deck``; ``refilled`` when the
    deck ran short and its used cards were shuffled back in first. A random outcome."""

    dealer: int
    deck: str
    cards: list[str]
    refilled: bool = False


class TileGiven(msgspec.Struct, frozen=True, tag="tile-given"):
    """``seat`` gave ``to`` the Give tile ``space`` (with Give more when ``more``). Hidden
    from every other seat until the reveal."""

    seat: int
    to: int
    space: int
    more: bool = False


class TileRated(msgspec.Struct, frozen=True, tag="tile-rated"):
    """``seat`` placed Get tile ``tile`` on ``space`` (with Get more when ``more``). Hidden."""

    seat: int
    tile: str
    space: int
    more: bool = False


class TrapSet(msgspec.Struct, frozen=True, tag="trap-set"):
    """``seat`` placed its Gifttrap tile on ``space``. Hidden until the reveal."""

    seat: int
    space: int


class Committed(msgspec.Struct, frozen=True, tag="committed"):
    """``seat`` finished the ``phase`` ("give" or "rate"); public, its tiles stay hidden."""

    seat: int
    phase: str


class RatingBegan(msgspec.Struct, frozen=True, tag="rating-began"):
    """Every seat has given: the Rate phase begins (``gift-trap.de.txt``, "3. Bewerten")."""


class Exchange(msgspec.Struct, frozen=True):
    """One gift scored: ``giver`` gave ``receiver`` gift ``space``; the receiver's Get tile
    on it (``tile``, None for none), whether it was ``trapped``, and the points each got
    (``giver_points``, ``receiver_points``, doubled by Give more / Get more)."""

    giver: int
    receiver: int
    space: int
    tile: str | None
    trapped: bool
    giver_points: int
    receiver_points: int


class Placement(msgspec.Struct, frozen=True):
    """A revealed tile: ``seat`` put ``tile`` (a Give tile's recipient as ``to`` or a Get
    tile's name) on ``space``; ``more`` when doubled."""

    seat: int
    space: int
    tile: str = ""
    to: int = -1
    more: bool = False


class RoundScored(msgspec.Struct, frozen=True, tag="round-scored"):
    """The reveal and scoring of round ``round`` (``gift-trap.de.txt``, "4. Auswertung"):
    the ``cards`` on the spaces, every Give and Get tile and trap, each ``exchanges`` line,
    and the parcels' positions afterwards (``give_scores``, ``get_scores``)."""

    round: int
    cards: list[str]
    gives: list[Placement]
    rates: list[Placement]
    traps: list[Placement]
    exchanges: list[Exchange]
    give_scores: list[int]
    get_scores: list[int]


class RoundBegan(msgspec.Struct, frozen=True, tag="round-began"):
    """Round ``round`` begins; ``dealer`` (clockwise from the last) chooses the stack
    (``gift-trap.de.txt``: "Der nächste Spieler im Uhrzeigersinn …")."""

    round: int
    dealer: int


class GameWon(msgspec.Struct, frozen=True, tag="game-won"):
    """The round ended with ``winners`` having both parcels on GIFTED
    (``gift-trap.de.txt``: "Das Spiel endet, sobald …"; several winners are possible)."""

    winners: list[int]


Event = Union[GameStarted, GiftsDealt, TileGiven, TileRated, TrapSet, Committed, RatingBegan, RoundScored, RoundBegan, GameWon]
