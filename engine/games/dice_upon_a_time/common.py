"""What Dice Upon a Time's rule modules share: the components decoded once, the board's
rules (sockets, stacks, routes, quests) that the decider, the effects, the powers, the
legal moves, the bots and the screen use, and the transaction a command's events are
folded in (``Tx``, the core's ``engine.core.agenda.Transaction``).

Nothing here moves the game on: the flow (``rules.decide``, a turn, a chapter) is in
``rules``, the cards' effects in ``effects``. Every rule cites the Dice Upon a Time
rulebook by section; rulings are in ``RULES.md``.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from engine.core.agenda import Transaction

from . import events as ev
from .board import face_value, load_board, load_dice
from .cards import load as load_cards
from .state import Player, State, evolve, faces_plain

BOARD = load_board()
DICE = load_dice()
CARDS = load_cards()
LOCATIONS = BOARD.locations
#: Route socket id → Route: ``"a-b"`` with the ends as the board lists them.
ROUTES = {f"{r.a}-{r.b}": r for r in BOARD.route}
#: The Forest Spirit sockets: the Fox has two ("Fox").
SPIRIT_SOCKETS = ("rabbit", "wolf", "snake", "fox1", "fox2")
#: Every socket id: the routes in file order, then the spirits.
SOCKETS = tuple(ROUTES) + SPIRIT_SOCKETS
#: The dice of a set in their order (``data/dice.toml``), then the Snake Die: a command
#: naming several dice (``SetFaces``, ``Reroll``) names them in this order, so one choice
#: has one command however it was typed.
DIE_ORDER = tuple(d.id for d in DICE.die) + ("snake",)
#: Die id → its faces, to roll it again (an Event's re-roll, Rapunzel, the Ball of Yarn).
FACES = {d.id: d.faces for d in DICE.die}
#: The Steed fields ("Steed fields").
STEEDS = tuple(x.id for x in BOARD.location if x.kind == "steed")
#: Active Main Quests a player may hold ("Quest cards": "The limit of the active Main
#: Quests (Quest cards) is 4 per player").
QUEST_LIMIT = 4
#: Chapters by the ``length`` option ("The End: Scoring"; "Short and Extra Long game
#: modes"); Extra Long ends with the chapter in which the last Quest card is drawn, and
#: a game that never gets there stops after chapter ``EXTRA_LONG_GUARD`` (RULES.md).
CHAPTERS = {"standard": 6, "short": 3}
EXTRA_LONG_GUARD = 50
#: The co-operative completion table: lower edges of the bands by player count, with
#: each band's words ("Beginner mode", "The end of the game"); an edge belongs to the
#: higher band (RULES.md).
BANDS = {2: (30, 40, 50, 60), 3: (45, 60, 75, 90), 4: (60, 80, 100, 116), 5: (60, 80, 100, 116)}
BAND_WORDS = (
    "This level equals to the value of the evil step-sister's job.",
    "You tried it, but this is still not enough for becoming heroes.",
    "Mother Holle would be proud of you. But you can do better than this.",
    "Nice job! Your story will be passed down from generation to generation.",
    "Welcome to the end of the story! You did all the quests!",
)


# --------------------------------------------------------------------------- board rules
def event_of(s):
    """This chapter's Event card (``cards.Event``), or None."""
    return CARDS.events[s.event] if s.event else None


def stack_limit(s) -> int:
    """The most dice a stack may hold: 3, 2 in the 2-player game ("General dice placement
    rules" 2; "2 player variant"), changed by a ``stack_limit`` Event, at least 1."""
    base = 2 if s.n == 2 else 3
    e = event_of(s)
    if e and e.effect == "stack_limit":
        base += e.delta
    return max(1, base)


def socket_value(s, socket: str) -> int:
    """The value a socket asks: a route's printed value, shifted by a ``socket_shift``
    Event within 1–6 except the value-6 dead ends ("you can get there only by a value 6
    die"); every Forest Spirit socket is 1 ("Forest Spirits")."""
    route = ROUTES.get(socket)
    if route is None:
        return 1
    e = event_of(s)
    if e and e.effect == "socket_shift" and route.socket != 6:
        return min(6, max(1, route.socket + e.delta))
    return route.socket


