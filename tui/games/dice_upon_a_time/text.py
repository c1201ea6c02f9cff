"""Dice Upon a Time in words for the table: quests, dice, tokens and the choices a
command list offers, short enough for a side panel at 80×24."""

from __future__ import annotations

from typing import Any, Sequence

from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.board import RESOURCES, load_board
from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.core.reactions import Pass
from engine.games.dice_upon_a_time.effects import CHARACTERS, ITEMS, STORIES
from engine.games.dice_upon_a_time.notation import DIE_LETTER, TOKEN_NAME, face_text, socket_name, story_option
from engine.games.dice_upon_a_time.common import ROUTES

BOARD = load_board()
LOCS = BOARD.locations
CARDS = load_cards()
ITEM_SHORT = {"crossbow": "Crossbow", "old_sword": "Old Sword", "golden_hairs": "Golden Hairs",
              "magic_pipe": "Magic Pipe"}
TOKEN_LETTER = {"coin": "c", "bread": "b", "apple": "a"}


#: Magic Items whose names do not fit the 80×24 side panel, in a word or two.
ITEM_SHORT_NAME = {"i03": "The hazel branch", "i06": "The Ball of Yarn"}


def item_short(item: str) -> str:
    """A Magic Item's name for the 80×24 side panel (at most 21 cells)."""
    return ITEM_SHORT_NAME.get(item, ITEMS[item].name) if item in ITEMS else "a Magic Item"


#: The Characters in a word or two, for 80×24.
CHARACTER_SHORT = {"redcap": "Red Hood", "puss": "Puss", "tailor": "Tailor", "snowwhite": "Snow White",
                   "thrushbeard": "Thrushbeard", "beauty": "Beauty", "thumbling": "Thumbling",
                   "rapunzel": "Rapunzel", "musicians": "Musicians"}


#: The Characters in two letters, for the others' line at 80×24 (the rules screen's legend lists them).
CHARACTER_CODE = {"redcap": "Rh", "puss": "Pu", "tailor": "Ta", "snowwhite": "Sw", "thrushbeard": "Kt",
                  "beauty": "Sb", "thumbling": "Tm", "rapunzel": "Rp", "musicians": "Mu"}


def tokens_short(counts: dict[str, int] | Sequence[int], tight: bool = False) -> str:
    """Token counts as "2c 0b 1a" (coin, bread, apple); ``tight``: "2c0b1a"."""
    values = [counts.get(t, 0) for t in RESOURCES] if isinstance(counts, dict) else list(counts)
    return ("" if tight else " ").join(f"{k}{TOKEN_LETTER[t]}" for t, k in zip(RESOURCES, values))


def character_code(p: Any, view: Any) -> str:
    """A player's Character in two letters, ✓ when its ability is ready this chapter,
    Thumbling with the draws left ("Pu✓", "Ta", "Tm2"); "" before one is chosen."""
    if p.character not in CHARACTERS:
        return ""
    code = CHARACTER_CODE.get(p.character, p.character[:2].capitalize())
    if view.options.characters != "abilities":
        return code
    uses = CHARACTERS[p.character].uses
    if uses == "game":
        return f"{code}{p.thumbs}"
    return code + ("✓" if uses == "chapter" and not p.used else "")


def character_text(p: Any, view: Any, short: bool = False) -> str:
    """A player's Character and whether its ability can be used: "Puss in Boots ✓"
    (ready this chapter), "… (used)" (used this chapter; ``short``: "Puss ✗"),
    "Thumbling (2 left)" (``short``: "Thumbling 2"); "" before one is chosen."""
    if p.character not in CHARACTERS:
        return ""
    c = CHARACTERS[p.character]
    name = CHARACTER_SHORT.get(p.character, c.name) if short else c.name
    if view.options.characters != "abilities":
        return name
    if c.uses == "game":
        return f"{name} {p.thumbs}" if short else f"{name} ({p.thumbs} left)"
    if c.uses == "chapter":
        return f"{name} {'✗' if p.used else '✓'}" if short else f"{name} {'(used)' if p.used else '✓'}"
    return name


