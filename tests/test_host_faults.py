"""The host on a bad day: a second service on a busy data folder, a damaged journal,
rooms that cannot be restored, loose file permissions, frames that are not UTF-8 and a
full disk (issue 10, findings 5, 8 and 9 and the "full disk" fault).

Each fault is met the way ``host/service.py`` promises: one line (to the player, or on
the host's stderr), nothing acknowledged lost, the other rooms and the host going on.
Service tests run the real ``RoomService`` over its Unix socket; the start-up refusals
also run ``python -m tui.cli host`` in a child process.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import stat
import sys
from pathlib import Path

import pytest

import engine
from engine import Seat
from engine.core.journal import Journal, JournalError
from engine.core.log import entry_type
from engine.core.room import Rooms
from host import protocol as p
import host.service
from host.service import MAX_BAD_FRAMES, RoomService
from test_room_service import (  # noqa: F401 (a fixture)
    ROOT, SHORT, TIMEOUT, Peer, Raw, assert_service_works, chooser, open_room, short_dir,
)

GT = engine.get_game("gift-trap")
JOURNAL = "rooms.sqlite3"
#: What a player is told when the journal cannot write (the start of the sentence).
CANNOT_RECORD = "The host cannot record moves right now"


@pytest.fixture
def root(short_dir):
    """A short folder (a Unix socket path must stay under ~100 bytes)."""
    return short_dir


@pytest.fixture
async def service(root, monkeypatch):
    """A running service on ``root/data`` listening on ``root/s.sock``; no task of the
    loop may fail unseen."""
    monkeypatch.setattr(host.service, "RATE", 100_000.0)
    loop = asyncio.get_running_loop()
    errors: list[dict] = []
    loop.set_exception_handler(lambda _loop, ctx: errors.append(ctx))
    svc = RoomService(root / "data")
    svc.test_socket = root / "s.sock"
    await svc.start(svc.test_socket)
    yield svc
    await svc.close()
    loop.set_exception_handler(None)
    assert not errors, errors


def stderr_lines(capfd) -> list[str]:
    err = capfd.readouterr().err
    assert "Traceback" not in err, err
    return [line for line in err.splitlines() if line.strip()]


async def run_cli(*args: str, timeout: float = 30) -> tuple[int, str, str]:
    """``python -m tui.cli ARGS`` to its end: (exit status, stdout, stderr). A child still
    running after ``timeout`` seconds is killed and the test fails."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", *args, cwd=str(ROOT),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        out, err = await proc.communicate()
        pytest.fail(f"boxtop {' '.join(args)} did not stop by itself: {out!r} {err!r}")
    return proc.returncode, out.decode(), err.decode()


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def playing_journal(path: Path, moves: int = 6, rooms: int = 1) -> list[str]:
    """A journal at ``path`` holding ``rooms`` started Gift Trap rooms of three people,
    ``moves`` moves into each; returns their codes."""
    journal = Journal(path)
    all_rooms = Rooms(journal)
    codes = []
    for k in range(rooms):
        room = all_rooms.create(game="gift-trap", creator="ann", seats=[Seat("")] * 3, options=dict(SHORT), seed=k)
        for name in ("ann", "bob", "cyd"):
            room.join(name)
        room.start("ann")
        for _ in range(moves):
            seat = room.session.to_act_seats()[0]
            room.play(room.session.names[seat], chooser(random.Random(seat))(room.session.legal(seat)))
        codes.append(room.code)
    journal.close()
    return codes


# ---------------------------------------------------------------------- 5. one service per folder
async def test_a_second_service_on_a_busy_folder_refuses_and_touches_nothing(service, root):
    data = root / "data"
    code, peers, _ = await open_room(service, seats=("p", "p", "p"), names=("ann", "bob", "cyd"))
    sock_inode = service.test_socket.stat().st_ino
    with pytest.raises(host.service.ServiceError) as err:
        RoomService(data)
    message = str(err.value)
    assert "\n" not in message and str(data) in message and f"process {os.getpid()}" in message
    # The running service kept its socket, its journal and its players.
    assert service.test_socket.stat().st_ino == sock_inode
    assert [r.code for r in service.journal.rooms()] == [code]
    ann = peers[0]
    reply = await ann.ask(p.Play(chooser(random.Random(1))(ann.table.legal)), p.TableUpdate)
    assert reply.table.ply == 2
    await assert_service_works(service.test_socket)


