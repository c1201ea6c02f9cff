"""Gift Trap's table at a player's second hour (issue 22; play-test A): Give more and Get
more say where they lie, the status line and the last reveal read whole at 80×24 and
120×40, a refusal of the ``:`` line is one line, a finished table offers no move, and
the tile under the cursor shows its text (the rules screen's "Every card"). Driven by
keys from the menu with ``tests/tui_driver.py``.

Seed 3 with pat and three bots deals the yellow stack's Whoopee cushion, Keychain
flashlight, Spare charging cable, Phone stand and Paisley bandana in round 1.
"""

from __future__ import annotations

import re

from engine.games.gift_trap.cards import GIFTS

from tui.games.gift_trap.cards import card_texts, stack_card, tile_card
from tui_driver import (
    LARGE, SMALL, flat, footer_keys, menu_app, new_game, play_to_the_result, screen_text,
    wait_for, wait_for_screen, wait_for_text,
)

EXTRAS = dict(game="Gift Trap", seats=["pat", "bot", "bot", "bot"], options={"extra_tiles": True}, seed=3)


def panel_rows(app, selector: str = "#gt-tiles") -> list[str]:
    """The rows inside a panel of the table (the tiles panel unless told), as drawn,
    its border left out."""
    panel = app.screen.query_one(selector)
    rows = screen_text(app).split("\n")[panel.region.y + 1:panel.region.bottom - 1]
    return [row[panel.region.x + 1:panel.region.right - 1].strip() for row in rows]



def status_row(app) -> str:
    """The status line above the table, as drawn."""
    region = app.screen.query_one("#status").region
    return screen_text(app).split("\n")[region.y][region.x:region.right].strip()


async def wait_in_panel(pilot, text: str, selector: str = "#gt-tiles") -> None:
    """Wait until the panel shows ``text`` (wrapped over its rows or not)."""
    await wait_for(pilot, lambda: flat(text) in flat(" ".join(panel_rows(pilot.app, selector))),
                   f"{text!r} in {selector}")


async def test_give_more_says_where_it_lies_and_moving_it_is_said():
    # play-test A, D3: "Give more: m to use" stayed after it was used, m again moved it
    # silently, and at 80×24 the ×2 marker was cut by the ellipsis
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, **EXTRAS)
        await pilot.press("enter")  # pat deals the yellow stack
        await wait_for_text(pilot, "0/3 placed")
        await pilot.press("m", "enter")  # gift 1 to bot2, with Give more
        await wait_in_panel(pilot, "Give more: on bot2's gift (m moves it)")
        bot2 = next(row for row in panel_rows(app) if "bot2" in row)
        assert bot2.endswith("×2") and "…" in bot2, bot2  # the name gives way, the marker stays
        await pilot.press("m")
        await wait_in_panel(pilot, "Give more: moves from bot2's gift to the next tile")
        await pilot.press("enter")  # gift 2 to bot3: Give more moves there
        await wait_for_text(pilot, "Give more moved from bot2's gift to bot3's gift.")
        await wait_in_panel(pilot, "Give more: on bot3's gift (m moves it)")
        rows = panel_rows(app)
        assert not next(row for row in rows if "bot2" in row).endswith("×2")
        assert next(row for row in rows if "bot3" in row).endswith("×2")
        # the log says where it lies now, so the first line no longer reads as the truth
        assert "pat gives gift 2 to bot3; Give more now lies on it" in flat(
            "\n".join(app.screen.session.log_lines("pat")))
        gives = app.screen.session.view("pat").my_gives
        assert [(t.to, t.more) for t in sorted(gives, key=lambda t: t.to)] == [(1, False), (2, True)]


async def test_get_more_says_where_it_lies_too():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, **EXTRAS)
        await pilot.press("enter")
        await wait_for_text(pilot, "0/3 placed")
        await pilot.press("enter", "enter", "enter", "d")
        await wait_for_text(pilot, "rate:")
        await pilot.press("m", "enter")  # Super on gift 1, with Get more
        await wait_in_panel(pilot, "Get more: on Super on gift 1 (m moves it)")
        await pilot.press("m", "enter")  # Good on gift 2, with Get more: it moves
        await wait_for_text(pilot, "Get more moved from Super on gift 1 to Good on gift 2.")
        await wait_in_panel(pilot, "Get more: on Good on gift 2 (m moves it)")
        assert "pat puts Good on gift 2; Get more now lies on it" in flat(
            "\n".join(app.screen.session.log_lines("pat")))


