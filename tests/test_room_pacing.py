"""Issue 10, findings 3 and 4: one player cannot freeze the host, and room seeds cannot
be guessed.

- Options are bounded (Gift Trap's track: ``MAX_TRACK``); a room refuses more.
- Bots in a room move one at a time, ``bot_pace`` seconds apart, each move journaled and
  pushed on its own; the event loop every connection shares serves the others between.
- A table update carries only the log lines that changed (``SeatUpdate.log_from``) and a
  brief view (Gift Trap: only the last reveal), so no message grows with the game.
- Only the room's creator, seated at the table, hands an *away* seat to a bot.
- A shared room's seed is drawn by the host (64 bits, ``secrets``) and sent to nobody;
  the new-room form has no seed.
"""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest

from engine.core.room import LOG_BLOCKS
from engine.games.gift_trap import options as gift_trap_options
from engine.games.gift_trap.options import MAX_TRACK, Options
import host.service
from host import protocol as p
from host.service import RoomService, new_seed
from test_room_service import Peer, Raw, fast, open_room, short_dir  # noqa: F401 (fixtures)

SHORT = {"track_length": 5}


async def _serve(short_dir, bot_pace):
    svc = RoomService(short_dir / "data", bot_pace=bot_pace)
    sock = short_dir / "s.sock"
    await svc.start(sock)
    svc.test_socket = sock
    return svc


@pytest.fixture
async def paced(short_dir, capfd):
    """A service whose bots move every 0.2 s, as on a host (only a little faster)."""
    svc = await _serve(short_dir, 0.2)
    yield svc
    await svc.close()
    assert "Traceback" not in capfd.readouterr().err


@pytest.fixture
async def inline(short_dir):
    """A service whose bots answer inside the move (one push per move)."""
    svc = await _serve(short_dir, None)
    yield svc
    await svc.close()


# ---------------------------------------------------------------------- options bounded
def test_gift_trap_track_is_bounded():
    # Issue 10, finding 3: "a huge track_length (100000 accepted)" froze a host.
    assert gift_trap_options.MIN_TRACK <= Options().track_length <= MAX_TRACK
    Options(track_length=MAX_TRACK)
    for bad in (MAX_TRACK + 1, 2000, 100_000):
        with pytest.raises(msgspec.ValidationError, match=f"between 3 and {MAX_TRACK}"):
            Options(track_length=bad)


async def test_a_room_with_a_track_out_of_range_is_refused(inline):
    ann = await Peer.connect(inline.test_socket, "ann")
    specs = [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("heuristic")]
    refused = await ann.ask(p.CreateRoom("gift-trap", specs, {"track_length": 100_000}), p.Refused)
    assert f"between 3 and {MAX_TRACK}" in refused.message
    assert inline.rooms.summaries() == []


# ---------------------------------------------------------------------- bots at a pace
async def test_bots_move_one_at_a_time_and_the_host_serves_others_between(paced):
    # Issue 10, finding 3: a room of bots "runs the whole game inside the event loop the
    # SSH server shares … logins timing out". Now each bot move is its own step.
    ann = await Peer.connect(paced.test_socket, "ann")
    specs = [p.SeatSpec(), p.SeatSpec("random"), p.SeatSpec("random")]
    code = (await ann.ask(p.CreateRoom("gift-trap", specs, dict(SHORT)), p.InRoom)).room.code
    table = (await ann.ask(p.StartGame(), p.TableUpdate)).table
    room = paced.rooms.get(code)
    if 0 in table.to_act and table.legal[0].startswith("deal"):  # ann deals: then the bots give
        table = (await ann.ask(p.Play(table.legal[0]), p.TableUpdate)).table
    assert room.bot_to_move()
    # Another player is served while the bots still have moves to make.
    eve = await Peer.connect(paced.test_socket, "eve")
    await eve.client.send(p.ListRooms())
    assert isinstance(await eve.recv(), p.Lobby)
    assert room.bot_to_move()
    # Each bot move reaches ann as a table of its own: one more entry, its log block only.
    steps = 0
    while steps < 4:
        update = (await ann.expect(p.TableUpdate)).table
        assert update.ply == table.ply + 1 and update.log_from == table.ply and len(update.log) == 1
        assert update.log[0][0].startswith(("bot2:", "bot3:"))
        table, steps = update, steps + 1
    assert ann.log == room.session.log_lines(0)[-len(ann.log):]
    await eve.close()
    await ann.close()


async def test_a_restored_room_moves_its_bots_at_the_hosts_pace(short_dir):
    # The host died after ann's deal, before the bots answered: back, they move one by one.
    from engine import Seat
    from engine.core.journal import Journal
    from engine.core.room import Rooms

    journal = Journal(short_dir / "data" / "rooms.sqlite3")
    room = Rooms(journal).create(game="gift-trap", creator="ann", seats=[Seat(""), Seat("", "random"), Seat("", "random")],
                                 options=SHORT, seed=3)
    room.join("ann")
    room.inline_bots = False
    room.start("ann")
    while room.session.state.phase == "deal" and 0 in room.session.to_act_seats():
        room.play("ann", room.session.legal(0)[0])
    assert room.bot_to_move()
    ply = room.session.ply
    journal.close()
    svc = RoomService(short_dir / "data", bot_pace=0.05)
    await svc.start(short_dir / "s.sock")
    try:
        back = svc.rooms.get(room.code)
        assert back.session.ply == ply  # nothing moved while the service was built
        for _ in range(200):
            if not back.bot_to_move():
                break
            await asyncio.sleep(0.05)
        assert not back.bot_to_move() and back.session.ply > ply + 2
    finally:
        await svc.close()


