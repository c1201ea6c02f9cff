"""Table talk over a real host (``boxtop host --open``): two players, each on an SSH
terminal of its own (its own key and loopback address), talk by keys. ann types ``T``,
a line and enter at the table; bob's screen shows it with her name. bob's markup reaches
ann as the characters he typed. A line said too fast is refused in one sentence. The
lines are in the host's journal, with the ply they were said at."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import msgspec
import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.core.chat import BURST, ChatLine  # noqa: E402
from ssh_helpers import QUICK, HostProcess, Mirror, open_lobbies, seat_room, until  # noqa: E402


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
    mark = bob.mark()
    await say(ann, "good luck, bob")
    await bob.shows(b"\xc2\xbb ann: good luck, bob", since=mark)  # "» ann: …" in bob's log pane
    mark = ann.mark()
    await say(bob, "[b]x[/b] [@click=quit]x")
    await ann.shows(b"\xc2\xbb bob: [b]x[/b] [@click=quit]x", since=mark)
    for i in range(BURST - 1):  # ann has said one line already: four more at once, then one too many
        await say(ann, f"line {i}")
        await ann.shows(f"ann: line {i}".encode())
    mark = ann.mark()
    await say(ann, "one too many")
    await ann.shows(b"You are talking too fast; wait a moment.", since=mark)
    lines = await until(lambda: said(host.data, code) if len(said(host.data, code)) == BURST + 1 else None,
                        "the lines in the journal")
    assert [(c.name, c.text) for c in lines[:2]] == [("ann", "good luck, bob"), ("bob", "[b]x[/b] [@click=quit]x")]
    assert all(c.ply >= 1 for c in lines) and "one too many" not in [c.text for c in lines]
