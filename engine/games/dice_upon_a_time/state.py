"""Dice Upon a Time's state and its fold (``evolve``): pure, never validates or draws.

``State`` holds the whole table, secrets included (the Quest decks' order, face-down
Events, the King's draw); ``view.view`` projects what one seat may know.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from . import events as ev
from .board import RESOURCES
from .options import Options

#: Rabbit tokens in the game ("Rabbit tokens (5 pieces)").
RABBIT_TOKENS = 5


class Stacked(Struct, frozen=True):
    """A die on the board: its owner ``seat``, ``die`` id and the ``face`` it shows."""

    seat: int
    die: str
    face: ev.Face


class Prompt(Struct, frozen=True):
    """An answer ``seat`` owes before play goes on (``events.Prompted`` lists kinds)."""

    seat: int
    kind: str


class Player(Struct, frozen=True):
    """One seat: figure ``at`` (a location id); ``pool`` unused dice as (die, face);
    ``passed`` for the rest of the chapter; ``tokens`` counts of coin, bread, apple;
    ``rabbits`` Rabbit tokens; ``quests`` active Main Quests (competitive game), ``done``
    completed ones (their AP count at the end); ``items`` quest tokens carried; ``fox``
    dice to set next chapter; ``best`` most quests completed in one turn."""

    at: str
    pool: tuple[tuple[str, ev.Face], ...] = ()
    passed: bool = False
    tokens: tuple[int, int, int] = (0, 0, 0)
    rabbits: int = 0
    quests: tuple[str, ...] = ()
    done: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    fox: tuple[str, ...] = ()
    best: int = 0

    def count(self, token: str) -> int:
        """How many ``token`` (coin, bread, apple) the player holds."""
        return self.tokens[RESOURCES.index(token)]

    def face(self, die: str) -> ev.Face | None:
        """The face unused die ``die`` shows, or None when it is not in the pool."""
        for d, f in self.pool:
            if d == die:
                return f
        return None


class State(Struct, frozen=True):
    """The table.

    ``phase`` setup / play / over; ``chapter`` (0 before the first); ``start`` the
    starting player; ``turn`` the active seat and ``step`` where its turn stands
    (``events.Step``); ``prompts`` answers owed first; ``board`` socket id → stack of
    ``Stacked`` (bottom first); ``placed`` the socket placed in this turn ("" none),
    ``doubling`` whether a Doubling face fired this turn, ``this_turn`` quests completed
    this turn; ``wolf_fed`` the Wolf fired this chapter; ``decks`` AP value → Quest ids
    top first; ``table`` the face-up quests everyone may complete (co-operative game);
    ``king`` the King's draw waiting for a keep; ``laid`` the Event ids by chapter,
    ``event`` this chapter's ("" none); ``snake`` the seat holding the Snake Die this
    chapter (-1 none); ``rabbits`` Rabbit tokens in the supply; ``items`` quest tokens
    still at their pickup; ``drained`` the last Quest card was drawn."""

    options: Options
    n: int
    phase: str = "setup"
    chapter: int = 0
    start: int = 0
    turn: int = -1
    step: str = ""
    prompts: tuple[Prompt, ...] = ()
    players: tuple[Player, ...] = ()
    board: dict[str, tuple[Stacked, ...]] = {}
    placed: str = ""
    doubling: bool = False
    this_turn: int = 0
    wolf_fed: bool = False
    decks: dict[int, tuple[str, ...]] = {}
    table: tuple[str, ...] = ()
    king: tuple[str, ...] = ()
    laid: tuple[str, ...] = ()
    event: str = ""
    snake: int = -1
    rabbits: int = RABBIT_TOKENS
    items: tuple[str, ...] = ()
    drained: bool = False


def initial(options: Options, n: int) -> State:
    """The empty table for ``n`` seats, every figure on the board's start (the Town)."""
    from .board import load_board

    board = load_board()
    return State(options, n, players=tuple(Player(board.start) for _ in range(n)),
                 items=tuple(t.id for t in board.quest_token))


