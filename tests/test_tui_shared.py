"""The app as a client of a host's room service (issue 3, "The lobby"; ``docs/architecture.md``,
"Sessions"), started as ``boxtop join`` starts it and driven by keys, reading the screen
(``tests/tui_driver.py``). ann plays in the real app; bob is a second connection to the
same service, played by a heuristic bot through the protocol.
"""

from __future__ import annotations

import asyncio
import random
import re
from contextlib import asynccontextmanager

import pytest

from engine.games.gift_trap.bot import HeuristicBot
from host import protocol as p
from host.client import ServiceClient
from tui.support.remote_session import RemoteSession

from engine.core.strengths import DESCRIPTIONS
from tui.support.bots import RANDOM
from tui_driver import (
    SMALL, fill_form, focus, footer_keys, giftbringer_target, lobby_app, new_room, screen_name, screen_text, shows,
    status_line, tick, to_act, wait_for, wait_for_screen, wait_for_text, winners_line,
)
from test_remote_lockdown import Other as Watcher

SIZE = (130, 40)


@pytest.fixture
async def service(room_service):
    return await room_service(3)


class Other(Watcher):
    """A second player on the service: keeps the newest lobby and table it was sent, and
    every refusal's sentence (``refusals``)."""

    def __init__(self, client: ServiceClient) -> None:
        self.lobby: list = []
        self.refusals: list[str] = []
        super().__init__(client)

    def heard(self, message) -> None:
        if isinstance(message, p.Lobby):
            self.lobby = message.rooms
        elif isinstance(message, p.Refused):
            self.refusals.append(message.message)
        super().heard(message)


def seat_rows(app) -> list[str]:
    """The waiting room's seat rows as shown: "1 ann", "2 open", "3 bot3 (normal bot)"."""
    rows = []
    for line in screen_text(app).split("\n"):
        m = re.match(r"\s*(\d) +(\S.*?)\s*$", line)
        if m:
            rows.append(f"{m.group(1)} {m.group(2)}")
    return rows


def room_code(app) -> str:
    """The room code the waiting room (or the game's status line) shows."""
    m = re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}", screen_text(app))
    assert m, screen_text(app)
    return m.group(0)


async def test_create_join_start_and_play_a_shared_game_to_the_result(service):
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        # create a room for three: ann, an open seat, a (normal) bot; a short track
        await new_room(pilot, "Gift Trap", ["ann", "bob", "bot"], options={"track_length": 8})
        await wait_for_text(pilot, "you created it")
        code = room_code(app)
        assert seat_rows(app) == ["1 ann", "2 open", "3 bot3 (normal bot)"]

        bob = Other(await ServiceClient.connect(sock, "bob"))
        await bob.client.send(p.JoinRoom(code))
        await wait_for(pilot, lambda: "2 bob" in seat_rows(app), "bob in seat 2")
        await pilot.press("s")
        await wait_for_text(pilot, "you are ann")

        brain, rng = HeuristicBot(5), random.Random(5)
        for _ in range(2000):
            if screen_name(app) == "ResultScreen":
                break
            if bob.table is not None and 1 in bob.table.to_act and bob.table.result is None:
                seen = RemoteSession(bob.table)
                command = brain.choose(seen.view(1), seen.legal_commands(1), rng)
                before = bob.table
                await bob.client.send(p.Play(seen.game.notation(command, seen.names)))
                await wait_for(pilot, lambda: bob.table is not before, "bob's move")
            elif screen_name(app) == "SharedGameScreen" and "ann" in to_act(app):
                line = status_line(app)
                if "deal:" in line:
                    await pilot.press("right", "enter")
                elif "give:" in line:
                    await pilot.press("enter", "enter", "d")
                elif "rate:" in line:
                    await pilot.press("enter", "enter", "enter", "enter", "d")
                await pilot.pause(0.05)
            else:
                await pilot.pause(0.05)
        await wait_for_screen(pilot, "ResultScreen")
        ours = app.screen.session.result()
        await wait_for(pilot, lambda: winners_line(app), "the winners")
        assert all(app.screen.session.names[i] in winners_line(app) for i in ours.winners), winners_line(app)
        await wait_for(pilot, lambda: bob.table.result is not None, "bob's result")
        assert RemoteSession(bob.table).result() == ours
        assert ours.winners and not bob.refusals
        room_obj = svc.rooms.get(code)
        assert room_obj.session.result() == ours  # the room holds the same finished game
        # replay and save belong to the host: not offered here; m goes back to the lobby
        await wait_for(pilot, lambda: "Menu" in footer_keys(app), "the result's footer")
        keys = footer_keys(app)
        assert "Replay" not in keys and "Save" not in keys and keys["Menu"]
        await pilot.press("m")
        await wait_for_screen(pilot, "LobbyScreen")
        await bob.client.close()


