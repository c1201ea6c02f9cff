"""Bottlecap Vikings' commands in plain words for a player (``explain``: a hint's words).

The words name spaces by number and action ("space 5 (Feast)"), action parts by what
they cost and give, hut spots and abilities by their names with a few words on what
they do, in the rulebook's words as HELP.md gives them ("A turn", "The actions",
"Damage and the Valkyries", "Your city and helmets", "Abilities"). Nothing in the game
is hidden: they read the seat's ``view.View`` (the whole table) and the game's data.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.text import and_list

from . import rules
from .commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move, Place, Return, Rotate, Skip, Swap,
                       Take, TakeGoods, Use)
from .data import ABILITIES, CITIES, SPACES, Part, face_action
from .notation import seat_name
from .state import Player, State
from .view import View

#: What each ability does, in a few words (HELP.md, "Abilities").
GLOSS = {
    "sails": "sail 2 further", "longship": "sail 2 further", "oars": "sail 1 further",
    "tailwind": "sail 3 further from the helper", "mender": "lose 1 damage at the helper",
    "tribute": "1 gold at the helper", "woodcutter": "1 wood at the helper", "tides": "swap two tiles at the helper",
    "rudder": "1 damage to turn about", "sacrifice": "1 glory to lose all damage",
    "woodpile": "gained wood: 1 more", "hoard": "gained gold: 1 more", "sawmill": "gained wood: 1 gold",
    "saga": "gained glory: 1 wood", "jarl": "gained glory: 1 gold", "skald": "gained glory: lose 1 damage",
    "leech": "lost damage: 1 gold", "almoner": "another lost damage: 1 gold", "carpenter": "a hut went up: 1 wood",
    "guild": "a hut went up: 1 gold", "grudge": "attacked: 1 gold", "barter": "trade with ships you pass",
    "reaver": "trade with those you attack", "shieldwall": "1 damage less at the Valkyries",
    "omen": "draw 1 more, give 1 back", "pilot": "the damage line does not hurt",
    "sanctuary": "no damage beside the helper", "ragnarok": "the Valkyries come now",
    "windfall": "double your wood or gold", "compass": "turn the bottlecap, 1 glory",
    "cleansing": "lose all your damage", "helm": "1 wood and a helmet", "mimic": "copy another ability",
}


def _space(table: State, space: int) -> str:
    """"space 5 (Feast)": a space and the action beside it."""
    if 0 <= space < len(table.tiles):
        return f"space {space + 1} ({face_action(*table.tiles[space]).name})"
    return f"space {space + 1}"


def _goods(amounts: dict[str, int]) -> str:
    """"1 gold and 2 wood" (in the order given)."""
    return and_list([f"{n} {good}" for good, n in amounts.items() if n])


def ability_words(ability: str) -> str:
    """An ability's name and what it does: "Saga (gained glory: 1 wood)"; the name alone
    for an ability without words. Raises ``KeyError`` for an unknown ability."""
    gloss = GLOSS.get(ability)
    return f"{ABILITIES[ability].name} ({gloss})" if gloss else ABILITIES[ability].name


def explain(command, view: View, names: Sequence[str]) -> str:
    """``command`` as one short sentence for the seat whose ``view`` this is: "Sail 2
    spaces to space 5 (Feast), attacking bob.", "Feast: pay 1 gold and 2 wood for 1
    glory.", "Improve: move your hut up to 2a for 4 gold: Saga (gained glory: 1
    wood).", "Put 1 red token back in the bag.", "Take 1 gold from bob." (HELP.md, "A
    turn", "The actions", "Abilities"). What a command means may hang on the question
    asked (a Return after damage lost or for Omen, a Skip of Tides): the front of the
    table's queue says it. ``names`` by seat. Raises ``TypeError`` for anything but a
    Bottlecap Vikings command."""
    table = view.table
    step = table.queue[0] if table.queue else None
    seat = view.me if view.me is not None else (step.seat if step else 0)
    p = table.players[seat] if 0 <= seat < len(table.players) else Player()
    op = step.op if step else ""
    other = seat_name(names, step.other) if step and step.other >= 0 else "them"
    match command:
        case ChooseSide(side="unique"):
            unique = CITIES.unique[seat].name if 0 <= seat < len(CITIES.unique) else "your own"
            return f"Play the unique side of your city card: {unique}."
        case ChooseSide():
            return "Play the identical side of your city card, the same for everyone."
        case Place(space=space):
            return f"Put your ship beside {_space(table, space)}."
        case TakeGoods(wood=wood, gold=gold):
            fixed, _, glory = rules.starting_goods(table.n, step.n if step else 0, table.options)
            return f"Start with {_goods({'wood': fixed + wood, 'gold': gold, 'glory': glory}) or 'nothing'}."
        case Move(distance=distance):
            return _move(table, seat, distance, names)
        case Do(part=part, amount=amount):
            return _do(table, seat, p, part, amount)
        case Advance(spot=spot):
            return _advance(p, spot, free=op == "improve")
        case Use(ability=ability):
            return _use(ability)
        case End():
            if op == "act" and not table.parts:
                return "End your turn without taking the action."
            return "End your turn."
        case Return(reds=reds, greys=greys):
            if op == "omen":
                return f"Omen: give the {'red' if reds else 'grey'} token back, as if never drawn."
            tokens = and_list([f"{k} {colour} token{'s' if k > 1 else ''}" for k, colour in ((reds, "red"), (greys, "grey"))
                           if k])
            return f"Put {tokens or 'no token'} back in the bag."
        case Take(good=good):
            return f"Take 1 {good} from {other}."
        case Give(good=good):
            return f"Give {other} 1 {good} in return."
        case Swap(space=space):
            return f"Tides: swap the tiles at {_space(table, space)} and {_space(table, (space + 1) % SPACES)}."
        case Skip():
            return "Tides: swap no tiles." if op == "swap" else "Let this choice pass."
        case Rotate(by=by):
            helper = (table.helper + by) % SPACES
            return (f"Compass: turn the bottlecap {by} space{'s' if by > 1 else ''} clockwise, "
                    f"the helper to space {helper + 1}.")
        case Double(good=good):
            have = getattr(p, good, 0)
            gain = max(0, min(have, p.city.caps.get(good, have * 2) - have))
            return f"Windfall: double your {good}, {have} to {have + gain}."
        case Copy(ability=ability):
            return f"Mimic: copy {ability_words(ability) if ability in ABILITIES else ability}."
    raise TypeError(f"not a Bottlecap Vikings command: {command!r}")


def _move(table: State, seat: int, distance: int, names: Sequence[str]) -> str:
    """A move ("A turn": sail, cross the damage line, attack)."""
    text = f"Sail {distance} space{'s' if distance > 1 else ''}"
    p = table.players[seat]
    if p.ship < 0:
        return text + "."
    to = rules.path(table, seat, distance)[-1]
    text += f" to {_space(table, to)}"
    if not p.has("pilot") and rules.crossings(table, seat, distance):
        text += ", over the damage line"
    targets = rules.attacked_by(table, seat, distance)
    if targets:
        text += f", attacking {and_list([seat_name(names, t) for t in targets])}"
    return text + "."


def part_words(x: Part, p: Player, amount: int = 0) -> str:
    """What one part of an action does for player ``p``, in words ("pay 1 gold and 2
    wood for 1 glory", "give up 3 gold for 4 wood", "take 1 damage for 1 gold"); HELP.md,
    "The actions", and ``data/actions.toml`` for what each part holds."""
    if x.advance:
        return "move your hut up"
    if x.convert:
        have, get = ("gold", "wood") if x.convert == "gold-to-wood" else ("wood", "gold")
        return f"give up {amount} {have} for {amount + 1} {get}"
    gains = dict(x.gain)
    if x.helmets:
        gains[x.helmets] = max(1, 3 - p.level())
    if x.balance:
        gains = {good: 1 for good, fewer in (("gold", p.gold <= p.wood), ("wood", p.wood <= p.gold)) if fewer}
    costs = [f"pay {_goods(x.pay)}"] if x.pay else []
    if x.damage:
        costs.append(f"take {x.damage} damage")
    got = []
    if gains:
        got.append(and_list([f"{n} more {good}" for good, n in gains.items()]) if x.needs else _goods(gains))
    if x.heal:
        got.append("lose all your damage" if x.heal < 0 else f"lose {x.heal} damage")
    text = and_list(costs)
    if got and text:
        text += (" to " if x.heal and not gains else " for ") + and_list(got)
    elif got:
        text = ("take " if gains else "") + and_list(got)
    if x.needs:
        text += " (you have the " + ("most" if x.needs == "most-damage" else "least") + " damage)"
    if x.attacked:
        text += f"; lose {x.attacked} if attacked while here"
    return text


def _do(table: State, seat: int, p: Player, part: int, amount: int) -> str:
    """Taking part ``part`` of the action beside the ship ("A turn" 5)."""
    if p.ship < 0:
        return f"Take part {part} of the action here."
    action = rules.action_here(table, seat)
    if not 1 <= part <= len(action.parts):
        return f"{action.name}: part {part}."
    words = part_words(action.parts[part - 1], p, amount)
    return f"{action.name}: {words}."


def _advance(p: Player, spot: str, free: bool) -> str:
    """The hut up one spot ("Your city and helmets"): Improve, or the free improvement at
    setup with 4 players."""
    try:
        target = p.city.spot(spot)
    except KeyError:
        return f"Move your hut to {spot}."
    how = "Free improvement: move" if free else "Improve: move"
    cost = "" if free else f" for {target.cost} gold"
    if target.ability == "throne":
        return f"{how} your hut to the throne{cost}, and win!"
    what = f": {ability_words(target.ability)}" if target.ability in ABILITIES else ""
    return f"{how} your hut up to {spot}{cost}{what}."


def _use(ability: str) -> str:
    """A before-the-action ability (Rudder, Sacrifice)."""
    if ability == "rudder":
        return "Use Rudder: take 1 damage to sail the other way from next turn."
    if ability == "sacrifice":
        return "Use Sacrifice: lose 1 glory to lose all your damage."
    return f"Use {ABILITIES[ability].name}." if ability in ABILITIES else f"Use {ability}."
