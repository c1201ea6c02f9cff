"""A hint's moves in words (issue 26, "in notation and in words"): every game's
``Game.explain(command, view, names)`` says a command in one short plain sentence from
the seat's own view.

- Examples: the exact sentence for a few commands of each game in a known position
  (built as the rule tests build theirs: ``gift_trap_play``, ``bottlecap_table``,
  ``naughty_table``, ``dice_rules_kit``).
- Every legal command of seeded bot games has words: one line, under 100 characters,
  no markup bracket; together with the examples, every command type of every game.
- Words come from the view alone: two states dealt from one seat's view
  (``Game.sample``) give that seat the same words for every command.
"""

from __future__ import annotations

import random
import typing

import msgspec
import pytest
from msgspec.structs import replace

import engine
from engine import Seat
from engine.core import registry
from engine.core.reactions import Pass

import bottlecap_table as bt
import dice_rules_kit as dk
import gift_trap_play as gt
import naughty_table as nt
from test_search_hidden import HIDDEN, positions

#: The longest words allowed (a hint box line is about 60 columns; a sentence may wrap once).
LONGEST = 100


# ---------------------------------------------------------------------- Gift Trap
def _gift_trap():
    """Four players, extra tiles, the yellow stack dealt onto spaces 1–5 (known gifts)."""
    s = gt.table(4, seed=7, extra_tiles=True)
    gt.deal(s)
    return replace(s.state, spaces=("rubber-duck", "wool-socks", "chocolate-bar", "deck-of-cards", "sticky-notes"))


def gift_trap_cases():
    from engine.games.gift_trap import GAME
    from engine.games.gift_trap.commands import DealGifts, Done, GiveTile, RateGift, SetTrap
    from engine.games.gift_trap.state import Tile

    names = gt.NAMES[:4]
    dealing = gt.table(4, seed=7).state
    state = _gift_trap()
    view = GAME.view(state, 0)
    given = GAME.view(replace(state, gives=((Tile(5, to=1),), (), (), ())), 0)
    rating = replace(state, phase="rate", rates=((Tile(2, tile="super"),), (), (), ()), traps=(0, 0, 0, 0))
    rated = GAME.view(rating, 0)
    return [
        ("deal", GAME.view(dealing, dealing.dealer), DealGifts("red"),
         "Deal 5 gifts from the red stack ($$) onto spaces 1–5."),
        ("give", view, GiveTile(1, 3), "Give bob the gift on space 3 (Chocolate bar)."),
        ("give more", view, GiveTile(2, 1, True), "Give cyd gift 1 (Rubber duck) with Give more: you score it double."),
        ("give again", given, GiveTile(1, 3), "Give bob gift 3 (Chocolate bar) instead of gift 5."),
        ("rate", rated, RateGift("good", 4), "Put Good (+2) on gift 4 (Deck of cards)."),
        ("rate noway", rated, RateGift("noway", 1), "Put No way (−3) on gift 1 (Rubber duck): the gift you want least."),
        ("rate moved", rated, RateGift("super", 5), "Move Super (+3) from gift 2 to gift 5 (Sticky notes)."),
        ("rate more", rated, RateGift("super", 2, True), "Put Get more with Super (+3) on gift 2 (Wool socks): it scores double."),
        ("trap", rated, SetTrap(4), "Set your Gifttrap on gift 4 (Deck of cards): nobody scores for it."),
        ("done giving", view, Done(), "Done giving: your Give tiles are ready to turn over."),
        ("done rating", rated, Done(), "Done rating: your Get tiles are ready to turn over."),
    ], names