async def test_a_refused_move_shows_the_rooms_sentence_and_watching_shows_no_tiles(service):
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")]))
    await asyncio.sleep(0.2)
    code = svc.rooms.summaries()[0].code
    await bob.client.send(p.StartGame())
    await asyncio.sleep(0.2)
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await wait_for_text(pilot, code)  # the room in the lobby
        await pilot.press("enter")  # join: the game has started, so the room refuses
        await wait_for_text(pilot, "The game has started; you can watch it.")
        await pilot.press("w")
        await wait_for_text(pilot, "watching ·")
        assert screen_name(app) == "SharedGameScreen"
        view = app.screen.session.view(None)
        assert view.me is None and view.my_gives == () and view.my_rates == ()
        assert not re.search(r"→\w", screen_text(app)) and "your Give tiles" not in screen_text(app)
        # a watcher's move is refused here, before it reaches the room
        await pilot.press("colon")
        await pilot.press(*"deal red", "enter")
        await wait_for_text(pilot, "You are watching this game.")
        await pilot.press("escape", "escape")  # the line keeps a refused move: escape closes it, then leaves
        await wait_for_screen(pilot, "LobbyScreen")
        await wait_for(pilot, lambda: svc.rooms.get(code).spectators == {}, "the room to let the watcher go")
    await bob.client.close()


async def test_the_creator_hands_an_away_players_seat_to_a_bot(service):
    # Issue 3, "Reconnection and empty seats": "Others see who is disconnected. The
    # room's creator can hand an empty seat to a bot."
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await new_room(pilot, "Gift Trap", ["ann", "bob", "bot"])  # ann, an open seat, a bot
        code = room_code(app)
        bob = Other(await ServiceClient.connect(sock, "bob"))
        await bob.client.send(p.JoinRoom(code))
        await wait_for(pilot, lambda: "2 bob" in seat_rows(app), "bob in seat 2")
        await pilot.press("s")
        await wait_for_text(pilot, "you are ann")
        assert "Bot for away seat" not in footer_keys(app)  # nobody is away
        await bob.client.close()
        await wait_for_text(pilot, "away: bob")
        assert footer_keys(app)["Bot for away seat"] is True
        await pilot.press("ctrl+b")  # which bot? (issue 24: the strengths, normal highlighted)
        await wait_for_text(pilot, "bob is away: which bot takes the seat?")
        assert shows(app, f"2  normal  {DESCRIPTIONS['normal']}")
        await pilot.press("enter")
        room = svc.rooms.get(code)
        await wait_for(pilot, lambda: room.record.seats[1].bot == "normal", "the bot in bob's seat")
        await wait_for_text(pilot, "ann gave bob's seat to a normal bot until bob is back.")  # the room tells her too
        await wait_for(pilot, lambda: "away" not in status_line(app), "no one away")
        # the bot now plays bob's seat: once ann deals, only ann is left to give
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: "give:" in status_line(app) and to_act(app) == ["ann"], "ann alone to give")


