"""Dice Upon a Time, the full game's Story cards: drawing them, Good and Bad Luck, Side
Quests, Curses and Mini Quests. Each test quotes the passage of the Dice Upon a Time
rulebook it checks ("Story cards", "Supporting characters", "Story card face", "The End:
Scoring", the appendix's "Card combinations"); the cards are reconstructions
(``STORIES.md``), rulings in the game's RULES.md."""

from __future__ import annotations

from dice_rules_kit import act, answer, full_game, last_turn, pass_windows, place, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time.legal import legal
from engine.games.dice_upon_a_time.rules import result


def test_the_story_face_draws_a_story_card_and_good_luck_takes_effect_at_once():
    """ "Story card face": "When activating this face you must immediately draw a Story
    card"; "Normal Good and Bad Luck cards take effect immediately. After the effect put
    them on a common discard pile" ("You get an Apple.")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s01", "s02"))
    s = place(s, 0, "story", "church-hell")
    assert s.players[0].tokens == (0, 0, 1) and s.story_discard == ("s01",) and s.stories == ("s02",)
    assert s.step == "move"  # the card was drawn on placing, before the move


def test_a_supporting_character_draws_a_story_card_before_quests_are_completed():
    """ "Supporting characters": "When arriving on one of these fields, the player must
    immediately draw a Story card. Remember: You cannot complete any quests before
    drawing the Story card"."""
    s = turn(full_game(), 0, pool=(("plain", 4), ("ban", 3)), at="town", stories=("s02",))
    s = with_player(s, 0, quests=("q03",))
    s = act(place(s, 0, "plain", "town-huntsman"), 0, cmd.Move())
    assert s.players[0].tokens == (0, 1, 0) and s.story_discard == ("s02",)


def test_the_beginner_game_leaves_the_story_cards_in_the_box():
    """ "Beginner mode": "the Story card and Magic Item die faces become regular value 6
    faces. The Supporting character fields and the Magic Item field also become regular
    fields with no ability"."""
    s = turn(full_game(cards="beginner"), 0, pool=(("story", "story"), ("plain", 3)), at="town")
    s = act(place(s, 0, "story", "town-huntsman"), 0, cmd.Move())
    assert s.players[0].tokens == (0, 0, 0) and not s.story_discard and s.players[0].at == "huntsman"


def test_bad_luck_asks_for_one_of_two_effects():
    """ "Bad Luck cards take effect immediately. The active player must choose from two
    negative effects" ("Discard a Loaf of Bread - OR - Discard an Apple")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s19",))
    s = with_player(s, 0, tokens=(0, 1, 1))
    s = place(s, 0, "story", "church-hell")
    assert [(p.seat, p.kind, p.story) for p in s.prompts] == [(0, "bad_luck", "s19")]
    assert legal(s, 0) == [cmd.Pick(0), cmd.Pick(1)]
    s = act(s, 0, cmd.Pick(1))
    assert s.players[0].tokens == (0, 1, 0) and s.step == "move"


def test_the_latter_effect_when_only_it_is_possible():
    """ "Discard a token - OR - Discard an unused Magic Item card." "If the player has no
    tokens but has unused Magic Item cards, they must choose the latter effect"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s17",))
    s = with_player(s, 0, tokens=(0, 0, 0), magic=("i01",))
    s = pass_windows(place(s, 0, "story", "church-hell"))  # her own Bad Luck window: she passes
    s = pass_windows(s)  # the harm window: she lets it happen
    assert not s.prompts and s.players[0].magic == () and s.magic_discard == ("i01",)


def test_bad_luck_with_neither_effect_possible_is_discarded():
    """ "If neither of the effects can be carried out, discard the card without
    fulfilling either of them"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s17",))
    s = place(s, 0, "story", "church-hell")
    assert not s.prompts and s.story_discard == ("s17",) and s.step == "move"


def test_bad_luck_may_reward_the_others_instead():
    """ "There are several Bad Luck cards that have no negative effect to the active player
    but reward the other players … only the other players get the chosen reward"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s21",))
    s = act(place(s, 0, "story", "church-hell"), 0, cmd.Pick(1))
    assert [p.tokens for p in s.players] == [(0, 0, 0), (0, 1, 0), (0, 1, 0)]


