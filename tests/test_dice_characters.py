"""Dice Upon a Time, the Characters' abilities and trading on one field. Each test quotes
the passage of the Dice Upon a Time rulebook it checks ("Character card", "List of
Character abilities and Notes", the "Encounter" tip); the ability texts are
reconstructions (``ITEMS.md``), rulings in the game's RULES.md."""

from __future__ import annotations

import random

from dice_rules_kit import GAME, act, full_game, last_turn, place, refused, stack, turn, with_player
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.legal import legal


def hero(character: str, n: int = 3, seat: int = 0, **turn_args):
    """Seat ``seat`` playing ``character``, to place (``turn`` arguments)."""
    turn_args.setdefault("pool", (("plain", 3), ("ban", 3)))
    s = turn(full_game(n), seat, **turn_args)
    return with_player(s, seat, character=character)


def test_characters_are_chosen_at_setup_each_once():
    """ "Setup" 5: "Each player chooses or draws a Character card" (boxtop: from the last
    player in turn order to the starting player, each a card nobody has)."""
    s = full_game(3, seed=2)
    order = [(s.start + k) % 3 for k in range(3)]
    assert [(p.seat, p.kind) for p in s.prompts] == [(seat, "character") for seat in reversed(order)]
    first = s.prompts[0].seat
    assert len(legal(s, first)) == 9
    s = act(s, first, cmd.Character("puss"))
    assert cmd.Character("puss") not in legal(s, s.prompts[0].seat) and len(legal(s, s.prompts[0].seat)) == 8
    assert s.players[first].character == "puss"


def test_abilities_are_optional():
    """ "Character abilities are optional": with ``characters=none`` nobody chooses."""
    s = full_game(3, seed=2, characters="none")
    assert not any(p.kind == "character" for p in s.prompts)
    s = with_player(turn(s, 0, at="town"), 0, character="redcap")
    assert not any(isinstance(c, cmd.Walk) for c in legal(s, 0))


def test_red_riding_hood_walks_without_a_die_but_not_past_a_ban_die():
    """ "Little Red Riding Hood": "Her ability can be used only for movement. The Ban die
    cannot be overridden by this ability"."""
    s = hero("redcap", at="town", board={"town-coin": stack((1, "ban", "ban"))})
    walks = {c.route for c in legal(s, 0) if isinstance(c, cmd.Walk)}
    assert "town-coin" not in walks and "town-huntsman" in walks and "church-king" not in walks
    s = act(s, 0, cmd.Walk("town-old_woman"))
    assert s.players[0].at == "old_woman" and len(s.players[0].pool) == 2 and s.players[0].used
    s = turn(s, 0, pool=s.players[0].pool, at="old_woman")
    assert not any(isinstance(c, cmd.Walk) for c in legal(s, 0))  # once a chapter


def test_puss_converts_one_token_also_when_completing_a_quest():
    """ "Puss in Boots": "He may activate this ability also when completing a Quest. It
    can be activated once per chapter, so only 1 token can be converted"."""
    s = hero("puss", at="church", pool=(("plain", 5), ("ban", 3)))
    s = with_player(s, 0, quests=("q23",), tokens=(1, 0, 1))  # q23 asks 2 Gold Coins at Hell
    s = act(place(s, 0, "plain", "church-hell"), 0, cmd.Move())
    assert s.step == "complete" and cmd.Convert("apple", "coin") in legal(s, 0)
    s = act(s, 0, cmd.Convert("apple", "coin"))
    assert s.players[0].tokens == (2, 0, 0) and cmd.Complete("q23") in legal(s, 0)
    assert not any(isinstance(c, cmd.Convert) for c in legal(s, 0))


def test_the_tailor_places_one_lower_but_not_on_a_ban_die():
    """ "Brave Little Tailor": "His ability does not affect Ban dice"."""
    s = hero("tailor", at="town", pool=(("plain", 4), ("ban", 3)), board={"town-coin": stack((1, "ban", 4))})
    assert cmd.Place("plain", "town-soldier", "tailor") in legal(s, 0)
    assert cmd.Place("ban", "town-soldier", "tailor") not in legal(s, 0)  # 3 for a 5
    s2 = hero("tailor", at="town", pool=(("plain", 4),), board={"town-coin": stack((1, "ban", "ban"))})
    assert refused(s2, 0, cmd.Place("plain", "town-coin", "tailor")) == "That needs a 6 or higher."
    s = act(s, 0, cmd.Place("plain", "town-soldier", "tailor"))
    assert s.players[0].used and s.step == "move"


