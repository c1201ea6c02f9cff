"""Naughty or Nice's card rows from the menu, by keys, reading the screen (issue 13,
"The screen: card rows"). Driven with ``tests/tui_driver.py``; whole games by keys with
``tests/naughty_play.py`` (``play_to_the_result``).
"""

from __future__ import annotations

import re

import pytest

import engine
from engine.games.naughty_or_nice.commands import End

from naughty_play import GAME, game_session, hand_over, play_to_the_result, text_of, type_commands
from tui_driver import (
    reopen_finished_game, save_game, take_keyboard,
    LARGE, SMALL, footer_keys, menu_app, new_game, screen_lines, screen_name, screen_text, settle, shows, wait_for,
    wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    return isolated_user_folders / "saves"


def hand_codes(text: str) -> list[str]:
    """The present codes on the compact hand line ("Presents B: HC · K: CO CO", maybe
    followed by "Creatures TO Tomte" when both fit one row)."""
    line = next(row for row in text.split("\n") if row.startswith("Presents")).split("Creatures")[0]
    return re.findall(r"\b([A-Z]{2})\b", line.split(":", 1)[1] if ":" in line else "")


async def test_a_game_against_a_bot_by_keys_with_a_reaction_undo_save_load_and_replay(save_dir):
    """The rulebook, "Fulfill Wishes" and "Tomte" (cancel a creature's written effect):
    seed 7 gives ann a Tomte; bob's Elves open a window in which she cancels them."""
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], seed=7, undo="casual")
        await wait_for_text(pilot, "Choose your gift giver.")
        session = game_session(app)
        # a choice shows what it means before it is taken: the giver's preferred present
        await pilot.press("1")
        await wait_for_text(pilot, "Santa Claus (santa): Prefers Sleigh (+1 point each).")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.state.players[0].giver == "santa", "Santa")
        await wait_for_text(pilot, "Your turn: take one basic action")
        # fulfill by keys: the kiddo (6, Lupita: K G), then a set of presents that fits (a), then give
        await pilot.press("f", "6")
        await wait_for(pilot, lambda: "Fulfill: 6 " in text_of(app), "kiddo 6 chosen")
        await pilot.press("enter", "right", "right", "space")  # the third present in hand: Old Potatoes
        await wait_for_text(pilot, "does not fit: still wished: G")
        # escape steps back: to the kiddo, then to the turn's keys (the table stays)
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Fulfill: 6 " in text_of(app), "back at the kiddo")
        await pilot.press("escape")
        await wait_for_text(pilot, "Your turn: take one basic action")
        assert screen_name(app) == "GameScreen"
        await pilot.press("f", "6", "enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.state.players[0].kiddos) == 1, "a kiddo gifted")
        assert shows(app, "ann: fulfill 6 OP TB") and session.state.players[0].score > 0
        # one basic action a turn ("Taking a turn"): with nothing left to play (her Tomte is
        # a reaction), alone against a bot, her turn ends by itself every time: the table
        # gives her end, as the engine does when she holds no creature
        await wait_for(pilot, lambda: any(e.seat == 0 and e.command == End() for e in session.entries), "her end")
        # bob's Fulfill: ann's Tomte answers creatures only, and alone against a bot she is
        # asked only when she can answer (windows quick): no "Nothing to react with"
        # bob's Elves: ann may cancel them with her Tomte (the window's second choice)
        await wait_for_text(pilot, "bob played Elves.")
        assert footer_keys(app).get("Pass") is True and "Craft" not in footer_keys(app)
        assert session.options.windows == "quick"
        assert not any(e.seat == 0 for e in session.entries if type(e.command).__name__ == "Pass")
        assert shows(app, "Cancel it with your Tomte, or pass (n).")
        assert shows(app, "2:Tomte: cancel it")
        await pilot.press("2", "enter")
        await wait_for(pilot, lambda: "TO" not in session.state.players[0].creatures, "Tomte played")
        await wait_for_text(pilot, "ann plays Tomte to cancel it.")
        assert any(line.endswith("Elves is cancelled.") for line in session.log_lines(0))
        # craft from the deck (c, enter), then a Fulfill undone and typed again on the : line
        await wait_for_text(pilot, "Your turn: take one basic action")
        await pilot.press("c")
        await wait_for_text(pilot, "Craft 2: deck + deck")
        await pilot.press("enter")
        await wait_for(pilot, lambda: shows(app, "ann: craft deck deck"), "the craft")
        await wait_for_text(pilot, "Your turn: take one basic action")
        await pilot.press("f", "6", "enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.state.players[0].kiddos) == 2, "a second kiddo")
        ann = [e for e in session.entries if e.seat == 0]
        assert session.notation(ann[-1].command) == "fulfill 6 FO"  # Nuka (snowflake, B) with a Fondant
        score = session.state.players[0].score
        await pilot.press("u")
        await wait_for_text(pilot, "Undone.")
        assert len(session.state.players[0].kiddos) == 1 and session.state.players[0].score < score
        await type_commands(pilot, ["fulfill 6 FO"])
        assert session.state.players[0].score == score
        # save, then play on to the result by keys
        await save_game(pilot)
        await play_to_the_result(pilot)
        result = session.result()
        assert result is not None
        await wait_for_text(pilot, session.names[result.winners[0]])
        (saved,) = save_dir.glob("naughty-or-nice-*.json")
        assert engine.load(str(saved)).result() == result
        # load it (the finished game), then replay it, seen as bob: bob's own hand at that point, never ann's
        await reopen_finished_game(pilot, result)
        await pilot.press("home", *["right"] * 6)
        await wait_for_text(pilot, "seen as a spectator")
        assert "'s hand" not in screen_text(app)
        await pilot.press("v", "v")
        await wait_for_text(pilot, "seen as bob")
        await wait_for_text(pilot, "bob's hand")
        assert "ann's hand" not in screen_text(app)


async def test_hot_seat_hands_the_keyboard_over_in_a_reaction_window():
    """The rulebook, "Papa Wolverine" and "Tomte" are played on another player's move:
    the window after ann's Fulfill asks bob, at the same keyboard, so the table hands
    over to bob (his hand, not ann's), then back to ann."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob"], seed=7)
        await wait_for_text(pilot, "Pass the keyboard to ann.")  # a secret hand from the start
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("enter")  # Santa Claus
        await wait_for_text(pilot, "Pass the keyboard to bob.")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Choose your gift giver.")
        assert "1:Christkindl" in text_of(app)  # Santa is taken
        await pilot.press("enter")
        await hand_over(pilot)
        session = game_session(app)
        assert session.state.turn == 0 and shows(app, "ann at the keyboard")
        await pilot.press("f", "6", "enter", "a", "enter")
        # the Fulfill opens a window for bob: the keyboard goes to him
        await wait_for_screen(pilot, "HandoverScreen")
        await wait_for_text(pilot, "Pass the keyboard to bob.")
        assert shows(app, "bob may react")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "ann gave Old Potatoes, Teddy Bear to Lupita.")
        text = text_of(app)
        assert "bob at the keyboard" in text
        bob_hand = sorted(session.state.players[1].presents)
        assert sorted(hand_codes(text)) == bob_hand  # bob's own hand, grouped by colour
        await pilot.press("n")
        await wait_for_screen(pilot, "HandoverScreen")
        await wait_for_text(pilot, "Pass the keyboard to ann.")
        await take_keyboard(pilot)
        # her turn waits for e (she holds a Tomte): at a hot seat it reads as every turn
        # that is over does, and e passes the keyboard on
        await wait_for_text(pilot, "Your turn is over: e passes the keyboard.")
        assert sorted(hand_codes(text_of(app))) == sorted(session.state.players[0].presents)


async def test_five_players_fit_80x24():
    """Five players ("2–5 players"): the present row, the playground's 8 kiddos, a line
    per player, the hand, the question and the log, within 80×24."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random", "eve:random"], seed=4)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "c craft" in text_of(app) or "enter answer" in text_of(app), "ann's turn")
        lines = screen_lines(app)
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        text = text_of(app)
        view = game_session(app).view(0)
        from engine.games.naughty_or_nice.data import KIDDOS
        for slot, kiddo in enumerate(view.playground):
            assert f"{slot + 1} {KIDDOS[kiddo].name}" in text
        assert "midnight in the last 6" in text and text.count("Row 1 ") == 1
        for name in ("ann (you)", "bob", "cyd", "dan", "eve"):
            assert re.search(rf"{re.escape(name)}\s+\S", text), name
        assert sorted(hand_codes(text)) == sorted(view.players[0].presents)
        assert "─log" in text and "? Rules" in lines[-1] and "esc Menu" in lines[-1]


