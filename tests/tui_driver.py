"""Drive boxtop as a player does: from the menu, by keys only, reading the screen.

Every TUI test starts the app the way ``boxtop`` does with no arguments (the menu) or
the way ``boxtop join`` does (the lobby of a room service), then acts only by pressing
keys (``pilot.press``) and checks what is drawn (``screen_text``). Tests never set a
widget's value, call a screen's method or play through the session; they may read the
session afterwards for outcomes the screen cannot show.

To know where the keyboard is, helpers read which widget has the focus (a player sees
the focus highlight): ``focus`` presses tab until the wanted field has it. A game to
come needs only its name and seats::

    async with menu_app() as pilot:
        await new_game(pilot, "Giftbringer", ["ann", "bot", "bot"], options={"rounds": 2})
        await wait_for_text(pilot, "ann at the keyboard")

Seats are written as on the command line (``boxtop play --seats``): a name is a person,
``bot`` (a normal one), a strength or ``random`` a bot named ``bot2``… (after its seat),
``name:hard`` / ``name:random`` a named bot (``heuristic`` is chosen as ``normal``, the
same bot), or an ``engine.Seat``. Sizes are ``SMALL`` (80×24, the
smallest the app supports) and ``LARGE`` (120×40).
"""

from __future__ import annotations

import asyncio
import io
import re
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable, Mapping, Sequence

import msgspec
from rich.console import Console
from textual import events
from textual.app import App
from textual.pilot import Pilot

import engine
from tui.app import BoxtopApp
from tui.screens.handover import SLIP
from tui.cli import BOT_WORDS, parse_seats

SMALL = (80, 24)
LARGE = (120, 40)
#: How long a wait may take before the test fails, in seconds (the machine is shared).
TIMEOUT = 20.0


# ------------------------------------------------------------------ starting the app
def key_event(key: str) -> events.Key:
    """The ``Key`` event a terminal gives for ``key`` (a key name, or one character)."""
    from textual.app import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
    import unicodedata

    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char if char is not None else TERMINAL_CHARACTERS.get(key))


#: What a terminal sends for keys whose name is not their character.
TERMINAL_CHARACTERS = {"enter": "\r", "tab": "\t", "backspace": "\x7f", "escape": "\x1b"}


class Player(Pilot):
    """Textual's ``Pilot`` with a quicker ``press``: each key is sent as the terminal
    sends it and handled (with what it caused) before the next one, without Pilot's
    wait for the process to go idle after every key (40 ms or more a key). Waits on
    the screen (``wait_for_text``…) poll, so what a key starts later is still seen."""

    async def press(self, *keys: str) -> None:
        """Press ``keys`` one after another (key names, or single characters)."""
        app = self.app
        for key in keys:
            app._driver.send_message(key_event(key))
            await self.keys_handled()
            for _ in range(3):  # the key, what it posted, what that posted
                await self._handled()
            crash = getattr(app, "_crash", None)
            assert crash is None, f"the app stopped on {crash!r}"

    async def burst(self, *keys: str) -> None:
        """Send ``keys`` as ONE terminal read (0 ms apart, as a laggy SSH link or a fast
        double press delivers them): all reach the app before it handles the first.
        Then wait until every one is handled, with what each set off."""
        app = self.app
        for key in keys:
            app._driver.send_message(key_event(key))
        await self.keys_handled()
        for _ in range(3):
            await self._handled()
        crash = getattr(app, "_crash", None)
        assert crash is None, f"the app stopped on {crash!r}"

    async def keys_handled(self, timeout: float = TIMEOUT) -> None:
        """Wait until the app has handled every key it has read (``tui.support.keys.KeyOrder``
        lets one through at a time), with what each set off."""
        app = self.app
        order = getattr(app, "keys", None)
        if order is None:
            return
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        read = asyncio.Event()
        if app.call_later(read.set):  # the app has read every key sent so far
            await asyncio.wait_for(read.wait(), timeout)
        while (order.flying is not None or order.held) and loop.time() < end:
            await asyncio.sleep(0.002)

    async def _handled(self) -> None:
        """Wait until the nodes a key passes through — the app, the screen, the focused
        widget and its ancestors — have handled every message queued to them now
        (``Pilot._wait_for_screen`` asks every widget on the screen, hundreds in a form)."""
        app = self.app
        try:
            screen = app.screen
        except Exception:
            return
        nodes = [app, screen]
        node = app.focused
        while node is not None and node is not screen and node is not app:
            nodes.append(node)
            node = node.parent
        done = [asyncio.Event() for _ in nodes]
        waiting = [event for node, event in zip(nodes, done) if node.call_later(event.set)]
        if waiting:
            await asyncio.wait([asyncio.ensure_future(event.wait()) for event in waiting], timeout=30)


