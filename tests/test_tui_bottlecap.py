"""Bottlecap Vikings' rondel ring from the menu, by keys, reading the screen (issue 12,
"The screen: a rondel ring"). Driven with ``tests/tui_driver.py``; a whole game by keys
with ``tests/bottlecap_play.py`` (``play_to_the_result``).
"""

from __future__ import annotations

import re

import pytest

import engine

from bottlecap_play import GAME, OMEN_SCRIPT, ask_lines, game_session, play_to_the_result, type_commands
from tui_driver import (
    reopen_finished_game, save_game, take_keyboard,
    LARGE, SMALL, menu_app, new_game, screen_lines, screen_name, screen_text, shows, wait_for,
    wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


async def test_the_new_game_form_takes_a_word_for_a_word_option():
    # the form's option fields took digits only: "unique" for sides could not be typed
    async with menu_app() as pilot:
        await new_game(pilot, GAME, ["ann", "bob"], options={"sides": "unique"}, seed=3)
        await wait_for_text(pilot, "Setup: bob to place a ship")  # bob starts (seed 3)
        await wait_for_text(pilot, "bob (you) · Merchant")  # no hand-over: nothing is hidden
        assert shows(pilot.app, "ann · Raider")
        assert pilot.app.screen.session.options.sides == "unique"


def ship_of(app, seat: int) -> int:
    """Where seat ``seat``'s ship is (0–7), from the session (an outcome the test checks)."""
    return app.screen.session.state.players[seat].ship


async def test_a_two_player_game_against_a_bot_by_keys_undo_save_load_and_replay(save_dir):
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "random"], seed=5, undo="casual")
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        # setup by keys: a digit chooses the space (the details line gives its tile's text)
        await pilot.press("3")
        from engine.games.bottlecap_vikings.data import face_action
        tile = face_action(*app.screen.session.state.tiles[2]).name
        await wait_for(pilot, lambda: any(line.startswith(f"{tile}:") for line in ask_lines(app)), "space 3")
        await pilot.press("enter")
        await wait_for_text(pilot, "Choose your starting goods.")
        await pilot.press("enter")
        await wait_for_text(pilot, "Move your ship clockwise:  1  2  3")
        session = app.screen.session
        start = ship_of(app, 0)
        # a digit lights the landing tile and says what the move does, before it happens
        await pilot.press("2")
        to = (start + 2) % 8
        await wait_for(pilot, lambda: any(line.startswith(f"→ space {to + 1} ") for line in ask_lines(app)), "landing")
        # a distance the rules refuse is the engine's own sentence; nothing moves
        await pilot.press("7")
        await wait_for_text(pilot, "You can move 1 to 3 spaces.")
        assert ship_of(app, 0) == start
        await pilot.press("enter")
        await wait_for_text(pilot, "e ends the turn")  # the action: a part to take, or nothing here
        assert ship_of(app, 0) == to
        # undo takes the move back
        await pilot.press("u")
        await wait_for_text(pilot, "Move your ship clockwise:")
        assert ship_of(app, 0) == start
        # the same move typed on the : line, then the turn ended by e
        await pilot.press("colon", *"move 2", "enter")
        await wait_for_text(pilot, "e ends the turn")
        await pilot.press("e")
        await wait_for(pilot, lambda: session.state.turns >= 3, "the next turn")
        # save, then play on to the result by keys
        await save_game(pilot)
        await play_to_the_result(pilot)
        result = session.result()
        assert result is not None and len(result.winners) == 1
        winner = session.names[result.winners[0]]
        await wait_for_text(pilot, winner)
        (saved,) = save_dir.glob("bottlecap-vikings-*.json")  # the finished game, kept in the same file
        assert engine.load(str(saved)).result() == result
        await pilot.press("escape")
        await wait_for_screen(pilot, "MenuScreen", "GameScreen")
        # load it (the finished game's ring and its winner), then replay it from the start
        await reopen_finished_game(pilot, result)
        replayed = engine.load(str(saved))
        last = replayed.applied_seq(replayed.ply - 1)  # the save's number of its last entry (the setup is 0)
        await wait_for_text(pilot, f"entry {last} of {last}")
        await pilot.press("home")
        await wait_for_text(pilot, f"entry 0 of {last}")
        assert shows(app, "★ helper") and shows(app, "bag 5 red 7 grey")


