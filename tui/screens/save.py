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

from ..support.stack import OnTop
from ..support.paths import replacing, save_target, saves_dir, shown, write_save
from ..widgets.footer import GameFooter


class SaveName(Input):
    """The dialog's file name; enter saves (shown in the footer as "⏎ Save")."""

    BINDINGS = [Binding("enter", "submit", "Save")]


class SaveScreen(OnTop, ModalScreen[Path | None]):
    """Ask where to save ``session``, prefilled with ``default`` (its file name alone
    when it is in the save folder ``folder``, default ``saves_dir()``). Enter saves
    (atomically, ``tui.support.paths.write_save``) and dismisses with the path; escape cancels
    with None. A name alone goes into the save folder with ".json" added; a path saves
    there, but never makes a folder. Before it replaces a file other than ``own`` (the
    file the game is saved in), it asks (``ReplaceScreen``): n or escape keeps the file
    and the dialog stays open for another name. A failure shows one line and keeps the
    dialog open. The footer under the dialog shows the dialog's keys, not the table's."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    SaveScreen #save-hint, SaveScreen #save-where { color: $text-muted; }
    SaveScreen #save-path { margin: 1 0 0 0; }
    """

    def __init__(self, session: engine.LocalSession, default: Path, folder: Path | None = None,
                 own: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.default = default
        self.folder = folder or saves_dir()
        self.own = own

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
        what = replacing(path, self.own)
        if what is None:
            self._write(path)
            return
        from .replace import ReplaceScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._write(path)
            else:
                self._refuse("Not saved: the file is kept. Type another name, or escape.")

        self.app.push_screen(ReplaceScreen(path, what), answered)

    def _write(self, path: Path) -> None:
        """Save to ``path`` and close; a failure stays here, said in one line."""
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