@asynccontextmanager
async def menu_app(size: tuple[int, int] = LARGE, notifications: bool = True) -> AsyncIterator[Player]:
    """Run ``BoxtopApp()`` as ``boxtop`` does with no arguments; yields its pilot once
    the menu shows. ``notifications``: draw the app's notices (they are on screen)."""
    app = BoxtopApp()
    app.animation_level = "none"  # scrolling jumps at once (a test need not wait for it)
    async with app.run_test(size=size, notifications=notifications):
        pilot = Player(app)
        await wait_for_text(pilot, "New game")
        yield pilot


@asynccontextmanager
async def lobby_app(socket: str, name: str, size: tuple[int, int] = LARGE,
                    notifications: bool = True, ready: bool = True) -> AsyncIterator[Player]:
    """Run ``BoxtopApp(remote=…)`` as ``boxtop join`` does for player ``name`` on the room
    service at ``socket``; yields once the host has welcomed it (``ready``) or at once."""
    app = BoxtopApp(remote=(str(socket), name))
    app.animation_level = "none"
    async with app.run_test(size=size, notifications=notifications):
        pilot = Player(app)
        if ready:
            await lobby_ready(pilot)
        yield pilot


async def lobby_ready(pilot: Pilot) -> None:
    """Wait until the lobby says the host welcomed this app (its keys then work)."""
    await wait_for_text(pilot, "c creates a room")


# ------------------------------------------------------------------ reading the screen
def screen_text(app) -> str:
    """What the terminal shows now, as plain text: one line per row, exactly what
    ``App.export_screenshot`` draws (a dialog over the screen under it, notices)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    # Textual has no public "screen as text"; this is what export_screenshot prints.
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


def screen_lines(app) -> list[str]:
    """``screen_text`` as its rows, trailing blanks removed from each."""
    return [line.rstrip() for line in screen_text(app).split("\n")]


def flat(text: str) -> str:
    """``text`` with every run of white space (line ends included) as one space: for
    finding a sentence that the screen wraps over two rows."""
    return " ".join(text.split())


def region_text(app, region) -> list[str]:
    """The screen's rows inside ``region`` (a Textual ``Region``), cropped to it."""
    rows = screen_text(app).split("\n")[region.y:region.bottom]
    return [row[region.x:region.right] for row in rows]


def notices(app) -> list[str]:
    """The notices (toasts) on screen now, each as one line of text (its rows joined;
    a long word it broke over two rows is whole again only in ``squeeze``)."""
    edges = "▌▐▎▊│┃ "
    return [" ".join(" ".join(row.strip(edges) for row in region_text(app, toast.region)).split())
            for toast in app.screen.query("Toast")]


def squeeze(text: str) -> str:
    """``text`` without any white space: to compare text that may be wrapped anywhere."""
    return "".join(text.split())


def shows(app, text: str) -> bool:
    """Whether ``text`` is on the screen: on one row, wrapped at spaces over rows of its
    own, or in a notice (wrapped anywhere)."""
    shown = screen_text(app)
    return (text in shown or flat(text) in flat(shown)
            or any(squeeze(text) in squeeze(notice) for notice in notices(app)))


