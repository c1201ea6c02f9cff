"""Bottlecap Vikings' ``setup``, ``decide``, ``legal``, ``to_act`` and ``result``.

A game is a queue of steps (``steps.py``, on the core's turn agenda,
``engine.core.agenda``): ``decide`` answers the step at the front, then resolves every
step after it that needs no choice, until one waits for a seat or somebody wins. Rules
cite the Bottlecap Vikings rulebook by its headings ("Components and Setup",
"Gameplay", "Resolving Valkyries", "Winning the game", "City Abilities", "Action
Spaces"); decisions on unclear passages are in ``RULES.md`` beside this file.
Abilities are data (``data/abilities.toml``), resolved by ``abilities.py``.
"""

from __future__ import annotations

import random

from engine.core.agenda import Transaction, check_turn
from engine.core.decider import Result
from engine.core.errors import IllegalCommand

from . import abilities
from .commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move, Place, Return, Rotate, Skip, Swap,
                       Take, TakeGoods, Use)
from .data import ABILITIES, CITIES, SPACES, face_action
from .events import (Advanced, Attacked, Copied, Drew, Goods, Moved, PartTaken, Queued, Returned,
                     Rotated, ShipPlaced, SideChosen, Started, Swapped, Traded, TurnEnded, TurnStarted,
                     Valkyries, Won)
from .options import Options, parse_layout
from .state import State, evolve
from .steps import Step

#: Grey Valkyries in the bag by player count ("Components and Setup": "2 players = 7
#: greys, 3 players = 12 greys, 4 players = 17 greys"); reds are always 5.
GREYS = {2: 7, 3: 12, 4: 17}
REDS = 5
#: Reds held in all that make the Valkyries arrive ("Resolving Valkyries": "4 or more").
ARRIVAL = 4
#: Ordinary move ("Gameplay": "you MUST move your ship 1, 2, or 3 spaces"); the longest
#: move with abilities stops short of a full lap (RULES.md, "Movement").
MOVE, LONGEST = 3, SPACES - 1
#: Steps that wait for their seat's choice; the rest resolve at once.
PROMPTS = frozenset({"side", "place", "goods", "improve", "move", "act", "return", "omen", "take", "give", "swap",
                     "rotate", "double", "copy"})


def clockwise(state: State, seat: int) -> list[int]:
    """Every seat from ``seat`` on, clockwise round the table (play order)."""
    return [(seat + i) % state.n for i in range(state.n)]


# ---------------------------------------------------------------------- setup
def starting_goods(n: int, position: int, options: Options) -> tuple[int, int, int]:
    """``(fixed wood, goods of choice, glory)`` for the player ``position`` (0 = start
    player) in an ``n``-player game ("Components and Setup", the table: 2 players "1 good
    of their choice … and 2 glory" / "2 goods …"; 3–4 players "1 wood, k goods of their
    choice, and 3 glory"). ``two_player_wood`` adds the 3–4 player rows' wood."""
    if n == 2:
        return (1 if options.two_player_wood else 0), position + 1, 2
    return 1, position + 1, 3


def random_layout(rng: random.Random) -> tuple[tuple[int, int], ...]:
    """8 tiles in a random order, each with a random face ("You may place any side
    face-up, and you may place them in any order")."""
    order = rng.sample(range(1, SPACES + 1), SPACES)
    return tuple((t, rng.randrange(2)) for t in order)


def setup(options: Options, n: int, rng: random.Random) -> list:
    """The start player (drawn: "Whichever player most recently plundered something"
    cannot be asked), the rondel, the bag, then each setup choice in play order: city
    sides (option ``sides``), ships ("the start player … then the other players, in
    clockwise order"), starting goods and, with 4 players, the free improvement."""
    start = rng.randrange(n)
    tiles = parse_layout(options.layout) if options.layout.strip() else random_layout(rng)
    events: list = [Started(start, tiles, REDS, GREYS[n])]
    order = [(start + i) % n for i in range(n)]
    if options.sides == "unique":
        events += [SideChosen(s, CITIES.unique[s].name) for s in range(n)]
    steps = [Step("side", s) for s in order] if options.sides == "choose" else []
    steps += [Step("place", s) for s in order]
    for k, s in enumerate(order):
        steps.append(Step("goods", s, n=k))
        if n == 4:
            steps.append(Step("improve", s))
    steps.append(Step("turn", start))
    events.append(Queued(tuple(steps)))
    return events


