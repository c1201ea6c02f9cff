"""Positions for the Naughty or Nice rule tests: a table built by the game's own
``setup`` (a seed) and then arranged with ``msgspec.structs.replace``; commands are
played in the game's notation through ``GAME.decide`` and folded with ``GAME.evolve``.

- ``table(n=3, level=5, givers=("santa", …), turn=0, hands={0: "ST CA"},
  creatures={1: "TO"}, ground=("Benjamin", …), deck="ST CA …", …)``: a game in play,
  seat ``turn`` at the start of its turn, every hand and pile as given.
- ``run(state, seat, "fulfill 1 ST CA SW")``: ``decide`` then fold; returns the new
  state and the events. ``play(state, "cmd", "cmd", …)``: each by the seat to act.
- ``refused(state, seat, "craft 1 2")``: ``decide`` refuses it and ``legal`` lists it not.
- ``kid("Benjamin")``: a kiddo's id; ``kiddos_with(symbol=…, wishes=…)``.
- ``random_positions(seed, n, level, steps)``: positions of a game played by random
  legal commands (for the notation and legal ⊆ decide tests).
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from engine.core.errors import IllegalCommand
from engine.games.naughty_or_nice import GAME
from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.data import KIDDOS, PRESENTS
from engine.games.naughty_or_nice.options import Options
from engine.games.naughty_or_nice.state import State

NAMES = ["ann", "bob", "cyd", "dan", "eve"]
#: A bell kiddo other than Benjamin (also a bell).
BELL_ID = next(i for i, k in enumerate(KIDDOS) if k.symbol == "bell" and k.name != "Benjamin")


def kid(name: str) -> int:
    """The id of the kiddo called ``name``."""
    for i, k in enumerate(KIDDOS):
        if k.name == name:
            return i
    raise KeyError(name)


def kiddos_with(symbol: str | None = None, wishes: tuple[str, ...] | None = None) -> list[int]:
    """Kiddo ids with this ``symbol`` and/or exactly these ``wishes`` (as a multiset)."""
    out = []
    for i, k in enumerate(KIDDOS):
        if symbol and k.symbol != symbol:
            continue
        if wishes is not None and sorted(k.wishes) != sorted(wishes):
            continue
        out.append(i)
    return out


def _codes(text) -> tuple[str, ...]:
    if isinstance(text, str):
        return tuple(sorted(text.split()))
    return tuple(sorted(text))


def fold(state: State, events) -> State:
    for e in events:
        state = GAME.evolve(state, e)
    return state


def start(n: int = 3, level: int = 5, seed: int = 1, **options) -> State:
    """The table as ``setup`` deals it (random gift givers from level 2)."""
    opts = Options(level=level, givers="random", **options)
    return fold(GAME.initial(opts, n), GAME.setup(opts, n, random.Random(seed)))


def table(n: int = 3, level: int = 5, givers=None, turn: int = 0, hands=None, creatures=None,
          kiddos=None, scores=None, rudolf=None, ground=None, row=None, deck=None, creature_deck=None,
          kiddo_deck=None, present_discard=None, creature_discard=None, last_turn: bool = False, gifted=None, seed: int = 1,
          **options) -> State:
    """A game in play at the start of seat ``turn``'s turn, arranged from a dealt one.

    ``givers``: a giver code per seat (level 2+); ``hands``/``creatures``: seat → codes
    (a string "ST CA" or a tuple), every other hand empty; ``kiddos``: seat → kiddo ids
    taken; ``scores``/``rudolf``: seat → number; ``ground``: up to 8 kiddo names or ids
    (the rest empty); ``row``: 3 codes ("" empty); ``deck``/``creature_deck``: codes top
    first; ``kiddo_deck``: names or ids (``ev.MIDNIGHT_KIDDO`` allowed); ``last_turn``:
    midnight has struck and this is the game's last turn; ``gifted``: seat → kiddos
    gifted (default: all kiddos taken)."""
    s = start(n, level, seed, **options)
    players = []
    for i, p in enumerate(s.players):
        giver = (givers[i] if givers else p.giver) if level >= 2 else ""
        players.append(replace(
            p, giver=giver, rudolf=(rudolf or {}).get(i, 0 if giver == "santa" and level >= 4 else -1),
            presents=_codes((hands or {}).get(i, ())), creatures=_codes((creatures or {}).get(i, ())),
            fresh=(), kiddos=tuple((kiddos or {}).get(i, ())), gifted=(gifted or {}).get(i, len((kiddos or {}).get(i, ()))),
            score=(scores or {}).get(i, 0), skips=0))
    changes = {"players": tuple(players), "turn": turn, "acted": "", "begun": False, "prompts": (),
               "windows": (), "held": (), "idle": 0}
    if last_turn:
        changes.update(midnight=True, final=0)
    if ground is not None:
        ids = [kid(g) if isinstance(g, str) else g for g in ground]
        changes["playground"] = tuple(ids) + (-1,) * (8 - len(ids))
    if row is not None:
        changes["row"] = tuple(row)
    if deck is not None:
        changes["present_deck"] = _ordered(deck)
    if creature_deck is not None:
        changes["creature_deck"] = _ordered(creature_deck)
    if kiddo_deck is not None:
        changes["kiddo_deck"] = tuple(kid(k) if isinstance(k, str) else k for k in kiddo_deck)
    if present_discard is not None:
        changes["present_discard"] = _ordered(present_discard)
    if creature_discard is not None:
        changes["creature_discard"] = _ordered(creature_discard)
    return replace(s, **changes)


def _ordered(text) -> tuple:
    return tuple(text.split()) if isinstance(text, str) else tuple(text)


def run(state: State, seat: int, text: str, rng: random.Random | None = None):
    """``seat`` plays ``text`` (notation): returns (new state, events). The command must
    also be among ``legal`` (``legal`` is what ``decide`` accepts)."""
    command = GAME.parse(text, NAMES[:state.n])
    assert command in GAME.legal(state, seat), f"{text!r} is not listed by legal"
    events = GAME.decide(state, seat, command, rng or random.Random(0))
    return fold(state, events), events


def actor(state: State) -> int:
    (seat,) = GAME.to_act(state)
    return seat


def play(state: State, *texts: str, rng: random.Random | None = None):
    """Each command by the seat to act now; returns (state, all events)."""
    out = []
    for text in texts:
        state, events = run(state, actor(state), text, rng)
        out += events
    return state, out


def refused(state: State, seat: int, text: str, match: str = "") -> str:
    """``decide`` refuses ``text`` from ``seat`` with one line, and ``legal`` omits it."""
    command = GAME.parse(text, NAMES[:state.n])
    assert command not in GAME.legal(state, seat)
    with pytest.raises(IllegalCommand) as err:
        GAME.decide(state, seat, command, random.Random(0))
    assert "\n" not in str(err.value)
    assert match.lower() in str(err.value).lower()
    return str(err.value)


def scored(events, seat: int | None = None) -> list[tuple[int, int, str]]:
    """The ``Scored`` events as (seat, points, reason)."""
    return [(e.seat, e.points, e.reason) for e in events if isinstance(e, ev.Scored)
            and (seat is None or e.seat == seat)]


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def pass_all(state: State) -> State:
    """Everyone awaited in reaction windows passes until none is open."""
    while state.windows and not state.prompts:
        state, _ = run(state, actor(state), "pass")
    return state


def random_positions(seed: int, n: int, level: int, steps: int = 400):
    """Yield (state, seat) for each decision of a game played by random legal commands."""
    rng = random.Random(seed)
    state = start(n, level, seed)
    for _ in range(steps):
        if state.phase == "over":
            return
        (seat,) = GAME.to_act(state)
        yield state, seat
        command = rng.choice(GAME.legal(state, seat))
        state = fold(state, GAME.decide(state, seat, command, rng))


__all__ = ["GAME", "NAMES", "BELL_ID", "PRESENTS", "kid", "kiddos_with", "table", "run", "play", "refused", "scored",
           "of", "pass_all", "random_positions", "start", "fold", "actor", "ev"]
