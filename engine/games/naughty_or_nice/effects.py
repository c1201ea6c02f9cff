"""Naughty or Nice's creature effects ("Creatures"): what a held play does once its
reaction window closed with no Tomte, and Grandfather Frost's trigger."""

from __future__ import annotations

from collections import Counter

from . import events as ev
from .common import Tx, colour, draw_presents, giver_of, refill_slot, seat_with


def resolve(tx: Tx) -> None:
    """The innermost held play whose window closed takes effect ("Creatures"), or is
    cancelled by the Tomte above it."""
    s = tx.state
    top = s.held[-1]
    if top.creature == "fulfill":
        tx.emit(ev.Resolved("fulfill"))
        return
    if top.creature == "TO":
        below = s.held[-2]
        tx.emit(ev.Resolved("TO"), ev.Resolved(below.creature, cancelled=True))
        if below.creature == "SM":
            snow_maiden_gone(tx, below.seat, played=True)
        return
    tx.emit(ev.Resolved(top.creature))
    _effect(tx, top)


def _christkindl(tx: Tx, target: int, player: int) -> None:
    """Christkindl, targeted by another's creature, may draw a present ("Christkindl")."""
    seat = seat_with(tx.state, "christkindl")
    if seat >= 0 and seat != player and (target == seat or target == -2):
        tx.emit(ev.Prompted(seat, "draw"))


def _effect(tx: Tx, h) -> None:
    s = tx.state
    code, seat = h.creature, h.seat
    if code == "SM":
        if seat == s.turn and s.acted:
            times = 2 if giver_of(s, seat) == "moroz" else 1
            for _ in range(times):
                tx.emit(ev.Prompted(seat, "repeat", s.acted))
        snow_maiden_gone(tx, seat, played=True)
    elif code == "EL":
        cards = draw_presents(tx, s.n + 1)
        if not cards:
            return
        tx.emit(ev.Revealed(seat, cards))
        order = [(seat + k) % s.n for k in range(s.n)][: len(cards) - 1] if len(cards) > 1 else []
        for who in order:
            tx.emit(ev.Prompted(who, "pick"))
        if not order:
            tx.emit(ev.Picked(seat, cards[0]))
        _christkindl(tx, -2, seat)
    elif code == "MC":
        kiddo = s.playground[h.slot]
        if kiddo >= 0:
            tx.emit(ev.TookKiddo(seat, h.slot, kiddo))
            refill_slot(tx, h.slot, seat)
    elif code == "SC":
        tx.emit(ev.Skipping(h.target))
        _christkindl(tx, h.target, seat)
    elif code == "YC":
        counts = tuple(sum(1 for c in p.presents if colour(c) == "red") for p in s.players)
        tx.emit(ev.RedCounts(counts))
        least = min(counts)
        losers = [i for i, c in enumerate(counts) if c == least]
        for i in losers:
            tx.score(i, -3 if len(losers) == 1 else -2, "Jólakötturinn")
        _christkindl(tx, -2, seat)
    elif code == "ML":
        victim = s.players[h.target]
        if victim.creatures:
            card = tx.rng.choice(victim.creatures)
            tx.emit(ev.Stole(seat, h.target, (card,), creatures=True))
        _christkindl(tx, h.target, seat)
    elif code == "CG":
        victim = s.players[h.target]
        cards = tuple(tx.rng.sample(list(victim.presents), min(2, len(victim.presents))))
        if cards:
            tx.emit(ev.Stole(seat, h.target, cards))
        _christkindl(tx, h.target, seat)
    elif code == "KR":
        gave = False
        for k in range(1, s.n):
            other = (seat + k) % s.n
            if h.present in tx.state.players[other].presents:
                tx.emit(ev.Gave(other, seat, h.present))
                gave = True
        if not gave:
            cards = draw_presents(tx, 2)
            if cards:
                tx.emit(ev.Drew(seat, cards))
        _christkindl(tx, -2, seat)
    elif code == "PW":
        take = tuple(h.present.split())
        if not Counter(take) - Counter(tx.state.present_discard):
            tx.emit(ev.Took(seat, take))
        _christkindl(tx, h.target, seat)


def snow_maiden_gone(tx: Tx, seat: int, played: bool) -> None:
    """Grandfather Frost: when someone plays a Snow Maiden (after her ability, or her
    cancelling) or discards one, he may take a basic action ("Grandfather Frost"); when
    he plays her himself she resolves twice instead (``_effect``)."""
    moroz = seat_with(tx.state, "moroz")
    if moroz < 0 or (played and seat == moroz):
        return
    tx.emit(ev.Prompted(moroz, "moroz"))


