"""Dice Upon a Time's decider: ``setup``, ``decide``, ``to_act``, ``reveals`` and
``result``, and the flow of a game (a turn, arriving at a field, a chapter, the end).
The board rules the legal moves, the bots and the screen share (sockets, stacks,
quests) are in ``common``.

Every rule cites the Dice Upon a Time rulebook by section; rulings on unclear passages
are in ``RULES.md`` beside this file. A command's events are folded as they are made
(``Tx``); then ``_settle`` runs what follows on its own: a chapter begins once the
opening quests are drawn, a turn ends when nothing is left to choose, a chapter ends
when nobody has a turn left, and the game ends after its last chapter.
"""

from __future__ import annotations

import random

from engine.core.agenda import check_turn
from engine.core.decider import Result
from engine.core.errors import IllegalCommand

from . import commands as cmd
from . import effects
from . import events as ev
from .legal import legal, refusal
from .powers import finish_extras, help_problem, offer_problem
from .state import Player, State, faces_plain
from .common import (
    BAND_WORDS, BANDS, CARDS, CHAPTERS, DICE, FACES, LOCATIONS, QUEST_LIMIT, SPIRIT_SOCKETS, Tx, chapters,
    clockwise, completable, event_of, has_turn, location_off, lowest_face, may_draw, place_problem, quests_for,
    route_from, shared_stories,
)

#: Events that show hidden or random facts: undo stops there.
REVEALING = (ev.Shuffled, ev.EventsLaid, ev.Started, ev.QuestsDrawn, ev.KingDrew, ev.KingKept, ev.Rolled,
             ev.SnakeRolled, ev.EventRevealed, ev.ChapterBegan, ev.DecksShuffled, ev.StoryDrawn, ev.ItemsDrawn,
             ev.Offered)


# --------------------------------------------------------------------------- setup
def setup(options, n: int, rng: random.Random) -> list:
    """Entry 0: shuffle the Quest decks or lay them all out (co-operative), lay the
    Event cards, draw the starting player, and ask each player from the start player
    clockwise for their two opening quests ("Setup" 2, 7, 8, 9)."""
    from .state import initial

    tx = Tx(initial(options, n), rng)
    if options.mode == "competitive":
        decks = {}
        for v in (2, 3, 4):
            ids = [q.id for q in CARDS.quests.values() if q.ap == v]
            rng.shuffle(ids)
            decks[v] = tuple(ids)
        tx.emit(ev.Shuffled(decks))
    else:
        tx.emit(ev.Shuffled({2: (), 3: (), 4: ()}), ev.QuestsLaidOut(tuple(CARDS.quests)))
    if options.events != "none":
        ids = list(CARDS.events)
        rng.shuffle(ids)
        tx.emit(ev.EventsLaid(tuple(ids[:min(6, CHAPTERS.get(options.length, 6))]), options.events == "open"))
    if options.cards == "full":
        stories, items = list(effects.STORIES), list(effects.ITEMS)
        rng.shuffle(stories)
        rng.shuffle(items)
        tx.emit(ev.DecksShuffled(tuple(stories), tuple(items)))
    start = rng.randrange(n)
    tx.emit(ev.Started(start))
    order = clockwise(tx.state, start)
    if options.characters == "abilities":
        # "Each player chooses or draws a Character card" ("Setup" 5): boxtop asks
        # from the last player in turn order to the starting player (RULES.md).
        for seat in reversed(order):
            tx.emit(ev.Prompted(seat, "character"))
    # "From the starting player, in clockwise order, every player draws 1 Magic Item
    # card and 2 Quest cards" ("Setup" 9).
    deal = [ev.Effect(seat, "deal", amount=1) for seat in order] if options.cards == "full" else []
    ask = [ev.Effect(seat, "ask", token="draw2") for seat in order] if options.mode == "competitive" else []
    effects.queue(tx, *deal, *ask)
    _settle(tx)
    return tx.events


# --------------------------------------------------------------------------- acting
def to_act(state: State) -> frozenset[int]:
    """The seat owing the first prompt, else the active player; nobody once over."""
    if state.phase == "over":
        return frozenset()
    if state.prompts:
        return frozenset({state.prompts[0].seat})
    if state.windows:
        return frozenset({state.windows[-1].waiting[0]})
    if state.turn >= 0 and state.step:
        return frozenset({state.turn})
    return frozenset()


