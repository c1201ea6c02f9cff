"""Table talk on the screens, by keys (``tui.support.chat``): ann plays in the real app; bob is a
second connection to the same in-process room service. ``T`` opens the line, enter says
it, escape cancels; a player's text is never markup; a refused line stays to be fixed;
a replay shows each line once it reaches the ply the line was said at."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from textual import events

import engine
import engine.core.chat
from engine.core.chat import ChatLine
from engine.core.save_read import load
from host import protocol as p
from host.client import ServiceClient
from tui.app import BoxtopApp

from tui_driver import (
    Player, fill_form, focus, footer_keys, lobby_app, new_room, screen_name, screen_text, tick, type_text, wait_for,
    wait_for_screen, wait_for_text,
)
from test_tui_shared import service  # noqa: F401 (a fixture)

SIZE = (100, 32)


class Bob:
    """A second player who keeps every line of talk he was sent."""

    def __init__(self, client: ServiceClient) -> None:
        self.client = client
        self.said: list[str] = []
        self.refused: list[str] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while (m := await self.client.recv()) is not None:
            if isinstance(m, p.ChatLines):
                self.said += [f"{line.name}: {line.text}" for line in m.lines]
            elif isinstance(m, p.ChatRefused):
                self.refused.append(m.message)


def room_code(app) -> str:
    return app.screen.room.code


@asynccontextmanager
async def ann_in_a_new_room(service, game: str, seats: list[str], size=SIZE, **form):
    """ann in the real app on ``service``, in the waiting room of a room of ``game`` she
    made by keys (``seats`` and ``form`` as ``new_room`` takes them): yields her pilot."""
    svc, sock = service
    async with lobby_app(sock, "ann", size) as pilot:
        await new_room(pilot, game, seats, **form)
        await wait_for_text(pilot, "you created it")
        yield pilot


async def bob_joins(pilot, service) -> Bob:
    """bob connects and joins the room ann waits in; she sees him in it."""
    bob = Bob(await ServiceClient.connect(service[1], "bob"))
    await bob.client.send(p.JoinRoom(room_code(pilot.app)))
    await wait_for_text(pilot, "bob")
    return bob


async def start_at_the_table(pilot) -> None:
    """ann starts the room she waits in by keys, and sits at its table."""
    await pilot.press("s")
    await wait_for_screen(pilot, "SharedGameScreen")
    await wait_for_text(pilot, "you are ann")


async def test_talk_in_the_waiting_room_and_at_the_table_by_keys(service):
    async with ann_in_a_new_room(service, "Gift Trap", ["ann", "bob", "bot"], options={"track_length": 8}) as pilot:
        app = pilot.app
        bob = await bob_joins(pilot, service)
        # bob's markup is shown as he typed it
        await bob.client.send(p.Say("[b]x[/b] and [@click=quit]x"))
        await wait_for_text(pilot, "» bob: [b]x[/b] and [@click=quit]x")
        # T, a line, enter: said; escape cancels a line
        await pilot.press("T")
        await type_text(pilot, "hello bob")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "ann: hello bob" in bob.said, "bob reads ann")
        assert "› ann: hello bob" in screen_text(app)
        await pilot.press("T")
        await type_text(pilot, "never sent")
        await pilot.press("escape")
        assert screen_name(app) == "WaitingRoomScreen"  # escape left the line, not the room
        await start_at_the_table(pilot)
        await wait_for_text(pilot, "› ann: hello bob")  # the talk carries over to the table
        # at the table: a line too long is refused in one sentence and kept to be fixed
        await pilot.press("T")
        await type_text(pilot, "y" * 201)
        await pilot.press("enter")
        await wait_for_text(pilot, "A line is at most 200 characters (wide ones count 2); this one is 201.")
        assert app.screen.query_one("#command").value == "y" * 201
        await pilot.press("backspace", "enter")
        await wait_for(pilot, lambda: f"ann: {'y' * 200}" in bob.said, "the fixed line")
        await bob.client.send(p.Say("gl"))
        await wait_for_text(pilot, "» bob: gl")
        # :mute bob on the command line: bob's next line is not shown to ann
        await pilot.press("colon")
        await type_text(pilot, "mute bob")
        await pilot.press("enter")
        await wait_for_text(pilot, "bob's lines are hidden from you.")
        await wait_for(pilot, lambda: "» bob: gl" not in screen_text(app), "bob's old line hidden")
        await bob.client.send(p.Say("spam"))
        await wait_for(pilot, lambda: "bob: spam" in bob.said, "bob said spam")
        await pilot.pause(0.2)
        assert "spam" not in screen_text(app)
        assert "never sent" not in bob.said
        await bob.client.close()


async def test_a_line_said_too_fast_comes_back_with_one_sentence(service, monkeypatch):
    monkeypatch.setattr(engine.core.chat, "clock", lambda: 1000.0)  # every line at once, however slow the machine
    async with ann_in_a_new_room(service, "Gift Trap", ["ann", "bot", "bot"]) as pilot:
        app = pilot.app
        for i in range(5):
            await pilot.press("T")
            await type_text(pilot, f"l{i}")
            await pilot.press("enter")
            await wait_for_text(pilot, f"› ann: l{i}")
        await pilot.press("T")
        await type_text(pilot, "one more")
        await pilot.press("enter")
        await wait_for_text(pilot, "You are talking too fast; wait a moment.")
        assert app.screen.query_one("#room-talk-line").value == "one more"


async def test_the_replay_shows_each_line_at_its_ply(tmp_path):
    session = engine.new_game("gift-trap", [engine.Seat("ann"), engine.Seat("bob", "heuristic"),
                                            engine.Seat("cyd", "heuristic")], seed=4, options={"track_length": 5})
    session.play("ann", session.legal("ann")[0])
    session.run_bots()
    said_at = 2
    session.chat = [ChatLine("bob", "before anything", 0), ChatLine("ann", "[b]after my deal[/b]", said_at)]
    path = tmp_path / "talk.json"
    session.save(str(path))
    loaded = load(path)
    app = BoxtopApp(replay=loaded)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        pilot = Player(app)
        await wait_for_screen(pilot, "ReplayScreen")
        await pilot.press("g")  # the start: only the setup
        await wait_for_text(pilot, "» bob: before anything")
        assert "after my deal" not in screen_text(app)
        await pilot.press("l")  # entry 2: ann's deal
        await wait_for_text(pilot, "» ann: [b]after my deal[/b]")


async def test_spectators_talk_reaches_the_players_only_when_the_creator_ticks_it(service):
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await new_room(pilot, "Gift Trap", ["ann", "bot", "bot"])
        await wait_for_text(pilot, "spectators' talk stays among spectators")
        eve = Bob(await ServiceClient.connect(sock, "eve"))
        await eve.client.send(p.WatchRoom(room_code(app)))
        await eve.client.send(p.Say("psst"))
        await wait_for(pilot, lambda: "eve: psst" in eve.said, "eve said it")
        await pilot.press("T")
        await type_text(pilot, "anyone?")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "ann: anyone?" in eve.said, "eve reads ann")
        assert "psst" not in screen_text(app)
        await eve.client.send(p.LeaveRoom())
        await pilot.press("escape")
        await wait_for_screen(pilot, "LobbyScreen")
        await pilot.press("c")
        await wait_for_screen(pilot, "NewGameScreen")
        await fill_form(pilot, "Gift Trap", ["ann", "bot", "bot"])
        await focus(pilot, "spectator-talk")
        await tick(pilot, True)
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "spectators' talk reaches the players")
        await eve.client.send(p.WatchRoom(room_code(app)))
        await eve.client.send(p.Say("now you hear me"))
        await wait_for_text(pilot, "» eve (watching): now you hear me")
        await eve.client.close()


async def test_the_talk_key_stays_in_the_footer_of_a_table_with_many_keys_at_80_columns(service):
    # Giftbringer's table has many keys: at 80×24 the footer keeps T Talk (pinned on a
    # shared table, as the rules and the way back are everywhere).
    async with ann_in_a_new_room(service, "Giftbringer", ["ann", "bot"], (80, 24), options={"rounds": 1}) as pilot:
        app = pilot.app
        await start_at_the_table(pilot)
        await wait_for(pilot, lambda: "Talk" in footer_keys(app), "T Talk in the footer")


# A seated player said these to make talk look like the game's log or flood it (each
# passed the old check); ``test_chat.py`` checks them in the engine.
FORGED = "ok" + " " * 60 + "tk1 starts the game. Hints used by alice."
FILLER = "\u3164" * 5 + "text"
STACKED = "a" + "\u0301" * 150
WIDE = "漢" * 120


async def paste(pilot, text: str) -> None:
    """Paste ``text`` as a terminal does (one bracketed paste): the only way a pilot gets
    combining marks to the focused line (its key names for them carry no character)."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


