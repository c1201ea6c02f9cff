"""The Giftbringer table from the menu, by keys, reading the screen (issue 4, "The
screen": "Keyboard only: move between dice, Vikings and places; pick; confirm the round.
Only legal choices are offered"). Driven with ``tests/tui_driver.py``.

Solo games with seed 5 roll 6 1 1 6 in round 1 (each test checks that on screen first);
Bjorn (V1), the first Viking, where the target cursor starts, needs a 1 and a 2.
"""

from __future__ import annotations

import re
import shutil

from textual import events

from engine.games.giftbringer.sheet import SHEET
from tui.support.paths import EXAMPLES

from tui_driver import (
    open_replay,
    LARGE, SMALL, giftbringer_target, menu_app, new_game, screen_name, screen_text, status_line, wait_for,
    wait_for_screen, wait_for_text,
)

SOLO = dict(game="Giftbringer", seats=["ann"], options={"rounds": 2}, seed=5)


async def solo_game(pilot) -> None:
    """ann alone, 2 rounds, seed 5: round 1's dice are 6 1 1 6."""
    await new_game(pilot, **SOLO)
    await wait_for_text(pilot, "Round 1 of 2 · dice 6 1 1 6")


async def test_cross_bless_recruit_and_finish_a_solo_game_by_keys():
    async with menu_app() as pilot:
        app = pilot.app
        await solo_game(pilot)
        session = app.screen.session
        assert giftbringer_target(app) == "V1"
        # result 1 (a 6) fits no symbol of Bjorn's: refused with a sentence, nothing crossed
        await pilot.press("enter")
        await wait_for_text(pilot, "A 6 cannot be crossed on Viking 1 (Bjorn): it still needs 1 2.")
        assert not any(session.state.sheets[0].marks["V1"])
        # result 2 (a 1) is crossed on Bjorn
        await pilot.press("right", "enter")
        await wait_for_text(pilot, "ann crosses a 1 on Viking 1 (Bjorn)")
        assert sum(session.state.sheets[0].marks["V1"]) == 1
        # Santa's Blessing "diff" on the two results marked: 6 and 1 make a new result, 5
        await pilot.press("space", "right", "space")
        await wait_for_text(pilot, "marked 1, 3: 1–6, + or -")
        await pilot.press("minus")
        await wait_for_text(pilot, "5:5✦")
        assert "diff" in session.state.sheets[0].blessings and len(session.state.sheets[0].results) == 5
        await pilot.press("d", "d")  # results are left: d asks, d again finishes; round 2
        await wait_for_text(pilot, "Round 2 of 2")
        await pilot.press("d", "d")
        await wait_for_screen(pilot, "ResultScreen")
        assert session.result() is not None


async def test_other_players_sheets_can_be_looked_at():
    # issue 4: "Other players' sheets can be looked at (they are public)"
    async with menu_app() as pilot:
        await new_game(pilot, "Giftbringer", ["ann", "bot2:heuristic"], seed=8)
        await wait_for_text(pilot, "ann's island")
        await pilot.press("o")
        await wait_for_text(pilot, "bot2's island")
        await pilot.press("enter")  # nothing can be done on another's sheet
        await wait_for_text(pilot, "another sheet")
        await pilot.press("o")
        await wait_for_text(pilot, "ann's island")


async def test_a_solo_game_enters_the_personal_best_table(tmp_path, monkeypatch):
    # issue 4, "Also": "Solo play (1 player) is a real mode: a personal best table kept in
    # the user's data folder (platformdirs) per sheet."
    from tui.support import best

    monkeypatch.setenv("BOXTOP_DATA_DIR", str(tmp_path))
    async with menu_app() as pilot:
        for seed in (1, 2):  # two games, one after the other, from the menu
            await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 1}, seed=seed)
            await wait_for_text(pilot, "Round 1 of 1")
            await pilot.press("d", "d")  # d asks (every result is unused), d again finishes
            await wait_for_screen(pilot, "ResultScreen")
            await wait_for_text(pilot, "Personal bests: 1. 0")
            await pilot.press("m")
            await wait_for_screen(pilot, "MenuScreen")
    tables = best.load()
    key = next(iter(tables))
    assert key.startswith("giftbringer/") and list(tables) == [key] and [b.seed for b in tables[key]] == [1, 2]


