"""Filling a ``DataTable`` whose columns are as wide as their widest cell from the start.

A DataTable measures auto-width columns later, when it is next idle, and keeps the
cells it drew before that in caches whose keys do not hold the column widths; on a busy
machine a table drawn in between stays cut at its headers' widths (a lobby showed
"K7QF" for the room code "K7QF-M2XA-9P"). Filling it here gives every column its width
when it is added, so what is drawn first is already whole.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.widgets import DataTable


def fill_table(table: DataTable, labels: Sequence[str], rows: Sequence[Sequence[Text]],
               keys: Sequence[Hashable] | None = None) -> None:
    """Replace ``table``'s columns and rows: ``labels`` the column headers, ``rows`` one
    sequence of ``Text`` cells per row (``len(labels)`` long; text, never markup), ``keys``
    the rows' keys (default: none). Each column gets the width in terminal cells of its
    widest header or cell. Keeps the cursor on the same row number when it still exists.

    Raises ``ValueError`` when a row is longer than ``labels``."""
    if any(len(cells) > len(labels) for cells in rows):
        raise ValueError(f"a row has more cells than the {len(labels)} columns")
    row = table.cursor_row
    table.clear(columns=True)
    for column, label in enumerate(labels):
        width = max([Text(label).cell_len, *(r[column].cell_len for r in rows if column < len(r))])
        table.add_column(label, width=width, key=str(column))
    for i, cells in enumerate(rows):
        table.add_row(*cells, key=None if keys is None else str(keys[i]))
    if row is not None and 0 <= row < len(rows):
        table.move_cursor(row=row)
