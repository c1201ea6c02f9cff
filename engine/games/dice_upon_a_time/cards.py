"""Dice Upon a Time's Quest and Event cards as data, decoded from ``data/quests.toml``
and ``data/events.toml`` into msgspec Structs and checked when loaded.

The rulebook describes both decks ("Quest cards", "Reveal the next Event card") but
prints no card text: both are reconstructions, explained in ``QUESTS.md``. ``load``
raises ``ValueError`` with one sentence naming the bad file or record.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from engine.core import tomldata

from .board import load_board

#: The location ids quests may name (the board's ids; "Locations on the board").
LOCATIONS = tuple(load_board().locations)
#: Resource tokens ("Tokens (54 pieces): Coin, Apple, Bread").
TOKENS = ("coin", "bread", "apple")
#: The four quest tokens by id, with their names ("Quest tokens (4 pieces)").
QUEST_ITEMS = {t.id: t.name for t in load_board().quest_token}
#: The four quest kinds, in the order of "Quest cards": "There are 4 types of quests".
KINDS = ("visit", "deliver", "discard", "item")
#: The Forest Spirits ("Forest Spirits").
SPIRITS = ("rabbit", "wolf", "snake", "fox")

Kind = Literal["visit", "deliver", "discard", "item"]
Effect = Literal[
    "stack_limit", "socket_shift", "resource_bonus", "gift", "reroll", "spirit_closed",
    "location_off", "faces_plain",
]


class Quest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Main Quest card: ``id``, ``name``, ``ap`` (2–4, its deck), ``kind``, and its
    requirements: ``location`` (where to be; empty for a discard quest), ``tokens``
    (resource id → count, given up on completion), ``item`` and ``pickup`` (the quest
    token and where it is taken, item quests only), and ``text`` in plain words."""

    id: str
    name: str
    ap: int
    kind: Kind
    text: str
    location: str = ""
    tokens: dict[str, int] = {}
    item: str = ""
    pickup: str = ""


class Event(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An Event card, a rule change for one chapter: ``effect`` from the vocabulary in
    ``data/events.toml`` and its parameters (``delta``, ``token``, ``amount``,
    ``spirit``, ``locations``; unused ones left empty), and ``text`` in plain words."""

    id: str
    name: str
    effect: Effect
    text: str
    delta: int = 0
    token: str = ""
    amount: int = 0
    spirit: str = ""
    locations: tuple[str, ...] = ()


class _Quests(msgspec.Struct):
    quest: list[Quest]


class _Events(msgspec.Struct):
    event: list[Event]


class Cards(msgspec.Struct, frozen=True):
    """The ``quests`` and ``events`` by id, in file order."""

    quests: dict[str, Quest]
    events: dict[str, Event]


#: ``raw(name)``: the bytes of ``data/<name>`` (tests put a broken file in its place).
raw = tomldata.reader(__package__)


def _quest_error(q: Quest) -> str:
    """What is wrong with ``q``, or ``""``."""
    if not 2 <= q.ap <= 4:
        return f"is worth {q.ap} AP, not 2–4"
    for where in (q.location, q.pickup):
        if where and where not in LOCATIONS:
            return f"names unknown location {where!r}"
    for token, count in q.tokens.items():
        if token not in TOKENS:
            return f"asks for unknown token {token!r}"
        if count < 1:
            return f"asks for {count} {token}"
    if q.item and q.item not in QUEST_ITEMS:
        return f"names unknown quest token {q.item!r}"
    needs_place = q.kind != "discard"
    needs_tokens = q.kind in ("deliver", "discard")
    needs_item = q.kind == "item"
    if bool(q.location) != needs_place:
        return f"is a {q.kind} quest " + ("without" if needs_place else "with") + " a location"
    if bool(q.tokens) != needs_tokens:
        return f"is a {q.kind} quest " + ("without" if needs_tokens else "with") + " tokens"
    if bool(q.item) != needs_item or bool(q.pickup) != needs_item:
        return f"is a {q.kind} quest " + ("without" if needs_item else "with") + " a quest token"
    if needs_item and q.pickup == q.location:
        return "picks its quest token up where it must deliver it"
    return ""


def _event_error(e: Event) -> str:
    """What is wrong with ``e``, or ``""``."""
    used = {
        "delta": e.delta != 0, "token": bool(e.token), "amount": e.amount != 0,
        "spirit": bool(e.spirit), "locations": bool(e.locations),
    }
    wants = {
        "stack_limit": {"delta"}, "socket_shift": {"delta"},
        "resource_bonus": {"token", "amount"}, "gift": {"amount"}, "reroll": {"amount"},
        "spirit_closed": {"spirit"}, "location_off": {"locations"}, "faces_plain": set(),
    }[e.effect]
    have = {k for k, v in used.items() if v}
    if have != wants:
        return f"has parameters {sorted(have)} where {e.effect} takes {sorted(wants)}"
    if e.delta not in (-1, 0, 1):
        return f"changes by {e.delta}, not 1"
    if e.amount < 0:
        return f"gives {e.amount}"
    if e.token and e.token not in TOKENS:
        return f"names unknown token {e.token!r}"
    if e.spirit and e.spirit not in SPIRITS:
        return f"names unknown Forest Spirit {e.spirit!r}"
    for where in e.locations:
        if where not in LOCATIONS:
            return f"names unknown location {where!r}"
    return ""


@cache
def load() -> Cards:
    """All Quest and Event cards; raises ``ValueError`` naming a bad file or record."""
    return Cards(tomldata.records(raw("quests.toml"), _Quests, "quest", "data/quests.toml", _quest_error),
                 tomldata.records(raw("events.toml"), _Events, "event", "data/events.toml", _event_error))