async def test_the_cli_refuses_a_busy_data_folder_naming_the_holder(root):
    data = root / "d"
    first = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "host", "--no-ssh", "--data", str(data), cwd=str(ROOT),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        line = await asyncio.wait_for(first.stdout.readline(), 30)
        assert line.startswith(b"boxtop room service:"), line
        sock = data / "rooms.sock"
        inode = sock.stat().st_ino
        ann = await Peer.connect(sock, "ann")
        for args in (["host", "--no-ssh", "--data", str(data)],
                     ["host", "--open", "--bind", "127.0.0.1", "--port", "0", "--data", str(data)]):
            status, out, err = await run_cli(*args)
            message = one_line(err)
            assert status == 2, (status, out, err)
            assert str(data) in message and f"process {first.pid}" in message, message
            assert sock.stat().st_ino == inode  # the socket was not taken over
        await ann.client.send(p.ListRooms())
        assert isinstance(await ann.recv(), p.Lobby)  # the first service still serves
        await ann.close()
    finally:
        first.terminate() if first.returncode is None else None
        await asyncio.wait_for(first.wait(), TIMEOUT)


def test_starting_a_room_again_never_deletes_its_moves(tmp_path):
    path = tmp_path / JOURNAL
    (code,) = playing_journal(path, moves=4)
    journal = Journal(path)
    try:
        (record,) = journal.rooms()
        kept = journal.entries(code, entry_type(GT))
        assert len(kept) == 5
        setup = engine.new_game("gift-trap", ["a", "b", "c"], options=SHORT).entries[0]
        with pytest.raises(JournalError, match=code):
            journal.start_room(record, setup)
        assert journal.entries(code, entry_type(GT)) == kept
    finally:
        journal.close()


# ---------------------------------------------------------------------- 8. the journal on a bad day
def damage(path: Path, how: str) -> None:
    """Damage a journal at ``path``: a file that is ``not a database``, a playing journal
    ``truncated`` in its middle, or one with a ``junk page`` (its third page overwritten:
    SQLite's ``quick_check`` then reports over two lines, "*** in database main ***" and
    "Page 3: …")."""
    if how == "not a database":
        path.write_bytes(b"boxtop? no: these are not the bytes of a journal\n" * 200)
        return
    playing_journal(path, moves=8, rooms=3)
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
        return
    size = int.from_bytes(data[16:18], "big")  # the page size, from the database's header
    path.write_bytes(data[: 2 * size] + (b"junk page " * size)[:size] + data[3 * size:])


@pytest.mark.parametrize("how", ["not a database", "truncated", "junk page"])
async def test_a_damaged_journal_is_refused_with_one_line_and_kept(root, how):
    data = root / "d"
    data.mkdir()
    journal = data / JOURNAL
    damage(journal, how)
    before = journal.read_bytes()
    with pytest.raises(host.service.ServiceError) as err:
        RoomService(data)
    assert str(journal) in str(err.value) and "\n" not in str(err.value)
    for args in (["host", "--no-ssh", "--data", str(data)],
                 ["host", "--open", "--bind", "127.0.0.1", "--port", "0", "--data", str(data)]):
        status, out, err = await run_cli(*args)
        message = one_line(err)
        assert status == 2, (status, out, err)
        assert str(journal) in message and "damaged" in message, message
        if how == "junk page":  # SQLite's own report, its lines joined
            assert "*** in database main ***; Page 3: " in message, message
        assert journal.read_bytes() == before
        left = sorted(f.name for f in data.iterdir())
        assert left in ([JOURNAL], ["host.lock", JOURNAL]), left  # no -wal/-shm, no socket


