"""Dice Upon a Time, the full game's Magic Items: secret cards, each played once on the
moment its text names, in the player's own turn or in a reaction window of another's.
Each test quotes the passage of the Dice Upon a Time rulebook it checks ("Magic Item
cards", "List of the Magic Items with Notes", the appendix's "Card combinations");
the card texts are reconstructions (``ITEMS.md``), rulings in the game's RULES.md."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dice_rules_kit import GAME, act, answer, chapter_with, full_game, last_turn, pass_windows, place, refused, stack, turn, with_player
from engine.core.reactions import Pass
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.legal import legal


def _at_field(n=3, **changes):
    """Seat 0 to place a 2 from the Huntsman towards the Apple field."""
    s = turn(full_game(n), 0, pool=(("plain", 2), ("ban", 3)), at="huntsman", **changes)
    return s


# ------------------------------------------------------------------ secrecy and windows
def test_items_are_secret_and_a_window_opens_for_every_holder():
    """ "Magic Item cards": "These cards are kept secret, don't show them to the other
    players"; "These cards can be activated both in the active player's own turn and in
    an other player's turn, but only when triggered by the event written on the card"
    (boxtop opens a window for every seat holding any item: it tells nothing of which)."""
    s = with_player(with_player(_at_field(), 1, magic=("i04",)), 2, magic=("i12",))
    assert GAME.view(s, 0).players[1].magic == (ev.HIDDEN,) and GAME.view(s, 1).players[1].magic == ("i04",)
    s = act(place(s, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].tokens == (0, 0, 1)
    assert [w.waiting for w in s.windows] == [(1, 2)] and legal(s, 1) == [Pass()]  # neither item fits
    s = answer(answer(s))
    assert not s.windows and s.turn == 1


def test_setup_deals_one_magic_item_each_seen_by_its_holder_only():
    """ "Setup" 9: "every player draws 1 Magic Item card and 2 Quest cards"; "Magic Items
    are always hidden"."""
    s = full_game(3, seed=4, characters="none")
    while s.prompts:
        s = act(s, s.prompts[0].seat, legal(s, s.prompts[0].seat)[0])
    assert all(len(p.magic) == 1 for p in s.players) and len(s.magic) == 15
    assert s.chapter == 1 and not any(w.trigger == "quests" for w in s.windows)  # dealt, not drawn in play
    entries = GAME.setup(s.options, 3, __import__("random").Random(4))
    drawn = [e for e in entries if isinstance(e, ev.ItemsDrawn)]
    assert len(drawn) == 3 and all(GAME.redact(e, e.seat) == e for e in drawn)
    assert all(GAME.redact(e, (e.seat + 1) % 3).items == (ev.HIDDEN,) for e in drawn)
    assert GAME.view(s, 0).players[1].magic == (ev.HIDDEN,) and GAME.view(s, 1).players[1].magic == s.players[1].magic


def test_the_magic_item_face_and_field_draw_a_card():
    """ "Magic Item face": "When activating this face you can immediately draw a Magic
    Item card"; "Magic Items field": "When arriving on this field, the player can
    immediately draw a Magic Item card"."""
    s = turn(full_game(), 0, pool=(("magic_item", "magic_item"), ("ban", 3)), at="apple", magic=("i01", "i02"))
    s = act(act(place(s, 0, "magic_item", "apple-magic_items"), 0, cmd.Answer(True)), 0, cmd.Move())
    s = act(s, 0, cmd.Answer(True))
    assert s.players[0].magic == ("i01", "i02") and s.magic == ()


def test_a_magic_item_can_be_drawn_so_the_player_is_asked():
    """ "Magic Item face": "When activating this face you **can** immediately draw a Magic
    Item card"; "Magic Items field": "the player **can** immediately draw a Magic Item
    card" (review deviation 8: both drew without asking): the player is asked, and may
    draw nothing."""
    s = turn(full_game(), 0, pool=(("magic_item", "magic_item"), ("ban", 3)), at="apple", magic=("i01", "i02"))
    s = place(s, 0, "magic_item", "apple-magic_items")
    assert [(p.seat, p.kind) for p in s.prompts] == [(0, "draw_item")]
    assert legal(s, 0) == [cmd.Answer(True), cmd.Answer(False)]
    s = act(act(s, 0, cmd.Answer(False)), 0, cmd.Move())  # no card from the face; the field asks again
    assert s.players[0].at == "magic_items" and [p.kind for p in s.prompts] == ["draw_item"]
    s = act(s, 0, cmd.Answer(False))
    assert s.players[0].magic == () and s.magic == ("i01", "i02")


