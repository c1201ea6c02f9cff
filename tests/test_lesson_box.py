"""Where a lesson's box goes (``tui.widgets.lesson_box.place``): over the log pane, grown
to fit its text, unless that hides the part the step talks about; then a band along the
table's bottom, then its top. And ``boxtop learn`` with a game it does not know."""

from __future__ import annotations

from textual.geometry import Region

from tui.cli import main
from tui.widgets.lesson_box import MOST_ROWS, place, rows_for

TABLE = Region(0, 1, 80, 20)
LOG = Region(54, 4, 26, 17)
TEXT = "Give gift 2 to bob: he collects fridge magnets, so it is a Super for him."


def test_the_box_lies_over_the_log_grown_to_fit_its_text():
    box = place(TEXT, TABLE, LOG, [])
    assert box.bottom == LOG.bottom and box.right == TABLE.right
    assert box.width >= 38 and box.height == rows_for(TEXT, box.width) + 2


def test_the_box_leaves_the_marked_part_in_sight():
    tiles = Region(26, 4, 54, 17)  # under the log as well: no band along the bottom fits either
    box = place(TEXT, TABLE, LOG, [tiles])
    assert not box.overlaps(tiles) and box.y == TABLE.y  # the band along the top
    cards = Region(0, 1, 80, 3)
    assert not place(TEXT, TABLE, LOG, [cards]).overlaps(cards)


def test_a_long_text_takes_at_most_its_rows_and_never_leaves_the_table():
    long = " ".join(["word"] * 400)
    box = place(long, TABLE, None, [])
    assert box.height == MOST_ROWS + 2 and TABLE.contains_region(box)


def test_learn_names_a_game_it_does_not_know_in_one_line(capsys):
    assert main(["learn", "chess"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("boxtop: unknown game 'chess'") and "\n" not in err


def test_beside_a_question_the_box_keeps_to_the_log_column():
    # Dice Upon a Time at 80×24: the question under the map, a narrow log under the side panel
    table, log, question = Region(0, 1, 80, 20), Region(56, 15, 24, 6), Region(0, 18, 56, 3)
    box = place(TEXT, table, log, [], [question])
    assert not box.overlaps(question) and box.x == log.x and box.bottom == log.bottom
    side = Region(56, 1, 24, 14)  # but the side panel is what the step talks about: it stays in sight
    box = place(TEXT, table, log, [side], [question])
    assert not box.overlaps(side)
