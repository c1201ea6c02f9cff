"""What a seat may know: ``view`` and ``redact`` remove every hidden fact.

Hidden in Gift Trap: the Give tiles, Get tiles and Gifttrap placed this round by other
seats, until the reveal (``gift-trap.de.txt``, "2. Geschenke machen": face down;
"4. Auswertung": all tiles are revealed together). They are absent from a view, not
blanked. Everything else — the gifts, the tracks, who has committed, past reveals —
is public.
"""

from __future__ import annotations

import operator

import msgspec

from .cards import DECK_CARDS, DECKS, GIFTS, Gift
from .events import RoundScored, TileGiven, TileRated, TrapSet
from .options import Options
from .state import State, Tile


class View(msgspec.Struct, frozen=True):
    """One seat's view (``me`` None for a spectator): the phase, round and dealer, the
    ``gifts`` on spaces 1…, cards left per deck (``DECKS`` order), both tracks, who has
    committed, the seat's own face-down tiles (``my_gives``, ``my_rates``, ``my_trap``
    0 for none), which extra tiles are spent, every past reveal, and the winners."""

    me: int | None
    n: int
    options: Options
    phase: str
    round: int
    dealer: int
    gifts: tuple[Gift, ...]
    decks_left: tuple[int, ...]
    give_scores: tuple[int, ...]
    get_scores: tuple[int, ...]
    committed: tuple[bool, ...]
    my_gives: tuple[Tile, ...]
    my_rates: tuple[Tile, ...]
    my_trap: int
    trap_spent: tuple[bool, ...]
    give_more_spent: tuple[bool, ...]
    get_more_spent: tuple[bool, ...]
    history: tuple[RoundScored, ...]
    winners: tuple[int, ...]


_DECK_SIZES = [len(DECK_CARDS[d]) for d in DECKS]


def view(state: State, seat: int | None) -> View:
    """The projection of ``state`` for ``seat`` (None: a spectator sees no face-down tile)."""
    mine = seat is not None and 0 <= seat < state.n
    return View(
        me=seat if mine else None,
        n=state.n,
        options=state.options,
        phase=state.phase,
        round=state.round,
        dealer=state.dealer,
        gifts=tuple(map(GIFTS.__getitem__, state.spaces)),
        decks_left=tuple(map(operator.sub, _DECK_SIZES, map(len, state.deck_used))),
        give_scores=state.give_scores,
        get_scores=state.get_scores,
        committed=state.committed,
        my_gives=state.gives[seat] if mine else (),
        my_rates=state.rates[seat] if mine else (),
        my_trap=state.traps[seat] if mine else 0,
        trap_spent=state.trap_spent,
        give_more_spent=state.give_more_spent,
        get_more_spent=state.get_more_spent,
        history=state.history,
        winners=state.winners,
    )


def brief(v: View) -> View:
    """``v`` as a shared room sends it: ``history`` holds only the last reveal (what the
    table shows), so the view's size does not grow with the rounds played. A bot gets
    the whole view: it plays inside the host."""
    return msgspec.structs.replace(v, history=v.history[-1:])


def redact(event, seat: int | None):
    """``event`` as ``seat`` may see it: another seat's face-down tile is None (absent)."""
    if isinstance(event, (TileGiven, TileRated, TrapSet)) and event.seat != seat:
        return None
    return event
