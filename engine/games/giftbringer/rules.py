"""Giftbringer's ``setup``, ``decide``, ``legal``, ``to_act`` and ``result``.

Every rule cites ``giftbringer.txt`` by its heading; decisions on unclear or lost
passages are in ``RULES.md`` beside this file. The sheet is data (``sheet.py``).
"""

from __future__ import annotations

import itertools
from functools import lru_cache
import random

from engine.core.decider import Result
from engine.core.errors import IllegalCommand

from .commands import BLESSINGS, Bless, Cross, Done, Land, Visit
from .events import Blessed, Committed, Crossed, DiceRolled, GameEnded, GameStarted, Landed, Recruited, Visited
from .notation import quoted, title
from .sheet import SHEET, neighbours, ships_of
from .state import PlayerSheet, State
from .options import Options

POINTS = {"G": 4, "C": 5, "M": 6}  # "SCORING": Glass of Milk 4, Cookie 5, Muffin 6
BONUS = {"G": 7, "C": 8, "M": 9}  # "15 points if you gained 7 Glasses of Milk / 8 Cookies / 9 Muffins"
HAPPINESS_POINTS = ((9, 50), (6, 25), (3, 10))  # "10/25/50 points … 3rd/6th/9th level"


def roll(rng: random.Random) -> tuple[int, ...]:
    """The Merry Leader's four six-sided dice."""
    return tuple(rng.randint(1, 6) for _ in range(4))


def setup(options, n: int, rng: random.Random) -> list:
    """"Randomly determine the Merry Leader", who rolls round 1's dice."""
    return [GameStarted(leader=rng.randrange(n)), DiceRolled(round=1, dice=roll(rng))]


def to_act(state: State) -> frozenset[int]:
    """Every seat that has not finished the round (a simultaneous phase)."""
    if state.phase != "play":
        return frozenset()
    return frozenset(i for i, s in enumerate(state.sheets) if not s.committed)


# ---------------------------------------------------------------------- what a sheet allows
def reachable(sheet: PlayerSheet, place: str) -> bool:
    """Whether ``place`` may be worked on and Visited: "adjacent to your Viking Ship or a
    previously Visited road/house" ("VISIT"). Before the harbour is chosen, a place on
    any ship's coast counts (RULES.md: adjacency is checked when crossing)."""
    if place in open_places(sheet.ship, sheet.visited):
        return True
    if place not in PLACE_IDS:
        SHEET.place(place)  # raises KeyError for an unknown id
    return False


def workable(sheet: PlayerSheet, place: str, options: Options) -> bool:
    """Whether results may be crossed on road or house ``place`` (not yet visited): where
    it could be Visited (``reachable``, RULES.md: adjacency is checked when crossing),
    or anywhere with the option ``cross_anywhere`` ("VISIT" read literally: only the
    Visit asks for adjacency)."""
    if options.cross_anywhere:
        return place in PLACE_IDS and place not in sheet.visited
    return reachable(sheet, place)


#: Every road and house id on the sheet.
PLACE_IDS = frozenset(p.id for p in SHEET.places)


@lru_cache(maxsize=4096)
def open_places(ship: str, visited: tuple[str, ...]) -> frozenset[str]:
    """The places ``reachable`` from harbour ``ship`` ("" before one is chosen) after
    Visiting ``visited``, worked out once for each (the search asks thousands of times)."""
    if not ship:
        return frozenset(p.id for p in SHEET.places if p.id not in visited and ships_of(p.id))
    return frozenset(p.id for p in SHEET.places if p.id not in visited
                     and (ship in ships_of(p.id) or any(v in neighbours(p.id) for v in visited)))


def presents_left(sheet: PlayerSheet) -> int:
    """Presents the recruited Vikings still carry."""
    return sum(SHEET.viking(v).presents - sheet.given.get(v, 0) for v in sheet.recruited)


def free_slots(sheet: PlayerSheet) -> int:
    """Empty Gratitude slots under the recruited Vikings."""
    return sum(SHEET.viking(v).slots - len(sheet.gratitude.get(v, ())) for v in sheet.recruited)


def complete(sheet: PlayerSheet, target: str) -> bool:
    """Every result ``target`` demands is crossed."""
    return all(sheet.marks[target])


def _free_result(sheet: PlayerSheet, number: int) -> int:
    if not 1 <= number <= len(sheet.results):
        raise IllegalCommand(f"There is no result {number}; this round has results 1–{len(sheet.results)}.")
    result = sheet.results[number - 1]
    if result.used:
        raise IllegalCommand(f"Result {number} (a {result.value}) is already used.")
    return result.value