async def test_the_talk_line_refuses_invisible_stacked_and_too_wide_lines_at_once(service):
    # at the table, T: a line of fillers, a letter with 150 accents and 120 wide letters
    # are refused on enter in one sentence, before anything is sent, and stay to be
    # fixed; the line with 60 spaces reaches bob with one
    async with ann_in_a_new_room(service, "Gift Trap", ["ann", "bob", "bot"]) as pilot:
        app = pilot.app
        bob = await bob_joins(pilot, service)
        await start_at_the_table(pilot)
        line = app.screen.query_one("#command")
        refusals = [
            (FILLER, "A line cannot hold invisible letters, such as fillers or blank braille."),
            (STACKED, "A letter may carry at most 3 accents or marks."),
            (WIDE, "A line is at most 200 characters (wide ones count 2); this one is 240."),
        ]
        for text, sentence in refusals:
            await pilot.press("T")
            await (paste if text == STACKED else type_text)(pilot, text)
            await pilot.press("enter")
            await wait_for_text(pilot, sentence)
            assert line.value == text  # kept, to be fixed
            await pilot.press("escape")
        await pilot.press("T")
        await type_text(pilot, FORGED)
        await pilot.press("enter")
        await wait_for(pilot, lambda: bob.said, "bob reads ann")
        assert bob.said == ["ann: ok tk1 starts the game. Hints used by alice."]
        assert bob.refused == []  # the refused lines never left the app
        await bob.client.close()


async def test_the_talk_line_counts_cells_a_wide_letter_two(service):
    # in the waiting room: 90 wide letters are 180 of the 200, 101 are over
    async with ann_in_a_new_room(service, "Gift Trap", ["ann", "bot", "bot"]) as pilot:
        app = pilot.app
        await pilot.press("T")
        await type_text(pilot, "漢" * 90)
        await wait_for_text(pilot, "180/200")
        await type_text(pilot, "漢" * 11)
        await wait_for_text(pilot, "202/200: a line is at most 200 characters (wide ones count 2).")
        await pilot.press("backspace")
        await wait_for_text(pilot, "200/200")
        await pilot.press("enter")
        await wait_for_text(pilot, "› ann: 漢漢")
        assert app.screen.query_one("#room-talk-line").value == ""
