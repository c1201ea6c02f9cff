"""Naughty or Nice's bot: ``HeuristicBot`` (``choose(view, legal, rng)``); the random bot is
the core's uniform ``engine.core.bots.RandomBot``.

Both see only their seat's ``view.View`` (their own hand; other hands as counts) and
the legal commands, with the engine's seeded RNG (``engine.core.bots``).

``HeuristicBot`` rates what it holds by the kiddos on the playground (``Judge``): each
kiddo is worth its points (a point per present, the preferred-present bonus, and at
level 5 what it does for the sets: a summon for a symbol already held, the five symbols'
5, the 3 for most of a symbol), discounted for every present still missing. A hand's
worth is that of its best targets. The basic action is the one with the best outcome:
a Fulfill's points plus the worth of the hand left, a Craft's expected hand worth (deck
draws averaged over the colours not yet seen), a Summon's creature. Creatures are
played by rule: reindeer four together (all once midnight struck), hurtful creatures at
the leader, Tomte against what hurts it, Papa Wolverine on every Fulfill it may answer.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from engine.core.reactions import Pass

from . import commands as cmd
from .data import CARDS, COLOURS, CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS
from .view import View


# ---------------------------------------------------------------------- card worths
#: Rough worth in points of holding one creature of each kind (Keep, Summon): its score
#: when played and what its effect brings.
CREATURE_WORTH = {"RD": 2.2, "PW": 2.5, "TO": 1.8, "CT": 2.0, "SC": 2.2, "YC": 1.5, "ML": 1.6, "CG": 2.2,
                  "KR": 2.5, "EL": 1.6, "MC": 1.0, "SM": 1.5}
#: Gift givers in order of preference when choosing, by level: the order of their win
#: shares in heuristic games with givers drawn at random (4 players, 400–600 seeds; at
#: levels 2–3 only the preferred presents count: La Befana's two kinds lead).
GIVER_ORDER = {
    2: ("befana", "father", "arie", "nicholas", "moroz", "christkindl", "odin", "santa"),
    3: ("befana", "moroz", "odin", "christkindl", "arie", "nicholas", "santa", "father"),
    4: ("santa", "moroz", "odin", "christkindl", "father", "arie", "befana", "nicholas"),
    5: ("christkindl", "nicholas", "moroz", "befana", "odin", "father", "santa", "arie"),
}
#: The judge's weights, in points:
#: ``action``: one basic action spent; what a kiddo still wants costs this per action it
#: needs (a Craft brings 2 presents, 3 at levels 1–2; the Fulfill is one more);
#: ``stays``: the chance a kiddo is still there after one more turn of each rival, per
#: rival; ``second``: the share of the second-best target counted in a hand's worth (it
#: may share presents); ``present``: any present held (a kiddo to come may want it);
#: ``summon``: a Summon before midnight (the better of two creatures, kept for later);
#: ``sets``: a factor on what a kiddo brings to the sets (level 5); ``sweep``: what La
#: Befana's sweep must be worth to be done.
WEIGHTS = {"action": 2.5, "stays": 0.95, "second": 0.15, "present": 0.05, "summon": 2.0, "sets": 4.0, "sweep": 1.5}
#: Weights changed by level. Without set collection (levels 3–4) the creature deck's
#: midnight ends the game after some 15 Summons and a creature scores about as much as
#: a kiddo's share of the actions it costs: the bot summons unless a big kiddo is ready
#: (bot games: this beats the level-5 weights in 60–70 % of games at levels 3–4).
LEVEL_WEIGHTS = {3: {"summon": 5.0}, 4: {"summon": 5.0}}


def _colour(code: str) -> str:
    return PRESENTS[code].colour


#: Each kiddo's wishes as colour counts, worked out once (read only).
_WISHES = tuple(Counter(k.wishes) for k in KIDDOS)


class Judge:
    """What the table in ``view`` is worth to seat ``view.me``: the kiddos' worths, a
    hand's worth, each colour's chance to come off the deck. Only ``view`` is read."""

    def __init__(self, view: View, weights: dict[str, float] | None = None):
        w = {**WEIGHTS, **LEVEL_WEIGHTS.get(view.options.level, {}), **(weights or {})}
        self.view = view
        me = view.me
        self.me = me
        self.level = view.options.level
        player = view.players[me]
        self.player = player
        self.giver = player.giver if self.level >= 4 else ""
        g = GIVERS.get(player.giver)
        self.preferred = set(g.preferred) if g and self.level >= 2 else set()
        self.bonus = (g.bonus if self.level >= 4 else 1) if g else 0
        self.craft = 3 if self.level <= 2 else 2
        self.action = w["action"]
        self.stays = w["stays"] ** (view.n - 1)
        self.second, self.present, self.summon, self.sets = w["second"], w["present"], w["summon"], w["sets"]
        self.sweep = w["sweep"]
        self.cagas = player.creatures.count("CT")
        # set collection
        self.mine = Counter(KIDDOS[k].symbol for k in player.kiddos)
        self.others = [Counter(KIDDOS[k].symbol for k in q.kiddos) for i, q in enumerate(view.players) if i != me]
        self.more_turns = self._more_turns()
        # deck colours: copies not in sight (own hand, row, discard) are in the deck or other hands
        copies = CARDS.copies - (1 if view.n <= 3 else 0)
        seen = Counter(_colour(c) for c in (*player.presents, *(c for c in view.row if c), *view.present_discard))
        unseen = {c: max(0, 3 * copies - seen[c]) for c in COLOURS}
        total = sum(unseen.values()) or 1
        self.odds = {c: unseen[c] / total for c in COLOURS}
        self.ground = [(slot, k) for slot, k in enumerate(view.playground) if k >= 0]
        self.worths = {k: self.kiddo_worth(k) for _, k in self.ground}
        self._cache: dict = {}
        self._afters: dict = {}

    def after(self, slot: int, caga: bool = False) -> "Judge":
        """This judge once ``me`` has fulfilled the kiddo in ``slot`` (its symbol is
        ``me``'s, the place is empty: the kiddo to come is unknown)."""
        if (slot, caga) in self._afters:
            return self._afters[slot, caga]
        other = copy.copy(self)
        kiddo = self.view.playground[slot]
        other.mine = self.mine + Counter({KIDDOS[kiddo].symbol: 1})
        other.ground = [(i, k) for i, k in self.ground if i != slot]
        other.cagas = self.cagas - int(caga)
        other.worths = {k: other.kiddo_worth(k) for _, k in other.ground}
        other._cache = {}
        other._afters = {}
        self._afters[slot, caga] = other
        return other

    # ------------------------------------------------------------------ time
    def _more_turns(self) -> bool:
        """Whether ``me`` has a turn after this moment's (always before midnight)."""
        v = self.view
        if not v.midnight_struck:
            return True
        d = (self.me - v.turn) % v.n or v.n
        return d <= v.final

    @property
    def late(self) -> bool:
        """Midnight struck, or one of its decks is down to its last few cards."""
        v = self.view
        return v.midnight_struck or v.kiddo_deck <= 3 or (self.level >= 3 and v.creature_deck <= 3)

    # ------------------------------------------------------------------ kiddos
    def set_worth(self, kiddo: int) -> float:
        """What kiddo ``kiddo`` adds to ``me``'s sets at level 5 ("Set Collection",
        "Endgame scoring"): a summon, the five symbols, most of its symbol."""
        if self.level < 5:
            return 0.0
        symbol = KIDDOS[kiddo].symbol
        have = self.mine[symbol]
        worth = 0.0
        if have:
            worth += 1.0 if self.view.midnight_struck else 1.4
        else:
            held = sum(1 for s in SYMBOLS if self.mine[s])
            worth += 5.0 + (2.0 if self.view.midnight_struck else 3.0) if held == len(SYMBOLS) - 1 else 1.0 + 0.3 * held
        return self.sets * (worth + self.most_worth(symbol, have))

    def most_worth(self, symbol: str, have: int) -> float:
        """The 3 for most of ``symbol`` won by one more card of it."""
        top = max((c[symbol] for c in self.others), default=0)
        ties = self.view.options.most_ties == "all"

        def points(k: int) -> float:
            return 3.0 if k > top or (k == top and k and ties) else 0.0

        gain = points(have + 1) - points(have)
        return gain + (0.5 if have + 1 > top >= have else 0.0)

    def kiddo_worth(self, kiddo: int) -> float:
        """Points for fulfilling ``kiddo`` (a point a present) and its set worth."""
        return len(KIDDOS[kiddo].wishes) + self.set_worth(kiddo)

    def missing(self, kiddo: int, colours: Counter) -> int:
        """Presents still missing from ``kiddo``'s wishes with ``colours`` in hand (Saint
        Nicholas skips a black one; a Caga Tió stands in for one)."""
        wishes = _WISHES[kiddo]
        skip = "black" if self.giver == "nicholas" and wishes["black"] else ""
        miss = sum(max(0, n - (c == skip) - colours[c]) for c, n in wishes.items())
        if miss and self.cagas:
            miss -= 1
        return miss

    def hand_worth(self, colours: Counter, preferred: Counter) -> float:
        """Worth of a hand (``colours``: colour counts, ``preferred``: preferred presents
        by colour): its best two targets on the playground, discounted per missing
        present and per action still needed. Nothing once ``me`` has no turn left."""
        if not self.more_turns:
            return 0.0
        key = (tuple(colours[c] for c in COLOURS), tuple(preferred[c] for c in COLOURS))
        if key in self._cache:
            return self._cache[key]
        stays = self.stays
        best = []
        for _, k in self.ground:
            wishes = _WISHES[k]
            bonus = self.bonus * sum(min(preferred[c], wishes[c]) for c in wishes)
            actions = 1 + self.missing(k, colours) / self.craft
            best.append(max(0.0, (self.worths[k] + bonus) * stays ** actions - self.action * actions))
        best.sort(reverse=True)
        worth = (best[0] if best else 0.0) + (self.second * best[1] if len(best) > 1 else 0.0)
        worth += self.present * sum(colours.values())
        self._cache[key] = worth
        return worth

    def worth_of(self, presents) -> float:
        """``hand_worth`` of a hand of present codes (looked up in its cache before any
        counting is built)."""
        if not self.more_turns:
            return 0.0
        colours = [_colour(c) for c in presents]
        preferred = [_colour(c) for c in presents if c in self.preferred]
        key = (tuple(map(colours.count, COLOURS)), tuple(map(preferred.count, COLOURS)))
        if key in self._cache:
            return self._cache[key]
        return self.hand_worth(Counter(colours), Counter(preferred))

    def worth_with(self, presents, draws: int) -> float:
        """Expected worth of ``presents`` plus ``draws`` cards off the deck (colours
        weighed by the copies not yet seen)."""
        colours = Counter(_colour(c) for c in presents)
        preferred = Counter(_colour(c) for c in presents if c in self.preferred)
        outcomes = [(colours, 1.0)]
        for _ in range(draws):
            nxt = []
            for cs, p in outcomes:
                for c in COLOURS:
                    if self.odds[c]:
                        nxt.append((cs + Counter({c: 1}), p * self.odds[c]))
            outcomes = nxt
        return sum(p * self.hand_worth(cs, preferred) for cs, p in outcomes)

    # ------------------------------------------------------------------ creatures
    def creature_worth(self, code: str) -> float:
        """Worth of holding one more ``code`` creature."""
        c = CREATURES[code]
        worth = CREATURE_WORTH[code]
        if code == "RD":
            worth += 0.6 * min(3, self.player.creatures.count("RD")) + (1.5 if self.giver == "santa" else 0.0)
        if code == "MC" and self.level >= 5:
            worth += 1.0
        if not c.marked:
            worth += self.view.options.unmarked_points
        if (self.giver == "odin" and c.kind == "hurtful") or (self.giver == "arie" and c.kind == "helpful"):
            worth += 1.0
        return worth

    def summon_worth(self) -> float:
        """A Summon's worth: 1 point after midnight at level 5 ("End of the game with set
        collection"), else the better of two creatures."""
        if self.view.midnight_struck and self.level >= 5:
            return 1.0
        if not self.more_turns:
            return 0.0
        return self.summon if not self.late else self.summon / 2

    def rival(self, giver: str) -> int:
        """The other seat playing ``giver`` with its ability on (level 4+), or -1."""
        if self.level < 4:
            return -1
        return next((i for i, q in enumerate(self.view.players) if i != self.me and q.giver == giver), -1)

    def leader(self) -> int:
        """The other seat with the most points (ties: the next clockwise)."""
        v = self.view
        others = [(v.me + k) % v.n for k in range(1, v.n)]
        return max(others, key=lambda i: (v.players[i].score + 2 * len(v.players[i].kiddos), -others.index(i)))


# ---------------------------------------------------------------------- the bot
class HeuristicBot:
    """Plays to win from its seat's view (module docstring); ``WEIGHTS`` may be
    overridden per subclass (the balance script tries variants)."""

    WEIGHTS: dict[str, float] = {}

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: View, legal: list, rng: random.Random):
        """The legal command judged best for ``view.me``."""
        if len(legal) == 1:
            return legal[0]
        judge = Judge(view, self.WEIGHTS)
        if view.prompts and view.prompts[0].seat == view.me:
            return self._prompt(judge, view.prompts[0].kind, legal)
        if view.windows:
            return self._window(judge, legal)
        return self._turn(judge, legal)

    # ------------------------------------------------------------------ prompts
    def _prompt(self, j: Judge, kind: str, legal: list):
        if kind == "giver":
            order = GIVER_ORDER[j.level]
            offered = {c.giver: c for c in legal}
            return next(offered[g] for g in order if g in offered)
        if kind == "keep":  # the other is discarded: a Snow Maiden discarded feeds a rival Grandfather Frost
            feeds = 1.5 if j.rival("moroz") >= 0 else 0.0
            return max(legal, key=lambda c: j.creature_worth(c.creature) + (feeds if c.creature == "SM" else 0.0))
        if kind == "pick":
            hand = j.player.presents
            return max(legal, key=lambda c: (j.worth_of((*hand, c.present)), c.present in j.preferred))
        if kind == "draw":
            return max(legal, key=lambda c: self._draw_worth(j, c))
        # moroz (any basic action) or repeat (Snow Maiden): the best, or pass
        best, worth = self._best_basic(j, legal)
        return best if best is not None and worth > j.worth_of(j.player.presents) else _find(legal, Pass)

    @staticmethod
    def _draw_worth(j: Judge, c) -> float:
        hand = j.player.presents
        if isinstance(c, Pass):
            return j.worth_of(hand) - 0.01
        if c.source == cmd.DECK:
            return j.worth_with(hand, 1)
        return j.worth_of((*hand, j.view.row[c.source]))

    # ------------------------------------------------------------------ reactions
    def _window(self, j: Judge, legal: list):
        wolverines = [c for c in legal if isinstance(c, cmd.React) and c.creature == "PW"]
        if wolverines:  # a point and two presents from another's Fulfill
            hand = j.player.presents
            return max(wolverines, key=lambda c: j.worth_of((*hand, *c.take)) + 0.5 * sum(
                1 for x in c.take if x in j.preferred))
        tomte = next((c for c in legal if isinstance(c, cmd.React) and c.creature == "TO"), None)
        if tomte is not None and self._tomte_worth(j) > (0.0 if j.view.midnight_struck else 0.9):
            return tomte
        return _find(legal, Pass)

    @staticmethod
    def _tomte_worth(j: Judge) -> float:
        """What cancelling the innermost held creature saves ``me``."""
        v = j.view
        held = v.held[-1]
        me = v.me
        if held.creature == "TO":  # Tomte against Tomte: save my own creature's effect
            below = v.held[-2] if len(v.held) > 1 else None
            return 1.5 if below is not None and below.seat == me and below.creature != "TO" else 0.0
        if held.seat == me:
            return 0.0
        code = held.creature
        if code == "SC":
            return 2.5 if held.target == me else 0.0
        if code == "ML":
            return 1.5 if held.target == me and len(j.player.creatures) > 1 else 0.0
        if code == "CG":
            return 1.0 * min(2, len(j.player.presents)) if held.target == me else 0.0
        if code == "KR":
            return 1.0 if held.present in j.player.presents else 0.2
        if code == "YC":
            reds = sum(1 for c in j.player.presents if _colour(c) == "red")
            return {0: 3.0, 1: 1.5}.get(reds, 0.3)
        if code == "MC":
            return 1.2 if j.level >= 5 else 0.3
        if code == "SM":
            return 1.2
        if code == "PW":
            return 1.0 if held.target == me else 0.3
        return 0.1

    # ------------------------------------------------------------------ the turn
    def _turn(self, j: Judge, legal: list):
        v = j.view
        tuck = _find(legal, cmd.Tuck)
        if tuck is not None:  # reindeer under Rudolf are safe and score 3 each or more
            return tuck
        searches = [c for c in legal if isinstance(c, cmd.Search)]
        if searches:
            search = self._search(j, searches)
            if search is not None:
                return search
        sweeps = [c for c in legal if isinstance(c, cmd.Sweep)]
        if sweeps:
            sweep = self._sweep(j, sweeps)
            if sweep is not None:
                return sweep
        plays = [(self._play_worth(j, c), c) for c in legal if isinstance(c, cmd.Play)]
        plays = [(w, c) for w, c in plays if w > 0]
        if plays:
            return max(plays, key=lambda x: x[0])[1]
        if not v.acted:
            best, _ = self._best_basic(j, legal)
            if best is not None:
                return best
        end = _find(legal, cmd.End)
        return end if end is not None else legal[0]

    def _best_basic(self, j: Judge, legal: list) -> tuple[Any, float]:
        """The best basic action among ``legal`` and its worth (points now plus the
        worth of the hand after)."""
        hand = j.player.presents
        best, worth = None, float("-inf")
        for c in legal:
            if isinstance(c, cmd.Fulfill):
                w = self._fulfill_worth(j, c)
            elif isinstance(c, cmd.Craft):
                rows = [v for v in c.sources if v != cmd.DECK]
                w = j.worth_with((*hand, *(j.view.row[i] for i in rows)), len(c.sources) - len(rows))
                w += 0.3 * sum(1 for i in rows if j.view.row[i] in j.preferred)
            elif isinstance(c, cmd.Summon):
                w = j.worth_of(hand) + j.summon_worth()
            else:
                continue
            if w > worth:
                best, worth = c, w
        return best, worth

    @staticmethod
    def _fulfill_worth(j: Judge, c: cmd.Fulfill) -> float:
        kiddo = j.view.playground[c.slot]
        rest = list(j.player.presents)
        for x in c.presents:
            rest.remove(x)
        points = j.worths[kiddo] + j.bonus * sum(1 for x in c.presents if x in j.preferred)
        if c.caga:
            points += 1 + (1 if j.giver == "arie" else 0) - 0.8
        return points + j.after(c.slot, c.caga).worth_of(rest)

    @staticmethod
    def _search(j: Judge, searches: list):
        """Santa: two like presents for a reindeer under Rudolf, when a reindeer is
        surely or likely still to be found and the hand barely misses the pair."""
        v = j.view
        if "RD" not in v.creature_discard:
            unseen = 7 - max(0, j.player.rudolf) - j.player.creatures.count("RD") - v.creature_discard.count("RD")
            if unseen < 2 or v.creature_deck < 4:
                return None
        hand = list(j.player.presents)
        now = j.worth_of(hand)
        best, loss = None, 2.0
        for c in searches:
            rest = list(hand)
            rest.remove(c.present)
            rest.remove(c.present)
            lost = now - j.worth_of(rest)
            if lost < loss:
                best, loss = c, lost
        return best

    @staticmethod
    def _sweep(j: Judge, sweeps: list):
        """La Befana: sweep away the kiddo that would give a rival most of a symbol
        when it is out of ``me``'s reach (level 5), else nothing."""
        if j.level < 5:
            return None
        colours = Counter(_colour(c) for c in j.player.presents)
        best, worth = None, j.sweep
        for c in sweeps:
            k = j.view.playground[c.slot]
            symbol = KIDDOS[k].symbol
            mine = j.mine[symbol]
            threat = sum(1 for o in j.others if o[symbol] >= mine and o[symbol] + 1 > mine)
            w = threat * 1.0 + 0.3 * len(KIDDOS[k].wishes) - (2.0 if j.missing(k, colours) <= 1 else 0.0)
            if w > worth:
                best, worth = c, w
        return best

    def _play_worth(self, j: Judge, c: cmd.Play) -> float:
        """Worth of playing creature ``c`` now (not above 0: keep it for later)."""
        v = j.view
        code = c.creature
        last = not j.more_turns or v.midnight_struck
        points = CREATURES[code].points if CREATURES[code].marked else v.options.unmarked_points
        kind = CREATURES[code].kind
        if (j.giver == "odin" and kind == "hurtful") or (j.giver == "arie" and kind == "helpful"):
            points += 1
        if code == "RD":
            have = j.player.creatures.count("RD") - j.player.fresh.count("RD")
            if c.count == min(4, have) and (c.count == 4 or j.late):
                return 2.0 + c.count
            return 0.0
        if code == "SM":  # her play hands a rival Grandfather Frost a basic action
            feeds = 2.0 if j.rival("moroz") >= 0 else 0.0
            return 1.0 + points - feeds if self._repeat_useful(j) else 0.0
        if code == "EL":
            return 0.5 + points if j.more_turns else points - 0.1
        if code == "MC":
            if not v.acted and j.more_turns:
                return 0.0  # after the basic action: the kiddo wanted is taken by then
            k = v.playground[c.slot]
            return points + 0.1 + j.set_worth(k) + 0.2 * len(KIDDOS[k].wishes)
        if code == "SC":
            if c.target != j.leader():
                return 0.0
            return points + 1.0
        if code == "ML":
            if v.players[c.target].creature_count == 0:
                return points - 0.5 if last else 0.0
            return points + 0.5 + 0.2 * v.players[c.target].creature_count + (0.3 if c.target == j.leader() else 0)
        if code == "CG":
            if v.players[c.target].present_count == 0:
                return points - 0.5 if last else 0.0
            return points + 0.5 + 0.1 * min(4, v.players[c.target].present_count) + (
                0.3 if c.target == j.leader() else 0)
        if code == "YC":
            reds = sum(1 for x in j.player.presents if _colour(x) == "red")
            if reds >= 2 or (reds == 1 and min(q.present_count for i, q in enumerate(v.players) if i != v.me) <= 2):
                return points + 1.0
            return 0.0
        if code == "KR":
            if not j.more_turns:
                return points - 0.5
            hand = j.player.presents
            copies = sum(1 for x in (*hand, *v.row, *v.present_discard) if x == c.present)
            odds = max(0, 4 - copies) / 4
            gain = j.worth_of((*hand, c.present)) - j.worth_of(hand)
            return points + 0.5 + gain * (0.5 + odds) + (0.3 if c.present in j.preferred else 0)
        return points

    @staticmethod
    def _repeat_useful(j: Judge) -> bool:
        """Whether Snow Maiden's repeat of the basic action just taken would bring
        something (another Fulfill needs a kiddo the hand already covers)."""
        v = j.view
        if not v.acted:
            return False
        if v.acted == "fulfill":
            colours = Counter(_colour(c) for c in j.player.presents)
            return any(j.missing(k, colours) == 0 for _, k in j.ground)
        if v.acted == "summon":
            return (v.midnight_struck and j.level >= 5) or (j.more_turns and v.creature_deck > 0)
        return j.more_turns


def _find(legal: list, kind: type):
    return next((c for c in legal if isinstance(c, kind)), None)
