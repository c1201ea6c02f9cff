"""What the contract tests share: every registered game, and a few seeded positions of
each (``positions``), found by playing short games of random bots, and the CLI demo
of each (``demo``).

The contracts are the decider protocol's (``engine.Game``'s docstring): a game that
registers gets every one of them, with no line of its own here."""

from __future__ import annotations

import functools
import random
from typing import Any, NamedTuple

import pytest

import engine
from engine import Seat

#: Names for the seats of a position; parse and notation read them.
NAMES = ["ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal"]


def slugs() -> list[str]:
    """Every registered game's slug, in menu order: what the contracts are parametrized by."""
    return [game.slug for game in engine.all_games()]


def each_game(*marks: tuple[str, Any]):
    """``pytest.mark.parametrize("slug", …)`` over every registered game; ``marks`` add a
    mark to one game's case: ``each_game(("gift-trap", pytest.mark.xfail(…)))``."""
    by_slug = dict(marks)
    return pytest.mark.parametrize(
        "slug", [pytest.param(slug, marks=by_slug[slug]) if slug in by_slug else slug for slug in slugs()])


def table_size(game: engine.Game, seed: int) -> int:
    """A small table for ``seed``: the fewest seats the game takes (at least two), and
    every other seed one more when the game allows it."""
    fewest = max(2, game.min_players)
    return min(game.max_players, fewest + seed % 2)


class Position(NamedTuple):
    """A seeded game's state between two moves, with the game, its seat names and the
    seats to act then."""

    game: engine.Game
    state: Any
    names: list[str]
    to_act: list[int]


@functools.cache
def positions(slug: str, seeds: tuple[int, ...] = (1, 2), every: int = 7, most: int = 12) -> tuple[Position, ...]:
    """Up to ``most`` positions from each seed's game of random bots at its default
    options: every ``every``-th move, the last of an ended game included."""
    game = engine.get_game(slug)
    out: list[Position] = []
    for seed in seeds:
        n = table_size(game, seed)
        s = engine.new_game(slug, [Seat(NAMES[i], "random") for i in range(n)], seed=seed)
        found = 0
        for move in range(every * most):
            if move % every == 0:
                out.append(Position(game, s.state, NAMES[:n], s.to_act_seats()))
                found += 1
            if s.step_bot() is None:
                break
        if s.result() is not None:
            out.append(Position(game, s.state, NAMES[:n], s.to_act_seats()))
    return tuple(out)


def session(slug: str, seed: int, bots: str = "random", **kw) -> engine.LocalSession:
    """A new seeded game of ``slug`` at a small table of ``bots`` bots."""
    game = engine.get_game(slug)
    n = table_size(game, seed)
    return engine.new_game(slug, [Seat(NAMES[i], bots) for i in range(n)], seed=seed, **kw)


def notation_section(game: engine.Game) -> str:
    """The "## Notation" part of the game's HELP.md (to the next heading)."""
    text = game.help_text
    assert "## Notation" in text, f"{game.title}'s HELP.md has no Notation section"
    rest = text[text.index("## Notation") + len("## Notation"):]
    return rest.split("\n## ")[0]


class Demo(NamedTuple):
    """A ``boxtop demo`` run: the save's path and what the demo printed."""

    path: str
    out: str


@functools.cache
def demo(slug: str, seed: int = 5, players: int | None = None) -> Demo:
    """``boxtop demo SLUG --players N --seed SEED --save P`` with ``players`` heuristic
    bots, by default the game's smallest table of two or more; run once per test process
    (per arguments); the save lies in a temporary folder of its own."""
    import atexit
    import contextlib
    import io
    import os
    import shutil
    import tempfile

    from tui.cli import main

    folder = tempfile.mkdtemp(prefix="contract-demo-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = os.path.join(folder, f"{slug}-{seed}-{players}.json")
    n = players or table_size(engine.get_game(slug), 0)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["demo", slug, "--players", str(n), "--seed", str(seed), "--save", path])
    assert code == 0
    return Demo(path, out.getvalue())


def swapped_choices(sessions, swap, bot, every: int = 3, differs=None) -> tuple[int, int]:
    """The swap test with a game's own swap: each session (of heuristic bots) is played
    to its end, and at every ``every``-th entry ``swap(state, seat, rng)`` changes what
    the seat to act cannot see; the seat's legal commands, its view and ``bot``'s choice
    (same seed) must stay the same. Returns (positions checked, positions changed), a
    position changed where ``differs(state, swapped)`` (by default: the states differ)."""
    checked = changed = 0
    for k, s in enumerate(sessions):
        rng = random.Random(k)
        while s.result() is None:
            seat = s.to_act_seats()[0]
            state = s.state
            if len(s.entries) % every == 0:
                other = swap(state, seat, rng)
                offered = s.game.legal(state, seat)
                assert s.game.legal(other, seat) == offered
                assert s.game.view(other, seat) == s.game.view(state, seat)
                a = bot.choose(s.game.view(state, seat), offered, random.Random(7))
                b = bot.choose(s.game.view(other, seat), offered, random.Random(7))
                assert a == b
                checked += 1
                changed += (differs or (lambda a, b: a != b))(state, other)
            s.step_bot()
    return checked, changed


def decide_accepts_exactly_legal(game: engine.Game, state: Any, seat: int, candidates, seed: int) -> int:
    """``legal`` is exactly what ``decide`` accepts at ``state`` for ``seat``: every legal
    command is accepted, and each of ``candidates`` that ``legal`` omits is refused with
    ``IllegalCommand`` and a one-line reason. Returns how many were refused."""
    legal = game.legal(state, seat)
    for command in legal:
        game.decide(state, seat, command, random.Random(seed))  # never raises
    refused = 0
    for command in candidates:
        if command in legal:
            continue
        with pytest.raises(engine.IllegalCommand) as err:
            game.decide(state, seat, command, random.Random(seed))
        assert str(err.value) and "\n" not in str(err.value), f"decide accepts {command!r}, legal omits it"
        refused += 1
    return refused


def bots_game(game: engine.Game, bots: list[str], seed: int, **options) -> engine.LocalSession:
    """A game of ``game`` between bots of the kinds ``bots`` (seats ``b0``, ``b1`` …),
    ``seed`` and ``options`` as given (no table options added), played to its end."""
    s = engine.LocalSession(game, [Seat(f"b{i}", b) for i, b in enumerate(bots)], seed, options)
    s.run_bots(limit=20_000)
    return s


def bots_choose_only_legal(game: engine.Game, n: int, seed: int, kind: str, options: dict | None = None,
                           limit: int = 5000) -> engine.LocalSession:
    """A whole game of ``n`` seats, each played by a fresh ``kind`` bot: every choice is
    one of the commands ``legal`` offers the seat from its own view, and the game ends
    within ``limit`` moves. Returns the finished session."""
    s = engine.LocalSession(game, [f"p{i}" for i in range(n)], seed, options or {})
    bots = [game.bots[kind](seed * 10 + i) for i in range(n)]
    rng = random.Random(seed)
    for _ in range(limit):
        if s.result() is not None:
            return s
        seat = s.to_act_seats()[0]
        offered = s.legal_commands(seat)
        choice = bots[seat].choose(s.view(seat), offered, rng)
        assert choice in offered
        s.submit(seat, choice)
    raise AssertionError(f"no result after {limit} moves")


def refused_in_one_line(capsys, argv: list[str], words: str) -> None:
    """``boxtop ARGV`` exits 2 with nothing on stdout and one line on stderr holding
    ``words`` (``capsys`` the test's pytest fixture)."""
    from tui.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
