"""Naughty or Nice's creatures ("Stories", "Creatures"): one test (or more) per kind,
and the reaction windows in which Tomte and Papa Wolverine answer another player's move.
Positions come from ``naughty_table.table``; commands go through ``decide``."""

from __future__ import annotations

import pytest

from engine.core.reactions import Passed, WindowOpened
from engine.games.naughty_or_nice import events as ev
from naughty_table import GAME, actor, kid, of, pass_all, play, refused, run, scored, table

PLAIN = ("nicholas", "father", "odin", "christkindl", "befana")
LEVEL = 3  # creatures without the gift givers' abilities


def test_snow_maiden_repeats_the_basic_action():
    """Naughty or Nice rulebook, "Snow Maiden": "She lets the active player repeat the
    basic action they chose for the round." boxtop: played after the basic action; the
    repeat is the same action, or a pass."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "SM"}, row=("ST", "CA", "SW"), deck="BE HC FO OP")
    refused(s, 0, "play SM", "basic action")
    s, _ = play(s, "craft 1 2", "play SM")
    assert s.prompts[0].kind == "repeat" and s.prompts[0].action == "craft"
    refused(s, 0, "summon", "repeats your craft")
    s, _ = run(s, 0, "craft 3 deck")
    assert s.players[0].presents == ("BE", "CA", "ST", "SW")
    assert s.turn == 1


def test_snow_maiden_repeat_may_be_passed():
    """"Snow Maiden": she "lets" the player repeat: it is a choice."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "SM"})
    s, _ = play(s, "craft 1 2", "play SM", "pass")
    assert s.turn == 1 and len(s.players[0].presents) == 2


def test_elves_reveal_players_plus_one_and_the_last_goes_to_the_active_player():
    """Worked example — Naughty or Nice rulebook, "Elves": "Reveal a number of presents
    equal to the number of players plus 1 from the top of the present deck. Active
    player chooses 1, other players choose 1-1 in turn order, last 1 goes to active
    player." """
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "EL"}, deck="ST BE OP TB CR", turn=0)
    s, events = run(s, 0, "play EL")
    assert s.revealed == ("ST", "BE", "OP", "TB")  # 3 players + 1
    assert [p.seat for p in s.prompts] == [0, 1, 2]
    assert GAME.view(s, 2).revealed == s.revealed  # revealed to all
    s, _ = run(s, 0, "pick OP")
    refused(s, 1, "pick OP", "revealed")
    s, _ = run(s, 1, "pick ST")
    s, _ = run(s, 2, "pick TB")
    assert s.players[0].presents == ("BE", "OP")  # the first choice and the last card
    assert s.players[1].presents == ("ST",) and s.players[2].presents == ("TB",)
    assert s.present_deck == ("CR",)


@pytest.mark.parametrize("points", [0, 1])
def test_elves_mrs_claus_and_snow_maiden_score_the_unmarked_points_option(points):
    """"Elves", "Mrs. Claus": "Immediately after playing: ★" with no number; Snow Maiden
    prints no points line: boxtop scores them 0 (option ``unmarked_points`` 1)."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "EL MC"}, unmarked_points=points)
    s, e1 = run(s, 0, "play MC 2")
    s, e2 = run(s, 0, "play EL")
    assert [p for _, p, _ in scored(e1 + e2, 0)] == ([1, 1] if points else [])


def test_mrs_claus_takes_a_kiddo_without_presents_and_it_does_not_count_as_fulfilling():
    """Naughty or Nice rulebook, "Mrs. Claus": "After she is played take 1 kiddo without
    giving any presents. This does not count as fulfilling wishes, so you do not get to
    summon a creature for free if you are playing with full rules! However at the end of
    the game the kiddo may be worth extra points if you manage to secure the most of a
    set or a full set." """
    ben, aino = kid("Benjamin"), kid("Aino")  # both bells
    s = table(2, 5, givers=PLAIN[:2], creatures={0: "MC"}, kiddos={0: [aino]},
              ground=["Benjamin", "Lupita"], kiddo_deck=["Jordi", "Noa"], creature_deck="SC SC SC")
    s, events = run(s, 0, "play MC 1")
    assert s.players[0].kiddos == (aino, ben)
    assert s.players[0].gifted == 1  # Mrs. Claus's kiddo is not a wish fulfilled
    assert s.playground[0] == kid("Jordi")
    assert s.creature_deck == ("SC", "SC", "SC") and not s.prompts  # no set summon
    assert scored(events, 0) == []


