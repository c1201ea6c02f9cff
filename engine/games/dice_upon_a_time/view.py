"""Dice Upon a Time's projection: what one seat may know ("Hidden information" in
RULES.md).

Hidden: the Quest decks' order (counts are public), the Event cards still face down
(unless laid face up), and the King's draw, which only the drawer sees until one card is
kept (the two put back stay the drawer's). Full game: the Story and Magic Item decks'
order, the Magic Items in a hand (their number is public), the items drawn, discarded or
offered in a trade (a Magic Item played is shown). Everything else is on the table:
dice, figures, tokens, quests, Story cards, the quest tokens.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from . import events as ev
from .options import Options
from engine.core.reactions import Window

from .effects import ITEMS
from .state import Player, Prompt, Stacked, State


class View(msgspec.Struct, frozen=True):
    """The table for seat ``me`` (None: a spectator): ``State``'s fields, with
    ``decks`` as counts by AP value, ``laid`` showing ``"?"`` for a face-down Event and
    ``king`` empty unless it is one's own draw. Full game: ``stories`` and ``magic`` (the
    decks) and their discard piles (``story_discard``, ``magic_discard``) as counts, so a
    view does not grow with the game; another player's Magic Items as ``"?"``; a
    trade offer between two others with its Magic Items as ``"?"``. ``pending``: the
    effects waiting their turn (public: each was set off on the table), the Magic Item
    that set one off as ``"?"`` (played, it lies in the face-down discard pile; the
    effect's word names it)."""

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
    stories: int = 0
    story_discard: int = 0
    magic: int = 0
    magic_discard: int = 0
    windows: tuple[Window, ...] = ()
    gain: tuple[tuple[int, tuple[str, ...]], ...] = ()
    rolled: tuple[int, tuple[str, ...]] = (-1, ())
    arrived: str = ""
    strayed: bool = False
    offer: ev.Offered | None = None
    offered: tuple[int, ...] = ()
    met: tuple[str, ...] = ()
    pending: tuple[ev.Effect, ...] = ()


def _hand(p: Player, mine: bool) -> Player:
    return p if mine or not p.magic else replace(p, magic=_hide(p.magic))


def _secret_items(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(ev.HIDDEN if x in ITEMS else x for x in cards)


def view(state: State, seat: int | None) -> View:
    """The projection for ``seat`` (None or out of range: a spectator)."""
    s = state
    me = seat if seat is not None and 0 <= seat < s.n else None
    shown = s.options.events == "open"
    laid = tuple(e if shown or k < s.chapter else ev.HIDDEN for k, e in enumerate(s.laid))
    king = s.king if me is not None and me == s.turn else ()
    offer = s.offer
    if offer is not None and me not in (offer.seat, offer.to):
        offer = replace(offer, give=_secret_items(offer.give), get=_secret_items(offer.get))
    return View(
        me, s.options, s.n, s.phase, s.chapter, s.start, s.turn, s.step, s.prompts,
        tuple(_hand(p, i == me) for i, p in enumerate(s.players)), s.board, s.placed,
        s.doubling, s.this_turn, s.wolf_fed, {v: len(d) for v, d in s.decks.items()}, s.table, king, laid,
        s.event, s.snake, s.rabbits, s.items, s.drained, stories=len(s.stories), story_discard=len(s.story_discard),
        magic=len(s.magic), magic_discard=len(s.magic_discard), windows=s.windows, gain=s.gain, rolled=s.rolled,
        arrived=s.arrived, strayed=s.strayed, offer=offer, offered=s.offered, met=s.met,
        pending=tuple(replace(e, item=ev.HIDDEN) if e.item in ITEMS else e for e in s.pending),
    )


#: The events that may hide something from a seat.
_SECRET = frozenset({ev.Shuffled, ev.EventsLaid, ev.KingDrew, ev.KingKept, ev.DecksShuffled, ev.ItemsDrawn,
                     ev.ItemDiscarded, ev.Offered})


def _hide(cards) -> tuple[str, ...]:
    return (ev.HIDDEN,) * len(cards)


def redact(event, seat: int | None):
    """``event`` as ``seat`` may see it: the decks' order is nobody's; face-down Events
    nobody's; the King's draw and the cards put back the drawer's; Magic Items drawn or
    discarded their holder's; a trade's Magic Items the two traders'."""
    if type(event) not in _SECRET:  # most events hide nothing: one look-up
        return event
    if isinstance(event, ev.Shuffled):
        return replace(event, decks={v: _hide(d) for v, d in event.decks.items()})
    if isinstance(event, ev.EventsLaid) and not event.face_up:
        return replace(event, events=_hide(event.events))
    if isinstance(event, ev.KingDrew) and seat != event.seat:
        return replace(event, quests=_hide(event.quests))
    if isinstance(event, ev.KingKept) and seat != event.seat:
        return replace(event, returned=_hide(event.returned))
    if isinstance(event, ev.DecksShuffled):
        return replace(event, stories=_hide(event.stories), items=_hide(event.items))
    if isinstance(event, ev.ItemsDrawn) and seat != event.seat:
        return replace(event, items=_hide(event.items))
    if isinstance(event, ev.ItemDiscarded) and seat != event.seat:
        return replace(event, item=ev.HIDDEN)
    if isinstance(event, ev.Offered) and seat not in (event.seat, event.to):
        return replace(event, give=_secret_items(event.give), get=_secret_items(event.get))
    return event
