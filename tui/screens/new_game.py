"""The new-game screen: the game, the seats (name, person or bot), the options, the seed."""

from __future__ import annotations

import os

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

import engine

from ..widgets.checkbox import Checkbox  # reads on or off without colour
from ..widgets.footer import GameFooter

DEFAULT_NAMES = ["ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal"]
KINDS = [("person", "person"), ("bot: heuristic", "heuristic"), ("bot: random", "random")]


def option_notes(options_type: type) -> dict[str, str]:
    """``name → one plain line`` for each option of a game: its Options' ``NOTES``
    (the rulebook detail stays in the game's RULES.md); {} when it has none."""
    return dict(getattr(options_type, "NOTES", {}))


class NewGameScreen(Screen[None]):
    """Set up a game; tab moves between fields, enter on "Start" begins it. A bad
    setting shows one line and starts nothing.

    With ``shared_as`` (the player's name on a host) it sets up a room instead: person
    seats stay open for whoever joins (the creator takes the first), and "Create room"
    sends ``host.protocol.CreateRoom``."""

    BINDINGS = [Binding("escape", "close", "Back"), Binding("ctrl+g", "start", "Start")]

    def __init__(self, shared_as: str | None = None) -> None:
        super().__init__()
        from ..games import has_table

        self.games = [g for g in engine.all_games() if has_table(g.slug)]
        self.game = self.games[0]
        self.shared_as = shared_as

    def _seat_name_input(self, i: int) -> Input:
        if self.shared_as is None:
            return Input(DEFAULT_NAMES[i], id=f"name-{i}", classes="seat-name")
        if i == 0:
            return Input(self.shared_as, id=f"name-{i}", classes="seat-name", disabled=True)
        return Input("", placeholder="open seat", id=f"name-{i}", classes="seat-name", disabled=True)

    def compose(self) -> ComposeResult:
        g = self.game
        yield Header()
        with VerticalScroll(id="new-form"):
            with Horizontal(classes="row"):
                yield Label("game", classes="label")
                yield Select([(x.title, x.slug) for x in self.games], value=g.slug, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("players", classes="label")
                yield Select([(str(k), k) for k in range(g.min_players, g.max_players + 1)],
                             value=min(4, g.max_players), allow_blank=False, id="players")
            for i in range(g.max_players):
                with Horizontal(classes="row seat", id=f"seat-row-{i}"):
                    yield Label(f"seat {i + 1}", classes="label")
                    yield self._seat_name_input(i)
                    person = i == 0 or (self.shared_as is not None and i == 1)
                    yield Select(KINDS, value="person" if person else "heuristic", allow_blank=False, id=f"kind-{i}")
            yield Static("[b]options[/b]", classes="heading")
            notes = option_notes(g.Options)
            for field in msgspec.structs.fields(g.Options):
                with Horizontal(classes="row option"):
                    if field.type is bool:
                        yield Checkbox(field.name.replace("_", " "), field.default, id=f"opt-{field.name}")
                    else:
                        yield Label(field.name.replace("_", " "), classes="label")
                        kind = "integer" if field.type is int else "text"  # a word option (sides) takes letters
                        yield Input(str(field.default), type=kind, id=f"opt-{field.name}", classes="number")
                    yield Static(notes.get(field.name, ""), classes="note")
            if self.shared_as is None:  # a room's seed is the host's secret until the game is over
                with Horizontal(classes="row"):
                    yield Label("seed", classes="label")
                    yield Input(str(int.from_bytes(os.urandom(2), "big")), type="integer", id="seed", classes="number")
            with Horizontal(classes="row"):
                yield Label("undo", classes="label")
                yield Select([("strict (Board Game Arena)", "strict"), ("casual (no limit)", "casual")],
                             value="strict", allow_blank=False, id="undo")
            if self.shared_as is not None:
                with Horizontal(classes="row option"):
                    yield Checkbox("private room", False, id="private")
                    yield Static("not listed in the lobby: only its code lets people in", classes="note")
            yield Static("", id="new-error")
            yield Button("Start" if self.shared_as is None else "Create room", variant="primary", id="start")
        yield GameFooter()

    def on_mount(self) -> None:
        self.title = "New game" if self.shared_as is None else "New room"
        self._show_seats()
        self.query_one("#players", Select).focus()

    def on_descendant_focus(self) -> None:
        # Textual scrolls a field into view when it gets the focus, but decides before the
        # screen has drawn the last scroll: tabbing quickly over the Start button and back
        # to the top could leave the focused field out of sight. Look again once drawn.
        self.call_after_refresh(self._focused_in_view)

    def _focused_in_view(self) -> None:
        widget = self.focused
        if widget is not None and widget.is_attached and not self.can_view_entire(widget):
            widget.scroll_visible(animate=False)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_seats()
        elif event.select.id == "game" and event.value != self.game.slug:
            # Another game: its player counts, seats and options replace this one's.
            self.game = next(g for g in self.games if g.slug == event.value)
            await self.recompose()
            self._show_seats()
            self.query_one("#game", Select).focus()

    def _count(self) -> int:
        return int(self.query_one("#players", Select).value)

    def _show_seats(self) -> None:
        n = self._count()
        for i in range(self.game.max_players):
            self.query_one(f"#seat-row-{i}").display = i < n

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def settings(self) -> tuple[list[engine.Seat], dict, int | None, str]:
        """The form as ``(seats, options, seed, undo)`` (``seed`` None for a room: the host
        draws it); raises ``ValueError`` naming a bad field."""
        seats = []
        for i in range(self._count()):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = self.query_one(f"#kind-{i}", Select).value
            seats.append(engine.Seat(name, None if kind == "person" else kind))
        options: dict = {}
        for field in msgspec.structs.fields(self.game.Options):
            widget = self.query_one(f"#opt-{field.name}")
            options[field.name] = widget.value if isinstance(widget, Checkbox) else widget.value.strip()
        # the game reads the form's text as it reads --option: the same sentence for a bad value
        options = msgspec.to_builtins(self.game.options_from(options))
        undo = str(self.query_one("#undo", Select).value)
        if self.shared_as is not None:
            return seats, options, None, undo
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.isdigit():
            raise ValueError("the seed must be a whole number")
        return seats, options, int(seed_text), undo

    def action_start(self) -> None:
        if self.shared_as is not None:
            self._create_room()
            return
        try:
            seats, options, seed, undo = self.settings()
            session = engine.new_game(self.game.slug, seats, seed=seed, options=options, undo=undo)
        except (ValueError, KeyError) as err:
            self._error(str(err.args[0] if err.args else err))
            return
        from .game import GameScreen

        self.app.switch_screen(GameScreen(session, getattr(self.app, "save_dir", None)))

    def _create_room(self) -> None:
        from host import protocol as p

        try:
            seats, options, _, undo = self.settings()
            self.game.options_from(options)
        except (ValueError, KeyError) as err:
            self._error(str(err.args[0] if err.args else err))
            return
        if all(s.bot for s in seats):
            self._error("Keep at least one seat for a person (you).")
            return
        private = self.query_one("#private", Checkbox).value
        self.app.send(p.CreateRoom(self.game.slug, [p.SeatSpec(s.bot) for s in seats], options, undo, private))
        self.dismiss(None)

    def _error(self, text: str) -> None:
        """One red line under the form, scrolled into view; it quotes names as typed, so
        it is never markup."""
        line = self.query_one("#new-error", Static)
        line.update(Content.styled(text, "red"))
        line.scroll_visible(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
