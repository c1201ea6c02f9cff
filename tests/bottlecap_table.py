"""Positions for the Bottlecap Vikings rule tests: a table built from the game's own
events and ``msgspec.structs.replace``, commands played in the game's notation through
``GAME.decide`` and folded with ``GAME.evolve``, and Valkyrie draws rigged colour by colour.

- ``table(n, ships=…, players=…, layout=…, turn=0)``: a game in play, ``turn``'s ship to
  move; the bag holds what the players do not (5 reds, 7/12/17 greys in all).
- ``rondel("A2", "A7", …)``: a layout with these actions at spaces 0, 1, … (the rest of
  the tiles after them, face 0).
- ``layout_with("A9")``, ``land("A9", wood=2)``: ann lands on an action at space 2.
- ``play(state, "move 2", "do 1", draws="rg")``: each command by the seat to act; the
  draws come out red (r), grey (g) in that order, and every one of them must be drawn.
- ``settle(state)``: resolve what needs no choice (a table built with its own queue).
- ``refused(state, "do 2")``: the command is not legal and ``decide`` refuses it.
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from engine.core.errors import IllegalCommand
from engine.games.bottlecap_vikings import GAME
from engine.games.bottlecap_vikings.data import TILES
from engine.games.bottlecap_vikings.events import Started
from engine.games.bottlecap_vikings.options import Options
from engine.games.bottlecap_vikings.rules import GREYS, REDS
from engine.games.bottlecap_vikings.state import Player, State, initial
from engine.games.bottlecap_vikings.steps import Step

NAMES = ["ann", "bob", "cyd", "dan"]


class Draws(random.Random):
    """A random source whose Valkyrie draws come out in ``colours`` ("r"/"g"), in order.
    ``rules.Run.draw`` draws red when ``randrange(bag) < reds in the bag``."""

    def __init__(self, colours: str = ""):
        super().__init__(0)
        self.colours = list(colours)

    def randrange(self, start, stop=None, step=1):  # noqa: D102 - see the class
        total = start if stop is None else stop - start
        assert self.colours, "a Valkyrie was drawn that the test did not expect"
        colour = self.colours.pop(0)
        return 0 if colour == "r" else total - 1


def rondel(*actions: str) -> tuple[tuple[int, int], ...]:
    """8 (tile, face) pairs: the tile faces with ``actions`` (ids "A1"…"A15") at spaces
    0, 1, …, then the remaining tiles in order, face 0."""
    out, used = [], set()
    for action in actions:
        tile = next(t for t in TILES.tile if action in t.faces)
        assert tile.id not in used, f"{action} is on a tile used already"
        used.add(tile.id)
        out.append((tile.id, tile.faces.index(action)))
    out += [(t.id, 0) for t in TILES.tile if t.id not in used]
    return tuple(out)


def layout_with(action: str) -> tuple[tuple[int, int], ...]:
    """A rondel with ``action`` at space 2 (and Improve, A1, at space 0 unless ``action``
    shares its tile)."""
    others = [t.faces[0] for t in TILES.tile if action not in t.faces][:2]
    return rondel(others[0], others[1], action)


def table(n: int = 3, ships=None, players=None, layout=None, turn: int = 0, options: Options | None = None,
          **changes) -> State:
    """A game in play: seat ``turn`` is to move. ``players`` maps a seat to Player field
    changes (``{0: dict(wood=3, reds=1)}``); ``ships`` gives each seat's space (default
    1, 5, 6, 7: seat 0 may move 1–3 without an attack, the helper at 0 or the damage
    line between 4 and 5)."""
    options = options or Options()
    ships = ships if ships is not None else (1, 5, 6, 7)[:n]
    state = initial(options, n)
    state = GAME.evolve(state, Started(0, layout or rondel(), REDS, GREYS[n]))
    people = []
    for seat in range(n):
        people.append(replace(Player(ship=ships[seat]), **(players or {}).get(seat, {})))
    reds = REDS - sum(p.reds for p in people)
    greys = GREYS[n] - sum(p.greys for p in people)
    state = replace(state, phase="play", turn=turn, turns=1, players=tuple(people), reds=reds, greys=greys,
                    queue=(Step("move", turn),))
    return replace(state, **changes)


def land(action: str, n: int = 3, players=None, draws: str = "", **ann) -> State:
    """ann (seat 0, Player fields ``ann``) at space 1 moves onto ``action`` at space 2;
    the others sit at 5, 6, 7; the game waits for ann's action."""
    players = dict(players or {})
    players[0] = ann
    state = table(n, players=players, layout=layout_with(action))
    state, _ = play(state, "move 1", draws=draws)
    assert front(state) == "act"
    return state


def meters(state: State, seat: int = 0) -> tuple[int, int, int, int]:
    """``seat``'s wood, gold, glory and damage."""
    p = state.players[seat]
    return p.wood, p.gold, p.glory, p.damage


def seat_to_act(state: State) -> int:
    seats = GAME.to_act(state)
    assert len(seats) == 1, f"one seat acts at a time, not {sorted(seats)}"
    return next(iter(seats))


def play(state: State, *commands: str, draws: str = "") -> tuple[State, list]:
    """Play ``commands`` (notation) by whoever is to act; returns the state and the
    events. Each command must be among ``GAME.legal``; every rigged draw must be used."""
    rng = Draws(draws)
    events = []
    for text in commands:
        seat = seat_to_act(state)
        command = GAME.parse(text, NAMES)
        assert command in GAME.legal(state, seat), f"{text!r} is not legal for {NAMES[seat]}"
        new = GAME.decide(state, seat, command, rng)
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    assert not rng.colours, f"draws left over: {''.join(rng.colours)}"
    return state, events


def settle(state: State, draws: str = "") -> tuple[State, list]:
    """Resolve the steps at the front that need no choice (as ``decide`` does after each
    command), for a table built with a queue of its own."""
    from engine.games.bottlecap_vikings.rules import Run

    rng = Draws(draws)
    run = Run(state, rng)
    run.drain()
    assert not rng.colours, f"draws left over: {''.join(rng.colours)}"
    return run.state, run.events


def refused(state: State, text: str, match: str | None = None) -> None:
    """``text`` is not legal now and ``decide`` refuses it (with ``match`` in the reason)."""
    seat = seat_to_act(state)
    command = GAME.parse(text, NAMES)
    assert command not in GAME.legal(state, seat)
    with pytest.raises(IllegalCommand, match=match):
        GAME.decide(state, seat, command, Draws())


def of(events, kind) -> list:
    """The events of type ``kind``."""
    return [e for e in events if isinstance(e, kind)]


def front(state: State) -> str:
    """The op of the step the game waits on ("act", "move", "return", …)."""
    return state.queue[0].op if state.queue else ""
