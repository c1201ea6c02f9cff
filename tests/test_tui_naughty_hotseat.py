"""Naughty or Nice at one keyboard (play-test C, defects 5, 7 and 8): ``a`` (fits)
gives the set that scores the most, a turn ends the same way every time, and the
questions with one answer that give nothing away are not asked. Driven from the menu by
keys (``tests/tui_driver.py``); rare positions are games made by the engine and loaded
by keys (``naughty_positions``). The rule test for ``a`` plays its choice through the
rules (``naughty_table``).
"""

from __future__ import annotations

import random

import pytest

from engine.games.naughty_or_nice.commands import End, Fulfill
from engine.games.naughty_or_nice.common import giver_bonus
from naughty_play import GAME, game_session, text_of
from naughty_positions import load_game, played_until
from naughty_table import GAME as RULES, NAMES, fold, kiddos_with, random_positions, run, scored, table
from tui.games.naughty_or_nice.table import best_fit
from tui_driver import (
    SMALL, footer_keys, menu_app, new_game, screen_name, shows, take_keyboard, wait_for, wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    folder = isolated_user_folders / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fits(legal, slot: int) -> list[Fulfill]:
    """The Fulfills of the kiddo at ``slot`` without Caga Tió, in ``legal``'s order."""
    return [c for c in legal if isinstance(c, Fulfill) and c.slot == slot and not c.caga]


def points(state, seat: int, command) -> int:
    """What ``command`` scores for ``seat`` by the rules (``decide``)."""
    return sum(p for _, p, _ in scored(RULES.decide(state, seat, command, random.Random(0)), seat))


# ------------------------------------------------------------------ C-5: a (fits)
@pytest.mark.parametrize("giver, hand, wishes, best, most", [
    ("odin", "CA ST SW ST", ("red", "red", "red"), "SW", 4),  # the rulebook's Odin and Benjamin
    ("santa", "OP CR SL", ("black", "green"), "SL", 3),  # Santa's Sleigh
    ("father", "CA ST", ("red",), "ST", 3),  # Father Christmas's Stockings, +2 at level 4
])
def test_a_gives_the_set_that_scores_the_most_with_the_preferred_present(giver, hand, wishes, best, most):
    """Naughty or Nice rulebook, "Fulfill Wishes": "Do not forget that every Gift Giver
    has a special present that 'if given' scores an extra point for the player per
    special present", and its example: "if 1 of the red gifts is a sweater, then instead
    of scoring 3 points, the player scores 4 points". Of the sets that fit, ``a`` takes
    one that scores the most (the first in hand order scores less in each case)."""
    kiddo = kiddos_with(wishes=wishes)[0]
    state = table(2, 4, givers=(giver, "nicholas" if giver != "nicholas" else "odin"), hands={0: hand},
                  ground=[kiddo])
    legal = RULES.legal(state, 0)
    chosen = best_fit(fits(legal, 0), RULES.view(state, 0))
    assert best in chosen.presents
    assert points(state, 0, fits(legal, 0)[0]) < points(state, 0, chosen) == most
    assert scored(run(state, 0, RULES.notation(chosen, NAMES[:2]))[1], 0)[0][1] == most


def test_a_scores_as_much_as_any_set_that_fits_in_played_games():
    """"Fulfill Wishes" in random games at levels 2 to 5 (every gift giver, Saint
    Nicholas's ignored black wish, Caga Tió): ``a``'s set scores what the best set
    that fits scores, by the rules' own count."""
    checked = 0
    for seed, level in ((1, 2), (2, 4), (3, 5), (4, 5), (5, 4)):
        for state, seat in random_positions(seed, 3, level, steps=300):
            legal = RULES.legal(state, seat)
            for slot in sorted({c.slot for c in legal if isinstance(c, Fulfill)}):
                for caga in (False, True):
                    same = [c for c in legal if isinstance(c, Fulfill) and c.slot == slot and c.caga == caga]
                    if len(same) < 2:
                        continue
                    chosen = best_fit(same, RULES.view(state, seat))
                    assert points(state, seat, chosen) == max(points(state, seat, c) for c in same)
                    checked += 1
    assert checked > 20


def _first_fit_scores_less(giver: str):
    """Wanted: ann plays ``giver``, before her basic action, and the first set that fits
    some kiddo (in hand order) scores less than another that fits it."""
    def wanted(state, legal) -> bool:
        if state.players[0].giver != giver or state.acted:
            return False
        for slot in sorted({c.slot for c in legal if isinstance(c, Fulfill)}):
            same = fits(legal, slot)
            bonus = [giver_bonus(giver, state.level, c.presents) for c in same]
            if same and bonus[0] < max(bonus):
                return True
        return False
    return wanted


@pytest.mark.parametrize("giver", ["odin", "santa"])
async def test_f_then_a_gives_the_gift_givers_preferred_present(save_dir, giver):
    """Play-test C, defect 5: bob as Odin (prefers the Sweater) with Cap and Sweater, a
    kiddo wishing red: ``a`` gave the Cap (1 point less); cyd as Santa gave Crayons, not
    the Sleigh. By keys: f, the kiddo, enter, a, enter."""
    session = played_until(_first_fit_scores_less(giver), names=("ann", "bob:random"), options={"level": 4})
    state, legal = session.state, session.legal_commands(0)
    slot = next(s for s in sorted({c.slot for c in legal if isinstance(c, Fulfill)})
                if _first_fit_scores_less(giver)(state, [c for c in legal if not isinstance(c, Fulfill)
                                                         or c.slot == s]))
    most = max(giver_bonus(giver, state.level, c.presents) for c in fits(legal, slot))
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "f fulfill")
        await pilot.press("f", str(slot + 1), "enter", "a")
        await wait_for_text(pilot, "fits: enter gives")
        loaded = game_session(app)
        before = len(loaded.entries)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(loaded.entries) > before, "the Fulfill")
        given = loaded.entries[before].command
        assert isinstance(given, Fulfill) and given.slot == slot
        assert giver_bonus(giver, state.level, given.presents) == most > 0


