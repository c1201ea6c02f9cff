"""The menu's "Learn a game": the games with a lesson (``engine.core.lesson``), each
marked once finished; enter starts that game's guided first game (``LessonScreen``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

import engine
from engine.core import lesson as lessons

from ..support.contracts import SavesIn
from ..support.paths import lessons_finished
from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList
from ..widgets.title_bar import TitleBar

#: The mark of a finished lesson in the list.
DONE = "✓ done"


def lesson_label(slug: str, done: set[str]) -> str:
    """A game's line in the list: its title, the lesson's minutes, and the mark when done."""
    game = engine.get_game(slug)
    lesson = lessons.load(slug)
    mark = f"  {DONE}" if slug in done else ""
    return f"{game.title}  (about {lesson.minutes} min){mark}"


class LearnMenuScreen(OnTop, Screen[None]):
    """The games' lessons in a list; ↑↓ choose, enter starts one, escape goes back."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    DEFAULT_CSS = """
    LearnMenuScreen #learn-box { width: 60; height: auto; margin-top: 2; }
    LearnMenuScreen #learn-head { padding: 1 0; text-style: bold; }
    LearnMenuScreen #learn-list { height: auto; border: round $accent; }
    LearnMenuScreen #learn-hint { color: $text-muted; padding-top: 1; }
    """

    AUTO_FOCUS = "#learn-list"

    def compose(self) -> ComposeResult:
        done = lessons_finished()
        yield TitleBar()
        with Center():
            with Vertical(id="learn-box"):
                yield Static("Learn a game by playing it, step by step", id="learn-head")
                yield OptionList(
                    *[Option(lesson_label(slug, done), id=slug) for slug in engine.slugs() if lessons.has_lesson(slug)],
                    id="learn-list",
                )
                yield Static("↑ ↓ choose · enter starts its guided first game · escape back\n"
                             "Each ends in a real game you play on against the bots.", id="learn-hint")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "Learn a game"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save_dir = self.app.save_dir if isinstance(self.app, SavesIn) else None  # a test's app may have none
        self.app.switch_screen(lesson_screen(event.option.id, save_dir))

    def action_close(self) -> None:
        self.dismiss(None)


def lesson_screen(slug: str, save_dir=None):
    """The lesson of ``slug`` begun on a new session, as a screen."""
    from .lesson import LessonScreen

    lesson = lessons.load(slug)
    return LessonScreen(slug, lesson, lessons.start(slug, lesson), save_dir)
