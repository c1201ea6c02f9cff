"""Gift Trap's ``setup``, ``decide``, ``legal``, ``to_act`` and ``result``.

Every rule cites ``gift-trap.de.txt`` (the authority) by its section; decisions on
unclear passages are written in ``RULES.md`` beside this file.
"""

from __future__ import annotations

import functools
import random

from engine.core.decider import Result
from engine.core.errors import IllegalCommand

from .cards import DECK_CARDS, DECKS
from .commands import GET_TILES, TILE_LABELS, TILE_POINTS, DealGifts, Done, GiveTile, RateGift, SetTrap
from .events import (
    Committed, Exchange, GameStarted, GameWon, GiftsDealt, Placement, RatingBegan, RoundBegan,
    RoundScored, TileGiven, TileRated, TrapSet,
)
from .options import Options
from .state import State


def setup(options: Options, n: int, rng: random.Random) -> list:
    """Setup (``gift-trap.de.txt``, "Vor dem Spiel"): parcels on GO, the first seat starts."""
    return [GameStarted(dealer=0)]


def gifts_per_round(state: State) -> int:
    """Players + 1 gifts, or all 9 spaces with ``fill_all_spaces``
    (``gift-trap.de.txt``, "1. Geschenke verteilen")."""
    return 9 if state.options.fill_all_spaces else min(9, state.n + 1)


def to_act(state: State) -> frozenset[int]:
    """The dealer in the deal phase; every seat that has not committed in Give and Rate
    (simultaneous phases); nobody once the game is over."""
    if state.phase == "deal":
        return frozenset((state.dealer,))
    if state.phase in ("give", "rate"):
        return frozenset(i for i in range(state.n) if not state.committed[i])
    return frozenset()


def _check_space(state: State, space: int) -> None:
    if not 1 <= space <= len(state.spaces):
        raise IllegalCommand(f"There is no gift on space {space}; the gifts lie on spaces 1–{len(state.spaces)}.")


def _more_allowed(state: State, seat: int, spent: tuple[bool, ...], name: str) -> None:
    if not state.options.extra_tiles:
        raise IllegalCommand(f"{name} is part of the extra-tiles variant, which this game does not use.")
    if state.options.extras_once_per_game and spent[seat]:
        raise IllegalCommand(f"{name} has been used already; it is once per game at this table.")


def decide(state: State, seat: int, command, rng: random.Random) -> list:
    """Turn ``command`` by ``seat`` into events; raises ``IllegalCommand`` naming the rule."""
    if state.phase == "over":
        raise IllegalCommand("The game is over.")
    if state.phase == "deal" and seat != state.dealer:
        raise IllegalCommand("It is not your turn to act: the round's start player deals.")
    if state.phase in ("give", "rate") and state.committed[seat]:
        raise IllegalCommand("You have already committed this phase; wait for the others.")
    match command:
        case DealGifts(deck=deck):
            return _deal(state, seat, deck, rng)
        case GiveTile():
            return _give(state, seat, command)
        case RateGift():
            return _rate(state, seat, command)
        case SetTrap(space=space):
            return _trap(state, seat, space)
        case Done():
            return _done(state, seat)
    raise IllegalCommand("That is not a Gift Trap command.")


def _deal(state: State, seat: int, deck: str, rng: random.Random) -> list:
    # gift-trap.de.txt, "1. Geschenke verteilen": the round's start player chooses a stack
    # and deals its new top cards onto the spaces.
    if state.phase != "deal":
        raise IllegalCommand("Gifts are dealt only at the start of a round.")
    if deck not in DECKS:
        raise IllegalCommand(f"There is no {deck!r} stack; the stacks are {', '.join(DECKS)}.")
    need = gifts_per_round(state)
    used = set(state.deck_used[DECKS.index(deck)])
    left = [c for c in DECK_CARDS[deck] if c not in used]
    refilled = len(left) < need  # RULES.md: a short stack is refilled with its used cards
    if refilled:
        left = list(DECK_CARDS[deck])
    return [GiftsDealt(dealer=seat, deck=deck, cards=rng.sample(left, need), refilled=refilled)]


def _give(state: State, seat: int, c: GiveTile) -> list:
    # gift-trap.de.txt, "2. Geschenke machen": one Give tile to every other player; each
    # gift (each numbered tile) only once.
    if state.phase != "give":
        raise IllegalCommand("Give tiles are given only in the Give phase.")
    if not 0 <= c.to < state.n or c.to == seat:
        raise IllegalCommand("A gift goes to another player at the table.")
    _check_space(state, c.space)
    for t in state.gives[seat]:
        if t.space == c.space and t.to != c.to:
            raise IllegalCommand(f"You gave tile {c.space} already: each gift can be given only once.")
    if c.more:
        _more_allowed(state, seat, state.give_more_spent, "Give more")
    return [TileGiven(seat=seat, to=c.to, space=c.space, more=c.more)]


