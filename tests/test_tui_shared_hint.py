"""Hints in a shared room, in the app and by keys (issue 26, "A hint"): a room's creator
ticks "hints" on the new-room form; the waiting room and the lobby line say whether a
room allows them; ``B`` at one's turn then shows the search's best moves, worked out on
the host from the seat's own view; a room without them says so in one line, and a
spectator is told no one plays at their keyboard. The result says who asked.

ann plays in the real app (``tests/tui_driver.py``: from the lobby, keys only); bob is a
second connection to the same room service, played through the protocol
(``tests/test_tui_rematch.Bob``).
"""

from __future__ import annotations

import re

import engine
from host import protocol as p
from host.client import ServiceClient

from test_rematch import Player
from test_tui_rematch import service, two_in_a_room  # noqa: F401 (service: the fixture)
from tui_driver import lobby_app, new_room, screen_name, screen_text, wait_for, wait_for_screen, wait_for_text

SIZE = (130, 40)


async def test_the_forms_hints_box_reaches_the_room_and_its_waiting_room_says_so(service):
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        await new_room(pilot, "Giftbringer", ["ann", "bob"], options={"rounds": 1}, hints=True)
        await wait_for_text(pilot, "Hints: allowed")
        room = svc.rooms.get(pilot.app.screen.room.code)
        assert room.record.hints is True and room.summary().hints is True
        await pilot.press("escape")  # the room goes (nobody in it), and ann makes one without hints
        await wait_for_screen(pilot, "LobbyScreen")
        # (the form remembers the last room's choices: the box is unticked by hand)
        await new_room(pilot, "Giftbringer", ["ann", "bob"], options={"rounds": 1}, hints=False)
        await wait_for_text(pilot, "Hints: off.")
        assert svc.rooms.get(pilot.app.screen.room.code).record.hints is False


async def test_the_lobby_line_says_whether_a_room_allows_hints_and_fits_80_columns(service):
    svc, sock = service
    bob = await ServiceClient.connect(sock, "bob")
    cyd = await ServiceClient.connect(sock, "cyd")
    try:
        async with lobby_app(sock, "ann", size=(80, 24)) as pilot:
            await wait_for_text(pilot, "c creates a room")
            assert "hints" not in screen_text(pilot.app)  # no room allows them: no column for it
            await bob.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec("heuristic")], hints=True))
            await wait_for_text(pilot, "hints")
            await cyd.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec("heuristic")]))
            await wait_for(pilot, lambda: len(re.findall(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}",
                                                         screen_text(pilot.app))) == 2, "both rooms")
            lines = screen_text(pilot.app).split("\n")
            head = next(line for line in lines if "code" in line and "creator" in line)
            assert "hints" in head.split()
            where = head.index("hints")
            rows = {re.search(r"\b(bob|cyd)\s*$", line).group(1): line for line in lines
                    if re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}", line)}
            assert rows["bob"][where:].split()[0] == "on"
            assert rows["cyd"][where:].split()[0] == "off"
            assert max(len(line.rstrip()) for line in lines) <= 80
    finally:
        await bob.close()
        await cyd.close()


async def test_b_in_a_room_that_allows_hints_shows_your_best_moves_and_the_result_says_you_asked(service, tmp_path):
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        bob = await two_in_a_room(pilot, sock, 1, hints=True)
        code = bob.table.code
        await pilot.press("B")
        await wait_for_screen(pilot, "HintScreen")
        # the three moves drawn (the box is laid out again once they come: wait for all of them)
        await wait_for(pilot, lambda: len(re.findall(r"about \d+% to win", screen_text(pilot.app))) == 3, "three moves",
                       timeout=60)
        text = screen_text(pilot.app)
        moves = re.findall(r"\b([123])\. (.+?)  about (\d+)% to win", text)
        assert [m[0] for m in moves] == ["1", "2", "3"], text
        room = svc.rooms.get(code)
        assert all(m[1].strip() in room.session.legal(0) for m in moves)  # ann's moves, legal now
        assert room.record.hinted == [0] and svc.journal.rooms()[0].hinted == [0]  # journaled
        await pilot.press("escape")
        await wait_for_screen(pilot, "SharedGameScreen")
        await bob.play_while_to_act(pilot)
        await pilot.press("tab", "enter", "d", "d")  # ann's round
        await wait_for_screen(pilot, "ResultScreen")
        await wait_for_text(pilot, "Hints used by ann.")
        assert bob.table.hinted == [0]  # bob's result says so too
        bob.task.cancel()
        await bob.client.close()
    room.session.save(str(tmp_path / "game.json"))  # the room's session keeps the mark in a save
    assert engine.load(tmp_path / "game.json").hinted == {0}


async def test_b_in_a_room_without_hints_says_they_are_off(service):
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        bob = await two_in_a_room(pilot, sock, 1)  # the form's default
        await pilot.press("B")
        await wait_for_text(pilot, "Hints are off in this room.")
        assert screen_name(pilot.app) == "SharedGameScreen"
        assert svc.rooms.get(bob.table.code).record.hinted == []
        bob.task.cancel()
        await bob.client.close()


async def test_b_while_watching_a_room_that_allows_hints_says_no_one_plays_here(service):
    svc, sock = service
    bob = Player(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec("normal")], {"rounds": 1}, hints=True))
    await bob.until(lambda: bob.room is not None, "the room")
    await bob.client.send(p.StartGame())
    try:
        async with lobby_app(sock, "ann", SIZE) as pilot:
            await wait_for_text(pilot, "playing")
            await pilot.press("w")
            await wait_for_screen(pilot, "SharedGameScreen")  # "watching" alone is also a lobby column
            await wait_for_text(pilot, "watching")
            await pilot.press("B")
            await wait_for_text(pilot, "You are watching this game: no one plays at this keyboard.")
            assert screen_name(pilot.app) == "SharedGameScreen"
            assert svc.rooms.get(bob.table.code).record.hinted == []
    finally:
        await bob.close()
