"""The load screen: the player's saves and the example games, to play on or to replay."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Sequence

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Static
from textual.widgets.option_list import Option

import engine

from engine.core.save_write import hints_note
from engine.core.save_read import Summary
from engine.core.text import printable

from ..support.stack import OnTop
from ..support.paths import EXAMPLES, SaveRow, find_save, list_saves, saves_dir, shown
from ..widgets.footer import GameFooter
from ..widgets.option_list import OptionList
from ..widgets.title_bar import TitleBar
from ..support.contracts import SavesIn


def fit(text: str, width: int) -> str:
    """``text`` padded or cut to ``width`` terminal cells; cut text ends in "…"."""
    if cell_len(text) > width:
        return set_cell_size(text, width - 1) + "…"
    return set_cell_size(text, width)


class Columns:
    """The load list's columns for a row ``width`` cells wide: game (whole names when
    there is room), players, the date saved (local time) and where the game stands or
    its result; the players take what is left. A save whose options differ from the
    game's defaults gets a second, dimmer line naming them ("cards beginner, characters
    none"), so games that differ only in options are told apart; it says who asked for
    a hint too ("hints used by ann": ``note_of``)."""

    DATE, GAP = 12, "  "

    def __init__(self, width: int, rows: Sequence[SaveRow] = (), finished: str = "") -> None:
        if width < 76:  # 80 columns: one space between columns, so four names and a three-way win fit whole
            self.GAP = " "
        self.finished = finished  # put before a finished game's result ("replay · ann wins")
        found = [row.summary for row in rows if row.summary is not None]
        titles = [_title(f.game) for f in found] or [g.title for g in engine.all_games()]
        # each column as wide as its longest text (the header's words at least), within
        # bounds, so the players get every cell the others do not need
        self.game = max(4, min(max(map(cell_len, titles)), 17 if width >= 66 else 11))
        status = max([cell_len(self.status_text(f)) for f in found] + [15])
        players = max([cell_len(", ".join(f.players)) for f in found] + [7])
        free = width - self.game - self.DATE - 3 * len(self.GAP)
        self.status = min(status, 20)  # then the players, then the rest of the state
        self.status += max(0, min(status - self.status, free - self.status - players))
        self.players = max(8, free - self.status)

    def status_text(self, found: Summary) -> str:
        """Where the game stands or its result (``status_of``), a finished game's marked
        with ``finished`` first."""
        said = printable(status_of(found))  # a save's summary is a file's text
        return f"{self.finished}{said}" if self.finished and found.winners is not None else said

    def _line(self, game: str, players: str, date: str, status: str) -> Content:
        cells = [fit(printable(text), width) for text, width in
                 ((game, self.game), (players, self.players), (date, self.DATE), (status, self.status))]
        return Content(self.GAP.join(cells).rstrip())  # a file's text: never markup, no control character

    def header(self) -> Content:
        return self._line("game", "players", "saved", "state or result")

    def row(self, row: SaveRow) -> Content:
        """One save as a line (two with its options); a file that is not a save: its name
        and "not a boxtop save"."""
        found = row.summary
        if found is None:
            name = printable(row.path.name)  # a file's name may hold anything
            return Content(fit(name, self.game + len(self.GAP) + self.players) + self.GAP + "not a boxtop save")
        line = self._line(_title(found.game), ", ".join(found.players), _local(found.saved_at), self.status_text(found))
        if not note_of(found):
            return line
        width = self.game + self.players + self.DATE + self.status + 3 * len(self.GAP)
        note = Content.styled(fit("  " + printable(note_of(found)), width - 2).rstrip(), "dim")
        return Content.assemble(line, "\n", note)


def note_of(found: Summary) -> str:
    """A save's second line in the load list: its options that differ from the game's
    defaults and who asked for a hint, "cards beginner · hints used by ann"; "" for
    neither."""
    return " · ".join(part for part in (found.options, hints_note(found.hints)) if part)


def _title(slug: str) -> str:
    """The game's title (its slug for a game this boxtop does not know)."""
    try:
        return engine.get_game(slug).title
    except KeyError:
        return slug


def status_of(found: Summary) -> str:
    """Where a save's game stands ("turn 19 · bob leads", "round 2", "chapter 3 of 6")
    or its result ("ann wins", "58 points", "everyone wins")."""
    if found.winners is None:
        if found.state:
            return found.state
        return f"round {found.round}" if found.round is not None else "not finished"
    if len(found.players) == 1 and found.totals:  # a solo game: its score
        return f"{found.totals[0]} points"
    if not found.winners:
        return "nobody wins"
    if len(found.winners) == len(found.players) > 1:
        return "everyone wins"
    if len(found.winners) == 1:
        return f"{found.winners[0]} wins"
    return ", ".join(found.winners[:-1]) + f" and {found.winners[-1]} win"


def _local(stamp: str) -> str:
    """An ISO-8601 time as the player's local day and time, "4 Mar 10:15" (this year)
    or "4 Mar 2025" (another year); "" when there is none."""
    try:
        when = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return ""
    return f"{when.day} {when:%b} " + (f"{when:%H:%M}" if when.year == datetime.now().year else f"{when.year}")