def faces_plain(s) -> bool:
    """Whether this chapter's Event makes the special faces plain 6s (``faces_plain``)."""
    if not s.event:
        return False
    from .cards import load

    return load().events[s.event].effect == "faces_plain"


def _player(s: State, seat: int, **changes) -> tuple[Player, ...]:
    return tuple(replace(p, **changes) if i == seat else p for i, p in enumerate(s.players))


def _tokens(p: Player, tokens, sign: int) -> tuple[int, int, int]:
    counts = list(p.tokens)
    for t in tokens:
        counts[RESOURCES.index(t)] += sign
    return tuple(counts)


def _without(pool, die: str):
    return tuple(x for x in pool if x[0] != die)


def evolve(state: State, event) -> State:
    """``state`` after ``event``."""
    handler = _HANDLERS.get(type(event))
    return handler(state, event) if handler else state


def _shuffled(s: State, e: ev.Shuffled) -> State:
    return replace(s, decks=dict(e.decks))


def _laid_out(s: State, e: ev.QuestsLaidOut) -> State:
    return replace(s, table=e.quests)


def _laid(s: State, e: ev.EventsLaid) -> State:
    return replace(s, laid=e.events)


def _started(s: State, e: ev.Started) -> State:
    return replace(s, start=e.seat)


def _prompted(s: State, e: ev.Prompted) -> State:
    return replace(s, prompts=s.prompts + (Prompt(e.seat, e.kind),))


def _prompt_done(s: State, e: ev.PromptDone) -> State:
    return replace(s, prompts=s.prompts[1:])


def _take_from_decks(decks: dict, quests, values) -> dict:
    out = dict(decks)
    for q, v in zip(quests, values):
        out[v] = tuple(x for x in out[v] if x != q)
    return out


def _drawn(s: State, e: ev.QuestsDrawn) -> State:
    p = s.players[e.seat]
    decks = _take_from_decks(s.decks, e.quests, e.decks)
    return replace(s, decks=decks, players=_player(s, e.seat, quests=p.quests + e.quests),
                   drained=s.drained or not any(decks.values()))


def _king_drew(s: State, e: ev.KingDrew) -> State:
    return replace(s, decks=_take_from_decks(s.decks, e.quests, e.decks), king=e.quests)


def _king_kept(s: State, e: ev.KingKept) -> State:
    decks = dict(s.decks)
    for q, v in zip(e.returned, e.returned_decks):
        decks[v] = decks[v] + (q,)
    p = s.players[e.seat]
    return replace(s, decks=decks, king=(), players=_player(s, e.seat, quests=p.quests + (e.quest,)),
                   drained=s.drained or not any(decks.values()))


def _chapter(s: State, e: ev.ChapterBegan) -> State:
    return replace(s, phase="play", chapter=e.chapter, start=e.start, event="", wolf_fed=False, board={},
                   placed="", turn=-1, step="")


def _rolled(s: State, e: ev.Rolled) -> State:
    p = s.players[e.seat]
    rolled = dict(e.dice)
    pool = tuple((d, rolled.pop(d, f)) for d, f in p.pool) + tuple(rolled.items())
    return replace(s, players=_player(s, e.seat, pool=pool))


def _snake_rolled(s: State, e: ev.SnakeRolled) -> State:
    if not isinstance(e.face, int):
        return replace(s, snake=-1)
    p = s.players[e.seat]
    return replace(s, snake=e.seat, players=_player(s, e.seat, pool=p.pool + (("snake", e.face),)))


def _faces_set(s: State, e: ev.FacesSet) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, pool=p.pool + e.dice, fox=()))


def _event(s: State, e: ev.EventRevealed) -> State:
    return replace(s, event=e.event)


def _turn(s: State, e: ev.TurnBegan) -> State:
    return replace(s, turn=e.seat, step="place", placed="", doubling=False, this_turn=0)


def _placed(s: State, e: ev.Placed) -> State:
    p = s.players[e.seat]
    board = dict(s.board)
    board[e.socket] = board.get(e.socket, ()) + (Stacked(e.seat, e.die, e.face),)
    doubling = e.face == "doubling" and not faces_plain(s)
    return replace(s, board=board, placed=e.socket, doubling=doubling,
                   wolf_fed=s.wolf_fed or e.socket == "wolf", players=_player(s, e.seat, pool=_without(p.pool, e.die)))


