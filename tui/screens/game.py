"""The game screen: the frame every game shares around its own table widget.

Whose turn, the game's table (``tui.games``), its log pane in notation, a message line,
the ``:`` command line and the footer of bindings. The screen never changes game state
except through the session's commands (``play``/``submit``, ``undo``, ``redo``); bots
move right after each human command. At one keyboard with several human seats, a
hand-over screen hides the table whenever the person to act changes (and before the
first secret choice), and drops the keys typed before it appeared.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

import engine
from engine.core.analysis import hint_refusal

from ..support.stack import OnTop
from ..games import table_for
from ..games.base import GameTable
from ..support.paths import default_save_path, saves_dir
from ..widgets.footer import GameFooter, StatusLine
from ..widgets.title_bar import TitleBar
from ..widgets.log_pane import LOG_LINES
from . import say_line
from .handover import GUARD, SLIP


def labels_if_room(screen: Screen, session: Any, seats: list[int], used: int) -> list[str]:
    """``seats`` as the status line names them: by their labels ("bot3 (hard bot)")
    when those fit the screen's width after ``used`` columns, else by their names (the
    status line abbreviates)."""
    labels = session.seat_labels()
    shown = [labels[i] for i in seats]
    if used + len(", ".join(shown)) > (screen.size.width or 80) - 2:
        return [session.names[i] for i in seats]
    return shown


class CommandLine(Input):
    """The ``:`` line: its hint shows only while it is in use, and leaving it (escape, a
    move it played, the focus moving on) empties it, so an idle line reads as idle."""

    HINT = ": a move in notation, or undo / redo / save (escape leaves it)"

    def __init__(self, **kwargs) -> None:
        super().__init__(select_on_focus=False, **kwargs)  # a kept line is fixed, not replaced
        self.refused = ""  # the text of its last refused command, kept for a fix
        self.hint = self.HINT  # what it is for while in use (a shared game's talk has its own)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """":" on a refused line, unchanged, is the ":" binding's (a new line), not text."""
        if key == "colon" and self.refused and self.value == self.refused:
            return False
        return super().check_consume_key(key, character)

    def on_focus(self) -> None:
        self.placeholder = self.hint
        self.screen.add_class("-typing")

    def on_blur(self) -> None:
        if self.app.app_focus:  # not when the terminal window only lost focus
            self.placeholder = ""
            self.value = self.refused = ""
            self.hint = self.HINT
            self.screen.remove_class("-typing")


