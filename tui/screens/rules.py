"""The rules screens, written for players: the menu's Rules lists the games
(``RulesMenuScreen``); a game's page (``RulesScreen``, also ``?`` at the table) shows the
keys first, the table's (``GameTable.KEYS_HELP``) and then the app's, and then the
game's own player text (``Game.help_text``, its HELP.md): what the game is, a round, the
notation and boxtop's rulings in plain words; last, every card of the game with what it
does (``GameTable.card_texts``). The developers' RULES.md is not shown.

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
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static
from textual.widgets.option_list import Option

import engine

from ..stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList
from ..widgets.title_bar import TitleBar

GENERAL_KEYS = """\
## Keys everywhere

| key | does |
|---|---|
| arrows or h j k l | move between choices |
| enter | pick |
| : | type a move (see [Notation](#notation)), or undo, redo, save |
| u / ctrl+y | undo / redo (greyed out when not allowed) |
| B | your best moves now, with their chances (a hint; in shared rooms when the room allows it) |
| ctrl+s | save the game |
| ctrl+o | load another game (this one is saved first) |
| ? | these rules |
| escape | back (a game in progress is saved first) |
| ctrl+q | quit (a game in progress is saved first) |
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


# Textual parses a page in a worker thread; markdown-it's link encoder (mdurl) fills its
# tables the first time it runs, and two rules pages parsed at once (keys typed fast)
# raced on them (IndexError). Filled here, once, before any thread parses.
MarkdownIt("gfm-like").parse("[a](b) <c:d> ![e](f)")


def plain_markdown() -> MarkdownIt:
    """Textual's Markdown parser ("gfm-like") without links or images: a parser factory
    for ``textual.widgets.Markdown`` whose text carries no ``@click`` to open a URL."""
    md = MarkdownIt("gfm-like")
    md.core.ruler.push("boxtop_drop_links", _drop_links)  # after linkify, which makes links too
    return md


def keys_table(keys_help: str) -> str:
    """A table widget's ``KEYS_HELP`` ("keys: meaning" lines) as a Markdown table."""
    rows = [line.partition(":") for line in keys_help.splitlines() if line.strip()]
    nbsp = "\u00a0"  # a key never wraps inside: "←→ or h l" stays on one line
    body = "\n".join(f"| {k.strip().replace(' ', nbsp)} | {v.strip()} |" for k, _, v in rows)
    return f"## Keys at the table\n\n| key | does |\n|---|---|\n{body}\n"


def cards_section(cards: list[tuple[str, list[tuple[str, str]]]]) -> str:
    """``GameTable.card_texts()`` as Markdown: "## Every card", a heading per kind and
    a line per card ("**name**: what it does")."""
    if not cards:
        return ""
    parts = ["## Every card"]
    for kind, entries in cards:
        lines = "\n".join(f"- **{name}**: {text}" for name, text in entries)
        parts.append(f"### {kind}\n\n{lines}")
    return "\n\n".join(parts) + "\n"


def rules_page(slug: str) -> str:
    """The Markdown of game ``slug``'s rules page: the table's keys and what its signs
    mean, the keys everywhere, then the game's player text. Raises ``KeyError`` for an
    unknown game."""
    from ..games import table_for

    game = engine.get_game(slug)
    try:
        table = table_for(slug)
        keys, legend, cards = table.KEYS_HELP, table.LEGEND, cards_section(table.card_texts())
    except KeyError:  # a game without a table yet: only the command line plays it
        keys = legend = cards = ""
    parts = [keys_table(keys)] if keys else []
    if legend:  # what the table's signs mean (a small screen's compact map shows fewer)
        parts.append(f"## What the table shows\n\n{legend}\n")
    parts.append(GENERAL_KEYS)
    parts.append(game.help_text or f"## {game.title}\n\nNo rules for players are written yet.")
    if cards:  # every card with its text, after the rules that explain them
        parts.append(cards)
    return "\n\n".join(parts)


class RulesScreen(OnTop, Screen[None]):
    """One game's rules (``slug``), keys first; ↑↓ PgUp PgDn Home End scroll, escape closes."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    DEFAULT_CSS = """
    RulesScreen #rules-hint { height: 1; padding: 0 2; color: $text-muted; }
    RulesScreen #rules-text { padding: 0; }
    RulesScreen MarkdownHeader { margin: 1 0 1 0; }
    RulesScreen MarkdownTable { margin-bottom: 1; }
    RulesScreen MarkdownTableContent { keyline: none; grid-gutter: 0 1; grid-columns: auto 1fr; }
    """

    def __init__(self, slug: str) -> None:
        super().__init__()
        self.slug = slug

    def compose(self) -> ComposeResult:
        remote = getattr(self.app, "remote", None) is not None
        yield TitleBar()
        yield Static("↑ ↓ PgUp PgDn Home End scroll · escape back", id="rules-hint")
        with VerticalScroll(id="rules-scroll"):
            # open_links off: the page's only links lead to its own sections
            # (on_markdown_link_clicked); remotely there are no links at all
            yield Markdown(
                rules_page(self.slug), id="rules-text",
                open_links=False, parser_factory=plain_markdown if remote else None,
            )
        yield GameFooter()

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        """A link to a section of the page ("#notation") scrolls there; nothing else opens."""
        event.stop()
        if event.href.startswith("#"):
            event.markdown.goto_anchor(event.href[1:])

    def on_mount(self) -> None:
        self.title = f"{engine.get_game(self.slug).title}: rules"
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class RulesMenuScreen(OnTop, Screen[None]):
    """The menu's Rules: the games in a list; ↑↓ choose, enter opens that game's rules
    (``RulesScreen``), escape goes back to the menu."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    DEFAULT_CSS = """
    RulesMenuScreen #rules-menu-box { width: 60; height: auto; margin-top: 2; }
    RulesMenuScreen #rules-menu-head { padding: 1 0; text-style: bold; }
    RulesMenuScreen #rules-menu-list { height: auto; border: round $accent; }
    RulesMenuScreen #rules-menu-hint { color: $text-muted; padding-top: 1; }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Center():
            with Vertical(id="rules-menu-box"):
                yield Static("The rules of which game?", id="rules-menu-head")
                yield OptionList(
                    *[Option(f"{g.title}  ({g.min_players}–{g.max_players} players)", id=g.slug)
                      for g in engine.all_games()],
                    id="rules-menu-list",
                )
                yield Static("↑ ↓ choose · enter opens its rules · escape back", id="rules-menu-hint")
        yield GameFooter()

    AUTO_FOCUS = "#rules-menu-list"  # Textual focuses it as the screen shows (a query at mount
    # failed when escape, typed at once after "?", took the screen away while it mounted)

    def on_mount(self) -> None:
        self.title = "Rules"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(RulesScreen(event.option.id))

    def action_close(self) -> None:
        self.dismiss(None)