def test_snow_white_draws_two_items_and_keeps_one_also_by_a_card():
    """ "Snow White": "Her ability gets activated also when drawing a Magic Item as a
    result of a card effect"."""
    s = hero("snowwhite", at="church", pool=(("story", "story"), ("plain", 3)), stories=("s09",),
             magic=("i01", "i02", "i03"))
    s = place(s, 0, "story", "church-hell")
    assert [p.kind for p in s.prompts] == ["keep_item"]
    assert set(legal(s, 0)) == {cmd.KeepItem("i01"), cmd.KeepItem("i02")}
    s = act(s, 0, cmd.KeepItem("i02"))
    assert s.players[0].magic == ("i02",) and s.magic_discard == ("i01",) and s.magic == ("i03",)


def test_thrushbeard_takes_two_tokens_after_completing_a_quest_at_a_steed():
    """ "King Thrushbeard": "When visiting the Steed for a Quest he may activate his
    ability after completing the Quest"."""
    s = hero("thrushbeard", at="apple", pool=(("plain", 3), ("ban", 3)))
    s = with_player(s, 0, quests=("q13",))
    s = act(act(place(s, 0, "plain", "steed_ne-apple"), 0, cmd.Move()), 0, cmd.Skip())
    assert s.step == "complete" and cmd.Take("bread") in legal(s, 0)
    s = act(s, 0, cmd.Take("bread"))
    assert s.players[0].tokens == (0, 2, 0) and s.players[0].used


def test_sleeping_beauty_discards_two_dice_and_their_faces_do_nothing():
    """ "Sleeping Beauty": "If you use special face dice for her ability, they do not get
    activated as this is a discard action, not a regular die placement"."""
    s = hero("beauty", at="town", pool=(("story", "story"), ("magic_item", "magic_item"), ("plain", 3)))
    s = act(s, 0, cmd.Rest(("magic_item", "story"), "apple"))
    assert s.players[0].pool == (("plain", 3),) and s.players[0].tokens == (0, 0, 1)
    assert s.step == "place" and not s.story_discard and len(s.players[0].magic) == 0


def test_thumbling_draws_a_quest_anywhere_three_times_two_in_the_short_game():
    """ "Thumbling": "His ability can be used only 3 times in a game … In the short game
    variant Thumbling has only 2 tokens. … In the cooperative game mode, Thumbling's
    ability is irrelevant"."""
    s = full_game(3, seed=2)
    seat = s.prompts[0].seat
    s = act(s, seat, cmd.Character("thumbling"))
    assert s.players[seat].thumbs == 3
    short = full_game(3, seed=2, length="short")
    short = act(short, seat, cmd.Character("thumbling"))
    assert short.players[seat].thumbs == 2
    s = with_player(hero("thumbling", at="hell"), 0, thumbs=1)
    assert cmd.Draw((4,)) in legal(s, 0)
    s = act(s, 0, cmd.Draw((4,)))
    assert len(s.players[0].quests) == 1 and s.players[0].thumbs == 0 and s.step == "place"
    assert not any(isinstance(c, cmd.Draw) for c in legal(s, 0))
    coop = with_player(turn(full_game(3, mode="cooperative"), 0, at="hell"), 0, character="thumbling", thumbs=3)
    assert not any(isinstance(c, cmd.Draw) for c in legal(coop, 0))