def test_the_item_deck_is_reshuffled_from_the_discards():
    """ "Activated and discarded Magic Item cards all go into one discard pile that can be
    reshuffled when the draw pile runs out"."""
    s = turn(full_game(), 0, pool=(("magic_item", "magic_item"), ("ban", 3)), at="church", magic=(),
             magic_discard=("i05", "i06"))
    s = act(place(s, 0, "magic_item", "church-hell"), 0, cmd.Answer(True))
    assert len(s.players[0].magic) == 1 and len(s.magic) == 1 and s.magic_discard == ()


# ------------------------------------------------------------------ in one's own turn
def test_the_wishing_table_gives_three_tokens_of_one_kind():
    """ "The Wishing-Table": "The rule of the Doubling die applies: all 3 tokens must be
    the same type"."""
    s = with_player(_at_field(), 0, magic=("i01",))
    assert {c for c in legal(s, 0) if isinstance(c, cmd.Play)} == {cmd.Play("i01", token=t)
                                                                 for t in ("coin", "bread", "apple")}
    s = act(s, 0, cmd.Play("i01", token="bread"))
    assert s.players[0].tokens == (0, 3, 0) and s.players[0].magic == () and s.step == "place"
    assert s.magic_discard == ("i01",)


def test_the_ball_of_yarn_rolls_the_unused_dice_again():
    """ "The Wonderful Ball of Yarn": "After rerolling, the player can reconsider which one
    of their dice to place on the board"."""
    s = with_player(_at_field(), 0, magic=("i06",))
    es = GAME.decide(s, 0, cmd.Play("i06"), __import__("random").Random(3))
    rolled = next(e for e in es if isinstance(e, ev.Rolled))
    assert [d for d, _ in rolled.dice] == ["plain", "ban"]


def test_the_golden_horse_rides_to_another_player_and_the_field_works():
    """ "The Golden Horse": "After arriving next to the other player, the location ability
    can be activated. King Thrushbeard can activate his Character ability upon arrival"."""
    s = with_player(with_player(_at_field(), 0, magic=("i07",), character="thrushbeard"), 1, at="steed_ne")
    s = act(s, 0, cmd.Play("i07", to="steed_ne"))
    assert s.players[0].at == "steed_ne" and s.step == "jump"
    assert cmd.Take("apple") in legal(s, 0)
    s = act(s, 0, cmd.Take("apple"))
    assert s.players[0].tokens == (0, 0, 2) and s.players[0].used


def test_the_wishing_cap_goes_anywhere_but_not_for_king_thrushbeard():
    """ "Wishing-cap": "King Thrushbeard may not use his ability when playing this card"."""
    s = with_player(_at_field(), 0, magic=("i15",), character="thrushbeard")
    s = act(s, 0, cmd.Play("i15", to="steed_sw"))
    assert s.players[0].at == "steed_sw" and s.step == "jump" and cmd.Take("apple") not in legal(s, 0)


def test_the_blue_light_takes_a_die_back_even_the_snake_die():
    """ "The Blue Light": "You can choose the Snake Die as well, if you have placed it on
    the board"."""
    s = turn(full_game(), 0, pool=(("ban", 3),), at="town", board={"rabbit": stack((1, "plain", 1), (0, "snake", 3))})
    s = with_player(s, 0, magic=("i10",))
    assert [c for c in legal(s, 0) if isinstance(c, cmd.Play)] == [cmd.Play("i10", socket="rabbit")]
    s = act(s, 0, cmd.Play("i10", socket="rabbit"))
    assert ("snake", 3) in s.players[0].pool and s.board["rabbit"] == stack((1, "plain", 1))


def test_seven_league_boots_reset_any_die_even_a_ban_die():
    """ "Seven-league Boots": "This card resets any die, even a Ban die" (boxtop: to its
    lowest number); another player may ward it off."""
    s = turn(full_game(), 0, pool=(("plain", 3),), at="town", board={"town-coin": stack((1, "ban", "ban"))})
    s = with_player(s, 0, magic=("i12",))
    s = act(s, 0, cmd.Play("i12", socket="town-coin"))
    assert s.board["town-coin"][-1].face == 1


