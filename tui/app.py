"""``BoxtopApp``: one Textual app, screens pushed and popped (``docs/architecture.md``, "The TUI").

menu → new game → the game's screen → result; plus load, replay, rules and hand-over.
With ``remote`` it is a client of a host's room service instead: lobby → waiting room →
the shared game's screen → result (``boxtop join``, run per SSH session by ``boxtop host``).

A remote session runs on the host for someone else, so it reaches nothing but the game:
no command palette (its "Screenshot" wrote into the host user's ~/Downloads), of the
app's own actions only quit and moving the focus (``REMOTE_APP_ACTIONS``; not
screenshot, suspend, theme, screens by name …), ``open_url`` and the file deliveries
refuse with one line, the rules are drawn without links (``tui.screens.rules``), and the
terminal never turns ctrl+z / ctrl+c / ctrl+\\ into signals. Saves and loads are refused
by the shared game's screen (``tui.screens.shared_game``) and the result screen.
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any, Iterable

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.screen import Screen

import engine

from .screens.game import GameScreen
from .screens.handover import HandoverScreen
from .screens.menu import MenuScreen
from .screens.replay import ReplayScreen
from .support.keys import KeyOrder
from .support.turn_bell import TurnBell
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall, is_too_small
from .support.contracts import DropsKeys, Says


#: The app's own actions a remote player may run: quit (ctrl+q), its hint (ctrl+c) and
#: moving the focus (tab, shift+tab). Every other ``App.action_*`` is refused remotely,
#: whether a key, a click or a ``[@click=app.…]`` in drawn text asks for it.
REMOTE_APP_ACTIONS = frozenset({"quit", "help_quit", "focus_next", "focus_previous"})
REMOTE_REFUSAL = "Not in a shared game: nothing on the host opens from here."
#: Seconds between two looks at whether the turn bell should ring.
TURN_BELL_EVERY = 0.5
#: Seconds the keys typed after joining, watching, creating or starting a room wait for
#: the host's answer (the screen it brings) at most.
HOST_ANSWER = 2.0


class BoxtopApp(App[None]):
    """The app. ``session``: open this game at once (``saved_in``: the file it goes on
    being saved in, ``boxtop load``); ``replay``: replay this loaded game (``boxtop replay``:
    escape ends the app; ``note``: a line shown first; ``saved_in``: the save, where its
    analysis is kept); ``remote``: ``(socket_path,
    name[, key[, token[, takeover]]])`` of a room service to join (the last three as
    ``tui.support.remote_session.RemoteLink`` takes them; locked down as the module docstring says);
    ``lesson``: start the guided first game of this game's slug (``boxtop learn``);
    otherwise the menu. ``save_dir`` overrides the save folder (platformdirs')."""

    CSS_PATH = "boxtop.tcss"
    TITLE = "boxtop"
    # Each screen's size classes (Textual's breakpoints), for the CSS: below 80×24
    # "-too-narrow" / "-too-short" (the screen shows only its ``TooSmall`` line, keys
    # wait), then "-narrow" / "-wide" and "-short" / "-tall" for compact or roomy layouts.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-short"), (32, "-tall")]

    def __init__(
        self,
        session: engine.LocalSession | None = None,
        replay: engine.LocalSession | None = None,
        save_dir: str | Path | None = None,
        remote: tuple | None = None,
        saved_in: Path | None = None,
        note: str = "",
        lesson: str | None = None,
    ) -> None:
        if remote is not None:
            self.ENABLE_COMMAND_PALETTE = False  # read by App.__init__ (no ctrl+p), Header and Footer
            os.environ.pop("TEXTUAL_ALLOW_SIGNALS", None)  # the driver's raw mode keeps ISIG off
        super().__init__()
        self.start_session = session
        self.start_replay = replay
        self.start_saved_in, self.start_note = saved_in, note
        self.start_lesson = lesson
        self.save_dir = Path(save_dir) if save_dir is not None else None
        self.remote = remote
        self.link = None
        self.lobby = None  # a remote session's lobby (``_start_remote``)
        self.lobby_known = False  # whether the service sent the whole lobby yet
        self.turn_bell = TurnBell(lambda: self.bell())
        self.keys = KeyOrder(self)

    # ------------------------------------------------------------------ a remote session's limits
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In a remote session only ``REMOTE_APP_ACTIONS`` of the app run."""
        if self.remote is not None and action not in REMOTE_APP_ACTIONS:
            return False
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette's commands; none in a remote session (it has no palette)."""
        if self.remote is not None:
            return
        yield from super().get_system_commands(screen)

    def _refuse_remote(self) -> bool:
        """True (and one line for the player) when this is a remote session."""
        if self.remote is None:
            return False
        self.notify(REMOTE_REFUSAL, severity="warning", markup=False)
        return True

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        """Open ``url`` in the browser; refused in a remote session (it would start a
        browser on the host)."""
        if not self._refuse_remote():
            super().open_url(url, new_tab=new_tab)

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        """Textual's file delivery (into ~/Downloads); refused in a remote session."""
        return None if self._refuse_remote() else super().deliver_text(*args, **kwargs)

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        """Textual's file delivery (into ~/Downloads); refused in a remote session."""
        return None if self._refuse_remote() else super().deliver_binary(*args, **kwargs)

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        """Write an SVG of the screen; refused in a remote session (returns "")."""
        return "" if self._refuse_remote() else super().save_screenshot(*args, **kwargs)

    def action_suspend_process(self) -> None:
        """Suspend to the shell (SIGTSTP); never in a remote session."""
        if not self._refuse_remote():
            super().action_suspend_process()

    # ------------------------------------------------------------------ every way out saves
    def save_games(self) -> tuple[list[Path], list[str]]:
        """Save every local game on the screen stack that has moves not saved yet
        (``GameScreen.autosave``). Returns ``(saved, failures)``: the files the games are
        in (also those saved earlier) and one sentence per game that could not be
        saved. Never raises: it runs on the way out, after an error too."""
        saved: list[Path] = []
        failures: list[str] = []
        if self.remote is not None:
            return saved, failures  # the host keeps a shared game
        for screen in list(self.screen_stack):
            if not isinstance(screen, GameScreen):
                continue
            try:
                path = screen.autosave()
            except Exception as err:  # a save failure, or a screen broken by the error itself
                failures.append(str(err))
                continue
            if path is not None:
                saved.append(path)
        return saved, failures

    @staticmethod
    def _saved_sentence(saved: list[Path]) -> str:
        return " ".join(f"Your game is saved in {path}." for path in saved)

    async def action_quit(self) -> None:
        """ctrl+q (ctrl+c says to press it): save every game first, then end; where the
        game is saved is printed once the terminal is back. When a game cannot be saved
        the app stays and says so; ctrl+q again quits without saving it."""
        saved, failures = self.save_games()
        if failures and not getattr(self, "quit_unsaved", False):
            self.quit_unsaved = True
            self.notify(f"{failures[0]} ctrl+q again quits without saving.", severity="error", markup=False, timeout=10)
            return
        from .screens.stopping import HostStoppingScreen

        stopping = next((s for s in self.screen_stack if isinstance(s, HostStoppingScreen)), None)
        if stopping is not None:  # the host is stopping: its sentence stays on the terminal
            self.exit(message=Text(stopping.sentence))
            return
        self.exit(message=Text(self._saved_sentence(saved)) if saved else None)

    def _hang_up(self) -> None:
        """The terminal closed (SIGHUP) or boxtop was told to stop (SIGTERM): save every
        game, then end."""
        saved, _ = self.save_games()
        self.exit(message=Text(self._saved_sentence(saved)) if saved else None)

    async def run_async(self, *args: Any, **kwargs: Any) -> Any:
        """Run the app (``App.run`` comes here); while it runs, SIGHUP (a closed terminal)
        and SIGTERM save every game before it ends. Not in a remote session, whose game
        the host keeps."""
        loop = asyncio.get_running_loop()
        caught = []
        if self.remote is None:
            for sig in (signal.SIGHUP, signal.SIGTERM):
                try:
                    loop.add_signal_handler(sig, self._hang_up)
                except (NotImplementedError, RuntimeError, ValueError):  # no signals here
                    continue
                caught.append(sig)
        try:
            return await super().run_async(*args, **kwargs)
        finally:
            for sig in caught:
                loop.remove_signal_handler(sig)

    # ------------------------------------------------------------------ errors
    def _handle_exception(self, error: Exception) -> None:
        self._crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """An unexpected error ends the app with one line for the player; the traceback
        goes to the crash log (``tui.support.paths.crash_log_path``), never to the screen."""
        import traceback
        from datetime import datetime, timezone

        from .support.paths import crash_log_path

        path = crash_log_path()
        error = getattr(self, "_crash", None)
        text = "".join(traceback.format_exception(error)) if error is not None else "unknown error\n"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(f"--- {datetime.now(timezone.utc).isoformat(timespec='seconds')}\n{text}")
            where = f"the details are in {path}"
        except OSError:
            where = "the details could not be written down"
        saved, _ = self.save_games()
        kept = f" {self._saved_sentence(saved)}" if saved else ""
        self.bell()
        self._exit_renderables.append(Text(f"boxtop stopped on an unexpected error ({type(error).__name__}); {where}.{kept}"))
        self._close_messages_no_wait()

    # ------------------------------------------------------------------ a screen's size classes
    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``push_screen``, the screen given its size classes first (``size_classes``)."""
        if isinstance(screen, Screen):
            self.size_classes(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen: Any) -> Any:
        """Textual's ``switch_screen``, the screen given its size classes first (``size_classes``)."""
        if isinstance(screen, Screen):
            self.size_classes(screen)
        return super().switch_screen(screen)

    def size_classes(self, screen: Screen) -> None:
        """Give ``screen`` the size classes of the terminal as it is ("-narrow", "-short" …,
        ``HORIZONTAL_BREAKPOINTS``, ``VERTICAL_BREAKPOINTS``) before it is shown. Textual
        sets them when the screen gets its first resize, which comes after its first frame:
        at 80×24 a table rejoined over SSH was drawn once in the wide layout, title bar
        and all, before its own."""
        width, height = self.size
        for breakpoints, size in ((screen.HORIZONTAL_BREAKPOINTS or self.HORIZONTAL_BREAKPOINTS, width),
                                  (screen.VERTICAL_BREAKPOINTS or self.VERTICAL_BREAKPOINTS, height)):
            chosen = max(((edge, name) for edge, name in breakpoints if size >= edge), default=(0, None))[1]
            for _, name in breakpoints:
                screen.set_class(name == chosen, name)

    # ------------------------------------------------------------------ a terminal too small
    def _screen_changed(self, screen: Screen) -> None:
        """Every screen shown gets its ``TooSmall`` line (once it is composed)."""
        screen.call_later(self._add_too_small, screen)

    def _add_too_small(self, screen: Screen) -> None:
        if screen.is_attached and not screen.query_children(TooSmall):
            screen.mount(TooSmall())

    async def on_event(self, event: events.Event) -> None:
        """Keys go one at a time (``tui.support.keys.KeyOrder``): a key read in the same burst as
        the one before waits until that one is handled, then goes to what is on screen.
        While the terminal is too small to show the screen, a key does nothing (but
        quit): no one acts on a table they cannot see. A screen may drop a key too
        (``drops_key(event)``: the game screen just after the keyboard passed on)."""
        if not isinstance(event, events.Key):
            await super().on_event(event)
            return
        came_back = event.is_forwarded  # up again from the focused widget, where bindings run
        if not came_back and not self.keys.admit(event):
            return  # held: it comes again once the key before it is handled
        self.turn_bell.key()
        if (
            (not came_back and event.key not in ("ctrl+q", "ctrl+c") and is_too_small(self))
            # asked again when the key comes back up: a move made by the key before it
            # may have begun the moment
            or self._screen_drops(event)
        ):
            self.keys.done(event)
            return
        await super().on_event(event)
        if came_back:
            self.keys.came_back(event)
        else:
            self.keys.handed_on(event)

    def _screen_drops(self, event: events.Key) -> bool:
        """Whether the screen on top drops ``event`` (``drops_key``); a key read as the
        app ends, with no screen left, is dropped too."""
        try:
            screen = self.screen
        except Exception:  # no screen on the stack: the app is ending
            return True
        return isinstance(screen, DropsKeys) and screen.drops_key(event)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.set_interval(TURN_BELL_EVERY, self.ring_if_turn)
        if self.remote is not None:
            self._start_remote(*self.remote)
            return
        self.push_screen(MenuScreen())
        if self.start_session is not None:
            game = GameScreen(self.start_session, self.save_dir)
            game.save_path = self.start_saved_in
            self.push_screen(game)
        elif self.start_lesson is not None:
            from .screens.learn import lesson_screen

            self.push_screen(lesson_screen(self.start_lesson, self.save_dir))
        elif self.start_replay is not None:
            self.push_screen(ReplayScreen(self.start_replay, from_shell=True, note=self.start_note,
                                          path=self.start_saved_in))

    # ------------------------------------------------------------------ the turn bell
    def ring_if_turn(self) -> None:
        """Ring the terminal bell once when a person of the table shown is to act while
        the app shows another screen or no key came for a while (``tui.support.turn_bell``): in a
        shared game the seat of this terminal, under its room's option; in a local game
        any person's seat, under the new-game form's option."""
        from .screens.shared_game import SharedGameScreen

        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is None:
            self.turn_bell.observe(False, False, False)
            self._ring_from_lobby()
            return
        session = game.session
        key = None
        if isinstance(game, SharedGameScreen):
            table = session.table
            mine = table.seat is not None and table.seat in table.to_act and table.result is None
            on, key = table.bell, table.code
        else:
            mine = session.result() is None and any(not session.is_bot(i) for i in session.to_act_seats())
            on = self.turn_bell.local
        away = self.screen is not game and not isinstance(self.screen, HandoverScreen)
        self.turn_bell.observe(mine, on, away, key)

    def _ring_from_lobby(self, ring: bool = True) -> None:
        """In the lobby (or a screen over it, outside any room) the rooms it lists that
        wait for this player ring the bell once per turn (``TurnBell.observe_rooms``):
        the lobby is elsewhere. Not while its list is from before the player went into a
        room (``LobbyScreen.fresh``): the service sends the lobby only to the lobby.
        ``ring`` False: the turns listed are known already (the lobby on logging in)."""
        from .screens.lobby import WaitingRoomScreen

        lobby = self.lobby
        if lobby is None or not lobby.fresh or self._room_screen(WaitingRoomScreen) is not None:
            return
        me = self.link.name
        self.turn_bell.observe_rooms({r.code: (r.state == "playing" and me in r.to_act, r.bell) for r in lobby.rooms},
                                     ring)

    # ------------------------------------------------------------------ screens that open screens
    # A screen never imports a screen that can lead back to it (the screens import one
    # way; import-linter holds it): the load screen and the new-game form open a game,
    # and the result screen goes back to the menu, through the app.
    def open_game(self, session: engine.LocalSession, save_path: Path | None = None) -> None:
        """Show ``session``'s table in place of the screen on top (the load screen, the
        new-game form); it saves on into ``save_path`` when given."""
        screen = GameScreen(session, self.save_dir)
        screen.save_path = save_path
        self.switch_screen(screen)

    def open_replay(self, session: engine.LocalSession, path: Path | None = None, keep: bool = True) -> None:
        """Show the replay of ``session`` in place of the screen on top; its analysis is
        read from beside ``path`` (the save) and, with ``keep``, written there."""
        self.switch_screen(ReplayScreen(session, path=path, keep=keep))

    def play_again(self, session: engine.LocalSession) -> None:
        """Show ``session``'s table in place of a finished game (its table and result)."""
        self.back_to_menu()
        self.push_screen(GameScreen(session, self.save_dir))

    def back_to_menu(self) -> None:
        """Pop every screen above the menu."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    # ------------------------------------------------------------------ shared sessions
    def _start_remote(self, socket_path: str, name: str, key: str | None = None, token: str | None = None,
                      takeover: bool = False) -> None:
        from .support.chat import ChatBook
        from .support.remote_session import RemoteLink
        from .screens.lobby import LobbyScreen

        self.link = RemoteLink(socket_path, name, key, token, takeover)  # boxtop join's hello
        self.chat = ChatBook()  # the talk of the room this player is in
        self.lobby = LobbyScreen(name)
        self.push_screen(self.lobby)
        self.run_worker(self._pump(), exclusive=True, group="remote")

    async def _pump(self) -> None:
        try:
            await self.link.run(self.on_service_message)
        except ConnectionError as err:
            self.lobby.say(f"{err} (q quits)", error=True)

    def send(self, message: Any) -> None:
        """Send a room-service message (``host.protocol``); a no-op without a host. Keys
        typed after a request whose answer brings another screen (a room joined, watched,
        created or started) wait for that answer (``KeyOrder.wait_for_host``, at most
        ``HOST_ANSWER`` s), so they reach the screen it brings, not the one it replaces."""
        from host import protocol as p

        if self.link is not None:
            if isinstance(message, (p.JoinRoom, p.WatchRoom, p.CreateRoom, p.StartGame)):
                self.keys.wait_for_host(HOST_ANSWER)
            self.link.send(message)

    def leave_room(self) -> None:
        """Leave the room for the lobby (a started game keeps the seat for a return)."""
        from host import protocol as p

        from .screens.shared_game import SharedGameScreen

        game = self._room_screen(SharedGameScreen)
        if game is not None:  # left in one's turn: it is known, and rings no more from the lobby
            self.turn_bell.seen(game.session.table.code)
        self.send(p.LeaveRoom())
        self.chat.clear()
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            self.pop_screen()

    def _room_screen(self, kind: type) -> Any:
        return next((s for s in self.screen_stack if isinstance(s, kind)), None)

    async def on_service_message(self, message: Any) -> None:
        """Route one message of the room service to the screen it concerns; a message
        this app cannot show is logged and reported in one line, never a traceback.
        Screen changes are awaited, so a quick start after a join never pops a screen
        that is still mounting."""
        from host import protocol as p

        try:
            await self._route(message)
        except Exception as err:  # keep the connection and the app alive
            self.log.error(f"cannot show {type(message).__name__}: {err!r}")
            self.notify(f"Could not show the host's last message: {err}", severity="error", markup=False)
        if isinstance(message, (p.InRoom, p.TableUpdate, p.Refused)):
            self.keys.resume()  # the answer is on screen: the keys typed meanwhile go to it

    async def _route(self, message: Any) -> None:
        from host import protocol as p

        from .screens.lobby import WaitingRoomScreen
        from .screens.shared_game import SharedGameScreen

        if message is None or isinstance(message, p.Bye):
            reason = message.reason if message is not None else "The host closed the connection."
            self.exit(return_code=1, message=reason)
        elif isinstance(message, p.Stopping):  # said over the screen, then the app ends with it
            from .screens.stopping import HostStoppingScreen

            await self.push_screen(HostStoppingScreen(message.sentence))
        elif isinstance(message, p.Welcome):
            self.lobby.connected()
        elif isinstance(message, p.Lobby):
            self.lobby.show_rooms(message.rooms, message.more)
            if not self.lobby_known:  # logging in: a game already waiting is seen in the lobby, no bell
                self.lobby_known = True
                self._ring_from_lobby(ring=False)
        elif isinstance(message, p.LobbyChanged):
            self.lobby.change_rooms(message.rooms, message.gone, message.more)
        elif isinstance(message, p.InRoom):
            self.lobby.fresh = False  # in a room: the service tells the lobby no more
            waiting = self._room_screen(WaitingRoomScreen)
            if waiting is not None and waiting.room.code == message.room.code:
                waiting.show_room(message.room, message.seat)
            else:
                await self._to_lobby()
                await self.push_screen(WaitingRoomScreen(message.room, message.seat, self.link.name))
        elif isinstance(message, p.TableUpdate):
            self.lobby.fresh = False
            game = self._room_screen(SharedGameScreen)
            table = message.table
            if game is not None and game.session.table.code == table.code and game.seat == table.seat:
                game.update(message.table, message.ack)
                self._after_table()
            else:
                await self._to_lobby()
                await self.push_screen(SharedGameScreen(message.table))
        elif isinstance(message, (p.ChatLines, p.ChatRefused)):
            self._route_talk(message)
        elif isinstance(message, p.BotThinking):
            game = self._room_screen(SharedGameScreen)
            if game is not None and game.session.table.code == message.code:
                game.bot_thinking(message.seat)
        elif isinstance(message, p.Notice):
            self._route_notice(message.text)
        elif isinstance(message, p.Hint):
            from .screens.hint import HintScreen

            hint = self._room_screen(HintScreen)
            if hint is not None:  # else its box was closed: the answer is dropped
                hint.answer(message)
        elif isinstance(message, p.Refused):
            game = self._room_screen(SharedGameScreen)
            if game is not None:
                game.refused(message.message, message.ack)
                if self.screen is game:
                    return
            if isinstance(self.screen, Says):
                self.screen.say(message.message, error=True)
            else:
                self.notify(message.message, severity="error", markup=False)

    def _route_talk(self, message: Any) -> None:
        """Table talk (``tui.support.chat``): new lines go to the book and the room's screen; a
        refused line to the room's screen, which gives it back to be sent again."""
        from host import protocol as p

        from .screens.lobby import WaitingRoomScreen
        from .screens.shared_game import SharedGameScreen

        screen = self._room_screen(SharedGameScreen) or self._room_screen(WaitingRoomScreen)
        if isinstance(message, p.ChatLines):
            self.chat.apply(message)
            if screen is not None:
                screen.chat_changed(message.lines)
        elif screen is not None:
            screen.chat_refused(message.message)
        elif isinstance(self.screen, Says):
            self.screen.say(message.message, error=True)

    def _route_notice(self, text: str) -> None:
        """A line about the room's seats (``host.protocol.Notice``): on the table's message
        line when the table is on top, else as a notification."""
        from .screens.shared_game import SharedGameScreen

        game = self._room_screen(SharedGameScreen)
        if game is not None and self.screen is game:
            game.say(text)
        else:
            self.notify(text, markup=False)

    def _after_table(self) -> None:
        """A new table of the room shown: the result's rematch line follows it, and its
        person's turn may ring the bell."""
        from .screens.result import ResultScreen

        if isinstance(self.screen, ResultScreen):
            self.screen.show_again()
        self.ring_if_turn()

    async def _to_lobby(self) -> None:
        while len(self.screen_stack) > 1 and self.screen is not self.lobby:
            await self.pop_screen()
