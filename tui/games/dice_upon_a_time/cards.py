"""Dice Upon a Time's cards in front of the players, one key (``q``) away from the table.

At 80×24 the side panel has room for the others only by code ("O bob CO 3AP 2c0b1a 1i"):
their quests and every Story card's text are missing there. ``CardsScreen`` shows what
lies face up on the table, as the rulebook has it ("Quest cards": "Players' Quest
cards are always open"; "Story cards": "All types of these cards are open information
to all players"; "Magic Item cards": "These cards are kept secret"): for each player,
their Character and its ability, their active quests with what each asks, their
completed quests by number and AP, their Story cards in front with their texts, the
quest tokens they carry; your own Magic Items with their texts and the others' by
number only. In the co-operative game the quests lie on the table for everyone.

Everything comes from the view of the seat at the keyboard (``cards_lines``), so what
that seat may not see never shows. The screen covers the table, scrolls (↑↓ PgUp PgDn
Home End) and closes with escape or ``q``; the table brings it up to date while it is
open (a shared room's moves go on meanwhile).
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine.games.dice_upon_a_time.effects import CHARACTERS, ITEMS, STORIES
from engine.games.dice_upon_a_time.notation import DIE_LETTER, DIE_NAME
from engine.games.dice_upon_a_time.common import quest_met

from ...widgets.footer import GameFooter
from ...widgets.lines import Line, Panel, Run, wrap_text
from ...widgets.title_bar import TitleBar
from ...support.stack import OnTop
from .map import initials
from .text import CARDS, ITEM_SHORT, LOCS, character_text, story_text, tokens_short

#: The colour class of each seat's letter (as on the map and in the side panel).
SEAT_CLASS = ("du--p0", "du--p1", "du--p2", "du--p3", "du--p4")


def letters_line(names: Sequence[str], me: int | None) -> str:
    """The players' letters as the map shows them, and why a letter is not its name's
    first: "Letters on the map: A ann (you), O bob, C cyd. bob is O: B is the Ban die."
    (a die's letter, or a first letter two names share, is never a player's)."""
    letters = initials(names)
    pairs = ", ".join(f"{c} {n}{' (you)' if i == me else ''}" for i, (c, n) in enumerate(zip(letters, names)))
    firsts = [next((ch.upper() for ch in n if ch.isascii() and ch.isalpha()), "") for n in names]
    why = []
    for name, letter, first in zip(names, letters, firsts):
        if letter == first or not first:
            continue
        die = next((d for d, c in DIE_LETTER.items() if c == first), None)
        reason = f"{first} is the {DIE_NAME[die]}" if die else f"{first} is another player's"
        why.append(f"{name} is {letter}: {reason}")
    return f"Letters on the map: {pairs}." + "".join(f" {w}." for w in why)


def _indented(text: str, width: int, style: str, indent: int = 2) -> list[Line]:
    """``text`` wrapped to ``width`` under ``indent`` spaces, its further rows hanging two more."""
    rows = wrap_text(" " * indent + text, width)
    return [((row, style),) for row in rows]


def _quest(q: str, ready: bool, width: int) -> list[Line]:
    card = CARDS.quests[q]
    mark = "✓ " if ready else "· "
    return _indented(f"{mark}{card.name} ({card.ap} AP): {card.text}", width, "panel--good" if ready else "")


def player_lines(view: Any, names: Sequence[str], seat: int, width: int) -> list[Line]:
    """One player's cards face up (and, for the seat at the keyboard, its Magic Items)."""
    p = view.players[seat]
    letters = initials(names)
    mine = seat == view.me
    ap = sum(CARDS.quests[q].ap for q in p.done)
    head: list[Run] = [(letters[seat], f"{SEAT_CLASS[seat % 5]} panel--bold"),
                       (f" {names[seat]}{' (you)' if mine else ''}", "panel--bold"),
                       (f" · {LOCS[p.at].name} · {ap} AP · tokens {tokens_short(p.tokens)}", "")]
    if p.rabbits:
        head.append((f" · {p.rabbits} Rabbit token{'s' if p.rabbits > 1 else ''}", ""))
    if seat == view.turn:
        head.append(("  ▶ to play", "panel--warn"))
    out: list[Line] = [tuple(head)]
    if p.character in CHARACTERS:
        c = CHARACTERS[p.character]
        text = character_text(p, view)
        if view.options.characters == "abilities":
            text += f": {c.text}"
        out += _indented(text, width, "panel--special")
    if p.items:
        carried = ", ".join(ITEM_SHORT.get(x, x) for x in p.items)
        out += _indented(f"carries {carried}", width, "")
    if view.options.mode == "competitive":
        if p.quests:
            out += _indented(f"Quests ({len(p.quests)} of 4):", width, "panel--muted")
            for q in p.quests:
                out += _quest(q, mine and quest_met(p, q), width)
        else:
            out += _indented("No active quest.", width, "panel--muted")
    if p.done:
        out += _indented(f"Completed: {len(p.done)} quest{'s' if len(p.done) > 1 else ''}, {ap} AP.", width,
                         "panel--muted")
    if p.stories:
        out += _indented("Story cards in front:", width, "panel--muted")
        for x in p.stories:
            style = "panel--bad" if STORIES[x].type == "curse" else "panel--good"
            out += _indented("· " + story_text(x), width, style)
    if mine and p.magic:
        out += _indented("Your Magic Items (secret):", width, "panel--muted")
        for i in p.magic:
            text = f"◆ {ITEMS[i].name}: {ITEMS[i].text}" if i in ITEMS else "◆ a Magic Item"
            out += _indented(text, width, "panel--special")
    elif p.magic:
        n = len(p.magic)
        out += _indented(f"{n} Magic Item{'s' if n > 1 else ''}, face down.", width, "panel--muted")
    return out


