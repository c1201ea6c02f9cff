"""Naughty or Nice's questions at 80×24 and 120×40, by keys (issue 22, items 3, 4, 9
and play-test B): the highlighted card's text in a details line (the same text the
rules screen lists under "Every card"), every answer visible, answers past 9 typed as
two digits, lines that fit 80 columns, what a level leaves out, a turn that can only
end saying so, a finished table. Rare positions are games made by the engine and
loaded by keys (``naughty_positions``).
"""

from __future__ import annotations

import re

import pytest

from engine.core.reactions import Pass
from engine.games.naughty_or_nice.commands import Craft, End, Play, React
from engine.games.naughty_or_nice.data import COLOUR_LETTER, PRESENTS
from naughty_play import GAME, game_session, text_of
from naughty_positions import holds, load_game, played_until, prompt
from test_tui_rules_screen import read_all_pages
from tui.games.naughty_or_nice.cards import card_texts, creature_card, giver_card, kiddo_card, present_card
from tui_driver import (
    LARGE, SMALL, flat, footer_keys, menu_app, new_game, region_text, screen_lines, screen_text, settle, shows,
    type_text,
    wait_for, wait_for_screen, wait_for_text,
)


@pytest.fixture
def save_dir(isolated_user_folders):
    """The save folder every test already has (tests/conftest.py)."""
    folder = isolated_user_folders / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def creatures(legal) -> set[str]:
    """The creatures that may be played now (their codes)."""
    return {c.creature for c in legal if isinstance(c, Play)}


def card(name_text: tuple[str, str]) -> str:
    """A card as the details line shows it: "Tomte (TO): Helpful, 1 point. …"."""
    return f"{name_text[0]}: {name_text[1]}"


def present_label(code: str) -> str:
    """A present as an answer reads: "Cap (R)"."""
    return f"{PRESENTS[code].name} ({COLOUR_LETTER[PRESENTS[code].colour]})"


def fits(app) -> None:
    """Every row of the screen within 80 columns and 24 rows."""
    lines = screen_lines(app)
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), screen_text(app)


def asks(app, text: str) -> bool:
    """Whether the question panel shows ``text`` (maybe wrapped over its rows; at
    120×40 the panel is framed and the log stands beside it, so only its own region
    is read)."""
    rows = region_text(app, app.screen.query_one("#nn-ask").content_region)
    return flat(text) in flat(" ".join(rows))


async def wait_asks(pilot, text: str) -> None:
    """Wait until the question panel shows ``text`` (``asks``)."""
    await wait_for(pilot, lambda: asks(pilot.app, text), repr(text))


def page_rows(pages: list[str]) -> list[str]:
    """The rows of a scrolling page read page by page (``read_all_pages``), in order
    and once each: without the title, the hint and the footer, nor the scroll bar."""
    rows: list[str] = []
    for page in pages:
        body = [re.sub(r"[▁▂▃▄▅▆▇█]+\s*$", "", row).rstrip() for row in page.split("\n")[2:-1]]
        seen = next((m for m in range(min(len(rows), len(body)), 0, -1) if rows[-m:] == body[:m]), 0)
        rows += body[seen:]
    return rows


def ask_rows(app) -> list[str]:
    """The question's rows at 80×24: from the keys line to the log's rule."""
    lines = [line.replace("\u00a0", " ") for line in screen_lines(app)]
    start = next(i for i, line in enumerate(lines) if re.match(r"^(←→|\d)\S* choose", line))
    end = next((i for i, line in enumerate(lines) if line.startswith("─log")), len(lines))
    return lines[start:end]


