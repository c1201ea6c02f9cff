"""Dice Upon a Time's Magic Item and Character cards as data
(``engine/games/dice_upon_a_time/data/items.toml`` and ``characters.toml``).

The rulebook names every card and rules on each in its appendix ("List of the Magic
Items with Notes", "List of Character abilities and Notes") but prints no card text:
both are reconstructions, explained in ``engine/games/dice_upon_a_time/ITEMS.md``. One
test per ruling, citing it; then the loader refusing broken data with one line. The
engine plays none of these cards yet (issue 15).
"""

from __future__ import annotations

import pytest

from data_kit import refusal
from engine.games.dice_upon_a_time import items

DECK = items.load()
ITEMS = {i.name: i for i in DECK.items.values()}
CHARACTERS = {c.name: c for c in DECK.characters.values()}


# ------------------------------------------------------------------ the decks
def test_eighteen_magic_items_and_nine_characters_by_the_appendix_names():
    """ "Setup" components: "Magic Item cards (18 cards)", "Character cards (9 cards)";
    the names are the appendix headings (the heading "King Thrusbeard" is a misprint of
    the tale's King Thrushbeard)."""
    assert set(ITEMS) == {
        "The Wishing-Table", "Cloak of Invisibility", "The branch from the hazel-bush",
        "The Golden Ball", "Spirit in the Bottle", "The Wonderful Ball of Yarn",
        "The Golden Horse", "The White Snake", "Starwort", "The Blue Light", "Magic Mirror",
        "Seven-league Boots", "Cursed Ring", "Crystal Ball", "Wishing-cap", "Magic Beans",
        "Cudgel in the Sack", "The Golden Bird",
    }
    assert set(CHARACTERS) == {
        "Little Red Riding Hood", "Puss in Boots", "Brave Little Tailor", "Snow White",
        "King Thrushbeard", "Sleeping Beauty", "Thumbling", "Rapunzel",
        "The Musicians of Bremen",
    }


# ------------------------------------------------------------------ Magic Items
def test_the_wishing_table_gives_three_tokens_of_one_kind():
    """ "The Wishing-Table": "The rule of the Doubling die applies: all 3 tokens must be
    the same type"."""
    i = ITEMS["The Wishing-Table"]
    assert (i.effect, i.amount) == ("take_tokens", 3)


def test_the_cloak_answers_a_bad_luck_card_once():
    """ "Cloak of Invisibility": "The card effect activates only once, even if the second
    card is also a Bad Luck card" — it answers a Bad Luck card by drawing another."""
    i = ITEMS["Cloak of Invisibility"]
    assert (i.when, i.effect) == ("story_drawn", "redraw_story")


def test_the_hazel_branch_works_on_tokens_from_any_source():
    """ "The branch from the hazel-bush": "not only when visiting a resource field, but
    whenever getting token(s), regardless of the source"; appendix Example 2: the
    Doubling die's 2 Apples become 3."""
    i = ITEMS["The branch from the hazel-bush"]
    assert (i.when, i.effect, i.amount) == ("tokens_gained", "more_tokens", 1)


def test_the_golden_ball_wards_off_harm_from_anyone_and_starwort_only_cards():
    """ "The Golden Ball": "against any negative effect. Regardless of whether the
    negative effect is caused by a player or not"; "Starwort": "any other card's effect
    … It cannot be used against Character and location abilities, but Curse cards can be
    negated with it"."""
    ball, starwort = ITEMS["The Golden Ball"], ITEMS["Starwort"]
    assert ball.effect == starwort.effect == "ward_off"
    assert (ball.when, starwort.when) == ("harmed", "card_harm")
    assert "Curse" in starwort.text


@pytest.mark.parametrize("name, when, effect", [
    ("Spirit in the Bottle", "items_drawn", "steal_items"),
    ("Magic Mirror", "quests_drawn", "steal_quests"),
    ("Cudgel in the Sack", "tokens_gained", "steal_tokens"),
])
def test_the_three_thieves_take_everything_being_gained(name, when, effect):
    """ "Spirit in the Bottle", "Magic Mirror", "Cudgel in the Sack": "when a player is
    acquiring more than one card [token] … you can collect all those"; the brief's
    hidden information: an item taken with the Spirit in the Bottle is seen by the thief
    only. Each is played in another player's turn."""
    i = ITEMS[name]
    assert (i.when, i.effect) == (when, effect)
    assert "all" in i.text


