"""Bottlecap Vikings' notation: parse and print commands, describe events as log lines.

``place 3`` · ``goods 2 wood 1 gold`` · ``side unique`` · ``move 2`` · ``do 1`` ·
``do 2`` · ``do 1 3`` (an exchange giving up 3) · ``advance 2a`` · ``use rudder`` ·
``end`` · ``return 1 red 1 grey`` · ``take gold`` · ``give wood`` · ``swap 3`` (tiles 3
and 4) · ``rotate 2`` · ``double gold`` · ``copy sails`` · ``skip``. Spaces are 1–8
clockwise from the space marked 1; spots are ``1a``, ``2b``, … ``T`` (the throne).
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand

from .commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move, Place, Return, Rotate, Skip, Swap,
                       Take, TakeGoods, Use)
from .data import ABILITIES, face_action
from .events import (Advanced, Attacked, Copied, Drew, Goods, HelmetGained, Moved, Returned, Reversed, Rotated,
                     ShipPlaced, SideChosen, Started, Swapped, Traded, TurnStarted, Used, Valkyries, Won)

#: Commands to show when a line cannot be read (HELP.md's notation table has them all).
EXAMPLES = "move 2, do 1, advance 1a, end"
_GOODS = ("wood", "gold")
#: A number the rules would refuse anyway stands for any larger one: the engine's refusal
#: then says the range the player has now ("You can move 1 to 3 spaces."), and no number
#: too large for a save or a message is ever built.
_LARGEST = 99


def quoted(text: str, room: int = 12) -> str:
    """``text`` in quotes, cut to ``room`` characters with "…" (a refusal that quotes
    what was typed stays one line)."""
    return repr(text if len(text) <= room else text[:room - 1] + "…")


def _int(word: str, example: str) -> int:
    """``word`` as a number 0–99 (larger ones as 99); the rules say which are allowed
    now. Not digits: refused with ``example`` ("move 2")."""
    if not word.isdigit():
        raise IllegalCommand(f"{quoted(word)} is not a number; e.g. {example}.")
    return min(int(word), _LARGEST)


def _good(word: str) -> str:
    if word not in _GOODS:
        raise IllegalCommand(f"{quoted(word)} is not a good; say wood or gold.")
    return word


def _counted(words: list[str], names: tuple[str, str]) -> tuple[int, int]:
    """``["2", "wood", "1", "gold"]`` → (2, 1) for names ("wood", "gold")."""
    counts = {names[0]: 0, names[1]: 0}
    if len(words) % 2 or not words:
        raise IllegalCommand(f"Say how many of each, e.g. 1 {names[0]} 1 {names[1]}.")
    for number, name in zip(words[::2], words[1::2]):
        name = name.rstrip("s") if name.rstrip("s") in counts else name
        if name not in counts or not number.isdigit():
            raise IllegalCommand(f"Say how many of each, e.g. 1 {names[0]} 1 {names[1]}.")
        counts[name] += min(int(number), _LARGEST)
    return counts[names[0]], counts[names[1]]


def parse(text: str, names: Sequence[str]) -> object:
    """Parse one command; raises ``IllegalCommand`` with examples when it cannot be read
    (one line at 80 columns: what was typed is quoted cut short). A number is read
    whatever it is (``move 9``): the rules refuse it with the range the player has now.

    >>> parse("move 2", [])
    Move(distance=2)
    >>> parse("do 1 3", [])
    Do(part=1, amount=3)
    """
    words = text.lower().replace(",", " ").split()
    match words:
        case ["place", n]:
            return Place(_int(n, "place 3") - 1)
        case ["goods", *rest]:
            return TakeGoods(*_counted(rest, ("wood", "gold")))
        case ["side", ("identical" | "unique") as side]:
            return ChooseSide(side)
        case ["move", n]:
            return Move(_int(n, "move 2"))
        case ["do", p]:
            return Do(_int(p, "do 1"))
        case ["do", p, a]:
            return Do(_int(p, "do 1"), _int(a, "do 1 3"))
        case ["advance", spot]:
            return Advance(spot if spot != "t" else "T")
        case ["use", ability]:
            return Use(ability)
        case ["end"]:
            return End()
        case ["return", ("red" | "grey" | "gray") as colour]:
            return Return(1, 0) if colour == "red" else Return(0, 1)
        case ["return", *rest]:
            return Return(*_counted([w.replace("gray", "grey") for w in rest], ("red", "grey")))
        case ["take", good]:
            return Take(_good(good))
        case ["give", good]:
            return Give(_good(good))
        case ["swap", n]:
            return Swap(_int(n, "swap 3") - 1)
        case ["rotate", n]:
            return Rotate(_int(n, "rotate 2"))
        case ["double", good]:
            return Double(_good(good))
        case ["copy", ability]:
            return Copy(ability)
        case ["skip"]:
            return Skip()
    raise IllegalCommand(f"Cannot read {quoted(text.strip())}: try {EXAMPLES} (? lists all).")


def notation(command, names: Sequence[str]) -> str:
    """The command in notation (``parse`` reads it back).
    Raises ``TypeError`` for what is not one of the game's commands."""
    match command:
        case Place(space=s):
            return f"place {s + 1}"
        case TakeGoods(wood=w, gold=g):
            return f"goods {w} wood {g} gold"
        case ChooseSide(side=side):
            return f"side {side}"
        case Move(distance=d):
            return f"move {d}"
        case Do(part=p, amount=a):
            return f"do {p} {a}" if a else f"do {p}"
        case Advance(spot=spot):
            return f"advance {spot}"
        case Use(ability=a):
            return f"use {a}"
        case End():
            return "end"
        case Return(reds=r, greys=g):
            return "return " + " ".join(f"{n} {c}" for n, c in ((r, "red"), (g, "grey")) if n)
        case Take(good=g):
            return f"take {g}"
        case Give(good=g):
            return f"give {g}"
        case Swap(space=s):
            return f"swap {s + 1}"
        case Rotate(by=b):
            return f"rotate {b}"
        case Double(good=g):
            return f"double {g}"
        case Copy(ability=a):
            return f"copy {a}"
        case Skip():
            return "skip"
    raise TypeError(f"not a Bottlecap Vikings command: {command!r}")


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat`` ("seat 3" for one the table has no name for)."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _amounts(wood=0, gold=0, glory=0) -> str:
    return ", ".join(f"{'+' if v > 0 else '−'}{abs(v)} {k}" for k, v in (("wood", wood), ("gold", gold), ("glory", glory)) if v)