# ------------------------------------------------------------------ B-D15, issue item 4
async def test_the_highlighted_gift_giver_shows_its_text_at_80x24_as_the_rules_list_it():
    """B-D15: at 80×24 the gift givers were offered without a word of their abilities.
    The rulebook, "Gift Givers": "Each card has a name, a picture, a written ability and
    a 'preferred present'"; the highlighted one's shows under the answers, and the rules
    screen's "Every card" lists each with the same words."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random", "cyd:random", "dan:random", "eve:random"], seed=4)
        await wait_for_text(pilot, "Choose your gift giver.")
        fits(app)
        first, second = (c.giver for c in game_session(app).legal_commands(0)[:2])
        assert shows(app, card(giver_card(first)))
        await pilot.press("right")
        await wait_for_text(pilot, card(giver_card(second)))
        assert not shows(app, card(giver_card(first)))
        await pilot.press("question_mark")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        rules = flat(" ".join(page_rows(await read_all_pages(pilot, app))))
        assert "Every card" in rules
        for kind, entries in card_texts():
            for name, text in entries:
                assert flat(f"{name}: {text}") in rules, (kind, name)


def _first_keep(state, legal):
    return card(creature_card(legal[0].creature))


def _first_pick(state, legal):
    return card(present_card(legal[0].present, state.level))


def _tomte(state, legal):
    return card(creature_card("TO"))


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("wanted, keys, expected", [
    (prompt("keep"), [], _first_keep),  # the summoned creature to keep
    (prompt("pick"), [], _first_pick),  # the Elves' present
    (lambda s, legal: React("TO") in legal, ["2"], _tomte),  # a Tomte to react with
], ids=["keep", "elves", "tomte"])
async def test_the_highlighted_creature_or_present_shows_its_text(save_dir, size, wanted, keys, expected):
    """Issue item 4: what a creature does is on the table when it is chosen (kept from a
    Summon, or played in a reaction window), and a present's colour and who prefers it
    when the Elves offer it ("Creatures", "Present types")."""
    session = played_until(wanted)
    state, legal = session.state, session.legal_commands(0)
    async with menu_app(size) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await pilot.press(*keys)
        await wait_asks(pilot, expected(state, legal))
        if size == SMALL:
            fits(app)


async def test_a_creature_to_play_and_its_kiddo_show_their_texts_and_the_question_says_what_is_chosen(save_dir):
    """Issue item 4 and B-D18: the creature highlighted to play shows its text; Mrs.
    Claus asks "which kiddo?" ("take 1 kiddo without giving any presents"), each kiddo
    labelled once by its place and name, the highlighted one's symbol and wishes below."""
    session = played_until(lambda s, legal: holds("MC")(s, legal) and len(creatures(legal)) >= 2)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "p creature")
        await pilot.press("p")
        await wait_for_text(pilot, "Play which creature?")
        await wait_for(pilot, lambda: re.search(r"(\d+):Mrs\. Claus", text_of(app)), "Mrs. Claus offered")
        digit = re.search(r"(\d+):Mrs\. Claus", text_of(app)).group(1)
        await pilot.press(digit)
        await wait_for_text(pilot, card(creature_card("MC")))
        await pilot.press("enter")
        await wait_for_text(pilot, "Mrs. Claus: which kiddo?")
        fits(app)
        view = session.view(0)
        slots = [i for i, k in enumerate(view.playground) if k >= 0]
        rows = " ".join(ask_rows(app))
        for slot in slots:  # "4:Lukas", not "4:4 Lukas"
            name = kiddo_card(view.playground[slot])[0]
            assert f"{slot + 1}:{name}" in rows and f"{slot + 1}:{slot + 1} " not in rows
        last = slots[-1]
        await pilot.press(str(last + 1))
        await wait_for_text(pilot, card(kiddo_card(view.playground[last], view.options.level)))


# ------------------------------------------------------------------ B-D12
async def test_after_midnight_the_deck_line_says_first_how_many_turns_are_left_at_80_columns(save_dir):
    """B-D12: "midnight has struck: 1 more turn after t" was cut mid-word at 80 columns.
    The rulebook, "Ending the game": when a midnight card is revealed "all players may
    take one more action": the turns left come first and the line fits."""
    session = played_until(lambda s, legal: s.midnight and any(isinstance(c, Craft) for c in legal))
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "c craft")
        line = next(row for row in screen_lines(app) if "midnight" in row)
        left = session.view(0).final
        turns = "this is the last turn" if not left else f"{left} turn{'s' if left != 1 else ''} after this"
        assert line.startswith(f"midnight struck: {turns} · presents ")
        assert line.endswith(f"kiddos {session.view(0).kiddo_deck}") and len(line) <= 80


async def test_the_status_line_keeps_what_happens_and_who_acts_at_80_columns(save_dir):
    """B-D12: "ann to pick a present (Elves) · to act: a…" lost its end at 80 columns;
    the Elves ("Reveal a number of presents equal to the number of players plus 1") now
    read "Elves: ann picks" and the line ends with who is to act."""
    session = played_until(prompt("pick"))
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "The Elves revealed presents")
        status = screen_lines(app)[0].strip()
        assert "Elves: ann picks" in status and status.endswith("to act: ann"), status
        fits(app)