def offer_text(offer: Any, names: Sequence[str], me: int | None) -> str:
    """The trade on the table: "ann offers bob Apple, 2AP visit HE for 3AP 1b → HU"
    (a Magic Item secret to the reader: "a Magic Item")."""
    who = lambda i: "you" if i == me else (names[i] if 0 <= i < len(names) else "?")  # noqa: E731
    give = ", ".join(card_short(x) for x in offer.give) or "nothing"
    get = ", ".join(card_short(x) for x in offer.get) or "nothing"
    if offer.seat == me:
        return f"You offer {who(offer.to)} {give} for {get}"
    return f"{who(offer.seat)} offers {who(offer.to)} {give} for {get}"


def drawn_quests(subject: str, wide: bool = False) -> list[str]:
    """The Quest cards a "quests" window is about (its ``subject``: their ids, comma
    separated), each with its AP and what it asks: "Up to the Clouds (2AP visit CL)"
    (``wide``: "(2 AP, visit Clouds)")."""
    out = []
    for q in subject.split(","):
        if q in CARDS.quests:
            card = CARDS.quests[q]
            ap = f"{card.ap} AP, " if wide else f"{card.ap}AP "
            out.append(f"{card.name} ({ap}{quest_short(q, wide=wide)})")
    return out


def window_question(window: Any, view: Any, names: Sequence[str], wide: bool = False) -> str:
    """What a reaction window asks the seat at the keyboard, naming whose move opened it
    (and, for Quest cards drawn, which: ``drawn_quests``, ``wide`` as there)."""
    me = view.me
    mover = window.mover
    who = "You" if mover == me else (names[mover] if 0 <= mover < len(names) else "Someone")
    trigger = window.trigger
    tail = "play a Magic Item, or no item."
    if trigger == "roll":
        return "Right after your roll: a Magic Item may turn a 1 or 2, or no item."
    if trigger == "snake":
        return f"{who} rolled the Snake Die: {tail}"
    if trigger == "tokens":
        return f"{who} took tokens: {tail}"
    if trigger == "items":
        return f"{who} drew Magic Item cards: {tail}"
    if trigger == "quests":
        drawn = drawn_quests(window.subject, wide)
        return f"{who} drew {', '.join(drawn)}: {tail}" if drawn else f"{who} drew Quest cards: {tail}"
    if trigger == "story":
        story = STORIES[window.subject].name if window.subject in STORIES else "a Bad Luck card"
        return f"You drew {story}: {tail}"
    if trigger == "harm":
        if window.subject == "wolf":
            return "The Wolf wants one of your dice: play a Magic Item to ward it off, or no item."
        by = f" from {names[mover]}" if mover != me and 0 <= mover < len(names) else ""
        return f"Harm is coming your way{by}: play a Magic Item to ward it off, or no item."
    return QUESTION.get("window:" + trigger, f"A Magic Item may answer this: {tail}")


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


def item_name(item: str) -> str:
    """A Magic Item's name, or "a Magic Item" when hidden."""
    return ITEMS[item].name if item in ITEMS else "a Magic Item"


def card_short(x: str) -> str:
    """A token, quest, Story card or Magic Item in a trade, in a word or two."""
    if x in TOKEN_LETTER:
        return TOKEN_NAME[x][0]
    if x in CARDS.quests:
        return f"{CARDS.quests[x].ap}AP {quest_short(x)}"
    if x in STORIES:
        return STORIES[x].name
    return item_name(x)


def story_short(story: str) -> str:
    """A Story card in front of a player: "Curse −2: Visit the Fairy …" shortened."""
    card = STORIES[story]
    kind = {"side_quest": "Side Quest", "curse": "Curse", "mini_quest": "Mini Quest"}.get(card.type, "Story")
    ap = f" {card.ap:+d}" if card.ap else ""
    return f"{kind}{ap}: {card.name}"


