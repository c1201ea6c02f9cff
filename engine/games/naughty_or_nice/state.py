"""Naughty or Nice's state and ``evolve``: the fold of the events, pure and unvalidated.

Decks are tuples, top first. Playground slots hold kiddo ids (-1: empty). Hands are
sorted tuples of codes. ``windows`` (``engine.core.reactions``) and ``held`` (creature
plays and Fulfills waiting on their window) make the reaction stack; ``prompts`` are
choices owed before play goes on, first first.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from engine.core import agenda, reactions
from engine.core.reactions import Answered, Passed, Window, WindowOpened

from . import events as ev
from .options import Options


class Player(Struct, frozen=True):
    """One player: ``giver`` (code, "" at level 1), ``score``, hand ``presents`` and
    ``creatures`` (sorted codes), ``fresh`` creatures gained since the turn began (not
    playable yet), ``kiddos`` taken (ids, Mrs. Claus's too), ``gifted`` (kiddos whose
    wishes were fulfilled: the tie-break), ``rudolf`` reindeer under Rudolf (-1: no
    Rudolf), ``skips`` turns to skip (Mr Scrooge)."""

    giver: str = ""
    score: int = 0
    presents: tuple[str, ...] = ()
    creatures: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()
    kiddos: tuple[int, ...] = ()
    gifted: int = 0
    rudolf: int = -1
    skips: int = 0

    def usable(self) -> int:
        """How many creatures in hand may be played now (public: hand size less fresh)."""
        return len(self.creatures) - len(self.fresh)

    def playable(self) -> tuple[str, ...]:
        """The creature codes in hand that started the turn there (multiset difference)."""
        rest = list(self.creatures)
        for code in self.fresh:
            rest.remove(code)
        return tuple(rest)


class Prompt(agenda.Prompt, frozen=True):
    """A choice ``seat`` owes: ``kind`` as in ``events.Prompted``; ``action`` for a
    Snow Maiden repeat."""

    action: str = ""


class Held(Struct, frozen=True):
    """A creature play (or a Fulfill, ``creature`` = "fulfill") waiting on its reaction
    window: who, what, its target, and ``given`` (a Fulfill's presents, for Papa
    Wolverine); ``open`` while its window awaits answers."""

    seat: int
    creature: str
    target: int = -1
    present: str = ""
    slot: int = -1
    given: tuple[str, ...] = ()
    open: bool = False


class State(Struct, frozen=True):
    """The whole table (``view`` decides what a seat sees). ``turn`` is the active seat,
    ``turns`` how many turns have begun, ``acted`` the basic action taken this turn ("":
    none), ``begun`` whether the active player did anything yet (start-of-turn abilities
    come first); ``midnight`` struck, then ``final`` turns are left after the current
    one; ``idle`` counts turns in a row that ended without a basic action; ``scores`` the
    final scoring once over."""

    n: int
    options: Options
    phase: str = "setup"
    turn: int = 0
    turns: int = 0
    acted: str = ""
    begun: bool = False
    players: tuple[Player, ...] = ()
    present_deck: tuple[str, ...] = ()
    creature_deck: tuple[str, ...] = ()
    kiddo_deck: tuple[int, ...] = ()
    row: tuple[str, ...] = ("", "", "")
    playground: tuple[int, ...] = (-1,) * 8
    present_discard: tuple[str, ...] = ()
    creature_discard: tuple[str, ...] = ()
    kiddo_discard: tuple[int, ...] = ()
    removed_presents: tuple[str, ...] = ()
    removed_kiddos: tuple[int, ...] = ()
    revealed: tuple[str, ...] = ()
    revealer: int = -1
    summoning: tuple[str, ...] = ()
    prompts: tuple[Prompt, ...] = ()
    windows: tuple[Window, ...] = ()
    held: tuple[Held, ...] = ()
    midnight: bool = False
    final: int = -1
    idle: int = 0
    scores: tuple[tuple[tuple[str, int], ...], ...] = ()

    @property
    def level(self) -> int:
        return self.options.level


def initial(options: Options, n: int) -> State:
    """The empty table for ``n`` seats."""
    return State(n=n, options=options, players=tuple(Player() for _ in range(n)))


def _add(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    return tuple(sorted((*hand, *cards)))


def _remove(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    rest = list(hand)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def _player(state: State, seat: int, **changes) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _gain_creatures(p: Player, cards, fresh: bool) -> dict:
    return {"creatures": _add(p.creatures, cards), "fresh": _add(p.fresh, cards) if fresh else p.fresh}


def _lose_creatures(p: Player, cards) -> dict:
    creatures = _remove(p.creatures, cards)
    fresh = list(p.fresh)
    # a card lost is taken from the playable ones first only if it cannot be a fresh one
    for card in cards:
        if card in fresh and fresh.count(card) > creatures.count(card):
            fresh.remove(card)
    return {"creatures": creatures, "fresh": tuple(fresh)}


def _close_held(held: tuple[Held, ...]) -> tuple[Held, ...]:
    for i in range(len(held) - 1, -1, -1):
        if held[i].open:
            return (*held[:i], replace(held[i], open=False), *held[i + 1:])
    return held


def evolve(state: State, event) -> State:
    """Fold one event into the state (pure, no validation)."""
    handler = _HANDLERS.get(type(event))
    return handler(state, event) if handler else state


def _shuffled(s: State, e: ev.Shuffled) -> State:
    if e.deck == "presents":
        return replace(s, present_deck=e.cards, present_discard=() if e.reshuffle else s.present_discard)
    if e.deck == "creatures":
        return replace(s, creature_deck=e.cards, creature_discard=() if e.reshuffle else s.creature_discard)
    return replace(s, kiddo_deck=tuple(int(c) for c in e.cards))


def _removed(s: State, e: ev.Removed) -> State:
    return replace(s, removed_presents=e.presents, removed_kiddos=e.kiddos)


def _giver(s: State, e: ev.GiverDrawn) -> State:
    rudolf = 0 if e.giver == "santa" and s.level >= 4 else -1
    return replace(s, players=_player(s, e.seat, giver=e.giver, rudolf=rudolf))


def _started(s: State, e: ev.Started) -> State:
    return replace(s, phase="play", turn=e.seat)


def _row(s: State, e: ev.RowFilled) -> State:
    taken = sum(1 for old, new in zip(s.row, e.row) if new and not old)
    return replace(s, row=e.row, present_deck=s.present_deck[taken:])


def _kiddo_in(s: State, e: ev.KiddoIn) -> State:
    ground = list(s.playground)
    ground[e.slot] = e.kiddo
    deck = s.kiddo_deck[1:] if s.kiddo_deck and s.kiddo_deck[0] == e.kiddo else s.kiddo_deck
    return replace(s, playground=tuple(ground), kiddo_deck=deck)


def _midnight(s: State, e: ev.Midnight) -> State:
    # the drawer takes the next card instead: the midnight card leaves the deck first
    if e.deck == "kiddos":
        s = replace(s, kiddo_deck=_remove(s.kiddo_deck, [ev.MIDNIGHT_KIDDO]))
    else:
        s = replace(s, creature_deck=_remove(s.creature_deck, [ev.MIDNIGHT]))
    return replace(s, midnight=True, final=s.n if not s.midnight else s.final)


def _drew(s: State, e: ev.Drew) -> State:
    p = s.players[e.seat]
    changes = {"presents": _add(p.presents, e.presents)}
    changes.update(_gain_creatures(p, e.creatures, e.fresh))
    return replace(
        s,
        players=_player(s, e.seat, **changes),
        present_deck=s.present_deck[len(e.presents):],
        creature_deck=s.creature_deck[len(e.creatures):],
    )


def _took(s: State, e: ev.TookFromRow) -> State:
    row = list(s.row)
    row[e.slot] = ""
    p = s.players[e.seat]
    return replace(s, row=tuple(row), players=_player(s, e.seat, presents=_add(p.presents, [e.present])))


def _summoned(s: State, e: ev.Summoned) -> State:
    return replace(s, summoning=e.creatures, creature_deck=s.creature_deck[len(e.creatures):])


def _kept(s: State, e: ev.Kept) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        summoning=(),
        players=_player(s, e.seat, **_gain_creatures(p, [e.kept], True)),
        creature_discard=(*s.creature_discard, e.discarded) if e.discarded else s.creature_discard,
    )


def _acted(s: State, e: ev.Acted) -> State:
    return replace(s, acted=e.action, begun=True) if e.seat == s.turn else s


def _fulfilled(s: State, e: ev.Fulfilled) -> State:
    p = s.players[e.seat]
    ground = list(s.playground)
    ground[e.slot] = -1
    changes = {"presents": _remove(p.presents, e.presents), "kiddos": (*p.kiddos, e.kiddo), "gifted": p.gifted + 1}
    if e.caga:
        changes.update(_lose_creatures(p, ["CT"]))
    players = _player(s, e.seat, **changes)
    discard = (*s.present_discard, *e.presents)
    creature_discard = (*s.creature_discard, "CT") if e.caga else s.creature_discard
    held = (*s.held, Held(e.seat, "fulfill", slot=e.slot, given=e.presents))
    return replace(s, players=players, playground=tuple(ground), present_discard=discard,
                   creature_discard=creature_discard, held=held)


def _scored(s: State, e: ev.Scored) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, score=p.score + e.points))


def _played(s: State, e: ev.Played) -> State:
    p = s.players[e.seat]
    cards = [e.creature] * e.count
    players = _player(s, e.seat, **_lose_creatures(p, cards))
    held = (*s.held, Held(e.seat, e.creature, e.target, e.present, e.slot)) if e.held else s.held
    return replace(s, players=players, creature_discard=(*s.creature_discard, *cards), held=held,
                   begun=True if e.seat == s.turn else s.begun)


def _resolved(s: State, e: ev.Resolved) -> State:
    return replace(s, held=s.held[:-1])


def _skipping(s: State, e: ev.Skipping) -> State:
    return replace(s, players=_player(s, e.seat, skips=s.players[e.seat].skips + 1))


def _skipped(s: State, e: ev.Skipped) -> State:
    return replace(s, players=_player(s, e.seat, skips=max(0, s.players[e.seat].skips - 1)))


def _stole(s: State, e: ev.Stole) -> State:
    thief, victim = s.players[e.seat], s.players[e.victim]
    if e.creatures:
        players = _player(s, e.victim, **_lose_creatures(victim, e.cards))
        s = replace(s, players=players)
        return replace(s, players=_player(s, e.seat, **_gain_creatures(thief, e.cards, True)))
    s = replace(s, players=_player(s, e.victim, presents=_remove(victim.presents, e.cards)))
    return replace(s, players=_player(s, e.seat, presents=_add(thief.presents, e.cards)))


def _gave(s: State, e: ev.Gave) -> State:
    giver = s.players[e.seat]
    s = replace(s, players=_player(s, e.seat, presents=_remove(giver.presents, [e.present])))
    to = s.players[e.to]
    return replace(s, players=_player(s, e.to, presents=_add(to.presents, [e.present])))


def _revealed(s: State, e: ev.Revealed) -> State:
    return replace(s, revealed=e.presents, revealer=e.seat, present_deck=s.present_deck[len(e.presents):])


def _picked(s: State, e: ev.Picked) -> State:
    p = s.players[e.seat]
    return replace(s, revealed=_remove(s.revealed, [e.present]),
                   players=_player(s, e.seat, presents=_add(p.presents, [e.present])))


def _took_kiddo(s: State, e: ev.TookKiddo) -> State:
    ground = list(s.playground)
    ground[e.slot] = -1
    p = s.players[e.seat]
    return replace(s, playground=tuple(ground), players=_player(s, e.seat, kiddos=(*p.kiddos, e.kiddo)))


def _discarded(s: State, e: ev.Discarded) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, presents=_remove(p.presents, e.presents)),
                   present_discard=(*s.present_discard, *e.presents), begun=True if e.seat == s.turn else s.begun)


def _searched(s: State, e: ev.SearchedRudolf) -> State:
    if not e.found:
        return s
    p = s.players[e.seat]
    s = replace(s, players=_player(s, e.seat, rudolf=p.rudolf + 1))
    if e.source == "discard":
        return replace(s, creature_discard=_remove(s.creature_discard, ["RD"]))
    return replace(s, creature_deck=_remove(s.creature_deck, ["RD"]))


def _tucked(s: State, e: ev.Tucked) -> State:
    # "When you gain a reindeer you may put the reindeer underneath Rudolf": a reindeer
    # gained this turn goes first, so one that started the turn in hand stays playable
    p = s.players[e.seat]
    changes = {"creatures": _remove(p.creatures, ["RD"]), "fresh": _remove(p.fresh, ["RD"])}
    return replace(s, players=_player(s, e.seat, rudolf=p.rudolf + 1, **changes),
                   begun=True if e.seat == s.turn else s.begun)


def _swept(s: State, e: ev.Swept) -> State:
    ground = list(s.playground)
    ground[e.slot] = -1
    return replace(s, playground=tuple(ground), kiddo_discard=(*s.kiddo_discard, e.kiddo), begun=True)


def _wolverine(s: State, e: ev.Took) -> State:
    p = s.players[e.seat]
    return replace(s, present_discard=_remove(s.present_discard, e.presents),
                   players=_player(s, e.seat, presents=_add(p.presents, e.presents)))


def _prompted(s: State, e: ev.Prompted) -> State:
    return replace(s, prompts=agenda.prompted(s.prompts, Prompt(e.seat, e.kind, e.action), e.first))


def _prompt_done(s: State, e: ev.PromptDone) -> State:
    return replace(s, prompts=agenda.prompt_done(s.prompts))


def _turn(s: State, e: ev.TurnStarted) -> State:
    players = tuple(replace(p, fresh=()) if p.fresh else p for p in s.players)
    final = s.final - 1 if s.midnight and s.final > 0 else s.final
    return replace(s, turn=e.seat, turns=s.turns + 1, acted="", begun=False, players=players, final=final)


def _turn_end(s: State, e: ev.TurnEnded) -> State:
    return replace(s, acted="", begun=False, idle=0 if s.acted else s.idle + 1)


def _final(s: State, e: ev.FinalScore) -> State:
    return replace(s, phase="over", scores=e.scores)


def _window(s: State, e: WindowOpened) -> State:
    held = s.held
    if e.seats and held:
        held = (*held[:-1], replace(held[-1], open=True))
    return replace(s, windows=reactions.opened(s.windows, e), held=held)


def _passed(s: State, e: Passed) -> State:
    windows = reactions.after_pass(s.windows, e.seat)
    held = _close_held(s.held) if len(windows) < len(s.windows) else s.held
    return replace(s, windows=windows, held=held)


def _answered(s: State, e: Answered) -> State:
    return replace(s, windows=reactions.after_answer(s.windows), held=_close_held(s.held))


_HANDLERS = {
    ev.Shuffled: _shuffled, ev.Removed: _removed, ev.GiverDrawn: _giver, ev.Started: _started, ev.RowFilled: _row,
    ev.KiddoIn: _kiddo_in, ev.Midnight: _midnight, ev.Drew: _drew, ev.TookFromRow: _took, ev.Summoned: _summoned,
    ev.Kept: _kept, ev.Acted: _acted, ev.Fulfilled: _fulfilled, ev.Scored: _scored, ev.Played: _played,
    ev.Resolved: _resolved, ev.Skipping: _skipping, ev.Skipped: _skipped, ev.Stole: _stole, ev.Gave: _gave,
    ev.Revealed: _revealed, ev.Picked: _picked, ev.TookKiddo: _took_kiddo, ev.Discarded: _discarded,
    ev.SearchedRudolf: _searched, ev.Tucked: _tucked, ev.Swept: _swept, ev.Took: _wolverine,
    ev.Prompted: _prompted, ev.PromptDone: _prompt_done, ev.TurnStarted: _turn, ev.TurnEnded: _turn_end,
    ev.FinalScore: _final, WindowOpened: _window, Passed: _passed, Answered: _answered,
}