def test_the_magic_mirror_keeps_the_limit_of_four_quests():
    """ "Magic Mirror": "keep the rule of a maximum of 4 active Quests"."""
    assert "4 quests" in ITEMS["Magic Mirror"].text


def test_the_ball_of_yarn_rerolls_before_the_die_is_chosen():
    """ "The Wonderful Ball of Yarn": "After rerolling, the player can reconsider which
    one of their dice to place on the board" — played in one's own turn before placing."""
    i = ITEMS["The Wonderful Ball of Yarn"]
    assert (i.when, i.effect) == ("own_turn", "reroll_unused")


def test_the_golden_horse_and_the_wishing_cap_move_the_figure_and_fire_the_field():
    """ "The Golden Horse": "After arriving next to the other player, the location
    ability can be activated"; "Wishing-cap": a move of its own (King Thrushbeard "may
    not use his ability when playing this card")."""
    horse, cap = ITEMS["The Golden Horse"], ITEMS["Wishing-cap"]
    assert horse.effect == "move_to_player" and cap.effect == "move_anywhere"
    assert "its ability works for you" in horse.text and "its ability works for you" in cap.text


def test_the_white_snake_rerolls_anyones_snake_die():
    """ "The White Snake": "The player rolling the token can of course keep that token.
    You can play this card also for your own roll"."""
    i = ITEMS["The White Snake"]
    assert (i.when, i.effect) == ("snake_roll", "reroll_snake")
    assert "anyone" in i.text


def test_the_blue_light_takes_back_a_placed_die():
    """ "The Blue Light": "You can choose the Snake Die as well, if you have placed it on
    the board" — it takes back one of one's own placed dice."""
    assert ITEMS["The Blue Light"].effect == "take_back_die"


def test_the_seven_league_boots_reset_any_die_even_a_ban_die():
    """ "Seven-league Boots": "This card resets any die, even a Ban die"."""
    i = ITEMS["Seven-league Boots"]
    assert i.effect == "reset_die" and "even a Ban die" in i.text


def test_the_cursed_ring_passes_on_a_curse():
    """ "Cursed Ring": "you can pass on a Curse card that you acquired earlier"."""
    assert ITEMS["Cursed Ring"].effect == "pass_curse"


def test_the_crystal_ball_lasts_until_the_end_of_the_action():
    """ "Crystal Ball": "The effect of the card lasts until the end of the action"."""
    i = ITEMS["Crystal Ball"]
    assert i.when == "placing" and "until the end of this action" in i.text


def test_magic_beans_and_the_musicians_add_one_die_to_a_full_stack():
    """ "Magic Beans": "In the two player variant … this card allows to place a 3rd die
    on the top. The other two points of the Dice placement rules still apply"; "The
    Musicians of Bremen": "this ability enables the player to place a 3rd die on a
    stack"."""
    beans, musicians = ITEMS["Magic Beans"], CHARACTERS["The Musicians of Bremen"]
    assert (beans.effect, beans.amount) == ("extra_die", 1)
    assert musicians.ability == "extra_die"
    assert "still equal or higher" in beans.text and "still equal or higher" in musicians.text


def test_the_golden_bird_acts_right_after_a_roll_on_a_one_or_two():
    """ "The Golden Bird": "must be played right after the roll … after the normal roll
    at the beginning of the chapter or during the chapter when some effect causes a
    reroll"."""
    i = ITEMS["The Golden Bird"]
    assert (i.when, i.effect) == ("after_roll", "set_low_die")
    assert "1 or 2" in i.text


def test_items_played_out_of_turn_are_the_reactions():
    """ "Magic Item cards": "Magic Items … may be activated in any player's turn" as
    their trigger comes (the brief: a reaction window for every seat holding an item).
    Items for one's own turn are only those that start from one's own action."""
    own = {i.name for i in DECK.items.values() if i.when in ("own_turn", "placing")}
    assert own == {"The Wishing-Table", "The Wonderful Ball of Yarn", "The Golden Horse",
                   "The Blue Light", "Seven-league Boots", "Cursed Ring", "Crystal Ball",
                   "Wishing-cap", "Magic Beans"}


# ------------------------------------------------------------------ Characters
def test_little_red_riding_hood_moves_only_and_never_past_a_ban_die():
    """ "Little Red Riding Hood": "Her ability can be used only for movement. The Ban die
    cannot be overridden by this ability"."""
    c = CHARACTERS["Little Red Riding Hood"]
    assert c.ability == "move_free" and "Ban" in c.text


