"""Dice Upon a Time's cards face up, one key away at 80×24 (``q``): every player's quests
and Story cards with their texts, your own Magic Items; the others' Magic Items never.

At 80×24 the side panel shows another player only as "O bob CO 3AP 2c0b1a 1i" and your
own Story cards as a count ("Tailor ✗ · 2 Story car…"): the quests that lie face up
("Quest cards": "Players' Quest cards are always open") and the Story cards ("Story
cards": "All types of these cards are open information to all players") could be read
only in the log or on a larger terminal. Magic Items are "kept secret" ("Magic Item
cards"): the pane reads only the seat's view, so swapping what that seat cannot see
changes nothing in it.
"""

from __future__ import annotations


from msgspec.structs import replace

from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.games.dice_upon_a_time.effects import ITEMS, STORIES
from engine.games.dice_upon_a_time.view import view
from tui.games.dice_upon_a_time.cards import cards_lines
from tui.widgets.lines import plain
from tui_driver import SMALL, flat, footer_keys, menu_app, screen_lines, screen_text, settle, wait_for, wait_for_text

from dice_positions import load_game, played_until

QUESTS = load_cards().quests
THREE = ["ann", "bob:heuristic", "cyd:heuristic"]


def _placing(ok):
    return lambda st: (st.turn == 0 and st.step == "place" and not st.prompts and not st.windows
                       and st.phase != "over" and ok(st))


def _cards_out(st) -> bool:
    """ann and another hold Magic Items, ann and another have Story cards, all have quests."""
    ps = st.players
    return bool(ps[0].magic and any(p.magic for p in ps[1:]) and ps[0].stories
                and any(p.stories for p in ps[1:]) and all(p.quests for p in ps))


def _position():
    return played_until(_placing(_cards_out), THREE)


async def _read_pane(pilot) -> str:
    """The pane's whole text, read page by page: its last page (End), then from its first
    (Home) PgDn until that last page shows."""
    app = pilot.app

    def rows() -> list[str]:
        return screen_lines(app)[2:-1]  # under the title and the hint, above the footer

    await settle(pilot)  # the pane laid out whole (End goes to its end, not to where it was then)
    first = rows()
    await pilot.press("end")
    await wait_for(pilot, lambda: rows() != first, "the pane's last page")  # it is longer than a page
    await settle(pilot)
    last = rows()
    await pilot.press("home")
    await wait_for(pilot, lambda: rows() == first, "the pane's first page")
    seen = [first]
    for _ in range(20):
        if seen[-1] == last:
            break
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: rows() != seen[-1], "the next page")
        seen.append(rows())
    return flat("\n".join("\n".join(page) for page in seen))


async def test_q_shows_every_players_quests_and_story_cards_with_their_texts_at_80x24():
    s = _position()
    state = s.state
    async with menu_app(SMALL) as pilot:
        app = pilot.app
        await load_game(pilot, s)
        await wait_for_text(pilot, "Place your")
        assert footer_keys(app).get("Quests"), footer_keys(app)  # the key is offered where it is seen
        await pilot.press("q")
        await wait_for_text(pilot, "Letters on the map")
        assert all(len(row) <= 80 for row in screen_lines(app)) and len(screen_lines(app)) <= 24
        text = await _read_pane(pilot)
        for p in state.players:
            for q in p.quests:  # each quest with what it asks
                assert flat(f"{QUESTS[q].name} ({QUESTS[q].ap} AP): {QUESTS[q].text}") in text, (q, text)
            for x in p.stories:  # each Story card with its text
                assert flat(STORIES[x].text) in text and STORIES[x].name in text, (x, text)
        for i in state.players[0].magic:  # your own Magic Items, with what they do
            assert flat(f"{ITEMS[i].name}: {ITEMS[i].text}") in text
        for p in state.players[1:]:  # the others' by number only
            for i in set(p.magic) - set(state.players[0].magic):
                assert ITEMS[i].name not in text, (i, text)
        assert "Magic Item, face down" in text or "Magic Items, face down" in text
        # escape (or q) closes it: the table again, with its keys
        await pilot.press("escape")
        await wait_for_text(pilot, "Place your")
        await pilot.press("q")
        await wait_for_text(pilot, "Letters on the map")
        await pilot.press("q")
        await wait_for(pilot, lambda: "Place your" in screen_text(app), "the table again")


def test_the_pane_never_shows_what_the_seat_may_not_see():
    """Swap everything ann may not see ("Magic Item cards": "kept secret"; the decks'
    order; the Event cards still face down) and her pane reads the same; swap one of
    her own Magic Items and it does not (so the comparison can fail)."""
    s = _position()
    state = s.state
    names = s.names
    others = [i for i in ITEMS if all(i not in p.magic for p in state.players)]
    players = list(state.players)
    for seat in (1, 2):
        if players[seat].magic:
            players[seat] = replace(players[seat], magic=tuple(others[:len(players[seat].magic)]))
            others = others[len(players[seat].magic):]
    swapped = replace(
        state, players=tuple(players),
        decks={v: tuple(reversed(d)) for v, d in state.decks.items()},
        stories=tuple(reversed(state.stories)), magic=tuple(reversed(state.magic)),
        story_discard=tuple(reversed(state.story_discard)), magic_discard=tuple(reversed(state.magic_discard)),
        laid=state.laid[:state.chapter] + tuple(reversed(state.laid[state.chapter:])),
    )
    assert swapped != state

    def pane(st) -> str:
        return "\n".join(plain(line) for line in cards_lines(view(st, 0), names, 76))

    assert pane(swapped) == pane(state)
    mine = replace(players[0], magic=(others[0],) + players[0].magic[1:])
    changed = replace(state, players=(mine, *state.players[1:]))
    assert pane(changed) != pane(state)