# ------------------------------------------------------------------ B-D13, item 3
async def test_krampus_calls_for_the_twelfth_present_by_two_digits_and_every_present_shows_in_turn(save_dir):
    """B-D13: Krampus's 12 presents ("Name a present") could not be picked past 9 by
    digits: 1 then 2 picks the 12th, 1 then 0 the 10th. Issue item 3: at 80×24 the
    answers take two rows that scroll with the cursor; each answer shows when the
    cursor reaches it, and the row says how many more lie each way."""
    session = played_until(lambda s, legal: creatures(legal) == {"KR"})
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "p creature")
        # Krampus alone may be played: p asks at once what he calls for, never "Play which
        # creature? 1:Krampus" (an answer of one, which the question already names)
        await pilot.press("p")
        await wait_for_text(pilot, "Krampus: call for which present?")
        await wait_asks(pilot, f"1:{present_label(list(PRESENTS)[0])}")  # the answers, a frame later
        assert not shows(app, "Play which creature?")
        assert shows(app, "←→/1–12 choose (12: type 1 2)")
        codes = list(PRESENTS)
        for k, code in enumerate(codes):  # → walks every present into view
            rows = ask_rows(app)
            assert len(rows) <= 2 + 2 + 3, rows  # keys, question, two rows of answers, details
            assert f"{k + 1}:{present_label(code)}" in " ".join(rows), (k, rows)
            assert not any(row.rstrip().endswith("…") for row in rows[2:4]), rows
            await pilot.press("right")
        assert shows(app, "more ←") or shows(app, "→ ")
        await pilot.press("1", "0")
        await wait_for_text(pilot, card(present_card(codes[9], session.view(0).options.level)))
        await pilot.press("1", "2")
        await wait_for_text(pilot, card(present_card(codes[11], session.view(0).options.level)))
        fits(app)
        before = len(session.entries)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(game_session(app).entries) > before, "Krampus played")
        played = [e.command for e in game_session(app).entries[before:] if isinstance(e.command, Play)]
        assert played[0] == Play("KR", present=codes[11])


async def test_every_papa_wolverine_answer_can_be_seen_at_80x24(save_dir):
    """Issue item 3: a Fulfill of many presents gives Papa Wolverine ("take 2 of them")
    many pairs: every answer shows when the cursor reaches it, within 80×24."""
    session = played_until(lambda s, legal: sum(isinstance(c, React) for c in legal) >= 6)
    legal = session.legal_commands(0)
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "Take two of them with Papa Wolverine, or pass (n).")
        for k, command in enumerate(legal):
            label = "pass" if command == Pass() else "take " + " + ".join(PRESENTS[t].name for t in command.take)
            rows = ask_rows(app)
            assert f"{k + 1}:{label}" in " ".join(rows), (k, rows)
            fits(app)
            await pilot.press("right")


# ------------------------------------------------------------------ B-D17, issue item 9
async def test_a_turn_with_only_a_tomte_left_says_e_ends_it(save_dir):
    """B-D17: after the basic action, holding only a Tomte ("Played reacting to another
    players move"), nothing can be played, yet the turn waits for e (ending it by itself
    would tell the table what the hand holds): the screen says so plainly."""
    session = played_until(lambda s, legal: s.acted and End() in legal and not any(
        isinstance(c, Play) for c in legal) and s.players[0].creatures and set(s.players[0].creatures) == {"TO"}
        and s.players[0].giver != "santa")
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        await wait_for_text(pilot, "Nothing more to play: e ends your turn.")
        assert not shows(app, "play creatures, or end the turn")
        # one basic action a turn ("Taking a turn"): a second one is refused, saying why
        await pilot.press("c")
        await wait_for_text(pilot, "You took your basic action this turn")
        loaded = game_session(app)
        before = len(loaded.entries)
        await pilot.press("e")
        await wait_for(pilot, lambda: len(loaded.entries) > before, "the turn ended")
        assert loaded.entries[before].command == End()


