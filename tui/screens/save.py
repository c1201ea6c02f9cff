"""The save dialog: a file name, prefilled in the player's save folder."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

import engine


class SaveScreen(ModalScreen[Path | None]):
    """Ask where to save ``session``; enter saves (atomically) and dismisses with the
    path, escape cancels with None. A failure shows one line and keeps the dialog open."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, session: engine.LocalSession, default: Path) -> None:
        super().__init__()
        self.session = session
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box"):
            yield Label("Save the game as:")
            yield Input(str(self.default), id="save-path")
            yield Static("", id="save-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.query_one("#save-error", Static).update(Content.styled("A save needs a file name.", "red"))
            return
        path = Path(event.value.strip()).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.session.save(str(path))
        except (OSError, engine.SaveError) as err:
            reason = getattr(err, "strerror", None) or str(err)
            self.query_one("#save-error", Static).update(Content.styled(f"Cannot save there: {reason}.", "red"))
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
