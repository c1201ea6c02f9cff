"""Dice Upon a Time's full game in the active player's hands: the Characters'
abilities, the Magic Items played in one's own turn, Curses and Mini Quests paid off,
and trades ("List of Character abilities and Notes", "List of the Magic Items with
Notes", "Story cards", the "Encounter" tip).

Each ``*_options`` lists the commands ``legal`` offers for one step; ``offer_problem``
checks a trade of any size (the legal list offers only one token for one). Works on the
``State`` and on a seat's ``view.View`` alike. Rulings are in ``RULES.md``, "The full
game".
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from msgspec.structs import replace

from . import commands as cmd
from .board import RESOURCES, face_value, load_board
from .effects import ITEMS, STORIES, ability, full
from .common import (
    CARDS, DIE_ORDER, LOCATIONS, QUEST_LIMIT, ROUTES, deck_choices, is_ban, lowest_face, may_draw, quest_met,
    quests_for, route_from, shared_stories, six_only, socket_table,
)

BOARD = load_board()
LOCATION_IDS = tuple(x.id for x in BOARD.location)
STEEDS = tuple(x.id for x in BOARD.location if x.kind == "steed")
#: The placement helps: the Crystal Ball, the Magic Beans (items), the Brave Little
#: Tailor and the Musicians of Bremen (abilities).
ITEM_HELPS = ("i14", "i16")
ABILITY_HELPS = {"tailor": "place_lower", "musicians": "extra_die"}


def helps(s, seat: int) -> list[str]:
    """The placement helps ``seat`` may use now (``commands.Place.using``)."""
    p = s.players[seat]
    out = [i for i in ITEM_HELPS if full(s) and i in p.magic]
    return out + [h for h, name in ABILITY_HELPS.items() if ability(s, seat, name)]


def help_problem(s, seat: int, using: str) -> str:
    """Why ``seat`` may not place ``using`` that help, or ""."""
    if not using:
        return ""
    if using not in helps(s, seat):
        return "You cannot use that help now."
    return ""


def help_placements(s, seat: int) -> list:
    """Placements possible only with a help, one command each (the help named): the
    ``place_problem`` rules with the help, socket by socket in one pass."""
    chosen = helps(s, seat)
    if not chosen:
        return []

    pool = [(die, face_value(face), is_ban(s, face)) for die, face in s.players[seat].pool]
    plain = {(die, k) for k, need, only_ban, _ in socket_table(s, seat) for die, value, ban in pool
             if value >= need and (ban or not only_ban)}
    out = []
    for using in chosen:
        table = socket_table(s, seat, 1 if using in ("i16", "musicians") else 0)
        for die, value, ban in pool:
            value = 6 if using == "i14" else value  # the Crystal Ball: the die counts as a 6
            for k, need, only_ban, ban_top in table:
                lower = 1 if using == "tailor" and not ban_top else 0
                if value >= need - lower and (ban or not only_ban) and (die, k) not in plain:
                    out.append(cmd.Place(die, k, using))
    return out


# --------------------------------------------------------------------------- own turn
def place_step_options(s, seat: int) -> list:
    """Abilities, Magic Items and trades ``seat`` may use before placing a die."""
    out = _ability_options(s, seat) + item_plays(s, seat)
    return out + offer_options(s, seat)


def _ability_options(s, seat: int) -> list:
    p = s.players[seat]
    out: list = []
    if ability(s, seat, "move_free"):
        for k in ROUTES:
            stack = s.board.get(k, ())
            to = route_from(s, seat, k)
            if to and not six_only(to) and not (stack and is_ban(s, stack[-1].face)):
                out.append(cmd.Walk(k))
    if ability(s, seat, "convert_token"):
        out += convert_options(s, seat)
    if ability(s, seat, "discard_dice") and len(p.pool) >= 2:
        dice = sorted({d for d, _ in p.pool}, key=DIE_ORDER.index)
        out += [cmd.Rest(c, t) for c in combinations(dice, 2) for t in RESOURCES]
    if ability(s, seat, "draw_quest") and may_draw(s, seat):
        out += [cmd.Draw(c) for c in deck_choices(s, 1)]
    return out


def convert_options(s, seat: int) -> list:
    """Puss in Boots' conversions: any held token into another kind."""
    p = s.players[seat]
    return [cmd.Convert(a, b) for a in RESOURCES if p.count(a) for b in RESOURCES if b != a]


def item_plays(s, seat: int) -> list:
    """The Magic Items ``seat`` may play in its turn before placing (``own_turn``)."""
    if not full(s):
        return []

    p = s.players[seat]
    out: list = []
    for item in dict.fromkeys(p.magic):
        card = ITEMS.get(item)
        if card is None or card.when != "own_turn":
            continue
        e = card.effect
        if e == "take_tokens":
            out += [cmd.Play(item, token=t) for t in RESOURCES]
        elif e == "reroll_unused" and any(d != "snake" for d, _ in p.pool):
            out.append(cmd.Play(item))
        elif e == "move_to_player":
            places = dict.fromkeys(q.at for i, q in enumerate(s.players) if i != seat and q.at != p.at)
            out += [cmd.Play(item, to=x) for x in places]
        elif e == "move_anywhere":
            out += [cmd.Play(item, to=x) for x in LOCATIONS if x != p.at]
        elif e == "take_back_die":
            out += [cmd.Play(item, socket=k) for k, st in s.board.items() if st and st[-1].seat == seat]
        elif e == "reset_die":
            out += [cmd.Play(item, socket=k) for k, st in s.board.items()
                    if st and st[-1].face != lowest_face(st[-1].die)]
        elif e == "pass_curse":
            curses = [x for x in p.stories if STORIES[x].type == "curse"]
            out += [cmd.Play(item, target=t, story=c) for c in curses for t in range(s.n) if t != seat]
    return out