def test_the_cursed_ring_passes_a_curse_on():
    """ "Cursed Ring": "With this effect you can pass on a Curse card that you acquired
    earlier"."""
    s = with_player(_at_field(), 0, magic=("i13",), stories=("s45",))
    s = act(s, 0, cmd.Play("i13", target=2, story="s45"))
    assert s.players[0].stories == () and s.players[2].stories == ("s45",)


def test_the_crystal_ball_counts_the_die_as_a_six_for_the_action():
    """ "Crystal Ball": "The effect of the card lasts until the end of the action"."""
    s = turn(full_game(), 0, pool=(("plain", 1), ("ban", 3)), at="town", magic=())
    s = with_player(s, 0, magic=("i14",))
    assert "needs a 5" in refused(s, 0, cmd.Place("plain", "town-soldier"))
    assert cmd.Place("plain", "town-soldier", "i14") in legal(s, 0)
    s = act(s, 0, cmd.Place("plain", "town-soldier", "i14"))
    assert s.step == "move" and s.board["town-soldier"][-1].face == 1 and s.magic_discard == ("i14",)


def test_magic_beans_put_a_third_die_on_a_stack_of_the_two_player_game():
    """ "Magic Beans": "In the two player variant (where dice stacks consist of a maximum
    of 2 dice) this card allows to place a 3rd die on the top. The other two points of the
    Dice placement rules still apply, so you can place only a same or higher value die"."""
    full = stack((1, "plain", 3), (1, "plain", 4))
    s = turn(full_game(2), 0, pool=(("plain", 5), ("ban", 3)), at="town", board={"town-old_woman": full})
    s = with_player(s, 0, magic=("i16",))
    assert "full" in refused(s, 0, cmd.Place("plain", "town-old_woman"))
    assert cmd.Place("ban", "town-old_woman", "i16") not in legal(s, 0)  # a 3 on a 4
    s = act(s, 0, cmd.Place("plain", "town-old_woman", "i16"))
    assert len(s.board["town-old_woman"]) == 3


# ------------------------------------------------------------------ in a window
def test_the_hazel_branch_adds_one_to_any_gain():
    """ "The branch from the hazel-bush": "This card can be used not only when visiting a
    resource field, but whenever getting token(s), regardless of the source"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s04",))
    s = with_player(s, 0, magic=("i03",))
    s = place(s, 0, "story", "church-hell")
    assert s.windows[-1].trigger == "tokens" and cmd.Play("i03") in legal(s, 0)
    s = pass_windows(act(s, 0, cmd.Play("i03")))
    assert s.players[0].tokens == (0, 0, 3)


def test_appendix_example_2_the_doubling_the_hazel_branch_and_the_cudgel():
    """Appendix, Example 2: "Sleeping Beauty places the Doubling die and arrives on the
    Apple field. Instead of taking 1 Apple, she could take 2, but she also plays a Magic
    Item card which modifies this to 3. The tricky Puss in Boots waited till the end of
    her action and tops off this nice combination with a Magic Item card that gives him
    the newly acquired 3 Apples"."""
    s = turn(full_game(), 0, pool=(("doubling", "doubling"), ("ban", 3)), at="huntsman")
    s = with_player(with_player(s, 0, character="beauty", magic=("i03",)), 1, character="puss", magic=("i17",))
    s = act(place(s, 0, "doubling", "huntsman-apple"), 0, cmd.Move())
    assert s.players[0].tokens == (0, 0, 2) and s.windows[-1].waiting == (0, 1)
    assert cmd.Play("i17") not in legal(s, 0) and legal(s, 1) == []
    s = act(s, 0, cmd.Play("i03"))
    assert s.players[0].tokens == (0, 0, 3) and s.windows[-1].waiting == (1,)
    s = act(s, 1, cmd.Play("i17"))
    s = pass_windows(s)
    assert s.players[0].tokens == (0, 0, 0) and s.players[1].tokens == (0, 0, 3)


