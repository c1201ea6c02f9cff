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

from engine.core.reactions import Pass


class Draw(msgspec.Struct, frozen=True, tag="draw"):
    """Draw Quest cards, one from the deck of each AP value in ``decks`` (2–4): two at
    setup ("Setup" 9), one at the Town, three at the King ("Locations on the board")."""

    decks: tuple[int, ...]


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    """At the King: keep ``quest`` of the three drawn; the others go to the bottom of
    their decks ("King")."""

    quest: str


class Place(msgspec.Struct, frozen=True, tag="place"):
    """Place die ``die`` from the pool in ``socket`` ("1 Place one die"), ``using`` a
    help that bends the placement rules: Magic Item ``i14`` (the Crystal Ball: the die
    counts 6) or ``i16`` (the Magic Beans: one more die on a full stack), or the ability
    ``tailor`` (one lower) or ``musicians`` (one more die on a full stack)."""

    die: str
    socket: str
    using: str = ""


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


class Character(msgspec.Struct, frozen=True, tag="character"):
    """Choose ``character`` (a Character card id) at setup ("Setup" 5)."""

    character: str


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    """Take effect ``option`` (0: the first, 1: the latter) of the Bad Luck card drawn
    ("Bad Luck cards": "The active player must choose from two negative effects")."""

    option: int


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    """Give up what a card or the Magic Mirror asks: ``tokens``, an unused Magic Item
    ``item``, an unused die ``die`` or an active ``quest`` (one of them)."""

    tokens: tuple[str, ...] = ()
    item: str = ""
    die: str = ""
    quest: str = ""


class Go(msgspec.Struct, frozen=True, tag="go"):
    """Go to ``to``, one of the places a Story card names."""

    to: str


class KeepItem(msgspec.Struct, frozen=True, tag="keep_item"):
    """Snow White: keep Magic Item ``item`` of the two drawn; the other is discarded."""

    item: str


class Play(msgspec.Struct, frozen=True, tag="play"):
    """Play Magic Item ``item`` ("Magic Item cards"): in one's turn before placing, or in
    a reaction window its trigger opened. What it asks: ``token`` (the Wishing-Table's
    kind), ``to`` (a field: the Golden Horse, the Wishing-cap), ``socket`` (a die on the
    board: the Blue Light, the Seven-league Boots), ``target`` and ``story`` (the Cursed
    Ring passes Curse ``story`` to seat ``target``), ``die`` and ``face`` (the Golden
    Bird)."""

    item: str
    token: str = ""
    to: str = ""
    socket: str = ""
    target: int = -1
    story: str = ""
    die: str = ""
    face: int = 0


class Redeem(msgspec.Struct, frozen=True, tag="redeem"):
    """Pay ``tokens``, what Curse or Mini Quest ``story`` asks, to discard the Curse or
    take the Mini Quest's reward ("Story cards")."""

    story: str
    tokens: tuple[str, ...] = ()


class Walk(msgspec.Struct, frozen=True, tag="walk"):
    """Little Red Riding Hood: walk through ``route`` from one's field without a die
    (not past a Ban die)."""

    route: str


class Convert(msgspec.Struct, frozen=True, tag="convert"):
    """Puss in Boots: change one ``token`` into a ``to``."""

    token: str
    to: str


class Rest(msgspec.Struct, frozen=True, tag="rest"):
    """Sleeping Beauty: discard unused ``dice`` (two) to take one ``token``."""

    dice: tuple[str, ...]
    token: str


class Offer(msgspec.Struct, frozen=True, tag="offer"):
    """Offer seat ``to``, on one's field, a trade: ``give`` for ``get`` (token kinds,
    one per token; quest, Story and Magic Item ids) ("Encounter")."""

    to: int
    give: tuple[str, ...] = ()
    get: tuple[str, ...] = ()


class Answer(msgspec.Struct, frozen=True, tag="answer"):
    """Accept (``yes``) or refuse the trade offered."""

    yes: bool


Command = Union[Draw, Keep, Place, Rabbit, PassTurn, Move, Jump, Take, Skip, Complete, End, SetFaces, Reroll,
                Gift, Feed, Character, Pick, Discard, Go, KeepItem, Play, Redeem, Walk, Convert, Rest, Offer, Answer,
                Pass]
