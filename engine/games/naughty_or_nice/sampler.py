"""Naughty or Nice's sampler: a whole ``State`` dealt at random consistently with one
seat's view.

``sample(view, seat, rng) -> State`` is ``Game.sample`` (``engine/core/decider.py``): the
search bots (``engine.core.search``) plan over the states it deals. It reads nothing but
``view``, ``seat`` and the game's static data (``data.py``: the presents, creatures and
kiddos, ``table.hand_size`` and friends); every chance it takes comes from ``rng``.

What a seat cannot see (RULES.md, "Hidden information"; ``view.py``'s docstring) is dealt
again, and nothing else:

- **the other seats' hands**, presents and creatures. Their sizes are public (the view's
  ``present_count``, ``creature_count``), and so is how many creatures each gained this
  turn (``fresh_count``: "Creatures need time to travel into your hand. You can't play
  in the same turn you got them!", the rulebook's "Summon a Creature"). The cards come
  from those unaccounted for: every card of the game (``data.CARDS``; with 2–3 players
  less one of each present, "Setup for 2-3 players") less everything the seat sees (the
  row, the revealed Elves presents, the discard piles, the reindeer under Rudolf, its own
  hand and its own Summon's two cards). A seat's ``fresh`` cards are drawn from its hand.
- **the decks' order**: the present, creature and kiddo decks, each a count in the view,
  are the rest of the unaccounted cards, shuffled ("Shuffle the deck", the rulebook's
  "Setup").
- **where midnight lies**: before it strikes, one midnight card lies in the creature deck
  (level 3 on) and one in the kiddo deck, each among the deck's bottom six ("Shuffle a
  midnight card with 5 other cards and place this stack at the bottom of the deck";
  RULES.md, "I–III"): it is put back with 0–5 cards under it (no more than the deck
  holds), uniformly. Santa's search shuffles the bottom six apart (RULES.md, "Santa Claus
  and Rudolf") and a reshuffle of the creature discard pile goes under a midnight card
  only in the draw that strikes it (``table.draw_creatures``), so an unstruck midnight
  card is always in its deck's bottom six.
- **another seat's Summon**: the two cards of a Summon whose keep is owed by another seat
  (the view shows only one's own, ``summoning``); their number is what is left of the
  unaccounted creatures (one when the decks held only one).
- **which 4-present kiddo of each symbol was taken out** at 2–3 players (see the
  simplifications below).

What Cringe or Mari Lwyd stole lies in the thief's hand and is dealt with the rest of it.
Kept as the view shows it: one's own hand (presents, creatures and fresh ones, whatever
was stolen into it), one's own Summon, the row, the playground, the revealed presents,
the discard piles, the kiddos taken, scores, gift givers, Rudolf, skips, the prompts, the
reaction windows and the held plays, midnight and the final turns, the final scores.

A public inference is kept too: with ``windows=quick`` a reaction window asks only the
seats holding the card that answers it, ready to play (a Tomte after a creature, Papa
Wolverine after a Fulfill; RULES.md, "The reaction window"), so in the innermost window
every seat still awaited holds one among its playable creatures, and every other seat
(not the mover, not one who passed before the awaited ones) holds none ready to play.

Fields the view does not carry, set from what it does: ``removed_presents`` (one of each
present at 2–3 players), ``revealer`` (the seat whose Elves revealed the presents: only
the active player plays creatures, and the Elves resolve in that turn, so ``turn``
while presents lie revealed; -1 otherwise), ``idle`` (0, below).

Known simplifications (a seat's memory beyond its view):

- the log shows public moves of cards into hands: a present taken from the row, an Elves
  pick, Krampus's gifts, Papa Wolverine's presents, Jólakötturinn's red counts, Santa's
  search that found no reindeer in the deck, a card stolen from the seat itself. A seat
  that watched knows some cards in another hand (or its colour counts); the view does
  not carry them, so every other hand is dealt from all the unaccounted cards. Likewise a
  reshuffled discard pile lies under the rest of the deck; the sample shuffles the deck
  whole.
- at 2–3 players the log shows which 4-present kiddo of each symbol was taken out
  (``Removed``, public); the view does not, so the sample takes one out at random among
  that symbol's 4-present kiddos the seat does not see (the playground, the kiddos taken,
  La Befana's discards).
- once midnight has struck, the log says from which deck; the view does not. A midnight
  card still in a deck after that changes nothing (``Midnight`` then only takes it out;
  RULES.md, "Ending the game": "The second midnight card changes nothing"), so the sample
  keeps one only where the view proves it is there: in the kiddo deck while it holds six
  kiddos or more (it is never reshuffled, so its midnight card comes up only with at most
  five under it). Otherwise both midnight cards are out.
- ``idle`` (turns in a row ended without a basic action, RULES.md "A table with no
  moves") is public in the log but not in the view; the sample sets 0.

Shapes: ``view`` a ``view.View`` made by ``view.view(state, seat)``; ``seat`` the view's
seat (``None`` for a spectator's view: then every hand is dealt); ``rng`` a
``random.Random``. Returns a ``state.State`` with ``view.view(result, seat) == view``.

Raises ``ValueError`` when ``seat`` is not the view's seat, or when the view's cards do
not add up to the game's (a view not made by ``view.view``).
"""

