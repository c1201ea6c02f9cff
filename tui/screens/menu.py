"""The menu: new game, load, replay, rules, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList
from ..widgets.title_bar import TitleBar

TITLE_ART = "b o x t o p"
TAGLINE = "five tabletop games, played in a terminal"

CHOICES = [
    ("new", "New game"),
    ("learn", "Learn a game (a guided first game)"),
    ("load", "Load a saved game"),
    ("replay", "Replay a saved game"),
    ("rules", "Rules"),
    ("quit", "Quit"),
]


class MenuScreen(OnTop, Screen):
    """The first screen; ↑↓ and enter choose, or the letter keys n t l r ? q."""

    BINDINGS = [
        Binding("n", "choose('new')", "New"),
        Binding("t", "choose('learn')", "Learn"),
        Binding("l", "choose('load')", "Load"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("question_mark", "choose('rules')", "Rules"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Center():
            with Vertical(id="menu-box"):
                yield Static(TITLE_ART, id="menu-title")
                yield Static(TAGLINE, id="menu-tagline")
                yield OptionList(*[Option(label, id=key) for key, label in CHOICES], id="menu-list")
                yield Static("", id="menu-games")
        yield GameFooter()

    @staticmethod
    def _games_line() -> str:
        import engine

        from ..games import has_table

        return "games: " + ", ".join(
            f"{g.title} ({g.min_players}–{g.max_players}{'' if has_table(g.slug) else ', command line only for now'})"
            for g in engine.all_games()
        )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        # Listing the games loads every game's package (cards, rules text): done after the
        # first frame so the menu appears at once.
        self.call_after_refresh(lambda: self.query_one("#menu-games", Static).update(self._games_line()))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id)

    def action_choose(self, key: str) -> None:
        from .learn import LearnMenuScreen
        from .load import LoadScreen
        from .new_game import NewGameScreen
        from .rules import RulesMenuScreen

        if key == "new":
            self.app.push_screen(NewGameScreen())
        elif key == "learn":
            self.app.push_screen(LearnMenuScreen())
        elif key == "load":
            self.app.push_screen(LoadScreen(mode="load"))
        elif key == "replay":
            self.app.push_screen(LoadScreen(mode="replay"))
        elif key == "rules":
            self.app.push_screen(RulesMenuScreen())
        elif key == "quit":
            self.app.exit()
