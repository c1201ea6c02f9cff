"""Dice Upon a Time's map graph from the menu, by keys, reading the screen (issue 14,
"The screen: a map graph"). Driven with ``tests/tui_driver.py``; whole games by keys
with ``tests/dice_play.py`` (``play_until``).
"""

from __future__ import annotations

import re

import pytest

import engine
import engine.core.reactions
from dice_play import GAME, game_session, play_until
from tui.games.dice_upon_a_time.text import quest_short
from tui_driver import (
    reopen_finished_game, save_game, take_keyboard,
    LARGE, SMALL, menu_app, new_game, screen_lines, screen_name, screen_text, settle, shows, wait_for,
    wait_for_screen, wait_for_text,
)


#: The beginner game's options (no Story cards, Magic Items, Character abilities or trades).
BEGINNER = {"cards": "beginner", "characters": "none", "trading": "off"}


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


async def test_a_short_game_against_bots_by_keys_with_undo_save_load_and_replay(save_dir):
    """ "1 Place one die", "3 Move your figure" (Little Red Riding Hood's 3 to the Old
    Woman), then a short game ("Short and Extra Long game modes") to the result by keys."""
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:heuristic"], options={"length": "short", **BEGINNER}, seed=2,
                       undo="casual")
        await wait_for_text(pilot, "Draw your two opening Quest cards")
        session = game_session(app)
        await pilot.press("right", "enter")  # 2 AP + 3 AP
        await wait_for(pilot, lambda: len(session.state.players[0].quests) == 2, "two quests")
        await play_until(pilot, lambda: session.state.turn == 0 and session.state.step == "place"
                         and not session.state.prompts)
        await wait_for_text(pilot, "Place your")
        # Setup, 9: "the Quest cards go face-up next to the players' Character cards": the
        # others' quests show in the side panel at 120×40 (the row ends in "…" where it is full)
        first = quest_short(session.state.players[1].quests[0])
        await wait_for_text(pilot, f"quests: {first}")
        # walk the lit sockets of a die that takes the Town–Old Woman route's 3
        me = session.state.players[0]
        die = next((d for d, f in me.pool if f != "ban" and (f if isinstance(f, int) else 6) >= 3), None)
        assert die is not None
        index = [d for d, _ in me.pool].index(die)
        await pilot.press(str(index + 1))
        for _ in range(40):
            if "The Town–Old Woman route" in screen_text(app):
                break
            await pilot.press("tab")
            await settle(pilot, 0.01)
        await wait_for_text(pilot, "The Town–Old Woman route → you may move to Old Woman")
        await pilot.press("enter")
        await wait_for_text(pilot, "Move through the route you activated, or stay.")
        await pilot.press("m")
        await wait_for(pilot, lambda: session.state.players[0].at == "old_woman", "ann at the Old Woman")
        assert shows(app, "ann moves to Old Woman.")
        # undo takes the move back (a casual table), the : line plays it again
        await wait_for(pilot, lambda: session.can_undo(0), "something to undo")
        while session.state.players[0].at == "old_woman" and session.can_undo(0):
            await pilot.press("u")
            await settle(pilot, 0.05)
        assert session.state.players[0].at == "town"
        # save, then play on to the result by keys
        await save_game(pilot)
        await play_until(pilot, lambda: session.result() is not None, limit=600)
        await wait_for_screen(pilot, "ResultScreen")
        result = session.result()
        assert result is not None and session.state.chapter == 3
        (saved,) = save_dir.glob("dice-upon-a-time-*.json")
        assert engine.load(str(saved)).result() == result
        # load it (the finished game), then replay it, seen as bob: his dice and quests, "(you)" beside his name
        await reopen_finished_game(pilot, result)
        await pilot.press("home", *["right"] * 12)
        await wait_for_text(pilot, "seen as a spectator")
        assert "(you)" not in screen_text(app)
        await pilot.press("v", "v")
        await wait_for_text(pilot, "seen as bob")
        await wait_for_text(pilot, "bob (you)")