# --------------------------------------------------------------------------- stories
def redeem_options(s, seat: int) -> list:
    """The Curses and Mini Quests ``seat`` may pay off now with tokens (a choice of
    tokens where the card asks any): its own, in the co-operative game anyone's
    (``common.shared_stories``)."""
    p = s.players[seat]
    out: list = []
    for _, story in shared_stories(s, seat):
        c = STORIES[story].condition
        if STORIES[story].type not in ("curse", "mini_quest") or c is None or c.kind != "tokens":
            continue
        if c.token != "any":
            if p.count(c.token) >= c.amount:
                out.append(cmd.Redeem(story, (c.token,) * c.amount))
            continue
        held = [t for t in RESOURCES if p.count(t)]
        for combo in combinations_with_replacement(held, c.amount):
            if all(combo.count(t) <= p.count(t) for t in held):
                out.append(cmd.Redeem(story, combo))
    return out


def steed_take(s, seat: int) -> list:
    """King Thrushbeard's two tokens of one kind, on arriving at a Steed."""
    if s.arrived in STEEDS and s.players[seat].at == s.arrived and ability(s, seat, "steed_tokens"):
        return [cmd.Take(t) for t in RESOURCES]
    return []


def finish_extras(s, seat: int) -> list:
    """What keeps the "complete quests" step open besides quests: Curses and Mini
    Quests to pay off, King Thrushbeard's tokens, a trade, and Puss in Boots'
    conversion when it would let a quest be completed."""
    out = redeem_options(s, seat) + steed_take(s, seat)
    if ability(s, seat, "convert_token"):
        p = s.players[seat]
        for c in convert_options(s, seat):
            q = replace(p, tokens=converted(p.tokens, c.token, c.to))
            if any(quest_met(q, x) for x in quests_for(s, seat)):
                out.append(c)
    return out


def converted(tokens: tuple[int, int, int], a: str, b: str) -> tuple[int, int, int]:
    """Token counts (coin, bread, apple) after one ``a`` became a ``b`` (Puss in Boots)."""
    counts = list(tokens)
    counts[RESOURCES.index(a)] -= 1
    counts[RESOURCES.index(b)] += 1
    return tuple(counts)


# --------------------------------------------------------------------------- trades
def partners(s, seat: int) -> list[int]:
    """The players ``seat`` may offer a trade now: on its field, not yet asked this
    turn (trading on)."""
    if s.options.trading != "on" or s.turn != seat:
        return []
    at = s.players[seat].at
    return [i for i, p in enumerate(s.players) if i != seat and p.at == at and i not in s.offered]


def offer_options(s, seat: int) -> list:
    """The trades the legal list offers: one token for one of another kind, and one
    active quest for one of the other's (competitive game); other trades are typed
    (``offer_problem`` checks them)."""
    out: list = []
    me = s.players[seat]
    for other in partners(s, seat):
        them = s.players[other]
        out += [cmd.Offer(other, (a,), (b,)) for a in RESOURCES if me.count(a) for b in RESOURCES
                if b != a and them.count(b)]
        if s.options.mode == "competitive":
            out += [cmd.Offer(other, (q,), (r,)) for q in me.quests for r in them.quests]
    return out


def _holds_all(p, cards: tuple[str, ...]) -> bool:
    tokens = list(p.tokens)
    quests, stories, magic = list(p.quests), list(p.stories), list(p.magic)
    for x in cards:
        if x in RESOURCES:
            i = RESOURCES.index(x)
            if tokens[i] <= 0:
                return False
            tokens[i] -= 1
            continue
        box = {"q": quests, "s": stories}.get(x[:1], magic)
        if x not in box:
            return False
        box.remove(x)
    return True


def offer_problem(s, seat: int, offer: cmd.Offer) -> str:
    """Why ``seat`` may not make ``offer`` now, in one sentence, or "" ("Encounter":
    "they can exchange resource tokens, active Quest cards (including Side Quests),
    Magic Item cards with each other by common assent")."""
    if s.options.trading != "on":
        return "Trading is off in this game."
    if not 0 <= offer.to < s.n or offer.to == seat:
        return "Offer a trade to another player."
    if s.players[offer.to].at != s.players[seat].at:
        return "You can trade only with a player on your field."
    if offer.to in s.offered:
        return "You have already made that player an offer this turn."
    if not offer.give and not offer.get:
        return "Name what you give or what you want."
    for x in (*offer.give, *offer.get):
        if x in RESOURCES or x in STORIES or x in ITEMS:
            continue

        if x in CARDS.quests and s.options.mode == "competitive":
            continue
        return f"{x!r} cannot be traded."
    for x in (*offer.give, *offer.get):
        if x in STORIES and STORIES[x].type != "side_quest":
            return "Only Side Quests of the Story cards can be traded."
    if not _holds_all(s.players[seat], offer.give):
        return "You do not hold everything you offer."
    if not _holds_all(s.players[offer.to], offer.get):
        return "That player does not hold everything you ask for."
    quests_in = [x for x in offer.get if x[:1] == "q"]
    quests_out = [x for x in offer.give if x[:1] == "q"]
    if len(s.players[seat].quests) - len(quests_out) + len(quests_in) > QUEST_LIMIT:
        return "You would hold more than 4 active quests."
    if len(s.players[offer.to].quests) - len(quests_in) + len(quests_out) > QUEST_LIMIT:
        return "That player would hold more than 4 active quests."
    return ""
