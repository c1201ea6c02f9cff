"""The heuristic bot's worths for the full game's choices: Characters, Story cards,
Magic Items, abilities and trades (``bot.HeuristicBot.score`` asks ``worth`` first).

Plain rules of thumb, from the seat's view only: take what the seat's quests want, give
up what they do not; ward off every harm; steal from the others only in the
competitive game; use a Magic Item or an ability where it brings more than it costs
(an item is worth about a token kept for later); accept a trade that brings wanted
tokens for unwanted ones.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.core.reactions import Pass

from . import commands as cmd
from .board import RESOURCES, face_value
from .cards import load as load_cards
from .effects import ITEMS, STORIES
from .powers import converted
from .common import completable, quest_met, quests_for, route_from

CARDS = load_cards()
#: The Characters by how much the heuristic likes them (first best).
FAVOURITES = ("puss", "redcap", "thrushbeard", "snowwhite", "tailor", "musicians", "rapunzel", "beauty",
              "thumbling")
#: What a Magic Item in hand is worth to keep (Snow White keeps the better one).
ITEM_WORTH = {"i01": 2.0, "i04": 1.6, "i09": 1.4, "i03": 1.2, "i17": 1.5, "i15": 1.5, "i07": 1.0, "i11": 1.0,
              "i05": 1.0, "i14": 1.2, "i16": 0.9, "i02": 1.0, "i18": 0.8, "i06": 0.7, "i10": 0.5, "i12": 0.5,
              "i13": 0.8, "i08": 0.4}
#: What one use of an item or an ability costs in a choice.
ITEM_COST = 1.0
ABILITY_COST = 0.3


def _want(bot: Any, token: str) -> float:
    return 1.0 if bot.wants(token) > 0 else 0.2


def _loss(bot: Any, view: Any, act: Any) -> float:
    """What a Bad Luck effect costs the seat."""
    competitive = view.options.mode == "competitive"
    match act.do:
        case "lose":
            if act.token == "any":
                return 0.3 * act.amount
            return _want(bot, act.token) * act.amount
        case "lose_item":
            return 0.9
        case "lose_die":
            return 1.2
        case "go":
            here = bot.player.at
            return 0.6 + max(0.0, bot.pull(view, here) - min(bot.pull(view, x) for x in act.places))
        case "others_gain":
            return 0.4 * act.amount if competitive else -0.4 * act.amount
    return 0.5


def worth(bot: Any, view: Any, seat: int, c: Any) -> float | None:
    """The worth of full-game command ``c`` (None: not one of them)."""
    p = bot.player
    competitive = view.options.mode == "competitive"
    match c:
        case Pass():
            return 0.0
        case cmd.Character(character):
            order = list(FAVOURITES)
            if not competitive:
                order.remove("thumbling")
                order.append("thumbling")
            return 10.0 - order.index(character)
        case cmd.Pick(option):
            story = view.prompts[0].story
            return -_loss(bot, view, STORIES[story].options[option])
        case cmd.Discard(tokens, item, die, quest):
            if tokens:
                return -sum(_want(bot, t) for t in tokens)
            if item:
                return -ITEM_WORTH.get(item, 1.0)
            if die:
                return -face_value(p.face(die) or 1)
            if quest:  # down to 4 quests: the one furthest from done for its AP goes
                return -CARDS.quests[quest].ap / (1 + bot.steps(p, quest))
            return 0.0
        case cmd.Go(to):
            return bot.pull(view, to)
        case cmd.KeepItem(item):
            return ITEM_WORTH.get(item, 1.0)
        case cmd.Redeem(story, tokens):
            card = STORIES[story]
            gain = 2.5 if card.type == "curse" else 1.2
            return gain - sum(_want(bot, t) for t in tokens)
        case cmd.Walk(route):
            to = route_from(view, seat, route)
            return bot.arrival(view, to) + bot.pull(view, to) - bot.pull(view, p.at) - ABILITY_COST
        case cmd.Convert(token, to):
            after = replace(p, tokens=converted(p.tokens, token, to))
            now = len(completable(view, seat)) if view.step == "complete" else 0
            met = sum(1 for q in quests_for(view, seat) if quest_met(after, q))
            return 1.5 if met > now and view.step == "complete" else -1.0
        case cmd.Rest():
            return -1.5
        case cmd.Offer():
            return -1.0
        case cmd.Answer(yes) if view.prompts and view.prompts[0].kind == "draw_item":
            return 1.0 if yes else 0.0  # a Magic Item is never bad to hold
        case cmd.Answer(yes):
            if not yes or view.offer is None:
                return 0.0
            o = view.offer
            gained = sum(_want(bot, x) if x in RESOURCES else 0.8 for x in o.give)
            given = sum(_want(bot, x) if x in RESOURCES else 1.0 for x in o.get)
            return gained - given - 0.1
        case cmd.Play():
            return _play(bot, view, seat, c, competitive)
    return None


def _play(bot: Any, view: Any, seat: int, c: cmd.Play, competitive: bool) -> float:
    card = ITEMS[c.item]
    p = bot.player
    e = card.effect
    if e == "ward_off":
        return 1.0
    if e == "more_tokens":
        return 0.6
    if e == "redraw_story":
        return 0.8
    if e in ("steal_tokens", "steal_items", "steal_quests"):
        if not competitive:
            return -2.0
        if e == "steal_tokens":
            return 0.6 * sum(len(t) for i, t in view.gain if i != seat) - 0.5
        if e == "steal_quests":
            return 0.5 if len(p.quests) < 4 else -1.0
        return 0.3
    if e == "reroll_snake":
        return -0.5
    if e == "set_low_die":
        return (c.face - face_value(p.face(c.die) or 1)) / 4 - 0.3
    if e == "take_tokens":
        return 3 * _want(bot, c.token) - ITEM_COST - 0.5
    if e == "reroll_unused":
        low = sum(1 for _, f in p.pool if face_value(f) <= 2)
        return 0.5 * low - ITEM_COST
    if e in ("move_to_player", "move_anywhere"):
        return bot.arrival(view, c.to) + bot.pull(view, c.to) - bot.pull(view, p.at) - 1.5 * ITEM_COST
    if e == "pass_curse":
        return 1.5 if competitive else -1.0
    return -ITEM_COST


def place_cost(c: cmd.Place) -> float:
    """What a placement's help costs: an item more than an ability."""
    if not c.using:
        return 0.0
    return ITEM_COST if c.using in ITEMS else ABILITY_COST


def field_worth(kind: str) -> float:
    """What arriving on a Supporting character (a Story card) or the Magic Items field
    brings in the full game."""
    return {"supporting": 0.1, "magic_items": 0.9}.get(kind, 0.0)
