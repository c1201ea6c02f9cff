"""``tui.widgets.sized_table``: a table's columns are whole from its first frame."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tui.widgets.sized_table import fill_table


class OneTable(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable()


async def test_every_column_is_as_wide_as_its_widest_cell_before_the_table_is_idle() -> None:
    # the lobby once showed "K7QF" for "K7QF-M2XA-9P": a frame drawn before the table's
    # idle measuring kept the header widths in the table's caches
    app = OneTable()
    async with app.run_test(size=(80, 10)):
        table = app.query_one(DataTable)
        fill_table(table, ("code", "seats"), [(Text("K7QF-M2XA-9P"), Text("bob, open")),
                                              (Text("B4CD"), Text("cyd, dan (bot), eve"))],
                   keys=["K7QF-M2XA-9P", "B4CD"])
        widths = [c.get_render_width(table) - 2 * table.cell_padding for c in table.ordered_columns]
        assert widths == [12, 19]
        assert [r.key.value for r in table.ordered_rows] == ["K7QF-M2XA-9P", "B4CD"]
        fill_table(table, ("code", "seats"), [(Text("B4CD"), Text("ann"))])  # shrinks again
        widths = [c.get_render_width(table) - 2 * table.cell_padding for c in table.ordered_columns]
        assert widths == [4, 5]


async def test_a_row_longer_than_the_headers_is_refused_and_the_table_kept() -> None:
    app = OneTable()
    async with app.run_test(size=(80, 10)):
        table = app.query_one(DataTable)
        fill_table(table, ("a",), [(Text("x"),)])
        with pytest.raises(ValueError):
            fill_table(table, ("a",), [(Text("x"), Text("y"))])
        assert table.row_count == 1 and table.get_cell_at((0, 0)) == Text("x")


async def test_the_column_that_gives_way_narrows_to_fit_and_its_cells_end_in_an_ellipsis() -> None:
    app = OneTable()
    async with app.run_test(size=(80, 10)):
        table = app.query_one(DataTable)
        rows = [(Text("K7QF"), Text("ann, bob, cyd, dan"), Text("ann"))]
        fill_table(table, ("code", "seats", "creator"), rows, give_way=1, room=30)
        widths = [c.get_render_width(table) for c in table.ordered_columns]
        assert sum(widths) == 30 and table.get_cell_at((0, 1)) == Text("ann, bob, cy…")
        fill_table(table, ("code", "seats", "creator"), rows, give_way=1, room=60)  # room enough: whole
        assert table.get_cell_at((0, 1)) == Text("ann, bob, cyd, dan")
        fill_table(table, ("code", "seats", "creator"), rows, give_way=1, room=10)  # never below its header
        assert table.ordered_columns[1].get_render_width(table) - 2 * table.cell_padding == len("seats")


async def test_a_table_is_as_tall_as_its_rows_before_it_is_idle() -> None:
    # a result's table (height auto) was first drawn without its rows, the lines under
    # it moving down a moment later: the table worked out its height only when idle
    app = OneTable()
    async with app.run_test(size=(80, 10)):
        table = app.query_one(DataTable)
        fill_table(table, ("", "player", "points"), [(Text("★"), Text("ann"), Text("9")),
                                                     (Text(""), Text("bob"), Text("7"))])
        assert table.virtual_size.height == 3  # the header and both rows, at once
