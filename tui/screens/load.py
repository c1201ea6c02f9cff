"""The load screen: the player's saves and the example games, to play on or to replay."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

import engine

from ..paths import EXAMPLES, list_saves


class LoadScreen(Screen[None]):
    """List saves; enter opens one: ``mode`` "load" plays on, "replay" replays it.
    A broken file shows its one-sentence ``SaveError`` and nothing else changes."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, mode: str = "load", folder: Path | None = None) -> None:
        super().__init__()
        self.mode = mode
        self.folder = folder
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(
            "Choose a game to " + ("play on" if self.mode == "load" else "replay") + " (↑↓, enter).",
            id="load-help",
        )
        options: list[Option | None] = []
        group = None
        for k, (where, path) in enumerate(list_saves(self.folder or getattr(self.app, "save_dir", None))):
            if where != group:
                group = where
                options.append(Option(f"── {where} ──", disabled=True))
            key = f"save-{k}"
            self.paths[key] = path
            options.append(Option(Content(path.name), id=key))  # a file name is text, not markup
        if not self.paths:
            options.append(Option("no saves yet — ctrl+s in a game saves it", disabled=True))
        yield OptionList(*options, id="load-list")
        yield Static("", id="load-error")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Load a game" if self.mode == "load" else "Replay a game"
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths.get(event.option.id or "")
        if path is not None:
            self.open(path)

    def open(self, path: Path) -> None:
        """Load ``path`` and open it; a broken save shows one line and stays here."""
        try:
            session = engine.load(str(path))
        except engine.SaveError as err:
            self.query_one("#load-error", Static).update(Content.styled(str(err), "red"))
            return
        from .game import GameScreen
        from .replay import ReplayScreen

        if self.mode == "replay":
            self.app.switch_screen(ReplayScreen(session))
        else:
            screen = GameScreen(session, getattr(self.app, "save_dir", None))
            # Playing on from an example saves to a new file, never over the example.
            screen.save_path = None if path.resolve().parent == EXAMPLES else path
            self.app.switch_screen(screen)

    def action_close(self) -> None:
        self.dismiss(None)