class GameScreen(OnTop, Screen[None]):
    """Play ``session`` at this keyboard. ``save_dir`` overrides the save folder.

    The seat at the keyboard is the human seat to act (the only human seat, in a game
    against bots); ``self.seat`` is None when no person plays (bots only)."""

    #: Keys the footer keeps however narrow the screen, besides the rules and the way back.
    FOOTER_PINNED: frozenset[str] = frozenset()
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        # priority: handled as the key arrives, so the keys typed right after it already go
        # to the command line (a fast typist's ":cross 2 on H4" never reaches the table)
        Binding("colon", "command_line", "Command", priority=True),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load", "Load"),
        Binding("question_mark", "rules", "Rules"),
        Binding("L", "log", "Log"),
        Binding("B", "hint", "Best moves", show=False),  # in the rules screen's keys; the footer has no room
        Binding("pageup", "log_page(-1)", "Log up", show=False),
        Binding("pagedown", "log_page(1)", "Log down", show=False),
        Binding("escape", "leave", "Menu"),
    ]

    #: keys read before this time (Textual's event clock, ``Message.time``) are dropped
    keys_wait_until: float = 0.0
    #: the text on the message line (``say``), and whether it is an error (a refusal)
    said: str = ""
    said_error: bool = False
    #: the player was told where the game is saved as it left (escape); else the table
    #: says it as it leaves the stack (``on_unmount``)
    told_where: bool = False
    #: what the card under the table's cursor does (``GameTable.show_details``)
    details: str = ""
    #: ``(seat, turn)`` after the person at the keyboard made a move in their own turn
    #: other than ``GameTable.END_TURN`` (``turn`` as ``GameTable.turn_of`` gave it before
    #: the move), until the keyboard changes hands
    turn_played: tuple[int, tuple[int, int]] | None = None
    #: the table stays with the person whose move ended their turn by itself, at a hot
    #: seat, until they pass the keyboard on (``GameTable.PassKeyboard``)
    holding: bool = False

    def __init__(self, session: engine.LocalSession, save_dir: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.save_dir = save_dir
        self.humans = [i for i in range(len(session.seats)) if not session.is_bot(i)]
        self.seat: int | None = self.humans[0] if self.humans else None
        self.saved_at_length = len(session.entries)
        self.saved_hinted = set(session.hinted)  # the seats that had asked for a hint when saved
        self.save_path: Path | None = None
        self.result_shown = session.result() is not None
        self.handing_over = False
        self.table: GameTable = table_for(session.game.slug)(id="table")

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield StatusLine(id="status")
        yield self.table
        yield StatusLine(id="message")
        # always there (one line), so keys typed right after ":" are never lost while it opens
        yield CommandLine(id="command")
        yield GameFooter(pinned=self.FOOTER_PINNED)

    def on_mount(self) -> None:
        self.title = self.session.game.title
        self.table.focus()
        self._after_change(first=True)

    # ------------------------------------------------------------------ state → screen
    def _next_seat(self) -> int | None:
        """The human seat that should hold the keyboard now."""
        s = self.session
        waiting = [i for i in s.to_act_seats() if i in self.humans]
        if not waiting or self.seat in waiting:
            return self.seat
        current = self.seat if self.seat is not None else 0
        return min(waiting, key=lambda i: (i - current) % len(s.seats))

    def _after_change(self, first: bool = False) -> None:
        s = self.session
        s.run_bots(quick=True)  # a bot that searches thinks in a worker (``_think``)
        self._think()
        nxt = self._next_seat()
        changed = nxt is not None and len(self.humans) > 1 and nxt != self.seat
        if not first and self._ends_own_turn():
            self.play(self.table.END_TURN)  # a table of one person: the only move left
            return
        if changed and not first and self._turn_ended_by_itself():
            self.holding = True  # the table stays theirs, showing what the move brought
            self.refresh_table()
            return
        if self.table.HIDDEN_INFORMATION and nxt is not None and len(self.humans) > 1 and (
            changed or (first and self.table.secret_choice(s.view(nxt)))
        ):
            from .handover import HandoverScreen

            self.turn_played = None
            self.handing_over = True
            reason = self.table.phase_text(s.view(nxt), s.names)
            self.app.push_screen(HandoverScreen(s.names[nxt], reason), lambda at: self._handed_over(nxt, at))
            return
        if changed and not first:
            # nothing to hide: no hand-over, but the last person's quick keys wait out
            # the guard, and the line says whose keyboard it is now
            self.keys_wait_until = Message().time + GUARD
            name = s.names[nxt]
            self.say(f"{name}'s turn (a moment…)")
            self.set_timer(GUARD, lambda: self.said == f"{name}'s turn (a moment…)" and self.say(f"{name}'s turn."))
        self.seat = nxt
        self.refresh_table()
        if s.result() is not None and not self.result_shown:
            self.result_shown = True
            from .result import ResultScreen

            self.autosave()  # a finished game is kept for load and replay
            self.app.push_screen(ResultScreen(s, self.save_dir, saved_to=self.save_path))

    # ------------------------------------------------------------------ bots that think
    #: the question the newest thought answers (``engine.core.thinking``), None when no
    #: bot thinks; an answer that came while another screen was on top waits in ``_pending``
    _thinking = None
    _pending = None

    def _think(self) -> None:
        """When a search bot is to act, ask it in a worker (``engine.core.thinking``) and
        say who is thinking; the keys stay live meanwhile. Its answer is played only if
        the seat still faces what it was asked (``LocalSession.bot_answer``)."""
        question = self.session.bot_question()
        current = self._thinking
        if question is None:
            self._thinking = None  # an answer still on its way is played only if it stands
            return
        if not question.same(current):  # else the thought under way answers this too
            self._thinking = current = question
            self.say(self._thinking_text(question))
            self.run_worker(self._thought(question), group="thinking")
        elif not self.said:
            self.say(self._thinking_text(current))

    def _thinking_text(self, question) -> str:
        return f"{self.session.names[question.seat]} is thinking…"

    async def _thought(self, question) -> None:
        from engine.core import thinking

        try:
            answer = await thinking.answer(question)
        except Exception:
            if self._thinking is not question or not self.is_attached:
                return  # left behind (an undo, a quit): nothing to do
            # no worker could think (processes refused here, a worker that died twice):
            # think here, as before, so the game goes on; a bot's own error is raised
            answer = thinking.think(question)
        if self._thinking is question:
            self._thinking = None
        if not self.is_attached:
            return
        if self.app.screen is not self:  # the rules, the load list, a hand-over: when back
            self._pending = (question, answer)
            return
        self._answered(question, answer)

    def _answered(self, question, answer) -> None:
        entry = self.session.bot_answer(question, answer)  # None: an undo came first; nothing changes
        if entry is not None or self.said == self._thinking_text(question):
            self.say("")  # what was said while it thought is about the table before its move
        self._after_change()

    def on_screen_resume(self) -> None:
        """Back on top: an answer that came meanwhile is played now."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._answered(*pending)

    def on_unmount(self) -> None:
        """Leaving mid-thought (quit, escape): the worker is stopped, its answer dropped.
        An unfinished game that leaves the stack by a way that did not say where it is
        kept (another game loaded in its place; any way a screen might be popped) is
        saved now if it has moves not saved, and a notice says where: no way out loses a
        game or leaves the player guessing. Not while the app ends (it prints that)."""
        if self._thinking is not None:
            from engine.core import thinking

            self._thinking = None
            thinking.stop()
        if self.told_where or not self.app.is_running:  # said already; or the app ends (its way out saved)
            return
        try:
            path = self.autosave()
        except engine.SaveError as err:
            self.app.notify(f"Your game could not be saved: {err}", severity="error", markup=False)
            return
        if path is not None and self.session.result() is None:
            self.app.notify(f"Your game is saved in {path}.", markup=False)

    def unsaved(self) -> bool:
        """Whether the game has moves (or a seat's first hint) not saved yet."""
        return len(self.session.entries) != self.saved_at_length or self.session.hinted != self.saved_hinted

    def drops_key(self, event) -> bool:
        """Whether the key ``event`` is dropped: typed in the moment after the keyboard
        passed to another person at a table with nothing to hide (``GUARD``), so a
        quick second key of the last person never acts for the next."""
        return event.time < self.keys_wait_until and event.key not in ("ctrl+q", "ctrl+c")

    def _turn_ended_by_itself(self) -> bool:
        """Whether the move of the person at the keyboard ended their own turn by itself
        (Naughty or Nice: after the basic action with no creature left to play) at a table
        of several people: then the table stays theirs, showing what the move brought
        (new presents, a draw), and says that ``e`` passes the keyboard on, as it does when
        the turn waits for their ``e``. A turn ends the same way every time."""
        played = self.turn_played
        if played is None or played[0] != self.seat or len(self.humans) < 2:
            return False
        return self.table.turn_of(self.session.view(self.seat)) != played[1]

    def _ends_own_turn(self) -> bool:
        """Whether, at a table of one person (the rest bots), that person's move left only
        ``GameTable.END_TURN`` to do in their turn: then it is given for them, so their
        turn ends by itself every time (nothing is hidden from them between turns: their
        hand stays on the table). Only right after a move of theirs, never on loading."""
        played, seat = self.turn_played, self.seat
        if played is None or played[0] != seat or len(self.humans) != 1 or self.table.END_TURN is None:
            return False
        if self.table.turn_of(self.session.view(seat)) != played[1]:
            return False
        return self.session.legal_commands(seat) == [self.table.END_TURN]

    def on_game_table_pass_keyboard(self, message: GameTable.PassKeyboard) -> None:
        """``e`` after a turn that ended by itself: the keyboard passes on (a hand-over)."""
        if not self.holding:
            return
        self.holding = False
        self.turn_played = None
        self.say("")  # a line said to this person (a key refused) is not the next one's
        self._after_change()

    def _handed_over(self, seat: int, at: float | None = None) -> None:
        """The hand-over to ``seat`` is done, by an enter read at ``at`` (Textual's event
        clock): keys read with it or just after (a double enter) are dropped."""
        self.handing_over = False
        self.seat = seat
        if at is not None:
            self.keys_wait_until = max(self.keys_wait_until, at + SLIP)
        self.refresh_table()

    def refresh_table(self) -> None:
        """Redraw everything from the session for the seat at the keyboard (nothing when
        the screen is already leaving: keys typed at once may replace it as it mounts)."""
        if not (self.is_attached and self.table.is_attached):
            return
        s = self.session
        seat = self.seat
        view = s.view(seat)
        legal = s.legal_commands(seat) if seat is not None and not self.holding else []
        active = bool(legal)
        self.table.bots = s.bot_kinds()
        self.table.shared_keyboard = len(self.humans) > 1
        self.table.turn_over = self.holding
        self.table.show(view, s.names, legal, active)
        self.query_one("#status", Static).update(self._status_line(view))  # repainted only when it changes
        self.table.show_log(*self._log_tail())
        state = self._bindings_state()
        if state != getattr(self, "_shown_bindings", None):  # only when what check_action reads changed
            self._shown_bindings = state
            self.refresh_bindings()

    def _log_tail(self) -> tuple[list[str], int | None]:
        """The seat's newest log lines, as many as the log pane keeps: read from the last
        entries back, so a redraw costs the same however long the game is (a shared
        game's table holds only a tail already); and the index of the first line after
        the seat's own last move when others have moved since (None otherwise)."""
        s = self.session
        block = getattr(s, "log_block", None)
        if block is None:
            return s.log_lines(self.seat), None
        blocks: list[list[str]] = []
        count, k = 0, s.ply - 1
        since_block: int | None = None  # how many blocks (from the end) came after my last move
        while k >= 0 and (count < LOG_LINES or since_block is None and count < 2 * LOG_LINES):
            if since_block is None and self.seat is not None and k > 0 and s.applied_seat(k) == self.seat:
                since_block = len(blocks)
                if count >= LOG_LINES:
                    break
            blocks.append(block(k, self.seat))
            count += len(blocks[-1])
            k -= 1
        lines = [line for b in reversed(blocks) for line in b]
        if not since_block:  # my own move is the newest (or I have not moved yet)
            return lines, None
        return lines, len(lines) - sum(len(b) for b in blocks[:since_block])

    def _bindings_state(self) -> tuple:
        """What ``check_action`` depends on; the footer is refreshed only when it changes."""
        if self.seat is None:
            return (None,)
        over = self.session.result() is not None
        return (self.seat, over, self.session.can_undo(self.seat), self.session.can_redo(self.seat))

    def _status_line(self, view) -> Content:
        """The line above the table; names are text, never markup."""
        s = self.session
        phase = self.table.phase_text(view, s.names)
        if s.result() is not None:
            return Content.from_markup("[b]$phase[/b]", phase=phase)
        acting = s.to_act_seats()
        waiting = "everyone" if len(acting) == len(s.names) > 2 else ", ".join(labels_if_room(
            self, s, acting, len(phase) + (0 if self.seat is None else len(s.names[self.seat]) + 18) + 12))
        if self.seat is None:
            return Content.from_markup("$phase · to act: $waiting", phase=phase, waiting=waiting)
        return Content.from_markup(
            "[b]$name[/b] at the keyboard · $phase · to act: $waiting",
            name=s.names[self.seat], phase=phase, waiting=waiting,
        )

    def say(self, text: str, error: bool = False) -> None:
        """Show one line under the table (an error in red), as plain text: the engine's
        refusals quote what the player typed. ``said`` keeps the line shown. With nothing
        to say, the rows show the table's details (what the card under the cursor does)."""
        if error and self._thinking is not None:  # "It is not your turn." and why
            text = f"{text} {self._thinking_text(self._thinking)}"
        self.said, self.said_error = text, error
        found = self.query("#message")
        if not found:  # the screen is leaving (a save on the way out): nothing to show
            return
        line = found.first(Static)
        if text or not self.details:
            say_line(line, text, error)
        else:
            line.update(Content.styled(self.details, "italic"))

    def on_game_table_details(self, message: GameTable.Details) -> None:
        """The table's details changed: shown while no message is."""
        self.details = message.text
        if not self.said:
            self.say("")

    # ------------------------------------------------------------------ commands
    def play(self, command) -> bool:
        """Give ``command`` (notation or a Struct) for the seat at the keyboard; a refusal
        shows the engine's sentence. Returns whether it was recorded."""
        if self.seat is None:
            self.say("No one plays at this keyboard: the bots play this game.", error=True)
            return False
        seat = self.seat
        turn = self.table.turn_of(self.session.view(seat))
        try:
            self.session.play(seat, command)
        except engine.IllegalCommand as err:
            self.say(str(err), error=True)
            self.refresh_table()
            return False
        own = turn is not None and turn[1] == seat and self.session.entries[-1].command != self.table.END_TURN
        self.turn_played = (seat, turn) if own else None
        self.say("")
        self._after_change()
        return True

    def play_chosen(self, command) -> None:
        """The table's choice, played at once (``GameTable.choose``)."""
        self.play(command)

    def on_game_table_chosen(self, message: GameTable.Chosen) -> None:
        self.play(message.command)

    def on_game_table_refused(self, message: GameTable.Refused) -> None:
        self.say(message.reason, error=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo") and self.session.result() is not None:
            return False  # a finished game's moves stand: gone from the footer, as the play keys are
        if self.seat is None:
            return True if action not in ("undo", "redo") else None
        if action == "undo":
            return True if self.session.can_undo(self.seat) else None
        if action == "redo":
            return True if self.session.can_redo(self.seat) else None
        return True

    def action_undo(self) -> None:
        if self.seat is None:
            self.say("No one plays at this keyboard: the bots play this game.", error=True)
            return
        if self._over():
            return
        try:
            self.session.undo(self.seat)
        except engine.IllegalCommand as err:
            self.say(str(err), error=True)
            return
        self.say("Undone.")
        self.holding, self.turn_played = False, None  # the move taken back, the turn is theirs again
        self.refresh_table()

    def action_hint(self) -> None:
        """``B``: the search's best moves for the person at the keyboard, from their view
        (``tui.screens.hint``); said in one line when there is no move of theirs to hint."""
        seat = self.seat
        if seat is None or self.session.is_bot(seat):
            self.say("No one plays at this keyboard: the bots play this game.", error=True)
            return
        refusal = hint_refusal(self.session, seat)
        if refusal is not None:
            self.say(refusal, error=not refusal.startswith("You have only one move"))
            return
        from .hint import HintScreen

        self.app.push_screen(HintScreen(self.session, seat))

    def action_redo(self) -> None:
        if self.seat is None or self._over():
            return
        try:
            self.session.redo(self.seat)
        except engine.IllegalCommand as err:
            self.say(str(err), error=True)
            return
        self.say("Redone.")
        self._after_change()

    def action_command_line(self) -> None:
        line = self.query_one("#command", CommandLine)
        if line.has_focus and not (line.refused and line.value == line.refused):
            line.insert_text_at_cursor(":")  # a ":" typed in the command line itself
            return
        line.value = line.refused = ""  # ":" again after a refusal starts a new line
        self.say("")  # the last refusal goes with it
        self.add_class("-typing")  # the line shows (the message keeps one row)
        self.set_focus(line)  # at once (focus() waits a turn): the very next key is the command's

    def action_log(self) -> None:
        """``L``: the log full screen, over the table (``LogScreen``: ↑↓ PgUp PgDn Home End
        scroll it, escape or ``L`` goes back to the table), at every size."""
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.table.log_pane, self.session.game.title))

    def action_log_page(self, direction: int) -> None:
        """PgUp / PgDn at the table: the log scrolls a page, the table keeps the keys."""
        pane = self.table.log_pane
        if direction < 0:
            pane.scroll_page_up(animate=False)
        else:
            pane.scroll_page_down(animate=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Run the ``:`` line. It closes (the table has the keys again) once the command
        is done; a refused one stays, text and focus, for the player to fix."""
        if event.input.id != "command":
            return
        text = event.value.strip()
        word = text.split()[0].lower() if text else ""
        if word in ("", "help", "rules", "menu", "quit", "q"):
            self._close_command_line()
            if word in ("help", "rules"):
                self.action_rules()
            elif word:
                self.action_leave()
            return
        if word in ("save", "w"):
            from ..support.paths import replacing, save_target

            rest = text.split(maxsplit=1)  # a name alone goes into the save folder, as in the dialog
            target = save_target(rest[1], self.save_dir or saves_dir()) if len(rest) > 1 else None
            what = None if target is None else replacing(target, self.save_path)
            if what is not None:  # asked first, as the dialog asks
                self._ask_to_replace(event.input, target, what)
                return
            done = self.save_to(target) is not None
        else:
            done = self.play_line(text)
        if done:
            self._close_command_line()
        else:
            event.input.refused = event.input.value

    def _ask_to_replace(self, line: Input, target: Path, what: str) -> None:
        """``:save PATH`` over a file that is not this game's: y saves (and the ``:`` line
        closes), n or escape keeps the file and the line, for another name."""
        from ..support.paths import shown
        from .replace import ReplaceScreen

        typed = line.value

        def answered(yes: bool | None) -> None:
            if yes and self.save_to(target) is not None:
                self._close_command_line()
                return
            if not yes:
                self.say(f"Not saved: {shown(target)} is kept.", error=True)
            line.value = line.refused = typed
            line.cursor_position = len(typed)
            self.set_focus(line)

        self.app.push_screen(ReplaceScreen(target, what), answered)

    def play_line(self, text: str) -> bool:
        """Play ``text`` typed on the ``:`` line; whether it was recorded (``play``)."""
        if text.lower() in ("undo", "redo") and self._over():
            return False
        return self.play(text)

    def _over(self) -> bool:
        """Whether the game is over, then said: its moves stand (no undo, no redo: its
        result was shown and saved)."""
        if self.session.result() is None:
            return False
        self.say("The game is over: its moves stand.", error=True)
        return True

    def _close_command_line(self) -> None:
        line = self.query_one("#command", CommandLine)
        line.value = line.refused = ""
        self.table.focus()

    def on_key(self, event) -> None:
        line = self.query_one("#command", Input)
        if event.key == "escape" and line.has_focus:
            event.stop()
            event.prevent_default()
            self._close_command_line()
            if self.said_error:  # the refusal of the line given up goes with it
                self.say("")
        elif not line.has_focus and self.explain_disabled(event.key):
            event.stop()
            event.prevent_default()

    def explain_disabled(self, key: str) -> bool:
        """For ``key`` bound to undo or redo while greyed out: say why (the engine's
        sentence, as ``:undo`` does) instead of doing nothing; on a finished game, where
        they are gone, that its moves stand. Whether it was such a key."""
        active = self.active_bindings.get(key)
        if active is None and self.session.result() is not None and any(
                key in b.key.split(",") and b.action in ("undo", "redo") for b in GameScreen.BINDINGS):
            return self._over()
        if active is None or active.enabled or active.node is not self:
            return False
        action = {"undo": self.action_undo, "redo": self.action_redo}.get(active.binding.action)
        if action is not None:
            action()
        return action is not None

    # ------------------------------------------------------------------ save, rules, leave
    def save_to(self, path: Path | None) -> Path | None:
        """Save now to ``path`` (default: the file the game is saved in, else a new file
        in the save folder) and say where, in one line. Only the save folder is ever
        made; a file elsewhere is remembered for the load list (``tui.support.paths.write_save``)."""
        from ..support.paths import sentence, write_save

        folder = self.save_dir or saves_dir()
        path = path or self.save_path or default_save_path(self.session.game.slug, folder)
        width = self.size.width - 2 if self.size.width > 20 else 0  # the message line (its padding)
        try:
            write_save(self.session, path, folder, width)
        except engine.SaveError as err:
            self.save_failure = str(err)
            self.say(self.save_failure, error=True)
            return None
        self.save_path = path
        self.saved_at_length, self.saved_hinted = len(self.session.entries), set(self.session.hinted)
        self.say(sentence("Saved to {}.", path, width))
        return path

    def action_save(self) -> None:
        """The save dialog, prefilled with the file the game is saved in (else a new
        name in the save folder)."""
        from ..support.paths import sentence
        from .save import SaveScreen

        folder = self.save_dir or saves_dir()
        default = self.save_path or default_save_path(self.session.game.slug, folder)

        def saved(path: Path | None) -> None:
            if path is not None:
                self.save_path = path
                self.saved_at_length, self.saved_hinted = len(self.session.entries), set(self.session.hinted)
                self.say(sentence("Saved to {}.", path, self.size.width - 2))
            self.table.focus()

        self.app.push_screen(SaveScreen(self.session, default, folder, own=self.save_path), saved)

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.slug))

    def autosave(self) -> Path | None:
        """Save the game if it has moves (or a seat's first hint) not saved yet, to its file
        (a new one in the save folder the first time): before leaving it, when it ends,
        when the app ends. Returns the file the game is saved in (None when it never
        was); raises ``engine.SaveError`` when the save fails (the reason is on the
        message line too)."""
        if self.unsaved():
            if self.save_to(self.save_path) is None:
                raise engine.SaveError(self.save_failure)
        return self.save_path

    def action_load(self) -> None:
        """Open the load screen over this game (saved first if unfinished): escape comes
        back here, a game chosen there takes this one's place."""
        from .load import LoadScreen

        try:
            saved = self.autosave()
        except engine.SaveError:
            return  # the message line says why; nothing is lost
        if saved is not None and self.session.result() is None:  # on the message line, not a notice over the table
            self.say(f"Your game is saved in {saved}.")
        self.app.push_screen(LoadScreen(mode="load", over_game=True))

    def action_leave(self) -> None:
        try:
            self.autosave()
        except engine.SaveError as err:
            if not getattr(self, "leave_unsaved", False):  # nothing is lost unless asked twice
                self.leave_unsaved = True
                self.say(f"{err} escape again leaves without saving.", error=True)
                return
        if self.save_path is not None and self.session.result() is None:
            self.app.notify(f"Your game is saved in {self.save_path}.", markup=False)
        self.told_where = True
        self.dismiss(None)
