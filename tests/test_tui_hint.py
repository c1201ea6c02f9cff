"""A hint by keys (issue 26, "A hint"): ``B`` at your turn (the issue asks for h, which is the vim key left in every game) shows the search's best three
moves for your seat, each with its chance, found in a worker, in notation and in words
(each move's sentence on the lines under it, indented); escape closes it."""

from __future__ import annotations

import re

import pytest

from tui.screens.hint import UNSURE
from tui_driver import flat, menu_app, new_game, region_text, screen_text, wait_for, wait_for_screen, wait_for_text

SIZE = (100, 30)


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["100x30", "80x24"])
async def test_b_shows_your_three_best_moves_with_their_chances_and_words_and_escape_closes_it(size):
    async with menu_app(size) as pilot:
        app = pilot.app
        await new_game(pilot, "Giftbringer", ["ann", "bot"], options={"rounds": 2})
        await pilot.press("B")
        await wait_for_screen(pilot, "HintScreen")
        # while it looks: a bar that fills against the search's budget of seconds
        await wait_for(pilot, lambda: "looking for your best moves" in screen_text(app)
                       and app.screen.query_one("#hint-wait").percentage > 0, "the progress bar filling")
        # the three moves drawn (the box is laid out again once they come: wait for all of them)
        await wait_for(pilot, lambda: len(re.findall(r"about \d+% to win", screen_text(app))) == 3, "three moves",
                       timeout=60)
        await pilot.pause()
        text = screen_text(app)
        moves = re.findall(r"\b([123])\. (.+?)  about (\d+)% to win", text)
        assert [m[0] for m in moves] == ["1", "2", "3"], text
        session = app.screen_stack[-2].session
        legal = session.legal(0)
        assert all(m[1].strip() in legal for m in moves)  # in the game's notation, legal now
        chances = [int(m[2]) for m in moves]
        if UNSURE in flat(text):  # nothing told apart: the normal bot's choice first, then best first
            chances = chances[1:]
        assert chances == sorted(chances, reverse=True)
        # in words too: each move's sentence from ann's view, under its line, indented
        # past the number ("1. "), wrapping inside the box when it is long
        game, view = session.game, session.view(0)
        hint = app.screen
        lines, words = list(hint.query(".hint-move")), list(hint.query(".hint-words"))
        assert len(lines) == len(words) == 3
        for (_, notation, _), line, said in zip(moves, lines, words):
            expected = game.explain(game.parse(notation.strip(), session.names), view, session.names)
            assert flat(" ".join(region_text(app, said.content_region))) == expected, text
            assert said.content_region.y == line.region.bottom  # the next row
            assert said.content_region.x == line.content_region.x + 3
        box = hint.query_one("#hint-box").region
        assert box.bottom <= size[1] - 1 and box.right <= size[0]  # the box fits, the footer shows
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")


async def test_a_hint_whose_moves_all_play_out_alike_says_so_under_them():
    # Issue 35, item 6: where the play-outs tell no move apart from what the normal bot
    # would play, the hint says so rather than pass noise off as advice. Dice Upon a
    # Time's beginner game four moves from its end: every move ann may make wins on the
    # spot, so every move plays out the same on every round, however many are played.
    import os
    from pathlib import Path

    import msgspec

    from tui_driver import take_keyboard

    saves = Path(__file__).parent.parent / "saves"
    data = msgspec.json.decode((saves / "dice-upon-a-time-beginner.json").read_bytes())
    data["entries"] = data["entries"][:177]  # ann to move; the log is the game
    folder = Path(os.environ["BOXTOP_SAVE_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "almost-won.json").write_bytes(msgspec.json.encode(data))
    async with menu_app((80, 24)) as pilot:
        app = pilot.app
        await pilot.press("l")
        await wait_for_screen(pilot, "LoadScreen")
        await pilot.press("enter")
        await wait_for_screen(pilot, "GameScreen", "HandoverScreen")
        await take_keyboard(pilot)
        await pilot.press("B")
        await wait_for_screen(pilot, "HintScreen")
        await wait_for_text(pilot, "normal bot would play", timeout=60)
        text = flat(screen_text(app))
        assert UNSURE in text
        assert len(re.findall(r"about 100% to win", text)) == 3, text
        box = app.screen.query_one("#hint-box").region
        assert box.bottom <= 23 and box.right <= 80