async def test_the_replay_of_a_recorded_game_steps_through_every_round(isolated_user_folders):
    # issue 4, "Done when": "the replay of one of them steps through every round"
    saves = isolated_user_folders / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "giftbringer-three.json", saves)  # the only own save: listed first
    async with menu_app() as pilot:
        app = pilot.app
        await open_replay(pilot)
        await pilot.press("home")
        await wait_for_text(pilot, "entry 0 of")
        last = int(re.search(r"entry 0 of (\d+)", status_line(app)).group(1))
        seen_rounds = set()
        for k in range(0, last + 1):
            line = status_line(app)
            assert f"entry {k} of {last}" in line
            m = re.search(r"Round (\d+) of 10", line)
            if m:
                seen_rounds.add(int(m.group(1)))
            await pilot.press("right")
        assert seen_rounds == set(range(1, 11))
        assert "the game is over" in status_line(app)
        await pilot.press("home")
        await wait_for_text(pilot, "Round 1 of 10")


async def test_a_move_typed_fast_on_the_command_line_reaches_the_engine_whole():
    # ":" opens the command line as the key arrives: every key after it is the command's,
    # none reaches the table (a digit there would spend a Blessing: "1"-"6" pick its face)
    from engine.games.giftbringer.commands import Cross

    async with menu_app() as pilot:
        app = pilot.app
        await solo_game(pilot)
        session = app.screen.session
        text = "cross 2 on V1"  # result 2 (a 1) on Bjorn
        # one burst, as a terminal delivers a fast typist's keys: all queued before any is
        # handled (pilot.press waits for each key to be handled before the next)
        for ch in [":", *text]:
            app._driver.send_message(events.Key({" ": "space", ":": "colon"}.get(ch, ch), ch))
        app._driver.send_message(events.Key("enter", "\r"))
        await wait_for_text(pilot, "ann crosses a 1 on Viking 1 (Bjorn)")
        assert session.entries[-1].command == Cross(2, "V1")
        assert session.state.sheets[0].blessings == ()
        await wait_for(pilot, lambda: app.screen.table.has_focus, "the keys back at the table")  # after enter
        await wait_for_text(pilot, "result 1 does not fit here")  # the cursor on the first free result
        await pilot.press("right")  # so an arrow moves the result cursor again (over the used result 2)
        await wait_for_text(pilot, "result 3 does not fit here")  # (Bjorn needs a 2 now)


async def test_tab_offers_only_the_legal_choices_for_the_chosen_result():
    # issue 4, "The screen": "Only legal choices are offered": tab walks exactly the
    # Vikings, places and ships where the chosen result (or a Visit, a landing) is legal
    from engine.games.giftbringer.commands import Cross, Land, Visit

    async with menu_app() as pilot:
        app = pilot.app
        await solo_game(pilot)
        session = app.screen.session
        legal_now = session.legal_commands(0)  # to check what the keys offer, never to act
        legal = {c.target for c in legal_now if isinstance(c, Cross) and c.result == 1}
        legal |= {c.ship for c in legal_now if isinstance(c, Land)}
        legal |= {c.place for c in legal_now if isinstance(c, Visit)}
        assert legal
        seen = []
        for _ in range(len(legal)):
            await pilot.press("tab")
            seen.append(giftbringer_target(app))
        assert set(seen) == legal and len(seen) == len(set(seen))
        await pilot.press("tab")  # round again: back to the first
        assert giftbringer_target(app) == seen[0]
        await pilot.press("shift+tab")
        assert giftbringer_target(app) == seen[-1]
        # the first legal Viking: enter crosses the result on him
        viking = next(t for t in seen if t.startswith("V"))
        while giftbringer_target(app) != viking:
            await pilot.press("tab")
        await pilot.press("enter")
        name = next(v.name for v in SHEET.vikings if v.id == viking)
        await wait_for_text(pilot, f"ann crosses a 6 on Viking {viking[1:]} ({name})")
        assert session.entries[-1].command == Cross(1, viking)