def _cross(state: State, seat: int, sheet: PlayerSheet, c: Cross) -> list:
    value = _free_result(sheet, c.result)
    target = c.target.upper()
    if target not in sheet.marks:
        raise IllegalCommand(f"There is no {quoted(c.target)} on the sheet.")
    if target.startswith("V"):
        if target in sheet.recruited:
            raise IllegalCommand(f"{title(target)} is recruited already.")
        demand = SHEET.viking(target).demand
    else:
        if target in sheet.visited:
            raise IllegalCommand(f"{title(target)} is visited already.")
        if not workable(sheet, target, state.options):
            raise IllegalCommand(f"{title(target)} is not next to your harbour or a place you visited.")
        demand = SHEET.place(target).demand
    marks = sheet.marks[target]
    index = next((i for i, (face, done) in enumerate(zip(demand, marks)) if face == value and not done), None)
    if index is None:
        still = " ".join(str(f) for f, done in zip(demand, marks) if not done) or "nothing"
        raise IllegalCommand(f"A {value} cannot be crossed on {title(target)}: it still needs {still}.")
    events = [Crossed(seat, c.result, target, index)]
    if target.startswith("V") and all(done or i == index for i, done in enumerate(marks)):
        events.append(Recruited(seat, target))  # "RECRUIT": "When you cross all results … you Recruit them"
    return events


def _bless(sheet: PlayerSheet, seat: int, b: Bless) -> list:
    if b.kind not in BLESSINGS:
        raise IllegalCommand(f"There is no {b.kind!r} Blessing; they are {', '.join(BLESSINGS)}.")
    if b.kind in sheet.blessings:
        raise IllegalCommand(f"The {b.kind!r} Blessing is used already (each once a game).")
    count = 1 if b.kind == "any" else 2
    if len(b.results) != count or len(set(b.results)) != count:
        raise IllegalCommand(f"The {b.kind!r} Blessing takes {count} different result{'s' * (count > 1)}.")
    if list(b.results) != sorted(b.results):  # one command per choice: the notation sorts them
        raise IllegalCommand("Name the results in increasing order.")
    values = [_free_result(sheet, r) for r in b.results]
    if b.kind == "any" or b.kind == "two":
        if not 1 <= b.value <= 6:
            raise IllegalCommand("A result is a face from 1 to 6.")
        if b.kind == "any" and b.value == values[0]:
            raise IllegalCommand(f"Result {b.results[0]} is a {b.value} already: the Blessing makes it any *other* result.")
        value = b.value
    elif b.value:
        raise IllegalCommand(f"The {b.kind!r} Blessing makes the {b.kind} of the two results; it takes no face.")
    else:
        value = blessed(b.kind, values[0], values[1])
    return [Blessed(seat, b.kind, tuple(b.results), value)]


def blessed(kind: str, a: int, b: int) -> int:
    """The result the "sum" or "diff" Blessing makes of results ``a`` and ``b``
    (``giftbringer.txt``, "SANTA'S BLESSING": "If a sum result would be above 6 treat it
    as a 6", "If a difference would be below 1 treat it as a 1"); the rules, the bot and
    a command's words all use it."""
    return min(6, a + b) if kind == "sum" else max(1, abs(a - b))


def _visit(sheet: PlayerSheet, seat: int, v: Visit) -> list:
    place_id = v.place.upper()
    if place_id.startswith("V") or place_id not in sheet.marks:
        raise IllegalCommand(f"There is no road or house {quoted(v.place)} on the sheet.")
    place = SHEET.place(place_id)
    if not sheet.recruited:
        raise IllegalCommand("Recruit a Viking first: Visit needs at least one (\"VISIT\").")
    if not sheet.ship:
        raise IllegalCommand("Land at a harbour first (land S1…): your first Visit starts there.")
    if not reachable(sheet, place_id):
        raise IllegalCommand(f"{title(place_id)} is not next to your harbour or a place you visited.")
    if not complete(sheet, place_id):
        left = [f for f, done in zip(place.demand, sheet.marks[place_id]) if not done]
        raise IllegalCommand(f"{title(place_id)} still needs {', '.join(map(str, left))} crossed.")
    if presents_left(sheet) < place.presents:
        raise IllegalCommand(f"{title(place_id)} needs {place.presents} Presents; your Vikings carry {presents_left(sheet)}.")
    presents, need = [], place.presents
    for viking in sheet.recruited:  # RULES.md: Presents come from Vikings in the order recruited
        have = SHEET.viking(viking).presents - sheet.given.get(viking, 0)
        take = min(have, need)
        if take:
            presents.append((viking, take))
            need -= take
    letters = _kept(sheet, place_id, v.keep)
    gratitude = []
    for viking in sheet.recruited:  # "write down all expresses of Gratitude … below any … Viking"
        room = SHEET.viking(viking).slots - len(sheet.gratitude.get(viking, ()))
        while room and letters:
            gratitude.append((viking, letters.pop(0)))
            room -= 1
    lost = len(place.gratitude) - len(gratitude)
    return [Visited(seat, place_id, tuple(presents), tuple(gratitude), lost, place.happiness)]


