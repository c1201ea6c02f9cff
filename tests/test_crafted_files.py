"""A crafted file gets one line and exit status 2: no traceback, no hang, bounded memory
(the security review's F4).

Every reader of a file a player may be handed (a save: ``verify``, ``replay``,
``replay --print``, ``load``, ``analyse``, the load list; an analysis kept beside it,
``NAME.analysis.json``) opens only a regular file of at most
``engine.core.files.MAX_BYTES`` (following links; a named pipe is never waited on),
refuses JSON nested deeper than msgspec's recursion limit, and names the file when its
text is not UTF-8. A kept analysis that does not fit its save (a grade's seat or move
that is not there) counts as not kept: the game is analysed again and the file replaced.

Each test runs the real command line in a process of its own (under a memory limit, so
that reading ``/dev/zero`` fails fast rather than filling the machine) or the app by keys
from the menu.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec

from engine.core.files import MAX_BYTES
from ssh_helpers import ROOT
from tui_driver import highlight, menu_app, screen_text, wait_for_screen, wait_for_text

SAVES = ROOT / "saves"
#: The address space a command may use (bytes): several times what it needs.
MEMORY = 2 * 1024 ** 3
#: Seconds a command may take: a hang (a named pipe read) fails the test instead.
PATIENCE = 120


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def boxtop(*args: str) -> subprocess.CompletedProcess:
    """``boxtop ARGS`` in a process of its own, within ``MEMORY`` and ``PATIENCE``."""
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], capture_output=True, cwd=ROOT,
                          timeout=PATIENCE, preexec_fn=_limit_memory)


def one_line(done: subprocess.CompletedProcess, *words: str) -> str:
    """Check that ``done`` ended with status 2 and one line on stderr holding ``words``
    (and no traceback); that line."""
    said = done.stderr.decode(errors="replace")
    assert done.returncode == 2, (done.args, done.returncode, said[-800:])
    assert said.count("\n") == 1 and said.startswith("boxtop: ") and "Traceback" not in said, said[-800:]
    for word in words:
        assert word in said, (word, said)
    return said


def refused_everywhere(path: Path, *words: str) -> None:
    """``verify``, ``replay --print``, ``load`` and ``analyse`` of ``path`` each refuse it
    in one line naming ``words``."""
    for command in (["verify"], ["replay", "--print"], ["load"], ["analyse"]):
        one_line(boxtop(command[0], str(path), *command[1:]), *words)


def crafted(folder: Path) -> dict[str, Path]:
    """The review's crafted saves in ``folder``: a deeply nested object, 50,000 nested
    ``[`` in the header, invalid UTF-8 in the header, a link to ``/dev/zero`` and a
    named pipe."""
    src = (SAVES / "gift-trap-vs-bots.json").read_text()
    head, rest = src.split("\n", 1)
    files = {name: folder / f"{name}.json" for name in ("deep", "deephead", "badutf", "zero", "fifo")}
    files["deep"].write_text('{"a":' * 100_000)
    files["deephead"].write_text(head.replace('"options":', '"options":' + "[" * 50_000 + "]" * 50_000 + ',"x":', 1)
                                 + "\n" + rest)
    files["badutf"].write_bytes((head + "\n" + rest).encode().replace(b'"ann"', b'"a\xffn"', 1))
    files["zero"].symlink_to("/dev/zero")
    os.mkfifo(files["fifo"])
    return files


def test_a_deeply_nested_save_is_refused_in_one_line(tmp_path):
    files = crafted(tmp_path)
    refused_everywhere(files["deep"], "deep.json", "nested too deep")
    refused_everywhere(files["deephead"], "deephead.json", "nested too deep")


def test_a_link_to_dev_zero_and_a_named_pipe_are_refused_at_once(tmp_path):
    files = crafted(tmp_path)
    refused_everywhere(files["zero"], "zero.json is a device", "reads only regular files")
    refused_everywhere(files["fifo"], "fifo.json is a named pipe", "reads only regular files")


def test_invalid_utf8_in_the_header_names_the_file(tmp_path):
    refused_everywhere(crafted(tmp_path)["badutf"], "badutf.json is not a boxtop save: its text is not UTF-8")


def test_a_save_over_the_size_cap_is_refused_naming_the_cap(tmp_path):
    # a valid save padded with spaces after its header: it verified before the cap
    head, rest = (SAVES / "giftbringer-solo.json").read_text().split("\n", 1)
    path = tmp_path / "padded.json"
    with open(path, "w") as f:
        f.write(head + "\n")
        f.write(" " * (MAX_BYTES + 1024))
        f.write(rest)
    refused_everywhere(path, "padded.json is 16.0 MB; a save file is at most 16 MB")


def test_a_kept_analysis_that_does_not_fit_its_save_is_made_again(tmp_path):
    save = tmp_path / "good.json"
    shutil.copy(SAVES / "naughty-or-nice-full.json", save)
    kept = json.loads((SAVES / "naughty-or-nice-full.analysis.json").read_text())
    kept["grades"][0].update(seat=99, ply=999_999)  # no such seat, no such move
    beside = tmp_path / "good.analysis.json"
    beside.write_text(json.dumps(kept))
    done = boxtop("analyse", str(save), "--rounds", "2")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr[-800:]
    assert b"ann: " in done.stdout  # the counts of each grade: analysed again
    again = msgspec.json.decode(beside.read_bytes())
    assert {g["seat"] for g in again["grades"]} == {0} and max(g["ply"] for g in again["grades"]) < 135
    # a kept analysis that is a named pipe is never waited on: analysed again, replaced
    beside.unlink()
    os.mkfifo(beside)
    done = boxtop("analyse", str(save), "--rounds", "2")
    assert done.returncode == 0, done.stderr[-800:]
    assert beside.is_file() and not beside.is_fifo()


async def test_the_load_list_lists_crafted_files_and_opening_one_says_why_in_one_line(isolated_user_folders):
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    crafted(saves)
    async with menu_app((100, 30)) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await wait_for_text(pilot, "deephead.json")
        for name, said in (("deep.json", "deep.json is not a boxtop save: its JSON is nested too deep"),
                           ("badutf.json", "badutf.json is not a boxtop save: its text is not UTF-8")):
            await highlight(pilot, name)
            await pilot.press("enter")
            await wait_for_text(pilot, said)
        assert "fifo.json" not in screen_text(app) and "zero.json" not in screen_text(app)  # not regular files
        await pilot.press("p")  # typed by path: refused in one line, never waited on
        for name, said in (("fifo.json", "fifo.json is a named pipe"), ("zero.json", "zero.json is a device")):
            typed = str(saves / name)
            await pilot.press(*typed, "enter")
            await wait_for_text(pilot, said)
            await pilot.press(*["backspace"] * len(typed))
        assert app.screen.__class__.__name__ == "LoadScreen"
