"""Dice Upon a Time's board and dice as data, decoded from ``data/board.toml`` and
``data/dice.toml`` into msgspec Structs and checked when loaded.

The rulebook prints neither the map nor the dice faces: both are a reconstruction built
to every sentence of the Dice Upon a Time rulebook ("Locations on the board", "Forest
Spirits", "Special die faces", "Snake"), argued in ``BOARD.md``. ``load_board`` and
``load_dice`` raise ``ValueError`` with one sentence naming the bad file and record.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Literal, Union

import msgspec

from engine.core import tomldata

#: The special die faces ("Special die faces"); each is worth 6 ("General dice
#: placement rules" 3).
SPECIALS = ("magic_item", "story", "ban", "doubling")
#: The value of a special face.
SPECIAL_VALUE = 6
#: The resource tokens ("Resource fields").
RESOURCES = ("coin", "bread", "apple")

Face = Union[int, Literal["magic_item", "story", "ban", "doubling"]]
SnakeFace = Union[int, Literal["lost", "coin", "bread", "apple"]]
Kind = Literal["town", "king", "fairy", "resource", "supporting", "steed", "magic_items", "plain"]


class Location(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A field of the map: ``id``, two-letter notation ``code``, ``name``, ``kind`` (``board.toml`` explains each),
    ``resource`` (coin / bread / apple, resource fields only, else ""), grid ``x``, ``y``
    and ``does``: what fires on arrival, in plain words."""

    id: str
    code: str
    name: str
    kind: Kind
    x: int
    y: int
    does: str
    resource: Literal["", "coin", "bread", "apple"] = ""


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An undirected route between locations ``a`` and ``b`` with one dice socket of
    value ``socket`` (1–6)."""

    a: str
    b: str
    socket: int

    def other(self, end: str) -> str:
        """The end of the route that is not ``end``; ``ValueError`` if ``end`` is neither."""
        if end == self.a:
            return self.b
        if end == self.b:
            return self.a
        raise ValueError(f"{end!r} is not an end of the route {self.a}–{self.b}")


class Spirit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Forest Spirit box in a corner ("Forest Spirits"): ``id``, ``name``, grid
    ``x``, ``y``, the value of each of its ``sockets``, whether dice ``stacks`` there, and
    what it ``does``."""

    id: str
    name: str
    x: int
    y: int
    sockets: tuple[int, ...]
    stacks: bool
    does: str


class EventSlot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A slot for an Event card ("Setup" 7): Roman ``numeral`` and its ``chapter``."""

    numeral: str
    chapter: int


class QuestToken(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A quest item (``id``, ``name``) and the location id where it is picked up ``at``."""

    id: str
    name: str
    at: str


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole map: grid ``width`` × ``height``, the ``start`` location id, the
    ``location`` and ``route`` lists, the four ``spirit`` boxes, six ``event_slot`` and four
    ``quest_token`` records. ``locations`` maps id → Location; ``routes_at(id)`` lists a
    location's routes."""

    width: int
    height: int
    start: str
    location: tuple[Location, ...]
    route: tuple[Route, ...]
    spirit: tuple[Spirit, ...]
    event_slot: tuple[EventSlot, ...]
    quest_token: tuple[QuestToken, ...]

    @property
    def locations(self) -> dict[str, Location]:
        """Location id → Location."""
        return {x.id: x for x in self.location}

    def routes_at(self, loc: str) -> list[Route]:
        """The routes with ``loc`` as one end, in file order."""
        return [r for r in self.route if loc in (r.a, r.b)]

    def reachable(self, frm: str) -> set[str]:
        """Every location id reachable from ``frm`` along routes (``frm`` included)."""
        seen, todo = {frm}, deque([frm])
        while todo:
            here = todo.popleft()
            for r in self.routes_at(here):
                there = r.other(here)
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        return seen