def footer_keys(app) -> dict[str, bool]:
    """The keys in the footer (the screen's last row): what each does (its description,
    or the key itself when it has none) → whether it is offered now (False when it is
    drawn greyed out: Textual draws dim text in a blended colour, marking it not-dim)."""
    keys: dict[str, bool] = {}
    strip = app.screen._compositor.render_strips()[-1]
    segments = [seg for seg in strip if seg.text.strip()]
    for k, seg in enumerate(segments):
        style = seg.style
        if style is None or not style.bold:
            continue
        after = segments[k + 1] if k + 1 < len(segments) else None
        described = after is not None and not (after.style and after.style.bold)
        label = after.text.strip() if described else seg.text.strip()
        keys.setdefault(label, style.dim is not False)
    return keys


def screen_name(app) -> str:
    """The class name of the screen on top (``"GameScreen"``, ``"ResultScreen"``…)."""
    return type(app.screen).__name__


async def wait_for(pilot: Pilot, condition: Callable[[], object], what: str = "",
                   timeout: float = TIMEOUT) -> None:
    """Let the app run until ``condition()`` is true. Fails after ``timeout`` seconds, or
    at once when the app stopped on an error, showing the screen."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    app = pilot.app
    while not condition():
        crash = getattr(app, "_crash", None)
        assert crash is None, f"the app stopped on {crash!r}"
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or condition}; the screen shows:\n{screen_text(app)}")
        await settle(pilot, 0.02)


async def settle(pilot: Pilot, delay: float = 0.0) -> None:
    """Let the app handle what is queued, then run on for ``delay`` seconds (the screen
    redraws itself meanwhile; unlike ``Pilot.pause`` this forces no extra redraw)."""
    await pilot._wait_for_screen()
    await asyncio.sleep(delay)


async def wait_still(pilot: Pilot, checks: int = 3, gap: float = 0.05, timeout: float = TIMEOUT) -> None:
    """Let the app run until what it draws (text and styles, as ``export_screenshot``
    writes it) is the same ``checks`` times in a row, ``gap`` seconds apart: a layout
    or scroll still settling under load is not taken as the screen."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    app, last, same = pilot.app, None, 0
    while same < checks:
        await settle(pilot, gap)
        drawn = app.export_screenshot()
        same = same + 1 if drawn == last else 0
        last = drawn
        if loop.time() > end:
            raise AssertionError(f"the screen kept changing; it shows:\n{screen_text(app)}")


async def read_all_pages(pilot: Pilot, app: App | None = None, most: int = 120) -> list[str]:
    """Every page of a scrolling screen (``screen_text`` per page, in order), by pressing
    page down until the page drawn whole (``wait_still``) no longer changes. A page read
    halfway through its smooth scroll would hide the rows between it and the next one.
    Raises AssertionError after ``most`` presses."""
    app = app or pilot.app
    await wait_still(pilot)
    pages = [screen_text(app)]
    for _ in range(most):
        await pilot.press("pagedown")
        await wait_still(pilot)
        page = screen_text(app)
        if page == pages[-1]:
            return pages
        pages.append(page)
    raise AssertionError("page down never reached the end")


async def wait_for_text(pilot: Pilot, text: str, timeout: float = TIMEOUT) -> None:
    """Wait until ``text`` is drawn on the screen (``shows``)."""
    app = pilot.app
    await wait_for(pilot, lambda: shows(app, text), repr(text), timeout)


async def wait_for_screen(pilot: Pilot, *names: str, timeout: float = TIMEOUT) -> str:
    """Wait until the screen on top is one of ``names`` (class names); returns it."""
    app = pilot.app
    await wait_for(pilot, lambda: screen_name(app) in names, " or ".join(names), timeout)
    await settle(pilot)
    return screen_name(app)


