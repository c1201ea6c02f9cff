"""Every screen fits the terminal (issue 11, defect 5 and three of the smaller ones in 7).

Driven from the menu by keys at 80×24, the smallest terminal boxtop plays in, with each
game at its largest player count, reading what is drawn on the screen: the log, the
info line, the "d when done" hint, every place of Giftbringer's map on one row, and the
footer's Rules and Menu keys whole. A smaller terminal shows one line asking for 80×24
and comes back on a resize. Also: the log pane shows one "(hidden)" line per seat and phase,
the new-game form's checkboxes read on or off without colour, and Giftbringer's map has
a legend and says in plain words what the place under the cursor is.
"""

from __future__ import annotations

import re

from engine.games.giftbringer.sheet import SHEET
from tui.app import BoxtopApp
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui_driver import Player

SMALL = (80, 24)
LARGE = (120, 40)
TOO_SMALL_LINE = "Make the terminal at least 80×24 to play (now {w}×{h})."


def rows(app) -> list[str]:
    """The current screen as drawn, one string per row."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def screen_text(app) -> str:
    return "\n".join(rows(app))


def region_rows(app, widget) -> list[str]:
    """The rows of ``widget``'s region as drawn on the screen."""
    region = widget.region
    return [row[region.x:region.right] for row in rows(app)[region.y:region.bottom]]


async def pick(pilot, steps: int) -> None:
    """Open the focused Select, move ``steps`` down (up when negative) and choose."""
    await pilot.press("enter", *["down" if steps > 0 else "up"] * abs(steps), "enter")
    await pilot.pause()


async def start_from_menu(pilot, app, game: str, players: int, extra_keys: tuple[str, ...] = (),
                          seed: int | None = None) -> None:
    """Menu → new game → ``game`` with ``players`` (one person, the rest bots), the keys
    ``extra_keys`` and the ``seed`` typed in → Start, by keys only."""
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    form = app.screen
    if game != form.game.slug:  # the form opens on the game
        slugs = [g.slug for g in form.games]
        await pick(pilot, slugs.index(game) - slugs.index(form.game.slug))
    await pilot.press("tab")  # on to the player count
    current = int(str(app.focused.value))
    await pick(pilot, players - current)
    for key in extra_keys:
        await pilot.press(key)
    if seed is not None:
        for _ in range(60):
            if getattr(app.focused, "id", None) == "seed":
                break
            await pilot.press("tab")
        await pilot.press("end", *["backspace"] * 8, *str(seed))
    await pilot.press("ctrl+g")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen), app.screen
    assert len(app.screen.session.seats) == players


def footer_row(app) -> str:
    return rows(app)[-1]


def assert_footer_whole(app) -> None:
    """The footer shows ? Rules and esc Menu, and every key it shows with its whole
    description (no word cut at the right edge)."""
    row = footer_row(app)
    assert " ? Rules " in row and " esc Menu " in row, row
    assert row.rstrip().endswith(("Menu", "palette")), row


def assert_inside(app, *widgets) -> None:
    screen = app.screen.region
    for widget in widgets:
        region = widget.region
        assert region.height > 0 and screen.contains_region(region), (widget, region, screen)


# ---------------------------------------------------------------------------- Gift Trap
async def play_gift_trap_phase(pilot, app) -> None:
    """The person's whole phase by keys (deal a stack, or place every tile), without
    committing it."""
    screen = app.screen
    view = screen.session.view(screen.seat)
    if view.phase == "deal":
        await pilot.press("right", "enter")
    elif view.phase == "give":
        await pilot.press(*["enter"] * (view.n - 1))
    elif view.phase == "rate":
        await pilot.press("enter", "enter", "enter", "enter")
    await pilot.pause()


async def test_gift_trap_with_8_players_fits_80x24():
    app = BoxtopApp()
    async with app.run_test(size=SMALL) as textual_pilot:
        pilot = Player(textual_pilot.app)
        # the options' first checkbox is extra tiles: its Give more and Gifttrap lines too
        keys = tuple(["tab"] * 17) + ("space",)
        await start_from_menu(pilot, app, "gift-trap", 8, keys)
        screen = app.screen
        session = screen.session
        assert session.options.extra_tiles
        seen_reveal = False
        for _ in range(12):
            before = session.view(screen.seat).phase
            await play_gift_trap_phase(pilot, app)
            view = session.view(screen.seat)
            if before not in ("give", "rate"):
                continue
            text = screen_text(app)
            assert "d when done" in text, text  # every tile placed
            assert "to act: " in rows(app)[0] and not rows(app)[0].rstrip().endswith("…")  # whole (A-D17)
            # a wrapped log line hangs under its first row: only a move starts at the edge
            for row in region_rows(app, screen.query_one("#log"))[1:-1]:
                inside = row[1:-2].rstrip()
                assert not inside or inside.startswith(" ") or re.match(r"[a-z]+: ", inside), row
            table = screen.table
            log = screen.query_one("#log")
            assert_inside(app, table, log, screen.query_one("#message"))  # the : line shows only in use
            assert log.region.height >= 4
            shown = "\n".join(region_rows(app, log))
            assert session.log_lines(screen.seat)[-1].strip()[:16] in shown  # the log's newest line
            # the info line: the whole text of the gift under the cursor
            gift = view.gifts[table.gift - 1]
            assert f"{gift.name}: {gift.line}" in text
            assert_footer_whole(app)
            if view.round > 1:
                assert f"Round {view.round - 1}:" in text  # the last reveal
                seen_reveal = True
                break
            await pilot.press("d")
            await pilot.pause()
        assert seen_reveal


