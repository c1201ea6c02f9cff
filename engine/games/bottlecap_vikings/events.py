"""Bottlecap Vikings' events: the facts recorded in the log, folded by ``state.evolve``.

Seats are indexes; spaces are 0–7 clockwise (players see 1–8). Every random outcome (the
start player, the layout, each Valkyrie drawn) is recorded here, so a replay draws nothing.
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import agenda
from engine.core.agenda import Popped

from .steps import Step


class Started(msgspec.Struct, frozen=True, tag="started"):
    """The game was set up: ``start`` the start player, ``tiles`` (tile 1–8, face 0/1)
    at spaces 0–7, ``reds``/``greys`` the Valkyrie bag ("Components and Setup")."""

    start: int
    tiles: tuple[tuple[int, int], ...]
    reds: int
    greys: int


class Queued(agenda.Queued, frozen=True, tag="queued"):
    """``steps`` were put at the front of what is left to resolve (bookkeeping: no log
    line). The front step is resolved by ``Popped`` (``engine.core.agenda``)."""

    steps: tuple[Step, ...]


class SideChosen(msgspec.Struct, frozen=True, tag="side-chosen"):
    """``seat`` uses side ``side`` (a side's name: "Identical", "Raider", …)."""

    seat: int
    side: str


class ShipPlaced(msgspec.Struct, frozen=True, tag="ship-placed"):
    """``seat`` put their ship beside ``space``."""

    seat: int
    space: int


class TurnStarted(msgspec.Struct, frozen=True, tag="turn-started"):
    """``seat``'s turn began (turn ``number``, counted from 1)."""

    seat: int
    number: int


class Moved(msgspec.Struct, frozen=True, tag="moved"):
    """``seat`` moved ``distance`` spaces from ``start`` to ``to``."""

    seat: int
    start: int
    to: int
    distance: int


class Drew(msgspec.Struct, frozen=True, tag="drew"):
    """``seat`` gained a damage: a Valkyrie of ``colour`` "red"/"grey" drawn at random,
    or "" when the bag was empty (it still counts as damage, never red)."""

    seat: int
    colour: str


class Returned(msgspec.Struct, frozen=True, tag="returned"):
    """``seat`` lost damage: ``reds``/``greys`` tokens back to the bag and ``owed``
    damage that had no token. ``why``: "heal" (counts as losing damage) or "omen" (a
    drawn extra given back: as if never held)."""

    seat: int
    reds: int = 0
    greys: int = 0
    owed: int = 0
    why: str = "heal"


class Goods(msgspec.Struct, frozen=True, tag="goods", omit_defaults=True):
    """``seat``'s meters changed by these amounts (what a cap forfeited is in
    ``forfeited``, already left out of the amounts)."""

    seat: int
    wood: int = 0
    gold: int = 0
    glory: int = 0
    forfeited: int = 0


class Attacked(msgspec.Struct, frozen=True, tag="attacked"):
    """``seat`` ended their move by ``targets`` (seats): an attack ("Gameplay": "this
    constitutes an attack")."""

    seat: int
    targets: tuple[int, ...]


class Traded(msgspec.Struct, frozen=True, tag="traded"):
    """``giver`` gave ``good`` (1) to ``taker`` (a pass-over or attack trade)."""

    giver: int
    taker: int
    good: str


class Valkyries(msgspec.Struct, frozen=True, tag="valkyries"):
    """The Valkyries arrived: per seat ``(gold lost, glory lost)``; all damage went
    back to the bag ("Resolving Valkyries")."""

    losses: tuple[tuple[int, int], ...]


class PartTaken(msgspec.Struct, frozen=True, tag="part-taken"):
    """``seat`` took part ``part`` (1 or 2) of the action where their ship is."""

    seat: int
    part: int
    amount: int = 0


class Advanced(msgspec.Struct, frozen=True, tag="advanced"):
    """``seat``'s hut advanced to ``spot``, gaining its ability."""

    seat: int
    spot: str


class Copied(msgspec.Struct, frozen=True, tag="copied"):
    """``seat`` gained a copy of ``ability``."""

    seat: int
    ability: str


class Used(msgspec.Struct, frozen=True, tag="used"):
    """``seat`` used before-action ability ``ability`` this turn."""

    seat: int
    ability: str


class Reversed(msgspec.Struct, frozen=True, tag="reversed"):
    """``seat`` now moves the other way round."""

    seat: int


class Swapped(msgspec.Struct, frozen=True, tag="swapped"):
    """The tiles at ``space`` and the next space clockwise changed places (ships stay)."""

    space: int


class Rotated(msgspec.Struct, frozen=True, tag="rotated"):
    """The bottlecap turned ``by`` spaces clockwise (the helper and line with it)."""

    by: int


class HelmetGained(msgspec.Struct, frozen=True, tag="helmet-gained"):
    """``seat`` gained a permanent viking helmet."""

    seat: int


class TurnEnded(msgspec.Struct, frozen=True, tag="turn-ended"):
    """``seat``'s turn ended (turn marks cleared)."""

    seat: int


class Won(msgspec.Struct, frozen=True, tag="won"):
    """``seat`` won: ``how`` is "glory" (the throne on the glory meter) or "hut"."""

    seat: int
    how: str


Event = Union[Started, Queued, Popped, SideChosen, ShipPlaced, TurnStarted, Moved, Drew, Returned, Goods, Attacked, Traded,
              Valkyries, PartTaken, Advanced, Copied, Used, Reversed, Swapped, Rotated, HelmetGained, TurnEnded, Won]