# ------------------------------------------------------------------ keys
async def take_keyboard(pilot: Pilot) -> bool:
    """At a hot-seat hand-over: wait until it names the key that continues (its guard
    against a quick second key is over), press enter and wait for the table; at a table
    with nothing hidden, which passes the keyboard without one, wait until it takes keys
    again ("bob's turn (a moment…)" gone). Whether there was a hand-over to take."""
    app = pilot.app
    if screen_name(app) != "HandoverScreen":
        # a table with nothing hidden passes the keyboard without one, keys held a moment
        await wait_for(pilot, lambda: not shows(app, "(a moment…)"), "the keys to be taken again")
        return False
    await wait_for(pilot, lambda: screen_name(app) != "HandoverScreen" or shows(app, "press enter"),
                   "the hand-over to name its key")
    if screen_name(app) == "HandoverScreen":
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen_name(app) != "HandoverScreen", "the table after the hand-over")
        await asyncio.sleep(SLIP)  # the table drops the keys of the enter's own moment (a double enter)
    return True


async def type_text(pilot: Pilot, text: str) -> None:
    """Type ``text`` key by key."""
    await pilot.press(*text)


async def focus(pilot: Pilot, widget_id: str, limit: int = 80) -> None:
    """Press tab (or shift+tab, when that is the shorter way round) until the widget
    ``widget_id`` has the focus; fails after ``limit`` presses."""
    app = pilot.app
    for _ in range(limit):
        chain = [w.id for w in app.screen.focus_chain]
        here = app.focused.id if app.focused is not None else None
        if here == widget_id:
            return
        key = "tab"
        if here in chain and widget_id in chain:
            i, j = chain.index(here), chain.index(widget_id)
            key = "tab" if (j - i) % len(chain) <= (i - j) % len(chain) else "shift+tab"
        await pilot.press(key)
    raise AssertionError(f"tab never reached #{widget_id}; the screen shows:\n{screen_text(app)}")


async def choose(pilot: Pilot, label: str) -> None:
    """In the drop-down list that has the focus: open it (enter), type the start of
    ``label`` until the list highlights that choice (its words before two spaces), and
    take it (enter)."""
    app = pilot.app
    await pilot.press("enter")
    await wait_for(pilot, lambda: type(app.focused).__name__ == "SelectOverlay", "the list to open")
    overlay = app.focused
    for char in label:
        index = overlay.highlighted
        shown = str(overlay.get_option_at_index(index).prompt) if index is not None else ""
        if re.split(r"\s{2,}", shown.strip())[0] == label:  # the label, a note after it (a seat's kind)
            break
        await pilot.press(char)
    await pilot.press("enter")
    await settle(pilot)


async def retype(pilot: Pilot, text: str) -> None:
    """In the text field that has the focus: clear it (end, ctrl+u) and type ``text``."""
    await pilot.press("end", "ctrl+u")
    await type_text(pilot, text)


async def tick(pilot: Pilot, on: bool) -> None:
    """Set the checkbox that has the focus to ``on`` (space toggles it)."""
    if bool(pilot.app.focused.value) != on:
        await pilot.press("space")


# ------------------------------------------------------------------ the new-game form
def game_of(name: str) -> engine.Game:
    """A game by its title (``"Gift Trap"``) or slug (``"gift-trap"``)."""
    for game in engine.all_games():
        if name in (game.title, game.slug):
            return game
    raise KeyError(f"no game {name!r}")


def seats_of(game: engine.Game, seats: Sequence[str | engine.Seat]) -> list[engine.Seat]:
    """Seats from the command-line words (``["ann", "bot", "bob:random"]``, as
    ``tui.cli.parse_seats`` reads them); a ``Seat`` is taken as it is (for a name with a
    ":" in it)."""
    out = []
    for i, seat in enumerate(seats):
        if isinstance(seat, engine.Seat):
            out.append(seat)
        elif seat.lower() in BOT_WORDS:  # a bot named after its seat, as on the command line
            out.append(engine.Seat(f"bot{i + 1}", BOT_WORDS[seat.lower()]))
        else:
            out.append(parse_seats(seat, game)[0])
    return out


