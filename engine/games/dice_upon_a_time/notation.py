"""Dice Upon a Time's notation (``parse`` / ``notation``, a tested pair) and its log
lines (``describe``).

- Dice by letter: ``M`` Magic Item die, ``S`` Story die, ``B`` Ban die, ``D`` Doubling
  die, ``P`` plain die, ``N`` the Snake Die. Faces: 1–6, or ``M``, ``S``, ``B``, ``D``
  for the special faces.
- Fields by their two-letter codes (``data/board.toml``: ``TO`` Town, ``OW`` Old Woman,
  …); a route by its two ends, ``TO-OW`` (either order); the Forest Spirit sockets
  ``rabbit``, ``wolf``, ``snake``, ``fox1``, ``fox2``.
- ``D TO-OW`` place the Doubling die on the Town–Old Woman route; ``rabbit TO-OW``;
  ``pass``; ``move``; ``stay``; ``jump NE``; ``take apple``; ``draw 2 3``; ``keep q12``;
  ``complete q12``; ``end``; ``set D=M P=6``; ``reroll D`` (``reroll none``);
  ``gift apple``; ``feed P``. Several dice (``set``, ``reroll``) may be typed in any
  order: they are read in the order M S B D P N, as the legal commands list them.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand

from . import commands as cmd
from . import events as ev
from .board import RESOURCES, load_board
from .cards import load as load_cards
from .rules import DIE_ORDER

_BOARD = load_board()
_CARDS = load_cards()
#: Die id → its letter, and back.
DIE_LETTER = {"magic_item": "M", "story": "S", "ban": "B", "doubling": "D", "plain": "P", "snake": "N"}
_LETTER_DIE = {v: k for k, v in DIE_LETTER.items()}
#: Special face → its letter (the faces share their dice's letters).
FACE_LETTER = {"magic_item": "M", "story": "S", "ban": "B", "doubling": "D"}
_LETTER_FACE = {v: k for k, v in FACE_LETTER.items()}
#: Field id → code, and back.
CODE = {x.id: x.code for x in _BOARD.location}
_FIELD = {v: k for k, v in CODE.items()}
_ROUTES = {frozenset((r.a, r.b)): f"{r.a}-{r.b}" for r in _BOARD.route}
SPIRIT_SOCKETS = ("rabbit", "wolf", "snake", "fox1", "fox2")
#: Plain names of the dice, faces, tokens and quest tokens, for log lines.
DIE_NAME = {"magic_item": "Magic Item die", "story": "Story die", "ban": "Ban die", "doubling": "Doubling die",
            "plain": "plain die", "snake": "Snake Die"}
FACE_NAME = {"magic_item": "Magic Item", "story": "Story", "ban": "Ban", "doubling": "Doubling"}
TOKEN_NAME = {"coin": ("Gold Coin", "Gold Coins"), "bread": ("Loaf of Bread", "Loaves of Bread"),
              "apple": ("Apple", "Apples")}
ITEM_NAME = {t.id: t.name for t in _BOARD.quest_token}


def die_letter(die: str) -> str:
    """The letter of die id ``die``."""
    return DIE_LETTER[die]


def face_text(face) -> str:
    """A face in notation: the number, or the special face's letter."""
    return str(face) if isinstance(face, int) else FACE_LETTER[face]


def socket_text(socket: str) -> str:
    """A socket id in notation: ``TO-OW`` for a route, the spirit's word otherwise."""
    if socket in SPIRIT_SOCKETS:
        return socket
    a, b = socket.split("-")
    return f"{CODE[a]}-{CODE[b]}"


def socket_name(socket: str) -> str:
    """A socket in plain words: "the Town–Old Woman route", "the Wolf"."""
    if socket in SPIRIT_SOCKETS:
        return "the " + {"fox1": "Fox", "fox2": "Fox"}.get(socket, socket.title())
    a, b = socket.split("-")
    locs = _BOARD.locations
    return f"the {locs[a].name}–{locs[b].name} route"


def _die(word: str) -> str:
    die = _LETTER_DIE.get(word.upper())
    if die is None:
        raise IllegalCommand(f"{word!r} is not a die: use M, S, B, D, P or N.")
    return die


def _face(word: str):
    if word.isdigit() and 1 <= int(word) <= 6:
        return int(word)
    face = _LETTER_FACE.get(word.upper())
    if face is None:
        raise IllegalCommand(f"{word!r} is not a face: use 1–6, M, S, B or D.")
    return face


def _field(word: str) -> str:
    field = _FIELD.get(word.upper())
    if field is None:
        raise IllegalCommand(f"{word!r} is not a field: use a two-letter code such as TO or OW.")
    return field


