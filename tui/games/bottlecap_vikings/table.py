"""Bottlecap Vikings' table: the rondel ring (``ring``), the city cards
(``city``), what the game asks now with its choices, and the log.

Every choice comes from the legal commands the screen is given (``rules.choices`` of
the front step), as numbered choices under the ring (``ask``), the keys in
the panel's title: ←→ (h l) choose, a digit chooses by its number (two digits for a
choice past 9, ``DigitEntry``), ↑↓ (k j) change an amount (what an exchange gives up),
enter plays the choice, ``e`` (and only ``e``) ends the turn, tab looks at the next
player's card. The ring lights what the choice does: the tile a move lands on (and the
line under the choices says who it attacks and whether it crosses the damage line,
before it happens), the part of the action, the tiles a swap changes, where the helper
goes; the details line gives the chosen tile's, spot's, side's or ability's whole text,
and ``i`` opens a box with it whole where a small screen cuts it short (in the log's
place; on a small screen, over the city card): the box follows the choice as ←→ move
it, and ``i`` again or escape closes it (escape closes the box before it leaves the game).
A key for a choice that does not exist is refused with the engine's own sentence. On a
finished table the footer offers no play keys.

It fits the screen: at 80×24 the ring's cells are 15 columns wide, and one city card
is shown in full (the seat at the keyboard, or the one tab chose) with a line for each
other player; with room (120×40) every card is shown in full, side by side.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content

from engine.games.bottlecap_vikings import rules
from engine.games.bottlecap_vikings.commands import Do, End, Move, Skip

from ...support.chat import TALK_ROWS
from ...widgets.digits import DigitEntry
from ...widgets.log_pane import LogPane
from ..base import GameTable
from .ask import LOOK, WAITS, Entry, entries, keys_title, numbered, question
from .cards import card_texts, short_forms_table
from .city import BVPanel, CityCard, summary_line
from .ring import HELPER_MARK, LINE_MARK, initials, ring_lines, ring_size

#: Below this many columns or rows the table is compact (one card in full).
COMPACT_BELOW = (110, 30)
#: Ring cell widths: with room, and compact.
CELL, SMALL_CELL = 18, 15
#: Cells a row of the question panel has: with room (a border and padding each side),
#: and compact (padding only); fixed by the CSS below.
ASK_WIDTH, SMALL_ASK_WIDTH = ring_size(CELL)[0] - 2, ring_size(SMALL_CELL)[0] - 2


class BottlecapVikingsTable(GameTable):
    """The Bottlecap Vikings table widget (see the module docstring for the keys)."""

    COMPACT_BELOW = COMPACT_BELOW
    LESSON_KEEP = "bv-ask"
    HIDDEN_INFORMATION = False  # everything on the table is open: no hand-over between people
    LEGEND = (
        f"- The ring: eight tiles round the bottlecap, space 1 at the top left, clockwise. "
        f"Each tile shows its space, its action and its parts in short form (the table below). "
        f"The question under the ring names the chosen tile, spot, side or ability with its whole text, "
        f"as Every card at the end of this page does.\n"
        f"- {HELPER_MARK} marks the space beside the helper; a row or column of {LINE_MARK} is the damage line "
        f"(2 and 3 players). Ships are their players' names, as short as tells them apart (A, Bob, Bot), "
        f"in their colours; ↺ sails the other way; +2: two more ships there.\n"
        f"- The bag in the middle: red and grey Valkyries left, and the reds held by all (4 bring the Valkyries).\n"
        f"- A city card: the meters (■ held, □ room; ♛ the glory throne; an underlined square is a helmet "
        f"level), damage held as R (red), G (grey), x (no token left), the hut tree by tier (h2: helmet "
        f"level needed; 4g: gold cost; ✓ an ability you have); the hut's spot reversed, spots passed green, "
        f"spots it can reach bold, the others grey; hut 2a: where the hut is.\n"
        f"- A line for each other player on a small screen: name, wood (w), gold (g), glory (*), damage (d), "
        f"the hut's spot (0 the start) and the ship's space (@6).\n\n"
        f"{short_forms_table()}"
    )

    #: Each key's help on the rules screen is its ``tooltip`` (``tui.support.key_help``):
    #: bindings in a row with the same tooltip make one line ("←/→ or h/l").
    BINDINGS = [
        *[Binding(keys, f"pick({step})", "choose", show=False,
                  tooltip="choose (the distance to move, an action part, an answer)")
          for keys, step in (("left,h", -1), ("right,l", 1))],
        *[Binding(str(d), f"digit({d})", str(d), show=False,
                  tooltip="choose by its number; a choice past 9 by two digits typed quickly (1 then 2: choice 12)")
          for d in range(10)],
        *[Binding(keys, f"amount({step})", word, show=False,
                  tooltip="more or less of an amount (what an exchange gives up)")
          for keys, step, word in (("up,k", 1, "more"), ("down,j", -1, "less"))],
        Binding("enter", "play", "Play", tooltip="play the choice (move, take the part, answer); it never ends a turn"),
        Binding("e", "end", "End turn", tooltip="end your turn (the only key that does)"),
        Binding("s", "skip", "Skip", show=False, tooltip="skip (Tides)"),
        Binding("i", "details", "Details", show=False,
                tooltip="a box with the whole text of the chosen tile, spot, side or ability; it follows ←→; "
                        "i or escape closes it"),
        # only while the box is open (``check_action``): escape closes it before it leaves the game
        Binding("escape", "close_details", "Close",
                tooltip="close that box while it is open (otherwise escape leaves the game as usual)"),
        Binding("tab", "other", "Cards", tooltip="look at the next player's city card"),
    ]

    DEFAULT_CSS = f"""
    BottlecapVikingsTable {{ height: 1fr; layout: horizontal; }}
    BottlecapVikingsTable #bv-left {{ width: {ring_size(CELL)[0] + 2}; height: 100%; }}
    BottlecapVikingsTable #bv-ring {{ height: auto; border: round $panel-lighten-2; }}
    BottlecapVikingsTable #bv-ask {{ height: auto; min-height: 4; border: round $accent; padding: 0 1; }}
    BottlecapVikingsTable #log {{ height: 1fr; }}
    BottlecapVikingsTable #bv-right {{ width: 1fr; height: 100%; }}
    BottlecapVikingsTable #bv-cards {{ height: auto; grid-size: 2; grid-gutter: 0; grid-rows: auto; }}
    BottlecapVikingsTable .bv-card {{ height: auto; border: round $panel-lighten-2; padding: 0 1; }}
    BottlecapVikingsTable .bv-card.-turn {{ border: round $accent; }}
    BottlecapVikingsTable .bv-card.-looking {{ border: heavy $warning; }}
    BottlecapVikingsTable #bv-others {{ display: none; height: auto; padding: 0 1; }}
    BottlecapVikingsTable #log-small {{ display: none; height: 1fr; }}
    BottlecapVikingsTable.-compact #bv-left {{ width: {ring_size(SMALL_CELL)[0]}; }}
    BottlecapVikingsTable.-compact #bv-ring {{ border: none; padding: 0; }}
    BottlecapVikingsTable.-compact #bv-ask {{ height: 1fr; min-height: 3; border: none; border-top: solid $accent;
                                              border-title-align: left; }}
    BottlecapVikingsTable #bv-ask {{ border-title-color: $text; border-title-style: none; }}
    BottlecapVikingsTable.-compact #log {{ display: none; }}
    BottlecapVikingsTable.-compact #bv-cards {{ grid-size: 1; }}
    BottlecapVikingsTable.-compact #bv-others {{ display: block; }}
    BottlecapVikingsTable.-compact #log-small {{ display: block; min-height: 3; }}
    BottlecapVikingsTable .bv-info {{ display: none; height: 1fr; border: round $accent; padding: 0 1;
                                      border-title-color: $text; border-title-style: bold; }}
    BottlecapVikingsTable.-info #bv-info {{ display: block; }}
    BottlecapVikingsTable.-info #log {{ display: none; }}
    BottlecapVikingsTable.-compact.-info #bv-info {{ display: none; }}
    BottlecapVikingsTable.-compact.-info #bv-info-small {{ display: block; }}
    BottlecapVikingsTable.-compact.-info #bv-cards {{ display: none; }}
    BottlecapVikingsTable.-compact.-info #bv-others {{ display: none; }}
    BottlecapVikingsTable.-compact.-info #log-small {{ display: none; }}
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.over = False
        self.entries: list[Entry] = []
        self._titles: dict[CityCard, str] = {}  # the title each city card shows now
        self.cursor = 0  # index into entries
        self.amount = 0  # index into the chosen entry's commands
        self.looking: int | None = None  # the seat whose card tab chose (None: the keyboard's)
        self.digits = DigitEntry()
        self._step_key: Any = None
        self.ring = BVPanel(id="bv-ring", overflow="crop")
        self.ask = BVPanel(id="bv-ask")
        self.cards = [CityCard(id=f"bv-card-{i}", classes="bv-card") for i in range(4)]
        self.others = BVPanel(id="bv-others", overflow="ellipsis")
        self.log_small = LogPane(id="log-small", talk_rows=TALK_ROWS)
        self.log_small.border_title = "log"
        # the ``i`` box, in the log's place (``info``) or, on a small screen, over the
        # city card (``info_small``); open while the table has the class ``-info``
        self.info = BVPanel(id="bv-info", classes="bv-info")
        self.info_small = BVPanel(id="bv-info-small", classes="bv-info")
        self.ring.border_title = "the ring"

    def compose(self) -> ComposeResult:
        with Vertical(id="bv-left"):
            yield self.ring
            yield self.ask
            yield self.log_pane
            yield self.info
        with Vertical(id="bv-right"):
            with Grid(id="bv-cards"):
                yield from self.cards
            yield self.others
            yield self.log_small
            yield self.info_small

    def show_log(self, lines: list[str], since: int | None = None) -> None:
        """Both log panes (one shows, by the screen's size) get the lines (``since`` as
        in ``GameTable.show_log``)."""
        self.log_pane.show(lines, since)
        self.log_small.show(lines, since)

    def on_resize(self, event) -> None:
        self.fit_compact()
        self._draw()

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every rondel tile side, city ability and city card side with its text
        (``cards.card_texts``: the details line shows the same texts)."""
        return card_texts()

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        """``Setup`` · ``Turn 7: ann`` · ``ann wins: reached the throne``."""
        t = view.table
        name = lambda seat: names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"  # noqa: E731
        if t.phase == "over":
            how = "the throne of glory" if t.won_by == "glory" else "the throne"
            return f"{name(t.winner)} wins: reached {how}"
        step = t.queue[0] if t.queue else None
        if t.phase == "setup":
            return f"Setup: {name(step.seat)} {WAITS.get(step.op, 'to choose')}" if step else "Setup"
        text = f"Turn {t.turns}: {name(t.turn)}"
        if step is not None and step.seat != t.turn and step.op in WAITS:  # a question out of turn
            text += f" · {name(step.seat)} {WAITS[step.op]}"
        return text

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        t = view.table
        new_seat = self.view is None or self.view.me != view.me
        over = t.phase == "over"
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        if new_seat:
            self.looking = None
        self.over = over
        seat = view.me if view.me is not None else 0
        self.entries = entries(t, seat, legal) if active else []
        key = (t.turns, t.queue[0] if t.queue else None, len(t.queue), t.parts, view.me)
        if key != self._step_key:  # a new question: the cursor starts at its first choice
            self._step_key = key
            self.cursor, self.amount = 0, 0
            self.digits.reset()
        self.cursor = min(self.cursor, max(0, len(self.entries) - 1))
        self._clamp_amount()
        if (over, active) != getattr(self, "_keys", None):  # the footer's play keys follow
            self._keys = (over, active)
            self.refresh_bindings()
        self._draw()

    # ------------------------------------------------------------------ keys
    def _entry(self) -> Entry | None:
        return self.entries[self.cursor] if self.entries else None

    def _clamp_amount(self) -> None:
        e = self._entry()
        self.amount = 0 if e is None else max(0, min(self.amount, len(e.commands) - 1))

    def _not_now(self) -> bool:
        """Refuse a key when this seat cannot act; whether it was refused."""
        if self.view is None:
            return True
        if not self.active:
            t = self.view.table
            self.refuse("The game is over." if t.phase == "over" else "It is not your turn.")
            return True
        return False

    def action_pick(self, delta: int) -> None:
        self.digits.reset()
        if self._not_now() or not self.entries:
            return
        self.cursor = (self.cursor + delta) % len(self.entries)
        self.amount = 0
        self._draw()

    def action_amount(self, delta: int) -> None:
        e = self._entry()
        if self._not_now() or e is None:
            return
        if len(e.commands) < 2:
            self.action_pick(-delta)
            return
        self.amount = max(0, min(len(e.commands) - 1, self.amount + delta))
        self._draw()

    def action_digit(self, digit: int) -> None:
        if self._not_now():
            return
        number = self.digits.press(digit, numbered(self.entries))
        for i, e in enumerate(self.entries):
            if number is not None and e.key == str(number):
                self.cursor, self.amount = i, 0
                self._draw()
                return
        # no such choice: the engine says why (its own sentence)
        self.digits.reset()
        t = self.view.table
        step = t.queue[0]
        if step.op == "move" and digit:
            self.choose(Move(digit))
        elif step.op == "act" and digit in (1, 2):
            self.choose(Do(digit))
        elif step.op == "act":
            self.refuse(f"There is no choice {digit} now: take a part, or end the turn (e).")
        else:
            self.refuse(rules.refusal(t, step))

    def action_play(self) -> None:
        self.digits.reset()
        if self._not_now():
            return
        e = self._entry()
        if e is None:  # only e ends a turn: an enter too many does nothing unseen
            step = self.view.table.queue[0]
            self.refuse("Nothing left to choose here: e ends the turn." if step.op == "act"
                        else "There is nothing to choose now.")
            return
        self.choose(e.commands[self.amount])

    def action_end(self) -> None:
        if self._not_now():
            return
        self.choose(End())

    def action_skip(self) -> None:
        if self._not_now():
            return
        self.choose(Skip())

    @property
    def details_open(self) -> bool:
        """Whether the ``i`` box is open."""
        return self.has_class("-info")

    def action_details(self) -> None:
        """``i``: open the box with the chosen choice's card, whole (the details line
        under a small screen's question may end in "…"); ``i`` again closes it."""
        if self.details_open:
            self.action_close_details()
            return
        e = self._entry()
        if e is None or e.card is None:
            self.refuse("No tile, spot, side or ability is chosen now.")
            return
        self.add_class("-info")
        self._draw_details()
        self.refresh_bindings()  # escape closes the box now

    def action_close_details(self) -> None:
        """escape (or ``i``) while the box is open: close it; the game stays."""
        self.remove_class("-info")
        self.refresh_bindings()

    def action_other(self) -> None:
        v = self.view
        if v is None:
            return
        start = self._card_seat()
        nxt = (start + 1) % v.table.n
        self.looking = None if nxt == (v.me if v.me is not None else 0) else nxt
        self._draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_details":  # escape is the box's only while it is open; else the screen's
            return self.details_open
        if self.view is None:
            return True
        if action in ("play", "end", "skip"):
            if self.over:  # a finished table offers no play keys
                return False
            return True if self.active else None
        return True

    # ------------------------------------------------------------------ drawing
    def _card_seat(self) -> int:
        v = self.view
        if self.looking is not None:
            return self.looking
        if v.me is not None:
            return v.me
        return max(0, v.table.turn)

    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        t = v.table
        e = self._entry()
        marks: dict[int, str] = {}
        part = None
        helper = None
        if e is not None:
            step = t.queue[0]
            if step.op == "move":
                for s in rules.path(t, step.seat, e.commands[0].distance)[:-1]:
                    marks[s] = "panel--info panel--underline"
            if step.op == "rotate":
                helper = e.spaces[0]
            elif e.part:
                part = (e.spaces[0], e.part)
            else:
                for s in e.spaces:
                    marks[s] = "panel--cursor"
        self.ring.set_lines(ring_lines(t, self.names, SMALL_CELL if self.compact else CELL, marks, part, helper, v.me))
        self._draw_details()
        title, lines = self._question()
        if title and self.compact:  # a border of one line draws its title without spaces round it
            title = Content(" ") + title + Content(" ")
        if title != getattr(self.ask, "_title", None):
            self.ask._title = title
            self.ask.border_title = title
        self.ask.set_lines(lines)
        letters = initials(self.names)
        spot = e.spot if e is not None else ""
        if self.compact:
            seat = self._card_seat()
            self._card(self.cards[0], seat, letters, spot if seat == v.me else "")
            for panel in self.cards[1:]:
                panel.display = False
            others = []
            for s in range(t.n):
                if s != seat:
                    others.append(summary_line(t, s, self.names, letters[s]))
                    if self.seat_note(s):  # "away", under the name: the row has no room for it
                        others.append(((f"  {self.seat_note(s)}", "panel--warn"),))
            self.others.set_lines(others)
        else:
            for s, panel in enumerate(self.cards):
                if s < t.n:
                    self._card(panel, s, letters, spot if s == v.me else "")
                else:
                    panel.display = False

    def _draw_details(self) -> None:
        """The ``i`` box, while it is open: the chosen choice's name and whole text (it
        follows the cursor), or that nothing with a text is chosen now."""
        if not self.details_open:
            return
        e = self._entry()
        name, text = e.card if e is not None and e.card is not None else ("", "")
        title = Content(f"{name} · i or esc closes" if name else "i or esc closes")  # card text, never markup
        lines = [((text, ""),)] if text else [(("No tile, spot, side or ability is chosen now.", "panel--muted"),)]
        for panel in (self.info, self.info_small):
            if title != getattr(panel, "_title", None):
                panel._title = title
                panel.border_title = title
            panel.set_lines(lines)

    def _card(self, panel: CityCard, seat: int, letters: list[str], spot: str) -> None:
        v = self.view
        t = v.table
        panel.display = True
        panel.show_card(t, seat, self.names, spot)
        p = t.players[seat]
        you = " (you)" if seat == v.me else f" · {self.seat_note(seat)}" if self.seat_note(seat) else ""
        name = self.names[seat]
        # the ship's label is the name's start ("Bob" for bob): the name alone says it
        label = "" if name.lower().startswith(letters[seat].lower()) else f"{letters[seat]} "
        side = f"{you} · {p.side}"
        room = (panel.outer_size.width or 31) - 6 - len(label) - len(side)  # the border's corners and dashes
        title = f"{label}{self.label(self.names, seat, max(room, len(name)))}{side}"  # a bot's with its strength
        if title != self._titles.get(panel):
            self._titles[panel] = title
            panel.border_title = Content(title)  # a name is player text, never markup
        panel.set_class(t.phase == "play" and t.turn == seat, "-turn")
        panel.set_class(not self.compact and seat == self.looking, "-looking")  # tab's choice, with room

    def _question(self) -> tuple[Content, list]:
        """The question panel's title (the keys) and rows: see ``ask``."""
        v = self.view
        t = v.table
        if t.phase == "over":
            name = self.names[t.winner]
            how = "reached the throne of glory" if t.won_by == "glory" else "reached the throne"
            return Content.from_markup(LOOK), [((f"{name} {how} and wins.", "panel--good panel--bold"),)]
        if not t.queue:
            return Content(""), []
        step = t.queue[0]
        if not self.active:
            who = self.names[step.seat] if step.seat < len(self.names) else ""
            return Content.from_markup(LOOK), [((f"Waiting for {who} {WAITS.get(step.op, 'to choose')}.",
                                                 "panel--warn"),)]
        e = self._entry()
        amounts = e is not None and len(e.commands) > 1
        title = keys_title(step, self.entries, amounts, self.compact)
        width = SMALL_ASK_WIDTH if self.compact else ASK_WIDTH
        return title, question(t, step, self.entries, self.cursor, self.amount, self.names, self.compact, width)


__all__ = ["BottlecapVikingsTable"]