def cards_lines(view: Any, names: Sequence[str], width: int) -> list[Line]:
    """What the pane shows for ``view`` (a seat's, or a spectator's): the letters, then
    each player from the seat at the keyboard on, clockwise; in the co-operative game
    first the quests on the table. Only what ``view`` holds is read, so nothing hidden
    from that seat can show. ``width``: cells a row (lines are wrapped to it)."""
    out: list[Line] = []
    out += [((row, "panel--muted"),) for row in wrap_text(letters_line(names, view.me), width)]
    if view.options.mode == "cooperative":
        out.append(())
        out.append(((f"Quests on the table, open to everyone ({len(view.table)}):", "panel--bold"),))
        me = view.players[view.me] if view.me is not None else None
        for q in view.table:
            out += _quest(q, me is not None and quest_met(me, q), width)
    first = view.me if view.me is not None else 0
    for k in range(view.n):
        seat = (first + k) % view.n
        out.append(())
        out += player_lines(view, names, seat, width)
    return out


class CardsPanel(Panel):
    """The pane's lines (``cards_lines``), with the five players' colours."""

    COMPONENT_CLASSES = Panel.COMPONENT_CLASSES | set(SEAT_CLASS)

    DEFAULT_CSS = """
    CardsPanel {
        padding: 0 1;
        & > .du--p0 { color: $text-error; }
        & > .du--p1 { color: $foreground; }
        & > .du--p2 { color: $text-success; }
        & > .du--p3 { color: $text-primary; }
        & > .du--p4 { color: $text-warning; }
    }
    """


class CardsScreen(OnTop, Screen[None]):
    """Every player's cards face up, from ``view`` (``cards_lines``); ``show`` brings it
    up to date. escape or ``q`` closes it; ↑↓ PgUp PgDn Home End scroll."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    DEFAULT_CSS = """
    CardsScreen #cards-hint { height: 1; padding: 0 1; color: $text-muted; }
    CardsScreen #cards-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, view: Any, names: Sequence[str]) -> None:
        super().__init__()
        self.view, self.names = view, list(names)
        self.panel = CardsPanel(id="cards-text")

    def compose(self) -> ComposeResult:
        self._draw()  # before the first layout: the pane's height is whole at once
        yield TitleBar()
        yield Static("Cards face up on the table · ↑↓ PgUp PgDn scroll · escape or q back", id="cards-hint")
        with VerticalScroll(id="cards-scroll"):
            yield self.panel
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "Dice Upon a Time: quests and Story cards"
        self.query_one("#cards-scroll").focus()

    def on_resize(self) -> None:
        self._draw()

    def show(self, view: Any, names: Sequence[str]) -> None:
        """Show ``view`` (the same seat's, newer)."""
        self.view, self.names = view, list(names)
        if self.is_attached:
            self._draw()

    def _draw(self) -> None:
        width = max(20, (self.size.width or self.app.size.width) - 3)  # the padding (1 + 1), the scroll bar (1)
        self.panel.set_lines(cards_lines(self.view, self.names, width))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["CardsScreen", "cards_lines", "letters_line", "player_lines"]
