"""Dice Upon a Time in words for the table: quests, dice, tokens and the choices a
command list offers, short enough for a side panel at 80×24."""

from __future__ import annotations

from typing import Any, Sequence

from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.board import RESOURCES, load_board
from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.games.dice_upon_a_time.notation import DIE_LETTER, TOKEN_NAME, face_text, socket_name
from engine.games.dice_upon_a_time.rules import ROUTES

BOARD = load_board()
LOCS = BOARD.locations
CARDS = load_cards()
ITEM_SHORT = {"crossbow": "Crossbow", "old_sword": "Old Sword", "golden_hairs": "Golden Hairs",
              "magic_pipe": "Magic Pipe"}
TOKEN_LETTER = {"coin": "c", "bread": "b", "apple": "a"}


def tokens_short(counts: dict[str, int] | Sequence[int]) -> str:
    """Token counts as "2c 0b 1a" (coin, bread, apple)."""
    values = [counts.get(t, 0) for t in RESOURCES] if isinstance(counts, dict) else list(counts)
    return " ".join(f"{k}{TOKEN_LETTER[t]}" for t, k in zip(RESOURCES, values))


def quest_short(quest: str, wide: bool = False) -> str:
    """A quest's requirement in a few words: "visit CL", "2a → CH", "give 2b",
    "Old Sword SO → MO" (with ``wide``, names instead of codes)."""
    q = CARDS.quests[quest]
    where = (lambda loc: LOCS[loc].name) if wide else (lambda loc: LOCS[loc].code)
    need = " ".join(f"{k}{TOKEN_LETTER[t]}" for t, k in q.tokens.items())
    if q.kind == "visit":
        return f"visit {where(q.location)}"
    if q.kind == "deliver":
        return f"{need} → {where(q.location)}"
    if q.kind == "discard":
        return f"give {need}"
    return f"{ITEM_SHORT.get(q.item, q.item)} {where(q.pickup)} → {where(q.location)}"


def die_label(die: str, face) -> str:
    """A die in the pool: letter and face ("D6", "BB" for the Ban die showing Ban)."""
    return DIE_LETTER[die] + face_text(face)


def command_label(c: Any, view: Any, names: Sequence[str]) -> str:
    """A command as one choice of a list reads."""
    step = view.prompts[0].kind if view.prompts else view.step
    me = view.players[view.me] if view.me is not None else None
    match c:
        case cmd.Draw(decks):
            return " + ".join(f"{v} AP" for v in decks)
        case cmd.Keep(q):
            return f"{CARDS.quests[q].ap} AP {quest_short(q)}"
        case cmd.Jump(to):
            return LOCS[to].name
        case cmd.Take(t):
            return TOKEN_NAME[t][0]
        case cmd.Skip():
            return {"town": "no card", "king": "no cards", "jump": "stay"}.get(step, "stay")
        case cmd.Move():
            there = ""
            if me is not None and view.placed:
                r = ROUTES.get(view.placed)
                if r is not None and me.at in (r.a, r.b):
                    there = " to " + LOCS[r.other(me.at)].name
            return "move" + there
        case cmd.Complete(q):
            return f"{CARDS.quests[q].ap} AP {quest_short(q)}"
        case cmd.End():
            return "end turn"
        case cmd.SetFaces(faces):
            return " ".join(f"{DIE_LETTER[d]}={face_text(f)}" for d, f in faces)
        case cmd.Reroll(dice):
            return "roll " + " ".join(DIE_LETTER[d] for d in dice) if dice else "keep all"
        case cmd.Gift(tokens):
            return " + ".join(TOKEN_NAME[t][0] for t in tokens)
        case cmd.Feed(die):
            face = me.face(die) if me is not None else None
            return die_label(die, face) if face is not None else DIE_LETTER[die]
        case cmd.Rabbit(route):
            return socket_name(route)
        case cmd.Place(die, socket):
            return f"{DIE_LETTER[die]} on {socket_name(socket)}"
        case cmd.PassTurn():
            return "pass"
    return str(c)


#: What each prompt or step asks, in a sentence.
QUESTION = {
    "draw2": "Draw your two opening Quest cards: choose their decks.",
    "fox": "Your dice from the Fox: set them to any faces.",
    "reroll": "This chapter's Event: roll a die again, or keep all.",
    "gift": "This chapter's Event: take a token of your choice.",
    "feed": "The Wolf gobbles up a die: give one of your unused dice.",
    "move": "Move through the route you activated, or stay.",
    "jump": "A Steed: jump to another Steed field, or stay.",
    "fairy": "The Fairy: take a token of your choice.",
    "town": "The Town: draw a Quest card from a deck of your choice?",
    "king": "The King: draw three Quest cards from any decks, then keep one.",
    "keep": "The King: keep one of these Quest cards.",
    "complete": "Complete a quest, or end your turn.",
}
#: What a seat is waiting for, for the phase line.
WAITS = {"draw2": "to draw opening quests", "fox": "to set Fox dice", "reroll": "to re-roll",
         "gift": "to take a token", "feed": "to feed the Wolf"}
