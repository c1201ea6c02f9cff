"""Dice Upon a Time's state and its fold (``evolve``): pure, never validates or draws.

``State`` holds the whole table, secrets included (the Quest decks' order, face-down
Events, the King's draw); ``view.view`` projects what one seat may know.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from engine.core import agenda, reactions
from engine.core.reactions import Window

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


class Prompt(agenda.Prompt, frozen=True):
    """An answer ``seat`` owes before play goes on (``events.Prompted`` lists kinds and
    what ``amount``, ``story`` and ``places`` mean)."""

    amount: int = 0
    story: str = ""
    places: tuple[str, ...] = ()


class Player(Struct, frozen=True):
    """One seat: figure ``at`` (a location id); ``pool`` unused dice as (die, face);
    ``passed`` for the rest of the chapter; ``tokens`` counts of coin, bread, apple;
    ``rabbits`` Rabbit tokens; ``quests`` active Main Quests (competitive game), ``done``
    completed ones (their AP count at the end); ``items`` quest tokens carried; ``fox``
    dice to set next chapter; ``best`` most quests completed in one turn. Full game:
    ``character`` (a Character id, "" none), ``used`` its ability this chapter,
    ``thumbs`` Thumbling's uses left; ``magic`` the Magic Item cards in hand (secret:
    another seat's view shows ``"?"``); ``stories`` the Side Quests, Curses and Mini
    Quests lying in front of the player."""

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
    character: str = ""
    used: bool = False
    thumbs: int = 0
    magic: tuple[str, ...] = ()
    stories: tuple[str, ...] = ()

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
    still at their pickup; ``drained`` the last Quest card was drawn (it stays so: a quest
discarded later leaves the game, "Short and Extra Long game modes").

    Full game: ``stories`` / ``magic`` the Story and Magic Item decks top first (secret),
    ``story_discard`` (face up) and ``magic_discard`` (face down); ``windows`` the open
    reaction windows (``engine.core.reactions``); ``pending`` the effects waiting their
    turn (``events.Effect``); ``gain`` the last gain, as (seat, tokens) pairs, one for
    each player taking tokens at the same time (what the hazel branch and the Cudgel
    answer); ``rolled`` the seat and dice of the last roll
    (the Golden Bird); ``arrived`` the field reached this turn (King Thrushbeard),
    ``strayed`` a Story card moved the figure this turn; ``offer`` the trade waiting an answer, ``offered`` the seats
    offered one this turn; ``met`` the Side Quests met at the end."""

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
    stories: tuple[str, ...] = ()
    story_discard: tuple[str, ...] = ()
    magic: tuple[str, ...] = ()
    magic_discard: tuple[str, ...] = ()
    windows: tuple[Window, ...] = ()
    pending: tuple[ev.Effect, ...] = ()
    gain: tuple[tuple[int, tuple[str, ...]], ...] = ()
    rolled: tuple[int, tuple[str, ...]] = (-1, ())
    arrived: str = ""
    strayed: bool = False
    offer: ev.Offered | None = None
    offered: tuple[int, ...] = ()
    met: tuple[str, ...] = ()


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
    return replace(s, prompts=agenda.prompted(s.prompts, Prompt(e.seat, e.kind, e.amount, e.story, e.places)))


def _prompt_done(s: State, e: ev.PromptDone) -> State:
    return replace(s, prompts=agenda.prompt_done(s.prompts))


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
    players = tuple(replace(p, used=False) if p.used else p for p in s.players)
    return replace(s, phase="play", chapter=e.chapter, start=e.start, event="", wolf_fed=False, board={},
                   placed="", turn=-1, step="", players=players)


def _rolled(s: State, e: ev.Rolled) -> State:
    p = s.players[e.seat]
    rolled = dict(e.dice)
    pool = tuple((d, rolled.pop(d, f)) for d, f in p.pool) + tuple(rolled.items())
    return replace(s, players=_player(s, e.seat, pool=pool), rolled=(e.seat, tuple(d for d, _ in e.dice)))


