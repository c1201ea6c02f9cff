"""Bottlecap Vikings' table as a player reads it in the second hour (issue 22, play-test
A): the other players' lines keep their columns, the city cards fold whole spots right
after a resize, the 80×24 card names every spot and the question names the chosen
tile, spot, side or ability with its whole text (the same text the rules screen lists
under Every card, with every short form), enter never ends a turn, ship labels are
letters of the names, the ``:`` line's refusals fit one line and say the range the
player has, every choice is on screen (two digits for a choice past 9), and a finished
table offers no play keys. Driven by keys from the menu (``tests/tui_driver.py``);
a game made by the engine is saved first and loaded by keys (``bottlecap_play.QUESTIONS``).
"""

from __future__ import annotations

import re

import engine
import engine.core.save_write
from bottlecap_play import GAME, QUESTIONS, ask_lines, game_session, play_turn
from engine.games.bottlecap_vikings.data import ABILITIES, CITIES, face_action
from engine.games.bottlecap_vikings.texts import short_pieces
from snapshot_kit import load_first_save, typed
from tui_driver import (
    open_replay,
    LARGE, SMALL, flat, footer_keys, menu_app, new_game, read_all_pages, screen_lines, screen_name, screen_text, settle,
    shows, squeeze, take_keyboard, wait_for, wait_for_screen, wait_for_text,
)


def save_question(name: str, folder) -> engine.LocalSession:
    """The game of ``QUESTIONS[name]``, played by the engine and saved in ``folder``
    (the player's save folder) to be loaded by keys; returns its session."""
    seats, seed, options, script = QUESTIONS[name]
    session = typed("bottlecap-vikings", seats, script, seed, options)
    folder.mkdir(parents=True, exist_ok=True)
    engine.core.save_write.save(session, folder / f"{name}.json")
    return session


def right_column(app) -> list[str]:
    """The rows of the screen right of the ring (the city card, the others' lines, the log)."""
    left = 47 if app.size[0] < 110 or app.size[1] < 30 else 58
    return [row[left:] for row in screen_lines(app)]


def asked(app) -> str:
    """The question panel under the ring as one line (its rows joined)."""
    return flat(" ".join(ask_lines(app)))


def details_box(app) -> str:
    """The ``i`` box's title and text as one line ("" while it is closed)."""
    rows = right_column(app) if app.size[0] < 110 or app.size[1] < 30 else [row[:58] for row in screen_lines(app)]
    box = [row for row in rows if "esc closes" in row]
    if not box:
        return ""
    start = rows.index(box[0])
    end = next(i for i in range(start + 1, len(rows)) if rows[i].lstrip().startswith("╰"))
    return flat(" ".join(row.strip(" │╭╮─") for row in rows[start:end]))


def message_rows(app, text: str) -> list[str]:
    """The screen rows holding part of ``text`` (a message under the table)."""
    return [row for row in screen_lines(app) if text[:20] in row]


# ------------------------------------------------------------------ A-D4
async def test_another_players_line_keeps_its_columns_with_three_damage(isolated_user_folders):
    # the line lost its "hut" label at 3 damage ("B3 bot3 1w 9g 3* RRRGG 1b @6")
    save_question("damage", isolated_user_folders / "saves")
    async with menu_app(SMALL) as pilot:
        await load_first_save(pilot)
        await wait_for_text(pilot, "Move your ship")
        session = game_session(pilot.app)
        damaged = [i for i, p in enumerate(session.state.players) if p.damage >= 3]
        assert damaged
        for seat, p in enumerate(session.state.players):
            if seat == 0:
                continue
            line = fr"\b{session.names[seat]}\s+{p.wood}w {p.gold}g {p.glory}\* {p.damage}d hut {p.hut} @{p.ship + 1}\b"
            # the question can be drawn a frame before the players' lines catch up
            await wait_for(pilot, lambda: any(re.search(line, row) for row in right_column(pilot.app)), line)