async def fill_form(pilot: Pilot, game: str, seats: Sequence[str], options: Mapping[str, object] | None = None,
                    seed: int | None = None, undo: str | None = None, private: bool | None = None,
                    bell: bool | None = None, hints: bool | None = None) -> None:
    """Fill the new-game (or new-room) form that is open, by keys: the game, the number of
    players, each seat's name and kind, the ``options`` (name → value: a bool ticks a box,
    a drop-down list's value is chosen from it, anything else is typed), the ``seed``, the
    undo policy (``"strict"``/``"casual"``), a room's ``private`` and ``hints`` boxes and the ``bell`` box. In a room's form
    names are not typed (seats are open to whoever joins): a person's seat stays a
    person's, a bot's is chosen."""
    from tui.screens.new_game import kinds

    g = game_of(game)
    wanted = seats_of(g, seats)
    kind_label = {value: label for label, value in kinds(g)}
    if pilot.app.screen.query_one("#game").value != g.slug:
        await focus(pilot, "game")
        await choose(pilot, g.title)
        alone = getattr(g.Options, "ALONE", {})  # shown only with two people or more
        first = next(f"opt-{f.name}" for f in msgspec.structs.fields(g.Options) if f.name not in alone)
        await wait_for(pilot, lambda: first in [w.id for w in pilot.app.screen.focus_chain]
                       and pilot.app.focused is not None and pilot.app.focused.id == "game",
                       f"the form's options for {g.title}")
    if pilot.app.screen.query_one("#players").value != len(wanted):
        await focus(pilot, "players")
        await choose(pilot, str(len(wanted)))
    for i, seat in enumerate(wanted):
        name = pilot.app.screen.query_one(f"#name-{i}")
        if not name.disabled and name.value != seat.name:  # a room's seats have no names
            await focus(pilot, f"name-{i}")
            await retype(pilot, seat.name)
        kind = {"heuristic": "normal"}.get(seat.bot, seat.bot) or "person"  # the same bot, offered as normal
        if pilot.app.screen.query_one(f"#kind-{i}").value != kind:
            await focus(pilot, f"kind-{i}")
            await choose(pilot, kind_label[kind])
    for key, value in (options or {}).items():
        await focus(pilot, f"opt-{key}")
        if isinstance(value, bool):
            await tick(pilot, value)
        elif hasattr(pilot.app.focused, "expanded"):  # a drop-down list of the values
            if pilot.app.focused.value != value:
                await choose(pilot, str(value))
        else:
            await retype(pilot, str(value))
    if seed is not None:
        await focus(pilot, "seed")
        await retype(pilot, str(seed))
    if undo is not None:
        await focus(pilot, "undo")
        await choose(pilot, undo)  # "strict (…)" or "casual (…)"
    if private is not None:
        await focus(pilot, "private")
        await tick(pilot, private)
    if hints is not None:
        await focus(pilot, "hints")
        await tick(pilot, hints)
    if bell is not None:
        await focus(pilot, "bell")
        await tick(pilot, bell)


async def new_game(pilot: Pilot, game: str = "Gift Trap", seats: Sequence[str] = ("ann", "bot", "bot"),
                   options: Mapping[str, object] | None = None, seed: int = 1, undo: str | None = None,
                   bell: bool | None = None) -> None:
    """From the menu: ``n``, fill the form (``fill_form``) and start with ``ctrl+g``; returns
    once the game shows (its table, or the hand-over before the first secret choice)."""
    await pilot.press("n")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, game, seats, options, seed, undo, bell=bell)
    await pilot.press("ctrl+g")
    await wait_for_screen(pilot, "GameScreen", "HandoverScreen", "ResultScreen")


async def save_game(pilot: Pilot) -> None:
    """At a table: ``ctrl+s`` and ``enter`` save the game under the name the dialog
    proposes; returns once the table says where it was saved."""
    await pilot.press("ctrl+s")
    await wait_for_text(pilot, "Save the game as")
    await pilot.press("enter")
    await wait_for_text(pilot, "Saved to")