def reveals(event) -> bool:
    """Whether ``event`` shows hidden or random facts (undo never crosses it)."""
    return isinstance(event, REVEALING)


def decide(state: State, seat: int, command, rng: random.Random) -> list:
    """The events of ``command`` by ``seat``; raises ``IllegalCommand`` with the rule."""
    check_turn(state.phase == "over", seat, to_act(state))

    free = not state.prompts and not state.windows
    if isinstance(command, cmd.Place) and free and state.step == "place":
        problem = help_problem(state, seat, command.using) or place_problem(
            state, seat, command.die, command.socket, command.using)
        if not problem and command.using and not place_problem(state, seat, command.die, command.socket):
            problem = "That die goes there without help."
        if problem:
            raise IllegalCommand(problem)
    elif isinstance(command, cmd.Offer) and free and state.step in ("place", "complete"):
        problem = offer_problem(state, seat, command)
        if problem:
            raise IllegalCommand(problem)
    elif command not in legal(state, seat):
        raise IllegalCommand(refusal(state, seat, command))
    tx = Tx(state, rng)
    if state.prompts:
        _answer_prompt(tx, seat, state.prompts[0], command)
    elif state.windows:
        effects.answer_window(tx, seat, command)
    else:
        _turn_command(tx, seat, command)
    _settle(tx)
    return tx.events


def _draw(tx: Tx, seat: int, decks: tuple[int, ...], king: bool = False) -> None:
    s = tx.state
    taken: dict[int, int] = {}
    quests = []
    for v in decks:
        quests.append(s.decks[v][taken.get(v, 0)])
        taken[v] = taken.get(v, 0) + 1
    if king:
        tx.emit(ev.KingDrew(seat, tuple(quests), tuple(decks)))
    else:
        tx.emit(ev.QuestsDrawn(seat, tuple(quests), tuple(decks)))
        effects.open_window(tx, "quests", seat, ",".join(quests))
        _over(tx, seat)


def _over(tx: Tx, seat: int) -> None:
    """Past 4 active quests after a draw: discard down to 4 once the draw's window is
    answered (the Magic Mirror may take the card first)."""
    if len(tx.state.players[seat].quests) > QUEST_LIMIT:
        effects.queue(tx, ev.Effect(seat, "trim"), front=True)


def _answer_prompt(tx: Tx, seat: int, prompt, command) -> None:
    kind = prompt.kind
    s = tx.state
    if kind in ("draw2", "draw1"):
        _draw(tx, seat, command.decks)
    elif kind == "character":
        tx.emit(ev.CharacterChosen(seat, command.character))
    elif kind == "bad_luck":
        effects.choose_bad_luck(tx, seat, prompt.story, command.option)
    elif kind in ("gain", "gift"):
        # a share after the first of several players taking tokens at once; the window
        # waits for the last share
        nxt = s.prompts[1] if len(s.prompts) > 1 else None
        last = not (nxt is not None and nxt.kind == kind and nxt.places == ("together",))
        effects.gain(tx, seat, command.tokens, "story" if kind == "gain" else "event",
                     together=prompt.places == ("together",), last=last)
    elif kind == "lose":
        tx.emit(ev.Lost(seat, command.tokens))
    elif kind == "lose_item":
        tx.emit(ev.ItemDiscarded(seat, command.item))
    elif kind == "lose_die":
        tx.emit(ev.DiceLost(seat, (command.die,)))
    elif kind == "go":
        tx.emit(ev.PromptDone())
        arrive(tx, seat, command.to, "story")
        return
    elif kind == "draw_item":
        if command.yes:
            effects.queue(tx, ev.Effect(seat, "draw_item"), front=True)
    elif kind == "keep_item":
        drawn = list(s.players[seat].magic[-2:])
        drawn.remove(command.item)
        tx.emit(ev.ItemDiscarded(seat, drawn[0]))
    elif kind == "rapunzel":
        if command.dice:
            tx.emit(ev.AbilityUsed(seat))
            _reroll(tx, seat, command.dice)
    elif kind == "trim":
        tx.emit(ev.QuestDropped(seat, command.quest))
        _over(tx, seat)
    elif kind == "trade":
        tx.emit(ev.TradeAnswered(command.yes))
    elif kind == "fox":
        tx.emit(ev.FacesSet(seat, command.faces))
    elif kind == "reroll":
        if command.dice:
            _reroll(tx, seat, command.dice)
    elif kind == "feed":
        tx.emit(ev.WolfFed(seat, command.die, tx.state.players[seat].face(command.die)))
    tx.emit(ev.PromptDone())


