"""The gift cards, decoded from ``data/gifts.toml`` and checked at import.

Four decks by colour, priced from cheap to lavish (as in the published game: yellow $,
red $$, blue $$$, black $$$$). The cards are written for boxtop: the published card texts are
not in the rulebook. Each card has taste tags that the heuristic bot learns from.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import msgspec

DECKS = ("yellow", "red", "blue", "black")
PRICES = {"yellow": "$", "red": "$$", "blue": "$$$", "black": "$$$$"}
TAGS = ("food", "cozy", "gadget", "outdoors", "art", "games", "style", "silly")
MIN_PER_DECK = 40


class Gift(msgspec.Struct, frozen=True):
    """One gift card: ``id`` a kebab-case slug, ``deck`` its colour, ``name`` and a one-line
    ``line`` of description, ``tags`` one or two taste tags from ``TAGS``."""

    id: str
    deck: str
    name: str
    line: str
    tags: tuple[str, ...]


class _File(msgspec.Struct):
    gift: list[Gift]


def _load() -> dict[str, Gift]:
    raw = tomllib.loads(resources.files(__package__).joinpath("data/gifts.toml").read_text("utf-8"))
    gifts = msgspec.convert(raw, _File).gift
    by_id: dict[str, Gift] = {}
    for g in gifts:
        if g.id in by_id:
            raise ValueError(f"gifts.toml: card id {g.id!r} appears twice")
        if g.deck not in DECKS:
            raise ValueError(f"gifts.toml: card {g.id!r} has unknown deck {g.deck!r}")
        if not g.tags or any(t not in TAGS for t in g.tags):
            raise ValueError(f"gifts.toml: card {g.id!r} has tags outside {TAGS}")
        by_id[g.id] = g
    for deck in DECKS:
        count = sum(1 for g in gifts if g.deck == deck)
        if count < MIN_PER_DECK:
            raise ValueError(f"gifts.toml: deck {deck} has {count} cards, fewer than {MIN_PER_DECK}")
    return by_id


#: Every gift card by id.
GIFTS: dict[str, Gift] = _load()
#: Card ids of each deck, in file order.
DECK_CARDS: dict[str, tuple[str, ...]] = {d: tuple(g.id for g in GIFTS.values() if g.deck == d) for d in DECKS}
