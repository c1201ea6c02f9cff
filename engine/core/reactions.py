"""Reaction windows: out-of-turn answers to a move, built once for every game.

Some cards are played on another player's move (Naughty or Nice's Tomte and Papa
Wolverine, Dice Upon a Time's Magic Items). After a move that can be answered, a game's
``decide`` emits ``WindowOpened``; until the window closes, ``to_act`` names only the
seat whose answer is awaited (``acting``), one seat at a time in clockwise order from
the mover's left, so a hot-seat table hands over to each in turn and bots and remote
seats answer like any seat. Each awaited seat gives ``Pass`` (event ``Passed``) or one
of the game's reactions (its events end with ``Answered``); the window closes when every
seat has passed or at the first answer (one answer per window). A reaction that can
itself be answered opens a new window on top: windows form a stack, innermost first.

Hiding who holds a reaction card: the seats in a window are chosen by ``answer_order``
from a predicate the game computes from public facts only (a hand's size, never its
cards), and ``Passed`` is the same event whoever passes and whatever they hold. Undo:
a window hands the turn to another seat, so the strict undo policy refuses to take back
the move that opened it (``LocalSession.undo_refusal``). ``docs/architecture.md``,
"Reaction windows", has the whole mechanism; ``tests/test_reactions.py`` drives it with
a toy decider.
"""

from __future__ import annotations

from typing import Callable

import msgspec


class Window(msgspec.Struct, frozen=True):
    """An open reaction window: ``trigger`` the game's name for what may be answered
    ("creature", "fulfill" …), ``mover`` the seat whose move opened it, ``waiting`` the
    seats still to answer, the first of them to act now; ``subject`` is free for the
    game (the card played, the kiddo fulfilled) and must be public."""

    trigger: str
    mover: int
    waiting: tuple[int, ...]
    subject: str = ""


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """Let the move stand: the awaited seat gives no reaction."""


class WindowOpened(msgspec.Struct, frozen=True, tag="window"):
    """A reaction window opened after ``mover``'s move; ``seats`` answer in this order."""

    trigger: str
    mover: int
    seats: tuple[int, ...]
    subject: str = ""


class Passed(msgspec.Struct, frozen=True, tag="passed"):
    """``seat`` passed in the innermost window (the same event for every seat)."""

    seat: int


class Answered(msgspec.Struct, frozen=True, tag="answered"):
    """``seat`` answered the innermost window with a reaction; the window closes."""

    seat: int


def answer_order(mover: int, n: int, eligible: Callable[[int], bool] = lambda seat: True) -> tuple[int, ...]:
    """The seats other than ``mover`` (of ``n``, 0-based) that ``eligible`` admits,
    clockwise from the mover's left. ``eligible`` must depend on public facts only."""
    return tuple(s for s in ((mover + k) % n for k in range(1, n)) if eligible(s))


def opened(stack: tuple[Window, ...], event: WindowOpened) -> tuple[Window, ...]:
    """``stack`` with the window of ``event`` on top (an empty ``seats`` opens nothing)."""
    if not event.seats:
        return stack
    return (*stack, Window(event.trigger, event.mover, event.seats, event.subject))


def after_pass(stack: tuple[Window, ...], seat: int) -> tuple[Window, ...]:
    """``stack`` after ``seat`` passed: the innermost window awaits its next seat, or
    closes when none is left. Raises ``ValueError`` when ``seat`` was not awaited."""
    top = innermost(stack)
    if top is None or top.waiting[0] != seat:
        raise ValueError(f"seat {seat} is not awaited in a reaction window")
    rest = top.waiting[1:]
    return (*stack[:-1], msgspec.structs.replace(top, waiting=rest)) if rest else stack[:-1]


def after_answer(stack: tuple[Window, ...]) -> tuple[Window, ...]:
    """``stack`` without its innermost window (it was answered)."""
    return stack[:-1]


def innermost(stack: tuple[Window, ...]) -> Window | None:
    """The window awaiting an answer now, or None."""
    return stack[-1] if stack else None


def acting(stack: tuple[Window, ...]) -> int | None:
    """The seat whose answer is awaited now, or None when no window is open."""
    top = innermost(stack)
    return top.waiting[0] if top else None