def _full_label(c: Any, view: Any, names: Sequence[str]) -> str | None:
    """Labels of the full game's commands (None: not one of them)."""
    who = lambda i: names[i] if 0 <= i < len(names) else "?"  # noqa: E731
    match c:
        case Pass():
            return "no item"
        case cmd.Character(character):
            return CHARACTERS[character].name
        case cmd.Pick(option):
            story = view.prompts[0].story if view.prompts else ""
            return story_option(story, option) if story in STORIES else f"effect {option + 1}"
        case cmd.Discard(tokens, item, die, quest):
            if item:
                return item_name(item)
            if die:
                me = view.players[view.me] if view.me is not None else None
                face = me.face(die) if me is not None else None
                return die_label(die, face) if face is not None else DIE_LETTER[die]
            if quest:
                return f"{CARDS.quests[quest].ap} AP {quest_short(quest)}"
            return " + ".join(TOKEN_NAME[t][0] for t in tokens)
        case cmd.Go(to):
            return LOCS[to].name
        case cmd.KeepItem(item):
            return item_name(item)
        case cmd.Play(item, token, to, socket, target, story, die, face):
            more = (TOKEN_NAME[token][1] if token else "") or (LOCS[to].name if to else "") or (
                socket_name(socket) if socket else "") or (f"{STORIES[story].name} to {who(target)}" if story else "") or (
                f"{DIE_LETTER[die]} to {face}" if die else "")
            return item_name(item) + (f": {more}" if more else "")
        case cmd.Redeem(story, tokens):
            paid = " for " + " + ".join(TOKEN_NAME[t][0] for t in tokens) if tokens else ""
            return f"{STORIES[story].name}{paid}"
        case cmd.Walk(route):
            r = ROUTES.get(route)
            me = view.players[view.me] if view.me is not None else None
            if r is not None and me is not None and me.at in (r.a, r.b):
                return f"walk to {LOCS[r.other(me.at)].name}"
            return f"walk {socket_name(route)}"
        case cmd.Convert(token, to):
            return f"{TOKEN_NAME[token][0]} → {TOKEN_NAME[to][0]}"
        case cmd.Rest(dice, token):
            return f"rest {' '.join(DIE_LETTER[d] for d in dice)} → {TOKEN_NAME[token][0]}"
        case cmd.Offer(to, give, get):
            return (f"offer {who(to)} {', '.join(card_short(x) for x in give) or 'nothing'}"
                    f" for {', '.join(card_short(x) for x in get) or 'nothing'}")
        case cmd.Answer(yes) if view.prompts and view.prompts[0].kind == "draw_item":
            return "draw a Magic Item" if yes else "no card"
        case cmd.Answer(yes):
            return "accept" if yes else "refuse"
    return None


def command_label(c: Any, view: Any, names: Sequence[str]) -> str:
    """A command as one choice of a list reads."""
    step = view.prompts[0].kind if view.prompts else view.step
    me = view.players[view.me] if view.me is not None else None
    full = _full_label(c, view, names)
    if full is not None:
        return full
    match c:
        case cmd.Draw(decks):
            drawn = " + ".join(f"{v} AP" for v in decks)
            return drawn if step != "place" else f"Thumbling: draw {drawn}"
        case cmd.Keep(q):
            return f"{CARDS.quests[q].ap} AP {quest_short(q)}"
        case cmd.Jump(to):
            return LOCS[to].name
        case cmd.Take(t):
            return TOKEN_NAME[t][0] if step == "fairy" else f"Thrushbeard: 2 {TOKEN_NAME[t][1]}"
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
        case cmd.Place(die, socket, using):
            helped = f" with {ITEMS[using].name if using in ITEMS else CHARACTERS[using].name}" if using else ""
            return f"{DIE_LETTER[die]} on {socket_name(socket)}{helped}"
        case cmd.PassTurn():
            return "pass"
    return str(c)


def trade_card(x: str) -> str:
    """A token, quest, Story card or Magic Item in a trade, in words: "Apple", "The
    Golden Goose (4 AP: 1c 2b 1a → KI)", "a Magic Item" (hidden)."""
    if x in TOKEN_LETTER:
        return TOKEN_NAME[x][0]
    if x in CARDS.quests:
        q = CARDS.quests[x]
        return f"{q.name} ({q.ap} AP: {quest_short(x)})"
    if x in STORIES:
        return STORIES[x].name
    return item_name(x)


def offer_words(offer: Any, names: Sequence[str], me: int | None) -> str:
    """The trade on the table with each card by name, for the details line: "bob offers
    you The Soldier's Ration (3 AP: 2b → SO) for Apple" (``offer_text`` by codes)."""
    who = lambda i: "you" if i == me else (names[i] if 0 <= i < len(names) else "?")  # noqa: E731
    give = ", ".join(trade_card(x) for x in offer.give) or "nothing"
    get = ", ".join(trade_card(x) for x in offer.get) or "nothing"
    offers = "You offer" if offer.seat == me else f"{who(offer.seat)} offers"
    return f"{offers} {who(offer.to)} {give} for {get}."


