"""Naughty or Nice's commands in plain words for a player (``explain``: a hint's words).

The words name presents and creatures by their card names, kiddos by name and
playground place ("Benjamin (place 3)"), and say what a creature does in the
rulebook's words as HELP.md and ``data/texts.toml`` give them ("A turn", "Creatures",
"Gift givers", "Every card"). They read only the seat's own ``view.View``: its own
hand, the row, the playground, the Elves' reveal, its own Summon's two cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine.core.reactions import Pass
from engine.core.text import and_list

from . import commands as cmd
from .data import COLOURS, CREATURES, GIVERS, KIDDOS, PRESENTS
from .common import colour, giver_bonus, points_for
from .view import View

#: A Fulfill naming its presents past this many characters names their colours instead.
LONG = 72
#: Prompts a Pass declines, in words (``state.Prompt.kind``).
_DECLINE = {
    "draw": "Christkindl: draw no present.",
    "moroz": "Grandfather Frost: take no basic action now.",
    "repeat": "Snow Maiden: do not take the action again.",
}


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"


def _present(code: str) -> str:
    return PRESENTS[code].name if code in PRESENTS else code


def _creature(code: str) -> str:
    return CREATURES[code].name if code in CREATURES else code


#: Creatures named as things ("the Snow Maiden"); the others are called by name ("Krampus").
_COMMON = frozenset({"SM", "EL", "TO", "RD"})


def _the(code: str) -> str:
    """A creature as a sentence names it: "the Snow Maiden", "Krampus"."""
    return f"the {_creature(code)}" if code in _COMMON else _creature(code)


def _kiddo(view: View, slot: int) -> str:
    """"Benjamin (place 3)": the kiddo in playground place ``slot`` (0-based)."""
    if 0 <= slot < len(view.playground) and view.playground[slot] >= 0:
        return f"{KIDDOS[view.playground[slot]].name} (place {slot + 1})"
    return f"the kiddo in place {slot + 1}"


def _points(k: int) -> str:
    return f"{k} point{'' if k == 1 else 's'}"


def _giver(view: View) -> str:
    """The seat's gift giver code ("" for none, a spectator, or before level 2)."""
    if view.me is None or view.options.level < 2:
        return ""
    return view.players[view.me].giver


def _creature_points(view: View, code: str, count: int = 1) -> int:
    """What playing ``count`` × ``code`` scores at once, from the view (``table.points_for``)."""
    giver = _giver(view) if view.options.level >= 4 else ""
    return points_for(code, count, giver, view.options.unmarked_points)


def explain(command, view: View, names: Sequence[str]) -> str:
    """``command`` as one short sentence for the seat whose ``view`` this is: "Craft:
    take Cap (row place 1) and 1 present from the deck.", "Fulfil Benjamin (place 3)
    with Cap, Stockings and Sweater: 3 points.", "Play Mr Scrooge on bob: bob skips
    their next turn.", "Tomte: cancel bob's Krampus." (HELP.md, "A turn", "Creatures",
    "Gift givers"; ``data/texts.toml`` for each card). What a Pass declines comes from
    the view's open question. ``names`` by seat. Raises ``TypeError`` for anything but
    a Naughty or Nice command."""
    match command:
        case cmd.ChooseGiver(giver=g):
            if g not in GIVERS:
                return f"Take the gift giver {g}."
            giver = GIVERS[g]
            likes = and_list([_present(x) for x in giver.preferred])
            more = giver.bonus if view.options.level >= 4 else 1
            return f"Be {giver.name}: {likes} you give score{'s' if len(giver.preferred) == 1 else ''} {more} more."
        case cmd.Craft(sources=sources):
            return _craft(view, sources)
        case cmd.Summon():
            if view.midnight_struck and view.options.level >= 5:
                return "Summon: after midnight, score 1 point instead of creatures."
            return "Summon: draw 2 creatures, keep 1 and discard the other."
        case cmd.Keep(creature=c):
            other = list(view.summoning)
            if c in other:
                other.remove(c)
            tail = f"; discard {_the(other[0])}" if other else "; discard the other"
            return f"Keep {_the(c)}{tail}."
        case cmd.Fulfill(slot=slot, presents=presents, caga=caga):
            return _fulfill(view, slot, presents, caga)
        case cmd.Play():
            return _play(view, command, names)
        case cmd.React(creature=c, take=take):
            return _react(view, c, take, names)
        case Pass():
            if view.prompts and view.prompts[0].seat == view.me:
                return _DECLINE.get(view.prompts[0].kind, "Let this choice pass.")
            return "Let it stand: no reaction."
        case cmd.Pick(present=p):
            return f"Take {_present(p)} from the presents the Elves revealed."
        case cmd.Draw(source=source):
            if source == cmd.DECK:
                return "Christkindl: draw a present from the deck."
            row = view.row[source] if 0 <= source < len(view.row) else ""
            return f"Christkindl: draw {_present(row) if row else 'the present'} from row place {source + 1}."
        case cmd.Search(present=p):
            return f"Santa: discard 2 {_present(p)} to search for a reindeer."
        case cmd.Tuck():
            return "Santa: put a Reindeer from your hand under Rudolf."
        case cmd.Sweep(slot=slot):
            return f"La Befana: sweep {_kiddo(view, slot)} out of the playground."
        case cmd.End():
            return "End your turn."
    raise TypeError(f"not a Naughty or Nice command: {command!r}")


