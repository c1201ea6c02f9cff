"""The README works for a newcomer (issue 22, item 10; play-test A-D12): after the
install line the game is in ``.venv``, so every playing command is written as
``.venv/bin/boxtop …`` (or after activating the venv), and each names a command boxtop
has; each game has a short section of its own keys; notes for contributors have a
section of their own, apart from the set-up."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n## {title}")
    end = README.find("\n## ", start + 4)
    return README[start:end if end > 0 else None]


def test_every_playing_command_runs_from_the_venv_and_names_a_boxtop_command():
    from tui.cli import main  # noqa: F401 (the parser the commands go to)

    spans = re.findall(r"`([^`]*\bboxtop\b[^`]*)`", section("Playing"))
    commands = [s for s in spans if s.split()[0].endswith("boxtop")]
    assert commands, "no boxtop command in Playing"
    for text in commands:
        words = shlex.split(text.replace("[", "").replace("]", ""))
        assert words[0] == ".venv/bin/boxtop", text
        if len(words) > 1 and not words[1].startswith("-"):
            run = subprocess.run([sys.executable, "-m", "tui.cli", words[1], "--help"], capture_output=True, text=True,
                                 timeout=60)
            assert run.returncode == 0, (text, run.stderr)


def test_each_game_has_its_own_keys_section_and_contributors_theirs():
    for title in ("Gift Trap", "Giftbringer", "Bottlecap Vikings", "Naughty or Nice", "Dice Upon a Time"):
        assert re.search(rf"\n### {title} \(", README), title
    setup = section("Set-up")
    assert ".ci/run" not in setup and "minutes" not in setup and "conftest" not in setup
    assert ".ci/run" in section("For contributors")
    assert "source .venv/bin/activate" in setup


def test_boxtop_version():
    run = subprocess.run([sys.executable, "-m", "tui.cli", "--version"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and re.fullmatch(r"boxtop \d+\.\d+\.\d+\s*", run.stdout), run.stdout
