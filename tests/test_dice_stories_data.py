"""Dice Upon a Time's Story cards as data
(``engine/games/dice_upon_a_time/data/stories.toml``).

The rulebook describes the five types and quotes a few cards ("Story cards", the
appendix's "Card combinations", "Cooperative game") but prints no deck: the 64 cards are
a reconstruction, explained in ``engine/games/dice_upon_a_time/STORIES.md``. One test per
sentence the deck must agree with, citing it; then the loader refusing broken data in one
line. The engine plays none of these cards yet (issue 15).
"""

from __future__ import annotations

from collections import Counter

import pytest

from data_kit import refusal
from engine.games.dice_upon_a_time import cards, stories

DECK = stories.load()
CARDS = list(DECK.values())


def quoted(text: str) -> stories.Story:
    """The one card whose text is ``text``."""
    found = [s for s in CARDS if s.text == text]
    assert len(found) == 1, text
    return found[0]


def test_sixty_four_cards_of_five_types_in_three_colours():
    """ "Setup" components: "Story cards (64 cards)"; "Story cards": "five types of
    Story cards in the deck, in three colors: green Good Luck and Side Quest cards, red
    Bad Luck and Curse cards and blue Mini Quest cards"."""
    assert len(CARDS) == 64
    assert Counter(s.type for s in CARDS) == {"good_luck": 16, "bad_luck": 18, "side_quest": 10,
                                             "curse": 10, "mini_quest": 10}
    assert {s.type: s.colour for s in CARDS} == {"good_luck": "green", "side_quest": "green",
                                                 "bad_luck": "red", "curse": "red", "mini_quest": "blue"}


def test_the_good_luck_example_is_a_card():
    """ "Example of a green Good Luck card: "You get an Apple."" """
    s = quoted("You get an Apple.")
    assert s.type == "good_luck" and s.effects == (stories.Act("gain", "apple", 1),)


def test_the_bad_luck_example_offers_a_token_or_an_item():
    """ "Example of a Bad luck card: "Discard a token - OR - Discard an unused Magic Item
    card."" — "If the player has no tokens but has unused Magic Item cards, they must
    choose the latter effect": the second option is the item."""
    s = quoted("Discard a token.\n- OR -\nDiscard an unused Magic Item card.")
    assert s.options == (stories.Act("lose", "any", 1), stories.Act("lose_item"))


def test_every_bad_luck_card_offers_two_effects_some_only_rewarding_the_others():
    """ "The active player must choose from two negative effects"; "There are several Bad
    Luck cards that have no negative effect to the active player but reward the other
    players"."""
    bad = [s for s in CARDS if s.type == "bad_luck"]
    assert all(len(s.options) == 2 for s in bad)
    rewarding = [s for s in bad if all(a.do == "others_gain" for a in s.options)]
    assert len(rewarding) >= 2


@pytest.mark.parametrize("text", [
    "Every opponent can get a Gold Coin.\n- OR -\nEvery opponent can get an Apple.",
    "Every other player can get an Apple.\n- OR -\nEvery other player can get a Loaf.",
])
def test_the_tips_cards_reward_the_others(text):
    """ "Tip": "You choose: Every opponent can get a Gold Coin - OR - Every opponent can
    get an Apple."; "Cooperative game", "Tip": "Every other player can get an Apple - OR -
    Every other player can get a Loaf."."""
    s = quoted(text)
    assert s.type == "bad_luck" and {a.do for a in s.options} == {"others_gain"}


def test_snow_whites_first_card_sends_her_to_the_big_sea_or_the_big_mountains():
    """Appendix, "Example 1": "draws a Story card that says she must immediately go to the
    Big Sea or the Big Mountains"."""
    s = quoted("Go to the Big Sea.\n- OR -\nGo to the Big Mountains.")
    assert [a.places for a in s.options] == [("big_sea",), ("big_mountains",)]


def test_snow_whites_second_card_can_take_her_single_loaf():
    """Appendix, "Example 1": "she draws a second Story card that makes her discard her
    single Loaf of Bread": a Bad Luck card whose other effect she cannot carry out with
    only a Loaf ("In case only one effect is possible to happen, that effect must be
    chosen")."""
    s = quoted("Discard a Loaf of Bread.\n- OR -\nDiscard an Apple.")
    assert s.options == (stories.Act("lose", "bread", 1), stories.Act("lose", "apple", 1))


