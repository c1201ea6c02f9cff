"""``LogPane``: the game's log in notation, wrapped to the pane and kept scrolled to the end.

Drawn with Textual's Line API (a ``ScrollView``): ``show(lines, since)`` keeps the last
``LOG_LINES`` lines, a seat's run of face-down moves as one line (``group_hidden``); a
line too long for the pane hangs its further rows under its first (``wrap_text``). Each
line is wrapped once for the pane's width and each row rendered once into a
``Strip``, kept by its text, so a move that adds a line or two (or a shared
game's log tail that slid by a few lines) costs the new rows only, and the pane is
repainted from what it already holds. Its size never depends on the log: it takes the
place the CSS gives it, so a new line is no layout pass; only the scroll bar follows.
Every line is shown without its control characters (``engine.core.text.printable``): a
replayed save's log and talk come from a file.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.core.text import printable

from ..support.chat import GUTTER, talk_kind, talk_wrap
from .lines import ellipsis, plain, wrap_text

#: How many log lines the pane keeps (the save keeps everything).
LOG_LINES = 400

HIDDEN = ": (hidden)"
#: The row that marks where what happened since the seat's own last move begins.
MARK = "─ since your move ─"


def group_hidden(lines: list[str]) -> list[str]:
    """``lines`` with each seat's run of hidden moves as one line: a "name: (hidden)"
    line while that seat's last line is already one of those counts there instead
    ("bob: (hidden) ×3"), so the log says once per seat and phase that it moved face
    down (until its next visible move, say "bob: done"). Other lines are kept as they are."""
    out: list[str] = []
    open_runs: dict[str, tuple[int, int]] = {}  # name → (index in out, moves in the run)
    for line in lines:
        if line.startswith(" ") or talk_kind(line):  # an event under a move, or talk
            out.append(line)
            continue
        if line.endswith(HIDDEN):
            name = line[: -len(HIDDEN)]
            run = open_runs.get(name)
            if run is not None:
                at, count = run[0], run[1] + 1
                out[at] = f"{line} ×{count}"
                open_runs[name] = (at, count)
                continue
            open_runs[name] = (len(out), 1)
        else:
            for name in [n for n in open_runs if line.startswith(n + ": ")]:
                del open_runs[name]
        out.append(line)
    return out


def lay_out(lines: list[tuple[list[str], str | None, bool]], width: int, height: int | None = None,
            least: int = 3) -> tuple[list[str], list[str | None], int | None]:
    """The rows of a log pane ``width`` cells wide from ``lines`` (each its wrapped rows,
    its talk kind or None for a game line, and whether it is the ``MARK``): every row,
    its kind, and the MARK's row (None: no mark). With ``height`` (the pane's rows), a
    run of talk lines leaves the rows before it at least half the pane (all of them
    when fewer), taking no fewer than ``least`` rows itself: its newest lines, after
    one row saying how many older ones ``L`` shows ("┆ L shows 3 more")."""
    rows: list[str] = []
    kinds: list[str | None] = []
    run: list[tuple[list[str], str]] = []  # the talk lines since the last game line
    mark_row: int | None = None

    def end_run() -> None:
        if not run:
            return
        shown = run
        cap = None if height is None else max(least, height - min(len(rows), height // 2))
        if cap is not None and sum(len(found) for found, _ in run) > cap:
            room, shown = cap - 1, []
            for found, kind in reversed(run):
                if len(found) > room:
                    break
                shown.insert(0, (found, kind))
                room -= len(found)
            folded = len(run) - len(shown)
            rows.append(plain(ellipsis(((f"{GUTTER}L shows {folded} more", ""),), width)) if width else "")
            kinds.append(run[0][1])
        for found, kind in shown:
            rows.extend(found)
            kinds.extend([kind] * len(found))
        run.clear()

    for found, kind, mark in lines:
        if kind is not None:
            run.append((found, kind))
            continue
        end_run()
        if mark:
            mark_row = len(rows)
        rows.extend(found)
        kinds.extend([None] * len(found))
    end_run()
    return rows, kinds, mark_row


class LogPane(ScrollView, can_focus=False):
    """A scrolling pane of log lines; ``show(lines, since)`` brings it up to date.

    It takes the focus only when the player asks (``read``: the full-screen log that the
    game screen's ``L`` opens, ``tui.screens.log``; never by tab, nor as a screen's first
    focus): then ↑↓, PgUp, PgDn, Home and End scroll it, and escape (or ``L``) posts
    ``Done`` so that screen closes. ``since`` marks where what happened since the seat's
    own last move begins (a ``MARK`` row); when that is more than the pane shows, the
    pane opens at the mark, so the other players' and bots' moves are read in order.
    ``follow`` has another pane show the same lines (the full-screen log follows the
    table's).

    A line of table talk (``tui.support.chat.talk_kind``) wraps with its own gutter
    (``tui.support.chat.talk_wrap``), so no row of it reads as a game line. ``talk_rows`` (None:
    no bound) bounds it in a table's pane: each talk line takes at most that many rows,
    and once the pane is full a run of talk lines leaves the game's lines before it at
    least half the pane: the older lines of a longer run fold into one row ("┆ L shows
    3 more", ``lay_out``), so talk never pushes the game's newest lines out of view.
    ``L`` and the talk box show talk whole."""

    DEFAULT_CSS = """
    LogPane { border: round $panel-lighten-2; scrollbar-size-vertical: 1; background: $surface 0%;
              overflow-x: hidden; overflow-y: scroll; }
    LogPane:focus { border: round $accent; }
    LogPane > .log-pane--mark { color: $text-accent; }
    LogPane > .log-pane--talk { color: $text-success; }
    LogPane > .log-pane--own-talk { color: $text-muted; text-style: italic; }
    """

    COMPONENT_CLASSES = {"log-pane--mark", "log-pane--talk", "log-pane--own-talk"}

    BINDINGS = [Binding("escape,L", "done", "Back to the table")]

    class Done(Message):
        """The player is done reading the log (escape): the table takes the keys again."""

    def __init__(self, talk_rows: int | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.talk_rows = talk_rows
        self._raw: list[str] = []  # the lines as given
        self._since: int | None = None  # where the mark goes in self._raw
        self._lines: list[str] = []  # as shown (group_hidden, the mark as MARK)
        self._rows: list[str] = []  # the lines wrapped to the pane's width
        self._kinds: list[str | None] = []  # each row's talk (``tui.support.chat.talk_kind``), None for the game's
        self._width = 0  # the width self._rows are wrapped to
        self._height = 0  # the height talk runs were bounded for (``talk_rows``)
        self._mark_row: int | None = None  # the MARK's row in self._rows
        self._wrapped: dict[str, list[str]] = {}  # line → its rows at self._width
        self._strips: dict[str, Strip] = {}  # row → its Strip
        self._followers: list[LogPane] = []  # panes that show the same lines (``follow``)

    def show(self, lines: list[str], since: int | None = None) -> None:
        """Show the last ``LOG_LINES`` of ``lines`` (runs of hidden moves grouped), with
        a ``MARK`` row before line ``since`` (an index into ``lines``; None: no mark),
        scrolled to the end, or to the mark when what follows it does not fit."""
        for pane in self._followers:
            pane.show(lines, since)
        cut = max(0, len(lines) - LOG_LINES)
        raw = [printable(line) for line in lines[cut:]]  # a save's log and talk: no control reaches the terminal
        since = None if since is None or since - cut <= 0 or since >= len(lines) else since - cut
        if raw == self._raw and since == self._since:
            return
        self._raw, self._since = raw, since
        shown = raw if since is None else [*raw[:since], MARK, *raw[since:]]
        lines = group_hidden(shown)
        if lines == self._lines:
            return
        self._lines = lines
        self._rewrap()

    def follow(self, pane: "LogPane") -> None:
        """Have ``pane`` show what this one shows, now and after every ``show`` until
        ``unfollow`` (the full-screen log, ``tui.screens.log``)."""
        self._followers.append(pane)
        pane.show(self._raw, self._since)

    def unfollow(self, pane: "LogPane") -> None:
        """``pane`` no longer follows this one."""
        if pane in self._followers:
            self._followers.remove(pane)

    def read(self) -> None:
        """Take the focus, for the keys that scroll."""
        self.can_focus = True
        self.focus(scroll_visible=False)

    def on_blur(self) -> None:
        self.can_focus = False  # out of the focus chain again

    def action_done(self) -> None:
        """escape: back to the table."""
        self.post_message(self.Done())

    def _wrap_width(self) -> int:
        return self.scrollable_content_region.width  # inside the scroll bar

    def _wrap(self, line: str, width: int, kind: str | None) -> list[str]:
        if not width:
            return [line]
        if kind is None:
            return wrap_text(line, width)
        return talk_wrap(line, width, self.talk_rows)

    def _rewrap(self) -> None:
        width = self._wrap_width()
        if width != self._width:
            self._wrapped.clear()
            self._strips.clear()
            self._width = width
        self._height = height = self.scrollable_content_region.height
        wrapped = self._wrapped
        lines: list[tuple[list[str], str | None, bool]] = []  # each line's rows, talk kind, whether the MARK
        talk = False
        for line in self._lines:
            kind = talk_kind(line)
            found = wrapped.get(line)
            if found is None:
                found = wrapped[line] = self._wrap(line, width, kind)
            lines.append((found, kind, line == MARK))
            talk = talk or kind is not None
        rows, kinds, mark_row = lay_out(lines, width)
        if talk and self.talk_rows is not None and len(rows) > height:  # talk may not fill the pane
            rows, kinds, mark_row = lay_out(lines, width, height, self.talk_rows + 1)
        if len(wrapped) > 4 * LOG_LINES:  # forget lines long gone
            keep = set(self._lines)
            self._wrapped = {k: v for k, v in wrapped.items() if k in keep}
            self._strips.clear()
        self._rows = rows
        self._kinds = kinds
        self._mark_row = mark_row
        size = Size(width, len(rows))
        if size != self.virtual_size:
            # The pane's own size does not follow its content (the CSS sets it), so the
            # new height needs no layout pass: only the scroll bar is brought up to date.
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        end = self._opening_y()
        if self.scroll_y != end:
            self.scroll_to(y=end, animate=False, immediate=True)  # repaints the pane
        else:
            self.refresh()

    def _opening_y(self) -> int:
        """Where the pane opens: the end, or the mark when the rows after it are more
        than the pane shows (the oldest unread move first)."""
        end = self.max_scroll_y
        if self._mark_row is None:
            return end
        return min(end, self._mark_row)

    def on_resize(self, event: Resize) -> None:
        height_counts = self.talk_rows is not None and self.scrollable_content_region.height != self._height
        if self._wrap_width() != self._width or height_counts:
            self._rewrap()
        elif not self.has_focus and self.scroll_y != self._opening_y():  # a new size opens as before
            self.scroll_to(y=self._opening_y(), animate=False, immediate=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if not 0 <= index < len(self._rows):
            return Strip([])
        row = self._rows[index]
        kind = self._kinds[index] if index < len(self._kinds) else None
        key = row if kind is None else f"{kind}\0{row}"  # talk is drawn in its own colours
        strip = self._strips.get(key)
        if strip is None:
            mark = kind is None and row in self._wrapped.get(MARK, ())
            part = "log-pane--mark" if mark else {"theirs": "log-pane--talk", "mine": "log-pane--own-talk"}.get(kind or "")
            style = self.get_component_rich_style(part) if part else self.rich_style
            strip = self._strips[key] = Strip([Segment(row, style)])
        return strip
