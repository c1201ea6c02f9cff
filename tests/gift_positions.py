"""Gift Trap and Giftbringer positions for the snapshots and TUI tests: a game the player
saved earlier, made by the engine (``played_until``), which a shot then loads by keys
(``snapshot_kit.Shot.played``), so it reaches a question late in a game (a deal after a
reveal, a house ready to visit, a Gratitude to choose) without typing its moves.

``played_until(slug, wanted)`` plays ann (a person, whose moves a heuristic bot chooses)
and heuristic bots at the game's largest table until ann is to act and ``wanted(state,
legal)`` holds; it tries seeds in turn, so a change in the rules or the bots moves the
position but still finds one.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

import engine
from engine.games.gift_trap.commands import DealGifts
from engine.games.giftbringer.commands import Visit

#: The largest tables: ann and heuristic bots.
GIFT_TRAP_8 = ("ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal")
GIFTBRINGER_6 = ("ann", "bob", "cyd", "dan", "eve", "fay")


def played_until(slug: str, wanted: Callable[[Any, list], bool], names: Iterable[str], seeds: Iterable[int] = range(1, 40),
                 options: dict | None = None, limit: int = 2000, bots: str = "heuristic") -> engine.LocalSession:
    """A game of ``names`` (the first a person, ``bots`` the rest) at the first moment
    the person is to act with ``wanted(state, legal)`` true. Raises ``AssertionError``
    when no seed gets there."""
    names = tuple(names)
    seats = [engine.Seat(names[0])] + [engine.Seat(n, bots) for n in names[1:]]
    for seed in seeds:
        s = engine.new_game(slug, seats, seed=seed, options=options)
        brain, rng = s.game.bots["heuristic"](seed), random.Random(seed)
        for _ in range(limit):
            s.run_bots()
            if s.result() is not None:
                break
            legal = s.legal_commands(0)
            if legal and wanted(s.state, legal):
                return s
            s.submit(0, brain.choose(s.view(0), legal, rng))
    raise AssertionError(f"no {slug} game of {names} with seeds {seeds} reached the position")


def gift_trap_deal_after(rounds: int) -> Callable[[], engine.LocalSession]:
    """Gift Trap at eight, extra tiles: ann to deal after ``rounds`` rounds (a reveal to
    read); the others random bots, so the game lasts (careful players would have won)."""
    return lambda: played_until(
        "gift-trap", lambda state, legal: state.round > rounds and any(isinstance(c, DealGifts) for c in legal),
        GIFT_TRAP_8, options={"extra_tiles": True}, bots="random")


def giftbringer_visit(keep: bool) -> Callable[[], engine.LocalSession]:
    """Giftbringer at six: ann may visit a place (``keep``: one whose Gratitude she must choose)."""
    return lambda: played_until(
        "giftbringer", lambda state, legal: any(isinstance(c, Visit) and bool(c.keep) == keep for c in legal),
        GIFTBRINGER_6)
