"""A remote player reaches nothing but the game (issue 10, finding 1).

Over SSH, clicking the ``SHEET.md`` link in Giftbringer's rules started the host's text
browser (``App.open_url`` → ``webbrowser.open`` on the host), and the command palette's
"Screenshot" wrote SVG files into the host user's ``~/Downloads``. In a remote session
nothing a player does may open a URL, start a program or touch a host file.

* ``test_every_action_a_remote_player_can_reach_is_on_the_allow_list`` walks the remote
  app by keys through every screen a player meets (lobby, new-room form, waiting room as
  creator and as guest, the choice of a bot's strength, the shared game of each game as a player and as a spectator, the
  rules, the result) and lists everything a player could set off there: every key
  binding of every widget, every ``action_*`` method any rendered ``[@click=…]`` could
  name, every ``@click`` and link drawn on the screen, every command the command palette
  would offer. Each must be on ``ALLOWED``, a list of actions that change nothing outside
  the app, so an action added later (by us or by a Textual upgrade) fails until someone
  looks at it.
* ``test_every_games_table_watched_finished_played_and_its_rules_reach_only_the_allow_list``
  does the same for every other game (the security review's N7: the new games' tables
  were not visited): each watched, played to its result, played as a seat, its rules.
* ``test_over_ssh_links_the_palette_and_suspend_start_nothing_and_write_nothing`` is
  the finding replayed: a real SSH session, the host's ``HOME`` a temporary folder and a
  ``BROWSER`` that records being started; the player clicks the rules' links, runs the
  palette's "screenshot" and presses ctrl+z; no process is started under the session's
  child, the child is not stopped, and no file appears in ``HOME``.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import stat
import tempfile
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.command import CommandList, CommandPalette
from textual.widgets import Static

import engine
from engine.games.gift_trap.bot import HeuristicBot
from host import protocol as p
from host.client import ServiceClient
from test_player_text import screen_text
from tui.app import BoxtopApp
from tui.support.remote_session import RemoteSession
from tui.screens.hint import HintScreen
from tui.screens.lobby import LobbyScreen, WaitingRoomScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.result import ResultScreen
from tui.screens.rules import RulesScreen
from tui.screens.shared_game import SharedGameScreen

from tui_driver import wait_for

SIZE = (130, 40)

#: What a remote player may set off, as "Class.action" (the class that defines the
#: action method), "palette:Name" or "@click:action". Each changes nothing outside the
#: app: it moves a cursor, scrolls, edits a text box, switches screens of this app,
#: sends the room a message, or copies text to the player's own terminal (OSC 52).
ALLOWED = frozenset({
    # the app: quit (ctrl+q), ctrl+c's hint to use ctrl+q, tab / shift+tab
    "App.quit", "App.help_quit", "App.focus_next", "App.focus_previous",
    # ctrl+q saves the local games first (none in a remote session: it only quits)
    "BoxtopApp.quit",
    # every screen and widget: selection copied to the player's own terminal (OSC 52),
    # maximize, focus, close a screen, scroll, a notice, flip a widget's own flag
    "Screen.copy_text", "Screen.maximize", "Screen.minimize", "Screen.blur", "Screen.focus", "Screen.dismiss",
    "Widget.scroll_home", "Widget.scroll_end", "Widget.scroll_left", "Widget.scroll_right",
    "Widget.scroll_up", "Widget.scroll_down", "Widget.page_down", "Widget.page_up",
    "Widget.page_left", "Widget.page_right", "Widget.notify", "DOMNode.toggle",
    # our screens: they send the room service a message or change screens of this app
    "LobbyScreen.create", "LobbyScreen.join", "LobbyScreen.watch", "LobbyScreen.code",
    "LobbyScreen.refresh", "LobbyScreen.quit",
    "NewGameScreen.close", "NewGameScreen.start", "NewGameScreen.next_field",
    "WaitingRoomScreen.start", "WaitingRoomScreen.bot", "WaitingRoomScreen.choose_bot", "WaitingRoomScreen.leave",
    "StrengthScreen.pick", "StrengthScreen.cancel",
    "GameScreen.command_line", "GameScreen.log", "GameScreen.log_page", "LogPane.done", "SharedGameScreen.undo", "SharedGameScreen.redo",
    "SharedGameScreen.rules", "SharedGameScreen.leave", "SharedGameScreen.bot_for_away",
    "SharedGameScreen.command_line",  # the ":" line (closes the talk box first): nothing outside the game
    "SharedGameScreen.hint",  # asks the room for a hint (AskHint) where it allows them; else one line
    "HintScreen.close",  # closes the hint's box
    "RulesScreen.close", "ResultScreen.back", "ResultScreen.menu", "ResultScreen.again",
    # table talk: open the line to say something (the room is sent a Say), cancel it
    "WaitingRoomScreen.talk", "SharedGameScreen.talk", "TalkLine.cancel",
    # the game tables: a cursor, or a move sent to the room
    "GiftTrapTable.gift", "GiftTrapTable.row", "GiftTrapTable.place", "GiftTrapTable.more",
    "GiftTrapTable.trap", "GiftTrapTable.done", "GiftTrapTable.deal",
    "GiftbringerTable.result", "GiftbringerTable.target", "GiftbringerTable.next_legal",
    "GiftbringerTable.use", "GiftbringerTable.visit", "GiftbringerTable.mark",
    "GiftbringerTable.bless_face", "GiftbringerTable.bless", "GiftbringerTable.other", "GiftbringerTable.done",
    "GiftbringerTable.move",
    "BottlecapVikingsTable.pick", "BottlecapVikingsTable.amount", "BottlecapVikingsTable.digit",
    "BottlecapVikingsTable.play", "BottlecapVikingsTable.end", "BottlecapVikingsTable.skip",
    "BottlecapVikingsTable.details", "BottlecapVikingsTable.other",
    "NaughtyOrNiceTable.craft", "NaughtyOrNiceTable.summon", "NaughtyOrNiceTable.fulfill",
    "NaughtyOrNiceTable.creature", "NaughtyOrNiceTable.end", "NaughtyOrNiceTable.pass", "NaughtyOrNiceTable.search",
    "NaughtyOrNiceTable.tuck", "NaughtyOrNiceTable.sweep", "NaughtyOrNiceTable.move", "NaughtyOrNiceTable.digit",
    "NaughtyOrNiceTable.toggle", "NaughtyOrNiceTable.auto", "NaughtyOrNiceTable.caga", "NaughtyOrNiceTable.confirm",
    "DiceUponATimeTable.actions", "DiceUponATimeTable.die", "DiceUponATimeTable.socket", "DiceUponATimeTable.digit",
    "DiceUponATimeTable.confirm", "DiceUponATimeTable.rabbit", "DiceUponATimeTable.pass", "DiceUponATimeTable.move",
    "DiceUponATimeTable.stay", "DiceUponATimeTable.complete", "DiceUponATimeTable.end",
    "DiceUponATimeTable.cards",  # opens the quests and Story cards over the table (CardsScreen)
    "CardsScreen.close",
    # Textual's widgets on those screens: cursors, scrolling, editing a text box
    "DataTable.cursor_up", "DataTable.cursor_down", "DataTable.cursor_left", "DataTable.cursor_right",
    "DataTable.page_up", "DataTable.page_down", "DataTable.page_left", "DataTable.page_right",
    "DataTable.scroll_top", "DataTable.scroll_bottom", "DataTable.scroll_home", "DataTable.scroll_end",
    "DataTable.select_cursor",
    # boxtop's lists (tui.widgets.option_list): page keys once the list is laid out
    "_LaidOutPaging.page_up", "_LaidOutPaging.page_down",
    "Input.cursor_left", "Input.cursor_right", "Input.home", "Input.end", "Input.cursor_left_word",
    "Input.cursor_right_word", "Input.delete_left", "Input.delete_right", "Input.delete_left_word",
    "Input.delete_right_word", "Input.delete_left_all", "Input.delete_right_all", "Input.submit",
    "Input.select_all", "Input.cut", "Input.copy", "Input.paste",  # the app's own clipboard
    "Select.show_overlay", "SelectOverlay.dismiss", "Choice.pick", "Choice.move", "Choice.close_list",
    "OptionList.cursor_up", "OptionList.cursor_down", "OptionList.first", "OptionList.last",
    "OptionList.page_up", "OptionList.page_down", "OptionList.select",
    "ToggleButton.toggle_button", "Button.press",
    # the rules page: scroll it to one of its own sections (no text carries a link to one
    # in a remote session: the "@click:" and "link:" entries would show it)
    "RulesScreen.goto",
})


def defining_class(node, action: str) -> str:
    """The name of the class whose ``action_<action>`` (or ``_action_…``) ``node`` runs."""
    for cls in type(node).__mro__:
        if f"_action_{action}" in vars(cls) or f"action_{action}" in vars(cls):
            return cls.__name__
    return f"{type(node).__name__}(none)"


def reachable(app) -> set[str]:
    """Everything a player could set off on the current screen: see the module docstring."""
    found: set[str] = set()
    screen = app.screen
    nodes = [app, screen, *screen.walk_children()]
    for node in nodes:
        for _key, binding in node._bindings:  # every key binding of every node
            target, name, params = app._parse_action(binding.action, node)
            if target.check_action(name, params):
                found.add(f"{defining_class(target, name)}.{name}")
        for attr in dir(type(node)):  # every action a "[@click=…]" in drawn text could name
            if attr.startswith(("action_", "_action_")):
                name = attr.split("action_", 1)[1]
                if node.check_action(name, ()):
                    found.add(f"{defining_class(node, name)}.{name}")
    for strip in screen._compositor.render_strips():  # what is drawn: @click actions and links
        for segment in strip:
            if segment.style is not None:
                if segment.style.link:
                    found.add(f"link:{segment.style.link}")
                if segment.style.meta.get("@click"):
                    found.add(f"@click:{segment.style.meta['@click']}")
    for widget in screen.walk_children(Static):  # and what scrolling would bring into view
        for span in getattr(widget.visual, "spans", ()):
            meta = getattr(span.style, "meta", None) or {}
            if meta.get("@click"):
                found.add(f"@click:{meta['@click']}")
            if getattr(span.style, "link", None):
                found.add(f"link:{span.style.link}")
    found |= {f"palette:{c.title}" for c in app.get_system_commands(screen)}
    return found


async def audit(pilot, seen: dict[str, set[str]], where: str) -> None:
    """Record what can be reached on the current screen, and what ctrl+p opens there."""
    app = pilot.app
    seen[where] = reachable(app)
    await pilot.press("ctrl+p")
    await pilot.pause(0.1)
    if isinstance(app.screen, CommandPalette):
        listed = app.screen.query_one(CommandList)
        await wait_for(pilot, lambda: listed.option_count > 0, timeout=2, what="the palette's commands")
        seen[where] |= {
            "palette-shown:" + str(listed.get_option_at_index(i).prompt).splitlines()[0]
            for i in range(listed.option_count)
        }
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))


@pytest.fixture
async def service(room_service):
    return await room_service(bot_pace=None)  # bots answer at once


class Other:
    """A second player on the service, played through the protocol: keeps the newest
    room and table it was sent (``room`` / ``table``, None until one comes) and the last
    refusal's sentence (``refused``)."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client
        self.room = self.table = self.refused = None
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while (m := await self.client.recv()) is not None:
            self.heard(m)

    def heard(self, message) -> None:
        """Keep ``message`` when it is a room, a table or a refusal (a subclass keeps more)."""
        if isinstance(message, p.InRoom):
            self.room = message.room
        elif isinstance(message, p.TableUpdate):
            self.table = message.table
        elif isinstance(message, p.Refused):
            self.refused = message.message

    async def send(self, message) -> None:
        await self.client.send(message)

    async def close(self) -> None:
        self.task.cancel()
        await self.client.close()


