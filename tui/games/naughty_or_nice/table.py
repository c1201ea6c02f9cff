"""Naughty or Nice's table: card rows (``board``), what the game asks now with
its keys, and the log.

Everything drawn comes from the view of the seat at the keyboard and the commands it
may give now (``legal``); a key for something the rules refuse is answered with the
engine's own sentence. The keys:

- On your turn: ``c`` craft (1–3 pick row places, the rest come from the deck; enter
  takes), ``s`` summon, ``f`` fulfill (←→ or 1–8 choose the kiddo, enter; then ←→ move
  along your presents, space gives or keeps one, ``a`` chooses a set that fits and
  scores the most (``best_fit``), ``g`` adds Caga Tió, enter gives), ``p`` plays a
  creature (choose it, then its target),
  ``e`` ends the turn; Santa: ``h`` searches for a reindeer, ``t`` tucks one under
  Rudolf; La Befana: ``w`` sweeps a kiddo away.
- A question (a gift giver, which summoned creature to keep, the Elves' pick,
  Christkindl's draw, a reaction window): ←→ or a number choose (two digits past 9,
  ``DigitEntry``; a kiddo's number is its playground place), enter answers; ``n``
  passes where passing is allowed (a window, Grandfather Frost, Snow Maiden,
  Christkindl).
- escape steps back out of a choice half made (then leaves the table as usual).

Under the answers a details line says what the highlighted card does (a gift giver, a
creature, a present, a kiddo: ``cards``, the text ``?`` lists under "Every
card"). It fits 80×24 at 5 players (no frames, a line per player and per row of
kiddos, the answers in at most two rows that scroll with the cursor); with room
(120×40) the rows are framed and the log stands beside the hand. What a level leaves
out ("Modularity") is not shown: gift givers below level 2, set symbols below 5.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from engine.core.reactions import Pass
from engine.games.naughty_or_nice.commands import DECK, Craft, End, Fulfill, Play, React, Search, Summon, Sweep, Tuck
from engine.games.naughty_or_nice.data import COLOUR_LETTER, CREATURES, KIDDOS, PRESENTS
from engine.games.naughty_or_nice.words import fulfill_points

from ...widgets.digits import DigitEntry
from ...widgets.lines import Line, Run, key_hints, plain
from ..base import GameTable
from .ask import (AskPanel, Card, Choice, choices_for, creature_choices, details_line, target_question,
                          window_text)
from .board import (NNPanel, creature_line, deck_text, hand_lines, hand_presents, kiddos_line, player_line,
                            playground_lines, row_line, wish_runs)
from .cards import card_texts, kiddo_card
from ...support.contracts import HoldsKeys

#: What the table says at a hot seat once a person's turn is over, whether it ended by
#: itself or waits for their ``e`` (then ``e`` ends it): ``e`` hands the keyboard on.
TURN_OVER = "Your turn is over: e passes the keyboard."
#: Below this many columns or rows the table is compact (no frames).
COMPACT_BELOW = (110, 30)
#: Rows the answers and the details below them may take: (compact, with room).
CHOICE_ROWS = (2, 4)
DETAIL_ROWS = (3, 4)


def best_fit(fits: Sequence[Fulfill], view: Any) -> Fulfill:
    """Of ``fits`` (Fulfills of one kiddo that the rules accept), one that scores the
    most for the seat whose ``view`` this is: the gift giver's preferred presents count
    ("Fulfill Wishes", by ``words.fulfill_points``, the count a hint's words use); of
    those, one that gives the fewest presents (Saint Nicholas may leave a black wish
    unfilled at no cost), then the first in hand order."""
    return max(fits, key=lambda c: (fulfill_points(view, c.slot, c.presents, c.caga), -len(c.presents)))


class NaughtyOrNiceTable(GameTable):
    """The Naughty or Nice table widget (see the module docstring for the keys)."""

    COMPACT_BELOW = COMPACT_BELOW
    LESSON_KEEP = "nn-ask"
    END_TURN = End()
    LEGEND = (
        "- Presents and wishes show their colour's letter: R red, B blue, K black, G green. "
        "Present codes: ST Stockings, CA Cap, SW Sweater (red); BE Beigli, HC Hot Chocolate, FO Fondant (blue); "
        "OP Old Potatoes, CO Coal, BI Birch (black); TB Teddy Bear, SL Sleigh, CR Crayons (green).\n"
        "- The playground: each kiddo's place (1–8), name, set symbol (level 5; at 80 columns its first letter: "
        "b bell, c candle, h heart, s snowflake, t tree) and wishes.\n"
        "- A player's line: ▶ whose turn it is, the gift giver (from level 2), the score, kiddos (by symbol at "
        "level 5), presents (p) and creatures (c) in hand, Rudolf's reindeer, and "
        "\"skips\" when Mr Scrooge makes them skip a turn.\n"
        "- Under a question, the details line says what the highlighted card does.\n"
        "- Your creatures marked (new) came to your hand this turn: they can be played from the next turn on.\n"
        "- In a choice, [brackets] mark what you have chosen."
    )

    #: Each key's help on the rules screen is its ``tooltip`` (``tui.support.key_help``):
    #: bindings in a row with the same tooltip make one line ("←/→").
    BINDINGS = [
        Binding("c", "craft", "Craft", tooltip="craft — 1–3 pick places of the row (the rest come from the deck), "
                                               "enter takes"),
        Binding("s", "summon", "Summon", tooltip="summon two creatures, then keep one"),
        Binding("f", "fulfill", "Fulfill", tooltip="fulfill — ←/→ or 1–8 choose the kiddo, enter; then ←/→ and space "
                                                   "choose presents (a, g), enter gives"),
        Binding("p", "creature", "Creature", tooltip="play a creature — choose it, then its target (a player, a "
                                                     "present, a kiddo, how many reindeer)"),
        *[Binding("e", action, word, tooltip="end your turn (once it ended by itself: pass the keyboard on)")
          # the same key once the turn ended by itself, named for what it does then
          for action, word in (("end", "End turn"), ("pass_keyboard", "Pass keyboard"))],
        Binding("n", "pass", "Pass", tooltip="pass (a reaction window, Grandfather Frost, Snow Maiden, Christkindl's "
                                             "draw)"),
        Binding("enter", "confirm", "OK", tooltip="answer the question, or take what is chosen; escape steps back "
                                                  "out of a choice half made"),
        *[Binding(key, f"move({step})", "choose", show=False,
                  tooltip="choose an answer to a question (a gift giver, which creature to keep, a reaction), a "
                          "kiddo or a present")
          for key, step in (("left", -1), ("right", 1))],
        *[Binding(str(d), f"digit({d})", str(d), show=False,
                  tooltip="choose by number: an answer (past 9 two digits, 1 then 2 for 12), a kiddo by its place")
          for d in range(0, 10)],
        Binding("space", "toggle", "toggle", show=False, tooltip="when fulfilling: give or keep the present chosen"),
        Binding("a", "auto", "fits", show=False, tooltip="when fulfilling: pick a set that fits and scores the most "
                                                         "(your gift giver's preferred presents count)"),
        Binding("g", "caga", "Caga Tió", show=False, tooltip="when fulfilling: add Caga Tió (g again leaves it out)"),
        Binding("h", "search", "search", show=False, tooltip="Santa searches for a reindeer (start of his turn)"),
        Binding("t", "tuck", "tuck", show=False, tooltip="Santa tucks a reindeer from his hand under Rudolf"),
        Binding("w", "sweep", "sweep", show=False, tooltip="La Befana sweeps a kiddo away (start of her turn)"),
    ]

    DEFAULT_CSS = """
    NaughtyOrNiceTable {
        height: 1fr; layout: vertical;
        NNPanel { height: auto; padding: 0 1; }
        #nn-board { border: round $panel-lighten-2; }
        #nn-players { border: round $panel-lighten-2; }
        #nn-lower { height: 1fr; layout: horizontal; }
        #nn-left { width: 1fr; height: 100%; }
        #nn-hand { border: round $panel-lighten-2; }
        #nn-ask { border: round $accent; min-height: 4; height: 1fr; }
        #log { width: 46; height: 100%; }
        &.-compact {
            NNPanel { padding: 0; border: none; min-height: 0; }
            #nn-ask { height: auto; min-height: 0; }
            #nn-board, #nn-players, #nn-hand, #nn-ask { border: none; }
            #nn-lower { layout: vertical; }
            #nn-left { height: auto; }
            #log { width: 1fr; height: 1fr; border: none; border-top: solid $panel-lighten-2; padding: 0; }
        }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.flow = ""  # "", "craft", "kiddo", "gifts", "list"
        self.choices: list[Choice] = []
        self.question = ""
        self.cursor = 0
        self.picked: set[int] = set()  # craft: row places chosen
        self.slot = -1  # fulfill: the kiddo's place
        self.marks: list[bool] = []  # fulfill: hand presents chosen
        self.caga = False
        self._step_key: Any = None
        self.board = NNPanel(id="nn-board", overflow="crop")
        self.players = NNPanel(id="nn-players", overflow="ellipsis")
        self.hand = NNPanel(id="nn-hand")
        self.ask = AskPanel(id="nn-ask")
        self.digits = DigitEntry()
        self.board.border_title = "present row and playground"
        self.players.border_title = "players"
        self.hand.border_title = "your hand"

    def compose(self) -> ComposeResult:
        yield self.board
        yield self.players
        with Vertical(id="nn-lower"):
            with Vertical(id="nn-left"):
                yield self.hand
                yield self.ask
            yield self.log_pane

    def on_resize(self, event) -> None:
        self.fit_compact()
        self.ask.choice_rows = CHOICE_ROWS[0 if self.compact else 1]
        self.ask.detail_rows = DETAIL_ROWS[0 if self.compact else 1]
        self._draw()

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Always: every seat holds a secret hand from the start."""
        return True

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every gift giver, creature, present and kiddo with its text (``cards``)."""
        return card_texts()

    @staticmethod
    def turn_of(view: Any) -> tuple[int, int] | None:
        """``(turn number, seat)`` once play has begun (None during setup and after the
        end): after the basic action the turn ends by itself when no creature in hand may
        be played (RULES.md, "Taking a turn"), else it waits for ``e``."""
        if view.phase != "play" or view.turns == 0:
            return None
        return view.turns, view.turn

    #: What the seat owing a prompt does, by the prompt's kind: (with room, at 80 columns).
    PROMPT_WORDS = {
        "keep": ("{} to keep a creature", "{} keeps a creature"),
        "pick": ("Elves: {} to pick a present", "Elves: {} picks"),
        "draw": ("Christkindl: {} may draw a present", "Christkindl: {} draws"),
        "moroz": ("Grandfather Frost: {} may take a basic action", "Frost: {} may act"),
        "repeat": ("Snow Maiden: {} may repeat the action", "Snow Maiden: {} repeats"),
        "giver": ("{} to choose a gift giver", "{} chooses a gift giver"),
    }

    def _narrow(self) -> bool:
        """Whether the screen is narrower than ``COMPACT_BELOW`` (the status line's words
        are then the short ones)."""
        try:
            width = self.app.size.width
        except Exception:  # not in an app (yet)
            return False
        return 0 < width < COMPACT_BELOW[0]

    def phase_text(self, view: Any, names: Sequence[str]) -> str:
        """``Setup: ann to choose a gift giver`` · ``Turn 7: ann`` · ``… · bob may react``;
        at 80 columns the short words, and midnight left to the deck line."""
        name = lambda seat: names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"  # noqa: E731
        narrow = self._narrow()
        if view.phase == "over":
            totals = [dict(rows).get("total", 0) for rows in view.scores]
            best = max(totals, default=0)
            top = [name(i) for i, t in enumerate(totals) if t == best]
            return f"{' and '.join(top)} {'win' if len(top) > 1 else 'wins'} with {best} points"
        if view.phase == "setup" or view.turns == 0:
            prompt = view.prompts[0] if view.prompts else None
            return f"Setup: {name(prompt.seat)} to choose a gift giver" if prompt else "Setup"
        text = f"Turn {view.turns}: {name(view.turn)}"
        if view.midnight_struck and not narrow:
            text += " · after midnight"
        if view.prompts:
            p = view.prompts[0]
            words = self.PROMPT_WORDS.get(p.kind, ("{} to choose", "{} chooses"))[1 if narrow else 0]
            if p.seat != view.turn or p.kind != "keep":
                text += " · " + words.format(name(p.seat))
        elif view.windows:
            waiting = view.windows[-1].waiting
            if waiting:
                text += f" · {name(waiting[0])} may react"
        return text

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        key = (view.me, view.turns, view.acted, view.prompts, view.windows, view.held, len(legal), self.turn_over,
               view.players[view.me] if view.me is not None else None, view.row, view.playground)
        if key != self._step_key:  # a new question: half-made choices are dropped
            self._step_key = key
            self._reset()
        self._draw()

    # ------------------------------------------------------------------ flows
    def _reset(self) -> None:
        """Start over at what the position asks: a list of answers for a question, else
        the turn's keys."""
        self.flow, self.choices, self.cursor, self.question = "", [], 0, ""
        self.picked, self.slot, self.marks, self.caga = set(), -1, [], False
        self.digits.reset()
        if not self.active or self.view is None:
            return
        v = self.view
        basic = [c for c in self.legal if isinstance(c, (Craft, Summon, Fulfill))]
        if v.prompts and v.prompts[0].kind in ("moroz", "repeat"):
            return  # the turn's keys, with n to pass
        if v.prompts or v.windows:
            if not basic:
                self._list(self.legal, self._prompt_question())

    def _list(self, commands: list[Any], question: str) -> None:
        self.flow = "list"
        self.choices = choices_for(commands, self.view, self.names)
        self.question = question
        self.cursor = 0
        self.digits.reset()

    def _prompt_question(self) -> str:
        v = self.view
        if v.prompts:
            p = v.prompts[0]
            if p.kind == "giver":
                return "Choose your gift giver."
            if p.kind == "keep":
                return "You summoned " + " and ".join(CREATURES[c].name for c in v.summoning) + ": keep one."
            if p.kind == "pick":
                return "The Elves revealed presents: take one."
            if p.kind == "draw":
                return "Christkindl: you were aimed at. Draw a present (row or deck), or pass."
        if v.windows:
            can = {c.creature for c in self.legal if isinstance(c, React)}
            if can == {"TO"}:
                return f"{window_text(v, self.names)}.\nCancel it with your Tomte, or pass (n)."
            if can == {"PW"}:
                return f"{window_text(v, self.names)}.\nTake two of them with Papa Wolverine, or pass (n)."
            if can:
                return f"{window_text(v, self.names)}.\nReact, or pass (n)."
            return f"{window_text(v, self.names)}.\nNothing to react with: pass (n or enter)."
        return "Choose."

    def _commands(self, kind: type) -> list[Any]:
        return [c for c in self.legal if isinstance(c, kind)]

    def _not_now(self) -> bool:
        """Refuse a key when this seat cannot act; whether it was refused."""
        if self.view is None:
            return True
        if self.turn_over:
            self.refuse(TURN_OVER)
            return True
        if not self.active:
            self.refuse("The game is over." if self.view.phase == "over" else "It is not your turn.")
            return True
        return False

    def _in_question(self) -> bool:
        """Whether a question (a list that is not a step of the turn's keys) is up."""
        v = self.view
        return bool(v.prompts and v.prompts[0].kind not in ("moroz", "repeat")) or bool(v.windows and not v.prompts)

    def _start(self, kind: type, what: str) -> list[Any] | None:
        """The legal commands of ``kind`` for a turn key, or None after saying why not."""
        if self._not_now():
            return None
        if self._in_question():
            self.refuse(f"First answer: {self._prompt_question()}")
            return None
        cs = self._commands(kind)
        if not cs:
            self.refuse(self._why_not(what))
            return None
        return cs

    def _why_not(self, what: str) -> str:
        v = self.view
        frost = bool(v.prompts and v.prompts[0].kind in ("moroz", "repeat"))  # a basic action out of turn
        if what in ("craft", "summon", "fulfill") and v.acted and not frost:
            return f"You took your basic action this turn ({v.acted}): play creatures (p) or end the turn (e)."
        if v.prompts and v.prompts[0].kind == "repeat":
            return f"Snow Maiden repeats your {v.prompts[0].action}: do that again, or pass (n)."
        return {
            "craft": "You cannot craft now.",
            "summon": "You cannot summon now: no creatures left, or this level has none.",
            "fulfill": "No kiddo's wishes can be met from your hand.",
            "play": "You have no creature you may play now (a new one waits until the next turn).",
            "end": "Take your basic action first: craft, summon or fulfill.",
            "search": "Only Santa searches, at the start of his turn, discarding 2 identical presents.",
            "tuck": "Only Santa tucks a reindeer from his hand under Rudolf.",
            "sweep": "Only La Befana sweeps a kiddo away, at the start of her turn.",
        }.get(what, "Not now.")

    def action_craft(self) -> None:
        if self._start(Craft, "craft") is None:
            return
        self.flow, self.picked = "craft", set()
        self._draw()

    def action_summon(self) -> None:
        cs = self._start(Summon, "summon")
        if cs:
            self.choose(cs[0])

    def action_fulfill(self) -> None:
        cs = self._start(Fulfill, "fulfill")
        if cs is None:
            return
        slots = sorted({c.slot for c in cs})
        self.flow, self.slot, self.cursor = "kiddo", -1, slots[0]
        self._draw()

    def action_creature(self) -> None:
        cs = self._start(Play, "play")
        if cs is None:
            return
        choices = creature_choices(cs, self.view, self.names)
        self.flow, self.choices, self.cursor = "list", choices, 0
        self.question = "Play which creature?"
        if len(choices) == 1 and choices[0].then is not None and choices[0].card is not None:
            # one creature, with targets: straight to its target (the question names it)
            self.choices, self.question = choices[0].then, target_question(choices[0].card[1])
        self.digits.reset()
        self._draw()

    def action_end(self) -> None:
        if self.turn_over:  # the turn ended by itself: e passes the keyboard on
            self.action_pass_keyboard()
            return
        if self._start(End, "end"):
            self.choose(End())

    def action_pass_keyboard(self) -> None:
        """``e`` once the turn ended by itself (``turn_over``; the footer then names it
        "Pass keyboard"): the keyboard passes on."""
        if self.turn_over:
            self.post_message(self.PassKeyboard())

    def action_pass(self) -> None:
        if self._not_now():
            return
        if Pass() in self.legal:
            self.choose(Pass())
        else:
            self.refuse("There is nothing to pass now: it is your turn (e ends it).")

    def action_search(self) -> None:
        cs = self._start(Search, "search")
        if cs:
            self._list(cs, "Santa: discard 2 identical presents to search for a reindeer.")
            self._draw()

    def action_tuck(self) -> None:
        cs = self._start(Tuck, "tuck")
        if cs:
            self.choose(cs[0])

    def action_sweep(self) -> None:
        cs = self._start(Sweep, "sweep")
        if cs:
            self._list(cs, "La Befana: sweep which kiddo out of the playground?")
            self._draw()

    def action_move(self, delta: int) -> None:
        if self._not_now():
            return
        if self.flow == "list" and self.choices:
            self.cursor = (self.cursor + delta) % len(self.choices)
        elif self.flow == "kiddo":
            slots = self._fulfill_slots()
            if slots:
                i = slots.index(self.cursor) if self.cursor in slots else 0
                self.cursor = slots[(i + delta) % len(slots)]
        elif self.flow == "gifts" and self.marks:
            self.cursor = (self.cursor + delta) % len(self.marks)
        self._draw()

    def action_digit(self, digit: int) -> None:
        if self._not_now():
            return
        if self.flow == "list":
            numbers = self._numbers()
            number = self.digits.press(digit, max(numbers, default=0))
            if number in numbers:
                self.cursor = numbers.index(number)
                self._draw()
            else:
                self.refuse(f"There is no choice {number if number is not None else digit}: "
                            f"choose {self._number_range()}.")
        elif self.flow == "craft":
            slot = digit - 1
            if slot > 2 or not self.view.row[slot]:
                self.refuse(f"There is no present in row place {digit}.")
            elif slot in self.picked:
                self.picked.discard(slot)
            elif len(self.picked) >= self._craft_count():
                self.refuse(f"Craft takes {self._craft_count()} presents.")
            else:
                self.picked.add(slot)
            self._draw()
        elif self.flow == "kiddo":
            if digit > 8:
                self.refuse("Playground places are 1–8.")
            elif digit - 1 in self._fulfill_slots():
                self.cursor = digit - 1
                self._draw()
            else:
                # the cursor goes where the player pointed, so enter cannot give to another kiddo
                if self.view is not None and self.view.playground[digit - 1] >= 0:
                    self.cursor = digit - 1
                    self._draw()
                self.refuse(f"The kiddo at {digit} cannot be fulfilled from your hand.")
        else:
            self.refuse("Choose first what to do: c craft, s summon, f fulfill, p play a creature.")

    def action_toggle(self) -> None:
        if self._not_now():
            return
        if self.flow == "gifts" and self.marks:
            self.marks[self.cursor] = not self.marks[self.cursor]
            self._draw()
        elif self.flow == "craft":
            self.refuse("Press 1–3 to pick row places, enter to take.")

    def action_auto(self) -> None:
        if self.flow != "gifts":
            return
        fits = [c for c in self._commands(Fulfill) if c.slot == self.slot and c.caga == self.caga]
        if not fits and not self.caga:  # only Caga Tió makes it fit
            fits = [c for c in self._commands(Fulfill) if c.slot == self.slot]
            self.caga = bool(fits)
        if not fits:
            self.refuse("No set of your presents fits this kiddo" + (" with Caga Tió." if self.caga else "."))
            return
        self._mark(best_fit(fits, self.view).presents)
        self._draw()

    def action_caga(self) -> None:
        if self.flow != "gifts":
            return
        if not any(c.caga for c in self._commands(Fulfill) if c.slot == self.slot):
            self.refuse("Caga Tió must have started the turn in your hand, and fill a wish.")
            return
        self.caga = not self.caga
        self._draw()

    def _mark(self, presents: Sequence[str]) -> None:
        want = Counter(presents)
        cards = hand_presents(self.view)
        self.marks = []
        for code in cards:
            self.marks.append(want[code] > 0)
            want[code] -= 1

    def _craft_count(self) -> int:
        cs = self._commands(Craft)
        return len(cs[0].sources) if cs else 2

    def _fulfill_slots(self) -> list[int]:
        return sorted({c.slot for c in self._commands(Fulfill)})

    def _chosen_gifts(self) -> tuple[str, ...]:
        cards = hand_presents(self.view)
        return tuple(sorted(c for c, m in zip(cards, self.marks) if m))

    def action_confirm(self) -> None:
        if self._not_now():
            return
        if self.flow == "list" and self.choices:
            choice = self.choices[self.cursor]
            if choice.then is not None:
                self.choices, self.cursor = choice.then, 0
                self.digits.reset()
                self.question = target_question(choice.card[1]) if choice.card else f"{choice.label}: which?"
                self._draw()
            else:
                self.choose(choice.command)
        elif self.flow == "craft":
            k = self._craft_count()
            sources = (*sorted(self.picked), *([DECK] * (k - len(self.picked))))
            self.choose(Craft(tuple(sources)))
        elif self.flow == "kiddo":
            if self.cursor not in self._fulfill_slots():
                self.refuse(f"The kiddo at {self.cursor + 1} cannot be fulfilled from your hand.")
                return
            self.flow, self.slot = "gifts", self.cursor
            self.marks = [False] * len(hand_presents(self.view))
            self.cursor, self.caga = 0, False
            self._draw()
        elif self.flow == "gifts":
            self.choose(Fulfill(self.slot, self._chosen_gifts(), self.caga))
        else:
            self.refuse("Choose first what to do: c craft, s summon, f fulfill, p play a creature, e end.")

    def back(self) -> bool:
        """Step back out of a choice half made (escape); whether there was one."""
        if self.flow in ("", "list") and (not self.flow or self._in_question()):
            return False
        if self.flow == "gifts":
            self.flow, self.cursor = "kiddo", self.slot
        else:
            self._reset()
        self._draw()
        return True

    #: Turn keys: hidden from the footer when not possible now, but still answered with why.
    TURN_KEYS = {"c": "craft", "s": "summon", "f": "fulfill", "p": "creature", "e": "end", "n": "pass",
                 "h": "search", "t": "tuck", "w": "sweep"}

    async def on_key(self, event) -> None:
        if event.key == "escape" and self.back():
            event.stop()
            event.prevent_default()
            return
        action = self.TURN_KEYS.get(event.key)
        shared = isinstance(self.screen, HoldsKeys)  # keys wait there for the room
        if action is not None and not shared and self.check_action(action, ()) is not True:
            event.stop()
            event.prevent_default()
            getattr(self, f"action_{action}")()  # refused with the reason
            return
        await super().on_key(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_keyboard":  # e's name in the footer once the turn ended by itself
            return True if self.turn_over else False
        if self.turn_over:
            return action not in ("end", "confirm", "pass", "craft", "summon", "fulfill", "creature")
        if self.view is None or not self.active:
            return False if action in ("confirm", "pass", "craft", "summon", "fulfill", "creature", "end") else True
        kinds = {"craft": Craft, "summon": Summon, "fulfill": Fulfill, "creature": Play, "end": End}
        if action in kinds:
            return True if self._commands(kinds[action]) and not self._in_question() else False
        if action == "pass":
            return True if Pass() in self.legal else False
        if action == "confirm":
            return True if self.flow else False
        return True

    # ------------------------------------------------------------------ drawing
    def _numbers(self) -> list[int]:
        """The number each answer is picked by (``Choice.number``, else its place)."""
        return [c.number or i + 1 for i, c in enumerate(self.choices)]

    def _number_range(self) -> str:
        numbers = self._numbers()
        low, high = min(numbers, default=1), max(numbers, default=1)
        return f"{low}–{high}" if high > low else str(low)

    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        compact = self.compact
        width = max(40, self.board.content_region.width or (self.size.width - 4))
        states: dict[int, str] = {}
        if self.flow == "kiddo":
            for s in self._fulfill_slots():
                states[s] = "legal"
            states[self.cursor] = "cursor"
        elif self.flow == "gifts":
            states[self.slot] = "chosen"
        elif self.flow == "list" and self.choices:
            c = self.choices[self.cursor].command
            slot = getattr(c, "slot", -1)
            if isinstance(c, (Sweep, Play)) and slot >= 0:
                states[slot] = "cursor"
        board: list[Line] = [
            row_line(v, self.picked if self.flow == "craft" else None, self.flow == "craft"),
            ((deck_text(v, compact), "panel--muted"),),
        ]
        if not compact:
            board.append(())
        rows = playground_lines(v, width, states, compact)
        if compact:
            board += rows
        else:
            board += rows[:2] + [()] + rows[2:]
        self.board.set_lines(board)
        notes = [f" · {self.seat_note(s)}" if self.seat_note(s) and s != v.me else "" for s in range(v.n)]  # "cyd · away"
        labels = [self.label(self.names, s) for s in range(v.n)]  # "bot3 (hard bot)"
        name_width = max((len(n) + (6 if s == v.me else 0) + len(notes[s]) for s, n in enumerate(labels)),
                         default=4)  # " (you)"
        self.players.set_lines([player_line(v, s, labels, compact, name_width, notes[s]) for s in range(v.n)])
        self.hand.display = v.me is not None
        if v.me is not None:
            self.hand.border_title = f"{self.names[v.me]}'s hand" if v.me < len(self.names) else "hand"
            hand: list[Line] = hand_lines(v, compact, self.marks if self.flow == "gifts" else (),
                                          self.cursor if self.flow == "gifts" else -1)
            if v.options.level >= 3:
                creatures = creature_line(v, compact)
                if compact and len(hand) == 1 and len(plain(hand[0])) + 2 + len(plain(creatures)) <= width:
                    hand[0] = (*hand[0], ("  ", ""), *creatures)  # one row at 80 columns when both fit
                else:
                    hand.append(creatures)
            if not compact:  # with room: one's own kiddos by name
                hand.append(kiddos_line(v))
            self.hand.set_lines(hand)
        if self.flow == "list":
            head, items, tail = self._ask_list()
            self.ask.set_ask(head, items, self.cursor, tail)
        else:
            self.ask.set_ask(self._ask(), (), 0, ())
        self.refresh_bindings()

    def _details(self, card: Card | None) -> list[Line]:
        """The details line of ``card`` at this game's level (none: no line)."""
        line = details_line(card, self.view.options.level)
        return [line] if line else []

    def _ask(self) -> list[Line]:
        """What the position asks, keys first (every flow but a list of answers)."""
        v = self.view
        if v.phase == "over":
            return [((self.phase_text(v, self.names) + ".", "panel--good panel--bold"),)]
        if self.turn_over:
            return [key_hints((("e", "pass the keyboard"),)), ((TURN_OVER, "panel--bold"),)]
        if not self.active:
            waiting = self.phase_text(v, self.names)
            return [((f"Waiting: {waiting}.", "panel--warn"),)]
        if self.flow == "craft":
            k = self._craft_count()
            rest = k - len(self.picked)
            took = [PRESENTS[v.row[i]].name for i in sorted(self.picked)] + ["deck"] * rest
            return [key_hints((("1–3", "pick row places"), ("enter", "take"), ("esc", "back"))),
                    ((f"Craft {k}: ", "panel--bold"), (" + ".join(took), ""))]
        if self.flow == "kiddo":
            name, text = kiddo_card(v.playground[self.cursor], v.options.level)
            return [key_hints((("←→/1–8", "choose the kiddo"), ("enter", "choose presents"), ("esc", "back"))),
                    (("Fulfill: ", "panel--bold"), (f"{self.cursor + 1} {name}", "panel--cursor"),
                     (" ", ""), *wish_runs(KIDDOS[v.playground[self.cursor]].wishes, " ")),
                    *self._details(("kiddo", v.playground[self.cursor]))]
        if self.flow == "gifts":
            return self._ask_gifts()
        return self._ask_turn()

    def _ask_list(self) -> tuple[list[Line], list[Line], list[Line]]:
        """A list of answers: the keys and the question, the answers (one Line each),
        and the details of the highlighted one."""
        n = len(self.choices)
        pass_key = [("n", "pass")] if Pass() in self.legal and self._in_question() else []
        numbers = self._numbers()
        digits = f"←→/{self._number_range()}" if n > 1 else str(numbers[0]) if numbers else "1"
        high = max(numbers, default=0)
        what = f"choose ({high}: type {' '.join(str(high))})" if high > 9 else "choose"
        back = [] if self._in_question() else [("esc", "back")]
        head = key_hints(((digits, what), ("enter", "answer"), *pass_key, *back))
        items: list[Line] = []
        for i, (choice, number) in enumerate(zip(self.choices, numbers)):
            style = "panel--cursor" if i == self.cursor else "panel--bold"
            items.append(((f"{number}:", "panel--muted"), (choice.label, style)))
        lines = [head, *(((part, "panel--bold"),) for part in self.question.split("\n"))]
        card = self.choices[self.cursor].card if self.choices else None
        return lines, items, self._details(card)

    def _ask_gifts(self) -> list[Line]:
        v = self.view
        k = KIDDOS[v.playground[self.slot]]
        chosen = self._chosen_gifts()
        fits = Fulfill(self.slot, chosen, self.caga) in self.legal
        head = key_hints((("←→", "move"), ("space", "give/keep"), ("a", "fits"),
                           *([("g", "Caga Tió")] if any(c.caga for c in self._commands(Fulfill)) else []),
                           ("enter", "give"), ("esc", "back")))
        given = " ".join(f"{c}" for c in chosen) or "nothing yet"
        line: list[Run] = [(f"{self.slot + 1} {k.name} wishes ", "panel--bold"), *wish_runs(k.wishes, " "),
                           (" · giving ", ""), (given, "panel--bold")]
        if self.caga:
            line.append((" + Caga Tió", "panel--special panel--bold"))
        if fits:
            line.append((" · fits: enter gives", "panel--good"))
        else:
            wanted = Counter(k.wishes) - Counter(PRESENTS[c].colour for c in chosen)
            extra = Counter(PRESENTS[c].colour for c in chosen) - Counter(k.wishes)
            hint = [f"still wished: {''.join(COLOUR_LETTER[c] * n for c, n in wanted.items())}"] if wanted else []
            if extra:
                hint.append(f"not wished: {''.join(COLOUR_LETTER[c] * n for c, n in extra.items())}")
            line.append((" · does not fit" + (": " + ", ".join(hint) if hint else ""), "panel--warn"))
        cards = hand_presents(v)
        here = [("present", cards[self.cursor])] if 0 <= self.cursor < len(cards) else []
        return [head, tuple(line), *self._details(here[0] if here else None)]

    def _ask_turn(self) -> list[Line]:
        v = self.view
        has = lambda kind: bool(self._commands(kind))  # noqa: E731
        pairs: list[tuple[str, str]] = []
        if has(Craft):
            pairs.append(("c", "craft"))
        if has(Summon):
            pairs.append(("s", "summon"))
        if has(Fulfill):
            pairs.append(("f", "fulfill"))
        if has(Play):
            pairs.append(("p", "creature"))
        if has(Search):
            pairs.append(("h", "search"))
        if has(Tuck):
            pairs.append(("t", "tuck"))
        if has(Sweep):
            pairs.append(("w", "sweep"))
        over = v.acted and not v.prompts and not any(has(kind) for kind in (Play, Search, Tuck, Sweep))
        if has(End):
            pairs.append(("e", "pass the keyboard" if over and self.shared_keyboard else "end turn"))
        if Pass() in self.legal:
            pairs.append(("n", "pass"))
        if v.prompts and v.prompts[0].kind == "moroz":
            ask = "Grandfather Frost: take a basic action now, or pass."
        elif v.prompts and v.prompts[0].kind == "repeat":
            ask = f"Snow Maiden: {v.prompts[0].action} again, or pass."
        elif not v.acted and v.options.level < 3:
            ask = "Your turn: take one basic action, craft or fulfill."
        elif not v.acted:
            ask = "Your turn: take one basic action (craft, summon or fulfill); creatures any time."
        elif not any(has(kind) for kind in (Play, Search, Tuck, Sweep)):
            # a Tomte, Papa Wolverine or Caga Tió, or a creature new this turn, cannot be
            # played now: the turn still waits for e, as ending it by itself would tell
            # the table what the hand holds (RULES.md, "Taking a turn"); at a hot seat it
            # reads as a turn that ended by itself does (``turn_over``): one way every time
            ask = TURN_OVER if self.shared_keyboard else "Nothing more to play: e ends your turn."
        else:
            ask = "Basic action done: play creatures, or end the turn."
        out = [key_hints(pairs), ((ask, "panel--bold"),)]
        if v.prompts and v.prompts[0].kind in ("moroz", "repeat"):  # what gives this action
            return out + self._details(("giver", "moroz") if v.prompts[0].kind == "moroz" else ("creature", "SM"))
        if not self.compact and v.me is not None and v.options.level >= 2:
            held = [("giver", v.players[v.me].giver)] if v.players[v.me].giver else []
            held += [("creature", code) for code in dict.fromkeys(sorted(v.players[v.me].creatures))]
            if held:
                out.append(())
            for k, card in enumerate(held):
                line = details_line(card, v.options.level)
                out.append(((("You are ", "panel--special panel--bold"),) if k == 0 and card[0] == "giver" else ())
                           + line)
        return out


__all__ = ["NaughtyOrNiceTable"]
