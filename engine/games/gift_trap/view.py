"""What a seat may know: ``view`` and ``redact`` remove every hidden fact.

Hidden in Gift Trap: the Give tiles, Get tiles and Gifttrap placed this round by other
seats, until the reveal (``gift-trap.de.txt``, "2. Geschenke machen": face down;
"4. Auswertung": all tiles are revealed together). They are absent from a view, not
blanked. Everything else — the gifts, the tracks, who has committed, past reveals —
is public.
"""

from __future__ import annotations

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
    gifts: list[Gift]
    decks_left: list[int]
    give_scores: list[int]
    get_scores: list[int]
    committed: list[bool]
    my_gives: list[Tile]
    my_rates: list[Tile]
    my_trap: int
    trap_spent: list[bool]
    give_more_spent: list[bool]
    get_more_spent: list[bool]
    history: tuple[RoundScored, ...]
    winners: list[int]


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
        gifts=[GIFTS[c] for c in state.spaces],
        decks_left=[_DECK_SIZES[i] - len(used) for i, used in enumerate(state.deck_used)],
        give_scores=list(state.give_scores),
        get_scores=list(state.get_scores),
        committed=list(state.committed),
        my_gives=list(state.gives[seat]) if mine else [],
        my_rates=list(state.rates[seat]) if mine else [],
        my_trap=state.traps[seat] if mine else 0,
        trap_spent=list(state.trap_spent),
        give_more_spent=list(state.give_more_spent),
        get_more_spent=list(state.get_more_spent),
        history=state.history,
        winners=list(state.winners),
    )


def redact(event, seat: int | None):
    """``event`` as ``seat`` may see it: another seat's face-down tile is None (absent)."""
    if isinstance(event, (TileGiven, TileRated, TrapSet)) and event.seat != seat:
        return None
    return event
