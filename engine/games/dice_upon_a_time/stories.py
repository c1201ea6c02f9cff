"""Dice Upon a Time's 64 Story cards as data, decoded from ``data/stories.toml`` into
msgspec Structs and checked when loaded.

The rulebook describes the five types in three colours and quotes a few cards ("Story
cards") but prints no deck: the deck is a reconstruction, explained in ``STORIES.md``.
``effects.py`` plays the cards; ``load`` raises ``ValueError``
with one sentence naming the bad file or record.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from engine.core import tomldata

from .cards import LOCATIONS, TOKENS

#: The five types, by colour ("Story cards": "green Good Luck and Side Quest cards, red
#: Bad Luck and Curse cards and blue Mini Quest cards").
COLOURS = {"good_luck": "green", "side_quest": "green", "bad_luck": "red", "curse": "red",
           "mini_quest": "blue"}
Type = Literal["good_luck", "bad_luck", "side_quest", "curse", "mini_quest"]
Do = Literal["gain", "lose", "others_gain", "draw_item", "lose_item", "draw_quest", "rabbit", "go",
             "lose_die"]
Kind = Literal["at", "spirits", "tokens", "quests", "steed"]


class Act(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect: ``do`` from the vocabulary in ``data/stories.toml``; ``token``
    (a resource, or ``"any"``: the player's choice) and ``amount`` for the token
    effects; ``places`` (location ids, one of them) for ``go``."""

    do: Do
    token: str = ""
    amount: int = 0
    places: tuple[str, ...] = ()


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Side Quest, a Curse or a Mini Quest asks: ``kind`` and its ``places``,
    ``token`` and ``amount`` (see ``data/stories.toml``)."""

    kind: Kind
    places: tuple[str, ...] = ()
    token: str = ""
    amount: int = 0


class Story(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Story card: ``id``, ``type``, ``name``, ``text``; a Good Luck card's
    ``effects``, a Bad Luck card's two ``options``, a Side Quest's or a Curse's ``ap``
    and ``condition``, a Mini Quest's ``condition`` and ``reward``."""

    id: str
    type: Type
    name: str
    text: str
    effects: tuple[Act, ...] = ()
    options: tuple[Act, ...] = ()
    ap: int = 0
    condition: Condition | None = None
    reward: tuple[Act, ...] = ()

    @property
    def colour(self) -> str:
        """``"green"``, ``"red"`` or ``"blue"``."""
        return COLOURS[self.type]


class _Stories(msgspec.Struct):
    story: list[Story]


#: ``raw(name)``: the bytes of ``data/<name>`` (tests put a broken file in its place).
raw = tomldata.reader(__package__)

#: The keys each type uses (the others stay empty).
_SHAPE = {
    "good_luck": {"effects"}, "bad_luck": {"options"}, "side_quest": {"ap", "condition"},
    "curse": {"ap", "condition"}, "mini_quest": {"condition", "reward"},
}


def _act_error(a: Act) -> str:
    token_effect = a.do in ("gain", "lose", "others_gain")
    if token_effect != bool(a.token) or token_effect != (a.amount >= 1):
        return f"has a {a.do} with token {a.token!r} and amount {a.amount}"
    if a.token and a.token not in (*TOKENS, "any"):
        return f"names unknown token {a.token!r}"
    if (a.do == "go") != bool(a.places):
        return f"has a {a.do} with places {list(a.places)}"
    return next((f"names unknown location {p!r}" for p in a.places if p not in LOCATIONS), "")


def _condition_error(c: Condition) -> str:
    if (c.kind == "at") != bool(c.places):
        return f"has a condition {c.kind} with places {list(c.places)}"
    if (c.kind == "tokens") != bool(c.token):
        return f"has a condition {c.kind} with token {c.token!r}"
    if (c.kind in ("tokens", "spirits", "quests")) != (c.amount >= 1):
        return f"has a condition {c.kind} with amount {c.amount}"
    if c.token and c.token not in (*TOKENS, "any"):
        return f"names unknown token {c.token!r}"
    return next((f"names unknown location {p!r}" for p in c.places if p not in LOCATIONS), "")


def _story_error(s: Story) -> str:
    """What is wrong with ``s``, or ``""``."""
    used = {"effects": bool(s.effects), "options": bool(s.options), "ap": s.ap != 0,
            "condition": s.condition is not None, "reward": bool(s.reward)}
    have = {k for k, v in used.items() if v}
    if have != _SHAPE[s.type]:
        return f"has {sorted(have)} where a {s.type} card has {sorted(_SHAPE[s.type])}"
    if s.type == "bad_luck" and len(s.options) != 2:
        return f"offers {len(s.options)} effects, not 2"
    if s.type == "side_quest" and s.ap < 1 or s.type == "curse" and s.ap > -1:
        return f"is a {s.type} worth {s.ap} AP"
    for a in (*s.effects, *s.options, *s.reward):
        if problem := _act_error(a):
            return problem
    return _condition_error(s.condition) if s.condition is not None else ""


@cache
def load() -> dict[str, Story]:
    """The Story cards by id, in file order; raises ``ValueError`` naming a bad file or
    record."""
    return tomldata.records(raw("stories.toml"), _Stories, "story", "data/stories.toml", _story_error, "stories")
