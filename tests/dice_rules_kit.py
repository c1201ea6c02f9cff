"""Positions for the Dice Upon a Time rule tests: a seeded setup, then a precise table
built with ``msgspec.structs.replace``; moves go through ``rules.decide`` like a
player's. Not a test module."""

from __future__ import annotations

import random

from msgspec.structs import replace

from engine.core.decider import fold
from engine.core.registry import get
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.options import Options
from engine.games.dice_upon_a_time.state import Stacked, State, initial

GAME = get("dice-upon-a-time")


def started(n: int = 3, seed: int = 1, **options) -> State:
    """The table after setup (``options`` by name, the beginner game without Character
    abilities unless named); the opening quests not drawn yet in the competitive game."""
    options.setdefault("cards", "beginner")
    options.setdefault("characters", "none")
    o = Options(**options)
    return fold(GAME, initial(o, n), GAME.setup(o, n, random.Random(seed)))


def act(state: State, seat: int, command, seed: int = 0) -> State:
    """``state`` after ``seat``'s ``command`` (``IllegalCommand`` when refused)."""
    return fold(GAME, state, GAME.decide(state, seat, command, random.Random(seed)))


def events_of(state: State, seat: int, command, seed: int = 0) -> list:
    """The events of ``seat``'s ``command``."""
    return GAME.decide(state, seat, command, random.Random(seed))


def turn(state: State, seat: int = 0, pool=(("plain", 5),), at: str = "town", **changes) -> State:
    """``state`` in chapter 1 with ``seat`` to place, holding ``pool`` (die, face) pairs
    and standing ``at``; every other player with one die (3) left. ``changes`` replace
    more fields of the State."""
    players = []
    for i, p in enumerate(state.players):
        if i == seat:
            players.append(replace(p, pool=tuple(pool), at=at, passed=False))
        else:
            players.append(replace(p, pool=(("plain", 3),), passed=False))
    base = dict(phase="play", chapter=max(1, state.chapter), turn=seat, step="place", prompts=(), pending=(), windows=(),
                players=tuple(players), board={}, placed="", doubling=False, event="")
    base.update(changes)
    return replace(state, **base)


def with_player(state: State, seat: int, **changes) -> State:
    """``state`` with seat ``seat``'s Player fields replaced."""
    return replace(state, players=tuple(replace(p, **changes) if i == seat else p
                                        for i, p in enumerate(state.players)))


def stack(*dice) -> tuple[Stacked, ...]:
    """A stack bottom first from (seat, die, face) triples."""
    return tuple(Stacked(s, d, f) for s, d, f in dice)


def place(state: State, seat: int, die: str, socket: str) -> State:
    """``state`` after ``seat`` places ``die`` in ``socket``."""
    return act(state, seat, cmd.Place(die, socket))


def last_turn(state: State, seat: int = 0, pool=(("plain", 1),), **changes) -> State:
    """Like ``turn``, but every other player has used all their dice: the chapter ends
    once ``seat`` has placed ``pool``."""
    s = turn(state, seat, pool=pool, **changes)
    return replace(s, players=tuple(p if i == seat else replace(p, pool=()) for i, p in enumerate(s.players)))


def refused(state: State, seat: int, command) -> str:
    """The one-line reason ``decide`` refuses ``command`` (fails the test if accepted)."""
    from engine.core.errors import IllegalCommand

    try:
        GAME.decide(state, seat, command, random.Random(0))
    except IllegalCommand as err:
        text = str(err)
        assert text and "\n" not in text
        return text
    raise AssertionError(f"{command!r} was accepted")


def full_game(n: int = 3, seed: int = 1, **options) -> State:
    """The full game after setup (Story cards, Magic Items and Character abilities);
    ``turn`` then sets up a position (the decks by ``stories=`` and ``magic=``, top
    first), ``with_player`` a hand (``magic=``), a Character (``character=``) or the
    Story cards in front (``stories=``)."""
    options.setdefault("cards", "full")
    options.setdefault("characters", "abilities")
    return started(n, seed, **options)


def answer(state: State, command=None) -> State:
    """``state`` after the seat to act answers ``command`` (default: ``Pass`` in a
    reaction window)."""
    from engine.core.reactions import Pass

    seat = min(GAME.to_act(state))
    return act(state, seat, command if command is not None else Pass())


def pass_windows(state: State) -> State:
    """``state`` after every open reaction window is passed."""
    while state.windows and not state.prompts:
        state = answer(state)
    return state


def chapter_with(event: str, n: int = 3, **options) -> State:
    """Chapter 1 opening with Event ``event``, its prompts waiting (the co-operative
    beginner game unless ``options`` say otherwise; nobody holds a Magic Item)."""
    from engine.games.dice_upon_a_time import common, rules

    options.setdefault("mode", "cooperative")
    s = started(n, seed=1, **options)
    s = replace(s, laid=(event,), chapter=0, phase="setup", prompts=(), pending=(), turn=-1, step="",
                players=tuple(replace(p, pool=(), magic=()) for p in s.players))
    tx = common.Tx(s, random.Random(1))
    rules._begin_chapter(tx, 1)
    return tx.state
