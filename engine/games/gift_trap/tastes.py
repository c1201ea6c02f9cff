"""What the table has revealed of each player's taste, for the sampler (``sampler.py``).

Gift Trap turns on what each player likes ("3. Bewerten": each player lays Super, Good,
Okay and No way on the gifts of their choice), and every reveal ("4. Auswertung") shows
everyone's Get tiles. A seat that searches must not plan against tastes it invents: the
other players' tastes are dealt from what their Get tiles so far say (a posterior), and
how they give is judged from how they gave so far (an opponent type).

The model of a player is the ``normal`` bot's (``bot.HeuristicBot``): a weight in
[-1, 1] for each taste tag (``cards.TAGS``), a gift liked by the mean weight of its tags,
the best liked gift rated Super, then Good and Okay, the least liked No way, and the
gifts without a tile in between.

- **Tastes** (``deal``): a fixed set of ``PARTICLES`` tastes drawn once from that prior
  (uniform weights, as the bot draws its own) is weighted by the likelihood of the
  seat's revealed ratings: each revealed pair "gift a above gift b" counts
  ``σ((like(a) − like(b)) / TEMPER)`` (neighbouring tiles only: Super above Good, …,
  the gifts without a tile above No way; the rest of the order follows), so a player who rates unlike any taste (a person
  changing their mind, a random bot) weighs all tastes alike instead of none. One taste
  is drawn by weight (importance sampling; Bayes's rule over a discrete prior).
- **Type** (``follows``): the chance that the seat gives the way a player does who
  learns the others' tastes from the reveals (``HeuristicBot.plan_gives``), from its
  latest rounds: every round whose Give tiles matched that plan counts for it, every other
  against it, from an even prior (Laplace's rule of succession).

Reads only a ``view.View`` (its ``history``, the public record of every reveal) and the
game's static data; the chances it draws come from the caller's ``random.Random``, so
two views that are equal give equal deals.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import msgspec

from .bot import HeuristicBot
from .cards import GIFTS, TAGS
from .view import View

#: How many prior tastes the posterior weighs (fixed: the same for every view).
PARTICLES = 600
#: How sure a revealed pair is, in taste points: a pair whose likes differ by
#: ``TEMPER`` is rated the other way round once in 1 + e times.
TEMPER = 0.08
#: Metropolis steps after the draw from the prior tastes, and their stride per tag.
STEPS, STRIDE = 16, 0.15
#: How many of the latest reveals are read as evidence (a long game's cost stays bounded;
#: a dozen rounds of ratings say most of what a taste can).
RECENT = 10
#: A Get tile's rank: lower is better liked; gifts without one lie between Okay and No way.
RANK = {"super": 0, "good": 1, "okay": 2, "": 3, "noway": 4}

_PRIOR = random.Random("gift-trap-taste-prior")
#: The prior tastes, one weight per tag in ``TAGS`` order.
PRIOR: tuple[tuple[float, ...], ...] = tuple(
    tuple(_PRIOR.uniform(-1.0, 1.0) for _ in TAGS) for _ in range(PARTICLES)
)
_TAG = {t: i for i, t in enumerate(TAGS)}


@lru_cache(maxsize=1024)
def _likes(gift_id: str) -> tuple[float, ...]:
    """How much each prior taste likes the gift ``gift_id``."""
    idx = [_TAG[t] for t in GIFTS[gift_id].tags]
    return tuple(sum(p[i] for i in idx) / len(idx) for p in PRIOR)


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x > -30 else x


def _ordered(rank: list[int]) -> list[tuple[int, int]]:
    """The pairs (a, b) of gifts whose ranks lie on neighbouring levels, a above b: the
    ranking's whole order (the rest follows by transitivity), in few pairs."""
    levels = sorted(set(rank))
    return [(a, b) for hi, lo in zip(levels, levels[1:]) for a in range(len(rank)) if rank[a] == hi
            for b in range(len(rank)) if rank[b] == lo]


@lru_cache(maxsize=4096)
def _round_evidence(cards: tuple[str, ...], tiles: tuple[tuple[int, str], ...]) -> tuple[float, ...]:
    """Each prior taste's log-likelihood of one reveal: the gifts ``cards`` (spaces 1…)
    and the seat's Get tiles ``(space, tile)`` on them."""
    rank = [RANK[""]] * len(cards)
    for space, tile in tiles:
        rank[space - 1] = RANK[tile]
    out = [0.0] * PARTICLES
    for a, b in _ordered(rank):
        la, lb = _likes(cards[a]), _likes(cards[b])
        out = [o + _log_sigmoid((x - y) / TEMPER) for o, x, y in zip(out, la, lb)]
    return tuple(out)


def weights(view: View, seat: int) -> list[float]:
    """The posterior weight of each prior taste (``PRIOR``) for ``seat``, from its Get
    tiles in the latest ``RECENT`` reveals of ``view.history`` (not normalised; the
    largest is 1)."""
    total = [0.0] * PARTICLES
    for record in view.history[-RECENT:]:
        tiles = tuple(sorted((p.space, p.tile) for p in record.rates if p.seat == seat))
        if tiles:
            total = [t + e for t, e in zip(total, _round_evidence(tuple(record.cards), tiles))]
    top = max(total)
    return [math.exp(t - top) for t in total]