async def highlight(pilot: Pilot, name: str, limit: int = 40) -> None:
    """On the load list: ``home``, then ``down`` until the highlighted save's file (named
    under the list) is ``name``; fails after ``limit`` presses."""
    app = pilot.app
    await pilot.press("home")
    for _ in range(limit):
        under = region_text(app, app.screen.query_one("#load-file").region)
        if any(row.strip().endswith("/" + name) for row in under):
            return
        await pilot.press("down")
        await settle(pilot)
    raise AssertionError(f"{name} is not on the load list: {screen_text(app)}")


async def open_from_menu(pilot: Pilot, key: str, *names: str) -> None:
    """From the menu: ``key`` (``l`` load, ``r`` replay) opens the list of saves, and
    ``enter`` the newest (its first row); waits until the screen on top is one of
    ``names`` (class names)."""
    await pilot.press(key)
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, *names)


async def open_replay(pilot: Pilot) -> None:
    """From the menu: ``r`` and ``enter`` open the newest save as a replay."""
    await open_from_menu(pilot, "r", "ReplayScreen")


async def reopen_finished_game(pilot: Pilot, result: engine.Result) -> None:
    """From a finished game, by keys: ``escape`` back to the menu; ``l`` and ``enter``
    open its save, which has nothing left to play on, as a replay with the same
    ``result``; back to the menu, ``r`` and ``enter`` open it in the replay list.
    Returns on that replay, at its end."""
    app = pilot.app
    for key in ("l", "r"):
        while screen_name(app) != "MenuScreen":
            await pilot.press("escape")
            await settle(pilot, 0.05)
        await open_from_menu(pilot, key, "ReplayScreen")  # nothing to play on: it opens as a replay
        assert app.screen.session.result() == result


async def new_room(pilot: Pilot, game: str = "Gift Trap", seats: Sequence[str] = ("ann", "bob", "bot"),
                   options: Mapping[str, object] | None = None, undo: str | None = None,
                   private: bool | None = None, bell: bool | None = None, hints: bool | None = None) -> None:
    """From the lobby: ``c``, fill the new-room form and create it with ``ctrl+g``; returns
    in the waiting room. ``seats``: a name keeps a seat for a person (the first is the
    creator's), ``bot``/``random`` gives it to a bot; ``hints``: tick (or not) the box
    that lets the players ask for hints."""
    await pilot.press("c")
    await wait_for_screen(pilot, "NewGameScreen")
    await fill_form(pilot, game, seats, options, None, undo, private, bell, hints)
    await pilot.press("ctrl+g")
    await wait_for_screen(pilot, "WaitingRoomScreen")


# ------------------------------------------------------------------ whole phases
def status_line(app) -> str:
    """The line above the table (whose turn, the phase); "" when there is none."""
    lines = screen_lines(app)
    return next((line for line in lines[1:4] if "·" in line), "")


def game_session(app):
    """The session of the game's table (local or shared; under a hand-over, too)."""
    return next(s for s in app.screen_stack if type(s).__name__ in ("GameScreen", "SharedGameScreen")).session


async def type_commands(pilot: Pilot, commands: Sequence[str], hand_over: Callable = take_keyboard) -> None:
    """Type each of ``commands`` (notation) on the ``:`` line, ``await hand_over(pilot)``
    first (a hot seat's hand-over taken); waits until the game recorded it."""
    session = game_session(pilot.app)
    for command in commands:
        await hand_over(pilot)
        before = len(session.entries)
        await pilot.press("colon", *command, "enter")
        await wait_for(pilot, lambda: len(session.entries) > before, command)


async def turn_start(pilot: Pilot, *tables: str) -> bool | None:
    """At the start of a choice by keys: False once the result shows; at a hand-over,
    take the keyboard and wait for one of ``tables`` (screen names), then True; None at
    a table, to play on."""
    name = screen_name(pilot.app)
    if name == "ResultScreen":
        return False
    if name == "HandoverScreen":
        await take_keyboard(pilot)
        await wait_for_screen(pilot, *tables)
        return True
    return None


