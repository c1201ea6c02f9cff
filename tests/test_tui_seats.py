"""A seat's person and its bot in the app (``docs/architecture.md``, "Sessions"), by keys
as ``tests/tui_driver.py`` drives it: ann in the real app, the others connections of
their own to the same room service, played by the heuristic bot through the protocol.
A spectator whose seat a bot holds sees it in the lobby as "ann (easy bot)" and takes it
back with ``S``; a spectator at a result follows the players to their rematch (``w``).
"""

from __future__ import annotations

from host import protocol as p
from host.client import ServiceClient

from test_tui_rematch import SIZE, Bob, service  # noqa: F401 (a fixture)
from tui_driver import footer_keys, lobby_app, screen_name, screen_text, wait_for, wait_for_screen, wait_for_text


async def bobs_room(sock, people: list[str]) -> tuple[list[Bob], str]:
    """A one-round Giftbringer room made by bob through the protocol, with ``people``
    (bob first) seated once they join; not started. Returns them and the room code."""
    client = await ServiceClient.connect(sock, "bob")
    await client.send(p.CreateRoom("giftbringer", [p.SeatSpec(), p.SeatSpec()], {"rounds": 1}))
    while not isinstance(made := await client.recv(), p.InRoom):
        pass
    bob = Bob(client)  # reads on from here
    others = [Bob(await ServiceClient.connect(sock, name)) for name in people[1:]]
    for other in others:
        await other.client.send(p.JoinRoom(made.room.code))
    return [bob, *others], made.room.code


async def test_a_spectator_whose_seat_a_bot_holds_sees_it_so_and_takes_it_back_with_S(service):
    svc, sock = service
    (bob,), code = await bobs_room(sock, ["bob"])
    async with lobby_app(sock, "ann", SIZE) as pilot:
        app = pilot.app
        await wait_for_text(pilot, code)
        await pilot.press("enter")  # ann joins bob's room
        await wait_for_text(pilot, "2 ann")
        await bob.client.send(p.StartGame())
        await wait_for_text(pilot, "you are ann")
        await pilot.press("escape")  # to the lobby: ann's seat waits, away
        await wait_for_screen(pilot, "LobbyScreen")
        room = svc.rooms.get(code)
        await wait_for(pilot, lambda: "ann" not in room.connected, "ann away")
        await bob.client.send(p.SetBot(1, "easy"))
        await wait_for_text(pilot, "ann (easy bot)")  # the lobby's seats: a bot holds ann's seat
        await pilot.press("w")  # she watches instead of joining
        await wait_for_text(pilot, "watching ·")
        keys = footer_keys(app)
        assert keys.get("Sit in your seat", keys.get("Sit")) is True, screen_text(app)  # one word when crowded
        await pilot.press("S")
        await wait_for_text(pilot, "you are ann")
        await wait_for_text(pilot, "ann is back in their seat.")
        assert screen_name(app) == "SharedGameScreen" and app.screen.seat == 1
        assert room.holder(1) is None and not room.session.is_bot(1) and room.spectators == {}
    await bob.client.close()


async def test_a_spectator_at_the_result_follows_the_players_to_the_rematch_with_w(service):
    svc, sock = service
    (bob, cyd), code = await bobs_room(sock, ["bob", "cyd"])
    async with lobby_app(sock, "ann", SIZE) as pilot:
        await wait_for(pilot, lambda: len(svc.rooms.get(code).connected) == 2, "cyd seated")
        await bob.client.send(p.StartGame())
        await wait_for_text(pilot, code)
        await pilot.press("w")
        await wait_for_text(pilot, "watching ·")
        for player in (bob, cyd):
            await wait_for(pilot, lambda: player.table is not None, "the start")
            await player.play_while_to_act(pilot)
        await wait_for_screen(pilot, "ResultScreen")
        for player in (bob, cyd):
            await player.client.send(p.Rematch(True))
        await wait_for(pilot, lambda: svc.rooms.get(code).again_room, "the rematch decided")
        again = svc.rooms.get(code).again_room
        await wait_for_text(pilot, f"The others play again in room {again}; w: watch it")
        await pilot.press("w")
        await wait_for_text(pilot, f"room {again}")
        await wait_for_text(pilot, "watching ·")
        assert svc.rooms.get(again).spectators == {"ann": 1}
    for player in (bob, cyd):
        await player.client.close()