def pairs(view: View, seat: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every revealed "``seat`` rated gift a above gift b" of the latest ``RECENT``
    reveals of ``view.history``, each gift as its tags' indices in ``TAGS``."""
    out = []
    for record in view.history[-RECENT:]:
        rank = [RANK[""]] * len(record.cards)
        for p in record.rates:
            if p.seat == seat:
                rank[p.space - 1] = RANK[p.tile]
        if all(r == RANK[""] for r in rank):
            continue
        tags = [tuple(_TAG[t] for t in GIFTS[c].tags) for c in record.cards]
        out += [(tags[a], tags[b]) for a, b in _ordered(rank)]
    return out


def compressed(evidence: list) -> tuple[tuple[tuple[tuple[int, float], ...], int], ...]:
    """The pairs ``evidence`` (``pairs``) as sparse linear terms with their counts: each
    pair "a above b" is the weights ``1/|a|`` on a's tags less ``1/|b|`` on b's, over
    ``TEMPER``, so its log-likelihood for a taste is ``log σ(Σ taste[i]·w)``; pairs with
    the same terms (the same gifts' tags) are counted once."""
    counts: dict[tuple[tuple[int, float], ...], int] = {}
    for a, b in evidence:
        coef: dict[int, float] = {}
        for i in a:
            coef[i] = coef.get(i, 0.0) + 1.0 / len(a) / TEMPER
        for i in b:
            coef[i] = coef.get(i, 0.0) - 1.0 / len(b) / TEMPER
        terms = tuple(sorted((i, w) for i, w in coef.items() if abs(w) > 1e-12))
        if terms:
            counts[terms] = counts.get(terms, 0) + 1
    return tuple(counts.items())


def likelihood(taste: tuple[float, ...], evidence: tuple) -> float:
    """The log-likelihood for ``taste`` of the revealed pairs, ``compressed``."""
    total = 0.0
    for terms, count in evidence:
        total += count * _log_sigmoid(sum(taste[i] * w for i, w in terms))
    return total


#: What ``deal`` reads of a view, kept by the reveals it reads and the seat: the prior
#: tastes' weights and the compressed pairs (a search deals from one view many times).
_SEEN: dict[tuple, tuple[list[float], tuple]] = {}


def _seen(view: View, seat: int) -> tuple[list[float], tuple]:
    key = (msgspec.json.encode(view.history[-RECENT:]), seat)
    return _kept(_SEEN, key, lambda: (weights(view, seat), compressed(pairs(view, seat))))


def _kept(store: dict, key: tuple, make):
    """``store[key]``, made by ``make()`` when missing; a store past 512 entries is
    emptied first (a game's views come and go: no need to keep old ones)."""
    hit = store.get(key)
    if hit is None:
        if len(store) > 512:
            store.clear()
        hit = store[key] = make()
    return hit


def deal(view: View, seat: int, rng: random.Random) -> tuple[float, ...]:
    """One taste for ``seat`` (a weight per tag, ``TAGS`` order) drawn from the posterior
    given its revealed Get tiles: the prior itself before any reveal. A prior taste is
    drawn by its weight (``weights``), then moved by ``STEPS`` Metropolis steps on the
    same posterior (resample-move: Gilks and Berzuini, JRSS B 63, 2001), so the deal is
    not held to the few prior tastes that fit a long record best."""
    if not view.history:
        return rng.choice(PRIOR)
    prior, evidence = _seen(view, seat)
    taste = rng.choices(PRIOR, weights=prior)[0]
    if not evidence:
        return taste
    here = likelihood(taste, evidence)
    for _ in range(STEPS):
        step = tuple(min(1.0, max(-1.0, w + rng.gauss(0.0, STRIDE))) for w in taste)
        there = likelihood(step, evidence)
        if there >= here or rng.random() < math.exp(there - here):
            taste, here = step, there
    return taste


@lru_cache(maxsize=256)
def bot(taste: tuple[float, ...], seed: int) -> HeuristicBot:
    """A ``normal`` bot that rates by ``taste`` (a weight per tag, ``TAGS`` order); the
    same object for the same taste and seed (it keeps no state between choices)."""
    made = HeuristicBot(seed)
    made.taste = dict(zip(TAGS, taste))
    return made


def planned_gives(view: View, seat: int) -> dict[int, tuple[int, bool]]:
    """Recipient → (space, Give more) as a player in ``seat`` who learns the others'
    tastes from the reveals would give now (``HeuristicBot.plan_gives``): it reads only
    what is public (the gifts, the reveals), so any seat can work it out."""
    return HeuristicBot(seat).plan_gives(msgspec.structs.replace(view, me=seat))


_FOLLOWS: dict[tuple, float] = {}


def follows(view: View, seat: int) -> float:
    """The chance that ``seat`` gives as ``planned_gives`` says: (rounds it did + 1) /
    (rounds revealed + 2), over the latest ``RECENT`` reveals in ``view.history``."""
    key = (msgspec.json.encode(view.history), view.n, seat)
    return _kept(_FOLLOWS, key, lambda: _followed(view, seat))


def _followed(view: View, seat: int) -> float:
    matched = 0
    first = max(0, len(view.history) - RECENT)
    for k, record in enumerate(view.history[first:], first):
        then = msgspec.structs.replace(
            view, me=seat, round=record.round, history=view.history[:k],
            gifts=tuple(GIFTS[c] for c in record.cards),
        )
        plan = {r: s for r, (s, _) in HeuristicBot(seat).plan_gives(then).items()}
        gave = {p.to: p.space for p in record.gives if p.seat == seat}
        matched += plan == gave
    return (matched + 1) / (len(view.history) - first + 2)
