"""The question asked before a save replaces a file: y replaces it, n or escape keeps it."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..support.paths import replace_sentence
from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.path_text import PathSentence


class ReplaceScreen(OnTop, ModalScreen[bool]):
    """Ask whether saving may replace the file at ``path`` (``what`` as
    ``tui.support.paths.replacing`` says: "save" for another saved game, "file" for a file that
    is not a save). Dismisses with True for y, False for n or escape (the file is kept)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Replace it"),
        Binding("n,escape", "answer(False)", "Keep it"),
    ]
    DEFAULT_CSS = """
    ReplaceScreen { align: center middle; }
    ReplaceScreen #replace-box { width: 70; height: auto; border: round $warning; padding: 1 2; background: $surface; }
    ReplaceScreen #replace-keys { margin: 1 0 0 0; }
    """

    def __init__(self, path: Path, what: str) -> None:
        super().__init__()
        self.path, self.what = path, what

    def compose(self) -> ComposeResult:
        with Vertical(id="replace-box"):
            yield Static(PathSentence(replace_sentence(self.what), self.path), id="replace-what")
            yield Static(Content("Replace it? y replaces it · n or escape keeps it"), id="replace-keys")
        yield GameFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
