"""Giftbringer: the player chooses which Gratitude to keep when a visited house gives more
than their Vikings' free slots hold (Giftbringer rulebook, "GRATITUDE": the player
writes the letters down; ``engine/games/giftbringer/RULES.md``, "Gratitude").

``KeepScreen`` lists the choices, the one worth most first: ↑↓ choose, enter keeps,
escape goes back to the table without visiting.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from ...support.stack import OnTop

from engine.games.giftbringer.commands import Visit
from engine.games.giftbringer.notation import title
from engine.games.giftbringer.rules import BONUS, POINTS, counts, free_slots
from engine.games.giftbringer.sheet import SHEET
from engine.games.giftbringer.state import PlayerSheet

NAMES = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}
PLURALS = {"C": "Cookies", "G": "Glasses of Milk", "M": "Muffins"}


def gain(sheet: PlayerSheet, letters: str) -> int:
    """Points ``letters`` add to ``sheet``: 4/5/6 each ("SCORING") and 15 for each bonus
    (7 Glasses of Milk, 8 Cookies, 9 Muffins) they complete."""
    have = counts(sheet)
    points = sum(POINTS[c] for c in letters)
    for letter, need in BONUS.items():
        if have[letter] < need <= have[letter] + letters.count(letter):
            points += 15
    return points


def choice_label(sheet: PlayerSheet, place_id: str, keep: str) -> str:
    """One line for a choice: the letters kept, the points they add (a bonus named), and
    what is lost. Plain text, at most about 60 characters."""
    lost = list(SHEET.place(place_id).gratitude)
    for letter in keep:
        lost.remove(letter)
    points = gain(sheet, keep)
    have = counts(sheet)
    bonus = [f"{need} {PLURALS[c]}" for c, need in BONUS.items() if have[c] < need <= have[c] + keep.count(c)]
    kept = ", ".join(NAMES[c] for c in keep)
    line = f"keep {kept} · +{points}" + (f" ({', '.join(bonus)})" if bonus else "")
    return line + " · lose " + ", ".join(NAMES[c] for c in lost)


class KeepScreen(OnTop, ModalScreen[Visit | None]):
    """Ask which Gratitude to keep at ``place_id``: ``visits`` are its legal Visits, one
    per choice (``Visit.keep`` set). Dismisses with the chosen Visit, or None (escape)."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    DEFAULT_CSS = """
    KeepScreen { align: center middle; }
    KeepScreen #keep-box { width: 72; max-width: 100%; height: auto; border: round $accent;
                           padding: 0 1; background: $surface; }
    KeepScreen #keep-list { height: auto; max-height: 8; border: none; padding: 0; }
    KeepScreen .keep-help { color: $text-muted; }
    """

    def __init__(self, sheet: PlayerSheet, place_id: str, visits: Sequence[Visit]) -> None:
        super().__init__()
        self.sheet = sheet
        self.place = SHEET.place(place_id)
        self.visits = sorted(visits, key=lambda c: (-gain(sheet, c.keep), c.keep))

    def compose(self) -> ComposeResult:
        p, free = self.place, free_slots(self.sheet)
        given = ", ".join(NAMES[c] for c in p.gratitude)
        with Vertical(id="keep-box"):
            yield Static(f"{title(p.id)} gives {given}.", markup=False)
            yield Static(f"Your Vikings have {free} free slot{'s' * (free > 1)}: choose what to keep.", markup=False)
            yield OptionList(*[Option(choice_label(self.sheet, p.id, c.keep), id=c.keep) for c in self.visits],
                             id="keep-list")
            yield Static("↑↓ choose · enter keep · esc back", classes="keep-help", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(next(c for c in self.visits if c.keep == event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