def keep_choices(sheet: PlayerSheet, place_id: str) -> list[str]:
    """What a Visit of ``place_id`` may keep when its Gratitude overflows the free slots:
    each choice is one letter per free slot, in the order C, G, M (``"CM"``). Empty when
    there is nothing to choose: every letter fits, no slot is free, or every choice keeps
    the same letters (RULES.md, "Gratitude": the player writes down the letters they
    choose; the rest is lost)."""
    letters, free = SHEET.place(place_id).gratitude, free_slots(sheet)
    if not 0 < free < len(letters):
        return []
    choices = sorted({"".join(sorted(c)) for c in itertools.combinations(letters, free)})
    return choices if len(choices) > 1 else []


def _kept(sheet: PlayerSheet, place_id: str, keep: str) -> list[str]:
    """The letters a Visit writes down, in the order the house gives them: those named in
    ``keep`` when there is a choice (raises ``IllegalCommand`` when it is missing or not
    one of ``keep_choices``), else as many as fit, first printed first."""
    place = SHEET.place(place_id)
    choices = keep_choices(sheet, place_id)
    if not choices:
        if keep:
            raise IllegalCommand(f"{title(place_id)} leaves nothing to choose: visit {place_id}.")
        return list(place.gratitude[:free_slots(sheet)])
    example = f"visit {place_id} keep {' or '.join(choices[:3])}"
    free = free_slots(sheet)
    if not keep:
        raise IllegalCommand(f"Choose what to keep: {example} ({free} free slot{'s' * (free > 1)}).")
    if keep not in choices:
        raise IllegalCommand(f"Keep one letter per free slot: {example}.")
    wanted, out = list(keep), []
    for letter in place.gratitude:
        if letter in wanted:
            wanted.remove(letter)
            out.append(letter)
    return out


def decide(state: State, seat: int, command, rng: random.Random) -> list:
    """Turn ``command`` by ``seat`` into events; raises ``IllegalCommand`` naming the rule."""
    if state.phase != "play":
        raise IllegalCommand("The game is over.")
    sheet = state.sheets[seat]
    if sheet.committed:
        raise IllegalCommand("You have finished this round; wait for the others.")
    match command:
        case Cross():
            return _cross(state, seat, sheet, command)
        case Bless():
            return _bless(sheet, seat, command)
        case Land(ship=ship):
            ship = ship.upper()
            if sheet.ship:
                raise IllegalCommand("Your harbour is chosen for good (\"you are not able to choose a new one\").")
            if ship not in {s.id for s in SHEET.ships}:
                raise IllegalCommand(f"There is no harbour {quoted(command.ship)}; harbours: {', '.join(s.id for s in SHEET.ships)}.")
            return [Landed(seat, ship)]
        case Visit():
            return _visit(sheet, seat, command)
        case Done():
            events = [Committed(seat)]
            if all(s.committed for i, s in enumerate(state.sheets) if i != seat):
                events += _end_of_round(state, rng)
            return events
    raise IllegalCommand(f"Not a Giftbringer command: {command!r}.")


def _end_of_round(state: State, rng: random.Random) -> list:
    """Everybody finished: the next roll ("At the beginning of each round, Merry Leader
    roll four six-sided dice"), or after the last round the scoring ("SCORING")."""
    if state.round >= state.options.rounds:
        points = tuple(score(s, state.options.happiness_cumulative)["total"] for s in state.sheets)
        return [GameEnded(points, _winners(state.sheets, points))]
    return [DiceRolled(round=state.round + 1, dice=roll(rng))]


