"""Dice Upon a Time's bots: ``RandomBot`` and ``HeuristicBot`` (``choose(view, legal, rng)``).

Both see only their seat's ``view.View`` and the legal commands, with the engine's
seeded RNG (``engine.core.bots``).

``HeuristicBot`` plays for Adventure Points (in the co-operative game, for the table's):
each quest it may complete pulls it towards the field it needs (its AP over the steps
left, counted on the map's routes), tokens its quests still need are worth taking, and
a field is worth what happens on arriving there (quests completed, tokens, a Quest card
while it holds fewer than four, a quest token). A placement is worth the move it opens
less a little for the die it spends (low dice are kept for the Forest Spirits, where
the Rabbit, the Snake and the Fox are worth a die that moves nothing).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import cache
from typing import Any

from . import commands as cmd
from .board import RESOURCES, face_value, load_board
from .cards import load as load_cards
from .rules import QUEST_LIMIT, ROUTES, quests_for, route_from

BOARD = load_board()
CARDS = load_cards()
LOCS = BOARD.locations
STEEDS = tuple(x.id for x in BOARD.location if x.kind == "steed")


class RandomBot:
    """Chooses uniformly among the legal commands (the baseline)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list, rng: random.Random):
        """One of ``legal`` (not empty), at random."""
        return rng.choice(legal)


@cache
def distance(a: str, b: str) -> int:
    """Routes between fields ``a`` and ``b`` (a Steed jump counts as one more step)."""
    if a == b:
        return 0
    seen, todo = {a: 0}, deque([a])
    while todo:
        here = todo.popleft()
        nexts = [r.other(here) for r in BOARD.routes_at(here)]
        if LOCS[here].kind == "steed":
            nexts += [s for s in STEEDS if s != here]
        for there in nexts:
            if there not in seen:
                seen[there] = seen[here] + 1
                if there == b:
                    return seen[there]
                todo.append(there)
    return 99


def needs(view: Any, seat: int) -> Counter:
    """The tokens the seat's quests still ask for beyond what it holds."""
    p = view.players[seat]
    want: Counter = Counter()
    for q in quests_for(view, seat):
        want.update(CARDS.quests[q].tokens)
    have = Counter({t: p.count(t) for t in RESOURCES})
    return want - have


def goal(view: Any, seat: int, quest: str) -> str:
    """Where the quest takes the seat next: its pickup until the quest token is carried,
    then its location ("" for a quest done anywhere)."""
    q = CARDS.quests[quest]
    p = view.players[seat]
    if q.item and q.item not in p.items:
        return q.pickup
    return q.location


def pull(view: Any, seat: int, at: str) -> float:
    """How much standing on ``at`` brings the seat's quests closer: each quest's AP over
    its steps left (tokens it lacks count two steps each)."""
    p = view.players[seat]
    total = 0.0
    for quest in quests_for(view, seat):
        q = CARDS.quests[quest]
        missing = sum(max(0, k - p.count(t)) for t, k in q.tokens.items())
        where = goal(view, seat, quest)
        steps = (distance(at, where) if where else 0) + 2 * missing
        total += q.ap / (1 + steps)
    return total


def arrival(view: Any, seat: int, at: str, doubling: bool = False, want: Counter | None = None) -> float:
    """What arriving at ``at`` brings at once (``want``: ``needs``, if known)."""
    loc = LOCS[at]
    p = view.players[seat]
    want = needs(view, seat) if want is None else want
    gain = 0.0
    if loc.kind == "resource":
        gain += (1.6 if want[loc.resource] else 0.3) * (2 if doubling else 1)
    elif loc.kind == "fairy":
        gain += 1.6 if want else 0.6
    elif loc.kind in ("town", "king") and view.options.mode == "competitive" and len(p.quests) < QUEST_LIMIT:
        gain += 2.0 if loc.kind == "town" else 2.8
    for quest in quests_for(view, seat):
        q = CARDS.quests[quest]
        if q.item and q.pickup == at and q.item in view.items:
            gain += 1.5
        if q.location == at and (not q.item or q.item in p.items):
            if all(p.count(t) >= k for t, k in q.tokens.items()):
                gain += q.ap * 1.5
    return gain


