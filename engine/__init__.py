"""boxtop's engine: event-sourced deciders for five tabletop games.

The public API the CLI, the app and the tests use::

    import engine
    s = engine.new_game("gift-trap", seats=["ann", "bob", "cyd", "dan"], seed=7)
    s.legal("ann"); s.play("ann", "deal yellow"); s.view("bob"); s.to_act()
    s.undo("ann"); s.can_undo("ann"); s.redo("ann"); s.result()
    s.save(path); t = engine.load(path); engine.verify(path)

The engine never imports textual, rich or asyncssh.
"""

from __future__ import annotations

from typing import Any, Iterable

from .core.decider import Game, Result
from .core.errors import IllegalCommand, SaveError
from .core.log import Entry, Redo, Seat, Undo
from .core.registry import all_games, get as get_game, slugs
from .core.save_read import load, loads, verify
from .core.session import LocalSession

__all__ = [
    "Entry", "Game", "IllegalCommand", "LocalSession", "Redo", "Result", "SaveError", "Seat",
    "Undo", "all_games", "get_game", "load", "loads", "new_game", "slugs", "verify",
]


def new_game(
    game: str,
    seats: Iterable[str | Seat],
    seed: int = 0,
    options: dict[str, Any] | Any | None = None,
    undo: str = "strict",
) -> LocalSession:
    """Start a game: ``game`` a slug, ``seats`` names (or ``Seat`` records with a bot kind)
    in clockwise order, ``seed`` the game's seed, ``options`` the game's options as a dict,
    ``undo`` the policy ("strict" or "casual").

    Options not given that a table of one person takes by itself (``ALONE``: quick
    reaction windows) are added when at most one seat is a person.

    Raises ``KeyError`` for an unknown game and ``ValueError`` for bad seats or options.
    """
    from .core.seating_options import for_table, people

    g = get_game(game)
    seats = [s if isinstance(s, Seat) else Seat(s) for s in seats]
    return LocalSession(g, seats, seed, for_table(g.Options, options, people(seats)), undo)
