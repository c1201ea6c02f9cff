"""A rematch and the turn bell in the app (``docs/architecture.md``, "Sessions"), driven
by keys as ``tests/tui_driver.py`` does: ann plays in the real app, bob is a second
connection to the same room service, played by the heuristic bot through the protocol.
The bell is observed by patching ``App.bell``; a shorter idle time is patched in where a
test waits for it.
"""

from __future__ import annotations

import asyncio
import random
import time
from contextlib import asynccontextmanager

import pytest

import engine
import engine.core.ratelimit
import host.service
import tui.support.turn_bell
from host import protocol as p
from host.client import ServiceClient
from tui.app import BoxtopApp
from tui.support.remote_session import RemoteSession

from tui_driver import (
    lobby_app, menu_app, new_game, new_room, screen_name, screen_text, wait_for, wait_for_screen, wait_for_text,
)

SIZE = (130, 40)
GB = engine.get_game("giftbringer")


@pytest.fixture
async def service(room_service):
    return await room_service(3, 4, 5, 6)


@pytest.fixture
def bells(monkeypatch):
    """Every ring of the terminal bell, counted."""
    rung: list[int] = []
    monkeypatch.setattr(BoxtopApp, "bell", lambda self: rung.append(1))
    return rung


class Bob:
    """bob on the service: keeps his newest table, plays the heuristic bot's moves."""

    def __init__(self, client: ServiceClient) -> None:
        self.client, self.table = client, None
        self.brain, self.rng = GB.bots["heuristic"](1), random.Random(1)
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while (m := await self.client.recv()) is not None:
            if isinstance(m, p.TableUpdate):
                self.table = m.table

    async def play_while_to_act(self, pilot) -> None:
        """Moves until bob's seat is no longer to act (his round is done)."""
        for _ in range(50):
            t = self.table
            if t is None or t.result is not None or t.seat not in t.to_act:
                return
            seen = RemoteSession(t)
            command = self.brain.choose(seen.view(t.seat), seen.legal_commands(t.seat), self.rng)
            await self.client.send(p.Play(seen.game.notation(command, seen.names)))
            await wait_for(pilot, lambda: self.table is not t, "bob's move")


async def two_in_a_room(pilot, sock, rounds: int, bell: bool | None = None, hints: bool | None = None) -> Bob:
    """ann creates a Giftbringer room for two by keys (``bell`` and ``hints`` ticked or
    not, or the form's defaults with None), bob joins, ann starts it: both are to act."""
    await new_room(pilot, "Giftbringer", ["ann", "bob"], options={"rounds": rounds}, bell=bell, hints=hints)
    code = pilot.app.screen.room.code
    bob = Bob(await ServiceClient.connect(sock, "bob"))
    await bob.client.send(p.JoinRoom(code))
    await wait_for_text(pilot, "2 bob")
    await pilot.press("s")
    await wait_for_text(pilot, "you are ann")
    await wait_for(pilot, lambda: bob.table is not None, "bob's table")
    return bob


@asynccontextmanager
async def ann_and_bob(service, rounds: int, **form):
    """ann in the real app on ``service`` and bob, both to act in a Giftbringer room of
    ``rounds`` that ann made and started by keys (``form``: ``two_in_a_room``'s ``bell``,
    ``hints``): yields (the room service, ann's pilot, bob). bob leaves after."""
    svc, sock = service
    async with lobby_app(sock, "ann", SIZE) as pilot:
        bob = await two_in_a_room(pilot, sock, rounds=rounds, **form)
        try:
            yield svc, pilot, bob
        finally:
            bob.task.cancel()
            await bob.client.close()


async def to_the_result(pilot, bob: Bob) -> str:
    """bob plays his round and ann hers by keys, in a one-round game, to its result screen:
    the finished room's code."""
    code = bob.table.code
    await bob.play_while_to_act(pilot)
    await pilot.press("tab", "enter", "d", "d")  # ann's round
    await wait_for_screen(pilot, "ResultScreen")
    return code


async def test_r_on_the_result_offers_the_same_seats_and_starts_a_new_game(service, bells):
    async with ann_and_bob(service, 1) as (svc, pilot, bob):
        code = await to_the_result(pilot, bob)
        await wait_for_text(pilot, "r: play again, same seats · n: no")
        await wait_for_text(pilot, "Rematch? ann: to answer · bob: to answer")
        await bob.client.send(p.Rematch(True))
        await wait_for_text(pilot, "ann: to answer · bob: yes")
        await pilot.press("r")
        await wait_for_screen(pilot, "SharedGameScreen")
        await wait_for(pilot, lambda: pilot.app.screen.session.table.code != code, "the new room")
        new = pilot.app.screen.session.table
        assert new.names == ["bob", "ann"] and new.result is None  # the seats moved on
        assert svc.rooms.get(new.code).record.seed != svc.rooms.get(code).record.seed
        await wait_for_text(pilot, "Round 1 of 1")