async def test_gift_trap_cards_show_the_whole_gift_text_at_120x40_with_3_players():
    app = BoxtopApp()
    async with app.run_test(size=LARGE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await start_from_menu(pilot, app, "gift-trap", 3, seed=30)  # "Cinema tickets for two" in round 1
        screen = app.screen
        assert screen.session.seed == 30
        for _ in range(4):
            view = screen.session.view(screen.seat)
            if view.phase == "give":
                break
            await play_gift_trap_phase(pilot, app)
        view = screen.session.view(screen.seat)
        assert view.phase == "give"
        cards = screen.query_one("#gt-cards")
        assert cards.region.height == 7  # one row of cards
        text = re.sub(r"[│┃ ]+", " ", " ".join(region_rows(app, cards)))  # the cards' rows, read across
        assert "…" not in text
        for gift in view.gifts:
            # each gift's whole name and every word of its line is on its card
            assert gift.name in text, (gift.name, text)
            for word in gift.line.split():
                assert word in text, (word, gift.line)
        assert_footer_whole(app)


# ---------------------------------------------------------------------------- Giftbringer
def map_ids() -> list[str]:
    return [p.id for p in SHEET.places] + [s.id for s in SHEET.ships]


async def test_giftbringer_with_6_players_fits_80x24():
    app = BoxtopApp()
    async with app.run_test(size=SMALL) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await start_from_menu(pilot, app, "giftbringer", 6)
        screen = app.screen
        table = screen.table
        mapped = screen.query_one("#gb-map")
        log = screen.query_one("#log")
        info = screen.query_one("#gb-info")
        assert_inside(app, mapped, log, info, screen.query_one("#message"))  # the : line shows only in use
        drawn = "\n".join(region_rows(app, mapped))
        for place in map_ids():  # each place once, whole, on the map
            assert len(re.findall(rf"(?<![A-Z0-9]){place}(?![0-9])", drawn)) == 1, (place, drawn)
        # the details line says in plain words what the place under the cursor is
        place = SHEET.places[0]
        for _ in range(8):  # right of the Vikings, onto the map, to the place at its top left
            if table._target() == place.id:
                break
            await pilot.press("shift+right")
        assert table._target() == place.id
        text = screen_text(app)
        assert f"Road {place.id[1:]} ({place.name}): needs {place.demand[0]}" in text, text
        # the log shows its newest line
        last = screen.session.log_lines(screen.seat)[-1].strip()
        assert last[:20] in "\n".join(region_rows(app, log))
        assert log.region.height >= 4
        assert_footer_whole(app)
        # a house in words: its number, its name, what it needs and gives
        for _ in range(12):  # down the map to the first house below
            if table._target().startswith("H"):
                break
            await pilot.press("down")
        house = SHEET.place(table._target())
        text = " ".join(screen_text(app).split())
        assert f"House {house.id[1:]} ({house.name}): needs" in text and "Present" in text, text
        # the compact map's labels are names only; "?" explains the full ones
        assert "? legend" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        for _ in range(60):
            if "H5:1356P2♥ = house 5: needs 1 3 5 6" in screen_text(app):
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert "H5:1356P2♥ = house 5: needs 1 3 5 6" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_giftbringer_map_has_a_legend_and_full_labels_at_120x40():
    app = BoxtopApp()
    async with app.run_test(size=LARGE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await start_from_menu(pilot, app, "giftbringer", 6)
        text = screen_text(app)
        assert "H5:1356P2♥" in text  # the full labels
        drawn = " ".join(region_rows(app, app.screen.query_one("#gb-map")))
        drawn = re.sub(r"[│ ]+", " ", drawn)
        # the legend explains a label in words
        assert "H5:1356P2♥" in drawn and "needs 1 3 5 6" in drawn and "Presents" in drawn, drawn
        assert_footer_whole(app)
        log = app.screen.query_one("#log")
        assert log.region.height >= 10
        # back to 80×24: the compact map, no label wraps
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        drawn = "\n".join(region_rows(app, app.screen.query_one("#gb-map")))
        for place in map_ids():
            assert len(re.findall(rf"(?<![A-Z0-9]){place}(?![0-9])", drawn)) == 1, (place, drawn)


# ---------------------------------------------------------------------------- too small
def only_line(app) -> str:
    """The screen's only text, its rows joined (a narrow terminal wraps the line)."""
    return " ".join(row.strip() for row in rows(app) if row.strip())


async def test_a_terminal_smaller_than_80x24_asks_for_more_and_recovers():
    app = BoxtopApp()
    async with app.run_test(size=(40, 12)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.pause()
        assert only_line(app) == TOO_SMALL_LINE.format(w=40, h=12)
        await pilot.press("n")  # keys do nothing while the screen cannot be seen
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert "New game" in screen_text(app) and "Make the terminal" not in screen_text(app)
        # in a game: the same, and no key reaches the table meanwhile
        await start_from_menu(pilot, app, "giftbringer", 6)
        session = app.screen.session
        entries = len(session.entries)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert only_line(app) == TOO_SMALL_LINE.format(w=79, h=30)
        await pilot.press("enter", "d", "colon", "d", "o", "n", "e", "enter")
        await pilot.pause()
        assert len(session.entries) == entries
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the terminal" not in text and "dice tray" in text
        assert_footer_whole(app)
        assert " d Done " in footer_row(app)  # the table kept the keyboard
        # wide enough but too short: the same
        await pilot.resize_terminal(100, 20)
        await pilot.pause()
        assert only_line(app) == TOO_SMALL_LINE.format(w=100, h=20)


# ---------------------------------------------------------------------------- smaller ones
async def test_the_log_shows_one_hidden_line_per_seat_and_phase():
    app = BoxtopApp()
    async with app.run_test(size=LARGE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await start_from_menu(pilot, app, "gift-trap", 8)
        screen = app.screen
        if screen.session.view(screen.seat).phase == "deal":
            await pilot.press("right", "enter")
            await pilot.pause()
        assert screen.session.view(screen.seat).phase == "give"
        shown = [row[1:-2].strip() for row in region_rows(app, screen.query_one("#log"))[1:-1]]
        hidden = [row for row in shown if re.match(r"[a-z]+: \(hidden\)", row)]
        names = [row.split(":")[0] for row in hidden]
        # the bots' seven face-down Give tiles each: one line a seat, with their count
        assert len(hidden) >= 3 and len(set(names)) == len(names), shown
        assert all(row.endswith("(hidden) ×7") for row in hidden), shown
        # the engine's log (and a save) keeps a line a move
        lines = screen.session.log_lines(screen.seat)
        assert sum(line == f"{names[-1]}: (hidden)" for line in lines) == 7


async def test_checkboxes_read_on_and_off_without_colour():
    app = BoxtopApp()
    async with app.run_test(size=(120, 50)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        extra = form.query_one("#opt-extra_tiles")
        assert not extra.value  # off by default

        def box() -> str:
            row = next(r for r in rows(app) if "extra tiles" in r)
            return row[: row.index("extra tiles")].strip()

        assert "X" not in box(), box()
        while app.focused is not extra:
            await pilot.press("tab")
        await pilot.press("space")
        await pilot.pause()
        assert extra.value and "X" in box(), box()
        await pilot.press("space")
        await pilot.pause()
        assert not extra.value and "X" not in box(), box()


async def test_the_replay_footer_keeps_its_way_back_at_80x24():
    app = BoxtopApp()
    async with app.run_test(size=SMALL) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("r")  # replay: the load list (the example games at least)
        await pilot.pause()
        await pilot.press("end", "enter")  # the oldest example: a game the app shows
        await pilot.pause()
        from tui.screens.replay import ReplayScreen

        assert isinstance(app.screen, ReplayScreen), app.screen
        row = footer_row(app)
        assert " esc Back " in row and " → Forward " in row, row
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)


async def test_every_option_label_of_the_new_game_form_keeps_to_one_row_at_80x24():
    # Seen in a real terminal: "no way points" and "track length" wrapped, their last
    # word alone on the next row under the field.
    app = BoxtopApp()
    async with app.run_test(size=(80, 24)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.press("n")
        await pilot.pause()
        shown = rows(app)
        for label in ("no way points", "track length"):
            assert any(label in r for r in shown), (label, shown)
        assert not any(r.strip() in ("points", "length") for r in shown), shown


async def test_the_focused_field_of_the_new_game_form_is_in_view_after_tabs_typed_ahead():
    # Tab typed quickly over the Start button and on round to the top once left the
    # focused field out of sight (Textual decides to scroll before the last scroll is
    # drawn); the form looks again once the screen is drawn.
    from textual import events

    from tui_driver import menu_app, wait_for, wait_for_screen

    async with menu_app(size=SMALL) as pilot:
        await pilot.press("n")
        await wait_for_screen(pilot, "NewGameScreen")
        app = pilot.app
        for keys in (["tab"] * 23, ["shift+tab"] * 5, ["tab"] * 9, ["shift+tab"] * 14, ["tab"] * 30):
            for key in keys:  # all at once, as a terminal delivers keys typed ahead
                app.post_message(events.Key(key, "\t" if key == "tab" else None))
            await wait_for(pilot, lambda: app.screen.can_view_entire(app.focused),
                           f"#{app.focused.id} in view after {keys[0]} ×{len(keys)}")
