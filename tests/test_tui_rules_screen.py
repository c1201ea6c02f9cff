"""The rules screen, option notes and result sentences are written for players (issue 11,
defect 6, and the solo result of defect 7).

`?` opened German quotations, file paths and bot win-rate tables, with the keys on the
last of seven pages; the menu's Rules showed every game on one long page; the new-game
form's option notes quoted the rulebook; the result screen and ``replay --print`` said
"tie-break: (RULES.md, 'Tie-break': giftbringer.txt …)"; a solo game ended "ann wins!".
Each test drives the real app by keys at 80×24 and reads what is drawn.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

import engine
from engine import Seat
from test_player_text import screen_text, shows
from tui.app import BoxtopApp
from tui.cli import main
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.result import ResultScreen

from tui_driver import menu_app, new_game, read_all_pages, wait_for

SIZE = (80, 24)

#: What belongs in the project's docs, never on a player's screen: paths, file names,
#: test names, rulebook quotations in German, bot statistics.
DEVELOPER_TEXT = re.compile(
    r"shared/|tests/|test_|\.txt|\.py|RULES\.md|SHEET\.md|\.toml|Bot strength|win rate|\d%"
    r"|\b(?:der|die|das|und|Spiel\w*|Geschenk\w*|Runde|Plättchen|beide\w*|verlieren|Decision)\b"
)


def developer_text(text: str) -> list[str]:
    return [m.group(0) for m in DEVELOPER_TEXT.finditer(text)]


def flat(app) -> str:
    """The screen's words in one line: box borders dropped, wrapped lines joined."""
    return " ".join(re.sub(r"[│╭╮╰╯─▊▎▏]", " ", screen_text(app)).split())


async def says(pilot, text: str) -> None:
    """Wait until ``text`` is on the screen, maybe wrapped over several lines."""
    await wait_for(pilot, lambda: text in flat(pilot.app), what=repr(text))




async def test_the_menu_rules_let_the_player_choose_a_game_and_its_text_is_for_players():
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("down", "down", "down", "down", "enter")  # Rules (after new, learn, load, replay)
        await shows(pilot, "The rules of which game?")
        first = screen_text(app)
        assert "Gift Trap" in first and "Giftbringer" in first
        assert "Keys" not in first, "a list of games to choose from, not a page of rules"
        await pilot.press("down", "enter")  # Giftbringer
        await shows(pilot, "Keys at the table")
        top = screen_text(app)
        assert "Giftbringer" in top and "finish the round" in top  # its keys, on the first page
        pages = await read_all_pages(pilot, app)
        text = "\n".join(pages)
        for words in ("Santa's Blessing", "Gratitude", "cross 2 on H4", "tie"):
            assert words in text
        assert developer_text(text) == []
        assert len(pages) <= 14  # the rules, then every card with its text (issue 22 item 4)
        await pilot.press("escape")
        await shows(pilot, "The rules of which game?")  # back at the list
        assert "Keys at the table" not in screen_text(app)
        await pilot.press("up", "enter")  # Gift Trap
        await shows(pilot, "Keys at the table")
        text = "\n".join(await read_all_pages(pilot, app))
        for words in ("Give more", "No way", "give 3 to bob", "GIFTED"):
            assert words in text
        assert developer_text(text) == []
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))


@pytest.mark.parametrize("slug,seats,key_text", [
    ("gift-trap", ["ann", "bob:heuristic", "cyd:heuristic"], "commit your tiles"),
    ("giftbringer", ["ann", "bob:heuristic"], "finish the round"),
])
async def test_question_mark_in_a_game_shows_its_keys_first(slug, seats, key_text):
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, slug, seats, seed=3)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await shows(pilot, "Keys at the table")
        first = screen_text(app)
        assert key_text in first and "escape" in first
        assert first.index("Keys at the table") < first.index(key_text)
        text = "\n".join(await read_all_pages(pilot, app))
        assert "How boxtop plays it" in text
        assert developer_text(text) == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_the_new_game_form_notes_each_option_in_one_plain_line():
    app = BoxtopApp()
    async with app.run_test(size=(80, 80)) as pilot:  # 80 columns: a note that wraps is cut here
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await shows(pilot, "options")
        lines = screen_text(app).splitlines()
        expected = {
            "extra tiles": "Give more, Get more and the Gifttrap",
            "no way": "what a No way costs",  # the label wraps: "no way" / "points"
            "hold scores": "scored gift by gift",
            "fill all spaces": "deal 9 gifts",
            "track": "spaces from GO to GIFTED",
            "extras once per game": "Give more and Get more once a game",
        }
        for label, note in expected.items():
            row = [line for line in lines if label in line]
            assert row and note in row[0], (label, row)
        assert developer_text(screen_text(app)) == []
        await pilot.press("enter", "down", "enter")  # the game field (the form opens there): Giftbringer
        await shows(pilot, "happiness cumulative")
        lines = screen_text(app).splitlines()
        for label, note in {"rounds": "rounds in a game", "happiness cumulative": "10 + 25 + 50"}.items():
            row = [line for line in lines if label in line and "players" not in line]
            assert row and note in row[0], (label, row)
        assert developer_text(screen_text(app)) == []