# ---------------------------------------------------------------------- Giftbringer
def giftbringer_cases():
    from engine.games.giftbringer import GAME
    from engine.games.giftbringer.commands import Bless, Cross, Done, Land, Visit
    from engine.games.giftbringer.options import Options
    from engine.games.giftbringer.state import Result

    names = ["ann", "bob"]
    state = GAME.initial(Options(), 2)
    sheet = state.sheets[0]
    marks = dict(sheet.marks)
    marks["V1"] = (True, False)  # Bjorn needs a 1 and a 2: the 1 is crossed
    marks["H4"] = (False, False, False)
    results = (Result(2), Result(6), Result(3), Result(5, used=True))
    fresh = replace(sheet, marks=marks, results=results)
    # landed at Frost Fjord (S1) with Bjorn and Astrid recruited: 3 Presents to bring, 2
    # Gratitude slots free (Jarl's Longhouse gives three letters: one is lost)
    visiting = replace(sheet, ship="S1", recruited=("V1", "V2"), visited=("R1",), results=results,
                       marks={**sheet.marks, "V1": (True, True), "V2": (True, True)}, gratitude={"V1": ("G",)})
    play = replace(state, phase="play", round=1, dice=(2, 6, 3, 5))
    view = GAME.view(replace(play, sheets=(fresh, state.sheets[1])), 0)
    visit_view = GAME.view(replace(play, sheets=(visiting, state.sheets[1])), 0)
    return [
        ("cross recruits", view, Cross(1, "V1"), "Cross result 1 (a 2) on Viking 1 (Bjorn): the Viking is recruited."),
        ("cross", view, Cross(2, "H4"), "Cross result 2 (a 6) on House 4 (Reindeer Farm): 2 and 6 still needed."),
        ("bless any", view, Bless("any", (3,), 6), "Use the 'any' Blessing: result 3 (a 3) becomes a 6 (result 5)."),
        ("bless sum", view, Bless("sum", (1, 3)), "Use the 'sum' Blessing: results 1 and 3 (2 and 3) become a 5 (result 5)."),
        ("bless diff", view, Bless("diff", (1, 2)),
         "Use the 'difference' Blessing: results 1 and 2 (2 and 6) become a 4 (result 5)."),
        ("bless two", view, Bless("two", (1, 2), 4), "Use the 'two' Blessing: results 1 and 2 (2 and 6) become one 4 (result 5)."),
        ("land", view, Land("S1"), "Land at Harbour 1 (Frost Fjord), your harbour for the whole game."),
        ("visit house", visit_view, Visit("H1"), "Visit House 1 (Milk Shed): a Glass of Milk."),
        ("visit road", visit_view, Visit("R2"), "Visit Road 2 (Birch Lane): the way on to the places beyond."),
        ("visit presents", visit_view, Visit("H16", "CG"),
         "Visit House 16 (Jarl's Longhouse): 3 Presents for a Glass of Milk, a Cookie and Happiness (1 lost)."),
        ("done", view, Done(), "Finish the round: 3 unused results are lost."),
    ], names


