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
#: The narrowest log pane the box may take the column of (columns, border included).
NARROWEST = 22


def rows_for(text: str, width: int) -> int:
    """How many rows ``text`` takes in a box ``width`` columns wide (border and padding
    of 1 column each side taken off), paragraphs kept."""
    inner = max(10, width - 4)
    return sum(max(1, len(textwrap.wrap(part, inner))) for part in text.split("\n"))


def place(text: str, table: Region, log: Region | None, avoid: Iterable[Region],
          keep: Iterable[Region] = ()) -> Region:
    """Where the box showing ``text`` goes on the screen: the first of these that hides
    nothing of ``avoid`` (the part the step talks about) and, of those, the one that hides
    least of ``keep`` (the table's question, while the step asks for a move); when each
    hides some of ``avoid``, the one hiding least of it:

    1. over the log pane (``log``, the part a lesson needs least), grown up and left to fit
       the text (wider rather than taller than ``MOST_ROWS``);
    2. over the log pane's column only, as narrow as the pane, grown up as far as the
       text needs (a narrow log beside the table's question);
    3. a band along the bottom of ``table``; 4. a band along its top.

    All regions in screen cells."""
    avoid = [r for r in avoid if r.area]
    keep = [r for r in keep if r.area]
    candidates: list[Region] = []
    if log is not None and log.area:
        width = min(table.width, max(log.width, MIN_WIDTH))
        while rows_for(text, width) > MOST_ROWS and width < table.width:  # wider, not taller
            width = min(table.width, width + 4)
        x = min(log.x, table.right - width)
        height = min(table.height, min(MOST_ROWS, rows_for(text, width)) + 2)
        candidates.append(Region(x, log.bottom - height, width, height))
        if log.width >= NARROWEST:
            height = rows_for(text, log.width) + 2
            if height <= log.bottom - table.y:
                candidates.append(Region(log.x, log.bottom - height, log.width, height))
    height = min(table.height, min(MOST_ROWS, rows_for(text, table.width)) + 2)
    candidates.append(Region(table.x, table.bottom - height, table.width, height))
    candidates.append(Region(table.x, table.y, table.width, height))

    def hidden(region: Region, parts: list[Region]) -> int:
        return sum(region.intersection(r).area for r in parts)

    return min(candidates, key=lambda r: (hidden(r, avoid), hidden(r, keep) > 0, hidden(r, keep)))


class LessonBox(Static):
    """The current step's text (plain text, never markup) and ``title`` on its top edge
    ("Lesson 3 of 12"); its screen puts what to do next on its bottom edge, fitted to
    the width it places the box at."""

    def show_step(self, text: str, title: str) -> None:
        self.update(Content(text))
        self.border_title = title