def _snake_rolled(s: State, e: ev.SnakeRolled) -> State:
    p = s.players[e.seat]
    pool = _without(p.pool, "snake")
    if not isinstance(e.face, int):
        return replace(s, snake=-1, players=_player(s, e.seat, pool=pool) if pool != p.pool else s.players)
    return replace(s, snake=e.seat, players=_player(s, e.seat, pool=pool + (("snake", e.face),)))


def _faces_set(s: State, e: ev.FacesSet) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, pool=p.pool + e.dice, fox=()))


def _event(s: State, e: ev.EventRevealed) -> State:
    return replace(s, event=e.event)


def _turn(s: State, e: ev.TurnBegan) -> State:
    return replace(s, turn=e.seat, step="place", placed="", doubling=False, this_turn=0, arrived="", strayed=False,
                   offered=())


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
    arrived = "" if e.by == "cap" else e.to  # the Wishing-cap: "King Thrushbeard may not use his ability"
    return replace(s, players=_player(s, e.seat, at=e.to), arrived=arrived, strayed=s.strayed or e.by == "story")


def _gained(s: State, e: ev.Gained) -> State:
    p = s.players[e.seat]
    if e.source == "hazel":  # one more of the kind being taken, in the gainer's share
        gain = tuple((i, t + e.tokens) if i == e.seat else (i, t) for i, t in s.gain)
    elif e.together:  # several players taking tokens at the same time
        gain = s.gain + ((e.seat, e.tokens),)
    else:
        gain = ((e.seat, e.tokens),)
    return replace(s, players=_player(s, e.seat, tokens=_tokens(p, e.tokens, 1)), gain=gain)


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
    return replace(s, step="", placed="", doubling=False, offered=())


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


def _queued(s: State, e: ev.Queued) -> State:
    return replace(s, pending=agenda.queued(s.pending, e.effects, e.front))


def _popped(s: State, e: ev.Popped) -> State:
    return replace(s, pending=agenda.popped(s.pending))


def _character(s: State, e: ev.CharacterChosen) -> State:
    from .items import load as load_items

    c = load_items().characters[e.character]
    thumbs = (c.short if s.options.length == "short" else c.count) if c.uses == "game" else 0
    return replace(s, players=_player(s, e.seat, character=e.character, thumbs=thumbs))


def _ability(s: State, e: ev.AbilityUsed) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, used=True, thumbs=max(0, p.thumbs - 1)))


def _decks_shuffled(s: State, e: ev.DecksShuffled) -> State:
    changes: dict = {}
    if e.stories or e.refill == "stories":
        changes.update(stories=e.stories, story_discard=() if e.refill == "stories" else s.story_discard)
    if e.items or e.refill == "items":
        changes.update(magic=e.items, magic_discard=() if e.refill == "items" else s.magic_discard)
    return replace(s, **changes)


def _story_drawn(s: State, e: ev.StoryDrawn) -> State:
    return replace(s, stories=tuple(x for x in s.stories if x != e.story))


def _story_discarded(s: State, e: ev.StoryDiscarded) -> State:  # ``by`` is for the log
    players = s.players
    if e.seat >= 0:
        p = s.players[e.seat]
        players = _player(s, e.seat, stories=tuple(x for x in p.stories if x != e.story))
    return replace(s, players=players, story_discard=s.story_discard + (e.story,))


def _story_kept(s: State, e: ev.StoryKept) -> State:
    players = list(s.players)
    if e.source >= 0:
        src = players[e.source]
        players[e.source] = replace(src, stories=tuple(x for x in src.stories if x != e.story))
    players[e.seat] = replace(players[e.seat], stories=players[e.seat].stories + (e.story,))
    return replace(s, players=tuple(players))


def _lost(s: State, e: ev.Lost) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, tokens=_tokens(p, e.tokens, -1)))


def _dice_lost(s: State, e: ev.DiceLost) -> State:
    p = s.players[e.seat]
    pool = p.pool
    for d in e.dice:
        pool = _without(pool, d)
    return replace(s, players=_player(s, e.seat, pool=pool))


def _rabbit_given(s: State, e: ev.RabbitGiven) -> State:
    p = s.players[e.seat]
    return replace(s, rabbits=s.rabbits - 1, players=_player(s, e.seat, rabbits=p.rabbits + 1))