def _rabbit_used(s: State, e: ev.RabbitUsed) -> State:
    p = s.players[e.seat]
    return replace(s, placed=e.route, rabbits=s.rabbits + 1, players=_player(s, e.seat, rabbits=p.rabbits - 1))


def _wolf_fed(s: State, e: ev.WolfFed) -> State:
    p = s.players[e.seat]
    board = dict(s.board)
    board["wolf"] = board.get("wolf", ()) + (Stacked(e.seat, e.die, e.face),)
    return replace(s, board=board, players=_player(s, e.seat, pool=_without(p.pool, e.die)))


def _step(s: State, e: ev.Step) -> State:
    return replace(s, step=e.step)


def _moved(s: State, e: ev.Moved) -> State:
    return replace(s, players=_player(s, e.seat, at=e.to))


def _gained(s: State, e: ev.Gained) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, tokens=_tokens(p, e.tokens, 1)))


def _item_taken(s: State, e: ev.ItemTaken) -> State:
    p = s.players[e.seat]
    return replace(s, items=tuple(x for x in s.items if x != e.item), players=_player(s, e.seat, items=p.items + (e.item,)))


def _completed(s: State, e: ev.Completed) -> State:
    from .cards import load

    quest = load().quests[e.quest]
    p = s.players[e.seat]
    items = tuple(x for x in p.items if x != quest.item) if quest.item else p.items
    players = _player(s, e.seat, quests=tuple(q for q in p.quests if q != e.quest), done=p.done + (e.quest,),
                      tokens=_tokens(p, e.tokens, -1), items=items, best=max(p.best, s.this_turn + 1))
    back = (quest.item,) if quest.item else ()
    return replace(s, players=players, this_turn=s.this_turn + 1, items=s.items + back,
                   table=tuple(q for q in s.table if q != e.quest))


def _gave_up(s: State, e: ev.GaveUp) -> State:
    return replace(s, players=_player(s, e.seat, passed=True))


def _turn_ended(s: State, e: ev.TurnEnded) -> State:
    return replace(s, step="", placed="", doubling=False)


def _chapter_ended(s: State, e: ev.ChapterEnded) -> State:
    players = []
    for i, p in enumerate(s.players):
        fox = tuple(d for seat, d in e.fox if seat == i)
        rabbits = p.rabbits + (1 if e.rabbit == i and e.rabbit_token else 0)
        players.append(replace(p, pool=(), passed=False, fox=fox, rabbits=rabbits))
    return replace(s, players=tuple(players), board={}, turn=-1, step="", placed="", wolf_fed=False, event="",
                   start=e.rabbit if e.rabbit >= 0 else s.start, snake=e.snake,
                   rabbits=s.rabbits - (1 if e.rabbit_token else 0))


def _game_over(s: State, e: ev.GameOver) -> State:
    return replace(s, phase="over", turn=-1, step="")


_HANDLERS = {
    ev.Shuffled: _shuffled, ev.QuestsLaidOut: _laid_out, ev.EventsLaid: _laid, ev.Started: _started, ev.Prompted: _prompted,
    ev.PromptDone: _prompt_done, ev.QuestsDrawn: _drawn, ev.KingDrew: _king_drew, ev.KingKept: _king_kept,
    ev.ChapterBegan: _chapter, ev.Rolled: _rolled, ev.SnakeRolled: _snake_rolled, ev.FacesSet: _faces_set,
    ev.EventRevealed: _event, ev.TurnBegan: _turn, ev.Placed: _placed, ev.RabbitUsed: _rabbit_used,
    ev.WolfFed: _wolf_fed, ev.Step: _step, ev.Moved: _moved, ev.Gained: _gained, ev.ItemTaken: _item_taken,
    ev.Completed: _completed, ev.GaveUp: _gave_up, ev.TurnEnded: _turn_ended, ev.ChapterEnded: _chapter_ended,
    ev.GameOver: _game_over,
}