def test_a_story_that_sends_the_figure_away_cancels_the_move_and_the_second_card():
    """ "Story card face", "Important": "There's a chance that the first card, drawn
    because of the die, will send the character to another location. In this case, the
    second Story card must not be drawn, as the character has lost their way"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s18", "s01"))
    s = act(place(s, 0, "story", "town-huntsman"), 0, cmd.Pick(0))  # "Lost in the Woods": the Big Sea
    assert s.players[0].at == "big_sea" and s.turn == 1 and s.stories == ("s01",)


def test_a_story_card_naming_the_field_the_figure_stands_on_moves_nobody():
    """ "Story card face", "Important": the move through the route is cancelled when the
    first card "will send the character to another location" (RULES.md: "Go to the
    Town" on the Town sends nobody anywhere: the figure still moves through its route,
    and the Huntsman's card is drawn)."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s12", "s01"))
    s = place(s, 0, "story", "town-huntsman")  # "The Shortcut": go to the Town
    assert s.players[0].at == "town" and s.step == "move"
    s = act(s, 0, cmd.Move())
    assert s.players[0].at == "huntsman" and s.story_discard == ("s12", "s01")


# ------------------------------------------------------------------ moves by card effect (review deviation 1)
def test_a_story_card_sending_the_figure_to_the_town_offers_a_quest_card():
    """ "Town": "When arriving on this field later in the game – either by normal movement
    or by card effect – the player can draw a Quest card" ("The Shortcut: Go to the
    Town")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s12",))
    s = place(s, 0, "story", "church-hell")
    assert s.players[0].at == "town" and s.step == "town" and cmd.Draw((2,)) in legal(s, 0)
    s = act(s, 0, cmd.Draw((2,)))
    assert len(s.players[0].quests) == 1 and s.players[0].at == "town"  # no move to Hell: the way is lost


def test_a_story_card_sending_the_figure_to_a_resource_field_gives_its_token():
    """ "Town": "either by normal movement or by card effect"; "Resource fields":
    "Arriving on one of these fields you can take one token from the supply" ("Following
    the Breadcrumbs: Go to the Bread field or the Apple field")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s13",))
    s = act(place(s, 0, "story", "church-hell"), 0, cmd.Go("apple"))
    assert s.players[0].at == "apple" and s.players[0].tokens == (0, 0, 1)


def test_a_bad_luck_card_sending_the_figure_to_the_king_offers_the_kings_draw():
    """ "Town": "either by normal movement or by card effect"; "King": "On this field you
    can draw 3 Quest cards" ("A Tax for the King: Discard a Gold Coin - OR - Go to the
    King", with no Gold Coin the latter)."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s33",))
    s = place(s, 0, "story", "town-huntsman")
    assert s.players[0].at == "king" and s.step == "king" and cmd.Draw((2, 3, 4)) in legal(s, 0)


def test_a_story_card_move_picks_up_a_quest_token_and_meets_a_visit():
    """ "Quest cards": "These items can be collected only by the owners of these Quest
    cards when visiting the location"; "Blue Mini Quests": "if the player stops by at
    that given location later in the game, they complete the blue Mini Quest"; "Town":
    "either by normal movement or by card effect" ("The Witch's Oven: Go to Hell - OR -
    Discard 2 tokens", with no token the former; "Down to Hell and Back")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s25",))
    s = with_player(s, 0, quests=("q35",), stories=("s63",))
    s = place(s, 0, "story", "town-huntsman")
    assert s.players[0].at == "hell" and s.players[0].items == ("golden_hairs",)
    assert s.players[0].stories == () and [p.kind for p in s.prompts] == ["gain"]  # the reward: 3 tokens


def test_story_die_and_story_field_draw_two_cards_one_after_the_other():
    """ "If a player activates a Story card die and moves to a field where a second Story
    card is to be drawn, draw the two cards separately, one after the other"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="town", stories=("s01", "s02"))
    s = act(place(s, 0, "story", "town-huntsman"), 0, cmd.Move())
    assert s.story_discard == ("s01", "s02") and s.players[0].tokens == (0, 1, 1)


def test_side_quests_score_at_the_end_when_met():
    """ "Green Side Quests give extra APs, but only if their conditions are met at the end
    of the game" ("...if you are in the Town at the end of the game."); "The End:
    Scoring" 2: "Count the positive APs on the completed green Side Quest cards"."""
    s = last_turn(full_game(length="short"), 0, pool=(("plain", 1),), chapter=3, at="town")
    s = with_player(s, 0, stories=("s35", "s43"))
    s = place(s, 0, "plain", "rabbit")
    assert s.phase == "over" and s.met == ("s35",)
    assert result(s).scores[0] == {"quests": 0, "quest AP": 0, "story AP": 2, "total": 2}