def _items_drawn(s: State, e: ev.ItemsDrawn) -> State:
    p = s.players[e.seat]
    return replace(s, magic=s.magic[len(e.items):], players=_player(s, e.seat, magic=p.magic + e.items))


def _drop_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` without one ``card`` (the first, or one hidden ``"?"`` in a view)."""
    out = list(cards)
    if card in out:
        out.remove(card)
    elif out:
        out.pop()
    return tuple(out)


def _item_gone(s: State, seat: int, item: str) -> State:
    p = s.players[seat]
    return replace(s, players=_player(s, seat, magic=_drop_one(p.magic, item)), magic_discard=s.magic_discard + (item,))


def _item_discarded(s: State, e: ev.ItemDiscarded) -> State:
    return _item_gone(s, e.seat, e.item)


def _item_played(s: State, e: ev.ItemPlayed) -> State:
    return _item_gone(s, e.seat, e.item)


def _tokens_taken(s: State, e: ev.TokensTaken) -> State:
    src, me = s.players[e.source], s.players[e.seat]
    players = list(s.players)
    players[e.source] = replace(src, tokens=_tokens(src, e.tokens, -1))
    players[e.seat] = replace(me, tokens=_tokens(me, e.tokens, 1))
    return replace(s, players=tuple(players))


def _quests_taken(s: State, e: ev.QuestsTaken) -> State:
    src, me = s.players[e.source], s.players[e.seat]
    players = list(s.players)
    players[e.source] = replace(src, quests=tuple(q for q in src.quests if q not in e.quests))
    players[e.seat] = replace(me, quests=me.quests + e.quests)
    players, items = _tokens_follow(players, s.items, e.quests, e.source, e.seat)
    return replace(s, players=players, items=items)


def _quest_dropped(s: State, e: ev.QuestDropped) -> State:
    p = s.players[e.seat]
    players = list(_player(s, e.seat, quests=tuple(q for q in p.quests if q != e.quest)))
    players, items = _tokens_follow(players, s.items, (e.quest,), e.seat, -1)
    return replace(s, players=players, items=items)


def _tokens_follow(players: list[Player], items: tuple[str, ...], quests, src: int, dst: int):
    """``players`` and the quest tokens at their fields once ``quests`` went from
    ``src`` to ``dst`` (-1: out of the game): a quest token ``src`` carries follows its
    quest, or goes back to its field ("Quest cards": the items "can be collected only by
    the owners of these Quest cards"), unless ``src`` still holds a quest asking it."""
    from .cards import load

    cards = load().quests
    for quest in quests:
        item = cards[quest].item
        p = players[src]
        if not item or item not in p.items or any(cards[q].item == item for q in p.quests):
            continue
        players[src] = replace(p, items=tuple(x for x in p.items if x != item))
        if dst >= 0:
            players[dst] = replace(players[dst], items=players[dst].items + (item,))
        else:
            items = items + (item,)
    return tuple(players), items


def _face_turned(s: State, e: ev.FaceTurned) -> State:
    if e.socket:
        board = dict(s.board)
        stack = board[e.socket]
        board[e.socket] = stack[:-1] + (Stacked(stack[-1].seat, stack[-1].die, e.face),)
        return replace(s, board=board)
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, pool=tuple((d, e.face if d == e.die else f) for d, f in p.pool)))


def _die_back(s: State, e: ev.DieTakenBack) -> State:
    board = dict(s.board)
    top = board[e.socket][-1]
    board[e.socket] = board[e.socket][:-1]
    if not board[e.socket]:
        del board[e.socket]
    p = s.players[e.seat]
    return replace(s, board=board, players=_player(s, e.seat, pool=p.pool + ((top.die, top.face),)))


def _converted(s: State, e: ev.Converted) -> State:
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, tokens=_tokens(replace(p, tokens=_tokens(p, (e.token,), -1)),
                                                                (e.to,), 1)))


def _offered(s: State, e: ev.Offered) -> State:
    return replace(s, offer=e, offered=s.offered + (e.to,))


def _trade_answered(s: State, e: ev.TradeAnswered) -> State:
    o = s.offer
    if not e.accepted or o is None:
        return replace(s, offer=None)
    players = list(s.players)
    players[o.seat] = _exchange(players[o.seat], o.give, o.get)
    players[o.to] = _exchange(players[o.to], o.get, o.give)
    items = s.items
    for quests, src, dst in ((o.give, o.seat, o.to), (o.get, o.to, o.seat)):
        players, items = _tokens_follow(list(players), items, [q for q in quests if q[:1] == "q"], src, dst)
    return replace(s, players=tuple(players), offer=None, items=items)


def _exchange(p: Player, out: tuple[str, ...], into: tuple[str, ...]) -> Player:
    """``p`` after giving ``out`` and receiving ``into`` (token kinds, quest ``q…``,
    Story ``s…`` and Magic Item ``i…`` ids, ``"?"`` an item hidden from a view)."""
    tokens, quests, stories, magic = p.tokens, list(p.quests), list(p.stories), list(p.magic)
    for x, sign in [(x, -1) for x in out] + [(x, 1) for x in into]:
        if x in RESOURCES:
            tokens = _tokens(replace(p, tokens=tokens), (x,), sign)
        else:
            box = {"q": quests, "s": stories}.get(x[0], magic)
            if sign > 0:
                box.append(x)
            elif x in box:
                box.remove(x)
            elif box is magic and box:
                box.pop()
    return replace(p, tokens=tokens, quests=tuple(quests), stories=tuple(stories), magic=tuple(magic))


def _side_quests_met(s: State, e: ev.SideQuestsMet) -> State:
    return replace(s, met=e.stories)


def _window(s: State, e: reactions.WindowOpened) -> State:
    return replace(s, windows=reactions.opened(s.windows, e))


def _passed(s: State, e: reactions.Passed) -> State:
    return replace(s, windows=reactions.after_pass(s.windows, e.seat))


def _answered(s: State, e: reactions.Answered) -> State:
    return replace(s, windows=reactions.after_answer(s.windows))


_HANDLERS = {
    ev.Shuffled: _shuffled, ev.QuestsLaidOut: _laid_out, ev.EventsLaid: _laid, ev.Started: _started, ev.Prompted: _prompted,
    ev.PromptDone: _prompt_done, ev.QuestsDrawn: _drawn, ev.KingDrew: _king_drew, ev.KingKept: _king_kept,
    ev.ChapterBegan: _chapter, ev.Rolled: _rolled, ev.SnakeRolled: _snake_rolled, ev.FacesSet: _faces_set,
    ev.EventRevealed: _event, ev.TurnBegan: _turn, ev.Placed: _placed, ev.RabbitUsed: _rabbit_used,
    ev.WolfFed: _wolf_fed, ev.Step: _step, ev.Moved: _moved, ev.Gained: _gained, ev.ItemTaken: _item_taken,
    ev.Completed: _completed, ev.GaveUp: _gave_up, ev.TurnEnded: _turn_ended, ev.ChapterEnded: _chapter_ended,
    ev.GameOver: _game_over, ev.Queued: _queued, ev.Popped: _popped, ev.CharacterChosen: _character,
    ev.AbilityUsed: _ability, ev.DecksShuffled: _decks_shuffled, ev.StoryDrawn: _story_drawn,
    ev.StoryDiscarded: _story_discarded, ev.StoryKept: _story_kept, ev.Lost: _lost, ev.DiceLost: _dice_lost,
    ev.RabbitGiven: _rabbit_given, ev.ItemsDrawn: _items_drawn, ev.ItemDiscarded: _item_discarded,
    ev.ItemPlayed: _item_played, ev.TokensTaken: _tokens_taken, ev.QuestsTaken: _quests_taken,
    ev.QuestDropped: _quest_dropped, ev.FaceTurned: _face_turned, ev.DieTakenBack: _die_back,
    ev.Converted: _converted, ev.Offered: _offered, ev.TradeAnswered: _trade_answered,
    ev.SideQuestsMet: _side_quests_met, reactions.WindowOpened: _window, reactions.Passed: _passed,
    reactions.Answered: _answered,
}