def to_act(state: State) -> frozenset[int]:
    """The seat the front step waits for (one at a time, out of turn too: an attacked
    player with Omen chooses which token to return)."""
    if state.phase == "over" or not state.queue or state.queue[0].op not in PROMPTS:
        return frozenset()
    return frozenset((state.queue[0].seat,))


# ---------------------------------------------------------------------- the resolution loop
class Run(Transaction):
    """The events of one ``decide`` (``engine.core.agenda.Transaction``): each is folded
    at once so the next step sees it, ``push``/``pop`` work the queue of steps, and
    ``batch`` is the reds drawn since the last check as the step being resolved found
    them (``State.batch``, before its ``Popped``)."""

    Queued = Queued

    def __init__(self, state: State, rng: random.Random):
        super().__init__(state, rng, evolve)
        self.batch = 0

    def over(self) -> bool:
        """A win ends the game at once: nothing is recorded after it."""
        return self.state.phase == "over"

    WATCH = (Goods, Advanced)  # the events that can make a win

    def after(self, event) -> None:
        """A win is checked after every event that can make one ("Winning the game":
        "the game is over and you win"; RULES.md: checked after every event)."""
        self._check_win(event.seat)

    def _check_win(self, seat: int) -> None:
        p = self.state.players[seat]
        if p.hut == p.city.throne.id:
            self.emit(Won(seat, "hut"))
        elif p.glory >= p.city.caps["glory"]:
            self.emit(Won(seat, "glory"))

    # -- primitives
    def gain(self, seat: int, good: str, amount: int) -> None:
        """Gain ``amount`` of ``good``; what passes the meter's cap is forfeited ("Any
        gains that would take you above that amount are forfeited")."""
        if amount <= 0:
            return
        p = self.state.players[seat]
        room = max(0, p.city.caps[good] - getattr(p, good))
        self.emit(Goods(seat, **{good: min(amount, room)}, forfeited=max(0, amount - room)))

    def lose(self, seat: int, good: str, amount: int) -> None:
        """Lose up to ``amount`` of ``good`` (what one has: "pay what they can")."""
        amount = min(amount, getattr(self.state.players[seat], good))
        if amount > 0:
            self.emit(Goods(seat, **{good: -amount}))

    def draw(self, seat: int) -> str:
        """Draw one Valkyrie at random from the bag for ``seat`` and record it; "" when
        the bag is empty (RULES.md, "An empty bag")."""
        s = self.state
        total = s.reds + s.greys
        colour = "" if total == 0 else ("red" if self.rng.randrange(total) < s.reds else "grey")
        self.emit(Drew(seat, colour))
        return colour

    def valkyries(self) -> None:
        """The Valkyries arrive ("Resolving Valkyries"): by damage held (less what
        Shieldwall ignores) 1: nothing; 2: lose 2 gold; 3: lose 1 glory; 4+: lose 1 glory
        and 2 gold; "If a player can not afford their penalty they pay what they can";
        then all damage goes back to the bag."""
        losses = []
        for p in self.state.players:
            counted = p.damage - sum(ABILITIES[a].ignore for a in p.abilities)
            gold, glory = {2: (2, 0), 3: (0, 1)}.get(counted, (2, 1) if counted >= 4 else (0, 0))
            losses.append((min(gold, p.gold), min(glory, p.glory)))
        self.emit(Valkyries(tuple(losses)))

    def drain(self) -> None:
        """Resolve front steps until one waits for a choice, the queue is empty or the
        game is over."""
        while self.state.phase != "over" and self.state.queue:
            head = self.state.queue[0]
            if head.op in PROMPTS:
                if head.op in ("act", "move"):
                    return
                options = choices(self.state, head)
                if len(options) > 1:
                    return
                self.pop()
                if options:
                    answer(self, head, options[0])
                continue
            self.batch = self.state.batch
            self.pop()
            AUTO[head.op](self, head)


