"""Giftbringer's events: the facts recorded in the log, folded by ``state.evolve``."""

from __future__ import annotations

from typing import Union

import msgspec


class GameStarted(msgspec.Struct, frozen=True, tag="game-started"):
    """The Merry Leader (a seat index) was drawn; they roll the dice every round."""

    leader: int


class DiceRolled(msgspec.Struct, frozen=True, tag="dice-rolled"):
    """Round ``round`` began with these four results for everybody."""

    round: int
    dice: tuple[int, ...]


class Blessed(msgspec.Struct, frozen=True, tag="blessed"):
    """``seat`` used Blessing ``kind`` on ``used`` results (1-based), making ``value``."""

    seat: int
    kind: str
    used: tuple[int, ...]
    value: int


class Crossed(msgspec.Struct, frozen=True, tag="crossed"):
    """``seat`` spent result ``result`` on symbol ``index`` (0-based) of ``target``."""

    seat: int
    result: int
    target: str
    index: int


class Recruited(msgspec.Struct, frozen=True, tag="recruited"):
    """``seat`` recruited Viking ``viking`` (every result of his crossed)."""

    seat: int
    viking: str


class Landed(msgspec.Struct, frozen=True, tag="landed"):
    """``seat`` chose harbour ``ship`` for good."""

    seat: int
    ship: str


class Visited(msgspec.Struct, frozen=True, tag="visited"):
    """``seat`` visited ``place``: ``presents`` (viking, count) brought, ``gratitude``
    (viking, letter) written under Vikings, ``lost`` items with no free slot,
    ``happiness`` a level marked."""

    seat: int
    place: str
    presents: tuple[tuple[str, int], ...] = ()
    gratitude: tuple[tuple[str, str], ...] = ()
    lost: int = 0
    happiness: bool = False


class Committed(msgspec.Struct, frozen=True, tag="committed"):
    """``seat`` finished the round."""

    seat: int


class GameEnded(msgspec.Struct, frozen=True, tag="game-ended"):
    """The last round is over: ``points`` per seat and the ``winners``."""

    points: tuple[int, ...]
    winners: tuple[int, ...]


Event = Union[GameStarted, DiceRolled, Blessed, Crossed, Recruited, Landed, Visited, Committed, GameEnded]
