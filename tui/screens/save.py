"""The save dialog: a file name, prefilled; a name alone goes into the player's save folder."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

import engine

from ..stack import OnTop
from ..paths import save_target, saves_dir, shown, write_save
from ..widgets.footer import GameFooter


class SaveName(Input):
    """The dialog's file name; enter saves (shown in the footer as "⏎ Save")."""

    BINDINGS = [Binding("enter", "submit", "Save")]


class SaveScreen(OnTop, ModalScreen[Path | None]):
    """Ask where to save ``session``, prefilled with ``default`` (its file name alone
    when it is in the save folder ``folder``, default ``saves_dir()``). Enter saves
    (atomically, ``tui.paths.write_save``) and dismisses with the path; escape cancels
    with None. A name alone goes into the save folder with ".json" added; a path saves
    there, but never makes a folder. A failure shows one line and keeps the dialog open.
    The footer under the dialog shows the dialog's keys, not the table's."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    SaveScreen #save-hint, SaveScreen #save-where { color: $text-muted; }
    SaveScreen #save-path { margin: 1 0 0 0; }
    """

    def __init__(self, session: engine.LocalSession, default: Path, folder: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.default = default
        self.folder = folder or saves_dir()

    def compose(self) -> ComposeResult:
        inside = self.default.parent.expanduser().resolve() == self.folder.expanduser().resolve()
        with Vertical(id="save-box"):
            yield Label("Save the game as:")
            yield Static("enter saves · escape cancels", id="save-hint")
            yield SaveName(self.default.name if inside else shown(self.default), id="save-path")
            yield Static(Content(f"A name alone goes into {shown(self.folder)}."), id="save-where")
            yield Static("", id="save-error")
        yield GameFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # the dialog's own: never the game screen's ":" line
        if not event.value.strip():
            self._refuse("A save needs a file name.")
            return
        path = save_target(event.value, self.folder)
        try:
            write_save(self.session, path, self.folder)
        except engine.SaveError as err:
            self._refuse(str(err))
            return
        self.dismiss(path)

    def _refuse(self, text: str) -> None:
        self.query_one("#save-error", Static).update(Content.styled(text, "red"))

    def action_cancel(self) -> None:
        self.dismiss(None)
