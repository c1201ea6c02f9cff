"""The lesson's box: one step's text over the table, placed where it hides nothing the
step talks about (``place``), with what the learner does next on its bottom edge."""

from __future__ import annotations

import textwrap
from typing import Iterable

from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static

#: The box's narrowest width (columns, its border included) and its most rows of text.
MIN_WIDTH = 38
MOST_ROWS = 9


def rows_for(text: str, width: int) -> int:
    """How many rows ``text`` takes in a box ``width`` columns wide (border and padding
    of 1 column each side taken off), paragraphs kept."""
    inner = max(10, width - 4)
    return sum(max(1, len(textwrap.wrap(part, inner))) for part in text.split("\n"))


def place(text: str, table: Region, log: Region | None, avoid: Iterable[Region]) -> Region:
    """Where the box showing ``text`` goes on the screen: over the log pane (``log``, the
    part a lesson needs least) grown up and left to fit the text, or only up (a narrow log
    beside a part to avoid, as a compact table has it), else a band along the
    bottom of ``table``, else along its top; the first that overlaps none of ``avoid``
    (the part the step marks, the table's question), else the one overlapping them least.
    All regions in screen cells."""
    avoid = [r for r in avoid if r.area]
    candidates: list[Region] = []
    if log is not None and log.area:
        for width in dict.fromkeys((min(table.width, max(log.width, MIN_WIDTH)), log.width)):
            x = min(log.x, table.right - width)
            height = min(table.height, min(MOST_ROWS, rows_for(text, width)) + 2)
            candidates.append(Region(x, log.bottom - height, width, height))
    height = min(table.height, min(MOST_ROWS, rows_for(text, table.width)) + 2)
    candidates.append(Region(table.x, table.bottom - height, table.width, height))
    candidates.append(Region(table.x, table.y, table.width, height))

    def overlap(region: Region) -> int:
        return sum(region.intersection(r).area for r in avoid)

    return min(candidates, key=lambda r: (overlap(r) > 0, overlap(r)))


class LessonBox(Static):
    """The current step's text (plain text, never markup), ``title`` on its top edge
    ("Lesson 3 of 12") and ``keys`` (what to do next) on its bottom edge."""

    def show_step(self, text: str, title: str, keys: str) -> None:
        self.update(Content(text))
        self.border_title = title
        self.border_subtitle = keys