def _winners(sheets, points) -> tuple[int, ...]:
    """Most points; ties go to the higher Happiness level, then more Gratitude taken
    (RULES.md, "Tie-break"); a tie on all three is shared."""
    key = lambda i: (points[i], sheets[i].happiness, sum(len(g) for g in sheets[i].gratitude.values()))  # noqa: E731
    best = max(key(i) for i in range(len(points)))
    return tuple(i for i in range(len(points)) if key(i) == best)


# ---------------------------------------------------------------------- scoring
def counts(sheet: PlayerSheet) -> dict[str, int]:
    """Gratitude taken, by letter."""
    out = {"G": 0, "C": 0, "M": 0}
    for letters in sheet.gratitude.values():
        for letter in letters:
            out[letter] += 1
    return out


def score(sheet: PlayerSheet, cumulative: bool = False) -> dict[str, int]:
    """Points of a sheet ("SCORING"): milk, cookies, muffins, happiness, bonuses, total."""
    c = counts(sheet)
    milk, cookies, muffins = c["G"] * POINTS["G"], c["C"] * POINTS["C"], c["M"] * POINTS["M"]
    if cumulative:
        happy = sum(p for level, p in HAPPINESS_POINTS if sheet.happiness >= level)
    else:
        happy = next((p for level, p in HAPPINESS_POINTS if sheet.happiness >= level), 0)
    bonus = sum(15 for letter, need in BONUS.items() if c[letter] >= need)
    return {"milk": milk, "cookies": cookies, "muffins": muffins, "happiness": happy, "bonus": bonus,
            "total": milk + cookies + muffins + happy + bonus}


def result(state: State) -> Result | None:
    """None until the last round ends; then points and winners."""
    if state.phase != "over":
        return None
    scores = [score(s, state.options.happiness_cumulative) for s in state.sheets]
    return Result(scores=scores, winners=list(state.winners), tiebreak=_tie_note(state))


def _tie_note(state: State) -> str:
    """How a tie on points was settled, in plain words ("" when the top score stood
    alone): boxtop's tie-break (RULES.md, "Tie-break"), as the rulebook names none."""
    top = max(state.points, default=0)
    level = [i for i, p in enumerate(state.points) if p == top]
    if len(level) < 2:
        return ""
    if len(state.winners) > 1:
        return "equal on points, Happiness and Gratitude"
    happiest = max(state.sheets[i].happiness for i in level)
    if sum(state.sheets[i].happiness == happiest for i in level) == 1:
        return "tied on points, won on Happiness: boxtop's tie-break, as the rulebook names none"
    return "tied on points and Happiness, won on Gratitude taken: boxtop's tie-break, as the rulebook names none"


# ---------------------------------------------------------------------- legal commands
def legal(state: State, seat: int) -> list:
    """Exactly the commands ``decide`` accepts for ``seat`` now."""
    if state.phase != "play" or state.sheets[seat].committed:
        return []
    sheet = state.sheets[seat]
    free = [(i + 1, r.value) for i, r in enumerate(sheet.results) if not r.used]
    out: list = []
    targets = [v.id for v in SHEET.vikings if v.id not in sheet.recruited]
    targets += [p.id for p in SHEET.places if workable(sheet, p.id, state.options)]
    for number, value in free:
        for target in targets:
            demand = SHEET.viking(target).demand if target.startswith("V") else SHEET.place(target).demand
            if any(face == value and not done for face, done in zip(demand, sheet.marks[target])):
                out.append(Cross(number, target))
    for kind in BLESSINGS:
        if kind in sheet.blessings:
            continue
        if kind == "any":
            out += [Bless("any", (n,), v) for n, value in free for v in range(1, 7) if v != value]
        else:
            for (a, x), (b, y) in itertools.combinations(free, 2):
                if kind == "two":
                    out += [Bless("two", (a, b), v) for v in range(1, 7)]
                else:
                    out.append(Bless(kind, (a, b)))
    if not sheet.ship:
        out += [Land(s.id) for s in SHEET.ships]
    elif sheet.recruited:
        have = presents_left(sheet)
        for p in SHEET.places:
            if reachable(sheet, p.id) and complete(sheet, p.id) and p.presents <= have:
                out += [Visit(p.id, keep) for keep in keep_choices(sheet, p.id)] or [Visit(p.id)]
    out.append(Done())
    return out


def reveals(event) -> bool:
    """A roll shows new random results: undo stops before it."""
    return isinstance(event, (DiceRolled, GameEnded))