# ------------------------------------------------------------------ C-8: the end of a turn
async def test_a_turn_that_ends_by_itself_stays_with_its_person_until_e():
    """Play-test C, defect 8: at one keyboard cyd crafted and the next screen was
    already "Pass the keyboard to ann": cyd never saw the presents drawn, while a turn
    with a creature in hand waited for e. The rulebook, "Taking a turn": one basic
    action; the engine ends the turn after it when no creature can be played (at level
    2 there are none). Now the table stays with ann, showing her draw, says "Your turn is
    over: e passes the keyboard.", and only e hands over."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob"], options={"level": 2}, seed=3)
        for _ in range(2):  # each chooses a gift giver, behind a hand-over
            await take_keyboard(pilot)
            await wait_for_text(pilot, "Choose your gift giver.")
            await pilot.press("enter")
            await wait_for_screen(pilot, "HandoverScreen")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Your turn: take one basic action, craft or fulfill.")
        session = game_session(app)
        await pilot.press("c", "enter")  # craft 3 from the deck: the turn is over
        await wait_for_text(pilot, "Your turn is over: e passes the keyboard.")
        assert screen_name(app) == "GameScreen" and shows(app, "ann at the keyboard")
        assert session.state.turn == 1  # the engine has ended it: bob is to act
        drawn = next(e for e in reversed(session.log_lines(0)) if "ann draws" in e)
        assert shows(app, drawn.strip())  # what the craft brought her, by name
        await pilot.press("c", "enter", "space")  # no other key acts or hands over
        await wait_for_text(pilot, "Your turn is over: e passes the keyboard.")
        assert screen_name(app) == "GameScreen" and session.state.turn == 1
        keys = footer_keys(app)  # the footer names e for what it does now, not "End turn"
        assert any(label.startswith("Pass") for label in keys) and not any(label.startswith("End") for label in keys), keys
        await pilot.press("e")
        await wait_for_screen(pilot, "HandoverScreen")
        await wait_for_text(pilot, "Pass the keyboard to bob.")
        await take_keyboard(pilot)
        await wait_for_text(pilot, "bob at the keyboard")
        assert "ann's hand" not in text_of(app) and not shows(app, "Your turn is over")