def _turn_command(tx: Tx, seat: int, command) -> None:
    s = tx.state
    step = s.step
    if isinstance(command, cmd.Place):
        _place(tx, seat, command)
    elif isinstance(command, cmd.Rabbit):
        tx.emit(ev.RabbitUsed(seat, command.route))
        arrive(tx, seat, route_from(tx.state, seat, command.route), "rabbit")
    elif isinstance(command, cmd.Walk):
        tx.emit(ev.AbilityUsed(seat))
        arrive(tx, seat, route_from(s, seat, command.route), "walk")
    elif isinstance(command, cmd.PassTurn):
        tx.emit(ev.GaveUp(seat))
        _end_turn(tx)
    elif isinstance(command, cmd.Move):
        arrive(tx, seat, route_from(s, seat, s.placed), "route")
    elif isinstance(command, cmd.Jump):
        arrive(tx, seat, command.to, "steed")
    elif isinstance(command, cmd.Skip):
        _then(tx)
    elif isinstance(command, cmd.Take):
        if step == "fairy":
            effects.gain(tx, seat, (command.token,) * (2 if s.doubling else 1), "fairy")
            _then(tx)
        else:  # King Thrushbeard at a Steed
            tx.emit(ev.AbilityUsed(seat))
            effects.gain(tx, seat, (command.token,) * 2, "thrushbeard")
            if step != "jump":
                _then(tx)
    elif isinstance(command, cmd.Draw):
        if step == "king":
            _draw(tx, seat, command.decks, king=True)
            tx.emit(ev.Step("keep"))
        elif step == "town":
            _draw(tx, seat, command.decks)
            _then(tx)
        else:  # Thumbling, wherever he is
            tx.emit(ev.AbilityUsed(seat))
            _draw(tx, seat, command.decks)
    elif isinstance(command, cmd.Keep):
        drawn = list(s.king)
        values = [CARDS.quests[q].ap for q in drawn]
        back = [(q, v) for q, v in zip(drawn, values) if q != command.quest]
        tx.emit(ev.KingKept(seat, command.quest, tuple(q for q, _ in back), tuple(v for _, v in back)))
        effects.open_window(tx, "quests", seat, command.quest)
        _over(tx, seat)
        _then(tx)
    elif isinstance(command, cmd.Complete):
        q = CARDS.quests[command.quest]
        tokens = tuple(t for t, k in q.tokens.items() for _ in range(k))
        tx.emit(ev.Completed(seat, command.quest, tokens))
        _then(tx)
    elif isinstance(command, cmd.Redeem):
        _redeem(tx, seat, command)
        _then(tx)
    elif isinstance(command, cmd.Convert):
        tx.emit(ev.AbilityUsed(seat), ev.Converted(seat, command.token, command.to))
    elif isinstance(command, cmd.Rest):
        tx.emit(ev.AbilityUsed(seat), ev.DiceLost(seat, command.dice))
        effects.gain(tx, seat, (command.token,), "beauty")
    elif isinstance(command, cmd.Play):
        _play(tx, seat, command)
    elif isinstance(command, cmd.Offer):
        tx.emit(ev.Offered(seat, command.to, command.give, command.get), ev.Prompted(command.to, "trade"))
    elif isinstance(command, cmd.End):
        _end_turn(tx)


def _reroll(tx: Tx, seat: int, dice: tuple[str, ...]) -> None:
    """``seat`` rolls ``dice`` again; the roll may be answered (the Golden Bird: "during
    the chapter when some effect causes a reroll of a die")."""
    tx.emit(ev.Rolled(seat, tuple((d, tx.rng.choice(FACES[d])) for d in dice)))
    effects.open_window(tx, "roll", seat, ",".join(dice))