async def play_gift_trap_turn(pilot: Pilot) -> bool:
    """Play the Gift Trap phase of the seat at the keyboard by keys, reading the screen:
    deal the second stack, give the open tiles ("k/n placed" says how many) on the first
    gifts the cursor offers, place the Get tiles likewise, then ``d``; ``enter`` at a
    hand-over. False once the result shows."""
    app = pilot.app
    started = await turn_start(pilot, "GameScreen", "ResultScreen")
    if started is not None:
        return started
    line = status_line(app)
    placed = re.search(r"(\d+)/(\d+) placed", screen_text(app))
    left = int(placed.group(2)) - int(placed.group(1)) if placed else None
    if "deal:" in line:
        await pilot.press("right", "enter")
    elif "give:" in line:
        await pilot.press(*["enter"] * (7 if left is None else left), "d")
    elif "rate:" in line:
        await pilot.press(*["enter"] * (4 if left is None else left), "d")
    await settle(pilot)
    return True


async def play_to_the_result(pilot: Pilot, turn: Callable = play_gift_trap_turn, limit: int = 400,
                             on_screen: Callable[[str], None] | None = None) -> None:
    """Call ``turn(pilot)`` until the result screen shows (at most ``limit`` times);
    ``on_screen(text)`` sees the screen before each turn."""
    for _ in range(limit):
        if on_screen is not None:
            on_screen(screen_text(pilot.app))
        if not await turn(pilot):
            return
    raise AssertionError(f"no result after {limit} turns; the screen shows:\n{screen_text(pilot.app)}")


@asynccontextmanager
async def shared_room_to_the_result(service: tuple, game: str, play: Callable,
                                    ready: Callable[[object], object] | None = None
                                    ) -> AsyncIterator[tuple[Player, engine.Result]]:
    """The app as ``boxtop join`` runs it for ann (120×40) on the room service ``service``
    (the ``room_service`` fixture's (``RoomService``, socket)). From its lobby: create a
    room of ``game`` with a random bot (``new_room``), start it with ``s``, wait for
    ``ready(app)`` if given, play it by keys with ``await play(pilot)`` to the result; the
    winners line shows and the room service's own session has the same result. Yields
    (the pilot, that result)."""
    svc, sock = service
    async with lobby_app(sock, "ann", LARGE) as pilot:
        app = pilot.app
        await new_room(pilot, game, ["ann", "random"])
        await wait_for_text(pilot, "you created it")
        await pilot.press("s")
        await wait_for_screen(pilot, "SharedGameScreen")
        if ready is not None:
            await wait_for(pilot, lambda: ready(app), "the first question")
        await play(pilot)
        ours = app.screen.session.result()
        assert ours is not None
        await wait_for(pilot, lambda: winners_line(app), "the winners")
        (room,) = svc.rooms.rooms.values()
        assert room.session.result() == ours
        yield pilot, ours


def winners_line(app) -> str:
    """The result screen's line that says who won (its first row with "win" in it)."""
    return next((line for line in screen_lines(app) if re.search(r"\bwins?\b", line)), "")


def to_act(app) -> list[str]:
    """The names after "to act:" on the status line ("everyone": every seat's name)."""
    m = re.search(r"to act: ([^·]*)", status_line(app))
    if not m:
        return []
    if m.group(1).strip() == "everyone":
        return list(app.screen.session.names)
    return [name.strip() for name in m.group(1).split(",")]


def giftbringer_target(app) -> str:
    """Giftbringer: the id of the Viking, place or harbour under the target cursor, from
    the details line under the map ("Viking 1 (Bjorn): needs 1 2 · …", "House 5 (Aurora
    Hall): needs …")."""
    letters = {"Viking": "V", "House": "H", "Road": "R", "Harbour": "S"}
    m = re.match(r"\s*(Viking|House|Road|Harbour) (\d+) \(", region_text(app, app.screen.query_one("#gb-info").region)[0])
    if m:
        return letters[m.group(1)] + m.group(2)
    raise AssertionError("no details line for the target cursor:\n" + screen_text(app))