def describe(event, names: Sequence[str]) -> str:
    """``event`` as log lines for players ("" for bookkeeping)."""
    n = lambda seat: seat_name(names, seat)  # noqa: E731
    match event:
        case Started(start=start, tiles=tiles):
            rondel = " · ".join(f"{i + 1} {face_action(t, f).name}" for i, (t, f) in enumerate(tiles))
            return f"The rondel: {rondel}. {n(start)} starts."
        case SideChosen(seat=seat, side=side):
            return f"{n(seat)} plays the {side} side."
        case ShipPlaced(seat=seat, space=space):
            return f"{n(seat)}'s ship is at space {space + 1}."
        case TurnStarted(seat=seat, number=number):
            return f"Turn {number}: {n(seat)}."
        case Moved(seat=seat, to=to, distance=d):
            return f"{n(seat)} sails {d} to space {to + 1}."
        case Drew(seat=seat, colour=colour):
            if not colour:
                return f"{n(seat)} takes 1 damage: the bag is empty, no token."
            return f"{n(seat)} draws a {colour} Valkyrie."
        case Returned(seat=seat, reds=r, greys=g, owed=o, why=why):
            parts = [f"{k} {c}" for k, c in ((r, "red"), (g, "grey")) if k] + ([f"{o} without a token"] if o else [])
            if why == "omen":
                return f"{n(seat)} gives back {' '.join(parts)} (Omen)."
            return f"{n(seat)} loses damage: {', '.join(parts)} back to the bag."
        case Goods(seat=seat, wood=w, gold=g, glory=gl, forfeited=f):
            text = _amounts(w, g, gl)
            lost = f"{f} over the cap forfeited" if f else ""
            return f"{n(seat)}: {', '.join(x for x in (text, lost) if x)}."
        case Attacked(seat=seat, targets=targets):
            return f"{n(seat)} attacks {' and '.join(n(t) for t in targets)}!"
        case Traded(giver=giver, taker=taker, good=good):
            return f"{n(giver)} gives {n(taker)} 1 {good}."
        case Valkyries(losses=losses):
            hit = [f"{n(i)} {_amounts(gold=-g, glory=-gl)}" for i, (g, gl) in enumerate(losses) if g or gl]
            return "The Valkyries arrive! " + ("; ".join(hit) + ". " if hit else "") + "All damage goes back to the bag."
        case Advanced(seat=seat, spot=spot):
            return f"{n(seat)}'s hut advances to {spot}."
        case Copied(seat=seat, ability=a):
            return f"{n(seat)} copies {ABILITIES[a].name}."
        case Used(seat=seat, ability=a):
            return f"{n(seat)} uses {ABILITIES[a].name}."
        case Reversed(seat=seat):
            return f"{n(seat)} turns about: sailing the other way now."
        case Swapped(space=space):
            return f"The tiles at {space + 1} and {(space + 1) % 8 + 1} change places."
        case Rotated(by=by):
            return f"The bottlecap turns {by} space{'s' * (by > 1)}."
        case HelmetGained(seat=seat):
            return f"{n(seat)} gains a permanent helmet."
        case Won(seat=seat, how=how):
            return f"{n(seat)} reaches the throne{' of glory' if how == 'glory' else ''} and wins!"
    return ""