def test_rapunzel_rolls_one_die_again_once_at_the_chapter_roll():
    """ "Rapunzel": "Her ability can be used at the beginning of the chapter when everyone
    rolls the dice. … One single die can be rerolled once; even if she had more than one
    1 or 2 value dice"."""
    s = last_turn(full_game(2), 0, pool=(("plain", 1),))
    s = with_player(s, 1, character="rapunzel")

    def asks(k: int) -> bool:
        nxt = act(s, 0, cmd.Place("plain", "rabbit"), seed=k)
        return any(p.kind == "rapunzel" for p in nxt.prompts) or any(e.token == "rapunzel" for e in nxt.pending)

    seed = next(k for k in range(60) if asks(k))
    s = act(s, 0, cmd.Place("plain", "rabbit"), seed=seed)
    while not (s.prompts and s.prompts[0].kind == "rapunzel"):
        s = act(s, s.prompts[0].seat, legal(s, s.prompts[0].seat)[0])
    assert s.prompts and s.prompts[0].kind == "rapunzel"
    low = [d for d, f in s.players[1].pool if f in (1, 2) and d != "snake"]
    assert set(legal(s, 1)) == {cmd.Reroll(())} | {cmd.Reroll((d,)) for d in low}
    s = act(s, 1, cmd.Reroll((low[0],)))
    assert s.players[1].used


def test_the_musicians_put_a_third_die_on_a_two_player_stack():
    """ "The Musicians of Bremen": "In the two player variant (where dice stacks consist
    of a maximum of 2 dice) this ability enables the player to place a 3rd die on a
    stack"."""
    full = stack((1, "plain", 3), (1, "plain", 4))
    s = hero("musicians", n=2, at="town", pool=(("plain", 5),), board={"town-old_woman": full})
    s = act(s, 0, cmd.Place("plain", "town-old_woman", "musicians"))
    assert len(s.board["town-old_woman"]) == 3 and s.players[0].used


def test_a_used_ability_turns_back_at_the_next_chapter():
    """ "3. Turn the Character cards back with their ability side up (if used)"."""
    s = last_turn(full_game(), 0, pool=(("plain", 1),))
    s = with_player(s, 0, character="redcap", used=True)
    s = place(s, 0, "plain", "rabbit")
    assert s.chapter == 2 and not s.players[0].used


# ------------------------------------------------------------------ trading
def test_players_on_one_field_trade_by_common_assent():
    """ "Encounter": "When two (or more) players meet (their figures are on the same
    field), they can exchange resource tokens, active Quest cards (including Side
    Quests), Magic Item cards with each other by common assent"."""
    s = turn(full_game(), 0, pool=(("plain", 3),), at="town")
    s = with_player(with_player(s, 0, tokens=(2, 0, 0), magic=("i04",)), 1, at="town", tokens=(0, 0, 1),
                    quests=("q01",))
    offer = cmd.Offer(1, ("coin", "i04"), ("apple", "q01"))
    s = act(s, 0, offer)
    assert [(p.seat, p.kind) for p in s.prompts] == [(1, "trade")] and s.offer.give == ("coin", "i04")
    assert GAME.view(s, 2).offer.give == ("coin", ev.HIDDEN)  # a secret item stays secret
    s = act(s, 1, cmd.Answer(True))
    assert s.players[0].tokens == (1, 0, 1) and s.players[0].quests == ("q01",) and s.players[0].magic == ()
    assert s.players[1].tokens == (1, 0, 0) and s.players[1].magic == ("i04",) and s.step == "place"
    assert "already made" in refused(s, 0, cmd.Offer(1, ("coin",), ()))


def test_a_refused_trade_changes_nothing_and_trades_need_one_field():
    """ "by common assent": a refusal keeps everything; a player elsewhere cannot be
    offered a trade; the ``trading`` option turns it off."""
    s = turn(full_game(), 0, pool=(("plain", 3),), at="town")
    s = with_player(with_player(with_player(s, 0, tokens=(2, 0, 0)), 1, at="town", tokens=(0, 0, 1)), 2,
                    at="church")
    after = act(act(s, 0, cmd.Offer(1, ("coin",), ("apple",))), 1, cmd.Answer(False))
    assert [p.tokens for p in after.players] == [p.tokens for p in s.players] and after.offer is None
    assert refused(s, 0, cmd.Offer(2, ("coin",), ())) == "You can trade only with a player on your field."
    assert refused(s, 0, cmd.Offer(1, ("bread",), ())) == "You do not hold everything you offer."
    off = turn(full_game(trading="off"), 0, pool=(("plain", 3),), at="town")
    off = with_player(with_player(off, 0, tokens=(2, 0, 0)), 1, at="town")
    assert refused(off, 0, cmd.Offer(1, ("coin",), ())) == "Trading is off in this game."
    assert not any(isinstance(c, cmd.Offer) for c in legal(off, 0))


