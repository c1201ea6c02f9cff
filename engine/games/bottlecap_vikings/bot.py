"""Bottlecap Vikings bots: the random bot's choice (``random_command``) and ``HeuristicBot``
(``choose(view, legal, rng)``).

Both see only their seat's view (``View.table`` is the whole public table: nothing in
the game is hidden) and the legal commands, with the engine's seeded RNG
(``engine.core.bots``).

``HeuristicBot`` looks one choice ahead: it plays each legal command on a copy of the
table with the rules themselves (``rules.decide``, its own random draws: a command that
draws Valkyries is tried on a few draws and the outcomes averaged) and keeps the one
whose outcome ``worth`` rates best. A move is rated by the whole turn it leads to: the
landing, what the landing sets off, then the best action there, each choice greedy.
``worth`` counts, for the bot and against its strongest opponent: glory (the main way to
the throne on both routes: the glory throne and the helmets the hut needs), gold and
wood (what the next hut spot and a Feast cost), the hut's progress and the abilities
owned, the damage held weighed by how near the Valkyries are (reds held by all against
the 4 that call them), and the best action in reach of the next move.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import agenda

from . import rules
from .commands import ChooseSide, End, Move, Place, Skip
from .data import ABILITIES, face_action
from .events import Drew
from .state import Player, State, evolve


def random_command(view: Any, legal: list[Any], rng: random.Random) -> Any:
    """The random bot's choice (``engine.core.bots.RandomBot``'s ``pick``): uniform
    among the legal commands that do something; ``end`` only when nothing else is legal.
    A bot that ended its turn at random would end at about half its action prompts and,
    with nearly every turn wasted, seldom reach the throne: its games would run to
    thousands of turns, useless as a baseline or a benchmark. ``legal`` not empty."""
    doing = [c for c in legal if not isinstance(c, End)]
    return rng.choice(doing or legal)


# ---------------------------------------------------------------------- worth of a table
#: Expected loss when the Valkyries arrive, by damage counted ("Resolving Valkyries":
#: 2: 2 gold; 3: 1 glory; 4+: 1 glory and 2 gold), in worth units.
VALKYRIE_LOSS = {0: 0.0, 1: 0.0, 2: 4.4, 3: 9.0}
#: How likely the Valkyries are to arrive before the damage is gone, by reds held in all.
ARRIVAL_ODDS = {0: 0.05, 1: 0.12, 2: 0.3, 3: 0.6}
GLORY, GOLD, WOOD = 9.0, 2.2, 1.4
#: What an ability owned is worth (a rough rate of what it brings over a game).
ABILITY_WORTH = {
    "sails": 5.0, "longship": 5.0, "tailwind": 3.0, "oars": 3.0, "hoard": 4.0, "woodpile": 3.0, "saga": 3.0,
    "jarl": 4.0, "sawmill": 4.0, "tribute": 3.0, "woodcutter": 2.5, "mender": 2.5, "shieldwall": 4.0,
    "guild": 3.0, "carpenter": 2.5, "leech": 3.0, "skald": 3.0, "almoner": 2.5, "grudge": 2.0, "reaver": 2.0,
    "barter": 2.0, "pilot": 3.0, "sanctuary": 2.5, "rudder": 1.5, "sacrifice": 2.0, "omen": 2.0, "tides": 2.0,
}


def damage_risk(state: State, p: Player) -> float:
    """The worth ``p`` stands to lose to its damage: the Valkyries' penalty on what it
    holds (less Shieldwall) times the odds they arrive, plus a little per damage (it
    costs wood to heal)."""
    counted = p.damage - sum(ABILITIES[a].ignore for a in p.abilities)
    if counted <= 0:
        return 0.0
    reds = sum(q.reds for q in state.players)
    loss = VALKYRIE_LOSS.get(counted, GLORY + 2 * GOLD)
    loss = min(loss, p.glory * GLORY + p.gold * GOLD)
    return ARRIVAL_ODDS.get(reds, 0.9) * loss + 0.6 * p.damage


def progress(p: Player) -> float:
    """The worth of ``p``'s goods, hut and abilities (no position, no risk)."""
    city = p.city
    caps = city.caps
    worth = GLORY * p.glory + (6.0 if p.glory >= caps["glory"] - 1 else 0.0)
    worth += GOLD * min(p.gold, caps["gold"]) + WOOD * min(p.wood, 6) + 0.4 * max(0, p.wood - 6)
    spot = city.spot(p.hut)
    worth += 3.2 * spent(city, p.hut) + 3.0 * (p.level()) + 3.0 * p.helmets
    worth += sum(ABILITY_WORTH.get(a, 2.0) for a in p.abilities)
    if "T" in spot.up:  # the gold for the throne is the win
        throne = city.throne
        worth += 2.5 * min(p.gold, throne.cost)
        worth += 2.0 * min(p.glory, city.helmets[throne.need - 1])
    return worth


_SPENT: dict[tuple[str, str], int] = {}


def spent(city, hut: str) -> int:
    """Gold paid to bring a hut from the start to ``hut`` on ``city`` (the cheapest path)."""
    key = (city.name, hut)
    if key not in _SPENT:
        best = {"0": 0}
        for s in city.spots:  # spots are listed tier by tier
            for up in s.up:
                if s.id in best:
                    best[up] = min(best.get(up, 99), best[s.id] + city.spot(up).cost)
        for s in city.spots:
            _SPENT[(city.name, s.id)] = best.get(s.id, 0)
    return _SPENT[key]