TIE = "Tied: ann and bob share the win (the rulebook names no tie-break)."


def tied_gift_trap() -> engine.LocalSession:
    """A bot game of Gift Trap that ann and bob win together (seed 7, measured)."""
    session = engine.new_game("gift-trap", [Seat(n, "heuristic") for n in ("ann", "bob", "cyd")],
                              seed=7, options={"track_length": 6})
    return session


async def test_a_shared_win_is_said_in_plain_words_on_the_result_screen():
    async with menu_app(SIZE) as pilot:  # tied_gift_trap's game, set up in the new-game form
        app = pilot.app
        await new_game(pilot, "Gift Trap", ["ann:heuristic", "bob:heuristic", "cyd:heuristic"], seed=7,
                       options={"track_length": 6})
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what="the result")
        await says(pilot, TIE)
        assert developer_text(screen_text(app)) == []
        assert "tie-break:" not in screen_text(app)


def test_replay_print_says_a_shared_win_in_plain_words(tmp_path, capsys):
    session = tied_gift_trap()
    session.run_bots()
    path = tmp_path / "tie.json"
    session.save(path)
    assert main(["replay", str(path), "--print"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("result: " + TIE)
    assert re.search(r"give/get\): ann \d+/\d+, bob \d+/\d+, cyd \d+/\d+\.$", last), last
    assert developer_text(last) == [] and "RULES" not in last


def test_a_giftbringer_tie_broken_by_happiness_then_gratitude_says_so():
    import msgspec

    from engine.games.giftbringer import GAME, rules
    from engine.games.giftbringer.state import PlayerSheet

    def ended(*sheets):
        state = GAME.initial(GAME.Options(), len(sheets))
        points = tuple(rules.score(s)["total"] for s in sheets)
        return msgspec.structs.replace(state, phase="over", sheets=sheets, points=points,
                                       winners=rules._winners(sheets, points))

    happy = PlayerSheet(gratitude={"V1": ("G",) * 5}, happiness=3)  # 20 + 10 = 30
    muffins = PlayerSheet(gratitude={"V1": ("M",) * 5}, happiness=0)  # 30
    result = GAME.result(ended(muffins, happy))
    assert result.summary(["ann", "bob"]) == (
        "bob wins (tied on points, won on Happiness: boxtop's tie-break, as the rulebook names none).")
    milk = PlayerSheet(gratitude={"V1": ("G",) * 5, "V2": ("C",) * 2}, happiness=0)  # 30
    few = PlayerSheet(gratitude={"V1": ("M",) * 5}, happiness=0)  # 30, fewer Gratitude
    assert GAME.result(ended(few, milk)).summary(["ann", "bob"]) == (
        "bob wins (tied on points and Happiness, won on Gratitude taken: boxtop's tie-break,"
        " as the rulebook names none).")
    assert GAME.result(ended(happy, happy)).summary(["ann", "bob"]) == (
        "Tied: ann and bob share the win (equal on points, Happiness and Gratitude).")
    assert GAME.result(ended(happy, PlayerSheet())).summary(["ann", "bob"]) == "ann wins!"


async def test_a_solo_game_says_the_score_and_the_personal_best():
    today = date.today().isoformat()
    said = []
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        for seed in (1, 2):  # two games, one after the other, from the menu
            await new_game(pilot, "Giftbringer", ["ann"], seed=seed, options={"rounds": 1})
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("d", "d")  # d asks (every result is unused), d again finishes
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen), what="the result")
            await says(pilot, "ann scored 0 points")
            text = flat(app)
            assert "wins" not in text and "tie-break" not in text
            said.append(text)
            await pilot.press("m")
            await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), what="the menu")
    assert "ann scored 0 points · your first personal best" in said[0]
    assert f"ann scored 0 points · your best: 0 ({today})" in said[1]


