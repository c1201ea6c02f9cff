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
- The full game: ``D TO-OW +i14`` places with a help (a Magic Item, ``+tailor``,
  ``+musicians``); ``character puss``; ``choose 1`` / ``choose 2`` (a Bad Luck card's
  effect); ``discard coin apple`` / ``discard i05`` / ``discard P`` / ``discard q12``;
  ``go SE``; ``keep i05`` (Snow White); ``play i01 apple``, ``play i07 SE``, ``play i10
  TO-OW``, ``play i13 s45 bea``, ``play i18 P=6``, ``play i04``; ``decline`` (no Magic
  Item now); ``redeem s49 coin``; ``walk TO-OW``; ``convert apple coin``; ``rest M S
  apple``; ``offer bea give coin i04 get apple q01``; ``accept``; ``refuse``. Players by
  their names, or by their places at the table, ``#1`` the first (how a name of several
  words, or one shared, is written); Magic Items, Story cards and quests by their ids.
  Nothing to give up or take reads ``discard none`` / ``gift none``.

``parse`` reads any text a player types: it returns a command or raises
``IllegalCommand`` with one line saying what is wrong, never anything else.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand
from engine.core.reactions import Pass, Passed, WindowOpened
from engine.core.text import and_list

from . import commands as cmd
from . import events as ev
from .board import RESOURCES, load_board
from .cards import load as load_cards
from .items import load as load_items
from .stories import load as load_stories
from .common import DIE_ORDER

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
MAGIC = load_items().items
CHARACTERS = load_items().characters
STORIES = load_stories()
#: Place helps that are abilities (``commands.Place.using``).
HELP_WORDS = ("tailor", "musicians")


def face_text(face) -> str:
    """A face in notation: the number, or the special face's letter ("" for none known)."""
    return str(face) if isinstance(face, int) else FACE_LETTER.get(face, "")


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
    ends = socket.split("-")
    locs = _BOARD.locations
    if len(ends) != 2 or not all(x in locs for x in ends):
        return "the board"
    return f"the {locs[ends[0]].name}–{locs[ends[1]].name} route"


def _die(word: str) -> str:
    die = _LETTER_DIE.get(word.upper())
    if die is None:
        raise IllegalCommand(f"{word!r} is not a die: use M, S, B, D, P or N.")
    return die


def _face(word: str):
    if word in ("1", "2", "3", "4", "5", "6"):  # not str.isdigit: "²" is a digit int() refuses
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


def _magic(word: str) -> str:
    i = word.lower()
    if i not in MAGIC:
        raise IllegalCommand(f"{word!r} is not a Magic Item: they are i01 to i18.")
    return i


def _story(word: str) -> str:
    x = word.lower()
    if x not in STORIES:
        raise IllegalCommand(f"{word!r} is not a Story card: they are s01 to s64.")
    return x


def _seat(word: str, names: Sequence[str]) -> int:
    """A seat by its place at the table (``#1`` the first: it goes before a name that
    reads the same) or its name (the first seat of that name)."""
    if word.startswith("#") and word[1:] in {str(k) for k in range(1, len(names) + 1)}:
        return int(word[1:]) - 1
    for i, name in enumerate(names):
        if name.lower() == word.lower():
            return i
    raise IllegalCommand(f"There is no player called {word!r}: name one, or give a place at the table (#1).")


def seat_word(seat: int, names: Sequence[str]) -> str:
    """Seat ``seat`` in notation: its name when that one word reads back as the seat,
    else its place at the table (``#2``)."""
    if 0 <= seat < len(names):
        name = names[seat]
        if name and len(name.split()) == 1 and name == name.strip() and _reads_as(name, names) == seat:
            return name
        return f"#{seat + 1}"
    return str(seat)


def _reads_as(word: str, names: Sequence[str]) -> int:
    try:
        return _seat(word, names)
    except IllegalCommand:
        return -1


def _card(word: str) -> str:
    """A token kind, quest, Story card or Magic Item id (a trade's words)."""
    w = word.lower()
    if w in RESOURCES or w in _CARDS.quests or w in STORIES or w in MAGIC:
        return w
    raise IllegalCommand(f"{word!r} cannot be traded: name tokens (coin, bread, apple) or card ids.")


