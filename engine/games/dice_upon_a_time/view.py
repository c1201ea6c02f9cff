"""Dice Upon a Time's projection: what one seat may know ("Hidden information" in
RULES.md).

Hidden in the beginner game: the Quest decks' order (counts are public), the Event cards
still face down (unless laid face up), and the King's draw, which only the drawer sees
until one card is kept (the two put back stay the drawer's). Everything else is on the
table: dice, figures, tokens, quests, the quest tokens.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from . import events as ev
from .options import Options
from .state import Player, Prompt, Stacked, State


class View(msgspec.Struct, frozen=True):
    """The table for seat ``me`` (None: a spectator): ``State``'s fields, with
    ``decks`` as counts by AP value, ``laid`` showing ``"?"`` for a face-down Event and
    ``king`` empty unless it is one's own draw."""

    me: int | None
    options: Options
    n: int
    phase: str
    chapter: int
    start: int
    turn: int
    step: str
    prompts: tuple[Prompt, ...]
    players: tuple[Player, ...]
    board: dict[str, tuple[Stacked, ...]]
    placed: str
    doubling: bool
    this_turn: int
    wolf_fed: bool
    decks: dict[int, int]
    table: tuple[str, ...]
    king: tuple[str, ...]
    laid: tuple[str, ...]
    event: str
    snake: int
    rabbits: int
    items: tuple[str, ...]
    drained: bool


def view(state: State, seat: int | None) -> View:
    """The projection for ``seat`` (None or out of range: a spectator)."""
    s = state
    me = seat if seat is not None and 0 <= seat < s.n else None
    shown = s.options.events == "open"
    laid = tuple(e if shown or k < s.chapter else ev.HIDDEN for k, e in enumerate(s.laid))
    king = s.king if me is not None and me == s.turn else ()
    return View(
        me, s.options, s.n, s.phase, s.chapter, s.start, s.turn, s.step, s.prompts, s.players, s.board, s.placed,
        s.doubling, s.this_turn, s.wolf_fed, {v: len(d) for v, d in s.decks.items()}, s.table, king, laid,
        s.event, s.snake, s.rabbits, s.items, s.drained,
    )


def _hide(cards) -> tuple[str, ...]:
    return (ev.HIDDEN,) * len(cards)


def redact(event, seat: int | None):
    """``event`` as ``seat`` may see it: the decks' order is nobody's; face-down Events
    nobody's; the King's draw and the cards put back the drawer's."""
    if isinstance(event, ev.Shuffled):
        return replace(event, decks={v: _hide(d) for v, d in event.decks.items()})
    if isinstance(event, ev.EventsLaid) and not event.face_up:
        return replace(event, events=_hide(event.events))
    if isinstance(event, ev.KingDrew) and seat != event.seat:
        return replace(event, quests=_hide(event.quests))
    if isinstance(event, ev.KingKept) and seat != event.seat:
        return replace(event, returned=_hide(event.returned))
    return event
