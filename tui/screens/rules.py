"""The rules screens, written for players: the menu's Rules lists the games
(``RulesMenuScreen``); a game's page (``RulesScreen``, also ``?`` at the table) shows the
keys first, the table's (``keys_table``: made from its ``BINDINGS``, each key's tooltip;
then what its signs mean, ``GameTable.LEGEND``) and then the app's, and then the game's
own player text (``Game.help_text``, its HELP.md): what the game is, a round, the
notation and boxtop's rulings in plain words; last, every card of the game with what it
does (``GameTable.card_texts``). The developers' RULES.md is not shown.

The page is drawn by Rich's Markdown, a section (a "## " heading and what follows) to a
``Static``: a few widgets instead of the thousand Textual's ``Markdown`` widget mounts
for a page of lists and tables (1.5–6 seconds to open on a busy machine, and PgDn did
nothing until it was done); the whole page is there, and scrolls, as the screen shows.
A page is made once per game and kept (``rules_page``).

A link to a section of the page ("see Notation") scrolls there when clicked; no link
opens anything. In a remote (SSH) session the rules are drawn without links at all
(``RulesText``), so nothing on the screen can be clicked to open anything on the host.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown as RichMarkdown
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets.option_list import Option

import engine

from ..support.key_help import key_lines
from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList
from ..widgets.title_bar import TitleBar
from ..support.contracts import Hosted

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
| L | the log, full screen (escape back); PgUp / PgDn scroll it from the table |
| escape | back (a game in progress is saved first) |
| ctrl+q | quit (a game in progress is saved first) |
"""


def keys_table(bindings: Iterable[Binding]) -> str:
    """A table widget's key help as a Markdown table ("## Keys at the table"): a row per
    ``key_lines(bindings)`` line, its keys and its tooltip; "" when no binding has a
    tooltip."""
    lines = key_lines(bindings)
    if not lines:
        return ""
    nbsp = "\u00a0"  # a key never wraps inside: "←/→ or h/l" stays on one line
    body = "\n".join(f"| {line.shown.replace(' ', nbsp)} | {line.does} |" for line in lines)
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


#: The page's Markdown styles, plain on any theme: bold headings, no colours.
THEME = Theme({
    "markdown.h1": Style(bold=True), "markdown.h2": Style(bold=True, underline=True),
    "markdown.h3": Style(bold=True), "markdown.h4": Style(bold=True, italic=True),
    "markdown.code": Style(bold=True), "markdown.code_block": Style(), "markdown.block_quote": Style(italic=True),
    "markdown.list": Style(), "markdown.item.number": Style(bold=True), "markdown.table.border": Style(dim=True),
    "markdown.table.header": Style(bold=True), "markdown.link": Style(underline=True),
    "markdown.link_url": Style(underline=True),
})


def anchor(heading: str) -> str:
    """A heading's anchor, as a link names it: "Keys at the table" → "keys-at-the-table"."""
    return re.sub(r"[^\w]+", "-", heading.lower()).strip("-")


def sections(page: str) -> list[tuple[str, str]]:
    """``page`` (Markdown) cut before each "## " heading: ``(anchor, text)`` each, the
    text before the first heading (if any) with anchor ""."""
    out: list[tuple[str, list[str]]] = [("", [])]
    fenced = False
    for line in page.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            out.append((anchor(line[3:].strip()), []))
        out[-1][1].append(line)
    return [(key, "\n".join(lines).strip() + "\n") for key, lines in out if "\n".join(lines).strip()]


class RulesText:
    """A section of the rules as a Rich renderable: Rich's Markdown in ``THEME``, its
    links made inert. A link to a section of the page ("#notation") becomes a click that
    scrolls there (the screen's ``goto``) when ``links``; any other link, and every link
    without ``links`` (a remote session), is its text alone."""

    def __init__(self, markdown: str, links: bool = True) -> None:
        self.markdown = RichMarkdown(markdown, hyperlinks=True)
        self.links = links

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        with console.use_theme(THEME):
            segments = list(console.render(self.markdown, options))
        for segment in segments:
            style = segment.style
            if style is not None and style.link:
                target = style.link
                style = style.update_link(None)
                if self.links and target.startswith("#"):
                    style += Style.from_meta({"@click": f"screen.goto({target[1:]!r})"})
                segment = Segment(segment.text, style, segment.control)
            yield segment


def learn_section(slug: str) -> str:
    """"## Learn it by playing": where the game's lesson is (``engine.core.lesson``), in
    Markdown; "" when the game has none (or its file is broken: the page still opens)."""
    from engine.core import lesson as lessons

    try:
        if not lessons.has_lesson(slug):
            return ""
        minutes = lessons.load(slug).minutes
    except ValueError:
        return ""
    title = engine.get_game(slug).title
    return (f"## Learn it by playing\n\n**t** at the menu (Learn a game) plays a guided first game of "
            f"{title}, about {minutes} minutes: each step says what to do and why, then you play on "
            f"against the bots.\n")


def rules_page(slug: str) -> str:
    """The Markdown of game ``slug``'s rules page: the table's keys and what its signs
    mean, the keys everywhere, then the game's player text. Raises ``KeyError`` for an
    unknown game."""
    from ..games import table_for

    game = engine.get_game(slug)
    try:
        table = table_for(slug)
        keys, legend, cards = keys_table(table.BINDINGS), table.LEGEND, cards_section(table.card_texts())
    except KeyError:  # a game without a table yet: only the command line plays it
        keys = legend = cards = ""
    parts = [keys] if keys else []
    if legend:  # what the table's signs mean (a small screen's compact map shows fewer)
        parts.append(f"## What the table shows\n\n{legend}\n")
    parts.append(GENERAL_KEYS)
    lesson = learn_section(slug)
    if lesson:
        parts.append(lesson)
    parts.append(game.help_text or f"## {game.title}\n\nNo rules for players are written yet.")
    if cards:  # every card with its text, after the rules that explain them
        parts.append(cards)
    return "\n\n".join(parts)


@lru_cache(maxsize=None)
def page_sections(slug: str) -> tuple[tuple[str, str], ...]:
    """``rules_page(slug)`` cut into its ``sections``, made once per game (the page
    reads the game's files and every card's text)."""
    return tuple(sections(rules_page(slug)))


class RulesScreen(OnTop, Screen[None]):
    """One game's rules (``slug``), keys first; ↑↓ PgUp PgDn Home End scroll, escape closes."""

    BINDINGS = [Binding("escape,q", "close", "Back")]

    DEFAULT_CSS = """
    RulesScreen #rules-hint { height: 1; padding: 0 2; color: $text-muted; }
    RulesScreen .rules-section { padding: 1 1 0 1; }
    """

    def __init__(self, slug: str) -> None:
        super().__init__()
        self.slug = slug

    def compose(self) -> ComposeResult:
        remote = isinstance(self.app, Hosted) and self.app.remote is not None
        yield TitleBar()
        yield Static("↑ ↓ PgUp PgDn Home End scroll · escape back", id="rules-hint")
        with VerticalScroll(id="rules-scroll"):
            for key, text in page_sections(self.slug):
                yield Static(RulesText(text, links=not remote), id=f"rules-{key}" if key else None,
                             classes="rules-section")
        yield GameFooter()

    def action_goto(self, key: str) -> None:
        """A link to a section of the page ("see Notation"): scroll so it shows first."""
        found = self.query(f"#rules-{anchor(key)}")
        if found:
            self.query_one("#rules-scroll", VerticalScroll).scroll_to_widget(found.first(), top=True, animate=False)

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