def test_the_cudgel_collects_every_players_share_when_several_take_tokens_at_once():
    """ "Cudgel in the Sack": "If you play this card when a player is acquiring more than
    one token, or when more than one player is taking tokens at the same time, you can
    collect all those tokens" (review deviation 6: "Every other player can get an Apple"
    gave each player a window of their own, so the Cudgel took one Apple): one window
    for the whole gain, and the Cudgel takes both Apples."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s21",))
    s = with_player(s, 0, magic=("i17",))
    s = pass_windows(place(s, 0, "story", "church-hell"))  # her own Bad Luck window: no item
    s = act(s, 0, cmd.Pick(0))  # every other player gets an Apple
    assert [p.tokens for p in s.players] == [(0, 0, 0), (0, 0, 1), (0, 0, 1)]
    assert len([w for w in s.windows if w.trigger == "tokens"]) == 1 and s.windows[-1].waiting == (0,)
    s = pass_windows(act(s, 0, cmd.Play("i17")))
    assert [p.tokens for p in s.players] == [(0, 0, 2), (0, 0, 0), (0, 0, 0)]


def test_the_fairy_godmothers_gift_is_one_gain_for_the_cudgel():
    """ "Cudgel in the Sack": "when more than one player is taking tokens at the same
    time, you can collect all those tokens" (e08 "The Fairy Godmother": every player takes
    a token at the start of the chapter): the window opens once, after the last gift."""
    s = chapter_with("e08", mode="competitive", cards="full")
    order = [p.seat for p in s.prompts]
    thief = order[-1]
    s = with_player(s, thief, magic=("i17",))
    for seat in order[:-1]:
        s = act(s, seat, cmd.Gift(("coin",)))
        assert not s.windows  # the others are still taking theirs
    s = act(s, thief, cmd.Gift(("bread",)))
    assert [w.trigger for w in s.windows] == ["tokens"] and s.windows[-1].waiting == (thief,)
    s = pass_windows(act(s, thief, cmd.Play("i17")))
    assert s.players[thief].tokens == (2, 1, 0) and all(s.players[i].tokens == (0, 0, 0) for i in order[:-1])


def test_thrushbeard_the_cudgel_and_starwort():
    """ "Quest cards", Example: "King Thrushbeard would take two Apples, but Puss in Boots
    plays Magic Item "Cudgel in the Sack". He would take the two Apples from the King, if
    he didn't ward it off with Magic Item "Starwort"."."""
    s = turn(full_game(), 0, pool=(("plain", 3), ("ban", 3)), at="apple")
    s = with_player(with_player(s, 0, character="thrushbeard", magic=("i09",)), 1, character="puss",
                    magic=("i17",))
    s = act(place(s, 0, "plain", "steed_ne-apple"), 0, cmd.Move())
    s = act(s, 0, cmd.Take("apple"))
    assert s.players[0].tokens == (0, 0, 2)
    s = act(s, 0, Pass())  # no hazel branch
    s = act(s, 1, cmd.Play("i17"))
    assert s.windows[-1].trigger == "harm" and s.windows[-1].subject == "card" and cmd.Play("i09") in legal(s, 0)
    s = act(s, 0, cmd.Play("i09"))
    assert s.players[0].tokens == (0, 0, 2) and s.players[1].tokens == (0, 0, 0)
    assert s.magic_discard == ("i17", "i09")


def test_the_spirit_in_the_bottle_takes_the_cards_unseen_by_the_drawer():
    """ "Spirit in the Bottle": "If you play this card when a player is acquiring more than
    one card, or when more than one player is drawing cards at the same time, you can
    collect all those cards" (the brief: the item taken is seen by the thief only)."""
    s = turn(full_game(), 0, pool=(("magic_item", "magic_item"), ("ban", 3)), at="church", magic=("i01", "i02"))
    s = with_player(s, 2, magic=("i05",))
    s = act(place(s, 0, "magic_item", "church-hell"), 0, cmd.Answer(True))
    assert s.windows[-1].trigger == "items" and s.windows[-1].waiting == (2,)
    es = GAME.decide(s, 2, cmd.Play("i05"), __import__("random").Random(0))
    drawn = [e for e in es if isinstance(e, ev.ItemsDrawn)]
    assert drawn == [ev.ItemsDrawn(2, ("i01",))]  # seat 0 holds no ward: nothing to ask it
    assert GAME.redact(drawn[0], 0).items == (ev.HIDDEN,) and GAME.redact(drawn[0], 1).items == (ev.HIDDEN,)
    s = pass_windows(act(s, 2, cmd.Play("i05")))
    assert s.players[2].magic == ("i01",) and s.players[0].magic == ()
    assert GAME.view(s, 0).players[2].magic == (ev.HIDDEN,)