def test_puss_in_boots_converts_one_token_a_chapter_even_completing_a_quest():
    """ "Puss in Boots": "He may activate this ability also when completing a Quest. It
    can be activated once per chapter, so only 1 token can be converted"."""
    c = CHARACTERS["Puss in Boots"]
    assert (c.ability, c.uses) == ("convert_token", "chapter") and "quest" in c.text


def test_the_brave_little_tailor_does_not_touch_ban_dice():
    """ "Brave Little Tailor": "His ability does not affect Ban dice"."""
    c = CHARACTERS["Brave Little Tailor"]
    assert c.ability == "place_lower" and "not on a Ban die" in c.text


def test_snow_white_works_on_every_magic_item_drawn():
    """ "Snow White": "Her ability gets activated also when drawing a Magic Item as a
    result of a card effect"."""
    c = CHARACTERS["Snow White"]
    assert (c.ability, c.uses) == ("item_choice", "always")


def test_king_thrushbeard_acts_on_arriving_at_a_steed():
    """ "King Thrusbeard": "When visiting the Steed for a Quest he may activate his
    ability after completing the Quest"; "The Golden Horse": "King Thrushbeard can
    activate his Character ability upon arrival"; the appendix's combination "King
    Thrushbeard would take two Apples"."""
    c = CHARACTERS["King Thrushbeard"]
    assert c.ability == "steed_tokens" and "2 tokens of one kind" in c.text


def test_sleeping_beauty_discards_dice_whose_faces_do_nothing():
    """ "Sleeping Beauty": "If you use special face dice for her ability, they do not get
    activated as this is a discard action, not a regular die placement"."""
    assert CHARACTERS["Sleeping Beauty"].ability == "discard_dice"


def test_thumbling_has_three_uses_two_in_the_short_game_and_none_worth_in_coop():
    """ "Thumbling": "His ability can be used only 3 times in a game … In the short game
    variant Thumbling has only 2 tokens … In the cooperative game mode, Thumbling's
    ability is irrelevant"."""
    c = CHARACTERS["Thumbling"]
    assert (c.uses, c.count, c.short, c.coop) == ("game", 3, 2, False)
    assert [x.name for x in DECK.characters.values() if not x.coop] == ["Thumbling"]


def test_rapunzel_rerolls_one_low_die_once_at_the_roll():
    """ "Rapunzel": "at the beginning of the chapter when everyone rolls the dice … only
    once per chapter. One single die can be rerolled once"."""
    c = CHARACTERS["Rapunzel"]
    assert (c.ability, c.uses) == ("reroll_low", "chapter") and "1 or 2" in c.text


def test_abilities_once_a_chapter_turn_the_card():
    """ "Character card": "Some Character abilities can be activated only once per
    chapter. Once used, turn the character card over" — all but Snow White's (which
    works on every draw) and Thumbling's (counted by his tokens)."""
    per_chapter = {c.name for c in DECK.characters.values() if c.uses == "chapter"}
    assert per_chapter == set(CHARACTERS) - {"Snow White", "Thumbling"}


# ------------------------------------------------------------------ broken data
@pytest.mark.parametrize("name, text, said", [
    ("items.toml", '[[item]]\nid = "x"\nname = "X"\nwhen = "never"\neffect = "ward_off"\ntext = ""\n',
     "data/items.toml"),
    ("items.toml", '[[item]]\nid = "x"\nname = "X"\nwhen = "own_turn"\neffect = "take_tokens"\ntext = ""\n',
     "item x (X) has amount 0 for take_tokens"),
    ("characters.toml",
     '[[character]]\nid = "t"\nname = "T"\nability = "draw_quest"\nuses = "game"\ncount = 2\nshort = 3\ntext = ""\n',
     "character t (T) is used 2 times a game and 3 in the Short game"),
    ("characters.toml", '[[character]]\nid = "t"\nname = "T"\nability = "draw_quest"\nuses = "chapter"\n'
     'count = 2\ntext = ""\n', "counts uses but is used once a chapter"),
])
def test_broken_data_is_refused_in_one_line(monkeypatch, name, text, said):
    """A bad record is refused with one sentence naming the file and the record."""
    message = refusal(monkeypatch, items, name, text)
    assert said in message and "\n" not in message
