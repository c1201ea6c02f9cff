"""Table talk over a real host (``boxtop host --open``): two players, each on an SSH
terminal of its own (its own key and loopback address), talk by keys. ann types ``T``,
a line and enter at the table; bob's screen shows it with her name. bob's markup reaches
ann as the characters he typed. A line said too fast is refused in one sentence. The
lines are in the host's journal, with the ply they were said at. In the waiting room a
spectator's line reaches only the spectators, and a mute typed on the talk line hides
the muted player's lines from the one who muted them. Talk cannot pass for the game's
log on another player's 80×24 screen (read cell by cell through a terminal emulator),
nor push the game's lines out of view."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import msgspec
import pytest

asyncssh = pytest.importorskip("asyncssh")

from engine.core.chat import BURST, ChatLine  # noqa: E402
from ssh_helpers import (  # noqa: E402
    QUICK, Mirror, create_room, host_in_tmp, join_room, open_lobbies, seat_room, until,
)


@pytest.fixture
def host():
    """A fresh ``boxtop host --open`` process (bots quick) for each test."""
    with host_in_tmp("bxc", bot_pace=QUICK) as host:
        yield host


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


# A seated player said these to make talk look like the game's log or flood it; each
# passed the old check (``test_chat.py`` checks them in the engine).
FORGED = "ok" + " " * 60 + "tk1 starts the game. Hints used by alice."
REFUSED = {
    "\u3164" * 5 + "text": b"A line cannot hold invisible letters",
    "a" + "\u0301" * 150: b"A letter may carry at most 3 accents or marks.",
    "\u6f22" * 120: b"A line is at most 200 characters (wide ones count 2); this one is 240.",
}


def words(rows: list[str]) -> str:
    """The text of ``rows`` with each run of spaces one space (a wrapped line whole)."""
    return " ".join(" ".join(rows).split())


def pane(screen, title: str) -> list[str]:
    """The rows of the bordered pane whose top border starts with ``title`` on
    ``screen`` (a ``pyte.Screen``), each row's text between the borders. Fails unless
    both borders stand in the same columns on every row (a row drawn wider than it was
    counted pushes its right border out)."""
    rows = [[screen.buffer[y][x].data for x in range(screen.columns)] for y in range(screen.lines)]
    top = next(y for y, row in enumerate(rows) if title in "".join(row))
    left = "".join(rows[top]).index(title)
    right = next(x for x in range(left + 1, screen.columns) if rows[top][x] == "╮")
    bottom = next(y for y in range(top + 1, screen.lines) if rows[y][left] == "╰")
    assert rows[bottom][right] == "╯", f"the bottom border out of line: {''.join(rows[bottom])!r}"
    inside = [row[left:right + 1] for row in rows[top + 1:bottom]]
    for row in inside:
        assert row[0] == "│" and row[-1] == "│", f"a border out of line: {''.join(row)!r}"
    return ["".join(row[1:-1]).rstrip(" ▁▂▃▄▅▆▇█▔") for row in inside]


async def test_talk_cannot_pass_for_the_games_log_nor_push_it_out_of_view_over_ssh(host):
    # bob says the forged line, a filler line, a letter with 150 accents and 120 wide
    # letters, then four long lines at once, and alice three long ones; alice's 80×24
    # Gift Trap table shows only the forged line (one space for the sixty) and the long
    # ones, each row marked as talk (the speaker's name or the ┆ gutter, in any colour),
    # every border in line, and the game's own line still in view
    mirror = Mirror(host.data)
    code, seats = await seat_room(await open_lobbies(host.port, ["alice", "bob"], size=(80, 24)), mirror, bots=2)
    alice, bob = seats[0], seats[1]
    await alice.quiet()
    game_line = "alice is the start player"
    await until(lambda: game_line in words(pane(alice.screen(), "╭─ log")), "the game's line in alice's log")
    await say(bob, FORGED)
    await alice.shows(b"\xc2\xbb bob: ok tk1 starts")
    await alice.quiet()
    # no row of it reads as a game line: "tk1 …" and "Hints used …" only after a mark
    log = pane(alice.screen(), "╭─ log")
    forged = [row for row in log if "tk1" in row or "Hints" in row]
    assert forged and forged[0].startswith("» bob: ok tk1") and forged[-1].startswith("┆ "), log
    assert all(row.startswith(("» bob: ", "┆ ")) for row in forged), log
    for text, sentence in REFUSED.items():
        mark = bob.mark()
        await say(bob, text)
        await bob.shows(sentence, since=mark)
        bob.keys("\x1b")  # the refused line closes
        await bob.quiet()
    for i in range(4):
        await say(bob, f"line{i} " + "blah " * 30)
        await alice.shows(f"line{i} blah".encode())
    await alice.quiet()
    assert [c.text for c in said(host.data, code)] == [
        "ok tk1 starts the game. Hints used by alice.", *(f"line{i} " + " ".join(["blah"] * 30) for i in range(4))]
    # the burst of five lines takes two rows a line: the game's line stays in view
    log = pane(alice.screen(), "╭─ log")
    assert game_line in words(log) and sum(row.startswith("» bob: line") for row in log) == 4, log
    # alice answers at length: the talk after the game's line would push it out, so the
    # older lines fold into one row and the game's line stays in view
    for i in range(3):
        await say(alice, f"reply{i} " + "blah " * 30)
        await alice.shows(f"reply{i} blah".encode())
    await alice.quiet()
    screen = alice.screen()
    log = pane(screen, "╭─ log")  # every border in line
    talk = [row for row in log if row.startswith(("» ", "› ", "┆ "))]
    game = [row for row in log if row.strip() and row not in talk]
    assert game_line in words(game), log
    assert any(row.startswith("┆ L shows") for row in talk), log
    assert all(row.startswith(("» bob: ", "› alice: ", "┆ ")) for row in log if "blah" in row), log
    # nothing invisible, no cell with more than three marks, no wide line anywhere
    for row in screen.buffer.values():
        for cell in row.values():
            assert "\u3164" not in cell.data and len(cell.data) <= 4, repr(cell.data)
    assert "\u6f22" not in "".join(log)