#: What a Magic Item's ``play`` asks after its id, by its effect (an error's hint).
_ASKS = {"take_tokens": "a token kind, such as play {i} apple", "move_to_player": "a field, such as play {i} SE",
         "move_anywhere": "a field, such as play {i} SE", "take_back_die": "a socket, such as play {i} TO-OW",
         "reset_die": "a socket, such as play {i} TO-OW",
         "pass_curse": "a Curse and a player, such as play {i} s45 bea",
         "set_low_die": "a die and a number, such as play {i} P=6"}


def _asks(item: str) -> str:
    card = MAGIC[item]
    what = _ASKS.get(card.effect, "nothing more: play {i}").format(i=item)
    return f"{card.name} ({item}) takes {what}."


def _play(rest: list[str], names: Sequence[str]) -> cmd.Play:
    if not rest:
        raise IllegalCommand("play takes a Magic Item, such as play i01 apple.")
    item, more = _magic(rest[0]), rest[1:]
    if not more:
        return cmd.Play(item)
    if len(more) == 2 and more[0].lower() in STORIES:
        return cmd.Play(item, story=_story(more[0]), target=_seat(more[1], names))
    if len(more) == 1:
        w = more[0]
        if w.lower() in RESOURCES:
            return cmd.Play(item, token=w.lower())
        if "=" in w:
            d, f = w.split("=", 1)
            face = _face(f)
            if not isinstance(face, int):
                raise IllegalCommand("The Golden Bird turns a die to a number, such as play i18 P=6.")
            return cmd.Play(item, die=_die(d), face=face)
        if "-" in w or w.lower() in SPIRIT_SOCKETS:
            return cmd.Play(item, socket=_socket(w))
        if w.upper() in _FIELD:
            return cmd.Play(item, to=_field(w))
    raise IllegalCommand(_asks(item))


def _discard(rest: list[str]) -> cmd.Discard:
    if not rest:
        raise IllegalCommand("discard takes tokens, a Magic Item, a die or a quest.")
    if len(rest) == 1:
        w = rest[0]
        if w.lower() == "none":
            return cmd.Discard()
        if w.lower() in MAGIC:
            return cmd.Discard(item=w.lower())
        if w.lower() in _CARDS.quests:
            return cmd.Discard(quest=w.lower())
        if w.upper() in _LETTER_DIE:
            return cmd.Discard(die=_die(w))
    return cmd.Discard(tokens=tuple(sorted((_token(w) for w in rest), key=RESOURCES.index)))


def _offer(rest: list[str], names: Sequence[str]) -> cmd.Offer:
    lower = [w.lower() for w in rest]
    to = _reads_as(rest[0], names) if rest else -1
    if to < 0:
        if not rest or lower[0] in ("give", "get"):
            raise IllegalCommand("offer takes a player, then give … and/or get …, such as offer bea give coin get apple.")
        to = _seat(rest[0], names)
    give: list[str] = []
    get: list[str] = []
    box = None
    for w, low in zip(rest[1:], lower[1:]):
        if low in ("give", "get"):
            box = give if low == "give" else get
            continue
        if box is None:
            raise IllegalCommand("offer takes a player, then give … and/or get ….")
        box.append(_card(w))
    return cmd.Offer(to, tuple(give), tuple(get))


