"""Which bot takes a seat of a shared room: the game's strengths, each with what it plays
like in one line, then random (``tui.support.bots``). The waiting room's ``b`` opens it for the
highlighted seat, the shared game's ``ctrl+b`` for an away player's seat."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from textual.widgets.option_list import Option

import engine

from ..support.stack import OnTop
from ..support import bots
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList


class StrengthScreen(OnTop, ModalScreen[str | None]):
    """``title`` above the bots ``game`` offers (``tui.support.bots.choices``), numbered, each
    with its line; the seat's ``current`` kind is highlighted (else ``normal``). ↑↓ and
    enter or a bot's number choose it, and the screen dismisses with its kind; escape
    dismisses with None (the seat stays as it was)."""

    BINDINGS = [Binding("escape", "cancel", "Back")] + [
        Binding(str(n), f"pick({n})", f"Bot {n}", show=False) for n in range(1, 10)
    ]
    DEFAULT_CSS = """
    StrengthScreen { align: center middle; }
    #strength-box { width: 76; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    #strength-hint { color: $text-muted; }
    #strength-list { height: auto; margin-top: 1; border: none; padding: 0; }
    """

    def __init__(self, game: engine.Game, title: str, current: str | None = None) -> None:
        super().__init__()
        self.kinds = bots.choices(game)
        self.title_text = title
        self.current = "normal" if current == "heuristic" else current

    def compose(self) -> ComposeResult:
        with Vertical(id="strength-box"):
            yield Label(Content(self.title_text), id="strength-title")
            yield Static(f"↑↓ and enter, or 1–{len(self.kinds)}, choose · escape keeps the seat", id="strength-hint")
            yield OptionList(*[
                Option(Text.assemble(f"{n}  {kind:<8}", (bots.describe(kind), "dim")), id=kind)
                for n, kind in enumerate(self.kinds, 1)
            ], id="strength-list")
        yield GameFooter()

    def on_mount(self) -> None:
        chosen = self.current if self.current in self.kinds else bots.DEFAULT
        listed = self.query_one(OptionList)
        listed.highlighted = self.kinds.index(chosen) if chosen in self.kinds else 0
        listed.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_pick(self, n: int) -> None:
        """Choose the ``n``-th bot (from 1); a number past the list does nothing."""
        if 1 <= n <= len(self.kinds):
            self.dismiss(self.kinds[n - 1])

    def action_cancel(self) -> None:
        self.dismiss(None)
