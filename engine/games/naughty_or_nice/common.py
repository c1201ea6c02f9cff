"""What Naughty or Nice's rule modules share: the helpers every one of them uses.

The rules' modules import one way (``pyproject.toml``'s import contracts): ``data`` →
``state`` → this module (the counts a level gives, a gift giver's seat and bonus, a
creature's points, covering a wish, the transaction ``Tx`` that folds events as they
are made, from ``engine.core.agenda``, drawing and refilling) → ``effects`` (what a
creature does) → ``legal`` (what a seat may do) → ``rules`` (``setup``, ``decide``,
``result``). Every rule cites the Naughty or Nice rulebook by section; rulings are in
``RULES.md``.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.core import reactions
from engine.core.agenda import Transaction

from . import commands as cmd
from . import events as ev
from .data import CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS
from .options import Options
from .state import Player, State, evolve

#: Reindeer played together score 2 / 5 / 8 / 12 ("Creatures", Reindeer).
REINDEER_POINTS = {1: 2, 2: 5, 3: 8, 4: 12}


# --------------------------------------------------------------------------- helpers
def craft_count(level: int) -> int:
    """Presents a Craft takes: 3 at levels 1–2, 2 from level 3 ("Modularity")."""
    return 3 if level <= 2 else 2


def hand_size(level: int) -> tuple[int, int]:
    """Starting (presents, creatures): (6, 0) at levels 1–2, else (4, 1) ("Deal
    starting hands"; "Modularity", Level 1)."""
    return (6, 0) if level <= 2 else (4, 1)


def colour(code: str) -> str:
    """The colour of present ``code``."""
    return PRESENTS[code].colour


def summons_score(state: State) -> bool:
    """Whether a Summon scores instead of bringing creatures: after midnight, with set
    collection (level 5). The rulebook prints it under "End of the game with set
    collection": "After a midnight card has been drawn you may not summon any new
    creatures. Instead you gain ★ for each creature that you would summon." At levels
    3–4 a Summon after midnight draws two and keeps one, as before it."""
    return state.midnight and state.level >= 5


def giver_of(state: State, seat: int) -> str:
    """The seat's gift giver code when its written ability is in play (level 4+), else ""."""
    return state.players[seat].giver if state.level >= 4 else ""


def seat_with(state: State, giver: str) -> int:
    """The seat playing gift giver ``giver`` with abilities on, or -1."""
    if state.level < 4:
        return -1
    for i, p in enumerate(state.players):
        if p.giver == giver:
            return i
    return -1


def preferred_bonus(state: State, seat: int, presents) -> int:
    """Extra points for preferred presents given ("Fulfill Wishes": "+1 … per special
    present"; Father Christmas's Stockings +2 from level 4): 0 at level 1."""
    giver = state.players[seat].giver if state.level >= 2 else ""
    return giver_bonus(giver, state.level, presents)


def giver_bonus(giver: str, level: int, presents) -> int:
    """``preferred_bonus`` for gift giver ``giver`` ("" for none) at ``level``: what the
    state's version and a command's words (``words``) both count."""
    if not giver:
        return 0
    g = GIVERS[giver]
    each = g.bonus if level >= 4 else 1
    return sum(each for code in presents if code in g.preferred)


def creature_points(state: State, seat: int, code: str, count: int = 1) -> int:
    """Points for playing ``count`` × ``code`` ("Immediately after playing"; reindeer
    2/5/8/12; Odin +1 hurtful, Aunt Arie +1 helpful from level 4)."""
    return points_for(code, count, giver_of(state, seat), state.options.unmarked_points)


def points_for(code: str, count: int, giver: str, unmarked_points: int) -> int:
    """``creature_points`` for a seat whose gift giver's ability is ``giver`` ("" when
    none is in play, below level 4), with the option's ``unmarked_points``."""
    c = CREATURES[code]
    if code == "RD":
        return REINDEER_POINTS[count]
    points = c.points if c.marked else unmarked_points
    if (giver == "odin" and c.kind == "hurtful") or (giver == "arie" and c.kind == "helpful"):
        points += 1
    return points


def answered(state: State):
    """The held play (``state.Held``) the innermost reaction window answers: the
    topmost one still open (a closed one above it, such as Grandfather Frost's Fulfill
    made while the window waited, is not what the window is about). Call it only while
    a window is open (``StopIteration`` otherwise)."""
    return next(h for h in reversed(state.held) if h.open)


def symbols_of(kiddos) -> Counter:
    """Count of each set symbol among kiddo ids."""
    return Counter(KIDDOS[k].symbol for k in kiddos)


def cover(state: State, seat: int, kiddo: int, presents, caga: bool) -> bool | None:
    """Whether ``presents`` (and Caga Tió) fulfil ``kiddo``'s wishes for ``seat``:
    None if not; else whether Saint Nicholas's ignored black wish was used ("Fulfill
    Wishes": the colours must match, "their artwork may differ"; Caga Tió stands in for
    1 present; Saint Nicholas may ignore the first black icon)."""
    wishes = Counter(KIDDOS[kiddo].wishes)
    given = Counter(colour(p) for p in presents)
    if given - wishes:
        return None
    left = wishes - given
    missing = sum(left.values())
    if missing == int(caga):
        return False
    if giver_of(state, seat) == "nicholas" and left["black"] >= 1 and missing == int(caga) + 1:
        return True
    return None


# --------------------------------------------------------------------------- transaction
class Tx(Transaction):
    """Events of one command, folded as they are emitted (``engine.core.agenda``)."""

    def __init__(self, state: State, rng: random.Random):
        super().__init__(state, rng, evolve)

    def score(self, seat: int, points: int, reason: str) -> None:
        """Score ``points`` (negative: lose; scores stop at 0 unless ``negative_scores``)."""
        if points < 0 and not self.state.options.negative_scores:
            points = -min(-points, self.state.players[seat].score)
        if points:
            self.emit(ev.Scored(seat, points, reason))


def presents_available(s: State) -> int:
    return len(s.present_deck) + len(s.present_discard)


def draw_presents(tx: Tx, k: int) -> tuple[str, ...]:
    """The top ``k`` presents (fewer if deck and discard run out), reshuffling the
    discard pile under what is left of the deck when needed; the caller emits the draw."""
    s = tx.state
    if len(s.present_deck) < k and s.present_discard:
        pile = list(s.present_discard)
        tx.rng.shuffle(pile)
        tx.emit(ev.Shuffled("presents", (*s.present_deck, *pile), reshuffle=True))
    return tx.state.present_deck[:k]


def creatures_available(s: State) -> int:
    return sum(1 for c in s.creature_deck if c != ev.MIDNIGHT) + len(s.creature_discard)


def draw_creatures(tx: Tx, seat: int, k: int) -> tuple[str, ...]:
    """The next ``k`` creatures for ``seat``: a midnight card met on the way strikes
    midnight and the drawer takes the next card instead ("Ending the game"). The caller
    emits the draw (the midnight card has left the deck by then)."""
    s = tx.state
    if creatures_available(s) and sum(1 for c in s.creature_deck if c != ev.MIDNIGHT) < k and s.creature_discard:
        pile = list(s.creature_discard)
        tx.rng.shuffle(pile)
        tx.emit(ev.Shuffled("creatures", (*s.creature_deck, *pile), reshuffle=True))
        s = tx.state
    take = []
    for card in s.creature_deck:
        if len(take) == k:
            break
        if card == ev.MIDNIGHT:
            tx.emit(ev.Midnight("creatures", seat))
            continue
        take.append(card)
    return tuple(take)


def refill_slot(tx: Tx, slot: int, seat: int) -> None:
    """Fill playground ``slot`` from the kiddo deck ("Fill up the Playground
    immediately"); a midnight card strikes midnight and the next kiddo comes instead."""
    for kiddo in tx.state.kiddo_deck:
        if kiddo == ev.MIDNIGHT_KIDDO:
            tx.emit(ev.Midnight("kiddos", seat))
            continue
        tx.emit(ev.KiddoIn(slot, kiddo))
        return


def refill_row(tx: Tx) -> None:
    """Refill the present row's empty places at the end of a turn ("Craft Presents":
    "Only refill the row at the end of the active players turn")."""
    s = tx.state
    empty = [i for i, c in enumerate(s.row) if not c]
    if not empty:
        return
    cards = list(draw_presents(tx, len(empty)))
    row = list(tx.state.row)
    for i in empty:
        if cards:
            row[i] = cards.pop(0)
    if tuple(row) != tx.state.row:
        tx.emit(ev.RowFilled(tuple(row)))


# --------------------------------------------------------------------------- setup
# --------------------------------------------------------------------------- who acts
def to_act(state: State) -> frozenset[int]:
    """The seat owing a prompt, else the seat awaited in the innermost reaction window,
    else the active player; nobody once the game is over."""
    if state.phase == "over":
        return frozenset()
    if state.prompts:
        return frozenset({state.prompts[0].seat})
    seat = reactions.acting(state.windows)
    if seat is not None:
        return frozenset({seat})
    if state.turns == 0:
        return frozenset()
    return frozenset({state.turn})


def action_name(command) -> str:
    return {cmd.Craft: "craft", cmd.Summon: "summon", cmd.Fulfill: "fulfill"}[type(command)]