async def test_keys_help_comes_first_on_the_rules_screen():
    async with menu_app(SMALL) as pilot:
        await new_game(pilot, GAME, ["ann", "random"], seed=5)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        assert shows(pilot.app, "summon two creatures, then keep one")


@pytest.fixture
async def service(room_service):
    return await room_service(7)


async def test_a_shared_room_plays_to_the_result_by_keys(service):
    from tui_driver import shared_room_to_the_result

    async with shared_room_to_the_result(service, GAME, play_to_the_result):
        pass


#: A log line that would name a card drawn, summoned, kept or stolen face down.
PRIVATE = re.compile(r"\b(draws|summons|steals) (?![^.]*hidden)[^.]*\.|\bkeeps (?!one\b)")


async def test_a_spectator_never_sees_a_card_in_a_hand(service):
    """"Hidden information": hands are secret, their counts public. A spectator watches a
    room of two to the result; no screen of theirs names a card in anyone's hand."""
    import asyncio
    import random

    from engine.core.bots import RandomBot
    from host import protocol as p
    from host.client import ServiceClient
    from tui.support.remote_session import RemoteSession
    from tui_driver import lobby_app

    svc, sock = service
    bob = await ServiceClient.connect(sock, "bob")
    tables: list = []

    async def read() -> None:
        while (m := await bob.recv()) is not None:
            if isinstance(m, p.TableUpdate):
                tables.append(m.table)

    reader = asyncio.create_task(read())
    await bob.send(p.CreateRoom("naughty-or-nice", [p.SeatSpec(), p.SeatSpec("random")]))
    await asyncio.sleep(0.2)
    code = svc.rooms.summaries()[0].code
    await bob.send(p.StartGame())
    seen: list[str] = []
    async with lobby_app(sock, "ann", SMALL) as pilot:
        app = pilot.app
        await wait_for_text(pilot, code)
        await pilot.press("enter")
        await wait_for_text(pilot, "you can watch it")
        await pilot.press("w")
        await wait_for_text(pilot, "watching ·")
        brain, rng = RandomBot(5), random.Random(5)
        room = svc.rooms.get(code)
        for _ in range(3000):
            seen.append(screen_text(app))
            if room.session.result() is not None:
                break
            table = tables[-1] if tables else None
            if table is not None and 0 in table.to_act and table.result is None:
                shown = RemoteSession(table)
                command = brain.choose(shown.view(0), shown.legal_commands(0), rng)
                count = len(tables)
                await bob.send(p.Play(shown.game.notation(command, shown.names)))
                await wait_for(pilot, lambda: len(tables) > count, "bob's move")
            else:
                await settle(pilot, 0.02)
        await wait_for_screen(pilot, "ResultScreen")
        seen.append(screen_text(app))
        assert room.session.result() is not None
        view = game_session(app).view(None)  # what the room sent the spectator
        assert view.me is None and all(pl.presents == () and pl.creatures == () for pl in view.players)
    reader.cancel()
    await bob.close()
    assert len(seen) > 20 and sum("Row 1 " in text for text in seen) > 20  # the table, watched
    for text in seen:
        assert "'s hand" not in text and "Presents " not in text and "Creatures " not in text
        assert not PRIVATE.search(" ".join(text.split())), PRIVATE.search(" ".join(text.split()))


async def test_a_refused_kiddo_keeps_the_cursor_there_so_enter_never_gives_to_another(save_dir):
    """"Fulfill Wishes": the presents "need to match the color of that Kiddos' list".
    Seed 7: ann cannot fulfil Kwame at 5 (no blue); pressing 5 points at Kwame and says
    why, and enter refuses again instead of choosing presents for another kiddo."""
    async with menu_app(LARGE) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], seed=7)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("enter")
        await wait_for_text(pilot, "Your turn: take one basic action")
        await pilot.press("f", "5")
        await wait_for_text(pilot, "The kiddo at 5 cannot be fulfilled from your hand.")
        assert "Fulfill: 5 Kwame" in text_of(app)
        await pilot.press("enter")
        await settle(pilot, 0.1)
        assert "Fulfill: 5 Kwame" in text_of(app) and "fits: enter gives" not in text_of(app)
        await pilot.press("6", "enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        assert "6 Lupita wishes" in text_of(app)
