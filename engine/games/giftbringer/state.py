"""Giftbringer's state and ``evolve``: the fold of the events, pure and unvalidated."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from .events import Blessed, Committed, Crossed, DiceRolled, GameEnded, GameStarted, Landed, Recruited, Visited
from .options import Options
from .sheet import SHEET


class Result(Struct, frozen=True):
    """One result of the round: its ``value`` (1–6), whether it is ``used``, and
    ``made`` by a Blessing (else a die)."""

    value: int
    used: bool = False
    made: bool = False


class PlayerSheet(Struct, frozen=True):
    """One player's sheet. ``marks`` maps a Viking or place id to its crossed symbols
    (one bool per demanded result); ``recruited`` and ``visited`` keep their order;
    ``given`` counts the Presents each Viking has brought; ``gratitude`` the letters
    written under each Viking (C Cookie, G Glass of Milk, M Muffin); ``blessings`` the
    Blessings used; ``results`` this round's results; ``lost`` Gratitude with no slot."""

    marks: dict[str, tuple[bool, ...]] = {}
    recruited: tuple[str, ...] = ()
    visited: tuple[str, ...] = ()
    ship: str = ""
    given: dict[str, int] = {}
    gratitude: dict[str, tuple[str, ...]] = {}
    happiness: int = 0
    blessings: tuple[str, ...] = ()
    results: tuple[Result, ...] = ()
    committed: bool = False
    lost: int = 0


class State(Struct, frozen=True):
    """The whole game (nothing in it is hidden: the sheets are public). ``phase`` is
    "setup", "play" or "over"; ``sheets`` by seat; ``points``/``winners`` once over."""

    n: int
    options: Options
    phase: str = "setup"
    round: int = 0
    leader: int = 0
    dice: tuple[int, ...] = ()
    sheets: tuple[PlayerSheet, ...] = ()
    points: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()


def blank_sheet() -> PlayerSheet:
    """A Player Sheet with nothing crossed (``sheet.SHEET`` gives what it demands)."""
    marks = {v.id: (False,) * len(v.demand) for v in SHEET.vikings}
    marks.update({p.id: (False,) * len(p.demand) for p in SHEET.places})
    return PlayerSheet(marks=marks)


def initial(options: Options, n: int) -> State:
    """``n`` blank Player Sheets."""
    return State(n=n, options=options, sheets=(blank_sheet(),) * n)


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _sheet(state: State, seat: int, **changes) -> State:
    return replace(state, sheets=_put(state.sheets, seat, replace(state.sheets[seat], **changes)))


def evolve(state: State, event) -> State:
    """Fold one event into ``state``; never validates, never draws, never mutates."""
    match event:
        case GameStarted(leader=leader):
            return replace(state, phase="play", leader=leader)
        case DiceRolled(round=r, dice=dice):
            results = tuple(Result(v) for v in dice)
            sheets = tuple(replace(s, results=results, committed=False) for s in state.sheets)
            return replace(state, round=r, dice=tuple(dice), sheets=sheets)
        case Blessed(seat=seat, kind=kind, used=used, value=value):
            s = state.sheets[seat]
            results = tuple(replace(x, used=True) if i + 1 in used else x for i, x in enumerate(s.results))
            return _sheet(state, seat, results=results + (Result(value, made=True),), blessings=s.blessings + (kind,))
        case Crossed(seat=seat, result=result, target=target, index=index):
            s = state.sheets[seat]
            results = _put(s.results, result - 1, replace(s.results[result - 1], used=True))
            marks = dict(s.marks)
            marks[target] = _put(marks[target], index, True)
            return _sheet(state, seat, results=results, marks=marks)
        case Recruited(seat=seat, viking=viking):
            return _sheet(state, seat, recruited=state.sheets[seat].recruited + (viking,))
        case Landed(seat=seat, ship=ship):
            return _sheet(state, seat, ship=ship)
        case Visited(seat=seat, place=place, presents=presents, gratitude=gratitude, lost=lost, happiness=happy):
            s = state.sheets[seat]
            given = dict(s.given)
            for viking, count in presents:
                given[viking] = given.get(viking, 0) + count
            written = dict(s.gratitude)
            for viking, letter in gratitude:
                written[viking] = written.get(viking, ()) + (letter,)
            return _sheet(state, seat, visited=s.visited + (place,), given=given, gratitude=written,
                          lost=s.lost + lost, happiness=s.happiness + (1 if happy else 0))
        case Committed(seat=seat):
            return _sheet(state, seat, committed=True)
        case GameEnded(points=points, winners=winners):
            return replace(state, phase="over", points=tuple(points), winners=tuple(winners))
    return state
