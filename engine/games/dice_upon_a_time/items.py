"""Dice Upon a Time's Magic Item and Character cards as data, decoded from
``data/items.toml`` and ``data/characters.toml`` into msgspec Structs and checked when
loaded.

The rulebook names the 18 Magic Items and the 9 Characters and rules on each
("List of the Magic Items with Notes", "List of Character abilities and Notes") but
prints no card text: both are reconstructions, explained in ``ITEMS.md``. The full
game plays them (``effects.py``, ``powers.py``); ``load`` raises ``ValueError`` with one
sentence naming the bad file or record.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from engine.core import tomldata

When = Literal[
    "own_turn", "placing", "after_roll", "snake_roll", "tokens_gained", "items_drawn",
    "quests_drawn", "story_drawn", "harmed", "card_harm",
]
ItemEffect = Literal[
    "take_tokens", "redraw_story", "more_tokens", "ward_off", "steal_items", "steal_quests",
    "steal_tokens", "reroll_unused", "move_to_player", "move_anywhere", "reroll_snake",
    "take_back_die", "reset_die", "pass_curse", "any_socket", "extra_die", "set_low_die",
]
Ability = Literal[
    "move_free", "place_lower", "convert_token", "item_choice", "steed_tokens",
    "discard_dice", "draw_quest", "reroll_low", "extra_die",
]
#: The effects that count something (``amount`` set, at least 1); the others take none.
COUNTED = ("take_tokens", "more_tokens", "extra_die")


class Item(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Magic Item card: ``id``, ``name``, ``when`` it may be played (any player's turn
    unless it is ``own_turn`` or ``placing``), its ``effect`` from the vocabulary in
    ``data/items.toml``, ``amount`` where the effect counts, and ``text`` in plain
    words. Secret, used once ("Magic Item cards")."""

    id: str
    name: str
    when: When
    effect: ItemEffect
    text: str
    amount: int = 0


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Character card: ``id``, ``name``, ``ability`` from the vocabulary in
    ``data/characters.toml``; ``uses``: ``"chapter"`` (once a chapter, "turn the
    character card over"), ``"game"`` (``count`` times a game, ``short`` in the Short
    game) or ``"always"``; ``coop`` false where the ability is useless in the
    co-operative game; ``text`` in plain words."""

    id: str
    name: str
    ability: Ability
    uses: Literal["chapter", "game", "always"]
    text: str
    count: int = 0
    short: int = 0
    coop: bool = True


class _Items(msgspec.Struct):
    item: list[Item]


class _Characters(msgspec.Struct):
    character: list[Character]


class Deck(msgspec.Struct, frozen=True):
    """The ``items`` and ``characters`` by id, in file order."""

    items: dict[str, Item]
    characters: dict[str, Character]


#: ``raw(name)``: the bytes of ``data/<name>`` (tests put a broken file in its place).
raw = tomldata.reader(__package__)


def _item_error(i: Item) -> str:
    """What is wrong with ``i``, or ``""``."""
    if (i.effect in COUNTED) != (i.amount >= 1):
        return f"has amount {i.amount} for {i.effect}"
    if i.amount < 0:
        return f"counts {i.amount}"
    return ""


def _character_error(c: Character) -> str:
    """What is wrong with ``c``, or ``""``."""
    if c.uses == "game" and not 1 <= c.short <= c.count:
        return f"is used {c.count} times a game and {c.short} in the Short game"
    if c.uses != "game" and (c.count or c.short):
        return f"counts uses but is used once a {c.uses}"
    return ""


@cache
def load() -> Deck:
    """All Magic Item and Character cards; raises ``ValueError`` naming a bad file or
    record."""
    return Deck(tomldata.records(raw("items.toml"), _Items, "item", "data/items.toml", _item_error),
                tomldata.records(raw("characters.toml"), _Characters, "character", "data/characters.toml",
                                 _character_error))