# ---------------------------------------------------------------------- Bottlecap Vikings
def bottlecap_cases():
    from engine.games.bottlecap_vikings import GAME
    from engine.games.bottlecap_vikings.commands import (Advance, ChooseSide, Copy, Do, Double, End, Give, Move,
                                                         Place, Return, Rotate, Skip, Swap, Take, TakeGoods, Use)
    from engine.games.bottlecap_vikings.steps import Step

    names = bt.NAMES[:3]
    layout = bt.rondel("A1", "A2", "A7", "A8", "A10", "A5", "A13", "A9")  # Improve at 1, Feast at 2 …
    moving = bt.table(3, ships=(0, 2, 5), layout=layout, players={0: dict(gold=5, wood=4, glory=3)})

    def asked(op: str, **step):
        return replace(moving, queue=(Step(op, 0, **step),))

    feast = bt.land("A2", gold=3, wood=5)
    market = bt.land("A8", gold=3)
    healer = bt.land("A10", wood=3, reds=1, greys=1)
    improve = bt.land("A1", gold=4, glory=3)
    hurt = replace(healer, queue=(Step("return", 0, n=2),))
    v = lambda state: GAME.view(state, 0)  # noqa: E731
    return [
        ("side identical", v(asked("side")), ChooseSide("identical"),
         "Play the identical side of your city card, the same for everyone."),
        ("side unique", v(asked("side")), ChooseSide("unique"), "Play the unique side of your city card: Raider."),
        ("place", v(asked("place")), Place(1), "Put your ship beside space 2 (Feast)."),
        ("goods", v(replace(moving, n=3, queue=(Step("goods", 0, n=1),))), TakeGoods(1, 1),
         "Start with 2 wood, 1 gold and 3 glory."),
        ("move and attack", v(moving), Move(2), "Sail 2 spaces to space 3 (Raid), attacking bob."),
        ("move", v(moving), Move(3), "Sail 3 spaces to space 4 (Market)."),
        ("move over the line", v(bt.table(3, ships=(3, 0, 5), layout=layout)), Move(2),
         "Sail 2 spaces to space 6 (Forest), over the damage line, attacking cyd."),
        ("feast", v(feast), Do(1), "Feast: pay 1 gold and 2 wood for 1 glory."),
        ("market", v(market), Do(1, 2), "Market: give up 2 gold for 3 wood."),
        ("healer", v(healer), Do(2), "Healer: pay 3 wood to lose all your damage."),
        ("improve", v(improve), Advance("1a"), "Improve: move your hut up to 1a for 2 gold: Woodpile (gained wood: 1 more)."),
        ("free improvement", v(asked("improve")), Advance("1b"),
         "Free improvement: move your hut up to 1b: Hoard (gained gold: 1 more)."),
        ("use rudder", v(asked("act")), Use("rudder"), "Use Rudder: take 1 damage to sail the other way from next turn."),
        ("end", v(feast), End(), "End your turn without taking the action."),
        ("return", v(hurt), Return(1, 1), "Put 1 red token and 1 grey token back in the bag."),
        ("omen", v(asked("omen")), Return(0, 1), "Omen: give the grey token back, as if never drawn."),
        ("take", v(asked("take", other=1)), Take("gold"), "Take 1 gold from bob."),
        ("give", v(asked("give", other=2)), Give("wood"), "Give cyd 1 wood in return."),
        ("swap", v(asked("swap")), Swap(7), "Tides: swap the tiles at space 8 (Toll) and space 1 (Improve)."),
        ("skip", v(asked("swap")), Skip(), "Tides: swap no tiles."),
        ("rotate", v(asked("rotate")), Rotate(2), "Compass: turn the bottlecap 2 spaces clockwise, the helper to space 3."),
        ("double", v(asked("double")), Double("wood"), "Windfall: double your wood, 4 to 8."),
        ("copy", v(asked("copy")), Copy("sails"), "Mimic: copy Sails (sail 2 further)."),
    ], names