async def test_rooms_that_cannot_be_restored_are_skipped_and_reported_one_line_each(root, capfd):
    data = root / "data"
    data.mkdir()
    path = data / JOURNAL
    codes = playing_journal(path, moves=6, rooms=5)
    good, bad_json, bad_shape, bad_fold, bad_later = codes
    j = Journal(path)
    j.db.execute("UPDATE rooms SET record = ? WHERE code = ?", (b'{"code": "' + bad_json.encode() + b'", "ga', bad_json))
    record = json.loads(j.db.execute("SELECT record FROM rooms WHERE code = ?", (bad_shape,)).fetchone()[0])
    record["seats"] = "ann,bob,cyd"
    j.db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record).encode(), bad_shape))

    def edit_entry(code, seq, change):
        entry = json.loads(j.db.execute("SELECT entry FROM entries WHERE code = ? AND seq = ?", (code, seq)).fetchone()[0])
        change(entry)
        j.db.execute("UPDATE entries SET entry = ? WHERE code = ? AND seq = ?", (json.dumps(entry).encode(), code, seq))

    # A tile given by a seat the table does not have: the log does not fold.
    edit_entry(bad_fold, 2, lambda e: e["events"][0].update(seat=9) if e["events"] else None)
    edit_entry(bad_fold, 2, lambda e: e.update(events=[{"type": "tile-given", "seat": 9, "to": 1, "space": 1}]))
    # Gifts nobody printed: the log folds, and every view of it fails (KeyError) later.
    edit_entry(bad_later, 1, lambda e: e["events"][0].update(cards=["nope"] * len(e["events"][0]["cards"])))
    # A waiting room whose options do not decode, and a started room with no entries.
    waiting = Rooms(j).create(game="gift-trap", creator="dan", seats=[Seat("")] * 3)
    record = json.loads(j.db.execute("SELECT record FROM rooms WHERE code = ?", (waiting.code,)).fetchone()[0])
    record["options"] = {"track_length": "very long"}
    j.db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record).encode(), waiting.code))
    empty = Rooms(j).create(game="gift-trap", creator="eve", seats=[Seat("")] * 3)
    record = json.loads(j.db.execute("SELECT record FROM rooms WHERE code = ?", (empty.code,)).fetchone()[0])
    record.update(started=True, seats=[{"name": n} for n in ("eve", "fay", "gus")])
    j.db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record).encode(), empty.code))
    j.close()
    broken = [bad_json, bad_shape, bad_fold, bad_later, waiting.code, empty.code]
    rows_before = sqlite3.connect(path).execute("SELECT count(*) FROM entries").fetchone()
    capfd.readouterr()  # (the set-up's own Rooms reported some of them already)

    loop = asyncio.get_running_loop()
    errors: list = []
    loop.set_exception_handler(lambda _loop, ctx: errors.append(ctx))
    svc = RoomService(data)
    await svc.start(root / "s.sock")
    try:
        lines = stderr_lines(capfd)
        for code in broken:
            assert sum(code in line for line in lines) == 1, (code, lines)
        assert len(lines) == len(broken), lines
        ann = await Peer.connect(root / "s.sock", "ann")
        back = (await ann.expect(p.TableUpdate)).table  # straight back to her seat in the good room
        assert back.code == good and back.seat == 0
        await ann.client.send(p.LeaveRoom())
        assert [r.code for r in (await ann.expect(p.Lobby)).rooms] == [good]
        for code in broken:
            assert "There is no room" in (await ann.ask(p.WatchRoom(code), p.Refused)).message
        table = (await ann.ask(p.JoinRoom(good), p.TableUpdate)).table
        assert table.ply == 7 and table.seat == 0
        if table.legal:
            assert (await ann.ask(p.Play(table.legal[0]), p.TableUpdate)).table.ply == 8
        await ann.close()
    finally:
        await svc.close()
        loop.set_exception_handler(None)
    assert not errors, errors
    assert "Traceback" not in capfd.readouterr().err
    # The broken rooms are still in the journal, for whoever wants to look at them.
    db = sqlite3.connect(path)
    assert {c for (c,) in db.execute("SELECT code FROM rooms")} >= set(broken)
    assert db.execute("SELECT count(*) FROM entries").fetchone()[0] >= rows_before[0]