# ---------------------------------------------------------------------- automatic steps
def _turn(run: Run, step: Step) -> None:
    run.emit(TurnStarted(step.seat, run.state.turns + 1))
    run.push(Step("move", step.seat))


def _next(run: Run, step: Step) -> None:
    run.emit(TurnEnded(step.seat))
    run.push(Step("turn", (step.seat + 1) % run.state.n))


def _damage(run: Run, step: Step) -> None:
    """Gain ``step.n`` damage, one Valkyrie at a time (Omen draws one more each time and
    gives one back; Sanctuary takes none beside the helper)."""
    if step.n > 1:
        run.push(*[Step("damage", step.seat, 1, step.arg)] * step.n)
        return
    s = run.state
    p = s.players[step.seat]
    if p.has("sanctuary") and p.ship == s.helper:
        return
    first = run.draw(step.seat)
    if not any(ABILITIES[a].extra for a in p.abilities) or not run.state.reds + run.state.greys:
        return  # no Omen, or no token left to draw as the extra one (RULES.md, "Omen")
    second = run.draw(step.seat)
    if first == second:  # nothing to choose: give one of the two back
        run.emit(Returned(step.seat, reds=int(first == "red"), greys=int(first == "grey"), why="omen"))
    else:
        run.push(Step("omen", step.seat))


def _check(run: Run, step: Step) -> None:
    """"If it is red, AND as a result there are now 4 or more red Valkyrie tokens total
    currently assigned as damage amongst all players, the Valkyries arrive" — checked
    once everyone involved has drawn (``run.batch``: reds drawn and kept since the last
    check, read before this step was popped)."""
    if run.batch and sum(p.reds for p in run.state.players) >= ARRIVAL:
        run.valkyries()


def _attack(run: Run, step: Step) -> None:
    """"If you end your movement by the same space as one or more opponents, this
    constitutes an attack. All players in that space (including you) suffer 1 damage" —
    the mover first, then clockwise, and "everyone involved takes their Valkyrie tokens
    before checking"."""
    s = run.state
    here = s.players[step.seat].ship
    targets = tuple(o for o in clockwise(s, step.seat)[1:] if s.players[o].ship == here)
    if not targets:
        return
    run.emit(Attacked(step.seat, targets))
    steps = [Step("damage", step.seat, 1, "attack")] + [Step("damage", t, 1, "attack") for t in targets]
    steps.append(Step("check", step.seat))
    steps += [Step("toll", t) for t in targets if s.players[t].tolled and action_here(s, t).parts[0].attacked]
    if run.state.players[step.seat].has("reaver"):
        steps += [Step("trade", step.seat, other=t) for t in targets]
    run.push(*steps)


def _toll(run: Run, step: Step) -> None:
    """The Toll (A9): "If you are attacked while here, lose 1 gold" — for one who took it
    and is still beside it (a swap may have moved it away; RULES.md, "The Toll")."""
    run.lose(step.seat, "gold", 1)


def _trade(run: Run, step: Step) -> None:
    """Barter / Reaver: "take 1 gold or wood from them, then give them 1 gold or wood"."""
    run.push(Step("take", step.seat, other=step.other), Step("give", step.seat, other=step.other))


def _heal(run: Run, step: Step) -> None:
    """Lose ``step.n`` damage (-1: all): owed damage first, then tokens "of your choice"."""
    p = run.state.players[step.seat]
    k = p.damage if step.n < 0 else min(step.n, p.damage)
    if k <= 0:
        return
    owed = min(k, p.owed)
    if owed:
        run.emit(Returned(step.seat, owed=owed))
    if k - owed:
        run.push(Step("return", step.seat, n=k - owed))


def _gain(run: Run, step: Step) -> None:
    run.gain(step.seat, step.arg, step.n)