async def test_an_illegal_cross_is_refused_with_the_engines_reason():
    async with menu_app() as pilot:
        app = pilot.app
        await solo_game(pilot)
        session = app.screen.session
        before = len(session.entries)
        # result 1 is a 6; Astrid (V2) needs 2 3: down once from Bjorn
        await pilot.press("down")
        assert giftbringer_target(app) == "V2"
        await pilot.press("enter")
        await wait_for_text(pilot, "A 6 cannot be crossed on Viking 2 (Astrid): it still needs 2 3.")
        assert len(session.entries) == before
        assert screen_name(app) == "GameScreen"


# ---------------------------------------------------------------------------- issue 22 (play-test A)
def panel_rows(app, selector: str) -> list[str]:
    """The rows inside a panel of the table, its border left out, as drawn."""
    region = app.screen.query_one(selector).region
    rows = screen_text(app).split("\n")[region.y + 1:region.bottom - 1]
    return [row[region.x + 1:region.right - 1].strip() for row in rows]


def details_line(app) -> str:
    """The details line under the map: its rows (a fixed height, no border) joined."""
    region = app.screen.query_one("#gb-info").region
    rows = screen_text(app).split("\n")[region.y:region.bottom]
    return " ".join(" ".join(row[region.x:region.right].split()) for row in rows).strip()


async def test_the_arrows_move_on_the_map_above_below_and_beside():
    # play-test A, D10: ↑↓ walked a flat list (Vikings, then R1 H1 R2 …) that did not
    # follow the map: ↑↓ now go to the place above or below, shift+←→ to the one beside;
    # the Vikings are a column left of the map
    from engine.games.giftbringer.sheet import SHEET

    where = {p.id: (p.x, p.y) for p in SHEET.places} | {s.id: (s.x, s.y) for s in SHEET.ships}
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        assert giftbringer_target(app) == "V1"
        await pilot.press("down", "down")
        assert giftbringer_target(app) == "V3"  # the Vikings' column, top to bottom
        await pilot.press("shift+right")
        here = giftbringer_target(app)
        assert here in where  # onto the map
        for key, moved in (("down", lambda a, b: b[1] > a[1]), ("up", lambda a, b: b[1] < a[1]),
                           ("shift+right", lambda a, b: b[0] > a[0]), ("shift+left", lambda a, b: b[0] < a[0])):
            for _ in range(12):  # to the map's edge: each key goes that way, then stays
                await pilot.press(key)
                there = giftbringer_target(app)
                if there == here or there not in where:
                    break
                assert moved(where[here], where[there]), (key, here, there)
                here = there
        assert giftbringer_target(app).startswith("V")  # left of the map: the Vikings again
        # Leif to House 1 (Milk Shed), seven presses in the play-test: four now
        await pilot.press("up", "up", "up", "up", "down", "down")
        while giftbringer_target(app) != "V3":
            await pilot.press("down" if int(giftbringer_target(app)[1:]) < 3 else "up")
        await pilot.press("up", "shift+right", "up", "shift+right")
        assert giftbringer_target(app) == "H1"
        assert details_line(app).startswith("House 1 (Milk Shed): needs 4 5 · gives Milk")


async def test_a_place_has_one_name_in_the_details_line_the_refusals_and_the_log():
    # play-test A, D10: the info line said "House 14", the log and refusals "Lantern Home"
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        await pilot.press("shift+right", "up", "down", "shift+right", "shift+right")
        assert giftbringer_target(app) == "H14"
        assert details_line(app).startswith("House 14 (Lantern Home): needs 2 Presents · gives Cookie, Muffin, Happiness")
        await pilot.press("enter")
        await wait_for_text(pilot, "House 14 (Lantern Home) is not next to your harbour or a place you visited.")
        while not giftbringer_target(app).startswith("V"):  # left, to the Vikings' column
            await pilot.press("shift+left")
        while giftbringer_target(app) != "V6":
            await pilot.press("down" if int(giftbringer_target(app)[1:]) < 6 else "up")
        assert details_line(app).startswith("Viking 6 (Freydis): needs 5 6")
        await pilot.press("enter")  # result 1, a 6
        await wait_for_text(pilot, "ann crosses a 6 on Viking 6 (Freydis)")
        while giftbringer_target(app) != "S1":  # up to the top of the map: Frost Fjord
            await pilot.press("shift+right" if giftbringer_target(app).startswith("V") else "up")
        assert details_line(app).startswith("Harbour 1 (Frost Fjord): land here")
        await pilot.press("enter")
        await wait_for_text(pilot, "ann lands at Harbour 1 (Frost Fjord)")


