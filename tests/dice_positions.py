"""Dice Upon a Time positions for the table's TUI tests: a game the players saved earlier,
made by the engine (``played_until``: every seat, people too, moved by a heuristic bot
until ``wanted(state)`` holds), then loaded by keys from the menu
(``naughty_positions.load_game`` does that for any game)."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

import engine

from naughty_positions import load_game, seats

GAME = "dice-upon-a-time"


def played_until(wanted: Callable[[Any], bool], names: Iterable[str], seeds: Iterable[int] = range(1, 40),
                 options: dict | None = None, limit: int = 4000, character: str = "") -> engine.LocalSession:
    """A game of ``names`` ("ann" a person, "bot3:heuristic" a bot) at the first moment a
    person is to act and ``wanted(state)`` holds; the people's moves are the heuristic
    bot's, but the first seat takes ``character`` when it is offered. Raises
    ``AssertionError`` when no seed gets there."""
    from engine.games.dice_upon_a_time.commands import Character

    names = tuple(names)
    for seed in seeds:
        s = engine.new_game(GAME, seats(names), seed=seed, options=options)
        brain, rng = s.game.bots["heuristic"](seed), random.Random(seed)
        for _ in range(limit):
            s.run_bots()
            if s.result() is not None:
                break
            if wanted(s.state):
                return s
            seat = s.to_act_seats()[0]
            legal = s.legal_commands(seat)
            choice = brain.choose(s.view(seat), legal, rng)
            if seat == 0 and Character(character) in legal:
                choice = Character(character)
            s.submit(seat, choice)
    raise AssertionError(f"no game of {names} with seeds {seeds} reached the position")


__all__ = ["GAME", "load_game", "played_until"]
