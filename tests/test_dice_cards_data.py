"""Dice Upon a Time's Quest and Event cards as data
(``engine/games/dice_upon_a_time/data/``).

The rulebook describes both decks but prints no card text: both are reconstructions,
explained in ``engine/games/dice_upon_a_time/QUESTS.md``. One test per constraint that
document lists, each citing the passage of the Dice Upon a Time rulebook it comes from,
then the loader refusing broken data with one line.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.dice_upon_a_time import cards
from engine.games.dice_upon_a_time.cards import KINDS, LOCATIONS, QUEST_ITEMS, TOKENS

CARDS = cards.load()
QUESTS = list(CARDS.quests.values())
EVENTS = list(CARDS.events.values())


def find(text: str):
    """The one quest whose text is ``text``."""
    found = [q for q in QUESTS if q.text == text]
    assert len(found) == 1, text
    return found[0]


# ------------------------------------------------------------------ the quests
def test_forty_quests_in_three_decks_valued_two_to_four():
    """ "Setup" components: "Quest cards (40 cards)"; "Quest cards": "separated into
    three decks during the set-up, based on their AP value indicated by the numbers 2-4
    on the back of the cards"."""
    assert len(QUESTS) == 40
    assert {q.ap for q in QUESTS} == {2, 3, 4}
    assert Counter(q.ap for q in QUESTS) == {2: 12, 3: 20, 4: 8}


def test_all_quests_together_are_worth_116_ap():
    """ "Cooperative game", the completion table: the top band for 4-5 players is "116+
    KP … You did all the quests!", where the bands' pattern would give 120."""
    assert sum(q.ap for q in QUESTS) == 116


def test_every_quest_is_one_of_the_four_kinds_with_its_requirements():
    """ "Quest cards": "There are 4 types of quests in this game: Visit a given location.
    Collect the resources and deliver them to the location specified by the card.
    Collect and then return the resources to the supply (discard) specified by the card.
    Pick up a special quest item from the location and deliver to another location"."""
    assert {q.kind for q in QUESTS} == set(KINDS)
    for q in QUESTS:
        assert (q.location != "") == (q.kind != "discard"), q.id
        assert bool(q.tokens) == (q.kind in ("deliver", "discard")), q.id
        assert bool(q.item) == bool(q.pickup) == (q.kind == "item"), q.id
        if q.kind == "item":
            assert q.pickup != q.location, q.id


def test_quests_name_only_board_locations_and_the_three_tokens():
    """ "Locations on the board" names the fields; "Tokens (54 pieces): Coin, Apple,
    Bread"; "Other locations": Clouds, Hell, Big Sea, Big Mountains are fields "Players
    will visit … to complete quests", so each is some quest's place."""
    for q in QUESTS:
        assert q.location in LOCATIONS or (q.kind == "discard" and q.location == ""), q.id
        assert set(q.tokens) <= set(TOKENS), q.id
        assert all(n >= 1 for n in q.tokens.values()), q.id
    places = {q.location for q in QUESTS} | {q.pickup for q in QUESTS}
    assert {"clouds", "hell", "big_sea", "big_mountains", "church"} <= places


def test_each_quest_token_has_a_quest():
    """ "Setup" components: "Quest tokens (4 pieces): The Crossbow of the Angels, The Old
    Sword of the Old Soldier, The Devil's Three Golden Hairs, The Magic Pipe"; "Quest
    cards": "Some Quest cards require special items. These items can be collected only
    by the owners of these Quest cards when visiting the location specified on the given
    card." One quest per token, so no two cards compete for one piece."""
    items = Counter(q.item for q in QUESTS if q.kind == "item")
    assert items == {item: 1 for item in QUEST_ITEMS}
    for q in QUESTS:
        if q.kind == "item":
            assert q.name == QUEST_ITEMS[q.item]


def test_harder_decks_ask_for_more():
    """ "Quest cards": "Value 2 quests are the easiest, while value 4 are the most complex
    to fulfill." Tokens asked: at most 2 for a 2 AP quest, at most 3 for 3 AP, at least
    4 for 4 AP unless it is an item quest (two journeys); item quests are all 4 AP."""
    for q in QUESTS:
        load = sum(q.tokens.values())
        if q.ap == 2:
            assert load <= 2 and q.kind != "item", q.id
        elif q.ap == 3:
            assert load <= 3 and q.kind != "item", q.id
        else:
            assert load >= 4 or q.kind == "item", q.id


def test_the_rulebook_example_quests_are_in_the_deck():
    """ "At the end of a chapter", example: "Quests "Take 2 Apples into the Church" and
    "Discard 2 Apples" cannot be contracted. If you have two Apples, you can either
    discard them to complete the 2 AP quest, or take them into the Church to complete the
    3 AP quest." Appendix, "Card combinations", example 1: Snow White's quest "Give 1
    Loaf to the Huntsman"."""
    church = find("Take 2 Apples into the Church.")
    assert (church.ap, church.kind, church.location, church.tokens) == (3, "deliver", "church", {"apple": 2})
    discard = find("Discard 2 Apples.")
    assert (discard.ap, discard.kind, discard.tokens) == (2, "discard", {"apple": 2})
    loaf = find("Give 1 Loaf to the Huntsman.")
    assert (loaf.kind, loaf.location, loaf.tokens) == ("deliver", "huntsman", {"bread": 1})


