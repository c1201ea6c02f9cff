"""What everyone at a shared table sees of the others, at 80×24, by keys (``tests/tui_driver.py``):
who is to act and who is away (the status line gives way to them first, the seat rows
mark an away seat), a bot that thinks, and the room's talk at the table. ann plays in
the real app; bob is a second connection to the same in-process room service.
"""

from __future__ import annotations

import asyncio
import re
from contextlib import asynccontextmanager

import pytest

from host import protocol as p
from host.client import ServiceClient

from tui_driver import SMALL, lobby_app, region_text, screen_lines, screen_text, wait_for, wait_for_screen, wait_for_text


@pytest.fixture
async def service(room_service):
    return await room_service(3)


async def bobs_room(sock, game: str, bots: int, options: dict | None = None, bot: str = "heuristic"):
    """bob opens a room of ``game``: his seat, an open one and ``bots`` bots of kind ``bot``;
    returns his client (he reads nothing: the service drops what he is sent)."""
    bob = await ServiceClient.connect(sock, "bob")
    seats = [p.SeatSpec(), p.SeatSpec(), *[p.SeatSpec(bot)] * bots]
    await bob.send(p.CreateRoom(game, seats, options or {}))
    return bob


def status_line(app) -> str:
    """The status line above the table, as drawn."""
    return region_text(app, app.screen.query_one("#status").region)[0]


@asynccontextmanager
async def at_bobs_table(service, game: str = "gift-trap", bots: int = 1, start: bool = True, **room):
    """bob's room (``bobs_room``, with ``room``'s options and bot), ann in it by keys at
    80×24 (``join_first_room``); with ``start``, bob starts the game and ann's shared table
    shows. Yields (ann's pilot, bob's client, the room's code); bob leaves at the end."""
    svc, sock = service
    bob = await bobs_room(sock, game, bots, **room)
    async with lobby_app(sock, "ann", SMALL) as pilot:
        code = await join_first_room(pilot, svc)
        if start:
            await bob.send(p.StartGame())
            await wait_for_screen(pilot, "SharedGameScreen")
        yield pilot, bob, code
    await bob.close()


async def join_first_room(pilot, svc) -> str:
    """ann joins the lobby's only room by keys; returns its code."""
    await wait_for(pilot, lambda: svc.rooms.summaries(), "bob's room")
    code = svc.rooms.summaries()[0].code
    await wait_for_text(pilot, code)
    await pilot.press("enter")
    await wait_for_screen(pilot, "WaitingRoomScreen")
    return code


@pytest.mark.parametrize("game, bots", [
    ("gift-trap", 6), ("naughty-or-nice", 3), ("bottlecap-vikings", 2), ("dice-upon-a-time", 3)])
async def test_at_80x24_the_status_line_keeps_who_acts_and_who_is_away_and_the_seat_rows_mark_away(service, game, bots):
    # At the largest table of each game with seats to list (eight seats of Gift Trap,
    # five of Naughty or Nice …), bob
    # drops: ann's status line still reads "to act: …" whole and "away: bob" (the room
    # code and the undo policy give way), and bob's seat row says he is away.
    svc, _ = service
    async with at_bobs_table(service, game, bots) as (pilot, bob, code):
        app = pilot.app
        await wait_for(pilot, lambda: "to act:" in status_line(app), "the table")
        await bob.close()
        await wait_for(pilot, lambda: "away: bob" in status_line(app), "bob away on the status line")
        line = status_line(app)
        room = svc.rooms.get(code)
        names = [room.session.names[i] for i in room.session.to_act_seats()]
        acting = "everyone" if len(names) == len(room.session.names) else ", ".join(names)
        assert f"to act: {acting} · away: bob" in line, line
        assert "…" not in line and len(line.strip()) <= 78
        rows = screen_lines(app)[1:]  # under the status line
        marked = any("bob · away" in row for row in rows) or any(  # on his row, or under his name
            rows[k + 1][max(0, m.start() - 2):m.start() + 6].strip(" │") == "away"
            for k, row in enumerate(rows[:-1]) for m in re.finditer(r"\bbob\b", row))
        assert marked, screen_text(app)


async def test_a_remote_player_reads_that_the_rooms_search_bot_is_thinking(service, monkeypatch):
    # A search bot thinks in a worker on the host (here one that thinks 1.5 s a move):
    # ann's message line says "bot3 is thinking…" as a local game's does, and the
    # line goes once the bot has moved.
    import engine
    from engine.core.search import SearchBot
    from ismcts import Search

    game = engine.get_game("bottlecap-vikings")
    monkeypatch.setitem(game.bots, "slow", lambda seed: SearchBot(game, seed, method=Search, iterations=10**9, seconds=1.5))
    svc, _ = service
    async with at_bobs_table(service, "bottlecap-vikings", 1, bot="slow") as (pilot, bob, code):
        app = pilot.app
        room = svc.rooms.get(code)
        for _ in range(6):  # the people place their ships until the bot is to act
            acting = room.session.to_act_seats()
            if acting == [2]:
                break
            if acting == [0]:
                await bob.send(p.Play(room.session.legal(0)[0]))
            else:
                await wait_for(pilot, lambda: "to act: ann" in status_line(app), "ann's turn")
                await pilot.press("colon", *room.session.legal(1)[0], "enter")
            await wait_for(pilot, lambda: room.session.to_act_seats() != acting, "the move")
        assert room.session.to_act_seats() == [2]
        moves = sum(1 for e in room.session.entries if e.seat == 2)
        await wait_for_text(pilot, "bot3 is thinking…")
        await wait_for(pilot, lambda: sum(1 for e in room.session.entries if e.seat == 2) > moves, "bot3's move")
        await wait_for(pilot, lambda: "thinking" not in screen_text(app), "the line without bot3 thinking")