# ---------------------------------------------------------------------- Naughty or Nice
def naughty_cases():
    from engine.games.naughty_or_nice import GAME
    from engine.games.naughty_or_nice import commands as cmd
    from engine.games.naughty_or_nice.state import Prompt

    names = nt.NAMES[:3]
    state = nt.table(3, givers=("odin", "santa", "befana"), hands={0: "ST CA SW TB TB", 1: "SL"},
                     creatures={0: "SC RD RD KR MC", 1: "TO"}, ground=("Benjamin", "Omar"), row=("CA", "", "TB"))
    view = GAME.view(state, 0)
    keeping = GAME.view(replace(state, prompts=(Prompt(0, "keep"),), summoning=("SM", "KR")), 0)
    scrooged, _ = nt.run(state, 0, "play SC bob")
    bob = GAME.view(scrooged, 1)
    return [
        ("giver", GAME.view(replace(state, prompts=(Prompt(0, "giver"),)), 0), cmd.ChooseGiver("father"),
         "Be Father Christmas: Stockings you give scores 2 more."),
        ("craft", view, cmd.Craft((0, cmd.DECK)), "Craft: take Cap (row place 1) and 1 present from the deck."),
        ("summon", view, cmd.Summon(), "Summon: draw 2 creatures, keep 1 and discard the other."),
        ("keep", keeping, cmd.Keep("SM"), "Keep the Snow Maiden; discard Krampus."),
        ("fulfill", view, cmd.Fulfill(0, ("CA", "ST", "SW")), "Fulfil Benjamin (place 1) with Cap, Stockings and Sweater: 4 points."),
        ("scrooge", view, cmd.Play("SC", target=1), "Play Mr Scrooge on bob: bob skips their next turn."),
        ("reindeer", view, cmd.Play("RD", count=2), "Play 2 Reindeer together: 5 points."),
        ("krampus", view, cmd.Play("KR", present="CA"), "Play Krampus calling for Cap: each other holder gives you one."),
        ("mrs claus", view, cmd.Play("MC", slot=1), "Play Mrs. Claus: take Omar (place 2) without presents."),
        ("tomte", bob, cmd.React("TO"), "Tomte: cancel ann's Mr Scrooge."),
        ("pass", bob, Pass(), "Let it stand: no reaction."),
        ("papa wolverine", view, cmd.React("PW", ("CA", "ST")), "Papa Wolverine: take Cap and Stockings just given."),
        ("pick", view, cmd.Pick("ST"), "Take Stockings from the presents the Elves revealed."),
        ("draw", view, cmd.Draw(2), "Christkindl: draw Teddy Bear from row place 3."),
        ("search", view, cmd.Search("TB"), "Santa: discard 2 Teddy Bear to search for a reindeer."),
        ("tuck", view, cmd.Tuck(), "Santa: put a Reindeer from your hand under Rudolf."),
        ("sweep", view, cmd.Sweep(0), "La Befana: sweep Benjamin (place 1) out of the playground."),
        ("end", view, cmd.End(), "End your turn."),
    ], names