async def play_to_the_end(pilot, bob: Other, brain, limit: int = 3000) -> None:
    """bob (seat 1 of his room) plays ``brain``'s choices through the protocol, each once
    the room has decided the last, until the game's result (at most ``limit`` moves)."""
    rng = random.Random(1)
    for _ in range(limit):
        table = bob.table
        if table is not None and table.result is not None:
            return
        if table is not None and 0 in table.to_act:
            seen_by_bob = RemoteSession(table)
            command = brain.choose(seen_by_bob.view(0), seen_by_bob.legal_commands(0), rng)
            await bob.send(p.Play(seen_by_bob.game.notation(command, seen_by_bob.names)))
            await wait_for(pilot, lambda: bob.table is not table, what="bob's move")
        else:
            await pilot.pause(0.02)


async def watch_to_the_result(pilot, bob: Other, room: p.CreateRoom, brain, seen: dict[str, set[str]],
                              where: str) -> None:
    """bob makes ``room`` and starts it; ann, in her lobby, watches it (``w``: the only
    room) while bob plays ``brain``'s moves to the result. What ann can reach is audited
    while she watches (as ``where``) and on the result; ``m`` takes her back to the lobby."""
    app = pilot.app
    await bob.send(room)
    await wait_for(pilot, lambda: bob.room is not None)
    await bob.send(p.StartGame())
    await wait_for(pilot, lambda: app.screen.rooms, what="the room in the lobby")
    await pilot.press("w")
    await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen), what="the game, watched")
    await audit(pilot, seen, where)
    await play_to_the_end(pilot, bob, brain)
    await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what="the result")
    await audit(pilot, seen, "result")
    await pilot.press("m")
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_every_action_a_remote_player_can_reach_is_on_the_allow_list(service):
    _, sock = service
    seen: dict[str, set[str]] = {}
    app = BoxtopApp(remote=(str(sock), "ann"))
    bob = Other(await ServiceClient.connect(sock, "bob"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "creates a room" in screen_text(app))
        await audit(pilot, seen, "lobby")

        # A finished game, watched: bob and two bots play Gift Trap to the end; ann watches.
        room = p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")],
                            {"track_length": 3})
        await watch_to_the_result(pilot, bob, room, HeuristicBot(1), seen, "gift-trap, watching")
        await bob.send(p.LeaveRoom())

        # ann creates a Gift Trap room: the new-room form, the waiting room as its creator
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await audit(pilot, seen, "new-room form")
        await pilot.press("tab", "enter", "home", "enter")  # three players
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room")
        await bob.send(p.JoinRoom(app.screen.room.code))
        await wait_for(pilot, lambda: "bob" in screen_text(app))
        await pilot.press("down", "down")
        await audit(pilot, seen, "waiting room, creator")
        await pilot.press("b")  # which bot takes seat 3
        await wait_for(pilot, lambda: "which bot takes it?" in screen_text(app), what="the bots to choose from")
        await audit(pilot, seen, "waiting room, a bot's strength")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room again")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen), what="the game")
        await audit(pilot, seen, "gift-trap, playing")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await audit(pilot, seen, "gift-trap rules")
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.send(p.LeaveRoom())

        # bob's Giftbringer room: the waiting room as a guest, the game, a hint, its rules (with a link)
        bob.room = None
        await bob.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], hints=True))
        await wait_for(pilot, lambda: bob.room is not None)
        await pilot.press("slash", *bob.room.code, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room")
        await audit(pilot, seen, "waiting room, guest")
        await bob.send(p.StartGame())
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen), what="the game")
        await audit(pilot, seen, "giftbringer, playing")
        await pilot.press("B")
        await wait_for(pilot, lambda: isinstance(app.screen, HintScreen), what="the hint")
        await audit(pilot, seen, "hint")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await audit(pilot, seen, "giftbringer rules")
    await bob.close()

    assert len(seen) == 12
    outside = {}  # each action not on the list → the first screen it was found on
    for where, found in seen.items():
        for action in sorted(found - ALLOWED):
            outside.setdefault(action, where)
    assert outside == {}, "\n".join(f"{action}  ({where})" for action, where in sorted(outside.items()))


