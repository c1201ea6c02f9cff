"""Table talk over a real host (``boxtop host --open``): two players, each on an SSH
terminal of its own (its own key and loopback address), talk by keys. ann types ``T``,
a line and enter at the table; bob's screen shows it with her name. bob's markup reaches
ann as the characters he typed. A line said too fast is refused in one sentence. The
lines are in the host's journal, with the ply they were said at. In the waiting room a
spectator's line reaches only the spectators, and a mute typed on the talk line hides
the muted player's lines from the one who muted them."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import tempfile
from pathlib import Path

import msgspec
import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.core.chat import BURST, ChatLine  # noqa: E402
from ssh_helpers import QUICK, HostProcess, Mirror, create_room, join_room, open_lobbies, seat_room, until  # noqa: E402


@pytest.fixture
def host():
    folder = Path(tempfile.mkdtemp(prefix="bxc", dir="/tmp"))
    host = HostProcess(folder / "d", bot_pace=QUICK).start()
    yield host
    host.stop()
    shutil.rmtree(folder, ignore_errors=True)


def said(data: Path, code: str) -> list[ChatLine]:
    """Room ``code``'s lines in the host's journal, read-only."""
    db = sqlite3.connect(f"file:{data / 'rooms.sqlite3'}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT line FROM chat WHERE code = ? ORDER BY id", (code,)).fetchall()
    finally:
        db.close()
    return [msgspec.json.decode(row[0], type=ChatLine) for row in rows]


async def say(terminal, text: str) -> None:
    """``T``, the line, enter: as a player types it."""
    terminal.keys("T")
    await terminal.shows(b"say: a line to the table", since=terminal.mark() - 2)
    terminal.keys(text + "\r")


async def test_two_players_talk_at_the_table_over_ssh(host):
    mirror = Mirror(host.data)
    code, seats = await seat_room(await open_lobbies(host.port, ["ann", "bob"]), mirror, bots=2)
    ann, bob = seats[0], seats[1]
    await ann.quiet()
    # lines typed one after another as fast as they come back: five are said at once,
    # then one a second; one typed sooner is refused in one sentence and stays on the
    # line (escape drops it)
    mark, typed = ann.mark(), 0
    while b"You are talking too fast" not in ann.text(mark):
        assert typed < 20, f"never refused: {ann.tail()!r}"
        line_mark = ann.mark()
        ann.keys("T")
        await asyncio.sleep(0.03)
        ann.keys(f"line {typed}\r")
        await until(lambda: any(needle in ann.text(line_mark) for needle in (f"ann: line {typed}".encode(), b"too fast")),
                    f"line {typed} said or refused")
        typed += 1
    await ann.shows(b"You are talking too fast; wait a moment.", since=mark)
    ann.keys("\x1b")
    await ann.quiet()
    fast = said(host.data, code)
    assert [c.text for c in fast[:BURST]] == [f"line {i}" for i in range(BURST)]
    assert len(fast) < typed  # the last one was not said
    mark = ann.mark()
    await say(bob, "[b]x[/b] [@click=quit]x")
    await ann.shows(b"\xc2\xbb bob: [b]x[/b] [@click=quit]x", since=mark)  # "» bob: …", as typed
    await asyncio.sleep(1.0)  # a token for ann again
    mark = bob.mark()
    await say(ann, "good luck, bob")
    await bob.shows(b"\xc2\xbb ann: good luck, bob", since=mark)
    lines = await until(lambda: said(host.data, code)[len(fast):] if len(said(host.data, code)) == len(fast) + 2 else None,
                        "the lines in the journal")
    assert [(c.name, c.text) for c in lines] == [("bob", "[b]x[/b] [@click=quit]x"), ("ann", "good luck, bob")]
    assert all(c.ply >= 1 for c in lines)


async def test_in_the_waiting_room_spectators_talk_among_themselves_and_a_mute_holds_over_ssh(host):
    mirror = Mirror(host.data)
    ann, bob, cyd = await open_lobbies(host.port, ["ann", "bob", "cyd"])
    code = await create_room(ann, mirror, 2)
    await join_room(bob, mirror, code)
    await cyd.shows(code.encode())
    await cyd.quiet()
    cyd.keys("w")  # the only room is highlighted: watch it
    await cyd.shows(b"you are watching")
    await cyd.quiet()
    # cyd's line reaches the spectators only: bob reads ann's line said after it, not cyd's
    await say(cyd, "psst, spectators only")
    await cyd.shows(b"\xe2\x80\xba cyd (watching): psst")
    mark = bob.mark()
    await say(ann, "welcome bob")
    await bob.shows(b"\xc2\xbb ann: welcome bob", since=mark)
    await cyd.shows(b"\xc2\xbb ann: welcome bob")
    assert b"psst" not in bob.text() and b"psst" not in ann.text()
    # ann mutes bob on the talk line: bob's next line reaches cyd, not ann
    mark = ann.mark()
    await say(ann, ":mute bob")
    await ann.shows(b"bob's lines are hidden from you.", since=mark)
    await say(bob, "can you hear me")
    await cyd.shows(b"\xc2\xbb bob: can you hear me")
    mark = ann.mark()
    await say(ann, "quiet here")
    await ann.shows(b"\xe2\x80\xba ann: quiet here", since=mark)
    assert b"can you hear me" not in ann.text()