# ------------------------------------------------------------------ B-D18
async def test_level_1_shows_no_gift_givers_nor_set_symbols():
    """B-D18: "Level 1 (Only essentials)": "only use the kiddo cards and the present
    cards"; sets score at level 5 only. The player lines showed set counts b0 c0 h0 s0
    t0 and an empty gift-giver column: they show kiddos as a count instead, and the
    playground no symbols."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], seed=3, options={"level": 1})
        await wait_for_text(pilot, "Your turn: take one basic action, craft or fulfill.")
        text = text_of(app)
        players = [line for line in text.split("\n") if re.match(r"^[▶ ] (ann \(you\)|bob \(random bot\))\s+\d", line)]
        assert len(players) == 2 and not any("b0 c0" in line or "—" in line for line in players), players
        assert re.search(r"ann \(you\)\s+0 pts\s+0 kiddos\s+6p", text), text
        view = game_session(app).view(0)
        from engine.games.naughty_or_nice.data import KIDDOS

        for slot, k in enumerate(view.playground):
            kiddo = KIDDOS[k]
            wishes = "".join({"red": "R", "blue": "B", "black": "K", "green": "G"}[w] for w in kiddo.wishes)
            assert re.search(rf"{slot + 1} {kiddo.name}\s+{wishes}\b", text), (kiddo.name, text)
        fits(app)


# ------------------------------------------------------------------ item 7
async def test_a_finished_table_offers_no_play_keys_and_shows_the_final_totals():
    """Issue item 7: after the result, escape shows the finished table: no key to play
    on offer, and each player line the final total ("Endgame scoring") the result named."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann:random", "bob:random"], seed=1)
        await wait_for_screen(pilot, "ResultScreen")
        await pilot.press("escape")
        await wait_for_screen(pilot, "GameScreen")
        await settle(pilot, 0.1)
        keys = footer_keys(app)
        for key in ("OK", "Pass", "Craft", "Summon", "Fulfill", "Creature", "End turn"):
            assert not keys.get(key), (key, keys)
        result = game_session(app).result()
        text = text_of(app)
        for seat, name in enumerate(game_session(app).names):
            total = result.scores[seat]["total"]
            assert re.search(rf"^[▶ ] {name}\s.*\s{total}\s", text, re.M), (name, total, text)


# ------------------------------------------------------------------ item 8
@pytest.mark.parametrize("typed", ["blah blah blah blah blah blah", "giver nobody", "play zz", "fulfill 9 ST"])
async def test_a_refused_command_line_fits_one_line_at_80_columns(typed):
    """Issue item 8: "Cannot read 'blah blah'; try: craft 1 deck, summon, …" ran past 80
    columns; each refusal of the : line is one line there."""
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await new_game(pilot, GAME, ["ann", "bob:random"], seed=7)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("colon")
        await type_text(pilot, typed)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(line.strip().endswith((".", ")")) and ("not" in line or "Cannot" in line)
                                          for line in screen_lines(app)[-5:]), "the refusal")
        rows = [line for line in screen_lines(app)[-5:] if "not" in line or "Cannot" in line]
        assert len(rows) == 1 and len(rows[0]) <= 80, rows


# ------------------------------------------------------------------ issue 23, item 10
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
async def test_the_result_table_puts_santas_rudolf_under_its_label(save_dir, size):
    """Issue 23, item 10: Santa's Rudolf row made his scores longer than the others', so
    a result table built on the first seat's labels shifted his numbers (the result
    screen refused to draw them). The rulebook, "Gift Givers", Santa: "At the end of the
    game Santa scores extra points based on the number of reindeers underneath Rudolf".
    A level-4 game of five with Santa after ann and reindeer under Rudolf: ann plays her
    last turn by keys, and every row of the result has its numbers under their labels."""
    from naughty_play import game_session, play_to_the_result

    session = played_until(lambda s, legal: s.midnight and s.final == 0 and s.turn == 0 and not s.acted
                           and not s.prompts and not s.windows and any(p.rudolf > 0 for p in s.players[1:]),
                           options={"level": 4, "givers": "random"})
    async with menu_app(size) as pilot:
        app = pilot.app
        await load_game(pilot, session, save_dir)
        played = game_session(app)
        await play_to_the_result(pilot)
        await wait_for_screen(pilot, "ResultScreen")
        result = played.result()
        lines = [row.replace("│", " ") for row in screen_lines(app)]  # the box's sides
        header = next(row.split() for row in lines if re.search(r"\bplayer\b.*\btotal\b", row))
        assert header == ["player", "play", "Rudolf", "total"]
        for i, name in enumerate(played.names):
            row = next(row.split() for row in lines if re.match(rf"\s*(★\s+)?{name}( \(\w+( bot)?\))?\s+\d", row))
            assert dict(zip(header[1:], map(int, row[-3:]))) == result.scores[i], row
        santa = next(i for i, p in enumerate(played.state.players) if p.giver == "santa")
        assert result.scores[santa]["Rudolf"] > 0
        if size == SMALL:
            fits(app)