async def test_v_on_a_viking_asks_for_a_road_or_house_in_words():
    # play-test A, D10: "There is no road or house 'V3' on the sheet." exposed the notation
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        await pilot.press("down", "down", "v")
        await wait_for_text(pilot, "Choose a road or house to visit")
        assert "'V3'" not in screen_text(app)


async def test_with_every_result_used_the_line_says_so():
    # play-test A, D10: after using a result the line still said "result 1 does not fit
    # here (tab: where)" about a used result
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        session = app.screen.session
        for _ in range(8):  # each result where it fits first (tab), crossed (enter; or landed at a harbour)
            if all(r.used for r in session.view(0).sheets[0].results):
                break
            before = len(session.entries)
            await pilot.press("tab", "enter")
            await wait_for(pilot, lambda: len(session.entries) > before, "the result crossed")
        assert all(r.used for r in session.view(0).sheets[0].results)
        await wait_for(pilot, lambda: "every result is used: d finishes the round" in details_line(app),
                       "the line to say every result is used")
        assert "does not fit" not in details_line(app)


async def test_a_refusal_at_80x24_leaves_the_score_whole():
    # play-test A, D10: "when a 2-line message shows at 80×24 the score panel loses its
    # last line" ("happiness · bonus · total"): the refusals fit one line, and the left
    # column keeps rows to spare
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        message = app.screen.query_one("#message")
        assert "happiness 0  bonus 0  total 0" in panel_rows(app, "#gb-score")
        # Bjorn recruited: result 2 (a 1), then result 1 (a 6) blessed into a 2
        await pilot.press("right", "enter")
        await wait_for_text(pilot, "ann crosses a 1 on Viking 1 (Bjorn)")
        await pilot.press("2")  # the Blessing "any" on result 1: a new result 5, a 2
        await wait_for_text(pilot, "5:2✦")
        await pilot.press("right", "right", "enter")
        await wait_for_text(pilot, "ann recruits Viking 1 (Bjorn)")
        # a visit before landing at a harbour is refused
        await pilot.press("shift+right", "up", "down", "shift+right", "shift+right", "v")
        await wait_for_text(pilot, "Land at a harbour first")
        assert len(app.screen.said) <= 78 and message.region.height <= 2, app.screen.said
        assert "happiness 0  bonus 0  total 0" in panel_rows(app, "#gb-score"), screen_text(app)
        assert "Presents 1 · slots 2 · lost 0" in screen_text(app)


async def test_a_refusal_of_the_command_line_fits_one_line_at_80_columns():
    # play-test A, D7 (for Giftbringer too)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await solo_game(pilot)
        for typed in ("flibber 99", "cross 1 on " + "Z" * 40, "visit H9 keep " + "Q" * 40, "x" * 200, "land S99999999"):
            await pilot.press("colon", *typed, "enter")
            await wait_for(pilot, lambda: app.screen.said, f"a refusal of {typed!r}")
            assert len(app.screen.said) <= 78, app.screen.said  # one row of the message line
            await pilot.press("escape")