def _socket(word: str) -> str:
    if word.lower() in SPIRIT_SOCKETS:
        return word.lower()
    if word.lower() == "fox":
        return "fox1"
    ends = word.split("-")
    if len(ends) != 2:
        raise IllegalCommand(f"{word!r} is not a socket: name a route as TO-OW, or rabbit, wolf, snake, fox1, fox2.")
    key = frozenset(_field(x) for x in ends)
    if key not in _ROUTES:
        raise IllegalCommand(f"No route joins {ends[0].upper()} and {ends[1].upper()}.")
    return _ROUTES[key]


def _token(word: str) -> str:
    t = word.lower()
    if t not in RESOURCES:
        raise IllegalCommand(f"{word!r} is not a token: use coin, bread or apple.")
    return t


def _quest(word: str) -> str:
    q = word.lower()
    if q not in _CARDS.quests:
        raise IllegalCommand(f"{word!r} is not a quest: quests are q01 to q40.")
    return q


def parse(text: str, names: Sequence[str]) -> object:
    """A command from its notation; raises ``IllegalCommand`` naming what is wrong."""
    words = text.split()
    if not words:
        raise IllegalCommand("Type a move, such as D TO-OW, move, stay or pass.")
    head, rest = words[0].lower(), words[1:]
    simple = {"pass": cmd.PassTurn, "move": cmd.Move, "stay": cmd.Skip, "end": cmd.End}
    if head in simple:
        if rest:
            raise IllegalCommand(f"{head} takes nothing after it.")
        return simple[head]()
    one = {"rabbit": lambda w: cmd.Rabbit(_socket(w)), "jump": lambda w: cmd.Jump(_field(w)),
           "take": lambda w: cmd.Take(_token(w)), "keep": lambda w: cmd.Keep(_quest(w)),
           "complete": lambda w: cmd.Complete(_quest(w)), "feed": lambda w: cmd.Feed(_die(w))}
    if head in one:
        if len(rest) != 1:
            raise IllegalCommand(f"{head} takes one word after it.")
        return one[head](rest[0])
    if head == "draw":
        if not rest or not all(w in ("2", "3", "4") for w in rest):
            raise IllegalCommand("draw takes the decks by AP, such as draw 2 3.")
        return cmd.Draw(tuple(sorted(int(w) for w in rest)))
    if head == "set":
        pairs = []
        for w in rest:
            if "=" not in w:
                raise IllegalCommand("set takes die=face pairs, such as set D=M P=6.")
            d, f = w.split("=", 1)
            pairs.append((_die(d), _face(f)))
        if not pairs:
            raise IllegalCommand("set takes die=face pairs, such as set D=M P=6.")
        return cmd.SetFaces(tuple(sorted(pairs, key=lambda pair: DIE_ORDER.index(pair[0]))))
    if head == "reroll":
        if rest == ["none"]:
            return cmd.Reroll(())
        if not rest:
            raise IllegalCommand("reroll takes dice letters, or none.")
        return cmd.Reroll(tuple(sorted((_die(w) for w in rest), key=DIE_ORDER.index)))
    if head == "gift":
        if not rest:
            raise IllegalCommand("gift takes tokens, such as gift apple.")
        return cmd.Gift(tuple(sorted((_token(w) for w in rest), key=RESOURCES.index)))
    if len(words) == 2 and words[0].upper() in _LETTER_DIE:
        return cmd.Place(_die(words[0]), _socket(words[1]))
    raise IllegalCommand(f"{words[0]!r} is not a move: try D TO-OW, rabbit TO-OW, move, stay, pass or end.")


def notation(command, names: Sequence[str]) -> str:
    """``command`` in notation (``parse`` reads it back to the same command)."""
    c = command
    if isinstance(c, cmd.Place):
        return f"{DIE_LETTER[c.die]} {socket_text(c.socket)}"
    if isinstance(c, cmd.Rabbit):
        return f"rabbit {socket_text(c.route)}"
    if isinstance(c, cmd.PassTurn):
        return "pass"
    if isinstance(c, cmd.Move):
        return "move"
    if isinstance(c, cmd.Skip):
        return "stay"
    if isinstance(c, cmd.End):
        return "end"
    if isinstance(c, cmd.Jump):
        return f"jump {CODE[c.to]}"
    if isinstance(c, cmd.Take):
        return f"take {c.token}"
    if isinstance(c, cmd.Keep):
        return f"keep {c.quest}"
    if isinstance(c, cmd.Complete):
        return f"complete {c.quest}"
    if isinstance(c, cmd.Feed):
        return f"feed {DIE_LETTER[c.die]}"
    if isinstance(c, cmd.Draw):
        return "draw " + " ".join(str(v) for v in c.decks)
    if isinstance(c, cmd.SetFaces):
        return "set " + " ".join(f"{DIE_LETTER[d]}={face_text(f)}" for d, f in c.faces)
    if isinstance(c, cmd.Reroll):
        return "reroll " + (" ".join(DIE_LETTER[d] for d in c.dice) or "none")
    if isinstance(c, cmd.Gift):
        return "gift " + " ".join(c.tokens)
    raise ValueError(f"not a Dice Upon a Time command: {c!r}")