# ------------------------------------------------------------------ A-D5
def cards_fold_whole_spots(app) -> bool:
    """Every card row naming an h2 spot of the identical side holds the spot whole
    (not "3a Longship 6g  3b" over "Shieldwall 6g")."""
    rows = [row for row in screen_lines(app) if "Longship" in row or "Shieldwall" in row]
    return bool(rows) and all(("Longship" not in row or "3a Longship 6g" in row)
                              and ("Shieldwall" not in row or "3b Shieldwall 6g" in row) for row in rows)


async def test_city_cards_fold_whole_spots_right_after_a_resize_live_and_in_the_replay():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await wait_for_text(pilot, "Place your ship")
        await pilot.resize_terminal(*LARGE)  # no key after it: the cards must be right at once
        await wait_for(pilot, lambda: screen_text(app).count("Longship") == 2, "both cards at 120×40")
        await settle(pilot, 0.1)
        assert cards_fold_whole_spots(app), screen_text(app)
        # the same in a replay of it
        await pilot.resize_terminal(*SMALL)
        await wait_for(pilot, lambda: screen_text(app).count("Longship") == 1, "one card at 80×24")
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen")
        await open_replay(pilot)
        await wait_for(pilot, lambda: "Longship" in screen_text(app), "the card in the replay")
        await pilot.resize_terminal(*LARGE)
        await wait_for(pilot, lambda: screen_text(app).count("Longship") == 2, "both cards at 120×40")
        await settle(pilot, 0.1)
        assert cards_fold_whole_spots(app), screen_text(app)


# ------------------------------------------------------------------ A-D6, issue item 4
async def test_the_80x24_card_names_every_spot_and_the_question_gives_the_whole_text():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random"], options={"sides": "unique"},
                       seed=3)
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        session = game_session(app)
        side = CITIES.unique[0]  # ann plays the Raider
        text = screen_text(app)
        for spot in side.spots:
            if spot.ability in ABILITIES:  # every spot by its name, not "3a:6g"
                assert f"{spot.id} {ABILITIES[spot.ability].name} {spot.cost}g" in text, spot.id
        assert not re.search(r"\b\d[abc]:\d+g", text)
        # the chosen space's tile with its whole text, as the rules list it
        for digit in "12345678":
            await pilot.press(digit)
            action = face_action(*session.state.tiles[int(digit) - 1])
            if len(action.text) < 110:  # what fits under the ring at 80×24
                await wait_for(pilot, lambda: f"{action.name}: {action.text}" in asked(app), action.name)
        # a text too long for the rows under the ring ends in "…" there; i shows it whole
        longest = max(range(8), key=lambda space: len(face_action(*session.state.tiles[space]).text))
        action = face_action(*session.state.tiles[longest])
        await pilot.press(str(longest + 1), "i")
        await wait_for(pilot, lambda: squeeze(action.text) in squeeze(details_box(app)), "the box")
        # the box follows the choice
        after = face_action(*session.state.tiles[(longest + 1) % 8])
        await pilot.press("right")
        await wait_for(pilot, lambda: squeeze(after.text) in squeeze(details_box(app))
                       and after.name in details_box(app), "the box following →")
        # escape closes the box, never the game; then i opens it and i closes it
        await pilot.press("escape")
        await wait_for(pilot, lambda: not details_box(app) and "ann (you)" in screen_text(app), "the box closed")
        assert screen_name(app) == "GameScreen" and footer_keys(app).get("Menu")
        await pilot.press("i")
        await wait_for(pilot, lambda: squeeze(after.text) in squeeze(details_box(app)), "the box again")
        assert "Menu" not in footer_keys(app) and footer_keys(app).get("Close")  # escape is the box's now
        await pilot.press("i")
        await wait_for(pilot, lambda: not details_box(app), "the box closed by i")
        assert screen_name(app) == "GameScreen"
        # the free improvement: the chosen hut spot's ability, whole
        await pilot.press("enter")
        await wait_for_text(pilot, "Choose your starting goods.")
        await pilot.press("enter")
        await wait_for_text(pilot, "Free improvement: choose your hut's branch.")
        await pilot.press("1")
        sails = ABILITIES[side.spot("1a").ability]
        await wait_for(pilot, lambda: f"{sails.name}: {sails.text}" in asked(app), "the spot's text")


