"""Reaction windows (``engine/core/reactions.py``; ``docs/architecture.md``, "Reaction
windows") driven by a toy decider defined here, so the mechanism is tested apart from
any real game (issue 13, "Out-of-turn reactions, in the engine": "test it with a toy
decider as well as with this game").

The toy game, *Veto*: seats take turns adding 1–3 to a shared counter; the first to
bring it to ``TARGET`` or more wins. Each seat is dealt two secret cards, "veto" or
"blank". An ``add`` waits on a reaction window that opens for every other seat holding
at least one card (a public count); an awaited seat passes or plays a veto, which
cancels the add (the mover's turn ends with nothing added). A veto can itself be vetoed:
it opens its own window, and a veto of a veto lets the add stand. The window never
tells who holds a veto: it asks every other seat with cards, and a pass is the same
event from anyone.
"""

from __future__ import annotations

import random
from typing import Union

import msgspec
import pytest
from msgspec.structs import replace

import engine
from engine.core import reactions, registry
from engine.core.decider import Game, Result
from engine.core.errors import IllegalCommand
from engine.core.reactions import Answered, Pass, Passed, Window, WindowOpened
from engine.core.save_write import dumps
from engine.core.session import LocalSession

TARGET = 12
HIDDEN = "?"


# ------------------------------------------------------------------ the toy game
class Options(msgspec.Struct, frozen=True):
    """``deal``: each seat's two cards ("v" veto, "b" blank), for a known position;
    empty: dealt from a shuffled deck of one veto and one blank a seat."""

    deal: tuple[str, ...] = ()


class Add(msgspec.Struct, frozen=True, tag="add"):
    amount: int


class Veto(msgspec.Struct, frozen=True, tag="veto"):
    pass


class Dealt(msgspec.Struct, frozen=True, tag="dealt"):
    seat: int
    cards: tuple[str, ...]


class Added(msgspec.Struct, frozen=True, tag="added"):
    seat: int
    amount: int


class Vetoed(msgspec.Struct, frozen=True, tag="vetoed"):
    seat: int


class Resolved(msgspec.Struct, frozen=True, tag="resolved"):
    what: str
    cancelled: bool = False


class Turn(msgspec.Struct, frozen=True, tag="turn"):
    seat: int


class Won(msgspec.Struct, frozen=True, tag="won"):
    seat: int


Command = Union[Add, Veto, Pass]
Event = Union[Dealt, Added, Vetoed, Resolved, Turn, Won, WindowOpened, Passed, Answered]


class Held(msgspec.Struct, frozen=True):
    """A move waiting on its window: an add (``amount``) or a veto (``amount`` 0)."""

    seat: int
    amount: int


class State(msgspec.Struct, frozen=True):
    n: int
    turn: int = 0
    counter: int = 0
    hands: tuple[tuple[str, ...], ...] = ()
    windows: tuple[Window, ...] = ()
    held: tuple[Held, ...] = ()
    winner: int = -1


class View(msgspec.Struct, frozen=True):
    me: int | None
    turn: int
    counter: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    windows: tuple[Window, ...]
    held: tuple[Held, ...]
    winner: int


def initial(options, n: int) -> State:
    return State(n=n, hands=((),) * n)


def _hand(s: State, seat: int, cards) -> tuple:
    hands = list(s.hands)
    hands[seat] = cards
    return tuple(hands)


def evolve(s: State, e) -> State:
    if isinstance(e, Dealt):
        return replace(s, hands=_hand(s, e.seat, e.cards))
    if isinstance(e, Added):
        return replace(s, held=(*s.held, Held(e.seat, e.amount)))
    if isinstance(e, Vetoed):
        hand = list(s.hands[e.seat])
        hand.remove("veto")
        return replace(s, hands=_hand(s, e.seat, tuple(hand)), held=(*s.held, Held(e.seat, 0)))
    if isinstance(e, Resolved):
        if e.cancelled:
            return replace(s, held=s.held[:-1])
        top = s.held[-1]
        return replace(s, held=s.held[:-1], counter=s.counter + top.amount)
    if isinstance(e, Turn):
        return replace(s, turn=e.seat)
    if isinstance(e, Won):
        return replace(s, winner=e.seat)
    if isinstance(e, WindowOpened):
        return replace(s, windows=reactions.opened(s.windows, e))
    if isinstance(e, Passed):
        return replace(s, windows=reactions.after_pass(s.windows, e.seat))
    if isinstance(e, Answered):
        return replace(s, windows=reactions.after_answer(s.windows))
    raise TypeError(e)