def _place(tx: Tx, seat: int, command: cmd.Place) -> None:
    """"1 Place one die"; a special face "gets activated immediately" ("Special die
    faces"): the Magic Item face draws a Magic Item, the Story face a Story card (full
    game); the Wolf asks the others for a die ("Wolf")."""
    s = tx.state
    if command.using in effects.ITEMS:
        tx.emit(ev.ItemPlayed(seat, command.using))
    elif command.using:
        tx.emit(ev.AbilityUsed(seat))
    face = s.players[seat].face(command.die)
    tx.emit(ev.Placed(seat, command.die, face, command.socket))
    waiting = []
    if effects.full(s) and not faces_plain(s) and face == "story":
        waiting.append(ev.Effect(seat, "story"))  # "you must immediately draw a Story card"
    elif effects.full(s) and not faces_plain(s) and face == "magic_item":
        waiting.append(ev.Effect(seat, "ask", token="draw_item"))  # "you can immediately draw a Magic Item card"
    if command.socket == "wolf":
        # "all players in clockwise order must place one of their unused dice on the
        # field": every other player holding a die, passed or not (RULES.md).
        waiting += [ev.Effect(other, "feed") for other in clockwise(tx.state, seat)[1:] if tx.state.players[other].pool]
    if waiting:
        effects.queue(tx, *waiting)
        tx.emit(ev.Step("face"))
    else:
        _after_face(tx)


def _after_face(tx: Tx) -> None:
    """After the die and its face: move through the route, unless the route does not
    start at the figure or a Story card sent the figure elsewhere ("the second Story card
    must not be drawn, as the character has lost their way")."""
    s = tx.state
    if route_from(s, s.turn, s.placed) and not s.strayed:
        tx.emit(ev.Step("move"))
    else:
        _to_complete(tx)


def _play(tx: Tx, seat: int, command: cmd.Play) -> None:
    """A Magic Item played in one's turn before placing ("List of the Magic Items with
    Notes"); the rides (the Golden Horse, the Wishing-cap) take the place of the turn's
    move, like a Rabbit token (RULES.md)."""
    s = tx.state
    card = effects.ITEMS[command.item]
    tx.emit(ev.ItemPlayed(seat, card.id))
    e = card.effect
    if e == "take_tokens":
        effects.gain(tx, seat, (command.token,) * card.amount, "item")
    elif e == "reroll_unused":
        _reroll(tx, seat, tuple(d for d, _ in s.players[seat].pool if d != "snake"))
    elif e in ("move_to_player", "move_anywhere"):
        arrive(tx, seat, command.to, "horse" if e == "move_to_player" else "cap")
    elif e == "take_back_die":
        tx.emit(ev.DieTakenBack(seat, command.socket))
    elif e == "reset_die":
        top = s.board[command.socket][-1]
        if top.seat == seat:
            tx.emit(ev.FaceTurned(seat, top.die, lowest_face(top.die), command.socket))
        else:
            effects.queue(tx, ev.Effect(top.seat, "reset", by=seat, item=card.id, socket=command.socket))
    elif e == "pass_curse":
        effects.queue(tx, ev.Effect(command.target, "curse", story=command.story, by=seat, item=card.id))


def _redeem(tx: Tx, seat: int, command: cmd.Redeem) -> None:
    """Pay a Curse off or fulfil a Mini Quest ("Curse cards … you can get rid of these
    cards by fulfilling the requirements"; "you can decide later, whether or not to
    fulfill them")."""
    story = effects.STORIES[command.story]
    if command.tokens:
        tx.emit(ev.Lost(seat, command.tokens))
    _lift(tx, seat, story)


def _lift(tx: Tx, seat: int, story) -> None:
    """``seat`` meets Curse or Mini Quest ``story`` (its own, or in the co-operative game
    anyone's): the card is discarded, a Mini Quest's reward is ``seat``'s."""
    holder = next((i for i, x in shared_stories(tx.state, seat) if x == story.id), seat)
    tx.emit(ev.StoryDiscarded(story.id, holder, seat if holder != seat else -1))
    if story.type == "mini_quest":
        effects.queue(tx, *(ev.Effect(seat, a.do, a.token, a.amount, a.places, story.id) for a in story.reward))


