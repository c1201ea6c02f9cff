"""A bot's thinking in a worker process (issue 24, must-hold 5 and 6): the worker's choice
is the inline choice, a seeded game plays the same moves either way, and an answer to a
question that no longer stands (an undo, another move) changes nothing.

Search bots here have an iteration budget and no clock (must-hold 6), so the same seed
gives the same search on any machine, in any process.
"""

from __future__ import annotations

import msgspec
import pytest

import engine
from engine import Seat
from engine.core import thinking
from engine.core.search import SearchBot
from ismcts import Search


@pytest.fixture
def tiny(monkeypatch):
    """Every game gets a bot kind ``tiny``: a search bot of 8 iterations, no clock."""
    for game in engine.all_games():
        if game.sample is not None:
            monkeypatch.setitem(game.bots, "tiny", lambda seed, g=game: SearchBot(g, seed, method=Search, iterations=8))


def in_worker(question: thinking.Question) -> thinking.Answer:
    """The answer from the pool of worker processes."""
    return thinking.start(question).result(timeout=120)


@pytest.mark.parametrize("slug", ["giftbringer", "bottlecap-vikings", "gift-trap", "naughty-or-nice", "dice-upon-a-time"])
def test_views_and_commands_travel_whole(slug):
    """A seat's view and legal commands decode from the worker's message equal to what
    the session has (``view_type``, ``command_type``), over a seeded game's positions."""
    game = engine.get_game(slug)
    s = engine.new_game(slug, [Seat("ann", "normal"), Seat("bob", "normal"), Seat("cyd", "normal")], seed=4)
    checked = 0
    while s.result() is None and checked < 60:
        for seat in s.to_act_seats():
            view, legal = s.view(seat), s.legal_commands(seat)
            assert msgspec.msgpack.decode(thinking.encode(view), type=game.view_type) == view
            assert msgspec.msgpack.decode(thinking.encode(legal), type=list[game.command_type]) == legal
            checked += 1
        s.step_bot()


@pytest.mark.parametrize("slug", ["giftbringer", "bottlecap-vikings"])
def test_the_worker_chooses_what_the_bot_chooses_inline(tiny, slug):
    """For seeded positions, the worker's answer (the command, the bot's state after it)
    is the inline ``think``'s, and the command is the one ``step_bot`` plays inline."""
    for s in list_positions(slug, 3):
        question = s.bot_question()
        here, there = thinking.think(question), in_worker(question)
        assert (here.index, here.bot, here.rng) == (there.index, there.bot, there.rng)
        chosen = s.legal_commands(question.seat)[there.index]
        entry = s.step_bot()
        assert entry.command == chosen


def list_positions(slug: str, count: int) -> list:
    """``count`` seeded positions, each its own session, where a ``tiny`` bot is to act
    a little way into the game."""
    out = []
    for k in range(count):
        s = engine.new_game(slug, [Seat("b0", "tiny"), Seat("b1", "normal"), Seat("b2", "tiny")], seed=11 + k)
        while s.result() is None and (len(s.entries) < 3 + 6 * k or s.bot_question() is None):
            s.step_bot()
        out.append(s)
    return out


@pytest.mark.parametrize("slug", ["giftbringer", "bottlecap-vikings"])
def test_a_seeded_game_plays_the_same_inline_or_in_a_worker(tiny, slug):
    """Must-hold 6: the same seed, the same moves, whether the search bots think inline
    (``run_bots``) or in a worker (``bot_question`` / ``bot_answer``, as the app does)."""
    seats = [Seat("ann", "tiny"), Seat("bob", "normal"), Seat("cyd", "tiny")]
    inline = engine.new_game(slug, seats, seed=5)
    while inline.result() is None and len(inline.entries) < 30:
        inline.step_bot()
    worker = engine.new_game(slug, seats, seed=5)
    asked = 0
    while worker.result() is None and len(worker.entries) < 30:
        if worker.run_bots(quick=True, limit=1):
            continue
        question = worker.bot_question()
        assert question is not None
        assert worker.bot_answer(question, in_worker(question)) is not None
        asked += 1
    assert asked > 5
    assert [(e.seat, e.command, e.events) for e in worker.entries] == [(e.seat, e.command, e.events) for e in inline.entries]