async def test_the_command_line_takes_the_notation_and_a_refused_line_says_why():
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], options=BEGINNER, seed=3)
        await wait_for_text(pilot, "Draw your two opening Quest cards")
        session = game_session(app)
        await pilot.press("colon", *"draw 2 2", "enter")
        await wait_for(pilot, lambda: len(session.state.players[0].quests) == 2, "two quests drawn")
        await play_until(pilot, lambda: session.state.turn == 0 and session.state.step == "place"
                         and not session.state.prompts)
        await pilot.press("colon", *"P TO-KI", "enter")
        await wait_for_text(pilot, "No route joins TO and KI.")
        before = len(session.entries)
        await pilot.press("escape", "colon", *"pass", "enter")
        await wait_for(pilot, lambda: len(session.entries) > before, "the pass")
        assert session.state.players[0].passed or session.state.chapter > 1


async def test_five_players_fit_80x24_with_the_map_the_dice_and_the_quests():
    """Five players ("2–5 players"): the map with every field's code and the four Forest
    Spirits, your dice and quests, a line per other player, the question and the log;
    the rules screen (?) starts with the table's keys."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random", "eve:random"], seed=4)
        await wait_for_text(pilot, "Choose your Character")
        session = game_session(app)
        await play_until(pilot, lambda: session.state.turn == 0 and session.state.step == "place"
                         and not session.state.prompts)
        await wait_for_text(pilot, "Place your")
        lines = screen_lines(app)
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        text = screen_text(app)
        from engine.games.dice_upon_a_time.board import load_board
        for loc in load_board().location:
            assert loc.code in text, loc.code
        for spirit in ("Ra ", "Wo ", "Sn ", "Fo "):
            assert spirit in text
        me = session.state.players[0]
        from tui.games.dice_upon_a_time.text import die_label
        assert " ".join(die_label(d, f) for d, f in me.pool) + " · " in text  # the dice, then the tokens
        for name in ("bob", "cyd", "dan", "eve"):
            assert re.search(rf"\b{name} [A-Z]{{2}} \d+AP", text), name
        assert "ann (you)" in text and "tab/↑↓ socket" in text and "? Rules" in lines[-1]
        # the full game: the others' Characters on one row by code, the log still below
        from tui.games.dice_upon_a_time.map import initials
        from tui.games.dice_upon_a_time.text import character_code, character_text

        view, letters = session.view(0), initials(["ann", "bob", "cyd", "dan", "eve"])
        assert " ".join(f"{letters[i]} {character_code(view.players[i], view)}" for i in range(1, 5)) in text
        assert character_text(view.players[0], view, short=True) in text and "log" in text
        # the rules screen starts with the table's keys
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        assert shows(app, "walk the sockets that die may go in")


async def test_a_cooperative_game_ends_with_the_tables_band():
    """ "Cooperative game" and the completion table: the result says the table's AP and
    its band in the rulebook's words."""
    async with menu_app(LARGE) as pilot:
        await new_game(pilot, GAME, ["ann:heuristic", "bob:heuristic"], options={"length": "short",
                                                                                 "mode": "cooperative"}, seed=1)
        await wait_for_screen(pilot, "ResultScreen")
        await wait_for_text(pilot, "Together ")
        assert re.search(r"Together \d+ AP\.", screen_text(pilot.app).replace("\n", " "))


def at_the_fairy(seed: int = 6):
    """ann (the heuristic bot's moves, seeded) against a heuristic bob, up to ann's first
    location question: seed 6 brings her to the Fairy in chapter 4, with a quest she can
    complete once she takes the Fairy's token (another seed once the bots change)."""
    from engine.core.rng import rng_for
    from engine.games.dice_upon_a_time.bot import HeuristicBot

    ann = HeuristicBot(0)
    session = engine.new_game("dice-upon-a-time", [engine.Seat("ann"), engine.Seat("bob", "heuristic")], seed=seed,
                              options=BEGINNER)
    session.run_bots()
    def asking(st) -> str:
        return st.prompts[0].kind if st.prompts else st.step

    while not (session.to_act_seats() == [0] and asking(session.state) == "fairy"):
        assert session.result() is None, f"seed {seed} never brings ann to the Fairy: choose another"
        session.submit(0, ann.choose(session.view(0), session.legal_commands(0), rng_for(seed, session.ply, "t")))
        session.run_bots()
    return session, ann.choose(session.view(0), session.legal_commands(0), rng_for(seed, session.ply, "t"))