def arrive(tx: Tx, seat: int, to: str, by: str) -> None:
    """``seat``'s figure goes to ``to`` ``by`` a route, a Steed, a Rabbit token, a walk,
    a Story card or a Magic Item ride, and arrives: one way for every move ("Town":
    "When arriving on this field later in the game – either by normal movement or by
    card effect"). A card naming the field the figure stands on moves nobody: nothing
    happens."""
    if not to or tx.state.players[seat].at == to:
        if by != "story":  # a Story card's effects go on as they were (``_settle``)
            _then(tx)
        return
    tx.emit(ev.Moved(seat, to, by))
    _arrive(tx, seat, to, jumped=by == "steed")


def _arrive(tx: Tx, seat: int, to: str, jumped: bool = False) -> None:
    """"4 Location ability activates" on arriving at ``to``; a quest token is picked up
    first by a player with its quest ("Quest cards"); a Curse or Mini Quest asking to
    visit ``to`` (or to ride the Steed, on a jump) is met ("Story cards")."""
    s = tx.state
    for quest in quests_for(s, seat):
        q = CARDS.quests[quest]
        if q.item and q.pickup == to and q.item in tx.state.items:
            tx.emit(ev.ItemTaken(seat, q.item))
    for _, story in shared_stories(s, seat):
        card = effects.STORIES[story]
        c = card.condition
        if card.type in ("curse", "mini_quest") and c is not None and (
                c.kind == "at" and to in c.places or c.kind == "steed" and jumped):
            _lift(tx, seat, card)
    loc = LOCATIONS[to]
    if location_off(s, to):
        _then(tx)
        return
    if loc.kind in ("town", "king") and may_draw(s, seat):
        tx.emit(ev.Step(loc.kind))
        return
    if loc.kind == "fairy":
        tx.emit(ev.Step("fairy"))
        return
    if loc.kind == "steed" and not jumped:
        tx.emit(ev.Step("jump"))
        return
    if loc.kind == "resource":
        e = event_of(s)
        extra = e.amount if e and e.effect == "resource_bonus" and e.token == loc.resource else 0
        count = 1 + extra + (1 if s.doubling else 0)
        effects.gain(tx, seat, (loc.resource,) * count, "field")
    elif loc.kind == "supporting" and effects.full(s):
        # "the player must immediately draw a Story card" ("Supporting characters")
        effects.queue(tx, ev.Effect(seat, "story"))
    elif loc.kind == "magic_items" and effects.full(s):
        # "the player can immediately draw a Magic Item card" ("Magic Items field"): asked
        effects.queue(tx, ev.Effect(seat, "ask", token="draw_item"))
    _then(tx)


def _then(tx: Tx) -> None:
    """Go on to "5 Complete quests" now, or once the waiting effects, answers and
    windows are done (``_settle``)."""
    s = tx.state
    if s.pending or s.prompts or s.windows:
        tx.emit(ev.Step("done"))
    else:
        _to_complete(tx)


def _to_complete(tx: Tx) -> None:
    """"5 Complete quests": ask while a quest can be completed (or a Curse or Mini Quest
    paid off, or an ability used on the way), else end the turn."""
    s = tx.state
    if completable(s, s.turn) or finish_extras(s, s.turn):
        if s.step != "complete":
            tx.emit(ev.Step("complete"))
        return
    _end_turn(tx)


# --------------------------------------------------------------------------- flow
def _settle(tx: Tx) -> None:
    """Run what follows a command on its own until a seat must choose: answers and
    windows first, then the waiting effects in order, then the turn goes on."""
    for _ in range(10_000):
        s = tx.state
        if s.phase == "over" or s.prompts or s.windows:
            return
        if s.pending:
            effect = s.pending[0]
            tx.pop()
            if effect.do == "chapter_event":
                _chapter_event(tx, effect.amount)
            else:
                effects.run(tx, effect, arrive)
            continue
        if s.phase == "setup":
            _begin_chapter(tx, 1)
            continue
        if s.step == "face":
            _after_face(tx)
            continue
        if s.step == "done":
            _to_complete(tx)
            continue
        if s.turn < 0:
            _next_turn(tx, s.start)
            continue
        return