def setup(options, n: int, rng: random.Random) -> list:
    if options.deal:
        hands = [tuple(sorted({"v": "veto", "b": "blank"}[c] for c in h)) for h in options.deal]
    else:
        deck = ["veto"] * n + ["blank"] * n
        rng.shuffle(deck)
        hands = [tuple(sorted(deck[2 * i: 2 * i + 2])) for i in range(n)]
    return [Dealt(i, hand) for i, hand in enumerate(hands)] + [Turn(0)]


def to_act(s: State) -> frozenset[int]:
    if s.winner >= 0:
        return frozenset()
    seat = reactions.acting(s.windows)
    return frozenset({s.turn if seat is None else seat})


def _open(s: State, mover: int, trigger: str) -> list:
    # the public rule: every other seat with at least one card in hand (a count)
    seats = reactions.answer_order(mover, s.n, lambda i: len(s.hands[i]) > 0)
    return [WindowOpened(trigger, mover, seats)] if seats else []


def _settle(s: State) -> list:
    """Resolve held moves while no window is open: a veto cancels the move below it."""
    out = []
    while not s.windows and s.held:
        top = s.held[-1]
        if top.amount == 0:  # a veto: it and the move it answered leave the stack
            step = [Resolved("veto"), Resolved("add" if s.held[-2].amount else "veto", cancelled=True)]
        else:
            step = [Resolved("add")]
        for e in step:
            s = evolve(s, e)
        out += step
        if not s.held:
            if s.counter >= TARGET:
                step = [Won(s.turn)]
            else:
                step = [Turn((s.turn + 1) % s.n)]
            for e in step:
                s = evolve(s, e)
            out += step
    return out


def decide(s: State, seat: int, command, rng) -> list:
    if seat not in to_act(s):
        raise IllegalCommand("It is not your turn to act.")
    if s.windows:
        if isinstance(command, Pass):
            events = [Passed(seat)]
        elif isinstance(command, Veto) and "veto" in s.hands[seat]:
            events = [Vetoed(seat), Answered(seat)]
        else:
            raise IllegalCommand("Veto or pass.")
        after = s
        for e in events:
            after = evolve(after, e)
        if isinstance(command, Veto):
            more = _open(after, seat, "veto")
            for e in more:
                after = evolve(after, e)
            events += more
        return events + _settle(after)
    if not isinstance(command, Add) or not 1 <= command.amount <= 3:
        raise IllegalCommand("Add 1, 2 or 3.")
    events = [Added(seat, command.amount)]
    after = evolve(s, events[0])
    events += _open(after, seat, "add")
    for e in events[1:]:
        after = evolve(after, e)
    return events + _settle(after)


def legal(s: State, seat: int) -> list:
    if seat not in to_act(s):
        return []
    if s.windows:
        return [Pass()] + ([Veto()] if "veto" in s.hands[seat] else [])
    return [Add(k) for k in (1, 2, 3)]


def view(s: State, seat: int | None) -> View:
    hand = s.hands[seat] if seat is not None else ()
    return View(seat, s.turn, s.counter, hand, tuple(len(h) for h in s.hands), s.windows, s.held, s.winner)


def redact(e, seat: int | None):
    if isinstance(e, Dealt) and seat != e.seat:
        return replace(e, cards=(HIDDEN,) * len(e.cards))
    return e


def result(s: State) -> Result | None:
    if s.winner < 0:
        return None
    return Result([{"won": int(i == s.winner)} for i in range(s.n)], [s.winner], "")


def parse(text: str, names) -> object:
    word, *rest = text.split()
    return {"add": lambda: Add(int(rest[0])), "veto": Veto, "pass": Pass}[word]()