async def test_the_fairys_token_by_a_digit_then_c_and_enter_complete_a_quest():
    """ "Fairy": "take 1 token of any kind"; "Completing quests": at the end of your turn
    you may complete quests whose requirements you meet. The Fairy's choices by digit,
    then c puts the cursor on the quest to complete and enter completes it."""
    from engine.games.dice_upon_a_time import commands as cmd
    from tui.app import BoxtopApp

    session, take = at_the_fairy()
    legal = session.legal_commands(0)
    before = session.state.players[0].count(take.token)
    app = BoxtopApp(session=session)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for_text(pilot, "The Fairy: take a token of your choice.")
        assert shows(app, "1:Gold Coin  2:Loaf of Bread  3:Apple")
        entries = len(session.entries)
        await pilot.press("c")  # no quest to complete yet: the key does nothing
        await settle(pilot, 0.05)
        assert len(session.entries) == entries and shows(app, "The Fairy: take a token of your choice.")
        await pilot.press(str(legal.index(take) + 1), "enter")
        await wait_for(pilot, lambda: session.state.players[0].count(take.token) == before + 1, "the Fairy's token")
        await wait_for_text(pilot, "Complete a quest, or end your turn.")
        quests = [c for c in session.legal_commands(0) if isinstance(c, cmd.Complete)]
        assert quests and "c quest" in screen_text(app)
        await pilot.press("c", "enter")
        await wait_for(pilot, lambda: quests[0].quest in session.state.players[0].done, "the quest completed")
        assert quests[0].quest not in session.state.players[0].quests


async def test_hot_seat_hands_the_keyboard_to_each_player_the_wolf_asks():
    """ "Wolf": "all players in clockwise order must place one of their unused dice on the
    field": at one keyboard, each person the Wolf asks gets the keyboard in turn."""
    from engine.games.dice_upon_a_time.notation import DIE_LETTER

    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob", "cyd:random"], options=BEGINNER, seed=6)
        session = game_session(app)

        def ann_places() -> bool:
            st = session.state
            return st.turn == 0 and st.step == "place" and not st.prompts

        await play_until(pilot, ann_places)
        if screen_name(app) == "HandoverScreen":
            await take_keyboard(pilot)
        await wait_for_screen(pilot, "GameScreen")
        await wait_for_text(pilot, "ann (you)")
        die = session.state.players[0].pool[0][0]
        await pilot.press("colon", *f"{DIE_LETTER[die]} wolf", "enter")
        await wait_for_screen(pilot, "HandoverScreen")
        await wait_for_text(pilot, "Pass the keyboard to bob")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "The Wolf gobbles up a die")
        assert "bob (you)" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: {d.seat for d in session.state.board.get("wolf", ())} >= {0, 1},
                       "bob's die on the Wolf")


