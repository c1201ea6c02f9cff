"""Gift Trap's table: the gifts in a row of cards, both tracks, your tiles and the log.

It fits the screen: on a short one (80×24) each gift is one row and the line under the
cards gives the whole text of the gift under the cursor; on a narrow one the tracks'
bars are shorter and the panels narrower, so the log keeps its place.

Keys (``docs/architecture.md``, "The TUI"): ←→ (h l) choose a gift, ↑↓ (k j) choose the
player to give to or the Get tile to place, enter places it, ``m`` doubles it with Give
more / Get more, ``t`` sets the Gifttrap, ``d`` commits the phase (``done``). In the
deal phase ←→ choose a stack and enter deals it. Only legal choices are offered: the
cursor skips gifts the rules refuse for the chosen row.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Resize
from textual.message import Message

from engine.core.seat_label import bot_word
from engine.games.gift_trap.cards import DECKS, GIFTS, PRICES
from engine.games.gift_trap.commands import (
    GET_TILES, TILE_LABELS, DealGifts, Done, GiveTile, RateGift, SetTrap,
)

from ...support.chat import talk_kind, talk_wrap
from ...widgets.cards import CardFace, CardTable
from ...widgets.lines import Line, Panel, cut_short, plain
from ..base import GameTable
from .cards import card_texts, stack_card, tile_card
from ...support.contracts import RefreshesTable, Says

MAX_SPACES = 9
BAR = 12  # cells in a track bar (at most)
#: The table is narrow below this many columns: narrower panels, shorter bars.
NARROW_BELOW = 116


def lower_rows(players: int) -> int:
    """Rows the tracks, tiles and log need under the cards (a track a player, a Give
    tile for each other player, Give more, the count, the borders); with fewer, each card
    is one row."""
    return max(10, players + 6)

#: What happens in each phase, for the status line on a wide screen (and the hand-over).
PHASES = {
    "deal": "deal: the start player picks a stack",
    "give": "give: one gift to each player, face down",
    "rate": "rate: Super, Good, Okay, No way on four gifts",
    "over": "the game is over",
    "setup": "setting up",
}
#: The same in a few words, for a screen narrower than ``WIDE_STATUS`` columns, where the
#: status line must leave room for whose turn it is (the tiles panel says the rest).
SHORT_PHASES = {"deal": "deal: a stack", "give": "give: gifts", "rate": "rate: gifts"}
WIDE_STATUS = 100
#: The tiles panel's first line in each phase: what to do, in a sentence.
TASKS = {"give": "Give each player a gift:", "rate": "Rate four gifts:"}


def _bar(score: int, length: int, bar: int = BAR) -> Line:
    """A track as a bar of ``bar`` cells and the score."""
    filled = min(bar, round(bar * min(score, length) / length))
    return (("■" * filled, "panel--good panel--bold" if score >= length else "panel--good"),
            ("□" * (bar - filled), "panel--muted"), (f" {score:>2}", ""))


class GiftCards(CardTable):
    """The gifts (or the stacks while dealing) as cards, edged in their deck's colour."""

    COMPONENT_CLASSES = {
        "card-table--yellow", "card-table--red", "card-table--blue", "card-table--black",
        "gift-cards--name", "gift-cards--line", "gift-cards--price", "gift-cards--muted",
    }

    DEFAULT_CSS = """
    GiftCards > .card-table--yellow { color: yellow; }
    GiftCards > .card-table--red { color: red; }
    GiftCards > .card-table--blue { color: dodgerblue; }
    GiftCards > .card-table--black { color: $foreground 60%; }
    GiftCards > .gift-cards--name { text-style: bold; }
    GiftCards > .gift-cards--line { text-style: italic; }
    GiftCards > .gift-cards--price { color: $text-warning; }
    GiftCards > .gift-cards--muted { color: $text-muted; }
    """