async def test_four_players_fit_80x24_and_tab_shows_each_city_card():
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random"], seed=3)
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        await pilot.press("3", "enter", "enter")
        await wait_for_text(pilot, "Free improvement: choose your hut's branch.")
        await pilot.press("enter")
        await wait_for_text(pilot, "Move your ship clockwise:  1  2  3")
        # the question can be drawn a frame before the players' panel catches up
        lines_of = [rf"\b{name}\s+\d+w \d+g \d+\* \d+d hut \S+ @\d" for name in ("bob", "cyd", "dan")]
        await wait_for(pilot, lambda: all(re.search(line, screen_text(app)) for line in lines_of),
                       "a line for each other player")
        lines = screen_lines(app)
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        text = screen_text(app)
        # the ring: every tile's space and action, the helper, the bag
        session = app.screen.session
        from engine.games.bottlecap_vikings.data import face_action
        for space, (tile, face) in enumerate(session.state.tiles):
            assert f"{space + 1} {face_action(tile, face).name[:10]}" in text
        assert "★ helper" in text and "no damage line" in text and "bag 5red 17grey" in text
        # the seat at the keyboard's card in full, a line for each other player
        assert "ann (you) · Identical" in text and "wood  " in text and "glory " in text
        assert "h2 3a Longship 6g" in text and "3b Shieldwall 6g" in text  # every spot by its name
        for line in lines_of:
            assert re.search(line, text), line
        # the question with its keys first, the log, the footer's keys whole
        assert "←→/1–3 choose · enter plays" in text and "─ log ─" in text
        assert "? Rules" in lines[-1] and "esc Menu" in lines[-1]
        # tab looks at the next player's card, and round back to your own
        for name in ("bob", "cyd", "dan"):
            await pilot.press("tab")
            await wait_for_text(pilot, f"{name} (random) · Identical")  # a bot's card says its strength
            assert "ann (you)" not in screen_text(app)
        await pilot.press("tab")
        await wait_for_text(pilot, "ann (you) · Identical")


async def test_four_players_at_120x40_show_every_city_card_in_full():
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random"], seed=3)
        await wait_for_text(pilot, "Place your ship beside a space of the ring.")
        text = screen_text(app)
        for card in ("ann (you) · Identical", "bob (random) · Identical", "cyd (random) · Identical",
                     "dan (random) · Identical"):
            assert card in text, card
        assert text.count("h3 T throne 8g") == 4 and text.count("glory ") >= 4
        assert "─ log ─" in text and "bag 5 red 17 grey" in text


async def test_keys_help_comes_first_on_the_rules_screen():
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await wait_for_text(pilot, "Place your ship")
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        assert shows(pilot.app, "←/→ or h/l") and shows(pilot.app, "end your turn")
        await pilot.press("pagedown")  # then what the table's signs mean
        await wait_for_text(pilot, "The ring: eight tiles round the bottlecap")


async def test_hot_seat_hands_the_keyboard_to_the_attacked_player_for_omen():
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob", "cyd", "dan"], options={"sides": "unique"}, seed=28)
        await type_commands(pilot, OMEN_SCRIPT)
        session = game_session(app)
        # dan attacked cyd: the keyboard goes to cyd, out of dan's turn (nothing is hidden:
        # no hand-over, the line says whose turn it is)
        await wait_for_text(pilot, "cyd's turn")
        assert shows(app, "dan · cyd to answer Omen") and screen_name(app) == "GameScreen"
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Omen: which Valkyrie goes back to the bag?")
        assert shows(app, "cyd at the keyboard")
        assert session.state.players[2].reds == 1 and session.state.players[2].greys == 1
        await pilot.press("2")  # grey
        await pilot.press("enter")
        # back to dan, whose action follows the attack
        await wait_for_text(pilot, "dan's turn")
        assert session.state.players[2].reds == 1 and session.state.players[2].greys == 0
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Take parts of the action, then end the turn.")
        assert shows(app, "dan at the keyboard")


@pytest.fixture
async def service(room_service):
    return await room_service(5)


async def test_a_shared_room_plays_to_the_result_by_keys(service):
    from tui_driver import shared_room_to_the_result, winners_line

    async with shared_room_to_the_result(service, GAME, play_to_the_result, ready=ask_lines) as (pilot, ours):
        app = pilot.app
        assert len(ours.winners) == 1 and app.screen.session.names[ours.winners[0]] in winners_line(app)