# ---------------------------------------------------------------------- Dice Upon a Time
def dice_cases():
    from engine.games.dice_upon_a_time import GAME
    from engine.games.dice_upon_a_time import commands as cmd
    from engine.games.dice_upon_a_time.state import Prompt

    names = ["ann", "bob", "cyd"]
    base = dk.turn(dk.full_game(3), 0, pool=(("doubling", 5), ("plain", 1), ("ban", "ban")), at="town")
    base = dk.with_player(base, 0, tokens=(1, 0, 0), quests=("q01",), magic=("i07",))
    placed = dk.place(base, 0, "doubling", "town-old_woman")
    v = lambda state: GAME.view(state, 0)  # noqa: E731
    asked = lambda kind, **more: v(replace(base, prompts=(Prompt(0, kind, **more),)))  # noqa: E731
    return [
        ("place", v(base), cmd.Place("doubling", "town-old_woman"), "Place the Doubling die (a 5) on the Town–Old Woman route."),
        # a special face counts 6 when placed, as the log says it ("(Ban face, a 6)"); a
        # plain 6 under The Spell Is Broken ("Special die faces are plain 6s this chapter")
        ("place ban", v(base), cmd.Place("ban", "wolf"), "Place the Ban die (Ban face, a 6) on the Wolf."),
        ("place ban, the spell broken", v(replace(base, event="e12")), cmd.Place("ban", "wolf"),
         "Place the Ban die (Ban face, a plain 6) on the Wolf."),
        ("place tailor", v(base), cmd.Place("plain", "town-coin", "tailor"),
         "Place the plain die (a 1) on the Town–Gold Coin route, one lower (Tailor)."),
        ("move", v(placed), cmd.Move(), "Move through the route to the Old Woman."),
        ("stay", v(placed), cmd.Skip(), "Stay on the Town: do not move."),
        ("rabbit", v(base), cmd.Rabbit("town-church"), "Use a Rabbit token to hop to the Church."),
        ("pass", v(base), cmd.PassTurn(), "Pass: give up your turns for the rest of the chapter."),
        ("jump", v(base), cmd.Jump("steed_ne"), "Jump to the north-east Steed."),
        ("fairy", v(replace(base, step="fairy", doubling=True)), cmd.Take("apple"), "Take 2 Apples from the Fairy."),
        ("town", v(replace(base, step="town")), cmd.Draw((3,)), "Draw a Quest card from the 3 AP deck."),
        ("king", v(replace(base, step="king")), cmd.Draw((2, 3, 4)),
         "At the King, draw a Quest card from each of the 2, 3 and 4 AP decks, then keep one."),
        ("opening", asked("draw2"), cmd.Draw((2, 2)), "Draw 2 Quest cards from the 2 AP deck as your opening quests."),
        ("keep", v(base), cmd.Keep("q01"), "Keep Up to the Clouds (2 AP); the others go under their decks."),
        ("complete", v(base), cmd.Complete("q01"), "Complete Up to the Clouds for 2 AP."),
        ("end", v(base), cmd.End(), "End your turn."),
        ("fox", asked("fox"), cmd.SetFaces((("doubling", "doubling"), ("plain", 6))),
         "Set the dice from the Fox: Doubling die to Doubling and plain die to 6."),
        ("reroll", asked("reroll"), cmd.Reroll(("doubling", "plain")),
         "Roll the Doubling die (a 5) and the plain die (a 1) again."),
        ("keep the roll", asked("reroll"), cmd.Reroll(()), "Keep your roll as it is."),
        ("rapunzel", asked("rapunzel"), cmd.Reroll(("plain",)), "Rapunzel: roll the plain die (a 1) again."),
        ("gift", asked("gift"), cmd.Gift(("coin", "apple")), "Take a Gold Coin and an Apple from the supply."),
        ("feed", asked("feed"), cmd.Feed("plain"), "Give the Wolf your plain die (a 1)."),
        ("character", asked("character"), cmd.Character("puss"), "Play Puss in Boots: change a token into another kind."),
        ("bad luck", asked("bad_luck", story="s18"), cmd.Pick(1), "Bad Luck, choose: Go to the Big Mountains."),
        ("lose tokens", asked("lose", amount=1), cmd.Discard(tokens=("coin",)), "Give up a Gold Coin."),
        ("lose a die", asked("lose_die"), cmd.Discard(die="plain"), "Discard your unused plain die (a 1)."),
        ("trim", asked("trim"), cmd.Discard(quest="q01"), "Discard Up to the Clouds (2 AP): you may hold 4 quests."),
        ("go", asked("go", places=("big_sea",)), cmd.Go("big_sea"), "Go to the Big Sea, as the Story card says."),
        ("snow white", v(dk.with_player(base, 0, magic=("i07", "i04"))), cmd.KeepItem("i04"),
         "Snow White: keep the Golden Ball; discard the Golden Horse."),
        ("golden horse", v(base), cmd.Play("i07", to="big_sea"), "Play the Golden Horse: ride to the Big Sea."),
        ("wishing-table", v(base), cmd.Play("i01", token="apple"), "Play the Wishing-Table: take 3 Apples."),
        ("decline", v(base), Pass(), "Play no Magic Item now."),
        ("redeem", v(base), cmd.Redeem("s49", ("coin",)), "Pay a Gold Coin to lift the Curse The Troll's Toll."),
        ("walk", v(base), cmd.Walk("town-huntsman"), "Little Red Riding Hood: walk to the Huntsman without a die."),
        ("convert", v(base), cmd.Convert("coin", "bread"), "Puss in Boots: change a Gold Coin into a Loaf of Bread."),
        ("rest", v(base), cmd.Rest(("ban", "plain"), "apple"), "Sleeping Beauty: give up the Ban and plain dice for an Apple."),
        ("offer", v(base), cmd.Offer(1, ("coin",), ("apple",)), "Offer bob a Gold Coin for an Apple."),
        ("draw item", asked("draw_item"), cmd.Answer(False), "Do not draw the Magic Item card."),
    ], names