#: Games whose tables ``test_every_action_a_remote_player_can_reach_is_on_the_allow_list``
#: does not watch to the result: each is watched, finished, played and its rules opened
#: below (the security review's N7: a dangerous binding on a new table would have passed).
WATCHED = ["giftbringer", "bottlecap-vikings", "naughty-or-nice", "dice-upon-a-time"]


@pytest.mark.parametrize("slug", WATCHED)
async def test_every_games_table_watched_finished_played_and_its_rules_reach_only_the_allow_list(service, slug):
    _, sock = service
    seen: dict[str, set[str]] = {}
    game = engine.get_game(slug)
    app = BoxtopApp(remote=(str(sock), "ann"))
    bob = Other(await ServiceClient.connect(sock, "bob"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "creates a room" in screen_text(app))
        # bob and a bot play to the end; ann watches (the only room: highlighted)
        room = p.CreateRoom(slug, [p.SeatSpec(), p.SeatSpec("heuristic")])
        await watch_to_the_result(pilot, bob, room, game.bots["heuristic"](1), seen, "watching")
        await bob.send(p.LeaveRoom())

        # bob's second room: ann plays a seat, then opens the rules
        bob.room = None
        await bob.send(p.CreateRoom(slug, [p.SeatSpec(), p.SeatSpec()]))
        await wait_for(pilot, lambda: bob.room is not None)
        await pilot.press("slash", *bob.room.code, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), what="the waiting room")
        await bob.send(p.StartGame())
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameScreen), what="the game")
        await audit(pilot, seen, "playing")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await audit(pilot, seen, "rules")
    await bob.close()

    assert len(seen) == 4
    outside = {}
    for where, found in seen.items():
        for action in sorted(found - ALLOWED):
            outside.setdefault(action, where)
    assert outside == {}, "\n".join(f"{action}  ({where})" for action, where in sorted(outside.items()))


