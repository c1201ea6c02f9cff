"""Gift Trap's sampler: a whole ``State`` dealt at random consistently with one seat's view.

``sample(view, seat, rng) -> State`` is ``Game.sample`` (``engine/core/decider.py``): the
search bots (``engine.core.search``) plan over the states it deals. It reads nothing but
``view``, ``seat`` and the game's static data (``cards.py``); every chance it takes comes
from ``rng``.

What a seat cannot see (``view.py``'s docstring, the hidden information of this game;
``gift-trap.de.txt``, "2. Geschenke machen" and "3. Bewerten": the tiles are placed face
down, "verdeckt"; "4. Auswertung": everyone turns them over together) is exactly the
tiles the *other* seats have placed this round:

- in the Give phase, each other seat's Give tiles (``State.gives``). A seat that has
  committed (``view.committed``, public) has given every other player one tile, on
  different gifts ("dass man jedes Geschenk nur einmal verschenken kann und das man
  jedem Mitspieler ein Geschenk machen muss"); a seat still placing has given a number
  of them the view does not show, so the sampler draws that number too (uniformly from
  none to all);
- in the Rate phase, every other seat's Give tiles (all committed: the Give phase is
  over) and its Get tiles (``State.rates``): Super, Good, Okay and No way on four
  different gifts once committed, some of them (a number drawn uniformly) while still
  placing;
- with the extra tiles (the variant paragraph, "Als Spielvariante …"): where each other
  seat's Give more and Get more lie (on at most one of its tiles each, and only while
  the seat may still use them: ``give_more_spent``/``get_more_spent`` under
  ``extras_once_per_game``), and its Gifttrap (``State.traps``) in the Rate phase, only
  while its Gifttrap is not spent (``trap_spent``, public).

Each is dealt again from ``rng``: recipients, gifts and Get tiles uniformly among the
legal placements; a doubling tile lies on one of the seat's tiles with chance
``MORE_CHANCE`` when the seat may use it, a Gifttrap on a uniform gift with chance
``TRAP_CHANCE``. These chances are the sampler's prior (the rulebook gives none); any
choice gives a state the game could be in. The seat's own tiles (``my_gives``,
``my_rates``, ``my_trap``) are kept as they lie, in the order placed. In the deal phase
and once the game is over no tile lies on the table, so nothing is dealt.

Everything else is public and kept: phase, round, dealer, the gifts on the spaces, both
tracks, who has committed, the spent extra tiles, every past reveal and the winners. No
gift card is hidden: a deal draws its cards at random from the chosen stack when it is
made (``rules._deal``), so the stacks have no order to deal again. Which cards each
stack has used since it was last refilled (``State.deck_used``; the view shows only the
counts, ``decks_left``) is rebuilt from the deals the seat watched: every past reveal's
cards (``history``) and the gifts now on the table, in order, each stack refilled when
it had fewer cards than a deal needs (RULES.md, "1. Deal gifts").

Known simplification (a seat's memory beyond its view): the log shows a seat that
another seat made a hidden move ("bob: (hidden)"), so a seat that watched knows how
many tile moves each other seat made this phase (an upper bound on its tiles placed; a
seat with no move has placed none and set no Gifttrap). The view does not carry those
counts, so the number of tiles an uncommitted seat has placed is drawn from the whole
legal range. No legal command of the observing seat depends on it.

Shapes: ``view`` a ``view.View`` made by ``view.view(state, seat)`` with its whole
``history`` (not ``view.brief``); ``seat`` the view's seat (``None`` for a spectator's
view, when every seat's tiles are dealt); ``rng`` a ``random.Random``. Returns a
``state.State`` with ``view.view(result, seat) == view``.

Raises ``ValueError`` when ``seat`` is not the view's seat, or when the view's reveals
do not account for the stacks' counts (a ``brief`` view, whose history is cut short).
"""

from __future__ import annotations

import random

import msgspec

from . import tastes
from .cards import DECK_CARDS, DECKS, GIFTS
from .commands import GET_TILES
from .rules import gifts_per_round
from .state import State, Tile
from .view import View

#: Chance that another seat's Give more (Get more) lies on one of its tiles this phase,
#: when it may use it: the sampler's prior, not a rule.
MORE_CHANCE = 0.5
#: Chance that another seat with its Gifttrap unspent has set it this Rate phase.
TRAP_CHANCE = 0.25
#: Chance that another seat rates this round as its dealt taste says (``tastes``), not at
#: random: a person is not a bot, so a little of every other rating stays possible.
LIKE_CHANCE = 0.9


