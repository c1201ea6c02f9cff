"""The Giftbringer table by keys with Pilot (issue 4, "The screen": "Keyboard only: move
between dice, Vikings and places; pick; confirm the round. Only legal choices are offered")."""

from __future__ import annotations

from textual import events

import engine
from engine import Seat
from engine.games.giftbringer.sheet import SHEET
from tui.app import BoxtopApp
from tui.screens.game import GameScreen
from tui.screens.result import ResultScreen

SIZE = (140, 45)


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


async def test_cross_bless_recruit_and_finish_a_solo_game_by_keys():
    session = engine.new_game("giftbringer", ["ann"], seed=5, options={"rounds": 2})
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        viking = SHEET.vikings[0]  # the target cursor starts on the first Viking
        dice = [r.value for r in session.state.sheets[0].results]
        useful = [i for i, d in enumerate(dice) if d in viking.demand]
        useless = [i for i, d in enumerate(dice) if d not in viking.demand]
        if useless:  # a result that fits no symbol of his is refused with a sentence
            await pilot.press(*["right"] * useless[0], "enter")
            assert "cannot be crossed" in message(app)
            assert not any(session.state.sheets[0].marks[viking.id])
            await pilot.press(*["left"] * useless[0])
        if useful:
            await pilot.press(*["right"] * useful[0], "enter")
        else:  # Santa's Blessing "any": result 1 becomes his first face, then cross it
            await pilot.press("space", str(viking.demand[0]))
            assert session.state.sheets[0].blessings == ("any",)
            await pilot.press(*["right"] * 4, "enter")
        assert sum(session.state.sheets[0].marks[viking.id]) == 1
        # the "diff" Blessing on two marked results makes a new one
        free = [i for i, r in enumerate(session.state.sheets[0].results) if not r.used]
        if len(free) >= 2:
            before = len(session.state.sheets[0].results)
            cursor = app.screen.table.result_cursor
            await pilot.press(*["right"] * ((free[0] - cursor) % len(session.state.sheets[0].results)))
            await pilot.press("space", "right", "space", "minus")
            assert len(session.state.sheets[0].results) == before + 1
            assert "diff" in session.state.sheets[0].blessings
        await pilot.press("d", "d")  # results are left: d asks, d again finishes; round 2
        assert session.state.round == 2
        await pilot.press("d", "d")
        await pilot.pause()
        assert session.result() is not None and isinstance(app.screen, ResultScreen)


async def test_other_players_sheets_can_be_looked_at():
    # issue 4: "Other players' sheets can be looked at (they are public)"
    seats = [Seat("ann"), Seat("bot2", "heuristic")]
    session = engine.new_game("giftbringer", seats, seed=8)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.table
        assert "ann's island" in str(app.screen.query_one("#gb-map").border_title)
        await pilot.press("o")
        assert table.looking == 1 and "bot2's island" in str(app.screen.query_one("#gb-map").border_title)
        await pilot.press("enter")  # nothing can be done on another's sheet
        assert "another sheet" in message(app)
        await pilot.press("o")
        assert table.looking is None


async def test_a_solo_game_enters_the_personal_best_table(tmp_path, monkeypatch):
    # issue 4, "Also": "Solo play (1 player) is a real mode: a personal best table kept in
    # the user's data folder (platformdirs) per sheet."
    from tui import best

    monkeypatch.setenv("BOXTOP_DATA_DIR", str(tmp_path))
    for seed in (1, 2):
        session = engine.new_game("giftbringer", ["ann"], seed=seed, options={"rounds": 1})
        app = BoxtopApp(session=session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("d", "d")  # d asks (every result is unused), d again finishes
            await pilot.pause()
            assert isinstance(app.screen, ResultScreen)
            shown = str(app.screen.query_one("#result-best").render())
            assert "Personal bests: 1. 0" in shown
    tables = best.load()
    key = f"giftbringer/{session.game.edition}"
    assert list(tables) == [key] and [b.seed for b in tables[key]] == [1, 2]


async def test_the_replay_of_a_recorded_game_steps_through_every_round():
    # issue 4, "Done when": "the replay of one of them steps through every round"
    from pathlib import Path

    from tui.screens.replay import ReplayScreen

    session = engine.load(Path(__file__).resolve().parent.parent / "saves" / "giftbringer-three.json")
    app = BoxtopApp(replay=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        seen_rounds = set()
        await pilot.press("home")
        for _ in range(len(session.applied_entries()) + 1):
            seen_rounds.add(app.screen.table.view.round)
            await pilot.press("right")
        assert seen_rounds == set(range(1, 11))
        assert app.screen.table.view.phase == "over"
        await pilot.press("home")
        assert app.screen.table.view.round == 1


async def test_a_move_typed_fast_on_the_command_line_reaches_the_engine_whole():
    # ":" opens the command line as the key arrives: every key after it is the command's,
    # none reaches the table (a digit there would spend a Blessing: "1"-"6" pick its face)
    from engine.games.giftbringer.commands import Done

    session = engine.new_game("giftbringer", ["ann"], seed=5, options={"rounds": 2})
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        move = next(c for c in session.legal_commands(0) if not isinstance(c, Done))
        text = session.notation(move)
        # one burst, as a terminal delivers a fast typist's keys: all queued before any is
        # handled (pilot.press would wait for each key to be handled before the next)
        for ch in [":", *text]:
            app._driver.send_message(events.Key({" ": "space", ":": "colon"}.get(ch, ch), ch))
        app._driver.send_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert session.entries[-1].command == move, message(app)
        assert session.state.sheets[0].blessings == ()
        assert app.screen.table.has_focus  # enter gives the keys back to the table


async def test_tab_offers_only_the_legal_choices_for_the_chosen_result():
    # issue 4, "The screen": "Only legal choices are offered": tab walks exactly the
    # Vikings, places and ships where the chosen result (or a Visit, a landing) is legal
    from engine.games.giftbringer.commands import Cross, Land, Visit

    session = engine.new_game("giftbringer", ["ann"], seed=5, options={"rounds": 2})
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.table
        n = table.result_cursor + 1
        legal = {c.target for c in session.legal_commands(0) if isinstance(c, Cross) and c.result == n}
        legal |= {c.ship for c in session.legal_commands(0) if isinstance(c, Land)}
        legal |= {c.place for c in session.legal_commands(0) if isinstance(c, Visit)}
        assert legal and table.fits() == legal
        seen = []
        for _ in range(len(legal)):
            await pilot.press("tab")
            seen.append(table._target())
        assert set(seen) == legal and len(seen) == len(set(seen))
        await pilot.press("tab")  # round again: back to the first
        assert table._target() == seen[0]
        await pilot.press("shift+tab")
        assert table._target() == seen[-1]
        # the first legal Viking: enter crosses the result on him
        viking = next(t for t in seen if t.startswith("V"))
        while table._target() != viking:
            await pilot.press("tab")
        await pilot.press("enter")
        assert session.entries[-1].command == Cross(n, viking)


async def test_an_illegal_cross_is_refused_with_the_engines_reason():
    session = engine.new_game("giftbringer", ["ann"], seed=5, options={"rounds": 2})
    app = BoxtopApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.table
        before = len(session.entries)
        value = session.state.sheets[0].results[0].value
        target = next(v for v in SHEET.vikings if value not in v.demand)
        while table._target() != target.id:
            await pilot.press("down")
        await pilot.press("enter")
        assert message(app) == (f"A {value} cannot be crossed on {target.name} ({target.id}): "
                                f"it still needs {' '.join(map(str, target.demand))}.")
        assert len(session.entries) == before