async def test_the_data_folder_is_private_and_so_is_every_file_in_it(root):
    data = root / "data"
    old = os.umask(0o022)
    try:
        data.mkdir(mode=0o755)
        playing_journal(data / JOURNAL, moves=2)
        os.chmod(data / JOURNAL, 0o644)
        svc = RoomService(data)
        await svc.start(root / "s.sock")
        try:
            await assert_service_works(root / "s.sock")  # writes: the -wal and -shm exist
            assert stat.S_IMODE(data.stat().st_mode) == 0o700
            names = sorted(f.name for f in data.iterdir())
            assert {JOURNAL, JOURNAL + "-wal", JOURNAL + "-shm", "host.lock"} <= set(names), names
            for name in names:
                assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name
        finally:
            await svc.close()
        fresh = root / "fresh"
        svc = RoomService(fresh)
        await svc.start(root / "t.sock")
        try:
            await assert_service_works(root / "t.sock")
            assert stat.S_IMODE(fresh.stat().st_mode) == 0o700
            for f in fresh.iterdir():
                assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
        finally:
            await svc.close()
    finally:
        os.umask(old)


# ---------------------------------------------------------------------- 9. frames that are not UTF-8
@pytest.mark.parametrize("body", [
    b'{"type":"play","text":"\xff\xfe"}',
    b'{"type":"pl\xc3ay"}',
    b'{"type":"join-room","code":"\xed\xa0\x80"}',
    b'{"type":"create-room","game":"gift-trap","seats":[{"bot":"\xe2\x82"}]}',
])
async def test_a_frame_that_is_not_utf8_is_refused_and_counted(service, capfd, body):
    raw = await Raw.open(service.test_socket)
    raw.send_body(body)
    m = await raw.recv()
    assert isinstance(m, p.Refused) and "UTF-8" in m.message, m
    for _ in range(MAX_BAD_FRAMES):
        raw.send_body(body)
    got = await raw.rest()
    assert all(isinstance(m, p.Refused) for m in got[:-1]) and len(got) == MAX_BAD_FRAMES
    assert isinstance(got[-1], p.Bye) and "too many" in got[-1].reason
    await raw.close()
    assert "Traceback" not in capfd.readouterr().err
    await assert_service_works(service.test_socket)


# ---------------------------------------------------------------------- the full disk
def seated_mover(peers):
    return next(q for q in peers if q.table.seat in q.table.to_act and q.table.legal)


