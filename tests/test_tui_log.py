"""The log can be read (issue 22, item 6; play-tests A-D2, B-D8) and the ":" line keeps
out of the way (item 9, A-D7): by keys, from the menu.

- ``L`` opens the log full screen, at every size (at 80×24 a table's pane is a few rows
  of 24 columns): ↑↓ PgUp PgDn Home End scroll it, escape goes back to the table;
  PgUp / PgDn at the table scroll the table's pane without leaving the table.
- What happened since the seat's own last move is marked ("─ since your move ─").
- The ``:`` line shows only while it is in use; a refusal it left goes when ``:`` opens
  again.
"""

from __future__ import annotations

from tui_driver import SMALL, menu_app, new_game, region_text, screen_text, shows, wait_for, wait_for_text

MARK = "─ since your move ─"


def log_rows(app) -> list[str]:
    """The rows of the log pane as drawn."""
    return region_text(app, app.screen.query_one("#log").region)


async def gift_trap_to_rating(pilot) -> None:
    """ann and three bots at 80×24: ann deals, gives her three gifts and is done; the
    bots give theirs; the rating begins."""
    await new_game(pilot, "Gift Trap", ["ann", "bot", "bot", "bot"], seed=5)
    await wait_for_text(pilot, "deal:")
    await pilot.press("enter")
    await wait_for_text(pilot, "give:")
    await pilot.press("enter", "enter", "enter", "d")
    await wait_for_text(pilot, "rate:")


async def test_what_happened_since_your_move_is_marked_and_the_log_scrolls_by_keys():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await gift_trap_to_rating(pilot)
        await wait_for(pilot, lambda: any(MARK in row for row in log_rows(app)), "the mark in the log")
        rows = log_rows(app)
        assert any("(hidden)" in row for row in rows[rows.index(next(r for r in rows if MARK in r)):])
        # L: the log has the keys; home shows its first line, the table keeps its state
        await pilot.press("L")
        await wait_for_text(pilot, "The log: ↑↓ PgUp PgDn Home End scroll")
        assert app.focused is app.screen.query_one("#log")
        await pilot.press("home")
        await wait_for(pilot, lambda: any("ann is the start" in row for row in log_rows(app)), "the log's first line")
        await pilot.press("end")
        await wait_for(pilot, lambda: not any("ann is the start" in row for row in log_rows(app)), "the log's end")
        # escape: back to the table (the game is not left), the keys act on it again
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is app.screen.query_one("#table"), "the table's keys")
        assert type(app.screen).__name__ == "GameScreen" and not shows(app, "The log: ")
        # PgUp at the table scrolls the log a page, and the table keeps the keys
        before = log_rows(app)
        await pilot.press("pageup")
        await wait_for(pilot, lambda: log_rows(app) != before, "the log scrolled a page")
        assert app.focused is app.screen.query_one("#table")


async def test_the_command_line_shows_only_in_use_and_a_refusal_goes_when_it_opens_again():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], seed=5)
        await wait_for_text(pilot, "deal:")
        assert not app.screen.query_one("#command").display
        await pilot.press("colon")
        await wait_for(pilot, lambda: app.screen.query_one("#command").region.height == 1, "the : line")
        await pilot.press(*"flibber", "enter")
        await wait_for_text(pilot, "Cannot read 'flibber'")
        await pilot.press("colon")  # ":" again on the refused line: a new line, the refusal gone
        await wait_for(pilot, lambda: not shows(app, "Cannot read 'flibber'"), "the refusal gone")
        assert "flibber" not in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.screen.query_one("#command").display, "the : line closed")


async def test_l_opens_the_log_full_screen_at_80x24():
    # Dice Upon a Time at 80×24: the log was 5 rows of 24 columns and L only focused it;
    # one entry ("cyd plays Cudgel in the Sack: When another player takes tokens, …")
    # took three or four presses of ↓ to read
    from dice_positions import load_game, played_until
    from tui_driver import screen_lines

    s = played_until(lambda st: st.turn == 0 and st.step == "place" and not st.prompts, ["ann", "bob:heuristic"],
                     options={"cards": "beginner", "characters": "none", "trading": "off"})
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        await pilot.press("L")
        await wait_for_text(pilot, "The log: ↑↓ PgUp PgDn Home End scroll")
        region = app.screen.query_one("#log").region
        assert region.width >= 78 and region.height >= 18, region  # the whole screen, not a pane of the table
        assert not shows(app, "Place your")  # the table is under it
        await pilot.press("home")
        long = next(row for row in log_rows(app) if "draws" in row)
        assert "AP)" in long, long  # "ann draws <a quest> (2 AP) and …" on one row
        await pilot.press("escape")
        await wait_for_text(pilot, "Place your")
        assert app.focused is app.screen.query_one("#table") and len(screen_lines(app)) <= 24