def action_worth(state: State, seat: int, space: int) -> float:
    """How much the action at ``space`` would bring ``seat`` next turn (a rough rate)."""
    p = state.players[seat]
    tile, face = state.tiles[space]
    action = face_action(tile, face)
    worth = 0.0
    for x in action.parts:
        if x.advance:
            city = p.city
            ups = [city.spot(u) for u in city.spot(p.hut).up]
            ok = [u for u in ups if u.need <= p.level() and u.cost <= p.gold]
            if ok:
                worth += 100.0 if any(u.ability == "throne" for u in ok) else 12.0
        elif x.heal:
            if p.damage and p.wood >= x.pay.get("wood", 0):
                worth += min(p.damage, 3) * 2.0
        elif x.gain.get("glory"):
            if all(getattr(p, g) >= c for g, c in x.pay.items()):
                worth += 4.0
        elif x.helmets:
            worth += max(1, 3 - p.level()) * (GOLD if x.helmets == "gold" else WOOD)
        elif x.convert:
            worth += 1.0
        else:
            worth += GOLD * x.gain.get("gold", 0) + WOOD * x.gain.get("wood", 0) - 1.5 * x.damage
    return worth


def position(state: State, seat: int) -> float:
    """The best action ``seat`` can reach with its next move, less the damage of
    landing on an opponent."""
    p = state.players[seat]
    if p.ship < 0:
        return 0.0
    best = 0.0
    for d in range(1, rules.longest_move(state, seat) + 1):
        space = (p.ship + p.direction * d) % 8
        ships = sum(1 for i, q in enumerate(state.players) if i != seat and q.ship == space)
        best = max(best, action_worth(state, seat, space) - 2.0 * ships)
    return best


def worth(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``: its progress, position and risk, less part of
    the strongest opponent's (a win is worth everything)."""
    if state.winner >= 0:
        return 1e4 if state.winner == seat else -1e4
    mine = progress(state.players[seat]) - damage_risk(state, state.players[seat]) + 0.5 * position(state, seat)
    others = [progress(p) - damage_risk(state, p) for i, p in enumerate(state.players) if i != seat]
    return mine - (0.5 if state.n == 2 else 0.3) * max(others)


# ---------------------------------------------------------------------- the bot
def play(state: State, seat: int, command, rng: random.Random) -> tuple[State, bool]:
    """The table after ``seat`` gives ``command`` (drawn with ``rng``), and whether
    that drew a Valkyrie."""
    events = rules.decide(state, seat, command, rng)
    return agenda.fold(state, events, evolve), any(isinstance(event, Drew) for event in events)


class HeuristicBot:
    """Plays to win by looking one choice ahead with the rules (module docstring):
    moves by the worth of the whole turn each distance leads to, answers every prompt
    by the worth of its outcome."""

    #: Draws tried for a command that draws Valkyries.
    SAMPLES = 3
    #: Choices looked ahead after a move (the landing's prompts and the action).
    DEPTH = 6

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """The legal command with the best outcome for ``view.me``."""
        if len(legal) == 1:
            return legal[0]
        state, seat = view.table, view.me
        base = rng.getrandbits(32)
        if isinstance(legal[0], Place):
            return max(legal, key=lambda c: (self._place(state, seat, c.space), -c.space))
        if isinstance(legal[0], ChooseSide):  # the side the rulebook recommends: the unique
            return legal[0]                   # sides are a reconstruction (CITIES.md)
        deep = isinstance(legal[0], Move)
        scored = [(self.rate(state, seat, c, base, deep), -i, c) for i, c in enumerate(legal)]
        return max(scored, key=lambda x: (x[0], x[1]))[2]

    def rate(self, state: State, seat: int, command, base: int, deep: bool = False) -> float:
        """The mean worth for ``seat`` after ``command`` (and, when ``deep``, the rest of
        its turn played greedily), over a few draws when it draws Valkyries."""
        total, k = 0.0, 0
        while True:
            rng = random.Random(base + 7919 * k)
            after, drew = play(state, seat, command, rng)
            if deep:
                after = self._greedy(after, seat, rng)
            total += worth(after, seat) + self._bias(command)
            k += 1
            if not drew or k >= self.SAMPLES:
                return total / k

    def _greedy(self, state: State, seat: int, rng: random.Random) -> State:
        """``state`` after ``seat`` makes its next choices of this turn greedily."""
        for _ in range(self.DEPTH):
            if state.phase == "over" or seat not in rules.to_act(state) or state.queue[0].op == "move":
                return state
            legal = rules.legal(state, seat)
            best, best_state = None, state
            for c in legal:
                after, _ = play(state, seat, c, rng)
                w = worth(after, seat) + self._bias(c)
                if best is None or w > best:
                    best, best_state = w, after
            state = best_state
        return state

    @staticmethod
    def _bias(command) -> float:
        """Ties broken towards doing less: skip a swap, end rather than waste."""
        return 0.01 if isinstance(command, (Skip, End)) else 0.0

    @staticmethod
    def _place(state: State, seat: int, space: int) -> float:
        """Where to put the ship at setup: the best actions 1–3 spaces on, away from ships."""
        worth_ = 0.0
        for d in (1, 2, 3):
            tile, face = state.tiles[(space + d) % 8]
            action = face_action(tile, face)
            worth_ += {"A1": 1.0, "A2": 2.0, "A3": 2.0, "A14": 3.0, "A9": 2.5, "A7": 2.0, "A4": 1.5,
                       "A13": 2.0}.get(action.id, 1.0)
        ships = sum(1 for q in state.players if q.ship == space)
        return worth_ - 3.0 * ships