def _rate(state: State, seat: int, c: RateGift) -> list:
    # gift-trap.de.txt, "3. Bewerten": four Get tiles on four different gifts.
    if state.phase != "rate":
        raise IllegalCommand("Get tiles are placed only in the Rate phase.")
    if c.tile not in GET_TILES:
        raise IllegalCommand(f"There is no Get tile {c.tile!r}; they are super, good, okay and noway.")
    _check_space(state, c.space)
    for t in state.rates[seat]:
        if t.space == c.space and t.tile != c.tile:
            raise IllegalCommand(f"Your {TILE_LABELS[t.tile]} tile lies on gift {c.space}: one Get tile a gift.")
    if c.more:
        _more_allowed(state, seat, state.get_more_spent, "Get more")
    return [TileRated(seat=seat, tile=c.tile, space=c.space, more=c.more)]


def _trap(state: State, seat: int, space: int) -> list:
    # gift-trap.de.txt, variant: the Gifttrap tile, once per game, on any gift.
    if not state.options.extra_tiles:
        raise IllegalCommand("The Gifttrap tile is part of the extra-tiles variant, which this game does not use.")
    if state.phase != "rate":
        raise IllegalCommand("The Gifttrap tile is placed in the Rate phase.")
    if state.trap_spent[seat]:
        raise IllegalCommand("Your Gifttrap tile has left the game: it is used once per game.")
    _check_space(state, space)
    return [TrapSet(seat=seat, space=space)]


def _done(state: State, seat: int) -> list:
    if state.phase == "deal":
        raise IllegalCommand("Deal the gifts first.")
    if state.phase == "give":
        missing = state.n - 1 - len(state.gives[seat])
        if missing:
            raise IllegalCommand(f"Give every other player a gift first ({missing} still to give).")
        events = [Committed(seat=seat, phase="give")]
        if sum(state.committed) + 1 == state.n:
            events.append(RatingBegan())
        return events
    missing = len(GET_TILES) - len(state.rates[seat])
    if missing:
        raise IllegalCommand(f"Place all four Get tiles first ({missing} still to place).")
    events: list = [Committed(seat=seat, phase="rate")]
    if sum(state.committed) + 1 == state.n:
        events.extend(_score(state))
    return events


def tile_value(tile: str | None, options: Options) -> int:
    """Points of a Get tile for both players (``gift-trap.de.txt``, "4. Auswertung"):
    Super 3, Good 2, Okay 1, No way −3 (``no_way_points``), no tile −1."""
    if tile is None:
        return -1
    if tile == "noway":
        return -options.no_way_points
    return TILE_POINTS[tile]


def reveal_order(state: State) -> list[tuple[int, int]]:
    """(giver, receiver) of every gift in the order the published English rules reveal
    them (``hold_scores``): the receivers in turn, the round's dealer first, then
    clockwise; each receiver's gifts from the player on their left onward (RULES.md,
    "4. Scoring")."""
    n = state.n
    return [((r + k) % n, r) for r in ((state.dealer + i) % n for i in range(n)) for k in range(1, n)]


def _on_track(score: int, top: int | None) -> int:
    """``score`` held on the track: never below GO (0), never past ``top`` (None: no end)."""
    score = max(0, score)
    return score if top is None else min(top, score)