#: Before a finished game's result on the load list: there is nothing to play on, and
#: enter opens it as a replay.
FINISHED = "replay · "


class LoadScreen(OnTop, Screen[None]):
    """List saves, one line each (game, players, date saved, where the game stands or its
    result; newest first; a second line names options that differ from the defaults):
    the save folder's, those the app saved elsewhere, the examples. Enter opens one:
    ``mode`` "load" plays on, "replay" replays it; a finished game has nothing to play on,
    so the load list marks it ("replay · ann wins") and opens it as a replay (a fresh
    install's examples are all finished). ``p`` opens a field to type a save's
    path (a name alone is looked for in the save folder); escape closes it. A file that
    is not a save is listed as one; opening it shows its one-sentence ``SaveError``.
    ``over_game``: opened from a game (``ctrl+o``), pushed over it: escape goes back to
    that game, and the game opened takes its place."""

    BINDINGS = [Binding("escape", "close", "Back"), Binding("p", "path", "Type a path")]
    DEFAULT_CSS = """
    LoadScreen #load-file { height: 1; padding: 0 2; color: $text-muted; }
    LoadScreen #load-path { display: none; margin: 0 2; height: 1; border: none; padding: 0 1; background: $boost; }
    LoadScreen #load-path.-open { display: block; }
    """

    def __init__(self, mode: str = "load", folder: Path | None = None, over_game: bool = False) -> None:
        super().__init__()
        self.mode = mode
        self.over_game = over_game
        self.folder = folder
        self.paths: dict[str, Path] = {}

    def _app_saves(self):
        """The app's save folder (``SavesIn``), None for the user's own."""
        return self.app.save_dir if isinstance(self.app, SavesIn) else None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(
            "Play on a game (↑↓, enter; a finished one replays), or p to type a path."
            if self.mode == "load" else "Choose a game to replay (↑↓, enter), or p to type a path.",
            id="load-help",
        )
        rows = list_saves(self.folder or self._app_saves())
        width, height = self.app.size
        # the screen's margins and the list's border and padding; its scrollbar when the
        # rows (two for a save with options, and a heading per group) are more than the
        # lines between header and footer
        lines = sum(2 if row.summary is not None and note_of(row.summary) else 1 for row in rows)
        scrollbar = 2 if lines + 4 > height - 8 else 0
        # margins of 1, the border and padding
        columns = Columns(max(40, width - 6 - scrollbar), rows, FINISHED if self.mode == "load" else "")
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
        yield Input(placeholder="a save's path or name · enter opens · escape closes",
                    id="load-path")
        yield Static("", id="load-error")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "Load a game" if self.mode == "load" else "Replay a game"
        self.query_one(OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted save's file, under the list (a file name is text, not markup)."""
        path = self.paths.get(event.option.id or "")
        self.query_one("#load-file", Static).update(Content(printable(shown(path))) if path is not None else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths.get(event.option.id or "")
        if path is not None:
            self.open(path)

    def action_path(self) -> None:
        """Open the field for a save's path (``p``)."""
        field = self.query_one("#load-path", Input)
        field.add_class("-open")
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self._refuse("Type the path of a save, or escape.")
            return
        path = find_save(event.value, self.folder or self._app_saves() or saves_dir())
        if not path.exists():
            plain = "/" not in event.value and not event.value.strip().startswith("~")
            self._refuse(f"There is no file {event.value.strip()}" + (", here or in the save folder." if plain else "."))
            return
        self.open(path)

    def _refuse(self, text: str) -> None:
        self.query_one("#load-error", Static).update(Content.styled(printable(text), "red"))

    def open(self, path: Path) -> None:
        """Load ``path`` and open it; a broken save shows one line and stays here. Only
        while this screen is on top: a second enter typed at once (the game already
        opening) does nothing."""
        if not self.is_current:
            return
        try:
            session = engine.load(str(path))
        except engine.SaveError as err:
            self._refuse(str(err))
            return
        from ..games import has_table

        if not has_table(session.game.slug):  # the menu says "command line only for now"
            self._refuse(f"{session.game.title} cannot be played in the app yet: boxtop replay --print shows it")
            return
        if self.over_game:
            self.app.pop_screen()  # back to the game, which the one opened now replaces
        if self.mode == "replay" or session.result() is not None:  # a finished game has nothing to play on
            self.app.open_replay(session, path, keep=saved_in(path) is not None)  # not beside an example
        else:
            self.app.open_game(session, saved_in(path))

    def action_close(self) -> None:
        field = self.query_one("#load-path", Input)
        if field.has_class("-open"):  # escape closes the path field first
            field.remove_class("-open")
            field.value = ""
            self.query_one("#load-error", Static).update("")
            self.query_one(OptionList).focus()
            return
        self.dismiss(None)


def saved_in(path: Path) -> Path | None:
    """Where a game loaded from ``path`` is saved on: that file, but never over an
    example game (None: a new file in the save folder)."""
    return None if path.resolve().parent == EXAMPLES.resolve() else path
