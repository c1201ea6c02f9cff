"""Gift Trap's table: the gifts in a row of cards, both tracks, your tiles and the log.

Keys (``shared/DESIGN.md``, "The TUI"): ←→ (h l) choose a gift, ↑↓ (k j) choose the
player to give to or the Get tile to place, enter places it, ``m`` doubles it with Give
more / Get more, ``t`` sets the Gifttrap, ``d`` commits the phase (``done``). In the
deal phase ←→ choose a stack and enter deals it. Only legal choices are offered: the
cursor skips gifts the rules refuse for the chosen row.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.widgets import Static

from engine.games.gift_trap.cards import DECKS, GIFTS, PRICES
from engine.games.gift_trap.commands import (
    GET_TILES, TILE_LABELS, DealGifts, Done, GiveTile, RateGift, SetTrap,
)

from ..widgets.card import Card
from . import GameTable

MAX_SPACES = 9
BAR = 12  # cells in a track bar

PHASES = {
    "deal": "deal: the start player chooses a stack of gifts",
    "give": "give: everyone gives each other player one gift, face down",
    "rate": "rate: everyone puts Super, Good, Okay and No way on four gifts",
    "over": "the game is over",
    "setup": "setting up",
}


def _bar(score: int, length: int) -> Text:
    filled = min(BAR, round(BAR * min(score, length) / length))
    text = Text("■" * filled, style="bold green" if score >= length else "green")
    text.append("□" * (BAR - filled), style="dim")
    return text


class GiftTrapTable(GameTable):
    """The Gift Trap table widget (see the module docstring for its keys)."""

    KEYS_HELP = (
        "←→ or h l: choose a gift (a stack when dealing)\n"
        "↑↓ or k j: choose the player to give to, or the Get tile to place\n"
        "enter: give / place / deal\n"
        "m: double the next tile with Give more or Get more (extra tiles)\n"
        "t: put your Gifttrap on the chosen gift (extra tiles, once per game)\n"
        "d: done — commit your tiles for this phase"
    )

    BINDINGS = [
        Binding("left,h", "gift(-1)", "gift", show=False),
        Binding("right,l", "gift(1)", "gift", show=False),
        Binding("up,k", "row(-1)", "row", show=False),
        Binding("down,j", "row(1)", "row", show=False),
        Binding("enter", "place", "Place"),
        Binding("m", "more", "More"),
        Binding("t", "trap", "Trap"),
        Binding("d", "done", "Done"),
    ]

    DEFAULT_CSS = """
    GiftTrapTable { height: 1fr; layout: vertical; }
    GiftTrapTable #gt-cards { grid-size: 5; grid-gutter: 0 1; height: auto; }
    GiftTrapTable .deck-yellow { border: round yellow; }
    GiftTrapTable .deck-red { border: round red; }
    GiftTrapTable .deck-blue { border: round dodgerblue; }
    GiftTrapTable .deck-black { border: round $foreground 60%; }
    GiftTrapTable Card.cursor { border: heavy $accent; }
    GiftTrapTable #gt-lower { height: 1fr; }
    GiftTrapTable #gt-tracks { width: 46; height: 100%; border: round $panel-lighten-2; padding: 0 1; }
    GiftTrapTable #gt-tiles { width: 40; height: 100%; border: round $panel-lighten-2; padding: 0 1; }
    GiftTrapTable:focus-within #gt-tiles { border: round $accent; }
    GiftTrapTable #log { width: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: Any = None
        self.names: list[str] = []
        self.legal: list[Any] = []
        self.active = False
        self.gift = 1  # cursor: gift space (or stack number when dealing), 1-based
        self.row = 0  # cursor: index into rows()
        self.more = False
        # the row just placed: the cursor moves on once a view shows that tile placed (a
        # table of another seat's move may arrive first, in a shared game)
        self._advance: Any = None

    def compose(self) -> ComposeResult:
        with Grid(id="gt-cards"):
            for space in range(1, MAX_SPACES + 1):
                yield Card(id=f"card-{space}")
        with Horizontal(id="gt-lower"):
            yield Static(id="gt-tracks")
            yield Static(id="gt-tiles")
            yield self.log_pane

    def on_resize(self) -> None:
        columns = max(2, min(MAX_SPACES, self.size.width // 24))
        self.query_one("#gt-cards", Grid).styles.grid_size_columns = columns

    # ------------------------------------------------------------------ protocol
    @staticmethod
    def secret_choice(view: Any) -> bool:
        """Give and Rate are hidden (``gift-trap.de.txt``, "2." and "3.": face down)."""
        return view.phase in ("give", "rate")

    @staticmethod
    def phase_text(view: Any, names: Sequence[str]) -> str:
        """``Round 3 · give: …``."""
        return f"Round {view.round} · {PHASES.get(view.phase, view.phase)}"

    def show(self, view: Any, names: Sequence[str], legal: list[Any], active: bool) -> None:
        """Redraw the table for ``view``; ``legal`` and ``active`` as in ``GameTable``."""
        phase_changed = self.view is None or self.view.phase != view.phase or self.view.me != view.me
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
        if action == "place":
            return True if self.active and v.phase != "over" else None
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

    def action_more(self) -> None:
        if not self._more_possible():
            name = "Give more" if self.view.phase == "give" else "Get more"
            self.refuse(f"{name} is not available: it is spent or not in this game.")
            return
        self.more = not self.more
        self._snap_gift()
        self._draw()

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

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        self._draw_cards()
        # Each panel is updated only when what it shows changed: a repaint costs more
        # than comparing (in a shared game every seat redraws on every move).
        tracks_key = (v.phase, v.committed, v.give_scores, v.get_scores, v.dealer, v.winners, v.me,
                      tuple(self.names), v.history[-1].round if v.history else 0, v.options.track_length)
        if tracks_key != getattr(self, "_tracks_key", None):
            self._tracks_key = tracks_key
            self.query_one("#gt-tracks", Static).update(self._tracks(), layout=False)  # fixed size (CSS)
        tiles_text = self._tiles()
        if tiles_text != getattr(self, "_tiles_text", None):
            self._tiles_text = tiles_text
            self.query_one("#gt-tiles", Static).update(tiles_text, layout=False)  # fixed size (CSS)
        titles = (self._tiles_title(), f"GIFTED at {v.options.track_length}")
        if titles != getattr(self, "_titles", None):  # setting a border title always repaints
            self._titles = titles
            self.query_one("#gt-tiles", Static).border_title = titles[0]
            tracks = self.query_one("#gt-tracks", Static)
            tracks.border_title = "Give · Get"
            tracks.border_subtitle = titles[1]

    def _draw_cards(self) -> None:
        v = self.view
        legal = set(self.legal_spaces())
        cards = [self.query_one(f"#card-{s}", Card) for s in range(1, MAX_SPACES + 1)]
        if v.phase == "deal" or not v.gifts:
            for i, card in enumerate(cards):
                shown = i < len(DECKS) and v.phase != "over"
                if card.display != shown:
                    card.display = shown
                if not shown:
                    continue
                deck = DECKS[i]
                body = Text(f"{deck.title()} stack\n", style="bold")
                body.append(f"{PRICES[deck]}\n", style="yellow")
                body.append(f"{v.decks_left[i]} gifts left", style="dim")
                card.show(deck, body, "", cursor=self.active and self.gift == i + 1,
                          blocked=self.active and (i + 1) not in legal, deck=deck)
            return
        for space, card in enumerate(cards, 1):
            shown = space <= len(v.gifts)
            if card.display != shown:
                card.display = shown
            if not shown:
                continue
            gift = v.gifts[space - 1]
            body = Text(gift.name, style="bold", no_wrap=True, overflow="ellipsis")
            body.append("\n")
            body.append(gift.line, style="italic")
            body.append("\n")
            marks = self._marks(space)
            title = f" {space} "
            card.show(title, body if not marks else body, marks, cursor=self.active and self.gift == space,
                      blocked=self.active and space not in legal, deck=gift.deck)

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

    def _tracks(self) -> Group:
        v, names = self.view, self.names
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        length = v.options.track_length
        for i in range(v.n):
            if v.phase in ("give", "rate"):
                mark = Text("✓", style="green") if v.committed[i] else Text("…", style="yellow")
            elif v.phase == "deal" and i == v.dealer:
                mark = Text("◆", style="cyan")
            elif i in v.winners:
                mark = Text("★", style="bold yellow")
            else:
                mark = Text(" ")
            name = Text(names[i][:10], style="bold" if i == v.me else "")
            give = _bar(v.give_scores[i], length)
            give.append(f" {v.give_scores[i]:>2}")
            get = _bar(v.get_scores[i], length)
            get.append(f" {v.get_scores[i]:>2}")
            table.add_row(mark, name, give, get)
        if v.phase in ("give", "rate") and v.me is not None:
            return Group(table, Text(""), self._last_reveal())
        return Group(table)

    def _tiles_title(self) -> str:
        v = self.view
        if v.me is None:
            return "as a spectator"
        return {"give": "your Give tiles", "rate": "your Get tiles", "deal": "last reveal"}.get(v.phase, "you")

    def _tiles(self) -> Text:
        v, names = self.view, self.names
        text = Text()
        if v.phase == "over":
            winners = " and ".join(names[i] for i in v.winners)
            text.append(f"{winners} reached GIFTED with both parcels.", style="bold")
            return text
        if v.me is None:
            text.append("Face-down tiles are hidden until the reveal.\n", style="dim")
            return text
        if v.phase == "deal":
            if self.active:
                text.append("Choose a stack (←→) and deal it (enter).\n\n", style="bold")
            else:
                text.append(f"{names[v.dealer]} chooses a stack.\n\n")
            text.append_text(self._last_reveal())
            return text
        cursor_row = self.row % max(1, len(self.rows()))
        for k, value in enumerate(self.rows()):
            here = self.active and k == cursor_row
            label = names[value] if v.phase == "give" else TILE_LABELS[value]
            tile = self._placed(value)
            text.append("▶ " if here else "  ", style="bold")
            text.append(f"{label[:10]:<10} ", style="reverse" if here else "bold")
            if tile is None:
                text.append("—\n", style="dim")
            else:
                gift = v.gifts[tile.space - 1].name if tile.space <= len(v.gifts) else "?"
                text.append(f"{tile.space} {gift[:18]}" + (" ×2" if tile.more else "") + "\n")
        text.append("\n")
        if v.options.extra_tiles:
            spent = v.give_more_spent if v.phase == "give" else v.get_more_spent
            name = "Give more" if v.phase == "give" else "Get more"
            state = "spent" if spent[v.me] else ("ON: next tile ×2" if self.more else "m to use")
            text.append(f"{name}: {state}\n", style="cyan" if self.more else "")
            if v.phase == "rate":
                trap = "spent" if v.trap_spent[v.me] else (f"on gift {v.my_trap}" if v.my_trap else "t to set")
                text.append(f"Gifttrap: {trap}\n")
        if not self.active:
            text.append("Committed: waiting for the others.", style="green")
        else:
            placed = len(v.my_gives if v.phase == "give" else v.my_rates)
            need = v.n - 1 if v.phase == "give" else len(GET_TILES)
            text.append(f"{placed}/{need} placed" + (" · d when done" if placed == need else ""), style="dim")
        return text

    def _last_reveal(self) -> Text:
        v, names = self.view, self.names
        text = Text()
        if not v.history:
            text.append("No gifts given yet.", style="dim")
            return text
        last = v.history[-1]
        text.append(f"Round {last.round}:\n", style="bold")
        for x in last.exchanges:
            if v.me not in (x.giver, x.receiver):
                continue
            tile = "trapped" if x.trapped else (TILE_LABELS[x.tile] if x.tile else "no tile")
            name = GIFTS[last.cards[x.space - 1]].name
            mine = x.giver_points if x.giver == v.me else x.receiver_points
            text.append(f"{names[x.giver]}→{names[x.receiver]} {name[:16]} {tile} ")
            text.append(f"{mine:+d}\n", style="green" if mine > 0 else "red")
        return text
