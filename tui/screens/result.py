"""The result screen: who won in plain words (a shared win and a tie-break said as such;
a solo game's points and personal best), and every seat's scores.

``session`` is a ``LocalSession`` or a shared game's ``tui.support.remote_session.RemoteSession`` (which has
no log here: replay and save are then hidden, and ``m`` goes back to the host's lobby).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

import engine
from engine.core.save_write import hints_sentence
from engine.core.seat_label import seat_label

from ..support.stack import OnTop
from ..widgets.footer import GameFooter
from ..widgets.path_text import PathSentence
from ..widgets.title_bar import TitleBar
from ..widgets.sized_table import fill_table
from ..support.contracts import Hosted


#: The columns the result's table has: ``#result-box``'s width (70, ``boxtop.tcss``) less
#: its border and padding.
TABLE_ROOM = 64


def again_line(session: Any, me: str | None) -> Content:
    """The rematch lines of a shared room's result (``SeatUpdate.again``): the keys, then each
    seat's answer ("Rematch? ann: yes · bob: to answer"; a person who is not here: no), or
    where the next game is once it is decided, with the key that follows the players
    there to watch it; empty for a local game. Names are text, never markup."""
    table = getattr(session, "table", None)
    if table is None or table.again is None:
        return Content("")
    if table.again_room:
        return Content(f"The others play again in room {table.again_room}; w: watch it · m: back to the lobby.")
    words = {True: "yes", False: "no", None: "to answer"}
    answers = " · ".join(f"{name}: {words[a]}" for name, a in zip(table.names, table.again))
    if me is None:
        return Content(f"Rematch? {answers}")
    mine = table.again[table.seat]
    keys = "r: play again, same seats · n: no" if mine is None else f"You said {words[mine]} (r: yes · n: no)."
    return Content(f"{keys}\nRematch? {answers}")


def hints_line(session: Any) -> Content:
    """"Hints used by ann." (or "by ann and bob") when seats of ``session`` (a
    ``LocalSession`` or a ``RemoteSession``) asked for a hint in this game; empty when none
    did. Names are text, never markup."""
    return Content(hints_sentence(session.hinted_names()))


class ResultScreen(OnTop, Screen[None]):
    """Shown once when a game ends. enter/escape: back to the table; m: menu;
    r: replay this game; ctrl+s: save; a: play again (a local game). In a shared room: r says yes to a rematch with
    the same seats, n no (``again_line`` shows everyone's answers); once the others play
    again in a new room, w watches it there (a spectator, or whoever stays)."""

    BINDINGS = [
        Binding("enter,escape", "back", "Table"),
        Binding("r", "replay", "Replay"),
        Binding("ctrl+s", "save", "Save"),
        Binding("m", "menu", "Menu"),
        Binding("r", "again(True)", "Play again"),
        Binding("n", "again(False)", "No rematch"),
        Binding("a", "play_again", "Play again"),
        Binding("w", "watch_again", "Watch it"),
    ]

    def __init__(
        self, session: "engine.LocalSession | Any", save_dir: Path | None = None, saved_to: Path | None = None
    ) -> None:
        super().__init__()
        self.session = session
        self.save_dir = save_dir
        self.saved_to = saved_to  # where the game screen saved the finished game

    def compose(self) -> ComposeResult:
        s = self.session
        yield TitleBar()
        with Center():
            with Vertical(id="result-box"):
                # "ann wins!", "Tied: ann and bob share the win (…).", "ann scored 84 points.";
                # the note in brackets on a line of its own
                head, gap, note = s.result().summary(s.names).rpartition(" (")
                said = f"{head}\n({note}" if gap and s.result().tiebreak else head + gap + note
                yield Static(Content.styled(said, "bold"), id="result-winners")
                yield DataTable(id="result-table", cursor_type="none")
                hints = hints_line(s)
                yield Static(hints, id="result-hints").set_styles(display="block" if hints.plain else "none")
                yield Static("", id="result-best")
                yield Static(self._saved_line(), id="result-saved")
                again = again_line(s, self._me())
                yield Static(again, id="result-again").set_styles(display="block" if again.plain else "none")
        yield GameFooter()

    def on_mount(self) -> None:
        s = self.session
        result = s.result()
        table = self.query_one(DataTable)
        labels = result.labels()  # every seat's, each once: a number always under its own label
        cells = [[str(scores[label]) if label in scores else "-" for label in labels] for scores in result.scores]
        # "bot3 (hard bot)": which bot scored what, shortened where the scores need the room
        used = sum(max(len(label), *(len(row[k]) for row in cells)) for k, label in enumerate(labels))
        room = TABLE_ROOM - 1 - used - 2 * table.cell_padding * (len(labels) + 2)
        kinds = s.bot_kinds()
        players = [seat_label(name, kinds[i], max(room, len(name))) for i, name in enumerate(s.names)]
        fill_table(table, ["", "player", *labels], [
            (Text("★" if i in result.winners else ""), Text(players[i]), *(Text(c) for c in cells[i]))
            for i in range(len(cells))
        ])  # a name is text
        self._personal_best()

    def _personal_best(self) -> None:
        """A solo game played by a person goes into the personal best table
        (``tui.support.best``, per game and edition); the table is shown. A game in which the
        person asked for a hint is not one of their bests: the table is shown, and why."""
        s = self.session
        if not isinstance(s, engine.LocalSession) or len(s.seats) != 1 or s.is_bot(0):
            return
        from ..support import best

        key = f"{s.game.slug}/{s.game.edition}" if s.game.edition else s.game.slug
        points = s.result().scores[0].get("total", sum(s.result().scores[0].values()))
        if 0 in s.hinted:
            table = best.load().get(key, [])  # never raises: an unreadable file counts as empty
            lines = [f"{i + 1}. {b.points} ({b.day}, seed {b.seed})" for i, b in enumerate(table[:5])]
            said = ["With hints, this game is not counted among your personal bests."]
            self.query_one("#result-best", Static).update(
                "\n".join(said + (["Personal bests: " + " · ".join(lines)] if lines else []))
            )
            return
        try:
            if not getattr(s, "best_recorded", False):
                s.best_recorded = True
                rank, table = best.record(key, points, s.seed)
            else:
                rank, table = None, best.load().get(key, [])
        except OSError as err:
            self.query_one("#result-best", Static).update(
                Content.styled(f"Cannot keep your personal best: {err.strerror or err}", "red")
            )
            return
        lines = [f"{i + 1}. {b.points} ({b.day}, seed {b.seed})" for i, b in enumerate(table[:5])]
        if rank == 1 and len(table) == 1:
            said = "your first personal best"
        elif rank == 1:
            said = "a new personal best!"
        elif table:
            said = f"your best: {table[0].points} ({table[0].day})"
        else:
            said = ""
        scored = f"{s.names[0]} scored {points} point{'' if points == 1 else 's'}"
        self.query_one("#result-winners", Static).update(
            Content.styled(f"{scored} · {said}" if said else f"{scored}.", "bold")  # a name is text
        )
        nth = {2: "2nd", 3: "3rd"}.get(rank or 0, f"{rank}th")
        head = f"This is your {nth} best game." if rank and rank > 1 else ""
        self.query_one("#result-best", Static).update("\n".join([head, "Personal bests: " + " · ".join(lines)]).strip())

    def _saved_line(self) -> Content | PathSentence:
        """Where the finished game is saved (for load and replay), as plain text whose
        rows break at a folder's "/", never inside the file's name."""
        if self.saved_to is None:
            return Content("")
        return PathSentence("Saved to {}.", self.saved_to)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "save") and not isinstance(self.session, engine.LocalSession):
            return False  # a shared game's log stays with its host
        if action == "again":
            return self._may_answer()
        if action == "play_again":
            return isinstance(self.session, engine.LocalSession)
        if action == "watch_again":
            table = getattr(self.session, "table", None)
            return table is not None and bool(table.again_room)
        return True

    # ------------------------------------------------------------------ a shared room's rematch
    def _me(self) -> str | None:
        table = getattr(self.session, "table", None)
        return None if table is None or table.seat is None else table.names[table.seat]

    def _may_answer(self) -> bool:
        """A seated player of a shared room, before the rematch is decided."""
        table = getattr(self.session, "table", None)
        return table is not None and table.seat is not None and table.again is not None and not table.again_room

    def show_again(self) -> None:
        """Redraw the rematch line from the room's newest table (the app calls it)."""
        found = self.query("#result-again")
        if not found:  # not composed yet: compose draws the newest
            return
        line = again_line(self.session, self._me())
        widget = found.first(Static)
        widget.update(line)
        widget.display = bool(line.plain)
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        """Back on top (after the rules …): the answers that came meanwhile."""
        self.show_again()

    def action_play_again(self) -> None:
        """A local game: the same game, options, undo policy and seats again, the seats
        moved on one place (seat 2 first) and a new seed, as the new-game form draws one."""
        s = self.session
        seats = s.seats[1:] + s.seats[:1]
        seed = int.from_bytes(os.urandom(2), "big")
        session = engine.LocalSession(s.game, seats, seed, msgspec.to_builtins(s.options), s.undo_policy)
        self.app.play_again(session)

    def action_again(self, yes: bool) -> None:
        """Say yes (r) or no (n) to playing again with the same seats."""
        from host import protocol as p

        self.app.send(p.Rematch(yes))

    def action_watch_again(self) -> None:
        """``w``: leave this finished room and watch the game the others play again."""
        from host import protocol as p

        code = self.session.table.again_room
        self.app.leave_room()
        self.app.send(p.WatchRoom(code))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        if isinstance(self.app, Hosted) and self.app.link is not None:
            self.app.leave_room()  # a shared game: back to the host's lobby
            return
        self.app.back_to_menu()

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.session))

    def action_save(self) -> None:
        from ..support.paths import default_save_path, saves_dir
        from .save import SaveScreen

        folder = self.save_dir or saves_dir()
        default = default_save_path(self.session.game.slug, folder)
        self.app.push_screen(SaveScreen(self.session, default, folder, own=self.saved_to),
                             lambda p: p and self.notify(f"Saved to {p}.", markup=False))
