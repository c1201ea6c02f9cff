"""The line helpers the game tables share: ``grid_lines`` (a board drawn cell by cell)
and ``key_hints`` (a panel's row of keys)."""

from __future__ import annotations

from tui.widgets.lines import grid_lines, key_hints


def test_grid_lines_joins_cells_of_the_same_classes_and_drops_the_blanks_at_a_rows_end():
    grid = [list("ab  c  "), list("       "), list("xy")]
    looks = [["p", "p", "", "", "q", "q", "q"], [""] * 7, ["r", "s"]]
    assert grid_lines(grid, looks) == [
        (("ab", "p"), ("  ", ""), ("c", "q")),
        (),
        (("x", "r"), ("y", "s")),
    ]


def test_key_hints_puts_each_key_in_the_key_style_and_the_pairs_apart():
    assert key_hints((("enter", "give"), ("esc", ""))) == (
        ("enter", "panel--info panel--bold"), (" give", ""), (" · ", ""), ("esc", "panel--info panel--bold"), ("", ""))
    assert key_hints([("a", "fits"), ("b", "back")], "  ")[2] == ("  ", "")
    assert key_hints(()) == ()
