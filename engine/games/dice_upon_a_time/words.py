"""Dice Upon a Time's commands in plain words for a player (``explain``: a hint's words).

The words name dice by kind and face ("the Doubling die (a 5)"), fields and routes by
the map's names ("the Old Woman", "the Town–Old Woman route"), tokens, quests, Story
cards, Magic Items and Characters by their names, in the rulebook's words as HELP.md
gives them ("A turn", "The fields", "Quests", "The Forest Spirits", "Story cards",
"Magic Items", "Characters", "Trading"). What a command means may hang on the
question asked (a Draw at the Town, at the King, at setup or by Thumbling; a Discard
of tokens, a Magic Item, a die or a quest): the view's prompt or turn step says it.
They read only the seat's own ``view.View``: its own Magic Items, its own King's draw.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine.core.reactions import Pass
from engine.core.text import and_list

from . import commands as cmd
from .board import RESOURCES
from .notation import (CHARACTERS, DIE_NAME, FACE_NAME, MAGIC, STORIES, quest_label, seat_word, socket_name,
                       story_option, tokens_text)
from .state import faces_plain
from .common import CARDS, LOCATIONS, lowest_face, route_from
from .view import View

#: What each Character's ability does, in a few words (HELP.md, "Characters").
ABILITY_WORDS = {
    "move_free": "walk a route without a die", "convert_token": "change a token into another kind",
    "place_lower": "place a die one lower", "item_choice": "draw two Magic Items, keep one",
    "steed_tokens": "two tokens of one kind at a Steed", "discard_dice": "two unused dice for a token",
    "draw_quest": "draw a Quest card anywhere", "reroll_low": "roll a 1 or 2 again",
    "extra_die": "a die on a full stack",
}
#: A placement's help in words (``commands.Place.using``; HELP.md, "Magic Items" and
#: "Characters").
HELP_WORDS = {"i14": ", as a 6 (Crystal Ball)", "i16": " (Magic Beans)", "tailor": ", one lower (Tailor)",
              "musicians": " (Musicians of Bremen)"}
#: The helps that put a die on a full stack.
_ON_FULL = frozenset({"i16", "musicians"})
#: Fields whose names are the things found there: "the Gold Coin field".
_THING_FIELDS = frozenset({"Gold Coin", "Bread", "Apple", "Magic Items"})


def field(loc: str) -> str:
    """A field as a sentence names it: "the Old Woman", "Hell", "the Gold Coin field",
    "the north-east Steed" (HELP.md, "The fields"); "another field" for an unknown id."""
    if loc not in LOCATIONS:
        return "another field"
    name = LOCATIONS[loc].name
    if name.startswith("Steed (") and name.endswith(")"):
        return f"the {name[7:-1]} Steed"
    if name == "Hell":
        return name
    return f"the {name} field" if name in _THING_FIELDS else f"the {name}"


def item_name(item: str) -> str:
    """A Magic Item as a sentence names it: "the Golden Ball", "the Magic Mirror",
    "Starwort" (HELP.md, "Magic Items"); "a Magic Item" for a hidden or unknown one."""
    if item not in MAGIC:
        return "a Magic Item"
    name = MAGIC[item].name
    if name.startswith("The "):
        return "the " + name[4:]
    return name if name == "Starwort" else "the " + name


def _die(die: str, face=None) -> str:
    """"the plain die (a 5)", "the Ban die (Ban face)", "the Doubling die"."""
    name = f"the {DIE_NAME.get(die, 'die')}"
    if face is None:
        return name
    return f"{name} ({_face(face)})"


def _face(face) -> str:
    return f"a {face}" if isinstance(face, int) else f"{FACE_NAME.get(face, 'special')} face"


def _placed(die: str, face, plain: bool) -> str:
    """A die being placed, as the log says it: "the plain die (a 5)", "the Ban die (Ban
    face, a 6)" (a special face counts 6 when placed, "Placing"), "the Ban die (Ban
    face, a plain 6)" in a chapter whose Event makes the special faces plain 6s (The
    Spell Is Broken: the face does nothing more)."""
    if face is None or isinstance(face, int):
        return _die(die, face)
    return f"the {DIE_NAME.get(die, 'die')} ({_face(face)}, a {'plain ' if plain else ''}6)"


def _me(view: View) -> int:
    return view.me if view.me is not None else max(view.turn, 0)


def _pool_face(view: View, die: str):
    seat = _me(view)
    if not 0 <= seat < len(view.players):
        return None
    return view.players[seat].face(die)


def _draws(decks: tuple[int, ...]) -> str:
    """Quest cards drawn from the decks by AP value: "a Quest card from the 3 AP deck",
    "a Quest card from each of the 2, 3 and 4 AP decks", "3 Quest cards from the 2 AP
    deck", "3 Quest cards: two 2 AP and one 4 AP"."""
    counts = Counter(decks)
    if len(counts) == 1:
        d, k = next(iter(counts.items()))
        return f"a Quest card from the {d} AP deck" if k == 1 else f"{k} Quest cards from the {d} AP deck"
    if len(counts) == len(decks):
        return f"a Quest card from each of the {and_list([str(d) for d in sorted(counts)])} AP decks"
    words = {1: "one", 2: "two", 3: "three"}
    return f"{len(decks)} Quest cards: " + and_list([f"{words.get(k, k)} {d} AP" for d, k in sorted(counts.items())])


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else seat_word(seat, names)


