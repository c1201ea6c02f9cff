"""Naughty or Nice positions for the table's TUI tests and snapshots: a game the player
saved earlier, made by the engine (``played_until``), then loaded by keys from the menu
(``load_game``), so a test reaches a rare question (Krampus in hand, a Tomte window,
Grandfather Frost's extra action …) without typing forty moves.

``played_until(wanted)`` plays ann (a person) and four random bots by random legal
moves until ann is to act and ``wanted(state, legal)`` holds; it tries seeds in turn
(``seeds``), so a change in the rules or the bots moves the position but still finds
one. The TUI then shows that question to ann, who holds the keyboard alone (her table
is one person: quick reaction windows unless ``options`` say otherwise).
"""

from __future__ import annotations

import os

import random
from pathlib import Path
from typing import Any, Callable, Iterable

import engine
from engine.core.save_write import save
from engine.games.naughty_or_nice.commands import Play

from tui_driver import Player, take_keyboard, wait_for_screen

GAME = "naughty-or-nice"
#: ann and four random bots: the game's largest table.
FIVE = ("ann", "bob:random", "cyd:random", "dan:random", "eve:random")


def seats(names: Iterable[str]) -> list[engine.Seat]:
    """"bob:random" → a random bot named bob; a bare name is a person."""
    out = []
    for name in names:
        who, _, bot = name.partition(":")
        out.append(engine.Seat(who, bot or None))
    return out


def played_until(wanted: Callable[[Any, list], bool], names: Iterable[str] = FIVE, seeds: Iterable[int] = range(1, 60),
                 options: dict | None = None, limit: int = 3000) -> engine.LocalSession:
    """A game of ``names`` (the first a person; random bots the rest) at the first
    moment the person is to act with ``wanted(state, legal)`` true; the person's moves
    are random. Raises ``AssertionError`` when no seed gets there."""
    names = tuple(names)
    for seed in seeds:
        s = engine.new_game(GAME, seats(names), seed=seed, options=options)
        brain, rng = s.game.bots["random"](seed), random.Random(seed)
        for _ in range(limit):
            s.run_bots()
            if s.result() is not None:
                break
            seat = s.to_act_seats()[0]
            legal = s.legal_commands(seat)
            if wanted(s.state, legal):
                return s
            s.submit(seat, brain.choose(s.view(seat), legal, rng))
    raise AssertionError(f"no game of {names} with seeds {seeds} reached the position")


def holds(code: str) -> Callable[[Any, list], bool]:
    """Wanted: creature ``code`` may be played now."""
    return lambda state, legal: any(isinstance(c, Play) and c.creature == code for c in legal)


def prompt(kind: str) -> Callable[[Any, list], bool]:
    """Wanted: a prompt of ``kind`` ("keep", "pick", "draw", "moroz", "repeat") owed."""
    return lambda state, legal: bool(state.prompts) and state.prompts[0].kind == kind


async def load_game(pilot: Player, session: engine.LocalSession, folder: Path | None = None,
                    name: str = "position") -> None:
    """Save ``session`` in the save ``folder`` (default: the test's own, made here;
    tests/conftest.py) and load it from the menu by keys: ``l``, enter on the newest
    save, then take the keyboard if a hand-over asks."""
    if folder is None:
        folder = Path(os.environ["BOXTOP_SAVE_DIR"])
        folder.mkdir(parents=True, exist_ok=True)
    save(session, folder / f"{name}.json")
    await pilot.press("l")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
    await take_keyboard(pilot)


__all__ = ["FIVE", "GAME", "holds", "load_game", "played_until", "prompt", "seats"]