def test_the_spirit_in_the_bottle_takes_both_cards_snow_white_draws():
    """ "Spirit in the Bottle": "If you play this card when a player is acquiring more than
    one card … you can collect all those cards"; "Snow White": "Her ability gets activated
    also when drawing a Magic Item as a result of a card effect" (review deviation 6: the
    thief got one card of her two)."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s09",),
             magic=("i01", "i02", "i03"))
    s = with_player(with_player(s, 0, character="snowwhite"), 2, magic=("i05",))
    s = place(s, 0, "story", "church-hell")  # "A Friendly Raven": draw a Magic Item card
    assert s.windows[-1].trigger == "items" and s.windows[-1].waiting == (2,)
    s = pass_windows(act(s, 2, cmd.Play("i05")))
    assert s.players[2].magic == ("i01", "i02") and s.players[0].magic == () and not s.prompts


def test_the_cooperative_game_draws_anew_for_a_magic_item_that_cannot_apply():
    """ "Cooperative game": "Some Story and Magic Item cards are not applicable in this mode
    (e.g. "Draw a Quest card"). When drawing such a card, players can decide to draw a new
    one instead" (review deviation 8: Magic Items were not redrawn): the Magic Mirror
    (nobody draws Quest cards) is discarded and another card drawn, once."""
    s = turn(full_game(mode="cooperative"), 0, pool=(("story", "story"), ("plain", 3)), at="church",
             stories=("s09",), magic=("i11", "i13", "i01"))
    s = place(s, 0, "story", "church-hell")  # "A Friendly Raven": draw a Magic Item card
    assert s.players[0].magic == ("i13",) and s.magic_discard == ("i11",) and s.magic == ("i01",)


def test_the_magic_mirror_takes_the_quests_drawn_and_keeps_four():
    """ "Magic Mirror": "you can collect all those cards. Remember to keep the rule of a
    maximum of 4 active Quests: you must choose which cards to discard until you have only
    4 active Quests left"."""
    s = turn(full_game(), 0, pool=(("plain", 2), ("ban", 3)), at="woodsman", decks={2: ("q01", "q02"), 3: (), 4: ()})
    s = with_player(with_player(s, 0, quests=("q03",)), 1, magic=("i11",), quests=("q04", "q05", "q06", "q07"))
    s = act(act(place(s, 0, "plain", "town-woodsman"), 0, cmd.Move()), 0, cmd.Draw((2,)))
    assert s.windows[-1].trigger == "quests" and s.windows[-1].subject == "q01"
    s = act(s, 1, cmd.Play("i11"))
    s = pass_windows(s)
    assert s.players[0].quests == ("q03",) and [p.kind for p in s.prompts] == ["trim"]
    s = act(s, 1, cmd.Discard(quest="q04"))  # discarded: out of the game, not back in a deck
    assert s.players[1].quests == ("q05", "q06", "q07", "q01") and s.decks[2] == ("q02",)


def test_the_white_snake_rolls_the_snake_die_again_and_the_token_stays():
    """ "The White Snake": "The player rolling the token can of course keep that token.
    You can play this card also for your own roll"."""
    s = last_turn(full_game(), 0, pool=(("plain", 1),), board={"snake": stack((1, "plain", 1))})
    s = with_player(s, 1, magic=("i08",))
    s = place(s, 0, "plain", "rabbit")  # the chapter ends; seat 1 took the Snake Die and rolls it
    first = next(e for e in reversed(s.windows) if e.trigger == "snake")
    assert first.mover == 1 and 1 in first.waiting
    while s.windows[-1].trigger != "snake" or s.windows[-1].waiting[0] != 1:
        s = answer(s)
    before = s.players[1].tokens
    es = GAME.decide(s, 1, cmd.Play("i08"), __import__("random").Random(5))
    assert [type(e) for e in es].count(ev.SnakeRolled) == 1
    s = act(s, 1, cmd.Play("i08"), seed=5)
    assert all(a >= b for a, b in zip(s.players[1].tokens, before)) and s.players[1].magic == ()