def _card_words(cards: tuple[str, ...]) -> str:
    """What a trade names: the tokens counted, then quests, Story cards and Magic Items
    by name (a quest's AP is on the table: a line of two quests would not fit)."""
    words = [tokens_text([x for x in cards if x in RESOURCES])] if any(x in RESOURCES for x in cards) else []
    for x in cards:
        if x in RESOURCES:
            continue
        if x in CARDS.quests:
            words.append(CARDS.quests[x].name)
        elif x in STORIES:
            words.append(STORIES[x].name)
        else:
            words.append(item_name(x))
    return and_list(words) or "nothing"


def explain(command, view: View, names: Sequence[str]) -> str:
    """``command`` as one short sentence for the seat whose ``view`` this is: "Place the
    Doubling die (a 5) on the Town–Old Woman route.", "Move through the route to the Old
    Woman.", "Roll the plain die (a 1) again.", "Complete Up to the Clouds for 2 AP.",
    "Play the Golden Horse: ride to the Big Sea." (HELP.md, "A turn", "The fields",
    "Quests", "Story cards", "Magic Items", "Characters", "Trading"). ``names`` by seat.
    Raises ``TypeError`` for anything but a Dice Upon a Time command."""
    prompt = view.prompts[0] if view.prompts and view.prompts[0].seat == view.me else None
    kind = prompt.kind if prompt is not None else ""
    seat = _me(view)
    match command:
        case cmd.Place(die=die, socket=socket, using=using):
            where = socket_name(socket)
            if using in _ON_FULL and where.startswith("the "):
                where = "the full " + where[4:]
            help_words = HELP_WORDS.get(using, f", with {item_name(using)}") if using else ""
            return f"Place {_placed(die, _pool_face(view, die), faces_plain(view))} on {where}{help_words}."
        case cmd.Rabbit(route=route):
            return f"Use a Rabbit token to hop to {field(route_from(view, seat, route))}."
        case cmd.PassTurn():
            return "Pass: give up your turns for the rest of the chapter."
        case cmd.Move():
            return f"Move through the route to {field(route_from(view, seat, view.placed))}."
        case cmd.Skip():
            return _skip(view, seat)
        case cmd.Jump(to=to):
            return f"Jump to {field(to)}."
        case cmd.Take(token=token):
            if view.step == "fairy":
                k = 2 if view.doubling else 1
                return f"Take {tokens_text((token,) * k)} from the Fairy."
            return f"King Thrushbeard: take {tokens_text((token,) * 2)} at the Steed."
        case cmd.Draw(decks=decks):
            return _draw(view, kind, decks)
        case cmd.Keep(quest=quest):
            return f"Keep {quest_label(quest)}; the others go under their decks."
        case cmd.Complete(quest=quest):
            q = CARDS.quests.get(quest)
            return f"Complete {q.name} for {q.ap} AP." if q else "Complete a quest."
        case cmd.End():
            return "End your turn."
        case cmd.SetFaces(faces=faces):
            return "Set the dice from the Fox: " + and_list([f"{DIE_NAME.get(d, 'die')} to {_set_face(f)}"
                                                         for d, f in faces]) + "."
        case cmd.Reroll(dice=dice):
            return _reroll(view, kind, dice)
        case cmd.Gift(tokens=tokens):
            return f"Take {tokens_text(tokens)} from the supply." if tokens else "Take no token."
        case cmd.Feed(die=die):
            return f"Give the Wolf your {_die(die, _pool_face(view, die))[4:]}."
        case cmd.Character(character=c):
            card = CHARACTERS.get(c)
            if card is None:
                return f"Play the Character {c}."
            name = "the " + card.name[4:] if card.name.startswith("The ") else card.name
            if view.options.characters == "none":
                return f"Play {name}."
            return f"Play {name}: {ABILITY_WORDS.get(card.ability, 'an ability')}."
        case cmd.Pick(option=option):
            story = prompt.story if prompt is not None else ""
            return f"Bad Luck, choose: {story_option(story, option)}"
        case cmd.Discard():
            return _discard(view, kind, command)
        case cmd.Go(to=to):
            return f"Go to {field(to)}, as the Story card says."
        case cmd.KeepItem(item=item):
            drawn = list(view.players[seat].magic[-2:]) if 0 <= seat < len(view.players) else []
            if item in drawn:
                drawn.remove(item)
            other = f"; discard {item_name(drawn[0])}" if drawn else ""
            return f"Snow White: keep {item_name(item)}{other}."
        case cmd.Play():
            return _play(view, command, names)
        case cmd.Redeem(story=story, tokens=tokens):
            card = STORIES.get(story)
            if card is None:
                return f"Pay {tokens_text(tokens)} for a Story card."
            what = "lift the Curse" if card.type == "curse" else "meet the Mini Quest"
            return f"Pay {tokens_text(tokens)} to {what} {card.name}."
        case cmd.Walk(route=route):
            return f"Little Red Riding Hood: walk to {field(route_from(view, seat, route))} without a die."
        case cmd.Convert(token=token, to=to):
            return f"Puss in Boots: change {tokens_text((token,))} into {tokens_text((to,))}."
        case cmd.Rest(dice=dice, token=token):
            kinds = and_list([DIE_NAME.get(d, "die").removesuffix(" die") for d in dice])
            return f"Sleeping Beauty: give up the {kinds} dice for {tokens_text((token,))}."
        case cmd.Offer(to=to, give=give, get=get):
            who = _name(names, to)
            if give and get:
                return f"Offer {who} {_card_words(give)} for {_card_words(get)}."
            if give:
                return f"Offer {who} {_card_words(give)} as a gift."
            return f"Ask {who} for {_card_words(get)}."
        case cmd.Answer(yes=yes):
            return _answer(view, kind, yes, names)
        case Pass():
            if view.windows and view.windows[-1].trigger == "harm":
                return "Play no Magic Item: let the harm come."
            return "Play no Magic Item now."
    raise TypeError(f"not a Dice Upon a Time command: {command!r}")