def _begin_chapter(tx: Tx, chapter: int) -> None:
    """"At the beginning of a chapter": everyone rolls their dice except those from the
    Fox (set instead, "Fox"); the Snake Die's holder rolls it ("Snake"); the next Event
    is revealed; then the Fox, re-roll and gift answers are asked from the starting
    player clockwise. Full game: each roll may be answered (the Golden Bird: it "must
    be played right after the roll", so its window comes before the Event), Rapunzel
    may roll a 1 or 2 again ("Her ability can be used at the beginning of the chapter
    when everyone rolls the dice"); the Event follows them (``_chapter_event``)."""
    s = tx.state
    tx.emit(ev.ChapterBegan(chapter, s.start))
    order = clockwise(s, s.start)
    waiting = []
    for seat in order:
        p = tx.state.players[seat]
        dice = tuple((d.id, tx.rng.choice(d.faces)) for d in DICE.die if d.id not in p.fox)
        tx.emit(ev.Rolled(seat, dice))
        if tx.state.snake == seat:
            effects.snake_roll(tx, seat)
        if effects.holds(tx.state, seat):  # the window names this seat's dice: its own roll
            waiting.append(ev.Effect(seat, "window", token="roll", story=",".join(d for d, _ in dice)))
        if effects.ability(tx.state, seat, "reroll_low") and any(f in (1, 2) for _, f in dice):
            waiting.append(ev.Effect(seat, "ask", token="rapunzel"))
    if waiting:  # the roll's answers come right after the roll, before the Event
        effects.queue(tx, *waiting, ev.Effect(s.start, "chapter_event", amount=chapter))
    else:
        _chapter_event(tx, chapter)


def _chapter_event(tx: Tx, chapter: int) -> None:
    """The chapter's Event is revealed once the roll has been answered; then the Fox,
    re-roll and gift answers are asked from the starting player clockwise."""
    s = tx.state
    order = clockwise(s, s.start)
    if chapter <= len(s.laid):
        tx.emit(ev.EventRevealed(chapter, s.laid[chapter - 1]))
    e = event_of(tx.state)
    for seat in order:
        if tx.state.players[seat].fox:
            tx.emit(ev.Prompted(seat, "fox"))
    if e and e.effect == "reroll":
        for seat in order:
            tx.emit(ev.Prompted(seat, "reroll"))
    if e and e.effect == "gift":  # everyone takes tokens at the same time: one window after the last
        for k, seat in enumerate(order):
            tx.emit(ev.Prompted(seat, "gift", places=("together",) if k else ()))


def _next_turn(tx: Tx, first: int) -> None:
    """The next player clockwise from ``first`` with a turn left begins; with nobody
    left the chapter ends ("At the end of a chapter")."""
    s = tx.state
    for seat in clockwise(s, first):
        if has_turn(s.players[seat]):
            tx.emit(ev.TurnBegan(seat))
            return
    _end_chapter(tx)


def _end_turn(tx: Tx) -> None:
    seat = tx.state.turn
    tx.emit(ev.TurnEnded(seat))
    _next_turn(tx, (seat + 1) % tx.state.n)


def _top(s, socket: str) -> int:
    stack = s.board.get(socket, ())
    return stack[-1].seat if stack else -1


def _end_chapter(tx: Tx) -> None:
    """"Check the Forest Spirit fields": the top die on the Rabbit takes the starting
    player marker and a Rabbit token (if one is left), the top die on the Snake the
    Snake Die, the Fox's dice are set next chapter; all dice come back. Then the next
    chapter, or the end ("The End: Scoring"; "Short and Extra Long game modes")."""
    s = tx.state
    rabbit, snake = _top(s, "rabbit"), _top(s, "snake")
    fox = tuple((d.seat, d.die) for k in ("fox1", "fox2") for d in s.board.get(k, ()) if d.die != "snake")
    last = _last_chapter(s)
    if last and effects.full(s):
        met = tuple(x for i, p in enumerate(s.players) for x in p.stories
                    if any(side_quest_met(s, q, x) for q in (s.players if s.options.mode == "cooperative" else (p,))))
        tx.emit(ev.SideQuestsMet(met))
    tx.emit(ev.ChapterEnded(s.chapter, rabbit, rabbit >= 0 and s.rabbits > 0, snake, fox))
    s = tx.state
    if last:
        tx.emit(ev.GameOver(s.chapter))
    else:
        _begin_chapter(tx, s.chapter + 1)