class HeuristicBot(RandomBot):
    """Plays for Adventure Points using only its view (see the module docstring)."""

    def choose(self, view: Any, legal: list, rng: random.Random):
        """The best of ``legal`` by the rough worths above (ties at random)."""
        seat = view.me
        if seat is None or len(legal) == 1:
            return legal[0]
        self._want = needs(view, seat)
        self._pulls: dict[str, float] = {}
        best, top = None, []
        for c in legal:
            score = self.score(view, seat, c) + rng.random() * 1e-3
            if best is None or score > best:
                best, top = score, [c]
        return top[0]

    def _pull(self, view: Any, seat: int, at: str) -> float:
        if at not in self._pulls:
            self._pulls[at] = pull(view, seat, at)
        return self._pulls[at]

    def score(self, view: Any, seat: int, c: Any) -> float:
        """The worth of command ``c`` for ``seat`` now (``choose`` sets ``_want`` first)."""
        p = view.players[seat]
        want = self._want
        arrival_ = lambda to, doubling=False: arrival(view, seat, to, doubling, want)  # noqa: E731
        match c:
            case cmd.Place(die, socket):
                face = p.face(die)
                spend = 0.08 * face_value(face)
                if socket in ROUTES:
                    to = route_from(view, seat, socket)
                    if not to:
                        return -1.0 - spend
                    gain = arrival_(to, face == "doubling") + self._pull(view, seat, to) - self._pull(view, seat, p.at)
                    if LOCS[to].kind == "steed":
                        gain += max((self._pull(view, seat, s) for s in STEEDS if s != to), default=0) * 0.5
                    return gain - spend + (0.2 if face == "ban" else 0)
                others = sum(1 for i, q in enumerate(view.players) if i != seat and q.pool)
                worth = {"rabbit": 0.7 if view.rabbits else 0.3, "snake": 0.8, "fox1": 0.5, "fox2": 0.5,
                         "wolf": (0.15 * others if view.options.mode == "competitive" else -2.0)}[socket]
                return worth - spend * 2.5
            case cmd.Rabbit(route):
                to = route_from(view, seat, route)
                return arrival_(to) + self._pull(view, seat, to) - self._pull(view, seat, p.at) - 0.5
            case cmd.PassTurn():
                return -3.0
            case cmd.Move():
                r = ROUTES.get(view.placed)
                to = r.other(p.at) if r and p.at in (r.a, r.b) else p.at
                return 0.01 + self._pull(view, seat, to) - self._pull(view, seat, p.at) + arrival_(to, view.doubling)
            case cmd.Skip():
                return 0.0
            case cmd.Jump(to):
                return self._pull(view, seat, to) - self._pull(view, seat, p.at) + arrival_(to)
            case cmd.Take(token):
                return want[token] + 0.1 * RESOURCES.index(token) / 10
            case cmd.Gift(tokens):
                return sum(want[t] for t in tokens)
            case cmd.Draw(decks):
                if len(decks) == 3:  # the King: the widest choice
                    return 5 + len(set(decks))
                chapters_left = 6 - view.chapter
                return 3 - sum(abs(v - (3 if chapters_left > 2 else 2)) for v in decks) * 0.5
            case cmd.Keep(quest):
                q = CARDS.quests[quest]
                where = goal(view, seat, quest)
                missing = sum(max(0, k - p.count(t)) for t, k in q.tokens.items())
                return q.ap / (1 + (distance(p.at, where) if where else 0) + 2 * missing)
            case cmd.Complete(quest):
                return 10 + CARDS.quests[quest].ap
            case cmd.End():
                return 0.0
            case cmd.SetFaces(faces):
                return sum(face_value(f) + (0.5 if f == "doubling" else 0) for _, f in faces)
            case cmd.Reroll(dice):
                return sum(3.5 - face_value(p.face(d)) for d in dice)
            case cmd.Feed(die):
                return -face_value(p.face(die))
        return 0.0
