"""A hint by keys (issue 26, "A hint"): ``B`` at your turn (the issue asks for h, which is the vim key left in every game) shows the search's best three
moves for your seat, each with its chance, found in a worker; escape closes it."""

from __future__ import annotations

import re

from tui.app import BoxtopApp
from tui_driver import Player, new_game, screen_text, wait_for, wait_for_screen, wait_for_text

SIZE = (100, 30)


async def test_b_shows_your_three_best_moves_with_their_chances_and_escape_closes_it():
    app = BoxtopApp()
    async with app.run_test(size=SIZE) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await new_game(pilot, "Giftbringer", ["ann", "bot"], options={"rounds": 2})
        await pilot.press("B")
        await wait_for_screen(pilot, "HintScreen")
        # the three moves drawn (the box is laid out again once they come: wait for all of them)
        await wait_for(pilot, lambda: len(re.findall(r"about \d+% to win", screen_text(app))) == 3, "three moves",
                       timeout=60)
        text = screen_text(app)
        moves = re.findall(r"\b([123])\. (.+?)  about (\d+)% to win", text)
        assert [m[0] for m in moves] == ["1", "2", "3"], text
        legal = app.screen_stack[-2].session.legal(0)
        assert all(m[1].strip() in legal for m in moves)  # in the game's notation, legal now
        chances = [int(m[2]) for m in moves]
        assert chances == sorted(chances, reverse=True)
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
