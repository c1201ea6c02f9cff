"""The README's screenshots render as the terminal shows the app (issue 11, defect 8).

Rich writes the leading space of a text run as a no-break space; SVG renderers such as
librsvg drop it unless the document preserves spaces, so "ann at the keyboard" was drawn
as "annat the keyboard" and rows drifted out of line. ``screenshots/make.py`` makes them.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

SHOTS = sorted((Path(__file__).resolve().parent.parent / "screenshots").glob("*.svg"))


def screen_lines(svg: str) -> list[str]:
    """The text of each terminal line of an exported screenshot, in order."""
    lines: dict[int, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text [^>]*x="([\d.]+)"[^>]*line-(\d+)\)">([^<]*)</text>', svg):
        lines.setdefault(int(m.group(2)), []).append((float(m.group(1)), html.unescape(m.group(3))))
    return ["".join(t for _, t in sorted(runs)).replace("\xa0", " ") for _, runs in sorted(lines.items())]


def test_there_are_screenshots():
    assert len(SHOTS) >= 10


@pytest.mark.parametrize("path", SHOTS, ids=lambda p: p.stem)
def test_every_screenshot_keeps_its_spaces(path):
    svg = path.read_text(encoding="utf-8")
    assert re.search(r'<svg [^>]*xml:space="preserve"', svg), f"{path.name} lets renderers drop spaces"


def test_the_solo_result_screenshot_shows_a_played_game():
    text = "\n".join(screen_lines((SHOTS[0].parent / "giftbringer-result.svg").read_text(encoding="utf-8")))
    total = re.search(r"★\s+ann(?:\s+\d+){6}", text)
    assert total, text
    assert int(total.group(0).split()[-1]) > 0
