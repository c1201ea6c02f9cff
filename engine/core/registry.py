"""The registry of games by slug (``gift-trap`` …)."""

from __future__ import annotations

import importlib

from .decider import Game
from .strengths import add_strengths

#: slug → module that defines ``GAME``; modules load on first use.
_MODULES = {
    "gift-trap": "engine.games.gift_trap",
    "giftbringer": "engine.games.giftbringer",
    "bottlecap-vikings": "engine.games.bottlecap_vikings",
    "naughty-or-nice": "engine.games.naughty_or_nice",
    "dice-upon-a-time": "engine.games.dice_upon_a_time",
}
_LOADED: dict[str, Game] = {}


def slugs() -> list[str]:
    """All game slugs, in menu order."""
    return list(_MODULES)


def get(slug: str) -> Game:
    """The ``Game`` for ``slug``, its bots with the four strengths (``strengths``);
    raises ``KeyError`` with a sentence for an unknown slug."""
    if slug not in _MODULES:
        raise KeyError(f"unknown game {slug!r}; games are: {', '.join(_MODULES)}")
    if slug not in _LOADED:
        _LOADED[slug] = add_strengths(importlib.import_module(_MODULES[slug]).GAME)
    return _LOADED[slug]


def package_of(slug: str) -> str:
    """The package of the game ``slug`` (``engine.games.gift_trap``), where its lesson
    and documents are; raises ``KeyError`` with a sentence for an unknown slug."""
    if slug not in _MODULES:
        raise KeyError(f"unknown game {slug!r}; games are: {', '.join(_MODULES)}")
    return _MODULES[slug]


def all_games() -> list[Game]:
    """Every registered game, loaded."""
    return [get(s) for s in _MODULES]