def _valkyries_now(run: Run, step: Step) -> None:
    run.valkyries()


AUTO = {
    "turn": _turn, "next": _next, "damage": _damage, "check": _check, "attack": _attack, "toll": _toll,
    "trade": _trade, "heal": _heal, "gain": _gain, "valkyries": _valkyries_now,
    "helper": abilities.on_helper, "arrival": abilities.on_arrival, "effect": abilities.on_effect,
}


# ---------------------------------------------------------------------- choices
def choices(state: State, step: Step) -> list:
    """Every answer the prompt ``step`` takes now (``act`` and ``move``: see
    ``act_choices``, ``move_choices``)."""
    p = state.players[step.seat]
    match step.op:
        case "side":
            return [ChooseSide("identical"), ChooseSide("unique")]
        case "place":
            return [Place(space) for space in range(SPACES)]
        case "goods":
            _, k, _ = starting_goods(state.n, step.n, state.options)
            return [TakeGoods(w, k - w) for w in range(k, -1, -1)]
        case "improve":
            return [Advance(spot) for spot in advances(p)]
        case "move":
            return move_choices(state, step.seat)
        case "act":
            return act_choices(state, step.seat)
        case "return":
            low, high = max(0, step.n - p.greys), min(step.n, p.reds)
            return [Return(r, step.n - r) for r in range(high, low - 1, -1)]
        case "omen":
            return [Return(1, 0), Return(0, 1)]
        case "take":
            o = state.players[step.other]
            return [Take(g) for g in ("wood", "gold") if getattr(o, g) > 0]
        case "give":
            return [Give(g) for g in ("wood", "gold") if getattr(p, g) > 0]
        case "swap":
            return [Swap(space) for space in range(SPACES)] + [Skip()]
        case "rotate":
            return [Rotate(by) for by in range(1, SPACES)]
        case "double":
            return [Double(g) for g in ("wood", "gold")]
        case "copy":
            return [Copy(a) for a in abilities.copyable(state, step.seat)]
    return []


def answer(run: Run, step: Step, command) -> None:
    """Apply ``command``, one of ``choices(state, step)``, to the (popped) prompt."""
    seat = step.seat
    match command:
        case ChooseSide(side=side):
            if side == "unique":
                run.emit(SideChosen(seat, CITIES.unique[seat].name))
        case Place(space=space):
            run.emit(ShipPlaced(seat, space))
        case TakeGoods(wood=w, gold=g):
            fixed, _, glory = starting_goods(run.state.n, step.n, run.state.options)
            run.gain(seat, "wood", fixed + w)
            run.gain(seat, "gold", g)
            run.gain(seat, "glory", glory)
        case Advance(spot=spot):
            advance(run, seat, spot, free=True)
        case Return(reds=r, greys=g):
            run.emit(Returned(seat, reds=r, greys=g, why="omen" if step.op == "omen" else "heal"))
        case Take(good=good):
            run.emit(Traded(step.other, seat, good))
        case Give(good=good):
            run.emit(Traded(seat, step.other, good))
        case Swap(space=space):
            run.emit(Swapped(space))
        case Rotate(by=by):
            run.emit(Rotated(by))
        case Double(good=good):
            run.gain(seat, good, getattr(run.state.players[seat], good))
        case Copy(ability=ability):
            run.emit(Copied(seat, ability))
            run.push(Step("arrival", seat, arg=ability))
        case Skip():
            pass


# ---------------------------------------------------------------------- the hut
def advances(p) -> list[str]:
    """The spots ``p``'s hut may advance to, helmets allowing (gold not counted):
    "your glory token must be equal to or beyond the number of viking helmets indicated
    … above your hut token's current position" ("Gameplay")."""
    city = p.city
    level = p.level()
    return [u for u in city.spot(p.hut).up if city.spot(u).need <= level]