async def test_the_creator_chooses_each_bots_strength_in_the_room(service):
    # Issue 24, must-hold 1: the strengths chosen in the room form and in the waiting
    # room, each with what it plays like; at 80×24, where every line shows whole.
    svc, sock = service
    async with lobby_app(sock, "ann", SMALL) as pilot:
        app = pilot.app
        await new_room(pilot, "Giftbringer", ["ann", "bob", "bot:hard"])
        room = svc.rooms.get(room_code(app))
        assert [s.bot for s in room.record.seats] == [None, None, "hard"]
        await wait_for(pilot, lambda: {"2 open", "3 bot3 (hard bot)"} <= set(seat_rows(app)), "the seats")
        assert footer_keys(app)["Bot"] is True
        await pilot.press("down", "b")  # seat 2: which bot?
        await wait_for_text(pilot, "Seat 2: which bot takes it?")
        for n, kind in enumerate(("easy", "normal", "hard", "expert"), 1):
            assert shows(app, f"{n}  {kind:<8}{DESCRIPTIONS[kind]}"), screen_text(app)
        assert shows(app, f"5  random  {RANDOM}")
        await pilot.press("4")  # expert, by its number
        await wait_for(pilot, lambda: room.record.seats[1].bot == "expert", "an expert bot in seat 2")
        await wait_for(pilot, lambda: "2 bot2 (expert bot)" in seat_rows(app), "seat 2 shown as an expert bot")
        await pilot.press("b")  # again: expert highlighted; escape keeps it
        await wait_for_text(pilot, "Seat 2: which bot takes it?")
        await pilot.press("escape")
        await wait_for_screen(pilot, "WaitingRoomScreen")
        await pilot.press("b")
        await wait_for_text(pilot, "Seat 2: which bot takes it?")
        await pilot.press("up", "enter")  # from expert up to hard
        await wait_for(pilot, lambda: room.record.seats[1].bot == "hard", "a hard bot in seat 2")
        await pilot.press("up", "b")  # seat 1 is ann's own: no list
        await wait_for_text(pilot, "ann is sitting there.")
        assert screen_name(app) == "WaitingRoomScreen"


@asynccontextmanager
async def in_bobs_giftbringer(service, rounds: int):
    """bob makes a Giftbringer room of ``rounds`` for two; ann, in the real app, joins it
    from her lobby by keys and bob starts it: yields (ann's pilot, bob) at round 1. bob
    leaves after."""
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": rounds}))
    async with lobby_app(sock, "ann", (140, 45)) as pilot:
        await wait_for_text(pilot, "Giftbringer")  # the room in the lobby
        await pilot.press("enter")
        await wait_for_screen(pilot, "WaitingRoomScreen")
        await bob.client.send(p.StartGame())
        await wait_for_text(pilot, f"Round 1 of {rounds}")
        yield pilot, bob
    await bob.client.close()


async def test_giftbringer_plays_in_a_shared_room_with_no_game_specific_code(service):
    # issue 4, "Also": "Works in shared sessions over SSH without game-specific code there."
    async with in_bobs_giftbringer(service, 2) as (pilot, bob):
        app = pilot.app
        # a cross the rules forbid comes back as the room's sentence, and nothing changes
        from engine.games.giftbringer.sheet import SHEET

        value = int(re.search(r"dice (\d)", status_line(app)).group(1))  # result 1, under the cursor
        viking = next(v for v in SHEET.vikings if value not in v.demand)
        while giftbringer_target(app) != viking.id:
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for_text(pilot, f"A {value} cannot be crossed on Viking {viking.id[1:]} ({viking.name})")
        assert not any(app.screen.session.view(0).sheets[0].marks[viking.id])
        await pilot.press("d", "d")  # results are left: d asks, d again finishes
        await bob.client.send(p.Play("done"))
        await wait_for_text(pilot, "Round 2 of 2")
        await pilot.press("o")  # bob's public sheet
        await wait_for_text(pilot, "bob's island")
        await pilot.press("o", "d", "d")
        await bob.client.send(p.Play("done"))
        await wait_for_screen(pilot, "ResultScreen")


async def test_d_s_question_stands_while_another_players_move_comes_in(service):
    # d asked "You have 4 unused results: d again finishes the round"; bob's move came in
    # between the two presses (a slow link, or just bob being quick) and the redraw took
    # the question back, so the second d asked again and the round never finished
    async with in_bobs_giftbringer(service, 1) as (pilot, bob):
        app = pilot.app
        await pilot.press("d")
        await wait_for_text(pilot, "d again finishes the round")
        await bob.client.send(p.Play("land S2"))  # bob moves: ann's table is drawn again
        await wait_for_text(pilot, "bob: land S2")
        await pilot.press("d")
        await wait_for(pilot, lambda: app.screen.session.to_act() == ["bob"], "ann's round finished")


async def test_the_new_room_form_has_no_seed(service):
    # Issue 10, finding 4: "The new-room form fills in a 16-bit seed and shows it": a
    # room's seed is the host's secret (64 bits) until the game is over.
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await pilot.press("c")
        await wait_for_text(pilot, "players")
        rows = screen_text(app).split("\n")
        assert any(re.match(r"\s*players\b", row) for row in rows)
        assert not any(re.match(r"\s*seed\b", row) for row in rows)
        await pilot.press("ctrl+g")
        await wait_for_text(pilot, "room code")
        assert room_code(app) in svc.rooms.rooms  # the room exists; its seed was the host's