def test_an_answer_to_a_question_that_no_longer_stands_changes_nothing(tiny):
    """An undo while the bot thinks: its answer is dropped, the bot and its stream stay
    as they were, so the question asked again gets the same answer."""
    s = engine.new_game("bottlecap-vikings", [Seat("ann"), Seat("bot2", "tiny")], seed=3, undo="casual")
    s.run_bots()  # up to ann's first move
    s.play("ann", s.legal("ann")[0])
    question = s.bot_question()
    assert question is not None and question.seat == 1
    answer = in_worker(question)
    s.undo("ann")
    assert s.bot_answer(question, answer) is None  # ann is to act again: nothing is played
    assert s.to_act() == ["ann"] and s.applied_entries()[-1].seat != 0
    s.play("ann", s.legal("ann")[0])  # the same move again: the bot faces the same table
    again = s.bot_question()
    assert again.bot == question.bot and again.rng == question.rng
    assert again.view == question.view and again.legal == question.legal
    assert in_worker(again) == answer
    entry = s.bot_answer(again, answer)
    assert entry is not None and entry.seat == 1
    assert s.bot_answer(again, answer) is None  # answered once; not twice


def test_an_answer_that_still_stands_is_played_after_an_undo_and_the_same_move(tiny):
    """The answer stands when the seat faces the very table it was asked about, even
    after entries came in between (an undo and the same move again)."""
    s = engine.new_game("bottlecap-vikings", [Seat("ann"), Seat("bot2", "tiny")], seed=3, undo="casual")
    s.run_bots()
    s.play("ann", s.legal("ann")[0])
    question = s.bot_question()
    answer = thinking.think(question)
    s.undo("ann")
    s.play("ann", s.legal("ann")[0])
    entry = s.bot_answer(question, answer)
    assert entry is not None and entry.command == s.applied_entries()[-1].command


def test_quick_bots_stay_inline_and_search_bots_go_to_the_worker():
    """``run_bots(quick=True)`` moves the heuristic and random bots and stops before a
    search bot; ``thinks`` tells them apart; a table of quick bots asks no question."""
    s = engine.new_game("giftbringer", [Seat("a", "normal"), Seat("b", "random"), Seat("c", "easy")], seed=2)
    assert not any(s.thinks(i) for i in range(3))
    assert s.bot_question() is None
    assert s.run_bots(quick=True) > 0 and s.result() is not None
    t = engine.new_game("giftbringer", [Seat("a", "expert"), Seat("b", "hard"), Seat("c", "normal")], seed=2)
    assert t.thinks(0) and t.thinks(1) and not t.thinks(2)
    made = t.run_bots(quick=True)
    assert t.bot_question() is not None and t.bot_to_act() in (0, 1) and made == len(t.entries) - 1


def test_the_pool_is_bounded():
    """At most the cores less one, at least one."""
    import os

    assert 1 <= thinking.workers() <= max(1, (os.cpu_count() or 1) - 1)


def test_a_secret_choice_of_another_seat_leaves_the_question_the_same(tiny):
    """Gift Trap's Give: ann's face-down gift changes nothing bot2 sees, so the question
    asked before it stands after it (the app keeps the thought under way) and its answer
    is played."""
    s = engine.new_game("gift-trap", [Seat("ann"), Seat("bot2", "tiny"), Seat("bot3", "normal")], seed=1)
    s.play("ann", "deal red")
    before = s.bot_question()
    answer = thinking.think(before)
    s.play("ann", s.legal("ann")[0])
    after = s.bot_question()
    assert after.at != before.at and after.same(before)
    entry = s.bot_answer(before, answer)
    assert entry is not None and entry.seat == 1
    assert not s.bot_question().same(before)  # bot2 has moved on