async def test_the_lobby_at_80_columns_says_how_many_seats_are_taken_and_cuts_no_column_that_matters(service):
    # Rooms of the longest game names, one opened by a long name, with seats open and
    # hints on: every row shows its code, its game, "taken/seats", its state and its
    # creator whole, and the header fits the screen.
    svc, sock = service
    clients = []
    for name, game, bots in (("bartholomew", "bottlecap-vikings", 1), ("cyd", "naughty-or-nice", 0),
                             ("dan", "dice-upon-a-time", 2)):
        client = await ServiceClient.connect(sock, name)
        seats = [p.SeatSpec(), p.SeatSpec(), p.SeatSpec(), *[p.SeatSpec("heuristic")] * bots]
        await client.send(p.CreateRoom(game, seats, {}, hints=True))
        clients.append(client)
    async with lobby_app(sock, "ann", SMALL) as pilot:
        app = pilot.app
        await wait_for(pilot, lambda: len(svc.rooms.summaries()) == 3, "the three rooms")
        rooms = svc.rooms.summaries()
        await wait_for(pilot, lambda: all(r.code in screen_text(app) for r in rooms), "the rooms in the lobby")
        lines = screen_lines(app)
        header = next(line for line in lines if "code" in line and "game" in line)
        assert "seats" in header and "state" in header and "creator" in header and "…" not in header, header
        for r in rooms:
            row = next(line for line in lines if r.code in line)
            taken = sum(1 for s in r.seats if s.bot is not None or s.name)
            assert re.search(rf"{re.escape(r.title)}\s+{taken}/{len(r.seats)}\s+waiting\b", row), row
            assert re.search(rf"\b{r.creator}\b", row), row
    for client in clients:
        await client.close()


async def test_escape_on_a_refused_command_line_takes_its_sentence_away(service):
    # A ':' command the room refuses comes back to the line with the room's sentence;
    # escape gives the line up, and the sentence goes with it (it stayed under the
    # table, still there when the ctrl+b dialog opened).
    async with at_bobs_table(service) as (pilot, bob, _):
        app = pilot.app
        await wait_for(pilot, lambda: "to act:" in status_line(app), "the table")

        def message() -> str:
            return " ".join(region_text(app, app.screen.query_one("#message").region)).strip()

        await pilot.press("colon", *"give 1 to bob:", "enter")
        await wait_for(pilot, lambda: message(), "the room's refusal")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is app.screen.table, "the table's keys")
        assert message() == ""


async def test_the_talk_line_counts_its_characters_near_200_and_says_when_it_is_too_long(service):
    async with at_bobs_table(service, start=False) as (pilot, bob, _):
        app = pilot.app
        await pilot.press("T", *"x" * 187)  # the waiting room's line counts too
        await wait_for_text(pilot, "187/200")
        await pilot.press("escape")
        await wait_for(pilot, lambda: "187/200" not in screen_text(app), "the count gone with its line")
        await bob.send(p.StartGame())
        await wait_for_screen(pilot, "SharedGameScreen")
        await pilot.press("T", *"x" * 150)
        assert "/200" not in screen_text(app)  # far from the limit: no count
        await pilot.press(*"x" * 37)
        await wait_for_text(pilot, "187/200")
        await pilot.press(*"x" * 18)
        await wait_for_text(pilot, "205/200: a line is at most 200 characters (wide ones count 2).")
        await pilot.press(*["backspace"] * 50)
        await wait_for(pilot, lambda: "/200" not in screen_text(app), "the count gone")


async def test_the_rooms_talk_shows_under_the_seats_and_whole_on_T_at_80x24(service):
    # Gift Trap's Give · Get panel has rows to spare under the seats: the newest talk
    # shows there, wrapped, besides the log. T opens the line to answer, and over the
    # table's lower rows the newest lines whole; escape closes both.
    async with at_bobs_table(service) as (pilot, bob, _):
        app = pilot.app
        said = "the yellow stack is cheap but " + " ".join(f"word{i}" for i in range(25)) + " end"
        await bob.send(p.Say(said))

        def panel(widget: str) -> str:
            return "".join("".join(region_text(app, app.screen.query_one(widget).region)).split()).replace("│", "")

        line = "".join(f"» bob: {said}".split())
        await wait_for(pilot, lambda: line in panel("#gt-tracks").replace("┆", ""), "bob's line under the seats")
        # its wrapped rows hang from a gutter, not from spaces as the game's log lines do
        assert panel("#gt-tracks").count("┆") >= 2
        assert panel("#gt-tracks").index("bot3") < panel("#gt-tracks").index("»bob:")  # under the seats
        await pilot.press("T")
        await wait_for(pilot, lambda: line in panel("#table-talk").replace("┆", ""), "bob's line in the talk box")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.screen.query_one("#table-talk").display, "the box closed")
