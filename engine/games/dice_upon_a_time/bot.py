"""Dice Upon a Time's bot: ``HeuristicBot`` (``choose(view, legal, rng)``); the random bot is
the core's uniform ``engine.core.bots.RandomBot``.

Both see only their seat's ``view.View`` and the legal commands, with the engine's
seeded RNG (``engine.core.bots``).

``HeuristicBot`` plays for Adventure Points (in the co-operative game, for the table's).
Its compass is ``pull``: each quest it may complete draws it towards the fields the
quest still needs, by the quest's AP over the length of the shortest walk that gathers
the missing tokens (each resource field once per token, the quest token's pickup) and
ends at the quest's location. Routes are weighed by the die they ask (a 5 costs a little
more than a 1, the 6-socket dead ends more). A placement is worth what arriving brings
at once (quests completed, tokens its quests need, a Quest card while it holds fewer
than four, a quest token) plus the pull of where it stands, looking one placement
further with the dice it keeps, so a high die is not spent where a low one would do.
It draws from the 4 AP deck while the game is long enough to finish such a quest (a
player holds four quests at most and draws only at the Town and the King, so a card is
worth its AP), then from the 2 AP deck; holding four, it still draws where it stands
(a swap: it then discards the quest furthest from done for its AP) but does not walk
there for it.

Forest Spirits ("Forest Spirits"): the Rabbit and the Snake are worth a die when that
die will likely stay on top (it fills the stack, or nobody can cover it); the Fox turns a
low die into any face next chapter; the Wolf (competitive only) when the others, the
leaders most, still hold dice. None is worth a die in the last chapter. Completing
quests follows the Church example ("Requirements cannot be contracted"): of the quests
it could complete it picks the set worth most, since a token serves one quest.

In the co-operative game every quest on the table is everyone's; each bot weighs a
quest fully when it is (one of) the player(s) closest to finishing it, and a little
otherwise, so the table spreads over the map instead of racing for the same fields.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from functools import cache
from itertools import permutations
from typing import Any

from . import bot_cards
from . import commands as cmd
from .board import RESOURCES, face_value, load_board
from .cards import load as load_cards
from .common import QUEST_LIMIT, ROUTES, chapters, open_sockets, quests_for, route_from
from .state import faces_plain

BOARD = load_board()
CARDS = load_cards()
LOCS = BOARD.locations
STEEDS = tuple(x.id for x in BOARD.location if x.kind == "steed")
#: The field that gives each resource token.
FIELD = {x.resource: x.id for x in BOARD.location if x.kind == "resource"}
#: The routes at each field: (socket id, field across).
EXITS = {loc: tuple((k, r.other(loc)) for k, r in ROUTES.items() if loc in (r.a, r.b)) for loc in LOCS}
#: A route's weight in ``distance`` by the value its socket asks.
COST = {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.05, 5: 1.25, 6: 1.6}
#: A jump from Steed to Steed (free on arriving, but the Steed may be switched off).
JUMP = 0.3
#: What a Forest Spirit socket brings beyond the die it takes (Rabbit: start player and
#: a Rabbit token; Snake: the Snake Die; Fox: a face of one's choice next chapter).
SPIRIT_WORTH = {"rabbit": 0.9, "snake": 0.7, "fox": 0.8}


@cache
def _distances(a: str) -> dict[str, float]:
    """Dijkstra from ``a`` over the routes weighted by ``COST``, Steeds joined by ``JUMP``."""
    best = {a: 0.0}
    todo = [(0.0, a)]
    while todo:
        d, here = heapq.heappop(todo)
        if d > best[here]:
            continue
        nexts = [(there, COST[ROUTES[k].socket]) for k, there in EXITS[here]]
        if LOCS[here].kind == "steed":
            nexts += [(s, JUMP) for s in STEEDS if s != here]
        for there, w in nexts:
            if d + w < best.get(there, 99.0):
                best[there] = d + w
                heapq.heappush(todo, (d + w, there))
    return best


def distance(a: str, b: str) -> float:
    """The weighted length of the shortest walk from field ``a`` to field ``b`` (0 when
    equal; a route counts about one, more for a 5 or 6 socket)."""
    return 0.0 if a == b else _distances(a).get(b, 99.0)


@cache
def tour(at: str, missing: tuple[int, int, int], end: str) -> float:
    """The shortest walk from ``at`` that arrives at the resource fields for the tokens
    in ``missing`` (counts of coin, bread, apple; each further token of one kind costs
    two more steps, out and back) and ends at ``end`` ("" ends anywhere)."""
    kinds = [RESOURCES[i] for i, k in enumerate(missing) if k]
    extra = sum(2 * (k - 1) for k in missing if k)
    best = 99.0
    for order in permutations(kinds) if kinds else [()]:
        here, d = at, 0.0
        for t in order:
            d += distance(here, FIELD[t])
            here = FIELD[t]
        if end:
            d += distance(here, end)
        best = min(best, d)
    return best + extra


def missing(p: Any, quest: str) -> tuple[int, int, int]:
    """The tokens player ``p`` still lacks for ``quest``: counts of coin, bread, apple."""
    q = CARDS.quests[quest]
    return tuple(max(0, q.tokens.get(t, 0) - p.tokens[i]) for i, t in enumerate(RESOURCES))


def steps(p: Any, quest: str, at: str | None = None) -> float:
    """How far player ``p`` (standing on ``at``, else where it is) is from completing
    ``quest``: the walk gathering its missing tokens and its quest token, to its location."""
    q = CARDS.quests[quest]
    return _steps(p.at if at is None else at, p.tokens, bool(q.item) and q.item not in p.items, quest)


@cache
def _steps(at: str, tokens: tuple[int, int, int], fetch: bool, quest: str) -> float:
    """``steps`` by what it depends on (cached: the bots ask it again and again)."""
    q = CARDS.quests[quest]
    lack = tuple(max(0, q.tokens.get(t, 0) - tokens[i]) for i, t in enumerate(RESOURCES))
    if fetch:
        return tour(at, lack, q.pickup) + distance(q.pickup, q.location)
    return tour(at, lack, q.location)


def best_completion(p: Any, quests: list[str]) -> tuple[int, list[str]]:
    """The quests of ``quests`` worth most together for player ``p`` (all completable
    now one by one): a token serves one quest ("Requirements cannot be contracted"; the
    Church example). Returns (AP, the quests in order)."""
    have = list(p.tokens)

    def go(left: list[str]) -> tuple[int, list[str]]:
        top: tuple[int, list[str]] = (0, [])
        for k, quest in enumerate(left):
            q = CARDS.quests[quest]
            need = [q.tokens.get(t, 0) for t in RESOURCES]
            if any(n > h for n, h in zip(need, have)):
                continue
            for i in range(3):
                have[i] -= need[i]
            ap, rest = go(left[k + 1:])
            for i in range(3):
                have[i] += need[i]
            if ap + q.ap > top[0]:
                top = (ap + q.ap, [quest, *rest])
        return top

    return go(list(quests))


class HeuristicBot:
    """Plays for Adventure Points using only its view (see the module docstring)."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list, rng: random.Random):
        """The best of ``legal`` by the worths below (ties at random)."""
        seat = view.me
        if seat is None or len(legal) == 1:
            return legal[0]
        self._prepare(view, seat)
        best, top = None, None
        for c in legal:
            score = self.score(view, seat, c) + rng.random() * 1e-3
            if best is None or score > best:
                best, top = score, c
        return top

    # ------------------------------------------------------------------ per decision
    def _prepare(self, view: Any, seat: int) -> None:
        """Weigh the seat's quests, its wants, and what is left of the game."""
        p = view.players[seat]
        self._p = p
        self._left = max(0, chapters(view) - view.chapter)  # chapters after this one
        self._last = self._left == 0 and view.chapter > 0
        # the walk a quest may take before the game ends: this chapter's dice and Rabbit
        # tokens, five dice a chapter after it
        self._horizon = len(p.pool) + p.rabbits + 5 * self._left + 0.5
        quests = quests_for(view, seat)
        if view.options.mode == "cooperative" and view.n > 1:
            weights = {}
            for quest in quests:
                mine = steps(p, quest)
                others = min(steps(o, quest) for i, o in enumerate(view.players) if i != seat)
                weights[quest] = 1.0 if mine <= others + 0.5 else 0.25
        else:
            weights = dict.fromkeys(quests, 1.0)
        self._weights = weights
        want: Counter = Counter()
        for quest, w in weights.items():
            if w >= 1.0:
                want.update(CARDS.quests[quest].tokens)
        self._want = want - Counter({t: p.count(t) for t in RESOURCES})
        self._pulls: dict[str, float] = {}
        self._arrivals: dict[tuple[str, bool], float] = {}
        self._futures: dict[tuple[str, tuple[int, ...]], float] = {}
        self._open = None
        self._kepts: dict[str, tuple[int, ...]] = {}
        self._draw_worth = 0.0
        if view.options.mode == "competitive" and len(p.quests) < QUEST_LIMIT and any(view.decks.values()):
            self._draw_worth = 1.4 * min(1.0, (self._horizon - 0.5) / 6)

    @property
    def player(self) -> Any:
        """The seat's ``Player`` in the view being scored (set for each decision)."""
        return self._p

    def wants(self, token: str) -> int:
        """How many more of ``token`` ("coin", "bread", "apple") the seat's quests ask
        than it holds, 0 when none (set for each decision)."""
        return max(0, self._want[token])

    def steps(self, p: Any, quest: str) -> float:
        """``steps(p, quest)``: how far player ``p`` is from completing ``quest`` (for
        ``bot_cards``, which cannot import this module)."""
        return steps(p, quest)

    def pull(self, view: Any, at: str) -> float:
        """How near standing on ``at`` brings the seat's quests: each quest's AP over one
        plus its steps left, when it can be done before the game ends; while it may hold
        more quests, the Town and the King pull a little too."""
        if at in self._pulls:
            return self._pulls[at]
        p = self._p
        total = 0.0
        for quest, w in self._weights.items():
            d = steps(p, quest, at)
            if d <= self._horizon:
                total += w * CARDS.quests[quest].ap / (1 + d)
        if self._draw_worth:
            total += self._draw_worth / (1 + min(distance(at, "town"), distance(at, "king") + 0.5))
        self._pulls[at] = total
        return total

    def arrival(self, view: Any, at: str, doubling: bool = False) -> float:
        """What arriving at ``at`` brings at once."""
        key = (at, doubling)
        if key in self._arrivals:
            return self._arrivals[key]
        loc = LOCS[at]
        p, want = self._p, self._want
        gain = 0.0
        if loc.kind == "resource":
            gain += (1.6 if want[loc.resource] else 0.3) * (2 if doubling else 1)
        elif loc.kind == "fairy":
            gain += (1.6 if want else 0.6) * (2 if doubling and want else 1)
        elif loc.kind in ("supporting", "magic_items") and view.options.cards == "full":
            gain += bot_cards.field_worth(loc.kind)
        elif loc.kind in ("town", "king") and self._draw_worth:
            gain += 2 * self._draw_worth if loc.kind == "town" else 2.8 * self._draw_worth
        for quest, w in self._weights.items():
            q = CARDS.quests[quest]
            if q.item and q.pickup == at and q.item in view.items:
                gain += 1.5 * w
            if q.location == at and (not q.item or q.item in p.items) and not any(missing(p, quest)):
                gain += q.ap * 1.5 * w
        self._arrivals[key] = gain
        return gain

    def future(self, view: Any, at: str, dice: tuple[int, ...]) -> float:
        """The best of staying on ``at`` or one more placement from there with the die
        values ``dice`` kept (the board as it stands now)."""
        key = (at, dice)
        if key in self._futures:
            return self._futures[key]
        best = self.pull(view, at)
        if dice:
            if self._open is None:
                self._open = {k: need for k, need, only_ban in open_sockets(view, view.me) if not only_ban}
            top = max(dice)
            for socket, there in EXITS[at]:
                need = self._open.get(socket)
                if need is not None and need <= top:
                    best = max(best, 0.8 * (self.arrival(view, there) + self.pull(view, there)))
        self._futures[key] = best
        return best

    def _kept(self, die: str) -> tuple[int, ...]:
        """The values of the seat's unused dice but ``die``, highest first."""
        kept = self._kepts.get(die)
        if kept is None:
            kept = self._kepts[die] = tuple(sorted((face_value(f) for d, f in self._p.pool if d != die), reverse=True))
        return kept

    def spirit(self, view: Any, seat: int, socket: str, face: Any) -> float:
        """What placing a die showing ``face`` on the Forest Spirit ``socket`` brings."""
        if socket == "wolf":
            if view.options.mode != "competitive":
                return -3.0
            mine = sum(CARDS.quests[q].ap for q in self._p.done)
            hurt = 0.0
            for i, o in enumerate(view.players):
                if i != seat and o.pool:
                    theirs = sum(CARDS.quests[q].ap for q in o.done)
                    hurt += 0.25 + (0.25 if theirs >= mine else 0.0)
            return hurt - 0.6
        if self._last:
            return 0.0
        if socket.startswith("fox"):
            return SPIRIT_WORTH["fox"] * (6 - face_value(face)) / 5 + 0.2
        # the Rabbit and the Snake: the top die at the chapter's end takes the reward
        stack = view.board.get(socket, ())
        limit = 2 if view.n == 2 else 3
        value = face_value(face)
        if len(stack) + 1 >= limit:
            stays = 0.95
        else:
            stays = {6: 0.7, 5: 0.45, 4: 0.35}.get(value, 0.25)
        worth = SPIRIT_WORTH[socket]
        if socket == "rabbit":
            worth = (0.6 if view.rabbits else 0.15) + (0.3 if view.start != seat else 0.1)
            if view.options.mode == "cooperative":
                worth = 0.6 if view.rabbits else 0.05
        return worth * stays

    def score(self, view: Any, seat: int, c: Any) -> float:
        """The worth of command ``c`` for ``seat`` now (``choose`` prepares first)."""
        full = bot_cards.worth(self, view, seat, c)
        if full is not None:
            return full
        if isinstance(c, cmd.Place) and c.using:
            return self.score(view, seat, cmd.Place(c.die, c.socket)) - bot_cards.place_cost(c)
        p = self._p
        here = p.at
        match c:
            case cmd.Place(die, socket):
                face = p.face(die)
                kept = self._kept(die)
                if socket in ROUTES:
                    to = route_from(view, seat, socket)
                    if not to:  # a die that moves nobody: only to block, rarely
                        return -1.5 + self.future(view, here, kept) - self.pull(view, here) - 0.05 * face_value(face)
                    gain = self.arrival(view, to, face == "doubling" and not faces_plain(view))
                    if LOCS[to].kind == "steed":
                        gain += 0.6 * max((self.pull(view, s) - self.pull(view, to) for s in STEEDS if s != to),
                                          default=0.0)
                    if face == "ban" and not faces_plain(view):  # the route closes to the others ("Ban face")
                        gain += 0.15 if view.options.mode == "competitive" else -0.3
                    return gain + self.future(view, to, kept) - self.pull(view, here) - 0.01 * face_value(face)
                return (self.spirit(view, seat, socket, face) + self.future(view, here, kept) - self.pull(view, here)
                        - 0.01 * face_value(face))
            case cmd.Rabbit(route):
                to = route_from(view, seat, route)
                kept = tuple(sorted((face_value(f) for _, f in p.pool), reverse=True))
                # a token used now instead of a die later: worth it when the dice left
                # cannot do as well
                return (self.arrival(view, to) + self.future(view, to, kept) - self.future(view, here, kept)
                        - (0.6 if not self._last else 0.0))
            case cmd.PassTurn():
                return -3.0
            case cmd.Move():
                to = route_from(view, seat, view.placed) or here
                kept = self._kept("")
                return 0.01 + self.arrival(view, to, view.doubling) + self.future(view, to, kept) - self.future(
                    view, here, kept)
            case cmd.Skip():
                return 0.0
            case cmd.Jump(to):
                kept = self._kept("")
                return self.arrival(view, to) + self.future(view, to, kept) - self.future(view, here, kept)
            case cmd.Take(token):
                return self._want[token] + 0.01 * RESOURCES.index(token)
            case cmd.Gift(tokens):
                want = Counter(self._want)
                worth = 0.0
                for t in tokens:
                    worth += 1.0 if want[t] > 0 else 0.1
                    want[t] -= 1
                return worth
            case cmd.Draw(decks):  # with 4 quests, a draw is a swap (one is discarded)
                return self.draw_worth(view, decks) * (0.2 if len(p.quests) >= QUEST_LIMIT else 1.0)
            case cmd.Keep(quest):
                q = CARDS.quests[quest]
                return q.ap / (1 + steps(p, quest))
            case cmd.Complete(quest):
                ap, chosen = best_completion(p, [x for x in quests_for(view, seat) if _met(p, x)])
                return 10 + (ap if chosen and chosen[0] == quest else CARDS.quests[quest].ap / 10)
            case cmd.End():
                return 0.0
            case cmd.SetFaces(faces):
                return sum(face_value(f) + (0.5 if f == "doubling" else 0.0) + (0.2 if f == "ban" else 0.0)
                           for _, f in faces)
            case cmd.Reroll(dice):
                return sum(3.5 - face_value(p.face(d)) for d in dice)
            case cmd.Feed(die):
                kept = self._kept(die)
                return self.future(view, here, kept) - 0.01 * face_value(p.face(die))
        return 0.0

    def draw_worth(self, view: Any, decks: tuple[int, ...]) -> float:
        """A choice of Quest decks. A player holds at most four quests and draws only at
        the Town and the King, so a card is worth its AP: the 4s while the game is long
        enough to finish them, then the 2s. At the King (keep one of three) the same."""
        short = self._horizon < 9
        worth = {2: 1.0, 3: 1.25, 4: 1.6} if not short else {2: 1.0, 3: 0.8, 4: 0.5}
        return sum(worth[v] for v in decks)


def _met(p: Any, quest: str) -> bool:
    q = CARDS.quests[quest]
    return (not q.location or p.at == q.location) and (not q.item or q.item in p.items) and not any(missing(p, quest))