async def test_see_notation_on_the_rules_page_scrolls_there_and_opens_nothing():
    opened = []
    async with menu_app(SIZE) as pilot:
        app = pilot.app
        app.open_url = lambda url, **kw: opened.append(url)  # to see that nothing is opened
        await new_game(pilot, "Giftbringer", ["ann", "bob:heuristic"], seed=3)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await shows(pilot, "Keys at the table")
        for _ in range(3):  # the app's keys follow the table's: down to "see Notation"
            if "see Notation" in screen_text(app):
                break
            await pilot.press("pagedown")
            await pilot.wait_for_animation()  # PgDn scrolls smoothly: click where the link rests
            await pilot.pause()
        y, row = next((y, r) for y, r in enumerate(app.screen._compositor.render_strips()) if "see Notation" in r.text)
        await pilot.click(offset=(row.text.index("Notation") + 2, y))
        await wait_for(pilot, lambda: "cross 2 on H4" in screen_text(app), what="the Notation section")
        assert opened == []
        assert "see Notation" not in screen_text(app)


async def test_the_result_screen_breaks_the_save_path_after_a_folder_never_inside_its_name(isolated_user_folders):
    # Play-test C, defect 16: "…/saves/dice-upon-a-time-2026-11-29-001321.jso" on one
    # line and "n." on the next. The path's rows now break after a folder's "/".
    from tui_driver import screen_lines, wait_for_screen

    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann"], seed=1, options={"rounds": 1})
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("d", "d")
        await wait_for_screen(pilot, "ResultScreen")
        await says(pilot, "Saved to")
        (saved,) = (isolated_user_folders / "saves").glob("giftbringer-*.json")
        rows = [line.strip(" │") for line in screen_lines(app)]
        first = next(i for i, row in enumerate(rows) if row.startswith("Saved to"))
        last = next(i for i, row in enumerate(rows) if row.endswith(".json."))
        assert last > first  # the sentence is longer than the box is wide: it takes rows
        # the file's name whole on one row, that row broken after a folder's "/" (how many
        # folders share the row depends on the temporary folder's length)
        tail = f"{saved.name}."
        assert rows[last] == tail or rows[last].endswith(f"/{tail}"), rows[last]
        assert "".join(rows[first:last + 1]) == f"Saved to {saved}."
        assert all(rows[k].endswith("/") for k in range(first, last))  # each row ends after a folder


#: At most this many widgets draw a game's rules page (a title, a hint, the footer's, a
#: section each): Textual's Markdown widget mounted about a thousand for Dice Upon a Time,
#: each one styled and laid out before the page showed, and that work took 1.5–6 s.
RULES_WIDGETS = 60


async def test_the_rules_open_whole_in_a_few_widgets_and_pagedown_scrolls_at_once():
    # Play-test C, defect 17: the rules screen took 1.5–6 s to open under load, and five
    # PgDn presses right after it appeared did nothing. The page is drawn by a widget a
    # section, whole as the screen first shows: the first PgDn, pressed at once, scrolls.
    import asyncio

    from textual import events

    from tui.games import table_for
    from tui_driver import screen_name, take_keyboard, wait_for_screen

    async with menu_app(SIZE) as pilot:
        app = pilot.app
        await new_game(pilot, "Dice Upon a Time", ["ann", "bot"], seed=2)
        await take_keyboard(pilot)
        app.post_message(events.Key("question_mark", "?"))  # typed: the app reads it in its own time
        for _ in range(1000):  # the moment the screen is drawn, PgDn (no wait for more)
            if screen_name(app) == "RulesScreen" and "PgDn" in screen_text(app):
                break
            await asyncio.sleep(0.01)
        assert len(list(app.screen.walk_children())) <= RULES_WIDGETS
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: "Keys at the table" not in screen_text(app), "the page scrolled by PgDn")
        await pilot.press("end")  # the last card of the page is there already
        last = table_for("dice-upon-a-time").card_texts()[-1][1][-1][0]
        await wait_for(pilot, lambda: f"{last}:" in screen_text(app), "the page's last card")
        await pilot.press("home")
        await wait_for(pilot, lambda: "Keys at the table" in screen_text(app), "back at the top")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