def test_the_golden_bird_turns_a_just_rolled_one_or_two():
    """ "The Golden Bird": "This card must be played right after the roll. It cannot be
    used for dice rolled earlier"."""
    s = with_player(_at_field(), 0, magic=("i18", "i06"), pool=(("plain", 3), ("ban", 3)))
    for seed in range(60):
        es = GAME.decide(s, 0, cmd.Play("i06"), __import__("random").Random(seed))
        rolled = next(e for e in es if isinstance(e, ev.Rolled))
        if any(f in (1, 2) for _, f in rolled.dice):
            break
    from dice_rules_kit import fold

    s = fold(GAME, s, es)
    die, face = next((d, f) for d, f in rolled.dice if f in (1, 2))
    assert s.windows[-1].trigger == "roll" and cmd.Play("i18", die=die, face=6) in legal(s, 0)
    s = act(s, 0, cmd.Play("i18", die=die, face=6))
    assert s.players[0].face(die) == 6 and not s.windows
    plain = with_player(_at_field(), 0, magic=("i18",), pool=(("plain", 3), ("ban", 1)))
    assert not any(isinstance(c, cmd.Play) for c in legal(plain, 0))  # a 1 rolled earlier: no


def test_the_cloak_of_invisibility_draws_another_card_once():
    """ "Cloak of Invisibility": "The card effect activates only once, even if the second
    card is also a Bad Luck card"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s19", "s31", "s01"))
    s = with_player(s, 0, magic=("i02",), tokens=(1, 1, 1))
    s = place(s, 0, "story", "church-hell")
    assert s.windows[-1].trigger == "story" and cmd.Play("i02") in legal(s, 0)
    s = act(s, 0, cmd.Play("i02"))
    assert s.story_discard == ("s19", "s31") and not s.windows  # no second window for the second card
    assert [p.kind for p in s.prompts] == ["bad_luck"] and s.prompts[0].story == "s31"


def test_the_golden_ball_wards_off_the_wolf_but_starwort_does_not():
    """ "The Golden Ball": "This card can be played against any negative effect. Regardless
    of whether the negative effect is caused by a player or not"; "Starwort": "It cannot be
    used against Character and location abilities"."""
    s = turn(full_game(), 0, pool=(("plain", 1), ("ban", 3)), at="town")
    s = with_player(with_player(s, 1, magic=("i04",), pool=(("plain", 2), ("ban", 2))), 2, magic=("i09",))
    s = place(s, 0, "plain", "wolf")
    assert s.windows[-1].trigger == "harm" and s.windows[-1].subject == "wolf"
    assert cmd.Play("i04") in legal(s, 1)
    s = act(s, 1, cmd.Play("i04"))
    assert len(s.players[1].pool) == 2
    assert s.windows[-1].waiting == (2,) and legal(s, 2) == [Pass()]  # Starwort: not against the Wolf
    s = answer(s)
    assert s.players[2].pool == () and [d.seat for d in s.board["wolf"]] == [0, 2]


