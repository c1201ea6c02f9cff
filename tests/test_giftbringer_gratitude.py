"""Giftbringer: when a visited house gives more Gratitude than the player's Vikings have
free slots, the player chooses which letters to keep.

Giftbringer rulebook, "GRATITUDE": "write down all expresses of Gratitude from the house
in an empty spaces below any of your Recruited Viking (write the first letter in the box
below the Viking – C for cookies, G for Glass of Milk, M for Muffins). Note that each
expression of Gratitude occupies one space and if you don't have enough empty spaces to
take all Gratitude from Visited house the remaining Gratitude is lost." The player writes
the letters down, so the player chooses which ones (``engine/games/giftbringer/RULES.md``,
"Gratitude"). The engine, the notation, the bots and the app's keys are tested here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from msgspec.structs import replace

import engine
from engine.core.errors import IllegalCommand
from engine.games.giftbringer import rules
from engine.games.giftbringer.bot import HeuristicBot
from engine.games.giftbringer.commands import Visit
from engine.games.giftbringer.events import DiceRolled, GameStarted, Visited
from engine.games.giftbringer.notation import describe, notation, parse
from engine.games.giftbringer.options import Options
from engine.games.giftbringer.sheet import SHEET, neighbours
from engine.games.giftbringer.state import State, evolve, initial
from engine.games.giftbringer.view import view
from tui_driver import Player, screen_text

RNG = random.Random(0)
EXAMPLES = Path(__file__).resolve().parent.parent / "saves"
ALL_VIKINGS = tuple(v.id for v in SHEET.vikings)  # 20 Presents, 18 slots between them
# Houses by their Gratitude: several kinds of letter (a choice when they overflow), and
# all of one kind (never a choice: every choice keeps the same letters).
MIXED = next(p for p in SHEET.places if len(p.gratitude) == 3 and len(set(p.gratitude)) == 2)
COOKIE_AND_MUFFIN = next(p for p in SHEET.places if "C" in p.gratitude and "M" in p.gratitude)
SAME = next(p for p in SHEET.places if len(p.gratitude) >= 2 and len(set(p.gratitude)) == 1)


def ready_to_visit(house, free: int, taken: str = "") -> State:
    """A one-player table where ``house`` can be visited now: every result crossed, its
    neighbour visited (or its harbour chosen), all Vikings recruited with their Presents,
    and Gratitude already written so that exactly ``free`` slots are empty (``taken``
    first, then Glasses of Milk)."""
    state = initial(Options(), 1)
    for e in (GameStarted(0), DiceRolled(1, (1, 2, 3, 4))):
        state = evolve(state, e)
    sheet = state.sheets[0]
    marks = dict(sheet.marks)
    marks[house.id] = (True,) * len(house.demand)
    coast = [s.id for s in SHEET.ships if house.id in s.coast]
    ship = coast[0] if coast else SHEET.ships[0].id
    visited = () if coast else (sorted(neighbours(house.id))[0],)
    letters = list(taken) + ["G"] * (sum(v.slots for v in SHEET.vikings) - free - len(taken))
    gratitude = {}
    for v in SHEET.vikings:
        gratitude[v.id], letters = tuple(letters[: v.slots]), letters[v.slots:]
    sheet = replace(sheet, marks=marks, ship=ship, visited=visited, recruited=ALL_VIKINGS, gratitude=gratitude)
    state = replace(state, sheets=(sheet,))
    assert rules.free_slots(state.sheets[0]) == free
    return state


def visits(state: State, place: str) -> list[Visit]:
    return [c for c in rules.legal(state, 0) if isinstance(c, Visit) and c.place == place]


def visited(state: State, command: Visit) -> Visited:
    (event,) = [e for e in rules.decide(state, 0, command, RNG) if isinstance(e, Visited)]
    return event


# ---------------------------------------------------------------------- the engine
def test_the_player_chooses_which_letters_to_keep_when_they_overflow_the_slots():
    # "GRATITUDE": the player writes down the Gratitude; what has no empty space is lost.
    # One slot free, three letters of two kinds: either kind may be kept.
    state = ready_to_visit(MIXED, free=1)
    kinds = sorted(set(MIXED.gratitude))
    assert visits(state, MIXED.id) == [Visit(MIXED.id, k) for k in kinds]
    assert rules.keep_choices(state.sheets[0], MIXED.id) == kinds
    for letter in kinds:
        event = visited(state, Visit(MIXED.id, letter))
        assert [kept for _, kept in event.gratitude] == [letter]  # the event records what was kept
        assert event.lost == 2
        after = evolve(state, event)
        assert rules.counts(after.sheets[0])[letter] == rules.counts(state.sheets[0])[letter] + 1
        assert after.sheets[0].lost == 2 and rules.free_slots(after.sheets[0]) == 0
    # two slots free: every different pair of the three letters
    two = ready_to_visit(MIXED, free=2)
    pairs = sorted({"".join(sorted(MIXED.gratitude[:i] + MIXED.gratitude[i + 1:])) for i in range(3)})
    assert [c.keep for c in visits(two, MIXED.id)] == pairs
    event = visited(two, Visit(MIXED.id, pairs[-1]))
    assert sorted(kept for _, kept in event.gratitude) == list(pairs[-1]) and event.lost == 1


def test_a_visit_that_overflows_must_say_what_it_keeps():
    # Today's rule kept the first letters printed and lost the rest; now that is the
    # player's choice, and a visit that does not make it is refused with a sentence that
    # shows how, and nothing changes.
    state = ready_to_visit(MIXED, free=1)
    with pytest.raises(IllegalCommand, match=f"^Choose what to keep: visit {MIXED.id} keep "):
        rules.decide(state, 0, Visit(MIXED.id), RNG)
    for wrong in ("X", "CM", "MC", "cm", next(c for c in "CGM" if c not in MIXED.gratitude)):
        with pytest.raises(IllegalCommand, match="keep"):
            rules.decide(state, 0, Visit(MIXED.id, wrong), RNG)


@pytest.mark.parametrize("house, free", [(MIXED, 3), (MIXED, 9), (MIXED, 0), (SAME, len(SAME.gratitude) - 1)])
def test_no_choice_when_everything_fits_nothing_does_or_every_choice_is_the_same(house, free):
    # Behaviour unchanged: every letter written when all fit; all lost with no empty
    # slot; a house of one kind of letter keeps as many as fit, with nothing to choose.
    state = ready_to_visit(house, free=free)
    assert visits(state, house.id) == [Visit(house.id)]
    event = visited(state, Visit(house.id))
    kept = min(free, len(house.gratitude))
    assert [letter for _, letter in event.gratitude] == list(house.gratitude[:kept])
    assert event.lost == len(house.gratitude) - kept
    with pytest.raises(IllegalCommand, match="nothing to choose"):
        rules.decide(state, 0, Visit(house.id, house.gratitude[0] * max(1, min(free, len(house.gratitude)))), RNG)


def test_legal_is_exactly_what_decide_accepts_for_an_overflowing_visit():
    state = ready_to_visit(MIXED, free=2)
    legal = rules.legal(state, 0)
    probes = [Visit(MIXED.id, "".join(k)) for k in ("", "C", "G", "M", "CC", "CG", "CM", "GG", "GM", "GC", "MM", "CGM")]
    for command in probes:
        if command in legal:
            rules.decide(state, 0, command, RNG)
        else:
            with pytest.raises(IllegalCommand):
                rules.decide(state, 0, command, RNG)


# ---------------------------------------------------------------------- the notation
def test_notation_and_parse_are_a_pair_for_every_keep():
    # format then parse gives the same command, for every Visit legal now
    for free in (1, 2):
        state = ready_to_visit(MIXED, free=free)
        for command in visits(state, MIXED.id):
            text = notation(command, ["ann"])
            assert text == f"visit {MIXED.id} keep {command.keep}"
            assert parse(text, ["ann"]) == command
    assert notation(Visit("H4"), ["ann"]) == "visit H4" and parse("visit H4", ["ann"]) == Visit("H4")
    # typed in any case and order, with or without spaces: the letters in the order C, G, M
    assert parse(f"visit {MIXED.id.lower()} keep m c", ["ann"]) == Visit(MIXED.id, "CM")
    assert parse("VISIT h9 KEEP mC", ["ann"]) == Visit("H9", "CM")
    with pytest.raises(IllegalCommand, match="not a Gratitude letter"):
        parse("visit H9 keep X", ["ann"])
    with pytest.raises(IllegalCommand, match="Cannot read"):
        parse("visit H9 keep", ["ann"])


def test_the_log_says_what_was_kept_and_what_was_lost():
    state = ready_to_visit(MIXED, free=1)
    letter = sorted(set(MIXED.gratitude))[-1]
    line = describe(visited(state, Visit(MIXED.id, letter)), ["ann"])
    names = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}
    left = list(MIXED.gratitude)
    left.remove(letter)
    assert f"{names[letter]}; " + ", ".join(names[x] for x in left) + " lost (no slot)" in line


# ---------------------------------------------------------------------- the bots
def test_the_heuristic_bot_keeps_the_letter_that_completes_a_bonus():
    # "SCORING": 5 points a Cookie, 6 a Muffin, "15 points if you gained 8 Cookies".
    # One slot free at a house giving a Cookie and a Muffin: with 7 Cookies taken the
    # Cookie (5 + 15) is worth more than the Muffin (6); with none, the Muffin.
    bot = HeuristicBot(1)
    state = ready_to_visit(COOKIE_AND_MUFFIN, free=1, taken="C" * 7)
    command = bot.choose(view(state, 0), rules.legal(state, 0), random.Random(1))
    assert command == Visit(COOKIE_AND_MUFFIN.id, "C")
    state = ready_to_visit(COOKIE_AND_MUFFIN, free=1)
    command = bot.choose(view(state, 0), rules.legal(state, 0), random.Random(1))
    assert command == Visit(COOKIE_AND_MUFFIN.id, "M")


def test_the_heuristic_bot_leans_toward_the_bonus_it_is_nearest():
    # Two Glasses of Milk short of 7 (4 each, 15 at the 7th) against one Muffin (6): with
    # five Glasses of Milk taken, a Glass of Milk is kept before a Muffin.
    house = next(p for p in SHEET.places if "G" in p.gratitude and "M" in p.gratitude)
    state = ready_to_visit(house, free=1, taken="")  # the filler is Milk: 17 taken
    assert HeuristicBot(2).choose(view(state, 0), rules.legal(state, 0), random.Random(1)).keep == "M"
    state = ready_to_visit(house, free=1, taken="G" * 5 + "C" * 12)
    assert HeuristicBot(2).choose(view(state, 0), rules.legal(state, 0), random.Random(1)).keep == "G"


def test_the_heuristic_bot_makes_the_choice_in_seeded_games():
    # its commands are legal (step_bot checks) and it meets the choice in seeded games
    kept = []
    for seed in range(10):
        s = engine.new_game("giftbringer", [engine.Seat("a", "heuristic"), engine.Seat("b", "heuristic")], seed=seed)
        while s.result() is None:
            entry = s.step_bot()
            if isinstance(entry.command, Visit) and entry.command.keep:
                kept.append(entry.command)
    assert kept


# ---------------------------------------------------------------------- old saves
def test_an_old_save_whose_visit_lost_letters_still_loads():
    # The example solo game kept Muffin, Muffin of Ember Lodge's Muffin, Muffin, Cookie
    # (two free slots); its entry now says so ("keep MM"). Saved before the choice, the
    # entry was a bare "visit H9": that save loads (its events are what happened), and
    # verify, which decides every command again, names the entry and the choice.
    from engine.core import save_read

    new = (EXAMPLES / "giftbringer-solo.json").read_bytes()
    old = new.replace(b'{"type":"visit","place":"H9","keep":"MM"}', b'{"type":"visit","place":"H9"}')
    assert old != new
    loaded, current = save_read.loads(old), save_read.loads(new, redecide=True)
    assert loaded.state == current.state and loaded.result() == current.result()
    (visit,) = [e for entry in loaded.entries for e in entry.events if isinstance(e, Visited) and e.place == "H9"]
    assert [letter for _, letter in visit.gratitude] == ["M", "M"] and visit.lost == 1
    with pytest.raises(engine.SaveError, match="entry 52 .*Choose what to keep: visit H9 keep"):
        save_read.loads(old, redecide=True)


# ---------------------------------------------------------------------- the app, by keys
def at_a_choice(seed: int) -> engine.LocalSession:
    """A solo game played by a careful (heuristic) hand until a house is ready to visit
    whose Gratitude overflows the free slots."""
    from engine.core.rng import rng_for

    s = engine.new_game("giftbringer", ["ann"], seed=seed)
    bot = HeuristicBot(seed)
    while s.result() is None:
        legal = s.legal_commands(0)
        if any(isinstance(c, Visit) and c.keep for c in legal):
            return s
        s.submit(0, bot.choose(s.view(0), legal, rng_for(s.seed, s.ply, "gratitude")))
    raise AssertionError(f"seed {seed}: no overflowing visit")


async def test_the_player_chooses_the_gratitude_to_keep_by_keys():
    # "GRATITUDE": the player writes the letters down. At a house whose Gratitude does not
    # all fit, v (or enter) lists the choices, the one worth most first; ↑↓ and enter
    # keep one, escape goes back without visiting.
    from tui.app import BoxtopApp
    from tui.games.giftbringer.keep import KeepScreen
    from tui.screens.game import GameScreen

    session = at_a_choice(10)
    choices = [c for c in session.legal_commands(0) if isinstance(c, Visit) and c.keep]
    house = SHEET.place(choices[0].place)
    names = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}
    worth = {c.keep: sum(rules.POINTS[x] for x in c.keep) for c in choices}
    best, other = sorted(choices, key=lambda c: -worth[c.keep])[:2]
    app = BoxtopApp(session=session)
    async with app.run_test(size=(120, 40)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for _ in range(60):  # tab through the places where a move is legal until the house is chosen
            if f"House {house.id[1:]} ({house.name}):" in screen_text(app):  # the details line names it
                break
            await pilot.press("tab")
        assert "enter visits it (choose the Gratitude to keep)" in screen_text(app)
        entries = len(session.entries)
        await pilot.press("v")
        assert isinstance(app.screen, KeepScreen)
        shown = screen_text(app)
        assert f"House {house.id[1:]} ({house.name}) gives {', '.join(names[x] for x in house.gratitude)}." in shown
        assert "choose what to keep" in shown and "↑↓ choose · enter keep · esc back" in shown
        rows = [row for row in shown.split("\n") if "keep " in row and " · lose " in row]
        assert len(rows) == len(choices)
        assert f"keep {', '.join(names[x] for x in best.keep)} · +{worth[best.keep]}" in rows[0]
        await pilot.press("escape")  # back to the table: nothing visited
        assert isinstance(app.screen, GameScreen) and len(session.entries) == entries
        await pilot.press("enter")  # enter on a house ready to visit asks too
        assert isinstance(app.screen, KeepScreen)
        await pilot.press("down", "enter")  # the second choice
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.table.has_focus
        assert session.entries[-1].command == other
        (event,) = [e for e in session.entries[-1].events if isinstance(e, Visited)]
        assert sorted(x for _, x in event.gratitude) == sorted(other.keep)
        lost = list(house.gratitude)
        for x in other.keep:
            lost.remove(x)
        assert event.lost == len(lost)
        shown = " ".join(screen_text(app).split())  # the log: the move in notation and what was lost
        assert f"ann: visit {house.id} keep {other.keep}" in shown
        assert ", ".join(names[x] for x in lost) + " lost (no slot)" in " ".join(session.log_lines(0)[-1].split())


async def test_the_choice_fits_an_80_by_24_terminal():
    from tui.app import BoxtopApp
    from tui.games.giftbringer.keep import KeepScreen, choice_label

    session = at_a_choice(9)  # three letters, two slots
    choices = [c for c in session.legal_commands(0) if isinstance(c, Visit) and c.keep]
    place = choices[0].place
    app = BoxtopApp(session=session)
    async with app.run_test(size=(80, 24)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.pause()
        table = app.screen.table
        for _ in range(60):  # tab through the places where a move is legal
            if table._target() == place:
                break
            await pilot.press("tab")
        await pilot.press("v")
        assert isinstance(app.screen, KeepScreen)
        shown = screen_text(app)
        for c in choices:  # every choice whole on the screen
            assert choice_label(session.state.sheets[0], place, c.keep) in shown
        assert "choose what to keep" in shown and "↑↓ choose · enter keep · esc back" in shown
        await pilot.press("enter")  # the first: the one worth most
        await pilot.pause()
        best = max(choices, key=lambda c: (sum(rules.POINTS[x] for x in c.keep), c.keep))
        assert session.entries[-1].command == best


async def test_a_typed_visit_without_the_letters_says_how_to_name_them():
    from tui.app import BoxtopApp

    session = at_a_choice(9)
    choices = [c for c in session.legal_commands(0) if isinstance(c, Visit) and c.keep]
    place, entries = choices[0].place, len(session.entries)
    app = BoxtopApp(session=session)
    async with app.run_test(size=(80, 24)) as textual_pilot:
        pilot = Player(textual_pilot.app)
        await pilot.pause()
        await pilot.press(":", *f"visit {place}", "enter")
        await pilot.pause()
        assert f"Choose what to keep: visit {place} keep {choices[0].keep}" in screen_text(app)
        assert len(session.entries) == entries
