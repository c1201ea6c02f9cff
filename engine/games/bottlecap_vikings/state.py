"""Bottlecap Vikings' state and ``evolve``: the fold of the events, pure and unvalidated."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from engine.core import agenda

from .data import ABILITIES, CITIES, GOODS, TILES, Side, face_action
from .events import (Advanced, Attacked, Copied, Drew, Goods, HelmetGained, Moved, PartTaken, Popped, Queued, Returned,
                     Reversed, Rotated, ShipPlaced, SideChosen, Started, Swapped, Traded, TurnStarted,
                     Used, Valkyries, Won)
from .options import Options
from .steps import Step

_SIDES = {s.name: s for s in (CITIES.identical, *CITIES.unique)}


class Player(Struct, frozen=True):
    """One player: ``side`` (a city side's name), ``ship`` (space 0–7, -1 before it is
    placed), ``direction`` (+1 clockwise, -1 after a reversal), the meters, damage held
    (``reds``, ``greys`` and ``owed`` — damage that found no token in the bag), ``hut``
    (the spot id), ``abilities`` gained (ids, copies included), permanent ``helmets``,
    ``tolled`` (took the Toll here: loses 1 gold if attacked while here), and this turn's
    marks: goods ``gained``, ``healed`` (lost damage), ``attacked``, ``purged`` (lost
    damage to the Valkyries: Leech counts it, Almoner does not)."""

    side: str = "Identical"
    ship: int = -1
    direction: int = 1
    wood: int = 0
    gold: int = 0
    glory: int = 0
    reds: int = 0
    greys: int = 0
    owed: int = 0
    hut: str = "0"
    abilities: tuple[str, ...] = ()
    helmets: int = 0
    tolled: bool = False
    gained: tuple[str, ...] = ()
    healed: bool = False
    attacked: bool = False
    purged: bool = False

    @property
    def damage(self) -> int:
        """Damage held: tokens and owed damage."""
        return self.reds + self.greys + self.owed

    @property
    def city(self) -> Side:
        """The city side in use."""
        return _SIDES[self.side]

    def level(self) -> int:
        """Viking helmet level: glory thresholds passed plus permanent helmets
        ("Gameplay": "3, 5, or 6 glory, your viking helmet level is 1, 2, or 3")."""
        return sum(self.glory >= t for t in self.city.helmets) + self.helmets

    def has(self, ability: str) -> bool:
        """Whether this player owns ``ability`` (printed at their hut's path or copied)."""
        return ability in self.abilities


class State(Struct, frozen=True):
    """The whole game (nothing is hidden but the bag's order, which does not exist:
    a draw picks a token at random). ``tiles`` (tile, face) at spaces 0–7 clockwise;
    ``rotation`` turns the bottlecap; ``reds``/``greys`` are in the bag; ``queue`` is
    what is left to resolve (``steps.py``); ``turn`` whose turn, ``turns`` how many have
    begun; ``parts`` action parts taken this turn, ``used`` before-action abilities used;
    ``advances`` hut advances this turn; ``batch`` reds drawn since the last check."""

    n: int
    options: Options
    phase: str = "setup"
    start: int = 0
    tiles: tuple[tuple[int, int], ...] = ()
    rotation: int = 0
    reds: int = 0
    greys: int = 0
    players: tuple[Player, ...] = ()
    queue: tuple[Step, ...] = ()
    turn: int = -1
    turns: int = 0
    parts: tuple[int, ...] = ()
    used: tuple[str, ...] = ()
    advances: int = 0
    batch: int = 0
    winner: int = -1
    won_by: str = ""

    @property
    def helper(self) -> int:
        """The space beside the bottlecap's helper."""
        return (TILES.bottlecap.helper + self.rotation) % 8

    @property
    def line(self) -> int:
        """The space clockwise before the damage line (-1 with 4 players: that side of
        the bottlecap has none)."""
        return -1 if self.n == 4 else (TILES.bottlecap.line + self.rotation) % 8


def initial(options: Options, n: int) -> State:
    """``n`` players before setup."""
    return State(n=n, options=options, players=(Player(),) * n)


def _put(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _player(state: State, seat: int, **changes) -> State:
    return replace(state, players=_put(state.players, seat, replace(state.players[seat], **changes)))


def evolve(state: State, event) -> State:
    """Fold one event into ``state``; never validates, never draws, never mutates."""
    match event:
        case Popped():  # the most frequent event first (four in ten of a game's)
            batch = 0 if state.queue and state.queue[0].op == "check" else state.batch
            return replace(state, queue=agenda.popped(state.queue), batch=batch)
        case Queued(steps=steps):
            return replace(state, queue=agenda.queued(state.queue, tuple(steps)))
        case Goods(seat=seat, wood=w, gold=g, glory=gl):
            p = state.players[seat]
            gained = p.gained + tuple(k for k, v in zip(GOODS, (w, g, gl)) if v > 0 and k not in p.gained)
            return _player(state, seat, wood=p.wood + w, gold=p.gold + g, glory=p.glory + gl, gained=gained)
        case Drew(seat=seat, colour=colour):
            p = state.players[seat]
            if colour == "red":
                state = replace(state, reds=state.reds - 1, batch=state.batch + 1)
                return _player(state, seat, reds=p.reds + 1)
            if colour == "grey":
                return _player(replace(state, greys=state.greys - 1), seat, greys=p.greys + 1)
            return _player(state, seat, owed=p.owed + 1)
        case Returned(seat=seat, reds=r, greys=g, owed=o, why=why):
            p = state.players[seat]
            state = replace(state, reds=state.reds + r, greys=state.greys + g,
                            batch=state.batch - r if why == "omen" else state.batch)
            return _player(state, seat, reds=p.reds - r, greys=p.greys - g, owed=p.owed - o,
                           healed=p.healed or why == "heal")
        case PartTaken(seat=seat, part=part):
            state = replace(state, parts=state.parts + (part,))
            tile, face = state.tiles[state.players[seat].ship]
            if face_action(tile, face).parts[part - 1].attacked:
                state = _player(state, seat, tolled=True)
            return state
        case Moved(seat=seat, to=to):
            return _player(state, seat, ship=to, tolled=False)
        case Attacked(targets=targets):
            players = tuple(replace(p, attacked=True) if i in targets else p for i, p in enumerate(state.players))
            return replace(state, players=players)
        case Traded(giver=giver, taker=taker, good=good):
            g, t = state.players[giver], state.players[taker]
            state = _player(state, giver, **{good: getattr(g, good) - 1})
            if getattr(t, good) >= t.city.caps[good]:  # "Any gains that would take you above … are forfeited"
                return state
            gained = t.gained if good in t.gained else t.gained + (good,)
            return _player(state, taker, **{good: getattr(t, good) + 1}, gained=gained)
        case Valkyries(losses=losses):
            players = tuple(
                replace(p, gold=p.gold - gold, glory=p.glory - glory, reds=0, greys=0, owed=0,
                        purged=p.purged or p.damage > 0)
                for p, (gold, glory) in zip(state.players, losses))
            reds = state.reds + sum(p.reds for p in state.players)
            greys = state.greys + sum(p.greys for p in state.players)
            return replace(state, players=players, reds=reds, greys=greys, batch=0)
        case Advanced(seat=seat, spot=spot):
            p = state.players[seat]
            ability = p.city.spot(spot).ability
            abilities = p.abilities + ((ability,) if ability in ABILITIES else ())
            return replace(_player(state, seat, hut=spot, abilities=abilities), advances=state.advances + 1)
        case Copied(seat=seat, ability=ability):
            return _player(state, seat, abilities=state.players[seat].abilities + (ability,))
        case Used(ability=ability):
            return replace(state, used=state.used + (ability,))
        case Reversed(seat=seat):
            return _player(state, seat, direction=-state.players[seat].direction)
        case Swapped(space=space):
            tiles = list(state.tiles)
            nxt = (space + 1) % 8
            tiles[space], tiles[nxt] = tiles[nxt], tiles[space]
            return replace(state, tiles=tuple(tiles))
        case Rotated(by=by):
            return replace(state, rotation=(state.rotation + by) % 8)
        case HelmetGained(seat=seat):
            return _player(state, seat, helmets=state.players[seat].helmets + 1)
        case ShipPlaced(seat=seat, space=space):
            return _player(state, seat, ship=space)
        case SideChosen(seat=seat, side=side):
            return _player(state, seat, side=side)
        case TurnStarted(seat=seat, number=number):
            players = tuple(replace(p, gained=(), healed=False, attacked=False, purged=False) for p in state.players)
            return replace(state, phase="play", turn=seat, turns=number, players=players, parts=(), used=(),
                           advances=0)
        case Started(start=start, tiles=tiles, reds=reds, greys=greys):
            return replace(state, start=start, tiles=tuple(tiles), reds=reds, greys=greys)
        case Won(seat=seat, how=how):
            return replace(state, phase="over", winner=seat, won_by=how, queue=())
    return state