def test_two_apples_complete_either_church_quest_but_not_both():
    """ "Complete quests": "Requirements cannot be contracted. One resource token can be
    used for one quest only." With exactly two Apples the tokens needed by the two
    example quests together exceed the hand, while each alone fits."""
    hand = {"apple": 2}
    church = find("Take 2 Apples into the Church.")
    discard = find("Discard 2 Apples.")
    fits = lambda need: all(hand.get(t, 0) >= n for t, n in need.items())  # noqa: E731
    both = Counter(church.tokens) + Counter(discard.tokens)
    assert fits(church.tokens) and fits(discard.tokens) and not fits(both)


def test_quest_ids_and_names_are_unique_and_texts_plain():
    """ "Quest cards": "Players' Quest cards are always open" — each card is shown by
    name and text, so names are distinct and texts are one plain sentence."""
    assert len({q.name for q in QUESTS}) == 40
    assert len(CARDS.quests) == 40
    for q in QUESTS:
        assert q.text.endswith(".") and "\n" not in q.text, q.id


# ------------------------------------------------------------------ the events
def test_twelve_events_enough_for_six_chapters():
    """ "Setup" components: "Event cards (12 cards)"; "Setup" step 7: "Put 6 random
    Event cards face-down next to the board at the slots marked by Roman numerals"."""
    assert len(EVENTS) == 12
    assert len({e.name for e in EVENTS}) == 12


def test_every_event_is_a_rule_change_from_the_vocabulary():
    """ "Reveal the next Event card": "The Event card overrides the rules for that given
    turn" — boxtop reads it as the chapter just begun. Each event is one effect word with
    its parameters, and a plain sentence saying it lasts "this chapter"."""
    for e in EVENTS:
        assert e.effect in cards.Effect.__args__, e.id
        assert "this chapter" in e.text, e.id
        assert cards._event_error(e) == "", e.id
    assert len({e.effect for e in EVENTS}) >= 6


def test_stack_events_change_the_height_by_one():
    """ "2 player variant": "Any effects that modify the dice stacks by a plus or minus
    must be applied to a default number of 2 dice in the stacks." So some effect changes
    stack height by a plus or a minus; in the 2-player game it still leaves ≥ 1."""
    deltas = sorted(e.delta for e in EVENTS if e.effect == "stack_limit")
    assert deltas == [-1, 1]
    assert all(2 + d >= 1 for d in deltas)


def test_events_need_no_story_or_magic_item_cards():
    """ "Beginner mode / Language independent version": the Story cards and Magic Items
    stay in the box, yet Events stay in the game ("All the core game elements have an
    icon system"); so no event draws, names or needs those cards."""
    for e in EVENTS:
        assert "story" not in e.text.lower() and "magic item" not in e.text.lower(), e.id
        assert not set(e.locations) & {"magic_items", "huntsman", "old_woman", "woodsman", "soldier"}, e.id


# ------------------------------------------------------------------ the loader
def test_a_broken_file_is_refused_in_one_line(monkeypatch):
    """A quest of an unknown kind, one with an unknown location, and an event with a
    parameter its effect does not take are each refused with a sentence naming the file
    and the record."""
    real = cards.raw
    bad = {
        "quests.toml": (b'[[quest]]\nid = "x"\nname = "X"\nap = 2\nkind = "sing"\ntext = "X."\n',
                        r"^data/quests.toml: "),
        "quests.toml ": (b'[[quest]]\nid = "x"\nname = "X"\nap = 2\nkind = "visit"\nlocation = "moon"\n'
                         b'text = "X."\n', r"^data/quests.toml: quest x \(X\) names unknown location 'moon'$"),
        "events.toml": (b'[[event]]\nid = "y"\nname = "Y"\neffect = "gift"\ndelta = 1\namount = 1\ntext = "Y."\n',
                        r"^data/events.toml: event y \(Y\) has parameters"),
    }
    try:
        for name, (text, pattern) in bad.items():
            monkeypatch.setattr(cards, "raw", lambda n, name=name.strip(), text=text: text if n == name else real(n))
            cards.load.cache_clear()
            with pytest.raises(ValueError, match=pattern) as err:
                cards.load()
            assert "\n" not in str(err.value)
    finally:
        monkeypatch.setattr(cards, "raw", real)
        cards.load.cache_clear()


def test_item_quests_pick_up_their_token_where_the_board_keeps_it():
    """Dice Upon a Time rulebook, "Quest tokens": "These items can be collected only by
    the owners of these Quest cards": each item quest's pickup is the board's place for
    its token (data/board.toml, ``quest_token``), so the two reconstructions agree."""
    from engine.games.dice_upon_a_time.board import load_board

    places = {t.id: t.at for t in load_board().quest_token}
    items = [q for q in CARDS.quests.values() if q.item]
    assert items and {q.item: q.pickup for q in items} == places
