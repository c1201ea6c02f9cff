"""The rules screen: each game's rules as boxtop plays them, and the keys.

In a remote (SSH) session the rules are drawn without links: a link, a bare address
and an image keep only their text, so nothing on the screen can be clicked to open
anything on the host (``plain_markdown``).
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
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


def _drop_links(state: StateCore) -> None:
    """A markdown-it core rule: remove every link (its text stays) and turn every image
    into its alt text."""
    for token in state.tokens:
        if token.children:
            token.children = [
                Token("text", "", 0, content=c.content) if c.type == "image" else c
                for c in token.children if c.type not in ("link_open", "link_close")
            ]


def plain_markdown() -> MarkdownIt:
    """Textual's Markdown parser ("gfm-like") without links or images: a parser factory
    for ``textual.widgets.Markdown`` whose text carries no ``@click`` to open a URL."""
    md = MarkdownIt("gfm-like")
    md.core.ruler.push("boxtop_drop_links", _drop_links)  # after linkify, which makes links too
    return md


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
                legend = table_for(game.slug).LEGEND
            except KeyError:
                keys = legend = ""
            if keys:
                rows = "\n".join(f"| {k.strip()} | {v.strip()} |" for k, _, v in (line.partition(":") for line in keys.splitlines()))
                parts.append(f"## Keys at the {game.title} table\n\n| key | does |\n|---|---|\n{rows}\n")
            if legend:
                parts.append(f"## What the {game.title} table shows\n\n{legend}\n")
        parts.append(GENERAL_KEYS)
        remote = getattr(self.app, "remote", None) is not None
        yield Header()
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(
                "\n\n".join(parts), id="rules-text",
                open_links=not remote, parser_factory=plain_markdown if remote else None,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