def _set_face(face) -> str:
    return str(face) if isinstance(face, int) else FACE_NAME.get(face, "a special face")


def _skip(view: View, seat: int) -> str:
    """Skip: stay, do not jump, draw nothing (``legal``: the move, jump, town and king
    steps)."""
    at = view.players[seat].at if 0 <= seat < len(view.players) else ""
    return {
        "move": f"Stay on {field(at)}: do not move.",
        "jump": "Stay on this Steed: do not jump.",
        "town": "Draw no Quest card at the Town.",
        "king": "Draw no Quest cards at the King.",
    }.get(view.step, "Do nothing now.")


def _draw(view: View, kind: str, decks: tuple[int, ...]) -> str:
    """Drawing Quest cards ("Setup" 9, the Town, the King, a Story card, Thumbling)."""
    if kind == "draw2":
        return f"Draw {_draws(decks)} as your opening quests."
    if kind == "draw1":
        return f"Draw {_draws(decks)}."
    if view.step == "king":
        return f"At the King, draw {_draws(decks)}, then keep one."
    if view.step == "place":
        return f"Thumbling: draw {_draws(decks)}."
    return f"Draw {_draws(decks)}."


def _reroll(view: View, kind: str, dice: tuple[str, ...]) -> str:
    """Rolling dice again (an Event's "reroll", Rapunzel's ability)."""
    who = "Rapunzel: " if kind == "rapunzel" else ""
    if not dice:
        return f"{who}keep your roll as it is." if who else "Keep your roll as it is."
    rolled = and_list([_die(d, _pool_face(view, d)) for d in dice])
    return f"{who}roll {rolled} again." if who else f"Roll {rolled} again."