def spirit_closed(s, spirit: str) -> bool:
    """Whether this chapter's Event closes the Forest Spirit ``spirit``."""
    e = event_of(s)
    return bool(e and e.effect == "spirit_closed" and e.spirit == spirit)


def location_off(s, loc: str) -> bool:
    """Whether this chapter's Event switches the location ``loc``'s ability off."""
    e = event_of(s)
    return bool(e and e.effect == "location_off" and loc in e.locations)


def is_ban(s, face) -> bool:
    """Whether ``face`` acts as a Ban face now (not when an Event makes faces plain)."""
    return face == "ban" and not faces_plain(s)


def lowest_face(die: str):
    """The lowest number on die ``die`` (``"snake"`` the Snake Die): what the
    Seven-league Boots turn it to (RULES.md)."""
    faces = DICE.snake.faces if die == "snake" else next(d.faces for d in DICE.die if d.id == die)
    return min(f for f in faces if isinstance(f, int))


def place_problem(s, seat: int, die: str, socket: str, using: str = "") -> str:
    """Why ``seat`` may not place unused die ``die`` in ``socket`` now, in one sentence,
    or "" when it may ("General dice placement rules"; "Ban face"; "Wolf"; "Fox");
    ``using`` a help (``commands.Place``): the Crystal Ball counts the die 6, the Magic
    Beans and the Musicians allow one more die on a stack ("Magic Beans": "The other two
    points of the Dice placement rules still apply"), the Tailor one lower, not on a Ban
    die ("His ability does not affect Ban dice")."""
    if socket not in SOCKETS:
        return f"There is no socket {socket!r}."
    face = s.players[seat].face(die)
    if face is None:
        return "That die is not among your unused dice."
    stack = s.board.get(socket, ())
    if socket in SPIRIT_SOCKETS:
        spirit = socket.rstrip("12")
        if spirit_closed(s, spirit):
            return f"This chapter's Event closes the {spirit.title()}."
        if socket == "wolf" and s.wolf_fed:
            return "The Wolf has already eaten this chapter."
        if socket in ("wolf", "fox1", "fox2") and stack:
            return "No dice stack on the Wolf or the Fox."
    extra = 1 if using in ("i16", "musicians") else 0
    if len(stack) >= stack_limit(s) + extra:
        limit = stack_limit(s)
        return f"That stack is full ({limit} {'die' if limit == 1 else 'dice'})."
    need = face_value(stack[-1].face) if stack else socket_value(s, socket)
    if using == "tailor" and not (stack and is_ban(s, stack[-1].face)):
        need -= 1
    if (6 if using == "i14" else face_value(face)) < need:
        return f"That needs a {need} or higher."
    if stack and is_ban(s, stack[-1].face) and stack[-1].seat != seat and not is_ban(s, face):
        return "Only a Ban die goes on another player's Ban die."
    return ""


def open_sockets(s, seat: int, extra: int = 0) -> list[tuple[str, int, bool]]:
    """Every socket ``seat`` could place in now, with the lowest value a die needs there
    and whether only a Ban face may go on it (another player's Ban die on top): the
    ``place_problem`` rules taken socket by socket, so the legal placements cost one
    pass over the sockets; ``extra`` more dice allowed on a stack (a help)."""
    return [(k, need, only_ban) for k, need, only_ban, _ in socket_table(s, seat, extra)]


def socket_table(s, seat: int, extra: int = 0) -> list[tuple[str, int, bool, bool]]:
    """``open_sockets`` with a fourth field: whether a Ban face lies on top (the Tailor's
    help does not apply there)."""
    out = []
    limit = stack_limit(s) + extra
    for socket in SOCKETS:
        stack = s.board.get(socket, ())
        if socket in SPIRIT_SOCKETS:
            if spirit_closed(s, socket.rstrip("12")):
                continue
            if socket == "wolf" and s.wolf_fed:
                continue
            if socket in ("wolf", "fox1", "fox2") and stack:
                continue
        if len(stack) >= limit:
            continue
        if stack:
            top = stack[-1]
            ban = is_ban(s, top.face)
            out.append((socket, face_value(top.face), ban and top.seat != seat, ban))
        else:
            out.append((socket, socket_value(s, socket), False, False))
    return out