async def test_the_rules_screen_lists_every_short_form_and_every_card_with_its_text():
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await wait_for_text(pilot, "Place your ship")
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        pages = await read_all_pages(pilot)
        words = flat(re.sub(r"[▁▂▃▄▅▆▇█▊▎▏│]", " ", "\n".join(pages)))
        for piece in short_pieces():  # the legend: `+fewer`, `hit:`, `-helm`, `most d:` …
            assert piece.means.replace("`", "")[:30] in words.replace("`", ""), piece.form
        for form in ("+fewer", "hit:", "-helm", "most d:", "least d:", "all d", "Nw>N+1g", "+2g,hit:-g"):
            assert form in words, form
        assert "Every card" in words
        for ability in ABILITIES.values():
            assert f"{ability.name} ({ability.short})" in words and ability.text[:40] in words, ability.name
        for side in (CITIES.identical, *CITIES.unique):
            assert f"{side.name} side" in words, side.name


# ------------------------------------------------------------------ A-D18
async def test_an_enter_too_many_never_ends_the_turn():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await wait_for_text(pilot, "Place your ship")
        await pilot.press("enter")  # space 1
        await wait_for_text(pilot, "Choose your starting goods.")
        await pilot.press("enter")
        session = game_session(app)
        for _ in range(30):  # move until the action here offers a part
            await take_keyboard(pilot)
            await wait_for(pilot, lambda: ask_lines(app) and ask_lines(app)[1].startswith(("Move", "Take", "Nothing")),
                           "ann's question")
            ask = ask_lines(app)
            if ask[1].startswith("Move"):
                await pilot.press("1", "enter")
            elif ask[1].startswith("Take"):
                break
            else:
                await pilot.press("e")
        turn = session.state.turns
        for _ in range(3):  # every part offered, by enter
            if session.state.turns != turn or "enter plays" not in (ask_lines(app) or [""])[0]:
                break
            await pilot.press("enter")
            await settle(pilot, 0.05)
        assert session.state.turns == turn, "an enter ended the turn"
        assert ask_lines(app)[0] == "e ends the turn"
        await pilot.press("enter")  # one too many: it says so, and the turn goes on
        await wait_for_text(pilot, "Nothing left to choose here: e ends the turn.")
        assert session.state.turns == turn and session.state.queue[0].op == "act"
        await pilot.press("e")
        await wait_for(pilot, lambda: session.state.turns > turn, "the next turn")


# ------------------------------------------------------------------ A-D11
async def test_ships_are_labelled_with_letters_of_the_names():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob", "bot"], seed=3)  # boxtop play --seats ann,bob,bot
        for _ in range(3):  # each person places a ship (bob starts), the bot its own
            await take_keyboard(pilot)
            await wait_for(pilot, lambda: shows(app, "Place your ship") or shows(app, "starting goods"), "setup")
            if shows(app, "Place your ship"):
                await pilot.press("enter")
                await settle(pilot, 0.05)
        session = game_session(app)
        await wait_for(pilot, lambda: all(p.ship >= 0 for p in session.state.players), "three ships")
        ring = "\n".join(row[:47] for row in screen_lines(app))
        assert re.search(r"\bBob\b", ring) and re.search(r"\bBot\b", ring) and re.search(r"\bA\b", ring), ring
        assert not re.search(r"\bB\d\b", screen_text(app))