# ---------------------------------------------------------------------- what a table carries
async def test_no_table_grows_with_the_games_length(inline, fast, monkeypatch):
    # Issue 10, finding 3: "the room's table message was 10 MB, above the 8 MiB frame
    # limit" — every update carried the whole log. A long game at the most players:
    monkeypatch.setattr(host.service, "new_seed", lambda: 11)  # the same long game every run
    ann = await Peer.connect(inline.test_socket, "ann")
    specs = [p.SeatSpec()] + [p.SeatSpec("heuristic")] * 7
    code = (await ann.ask(p.CreateRoom("gift-trap", specs, {"track_length": MAX_TRACK}), p.InRoom)).room.code
    table = (await ann.ask(p.StartGame(), p.TableUpdate)).table
    rng = random.Random(2)
    sizes = [len(p.frame(p.TableUpdate(table)))]
    while table.result is None:
        move = "done" if "done" in table.legal else rng.choice(table.legal)
        update = (await ann.ask(p.Play(move), p.TableUpdate)).table
        assert update.log_from == min(table.ply, update.ply) or update.log_from == update.ply - LOG_BLOCKS
        assert len(update.log) == update.ply - update.log_from <= LOG_BLOCKS
        sizes.append(len(p.frame(p.TableUpdate(update))))
        table = update
    room = inline.rooms.get(code)
    assert room.session.ply > 500
    # The pieces add up to the log (its newest part, after a move that let the bots make
    # more than LOG_BLOCKS moves at once).
    whole = room.session.log_lines(0)
    assert len(ann.mirror.blocks) >= LOG_BLOCKS and ann.log == whole[len(whole) - len(ann.log):]
    assert max(sizes) < 32 * 1024, max(sizes)
    # A full picture (a reconnection) is as small: the newest LOG_BLOCKS entries.
    bob = await Peer.connect(inline.test_socket, "bob")
    full = (await bob.ask(p.WatchRoom(code), p.TableUpdate)).table
    assert full.log_from == full.ply - LOG_BLOCKS and len(p.frame(p.TableUpdate(full))) < 32 * 1024
    assert bob.log == room.session.log_lines(None)[-len(bob.log):]
    # The Gift Trap view sent is brief: the last reveal, not every round's.
    assert len(msgspec.json.decode(full.view, type=room.game.view_type).history) == 1
    assert len(room.session.view(None).history) > 4


# ---------------------------------------------------------------------- handing seats to bots
async def test_only_a_seated_creator_hands_away_seats_to_bots(inline):
    # Issue 10, finding 3: "the creator, watching, can hand even their own seat to a bot
    # (ctrl+b checks seated connections, not spectators)".
    code, (ann, bob), _ = await open_room(inline, seats=("p", "p", "heuristic"))
    room = inline.rooms.get(code)
    # Seated, ann cannot hand over her own seat, nor bob's while he is there; bob is no creator.
    assert "sitting there" in (await ann.ask(p.SetBot(0, "heuristic"), p.Refused)).message
    assert "sitting there" in (await ann.ask(p.SetBot(1, "heuristic"), p.Refused)).message
    assert "creator" in (await bob.ask(p.SetBot(0, "heuristic"), p.Refused)).message
    # ann leaves and watches her own game: she is away, and only a spectator now.
    await ann.client.send(p.LeaveRoom())
    await ann.expect(p.Lobby)
    await bob.expect(p.TableUpdate)
    await ann.ask(p.WatchRoom(code), p.TableUpdate)
    await bob.expect(p.TableUpdate)
    refused = await ann.ask(p.SetBot(0, "heuristic"), p.Refused)
    assert refused.message == "Only the room's creator, sitting at the table, can hand a seat to a bot."
    assert room.record.seats[0].bot is None and not room.session.is_bot(0)
    # Back in her seat, with bob away, she may hand his seat to a bot.
    await ann.client.send(p.LeaveRoom())
    await ann.expect(p.Lobby)
    await ann.ask(p.JoinRoom(code), p.TableUpdate)
    await bob.close()
    await ann.expect(p.TableUpdate)
    table = (await ann.ask(p.SetBot(1, "heuristic"), p.TableUpdate)).table
    assert table.bots[1] == "heuristic" and room.session.is_bot(1)


# ---------------------------------------------------------------------- seeds
def test_a_rooms_seed_has_64_secret_bits():
    # Issue 10, finding 4: "a 16-bit seed … a player brute-forced all 65,536 seeds from
    # the first public dice in 1.2 s".
    seeds = {new_seed() for _ in range(64)}
    assert len(seeds) == 64 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**56  # all 64 below 2**56 has a chance of 2**-512


async def test_the_host_draws_the_seed_and_tells_nobody(inline):
    # A client that sends a seed anyway (an older app, or a crafted frame) is not obeyed.
    raw = await Raw.open(inline.test_socket, "ann")
    body = msgspec.json.encode({"type": "create-room", "game": "gift-trap", "seats": [{}, {"bot": "random"}, {"bot": "random"}],
                                "options": SHORT, "seed": 5})
    raw.send_body(body)
    inroom = await raw.recv()
    assert isinstance(inroom, p.InRoom)
    room = inline.rooms.get(inroom.room.code)
    assert room.record.seed != 5
    raw.send(p.frame(p.StartGame()))
    update = await raw.recv()
    assert isinstance(update, p.TableUpdate)
    for message in (inroom, update):
        encoded = msgspec.json.encode(message)
        assert b'"seed"' not in encoded and str(room.record.seed).encode() not in encoded
    await raw.close()