from __future__ import annotations

import random
from collections import Counter

from . import events as ev
from .data import CARDS, CREATURES, KIDDOS, PRESENTS, SYMBOLS
from .rules import REACTION_FOR, final_rows
from .state import Player, State
from .view import View

#: The rollout search's cut (``Game.horizon``: commands played out before ``standing``
#: scores) and lead (``Game.lead``: points that make a near-certain win). A 4-player game
#: is about 135 commands; a turn's swing is a few points (a kiddo gifted is 2–6).
HORIZON, LEAD = 40, 5.0


def standing(state: State) -> list[float]:
    """How well each seat stands, for the search's play-outs cut short: its total if the
    game ended now ("Endgame scoring", ``rules.final_rows``: points so far, most of each
    symbol and all five at level 5, Rudolf's reindeer)."""
    return [float(dict(rows)["total"]) for rows in final_rows(state)]


def sample(view: View, seat: int | None, rng: random.Random) -> State:
    """A whole state dealt at random consistently with ``view`` (seat ``seat``'s)."""
    if view.me != seat:
        raise ValueError(f"the view is seat {view.me}'s, not seat {seat}'s")
    n = view.n
    others = [i for i in range(n) if i != seat]
    keep = view.prompts[0] if view.prompts and view.prompts[0].kind == "keep" else None
    summoner = keep.seat if keep is not None and keep.seat != seat else -1

    presents, present_deck = _deal_presents(view, others, rng)
    creatures, fresh, summoning, creature_deck = _deal_creatures(view, others, summoner, rng)
    kiddo_deck, removed_kiddos = _deal_kiddos(view, rng)

    players = []
    for i, p in enumerate(view.players):
        if i == seat:
            hand = (p.presents, p.creatures, p.fresh)
        else:
            hand = (presents[i], creatures[i], fresh[i])
        players.append(Player(p.giver, p.score, *hand, p.kiddos, p.gifted, p.rudolf, p.skips))
    return State(
        n=n, options=view.options, phase=view.phase, turn=view.turn, turns=view.turns, acted=view.acted,
        begun=view.begun, players=tuple(players), present_deck=present_deck, creature_deck=creature_deck,
        kiddo_deck=kiddo_deck, row=view.row, playground=view.playground, present_discard=view.present_discard,
        creature_discard=view.creature_discard, kiddo_discard=view.kiddo_discard,
        removed_presents=tuple(PRESENTS) if n <= 3 else (), removed_kiddos=removed_kiddos, revealed=view.revealed,
        revealer=view.turn if view.revealed else -1, summoning=view.summoning if summoner < 0 else summoning,
        prompts=view.prompts, windows=view.windows, held=view.held, midnight=view.midnight_struck,
        final=view.final, idle=0, scores=view.scores,
    )


# --------------------------------------------------------------------------- helpers
def _unaccounted(everything: Counter, seen, what: str) -> list[str]:
    """``everything`` less ``seen`` (a multiset), as a sorted list; ``ValueError`` when
    the seat sees a card more often than the game has it."""
    seen = Counter(seen)
    if seen - everything:
        raise ValueError(f"the view shows {what} the game does not have: {dict(seen - everything)}")
    return sorted((everything - seen).elements())


def _check(pool: list, wanted: int, what: str) -> None:
    if len(pool) != wanted:
        raise ValueError(f"{len(pool)} {what} are unaccounted for, but the view's counts want {wanted}")


def _with_midnight(deck: list, midnight, rng: random.Random) -> list:
    """``deck`` with ``midnight`` put back among its bottom six: 0–5 cards under it
    (no more than the deck holds), uniformly."""
    under = rng.randint(0, min(5, len(deck)))
    return deck[:len(deck) - under] + [midnight] + deck[len(deck) - under:]


# --------------------------------------------------------------------------- presents
def _deal_presents(view: View, others: list[int], rng: random.Random):
    """Each other seat's presents (sorted) and the present deck (shuffled), from the
    presents the seat does not see."""
    copies = CARDS.copies - (1 if view.n <= 3 else 0)
    everything = Counter({code: copies for code in PRESENTS})
    me = view.players[view.me] if view.me is not None else None
    seen = [*(c for c in view.row if c), *view.revealed, *view.present_discard, *(me.presents if me else ())]
    pool = _unaccounted(everything, seen, "presents")
    _check(pool, sum(view.players[i].present_count for i in others) + view.present_deck, "presents")
    rng.shuffle(pool)
    hands: dict[int, tuple[str, ...]] = {}
    for i in others:
        k = view.players[i].present_count
        hands[i], pool = tuple(sorted(pool[:k])), pool[k:]
    return hands, tuple(pool)