# ---------------------------------------------------------------------------- over SSH
CSI = re.compile(r"\x1b\[([0-9;?<>=]*)[ -/]*([@-~])")
OTHER_ESCAPE = re.compile(r"\x1b(?:\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_])")


def screen_grid(raw: bytes, width: int, height: int) -> list[str]:
    """The terminal's rows after ``raw`` (what the app wrote): one character per cell
    ("\\0" in the second cell of a wide character), so a string's index is its column.
    Enough of a terminal for Textual's output: cursor positioning (CUP) and text."""
    rows = [[" "] * width for _ in range(height)]
    text = raw.decode("utf-8", "replace")
    x = y = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\x1b":
            m = CSI.match(text, i)
            if m is not None:
                if m.group(2) == "H":
                    row, _, col = (m.group(1) or "1;1").partition(";")
                    y, x = int(row or 1) - 1, int(col or 1) - 1
                i = m.end() if m is not None else i + 1
                continue
            m = OTHER_ESCAPE.match(text, i)
            i = m.end() if m is not None else i + 1
            continue
        if ch == "\r":
            x = 0
        elif ch == "\n":
            y += 1
        elif ch >= " ":
            wide = cell_len(ch)
            if 0 <= y < height and 0 <= x < width:
                rows[y][x] = ch
                if wide == 2 and x + 1 < width:
                    rows[y][x + 1] = "\0"
            x += wide
        i += 1
    return ["".join(r) for r in rows]


