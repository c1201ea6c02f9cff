"""The rules screen: each game's rules as boxtop plays them, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

import engine

GENERAL_KEYS = """\
## Keys everywhere

| key | does |
|---|---|
| ↑ ↓ ← → or h j k l | move between choices |
| enter | pick |
| `:` | the command line: type a move in notation (`give 3 to bob`), `undo`, `redo`, `save` |
| u / ctrl+y | undo / redo (greyed out when the undo policy forbids it) |
| ctrl+s | save the game |
| ctrl+o | load another game (this one is saved first) |
| ? | these rules |
| escape | back (a game in progress is saved first) |
| ctrl+q | quit |
"""


class RulesScreen(Screen[None]):
    """Rules of one game (``slug``) or of every game, with the keys; escape closes."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    def __init__(self, slug: str | None = None) -> None:
        super().__init__()
        self.slug = slug

    def compose(self) -> ComposeResult:
        from ..games import table_for

        games = [engine.get_game(self.slug)] if self.slug else engine.all_games()
        parts = []
        for game in games:
            parts.append(game.rules_text)
            try:
                keys = table_for(game.slug).KEYS_HELP
            except KeyError:
                keys = ""
            if keys:
                rows = "\n".join(f"| {k.strip()} | {v.strip()} |" for k, _, v in (line.partition(":") for line in keys.splitlines()))
                parts.append(f"## Keys at the {game.title} table\n\n| key | does |\n|---|---|\n{rows}\n")
        parts.append(GENERAL_KEYS)
        yield Header()
        with VerticalScroll(id="rules-scroll"):
            yield Markdown("\n\n".join(parts), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
