"""Dice Upon a Time's legal commands: exactly what ``rules.decide`` accepts now, and
the one-sentence reason it refuses anything else.

Works on the ``State`` and on a seat's ``view.View`` alike (the bots see only the
view): both have the fields read here.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

from . import commands as cmd
from .board import RESOURCES, face_value
from .effects import CHARACTERS, window_options
from .powers import finish_extras, help_placements, offer_options, place_step_options, steed_take
from .common import (
    CARDS, DIE_ORDER, FACES, ROUTES, STEEDS, completable, deck_choices, event_of, is_ban, open_sockets, place_problem,
    route_from, six_only,
)


def legal(state, seat: int) -> list:
    """Every command ``seat`` may give now, in a stable order (empty when it may not act)."""
    s = state
    if s.phase == "over":
        return []
    if s.prompts:
        prompt = s.prompts[0]
        return _prompt_options(s, seat, prompt) if prompt.seat == seat else []
    if s.windows:
        return window_options(s, seat) if s.windows[-1].waiting[0] == seat else []
    if s.turn != seat or not s.step:
        return []
    return _turn_options(s, seat)


def _prompt_options(s, seat: int, prompt) -> list:
    p = s.players[seat]
    kind = prompt.kind
    if kind == "draw2":
        return [cmd.Draw(c) for c in deck_choices(s, 2)]
    if kind in _FULL_PROMPTS:
        return _FULL_PROMPTS[kind](s, p, prompt)
    if kind == "fox":
        fox = sorted(p.fox, key=DIE_ORDER.index)
        choices = [sorted(set(FACES[d]), key=_face_key) for d in fox]
        return [cmd.SetFaces(tuple(zip(fox, combo))) for combo in product(*choices)]
    if kind == "reroll":
        e = event_of(s)
        dice = sorted((d for d, _ in p.pool if d != "snake"), key=DIE_ORDER.index)
        out = [cmd.Reroll(())]
        for k in range(1, (e.amount if e else 0) + 1):
            out += [cmd.Reroll(c) for c in combinations(dice, k)]
        return out
    if kind == "gift":
        e = event_of(s)
        return [cmd.Gift(c) for c in combinations_with_replacement(RESOURCES, e.amount if e else 0)]
    if kind == "feed":
        return [cmd.Feed(d) for d, _ in p.pool]
    return []


def _characters(s, p, prompt) -> list:
    taken = {q.character for q in s.players}
    return [cmd.Character(c) for c in CHARACTERS if c not in taken]


def _tokens_lost(s, p, prompt) -> list:
    held = [t for t in RESOURCES if p.count(t)]
    return [cmd.Discard(tokens=c) for c in combinations_with_replacement(held, prompt.amount)
            if all(c.count(t) <= p.count(t) for t in held)]


def _rapunzel(s, p, prompt) -> list:
    low = sorted((d for d, f in p.pool if d != "snake" and f in (1, 2)), key=DIE_ORDER.index)
    return [cmd.Reroll(())] + [cmd.Reroll((d,)) for d in low]


_FULL_PROMPTS = {
    "character": _characters,
    "bad_luck": lambda s, p, prompt: [cmd.Pick(0), cmd.Pick(1)],
    "gain": lambda s, p, prompt: [cmd.Gift(c) for c in combinations_with_replacement(RESOURCES, prompt.amount)],
    "lose": _tokens_lost,
    "lose_item": lambda s, p, prompt: [cmd.Discard(item=i) for i in dict.fromkeys(p.magic)],
    "lose_die": lambda s, p, prompt: [cmd.Discard(die=d) for d in dict.fromkeys(d for d, _ in p.pool)],
    "go": lambda s, p, prompt: [cmd.Go(x) for x in prompt.places],
    "draw1": lambda s, p, prompt: [cmd.Draw(c) for c in deck_choices(s, 1)],
    "keep_item": lambda s, p, prompt: [cmd.KeepItem(i) for i in dict.fromkeys(p.magic[-2:])],
    "rapunzel": _rapunzel,
    "trim": lambda s, p, prompt: [cmd.Discard(quest=q) for q in p.quests],
    "draw_item": lambda s, p, prompt: [cmd.Answer(True), cmd.Answer(False)],
    "trade": lambda s, p, prompt: [cmd.Answer(True), cmd.Answer(False)],
}


def _face_key(face) -> tuple[int, str]:
    return (face_value(face), "" if isinstance(face, int) else face)


def _turn_options(s, seat: int) -> list:
    p = s.players[seat]
    step = s.step
    if step == "place":
        out: list = []
        sockets = open_sockets(s, seat)
        for die, face in p.pool:
            value, ban = face_value(face), is_ban(s, face)
            out += [cmd.Place(die, k) for k, need, only_ban in sockets if value >= need and (ban or not only_ban)]
        out += help_placements(s, seat)
        if p.rabbits:
            out += [cmd.Rabbit(k) for k in ROUTES if route_from(s, seat, k) and not six_only(route_from(s, seat, k))]
        out += place_step_options(s, seat)
        out.append(cmd.PassTurn())
        return out
    if step == "move":
        return [cmd.Move(), cmd.Skip()]
    if step == "jump":
        return [cmd.Jump(x) for x in STEEDS if x != p.at] + steed_take(s, seat) + [cmd.Skip()]
    if step == "fairy":
        return [cmd.Take(t) for t in RESOURCES]
    if step == "town":
        return [cmd.Draw(c) for c in deck_choices(s, 1)] + [cmd.Skip()]
    if step == "king":
        return [cmd.Draw(c) for c in deck_choices(s, 3)] + [cmd.Skip()]
    if step == "keep":
        return [cmd.Keep(q) for q in s.king]
    if step == "complete":
        return [cmd.Complete(q) for q in completable(s, seat)] + finish_extras(s, seat) + offer_options(
            s, seat) + [cmd.End()]
    return []


def refusal(s, seat: int, command) -> str:
    """Why ``command`` is refused now, in one sentence (call it once ``legal`` refused)."""
    step = s.step if not s.prompts else s.prompts[0].kind
    if s.windows and not s.prompts:
        return "Play a Magic Item this moment allows, or pass."
    if isinstance(command, cmd.Place) and step == "place":
        return place_problem(s, seat, command.die, command.socket) or "You cannot place that die there now."
    if isinstance(command, cmd.Rabbit) and step == "place":
        if not s.players[seat].rabbits:
            return "You have no Rabbit token."
        if six_only(route_from(s, seat, command.route)):
            return SIX_ONLY
        return "A Rabbit token moves you along a route from your field."
    if isinstance(command, cmd.Walk) and step == "place" and six_only(route_from(s, seat, command.route)):
        return SIX_ONLY
    if isinstance(command, cmd.Complete) and step == "complete":
        if command.quest not in CARDS.quests:
            return f"There is no quest {command.quest!r}."
        return f"You cannot complete {CARDS.quests[command.quest].name} here and now."
    if isinstance(command, cmd.Draw):
        return "You cannot draw those Quest cards now."
    if isinstance(command, cmd.Jump) and step == "jump":
        return "Jump to another Steed field."
    return _WHAT.get(step, "That is not a choice now.")


#: Why a Rabbit token or Little Red Riding Hood's walk may not go to the King or the
#: Fairy ("Fairy", Note).
SIX_ONLY = "Only a value 6 die opens the way to the King or the Fairy."

_WHAT = {
    "draw2": "Choose the decks of your two opening Quest cards.",
    "fox": "Set the dice from the Fox to the faces you want.",
    "reroll": "Choose which dice to roll again, or none.",
    "gift": "Choose the tokens the Event gives you.",
    "feed": "The Wolf: put one of your unused dice on it.",
    "place": "Place a die, use a Rabbit token, or pass.",
    "move": "Move through the route, or stay.",
    "jump": "Jump to another Steed field, or stay.",
    "fairy": "Take a Gold Coin, a Loaf of Bread or an Apple.",
    "town": "Draw a Quest card, or do not.",
    "king": "Draw three Quest cards, or do not.",
    "keep": "Keep one of the three Quest cards drawn.",
    "complete": "Complete a quest, or end your turn.",
    "character": "Choose a Character nobody has taken.",
    "bad_luck": "Choose one of the Bad Luck card's two effects.",
    "gain": "Choose the tokens the card gives you.",
    "lose": "Choose the tokens to give up.",
    "lose_item": "Choose a Magic Item card to discard.",
    "lose_die": "Choose one of your unused dice to discard.",
    "go": "Choose where the card sends you.",
    "draw1": "Choose the deck of your Quest card.",
    "keep_item": "Keep one of the two Magic Items drawn.",
    "rapunzel": "Roll one die showing 1 or 2 again, or keep all.",
    "trim": "Discard one of your quests: you may hold 4.",
    "draw_item": "Draw the Magic Item card, or do not.",
    "trade": "Accept or refuse the trade offered.",
}
