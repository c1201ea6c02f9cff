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
from tui.paths import EXAMPLES

from tui_driver import (
    giftbringer_target, menu_app, new_game, screen_name, status_line, wait_for, wait_for_screen,
    wait_for_text,
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
        await wait_for_text(pilot, "A 6 cannot be crossed on Bjorn (V1): it still needs 1 2.")
        assert not any(session.state.sheets[0].marks["V1"])
        # result 2 (a 1) is crossed on Bjorn
        await pilot.press("right", "enter")
        await wait_for_text(pilot, "ann crosses a 1 on Bjorn")
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
    from tui import best

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
        await pilot.press("r")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "ReplayScreen")
        await pilot.press("home")
        await wait_for_text(pilot, "entry 1 of")
        ply = int(re.search(r"entry 1 of (\d+)", status_line(app)).group(1))
        seen_rounds = set()
        for k in range(1, ply + 1):
            line = status_line(app)
            assert f"entry {k} of {ply}" in line
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
        await wait_for_text(pilot, "ann crosses a 1 on Bjorn")
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
        await wait_for_text(pilot, f"ann crosses a 6 on {name}")
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
        await wait_for_text(pilot, "A 6 cannot be crossed on Astrid (V2): it still needs 2 3.")
        assert len(session.entries) == before
        assert screen_name(app) == "GameScreen"