async def test_the_status_line_and_the_last_reveal_read_whole_at_both_sizes():
    # play-test A, D17: at 80 columns the status line lost the phase and "to act"; the
    # reveal's lines were cut even at 120 columns ("pat→bob Fancy instant n… Okay +1")
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, **EXTRAS)
        line = status_row(app)
        assert "deal: a stack · to act: pat" in line and not line.endswith("…"), line
        await pilot.press("enter")
        await wait_for_text(pilot, "0/3 placed")
        assert "give: gifts · to act: pat" in status_row(app)
        await pilot.press("enter", "enter", "enter", "d")
        await wait_for_text(pilot, "rate:")
        await pilot.press("enter", "enter", "enter", "enter", "d")
        await wait_for_text(pilot, "Round 2")
        session = app.screen.session
        last = session.view("pat").history[-1]
        mine = [x for x in last.exchanges if 0 in (x.giver, x.receiver)]
        rows = panel_rows(app, "#gt-tracks")
        reveal = rows[rows.index("Round 1:"):]
        assert len([r for r in reveal if "→" in r]) == len(mine) == 6, rows
        assert not any("…" in row for row in reveal), reveal
        for x in mine:  # "→bot2 no tile -1", "bot4→ Super +3"
            who = f"→{session.names[x.receiver]}" if x.giver == 0 else f"{session.names[x.giver]}→"
            points = x.giver_points if x.giver == 0 else x.receiver_points
            assert any(r.startswith(who) and r.endswith(f"{points:+d}") for r in reveal), (who, reveal)
        await pilot.resize_terminal(*LARGE)
        await wait_for_text(pilot, "Round 1: gave ")
        await wait_for(pilot, lambda: "face down" in status_row(app), "the status line for the new width")
        line = status_row(app)
        assert "give: one gift to each player, face down · to act: pat" in line, line
        text = screen_text(app)
        for x in mine:  # at 120 columns each line has its gift's whole name
            assert GIFTS[last.cards[x.space - 1]].name in text
        rows = panel_rows(app, "#gt-tracks")
        reveal = rows[next(k for k, row in enumerate(rows) if row.startswith("Round 1:")):]
        assert len([r for r in reveal if "→" in r]) == 6 and not any("…" in row for row in reveal), reveal


async def test_a_refusal_of_the_command_line_fits_one_line_at_80_columns():
    # play-test A, D7: ":flibber 99" gave a refusal of two lines at 80 columns
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, **EXTRAS)
        for typed in ("flibber 99", "give 3 to " + "x" * 60, "deal " + "purple" * 20, "z" * 300):
            await pilot.press("colon", *typed, "enter")
            await wait_for(pilot, lambda: app.screen.said, f"a refusal of {typed!r}")
            assert not app.screen.said.endswith("…"), app.screen.said  # one row of the message line
            assert len(app.screen.said) <= 78, app.screen.said
            await pilot.press("escape")
        await pilot.press("colon", *"flibber 99", "enter")
        await wait_for_text(pilot, "Cannot read 'flibber 99'; commands look like: give 3 to bob.")


async def test_enter_is_named_deal_while_dealing_and_a_finished_table_offers_no_move_in_its_footer():
    # play-test A, D15: on a finished table (result → escape) the footer offered ⏎ Place;
    # the footer said "⏎ Place" while the start player chooses a stack: enter deals then
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann", "bot", "bot"], options={"track_length": 3}, seed=5)
        await wait_for_text(pilot, "Choose a stack")
        keys = footer_keys(app)
        assert keys.get("Deal") is True and "Place" not in keys, keys
        await pilot.press("enter")
        await wait_for_text(pilot, "Give each player a gift")
        keys = footer_keys(app)
        assert keys.get("Place") is True and "Deal" not in keys, keys
        await play_to_the_result(pilot)
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        await wait_for_text(pilot, "the game is over")
        keys = footer_keys(app)
        assert not {"Place", "Deal", "More", "Trap", "Done", "Undo", "Redo"} & set(keys), keys
        assert keys.get("Rules") is True


async def test_the_tile_under_the_cursor_shows_its_text_at_both_sizes():
    # issue 22, item 4: the highlighted tile's text, the same as the rules screen lists
    for size in (SMALL, LARGE):
        async with menu_app(size) as pilot:
            app = pilot.app
            await new_game(pilot, **EXTRAS)
            await wait_in_panel(pilot, "{}: {}".format(*stack_card("yellow")))
            await pilot.press("right")
            await wait_in_panel(pilot, "{}: {}".format(*stack_card("red")))
            await pilot.press("left", "enter")
            await wait_in_panel(pilot, "{}: {}".format(*tile_card("give")))
            await pilot.press("m")
            await wait_in_panel(pilot, "{}: {}".format(*tile_card("give_more")))
            await pilot.press("m", "enter", "enter", "enter", "d")
            await wait_for_text(pilot, "rate:")
            await wait_in_panel(pilot, "{}: {}".format(*tile_card("super")))
            await pilot.press("down", "down", "down")
            await wait_in_panel(pilot, "No way: given to you, it costs you both 3.")
            await pilot.press("question_mark")
            await wait_for_screen(pilot, "RulesScreen")
            from tui.screens.rules import rules_page

            source = rules_page("gift-trap")  # the page the screen draws
            for kind, cards in card_texts():
                for name, text in cards:
                    assert f"**{name}**: {text}" in source, f"{name} in the rules"


def test_every_tile_and_stack_has_a_text_that_fits_two_narrow_rows():
    from tui.widgets.lines import wrap

    for kind, cards in card_texts():
        assert cards, kind
        for name, text in cards:
            if kind != "Gift stacks" and name != "no tile":  # the details line: two rows of 24 cells
                assert len(wrap(((f"{name}: {text}", ""),), 24)) <= 2, (name, text)
    assert re.search(r"lose|costs", tile_card("noway")[1])