def choice_words(c: Any, view: Any, names: Sequence[str]) -> str:
    """A choice in full, for the details line when its row has no room for it: a trade
    offer with each card by name ("Offer bob The Golden Goose (4 AP: …) for …"), a
    quest by name, else the choice's label (``command_label``)."""
    match c:
        case cmd.Offer(to, give, get):
            who = names[to] if 0 <= to < len(names) else "?"
            return (f"Offer {who} {', '.join(trade_card(x) for x in give) or 'nothing'}"
                    f" for {', '.join(trade_card(x) for x in get) or 'nothing'}")
        case cmd.Keep(q) | cmd.Complete(q) | cmd.Discard(quest=q) if q in CARDS.quests:
            return f"{CARDS.quests[q].name} ({CARDS.quests[q].ap} AP: {quest_short(q)})"
    return command_label(c, view, names)


#: What a Forest Spirit does with the die placed there, on the socket line (in 39 cells).
SPIRIT_SHORT = {
    "rabbit": "top die: start player + Rabbit token",
    "wolf": "every other player feeds the Wolf a die",
    "snake": "top die: the Snake Die next chapter",
    "fox1": "this die: any face next chapter",
    "fox2": "this die: any face next chapter",
}
#: The same in a sentence, for the details line (the game's HELP.md, "The Forest Spirits").
SPIRIT_TEXT = {
    "rabbit": "The Rabbit, a stack: at the chapter's end the top die's owner becomes the starting "
              "player and takes a Rabbit token (hop along a route without a die).",
    "wolf": "The Wolf, once a chapter: when you place a die here, every other player must give the "
            "Wolf one of their unused dice.",
    "snake": "The Snake, a stack: at the chapter's end the top die's owner takes the Snake Die for the next "
             "chapter (rolled, an extra die, a token, or nothing).",
    "fox1": "The Fox, two single places: a die from here is set to any face next chapter instead of rolled.",
    "fox2": "The Fox, two single places: a die from here is set to any face next chapter instead of rolled.",
}


def item_text(item: str) -> str:
    """A Magic Item with what it does: "The Golden Bird: Right after a roll, …"."""
    card = ITEMS[item]
    return f"{card.name}: {card.text}"


def character_details(character: str) -> str:
    """A Character with its ability: "Snow White: …"."""
    c = CHARACTERS[character]
    return f"{c.name}: {c.text}"


def story_text(story: str) -> str:
    """A Story card with its kind and text: "Curse, The Old Witch's Hex (−2 AP): …"."""
    card = STORIES[story]
    kind = {"good_luck": "Good Luck", "bad_luck": "Bad Luck", "side_quest": "Side Quest", "curse": "Curse",
            "mini_quest": "Mini Quest"}.get(card.type, "Story card")
    ap = f" ({card.ap:+d} AP)" if card.ap else ""
    return f"{kind}, {card.name}{ap}: {card.text}"


def choice_details(c: Any, view: Any) -> str:
    """What the card a choice concerns does, for the details line under the table (the
    same words ``card_texts`` lists on the rules screen): a Magic Item played, kept, lost
    or used to place; a Character chosen or its ability used; a Story card paid off or
    whose effect is chosen; "" when the choice is no card."""
    me = view.players[view.me] if view.me is not None else None
    ability = lambda: character_details(me.character) if me is not None and me.character in CHARACTERS else ""  # noqa: E731
    match c:
        case cmd.Character(character) if character in CHARACTERS:
            return character_details(character)
        case cmd.Play(item) | cmd.KeepItem(item) if item in ITEMS:
            return item_text(item)
        case cmd.Discard(item=item) if item in ITEMS:
            return item_text(item)
        case cmd.Place(using=using) if using in ITEMS:
            return item_text(using)
        case cmd.Place(using=using) if using in CHARACTERS:
            return character_details(using)
        case cmd.Redeem(story) if story in STORIES:
            return story_text(story)
        case cmd.Pick() if view.prompts and view.prompts[0].story in STORIES:
            return story_text(view.prompts[0].story)
        case cmd.Walk() | cmd.Convert() | cmd.Rest():
            return ability()
        case cmd.Reroll() if view.prompts and view.prompts[0].kind == "rapunzel":
            return ability()
        case cmd.Draw() if view.step == "place" and not view.prompts:  # Thumbling's draw before placing
            return ability()
        case cmd.Take() if view.step not in ("fairy",) and not view.prompts:  # Thrushbeard's tokens
            return ability()
        case cmd.Keep(q) | cmd.Complete(q) | cmd.Discard(quest=q) if q in CARDS.quests:
            quest = CARDS.quests[q]
            return f"{quest.name} ({quest.ap} AP): {quest.text}"
    return ""