def notation(command, names) -> str:
    return f"add {command.amount}" if isinstance(command, Add) else ("veto" if isinstance(command, Veto) else "pass")


def describe(e, names) -> str:
    return repr(e)


class VetoBot:
    """Vetoes whenever it can, else passes; on its turn adds the most it may."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view, legal, rng):
        if view.windows:
            return Veto() if Veto() in legal else Pass()
        return legal[-1]


GAME = Game(
    slug="toy-veto", title="Veto", min_players=2, max_players=5, Options=Options, command_type=Command,
    event_type=Event, initial=initial, setup=setup, evolve=evolve, decide=decide, legal=legal, to_act=to_act,
    view=view, redact=redact, reveals=lambda e: isinstance(e, Dealt), result=result, parse=parse,
    notation=notation, describe=describe, bots={"veto": VetoBot}, view_type=View,
)

#: Hands for the tests: seat 1 holds the vetoes, every other seat blanks.
HANDS = ("bb", "vv", "bb", "bb")


def table(hands: tuple[str, ...], undo: str = "strict", seats=None) -> LocalSession:
    """A session of the toy game with ``hands`` dealt (one string a seat)."""
    return LocalSession(GAME, seats or [f"p{i}" for i in range(len(hands))], seed=1,
                        options=Options(hands), undo_policy=undo)


# ------------------------------------------------------------------ the tests
def test_answer_order_is_clockwise_from_the_movers_left_and_filters_by_a_public_rule():
    """reactions.answer_order: "the seats other than mover … clockwise from the mover's
    left" that the public predicate admits."""
    assert reactions.answer_order(2, 5) == (3, 4, 0, 1)
    assert reactions.answer_order(0, 3, lambda i: i != 1) == (2,)
    assert reactions.answer_order(1, 2) == (0,)


def test_to_act_names_each_awaited_seat_one_at_a_time_clockwise():
    """After an answerable move the window opens for every other seat; ``to_act`` names
    only the seat whose answer is awaited, one at a time, clockwise from the mover's left
    (a hot-seat table hands over to each in turn)."""
    s = table(HANDS)
    s.submit(0, Add(2))
    assert s.state.windows == (Window("add", 0, (1, 2, 3)),)
    awaited = []
    for seat in (1, 2, 3):
        awaited.append(s.to_act_seats())
        for other in {0, 1, 2, 3} - {seat}:
            assert s.legal_commands(other) == []
            with pytest.raises(IllegalCommand):
                s.submit(other, Pass())
        s.submit(seat, Pass())
    assert awaited == [[1], [2], [3]]
    assert s.state.windows == () and s.state.counter == 2 and s.to_act_seats() == [1]


def test_the_window_opens_for_every_other_seat_by_a_public_rule_only():
    """A window opens for every other seat with cards in hand, whatever the cards: the
    seats are the same whether or not they hold a veto, and a seat with no cards (a
    public count) is not asked."""
    for hands in (HANDS, ("vv", "bb", "bv", "bb")):
        s = table(hands)
        s.submit(0, Add(1))
        assert s.state.windows[0].waiting == (1, 2, 3)
    s = table(("bb", "", "bv"))
    s.submit(0, Add(1))
    assert s.state.windows[0].waiting == (2,)
    s = table(("vv", ""))
    s.submit(0, Add(3))  # nobody to ask: no window, the add stands at once
    assert s.state.windows == () and s.state.counter == 3 and s.to_act_seats() == [1]


def test_a_pass_looks_the_same_whoever_passes():
    """A pass is the same event from every seat, with or without a veto in hand, and
    every onlooker sees the same line: the stream tells nobody who could have vetoed."""
    streams = {}
    for hands in (HANDS, ("bb", "bb", "vv", "bv")):
        s = table(hands)
        s.submit(0, Add(2))
        for seat in (1, 2, 3):
            entry = s.submit(seat, Pass())
            assert entry.events[0] == Passed(seat)
        for viewer in (None, 0):
            streams.setdefault(viewer, []).append(
                [[GAME.redact(e, viewer) for e in entry.events] for entry in s.applied_entries()[1:]])
            assert s.view(viewer).hand_sizes == (2, 2, 2, 2)
    for viewer, (a, b) in streams.items():
        assert a == b, viewer