def advance(run: Run, seat: int, spot: str, free: bool = False) -> None:
    """Advance ``seat``'s hut to ``spot``, paying its gold unless ``free``; the ability
    there is kept "permanently", and its arrival effect fires."""
    p = run.state.players[seat]
    cost = p.city.spot(spot).cost
    if cost and not free:
        run.emit(Goods(seat, gold=-cost))
    run.emit(Advanced(seat, spot))
    ability = run.state.players[seat].city.spot(spot).ability
    if ability in ABILITIES:
        run.push(Step("arrival", seat, arg=ability))


# ---------------------------------------------------------------------- the move
def longest_move(state: State, seat: int) -> int:
    """The farthest ``seat`` may move now: 3, plus every movement ability (Tailwind only
    when the turn starts beside the helper), at most 7 (RULES.md, "Movement")."""
    p = state.players[seat]
    extra = sum(ABILITIES[a].moves for a in p.abilities
                if ABILITIES[a].trigger == "movement" and (not ABILITIES[a].from_helper or p.ship == state.helper))
    return min(LONGEST, MOVE + extra)


def move_choices(state: State, seat: int) -> list:
    """``Move(1)`` … ``Move(longest_move)``."""
    return [Move(d) for d in range(1, longest_move(state, seat) + 1)]


def path(state: State, seat: int, distance: int) -> list[int]:
    """The spaces ``seat``'s ship enters moving ``distance`` its way round, in order."""
    p = state.players[seat]
    return [(p.ship + p.direction * i) % SPACES for i in range(1, distance + 1)]


def crossings(state: State, seat: int, distance: int) -> int:
    """How often that move crosses the damage line (0 with 4 players)."""
    if state.line < 0:
        return 0
    p = state.players[seat]
    spaces = [p.ship] + path(state, seat, distance)
    pair = {state.line, (state.line + 1) % SPACES}
    return sum({a, b} == pair for a, b in zip(spaces, spaces[1:]))


def attacked_by(state: State, seat: int, distance: int) -> list[int]:
    """The seats a move of ``distance`` would attack (what the screen shows before it)."""
    to = path(state, seat, distance)[-1]
    return [o for o in clockwise(state, seat)[1:] if state.players[o].ship == to]


def move(run: Run, seat: int, distance: int) -> None:
    """Move, then in order ("Gameplay"): Barter on each ship passed over (RULES.md), one
    damage per crossing of the damage line ("you must take 1 damage"), an attack on a
    space with opponents, the helper's abilities, then the action."""
    s = run.state
    p = s.players[seat]
    spaces = path(s, seat, distance)
    line = 0 if p.has("pilot") else crossings(s, seat, distance)
    run.emit(Moved(seat, p.ship, spaces[-1], distance))
    steps = []
    if p.has("barter"):
        for space in spaces[:-1]:
            steps += [Step("trade", seat, other=o) for o in clockwise(s, seat)[1:]
                      if s.players[o].ship == space and o not in attacked_by(s, seat, distance)]
    if line:
        steps += [Step("damage", seat, line, "line"), Step("check", seat)]
    steps.append(Step("attack", seat))
    steps.append(Step("helper", seat))
    steps.append(Step("act", seat))
    run.push(*steps)


# ---------------------------------------------------------------------- the action
def action_here(state: State, seat: int):
    """The action beside ``seat``'s ship."""
    tile, face = state.tiles[state.players[seat].ship]
    return face_action(tile, face)


def _most(state: State, seat: int, least: bool) -> bool:
    damage = [p.damage for p in state.players]
    return damage[seat] == (min(damage) if least else max(damage))