def test_a_quest_token_goes_with_its_quest_when_traded():
    """ "Quest cards": "Some Quest cards require special items. These items can be
    collected only by the owners of these Quest cards"; "Encounter": players on one field
    "can exchange … active Quest cards" (review deviation 2: the token stayed with the old
    owner, so the new owner could never complete the quest): the Old Sword follows The
    Old Sword of the Old Soldier to its new owner, who completes it."""
    s = turn(full_game(), 0, pool=(("plain", 3),), at="town")
    s = with_player(with_player(s, 0, quests=("q34",), items=("old_sword",)), 1, at="town", quests=("q10",))
    s = act(act(s, 0, cmd.Offer(1, ("q34",), ("q10",))), 1, cmd.Answer(True))
    assert s.players[1].quests == ("q34",) and s.players[1].items == ("old_sword",)
    assert s.players[0].quests == ("q10",) and s.players[0].items == ()
    from engine.games.dice_upon_a_time.common import CARDS, quest_met

    at_target = with_player(s, 1, at=CARDS.quests["q34"].location)
    assert quest_met(at_target.players[1], "q34")


def test_a_quest_discarded_down_to_four_sends_its_token_back_to_its_field():
    """ "Magic Mirror": "you can collect all those cards. Remember to keep the rule of a
    maximum of 4 active Quests: you must choose which cards to discard until you have only
    4 active Quests left"; "Quest cards": the items "can be collected only by the owners
    of these Quest cards when visiting the location" (review deviation 2: the token
    stayed with the player who discarded its quest): it goes back to its field, for the
    next owner of such a quest."""
    s = turn(full_game(), 0, pool=(("plain", 2), ("ban", 3)), at="woodsman", decks={2: ("q01",), 3: (), 4: ()})
    s = with_player(s, 1, magic=("i11",), quests=("q34", "q05", "q06", "q07"), items=("old_sword",))
    s = act(act(place(s, 0, "plain", "town-woodsman"), 0, cmd.Move()), 0, cmd.Draw((2,)))
    s = act(act(s, 1, cmd.Play("i11")), 1, cmd.Discard(quest="q34"))
    assert s.players[1].quests == ("q05", "q06", "q07", "q01")
    assert s.players[1].items == () and "old_sword" in s.items


def test_red_riding_hood_does_not_walk_to_the_king_or_the_fairy():
    """ "Fairy", Note: "The Fairy and the King are both powerful locations, but you can
    get there only by a value 6 die"; "Little Red Riding Hood": "Her ability can be used
    only for movement" (review deviation 8: her walk reached them without a 6)."""
    s = hero("redcap", at="church")
    assert cmd.Walk("church-king") not in legal(s, 0) and cmd.Walk("church-hell") in legal(s, 0)
    assert refused(s, 0, cmd.Walk("church-king")) == "Only a value 6 die opens the way to the King or the Fairy."
    s = hero("redcap", at="coin")
    assert refused(s, 0, cmd.Walk("coin-fairy")) == "Only a value 6 die opens the way to the King or the Fairy."


def test_a_trade_keeps_the_four_quest_limit():
    """ "The limit of the active Main Quests (Quest cards) is 4 per player"."""
    s = turn(full_game(), 0, pool=(("plain", 3),), at="town")
    s = with_player(with_player(s, 0, quests=("q01", "q02", "q03", "q04")), 1, at="town", quests=("q05",))
    assert refused(s, 0, cmd.Offer(1, (), ("q05",))) == "You would hold more than 4 active quests."
    es = GAME.decide(s, 0, cmd.Offer(1, ("q01",), ("q05",)), random.Random(0))
    assert isinstance(es[0], ev.Offered)