def test_tomte_cancels_a_creatures_effect_and_its_points_still_score():
    """Naughty or Nice rulebook, "Tomte": "Played reacting to another players move, it
    cancels the written effect of the played creature. Points are still taken after the
    cancelled creature." Tomte scores its own "★ 1"."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "CG", 1: "TO", 2: "SC"}, hands={1: "ST CA BE"})
    s, events = run(s, 0, "play CG bob")
    assert (0, 1, "Cringe") in scored(events)
    assert of(events, WindowOpened)[0].seats == (1, 2)
    assert actor(s) == 1
    s, events = run(s, 1, "react TO")
    assert (1, 1, "Tomte") in scored(events)
    s = pass_all(s)
    assert s.players[1].presents == ("BE", "CA", "ST")  # Cringe cancelled
    assert s.players[0].score == 1 and s.players[1].score == 1  # both points stand
    assert s.creature_discard[-2:] == ("CG", "TO")


def test_tomte_can_cancel_another_tomte():
    """Naughty or Nice rulebook, "Tomte": "Tomte can cancel an other Tomte." The second
    Tomte cancels the first, so the creature's effect happens after all."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "CG", 1: "TO", 2: "TO"}, hands={1: "ST CA"})
    s, _ = run(s, 0, "play CG bob")
    s, _ = run(s, 1, "react TO")
    assert actor(s) == 2 and s.windows[-1].subject == "TO"
    s, events = run(s, 2, "react TO")
    assert (2, 1, "Tomte") in scored(events)
    s = pass_all(s)
    assert s.players[1].presents == () and s.players[0].presents == ("CA", "ST")


def test_tomte_answers_creatures_only_and_must_have_started_the_turn_in_hand():
    """"Tomte": it cancels "the played creature": it does not answer a Fulfill."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={1: "TO"}, hands={0: "ST CA SW"}, ground=["Benjamin"])
    s, _ = run(s, 0, "fulfill 1 ST CA SW")
    assert s.windows[-1].trigger == "fulfill" and actor(s) == 1
    refused(s, 1, "react TO", "answers a creature")


def test_caga_tio_stands_in_for_one_present_in_a_fulfill():
    """Naughty or Nice rulebook, "Caga Tió": "When fulfilling a wish of a kiddo, Caga
    Tió can substitute as any 1 present from their list, this way making gifting cheaper
    while not taking away the players basic action either. Immediately after playing: ★
    1". boxtop: part of the Fulfill (no window of its own), counted as a present given."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "CT"}, hands={0: "ST CA SW"}, ground=["Benjamin"])
    refused(s, 0, "fulfill 1 ST CA SW caga", "match")  # it stands in for one, not more
    s, events = run(s, 0, "fulfill 1 CA ST caga")
    assert scored(events, 0) == [(0, 3, "Benjamin"), (0, 1, "Caga Tió")]
    assert s.players[0].presents == ("SW",) and s.players[0].creatures == ()
    assert s.creature_discard[-1] == "CT"
    assert not of(events, WindowOpened) and s.turn == 1


