"""Filling a ``DataTable`` whose columns are as wide as their widest cell from the start.

A DataTable measures auto-width columns later, when it is next idle, and keeps the
cells it drew before that in caches whose keys do not hold the column widths; on a busy
machine a table drawn in between stays cut at its headers' widths (a lobby showed
"K7QF" for the room code "K7QF-M2XA-9P"). Filling it here gives every column its width
when it is added, and the table its height, so what is drawn first is already whole.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widgets import DataTable


def fill_table(table: DataTable, labels: Sequence[str], rows: Sequence[Sequence[Text]],
               keys: Sequence[Hashable] | None = None, *, give_way: int | Sequence[tuple[int, int]] | None = None,
               room: int | None = None) -> None:
    """Replace ``table``'s columns and rows: ``labels`` the column headers, ``rows`` one
    sequence of ``Text`` cells per row (``len(labels)`` long; text, never markup), ``keys``
    the rows' keys (default: none). Each column gets the width in terminal cells of its
    widest header or cell. When the columns need more than ``room`` cells (the table's
    width, padding included), column ``give_way`` narrows to fit, down to its header's
    width, and its longer cells end in "…"; ``give_way`` may also be ``(column, least
    width)`` pairs, narrowed in that order, each no narrower than its least width (nor
    its header). Keeps the cursor on the same row number when it still exists.

    Raises ``ValueError`` when a row is longer than ``labels``."""
    if any(len(cells) > len(labels) for cells in rows):
        raise ValueError(f"a row has more cells than the {len(labels)} columns")
    widths = [max([Text(label).cell_len, *(r[column].cell_len for r in rows if column < len(r))])
              for column, label in enumerate(labels)]
    if give_way is not None and room is not None:
        order = [(give_way, 0)] if isinstance(give_way, int) else list(give_way)
        for column, least in order:
            over = sum(widths) + 2 * table.cell_padding * len(widths) - room
            if over <= 0:
                break
            widths[column] = min(widths[column], max(Text(labels[column]).cell_len, least, widths[column] - over))
        cut = {column for column, _ in order}
        rows = [tuple(_cut(cell, widths[column]) if column in cut else cell for column, cell in enumerate(cells))
                for cells in rows]
    row = table.cursor_row
    table.clear(columns=True)
    for column, (label, width) in enumerate(zip(labels, widths)):
        table.add_column(label, width=width, key=str(column))
    for i, cells in enumerate(rows):
        table.add_row(*cells, key=None if keys is None else str(keys[i]))
    # the table's size, which it too works out only when idle: a table of height auto
    # (the result's) was drawn one row high first, the others' rows only later
    table.virtual_size = Size(sum(widths) + 2 * table.cell_padding * len(widths),
                              len(rows) + (table.header_height if table.show_header else 0))
    if row is not None and 0 <= row < len(rows):
        table.move_cursor(row=row)


def _cut(cell: Text, width: int) -> Text:
    """``cell`` in at most ``width`` cells, ending in "…" when it was longer."""
    if cell.cell_len <= width:
        return cell
    cut = cell.copy()
    cut.truncate(width, overflow="ellipsis")
    return cut