def _last_chapter(s: State) -> bool:
    """Whether the chapter ending is the game's last: the sixth (the third in the short
    game); in the Extra Long game the one in which the last Quest card was drawn (in
    the co-operative game, which draws none, the last quest completed), the sixth at
    the earliest, or the guard."""
    if s.chapter >= chapters(s):
        return True
    if s.options.length != "extra_long" or s.chapter < CHAPTERS["standard"]:
        return False  # Extra Long: never shorter than the standard game (RULES.md)
    if s.options.mode == "cooperative":
        return not s.table
    return s.drained


# --------------------------------------------------------------------------- result
def side_quest_met(s, p: Player, story: str) -> bool:
    """Whether player ``p`` meets Side Quest ``story``'s condition now ("Green Side
    Quests give extra APs, but only if their conditions are met at the end of the
    game"): at one of its places, dice on that many Forest Spirit fields (however they
    got there, the FAQ), holding the tokens, or that many quests completed. In the
    co-operative game any player may meet anyone's (``shared_stories``)."""
    card = effects.STORIES[story]
    c = card.condition
    if card.type != "side_quest" or c is None:
        return False
    seat = s.players.index(p)
    if c.kind == "at":
        return p.at in c.places
    if c.kind == "spirits":
        fields = {k.rstrip("12") for k in SPIRIT_SOCKETS if any(d.seat == seat for d in s.board.get(k, ()))}
        return len(fields) >= c.amount
    if c.kind == "tokens":
        return (sum(p.tokens) if c.token == "any" else p.count(c.token)) >= c.amount
    if c.kind == "quests":
        return len(p.done) >= c.amount
    return False


def ap(quests) -> int:
    """The Adventure Points of ``quests`` (the numbers on their backs)."""
    return sum(CARDS.quests[q].ap for q in quests)


def story_ap(s, p: Player) -> int:
    """The AP of ``p``'s Story cards at the end: Side Quests met, Curses still held
    ("The End: Scoring" 2)."""
    total = 0
    for x in p.stories:
        card = effects.STORIES[x]
        if card.type == "curse" or card.type == "side_quest" and x in s.met:
            total += card.ap
    return total


def band(s) -> int:
    """The co-operative table's band (0–4) for the table's total AP ("The end of the
    game" table; an edge counts for the higher band)."""
    total = sum(ap(p.done) + story_ap(s, p) for p in s.players)
    return sum(1 for edge in BANDS[min(s.n, 5)] if total >= edge)


def result(state: State) -> Result | None:
    """Competitive: most AP wins; a tie is shared, or with ``ties=one_blow`` goes to the
    most quests completed in one turn ("Is it a tie? … who can kill more flies with one
    blow"). Co-operative: the table's total against the completion table."""
    if state.phase != "over":
        return None
    # each player's quests completed, their AP, the Story cards' AP (full game only) and the total AP
    scores = [{"quests": len(p.done), "quest AP": ap(p.done), "story AP": story_ap(state, p),
               "total": ap(p.done) + story_ap(state, p)} if state.options.cards == "full" else
              {"quests": len(p.done), "total": ap(p.done)} for p in state.players]
    if state.options.mode == "cooperative":
        total = sum(x["total"] for x in scores)
        words = BAND_WORDS[band(state)]
        return Result(scores, list(range(state.n)), "", verdict=f"Together {total} AP. {words}")
    best = max(x["total"] for x in scores)
    top = [i for i, x in enumerate(scores) if x["total"] == best]
    tiebreak = ""
    if len(top) > 1 and state.options.ties == "one_blow":
        most = max(state.players[i].best for i in top)
        top = [i for i in top if state.players[i].best == most]
        tiebreak = "tied on AP, most quests in one turn" if len(top) == 1 else "tied on AP and quests in one turn"
    return Result(scores, top, tiebreak)