def test_a_side_quest_counts_dice_on_the_forest_spirits_however_they_got_there():
    """FAQ: "If you have dice on at least 2 Forest Spirit fields at the end of the game."
    "If another player activated the Wolf field and I lost a die there, does the lost die
    on the Wolf field count here? - Yes"."""
    s = last_turn(full_game(length="short"), 1, pool=(("plain", 1),), chapter=3, at="town")
    s = with_player(s, 0, stories=("s36",))
    from dice_rules_kit import stack

    s = turn(s, 1, pool=(("plain", 1),), chapter=3, board={"wolf": stack((1, "plain", 1), (0, "plain", 2))})
    s = with_player(with_player(s, 0, pool=(), stories=("s36",)), 2, pool=())
    s = place(s, 1, "plain", "snake")
    assert s.met == ()  # one Forest Spirit field only
    s2 = last_turn(full_game(length="short"), 1, pool=(("plain", 1),), chapter=3,
                   board={"wolf": stack((1, "plain", 1), (0, "plain", 2)), "rabbit": stack((0, "plain", 1))})
    s2 = with_player(s2, 0, stories=("s36",))
    s2 = place(s2, 1, "plain", "fox1")
    assert s2.met == ("s36",) and result(s2).scores[0]["story AP"] == 2


def test_a_curse_counts_against_until_lifted_by_a_visit():
    """ "Curse cards are worth negative APs at the end of the game. However, you can get
    rid of these cards by fulfilling the requirements listed on them" ("Visit the Fairy
    to discard this card")."""
    s = turn(full_game(), 0, pool=(("plain", 6), ("ban", 3)), at="coin")
    s = with_player(s, 0, stories=("s46",))
    s = act(place(s, 0, "plain", "coin-fairy"), 0, cmd.Move())
    assert s.players[0].stories == ()  # lifted on arriving, before the Fairy's token
    s = act(s, 0, cmd.Take("coin"))
    assert s.players[0].stories == () and "s46" in s.story_discard


def test_a_drawn_curse_lies_in_front_and_a_token_curse_is_paid_off():
    """ "Drawn Curse cards … must be placed face-up in front of the players"; "you can
    get rid of these cards by fulfilling the requirements" ("Discard a Gold Coin to
    discard this card")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s49",))
    s = with_player(s, 0, tokens=(1, 0, 0))
    s = place(s, 0, "story", "church-hell")
    assert s.players[0].stories == ("s49",)
    s = act(s, 0, cmd.Skip())  # stay: the complete step offers the payment
    assert cmd.Redeem("s49", ("coin",)) in legal(s, 0)
    s = act(s, 0, cmd.Redeem("s49", ("coin",)))
    assert s.players[0].stories == () and s.players[0].tokens == (0, 0, 0) and s.story_discard[-1] == "s49"


def test_a_curse_still_held_at_the_end_costs_its_ap():
    """ "The End: Scoring" 2: "the negative APs on the remaining Curse cards"."""
    s = last_turn(full_game(length="short"), 0, pool=(("plain", 1),), chapter=3)
    s = with_player(s, 0, stories=("s45",), done=("q01",))
    s = place(s, 0, "plain", "rabbit")
    assert result(s).scores[0] == {"quests": 1, "quest AP": 2, "story AP": -2, "total": 0}


def test_a_mini_quest_is_kept_and_redeemed_later_for_its_reward():
    """ "The blue Mini Quests don't give any AP but some kind of other reward. They go
    face-up next to your active Quest cards and you can decide later, whether or not to
    fulfill them" ("Discard 1 token. Reward: Draw a Quest card.")."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s55",))
    s = with_player(s, 0, tokens=(0, 0, 1))
    s = act(place(s, 0, "story", "church-hell"), 0, cmd.Skip())
    assert s.players[0].stories == ("s55",) and s.step == "complete"
    s = act(s, 0, cmd.Redeem("s55", ("apple",)))
    assert [p.kind for p in s.prompts] == ["draw1"]
    s = pass_windows(act(s, 0, cmd.Draw((2,))))
    assert len(s.players[0].quests) == 1 and s.players[0].stories == ()


def test_a_visit_mini_quest_is_met_on_arriving_there():
    """ "Some blue Mini Quests' condition is to visit certain locations on the board.
    This means that if the player stops by at that given location later in the game, they
    complete the blue Mini Quest and get the reward" ("Visit the Clouds. Reward: 2 Gold
    Coins")."""
    s = turn(full_game(), 0, pool=(("plain", 5), ("ban", 3)), at="old_woman")
    s = with_player(s, 0, stories=("s60",))
    s = act(place(s, 0, "plain", "old_woman-clouds"), 0, cmd.Move())
    assert s.players[0].stories == () and s.players[0].tokens == (2, 0, 0)


