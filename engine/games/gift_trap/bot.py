"""Gift Trap bots: the random bot's choice (``random_command``, the ``pick`` of
``engine.core.bots.RandomBot``) and a heuristic one with a hidden taste of its own.

Both see only their seat's ``View`` and act one step at a time: each call plans the
seat's whole phase from the view and returns the first step not yet taken, so a plan
never depends on call order.
"""

from __future__ import annotations

import random
import zlib

from .cards import DECKS, TAGS, Gift
from .commands import GET_TILES, TILE_POINTS, DealGifts, Done, GiveTile, RateGift, SetTrap
from .view import View


def _noise(*parts) -> float:
    """A stable small number in [0, 0.01) from ``parts`` (no RNG: plans stay fixed)."""
    return (zlib.crc32("|".join(map(str, parts)).encode()) % 1000) / 100_000


def random_command(view: View, legal: list, rng: random.Random):
    """The random bot's choice (``engine.core.bots.RandomBot``'s ``pick``): places each
    missing tile at random among the legal places, uses each extra tile by a coin toss,
    then commits; deals a random stack. One legal command for ``view``'s seat."""
    if view.phase == "deal":
        return rng.choice(legal)
    if view.phase == "give":
        given = {t.to for t in view.my_gives}
        options = [c for c in legal if isinstance(c, GiveTile) and c.to not in given]
    else:
        rated = {t.tile for t in view.my_rates}
        options = [c for c in legal if isinstance(c, RateGift) and c.tile not in rated]
        if not options and not view.my_trap and any(isinstance(c, SetTrap) for c in legal) and rng.random() < 0.2:
            return rng.choice([c for c in legal if isinstance(c, SetTrap)])
    if options:
        plain = [c for c in options if not c.more]
        doubled = [c for c in options if c.more]
        return rng.choice(doubled if doubled and rng.random() < 0.3 else plain)
    return Done()


class HeuristicBot:
    """Rates by a hidden taste of its own (tag weights drawn from ``seed``) and gives each
    other seat the gift it expects that seat to like, learned from the Get tiles that seat
    showed in every past reveal. Doubles its surest gift and its Super with Give more /
    Get more, and springs the Gifttrap on its own No way gift when someone else leads."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        r = random.Random(f"gift-trap-taste:{seed}")
        self.taste = {t: r.uniform(-1.0, 1.0) for t in TAGS}

    def like(self, gift: Gift) -> float:
        """This bot's own taste for ``gift`` (higher is better)."""
        return sum(self.taste[t] for t in gift.tags) / len(gift.tags) + _noise(self.seed, gift.id)

    @staticmethod
    def learned(view: View, seat: int) -> dict[str, float]:
        """What ``seat``'s revealed Get tiles say of its taste: points per tag."""
        from .cards import GIFTS

        weights = {t: 0.0 for t in TAGS}
        for record in view.history:
            for p in record.rates:
                if p.seat != seat:
                    continue
                value = TILE_POINTS.get(p.tile, -3)
                gift = GIFTS[record.cards[p.space - 1]]
                for tag in gift.tags:
                    weights[tag] += value / len(gift.tags)
        return weights

    def plan_gives(self, view: View) -> dict[int, tuple[int, bool]]:
        """Recipient → (space, Give more) for every other seat."""
        me = view.me
        guesses = []
        for r in range(view.n):
            if r == me:
                continue
            w = self.learned(view, r)
            for s, g in enumerate(view.gifts, 1):
                score = sum(w[t] for t in g.tags) / len(g.tags) + _noise(self.seed, r, g.id, view.round)
                guesses.append((score, r, s))
        guesses.sort(reverse=True)
        plan: dict[int, tuple[int, bool]] = {}
        used: set[int] = set()
        for score, r, s in guesses:
            if r not in plan and s not in used:
                plan[r] = (s, False)
                used.add(s)
        can_more = view.options.extra_tiles and not (view.options.extras_once_per_game and view.give_more_spent[me])
        if can_more and plan:
            best = max(plan, key=lambda r: next(sc for sc, rr, ss in guesses if rr == r and ss == plan[r][0]))
            plan[best] = (plan[best][0], True)
        return plan

    def plan_rates(self, view: View) -> dict[str, tuple[int, bool]]:
        """Get tile → (space, Get more): best liked gets Super … least liked No way."""
        order = sorted(range(1, len(view.gifts) + 1), key=lambda s: self.like(view.gifts[s - 1]), reverse=True)
        plan = {"super": order[0], "good": order[1], "okay": order[2], "noway": order[-1]}
        can_more = view.options.extra_tiles and not (view.options.extras_once_per_game and view.get_more_spent[view.me])
        return {t: (s, can_more and t == "super") for t, s in plan.items()}

    def choose(self, view: View, legal: list, rng: random.Random):
        """The next step of this bot's plan for the phase, or ``Done`` when it is all placed."""
        me = view.me
        if view.phase == "deal":
            # Deal the stack with the most cards left (variety keeps tastes readable).
            return DealGifts(max(DECKS, key=lambda d: (view.decks_left[DECKS.index(d)], d)))
        if view.phase == "give":
            have = {t.to: (t.space, t.more) for t in view.my_gives}
            wanted = [GiveTile(r, s, more) for r, (s, more) in sorted(self.plan_gives(view).items())
                      if have.get(r) != (s, more)]
            step = _next_step(wanted, legal, {t.to: t.space for t in view.my_gives}, "to")
            return step if step is not None else _done_or_any(legal, rng)
        plan = self.plan_rates(view)
        have = {t.tile: (t.space, t.more) for t in view.my_rates}
        wanted = [RateGift(tile, *plan[tile]) for tile in GET_TILES if have.get(tile) != plan[tile]]
        if wanted:
            step = _next_step(wanted, legal, {t.tile: t.space for t in view.my_rates}, "tile")
            return step if step is not None else _done_or_any(legal, rng)
        if view.options.extra_tiles and not view.trap_spent[me] and not view.my_trap:
            mine = min(view.give_scores[me], view.get_scores[me])
            best_other = max(min(g, s) for i, (g, s) in enumerate(zip(view.give_scores, view.get_scores)) if i != me)
            if best_other > mine and best_other >= view.options.track_length // 2:
                return SetTrap(plan["noway"][0])
        return Done()


def _next_step(wanted: list, legal: list, placed: dict, key: str):
    """The next of ``wanted`` (tiles to place as the plan says) that is legal now, or,
    when each is blocked by another of the seat's own tiles on its gift (a seat taken
    over mid-phase, its tiles laid by someone else: one tile of a kind a gift), a legal
    move of a blocking tile to a gift no wanted tile aims at; None when neither is
    legal. ``placed``: the seat's tiles so far, by ``key`` ("to" or "tile"), each's gift."""
    for command in wanted:
        if command in legal:
            return command
    targets = {c.space for c in wanted}
    blocking = {k for k, space in placed.items() if space in targets}
    for command in legal:
        if getattr(command, key, None) in blocking and command.space not in targets:
            return command
    return None


def _done_or_any(legal: list, rng: random.Random):
    """``Done`` when it is legal, else the first legal command (never a refused one)."""
    return Done() if Done() in legal else legal[0]
