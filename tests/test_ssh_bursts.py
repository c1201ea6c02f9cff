"""Keys that arrive together over a laggy SSH link land where a person meant them (issue
33, item 2): each burst is ONE write on a real SSH channel to a real ``boxtop host``,
so the session's app reads it in one go (``tests/burst_kit.py``). A talk line, a ``:``
line, the waiting room's ``:`` line and the lobby's room code, each followed at once by
more keys: every line is said or played once, as typed, and the keys after its enter go
to what is on screen then."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import msgspec
import pytest

asyncssh = pytest.importorskip("asyncssh")

from burst_kit import typed  # noqa: E402
from engine.core.chat import ChatLine  # noqa: E402
from ssh_helpers import (  # noqa: E402
    QUICK, Mirror, create_room, enter_room_code, open_lobbies, host_in_tmp, play_move, seat_room, until,
)


@pytest.fixture(scope="module")
def host():
    """A ``boxtop host --open`` process (bots quick) for the module."""
    with host_in_tmp("bxb", bot_pace=QUICK) as host:
        yield host


def said(data: Path, code: str) -> list[tuple[str, str]]:
    """Room ``code``'s lines in the host's journal, read-only: (name, text)."""
    db = sqlite3.connect(f"file:{data / 'rooms.sqlite3'}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT line FROM chat WHERE code = ? ORDER BY id", (code,)).fetchall()
    except sqlite3.OperationalError:  # no line said yet: no table yet
        rows = []
    finally:
        db.close()
    return [(line.name, line.text) for line in (msgspec.json.decode(r[0], type=ChatLine) for r in rows)]


async def room_at_ann_s_gives(host, names: list[str]) -> tuple[str, dict, Mirror]:
    """A started Gift Trap room of ``names`` and normal bots (four seats), played on by the
    mirror until the first (seat 1) gives."""
    mirror = Mirror(host.data)
    code, seats = await seat_room(await open_lobbies(host.port, names), mirror, bots=4 - len(names))
    rng = random.Random(1)
    for _ in range(10):
        s = mirror.session(code)
        legal = [s.game.notation(c, s.names) for c in s.legal_commands(0)]
        if any(text.startswith("give") for text in legal):
            break
        choice = mirror.choose(code, rng, seats=[0])
        assert choice is not None, "ann has nothing to do"
        others = [t for i, t in seats.items() if i != 0]
        await play_move(seats[0], others, mirror, code, choice[1], seat=0)
    for t in seats.values():
        await t.quiet()
    return code, seats, mirror


async def test_two_talk_lines_in_one_read_are_said_once_each_as_typed(host):
    # T burst1 enter T burst2 enter in one read: today "burst1Tburst2" was said, and the
    # next enter gave a gift nobody chose
    code, seats, mirror = await room_at_ann_s_gives(host, ["ann", "bob"])
    ann = seats[0]
    moves = mirror.moves_by(code, 0)
    ann.keys(typed("T", "burst1", "enter", "T", "burst2", "enter"))
    await until(lambda: len(said(host.data, code)) >= 2, "two lines in the journal")
    await ann.quiet()
    assert said(host.data, code) == [("ann", "burst1"), ("ann", "burst2")]
    assert mirror.moves_by(code, 0) == moves  # no move nobody chose
    # T y1 enter enter: the line once; the second enter is the table's, the talk line's no more
    ann.keys(typed("T", "y1", "enter", "enter"))
    await until(lambda: len(said(host.data, code)) >= 3, "the third line")
    await ann.quiet()
    assert said(host.data, code)[2:] == [("ann", "y1")]


async def test_two_command_lines_in_one_read_play_both(host):
    # ":" "give 1 to jon" enter ":" "give 2 to kim" enter: today the first went through,
    # the line then read "give 1 to jon:" ("There is no player called 'jon:'") and the
    # second was lost
    code, seats, mirror = await room_at_ann_s_gives(host, ["ivy", "jon", "kim"])
    ann = seats[0]
    s = mirror.session(code)
    gives = [s.game.notation(c, s.names) for c in s.legal_commands(0)]
    first = next(t for t in gives if t.startswith("give 1 to "))
    second = next(t for t in gives if t.startswith("give 2 to ") and not t.endswith(first.split()[-1]))
    before = mirror.commands(code)
    mark = ann.mark()
    ann.keys(typed(":", first, "enter", ":", second, "enter"))
    await until(lambda: len(mirror.commands(code)) >= len(before) + 2, "both gives in the journal")
    await ann.quiet()
    assert mirror.commands(code)[len(before):] == [first, second]
    assert b"There is no player" not in ann.text(mark)


async def test_colon_in_the_waiting_room_opens_a_line_and_never_runs_its_letters(host):
    # ":" "unmute bob" enter in the waiting room: the letters were its one-key commands
    # ("b" gave a seat to a bot: "ann is sitting there.")
    mirror = Mirror(host.data)
    ann, bob = await open_lobbies(host.port, ["dan", "eve"])
    code = await create_room(ann, mirror, 2)
    seats_before = [(s.name, s.bot) for s in mirror.record(code).seats]
    mark = ann.mark()
    ann.keys(typed(":", "unmute eve", "enter"))
    await ann.shows(b"You read eve's lines again.", since=mark)
    ann.keys(typed(":", "say hello all", "enter"))
    await until(lambda: said(host.data, code), "the line said")
    await ann.quiet()
    assert said(host.data, code) == [("dan", "hello all")]
    assert [(s.name, s.bot) for s in mirror.record(code).seats] == seats_before  # no seat changed
    assert not mirror.record(code).started  # "s" of "say" started nothing
    assert b"is sitting there" not in ann.text(mark)


async def test_a_room_code_and_a_talk_line_in_one_read(host):
    # "/" CODE enter, then T hi enter at once: joined, and the line said in the room
    mirror = Mirror(host.data)
    fay, gus = await open_lobbies(host.port, ["fay", "gus"])
    code = await create_room(fay, mirror, 2)
    await gus.shows(code.encode())
    await gus.quiet()

    def seated():
        return any(s.name == "gus" for s in mirror.record(code).seats)

    # enter_room_code types "/" and then what it is given and an enter, in one write
    await enter_room_code(gus, code + typed("enter", "T", "hi fay"), seated, "gus seated")
    await until(lambda: said(host.data, code), "gus's line")
    await gus.quiet()
    assert said(host.data, code) == [("gus", "hi fay")]