def test_an_answer_closes_the_window_at_once():
    """The first answer closes the window (one answer per window): later seats are not
    asked, and the vetoed add is cancelled; its mover's turn ends."""
    s = table(("bb", "bb", "vb", "vv"))
    s.submit(0, Add(3))
    s.submit(1, Pass())
    entry = s.submit(2, Veto())
    assert entry.events[:2] == [Vetoed(2), Answered(2)]
    # the veto opens its own window for every other seat with cards: 3, 0, 1
    assert s.state.windows == (Window("veto", 2, (3, 0, 1)),)
    for seat in (3, 0, 1):
        s.submit(seat, Pass())
    assert s.state.windows == () and s.state.held == ()
    assert s.state.counter == 0 and s.to_act_seats() == [1]


def test_a_veto_of_a_veto_lets_the_move_stand():
    """Windows stack: a veto opens a window above the add's; a veto of that veto closes
    it, and when every window has closed the innermost moves resolve first."""
    s = table(("bb", "vb", "vb"))
    s.submit(0, Add(2))
    s.submit(1, Veto())  # answers the add
    assert [w.trigger for w in s.state.windows] == ["veto"]
    assert s.state.windows[0].waiting == (2, 0)
    assert [h.amount for h in s.state.held] == [2, 0]
    s.submit(2, Veto())  # answers the veto
    assert s.state.windows[0].waiting == (0, 1)
    s.submit(0, Pass())
    s.submit(1, Pass())
    assert s.state.windows == () and s.state.held == ()
    assert s.state.counter == 2  # the second veto cancelled the first: the add stands
    assert s.to_act_seats() == [1]


def test_bots_answer_windows_through_run_bots():
    """Bots answer like any seat: ``run_bots`` passes or vetoes for each awaited bot seat
    and stops when a person is awaited."""
    from engine.core.log import Seat

    s = LocalSession(GAME, [Seat("ann"), Seat("b1", "veto"), Seat("b2", "veto")], seed=3)
    s.submit(0, Add(3))
    made = s.run_bots()
    assert made >= 1
    assert any(isinstance(e.command, (Pass, Veto)) and e.seat in (1, 2) for e in s.entries)
    assert s.to_act_seats() == [0] or s.result() is not None
    # a game of bots alone plays to the end, every window answered
    s = LocalSession(GAME, [Seat(f"b{i}", "veto") for i in range(4)], seed=4)
    s.run_bots()
    assert s.result() is not None and s.state.windows == ()
    kinds = {type(e.command).__name__ for e in s.entries[1:]}
    assert {"Add", "Pass", "Veto"} <= kinds


def test_strict_undo_refuses_a_move_that_opened_a_window():
    """A window hands the turn to another seat, so the strict policy refuses to take
    back the move that opened it ("Undo": never an entry after which another seat gained
    the turn); casual undo takes it back."""
    s = table(HANDS)
    s.submit(0, Add(2))
    assert s.undo_refusal(0) == "The turn has passed to another player, so that move cannot be undone."
    with pytest.raises(IllegalCommand):
        s.undo(0)
    casual = table(HANDS, undo="casual")
    casual.submit(0, Add(2))
    casual.undo(0)
    assert casual.state.windows == () and casual.to_act_seats() == [0]


def test_save_and_load_mid_window(monkeypatch):
    """A game saved while windows are open loads (and verifies) to the same state:
    the stack of windows, the seat awaited and the held moves."""
    monkeypatch.setitem(registry._LOADED, GAME.slug, GAME)
    monkeypatch.setitem(registry._MODULES, GAME.slug, __name__)
    s = table(("bb", "vb", "vb"))
    s.submit(0, Add(2))
    s.submit(1, Veto())
    assert len(s.state.held) == 2 and s.to_act_seats() == [2]
    data = dumps(s)
    for loaded in (engine.loads(data), engine.loads(data, redecide=True)):
        assert loaded.state == s.state and loaded.to_act_seats() == [2]
        loaded.submit(2, Pass())
        loaded.submit(0, Pass())
        assert loaded.state.counter == 0 and loaded.to_act_seats() == [1]