def _score(state: State) -> list:
    """The reveal and scoring, then the next round or the end (``gift-trap.de.txt``,
    "4. Auswertung" and "Das Spiel endet …").

    By default a round's points are added up and moved at once, each parcel stopping at
    GO and at GIFTED (RULES.md, "4. Scoring"; ``keep_past_gifted`` keeps points past
    GIFTED). With ``hold_scores`` (the published English rule) each gift is scored in turn in
    ``reveal_order``, every parcel stopping at GO and at GIFTED as it goes."""
    o, n = state.options, state.n
    trapped = {t for t in state.traps if t}
    if o.hold_scores:
        order = reveal_order(state)
    else:
        order = [(giver, g.to) for giver in range(n) for g in sorted(state.gives[giver], key=lambda t: t.to)]
    give_scores, get_scores = list(state.give_scores), list(state.get_scores)
    give_delta, get_delta = [0] * n, [0] * n
    exchanges = []
    for giver, r in order:
        g = next(t for t in state.gives[giver] if t.to == r)
        rate = next((t for t in state.rates[r] if t.space == g.space), None)
        tile = rate.tile if rate else None
        if g.space in trapped:
            gp = rp = 0
        else:
            value = tile_value(tile, o)
            gp = value * (2 if g.more else 1)
            rp = value * (2 if rate is not None and rate.more else 1)
        if o.hold_scores:  # each parcel moves now and stops at GO and GIFTED
            give_scores[giver] = min(o.track_length, max(0, give_scores[giver] + gp))
            get_scores[r] = min(o.track_length, max(0, get_scores[r] + rp))
        give_delta[giver] += gp
        get_delta[r] += rp
        exchanges.append(Exchange(giver, r, g.space, tile, g.space in trapped, gp, rp))
    if not o.hold_scores:  # added up, moved at once; a parcel stops at GO and at GIFTED (RULES.md)
        top = None if o.keep_past_gifted else o.track_length
        give_scores = [_on_track(s + d, top) for s, d in zip(state.give_scores, give_delta)]
        get_scores = [_on_track(s + d, top) for s, d in zip(state.get_scores, get_delta)]
    scored = RoundScored(
        round=state.round,
        cards=list(state.spaces),
        gives=[Placement(i, t.space, to=t.to, more=t.more) for i in range(n) for t in sorted(state.gives[i], key=lambda t: t.to)],
        rates=[Placement(i, t.space, tile=t.tile, more=t.more) for i in range(n)
               for t in sorted(state.rates[i], key=lambda t: GET_TILES.index(t.tile))],
        traps=[Placement(i, t) for i, t in enumerate(state.traps) if t],
        exchanges=exchanges,
        give_scores=give_scores,
        get_scores=get_scores,
    )
    winners = [i for i in range(n) if give_scores[i] >= o.track_length and get_scores[i] >= o.track_length]
    if winners:
        return [scored, GameWon(winners=winners)]
    return [scored, RoundBegan(round=state.round + 1, dealer=(state.dealer + 1) % n)]


def legal(state: State, seat: int) -> list:
    """Exactly the commands ``decide`` accepts from ``seat`` now, ``Done`` first when allowed."""
    o, phase = state.options, state.phase
    if phase == "deal":
        return [DealGifts(d) for d in DECKS] if seat == state.dealer else []
    if phase not in ("give", "rate") or state.committed[seat]:
        return []
    count = len(state.spaces)
    if phase == "give":
        mine = state.gives[seat]
        more = o.extra_tiles and not (o.extras_once_per_game and state.give_more_spent[seat])
        taken = {t.space: t.to for t in mine}
        out = [Done()] if len(mine) == state.n - 1 else []
        out += [c for c in _give_table(state.n, count, more) if c.to != seat and taken.get(c.space, c.to) == c.to]
        return out
    mine = state.rates[seat]
    more = o.extra_tiles and not (o.extras_once_per_game and state.get_more_spent[seat])
    taken = {t.space: t.tile for t in mine}
    out = [Done()] if len(mine) == len(GET_TILES) else []
    out += [c for c in _rate_table(count, more) if taken.get(c.space, c.tile) == c.tile]
    if o.extra_tiles and not state.trap_spent[seat]:
        out += [SetTrap(s) for s in range(1, count + 1)]
    return out


@functools.cache
def _give_table(n: int, count: int, more: bool) -> tuple[GiveTile, ...]:
    """Every Give command for ``n`` seats and ``count`` gifts (filtered by ``legal``)."""
    return tuple(GiveTile(to, s, m) for to in range(n) for s in range(1, count + 1) for m in ((False, True) if more else (False,)))


@functools.cache
def _rate_table(count: int, more: bool) -> tuple[RateGift, ...]:
    """Every Rate command for ``count`` gifts (filtered by ``legal``)."""
    return tuple(RateGift(t, s, m) for t in GET_TILES for s in range(1, count + 1) for m in ((False, True) if more else (False,)))


def reveals(event) -> bool:
    """Events that show random or hidden facts: a deal and a reveal (undo stops there)."""
    return isinstance(event, (GiftsDealt, RoundScored))


def result(state: State) -> Result | None:
    """The end (``gift-trap.de.txt``: "Das Spiel endet, sobald ein Spieler beide seiner
    Geschenkepäckchen am Ende einer Runde auf dem Feld 'Gifted' stehen hat … Es kann
    eventuell also auch mehrere Spieler geben"): every player with both parcels on
    GIFTED wins; no tie-break."""
    if state.phase != "over":
        return None
    return Result(
        scores=[{"give": g, "get": s} for g, s in zip(state.give_scores, state.get_scores)],
        winners=list(state.winners),
        tiebreak="the rulebook names no tie-break" if len(state.winners) > 1 else "",
    )