async def test_a_rematch_refused_for_opening_rooms_too_fast_says_how_long_and_r_tries_again(service, bells, monkeypatch):
    # The security review's F1: a rematch is a room its creator opens, under the same
    # rate as any other (CREATE_BURST in a row, then one each CREATE_EVERY seconds).
    monkeypatch.setattr(host.service, "CREATE_BURST", 1)  # ann's room took her only one
    # the rate's clock stands still until the test moves it: a game played to its result
    # on a busy machine takes seconds, which refilled the bucket (or shortened the wait said)
    base, later = time.monotonic(), [0.0]
    clock = type("Clock", (), {"monotonic": staticmethod(lambda: base + later[0])})
    monkeypatch.setattr(engine.core.ratelimit, "time", clock)
    async with ann_and_bob(service, 1) as (svc, pilot, bob):
        code = await to_the_result(pilot, bob)
        await bob.client.send(p.Rematch(True))
        await wait_for_text(pilot, "ann: to answer · bob: yes")
        await pilot.press("r")
        await wait_for_text(pilot, f"No rematch yet: ann opened rooms too fast; wait "
                                   f"{host.service.CREATE_EVERY:.0f} seconds, then press r again.")
        assert screen_name(pilot.app) == "ResultScreen" and svc.rooms.get(code).again_room == ""
        await wait_for_text(pilot, "You said yes (r: yes · n: no).")
        later[0] = host.service.CREATE_EVERY  # the wait is over
        await pilot.press("r")
        await wait_for_screen(pilot, "SharedGameScreen")
        await wait_for(pilot, lambda: pilot.app.screen.session.table.code != code, "the new room")
        await wait_for_text(pilot, "Round 1 of 1")


async def test_n_on_the_result_says_no(service, bells):
    async with ann_and_bob(service, 1) as (svc, pilot, bob):
        code = await to_the_result(pilot, bob)
        await pilot.press("n")
        await wait_for_text(pilot, "You said no (r: yes · n: no).")
        await wait_for_text(pilot, "Rematch? ann: no · bob: to answer")
        await bob.client.send(p.Rematch(True))
        await wait_for(pilot, lambda: bob.table is None or bob.table.code == code and svc.rooms.get(code).again_room,
                       "the rematch decided")
        next_room = svc.rooms.get(code).again_room
        await wait_for_text(pilot, f"The others play again in room {next_room}")
        assert [(s.name, s.bot) for s in svc.rooms.get(next_room).record.seats] == [("bob", None), ("", None)]


async def test_the_bell_rings_once_when_the_turn_comes_while_another_screen_shows(service, bells):
    async with ann_and_bob(service, 2) as (svc, pilot, bob):
        await pilot.press("tab", "enter", "d", "d")  # ann's round 1 done: bob's to finish
        await wait_for(pilot, lambda: 0 not in pilot.app.screen.session.table.to_act, "ann done")
        await pilot.press("question_mark")  # the rules: another screen than the table
        await wait_for_screen(pilot, "RulesScreen")
        assert bells == []
        await bob.play_while_to_act(pilot)  # round 2: ann's turn again
        await wait_for(pilot, lambda: bells, "the bell")
        await asyncio.sleep(1.1)  # more looks, more tables: once per turn
        assert bells == [1]


async def test_a_room_made_without_the_bell_never_rings(service, bells, monkeypatch):
    monkeypatch.setattr(tui.support.turn_bell, "IDLE", 0.3)  # ann counts as away at once
    async with ann_and_bob(service, 2, bell=False) as (svc, pilot, bob):
        await pilot.press("tab", "enter", "d", "d")
        await wait_for(pilot, lambda: 0 not in pilot.app.screen.session.table.to_act, "ann done")
        await bob.play_while_to_act(pilot)
        await wait_for(pilot, lambda: 0 in bob.table.to_act, "ann's turn")
        await asyncio.sleep(1.1)
        assert bells == []


@pytest.mark.parametrize("bell", [True, False])
async def test_a_local_game_rings_after_no_key_for_a_while_unless_its_bell_is_off(bells, monkeypatch, bell):
    monkeypatch.setattr(tui.support.turn_bell, "IDLE", 1000.0)  # while the form is filled, however slowly
    async with menu_app(SIZE) as pilot:
        await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 2}, seed=5, bell=bell)
        await wait_for_text(pilot, "Round 1 of 2")
        assert bells == []  # the form's keys came just now: ann is at the table
        monkeypatch.setattr(tui.support.turn_bell, "IDLE", 1.0)
        await asyncio.sleep(1.7)  # then no key for a while
        assert bells == ([1] if bell else [])
        await asyncio.sleep(0.6)
        assert bells == ([1] if bell else [])  # once per turn


async def test_the_lobby_marks_a_room_waiting_for_you(service, bells):
    async with ann_and_bob(service, 1) as (svc, pilot, bob):
        await pilot.press("escape")  # back to the lobby; ann's seat waits, her turn
        await wait_for_screen(pilot, "LobbyScreen")
        await wait_for_text(pilot, "your turn")
        await pilot.press("enter")  # back to the table
        await wait_for_text(pilot, "you are ann")
        await pilot.press("tab", "enter", "d", "d")  # ann done: now bob's turn
        await wait_for(pilot, lambda: 0 not in pilot.app.screen.session.table.to_act, "ann done")
        await pilot.press("escape")
        await wait_for_screen(pilot, "LobbyScreen")
        await wait_for_text(pilot, "playing")
        assert "your turn" not in screen_text(pilot.app)


async def test_a_local_game_plays_again_with_a_on_its_result(bells):
    async with menu_app(SIZE) as pilot:
        await new_game(pilot, "Giftbringer", ["ann", "bot"], options={"rounds": 1}, seed=5)
        await pilot.press("tab", "enter", "d", "d")
        await wait_for_screen(pilot, "ResultScreen")
        old = pilot.app.screen.session
        await pilot.press("a")
        await wait_for(pilot, lambda: screen_name(pilot.app) == "GameScreen"
                       and pilot.app.screen.session is not old, "the new game")
        new = pilot.app.screen.session
        assert new.names == ["bot2", "ann"] and new.result() is None  # the seats moved on
        assert new.options == old.options and new.undo_policy == old.undo_policy
        stack = [type(s).__name__ for s in pilot.app.screen_stack]
        assert stack[-2:] == ["MenuScreen", "GameScreen"] and stack.count("GameScreen") == 1  # the old one gone
        await wait_for_text(pilot, "Round 1 of 1")
