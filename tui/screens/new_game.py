"""The new-game screen: the game, the seats (name, person or a bot of a strength), the
options, the seed."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static
from textual.widgets._select import SelectCurrent

import engine
from engine.core.session import UNDO_POLICIES, undo_words

from ..support.stack import OnTop
from ..support import bots
from ..widgets.choice import Choice, Tick
from ..widgets.footer import GameFooter
from ..widgets.option_list import Select
from ..widgets.title_bar import TitleBar
from ..widgets.game_options import NARROWEST, GameOptions
from ..support.contracts import Rings

#: What the "turn bell" box does, beside it.
BELL_NOTE = "rings once when your turn comes while you look elsewhere or idle"
#: What a room's "hints" box does, beside it (a local game always has them).
HINTS_NOTE = "players may ask for their best moves (B)"
DEFAULT_NAMES = ["ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal"]
#: Under the form while its Start button is out of sight (a long form at 80×24).
START_HINT = {False: "More below (tab moves down) · ctrl+g starts the game",
              True: "More below (tab moves down) · ctrl+g creates the room"}


@dataclass
class FormChoices:
    """What was set on a form, for the next form of the same kind in this app run: the
    game (slug), the number of players, every seat's name and kind, each game's option
    rows as set (``GameOptions.rows``, by slug), the undo policy, the turn bell and a
    room's boxes (``private``, ``spectator-talk``, ``hints``). Never the seed."""

    game: str
    players: int
    names: list[str]
    kinds: list[str]
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    undo: str = "strict"
    bell: bool = True
    boxes: dict[str, bool] = field(default_factory=dict)


#: The last form of each kind (False: a local game's, True: a room's) in each app run: a
#: new form starts where the last one was left (started, created or escaped from).
REMEMBERED: "WeakKeyDictionary[Any, dict[bool, FormChoices]]" = WeakKeyDictionary()


def kinds(game: engine.Game) -> list[tuple[str, str]]:
    """A seat's kinds in ``game`` as the form names them, ``(label, value)``: a person,
    then the game's bots (``tui.support.bots.choices``: its strengths in order, then random)."""
    return [("person", "person")] + [(f"bot: {kind}", kind) for kind in bots.choices(game)]


class KindChoice(Choice):
    """A seat's kind: its open list gives each bot with what it plays like, in one line
    (``tui.support.bots.describe``); the field shows the kind's name alone."""

    # the open list as wide as its lines, kept inside the screen (moved left at 80 columns)
    DEFAULT_CSS = "KindChoice > SelectOverlay { constrain: inside inside; }"

    def __init__(self, game: engine.Game, **kwargs) -> None:
        super().__init__(self._listed(game), **kwargs)

    @staticmethod
    def _listed(game: engine.Game) -> list[tuple[Text, str]]:
        # rich Text: the list's type-to-search reads it (it passes over a Content)
        return [(Text.assemble(f"{label:<13}", (bots.describe(value), "dim")), value) for label, value in kinds(game)]

    def offer(self, game: engine.Game) -> None:
        """The kinds of ``game``: the value kept where it has it, else a normal bot."""
        listed = self._listed(game)
        if self.values == [value for _label, value in listed]:
            return
        before = self.value
        with self.prevent(Select.Changed):  # no passing "person" while the list changes
            self.set_options(listed)
            self.value = before if before in self.values else bots.DEFAULT
        self.watch_value(self.value)
        if self.value != before:
            self.post_message(Select.Changed(self, self.value))

    def watch_value(self, value: str) -> None:
        # after Select's own watcher, which shows the listed line: the name alone
        label = "person" if value == "person" else f"bot: {value}"
        try:
            self.query_one(SelectCurrent).update(label)
        except NoMatches:  # not composed yet: the value is shown again once it is
            pass