def _craft(view: View, sources: tuple[int, ...]) -> str:
    """Craft Presents (HELP.md, "A turn" 3): row places first, then the deck."""
    parts = []
    for slot in sources:
        if slot != cmd.DECK and 0 <= slot < len(view.row) and view.row[slot]:
            parts.append(f"{_present(view.row[slot])} (row place {slot + 1})")
    deck = sum(1 for s in sources if s == cmd.DECK)
    if deck:
        parts.append(f"{deck} present{'s' if deck > 1 else ''} from the deck")
    return f"Craft: take {and_list(parts) or 'nothing'}."


def _fulfill(view: View, slot: int, presents: tuple[str, ...], caga: bool) -> str:
    """Fulfill Wishes (HELP.md, "A turn" 3): 1 point a wish, 1 more for each present
    the gift giver prefers (Father Christmas's Stocking 2 from level 4), Caga Tió's own."""
    kiddo = view.playground[slot] if 0 <= slot < len(view.playground) else -1
    given = [_present(p) for p in presents] + (["Caga Tió"] if caga else [])
    text = f"Fulfil {_kiddo(view, slot)} with {and_list(given) or 'nothing'}"
    if len(text) > LONG:  # five presents do not fit a line by name: by colour, as kiddos wish
        counts = Counter(colour(p) for p in presents)
        given = [f"{counts[c]} {c}" for c in COLOURS if counts[c]]
        given[-1] += f" present{'s' if sum(counts.values()) > 1 else ''}"
        text = f"Fulfil {_kiddo(view, slot)} with {and_list(given + (['Caga Tió'] if caga else []))}"
    if kiddo < 0:
        return text + "."
    return text + f": {_points(fulfill_points(view, slot, presents, caga))}."


def fulfill_points(view: View, slot: int, presents: Sequence[str], caga: bool = False) -> int:
    """What fulfilling the kiddo at playground place ``slot`` with ``presents`` (and
    Caga Tió) scores for the seat whose ``view`` this is, by the rules' own counts: 1 a
    wish, 1 more for each present its gift giver prefers ("Fulfill Wishes": "every Gift
    Giver has a special present that 'if given' scores an extra point for the player per
    special present"; Father Christmas's Stockings 2 from level 4: ``table.giver_bonus``),
    Caga Tió's own points (``table.points_for``). 0 for an empty place."""
    kiddo = view.playground[slot] if 0 <= slot < len(view.playground) else -1
    if kiddo < 0:
        return 0
    giver = _giver(view)
    points = len(KIDDOS[kiddo].wishes) + giver_bonus(giver if giver in GIVERS else "", view.options.level, presents)
    if caga:
        points += _creature_points(view, "CT")
    return points


def _play(view: View, c: cmd.Play, names: Sequence[str]) -> str:
    """Playing a creature (HELP.md, "Creatures"; ``data/texts.toml``)."""
    code = c.creature
    if code not in CREATURES:
        return f"Play {code}."
    if code == "RD":
        together = f"{c.count} Reindeer together" if c.count > 1 else "a Reindeer"
        return f"Play {together}: {_points(_creature_points(view, 'RD', c.count))}."
    name = _creature(code)
    who = _name(names, c.target)
    match code:
        case "SC":
            return f"Play Mr Scrooge on {who}: {who} skips their next turn."
        case "ML":
            return f"Play Mari Lwyd on {who}: steal a random creature from them."
        case "CG":
            return f"Play Cringe on {who}: steal 2 random presents from them."
        case "KR":
            return f"Play Krampus calling for {_present(c.present)}: each other holder gives you one."
        case "MC":
            return f"Play Mrs. Claus: take {_kiddo(view, c.slot)} without presents."
        case "EL":
            return f"Play the Elves: reveal {view.n + 1} presents, and you pick first."
        case "SM":
            again = {"craft": "craft", "summon": "summon", "fulfill": "fulfil a wish"}.get(view.acted,
                                                                                      "take your basic action")
            return f"Play the Snow Maiden: {again} again."
        case "YC":
            return "Play Jólakötturinn: whoever holds the fewest red presents loses points."
    return f"Play {name}."


def _react(view: View, code: str, take: tuple[str, ...], names: Sequence[str]) -> str:
    """A reaction (HELP.md, "A turn", Reactions): Tomte cancels the creature just played,
    Papa Wolverine takes two presents of a Fulfill."""
    held = next((h for h in reversed(view.held) if h.open), None)
    if code == "TO":
        if held is None or held.creature not in CREATURES:
            return "Tomte: cancel the creature just played."
        return f"Tomte: cancel {_name(names, held.seat)}'s {_creature(held.creature)}."
    if code == "PW":
        took = and_list([_present(p) for p in take]) or "presents"
        if held is None:
            return f"Papa Wolverine: take {took} just given."
        return f"Papa Wolverine: take {took} that {_name(names, held.seat)} just gave."
    return f"React with {_the(code)}."