def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every card of Dice Upon a Time with its text, by kind, for the rules screen's
    "Every card" (the reconstruction's texts: the game's ITEMS.md, STORIES.md,
    QUESTS.md)."""
    kinds = {"good_luck": "Good Luck", "bad_luck": "Bad Luck", "side_quest": "Side Quest", "curse": "Curse",
             "mini_quest": "Mini Quest"}
    return [
        ("Characters", [(c.name, c.text) for c in CHARACTERS.values()]),
        ("Magic Items", [(i.name, i.text) for i in ITEMS.values()]),
        ("Story cards", [(f"{st.name} ({kinds.get(st.type, st.type)}{f', {st.ap:+d} AP' if st.ap else ''})", st.text)
                         for st in STORIES.values()]),
        ("Event cards", [(e.name, e.text) for e in CARDS.events.values()]),
        ("Quest cards", [(f"{q.name} ({q.ap} AP)", q.text) for q in CARDS.quests.values()]),
    ]


def socket_order(places: list, view: Any) -> list:
    """``places`` (``Place`` commands) in the order the cursor walks them: the routes
    from the seat's own field first, then outwards by how many routes away they start
    (the Forest Spirits after the field's own routes), the board's order within each."""
    me = view.players[view.me] if view is not None and view.me is not None else None
    if me is None:
        return places
    far: dict[str, int] = {me.at: 0}
    frontier = [me.at]
    while frontier:
        nxt = []
        for loc in frontier:
            for r in ROUTES.values():
                if loc in (r.a, r.b):
                    other = r.other(loc)
                    if other not in far:
                        far[other] = far[loc] + 1
                        nxt.append(other)
        frontier = nxt

    def distance(c) -> float:
        r = ROUTES.get(c.socket)
        if r is None:  # a Forest Spirit
            return 0.5
        return min(far.get(r.a, 99), far.get(r.b, 99))

    return sorted(places, key=distance)


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
    "character": "Choose your Character: its ability is yours all game.",
    "bad_luck": "Bad Luck: choose which effect you suffer.",
    "gain": "A Story card: take tokens of your choice.",
    "lose": "Choose the tokens you give up.",
    "lose_item": "Choose the Magic Item card you discard.",
    "lose_die": "Choose the unused die you discard.",
    "go": "A Story card sends you away: choose where.",
    "draw1": "Draw a Quest card: choose its deck.",
    "keep_item": "Snow White: keep one of these two Magic Items.",
    "rapunzel": "Rapunzel: roll one die showing 1 or 2 again, or keep all.",
    "trim": "You may hold 4 quests: discard one.",
    "draw_item": "You can draw a Magic Item card: draw it?",
    "trade": "A trade is offered to you: accept or refuse.",
    "actions": "Before placing a die: a Magic Item, your ability or a trade.",
    "window:roll": "Right after your roll: play a Magic Item, or no item.",
    "window:snake": "The Snake Die was rolled: play a Magic Item, or no item.",
    "window:tokens": "Tokens were taken: play a Magic Item, or no item.",
    "window:items": "Magic Item cards are drawn: play a Magic Item, or no item.",
    "window:quests": "Quest cards were drawn: play a Magic Item, or no item.",
    "window:story": "You drew a Bad Luck card: play a Magic Item, or no item.",
    "window:harm": "Harm is coming your way: play a Magic Item to ward it off, or no item.",
}
#: What a seat is waiting for, for the phase line.
WAITS = {"draw2": "to draw opening quests", "fox": "to set Fox dice", "reroll": "to re-roll",
         "gift": "to take a token", "feed": "to feed the Wolf", "character": "to choose a Character",
         "bad_luck": "to choose a Bad Luck effect", "gain": "to take tokens", "lose": "to give up tokens",
         "lose_item": "to discard a Magic Item", "lose_die": "to discard a die", "go": "to choose where to go",
         "draw1": "to draw a Quest card", "keep_item": "to keep a Magic Item", "rapunzel": "to re-roll",
         "trim": "to discard a quest", "draw_item": "to draw a Magic Item", "trade": "to answer a trade",
         "window": "to answer with a Magic Item"}