def test_appendix_example_1_snow_white_is_unlucky_today():
    """Appendix, Example 1: "Snow White has got a Loaf of Bread and wants to move on the
    Huntsman field … She places the Story card die and draws a Story card that says she
    must immediately go to the Big Sea or the Big Mountains. … she plays a Magic Item card
    that negates the effect of the Story card. Arriving to the Huntsman this way, the field
    effect gets activated: she draws a second Story card that makes her discard her single
    Loaf of Bread"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s18", "s19"))
    s = with_player(s, 0, character="snowwhite", magic=("i09",), tokens=(0, 1, 0), quests=("q03",))
    s = place(s, 0, "story", "town-huntsman")
    s = answer(s)  # no Cloak: she passes her Bad Luck window
    s = act(s, 0, cmd.Pick(0))  # "Go to the Big Sea"
    assert s.windows[-1].trigger == "harm" and cmd.Play("i09") in legal(s, 0)
    s = act(s, 0, cmd.Play("i09"))
    assert s.players[0].at == "town" and s.step == "move"
    s = act(s, 0, cmd.Move())
    assert s.players[0].at == "huntsman" and s.players[0].tokens == (0, 0, 0)
    assert s.story_discard == ("s18", "s19")


def test_a_played_item_is_named_to_everyone_but_a_held_one_never():
    """The log as another seat reads it names an item played, never one drawn."""
    from engine.games.dice_upon_a_time.notation import describe

    played = GAME.redact(ev.ItemPlayed(0, "i01"), 1)
    drawn = GAME.redact(ev.ItemsDrawn(0, ("i05",)), 1)
    assert played.item == "i01" and drawn.items == (ev.HIDDEN,)
    assert "Spirit in the Bottle" not in describe(drawn, ["Ann", "Bea", "Cy"])


@pytest.mark.parametrize("item", [f"i{k:02d}" for k in range(1, 19)])
def test_every_item_is_used_once_then_discarded(item):
    """ "Magic Item cards can be activated only once. Activated and discarded Magic Item
    cards all go into one discard pile": whatever the item, playing it moves it from the
    hand to the discards."""
    s = with_player(_at_field(), 0, magic=(item,))
    s = GAME.evolve(s, ev.ItemPlayed(0, item))
    assert s.players[0].magic == () and s.magic_discard == (item,)


def _chapter_roll_with_golden_bird(holder_first: bool, windows: str = "secret"):
    """A 3-player full game about to begin chapter 1, ``i18`` (the Golden Bird) in the
    hand of the starting player (who rolls first) or of the last to roll, searched over
    seeds until that player's roll shows a 1 or a 2. Returns (state after the roll, the
    holder, the low die)."""
    from dice_rules_kit import fold

    for seed in range(200):
        s = GAME.initial(GAME.options_from({"cards": "full", "characters": "none", "windows": windows}), 3)
        s = fold(GAME, s, GAME.setup(s.options, 3, __import__("random").Random(seed)))
        while s.pending or len(s.prompts) > 1:  # every setup answer but the last
            s = act(s, s.prompts[0].seat, legal(s, s.prompts[0].seat)[0])
        holder = s.start if holder_first else (s.start + 2) % 3
        s = with_player(s, holder, magic=("i18",))
        for seat in range(3):
            if seat != holder:
                s = with_player(s, seat, magic=())
        s = act(s, s.prompts[0].seat, legal(s, s.prompts[0].seat)[0])  # the last setup answer: chapter 1 begins
        low = [d for d, f in s.players[holder].pool if f in (1, 2) and d != "snake"]
        if low and s.chapter == 1:
            return s, holder, low[0]
    raise AssertionError("no seed gave the holder a 1 or a 2")


@pytest.mark.parametrize("holder_first", [True, False])
def test_the_golden_bird_answers_its_holders_own_chapter_roll(holder_first):
    """ "The Golden Bird": "The card can be played after the normal roll at the beginning
    of the chapter" and "must be played right after the roll": its holder's own roll,
    whoever rolled last (play-test: a holder who rolled earlier was offered only "no
    item"), and before the chapter's Event is revealed."""
    s, holder, die = _chapter_roll_with_golden_bird(holder_first)
    assert s.windows and s.windows[-1].trigger == "roll" and s.windows[-1].mover == holder
    assert min(GAME.to_act(s)) == holder
    assert cmd.Play("i18", die=die, face=6) in legal(s, holder)
    assert s.event == ""  # the Event waits for the roll's answers
    s = act(s, holder, cmd.Play("i18", die=die, face=6))
    assert s.players[holder].face(die) == 6 and not s.windows
    assert s.event != "" or s.options.events == "none"


def test_quick_windows_ask_only_who_can_answer():
    """``windows=quick`` (boxtop's option, ``RULES.md``): a window asks only the seats
    holding a Magic Item that answers the moment; a holder whose roll shows no 1 or 2
    is not asked about it, and with ``secret`` it is (a pass that reveals nothing)."""
    s, holder, die = _chapter_roll_with_golden_bird(True, windows="quick")
    assert s.windows[-1].waiting == (holder,)
    secret = with_player(_at_field(), 0, magic=("i18",), pool=(("plain", 3), ("ban", 3)))
    quick = secret.__class__(**{**{f: getattr(secret, f) for f in secret.__struct_fields__},
                                "options": GAME.options_from({"cards": "full", "windows": "quick"})})
    quick = with_player(quick, 1, magic=("i04",))
    secret = with_player(secret, 1, magic=("i04",))
    # seat 0 takes an Apple: seat 1's item (not a token answer) is asked only in secret
    after_secret = act(place(secret, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    after_quick = act(place(quick, 0, "plain", "huntsman-apple"), 0, cmd.Move())
    assert [w.waiting for w in after_secret.windows] == [(0, 1)]
    assert not after_quick.windows and after_quick.turn == 1
