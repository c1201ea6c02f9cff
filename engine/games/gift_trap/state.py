"""Gift Trap's state and ``evolve``: the fold of the events, pure and unvalidated."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from .cards import DECKS
from .events import (
    Committed, GameStarted, GameWon, GiftsDealt, RatingBegan, RoundBegan, RoundScored,
    TileGiven, TileRated, TrapSet,
)
from .options import Options


class Tile(Struct, frozen=True):
    """A tile lying face down this round: on gift ``space``; a Give tile names its
    recipient ``to``, a Get tile its name ``tile``; ``more`` when doubled."""

    space: int
    to: int = -1
    tile: str = ""
    more: bool = False


class State(Struct, frozen=True):
    """The whole table, hidden tiles included (never sent to a seat: see ``view.py``).

    ``phase`` is "setup", "deal", "give", "rate" or "over"; per-seat tuples are indexed
    by seat; ``spaces`` holds the card ids on spaces 1…; ``deck_used`` the ids dealt from
    each deck (in ``DECKS`` order) since it was last refilled; ``history`` every reveal.
    ``tastes`` is empty at a real table: only a state the sampler deals for a search has
    it, each seat's taste as dealt (a weight per tag, ``cards.TAGS`` order; empty for a
    seat that plays as its own bot), so the search's play-outs rate by what the table
    has revealed (``sampler.py``, ``persona``).
    """

    n: int
    options: Options
    phase: str = "setup"
    round: int = 0
    dealer: int = 0
    spaces: tuple[str, ...] = ()
    deck_used: tuple[tuple[str, ...], ...] = ((), (), (), ())
    gives: tuple[tuple[Tile, ...], ...] = ()
    rates: tuple[tuple[Tile, ...], ...] = ()
    traps: tuple[int, ...] = ()
    trap_spent: tuple[bool, ...] = ()
    give_more_spent: tuple[bool, ...] = ()
    get_more_spent: tuple[bool, ...] = ()
    committed: tuple[bool, ...] = ()
    give_scores: tuple[int, ...] = ()
    get_scores: tuple[int, ...] = ()
    history: tuple[RoundScored, ...] = ()
    winners: tuple[int, ...] = ()
    tastes: tuple[tuple[float, ...], ...] = ()


def initial(options: Options, n: int) -> State:
    """The empty table for ``n`` seats: both parcels of everyone on GO."""
    empty = ((),) * n
    no = (False,) * n
    return State(
        n=n, options=options, gives=empty, rates=empty, traps=(0,) * n, trap_spent=no,
        give_more_spent=no, get_more_spent=no, committed=no, give_scores=(0,) * n, get_scores=(0,) * n,
    )


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _placed(tiles: tuple[Tile, ...], new: Tile, same) -> tuple[Tile, ...]:
    """``tiles`` with ``new`` replacing the one ``same`` matches; ``more`` moves to ``new``."""
    kept = tuple(
        replace(t, more=False) if new.more and t.more else t for t in tiles if not same(t)
    )
    return kept + (new,)


def evolve(state: State, event) -> State:
    """Fold one event into ``state``; never validates, never draws, never mutates."""
    n = state.n
    match event:
        case TileGiven(seat=seat, to=to, space=space, more=more):
            tiles = _placed(state.gives[seat], Tile(space, to=to, more=more), lambda t: t.to == to)
            return replace(state, gives=_put(state.gives, seat, tiles))
        case TileRated(seat=seat, tile=tile, space=space, more=more):
            tiles = _placed(state.rates[seat], Tile(space, tile=tile, more=more), lambda t: t.tile == tile)
            return replace(state, rates=_put(state.rates, seat, tiles))
        case TrapSet(seat=seat, space=space):
            return replace(state, traps=_put(state.traps, seat, space))
        case Committed(seat=seat):
            return replace(state, committed=_put(state.committed, seat, True))
        case RatingBegan():
            return replace(state, phase="rate", committed=(False,) * n)
        case GiftsDealt(deck=deck, cards=cards, refilled=refilled):
            d = DECKS.index(deck)
            used = (() if refilled else state.deck_used[d]) + tuple(cards)
            return replace(
                state, phase="give", spaces=tuple(cards), deck_used=_put(state.deck_used, d, used),
                committed=(False,) * n, gives=((),) * n, rates=((),) * n, traps=(0,) * n,
            )
        case RoundScored():
            o = state.options
            trap_spent = tuple(s or bool(t) for s, t in zip(state.trap_spent, state.traps))
            give_more = state.give_more_spent
            get_more = state.get_more_spent
            if o.extras_once_per_game:
                give_more = tuple(s or any(t.more for t in g) for s, g in zip(give_more, state.gives))
                get_more = tuple(s or any(t.more for t in r) for s, r in zip(get_more, state.rates))
            return replace(
                state, give_scores=tuple(event.give_scores), get_scores=tuple(event.get_scores),
                history=state.history + (event,), trap_spent=trap_spent,
                give_more_spent=give_more, get_more_spent=get_more,
            )
        case RoundBegan(round=rnd, dealer=dealer):
            return replace(
                state, phase="deal", round=rnd, dealer=dealer, spaces=(), committed=(False,) * n,
                gives=((),) * n, rates=((),) * n, traps=(0,) * n,
            )
        case GameStarted(dealer=dealer):
            return replace(state, phase="deal", round=1, dealer=dealer)
        case GameWon(winners=winners):
            return replace(state, phase="over", winners=tuple(winners), spaces=(),
                           gives=((),) * n, rates=((),) * n, traps=(0,) * n)
    raise TypeError(f"Gift Trap cannot fold an event of type {type(event).__name__}")