async def test_a_full_disk_refuses_moves_with_one_line_and_loses_nothing(service, root, capfd):
    svc = service
    code, peers, _ = await open_room(svc, seats=("p", "p", "p"), names=("ann", "bob", "cyd"))
    other, others, _ = await open_room(svc, seats=("p", "p", "p"), names=("dan", "eve", "fay"))
    rng = random.Random(5)
    choose = chooser(rng)
    db = svc.journal.db
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")  # the disk is full
    refused = None
    for _ in range(200):
        mover = seated_mover(peers)
        text = choose(mover.table.legal)
        before = mover.table
        reply = await mover.ask(p.Play(text), (p.TableUpdate, p.Refused))
        if isinstance(reply, p.Refused):
            refused = (mover, text, before)
            break
        for q in peers:
            if q is not mover:
                await q.expect(p.TableUpdate)
    assert refused is not None, "the journal never filled up"
    mover, text, before = refused
    assert reply.message.startswith(CANNOT_RECORD) and "nothing changed" in reply.message, reply
    for q in peers:
        await q.quiet()  # nobody was told of a move that did not happen
    assert mover.table == before
    for _ in range(3):  # again and again: one line for the player each time
        again = await mover.ask(p.Play(text), p.Refused)
        assert again.message == reply.message
    # The other room goes on as far as the disk lets it: watched, and its moves either
    # made or refused with the same line.
    watcher = await Peer.connect(svc.test_socket, "gus")
    seen = (await watcher.ask(p.WatchRoom(other), p.TableUpdate)).table
    assert seen.ply == others[0].table.ply
    for q in others:
        await q.expect(p.TableUpdate)  # gus came to watch
    dan = seated_mover(others)
    answer = await dan.ask(p.Play(choose(dan.table.legal)), (p.TableUpdate, p.Refused))
    assert isinstance(answer, p.TableUpdate) or answer.message == reply.message, answer
    for q in others + [watcher]:
        if isinstance(answer, p.TableUpdate) and q is not dan:
            await q.expect(p.TableUpdate)
    # The host's log holds one line for it, not a traceback per refused move.
    lines = stderr_lines(capfd)
    assert len(lines) == 1 and "journal" in lines[0], lines
    # Space is back: the same move is accepted and play goes on.
    db.execute("PRAGMA max_page_count = 1073741823")
    await mover.ask(p.Play(text), p.TableUpdate)
    for q in peers:
        if q is not mover:
            await q.expect(p.TableUpdate)
    for _ in range(6):
        if peers[0].table.result is not None:
            break
        m = seated_mover(peers)
        await m.ask(p.Play(choose(m.table.legal)), p.TableUpdate)
        for q in peers:
            if q is not m:
                await q.expect(p.TableUpdate)
    lines = stderr_lines(capfd)
    assert len(lines) == 1 and "again" in lines[0], lines
    acked = {q.name: q.table for q in peers}
    logs = {q.name: q.mirror for q in peers}
    for q in peers + others + [watcher]:
        await q.close()
    # Nothing acknowledged was lost: a restarted service gives every seat the same table.
    await svc.close()
    svc2 = RoomService(root / "data")
    await svc2.start(root / "s2.sock")
    try:
        for name, was in acked.items():
            q = await Peer.connect(root / "s2.sock", name)
            back = (await q.ask(p.JoinRoom(code), p.TableUpdate)).table
            assert (back.ply, bytes(back.view)) == (was.ply, bytes(was.view))
            assert back.log == logs[name].blocks[back.log_from - logs[name].base:]  # the newest entries' lines
            await q.close()
    finally:
        await svc2.close()


async def test_a_journal_that_refuses_every_write_keeps_the_host_up(service, root, capfd):
    # A read-only disk: every write fails, lobby actions and disconnects included.
    svc = service
    code, peers, _ = await open_room(svc, seats=("p", "p", "p"), names=("ann", "bob", "cyd"))
    ivy = await Peer.connect(svc.test_socket, "ivy")
    waiting = (await ivy.ask(p.CreateRoom("gift-trap", [p.SeatSpec()] * 3, dict(SHORT)), p.InRoom)).room.code
    svc.journal.db.execute("PRAGMA query_only = 1")
    mover = seated_mover(peers)
    reply = await mover.ask(p.Play(mover.table.legal[0]), p.Refused)
    assert reply.message.startswith(CANNOT_RECORD), reply
    jon = await Peer.connect(svc.test_socket, "jon")
    reply = await jon.ask(p.CreateRoom("gift-trap", [p.SeatSpec()] * 3, dict(SHORT)), p.Refused)
    assert reply.message.startswith(CANNOT_RECORD), reply
    reply = await jon.ask(p.JoinRoom(waiting), p.Refused)
    assert reply.message.startswith(CANNOT_RECORD), reply
    await ivy.close()  # leaving a waiting room writes too
    await jon.client.send(p.ListRooms())
    await jon.expect(p.Lobby)
    lines = stderr_lines(capfd)
    assert len(lines) == 1 and "journal" in lines[0], lines
    svc.journal.db.execute("PRAGMA query_only = 0")
    await mover.ask(p.Play(mover.table.legal[0]), p.TableUpdate)
    for q in peers + [jon]:
        await q.close()
    assert "again" in stderr_lines(capfd)[0]