class FormScroll(VerticalScroll):
    """The form's scrolling column; says when its size or its length changes (``Resized``),
    so the screen can tell whether the Start button is in sight."""

    class Resized(Message):
        """The form's size or the length of its rows changed."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class NewGameScreen(OnTop, Screen[None]):
    """Set up a game; the focus starts on the game, tab moves between fields, ctrl+g (or
    enter on "Start") begins it. A bad setting shows one line and starts nothing.

    A seat is a person or a bot of one of the game's strengths (``kinds``; a bot starts
    ``normal``); a seat's open list says in one line what each bot plays like, and the
    line under the seats says it of the focused seat's bot (else the first bot's).

    Choosing another game changes the player counts and the options at once (the seats
    keep their names and kinds, a strength the new game lacks becomes ``normal``); the options are ``GameOptions`` rows, and those a table
    of one person takes by itself (``Options.ALONE``) show only while two or more seats
    are people.

    With ``shared_as`` (the player's name on a host) it sets up a room instead: person
    seats stay open for whoever joins (the creator takes the first), the room's own
    boxes show (private, spectators' talk, hints: off unless ticked), and "Create room"
    sends ``host.protocol.CreateRoom``.

    A form opens as the last one of its kind was left in this app run (``REMEMBERED``:
    the game, seats, options, undo, the bell, a room's boxes; a new seed each time). The
    undo policy shows beside it what it lets a player take back, in the words the waiting
    room uses (``engine.core.session.undo_words``). While the Start button is out of
    sight (a long form at 80×24) a line under the form says ctrl+g starts."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        # priority, as the lists' keys (``Choice``): keys typed ahead act in their order
        Binding("tab", "next_field(1)", "Next field", priority=True),
        Binding("shift+tab", "next_field(-1)", "Previous field", show=False, priority=True),
        Binding("ctrl+g", "start", "Start"),
    ]

    def __init__(self, shared_as: str | None = None) -> None:
        super().__init__()
        from ..games import has_table

        self.games = [g for g in engine.all_games() if has_table(g.slug)]
        self.game = self.games[0]
        self.shared_as = shared_as
        self.seats = max(g.max_players for g in self.games)
        self.last: FormChoices | None = None  # the form of this kind left last (``REMEMBERED``)

    @property
    def shared(self) -> bool:
        """Whether this form sets up a room on a host."""
        return self.shared_as is not None

    def _start_kind(self, i: int) -> str:
        """Seat ``i``'s kind as the form opens: as the last form left it (when this game
        has it), else the first seat a person (and a room's second, for a friend), the
        others normal bots."""
        last = self.last
        kind = last.kinds[i] if last is not None and i < len(last.kinds) else None
        if kind is not None and kind in [value for _label, value in kinds(self.game)]:
            return kind
        return "person" if i == 0 or (self.shared and i == 1) else bots.DEFAULT

    def _seat_name_input(self, i: int) -> Input:
        if self.shared_as is None:
            names = self.last.names if self.last is not None else DEFAULT_NAMES
            return Input(names[i] if i < len(names) else DEFAULT_NAMES[i], id=f"name-{i}", classes="seat-name")
        if i == 0:
            return Input(self.shared_as, id=f"name-{i}", classes="seat-name", disabled=True)
        return Input("", placeholder="open seat", id=f"name-{i}", classes="seat-name", disabled=True)

    def _counts(self) -> list[tuple[str, int]]:
        return [(str(k), k) for k in range(self.game.min_players, self.game.max_players + 1)]

    def compose(self) -> ComposeResult:
        self.last = REMEMBERED.get(self.app, {}).get(self.shared)
        last = self.last
        if last is not None:
            self.game = next((g for g in self.games if g.slug == last.game), self.game)
        g = self.game
        count = last.players if last is not None and g.min_players <= last.players <= g.max_players else \
            min(4, g.max_players)
        yield TitleBar()
        with FormScroll(id="new-form") as form:
            form.can_focus = False  # every tab stop is a field, marked (the form scrolls to it)
            with Horizontal(classes="row"):
                yield Label("game", classes="label")
                yield Choice([(x.title, x.slug) for x in self.games], value=g.slug, id="game")
            with Horizontal(classes="row"):
                yield Label("players", classes="label")
                yield Choice(self._counts(), value=count, id="players")
            for i in range(self.seats):
                with Horizontal(classes="row seat", id=f"seat-row-{i}") as row:
                    row.display = i < count
                    yield Label(f"seat {i + 1}", classes="label")
                    yield self._seat_name_input(i)
                    yield KindChoice(g, value=self._start_kind(i), id=f"kind-{i}")
            yield Static(self._kind_note(), id="kind-note", classes="note")
            yield Static("[b]options[/b]", classes="heading")
            # the options of each game chosen so far (kept, as set, when another is chosen)
            self.blocks = {g.slug: self._options_block(g, count)}
            yield self.blocks[g.slug]
            if self.shared_as is None:  # a room's seed is the host's secret until the game is over
                with Horizontal(classes="row"):
                    yield Label("seed", classes="label")
                    yield Input(str(int.from_bytes(os.urandom(2), "big")), type="integer", id="seed", classes="number")
            undo = last.undo if last is not None and last.undo in UNDO_POLICIES else "strict"
            with Horizontal(classes="row"):
                yield Label("undo", classes="label")
                # the policy's name, and beside it what it lets a player take back, in the
                # words the waiting room uses (``undo_words``)
                policies = Choice([(policy, policy) for policy in UNDO_POLICIES], value=undo, id="undo",
                                  classes="value")
                policies.styles.width = NARROWEST  # as an option's list: its note lines up beside it
                yield policies
                yield Static(self._undo_note(undo), id="undo-note", classes="note")
            if self.shared_as is not None:
                boxes = last.boxes if last is not None else {}
                with Horizontal(classes="row option"):
                    yield Tick("private room", boxes.get("private", False), id="private")
                    yield Static("not listed in the lobby: only its code lets people in", classes="note")
                with Horizontal(classes="row option"):
                    yield Tick("spectators' talk", boxes.get("spectator-talk", False), id="spectator-talk")
                    yield Static("players read what spectators say", classes="note")
                with Horizontal(classes="row option"):
                    yield Tick("hints", boxes.get("hints", False), id="hints")
                    yield Static(HINTS_NOTE, classes="note")
            with Horizontal(classes="row option"):
                yield Tick("turn bell", last.bell if last is not None else True, id="bell")
                yield Static(BELL_NOTE, classes="note")
            yield Static("", id="new-error")
            with Horizontal(classes="row", id="start-row"):
                yield Button("Start" if self.shared_as is None else "Create room", variant="primary", id="start")
        hint = Static(START_HINT[self.shared], id="start-hint", markup=False)
        hint.display = False  # shown while Start is out of sight (``_show_start_hint``)
        yield hint
        yield GameFooter()

    def _options_block(self, game: engine.Game, count: int) -> GameOptions:
        """``game``'s option rows, as the last form left them when it had this game."""
        start = self.last.options.get(game.slug) if self.last is not None else None
        return GameOptions(game.Options, people=self._people(count), start=start)

    def _undo_note(self, policy: str) -> str:
        return f"takes back {undo_words(policy, self.shared)}"

    def on_mount(self) -> None:
        self.title = "New game" if self.shared_as is None else "New room"
        self.query_one("#game", Choice).focus()
        # the options follow the game in the same moment the field shows it (the list's
        # message would reach this screen a few hops later, after a frame or two)
        self.watch(self.query_one("#game", Choice), "value", self._game_chosen, init=False)
        # and the seats follow the count so (a new game's seat kinds are messages ahead of it)
        self.watch(self.query_one("#players", Choice), "value", lambda _count: self._show_seats(), init=False)
        # the line under the form says how to start while Start is out of sight
        self.watch(self.query_one("#new-form"), "scroll_y", lambda _y: self.call_after_refresh(self._show_start_hint),
                   init=False)
        self.call_after_refresh(self._show_start_hint)

    def on_form_scroll_resized(self, message: "FormScroll.Resized") -> None:
        """The form's size or its length changed (the screen, a game's options, seats)."""
        self.call_after_refresh(self._show_start_hint)

    def _show_start_hint(self) -> None:
        """Show the line under the form ("… ctrl+g starts the game") while the Start
        button is not wholly in sight (a long form at 80×24), hide it once it is. Judged
        as if the line were hidden (the form a row taller), so showing it never hides the
        button it is about, nor hiding it the other way round."""
        if not self.is_attached:
            return
        start = self.query_one("#start-row")
        form = self.query_one("#new-form")
        hint = self.query_one("#start-hint", Static)
        place = start.virtual_region  # within the form's rows, wherever it is scrolled
        height = form.scrollable_content_region.height + (1 if hint.display else 0)
        seen = form.scroll_y <= place.y and place.bottom <= form.scroll_y + height
        if hint.display == seen:
            hint.display = not seen

    def on_descendant_focus(self) -> None:
        self._show_kind_note()
        # Textual scrolls a field into view when it gets the focus, but decides before the
        # screen has drawn the last scroll: tabbing quickly over the Start button and back
        # to the top could leave the focused field out of sight. Look again once drawn; a
        # scroll still gliding towards a field left a moment ago (the Start button) stops.
        self.call_after_refresh(self._focused_in_view)

    def _focused_in_view(self) -> None:
        widget = self.focused
        if widget is None or not widget.is_attached:
            return
        form = self.query_one("#new-form")
        if self.app.animator.is_being_animated(form, "scroll_y"):
            self.app.animator.force_stop_animation(form, "scroll_y")  # at its end, then back here
            widget.scroll_visible(animate=False)
        elif not self.can_view_entire(widget):
            widget.scroll_visible(animate=False)

    def action_next_field(self, step: int) -> None:
        """Focus the next field down the form (up when ``step`` is -1), round to the top.

        In the order of the form, not of Textual's focus chain, which sorts by place on
        the screen: the options of a game chosen a moment ago have no place yet, and a
        tab typed ahead would jump into them from the game field."""
        chain = set(self.focus_chain)
        fields = [w for w in self.walk_children() if w in chain]
        if not fields:
            return
        here = self.focused
        while here is not None and here not in chain:
            here = here.parent
        i = fields.index(here) if here in fields else -1 if step > 0 else 0
        self.set_focus(fields[(i + step) % len(fields)])

    def _game_chosen(self, slug: str) -> None:
        """Another game: its player counts and its options replace this one's, now."""
        if slug == self.game.slug:
            return
        before = self.blocks[self.game.slug]
        self.game = next(g for g in self.games if g.slug == slug)
        players = self.query_one("#players", Choice)
        count = min(max(self._count(), self.game.min_players), self.game.max_players)
        players.set_options(self._counts())
        players.value = count
        for block in self.blocks.values():
            block.display = False  # in the very frame that shows the new game's name
        if slug in self.blocks:
            self.blocks[slug].display = True
        else:  # its rows show a moment later (they are made once, when first chosen)
            self.blocks[slug] = self._options_block(self.game, count)
            self.query_one("#new-form").mount(self.blocks[slug], after=before)
        for i in range(self.seats):
            self.query_one(f"#kind-{i}", KindChoice).offer(self.game)
        self._show_seats()
        self.refresh(layout=True)  # in the next frame, with the game's name
        self.query_one("#new-error", Static).update("")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" or (event.select.id or "").startswith("kind-"):
            self._show_seats()
        elif event.select.id == "undo":
            self.query_one("#undo-note", Static).update(self._undo_note(str(event.value)))

    def _noted_kind(self) -> str | None:
        """The bot kind the note describes: the focused seat's, else the first bot seat's
        (None: no bot at the table)."""
        if not self.is_mounted:
            return bots.DEFAULT
        here = self.focused
        while here is not None and not here.has_class("seat"):
            here = here.parent
        if here is not None and here.query_one(Choice).value != "person":
            return here.query_one(Choice).value
        shown = [self.query_one(f"#kind-{i}", Select).value for i in range(self._count())]
        return next((kind for kind in shown if kind != "person"), None)

    def _kind_note(self) -> Content:
        kind = self._noted_kind()
        return Content(f"bot: {kind} — {bots.describe(kind)}") if kind else Content("")

    def _show_kind_note(self) -> None:
        note = self._kind_note()
        line = self.query_one("#kind-note", Static)
        if note != line.content:  # an update lays the form out again: none while scrolling to a field
            line.update(note)

    def _count(self) -> int:
        return int(self.query_one("#players", Select).value)

    def _people(self, count: int) -> int:
        """Seats of the first ``count`` that people play (open seats of a room too)."""
        kinds = [self.query_one(f"#kind-{i}", Select).value for i in range(count)] if self.is_mounted else \
            [self._start_kind(i) for i in range(count)]
        return sum(kind == "person" for kind in kinds)

    def remember(self) -> None:
        """Keep what is set on the form for the next one of its kind in this app run
        (``REMEMBERED``): the game, the seats, every game's options chosen so far, undo,
        the bell and a room's boxes."""
        choices = FormChoices(
            game=self.game.slug,
            players=self._count(),
            names=[self.query_one(f"#name-{i}", Input).value for i in range(self.seats)],
            kinds=[str(self.query_one(f"#kind-{i}", Select).value) for i in range(self.seats)],
            options={**(self.last.options if self.last is not None else {}),
                     **{slug: block.rows() for slug, block in self.blocks.items()}},
            undo=str(self.query_one("#undo", Select).value),
            bell=bool(self.query_one("#bell", Tick).value),
            boxes={box: bool(self.query_one(f"#{box}", Tick).value)
                   for box in ("private", "spectator-talk", "hints") if self.shared},
        )
        REMEMBERED.setdefault(self.app, {})[self.shared] = choices

    def _show_seats(self) -> None:
        n = self._count()
        for i in range(self.seats):
            self.query_one(f"#seat-row-{i}").display = i < n
        if self.game.slug in self.blocks:  # (a game being chosen makes its block after its count)
            self.blocks[self.game.slug].people = self._people(n)
        self._show_kind_note()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def settings(self) -> tuple[list[engine.Seat], dict, int | None, str]:
        """The form as ``(seats, options, seed, undo)`` (``seed`` None for a room: the host
        draws it); raises ``ValueError`` naming a bad field. ``options`` leaves out what a
        table of fewer than two people takes by itself (``Options.ALONE``)."""
        seats = []
        for i in range(self._count()):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = self.query_one(f"#kind-{i}", Select).value
            seats.append(engine.Seat(name, None if kind == "person" else kind))
        chosen = self.blocks[self.game.slug].values()
        # the game reads the form's text as it reads --option: the same sentence for a bad value
        complete = msgspec.to_builtins(self.game.options_from(chosen))
        options = {name: value for name, value in complete.items() if name in chosen}
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
        if isinstance(self.app, Rings):
            self.app.turn_bell.local = self.query_one("#bell", Tick).value
        self.remember()
        self.app.open_game(session)

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
        private = self.query_one("#private", Tick).value
        bell = self.query_one("#bell", Tick).value
        hints = self.query_one("#hints", Tick).value
        self.app.send(p.CreateRoom(self.game.slug, [p.SeatSpec(s.bot) for s in seats], options, undo, private, bell,
                                   hints))
        if self.query_one("#spectator-talk", Tick).value:  # the creator's choice, for the room just made
            self.app.send(p.SpectatorTalk(True))
        self.remember()
        self.dismiss(None)

    def _error(self, text: str) -> None:
        """One red line under the form, scrolled into view; it quotes names as typed, so
        it is never markup."""
        line = self.query_one("#new-error", Static)
        line.update(Content.styled(text, "red"))
        line.scroll_visible(animate=False)

    def action_close(self) -> None:
        self.remember()  # what was set waits for the next form
        self.dismiss(None)