# --------------------------------------------------------------------------- creatures
def _reaction_needs(view: View) -> tuple[str, set[int], set[int]]:
    """With ``windows=quick``, the innermost window's reaction card, the seats that must
    hold one ready to play (those awaited) and those that must not (the rest, less the
    mover and the seats that passed before the awaited ones); else ("", ∅, ∅)."""
    if view.options.windows != "quick" or not view.windows:
        return "", set(), set()
    window = view.windows[-1]
    card = REACTION_FOR.get(window.trigger, "")
    if not card:
        return "", set(), set()
    order = [(window.mover + k) % view.n for k in range(1, view.n)]
    awaited = set(window.waiting)
    after = order[order.index(window.waiting[0]):] if window.waiting and window.waiting[0] in order else []
    return card, awaited, {i for i in after if i not in awaited}


def _deal_creatures(view: View, others: list[int], summoner: int, rng: random.Random):
    """Each other seat's creatures and fresh creatures (sorted), another seat's Summon,
    and the creature deck (shuffled, a midnight card among its bottom six until midnight
    strikes), from the creatures the seat does not see."""
    if view.options.level < 3:
        return {i: () for i in others}, {i: () for i in others}, (), ()
    everything = Counter({code: c.count for code, c in CREATURES.items()})
    me = view.players[view.me] if view.me is not None else None
    under_rudolf = sum(max(p.rudolf, 0) for p in view.players)
    seen = [*view.creature_discard, *(["RD"] * under_rudolf), *(me.creatures if me else ()), *view.summoning]
    pool = _unaccounted(everything, seen, "creatures")
    in_hands = sum(view.players[i].creature_count for i in others)
    summoned = len(pool) - in_hands - view.creature_deck
    if summoned < 0 or (summoned and summoner < 0) or (summoner >= 0 and not 1 <= summoned <= 2):
        raise ValueError(f"{len(pool)} creatures are unaccounted for, which the view's counts cannot place")

    # slots: each other seat's playable part and fresh part, the Summon, the deck
    card, must, must_not = _reaction_needs(view)
    playable: dict[int, list[str]] = {i: [] for i in others}
    rng.shuffle(pool)
    for i in sorted(must & set(others)):
        if card in pool and view.players[i].creature_count - view.players[i].fresh_count > 0:
            pool.remove(card)
            playable[i].append(card)
    barred = [i for i in others if i in must_not]
    spare = [c for c in pool if c != card]
    if card and barred:
        # the seats that hold no reaction ready to play take their playable cards first,
        # from the others
        for i in barred:
            k = view.players[i].creature_count - view.players[i].fresh_count
            take = spare[:k]
            spare = spare[k:]
            playable[i] += take
            for c in take:
                pool.remove(c)
    hands: dict[int, tuple[str, ...]] = {}
    fresh: dict[int, tuple[str, ...]] = {}
    for i in others:
        p = view.players[i]
        k = p.creature_count - p.fresh_count - len(playable[i])
        playable[i] += pool[:max(k, 0)]
        pool = pool[max(k, 0):]
        fresh[i], pool = tuple(sorted(pool[:p.fresh_count])), pool[p.fresh_count:]
        hands[i] = tuple(sorted((*playable[i], *fresh[i])))
    summoning, pool = tuple(pool[:summoned]), pool[summoned:]
    deck = _with_midnight(pool, ev.MIDNIGHT, rng) if not view.midnight_struck else pool
    return hands, fresh, summoning, tuple(deck)


# --------------------------------------------------------------------------- kiddos
def _deal_kiddos(view: View, rng: random.Random):
    """The kiddo deck (shuffled, a midnight card among its bottom six while it can be
    there) and the kiddos taken out at 2–3 players, from the kiddos the seat does not
    see."""
    seen = [*(k for k in view.playground if k >= 0), *view.kiddo_discard,
            *(k for p in view.players for k in p.kiddos)]
    pool = _unaccounted(Counter(range(len(KIDDOS))), seen, "kiddos")
    removed: list[int] = []
    if view.n <= 3:
        for symbol in SYMBOLS:
            fours = [k for k in pool if KIDDOS[k].symbol == symbol and len(KIDDOS[k].wishes) == 4]
            if fours:
                removed.append(rng.choice(fours))
        removed += [k for k in range(len(KIDDOS)) if len(KIDDOS[k].wishes) == 5]
        if set(removed) - set(pool):
            raise ValueError("the view shows a kiddo that is taken out of a game of 2–3 players")
        pool = [k for k in pool if k not in removed]
    _check(pool, view.kiddo_deck, "kiddos")
    rng.shuffle(pool)
    if not view.midnight_struck or len(pool) >= 6:
        pool = _with_midnight(pool, ev.MIDNIGHT_KIDDO, rng)
    return tuple(pool), tuple(removed)
