"""``BoxtopApp``: one Textual app, screens pushed and popped (``shared/DESIGN.md``, "The TUI").

menu → new game → the game's screen → result; plus load, replay, rules and hand-over.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

import engine

from .screens.game import GameScreen
from .screens.menu import MenuScreen
from .screens.replay import ReplayScreen


class BoxtopApp(App[None]):
    """The app. ``session``: open this game at once; ``replay``: replay this loaded
    game; otherwise the menu. ``save_dir`` overrides the save folder (platformdirs')."""

    CSS_PATH = "boxtop.tcss"
    TITLE = "boxtop"

    def __init__(
        self,
        session: engine.LocalSession | None = None,
        replay: engine.LocalSession | None = None,
        save_dir: str | Path | None = None,
    ) -> None:
        super().__init__()
        self.start_session = session
        self.start_replay = replay
        self.save_dir = Path(save_dir) if save_dir is not None else None

    def on_mount(self) -> None:
        self.push_screen(MenuScreen())
        if self.start_session is not None:
            self.push_screen(GameScreen(self.start_session, self.save_dir))
        elif self.start_replay is not None:
            self.push_screen(ReplayScreen(self.start_replay))