def part_refusal(state: State, seat: int, part: int, amount: int = 0) -> str | None:
    """Why part ``part`` of the action here cannot be taken with ``amount``, or None.
    "If part of the action causes you to lose gold, wood, or glory, you must have enough
    … otherwise you cannot perform the action" ("Gameplay")."""
    action = action_here(state, seat)
    if not 1 <= part <= len(action.parts):
        return f"{action.name} has {'one part' if len(action.parts) == 1 else 'parts 1 and 2'}."
    if part in state.parts:
        return f"You took part {part} of {action.name} already this turn."
    x = action.parts[part - 1]
    p = state.players[seat]
    if x.advance:
        return "Improve your city with advance and a spot, e.g. advance 1a."
    if x.convert:
        have = "gold" if x.convert == "gold-to-wood" else "wood"
        if not 1 <= amount <= getattr(p, have):
            return f"Give up 1 to {getattr(p, have)} {have}: e.g. do 1 1." if getattr(p, have) else \
                f"You have no {have} to exchange."
    elif amount:
        return f"Part {part} of {action.name} takes no amount."
    for good, cost in x.pay.items():
        if getattr(p, good) < cost:
            return f"You need {cost} {good} for that; you have {getattr(p, good)}."
    if x.damage and p.has("sanctuary") and p.ship == state.helper:
        return "Sanctuary: you cannot gain damage beside the helper, so not this part."
    if x.needs == "most-damage" and not _most(state, seat, least=False):
        return "Only with the most damage (or tied for it)."
    if x.needs == "least-damage" and not _most(state, seat, least=True):
        return "Only with the least damage (or tied for it)."
    if x.heal and not p.damage:
        return "You have no damage to lose."
    return None


def take_part(run: Run, seat: int, part: int, amount: int) -> None:
    """Take a part: pay first (goods, then damage drawn), then gain."""
    x = action_here(run.state, seat).parts[part - 1]
    run.emit(PartTaken(seat, part, amount))
    pay = {g: -c for g, c in x.pay.items()}
    if pay:
        run.emit(Goods(seat, **pay))
    p = run.state.players[seat]
    gains: list[tuple[str, int]] = list(x.gain.items())
    if x.convert == "gold-to-wood":
        run.emit(Goods(seat, gold=-amount))
        gains.append(("wood", amount + 1))
    elif x.convert == "wood-to-gold":
        run.emit(Goods(seat, wood=-amount))
        gains.append(("gold", amount + 1))
    elif x.helmets:
        gains.append((x.helmets, max(1, 3 - p.level())))
    elif x.balance:
        if p.gold <= p.wood:
            gains.append(("gold", 1))
        if p.wood <= p.gold:
            gains.append(("wood", 1))
    steps = []
    if x.damage:
        steps += [Step("damage", seat, x.damage, "action"), Step("check", seat)]
    steps += [Step("gain", seat, n, good) for good, n in gains]
    if x.heal:
        steps.append(Step("heal", seat, x.heal))
    run.push(*steps)


def act_choices(state: State, seat: int) -> list:
    """Everything ``seat`` may do at the action step: each part (every amount of an
    exchange), an improvement, a before-action ability, end."""
    out: list = []
    action = action_here(state, seat)
    p = state.players[seat]
    for i, x in enumerate(action.parts, 1):
        if x.advance:
            if i not in state.parts:
                out += [Advance(s) for s in advances(p) if p.city.spot(s).cost <= p.gold]
        elif x.convert:
            have = getattr(p, "gold" if x.convert == "gold-to-wood" else "wood")
            if i not in state.parts:
                out += [Do(i, a) for a in range(1, have + 1)]
        elif part_refusal(state, seat, i) is None:
            out.append(Do(i))
    if not state.parts:
        out += [Use(a) for a in abilities.before_action(state, seat)]
    out.append(End())
    return out