@pytest.mark.parametrize("count,points", [(1, 2), (2, 5), (3, 8), (4, 12)])
def test_reindeer_played_together_score_2_5_8_12(count, points):
    """Worked example — Naughty or Nice rulebook, "Reindeer": "If a player plays 1
    reindeer it scores 2 points immediately. If a player plays 2 reindeers they score 5
    ... 3 reindeers they score 8 ... 4 reindeers they score 12 points immediately."
    No written effect: no reaction window."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: ("RD",) * count, 1: "TO"})
    s, events = run(s, 0, f"play RD {count}")
    assert scored(events) == [(0, points, "Reindeer" if count == 1 else f"{count} reindeer")]
    assert s.players[0].creatures == () and not s.windows


def test_reindeer_at_most_four_together_and_no_more_than_held():
    """"Reindeer": "They can be played in any combination, consisting maximum 4
    reindeers"."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "RD RD"})
    refused(s, 0, "play RD 3", "fewer than 3")
    assert GAME.parse("play RD 2", []) in GAME.legal(s, 0)
    with pytest.raises(Exception, match="1–4"):
        GAME.parse("play RD 5", [])


def test_papa_wolverine_takes_two_of_the_presents_given_in_a_fulfill():
    """Naughty or Nice rulebook, "Papa Wolverine": "Played reacting to another players
    move. When the other player is fulfilling a wish, the player playing this creature
    can go through the present cards discarded during that action and take 2 of them
    into their hand. Immediately after playing: ★ 1" """
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={2: "PW"}, hands={0: "ST ST CA"}, ground=["Benjamin"],
              present_discard="BE")
    s, events = run(s, 0, "fulfill 1 ST ST CA")
    assert of(events, WindowOpened)[0].seats == (2,)
    assert {str(c) for c in GAME.legal(s, 2)} == {"Pass()", "React(creature='PW', take=('CA', 'ST'))",
                                                  "React(creature='PW', take=('ST', 'ST'))"}
    refused(s, 2, "react PW BE ST", "just given")
    s, events = run(s, 2, "react PW CA ST")
    assert (2, 1, "Papa Wolverine") in scored(events)
    s = pass_all(s)
    assert s.players[2].presents == ("CA", "ST")
    assert s.present_discard == ("BE", "ST")
    assert s.players[0].score == 3  # the Fulfill scores in full


def test_papa_wolverine_answers_a_fulfill_only():
    """"Papa Wolverine": "When the other player is fulfilling a wish"."""
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "YC", 1: "PW"})
    s, _ = run(s, 0, "play YC")
    refused(s, 1, "react PW", "answers a fulfill")


def test_mr_scrooge_makes_another_player_skip_their_next_turn():
    """Naughty or Nice rulebook, "Mr Scrooge": "The card is placed before an other player
    who will need to skip their next turn, placing this card to the respective discard
    pile. Immediately after playing: ★ 1" """
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "SC"})
    refused(s, 0, "play SC ann", "another player")
    s, events = run(s, 0, "play SC cyd")
    assert (0, 1, "Mr Scrooge") in scored(events) and s.players[2].skips == 1
    s, _ = run(s, 0, "craft 1 2")
    s, events = run(s, 1, "craft 1 2")
    assert of(events, ev.Skipped) == [ev.Skipped(2)] and s.turn == 0


def test_jolakotturinn_one_player_with_the_fewest_reds_loses_three():
    """Worked example — Naughty or Nice rulebook, "Jólakötturinn": "All players compare
    the present cards in their hand. The one player with the least RED presents in their
    hand is loses 3 points." The active player counts too; only the counts are shown."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "YC"}, hands={0: "ST", 1: "BE CA CA", 2: "SW ST"},
              scores={0: 5, 1: 5, 2: 5})
    s, events = run(s, 0, "play YC")
    assert of(events, ev.RedCounts) == [ev.RedCounts((1, 2, 2))]
    assert (0, -3, "Jólakötturinn") in scored(events)
    assert [p.score for p in s.players] == [3, 5, 5]  # +1 for the cat, -3


def test_jolakotturinn_players_tied_for_the_fewest_reds_lose_two_each():
    """Worked example — "Jólakötturinn": "If there is a tie for the least, all players
    with the least amount of red presents lose 2 points immediately." Scores stop at 0
    unless the option ``negative_scores`` is on."""
    hands = {0: "ST CA", 1: "BE", 2: "TB"}
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "YC"}, hands=hands, scores={1: 4, 2: 1})
    s, _ = run(s, 0, "play YC")
    assert [p.score for p in s.players] == [1, 2, 0]
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "YC"}, hands=hands, scores={1: 4, 2: 1},
              negative_scores=True)
    s, _ = run(s, 0, "play YC")
    assert [p.score for p in s.players] == [1, 2, -1]


def test_mari_lwyd_steals_a_creature_that_cannot_be_played_that_turn():
    """Naughty or Nice rulebook, "Mari Lwyd": "It steals one creature card from an other
    player at random. Taken creature can not be used in the same turn as it was taken."
    What was stolen is known to the two players only."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "ML", 1: "YC"})
    s, _ = run(s, 0, "play ML bob")
    s = pass_all(s)
    assert s.players[0].creatures == ("YC",) and s.players[1].creatures == ()
    assert s.players[0].fresh == ("YC",)
    refused(s, 0, "play YC", "started the turn")