def route_from(s, seat: int, socket: str) -> str:
    """The field across route ``socket`` from ``seat``'s figure, or "" when the figure is
    at neither end (or ``socket`` is no route)."""
    route = ROUTES.get(socket)
    at = s.players[seat].at
    if route is None or at not in (route.a, route.b):
        return ""
    return route.other(at)


def quests_for(s, seat: int) -> tuple[str, ...]:
    """The quests ``seat`` may complete: its active ones, or in the co-operative game the
    face-up table everyone shares ("Cooperative game")."""
    return s.table if s.options.mode == "cooperative" else s.players[seat].quests


def quest_met(p: Player, quest: str) -> bool:
    """Whether player ``p`` meets ``quest``'s requirements now ("Quest cards", the four
    types): at its location, holding its tokens (which it gives up) or its quest token."""
    q = CARDS.quests[quest]
    if q.location and p.at != q.location:
        return False
    if q.item and q.item not in p.items:
        return False
    return all(p.count(t) >= k for t, k in q.tokens.items())


def completable(s, seat: int) -> list[str]:
    """The quests ``seat`` could complete now, in order."""
    p = s.players[seat]
    return [q for q in quests_for(s, seat) if quest_met(p, q)]


def may_draw(s, seat: int) -> bool:
    """Whether ``seat`` may draw a Quest card: competitive game and a card left; with 4
    active Main Quests too, then discarding one ("trim": the Magic Mirror's note, "you
    must choose which cards to discard until you have only 4 active Quests left";
    RULES.md)."""
    return s.options.mode == "competitive" and any(s.decks.get(v) for v in (2, 3, 4))


def six_only(to: str) -> bool:
    """Whether field ``to`` is reached through its route only by a value 6 die (the
    King and the Fairy: "you can get there only by a value 6 die"), so neither a Rabbit
    token nor Little Red Riding Hood's walk gets there."""
    return LOCATIONS[to].kind in ("king", "fairy") if to in LOCATIONS else False


def deck_choices(s, k: int) -> list[tuple[int, ...]]:
    """Every way to draw ``k`` cards from the decks by AP value (the decks' sizes
    allowing), each sorted: "from any deck in any combination"."""
    sizes = {v: len(s.decks.get(v, ())) if isinstance(s.decks.get(v, ()), tuple) else s.decks.get(v, 0)
             for v in (2, 3, 4)}
    k = min(k, sum(sizes.values()))
    if k <= 0:
        return []
    return [c for c in combinations_with_replacement((2, 3, 4), k) if all(c.count(v) <= sizes[v] for v in (2, 3, 4))]


def has_turn(p: Player) -> bool:
    """Whether a player still has turns this chapter: unused dice and not passed ("At
    the end of a chapter")."""
    return bool(p.pool) and not p.passed


def chapters(s) -> int:
    """The chapters the game lasts at most (Extra Long: the guard)."""
    return CHAPTERS.get(s.options.length, EXTRA_LONG_GUARD)


# --------------------------------------------------------------------------- transaction
class Tx(Transaction):
    """The events of one command, each folded into ``state`` as it is emitted, so the
    rules read the state the events so far have made (``engine.core.agenda``):
    ``state`` (``State``), ``rng`` (the engine's seeded ``random.Random``: every draw and
    roll of the command), ``events`` (the list emitted so far, in order); ``push`` queues
    waiting effects (``events.Queued``), ``pop`` takes the first up."""

    Queued = ev.Queued

    def __init__(self, state: State, rng: random.Random):
        super().__init__(state, rng, evolve)


def clockwise(s, first: int) -> list[int]:
    """The seats from ``first`` clockwise, ``first`` included ("play continues
    clockwise")."""
    return [(first + k) % s.n for k in range(s.n)]


def shared_stories(s, seat: int) -> list[tuple[int, str]]:
    """The (holder, Story card) pairs ``seat`` may meet: its own cards, and in the
    co-operative game everyone's ("When you draw a Curse, green Side Quest or blue Mini
    Quest card, put it next to the Quest cards. These are also available to complete for
    all players")."""
    holders = range(s.n) if s.options.mode == "cooperative" else (seat,)
    return [(i, x) for i in holders for x in s.players[i].stories]
