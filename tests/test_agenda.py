"""The turn agenda (``engine/core/agenda.py``; ``docs/architecture.md``, "The turn
agenda"): its transaction, driven here by a toy game, and the one fold of a decide's
events, checked on the three games that use it.

The toy game: a counter and a queue of steps ("add" n, "ask" a seat); a win at
``TARGET``, checked after every event (the hook Bottlecap Vikings' win check uses), ends
the game at once, so nothing after it is recorded.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace

import engine
from engine.core import agenda, registry
from engine.core.decider import fold
from engine.core.errors import IllegalCommand
from engine.core.rng import rng_for
from engine.core.playout import actor, simulate

TARGET = 5


class Step(msgspec.Struct, frozen=True, array_like=True):
    op: str
    n: int = 0


class Queued(agenda.Queued, frozen=True, tag="queued"):
    steps: tuple[Step, ...]


class Prompted(agenda.Prompted, frozen=True, tag="asked"):
    why: str = ""


class Added(msgspec.Struct, frozen=True, tag="added"):
    n: int


class Won(msgspec.Struct, frozen=True, tag="won"):
    pass


class State(msgspec.Struct, frozen=True):
    counter: int = 0
    queue: tuple[Step, ...] = ()
    prompts: tuple = ()
    over: bool = False


def evolve(s: State, e) -> State:
    match e:
        case Queued(steps=steps):
            return replace(s, queue=agenda.queued(s.queue, steps))
        case agenda.Popped():
            return replace(s, queue=agenda.popped(s.queue))
        case Prompted():
            return replace(s, prompts=agenda.prompted(s.prompts, (e.seat, e.kind)))
        case agenda.PromptDone():
            return replace(s, prompts=agenda.prompt_done(s.prompts))
        case Added(n=n):
            return replace(s, counter=s.counter + n)
        case Won():
            return replace(s, over=True, queue=())
    return s


class Tx(agenda.Transaction):
    Queued = Queued

    def __init__(self, state: State):
        super().__init__(state, random.Random(1), evolve)

    def over(self) -> bool:
        return self.state.over

    WATCH = (Added,)  # after is called for these alone

    def after(self, event) -> None:
        assert isinstance(event, Added)
        if self.state.counter >= TARGET:
            self.emit(Won())


def drain(tx: Tx) -> None:
    while not tx.state.over and tx.state.queue:
        step = tx.state.queue[0]
        tx.pop()
        if step.op == "add":
            tx.emit(Added(step.n))
        else:
            tx.emit(Prompted(step.n, "ask"))


def test_each_event_is_folded_as_it_is_emitted_and_steps_are_pushed_in_front():
    tx = Tx(State())
    tx.push(Step("add", 1), Step("ask", 1))
    assert tx.state.queue == (Step("add", 1), Step("ask", 1))
    tx.push(Step("add", 2))  # in front of the waiting ones
    drain(tx)
    assert tx.state.counter == 3 and tx.state.prompts == ((1, "ask"),) and not tx.state.queue
    assert [type(e).__name__ for e in tx.events] == [
        "Queued", "Queued", "Popped", "Added", "Popped", "Added", "Popped", "Prompted"]
    tx.push()  # no steps: nothing recorded
    assert len(tx.events) == 8


def test_a_check_after_an_event_may_end_the_game_and_nothing_is_recorded_after_it():
    tx = Tx(State())
    tx.push(Step("add", 3), Step("add", 3), Step("add", 1))
    drain(tx)
    assert tx.state.over and tx.state.counter == 6
    tx.emit(Added(1), Added(1))  # the game is over: ignored
    assert [type(e).__name__ for e in tx.events][-3:] == ["Popped", "Added", "Won"]
    assert tx.state.counter == 6


def test_fold_takes_the_transactions_state_only_for_its_own_unchanged_record():
    start = State()
    tx = Tx(start)
    tx.push(Step("add", 2), Step("ask", 0))
    drain(tx)
    record = tx.events
    assert record.before is start and record.after is tx.state
    assert agenda.fold(start, record, evolve) is tx.state  # not folded again
    copy = State()  # equal, but not the state the record began from: folded anew
    again = agenda.fold(copy, record, evolve)
    assert again == tx.state and again is not tx.state
    assert agenda.fold(start, list(record), evolve) == tx.state  # a plain list: folded
    record.append(Added(1))  # changed since: folded anew, the extra event counted
    assert agenda.fold(start, record, evolve).counter == 3


def test_a_games_subclass_keeps_its_own_tag_and_field_order_on_the_wire():
    assert msgspec.json.encode(Prompted(2, "ask", "why not")) == (
        b'{"type":"asked","seat":2,"kind":"ask","why":"why not"}')
    assert msgspec.json.encode(agenda.Popped()) == b'{"type":"popped"}'
    assert msgspec.json.encode(agenda.PromptDone()) == b'{"type":"prompt_done"}'


def test_the_guard_says_why_a_command_is_refused():
    agenda.check_turn(False, 1, {1})
    with pytest.raises(IllegalCommand, match=r"^The game is over\.$"):
        agenda.check_turn(True, 1, {1})
    with pytest.raises(IllegalCommand, match=r"^It is not your turn to act\.$"):
        agenda.check_turn(False, 0, {1})
    with pytest.raises(IllegalCommand, match=r"^It is not ann's turn to act\.$"):
        agenda.check_turn(False, 0, {1}, "ann's")


@pytest.mark.parametrize("slug", ["bottlecap-vikings", "dice-upon-a-time", "naughty-or-nice"])
def test_the_search_and_the_session_reach_what_folding_every_event_gives(slug):
    # A random 4-player line of play: the state the transaction hands back (no second
    # fold: the search's simulate, the session's submit) is the state folding each
    # event anew gives, and the session's live state is its log folded from the start.
    game = registry.get(slug)
    s = engine.new_game(slug, [f"p{i}" for i in range(4)], seed=3)
    rng = random.Random(3)
    for _ in range(150):
        mover = actor(game, s.state, 0)
        if mover < 0:
            break
        command = rng.choice(game.legal(s.state, mover))
        events = game.decide(s.state, mover, command, rng_for(s.seed, s.ply))
        slow = s.state
        for event in events:
            slow = game.evolve(slow, event)
        assert simulate(game, s.state, mover, command, rng_for(s.seed, s.ply)) == slow
        s.submit(mover, command)
        assert s.state == slow
    assert s.ply > 20
    assert s.state == fold(game, game.initial(s.options, 4), [e for x in s.applied_entries() for e in x.events])