def act(run: Run, seat: int, command) -> None:
    """A command at the action step; raises ``IllegalCommand`` naming the rule."""
    s = run.state
    match command:
        case Do(part=part, amount=amount):
            why = part_refusal(s, seat, part, amount)
            if why:
                raise IllegalCommand(why)
            take_part(run, seat, part, amount)
        case Advance(spot=spot):
            action = action_here(s, seat)
            if not action.parts[0].advance:
                raise IllegalCommand(f"{action.name} is not Improve: a hut advances only at the Improve space.")
            if 1 in s.parts:
                raise IllegalCommand("You improved your city already this turn (one advance per action).")
            p = s.players[seat]
            city = p.city
            up = city.spot(p.hut).up
            if spot not in up:
                raise IllegalCommand(f"From {p.hut} a white line leads to {' or '.join(up) or 'nothing more'}.")
            target = city.spot(spot)
            if target.need > p.level():
                raise IllegalCommand(f"{spot} needs helmet level {target.need}; yours is {p.level()}.")
            if target.cost > p.gold:
                raise IllegalCommand(f"{spot} costs {target.cost} gold; you have {p.gold}.")
            run.emit(PartTaken(seat, 1))
            advance(run, seat, spot)
        case Use(ability=ability):
            if s.parts:
                raise IllegalCommand("Abilities like that are used before the action, not after a part of it.")
            why = abilities.use_refusal(s, seat, ability)
            if why:
                raise IllegalCommand(why)
            abilities.use(run, seat, ability)
        case End():
            run.pop()
            run.push(*abilities.end_of_turn(s, seat), Step("next", seat))
        case _:
            raise IllegalCommand("Now take a part of the action (do 1, do 2), advance, use an ability, or end.")


# ---------------------------------------------------------------------- decide
def decide(state: State, seat: int, command, rng: random.Random) -> list:
    """Turn ``command`` by ``seat`` into events; raises ``IllegalCommand`` naming the rule."""
    check_turn(state.phase == "over", seat, to_act(state))
    step = state.queue[0]
    run = Run(state, rng)
    if step.op == "act":
        act(run, seat, command)
    elif step.op == "move":
        if not isinstance(command, Move):
            raise IllegalCommand(f"First move your ship: move 1 to move {longest_move(state, seat)}.")
        if not 1 <= command.distance <= longest_move(state, seat):
            raise IllegalCommand(f"You can move 1 to {longest_move(state, seat)} spaces.")
        run.pop()
        move(run, seat, command.distance)
    else:
        options = choices(state, step)
        if command not in options:
            raise IllegalCommand(refusal(state, step))
        run.pop()
        answer(run, step, command)
    run.drain()
    return run.events


#: What each prompt asks, for a refused answer.
ASKS = {
    "side": "Choose your city side: side identical or side unique.",
    "place": "Place your ship beside a space: place 1 to place 8.",
    "goods": "Choose your starting goods, e.g. goods 1 wood 1 gold.",
    "improve": "Choose your free city improvement: advance and a spot, e.g. advance 1a.",
    "return": "Choose the damage to return, e.g. return 1 red 1 grey.",
    "omen": "Omen: return one of the two you drew: return red or return grey.",
    "take": "Take 1 wood or 1 gold: take wood or take gold.",
    "give": "Give 1 wood or 1 gold back: give wood or give gold.",
    "swap": "Tides: swap two neighbouring tiles (swap 3 swaps 3 and 4) or skip.",
    "rotate": "Compass: turn the bottlecap clockwise, rotate 1 to rotate 7.",
    "double": "Windfall: double wood or double gold.",
    "copy": "Mimic: copy an ability, e.g. copy sails.",
}


def refusal(state: State, step: Step) -> str:
    """The sentence for an answer the prompt ``step`` does not take."""
    if step.op == "return":
        p = state.players[step.seat]
        return (f"Return {step.n} damage: you hold {p.reds} red and {p.greys} grey; "
                f"e.g. return {min(step.n, p.reds)} red {step.n - min(step.n, p.reds)} grey.")
    return ASKS.get(step.op, "That is not a choice now.")


def legal(state: State, seat: int) -> list:
    """Exactly the commands ``decide`` accepts from ``seat`` now."""
    if seat not in to_act(state):
        return []
    return choices(state, state.queue[0])


def reveals(event) -> bool:
    """A Valkyrie drawn at random, or the random setup: undo stops before it."""
    return isinstance(event, (Drew, Started))


def result(state: State) -> Result | None:
    """None until somebody wins; then each seat's glory and hut tier, and the winner
    ("Winning the game": the first to reach the throne wins at once, so no tie)."""
    if state.phase != "over":
        return None
    scores = [{"glory": p.glory, "hut": p.city.spot(p.hut).tier if p.hut != "T" else 4} for p in state.players]
    return Result(scores=scores, winners=[state.winner], tiebreak="")