async def test_the_full_game_by_keys_a_trade_a_magic_item_window_and_bad_luck():
    """The full game at one keyboard ("Encounter", "Magic Item cards", "Bad Luck cards"):
    the Characters chosen by keys; before her first die ann presses ``a`` and offers bob,
    on her field, a quest for one of his, which he accepts after the hand-over; a Magic
    Item window is answered "no item" by keys; a Bad Luck card's two effects are a row of
    choices."""
    from engine.games.dice_upon_a_time import commands as cmd
    from engine.games.dice_upon_a_time import events as ev

    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob", "cyd:random"], seed=8)
        session = game_session(app)
        await play_until(pilot, lambda: any(p.kind == "character" for p in session.state.prompts)
                         and screen_name(app) == "GameScreen")
        await wait_for_text(pilot, "Choose your Character")
        await play_until(pilot, lambda: session.state.turn == 0 and session.state.step == "place"
                         and not session.state.prompts and not session.state.windows)
        if screen_name(app) == "HandoverScreen":
            await take_keyboard(pilot)
        await wait_for_text(pilot, "a items")
        kinds = (cmd.Play, cmd.Walk, cmd.Convert, cmd.Rest, cmd.Draw, cmd.Offer)
        actions = [c for c in session.legal_commands(0) if isinstance(c, kinds)]
        offer = next(c for c in actions if isinstance(c, cmd.Offer) and c.to == 1)
        mine, his = session.state.players[0].quests, session.state.players[1].quests
        await pilot.press("a")
        await wait_for_text(pilot, "Before placing a die")
        await pilot.press(*["right"] * actions.index(offer), "enter")
        await wait_for_screen(pilot, "HandoverScreen")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "accept or refuse")
        assert shows(app, "1:accept") and shows(app, "2:refuse")
        assert shows(app, "Trade: ann offers you") and "bob (you)" in screen_text(app)
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: session.state.offer is None, "the trade answered")
        assert offer.get[0] in session.state.players[0].quests and offer.give[0] in session.state.players[1].quests
        assert set(mine) - {offer.give[0]} <= set(session.state.players[0].quests) and his != session.state.players[1].quests

        def human_window() -> bool:
            st = session.state
            return bool(st.windows) and not st.prompts and st.windows[-1].waiting[0] in (0, 1)

        await play_until(pilot, human_window)
        if screen_name(app) == "HandoverScreen":
            await take_keyboard(pilot)
        await wait_for_text(pilot, "1:no item")
        from tui.games.dice_upon_a_time.text import window_question

        asked = window_question(session.state.windows[-1], session.view(session.state.windows[-1].waiting[0]),
                                ["ann", "bob", "cyd"])
        assert shows(app, asked), asked
        before = len(session.entries)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.entries) > before, "the window answered")
        assert any(isinstance(e, engine.core.reactions.Passed) for e in session.entries[-1].events)

        def bad_luck() -> bool:
            st = session.state
            return bool(st.prompts) and st.prompts[0].kind == "bad_luck" and st.prompts[0].seat in (0, 1)

        await play_until(pilot, bad_luck)
        if screen_name(app) == "HandoverScreen":
            await take_keyboard(pilot)
        await wait_for_text(pilot, "choose which effect you suffer")
        story = session.state.prompts[0].story
        from engine.games.dice_upon_a_time.notation import story_option

        assert shows(app, "1:" + story_option(story, 0)[:20])
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(isinstance(e, ev.BadLuckChosen) for entry in session.entries[-2:]
                                          for e in entry.events), "the Bad Luck effect chosen")


async def test_a_full_game_against_a_bot_where_ann_plays_a_magic_item_in_a_window_by_keys():
    """The full game against a heuristic bot to the result, by keys ("Magic Item cards":
    some are played in answer to another player's move): seed 1 brings ann a tokens
    window in chapter 1 where her Cudgel in the Sack may answer; the window's row starts
    with "no item", she picks the Cudgel by its digit and enter plays it."""
    from engine.games.dice_upon_a_time import commands as cmd
    from engine.games.dice_upon_a_time import events as ev
    from tui.games.dice_upon_a_time.text import item_name

    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:heuristic"], options={"length": "short"}, seed=1)
        session = game_session(app)

        def may_play() -> bool:
            st = session.state
            return (bool(st.windows) and not st.prompts and st.windows[-1].waiting[0] == 0
                    and any(isinstance(c, cmd.Play) for c in session.legal_commands(0)))

        await play_until(pilot, may_play)
        assert may_play(), "seed 1 no longer gives ann a Magic Item to play in a window: choose another"
        legal = session.legal_commands(0)
        assert legal[0] == engine.core.reactions.Pass()
        play = next(c for c in legal if isinstance(c, cmd.Play))
        await wait_for_text(pilot, "1:no item")
        assert shows(app, f"{legal.index(play) + 1}:{item_name(play.item)}")
        await pilot.press(str(legal.index(play) + 1), "enter")
        await wait_for(pilot, lambda: any(isinstance(e, ev.ItemPlayed) and e.item == play.item
                                          for entry in session.entries for e in entry.events), "the item played")
        await play_until(pilot, lambda: session.result() is not None, limit=800)
        await wait_for_screen(pilot, "ResultScreen")
