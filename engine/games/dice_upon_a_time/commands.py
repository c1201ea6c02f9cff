"""Dice Upon a Time's commands: one choice each.

Dice are named by their ids in ``data/dice.toml`` (``magic_item``, ``story``, ``ban``,
``doubling``, ``plain``) or ``snake`` for the Snake Die; sockets by ``rules.socket_ids``
(a route ``"town-old_woman"`` as the board lists it, or ``rabbit``, ``wolf``, ``snake``,
``fox1``, ``fox2``); locations and quests by their data ids. ``notation.py`` writes and
reads each one.
"""

from __future__ import annotations

from typing import Union

import msgspec


class Draw(msgspec.Struct, frozen=True, tag="draw"):
    """Draw Quest cards, one from the deck of each AP value in ``decks`` (2–4): two at
    setup ("Setup" 9), one at the Town, three at the King ("Locations on the board")."""

    decks: tuple[int, ...]


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    """At the King: keep ``quest`` of the three drawn; the others go to the bottom of
    their decks ("King")."""

    quest: str


class Place(msgspec.Struct, frozen=True, tag="place"):
    """Place die ``die`` from the pool in ``socket`` ("1 Place one die")."""

    die: str
    socket: str


class Rabbit(msgspec.Struct, frozen=True, tag="rabbit"):
    """Use a Rabbit token instead of a die to move along ``route`` (a route socket id
    from the figure's field), even a full or banned one ("Rabbit", second reward)."""

    route: str


class PassTurn(msgspec.Struct, frozen=True, tag="pass_turn"):
    """Pass: give up this and every upcoming turn of the chapter ("Passing the turn")."""


class Move(msgspec.Struct, frozen=True, tag="move"):
    """Move the figure through the route just activated ("3 Move your figure")."""


class Jump(msgspec.Struct, frozen=True, tag="jump"):
    """On a Steed field: jump to the Steed field ``to`` ("Steed fields")."""

    to: str


class Take(msgspec.Struct, frozen=True, tag="take"):
    """At the Fairy: take a token of kind ``token`` (coin, bread, apple; two of it with
    the Doubling face) ("Fairy"; "Token doubling face")."""

    token: str


class Skip(msgspec.Struct, frozen=True, tag="skip"):
    """Decline what may be done now: stay instead of moving or jumping, draw no Quest at
    the Town."""


class Complete(msgspec.Struct, frozen=True, tag="complete"):
    """Complete ``quest`` ("5 Complete quests")."""

    quest: str


class End(msgspec.Struct, frozen=True, tag="end"):
    """End the turn (after "5 Complete quests")."""


class SetFaces(msgspec.Struct, frozen=True, tag="set_faces"):
    """Set the dice taken from the Fox to faces of one's choice: ``faces`` pairs of
    (die id, face) ("Fox")."""

    faces: tuple[tuple[str, Union[int, str]], ...]


class Reroll(msgspec.Struct, frozen=True, tag="reroll"):
    """Roll ``dice`` (ids, up to the Event's number, maybe none) again (Event "reroll")."""

    dice: tuple[str, ...]


class Gift(msgspec.Struct, frozen=True, tag="gift"):
    """Take ``tokens`` of one's choice from the supply (Event "gift")."""

    tokens: tuple[str, ...]


class Feed(msgspec.Struct, frozen=True, tag="feed"):
    """The Wolf: put unused die ``die`` on the Wolf field ("Wolf")."""

    die: str


Command = Union[Draw, Keep, Place, Rabbit, PassTurn, Move, Jump, Take, Skip, Complete, End, SetFaces, Reroll,
                Gift, Feed]