def test_mari_lwyd_stolen_card_is_hidden_from_the_others():
    """"Mari Lwyd" steals "at random"; boxtop shows the card to thief and victim only."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "ML", 1: "YC"})
    s, _ = run(s, 0, "play ML bob")
    events = GAME.decide(s, 1, GAME.parse("pass", []), __import__("random").Random(0))
    stole = of(events, ev.Stole)[0]
    assert stole.cards == ("YC",)
    assert GAME.redact(stole, 1).cards == ("YC",) and GAME.redact(stole, 2).cards == (ev.HIDDEN,)


@pytest.mark.parametrize("hand,taken", [("ST CA SW BE", 2), ("OP", 1), ("", 0)])
def test_cringe_steals_two_random_presents_or_fewer(hand, taken):
    """Naughty or Nice rulebook, "Cringe": "Active player can steal 2 random present
    cards from an other players hand at random. If there are not enough present cards at
    the targeted player, it will steal less or nothing." """
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "CG"}, hands={1: hand})
    s, events = run(s, 0, "play CG bob")
    assert len(s.players[0].presents) == taken
    assert len(s.players[1].presents) == len(hand.split()) - taken


def test_krampus_every_other_player_gives_one_of_the_present_called():
    """Naughty or Nice rulebook, "Krampus": "After calling out a specific present (fe.
    Hat, Coal, Crayons) all other players MUST give the active player ONE of this present
    if they hold it in their hand." """
    s = table(4, LEVEL, givers=PLAIN[:4], creatures={0: "KR"}, hands={1: "CA CA", 2: "ST", 3: "CA BE"},
              deck="TB SL")
    s, events = run(s, 0, "play KR CA")
    assert [(e.seat, e.to, e.present) for e in of(events, ev.Gave)] == [(1, 0, "CA"), (3, 0, "CA")]
    assert s.players[0].presents == ("CA", "CA") and s.players[1].presents == ("CA",)
    assert s.present_deck == ("TB", "SL")


def test_krampus_draws_two_when_nobody_can_give():
    """"Krampus": "If no one can give the specific present to active player, they get to
    draw two random cards from the top of the present deck instead." """
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "KR"}, hands={1: "ST", 2: "BE"}, deck="TB SL CR")
    s, _ = run(s, 0, "play KR CO")
    assert s.players[0].presents == ("SL", "TB") and s.present_deck == ("CR",)


def test_the_reaction_window_opens_for_every_other_seat_holding_a_creature_from_the_start():
    """"Tomte", "Papa Wolverine": "Played reacting to another players move"; boxtop's
    window opens for each other seat holding a creature that started the turn in hand
    (a public count, so it never tells who holds a Tomte), clockwise from the mover; a
    pass is the same event from anyone."""
    s = table(4, LEVEL, givers=PLAIN[:4], creatures={0: "YC", 1: "SC", 3: "TO"}, turn=0)
    s, events = run(s, 0, "play YC")
    assert of(events, WindowOpened)[0].seats == (1, 3)  # cyd holds none
    s, e1 = run(s, 1, "pass")
    s, e2 = run(s, 3, "pass")
    assert e1[0] == Passed(1) and e2[0] == Passed(3)
    assert not s.windows and s.turn == 0
    s = table(2, LEVEL, givers=PLAIN[:2], creatures={0: "YC"})
    s, events = run(s, 0, "play YC")
    assert not of(events, WindowOpened)  # nobody else holds a creature


