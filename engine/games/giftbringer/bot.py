"""Giftbringer's bots: a greedy planner here; the random one is the core's uniform
``engine.core.bots.RandomBot``.

Both choose from the seat's own view and legal commands only, with the engine's seeded
RNG (``engine.core.bots``).
"""

from __future__ import annotations

import random
from collections import deque

from .commands import Bless, Cross, Done, Land, Visit
from .rules import BONUS, POINTS, blessed, counts, free_slots, presents_left, reachable, workable
from .sheet import SHEET, neighbours
from .state import PlayerSheet
from .view import View


def place_worth(place_id: str) -> float:
    """Points a place is worth when visited: its Gratitude, Happiness (a share of the
    level bonuses) and, for every place, the access it opens (unvisited neighbours)."""
    p = SHEET.place(place_id)
    return sum(POINTS[c] for c in p.gratitude) + (9.0 if p.happiness else 0.0) + 1.5 * len(neighbours(place_id))


def gratitude_worth(sheet: PlayerSheet, letters: str) -> float:
    """What writing down ``letters`` is worth to ``sheet``: each letter's points plus a
    share of its 7/8/9 bonus's 15 that grows steeply as the bonus nears, the whole 15
    for the letter that completes it (15 × taken/needed ÷ (still missing + 1)); past
    the bonus, only the points. So a Glass of Milk one short of 7 (4 + 15) beats a
    Muffin (6), and the first of a kind adds little."""
    have = counts(sheet)
    worth = 0.0
    for letter in letters:
        have[letter] += 1
        worth += POINTS[letter]
        need = BONUS[letter]
        if have[letter] <= need:
            worth += 15.0 * have[letter] / need / (need - have[letter] + 1)
    return worth


def _distances(starts: set[str]) -> dict[str, int]:
    seen = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def harbour_worth(ship_id: str) -> float:
    """How good a harbour is: the worth of places near it over the results they cost."""
    dist = _distances(set(SHEET.ship(ship_id).coast))
    return sum(place_worth(p) / (1 + len(SHEET.place(p).demand) + SHEET.place(p).presents) / (1 + d)
               for p, d in dist.items())


class HeuristicBot:
    """Greedy: visit whatever it can (richest first; when a house's Gratitude does not
    all fit, keeping the letters worth most, bonuses counted: ``gratitude_worth``), land
    at the best harbour at once,
    spend each result where it brings the most per result still missing — Vikings while
    Presents or slots run short, else the places that pay or open the way — and use a
    Blessing only to save a result that would be wasted."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._wanted: tuple[View | None, int] = (None, 0)

    # ------------------------------------------------------------------ values
    def target_value(self, view: View, target: str) -> float:
        me = view.sheets[view.me]
        marks = me.marks[target]
        missing = sum(1 for done in marks if not done)
        if target.startswith("V"):
            v = SHEET.viking(target)
            need_presents = max(0, self._presents_wanted(view) - presents_left(me))
            need_slots = max(0, 4 - free_slots(me))
            worth = 2.0 + 3.0 * min(v.presents, need_presents + 1) + 2.0 * min(v.slots, need_slots + 1)
            if not me.recruited:
                worth += 12.0
            rounds_left = view.options.rounds - view.round
            if rounds_left < 2:
                worth *= 0.3  # late Vikings rarely pay off
        else:
            p = SHEET.place(target)
            worth = place_worth(target)
            if p.presents > presents_left(me) + self._recruitable_presents(view):
                worth *= 0.2
            if p.gratitude and free_slots(me) < len(p.gratitude):
                worth *= 0.6
        return worth / (missing + 0.5 * (missing - 1) if missing else 1)

    def _presents_wanted(self, view: View) -> int:
        if self._wanted[0] is view:  # asked for every target of one choice: worked out once
            return self._wanted[1]
        me = view.sheets[view.me]
        wanted = sum(SHEET.place(p.id).presents for p in SHEET.places
                   if reachable(me, p.id) and any(me.marks[p.id]) or (reachable(me, p.id) and not p.demand))
        self._wanted = (view, wanted)
        return wanted

    def _recruitable_presents(self, view: View) -> int:
        me = view.sheets[view.me]
        return sum(SHEET.viking(v.id).presents for v in SHEET.vikings
                   if v.id not in me.recruited and sum(1 for d in me.marks[v.id] if not d) <= 1)

    def _best_for(self, view: View, face: int) -> tuple[float, str | None]:
        me = view.sheets[view.me]
        best, where = 0.0, None
        targets = [v.id for v in SHEET.vikings if v.id not in me.recruited]
        targets += [p.id for p in SHEET.places if workable(me, p.id, view.options)]
        for t in targets:
            demand = SHEET.viking(t).demand if t.startswith("V") else SHEET.place(t).demand
            if any(f == face and not d for f, d in zip(demand, me.marks[t])):
                value = self.target_value(view, t)
                if value > best:
                    best, where = value, t
        return best, where

    # ------------------------------------------------------------------ choice
    def choose(self, view: View, legal: list, rng: random.Random):
        me = view.sheets[view.me]
        visits = [c for c in legal if isinstance(c, Visit)]
        if visits:
            place = max(visits, key=lambda c: (place_worth(c.place), c.place)).place
            keeps = [c for c in visits if c.place == place]  # several when its Gratitude overflows
            return max(keeps, key=lambda c: (gratitude_worth(me, c.keep), c.keep))
        lands = [c for c in legal if isinstance(c, Land)]
        if lands:
            return max(lands, key=lambda c: (harbour_worth(c.ship), c.ship))
        crosses = [c for c in legal if isinstance(c, Cross)]
        if crosses:
            scored = [(self.target_value(view, c.target) + rng.random() * 1e-3, c) for c in crosses]
            value, best = max(scored, key=lambda x: x[0])
            if value > 0:
                return best
        blessing = self._blessing(view, legal)
        if blessing is not None:
            return blessing
        return Done()

    def _blessing(self, view: View, legal: list):
        """A Blessing that turns results with no use into the face the best target lacks."""
        me = view.sheets[view.me]
        free = [(i + 1, r.value) for i, r in enumerate(me.results) if not r.used]
        if not free:
            return None
        options = []
        for c in legal:
            if not isinstance(c, Bless):
                continue
            if c.kind in ("any", "two"):
                value, target = self._best_for(view, c.value)
            else:
                a, b = (me.results[n - 1].value for n in c.results)
                face = blessed(c.kind, a, b)
                value, target = self._best_for(view, face)
            if target is None:
                continue
            spent = len(c.results)
            # the "any" Blessing is the most flexible: keep it for a result worth more
            thrift = {"any": 1.5, "two": 1.2, "sum": 1.0, "diff": 1.0}[c.kind]
            options.append((value / thrift / spent, c))
        if not options:
            return None
        return max(options, key=lambda x: x[0])[1]