def test_the_story_deck_is_reshuffled_from_its_discards():
    """ "Activated and discarded Story cards all go into one discard pile that can be
    reshuffled when the draw pile runs out"."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=(),
             story_discard=("s01", "s03"))
    s = place(s, 0, "story", "church-hell")
    assert len(s.stories) == 1 and len(s.story_discard) == 1 and sum(s.players[0].tokens) == 1


def test_the_cooperative_game_draws_anew_for_a_quest_card():
    """ "Cooperative game": "Some Story and Magic Item cards are not applicable in this
    mode (e.g. "Draw a Quest card"). When drawing such a card, players can decide to draw
    a new one instead" (boxtop draws anew)."""
    s = turn(full_game(mode="cooperative"), 0, pool=(("story", "story"), ("plain", 3)), at="church",
             stories=("s10", "s01"))
    s = place(s, 0, "story", "church-hell")
    assert s.story_discard == ("s10", "s01") and s.players[0].tokens == (0, 0, 1)


def test_a_token_of_ones_choice_is_asked():
    """ "You get a token of your choice." (Good Luck)."""
    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s07",))
    s = place(s, 0, "story", "church-hell")
    assert [p.kind for p in s.prompts] == ["gain"] and cmd.Gift(("bread",)) in legal(s, 0)
    s = act(s, 0, cmd.Gift(("bread",)))
    assert s.players[0].tokens == (0, 1, 0)


def test_answering_is_refused_out_of_turn_in_one_line():
    """Bad input gets a clear one-line error: another seat cannot answer the Bad Luck
    card."""
    from dice_rules_kit import refused

    s = turn(full_game(), 0, pool=(("story", "story"), ("plain", 3)), at="church", stories=("s19",))
    s = with_player(s, 0, tokens=(0, 1, 1))
    s = place(s, 0, "story", "church-hell")
    assert refused(s, 1, cmd.Pick(0)) == "It is not your turn to act."
    assert refused(s, 0, cmd.Pick(2)) == "Choose one of the Bad Luck card's two effects."
    assert answer(s, cmd.Pick(0)).players[0].tokens == (0, 0, 1)


# ------------------------------------------------------------------ the co-operative game (review deviation 3)
def test_in_the_cooperative_game_anyone_lifts_a_curse_by_its_visit():
    """ "Beginner mode / Language independent version", beside the co-operative table:
    "When you draw a Curse, green Side Quest or blue Mini Quest card, put it next to the
    Quest cards. These are also available to complete for all players" ("The Devil's
    Bargain: Visit the Church to discard this card", drawn by another player)."""
    s = turn(full_game(mode="cooperative"), 1, pool=(("plain", 2), ("ban", 3)), at="town")
    s = with_player(s, 0, stories=("s47",))
    s = act(place(s, 1, "plain", "town-church"), 1, cmd.Move())
    assert s.players[0].stories == () and s.story_discard[-1] == "s47"


def test_in_the_cooperative_game_anyone_pays_a_mini_quest_and_takes_its_reward():
    """ "These are also available to complete for all players" ("Apples for the
    Huntsman: Discard an Apple. Reward: 2 Gold Coins", drawn by another player): the
    player who pays takes the reward."""
    s = turn(full_game(mode="cooperative"), 1, pool=(("plain", 2), ("ban", 3)), at="town")
    s = with_player(with_player(s, 0, stories=("s61",)), 1, tokens=(0, 0, 1))
    s = act(place(s, 1, "plain", "town-church"), 1, cmd.Move())
    assert cmd.Redeem("s61", ("apple",)) in legal(s, 1)
    s = act(s, 1, cmd.Redeem("s61", ("apple",)))
    assert s.players[0].stories == () and s.players[1].tokens == (2, 0, 0)


def test_in_the_cooperative_game_anyone_meets_a_side_quest_at_the_end():
    """ "These are also available to complete for all players" ("Home Again: 2 AP if you
    are in the Town at the end of the game", in front of a player elsewhere): it scores
    when any player meets it; competitive, only its holder."""
    for mode, met in (("cooperative", ("s35",)), ("competitive", ())):
        s = last_turn(full_game(length="short", mode=mode), 1, pool=(("plain", 1),), chapter=3, at="town")
        s = with_player(s, 0, stories=("s35",), at="church")
        s = place(s, 1, "plain", "rabbit")
        assert s.phase == "over" and s.met == met