def process_children() -> dict[int, list[int]]:
    """``ppid → [pid, …]`` of every process on this machine, from /proc."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat_line = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat_line.rsplit(")", 1)[1].split()[1])
            kids.setdefault(ppid, []).append(int(entry))
    return kids


def descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (children, their children …), now."""
    kids, found, todo = process_children(), set(), [pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "(gone)"


def state_of(pid: int) -> str:
    """The process state letter (R, S, T = stopped …) from /proc."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def files_under(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


async def test_over_ssh_links_the_palette_and_suspend_start_nothing_and_write_nothing(monkeypatch, tmp_path):
    import asyncssh
    from test_ssh_game import Terminal

    from host.ssh import start_host

    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)  # where Textual's screenshots go
    marker = tmp_path / "marker"
    marker.mkdir()
    browser = tmp_path / "browser"  # a browser that says it was started, and stays a moment
    browser.write_text(f"#!/bin/sh\necho \"$@\" >> '{marker}/browser-started'\nsleep 2\n")
    browser.chmod(browser.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("HOME", str(home))  # the session's child inherits the host's environment
    monkeypatch.setenv("BROWSER", str(browser))
    monkeypatch.setenv("TEXTUAL_ALLOW_SIGNALS", "1")  # a host user who lets ctrl+z suspend their apps
    for name in ("XDG_DOWNLOAD_DIR", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    before = files_under(home)

    data = Path(tempfile.mkdtemp(prefix="bxl", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True)
    conn = None
    try:
        bob = await ServiceClient.connect(host.socket, "bob")
        await bob.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()]))
        while not isinstance(m := await bob.recv(), p.InRoom):
            pass
        code = m.room.code
        conn = await asyncssh.connect(  # no key: keyboard-interactive with an empty password (open mode)
            "127.0.0.1", host.port, username="ann", known_hosts=None, agent_path=None, config=None, client_keys=None,
            password="",
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
        ann = Terminal(process)
        await ann.shows(b"Lobby")
        ann.keys("/")
        await asyncio.sleep(0.3)
        ann.keys(code + "\r")
        await ann.shows(b"waiting for bob to start")
        await bob.send(p.StartGame())
        await ann.shows(b"Round 1 of")

        children = [pid for pid in process_children().get(os.getpid(), []) if "tui.cli join" in command_line(pid)]
        assert len(children) == 1, [command_line(pid) for pid in process_children().get(os.getpid(), [])]
        child = children[0]
        started: dict[int, str] = {}
        watching = True

        async def watch() -> None:  # every process that appears under the session's child
            while watching:
                for pid in descendants(child):
                    started.setdefault(pid, command_line(pid))
                await asyncio.sleep(0.02)

        watcher = asyncio.create_task(watch())

        # the rules, and a click on every "Notation" of "see Notation" (a link in the rules'
        # text; it was "SHEET.md", a file on the host, when the finding was made)
        await ann.settled()
        ann.keys("?")
        await ann.shows_since_keys(b"Keys at the table")
        await ann.settled()
        for _ in range(6):  # the general keys come after the table's keys and its signs: page down to them
            if any("see Notation" in row for row in screen_grid(ann.raw, *SIZE)):
                break
            ann.keys("\x1b[6~")  # PgDn
            await asyncio.sleep(0.3)
            await ann.settled()
        rows = screen_grid(ann.raw, *SIZE)
        places = [(row.index("see Notation") + 4, y) for y, row in enumerate(rows) if "see Notation" in row]
        assert places, "\n".join(rows)
        for x, y in places:
            click = f"\x1b[<0;{x + 4};{y + 1}M\x1b[<0;{x + 4};{y + 1}m"
            ann.keys(click)
            await asyncio.sleep(1.0)
            await ann.settled()

        # the command palette's "screenshot"
        ann.keys("\x10")  # ctrl+p
        await asyncio.sleep(0.5)
        ann.keys("screenshot")
        await asyncio.sleep(0.5)
        ann.keys("\r")
        await asyncio.sleep(1.0)
        await ann.settled()

        # ctrl+z: suspend
        ann.keys("\x1a")
        await asyncio.sleep(0.5)
        stopped = state_of(child)
        watching = False
        await watcher

        reached = {
            "processes started under the session": started,
            "the browser was started with": (marker / "browser-started").read_text().split()
            if (marker / "browser-started").exists() else [],
            "files written in HOME": sorted(files_under(home) ^ before),
            "ctrl+z stopped the session's process": stopped == "T",
        }
        assert {what: found for what, found in reached.items() if found} == {}
        ann.keys("\x1b")  # the app still answers: escape closes the rules
        await ann.shows_since_keys(b"Round 1 of")
        await bob.close()
    finally:
        if conn is not None:
            conn.close()
        await host.close()