class FittedPanel(Panel):
    """A ``Panel`` whose lines the table makes for its width (the tracks' bars, the last
    reveal): it tells the table when its size changed, so the lines are made again for
    the new width. (A terminal may size the panels only after the table drew them: at
    80×24 the tracks were once drawn for the wide panel and wrapped in the narrow one.)"""

    class Resized(Message):
        """The panel's size changed: its lines are to be made again."""

    def on_resize(self, event: Resize) -> None:
        self.post_message(self.Resized())


class GiftTrapTable(GameTable):
    """The Gift Trap table widget (see the module docstring for its keys)."""

    #: Each key's help on the rules screen is its ``tooltip`` (``tui.support.key_help``):
    #: bindings in a row with the same tooltip make one line ("←/→ or h/l").
    BINDINGS = [
        *[Binding(keys, f"gift({step})", "gift", show=False, tooltip="choose a gift (a stack when dealing)")
          for keys, step in (("left,h", -1), ("right,l", 1))],
        *[Binding(keys, f"row({step})", "row", show=False,
                  tooltip="choose the player to give to, or the Get tile to place")
          for keys, step in (("up,k", -1), ("down,j", 1))],
        Binding("enter", "place", "Place", tooltip="give / place / deal"),
        # the same key while dealing, named for what it does then
        Binding("enter", "deal", "Deal", tooltip="give / place / deal"),
        Binding("m", "more", "More", tooltip="double the next tile with Give more or Get more (extra tiles)"),
        Binding("t", "trap", "Trap", tooltip="put your Gifttrap on the chosen gift (extra tiles, once per game)"),
        Binding("d", "done", "Done", tooltip="done — commit your tiles for this phase"),
    ]

    DEFAULT_CSS = """
    GiftTrapTable { height: 1fr; layout: vertical; }
    GiftTrapTable #gt-info { display: none; height: 1; padding: 0 1; }
    GiftTrapTable.-flat #gt-info { display: block; }
    GiftTrapTable #gt-lower { height: 1fr; }
    GiftTrapTable #gt-tracks { width: 46; height: 100%; border: round $panel-lighten-2; padding: 0 1; }
    GiftTrapTable #gt-tiles { width: 40; height: 100%; border: round $panel-lighten-2; padding: 0 1; }
    GiftTrapTable.-narrow #gt-tracks { width: 26; }
    GiftTrapTable.-narrow #gt-tiles { width: 28; }
    GiftTrapTable:focus-within #gt-tiles { border: round $accent; }
    GiftTrapTable #log { width: 1fr; height: 100%; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.gift = 1  # cursor: gift space (or stack number when dealing), 1-based
        self.row = 0  # cursor: index into rows()
        self.more = False
        # the row just placed: the cursor moves on once a view shows that tile placed (a
        # table of another seat's move may arrive first, in a shared game)
        self._advance: Any = None

    def compose(self) -> ComposeResult:
        yield GiftCards(id="gt-cards")
        yield Panel(id="gt-info", overflow="ellipsis")  # a flat card's whole text
        with Horizontal(id="gt-lower"):
            yield FittedPanel(id="gt-tracks")
            yield FittedPanel(id="gt-tiles")
            yield self.log_pane

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Give and Rate are hidden (``gift-trap.de.txt``, "2." and "3.": face down)."""
        return view.phase in ("give", "rate")

    def phase_text(self, view: Any, names: Sequence[str]) -> str:
        """``Round 3 · give: one gift to each player, face down``; in a few words on a
        screen narrower than ``WIDE_STATUS`` (``Round 3 · give: gifts``), so the status
        line keeps whose turn it is."""
        phases = PHASES if self.app.size.width >= WIDE_STATUS else {**PHASES, **SHORT_PHASES}
        return f"Round {view.round} · {phases.get(view.phase, view.phase)}"

    @staticmethod
    def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
        """Every tile and gift stack with its text (``cards``)."""
        return card_texts()

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw the table for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        phase_changed = self.view is None or self.view.phase != view.phase or self.view.me != view.me
        if not phase_changed and view.round == self.view.round:
            self._say_more_moved(self.view, view)
        self.view, self.names, self.legal, self.active = view, list(names), legal, active
        if phase_changed:
            self.gift, self.row, self.more = 1, 0, False
            self._advance = None
            self._first_open_row()
        elif self._advance is not None and self._placed(self._advance) is not None:
            self._advance = None
            self._first_open_row(start=self.row)
        if not self._more_possible():
            self.more = False
        self._snap_gift()
        self._draw()
        state = (view.options.extra_tiles, view.phase, active)  # what check_action reads
        if state != getattr(self, "_shown_bindings", None):  # the footer is rebuilt on each refresh
            self._shown_bindings = state
            self.refresh_bindings()

    # ------------------------------------------------------------------ choices
    def rows(self) -> list[Any]:
        """The rows of the tiles panel: other seats (give) or Get tiles (rate)."""
        v = self.view
        if v is None or v.me is None:
            return []
        if v.phase == "give":
            return [i for i in range(v.n) if i != v.me]
        if v.phase == "rate":
            return list(GET_TILES)
        return []

    def _row_value(self) -> Any:
        rows = self.rows()
        return rows[self.row % len(rows)] if rows else None

    def _placed(self, value: Any):
        v = self.view
        tiles = v.my_gives if v.phase == "give" else v.my_rates
        for t in tiles:
            if (t.to if v.phase == "give" else t.tile) == value:
                return t
        return None

    def _first_open_row(self, start: int = 0) -> None:
        rows = self.rows()
        for k in range(len(rows)):
            i = (start + k) % len(rows)
            if self._placed(rows[i]) is None:
                self.row = i
                return

    def legal_spaces(self) -> list[int]:
        """Spaces (or stack numbers when dealing) the cursor may rest on now."""
        v = self.view
        if v is None or not self.active:
            return []
        if v.phase == "deal":
            return [DECKS.index(c.deck) + 1 for c in self.legal if isinstance(c, DealGifts)]
        value = self._row_value()
        if v.phase == "give":
            return sorted({c.space for c in self.legal if isinstance(c, GiveTile) and c.to == value and c.more == self.more})
        return sorted({c.space for c in self.legal if isinstance(c, RateGift) and c.tile == value and c.more == self.more})

    def _more_possible(self) -> bool:
        return any(getattr(c, "more", False) for c in self.legal)

    def _snap_gift(self) -> None:
        spaces = self.legal_spaces()
        if spaces and self.gift not in spaces:
            self.gift = min(spaces, key=lambda s: (abs(s - self.gift), s))

    def _command(self) -> Any:
        v = self.view
        if v.phase == "deal":
            return DealGifts(DECKS[self.gift - 1])
        value = self._row_value()
        if v.phase == "give":
            return GiveTile(value, self.gift, self.more)
        return RateGift(value, self.gift, self.more)

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        v = self.view
        if v is None:
            return True
        extras = v.options.extra_tiles
        if action == "more":
            return (extras and v.phase in ("give", "rate")) if self.active else False
        if action == "trap":
            return (extras and v.phase == "rate") if self.active else False
        if action == "done":
            return v.phase in ("give", "rate") and self.active
        if action == "place":  # greyed while the others play, gone while dealing and once the game is over
            return False if v.phase in ("over", "deal") else (True if self.active else None)
        if action == "deal":  # enter while a stack is chosen; greyed for the others
            return (True if self.active else None) if v.phase == "deal" else False
        return True

    def action_gift(self, delta: int) -> None:
        spaces = self.legal_spaces()
        if not spaces:
            return
        if self.gift in spaces:
            self.gift = spaces[(spaces.index(self.gift) + delta) % len(spaces)]
        else:
            self._snap_gift()
        self._draw()

    def action_row(self, delta: int) -> None:
        rows = self.rows()
        if not rows:
            return
        self.row = (self.row + delta) % len(rows)
        self._snap_gift()
        self._draw()

    def action_place(self) -> None:
        if not self.active or self.view is None:
            return
        command = self._command()
        if command in self.legal:
            self._advance = self._row_value()
            self.more = False
            self.choose(command)
        else:
            self.refuse("That is not a legal choice now; pick another gift.")

    def action_deal(self) -> None:
        """enter while dealing: deal the chosen stack (``action_place`` makes the command)."""
        self.action_place()

    def action_more(self) -> None:
        if not self._more_possible():
            name = "Give more" if self.view.phase == "give" else "Get more"
            self.refuse(f"{name} is not available: it is spent or not in this game.")
            return
        self.more = not self.more
        self._snap_gift()
        self._draw()

    def _more_tile(self, view: Any) -> Any:
        """The seat's tile that carries Give more (give) or Get more (rate) in ``view``."""
        tiles = view.my_gives if view.phase == "give" else view.my_rates if view.phase == "rate" else ()
        return next((t for t in tiles if t.more), None)

    def _tile_words(self, tile: Any) -> str:
        """A placed tile in words: "bob's gift" (a Give tile), "Good on gift 3" (a Get tile)."""
        if self.view.phase == "give":
            return f"{self.names[tile.to]}'s gift"
        return f"{TILE_LABELS[tile.tile]} on gift {tile.space}"

    def _say_more_moved(self, old: Any, new: Any) -> None:
        """Say on the message line when Give more (Get more) moved from one tile to
        another: the log tells only where it went."""
        was, now = self._more_tile(old), self._more_tile(new)
        if was is None or now is None:
            return
        key = (lambda t: t.to) if new.phase == "give" else (lambda t: t.tile)
        if key(was) != key(now):  # on another player's gift (another Get tile), not the same one moved
            name = "Give more" if new.phase == "give" else "Get more"
            self._tell(f"{name} moved from {self._tile_words(was)} to {self._tile_words(now)}.")

    def _tell(self, text: str) -> None:
        """One line under the table (the screen's ``say``), not an error."""
        if isinstance(self.screen, Says):
            self.screen.say(text)

    def action_trap(self) -> None:
        command = SetTrap(self.gift)
        if command in self.legal:
            self.choose(command)
        else:
            self.refuse("You cannot set the Gifttrap now: it is used once per game.")

    def action_done(self) -> None:
        # Offered whenever the seat may act: the engine refuses an early "done" with
        # the rule's sentence ("Give every other player a gift first …").
        self.choose(Done())

    # ------------------------------------------------------------------ fitting the screen
    def on_fitted_panel_resized(self, message: FittedPanel.Resized) -> None:
        """A panel's width changed: its lines made again for it."""
        message.stop()
        self._draw()

    def on_resize(self, event) -> None:
        self._fit_layout()
        self.call_after_refresh(self._draw)  # the panels' new sizes (the last reveal fits them)
        wide = self.app.size.width >= WIDE_STATUS
        if wide != getattr(self, "_wide", wide):  # the status line's phase in words, or in a few
            if isinstance(self.screen, RefreshesTable):
                self.call_after_refresh(self.screen.refresh_table)
        self._wide = wide

    def _fit_layout(self) -> None:
        """Flat cards (and the line of the cursor's gift) when boxed cards would leave
        fewer than ``lower_rows`` under them; narrow panels below ``NARROW_BELOW``
        columns. Changes (a layout pass) only when the screen or the number of cards does."""
        width, height = self.size
        if not width:
            return
        cards = self.query_one("#gt-cards", GiftCards)
        count = cards.count or MAX_SPACES
        players = self.view.n if self.view is not None else MAX_SPACES - 1
        flat = height - cards.rows_for(count, width, flat=False) * cards.CARD_HEIGHT < lower_rows(players)
        narrow = width < NARROW_BELOW
        changed = flat != cards.flat or narrow != self.has_class("-narrow")
        cards.set_flat(flat)
        self.set_class(flat, "-flat")
        self.set_class(narrow, "-narrow")
        if changed:
            self._draw()

    # ------------------------------------------------------------------ drawing
    # Each part is given what it shows now and repaints only what changed: a cursor
    # move repaints two cards (and a row of the tiles panel), a move a few rows.
    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        cards = self.query_one("#gt-cards", GiftCards)
        faces = self._faces()
        count = cards.count
        cards.set_cards(faces)
        if len(faces) != count:
            self._fit_layout()
        self.query_one("#gt-info", Panel).set_lines(self._info())
        tracks = self.query_one("#gt-tracks", Panel)
        tiles = self.query_one("#gt-tiles", Panel)
        tracks.set_lines(self._tracks())
        tiles.set_lines(self._tiles())
        titles = (self._tiles_title(), f"GIFTED at {v.options.track_length}")
        if titles != getattr(self, "_titles", None):  # setting a border title always repaints
            self._titles = titles
            tiles.border_title = titles[0]
            tracks.border_title = "Give · Get"
            tracks.border_subtitle = titles[1]

    def _faces(self) -> list[CardFace]:
        """The cards: the gifts on the table, or the stacks while dealing."""
        v = self.view
        legal = set(self.legal_spaces())
        if v.phase == "deal" or not v.gifts:
            if v.phase == "over":
                return []
            return [
                CardFace(deck, (
                    ((f"{deck.title()} stack", "gift-cards--name"),),
                    ((PRICES[deck], "gift-cards--price"),),
                    ((f"{v.decks_left[i]} gifts left", "gift-cards--muted"),),
                ), cursor=self.active and self.gift == i + 1, blocked=self.active and (i + 1) not in legal, colour=deck)
                for i, deck in enumerate(DECKS)
            ]
        return [
            CardFace(f" {space} ", (((gift.name, "gift-cards--name"),), ((gift.line, "gift-cards--line"),)),
                     self._marks(space), cursor=self.active and self.gift == space,
                     blocked=self.active and space not in legal, colour=gift.deck)
            for space, gift in enumerate(v.gifts[:MAX_SPACES], 1)
        ]

    def _info(self) -> list[Line]:
        """The line under flat cards: the whole text of the gift (or stack) under the cursor."""
        v = self.view
        if v.phase == "deal" or not v.gifts:
            if v.phase == "over" or not 1 <= self.gift <= len(DECKS):
                return []
            deck = DECKS[self.gift - 1]
            return [((f"{deck.title()} stack", "panel--bold"), (f" · {PRICES[deck]} · ", ""),
                     (f"{v.decks_left[self.gift - 1]} gifts left", "panel--muted"))]
        if not 1 <= self.gift <= min(len(v.gifts), MAX_SPACES):
            return []
        gift = v.gifts[self.gift - 1]
        return [((f"{self.gift} {gift.name}: ", "panel--bold"), (gift.line, "panel--italic"))]

    def _marks(self, space: int) -> str:
        """What the viewer has put on gift ``space`` (shown on the card's lower edge)."""
        v, names, out = self.view, self.names, []
        for t in v.my_gives:
            if t.space == space:
                out.append(f"→{names[t.to]}" + (" ×2" if t.more else ""))
        for t in v.my_rates:
            if t.space == space:
                out.append(TILE_LABELS[t.tile] + (" ×2" if t.more else ""))
        if v.my_trap == space:
            out.append("TRAP")
        return " ".join(out)

    def _tracks(self) -> list[Line]:
        """Each seat's mark, name (a bot's with its strength: ``GameTable.label``) and
        both parcels' tracks; then the last reveal. The bars give way to the labels, down
        to 3 cells; where a label still does not fit (80 columns) the row shows the name
        and, while the panel has rows to spare, the strength on a row of its own."""
        v, names = self.view, self.names
        length = v.options.track_length
        panel = self.query_one("#gt-tracks", Panel)
        narrow = self.has_class("-narrow")
        inner = panel.size.width or (22 if narrow else 42)  # "✓ name ■■■■ 12 ■■■■  9": name + bars + 10
        labels = [self.label(names, i) for i in range(v.n)]
        notes = {i: f" · {self.seat_note(i)}" for i in range(v.n) if self.seat_note(i)}  # "cyd · away"

        def widest(labelled: bool, noted: bool) -> int:
            return max(((len(labels[i]) if labelled else len(names[i][:10])) + (len(notes.get(i, "")) if noted else 0)
                        for i in range(v.n)), default=0)

        # the labels and the notes on the seat's row while they fit (bars down to 3
        # cells), then the names (up to 10) with the notes, then the names alone (a note
        # then on a row of its own)
        tries = [(True, True), (False, True), (False, False)]
        labelled, inline = next(((lab, note) for lab, note in tries if widest(lab, note) + 10 + 2 * 3 <= inner),
                                tries[-1])
        width = widest(labelled, inline)
        bar = max(3, min(BAR, (inner - width - 10) // 2))
        width = min(width, inner - 10 - 2 * bar)
        cut = [i for i in range(v.n) if i < len(self.bots) and self.bots[i]
               and (not labelled or len(labels[i]) + len(notes.get(i, "") if inline else "") > width)]
        reserve = v.n + 2 if v.phase in ("give", "rate") and v.me is not None else 0  # the last reveal's rows
        spare = panel.size.height - v.n - reserve - (0 if inline else len(notes))
        strengths = bool(cut) and spare >= len(cut) and not self.talk  # the room's talk has those rows first
        out: list[Line] = []
        for i in range(v.n):
            if v.phase in ("give", "rate"):
                mark = ("✓", "panel--good") if v.committed[i] else ("…", "panel--warn")
            elif v.phase == "deal" and i == v.dealer:
                mark = ("◆", "panel--info")
            elif i in v.winners:
                mark = ("★", "panel--warn panel--bold")
            else:
                mark = (" ", "")
            note = notes.get(i, "") if inline else ""
            room = width - len(note)
            shown = self.label(names, i, room) if labelled else (
                names[i] if len(names[i]) <= room else names[i][:max(0, room - 1)] + "…")
            look = "panel--bold" if i == v.me else ""
            name = ((shown, look), (note, "panel--warn"), (" " * (width - len(shown) - len(note)), look)) if note else (
                (f"{shown:<{width}}", look),)
            out.append((mark, (" ", ""), *name, (" ", ""), *_bar(v.give_scores[i], length, bar),
                        (" ", ""), *_bar(v.get_scores[i], length, bar)))
            if i in notes and not inline:
                out.append(((f"  {notes[i][3:]}", "panel--warn"),))  # under the name: "  away"
            if strengths and i in cut:
                out.append(((f"  {bot_word(self.bots[i])} bot", "panel--muted"),))
        if v.phase in ("give", "rate") and v.me is not None:
            out.append(())
            out.extend(self._last_reveal(panel.size.width, panel.size.height - len(out)))
        return out + self._talk_rows(panel.size.width, panel.size.height - len(out))

    def show_talk(self, rows: Sequence[str]) -> None:
        """The room's talk changed: its newest lines show under the seats (``_talk_rows``)."""
        if tuple(rows) != tuple(self.talk):
            super().show_talk(rows)
            self._draw()

    def _talk_rows(self, width: int, rows: int) -> list[Line]:
        """The room's newest talk in at most ``rows`` rows of ``width`` cells, after a
        blank row: whole lines, each wrapped with its gutter (``tui.support.chat.talk_wrap``),
        newest last; the newest cut with "…" where even it does not fit (the log, and
        ``T``, show it whole). Nothing without two rows."""
        if not self.talk or rows < 2 or width < 8:
            return []
        out: list[Line] = []
        for text in reversed(self.talk):
            look = "panel--muted panel--italic" if talk_kind(text) == "mine" else "panel--good"
            wrapped = [((row, look),) for row in talk_wrap(text, width)]
            if len(out) + len(wrapped) > rows - 1:
                if not out:  # the newest alone is too long: its start
                    out = wrapped[:rows - 1]
                    if not plain(out[-1]).endswith("…"):
                        out[-1] = cut_short(out[-1], width)
                break
            out = wrapped + out
        return [(), *out]

    def _tiles_title(self) -> str:
        v = self.view
        if v.me is None:
            return "as a spectator"
        return {"give": "your Give tiles", "rate": "your Get tiles", "deal": "deal · last reveal"}.get(v.phase, "you")

    def _tiles(self) -> list[Line]:
        v, names = self.view, self.names
        if v.phase == "over":
            winners = " and ".join(names[i] for i in v.winners)
            return [((f"{winners} reached GIFTED with both parcels.", "panel--bold"),)]
        if v.me is None:
            return [(("Face-down tiles are hidden until the reveal.", "panel--muted"),)]
        if v.phase == "deal":
            if self.active:
                out: list[Line] = [(("Choose a stack (←→) and deal it (enter).", "panel--bold"),)]
                if 1 <= self.gift <= len(DECKS):
                    out.append(_details(*stack_card(DECKS[self.gift - 1])))
            else:
                out = [((f"{names[v.dealer]} chooses a stack.", ""),)]
            tiles = self.query_one("#gt-tiles", Panel)
            return [*out, (), *self._last_reveal(tiles.size.width, tiles.size.height - len(out) - 1)]
        out = [((TASKS[v.phase], "panel--muted"),)]
        rows = self.rows()
        cursor_row = self.row % max(1, len(rows))
        labels = [names[value] if v.phase == "give" else TILE_LABELS[value] for value in rows]
        lw = min(10, max((len(label) for label in labels), default=0))
        room = (24 if self.has_class("-narrow") else 36) - 3 - lw  # for the gift's number and name
        for k, (value, label) in enumerate(zip(rows, labels)):
            here = self.active and k == cursor_row
            tile = self._placed(value)
            start = (("▶ " if here else "  ", "panel--bold"), (f"{label[:lw]:<{lw}}", "panel--reverse" if here else "panel--bold"),
                     (" ", ""))
            if tile is None:
                out.append((*start, ("—", "panel--muted")))
                continue
            gift = v.gifts[tile.space - 1].name if tile.space <= len(v.gifts) else "?"
            more = " ×2" if tile.more else ""  # kept whole: the gift's name gives way
            text = f"{tile.space} {gift}"
            if len(text) + len(more) > room:
                text = text[:max(1, room - len(more) - 1)] + "…"
            out.append((*start, (text, ""), (more, "panel--info panel--bold")))
        out.append(())
        if self.active:  # what the highlighted tile does (the rules screen's words)
            key = ("give_more" if v.phase == "give" else "get_more") if self.more else (
                "give" if v.phase == "give" else self._row_value())
            out.append(_details(*tile_card(key, v.options)))
        if v.options.extra_tiles:
            out.append(self._more_line())
            if v.phase == "rate":
                trap = "used up" if v.trap_spent[v.me] else (
                    f"on gift {v.my_trap} (t moves it)" if v.my_trap else "t puts it on this gift")
                out.append(((f"Gifttrap: {trap}", ""),))
        if not self.active:
            out.append((("Committed: waiting for the others.", "panel--good"),))
        else:
            placed = len(v.my_gives if v.phase == "give" else v.my_rates)
            need = v.n - 1 if v.phase == "give" else len(GET_TILES)
            out.append(((f"{placed}/{need} placed" + (" · d when done" if placed == need else ""), "panel--muted"),))
        return out

    def _more_line(self) -> Line:
        """Where Give more (Get more) is and what ``m`` does with it: "Give more: on
        bob's gift (m moves it)"."""
        v = self.view
        give = v.phase == "give"
        name = "Give more" if give else "Get more"
        if (v.give_more_spent if give else v.get_more_spent)[v.me]:
            return ((f"{name}: used up (once a game)", "panel--muted"),)
        placed = self._more_tile(v)
        if self.more:
            where = f"moves from {self._tile_words(placed)} to" if placed is not None else "goes with"
            return ((f"{name}: {where} the next tile (m: not)", "panel--info panel--bold"),)
        if placed is not None:
            return ((f"{name}: on {self._tile_words(placed)} (m moves it)", "panel--info"),)
        return ((f"{name}: m puts it on the next tile", ""),)

    def _last_reveal(self, width: int, rows: int) -> list[Line]:
        """The viewer's part of the last reveal in at most ``rows`` rows of ``width``
        cells: a line of the round's points, then each gift given ("→bob Okay +1") and
        received ("bob→ Super +3") whole, with the gift's name where there is room (after
        it on the line, or on a row of its own); where even the lines without names do not
        fit, a row a player (``_reveal_by_player``). Nothing is cut with "…" but that list,
        on a small screen at a large table (the log has every line)."""
        v, names = self.view, self.names
        if not v.history:
            return [(("No gifts given yet.", "panel--muted"),)]
        last = v.history[-1]
        mine = [x for x in last.exchanges if v.me in (x.giver, x.receiver)]
        mine.sort(key=lambda x: x.giver != v.me)  # the gifts given first, then those received
        gave = sum(x.giver_points for x in mine if x.giver == v.me)
        got = sum(x.receiver_points for x in mine if x.receiver == v.me)
        out: list[Line] = [((f"Round {last.round}:", "panel--bold"), (" gave ", ""),
                            (f"{gave:+d}", _points_look(gave)), (" · got ", ""), (f"{got:+d}", _points_look(got)))]
        if sum(len(t) for t, _ in out[0]) > width:  # the round's points only where they fit one row
            out = [out[0][:1]]
        lines: list[tuple[Line, str]] = []
        for x in mine:
            tile = "trapped" if x.trapped else (TILE_LABELS[x.tile] if x.tile else "no tile")
            points = x.giver_points if x.giver == v.me else x.receiver_points
            who = f"→{names[x.receiver]}" if x.giver == v.me else f"{names[x.giver]}→"
            lines.append((((f"{who} {tile} ", ""), (f"{points:+d}", _points_look(points))),
                          GIFTS[last.cards[x.space - 1]].name))
        named: list[Line] = []
        for line, gift in lines:
            if sum(len(t) for t, _ in line) + 1 + len(gift) <= width:
                named.append((*line, (f" {gift}", "panel--muted")))
            else:
                named += [line, ((f"  {gift}", "panel--muted"),)]
        if len(named) + 1 <= rows or rows <= 0:
            return out + named
        if len(lines) + 1 <= rows:
            return out + [line for line, _ in lines]
        return self._reveal_by_player(last.round, mine, width, rows)

    def _reveal_by_player(self, round_: int, mine: list, width: int, rows: int) -> list[Line]:
        """The last reveal where even a line a gift does not fit: for each other player
        the points you made giving them a gift and getting one from them, a row each
        ("bob  -1  +3") or, where that does not fit either, as many a row as fit
        ("bob -1/+3  cyd +2/-1")."""
        v, names = self.view, self.names
        others = [i for i in range(v.n) if i != v.me]
        points = {i: (sum(x.giver_points for x in mine if x.giver == v.me and x.receiver == i),
                      sum(x.receiver_points for x in mine if x.receiver == v.me and x.giver == i)) for i in others}
        w = max(3, min(10, max(len(names[i]) for i in others)))
        if 1 + len(others) <= rows:  # a row a player, under the columns' names
            title = f"Round {round_}:"
            w = max(w, len(title))
            out: list[Line] = [((f"{title:<{w}}", "panel--bold"), (f" {'gave':>5} {'got':>5}", "panel--muted"))]
            for i in others:
                gave, got = points[i]
                out.append(((f"{names[i][:w]:<{w}} ", ""), (f"{gave:>+5}", _points_look(gave)), (" ", ""),
                            (f"{got:>+5}", _points_look(got))))
            return out
        out = [((f"Round {round_}:", "panel--bold"), (" gave/got", "panel--muted"))]
        row: list = []
        for i in others:
            gave, got = points[i]
            entry = ((f"{names[i][:w]} ", ""), (f"{gave:+d}", _points_look(gave)), ("/", ""),
                     (f"{got:+d}", _points_look(got)))
            if row and sum(len(t) for t, _ in row) + 2 + sum(len(t) for t, _ in entry) > width:
                out.append(tuple(row))
                row = []
            row = [*row, ("  ", ""), *entry] if row else list(entry)
        out.append(tuple(row))
        return out


def _details(name: str, text: str) -> Line:
    """The details line of a tile or stack: its name and what it does."""
    return ((f"{name}: ", "panel--bold"), (text, ""))


def _points_look(points: int) -> str:
    return "panel--good" if points > 0 else "panel--bad" if points < 0 else ""
