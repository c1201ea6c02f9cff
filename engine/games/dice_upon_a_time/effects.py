"""Dice Upon a Time's full game: the effects waiting their turn (Story cards, Magic
Items dealt and stolen, harm to ward off, the Wolf's meal) and the Magic Items' reaction
windows.

A card's effect is queued (``events.Queued``) and taken up first in, first out by
the decider (``rules``) once no prompt or window is waiting (``run``); an effect that asks a
player something emits a ``Prompted``, one that another player may answer opens a
reaction window (``engine.core.reactions``). Windows open for every seat holding any
Magic Item that the trigger could concern (a public count, never which item), so a
window tells nobody what anyone holds ("Magic Item cards": "activated both in the active
player's own turn and in an other player's turn, but only when triggered by the event
written on the card"). Rulings are in ``RULES.md``, "The full game".
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec.structs import replace

from engine.core import reactions
from engine.core.reactions import Answered, Passed, WindowOpened

from . import commands as cmd
from . import events as ev
from .board import RESOURCES
from .items import load as load_items
from .stories import load as load_stories
from .common import DICE, QUEST_LIMIT, lowest_face, may_draw

ITEMS = load_items().items
CHARACTERS = load_items().characters
STORIES = load_stories()
#: The item moments (``Item.when``) each window trigger answers.
WHEN = {"roll": ("after_roll",), "snake": ("snake_roll",), "tokens": ("tokens_gained",), "items": ("items_drawn",),
        "quests": ("quests_drawn",), "story": ("story_drawn",), "harm": ("harmed", "card_harm")}
#: Effects that harm the seat they fall on: a ward may stop them ("The Golden Ball",
#: "Starwort"); ``go`` only from a Bad Luck card.
HARMFUL = ("lose", "lose_item", "lose_die", "go", "keep_story", "steal_tokens", "steal_items", "steal_quests",
           "curse", "reset", "feed")


def full(s) -> bool:
    """Whether Story cards and Magic Items are in play (``cards`` option)."""
    return s.options.cards == "full"


def holds(s, seat: int) -> bool:
    """Whether ``seat`` holds any Magic Item card (public: the hand's size)."""
    return bool(s.players[seat].magic)


def ability(s, seat: int, name: str) -> bool:
    """Whether ``seat``'s Character has ability ``name`` and may use it now (once a
    chapter: not used this chapter; Thumbling: uses left) ("Character card")."""
    if s.options.characters != "abilities":
        return False
    p = s.players[seat]
    c = CHARACTERS.get(p.character)
    if c is None or c.ability != name:
        return False
    if c.uses == "chapter":
        return not p.used
    if c.uses == "game":
        return p.thumbs > 0
    return True


def queue(tx, *effects: ev.Effect, front: bool = False) -> None:
    """Queue ``effects`` (in this order) behind the waiting ones, or in front."""
    tx.push(*effects, front=front)


# --------------------------------------------------------------------------- windows
def window_seats(s, trigger: str, seat: int, subject: str = "") -> tuple[int, ...]:
    """The seats a ``trigger`` window asks, in order: the seat it concerns for its own
    roll, Bad Luck card or harm; everyone for the Snake Die and a gain (the gainer first:
    the hazel branch; then the others: the Cudgel); the others for cards drawn (Spirit in
    the Bottle, Magic Mirror). Only seats holding a Magic Item; with ``windows=quick``
    only seats holding one that can answer this moment (``item_answers``)."""
    own = (seat,) if holds(s, seat) else ()
    if trigger in ("roll", "story", "harm"):
        seats = own
    else:
        others = reactions.answer_order(seat, s.n, lambda i: holds(s, i))
        seats = own + others if trigger in ("tokens", "snake") else others
    if s.options.windows == "quick":
        w = reactions.Window(trigger, seat, (), subject)
        seats = tuple(i for i in seats if item_answers(s, i, w))
    return seats


def open_window(tx, trigger: str, seat: int, subject: str = "", skip: int = -1) -> None:
    """Open a ``trigger`` window about ``seat`` (full game only, from the first chapter
    on: setup deals its cards; none when nobody may answer); ``skip`` a seat that
    already answered this moment."""
    s = tx.state
    if not full(s) or s.phase == "setup":
        return
    seats = tuple(i for i in window_seats(s, trigger, seat, subject) if i != skip)
    if seats:
        tx.emit(WindowOpened(trigger, seat, seats, subject))


def window_options(s, seat: int) -> list:
    """What ``seat`` may answer the innermost window with: ``Pass``, or a Magic Item of
    its hand that this moment triggers (with its choices)."""
    return [cmd.Pass(), *item_answers(s, seat, reactions.innermost(s.windows))]


def item_answers(s, seat: int, w: reactions.Window) -> list:
    """The Magic Items of ``seat``'s hand that window ``w`` lets it play now, with their
    choices (``Play`` commands); [] when it holds none that answers this moment."""
    out: list = []
    p = s.players[seat]
    for item in dict.fromkeys(p.magic):
        card = ITEMS.get(item)
        if card is None or card.when not in WHEN[w.trigger]:
            continue
        out += _answers(s, seat, w, card)
    return out


def _answers(s, seat: int, w, card) -> list:
    if w.trigger == "roll":
        # the roller's own roll: the dice named in the window (the Golden Bird: "after
        # the normal roll at the beginning of the chapter", or after a re-roll)
        p = s.players[seat]
        dice = tuple(d for d in w.subject.split(",") if d) if w.subject else s.rolled[1]
        return [cmd.Play(card.id, die=d, face=f) for d in dice if d != "snake" and w.mover == seat
                and p.face(d) in (1, 2) for f in range(1, 7) if f != p.face(d)]
    if w.trigger == "tokens":
        # every player taking tokens at this moment ("when more than one player is
        # taking tokens at the same time, you can collect all those tokens")
        gainers = {i for i, _ in s.gain}
        if card.effect == "more_tokens" and seat in gainers or card.effect == "steal_tokens" and gainers - {seat}:
            return [cmd.Play(card.id)]
        return []
    if w.trigger == "harm":
        if card.when == "card_harm" and w.subject != "card":
            return []
        return [cmd.Play(card.id)]
    return [cmd.Play(card.id)]


def answer_window(tx, seat: int, command) -> None:
    """``seat``'s answer to the innermost window: ``Pass``, or a Magic Item played."""
    s = tx.state
    w = reactions.innermost(s.windows)
    if isinstance(command, cmd.Pass):
        tx.emit(Passed(seat))
        return
    card = ITEMS[command.item]
    tx.emit(ev.ItemPlayed(seat, card.id))
    if card.effect == "set_low_die":
        tx.emit(ev.FaceTurned(seat, command.die, command.face), Answered(seat))
    elif card.effect == "reroll_snake":
        tx.emit(Answered(seat))
        snake_roll(tx, w.mover, again=True)
    elif card.effect == "more_tokens":
        mine = next((t for i, t in s.gain if i == seat and t), (RESOURCES[0],))
        tx.emit(Answered(seat), ev.Gained(seat, (mine[0],) * card.amount, "hazel"))
        open_window(tx, "tokens", seat, "together" if len(tx.state.gain) > 1 else "", skip=seat)
    elif card.effect == "steal_tokens":
        # every share but the thief's own, each warded off (or not) by its taker
        tx.emit(Answered(seat))
        queue(tx, *(ev.Effect(i, "steal_tokens", places=t, by=seat, item=card.id) for i, t in s.gain if i != seat),
              front=True)
    elif card.effect == "steal_items":
        tx.emit(Answered(seat))
        queue(tx, ev.Effect(w.mover, "steal_items", by=seat, item=card.id), front=True)
    elif card.effect == "steal_quests":
        tx.emit(Answered(seat))
        quests = tuple(w.subject.split(",")) if w.subject else ()
        queue(tx, ev.Effect(w.mover, "steal_quests", by=seat, item=card.id, places=quests), front=True)
    elif card.effect == "redraw_story":
        story = s.pending[0].story if s.pending else ""
        tx.emit(Answered(seat), ev.Popped())
        if story:
            tx.emit(ev.StoryDiscarded(story))
        queue(tx, ev.Effect(seat, "story", amount=1), front=True)
    elif card.effect == "ward_off":
        dropped = s.pending[0] if s.pending else None
        tx.emit(ev.Warded(seat), ev.Popped(), Answered(seat))
        if dropped is not None and dropped.do == "keep_story":
            tx.emit(ev.StoryDiscarded(dropped.story))
    else:  # pragma: no cover - the legal list offers nothing else in a window
        tx.emit(Answered(seat))


# --------------------------------------------------------------------------- rolls
def snake_roll(tx, seat: int, again: bool = False) -> None:
    """``seat`` rolls the Snake Die ("Snake"): a number is an extra die, a token is
    taken; then every Magic Item holder may answer (the White Snake: "The player rolling
    the token can of course keep that token")."""
    face = tx.rng.choice(DICE.snake.faces)
    tx.emit(ev.SnakeRolled(seat, face))
    if face in RESOURCES:
        gain(tx, seat, (face,), "snake")
    if not again:
        open_window(tx, "snake", seat)


def gain(tx, seat: int, tokens: tuple[str, ...], source: str, together: bool = False, last: bool = True) -> None:
    """``seat`` takes ``tokens`` from ``source``; then the gain's window opens (the hazel
    branch: "whenever getting token(s), regardless of the source"; the Cudgel).
    Several players taking tokens at the same time (every other player taking an Apple,
    an Event's gift): each share after the first is ``together`` with the ones before,
    and the window opens once, after the ``last`` share, for the whole gain ("you can
    collect all those tokens")."""
    if tokens:
        tx.emit(ev.Gained(seat, tokens, source, together))
    if last and tx.state.gain and (tokens or together):
        first = tx.state.gain[0][0]
        open_window(tx, "tokens", first, "together" if len(tx.state.gain) > 1 else "")


# --------------------------------------------------------------------------- decks
def _draw_story(tx) -> str:
    s = tx.state
    if not s.stories and s.story_discard:
        order = list(s.story_discard)
        tx.rng.shuffle(order)
        tx.emit(ev.DecksShuffled(stories=tuple(order), refill="stories"))
    return tx.state.stories[0] if tx.state.stories else ""


def _draw_items(tx, k: int) -> tuple[str, ...]:
    s = tx.state
    if len(s.magic) < k and s.magic_discard:
        order = list(s.magic_discard)
        tx.rng.shuffle(order)
        tx.emit(ev.DecksShuffled(items=tx.state.magic + tuple(order), refill="items"))
    return tx.state.magic[:k]


# --------------------------------------------------------------------------- Bad Luck
def possible(s, seat: int, act) -> bool:
    """Whether Bad Luck effect ``act`` can be carried out for ``seat`` ("In case only one
    effect is possible to happen, that effect must be chosen"): the tokens, an unused
    Magic Item, an unused die are there to lose; a move and the others' gifts always
    can."""
    p = s.players[seat]
    if act.do == "lose":
        have = sum(p.tokens) if act.token == "any" else p.count(act.token)
        return have >= act.amount
    if act.do == "lose_item":
        return bool(p.magic)
    if act.do == "lose_die":
        return bool(p.pool)
    return True


def _act(seat: int, act, story: str) -> ev.Effect:
    return ev.Effect(seat, act.do, act.token, act.amount, act.places, story)


def choose_bad_luck(tx, seat: int, story: str, option: int) -> None:
    """``seat`` takes effect ``option`` of Bad Luck card ``story``."""
    tx.emit(ev.BadLuckChosen(seat, story, option))
    queue(tx, _act(seat, STORIES[story].options[option], story), front=True)


# --------------------------------------------------------------------------- effects
def _harmful(e: ev.Effect) -> bool:
    if e.do not in HARMFUL:
        return False
    if e.do == "go":
        return STORIES[e.story].type == "bad_luck" if e.story in STORIES else False
    return True


def run(tx, e: ev.Effect, arrive: Callable[[Any, int, str, str], None]) -> None:
    """Take up effect ``e`` (already popped). ``arrive(tx, seat, field, by)`` is the
    decider's one way of arriving at a field (``rules.arrive``), which a Story card's
    move goes through ("Town": "either by normal movement or by card effect"); it is
    passed in so that the effects never import the flow that runs them."""
    s = tx.state
    if _harmful(e) and not e.checked and full(s) and holds(s, e.seat):
        mover, subject = e.by if e.by >= 0 else e.seat, "wolf" if e.do == "feed" else "card"
        if s.options.windows == "secret" or item_answers(s, e.seat, reactions.Window("harm", mover, (), subject)):
            queue(tx, replace(e, checked=True), front=True)
            tx.emit(WindowOpened("harm", mover, (e.seat,), subject))
            return
    if e.do == "go":
        _go(tx, e, arrive)
        return
    handler = _RUN.get(e.do)
    if handler is not None:
        handler(tx, e)


def _story(tx, e: ev.Effect) -> None:
    story = _draw_story(tx)
    if not story:
        return
    tx.emit(ev.StoryDrawn(e.seat, story))
    card = STORIES[story]
    s = tx.state
    if s.options.mode == "cooperative" and e.amount < 2 and _asks_quest(card):
        # "Some Story and Magic Item cards are not applicable in this mode … players can
        # decide to draw a new one instead": boxtop draws anew, once.
        tx.emit(ev.StoryDiscarded(story))
        queue(tx, ev.Effect(e.seat, "story", amount=2), front=True)
        return
    queue(tx, ev.Effect(e.seat, "read", story=story), front=True)
    if card.type == "bad_luck" and e.amount == 0:
        open_window(tx, "story", e.seat, subject=story)


def _asks_quest(card) -> bool:
    return any(a.do == "draw_quest" for a in (*card.effects, *card.options, *card.reward))


def _read(tx, e: ev.Effect) -> None:
    card = STORIES[e.story]
    s = tx.state
    if card.type == "good_luck":
        tx.emit(ev.StoryDiscarded(e.story))
        queue(tx, *(_act(e.seat, a, e.story) for a in card.effects), front=True)
    elif card.type == "bad_luck":
        tx.emit(ev.StoryDiscarded(e.story))
        can = [k for k, a in enumerate(card.options) if possible(s, e.seat, a)]
        if len(can) == 2:
            tx.emit(ev.Prompted(e.seat, "bad_luck", story=e.story))
        elif can:
            choose_bad_luck(tx, e.seat, e.story, can[0])
    elif card.type == "curse":
        queue(tx, ev.Effect(e.seat, "keep_story", story=e.story), front=True)
    else:
        tx.emit(ev.StoryKept(e.seat, e.story))


def _keep_story(tx, e: ev.Effect) -> None:
    tx.emit(ev.StoryKept(e.seat, e.story))


def _gain(tx, e: ev.Effect) -> None:
    nxt = tx.state.pending[0] if tx.state.pending else None
    if nxt is not None and nxt.do == "others_gain" and nxt.story == e.story:
        # "Every player gets …": the drawer and the others at the same time
        tx.pop()
        share_out(tx, [(e.seat, e.token, e.amount)] + [(o, nxt.token, nxt.amount) for o in _others(tx.state, e.seat)],
                  e.story)
    else:
        share_out(tx, [(e.seat, e.token, e.amount)], e.story)


def _others(s, seat: int) -> list[int]:
    return [(seat + k) % s.n for k in range(1, s.n)]


def _others_gain(tx, e: ev.Effect) -> None:
    """Every other player takes tokens, clockwise from the drawer's left."""
    share_out(tx, [(o, e.token, e.amount) for o in _others(tx.state, e.seat)], e.story)


def share_out(tx, shares: list[tuple[int, str, int]], story: str) -> None:
    """Story card ``story`` gives each (seat, token, amount) of ``shares`` its tokens at
    the same time: one reaction window for them all (``gain``). A token ``"any"`` is the
    player's choice, asked of each in turn (``Prompted`` ``gain``, the shares after the
    first ``together``)."""
    fixed = [x for x in shares if x[1] != "any"]
    asked = [x for x in shares if x[1] == "any"]
    for k, (seat, token, amount) in enumerate(fixed):
        gain(tx, seat, (token,) * amount, "story", together=k > 0, last=not asked and k == len(fixed) - 1)
    tx.emit(*(ev.Prompted(seat, "gain", amount, story, ("together",) if fixed or k else ())
              for k, (seat, _, amount) in enumerate(asked)))


def _lose(tx, e: ev.Effect) -> None:
    p = tx.state.players[e.seat]
    if e.token != "any":
        k = min(e.amount, p.count(e.token))
        if k:
            tx.emit(ev.Lost(e.seat, (e.token,) * k))
        return
    held = tuple(t for t, k in zip(RESOURCES, p.tokens) for _ in range(k))
    if len(held) <= e.amount or len(set(held)) == 1:
        if held:
            tx.emit(ev.Lost(e.seat, held[:e.amount]))
        return
    tx.emit(ev.Prompted(e.seat, "lose", e.amount, e.story))


def _lose_item(tx, e: ev.Effect) -> None:
    p = tx.state.players[e.seat]
    if len(set(p.magic)) == 1:
        tx.emit(ev.ItemDiscarded(e.seat, p.magic[0]))
    elif p.magic:
        tx.emit(ev.Prompted(e.seat, "lose_item", story=e.story))


def _lose_die(tx, e: ev.Effect) -> None:
    p = tx.state.players[e.seat]
    if len(p.pool) == 1:
        tx.emit(ev.DiceLost(e.seat, (p.pool[0][0],)))
    elif p.pool:
        tx.emit(ev.Prompted(e.seat, "lose_die", story=e.story))


def _draw_item(tx, e: ev.Effect) -> None:
    queue(tx, ev.Effect(e.seat, "deal", amount=1), front=True)
    open_window(tx, "items", e.seat, subject="1")


def _deal(tx, e: ev.Effect) -> None:
    s = tx.state
    snow = e.item not in ("spirit", "again") and ability(s, e.seat, "item_choice")
    items = _draw_items(tx, e.amount * (2 if snow else 1))
    if not items:
        return
    tx.emit(ev.ItemsDrawn(e.seat, items))
    if snow and len(items) > 1:
        tx.emit(ev.Prompted(e.seat, "keep_item"))
    elif s.options.mode == "cooperative" and e.item != "again" and len(items) == 1 and useless(items[0]):
        # "Some Story and Magic Item cards are not applicable in this mode … When drawing
        # such a card, players can decide to draw a new one instead": boxtop draws anew, once.
        tx.emit(ev.ItemDiscarded(e.seat, items[0]))
        queue(tx, ev.Effect(e.seat, "deal", amount=1, item="again"), front=True)


def useless(item: str) -> bool:
    """Whether Magic Item ``item`` can do nothing in the co-operative game: the Magic
    Mirror (nobody draws Quest cards) and the Cursed Ring (every Curse counts against
    the whole table, whoever holds it)."""
    return ITEMS[item].effect in ("steal_quests", "pass_curse")


def _draw_quest(tx, e: ev.Effect) -> None:
    if may_draw(tx.state, e.seat):
        tx.emit(ev.Prompted(e.seat, "draw1", story=e.story))


def _rabbit(tx, e: ev.Effect) -> None:
    if tx.state.rabbits > 0:
        tx.emit(ev.RabbitGiven(e.seat))


def _go(tx, e: ev.Effect, arrive) -> None:
    """A Story card moves the figure: it arrives like any move ("Town": "either by
    normal movement or by card effect"); a choice of fields is asked."""
    if len(e.places) == 1:
        arrive(tx, e.seat, e.places[0], "story")
    elif e.places:
        tx.emit(ev.Prompted(e.seat, "go", story=e.story, places=e.places))


def _window(tx, e: ev.Effect) -> None:
    open_window(tx, e.token, e.seat, e.story)


def _ask(tx, e: ev.Effect) -> None:
    tx.emit(ev.Prompted(e.seat, e.token))


def _feed(tx, e: ev.Effect) -> None:
    pool = tx.state.players[e.seat].pool
    if len(pool) == 1:
        tx.emit(ev.WolfFed(e.seat, pool[0][0], pool[0][1]))
    elif pool:
        tx.emit(ev.Prompted(e.seat, "feed"))


def _steal_tokens(tx, e: ev.Effect) -> None:
    p = tx.state.players[e.seat]
    # ``places``: the share ``seat`` took; what is still there of it
    taken = [t for t in RESOURCES for _ in range(min(e.places.count(t), p.count(t)))]
    if taken:
        tx.emit(ev.TokensTaken(e.by, e.seat, tuple(taken)))


def _steal_items(tx, e: ev.Effect) -> None:
    """The thief takes every card the drawer was to draw: Snow White's two too ("when a
    player is acquiring more than one card … you can collect all those cards")."""
    s = tx.state
    if s.pending and s.pending[0].do == "deal" and s.pending[0].seat == e.seat:
        deal = s.pending[0]
        amount = deal.amount * (2 if deal.item != "spirit" and ability(s, e.seat, "item_choice") else 1)
        tx.pop()
        queue(tx, ev.Effect(e.by, "deal", amount=amount, item="spirit"), front=True)


def _steal_quests(tx, e: ev.Effect) -> None:
    p = tx.state.players[e.seat]
    quests = tuple(q for q in e.places if q in p.quests)
    if not quests:
        return
    tx.emit(ev.QuestsTaken(e.by, e.seat, quests))
    if len(tx.state.players[e.by].quests) > QUEST_LIMIT:
        queue(tx, ev.Effect(e.by, "trim"), front=True)


def _trim(tx, e: ev.Effect) -> None:
    """A player holding more than 4 active quests discards one ("you must choose which
    cards to discard until you have only 4 active Quests left"); asked again while
    over."""
    over = len(tx.state.players[e.seat].quests) - QUEST_LIMIT
    if over > 0:
        tx.emit(ev.Prompted(e.seat, "trim", over))


def _curse(tx, e: ev.Effect) -> None:
    if e.story in tx.state.players[e.by].stories:
        tx.emit(ev.StoryKept(e.seat, e.story, e.by))


def _reset(tx, e: ev.Effect) -> None:
    stack = tx.state.board.get(e.socket, ())
    if stack:
        top = stack[-1]
        tx.emit(ev.FaceTurned(top.seat, top.die, lowest_face(top.die), e.socket))


_RUN = {
    "story": _story, "read": _read, "keep_story": _keep_story, "gain": _gain, "others_gain": _others_gain,
    "lose": _lose, "lose_item": _lose_item, "lose_die": _lose_die, "draw_item": _draw_item, "deal": _deal,
    "draw_quest": _draw_quest, "rabbit": _rabbit, "window": _window, "ask": _ask, "feed": _feed,
    "steal_tokens": _steal_tokens, "steal_items": _steal_items, "steal_quests": _steal_quests, "curse": _curse,
    "reset": _reset, "trim": _trim,
}
