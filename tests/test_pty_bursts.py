"""Keys in one terminal read, on a real pseudo-terminal (issue 33, items 1 and 2): boxtop
runs as ``boxtop play …`` does on a player's machine, Textual's own driver reads the
keys, and every burst is one ``write`` (``tests/burst_kit.py``). What counts is what
the player sees and what the save then holds."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from engine.core.save_read import load
from tui.screens.handover import SLIP


def saved_path(output: bytes) -> Path:
    """The save named by "Your game is saved in PATH." in what boxtop printed."""
    found = re.search(rb"Your game is saved in (\S+?)\.\s", output.replace(b"\r\n", b"") + b" ")
    assert found, f"boxtop never said where the game is: {output[-600:]!r}"
    return Path(found.group(1).decode())


def people_commands(path: Path) -> list[str]:
    session = load(str(path))
    return [session.game.notation(e.command, session.names) for e in session.entries
            if e.command is not None and e.seat is not None and not session.is_bot(e.seat)]


async def test_a_double_enter_on_a_hand_over_keeps_the_game(boxtop_pty):
    # the play-test's keys, on a real terminal: enter, c enter, then enter enter at once
    term = await boxtop_pty("play", "naughty-or-nice", "--seats", "ann,bob", "--option", "level=1", "--seed", "1")
    await term.shows(b"ann: press enter")
    term.burst("enter")
    await term.shows(b"ann at the keyboard")
    await asyncio.sleep(SLIP)  # keys of the hand-over's own moment are dropped (a double enter)
    term.burst("c", "enter")
    await term.shows(b"e passes the keyboard")  # her turn is over: she sees what she drew
    mark = term.mark()
    term.burst("e")
    await term.shows(b"bob: press enter", since=mark)
    mark = term.mark()
    term.burst("enter", "enter")
    await term.shows(b"bob at the keyboard", since=mark)
    await term.quiet()
    term.burst("ctrl+q")
    assert await term.exited() == 0
    path = saved_path(term.text())
    commands = people_commands(path)
    assert len(commands) == 1 and commands[0].startswith("craft"), commands  # ann's; nothing of bob's


async def test_two_command_lines_in_one_read_play_both_moves(boxtop_pty):
    # ":" "give 1 to bot2" enter ":" "give 2 to bot3" enter, one read: today the second
    # line merged into the first ("give 1 to bot2:") and was lost
    term = await boxtop_pty("play", "gift-trap", "--seats", "ann,bot,bot", "--seed", "1")
    await term.shows(b"ann at the keyboard")
    term.burst("enter")  # ann deals
    await term.shows(b"give:")
    await term.quiet()
    term.burst(":", "give 1 to bot2", "enter", ":", "give 2 to bot3", "enter")
    await term.shows(b"2/2 placed")
    await term.quiet()
    assert b"There is no player" not in term.text()
    term.burst("ctrl+q")
    assert await term.exited() == 0
    commands = people_commands(saved_path(term.text()))
    assert commands[-2:] == ["give 1 to bot2", "give 2 to bot3"], commands


async def test_a_double_enter_in_a_lesson_goes_on_one_step_and_plays_nothing(boxtop_pty):
    # ``boxtop learn``: two enters in one read on the first step to read; the second would
    # skip the next step unread, or play the table's move under it
    from engine.core import lesson as lessons

    steps = lessons.load("gift-trap").steps
    k = next(i for i, s in enumerate(steps, 1) if s.do == "read" and steps[i].do != "read")
    term = await boxtop_pty("learn", "gift-trap")
    await term.shows(b"Lesson 1 of")
    for number in range(1, k):  # the steps before it, read one by one
        await asyncio.sleep(SLIP)
        mark = term.mark()
        term.burst("enter")
        await term.shows(f"Lesson {number + 1} of".encode(), since=mark)
    await asyncio.sleep(SLIP)
    mark = term.mark()
    term.burst("enter", "enter")
    await term.shows(f"Lesson {k + 1} of".encode(), since=mark)
    await term.quiet()
    assert f"Lesson {k + 2} of".encode() not in term.text(since=mark)
    term.burst("ctrl+q")
    assert await term.exited() == 0
    if b"saved in" in term.text():  # nothing played: nothing of the learner's in the save
        assert people_commands(saved_path(term.text())) == []