def _discard(view: View, kind: str, c: cmd.Discard) -> str:
    """Giving up what a card asks: tokens, a Magic Item, a die or a quest (down to 4)."""
    if c.item:
        return f"Discard {item_name(c.item)}."
    if c.die:
        return f"Discard your unused {_die(c.die, _pool_face(view, c.die))[4:]}."
    if c.quest:
        tail = ": you may hold 4 quests" if kind == "trim" else ""
        return f"Discard {quest_label(c.quest)}{tail}."
    return f"Give up {tokens_text(c.tokens)}." if c.tokens else "Give up nothing."


def _play(view: View, c: cmd.Play, names: Sequence[str]) -> str:
    """Playing a Magic Item (HELP.md, "Magic Items"; ``data/items.toml``): "Play the
    Golden Horse: ride to the Big Sea."."""
    card = MAGIC.get(c.item)
    if card is None:
        return "Play a Magic Item."
    return f"Play {item_name(c.item)}: {_item_does(view, c, card, names)}."


def _item_does(view: View, c: cmd.Play, card, names: Sequence[str]) -> str:
    """What playing Magic Item ``card`` as ``c`` does, after "Play the …: "."""
    mover = _name(names, view.windows[-1].mover) if view.windows else "another player"
    match card.effect:
        case "take_tokens":
            return f"take {tokens_text((c.token,) * card.amount)}"
        case "move_to_player":
            return f"ride to {field(c.to)}"
        case "move_anywhere":
            return f"wish yourself to {field(c.to)}"
        case "take_back_die":
            return f"take your die back from {socket_name(c.socket)}"
        case "reset_die":
            stack = view.board.get(c.socket, ())
            if not stack:
                return f"turn the die on {socket_name(c.socket)} to its lowest"
            top = stack[-1]
            whose = "your" if top.seat == view.me else f"{_name(names, top.seat)}'s"
            return f"turn {whose} {DIE_NAME.get(top.die, 'die')} there to {lowest_face(top.die)}"
        case "pass_curse":
            curse = STORIES[c.story].name if c.story in STORIES else "a Curse"
            return f"pass the Curse {curse} to {_name(names, c.target)}"
        case "set_low_die":
            return f"turn {_die(c.die, _pool_face(view, c.die))} to a {c.face}"
        case "more_tokens":
            mine = next((t for i, t in view.gain if i == view.me and t), ())
            return f"take {tokens_text((mine[0],) * card.amount)} more" if mine else f"take {card.amount} more"
        case "ward_off":
            return "ward off the harm"
        case "steal_items":
            return f"take the Magic Items {mover} draws"
        case "steal_quests":
            return f"take the Quest cards {mover} drew"
        case "steal_tokens":
            return "take the tokens just taken"
        case "reroll_unused":
            return "roll your unused dice again"
        case "reroll_snake":
            return "roll the Snake Die again"
        case "redraw_story":
            return "discard the Bad Luck card, draw another"
    return " ".join(card.text.split()).rstrip(".")


def _answer(view: View, kind: str, yes: bool, names: Sequence[str]) -> str:
    """Answering a trade offered ("Trading") or whether to draw the Magic Item card."""
    if kind == "draw_item":
        return "Draw the Magic Item card." if yes else "Do not draw the Magic Item card."
    offer = view.offer
    if offer is None:
        return "Accept the trade." if yes else "Refuse the trade."
    who = _name(names, offer.seat)
    if not yes:
        return f"Refuse {who}'s offer."
    if offer.give and offer.get:
        return f"Accept: get {_card_words(offer.give)}, give {_card_words(offer.get)}."
    if offer.give:
        return f"Accept {_card_words(offer.give)} from {who} as a gift."
    return f"Accept: give {who} {_card_words(offer.get)}."