def test_the_side_quest_examples_are_cards():
    """ "Example of a green Side Quest: "...if you are in the Town at the end of the
    game.""; the FAQ's "If you have dice on at least 2 Forest Spirit fields at the end of
    the game"."""
    town = next(s for s in CARDS if s.text.endswith("if you are in the Town at the end of the game."))
    spirits = next(s for s in CARDS if "dice on at least 2 Forest Spirit fields at the end of the game" in s.text)
    assert town.condition == stories.Condition("at", ("town",))
    assert spirits.condition == stories.Condition("spirits", amount=2)
    assert town.type == spirits.type == "side_quest"


def test_side_quests_add_ap_and_curses_take_it():
    """ "Green Side Quests give extra APs, but only if their conditions are met at the
    end of the game. Curse cards are worth negative APs at the end of the game. However,
    you can get rid of these cards by fulfilling the requirements listed on them"."""
    assert all(s.ap > 0 and s.condition for s in CARDS if s.type == "side_quest")
    assert all(s.ap < 0 and s.condition for s in CARDS if s.type == "curse")


def test_the_curse_example_is_lifted_by_riding_a_steed():
    """ "Example of a Curse card: "Ride the Steed to discard this card."" """
    s = next(s for s in CARDS if s.text.endswith("Ride the Steed to discard this card."))
    assert s.type == "curse" and s.condition == stories.Condition("steed")


def test_the_mini_quest_example_and_visits():
    """ "Tip": "Discard 1 token. Reward: Draw a Quest card."; "Some blue Mini Quests'
    condition is to visit certain locations on the board"; "The blue Mini Quests don't
    give any AP but some kind of other reward"."""
    s = quoted("Discard 1 token. Reward: Draw a Quest card.")
    assert s.condition == stories.Condition("tokens", token="any", amount=1)
    assert s.reward == (stories.Act("draw_quest"),)
    minis = [s for s in CARDS if s.type == "mini_quest"]
    assert all(s.ap == 0 and s.reward for s in minis)
    assert any(s.condition.kind == "at" for s in minis)


def test_names_are_unique_and_none_is_a_quests():
    """A card is told by its name on the screen and in the log: no two Story cards share
    one, nor a Story card a Quest card's."""
    names = [s.name for s in CARDS]
    assert len(set(names)) == len(names)
    assert not set(names) & {q.name for q in cards.load().quests.values()}


@pytest.mark.parametrize("text, said", [
    ('[[story]]\nid = "x"\ntype = "bad_luck"\nname = "X"\ntext = ""\noptions = [{ do = "lose_item" }]\n',
     "story x (X) offers 1 effects, not 2"),
    ('[[story]]\nid = "x"\ntype = "curse"\nname = "X"\ntext = ""\nap = 2\ncondition = { kind = "steed" }\n',
     "story x (X) is a curse worth 2 AP"),
    ('[[story]]\nid = "x"\ntype = "good_luck"\nname = "X"\ntext = ""\n'
     'effects = [{ do = "go", places = ["moon"] }]\n', "names unknown location 'moon'"),
    ('[[story]]\nid = "x"\ntype = "good_luck"\nname = "X"\ntext = ""\neffects = [{ do = "gain" }]\n',
     "has a gain with token '' and amount 0"),
    ('[[story]]\nid = "x"\ntype = "elf"\nname = "X"\ntext = ""\n', "data/stories.toml"),
])
def test_broken_data_is_refused_in_one_line(monkeypatch, text, said):
    """A bad record is refused with one sentence naming the file and the record."""
    message = refusal(monkeypatch, stories, "stories.toml", text)
    assert said in message and "\n" not in message


def test_side_quests_and_curses_even_out():
    """STORIES.md's reasoning: Side Quests and Curses sum to +15 and −15 AP, each worth
    1–2, so the deck is even on average and no Side Quest outweighs a 2 AP quest."""
    assert sum(s.ap for s in CARDS if s.type == "side_quest") == 15
    assert sum(s.ap for s in CARDS if s.type == "curse") == -15
    assert {abs(s.ap) for s in CARDS if s.type in ("side_quest", "curse")} == {1, 2}