def parse(text: str, names: Sequence[str]) -> object:
    """A command from its notation; raises ``IllegalCommand`` naming what is wrong."""
    words = text.split()
    if not words:
        raise IllegalCommand("Type a move, such as D TO-OW, move, stay or pass.")
    head, rest = words[0].lower(), words[1:]
    full = _parse_full(head, rest, names)
    if full is not None:
        return full
    simple = {"pass": cmd.PassTurn, "move": cmd.Move, "stay": cmd.Skip, "end": cmd.End}
    if head in simple:
        if rest:
            raise IllegalCommand(f"{head} takes nothing after it.")
        return simple[head]()
    one = {"rabbit": lambda w: cmd.Rabbit(_socket(w)), "jump": lambda w: cmd.Jump(_field(w)),
           "take": lambda w: cmd.Take(_token(w)),
           "keep": lambda w: cmd.KeepItem(_magic(w)) if w.lower().startswith("i") else cmd.Keep(_quest(w)),
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
        if rest and rest[0].lower() == "none":
            if len(rest) > 1:
                raise IllegalCommand("gift none takes nothing after it.")
            return cmd.Gift(())
        if not rest:
            raise IllegalCommand("gift takes tokens, such as gift apple.")
        return cmd.Gift(tuple(sorted((_token(w) for w in rest), key=RESOURCES.index)))
    if len(words) in (2, 3) and words[0].upper() in _LETTER_DIE:
        using = ""
        if len(words) == 3:
            if not words[2].startswith("+"):
                raise IllegalCommand("A help follows the socket with +, such as D TO-OW +i14.")
            using = words[2][1:].lower()
            if using not in HELP_WORDS:
                using = _magic(using)
        return cmd.Place(_die(words[0]), _socket(words[1]), using)
    raise IllegalCommand(f"{words[0]!r} is not a move: try D TO-OW, rabbit TO-OW, move, stay, pass or end.")


def _parse_full(head: str, rest: list[str], names: Sequence[str]):
    """The full game's commands (None: not one of them)."""
    if head in ("decline", "accept", "refuse"):
        if rest:
            raise IllegalCommand(f"{head} takes nothing after it.")
        return {"decline": Pass(), "accept": cmd.Answer(True), "refuse": cmd.Answer(False)}[head]
    one = {"character": lambda w: cmd.Character(_character(w)), "go": lambda w: cmd.Go(_field(w)),
           "walk": lambda w: cmd.Walk(_socket(w)), "choose": _choose}
    if head in one:
        if len(rest) != 1:
            raise IllegalCommand(f"{head} takes one word after it.")
        return one[head](rest[0])
    if head == "play":
        return _play(rest, names)
    if head == "discard":
        return _discard(rest)
    if head == "redeem":
        if not rest:
            raise IllegalCommand("redeem takes a Story card and the tokens it asks, such as redeem s49 coin.")
        return cmd.Redeem(_story(rest[0]), tuple(sorted((_token(w) for w in rest[1:]), key=RESOURCES.index)))
    if head == "convert":
        if len(rest) != 2:
            raise IllegalCommand("convert takes two tokens, such as convert apple coin.")
        return cmd.Convert(_token(rest[0]), _token(rest[1]))
    if head == "rest":
        if len(rest) != 3:
            raise IllegalCommand("rest takes two dice and a token, such as rest M S apple.")
        dice = tuple(sorted((_die(w) for w in rest[:2]), key=DIE_ORDER.index))
        return cmd.Rest(dice, _token(rest[2]))
    if head == "offer":
        return _offer(rest, names)
    return None


def _character(word: str) -> str:
    c = word.lower()
    if c not in CHARACTERS:
        raise IllegalCommand(f"{word!r} is not a Character: {', '.join(CHARACTERS)}.")
    return c


def _choose(word: str) -> cmd.Pick:
    if word not in ("1", "2"):
        raise IllegalCommand("choose takes 1 (the first effect) or 2 (the latter).")
    return cmd.Pick(int(word) - 1)


def _notation_full(c, names: Sequence[str]) -> str | None:
    name = lambda i: seat_word(i, names)  # noqa: E731
    match c:
        case Pass():
            return "decline"
        case cmd.Answer(yes):
            return "accept" if yes else "refuse"
        case cmd.Character(character):
            return f"character {character}"
        case cmd.Pick(option):
            return f"choose {option + 1}"
        case cmd.Discard(tokens, item, die, quest):
            return "discard " + (item or quest or (DIE_LETTER[die] if die else " ".join(tokens) or "none"))
        case cmd.Go(to):
            return f"go {CODE[to]}"
        case cmd.KeepItem(item):
            return f"keep {item}"
        case cmd.Play(item, token, to, socket, target, story, die, face):
            more = (token or (CODE[to] if to else "") or (socket_text(socket) if socket else "")
                    or (f"{story} {name(target)}" if story else "") or (f"{DIE_LETTER[die]}={face}" if die else ""))
            return f"play {item} {more}".rstrip()
        case cmd.Redeem(story, tokens):
            return " ".join(["redeem", story, *tokens])
        case cmd.Walk(route):
            return f"walk {socket_text(route)}"
        case cmd.Convert(token, to):
            return f"convert {token} {to}"
        case cmd.Rest(dice, token):
            return " ".join(["rest", *(DIE_LETTER[d] for d in dice), token])
        case cmd.Offer(to, give, get):
            return " ".join(["offer", name(to)] + (["give", *give] if give else []) + (["get", *get] if get else []))
    return None


def notation(command, names: Sequence[str]) -> str:
    """``command`` in notation (``parse`` reads it back to the same command).
    Raises ``TypeError`` for what is not one of the game's commands."""
    c = command
    full = _notation_full(c, names)
    if full is not None:
        return full
    if isinstance(c, cmd.Place):
        help_word = f" +{c.using}" if c.using else ""
        return f"{DIE_LETTER[c.die]} {socket_text(c.socket)}{help_word}"
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
        return "gift " + (" ".join(c.tokens) or "none")
    raise TypeError(f"not a Dice Upon a Time command: {c!r}")


def _a(noun: str) -> str:
    """``noun`` with its indefinite article: "an Apple", "a Gold Coin"."""
    return ("an " if noun[:1] in "AEIOU" else "a ") + noun


def tokens_text(tokens) -> str:
    """Tokens in plain words: "2 Apples and a Gold Coin"."""
    parts = []
    for t in RESOURCES:
        k = sum(1 for x in tokens if x == t)
        if k:
            one, many = TOKEN_NAME[t]
            parts.append(_a(one) if k == 1 else f"{k} {many}")
    return and_list(parts) or "nothing"


def quest_label(quest: str) -> str:
    """A quest for a log line: "Up to the Clouds (2 AP)"; a hidden card "a Quest card"."""
    q = _CARDS.quests.get(quest)
    if q is None:  # ev.HIDDEN
        return "a Quest card"
    return f"{q.name} ({q.ap} AP)"


def _dice_text(dice) -> str:
    return " ".join(f"{DIE_LETTER.get(d, '')}{face_text(f)}" for d, f in dice)


def _face_name(face) -> str:
    return str(face) if isinstance(face, int) else FACE_NAME.get(face, "a face")


def describe(event, names: Sequence[str]) -> str:
    """``event`` as a log line in plain words ("" for bookkeeping events)."""
    e = event
    seat = getattr(e, "seat", None)
    who = _name(seat, names) if isinstance(seat, int) else ""
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
        return f"Chapter {e.chapter} begins; {_name(e.start, names)} starts."
    if isinstance(e, ev.Rolled):
        return f"{who} rolls {_dice_text(e.dice)}." if e.dice else ""
    if isinstance(e, ev.SnakeRolled):
        if isinstance(e.face, int):
            return f"{who} rolls the Snake Die: a {e.face}, an extra die this chapter."
        if e.face == "lost":
            return f"{who} rolls the Snake Die: lost, it slips back to the Snake."
        if e.face in TOKEN_NAME:
            return f"{who} rolls the Snake Die: {_a(TOKEN_NAME[e.face][0])}."
        return f"{who} rolls the Snake Die."
    if isinstance(e, ev.FacesSet):
        return f"{who} sets the dice from the Fox: {_dice_text(e.dice)}."
    if isinstance(e, ev.EventRevealed):
        card = _CARDS.events.get(e.event)
        if card is None:
            return f"Chapter {e.chapter}'s Event card is revealed."
        return f"Event: {card.name}. " + " ".join(card.text.split())
    if isinstance(e, ev.Placed):  # a special face counts 6 when placed ("Placing"; the beginner game's plain 6)
        face = str(e.face) if isinstance(e.face, int) else f"{FACE_NAME.get(e.face, 'special')} face, a 6"
        return f"{who} places the {DIE_NAME.get(e.die, 'die')} ({face}) on {socket_name(e.socket)}."
    if isinstance(e, ev.RabbitUsed):
        return f"{who} uses a Rabbit token on {socket_name(e.route)}."
    if isinstance(e, ev.WolfFed):
        return f"The Wolf gobbles up {who}'s {DIE_NAME.get(e.die, 'die')}."
    if isinstance(e, ev.Moved):
        how = {"steed": "rides a Steed to", "rabbit": "hops to", "walk": "walks to", "story": "goes to",
               "horse": "rides the Golden Horse to", "cap": "wishes themselves to"}.get(e.by, "moves to")
        return f"{who} {how} {locs[e.to].name}." if e.to in locs else f"{who} {how} another field."
    if isinstance(e, ev.Gained):
        return f"{who} takes {tokens_text(e.tokens)}."
    if isinstance(e, ev.ItemTaken):
        return f"{who} picks up {ITEM_NAME.get(e.item, 'a quest token')}."
    if isinstance(e, ev.Completed):
        return f"{who} completes {quest_label(e.quest)}."
    if isinstance(e, ev.GaveUp):
        return f"{who} passes for the rest of the chapter."
    if isinstance(e, ev.ChapterEnded):
        parts = [f"Chapter {e.chapter} ends."]
        if e.rabbit >= 0:
            token = " and a Rabbit token." if e.rabbit_token else "."
            parts.append(f"{_name(e.rabbit, names)} wins the Rabbit{token}")
        if e.snake >= 0:
            parts.append(f"{_name(e.snake, names)} takes the Snake Die.")
        return " ".join(parts)
    if isinstance(e, ev.GameOver):
        return "The story ends."
    return _describe_full(e, names, who)


def _name(seat: int, names: Sequence[str]) -> str:
    """Seat ``seat``'s name for a log line ("someone" when out of range)."""
    return names[seat] if 0 <= seat < len(names) else "someone"


def item_label(item: str) -> str:
    """A Magic Item for a log line: its name, or "a Magic Item" when hidden."""
    return MAGIC[item].name if item in MAGIC else "a Magic Item"


def story_label(story: str) -> str:
    """A Story card for a log line: its name (Story cards are public), "a Story card"
    when unknown."""
    return STORIES[story].name if story in STORIES else "a Story card"


def story_option(story: str, option: int) -> str:
    """The words of a Bad Luck card's effect ``option`` (0 the first, 1 the latter)."""
    if story not in STORIES:
        return f"effect {option + 1}"
    parts = [p.strip() for p in STORIES[story].text.split("- OR -")]
    return (parts[option] if 0 <= option < len(parts) else STORIES[story].text).replace("\n", " ")


def _card_words(cards) -> str:
    """What a trade names, in plain words: the tokens counted, then the cards."""
    words = [tokens_text([x for x in cards if x in RESOURCES])] if any(x in RESOURCES for x in cards) else []
    for x in cards:
        if x in RESOURCES:
            continue
        if x in _CARDS.quests:
            words.append(quest_label(x))
        elif x in STORIES:
            words.append(STORIES[x].name)
        else:
            words.append(item_label(x))
    return and_list(words) or "nothing"


def _why(trigger: str, mover: str, own: bool, subject: str = "") -> str:
    """What a reaction window answers, in words (``own``: the mover is the only seat
    asked; a ``tokens`` window ``together``: several players took tokens at once)."""
    whose = "their" if own else f"{mover}'s"
    took = "the tokens just taken" if subject == "together" else f"the tokens {mover} took"
    return {"roll": f"{whose} roll", "snake": f"{whose} Snake Die roll", "tokens": took,
            "items": f"the Magic Item {mover} is to draw", "quests": f"the Quest card {mover} drew",
            "story": "the Bad Luck card"}.get(trigger, "it")


_STORY_TYPE = {"curse": "a Curse", "mini_quest": "a Mini Quest", "side_quest": "a Side Quest"}


def _describe_full(e, names: Sequence[str], who: str) -> str:
    """Log lines of the full game's events (Story cards, Magic Items, Characters, trades,
    reaction windows); "" for bookkeeping (``Queued``, ``Popped``, a pass or an answer in
    a window: ``ItemPlayed`` says what was answered)."""
    name = lambda i: _name(i, names)  # noqa: E731
    match e:
        case ev.CharacterChosen(_, character):
            card = CHARACTERS.get(character)
            return f"{who} plays {card.name}." if card else f"{who} chooses a Character."
        case ev.AbilityUsed():
            return f"{who} uses their Character's ability."
        case ev.DecksShuffled(stories, items, refill):
            if refill:
                return "The " + ("Story card" if refill == "stories" else "Magic Item") + " discards are shuffled."
            return "The Story and Magic Item decks are shuffled." if stories or items else ""
        case ev.StoryDrawn(_, story):
            if story not in STORIES:
                return f"{who} draws a Story card."
            card = STORIES[story]
            return f"{who} draws a Story card, {card.name}: " + " ".join(card.text.split())
        case ev.StoryDiscarded(story, seat, by):
            if seat < 0:
                return ""
            kind = STORIES[story].type if story in STORIES else ""
            doer = name(by) if by >= 0 else who  # the co-operative game: anyone meets anyone's
            whose = f" in front of {who}" if by >= 0 else ""
            if kind == "curse":
                return f"{doer} lifts {story_label(story)} (a Curse){whose}."
            if kind == "mini_quest":
                return f"{doer} fulfils {story_label(story)} (a Mini Quest){whose}."
            return f"{who} discards {story_label(story)}."
        case ev.StoryKept(_, story, source):
            kind = _STORY_TYPE.get(STORIES[story].type, "") if story in STORIES else ""
            label = f"{story_label(story)} ({kind})" if kind else story_label(story)
            if source >= 0:
                return f"{name(source)} passes {label} on to {who}."
            return f"{who} lays {label} in front of them."
        case ev.BadLuckChosen(_, story, option):
            return f"{who} chooses: {story_option(story, option)}"
        case ev.Lost(_, tokens):
            return f"{who} gives up {tokens_text(tokens)}."
        case ev.DiceLost(_, dice):
            return f"{who} discards the " + " and the ".join(DIE_NAME.get(d, "die") for d in dice) + "."
        case ev.RabbitGiven():
            return f"{who} takes a Rabbit token."
        case ev.ItemsDrawn(_, items):
            if any(i not in MAGIC for i in items):
                k = len(items)
                return f"{who} draws {'a Magic Item card' if k == 1 else f'{k} Magic Item cards'}."
            return f"{who} draws {and_list(item_label(i) for i in items)}."
        case ev.ItemDiscarded(_, item):
            return f"{who} discards {item_label(item)}."
        case ev.ItemPlayed(_, item):
            if item not in MAGIC:
                return f"{who} plays a Magic Item."
            return f"{who} plays {MAGIC[item].name}: {MAGIC[item].text}"
        case ev.Warded():
            return f"{who} wards off the harm."
        case ev.TokensTaken(_, source, tokens):
            return f"{who} takes {tokens_text(tokens)} from {name(source)}."
        case ev.QuestsTaken(_, source, quests):
            return f"{who} takes {and_list(quest_label(q) for q in quests)} from {name(source)}."
        case ev.QuestDropped(_, quest):
            return f"{who} discards {quest_label(quest)}, down to four quests."
        case ev.FaceTurned(_, die, face, socket):
            shown = _face_name(face)
            where = f" on {socket_name(socket)}" if socket else ""
            return f"{who}'s {DIE_NAME.get(die, 'die')}{where} now shows {shown}."
        case ev.DieTakenBack(_, socket):
            return f"{who} takes their die back from {socket_name(socket)}."
        case ev.Converted(_, token, to):
            return f"{who} changes {tokens_text((token,))} into {tokens_text((to,))}."
        case ev.Offered(_, to, give, get):
            if give and get:
                return f"{who} offers {name(to)} {_card_words(give)} for {_card_words(get)}."
            if give:
                return f"{who} offers {name(to)} {_card_words(give)} as a gift."
            return f"{who} asks {name(to)} for {_card_words(get)}."
        case ev.TradeAnswered(accepted):
            return "The trade is made." if accepted else "The trade is refused."
        case ev.SideQuestsMet(stories):
            return ("Side Quests met: " + and_list(story_label(x) for x in stories) + ".") if stories else ""
        case WindowOpened(trigger, mover, seats, subject):
            if not seats:
                return ""
            asked = and_list(name(i) for i in seats)
            if trigger == "harm":
                what = "the Wolf" if subject == "wolf" else "the card's harm"
                return f"{asked} may ward off {what} with a Magic Item."
            why = _why(trigger, name(mover), seats == (mover,), subject)
            return f"{asked} may answer {why} with a Magic Item."
        case Passed():
            # Windows open for every holder of a Magic Item at many moments: a line for
            # each pass would drown the log; an answer reads "Bea plays …" (ItemPlayed).
            return ""
    return ""