# ------------------------------------------------------------------ A-D7
async def test_command_line_refusals_fit_one_line_and_say_the_range_you_have():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await pilot.press("enter")
        await wait_for_text(pilot, "Choose your starting goods.")
        await pilot.press("enter")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Move your ship")
        await pilot.press("colon", *"move 9", "enter")
        await wait_for_text(pilot, "You can move 1 to 3 spaces.")  # not "(1–7)"
        await pilot.press("escape")
        await pilot.press("colon", *"rotate", "enter")
        said = "Cannot read 'rotate': try move 2, do 1, advance 1a, end (? lists all)."
        await wait_for_text(pilot, said)
        assert any(said in row for row in screen_lines(app))  # one row at 80 columns
        await pilot.press("escape")
        await pilot.press("colon", *("flibber " + "x" * 200), "enter")
        await wait_for_text(pilot, "Cannot read 'flibber xxx…'")
        assert len(message_rows(app, "Cannot read 'flibber")) == 1
        await pilot.press("escape")
        await pilot.press("colon", *"move 1", "enter")
        await wait_for_text(pilot, "Take parts of the action")
        await pilot.press("colon", *"do 1 999999999999999999999", "enter")
        await wait_for(pilot, lambda: any("Part 1 of" in row or "Give up" in row or "took part" in row
                                          for row in screen_lines(app)), "the rules' refusal")
        assert "a amount" not in screen_text(app)


# ------------------------------------------------------------------ issue item 3, DigitEntry
async def test_every_choice_is_on_screen_at_80x24_and_two_digits_pick_past_nine(isolated_user_folders):
    session = save_question("copy", isolated_user_folders / "saves")
    copyable = [c.ability for c in session.legal_commands(session.to_act_seats()[0])]
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_first_save(pilot)
        await wait_for_text(pilot, "Mimic: copy another ability.")
        n = len(copyable)
        assert shows(app, f"←→/1–{n} choose ({n}: type {n // 10} {n % 10})")
        assert "…" not in "\n".join(ask_lines(app)[:4])  # the choices round the cursor, counted, never "…"
        await pilot.press("1", "2")  # choice 12, two digits typed quickly
        twelfth = ABILITIES[copyable[11]]
        await wait_for(pilot, lambda: f"12:{twelfth.name}" in screen_text(app), "choice 12 in view")
        await wait_for(pilot, lambda: f"{twelfth.name}: {twelfth.text[:30]}" in asked(app), "its text")
        await pilot.press("enter")
        await wait_for(pilot, lambda: copyable[11] in game_session(app).state.players[1].abilities, "copied")


async def test_the_eight_spaces_to_place_a_ship_all_show_at_80x24():
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random"], seed=3)
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        row = next(line for line in ask_lines(pilot.app) if line.startswith("1  2"))
        assert row.split() == list("12345678") and "more" not in row


async def test_four_players_fit_80x24_all_game_long():
    # the card (folded, every spot named), the other three players' lines and the log
    # share the right of the screen: the log keeps a row however the cards grow
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic"],
                       options={"sides": "unique"}, seed=6)
        count = [0]
        for _ in range(120):
            if not await play_turn(pilot, count):
                break
            if screen_name(app) != "GameScreen":
                continue
            # the right column as drawn once the turn's layout settles (a busy machine may
            # show a frame halfway): two boxes, the card and the log, within 80×24
            def fits() -> bool:
                right = right_column(app)
                return (sum(row.lstrip().startswith("╭") for row in right) == 2  # card, log
                        and sum(row.lstrip().startswith("╰") for row in right) == 2
                        and len(screen_lines(app)) <= 24 and all(len(row) <= 80 for row in screen_lines(app)))

            await wait_for(pilot, fits, "the card and the log on the right, within 80×24")
        assert game_session(app).state.turns > 20


# ------------------------------------------------------------------ finished table
async def test_a_finished_table_offers_no_play_keys():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann:random", "bob:random"], seed=1)
        await wait_for_screen(pilot, "ResultScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        await wait_for_text(pilot, "wins")
        keys = footer_keys(app)
        assert "Play" not in keys and "End" not in keys and "End turn" not in keys, keys
        assert keys.get("Rules") and keys.get("Menu")
        assert screen_name(app) == "GameScreen"