CASES = {"gift-trap": gift_trap_cases, "giftbringer": giftbringer_cases, "bottlecap-vikings": bottlecap_cases,
         "naughty-or-nice": naughty_cases, "dice-upon-a-time": dice_cases}


def _all_cases():
    for slug, build in CASES.items():
        cases, names = build()
        for label, view, command, expected in cases:
            yield pytest.param(slug, view, command, expected, names, id=f"{slug}-{label}")


@pytest.mark.parametrize("slug, view, command, expected, names", list(_all_cases()))
def test_a_command_in_words(slug, view, command, expected, names):
    # HELP.md of each game, the sections each explain's docstring names.
    words = registry.get(slug).explain(command, view, names)
    assert words == expected


# ---------------------------------------------------------------------- every command
#: Options that bring out every kind of command (extra tiles, choices at setup …).
OPTIONS = {"gift-trap": {"extra_tiles": True}, "giftbringer": {},
           "bottlecap-vikings": {"sides": "choose"}, "naughty-or-nice": {"givers": "choose"},
           "dice-upon-a-time": {}}


def _check(words: str) -> None:
    assert isinstance(words, str) and words.strip() == words and words
    assert "\n" not in words and "[" not in words, words
    assert len(words) < LONGEST, words
    assert words[-1] in ".!", words


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_legal_command_of_a_game_has_a_short_line_of_words(slug):
    game = registry.get(slug)
    n = min(game.max_players, 4)
    seen: set[type] = set()
    positions = 0
    for seed in (1, 2, 3):
        s = engine.new_game(slug, [Seat(f"p{i}") for i in range(n)], seed=seed, options=OPTIONS[slug])
        bots, rng = [game.bots["random"](seed + i) for i in range(n)], random.Random(seed)
        for _ in range(1500):
            if s.result() is not None:
                break
            seat = s.to_act_seats()[0]
            view, legal = s.view(seat), s.legal_commands(seat)
            for command in legal:
                _check(game.explain(command, view, s.names))
                seen.add(type(command))
            positions += 1
            s.submit(seat, bots[seat].choose(view, legal, rng))
    assert positions > 100
    cases, _ = CASES[slug]()
    seen |= {type(command) for _, _, command, _ in cases}
    every = set(typing.get_args(game.command_type))
    assert every <= seen, f"commands without words checked: {sorted(t.__name__ for t in every - seen)}"


@pytest.mark.parametrize("slug", registry.slugs())
def test_what_is_not_a_command_of_the_game_is_refused(slug):
    game = registry.get(slug)
    s = engine.new_game(slug, [Seat(f"p{i}", "random") for i in range(game.min_players)], seed=1)
    with pytest.raises(TypeError, match=f"^not a {game.title} command"):
        game.explain(object(), s.view(s.to_act_seats()[0]), s.names)
    with pytest.raises(TypeError, match=f"^not a {game.title} command"):  # as the notation does
        game.notation(object(), s.names)


# ---------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("slug", sorted(HIDDEN))
def test_words_come_from_the_seats_view_alone(slug):
    # Issue 26: words only use what the seat's own view holds. Two true states dealt
    # from one view (every hidden card, tile and deck order dealt again) are told apart
    # by nothing the seat sees, so every command reads the same from both.
    game = registry.get(slug)
    names = ["b0", "b1", "b2"]
    swapped = 0
    for k, (state, seat) in enumerate(positions(slug, every=4, most=4)):
        view = game.view(state, seat)
        other = game.sample(view, seat, random.Random(900 + k))
        swapped += other != state
        again = game.view(other, seat)
        assert msgspec.msgpack.encode(again) == msgspec.msgpack.encode(view)
        # what the seat may do is the same in both, and so are its words: ``explain`` is
        # given nothing but the view, which the seat cannot tell apart
        legal = game.legal(state, seat)
        assert game.legal(other, seat) == legal
        assert [game.explain(c, view, names) for c in legal] == [game.explain(c, again, names) for c in legal]
    assert swapped > 0