def test_papa_wolverine_takes_from_the_fulfill_his_window_answers():
    """"Papa Wolverine": "the present cards discarded during that action": the Fulfill
    whose window is open, even when Grandfather Frost's own Fulfill came in between
    (ann's set summon discards a Snow Maiden; bob, Grandfather Frost, fulfills a wish
    before answering ann's Fulfill)."""
    s = table(3, 5, givers=("odin", "moroz", "father"), hands={0: "ST CA SW", 1: "BE TB"}, creatures={1: "PW"},
              kiddos={0: [kid("Aino")]}, ground=["Benjamin", "Noa"], creature_deck="KR SM CG CG")
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    s, _ = run(s, 0, "keep KR")
    assert s.prompts[0].kind == "moroz" and actor(s) == 1
    s, _ = run(s, 1, "fulfill 2 BE TB")
    assert actor(s) == 1 and s.windows[-1].mover == 0
    offered = {c.take for c in GAME.legal(s, 1) if hasattr(c, "take")}
    assert offered == {("CA", "ST"), ("CA", "SW"), ("ST", "SW")}
    s, _ = run(s, 1, "react PW CA SW")
    s = pass_all(s)
    assert s.players[1].presents == ("CA", "SW")


def test_tomte_cancels_papa_wolverine():
    """"Tomte": "it cancels the written effect of the played creature" — Papa Wolverine
    is a creature played, so a Tomte keeps the presents in the discard pile (both score)."""
    s = table(3, LEVEL, givers=PLAIN[:3], creatures={0: "TO", 2: "PW"}, hands={0: "ST CA SW"},
              ground=["Benjamin"])
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    s, _ = run(s, 2, "react PW CA ST")
    assert actor(s) == 0 and s.windows[-1].subject == "PW"
    s, _ = run(s, 0, "react TO")
    s = pass_all(s)
    assert s.players[2].presents == () and s.present_discard[-3:] == ("CA", "ST", "SW")
    assert [p.score for p in s.players] == [4, 0, 1]


def test_a_snow_maiden_cancelled_by_tomte_is_discarded_for_grandfather_frost():
    """"Tomte" cancels her repeat; "Grandfather Frost": "Whenever someone plays a Snow
    Maiden card or discards one" — the cancelled card is discarded, so he still acts."""
    s = table(3, 4, givers=("odin", "arie", "moroz"), creatures={0: "SM", 1: "TO"})
    s, _ = play(s, "craft 1 2", "play SM")
    s, _ = run(s, 1, "react TO")
    s = pass_all(s)
    assert [(p.seat, p.kind) for p in s.prompts] == [(2, "moroz")]


def test_quick_windows_ask_only_the_seats_that_can_react():
    """boxtop's ``windows=quick`` option (``RULES.md``, "Reaction windows"): a window
    asks only the seats holding the reaction that answers it, ready to play: a Tomte for
    a creature, Papa Wolverine for a Fulfill. The others, who could only pass, are not
    asked (the default ``secret`` asks every seat with a creature, see above)."""
    s = table(4, LEVEL, givers=PLAIN[:4], creatures={0: "YC", 1: "SC", 3: "TO"}, turn=0, windows="quick")
    s, events = run(s, 0, "play YC")
    assert of(events, WindowOpened)[0].seats == (3,)  # bob holds only Mr. Scrooge
    s = table(4, LEVEL, givers=PLAIN[:4], creatures={0: "YC", 1: "SC", 3: "PW"}, turn=0, windows="quick")
    s, events = run(s, 0, "play YC")
    assert not of(events, WindowOpened) and not s.windows  # Papa Wolverine answers a Fulfill only
