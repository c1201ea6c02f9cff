"""Dice Upon a Time's sampler: a whole ``State`` dealt at random consistently with one
seat's view.

``sample(view, seat, rng) -> State`` is ``Game.sample`` (``engine/core/decider.py``): the
search bots (``engine.core.search``) plan over the states it deals. It reads nothing but
``view``, ``seat`` and the game's static data (the Quest and Event cards of ``cards.py``,
the Story cards of ``stories.py``, the Magic Items of ``items.py``); every chance it
takes comes from ``rng``.

What a seat cannot see (``view.py``; RULES.md, "Hidden information") is dealt again, and
nothing else:

- **the Quest decks' order**, each deck of its view's size, from the Quest cards of its
  AP value that no player holds, has completed or may complete (co-operative game: the
  face-up row) and that are not in the seat's own King's draw (the Dice Upon a Time
  rulebook, "Setup" 2: the decks are "separated by value, shuffle[d] and place[d] face
  down"). The cards of a value left over once the deck is dealt are out of the game (a
  quest discarded down to four, QuestDropped) or in another player's King's draw;
- **another player's King's draw** while it waits for its keep (step ``keep``: "King",
  "draw 3 Quest cards … keep one of them, and put the rest back to the bottom of their
  decks"; only the drawer sees it): three cards (fewer only when the decks are now
  empty, as many as the cards left over allow), from decks chosen uniformly among the
  ways the left-over cards allow, dealt like a deck's top cards;
- **the Event cards still face down** ("Setup" 7: "6 random Event cards face-down";
  ``events=hidden``, the chapters not begun yet), from the Event cards not lying face up;
- full game (``cards=full``): **the Story deck's order and the Story discard pile**,
  each of its view's size, from the Story cards no player has in front of them and none
  waiting to be read or kept (a ``read`` or ``keep_story`` waiting effect); a Story card
  a waiting effect or an owed answer names (a Good or Bad Luck card read, a Mini Quest's
  reward) lies in the discard pile ("Activated and discarded Story cards all go into one
  discard pile");
- full game: **the Magic Item deck's order, its discard pile and the other players'
  hands** ("Magic Item cards": "These cards are kept secret"), each of its view's size,
  from the Magic Items not in the seat's own hand. A Magic Item another player offers
  the seat in the trade on the table (or asks of it) stays in that player's hand; one
  played whose waiting effect has not happened yet (the Cudgel in the Sack, the Spirit
  in the Bottle, the Magic Mirror, the Cursed Ring, the Seven-league Boots) lies in the
  discard pile
  ("Activated and discarded Magic Item cards all go into one discard pile"), and the
  waiting effect names it again (the view shows it as ``"?"``; its effect word names
  the one card). A trade between two other players offers Magic Items dealt from the
  offering player's hand (``give``) and the asked player's (``get``). With
  ``windows=quick`` a window asks only the seats holding an item that can answer now
  (``effects.window_seats``), so in the innermost window every other seat still waiting
  holds such an item, and a seat holding items that comes after the first seat waiting
  in the window's order but is not waiting held none when it opened: both are kept
  (when the items left make it impossible, the condition is dropped for that seat).

Everything else is public and kept as the view shows it: the board and its dice, the
figures, every pool, token, Rabbit token, the Snake Die, Characters, the quests held,
completed and face up, the quest tokens, the Story cards in front of the players, the
prompts, the open windows, the waiting effects, the trade on the table, the Events face
up, and the seat's own hand and King's draw.

Known simplifications (a seat's memory beyond its view; RULES.md "Hidden information"
says what a seat sees, the view keeps only the table as it lies):

- the two cards a seat put back under their decks at the King, the quests discarded out
  of the game (face up) and the decks another player's King's draw came from (the log
  shows them) are not in the view: those cards may be dealt anywhere in their decks, or
  out of the game;
- the Story discard pile lies face up, but the view has only its size: its cards are
  dealt from the Story cards unaccounted for (keeping those a waiting effect names);
- the Magic Items a seat saw (drawn and discarded by it, played by anyone, given away in
  a trade) are not in the view: they are dealt again with the rest; only the windows on
  the table now are read for ``windows=quick`` (a seat that passed has left the window).

Shapes: ``view`` a ``view.View`` made by ``view.view(state, seat)``; ``seat`` the view's
seat (``None`` for a spectator's view, when every hand is dealt); ``rng`` a
``random.Random``. Returns a ``state.State`` with ``view.view(result, seat) == view``.

Raises ``ValueError`` when ``seat`` is not the view's seat, or when the view's counts do
not add up with the cards it shows (a view not made by ``view.view``).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from msgspec.structs import replace

from engine.core import reactions

from . import events as ev
from .cards import load as load_cards
from .effects import ITEMS, STORIES, item_answers
from .state import State
from .view import View

HIDDEN = ev.HIDDEN
CARDS = load_cards()
#: The Quest cards by AP value (their deck), in file order.
QUESTS = {v: tuple(q.id for q in CARDS.quests.values() if q.ap == v) for v in (2, 3, 4)}
#: "On this field you can draw 3 Quest cards" ("King").
KING_DRAW = 3
#: The waiting effects a played Magic Item sets off, by the item's effect word.
PLAYED = {"steal_tokens": "steal_tokens", "steal_items": "steal_items", "steal_quests": "steal_quests",
          "curse": "pass_curse", "reset": "reset_die"}
#: Waiting effects holding a Story card that is not yet in front of a player nor
#: discarded: drawn and waiting to be read, a Curse waiting to be kept.
LIMBO = ("read", "keep_story")
#: Window triggers that ask several seats in turn (``effects.window_seats``), and
#: whether the mover is asked first.
ORDERED = {"tokens": True, "snake": True, "items": False, "quests": False}
#: Tries at a hand meeting a window's condition before one is built around an item that
#: meets it (rejection keeps the deal uniform among the hands that qualify).
TRIES = 64


def sample(view: View, seat: int | None, rng: random.Random) -> State:
    """A whole state dealt at random consistently with ``view`` (seat ``seat``'s view);
    the module docstring says what is dealt again."""
    if view.me != seat:
        raise ValueError(f"this view is seat {view.me}'s, not seat {seat}'s")
    mine = set(view.players[seat].magic) if seat is not None else set()
    pending = tuple(_restored(e, mine) for e in view.pending)
    decks, king = _quests(view, rng)
    state = State(
        view.options, view.n, phase=view.phase, chapter=view.chapter, start=view.start, turn=view.turn,
        step=view.step, prompts=view.prompts, players=view.players, board=dict(view.board), placed=view.placed,
        doubling=view.doubling, this_turn=view.this_turn, wolf_fed=view.wolf_fed, decks=decks, table=view.table,
        king=king, laid=_events(view, rng), event=view.event, snake=view.snake, rabbits=view.rabbits,
        items=view.items, drained=view.drained, windows=view.windows, pending=pending, gain=view.gain,
        rolled=view.rolled, arrived=view.arrived, strayed=view.strayed, offer=view.offer, offered=view.offered,
        met=view.met,
    )
    if view.options.cards != "full":
        return state
    stories, discard = _stories(view, pending, rng)
    return _items(replace(state, stories=stories, story_discard=discard), view, seat, mine, rng)


def _restored(e: ev.Effect, mine: set[str]) -> ev.Effect:
    """Waiting effect ``e`` with the Magic Item that set it off named again (the view
    shows ``"?"``): the one card whose effect word it is."""
    if e.item != HIDDEN:
        return e
    cards = [i for i, card in ITEMS.items() if card.effect == PLAYED.get(e.do)]
    if not cards:
        raise ValueError(f"no Magic Item sets off a waiting {e.do!r}")
    return replace(e, item=next((i for i in cards if i not in mine), cards[0]))


# --------------------------------------------------------------------------- quests
def _quests(view: View, rng: random.Random) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
    """The Quest decks (AP value → ids, top first) and the King's draw."""
    known = {q for p in view.players for q in (*p.quests, *p.done)} | set(view.table) | set(view.king)
    left = {v: [q for q in QUESTS[v] if q not in known] for v in QUESTS}
    sizes = {v: view.decks.get(v, 0) for v in QUESTS}
    for v in QUESTS:
        if sizes[v] > len(left[v]):
            raise ValueError(f"the view's {v} AP deck holds {sizes[v]} cards, "
                             f"but only {len(left[v])} are unaccounted for")
    drawn: tuple[int, ...] = ()
    if view.step == "keep" and not view.king:  # another player's King's draw
        spare = {v: len(left[v]) - sizes[v] for v in QUESTS}
        k = KING_DRAW if any(sizes.values()) else min(KING_DRAW, sum(spare.values()))
        ways = [c for c in combinations_with_replacement(QUESTS, k) if all(c.count(v) <= spare[v] for v in QUESTS)]
        if not ways:
            raise ValueError("the view's King's draw cannot be dealt from the Quest cards unaccounted for")
        drawn = rng.choice(ways)
    decks, king = {}, []
    for v in QUESTS:
        cards = rng.sample(left[v], sizes[v] + drawn.count(v))
        taken = drawn.count(v)
        king += cards[:taken]
        decks[v] = tuple(cards[taken:])
    by_value = {v: [q for q in king if CARDS.quests[q].ap == v] for v in QUESTS}
    king_order = tuple(by_value[v].pop(0) for v in drawn)  # drawn in the order of the decks chosen
    return {v: decks.get(v, ()) for v in view.decks}, (view.king or king_order)


# --------------------------------------------------------------------------- events
def _events(view: View, rng: random.Random) -> tuple[str, ...]:
    """The Event cards by chapter, the face-down ones dealt from those not face up."""
    shown = {e for e in view.laid if e != HIDDEN}
    left = [e for e in CARDS.events if e not in shown]
    hidden = sum(e == HIDDEN for e in view.laid)
    if hidden > len(left):
        raise ValueError("the view lays more Event cards than there are")
    dealt = iter(rng.sample(left, hidden))
    return tuple(next(dealt) if e == HIDDEN else e for e in view.laid)


# --------------------------------------------------------------------------- stories
def _stories(view: View, pending: tuple[ev.Effect, ...], rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Story deck (top first) and its discard pile."""
    known = {x for p in view.players for x in p.stories} | {e.story for e in pending if e.do in LIMBO}
    left = [x for x in STORIES if x not in known]
    if len(left) != view.stories + view.story_discard:
        raise ValueError(f"the view's Story deck and discard hold {view.stories + view.story_discard} cards, "
                         f"but {len(left)} are unaccounted for")
    named = [e.story for e in pending if e.do not in LIMBO] + [p.story for p in view.prompts]
    pinned = list(dict.fromkeys(x for x in named if x in left))[:view.story_discard]
    rest = [x for x in left if x not in pinned]
    rng.shuffle(rest)
    cut = view.story_discard - len(pinned)
    return tuple(rest[cut:]), tuple(rest[:cut]) + tuple(pinned)


# --------------------------------------------------------------------------- magic items
def _items(state: State, view: View, seat: int | None, mine: set[str], rng: random.Random) -> State:
    """``state`` with the Magic Item deck, its discard pile, the other players' hands and
    the trade on the table dealt."""
    others = [i for i in range(view.n) if i != seat]
    sizes = {i: len(view.players[i].magic) for i in others}
    left = [x for x in ITEMS if x not in mine]
    if len(left) != sum(sizes.values()) + view.magic + view.magic_discard:
        raise ValueError(f"the view's Magic Item deck, discard and hands hold "
                         f"{sum(sizes.values()) + view.magic + view.magic_discard} cards, but {len(left)} are "
                         "unaccounted for")
    pool = set(left)
    # a Magic Item the seat sees offered (or asked for) in a trade stays with its holder
    hands: dict[int, list[str]] = {i: [] for i in others}
    offer = view.offer
    if offer is not None:
        for cards, holder in ((offer.give, offer.seat), (offer.get, offer.to)):
            if holder in hands:
                for x in cards:
                    if x in pool:
                        hands[holder].append(x)
                        pool.discard(x)
    pinned = list(dict.fromkeys(e.item for e in state.pending if e.item in pool))[:view.magic_discard]
    pool -= set(pinned)
    need, avoid = _window_needs(state, view, seat, sorted(pool))
    remaining = [x for x in left if x in pool]  # a stable order before the rng's shuffles
    for i in sorted(others, key=lambda i: (i not in need and i not in avoid, i)):
        hands[i] += _hand(remaining, sizes[i] - len(hands[i]), need.get(i, set()), avoid.get(i, set()), hands[i], rng)
        taken = set(hands[i])
        remaining = [x for x in remaining if x not in taken]
    rng.shuffle(remaining)
    cut = view.magic_discard - len(pinned)
    magic, discard = tuple(remaining[cut:]), tuple(remaining[:cut]) + tuple(pinned)
    for i in others:
        rng.shuffle(hands[i])
    players = tuple(replace(p, magic=tuple(hands[i])) if i in hands else p for i, p in enumerate(view.players))
    if offer is not None and seat not in (offer.seat, offer.to):
        offer = replace(offer, give=_offered(offer.give, hands[offer.seat], rng),
                        get=_offered(offer.get, hands[offer.to], rng))
    return replace(state, players=players, magic=magic, magic_discard=discard, offer=offer)


def _offered(cards: tuple[str, ...], hand: list[str], rng: random.Random) -> tuple[str, ...]:
    """An offer's cards with each hidden Magic Item dealt from the ``hand`` it comes from."""
    items = iter(rng.sample(hand, sum(x == HIDDEN for x in cards)))
    return tuple(next(items) if x == HIDDEN else x for x in cards)


def _hand(pool: list[str], k: int, need: set[str], avoid: set[str], held: list[str],
          rng: random.Random) -> list[str]:
    """``k`` Magic Items from ``pool`` for a hand already holding ``held``: none of
    ``avoid`` and, when ``need`` is given, at least one of it (in the hand with
    ``held``); a condition the pool cannot meet is dropped."""
    allowed = [x for x in pool if x not in avoid]
    if len(allowed) < k:
        allowed = list(pool)
    wants = bool(need) and not need & set(held) and k > 0
    if wants and not need & set(allowed):
        wants = False
    if not wants:
        return rng.sample(allowed, k)
    for _ in range(TRIES):
        hand = rng.sample(allowed, k)
        if need & set(hand):
            return hand
    first = rng.choice(sorted(need & set(allowed), key=allowed.index))
    return [first] + rng.sample([x for x in allowed if x != first], k - 1)


def _window_needs(state: State, view: View, seat: int | None,
                  pool: list[str]) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """With ``windows=quick``: for each other seat, the items of ``pool`` one of which it
    must hold (it waits in the innermost window) and those it may not hold (it was
    passed over when the window opened), by ``effects.item_answers``."""
    if view.options.windows != "quick" or not view.windows:
        return {}, {}
    w = view.windows[-1]
    need_seats = [i for i in w.waiting if i != seat]
    avoid_seats: list[int] = []
    if w.trigger in ORDERED:
        holds = lambda i: bool(view.players[i].magic)  # noqa: E731
        order = ((w.mover,) if ORDERED[w.trigger] and holds(w.mover) else ()) + reactions.answer_order(
            w.mover, view.n, holds)
        if w.waiting and w.waiting[0] in order:
            after = order[order.index(w.waiting[0]) + 1:]
            avoid_seats = [i for i in after if i not in w.waiting and i != seat]

    def answering(i: int) -> set[str]:
        return {x for x in pool
                if item_answers(replace(state, players=_holding(state, i, x)), i, w)}

    return ({i: answering(i) for i in need_seats}, {i: answering(i) for i in avoid_seats})


def _holding(state: State, seat: int, item: str):
    return tuple(replace(p, magic=(item,)) if k == seat else p for k, p in enumerate(state.players))