class Die(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One die: ``id``, ``name`` and its six ``faces`` (numbers 1–6 or special faces)."""

    id: str
    name: str
    faces: tuple[Face, ...]


class SnakeDie(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Snake Die ("Snake"): six ``faces``, numbers, ``"lost"`` or a resource token."""

    id: str
    name: str
    faces: tuple[SnakeFace, ...]


class Dice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The dice: the player ``colours``, one set's five dice ``die`` (every colour's set
    has these faces) and the ``snake`` die."""

    colours: tuple[str, ...]
    die: tuple[Die, ...]
    snake: SnakeDie


def face_value(face: Face) -> int:
    """The placement value of a die face: a number is itself, a special face is 6."""
    return face if isinstance(face, int) else SPECIAL_VALUE


#: ``raw(name)``: the bytes of ``data/<name>`` (tests put a broken file in its place).
raw = tomldata.reader(__package__)


def _decode(name: str, kind: type):
    return tomldata.decode(raw(name), kind, f"data/{name}")


def _check_board(b: Board) -> None:
    where = "data/board.toml"
    ids = [x.id for x in b.location]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{where}: two locations share an id")
    codes = [x.code for x in b.location]
    if len(set(codes)) != len(codes) or not all(len(c) == 2 and c.isalpha() and c.isupper() for c in codes):
        raise ValueError(f"{where}: each location needs its own two capital letters as code")
    spots = [(x.x, x.y) for x in b.location] + [(s.x, s.y) for s in b.spirit]
    if len(set(spots)) != len(spots):
        raise ValueError(f"{where}: two locations or spirits share a grid cell")
    for x in (*b.location, *b.spirit):
        if not (0 <= x.x < b.width and 0 <= x.y < b.height):
            raise ValueError(f"{where}: {x.id} at ({x.x}, {x.y}) is off the {b.width}×{b.height} grid")
    for x in b.location:
        if (x.kind == "resource") != bool(x.resource):
            raise ValueError(f"{where}: {x.id} must name a resource if and only if it is a resource field")
    if b.start not in ids:
        raise ValueError(f"{where}: the start {b.start!r} is not a location")
    pairs = set()
    for r in b.route:
        name = f"the route {r.a}–{r.b}"
        if r.a not in ids or r.b not in ids:
            raise ValueError(f"{where}: {name} names an unknown location")
        if r.a == r.b:
            raise ValueError(f"{where}: {name} leads nowhere")
        if not 1 <= r.socket <= 6:
            raise ValueError(f"{where}: {name} has socket {r.socket}, not 1–6")
        if frozenset((r.a, r.b)) in pairs:
            raise ValueError(f"{where}: {name} is listed twice")
        pairs.add(frozenset((r.a, r.b)))
    for s in b.spirit:
        if not s.sockets or any(v != 1 for v in s.sockets):
            raise ValueError(f"{where}: the {s.name} must have sockets of value 1")
    for t in b.quest_token:
        if t.at not in ids:
            raise ValueError(f"{where}: {t.name} is picked up at unknown location {t.at!r}")
    lost = set(ids) - b.reachable(b.start)
    if lost:
        raise ValueError(f"{where}: {', '.join(sorted(lost))} cannot be reached from {b.start}")


@cache
def load_board() -> Board:
    """The map; raises ``ValueError`` naming a bad file or record."""
    board = _decode("board.toml", Board)
    _check_board(board)
    return board


@cache
def load_dice() -> Dice:
    """The dice; raises ``ValueError`` naming a bad file or record."""
    dice = _decode("dice.toml", Dice)
    where = "data/dice.toml"
    for d in (*dice.die, dice.snake):
        if len(d.faces) != 6:
            raise ValueError(f"{where}: the {d.name} has {len(d.faces)} faces, not 6")
        for f in d.faces:
            if isinstance(f, int) and not 1 <= f <= 6:
                raise ValueError(f"{where}: the {d.name} has a face {f}, not 1–6")
    if len({d.id for d in dice.die}) != len(dice.die):
        raise ValueError(f"{where}: two dice share an id")
    if len(set(dice.colours)) != len(dice.colours):
        raise ValueError(f"{where}: two sets share a colour")
    return dice
