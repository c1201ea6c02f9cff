"""Dice Upon a Time over SSH (issue 14, "Around it": "a shared room to the result";
"Hidden information"; issue 15, "a shared room where the spectator never sees an item's
name in a hand"): a spectator watches the full game over SSH to the result; until an
Event's chapter comes its name never reaches the spectator's terminal, nor do the names
of the three Quest cards bob draws at the King (while he chooses, and the two he puts
back for good), nor the name of a Magic Item in anyone's hand.

bob plays through the room service (sent as notation): he heads for the King and draws
there, otherwise a random bot's choices; a random bot takes the other seat; cyd logs in
over SSH and watches. The room's seed is fixed, so the game is the same every run.
"""

from __future__ import annotations

import asyncio
import collections
import random
import tempfile
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.games.dice_upon_a_time import commands as cmd  # noqa: E402
from engine.games.dice_upon_a_time import events as ev  # noqa: E402
from engine.core.bots import RandomBot  # noqa: E402
from engine.games.dice_upon_a_time.cards import load as load_cards  # noqa: E402
from engine.games.dice_upon_a_time.items import load as load_items  # noqa: E402
from engine.games.dice_upon_a_time.common import ROUTES, route_from  # noqa: E402
from host import service as host_service  # noqa: E402
from host import protocol as p  # noqa: E402
from host.ssh import start_host  # noqa: E402

from ssh_helpers import QUICK, play_chosen, started_room  # noqa: E402
from test_ssh_game import session  # noqa: E402

EVENTS = load_cards().events
QUESTS = load_cards().quests
ITEMS = load_items().items


def _distances(goal: str) -> dict[str, int]:
    """Routes from every field to ``goal``, counted on the map."""
    d, todo = {goal: 0}, collections.deque([goal])
    while todo:
        here = todo.popleft()
        for r in ROUTES.values():
            if here in (r.a, r.b) and r.other(here) not in d:
                d[r.other(here)] = d[here] + 1
                todo.append(r.other(here))
    return d


class KingSeeker:
    """bob's choices: place on a route that brings him nearer the King and move along it,
    draw three cards there ("The King": draw three Quest cards, keep one, put the others
    under their decks); else a random bot's choice."""

    DIST = _distances("king")

    def __init__(self, seed: int) -> None:
        self.other = RandomBot(seed)

    def choose(self, v, legal, rng):
        at = v.players[v.me].at

        def nearer(socket: str) -> bool:
            to = route_from(v, v.me, socket)
            return to != "" and self.DIST[to] < self.DIST[at]

        for c in legal:
            if isinstance(c, cmd.Draw) and at == "king" and len(c.decks) == 3:
                return c
        for c in legal:
            if isinstance(c, cmd.Move) and v.placed and nearer(v.placed):
                return c
        for c in legal:
            if isinstance(c, cmd.Place) and nearer(c.socket):
                return c
        return self.other.choose(v, legal, rng)


def _seen(terminal) -> str:
    return " ".join(terminal.text().decode("utf-8", "replace").split())


def _held_unplayed(session) -> set[str]:
    """The names of the Magic Items in the players' hands now that were never played
    (a played item is shown to all, and may come back through the discards)."""
    played = {e.item for entry in session.applied_entries() for e in entry.events if isinstance(e, ev.ItemPlayed)}
    return {ITEMS[i].name for q in session.state.players for i in q.magic if i not in played}


def _no_item_in_a_hand(session, seen: str) -> int:
    """Fails if ``seen`` names a Magic Item in a hand; the number of items checked."""
    held = _held_unplayed(session)
    for name in held:
        assert name not in seen, name
    return len(held)


async def test_a_spectator_over_ssh_watches_to_the_result_and_never_sees_an_event_early(monkeypatch):
    monkeypatch.setattr(host_service, "new_seed", lambda: 3)  # bob reaches the King twice
    data = Path(tempfile.mkdtemp(prefix="bxd", dir="/tmp"))
    host = await start_host("127.0.0.1", 0, data, None, True, bot_pace=QUICK)
    try:
        bob, state, reader = await started_room(host.socket, "bob", "dice-upon-a-time",
                                                [p.SeatSpec(), p.SeatSpec("random")], {"length": "short"})
        cyd = await session(host, "cyd", "asyncssh")
        await cyd.shows(state["room"].code.encode())
        cyd.keys("w")  # the only room is highlighted: watch it
        await cyd.shows(b"the story")
        (room,) = host.service.rooms.rooms.values()
        laid = room.session.state.laid
        brain, rng = KingSeeker(3), random.Random(3)
        chapter_seen = 0
        kings = items_checked = 0
        for _ in range(3000):
            table = state["table"]
            if table is not None and table.result is not None:
                break
            chapter = room.session.state.chapter
            if chapter != chapter_seen:  # what cyd was sent before this chapter's Event came up
                await cyd.settled()
                seen = _seen(cyd)
                for later in laid[chapter:]:
                    assert EVENTS[later].name not in seen, (chapter, EVENTS[later].name)
                items_checked += _no_item_in_a_hand(room.session, seen)
                chapter_seen = chapter
            if table is None or 0 not in table.to_act:
                await asyncio.sleep(0.02)
                continue
            if room.session.state.king:  # bob's King draw waits for his keep
                await cyd.settled()
                seen = _seen(cyd)
                for q in room.session.state.king:
                    assert QUESTS[q].name not in seen, QUESTS[q].name
                items_checked += _no_item_in_a_hand(room.session, seen)
                kings += 1
            await play_chosen(bob, state, table, brain, rng)
        result = state["table"].result
        assert result is not None, "the game did not end"
        await cyd.shows(b" win")  # "bob wins!" or "… share the win"
        assert chapter_seen == 3 and kings >= 1 and items_checked > 0
        # the cards put back at the King and still in the decks were never shown to cyd
        state = room.session.state
        drawn = {q for entry in room.session.applied_entries() for e in entry.events
                 if isinstance(e, ev.KingDrew) for q in e.quests}
        put_back = drawn & {q for deck in state.decks.values() for q in deck}
        assert put_back
        seen = _seen(cyd)
        for q in put_back:
            assert QUESTS[q].name not in seen, QUESTS[q].name
        assert any(QUESTS[q].name in seen for q in drawn - put_back)  # the kept ones are public
        _no_item_in_a_hand(room.session, seen)  # the full game: nobody's Magic Items
        reader.cancel()
        await bob.close()
        cyd.conn.close()
    finally:
        await host.close()
