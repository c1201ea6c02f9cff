"""Dice Upon a Time's table: the map graph (``map``), the side panel (the chapter
and its Event, your dice, tokens and quests, a line for each other player), what the
game asks now with its keys, and the log.

Everything drawn comes from the view of the seat at the keyboard and the commands it
may give now (``legal``); a key for something the rules refuse is answered in a
sentence. The keys:

- Placing: ←→ (or 1–6) choose one of your dice, tab / shift+tab (or ↑↓) walk the
  sockets it may go in (lit on the map), enter places it; ``r`` walks the routes a
  Rabbit token can take instead (enter uses it); ``p`` passes for the chapter (press it
  twice).
- A question (move or stay, a Steed, the Fairy, the Town, the King, a quest to
  complete, the Wolf, dice from the Fox, an Event's gift or re-roll): ←→ or a digit
  choose, enter answers; ``m`` moves and ``s`` stays; ``c`` puts the cursor on the
  next quest that can be completed (enter completes it); ``e`` ends the turn.
- The full game: ``a`` (before placing a die) opens the row of what else may be done:
  a Magic Item played in one's turn, the Character's ability (a walk, a conversion, a
  rest, Thumbling's draw) or a trade offered to a player on the field; enter does it.
  A placement that needs help (the Crystal Ball, the Magic Beans, the Tailor, the
  Musicians) is among the sockets the cursor walks, the help named. A reaction window
  (a Magic Item may answer a roll, tokens taken, cards drawn, harm coming) is a row of
  choices, "no item" first; so are a Bad Luck card's two effects, a Character to choose
  and a trade to accept or refuse.
- escape steps back out of a Rabbit, a pass or the ``a`` row half made.
- ``q`` shows the cards face up (``cards.CardsScreen``): every player's quests and
  Story cards with their texts, over the table.

A key whose move is not possible now (``a`` with nothing to do, ``r`` without a Rabbit
token, any move in another's turn) says why in one line. A row of choices too long for
the panel shows those around the cursor; the details line then says which one of how
many is chosen, in full ("2/6 Offer bob The Golden Goose (4 AP: …) for …"), with what
its card does. The key line gives its keys short signs rather than take a second row.

The side panel shows your Character (✓ ability ready this chapter, "(used)", Thumbling's
draws left), your Magic Items by name and your Story cards in front; the others' item
counts ("2i") and Characters (at 80×24 on one row by two-letter code, see the legend);
the trade on the table while it is answered.

It fits 80×24 at 5 players (the map by codes, the side panel beside it); with room
(120×40) the map shows names and whole stacks, the panels are framed. The map is a
``MapGraph`` (Line API): a step of the cursor repaints only the rows it changes.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.games.dice_upon_a_time.effects import CHARACTERS, ITEMS, STORIES
from engine.games.dice_upon_a_time.notation import DIE_NAME, FACE_NAME, socket_name
from engine.games.dice_upon_a_time.common import BANDS, CHAPTERS, quest_met, route_from

from ...widgets.digits import DigitEntry
from ...widgets.lines import Line, Panel, Run, ellipsis, key_hints, wrap
from ..base import GameTable
from .cards import CardsScreen
from .map import MapGraph, initials
from .text import (
    CARDS, LOCS, QUESTION, SPIRIT_SHORT, SPIRIT_TEXT, WAITS, card_texts, character_code, character_text,
    choice_details, choice_words, command_label, die_label, item_short, offer_text, offer_words, quest_short,
    socket_order, story_short, tokens_short, window_question,
)

#: Below this many columns or rows the table is compact (codes, no frames).
COMPACT_BELOW = (110, 32)
EVENTS = load_cards().events


#: The keys of the question panel that say less when its row is short ("tab/↑↓" → "↑↓").
SHORT_KEYS = {"tab/↑↓": "↑↓", "enter": "⏎"}


def keys_line(pairs: Sequence[tuple[str, str]], width: int) -> Line:
    """The keys of the question panel on one row of at most ``width`` cells: "←→ die ·
    tab/↑↓ socket · enter place"; when that is longer, the keys in their short signs
    (``SHORT_KEYS``), then two spaces between them in place of " · ", then cut with "…"
    (a second row would push the socket line off the panel's three rows at 80×24)."""
    def line(short: bool, sep: str) -> Line:
        return key_hints(((SHORT_KEYS.get(key, key) if short else key, what) for key, what in pairs), sep)

    for short, sep in ((False, " · "), (True, " · "), (True, "  ")):
        found = line(short, sep)
        if cell_len("".join(t for t, _ in found)) <= width:
            return found
    return ellipsis(line(True, "  "), width)


class DUPanel(Panel):
    """A ``Panel`` with five player colours (``du--p0`` …)."""

    COMPONENT_CLASSES = Panel.COMPONENT_CLASSES | {"du--p0", "du--p1", "du--p2", "du--p3", "du--p4"}

    DEFAULT_CSS = """
    DUPanel {
        & > .du--p0 { color: $text-error; }
        & > .du--p1 { color: $foreground; }
        & > .du--p2 { color: $text-success; }
        & > .du--p3 { color: $text-primary; }
        & > .du--p4 { color: $text-warning; }
    }
    """


def player_class(seat: int) -> str:
    """The colour class of a seat's letter in the side panel (red, white, green, blue,
    yellow, as on the map)."""
    return f"du--p{seat % 5}"


def chapter_text(view: Any) -> str:
    """"Chapter 2 of 6" (Extra Long: "Chapter 8")."""
    total = CHAPTERS.get(view.options.length)
    return f"Chapter {view.chapter} of {total}" if total else f"Chapter {view.chapter}"


class DiceUponATimeTable(GameTable):
    """The Dice Upon a Time table widget (see the module docstring for the keys)."""

    COMPACT_BELOW = COMPACT_BELOW
    LESSON_KEEP = "du-ask"
    LEGEND = (
        "- The map: each field by its two letters (TO Town, KI King, FA Fairy, OW Old Woman, HU Huntsman, "
        "WO Woodsman, SO Soldier, CL Clouds, HE Hell, SE Big Sea, MO Big Mountains, CH Church, MI Magic Items, "
        "CO Gold Coin, BR Bread, AP Apple, NW NE SW the Steeds); the players' letters after the field they stand on: "
        "a player's first letter, unless a die has it or another player does (bob is O: B is the Ban die); "
        "q says whose letter is whose.\n"
        "- A route's number is the value its socket asks; a die on it shows its owner's letter and face (A5), "
        "special faces in lower case (m Magic Item, s Story, b Ban, d Doubling), +1 or +2 for the dice under it.\n"
        "- The corners are the Forest Spirits: Ra Rabbit, Wo Wolf, Sn Snake, Fo Fox, with the dice on them.\n"
        "- The others' Characters at 80×24: Rh Little Red Riding Hood, Pu Puss in Boots, Ta Brave Little Tailor, "
        "Sw Snow White, Kt King Thrushbeard, Sb Sleeping Beauty, Tm Thumbling (with the draws left), Rp Rapunzel, "
        "Mu The Musicians of Bremen; ✓ the ability not yet used this chapter.\n"
        "- Your dice: the letter of the die (M Magic Item, S Story, B Ban, D Doubling, P plain, N the Snake Die) "
        "and its face. Tokens: c Gold Coin, b Bread, a Apple. A quest marked ✓ can be completed now."
    )

    #: Keys whose move may not be possible now (``check_action`` leaves them out of the
    #: footer): pressed then, the action runs anyway and says why in one line.
    REFUSING = {"enter": "confirm", "r": "rabbit", "p": "pass", "m": "move", "s": "stay", "c": "complete",
                "e": "end", "a": "actions"}

    #: Each key's help on the rules screen is its ``tooltip`` (``tui.support.key_help``):
    #: bindings in a row with the same tooltip make one line ("tab/shift+tab or ↑/↓").
    BINDINGS = [
        *[Binding(key, f"die({step})", "die", show=False,
                  tooltip="choose one of your dice to place; or choose an answer (a Steed, the Fairy's token, a Quest "
                          "deck, a quest to complete, a die for the Wolf, Fox faces, a Magic Item), enter answers")
          for key, step in (("left", -1), ("right", 1))],
        *[Binding(str(d), f"digit({d})", str(d), show=False,
                  tooltip="the same by number: a die 1–6, an answer 1–9 (past 9 two digits, 1 then 2 for 12); "
                          "in a Magic Item window 1 (no item) lets it pass")
          for d in range(10)],
        *[Binding(keys, f"socket({step})", "socket", show=False,
                  tooltip="walk the sockets that die may go in (lit on the map)")
          for keys, step in (("tab,down", 1), ("shift+tab,up", -1))],
        Binding("enter", "confirm", "OK", tooltip="place the die there, or answer the question"),
        Binding("r", "rabbit", "Rabbit", tooltip="use a Rabbit token instead of a die (walk the routes from your "
                                                 "field, enter; escape steps back out)"),
        Binding("p", "pass", "Pass",
                tooltip="pass for the rest of the chapter (press p again to confirm; escape steps back out)"),
        *[Binding(key, action, action.title(), show=False, tooltip="move through the route you activated, or stay")
          for key, action in (("m", "move"), ("s", "stay"))],
        Binding("c", "complete", "Complete",
                tooltip="at the end of your turn, walk the quests you can complete (enter completes the one chosen)"),
        Binding("e", "end", "End turn", tooltip="end your turn"),
        Binding("a", "actions", "Items", tooltip="before placing, play a Magic Item, use your Character's ability or "
                                                 "offer a trade (enter does it; escape steps back out)"),
        Binding("q", "cards", "Quests", tooltip="every player's quests, Story cards and Character with their texts, "
                                                "your Magic Items (escape or q closes)"),
    ]

    DEFAULT_CSS = """
    DiceUponATimeTable {
        height: 1fr; layout: horizontal;
        DUPanel, MapGraph { height: auto; padding: 0 1; }
        #du-left { width: 70; height: 100%; }
        #du-map { width: 100%; border: round $panel-lighten-2; padding: 0; }
        #du-ask { width: 100%; border: round $accent; height: 1fr; min-height: 4; }
        #du-right { width: 1fr; height: 100%; }
        #du-side { border: round $panel-lighten-2; height: 1fr; }
        #log { height: 9; }
        &.-compact {
            #du-left { width: 56; }
            DUPanel, MapGraph { padding: 0; border: none; }
            #du-map, #du-side, #du-ask { border: none; }
            #du-ask { min-height: 0; }
            /* the side panel gives way (its last row ends in "…") so the log keeps five rows */
            #du-side { padding: 0 0 0 1; height: 1fr; }
            #log { border: none; border-top: solid $panel-lighten-2; padding: 0 0 0 1; height: 6; }
        }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.flow = ""  # "", "place", "rabbit", "pass", "list", "actions"
        self.die = 0  # place: index into the dice that may be placed
        self.cursor = 0  # place/rabbit: index into the sockets; list: the choice
        self.choices: list[Any] = []
        self.digits = DigitEntry()
        self._step_key: Any = None
        self.row_whole = True  # whether the choice row shows every choice whole (else the details line says it)
        self.map = MapGraph(id="du-map")
        self.ask = DUPanel(id="du-ask")
        self.side = DUPanel(id="du-side", overflow="ellipsis")
        self.cards: CardsScreen | None = None  # the quests and Story cards (q), while open
        self.map.border_title = "the map"
        self.side.border_title = "the story"

    def compose(self) -> ComposeResult:
        with Vertical(id="du-left"):
            yield self.map
            yield self.ask
        with Vertical(id="du-right"):
            yield self.side
            yield self.log_pane

    def on_resize(self, event) -> None:
        self.fit_compact()
        self._draw()
        self.call_after_refresh(self._draw)  # again in the panels' new widths (the Event wraps to them)

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Only the King's draw is secret, and it comes within a turn: no."""
        return False

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every Magic Item, Character, Story card, Event card and Quest card with its
        text (the same words the details line shows)."""
        return card_texts()

    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        """``Setup: ann to draw opening quests`` · ``Chapter 2 of 6 · ann`` · ``… · bob to
        feed the Wolf`` · ``The story ends``."""
        name = lambda seat: names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"  # noqa: E731
        if view.phase == "over":
            return "The story ends"
        if view.phase == "setup":
            p = view.prompts[0] if view.prompts else None
            return f"Setup: {name(p.seat)} {WAITS.get(p.kind, 'to choose')}" if p else "Setup"
        text = chapter_text(view)
        if view.turn >= 0:
            text += f" · {name(view.turn)}"
        if view.prompts:
            p = view.prompts[0]
            text += f" · {name(p.seat)} {WAITS.get(p.kind, 'to choose')}"
        elif view.windows:
            text += f" · {name(view.windows[-1].waiting[0])} {WAITS['window']}"
        return text

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        key = (view.me, view.chapter, view.turn, view.step, view.prompts, view.placed, len(legal),
               view.players[view.me].pool if view.me is not None else None, view.windows)
        if key != self._step_key:  # a new question: half-made choices are dropped
            self._step_key = key
            self._reset()
        self._draw()
        if self.cards is not None:  # open over the table: the same seat's newer view
            self.cards.show(view, names)

    # ------------------------------------------------------------------ flows
    def _asking(self) -> str:
        """The step or prompt the seat answers now, or ""."""
        v = self.view
        if v is None or not self.active:
            return ""
        if v.prompts:
            return v.prompts[0].kind
        if v.windows:
            return "window:" + v.windows[-1].trigger
        return v.step

    def _reset(self) -> None:
        self.flow, self.cursor, self.choices = "", 0, []
        self.digits.reset()
        asking = self._asking()
        if not asking:
            return
        if asking == "place":
            self.flow = "place"
            self.die = min(self.die, max(0, len(self._dice()) - 1))
            self.cursor = 0
        else:
            self.flow = "list"
            self.choices = list(self.legal)

    def _dice(self) -> list[str]:
        """The dice that may be placed now, in pool order."""
        seen: list[str] = []
        for c in self.legal:
            if isinstance(c, cmd.Place) and c.die not in seen:
                seen.append(c.die)
        return seen

    def _sockets(self) -> list[Any]:
        """The commands the cursor walks: the chosen die's placements, or the Rabbit's routes."""
        if self.flow == "rabbit":
            return [c for c in self.legal if isinstance(c, cmd.Rabbit)]
        dice = self._dice()
        if not dice:
            return []
        die = dice[self.die % len(dice)]
        return socket_order([c for c in self.legal if isinstance(c, cmd.Place) and c.die == die], self.view)

    def _not_now(self) -> bool:
        if self.view is None:
            return True
        if not self.active:
            self.refuse("The story has ended." if self.view.phase == "over" else "It is not your turn.")
            return True
        return False

    def _actions(self) -> list[Any]:
        """What may be done before placing besides placing: Magic Items, abilities, trades."""
        kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)
        return [c for c in self.legal if isinstance(c, kinds)] if self._asking() == "place" else []

    def action_actions(self) -> None:
        """Open (or close) the row of Magic Items, abilities and trades before placing."""
        if self._not_now():
            return
        if self.flow == "actions":
            self.back()
            return
        actions = self._actions()
        if not actions:
            self.refuse("No Magic Item, ability or trade can be used now: place a die or pass." if self._asking()
                        == "place" else "a opens Magic Items, your ability and trades before you place a die.")
            return
        self.flow, self.cursor, self.choices = "actions", 0, actions
        self._draw()

    def action_cards(self) -> None:
        """``q``: every player's quests and Story cards with their texts, over the table
        (``CardsScreen``, from this seat's view); escape or ``q`` closes it."""
        if self.view is None:
            return
        self.cards = CardsScreen(self.view, self.names)
        self.app.push_screen(self.cards, self._cards_closed)

    def _cards_closed(self, _: object = None) -> None:
        self.cards = None

    def action_die(self, delta: int) -> None:
        if self._not_now():
            return
        if self.flow in ("list", "actions") and self.choices:
            self.cursor = (self.cursor + delta) % len(self.choices)
        elif self.flow in ("place", "pass"):
            dice = self._dice()
            if not dice:
                self.refuse("None of your dice can be placed anywhere: use a Rabbit token (r) or pass (p).")
                return
            self.flow, self.die, self.cursor = "place", (self.die + delta) % len(dice), 0
        self._draw()

    def action_socket(self, delta: int) -> None:
        if self._not_now():
            return
        if self.flow in ("place", "rabbit"):
            sockets = self._sockets()
            if sockets:
                self.cursor = (self.cursor + delta) % len(sockets)
        elif self.flow in ("list", "actions") and self.choices:
            self.cursor = (self.cursor + delta) % len(self.choices)
        self._draw()

    def action_digit(self, digit: int) -> None:
        if self._not_now():
            return
        if self.flow in ("list", "actions"):
            picked = self.digits.press(digit, len(self.choices))  # past 9: two digits ("1", "2" → 12)
            if picked is not None:
                self.cursor = picked - 1
                self._draw()
            elif digit:
                self.refuse(f"There is no choice {digit}: choose 1–{len(self.choices)}.")
        elif self.flow in ("place", "pass", "rabbit"):
            dice = self._dice()
            if not digit:
                return
            if 1 <= digit <= len(dice):
                self.flow, self.die, self.cursor = "place", digit - 1, 0
                self._draw()
            else:
                self.refuse(f"You have {len(dice)} dice that can be placed: choose 1–{len(dice)}.")
        else:
            self.refuse("Nothing to choose now.")

    def action_confirm(self) -> None:
        if self._not_now():
            return
        if self.flow in ("list", "actions") and self.choices:
            self.choose(self.choices[self.cursor])
        elif self.flow in ("place", "rabbit"):
            sockets = self._sockets()
            if not sockets:
                self.refuse("That die fits no socket: choose another (←→), use a Rabbit token (r) or pass (p).")
                return
            self.choose(sockets[self.cursor % len(sockets)])
        elif self.flow == "pass":
            self.choose(cmd.PassTurn())
        else:
            self.refuse("Nothing to answer now.")

    def action_rabbit(self) -> None:
        if self._not_now():
            return
        if self._asking() != "place":
            self.refuse("A Rabbit token takes the place of a die: use it when you would place one.")
            return
        if not any(isinstance(c, cmd.Rabbit) for c in self.legal):
            self.refuse("You have no Rabbit token.")
            return
        self.flow, self.cursor = ("place", 0) if self.flow == "rabbit" else ("rabbit", 0)
        self._draw()

    def action_pass(self) -> None:
        if self._not_now():
            return
        if cmd.PassTurn() not in self.legal:
            self.refuse("You can pass only when you would place a die.")
            return
        if self.flow == "pass":
            self.choose(cmd.PassTurn())
            return
        self.flow = "pass"
        self._draw()

    def _pick(self, kind: type, why: str) -> None:
        if self._not_now():
            return
        for c in self.legal:
            if isinstance(c, kind):
                self.choose(c)
                return
        self.refuse(why)

    def action_move(self) -> None:
        self._pick(cmd.Move, "You can move only through the route you just placed a die on.")

    def action_stay(self) -> None:
        self._pick(cmd.Skip, "There is nothing to stay for now.")

    def action_complete(self) -> None:
        """At the end of a turn, put the cursor on the next quest that can be completed."""
        if self._not_now():
            return
        quests = [i for i, c in enumerate(self.choices) if isinstance(c, cmd.Complete)]
        if self.flow != "list" or not quests:
            self.refuse("None of your quests can be completed now: you complete them at the end of your turn, "
                        "on the field they ask for.")
            return
        after = [i for i in quests if i > self.cursor]
        self.cursor = after[0] if after and isinstance(self.choices[self.cursor], cmd.Complete) else quests[0]
        self._draw()

    def action_end(self) -> None:
        self._pick(cmd.End, "You end your turn after placing a die (or finishing what your field asks).")

    def back(self) -> bool:
        """Step back out of a Rabbit or a pass half made (escape); whether there was one."""
        if self.flow in ("rabbit", "pass", "actions"):
            self.flow, self.cursor, self.choices = "place", 0, []
            self._draw()
            return True
        return False

    async def on_key(self, event) -> None:
        if event.key == "escape" and self.back():
            event.stop()
            event.prevent_default()
            return
        action = self.REFUSING.get(event.key)
        if action is not None and self.view is not None and not self.check_action(action, ()):
            # not possible now: its action says why, rather than nothing happening
            event.stop()
            event.prevent_default()
            hold = self.key_holder()  # a shared game holds keys while a move travels
            if hold is None or not hold(event.key):
                getattr(self, f"action_{action}")()
            return
        await super().on_key(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.view is None or not self.active:  # a finished table, or another's turn: no move offered
            return False if action in ("confirm", "rabbit", "pass", "end", "complete", "actions", "move",
                                       "stay") else True
        if action == "rabbit":
            return any(isinstance(c, cmd.Rabbit) for c in self.legal)
        if action == "pass":
            return cmd.PassTurn() in self.legal
        if action == "end":
            return cmd.End() in self.legal
        if action == "complete":
            return any(isinstance(c, cmd.Complete) for c in self.legal)
        if action == "actions":
            return bool(self._actions())
        if action == "confirm":
            return bool(self.flow)
        return True

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        compact = self.compact
        lit: set[str] = set()
        cursor = ""
        if self.flow in ("place", "rabbit"):
            sockets = self._sockets()
            lit = {getattr(c, "socket", getattr(c, "route", "")) for c in sockets}
            if sockets:
                c = sockets[self.cursor % len(sockets)]
                cursor = getattr(c, "socket", getattr(c, "route", ""))
        rows = 17 if compact or not self.is_mounted else min(25, max(17, self.app.size.height - 15))
        self.map.show(v, self.names, rows, lit, cursor)
        self.side.set_lines(self._side(compact))
        self.ask.set_lines(self._ask())
        self.show_details(self._details())
        self.refresh_bindings()

    def _details(self) -> str:
        """What the card under the cursor does (a Magic Item, a Character, a Story card,
        an ability), for the details line; "" when the choice is no card."""
        v = self.view
        if v is None or not self.active:
            return ""
        if self.flow in ("list", "actions") and self.choices:
            return self._choice_text()
        if self.flow == "place":
            sockets = self._sockets()
            c = sockets[self.cursor % len(sockets)] if sockets else None
            helped = choice_details(c, v) if c is not None else ""
            if helped:
                return helped
            if c is not None and c.socket in SPIRIT_TEXT:
                return SPIRIT_TEXT[c.socket]
        if self.flow in ("place", "rabbit", "pass") and v.event and self.compact:  # its text has no room beside
            e = EVENTS[v.event]
            return f"This chapter, {e.name}: {e.text}"
        return ""

    def _choice_text(self) -> str:
        """The details line for the choice under the cursor: what its card does; when the
        row cannot show every choice whole, first "3/7" and the choice in full words
        (``choice_words``: a trade offer with each card by name), so each can be read."""
        v = self.view
        c = self.choices[self.cursor % len(self.choices)]
        text = choice_details(c, v)
        if v.windows and not v.prompts and self._asking().startswith("window:") and v.windows[-1].trigger == "quests":
            drawn = [CARDS.quests[q] for q in v.windows[-1].subject.split(",") if q in CARDS.quests]
            if not text and drawn:  # "no item": what was drawn, in full
                text = "Drawn: " + " ".join(f"{q.name} ({q.ap} AP): {q.text}" for q in drawn)
        if not text and self._asking() == "trade" and v.offer is not None:  # the offer, each card by name
            text = offer_words(v.offer, self.names, v.me)
        if self.row_whole:
            return text
        words = choice_words(c, v, self.names)
        where = f"{self.cursor % len(self.choices) + 1}/{len(self.choices)} "
        if not text or text.startswith(words) or text.startswith(words.split(" (")[0] + " ("):  # a quest: its text
            return where + (text or words)
        return f"{where}{words} — {text}"

    def _side(self, compact: bool) -> list[Line]:
        v = self.view
        names = self.names
        letters = initials(names)
        out: list[Line] = []
        chapter = chapter_text(v) if v.chapter else "Setup"
        if compact and v.chapter:  # 24 columns: "Ch 2/6 · start bob"
            total = CHAPTERS.get(v.options.length)
            chapter = f"Ch {v.chapter}/{total}" if total else f"Ch {v.chapter}"
        head: list[Run] = [(chapter, "panel--bold")]
        width = self.side.content_region.width or 22
        start = names[v.start] if 0 <= v.start < len(names) else ""
        if compact:  # 80×24: the Event by name (its text is the details line's while placing)
            if v.event:
                head.append((" · " + EVENTS[v.event].name, "panel--special"))
            out.append(tuple(head))
        else:
            if start:
                head.append((f" · start {start}", "panel--muted"))
            out.append(tuple(head))
            if v.event:
                e = EVENTS[v.event]
                out += wrap(((e.name + ": ", "panel--special panel--bold"), (e.text, "")), width)
        if v.options.mode == "competitive" and compact:  # one row: the start player, the decks' counts by 2, 3, 4 AP
            counts = "·".join(str(n) for _, n in sorted(v.decks.items()))
            out.append(((f"start {start} · {counts}" if start else f"decks {counts}", "panel--muted"),))
        elif v.options.mode == "competitive":
            decks = " ".join(f"{k}AP:{n}" for k, n in sorted(v.decks.items()))
            out += wrap(((f"decks {decks} · rabbits {v.rabbits}", "panel--muted"),), width)
        else:
            total = sum(CARDS.quests[q].ap for p in v.players for q in p.done)
            edges = BANDS[min(v.n, 5)]
            nxt = next((e for e in edges if total < e), None)
            out += wrap(((f"together {total} AP" + (f" · next band at {nxt}" if nxt else " · top band"),
                          "panel--good"),), width)
        if v.me is not None:
            out += self._mine(v, v.me, compact)
        trade = wrap((("Trade: ", "panel--warn panel--bold"), (offer_text(v.offer, names, v.me), "panel--warn")),
                     width) if v.offer is not None else []
        if trade and not compact:  # with room under your own rows; at 80×24 at the end
            out += [(), *trade]
        if not compact or v.me is None:
            out.append(())
        for seat, p in enumerate(v.players):
            if seat == v.me:
                continue
            ap = sum(CARDS.quests[q].ap for q in p.done)
            dice = " ".join(die_label(d, f) for d, f in p.pool) or ("passed" if p.passed else "no dice")
            # whose turn: ▶ before the row; at 80×24 the letter reversed instead, tokens tight
            turn = seat == v.turn
            runs: list[Run] = [] if compact else [("▶" if turn else " ", "panel--warn")]
            mark = " panel--cursor" if compact and turn else ""
            where, tokens = f"{LOCS[p.at].code} {ap}AP ", tokens_short(p.tokens, tight=True)
            items = f" {len(p.magic)}i" if p.magic else ""
            # with room, a bot's strength too ("bot3 (hard bot)"), as far as the row has room
            rest = sum(len(text) for text, _ in runs) + 3 + len(where) + len(tokens) + len(items) + len(f" · {dice}")
            shown = names[seat] if compact else self.label(names, seat, max(len(names[seat]), width - rest))
            runs += [(letters[seat], player_class(seat) + " panel--bold" + mark),
                     (f" {shown} ", "panel--bold"), (where, ""), (tokens, "panel--muted")]
            if items:
                runs.append((items, "panel--special"))
            if not compact:
                runs.append((f" · {dice}", ""))
            note = self.seat_note(seat)  # "away": after the name where the row has room, else under it
            if note and not compact:
                runs.insert(3, (f"· {note} ", "panel--warn"))  # after " name "
            out.append(tuple(runs))
            if note and compact:
                out.append(((f"  {note}", "panel--warn"),))
            if not compact:  # with room: the Character (by code), Story cards and quests, whole, on the rows they take
                parts = [x for x in (character_code(p, v), ", ".join(story_short(x) for x in p.stories)) if x]
                if v.options.mode == "competitive":
                    parts.append("quests: " + (", ".join(quest_short(q) for q in p.quests) or "none"))
                if parts:
                    out += [(("   ", ""), *row) for row in wrap(((" · ".join(parts), "panel--muted"),), width - 3)]
        if compact:  # 80×24: the others' Characters on one row, by code (ability ready ✓, Thumbling's draws)
            who: list[Run] = []
            for seat, p in enumerate(v.players):
                text = character_code(p, v)
                if seat != v.me and text:
                    who += [(" ", "")] if who else []
                    who += [(letters[seat], player_class(seat) + " panel--bold"), (f" {text}", "panel--special")]
            if who:
                out += wrap(tuple(who), width)
            out += trade
        return out

    def _mine(self, v: Any, seat: int, compact: bool) -> list[Line]:
        p = v.players[seat]
        names = self.names
        out: list[Line] = []
        ap = sum(CARDS.quests[q].ap for q in p.done)
        rabbits = f" r{p.rabbits}" if p.rabbits else ""
        where = LOCS[p.at].code if compact else LOCS[p.at].name
        out.append((("▶" if seat == v.turn else " ", "panel--warn"),
                    (f"{names[seat]} (you) {where} {ap}{'' if compact else ' '}AP", "panel--bold"),
                    (rabbits if compact else "", "")))
        # 80×24: the dice and the tokens on one row ("M1 S2 B3 D3 P3 · 0c0b0a")
        dice: list[Run] = [("dice ", "panel--muted")] if v.chapter and not compact else []
        chosen = self._dice()[self.die % len(self._dice())] if self.flow == "place" and self._dice() else ""
        for d, f in p.pool:
            dice += [(die_label(d, f), "panel--cursor" if d == chosen else "panel--bold"), (" ", "")]
        if not p.pool and v.chapter:
            dice.append(("passed " if p.passed else "none left ", ""))
        if compact:
            dice += [("· " if dice else "", "panel--muted"), (tokens_short(p.tokens, tight=True), "")]
        if dice:
            out.append(tuple(dice))
        extra = f" · rabbit {p.rabbits}" if p.rabbits else ""
        items = f" · {', '.join(p.items)}" if p.items else ""
        if not compact:
            out.append(((tokens_short(p.tokens) + extra + items, ""),))
        elif p.items:
            out.append(((", ".join(p.items), ""),))
        if compact:  # 80×24: each Magic Item on a row of its own (what it does: a, or ?)
            out += [(("◆ " + item_short(i), "panel--special"),) for i in p.magic]
        out += self._cards(v, p, compact)
        quests = v.table if v.options.mode == "cooperative" else p.quests
        more = 0
        if v.options.mode == "cooperative":  # the shared table: those ready here first
            met = [q for q in quests if quest_met(p, q)]
            out.append(((f"{len(quests)} open, {len(met)} ready here", "panel--muted"),))
            shown = 3 if compact else 8
            quests = (met + [q for q in quests if q not in met])[:shown]
            more = len(v.table) - len(quests)
        for q in quests:
            ready = quest_met(p, q)
            out.append(((" ✓ " if ready else " · ", "panel--good" if ready else "panel--muted"),
                        (f"{CARDS.quests[q].ap}AP ", "panel--bold"), (quest_short(q, wide=not compact), "")))
        if more > 0:
            out.append(((f"   +{more} more" if compact else f"   and {more} more on the table", "panel--muted"),))
        return out

    def _cards(self, v: Any, p: Any, compact: bool) -> list[Line]:
        """The seat's Character, Magic Items and Story cards in front (full game); on
        one line when compact (80×24 holds five players)."""
        width = self.side.content_region.width or 22
        runs: list[Run] = []
        if p.character in CHARACTERS:
            runs.append((character_text(p, v, short=compact), "panel--special"))
        if compact:
            if p.stories:
                runs.append((f" · {len(p.stories)} Story card{'s' if len(p.stories) > 1 else ''}", "panel--warn"))
            return [tuple(runs)] if runs else []
        out: list[Line] = [tuple(runs)] if runs else []
        out += [(("◆ " + (ITEMS[i].name if i in ITEMS else "a Magic Item"), "panel--special"),) for i in p.magic]
        for x in p.stories:
            out += wrap(((" " + story_short(x), "panel--warn" if STORIES[x].type == "curse" else "panel--good"),),
                        width)
        return out

    def _held(self) -> list[Line]:
        """With room (120×40), under the question: what the seat's Character and Magic
        Items do, as held (the same words the rules screen lists)."""
        v = self.view
        if self.compact or v is None or v.me is None:
            return []
        p = v.players[v.me]
        width = max(20, (self.ask.content_region.width or 66) - 1)
        out: list[Line] = []
        if p.character in CHARACTERS and v.options.characters == "abilities":
            c = CHARACTERS[p.character]
            out += wrap(((c.name, "panel--special"), (": " + c.text, "panel--muted")), width)
        for i in p.magic:
            if i in ITEMS:
                out += wrap((("◆ " + ITEMS[i].name, "panel--special"), (": " + ITEMS[i].text, "panel--muted")), width)
        return out

    def _ask(self) -> list[Line]:
        return [*self._asked(), *self._held()]

    def _asked(self) -> list[Line]:
        v = self.view
        if v.phase == "over":
            return [(("The story ends: see the result.", "panel--good panel--bold"),)]
        if not self.active:
            return [((f"Waiting: {self.phase_text(v, self.names)}.", "panel--warn"),)]
        if self.flow == "pass":
            return [key_hints((("p", "pass"), ("esc", "back"))),
                    (("Pass for the rest of this chapter? Your unused dice stay unused.", "panel--bold"),)]
        if self.flow in ("place", "rabbit"):
            return self._ask_place()
        asking = "actions" if self.flow == "actions" else self._asking()
        n = len(self.choices)
        extra: list[tuple[str, str]] = [("esc", "back")] if self.flow == "actions" else []
        if asking == "move":
            extra = [("m", "move"), ("s", "stay")]
        if asking == "complete":
            extra = [("c", "quest"), ("e", "end turn")] if any(
                isinstance(c, cmd.Complete) for c in self.choices) else [("e", "end turn")]
        head = key_hints(((f"←→/1–{n}" if n > 1 else "1", "choose"), ("enter", "answer"), *extra))
        row = self._choice_row([command_label(c, v, self.names) for c in self.choices])
        question = QUESTION.get(asking, "Choose.")
        if asking.startswith("window:") and v.windows:
            question = window_question(v.windows[-1], v, self.names, wide=not self.compact)
        if asking == "keep" and v.king:
            question = "The King: keep one of these Quest cards; the others go under their decks."
        if asking == "bad_luck" and v.prompts[0].story in STORIES and not self.compact:
            question = f"Bad Luck, {STORIES[v.prompts[0].story].name}: choose which effect you suffer."
        if asking == "trade" and v.offer is not None:
            question = offer_text(v.offer, self.names, v.me) + ": accept or refuse?"
            if self.compact:  # the offer in full on the rows below
                question = f"{self.names[v.offer.seat]} offers you a trade: accept or refuse?"
        width = max(20, (self.ask.content_region.width or 56) - 1)
        asked = wrap(((question, "panel--bold"),), width)
        if self.compact:  # 80×24 has three rows: the keys (or the question's second row), the question, the choices
            if len(asked) == 1:
                return [head, asked[0], tuple(row)]
            return [asked[0], ellipsis(asked[1], width), tuple(row)]
        return [head, *asked, tuple(row)]

    def _choice_row(self, labels: list[str]) -> Line:
        """The numbered choices on one row, the cursor's reversed; when they do not all
        fit the panel, the ones around the cursor with "…" where some are left out."""
        width = max(20, (self.ask.content_region.width or 56) - 1)
        items = [f"{i + 1}:{label}" for i, label in enumerate(labels)]
        lo = hi = self.cursor
        used = len(items[lo]) if items else 0
        while True:
            grown = False
            if hi + 1 < len(items) and used + 2 + len(items[hi + 1]) + 4 <= width:
                hi += 1
                used += 2 + len(items[hi])
                grown = True
            if lo > 0 and used + 2 + len(items[lo - 1]) + 4 <= width:
                lo -= 1
                used += 2 + len(items[lo])
                grown = True
            if not grown:
                break
        row: list[Run] = [("… ", "panel--muted")] if lo > 0 else []
        for i in range(lo, hi + 1):
            if i > lo:
                row.append(("  ", ""))
            number, label = items[i].split(":", 1)
            row += [(number + ":", "panel--muted"), (label, "panel--cursor" if i == self.cursor else "panel--bold")]
        if hi < len(items) - 1:
            row.append((" …", "panel--muted"))
        self.row_whole = lo == 0 and hi == len(items) - 1 and used <= width
        return tuple(row)

    def _ask_place(self) -> list[Line]:
        v = self.view
        sockets = self._sockets()
        if self.flow == "rabbit":
            head = key_hints((("tab/↑↓", "route"), ("enter", "hop"), ("esc", "back")))
            what = "Rabbit token: hop along a route from your field, even a full or banned one."
        else:
            pairs = [("←→", "die"), ("tab/↑↓", "socket"), ("enter", "place")]
            if any(isinstance(c, cmd.Rabbit) for c in self.legal):
                pairs.append(("r", "rabbit"))
            if self._actions():
                pairs.append(("a", "items"))
            pairs.append(("p", "pass"))
            head = keys_line(pairs, max(20, (self.ask.content_region.width or 56) - 1))
            dice = self._dice()
            if not dice:
                what = "None of your dice fits a socket: pass (p)" + (" or use a Rabbit token (r)." if any(
                    isinstance(c, cmd.Rabbit) for c in self.legal) else ".")
                return [head, ((what, "panel--warn"),)]
            die = dice[self.die % len(dice)]
            face = v.players[v.me].face(die)
            shown = face if isinstance(face, int) else f"{FACE_NAME[face]} (6)"
            what = f"Place your {DIE_NAME[die]} showing {shown} ({die_label(die, face)})."
        width = max(20, (self.ask.content_region.width or 56) - 1)
        asked = wrap(((what, "panel--bold"),), width)
        out = [head, *asked]
        if self.compact and len(asked) > 1:  # 80×24: the keys give way to the sentence's second row
            out = [asked[0], ellipsis(asked[1], width)]
        if sockets:
            c = sockets[self.cursor % len(sockets)]
            socket = getattr(c, "socket", getattr(c, "route", ""))
            where = socket_name(socket)
            to = route_from(v, v.me, socket)
            then = f" → you may move to {LOCS[to].name}" if to else ""
            if socket in SPIRIT_SHORT:
                then = " → " + SPIRIT_SHORT[socket]
            using = getattr(c, "using", "")
            if using:
                then = f" with {ITEMS[using].name if using in ITEMS else CHARACTERS[using].name}" + then
            out.append(((f"{self.cursor % len(sockets) + 1}/{len(sockets)} ", "panel--muted"),
                        (where[0].upper() + where[1:], "panel--cursor"), (then, "")))
        return out


__all__ = ["DiceUponATimeTable", "player_class"]