def tokens_text(tokens) -> str:
    """Tokens in plain words: "2 Apples and a Gold Coin"."""
    parts = []
    for t in RESOURCES:
        k = sum(1 for x in tokens if x == t)
        if k:
            one, many = TOKEN_NAME[t]
            parts.append(f"a {one}" if k == 1 else f"{k} {many}")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def quest_label(quest: str) -> str:
    """A quest for a log line: "Up to the Clouds (2 AP)"; a hidden card "a Quest card"."""
    if quest == ev.HIDDEN:
        return "a Quest card"
    q = _CARDS.quests[quest]
    return f"{q.name} ({q.ap} AP)"


def _dice_text(dice) -> str:
    return " ".join(f"{DIE_LETTER[d]}{face_text(f)}" for d, f in dice)


def describe(event, names: Sequence[str]) -> str:
    """``event`` as a log line in plain words ("" for bookkeeping events)."""
    e = event
    who = names[e.seat] if hasattr(e, "seat") and isinstance(e.seat, int) and 0 <= e.seat < len(names) else ""
    locs = _BOARD.locations
    if isinstance(e, ev.Shuffled):
        return "The Quest decks are shuffled." if any(e.decks.values()) else ""
    if isinstance(e, ev.QuestsLaidOut):
        return f"All {len(e.quests)} Quest cards lie face up for everyone."
    if isinstance(e, ev.EventsLaid):
        return f"{len(e.events)} Event cards are laid " + ("face up." if e.face_up else "face down.")
    if isinstance(e, ev.Started):
        return f"{who} is the starting player."
    if isinstance(e, ev.QuestsDrawn):
        return f"{who} draws " + ", ".join(quest_label(q) for q in e.quests) + "."
    if isinstance(e, ev.KingDrew):
        if e.quests and e.quests[0] == ev.HIDDEN:
            return f"At the King {who} draws three Quest cards (decks {' '.join(map(str, e.decks))})."
        return f"At the King {who} draws " + ", ".join(quest_label(q) for q in e.quests) + "."
    if isinstance(e, ev.KingKept):
        return f"{who} keeps {quest_label(e.quest)}; the others go under their decks."
    if isinstance(e, ev.ChapterBegan):
        return f"Chapter {e.chapter} begins; {names[e.start]} starts."
    if isinstance(e, ev.Rolled):
        return f"{who} rolls {_dice_text(e.dice)}." if e.dice else ""
    if isinstance(e, ev.SnakeRolled):
        if isinstance(e.face, int):
            return f"{who} rolls the Snake Die: a {e.face}, an extra die this chapter."
        if e.face == "lost":
            return f"{who} rolls the Snake Die: lost, it slips back to the Snake."
        return f"{who} rolls the Snake Die: a {TOKEN_NAME[e.face][0]}."
    if isinstance(e, ev.FacesSet):
        return f"{who} sets the dice from the Fox: {_dice_text(e.dice)}."
    if isinstance(e, ev.EventRevealed):
        card = _CARDS.events[e.event]
        return f"Event: {card.name}. {card.text}"
    if isinstance(e, ev.Placed):
        face = e.face if isinstance(e.face, int) else FACE_NAME[e.face]
        return f"{who} places the {DIE_NAME[e.die]} ({face}) on {socket_name(e.socket)}."
    if isinstance(e, ev.RabbitUsed):
        return f"{who} uses a Rabbit token on {socket_name(e.route)}."
    if isinstance(e, ev.WolfFed):
        return f"The Wolf gobbles up {who}'s {DIE_NAME[e.die]}."
    if isinstance(e, ev.Moved):
        how = {"steed": "rides a Steed to", "rabbit": "hops to"}.get(e.by, "moves to")
        return f"{who} {how} {locs[e.to].name}."
    if isinstance(e, ev.Gained):
        return f"{who} takes {tokens_text(e.tokens)}."
    if isinstance(e, ev.ItemTaken):
        return f"{who} picks up {ITEM_NAME[e.item]}."
    if isinstance(e, ev.Completed):
        return f"{who} completes {quest_label(e.quest)}."
    if isinstance(e, ev.GaveUp):
        return f"{who} passes for the rest of the chapter."
    if isinstance(e, ev.ChapterEnded):
        parts = [f"Chapter {e.chapter} ends."]
        if e.rabbit >= 0:
            parts.append(f"{names[e.rabbit]} wins the Rabbit" + (" and a Rabbit token." if e.rabbit_token else "."))
        if e.snake >= 0:
            parts.append(f"{names[e.snake]} takes the Snake Die.")
        return " ".join(parts)
    if isinstance(e, ev.GameOver):
        return "The story ends."
    return ""
