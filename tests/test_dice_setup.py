"""Dice Upon a Time, setup and the start of a chapter (beginner mode): each test quotes
the passage of the Dice Upon a Time rulebook it checks ("Setup" 1–9, "At the beginning
of a chapter"). Rulings are in the game's RULES.md."""

from __future__ import annotations

from dice_rules_kit import GAME, act, started
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.cards import load
from engine.games.dice_upon_a_time.legal import legal

SET = {"magic_item", "story", "ban", "doubling", "plain"}


def _opened(s):
    """``s`` with every opening draw answered by the first legal choice."""
    while s.prompts and s.prompts[0].kind == "draw2":
        seat = s.prompts[0].seat
        s = act(s, seat, legal(s, seat)[0])
    return s


def test_the_quest_cards_are_separated_by_value_and_shuffled():
    """ "Setup" 2: "Separate the cards into decks (… Quest cards separated by value),
    shuffle and place them face down"; "Quest cards": "separated into three decks …
    based on their AP value indicated by the numbers 2-4 on the back"."""
    quests = load().quests
    a, b = started(3, seed=1), started(3, seed=2)
    for v in (2, 3, 4):
        assert sorted(a.decks[v]) == sorted(q for q in quests if quests[q].ap == v)
        assert all(quests[q].ap == v for q in a.decks[v])
    assert a.decks != b.decks  # shuffled by the seed
    assert {v: len(d) for v, d in a.decks.items()} == {2: 12, 3: 20, 4: 8}


def test_the_snake_die_waits_by_the_snake_field():
    """ "Setup" 4: "Put the Snake Die next to the Snake field"; nobody rolls it in the
    first chapter ("Snake": the winner "can add this die to their set of dice for the
    next chapter")."""
    s = _opened(started(4, seed=5))
    assert s.snake == -1 and s.chapter == 1
    assert all("snake" not in dict(p.pool) for p in s.players)


def test_every_figure_starts_on_the_town_in_the_middle_of_the_map():
    """ "Setup" 5: "takes the respective figure and places it on the Town in the middle of
    the map"."""
    assert [p.at for p in started(5, seed=2).players] == ["town"] * 5


def test_each_player_takes_a_set_of_five_dice_and_rolls_them():
    """ "Setup" 6: "Each player chooses a color and takes the set of 5 dice"; "1. Roll the
    dice": "players roll their dice … This forms their pool of unused dice"."""
    s = _opened(started(3, seed=4))
    for p in s.players:
        assert {d for d, _ in p.pool} == SET and len(p.pool) == 5
    rolled = [e for e in GAME.setup(s.options, 3, __import__("random").Random(4)) if isinstance(e, ev.Rolled)]
    assert rolled == []  # no die is rolled before the opening quests are drawn


def test_six_event_cards_lie_face_down_one_a_chapter_or_face_up_or_none():
    """ "Setup" 7: "Put 6 random Event cards face-down next to the board at the slots
    marked by Roman numerals"; "To those who like to plan ahead, we recommend to place
    the Event cards face-up during the set-up"; Extra Long: "Using the Event cards in
    this game mode is optional" (RULES.md: an option for every length; 3 in the short
    game)."""
    s = started(3, seed=3)
    assert len(s.laid) == 6 and len(set(s.laid)) == 6 and set(s.laid) <= set(load().events)
    assert set(GAME.view(s, 0).laid) == {ev.HIDDEN}
    assert started(3, seed=4).laid != s.laid  # random
    assert len(started(3, seed=3, length="short").laid) == 3
    assert GAME.view(started(3, seed=3, events="open"), 0).laid == started(3, seed=3, events="open").laid
    none = _opened(started(3, seed=3, events="none"))
    assert none.laid == () and none.event == "" and none.chapter == 1


def test_the_starting_player_is_drawn_from_the_seed():
    """ "Setup" 8: "Choose the starting player and take the starting player marker"
    (RULES.md: boxtop draws the starting player from the game's seed)."""
    starts = {seed: started(4, seed=seed).start for seed in range(12)}
    assert set(starts.values()) == {0, 1, 2, 3}
    assert all(started(4, seed=seed).start == start for seed, start in list(starts.items())[:3])
    s = _opened(started(4, seed=7, events="none"))
    assert s.turn == s.start  # the starting player takes the first turn


def test_from_the_start_player_clockwise_each_draws_two_quests_of_any_value_face_up():
    """ "Setup" 9: "From the starting player, in clockwise order, every player draws 1
    Magic Item card and 2 Quest cards of any value combination … the Quest cards go
    face-up" (beginner mode: no Magic Items)."""
    s = started(3, seed=2)
    order = [(s.start + k) % 3 for k in range(3)]
    assert [(p.seat, p.kind) for p in s.prompts] == [(order[0], "draw2")]  # one asked at a time
    assert [(e.seat, e.do, e.token) for e in s.pending] == [(seat, "ask", "draw2") for seat in order[1:]]
    first, second = order[0], order[1]
    assert set(legal(s, first)) == {cmd.Draw(c) for c in ((2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4))}
    assert legal(s, second) == []  # in turn
    top4 = s.decks[4][:2]
    s = act(s, first, cmd.Draw((4, 4)))
    assert s.players[first].quests == top4 and s.decks[4][:1] != top4[:1]
    assert GAME.view(s, second).players[first].quests == top4  # face up for everyone
    assert s.chapter == 0  # the chapter waits for every opening draw
    s = _opened(s)
    assert s.chapter == 1 and all(len(p.quests) == 2 for p in s.players)


def test_the_cooperative_game_lays_every_quest_face_up_and_nobody_draws():
    """ "Cooperative game", "Changes in set up": "Lay all the Quest cards face up next to
    each other, visible to all players"; "At the beginning of the game players don't draw
    Quest cards"."""
    s = started(4, seed=1, mode="cooperative")
    assert s.table == tuple(load().quests) and GAME.view(s, 2).table == s.table
    assert s.chapter == 1 and not any(p.kind == "draw2" for p in s.prompts)
    assert all(not p.quests for p in s.players) and not any(s.decks.values())


def test_a_chapter_opens_with_the_roll_then_the_next_event_card():
    """ "At the beginning of a chapter": "1. Roll the dice … 2. Reveal the next Event
    card": "At the beginning of every chapter flip the next Event card face up. The
    face-down Event cards indicate the number of the remaining rounds"."""
    s = started(3, seed=4, mode="cooperative")
    events = GAME.setup(s.options, 3, __import__("random").Random(4))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Rolled") < kinds.index("EventRevealed")
    assert s.event == s.laid[0]
    v = GAME.view(s, 1)
    assert v.laid[0] == s.laid[0] and v.laid[1:].count(ev.HIDDEN) == 5