def sample(view: View, seat: int | None, rng: random.Random) -> State:
    """A whole state dealt at random consistently with ``view`` (seat ``seat``'s view):
    the other seats' face-down tiles of this round dealt again, everything public kept
    (see the module docstring). Raises ``ValueError`` for a view that is not ``seat``'s
    or whose history is cut short."""
    me = view.me
    if me != (seat if seat is not None and 0 <= seat < view.n else None):
        raise ValueError(f"this is {'a spectator' if me is None else f'seat {me}'}'s view, not seat {seat}'s")
    n, o = view.n, view.options
    spaces = tuple(g.id for g in view.gifts)
    count = len(spaces)
    gives: list[tuple[Tile, ...]] = [()] * n
    rates: list[tuple[Tile, ...]] = [()] * n
    traps = [0] * n
    dealt: list[tuple[float, ...]] = [()] * n
    if view.phase != "over":
        for s in range(n):
            if s != me:
                dealt[s] = tastes.deal(view, s, rng)
    if view.phase in ("give", "rate"):
        rating = view.phase == "rate"
        for s in range(n):
            if s == me:
                gives[s], rates[s], traps[s] = view.my_gives, view.my_rates, view.my_trap
                continue
            give_more = o.extra_tiles and not (o.extras_once_per_game and view.give_more_spent[s])
            get_more = o.extra_tiles and not (o.extras_once_per_game and view.get_more_spent[s])
            done = rating or view.committed[s]
            placed = n - 1 if done else rng.randint(0, n - 1)
            if rng.random() < tastes.follows(view, s):
                plan = tastes.planned_gives(view, s)
                order = sorted(plan)[:placed]
                gives[s] = tuple(Tile(plan[r][0], to=r, more=give_more and plan[r][1]) for r in order)
            else:
                others = [r for r in range(n) if r != s]
                gives[s] = _tiles(rng, count, give_more, [Tile(0, to=r) for r in rng.sample(others, placed)])
            if rating:
                placed = len(GET_TILES) if view.committed[s] else rng.randint(0, len(GET_TILES))
                if rng.random() < LIKE_CHANCE:
                    plan = tastes.bot(dealt[s], s).plan_rates(msgspec.structs.replace(view, me=s))
                    rates[s] = tuple(Tile(plan[t][0], tile=t, more=get_more and plan[t][1]) for t in GET_TILES[:placed])
                else:
                    rates[s] = _tiles(rng, count, get_more, [Tile(0, tile=t) for t in rng.sample(GET_TILES, placed)])
                if o.extra_tiles and not view.trap_spent[s] and rng.random() < TRAP_CHANCE:
                    traps[s] = rng.randint(1, count)
    return State(
        n=n,
        options=o,
        phase=view.phase,
        round=view.round,
        dealer=view.dealer,
        spaces=spaces,
        deck_used=_deck_used(view, spaces),
        gives=tuple(gives),
        rates=tuple(rates),
        traps=tuple(traps),
        trap_spent=view.trap_spent,
        give_more_spent=view.give_more_spent,
        get_more_spent=view.get_more_spent,
        committed=view.committed,
        give_scores=view.give_scores,
        get_scores=view.get_scores,
        history=view.history,
        winners=view.winners,
        tastes=tuple(dealt) if any(dealt) else (),
    )


def persona(state: State, seat: int):
    """The ``normal`` bot that plays ``seat`` in a play-out from ``state``: one that rates
    by the taste the sampler dealt the seat (``State.tastes``), or None where none was
    dealt (a real table, the searching seat itself), for the seat's own bot."""
    if state.tastes and state.tastes[seat]:
        return tastes.bot(state.tastes[seat], seat)
    return None


def _tiles(rng: random.Random, count: int, more: bool, tiles: list[Tile]) -> tuple[Tile, ...]:
    """``tiles`` (space 0) put on different gifts among ``count`` at random; when ``more``,
    the doubling tile on one of them with chance ``MORE_CHANCE``."""
    spaces = rng.sample(range(1, count + 1), len(tiles))
    doubled = rng.randrange(len(tiles)) if more and tiles and rng.random() < MORE_CHANCE else -1
    return tuple(Tile(space, to=t.to, tile=t.tile, more=i == doubled) for i, (t, space) in enumerate(zip(tiles, spaces)))


def _deck_used(view: View, spaces: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The cards each stack has dealt since it was last refilled, in the order dealt:
    the deals the seat watched (each past reveal's cards, then the gifts on the table)
    replayed with the refill rule of ``rules._deal``. Raises ``ValueError`` when they do
    not give the view's ``decks_left``."""
    need = gifts_per_round(State(n=view.n, options=view.options))
    used: list[tuple[str, ...]] = [()] * len(DECKS)
    deals = [tuple(record.cards) for record in view.history] + ([spaces] if spaces else [])
    for cards in deals:
        d = DECKS.index(GIFTS[cards[0]].deck)
        refilled = len(DECK_CARDS[DECKS[d]]) - len(used[d]) < need
        used[d] = (() if refilled else used[d]) + cards
    for d, deck in enumerate(DECKS):
        if len(DECK_CARDS[deck]) - len(used[d]) != view.decks_left[d]:
            raise ValueError(
                f"the view's reveals do not account for the {deck} stack's {view.decks_left[d]} cards left: "
                "sample needs the whole history (not a brief view)"
            )
    return tuple(used)