async def test_a_room_code_typed_before_the_host_answers_is_kept_not_lost(service, monkeypatch):
    # A code typed while the app was still connecting went nowhere, with no word said.
    svc, sock = service
    bob = Other(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]))
    await asyncio.sleep(0.2)
    code = svc.rooms.summaries()[0].code
    go = asyncio.Event()
    connect = ServiceClient.connect.__func__

    async def slow(cls, *args, **kwargs):
        await go.wait()
        return await connect(cls, *args, **kwargs)

    monkeypatch.setattr(ServiceClient, "connect", classmethod(slow))
    async with lobby_app(sock, "ann", SIZE, ready=False) as pilot:
        app = pilot.app
        await wait_for_text(pilot, "connecting")
        await pilot.press("slash", *code, "enter")
        await wait_for_text(pilot, "Still connecting")
        assert code in screen_text(app)  # kept in the code box for another try
        go.set()
        await wait_for_text(pilot, "c creates a room")
        await pilot.press("enter")
        await wait_for_screen(pilot, "WaitingRoomScreen")
        assert room_code(app) == code and "2 ann" in seat_rows(app)
    await bob.client.close()


async def test_the_lobby_fits_80_columns_with_eight_seats_cut_short_and_resized(service):
    # "every screen fits 80×24": the players' names give way (ending in "…") and the
    # watching count goes, so that the code, game, seats taken, state, undo and creator
    # columns all show; a wider terminal shows every column and the names whole again
    svc, sock = service
    bob = await ServiceClient.connect(sock, "bob")
    await bob.send(p.CreateRoom("gift-trap", [p.SeatSpec()] + [p.SeatSpec("heuristic")] * 7))
    try:
        async with lobby_app(sock, "ann", size=(80, 24)) as pilot:
            await wait_for_text(pilot, "creator")
            lines = screen_text(pilot.app).split("\n")
            head = next(line for line in lines if "code" in line and "creator" in line)
            row = next(line for line in lines if re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}", line))
            assert all(word in head for word in ("game", "seats", "state", "undo", "players"))
            assert re.search(r"Gift Trap\s+8/8\s+waiting\s+strict\s+bob\s+bob, bot2", row) and "…" in row, row
            assert max(len(line.rstrip()) for line in lines) <= 80
            await pilot.resize_terminal(240, 24)  # each bot with its strength: "bot8 (normal bot)"
            await wait_for_text(pilot, "bot8 (normal bot)")
            assert "…" not in screen_text(pilot.app) and "watching" in screen_text(pilot.app)
    finally:
        await bob.close()


async def test_the_new_room_form_keeps_undo_hints_talk_and_privacy_and_says_undo_in_the_rooms_words(service):
    # Play-test D, defect 12: "The new-room form forgets everything between rooms: undo,
    # hints and spectators' talk are back to their defaults each time. A rematch keeps
    # them." And its undo choice read "casual (no limit)" while the room explains casual
    # as "your last move, until another player moves, if it showed nothing new".
    from engine.core.session import undo_words

    svc, sock = service
    casual = undo_words("casual", True)
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await pilot.press("c")
        await wait_for_screen(pilot, "NewGameScreen")
        await fill_form(pilot, "Gift Trap", ["ann", "bob", "bot"], undo="casual", private=True, hints=True)
        await focus(pilot, "spectator-talk")
        await tick(pilot, True)
        await wait_for_text(pilot, f"takes back {casual}")  # beside the choice, the room's words
        assert not shows(app, "no limit")
        await pilot.press("ctrl+g")
        await wait_for_screen(pilot, "WaitingRoomScreen")
        await wait_for_text(pilot, f"Undo (casual): {casual}.")
        await pilot.press("escape")  # out of the room, back in the lobby
        await wait_for_text(pilot, "c creates a room")
        await pilot.press("c")
        await wait_for_screen(pilot, "NewGameScreen")
        await wait_for_text(pilot, "hints")
        rows = [" ".join(line.strip(" ▊").split()) for line in screen_text(app).split("\n")]
        assert any(row.startswith("undo casual") for row in rows), rows
        for box in ("private room", "spectators' talk", "hints"):
            assert any(row.startswith(f"▐X▌ {box}") for row in rows), (box, rows)
        assert any(row.startswith("game Gift Trap") for row in rows)
        assert any(row.startswith("players 3") for row in rows)
