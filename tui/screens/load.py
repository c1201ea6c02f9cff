"""The load screen: the player's saves and the example games, to play on or to replay."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

import engine

from ..paths import EXAMPLES, SaveRow, list_saves
from ..widgets.footer import GameFooter


def fit(text: str, width: int) -> str:
    """``text`` padded or cut to ``width`` terminal cells; cut text ends in "…"."""
    if cell_len(text) > width:
        return set_cell_size(text, width - 1) + "…"
    return set_cell_size(text, width)


class Columns:
    """The load list's columns for a row ``width`` cells wide: game, players, the date
    saved (local time) and the round or the result; the players take what is left."""

    GAME, DATE, STATUS, GAP = 11, 12, 20, "  "

    def __init__(self, width: int) -> None:
        self.players = max(8, width - self.GAME - self.DATE - self.STATUS - 3 * len(self.GAP))

    def _line(self, game: str, players: str, date: str, status: str) -> Content:
        cells = [fit(game, self.GAME), fit(players, self.players), fit(date, self.DATE), fit(status, self.STATUS)]
        return Content(self.GAP.join(cells).rstrip())  # names are text, never markup

    def header(self) -> Content:
        return self._line("game", "players", "saved", "round or result")

    def row(self, row: SaveRow) -> Content:
        """One save as a line; a file that is not a save: its name and "not a boxtop save"."""
        found = row.summary
        if found is None:
            return Content(fit(row.path.name, self.GAME + len(self.GAP) + self.players) + self.GAP + "not a boxtop save")
        try:
            title = engine.get_game(found.game).title
        except KeyError:
            title = found.game
        if found.winners is None:
            status = f"round {found.round}" if found.round is not None else "not finished"
        elif len(found.players) == 1 and found.totals:  # a solo game: its score
            status = f"{found.totals[0]} points"
        elif not found.winners:
            status = "nobody wins"
        elif len(found.winners) == len(found.players) > 1:
            status = "everyone wins"
        elif len(found.winners) == 1:
            status = f"{found.winners[0]} wins"
        else:
            status = ", ".join(found.winners[:-1]) + f" and {found.winners[-1]} win"
        return self._line(title, ", ".join(found.players), _local(found.saved_at), status)


def _local(stamp: str) -> str:
    """An ISO-8601 time as the player's local day and time, "4 Mar 10:15" (this year)
    or "4 Mar 2025" (another year); "" when there is none."""
    try:
        when = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return ""
    return f"{when.day} {when:%b} " + (f"{when:%H:%M}" if when.year == datetime.now().year else f"{when.year}")


class LoadScreen(Screen[None]):
    """List saves, one line each (game, players, date saved, round or result; newest
    first); enter opens one: ``mode`` "load" plays on, "replay" replays it. A file that
    is not a save is listed as one; enter on it shows its one-sentence ``SaveError``.
    ``over_game``: opened from a game (``ctrl+o``), pushed over it: escape goes back to
    that game, and the game opened takes its place."""

    BINDINGS = [Binding("escape", "close", "Back")]
    DEFAULT_CSS = "LoadScreen #load-file { height: 1; padding: 0 2; color: $text-muted; }"

    def __init__(self, mode: str = "load", folder: Path | None = None, over_game: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.over_game = over_game
        self.folder = folder
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(
            "Choose a game to " + ("play on" if self.mode == "load" else "replay") + " (↑↓, enter).",
            id="load-help",
        )
        rows = list_saves(self.folder or getattr(self.app, "save_dir", None))
        width, height = self.app.size
        # the screen's margins and the list's border and padding; its scrollbar when the
        # rows (and a heading per group) are more than the lines between header and footer
        scrollbar = 2 if len(rows) + 3 > height - 8 else 0
        columns = Columns(max(40, width - 8 - scrollbar))
        options: list[Option | None] = [Option(columns.header(), disabled=True)]
        group = None
        for k, row in enumerate(rows):
            if row.group != group:
                group = row.group
                options.append(Option(f"── {row.group} ──", disabled=True))
            key = f"save-{k}"
            self.paths[key] = row.path
            options.append(Option(columns.row(row), id=key))
        if not self.paths:
            options.append(Option("no saves yet — ctrl+s in a game saves it", disabled=True))
        yield OptionList(*options, id="load-list")
        yield Static("", id="load-file")
        yield Static("", id="load-error")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "Load a game" if self.mode == "load" else "Replay a game"
        self.query_one(OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted save's file, under the list (a file name is text, not markup)."""
        from ..paths import shown

        path = self.paths.get(event.option.id or "")
        self.query_one("#load-file", Static).update(Content(shown(path)) if path is not None else "")

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
        from ..games import has_table

        if not has_table(session.game.slug):  # the menu says "command line only for now"
            why = f"{session.game.title} cannot be played in the app yet: boxtop replay --print shows it"
            self.query_one("#load-error", Static).update(Content.styled(why, "red"))
            return
        from .game import GameScreen
        from .replay import ReplayScreen

        if self.over_game:
            self.app.pop_screen()  # back to the game, which the one opened now replaces
        if self.mode == "replay":
            self.app.switch_screen(ReplayScreen(session))
        else:
            screen = GameScreen(session, getattr(self.app, "save_dir", None))
            # Playing on from an example saves to a new file, never over the example.
            screen.save_path = None if path.resolve().parent == EXAMPLES else path
            self.app.switch_screen(screen)

    def action_close(self) -> None:
        self.dismiss(None)