async def test_a_finished_table_offers_no_move_in_its_footer():
    # play-test A, D15 ("same check for Giftbringer")
    from tui_driver import footer_keys

    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 1}, seed=5)
        assert footer_keys(app).get("Use") is True
        await pilot.press("d", "d")
        await wait_for_screen(pilot, "ResultScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        keys = footer_keys(app)
        assert not {"Use", "Visit", "Mark", "Done"} & set(keys), keys
        assert keys.get("Rules") is True


async def test_the_details_line_is_the_rules_screens_text_at_both_sizes():
    # issue 22, item 4: card_texts lists every Viking, harbour, road, house and Blessing;
    # the details line shows the same text for the one under the cursor (or the
    # Blessings a marked result may use)
    from tui.games.giftbringer.cards import blessing_card, card, card_texts
    from tui.screens.rules import rules_page

    for size in (SMALL, LARGE):
        async with menu_app(size) as pilot:
            app = pilot.app
            await solo_game(pilot)
            for keys in ((), ("shift+right",), ("shift+right", "up"), ("shift+right", "down", "down")):
                await pilot.press(*keys)
                name, text = card(giftbringer_target(app))
                assert details_line(app).startswith(f"{name}: {text}"), (details_line(app), name, text)
            await pilot.press("space")  # one result marked: the Blessing "any"
            await wait_for(pilot, lambda: details_line(app).startswith("any: " + blessing_card("any")[1]), "any")
            await pilot.press("right", "space")  # two: 2→1, sum, diff
            await wait_for(pilot, lambda: all(blessing_card(k)[1] in details_line(app) for k in ("two", "sum", "diff")),
                           "the Blessings for two results")
            await pilot.press("question_mark")
            await wait_for_screen(pilot, "RulesScreen")
            source = rules_page("giftbringer")  # the page the screen draws
            for kind, cards in card_texts():
                assert f"### {kind}" in source
                for name, text in cards:
                    assert f"- **{name}**: {text}" in source


# ---------------------------------------------------------------------------- the map without colour
def map_text(app) -> str:
    """The map panel's rows as plain text (no styles), its border left out."""
    return "\n".join(panel_rows(app, "#gb-map"))


async def test_the_map_tells_places_apart_by_their_marks_not_by_colour_alone():
    # a monochrome terminal, NO_COLOR or a screen reader read only the characters: a
    # place's mark after its id says it is visited (✓), ready to visit (!: every result
    # crossed: Giftbringer rulebook, "VISIT"), partly crossed (¹ ² ³: how many) or reachable (○); the full map
    # and the details line show a crossed face as x; the harbour landed at is ≋S3✓
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann"], options={"rounds": 2}, seed=3)
        await wait_for_text(pilot, "Round 1 of 2 · dice 3 2 3 4")
        session = app.screen.session
        # before: every place plain or reachable, nothing crossed
        assert "R7○:3" in map_text(app) and "H11○:26" in map_text(app), map_text(app)
        # round 1: Astrid recruited (2, 3), landed at Seal Haven, Seal Steps crossed (3) and visited
        for typed in ("cross 2 on V2", "cross 1 on V2", "land S3", "cross 3 on R7", "visit R7", "done"):
            before = len(session.entries)
            await pilot.press("colon", *typed, "enter")
            await wait_for(pilot, lambda: len(session.entries) > before, typed)
        await wait_for_text(pilot, "Round 2 of 2 · dice 1 5 6 5")
        # round 2: a 6 on Net Shack (needs 2 6); a 1 blessed into a 4, crossed on Salt Walk (needs 4)
        for typed in ("cross 3 on H11", "bless any 1 as 4", "cross 5 on R8", "cross 2 on V6"):
            before = len(session.entries)
            await pilot.press("colon", *typed, "enter")
            await wait_for(pilot, lambda: len(session.entries) > before, typed)
        sheet = session.state.sheets[0]
        assert sheet.visited == ("R7",) and sheet.marks["H11"] == (False, True) and sheet.marks["R8"] == (True,)
        drawn = map_text(app)  # 120×40: the full map
        for label in ("R7✓", "R8!:x", "H11¹:2x", "≋S3✓", "H12○:24P1♥"):
            assert label in drawn, (label, drawn)
        # the tray's used results and the spent Blessing read ✓, a Viking's crossed faces x
        shown = screen_text(app)
        assert "2:5✓" in shown and "3:6✓" in shown and "4:5 " in shown, shown
        assert "any✓" in shown and "sum✓" not in shown
        assert re.search(r"Freydis\s+x 6\s", shown), shown
        await pilot.resize_terminal(*SMALL)  # 80×24: the compact map, ids and marks
        await wait_for(pilot, lambda: "? legend" in screen_text(app), "the compact map")
        drawn = map_text(app)
        for label in ("R7✓", "R8!", "H11¹", "≋S3✓", "H12○"):
            assert re.search(rf"(?<![A-Z0-9]){re.escape(label)}(?![0-9])", drawn), (label, drawn)
        # the details line shows a crossed face as x too: a 5 crossed on Freydis (needs 5 6)
        while giftbringer_target(app) != "V6":
            await pilot.press("down")
        assert details_line(app).startswith("Viking 6 (Freydis): needs x 6"), details_line(app)
