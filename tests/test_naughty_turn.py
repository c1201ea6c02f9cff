"""Naughty or Nice's turn (checklist T0–T3): "Taking a turn", "Craft Presents", "Summon
a Creature", "Playing a Creature", "Fulfill Wishes" and the start-of-turn abilities.
Each test arranges a table (``naughty_table.table``) and plays commands through
``decide`` in the game's notation."""

from __future__ import annotations

from engine.games.naughty_or_nice import events as ev
from naughty_table import GAME, kid, of, play, refused, run, scored, table

#: gift givers with no ability that acts in these tests (Odin only adds for hurtful plays).
PLAIN = ("nicholas", "father", "arie", "christkindl", "odin")


def test_t0_santa_searches_only_at_the_start_of_his_turn():
    """T0 — Naughty or Nice rulebook, "Santa Claus", Start of Turn: "At the beginning of
    his turn Santa may discard 2 present cards with matching images ... to search"."""
    s = table(3, 4, givers=("santa", "odin", "father"), hands={0: "TB TB CA"}, creature_discard="RD")
    assert GAME.parse("search TB", []) in GAME.legal(s, 0)
    s2 = table(3, 4, givers=("santa", "odin", "father"), hands={0: "TB TB CA"}, creatures={0: "RD"},
               creature_discard="RD")
    s2, _ = run(s2, 0, "craft 1 2")  # Santa holds a creature: his turn goes on
    assert s2.turn == 0 and s2.acted == "craft"
    refused(s2, 0, "search TB", "start of his turn")


def test_t0_la_befana_sweeps_only_at_the_start_of_her_turn():
    """T0 — Naughty or Nice rulebook, "La Befana": "At the start of her turn she may
    discard a Kiddo card from the field and place it in a discard pile next to the kiddo
    deck." """
    s = table(3, 4, givers=("befana", "odin", "father"), creatures={0: "YC"})
    gone = s.playground[3]
    s, events = run(s, 0, "sweep 4")
    assert s.kiddo_discard == (gone,) and s.playground[3] not in (gone, -1)
    refused(s, 0, "sweep 5", "start of her turn")


def test_t0_a_player_before_whom_scrooge_lies_skips_the_turn():
    """T0 — Naughty or Nice rulebook, "Mr Scrooge": "The card is placed before an other
    player who will need to skip their next turn"."""
    s = table(3, 3, givers=PLAIN[:3], creatures={0: "SC"})
    s, _ = play(s, "play SC bob", "craft 1 2")
    assert s.turn == 2  # bob's turn was skipped
    assert s.players[1].skips == 0


def test_t1_a_creature_held_at_the_start_of_the_turn_is_played_before_the_basic_action():
    """T1 — Naughty or Nice rulebook, "Playing a Creature": "You can play any number of
    Creature cards from your hand before or after your basic action as a free action, as
    long as they started the turn in your hand! After playing the card, score points if
    any, and then discard it into the creature discard pile!" """
    s = table(3, 3, givers=PLAIN[:3], creatures={0: "YC CG"}, hands={1: "ST", 2: "ST"})
    s, events = run(s, 0, "play CG bob")
    assert (0, 1, "Cringe") in scored(events)
    assert s.creature_discard[-1] == "CG" and s.acted == ""
    s, events = run(s, 0, "play YC")
    assert s.creature_discard[-1] == "YC" and s.players[0].creatures == ()
    assert s.turn == 0  # the basic action is still to come


def test_t1_a_creature_summoned_this_turn_cannot_be_played():
    """T1 — Naughty or Nice rulebook, "Summon a Creature": "Creatures need time to
    travel into your hand. You can't play in the same turn you got them!" """
    s = table(2, 3, givers=PLAIN[:2], creatures={0: "YC"}, creature_deck="CG KR SC SC")
    s, _ = play(s, "summon", "keep CG")
    assert "CG" in s.players[0].creatures and s.players[0].fresh == ("CG",)
    refused(s, 0, "play CG bob", "started the turn")
    s, _ = play(s, "end")
    s, _ = play(s, "craft 1 2")  # bob's turn
    assert s.turn == 0
    assert GAME.parse("play CG bob", ["ann", "bob"]) in GAME.legal(s, 0)


def test_t2_exactly_one_basic_action_a_turn():
    """T2 — Naughty or Nice rulebook, "Taking a turn": "Players on their turns may
    perform ONE of the following actions: Craft Presents, Summon a Creature, Fulfill
    Wishes"; "Basic action: Takes away your turn." """
    s = table(3, 3, givers=PLAIN[:3], creatures={0: "YC"}, hands={0: "ST CA SW"}, ground=["Benjamin"])
    s, _ = run(s, 0, "craft 1 2")
    refused(s, 0, "craft 3 deck", "basic action")
    refused(s, 0, "summon", "basic action")
    refused(s, 0, "fulfill 1 ST CA SW", "basic action")


def test_t2_craft_takes_two_from_the_row_and_the_deck_and_the_row_refills_at_the_end():
    """T2 — Naughty or Nice rulebook, "Craft Presents": "The player draws 2 cards from
    the present deck and/or the present offer row. Only refill the row at the end of the
    active players turn." """
    s = table(2, 3, givers=PLAIN[:2], creatures={0: "YC"}, row=("ST", "BE", "TB"), deck="CR CO OP FO SL")
    s, _ = run(s, 0, "craft 2 deck")
    assert s.players[0].presents == ("BE", "CR")
    assert s.row == ("ST", "", "TB")  # not refilled during the turn
    refused(s, 0, "craft 1 3", "basic action")
    s, _ = run(s, 0, "end")
    assert s.row == ("ST", "CO", "TB") and s.turn == 1  # refilled at the end of the turn
    refused(table(2, 3, givers=PLAIN[:2]), 0, "craft 1", "2 presents")
    refused(table(2, 3, givers=PLAIN[:2]), 0, "craft 1 1", "at most once")


def test_t2_summon_draws_two_keeps_one_and_discards_the_other():
    """T2 — Naughty or Nice rulebook, "Summon a Creature": "The player draws two
    creature cards into his/her hand and then selects one of them to be kept, the other
    one is then discarded next to the creature deck, on the creature discard pile." """
    s = table(2, 3, givers=PLAIN[:2], creature_deck="KR CG SC", creature_discard="")
    s, _ = run(s, 0, "summon")
    assert s.summoning == ("KR", "CG") and GAME.to_act(s) == {0}
    assert GAME.view(s, 1).summoning == ()  # the two cards are the summoner's to see
    refused(s, 0, "keep SC", "keep one")
    s, events = run(s, 0, "keep CG")
    assert s.players[0].creatures == ("CG",) and s.creature_discard == ("KR",)
    assert s.creature_deck == ("SC",)
    kept = of(events, ev.Kept)[0]
    assert GAME.redact(kept, 1).kept == ev.HIDDEN and GAME.redact(kept, 1).discarded == "KR"


def test_t2_fulfill_needs_the_colours_whatever_the_artwork_and_scores_the_presents():
    """T2 — Naughty or Nice rulebook, "Fulfill Wishes": "These presents need to match the
    color of that Kiddos' list of presents, however their artwork may differ. Then the
    player takes the gifted Kiddo ... and scores points based on the number of presents
    that were given to that kiddo. Fill up the Playground immediately." """
    ben = kid("Benjamin")
    s = table(2, 3, givers=("nicholas", "arie"), hands={0: "ST ST CA BE"}, ground=["Benjamin"],
              kiddo_deck=[kid("Amara"), kid("Lukas")])
    refused(s, 0, "fulfill 1 ST CA BE", "match")  # blue is not red
    refused(s, 0, "fulfill 1 ST CA", "match")  # one short
    s, events = run(s, 0, "fulfill 1 ST ST CA")
    assert (0, 3, "Benjamin") in scored(events)
    assert s.players[0].kiddos == (ben,) and s.players[0].presents == ("BE",)
    assert s.playground[0] == kid("Amara")  # filled at once
    assert s.present_discard[-3:] == ("CA", "ST", "ST")


def test_t3_after_the_basic_action_creatures_may_still_be_played_then_play_passes_clockwise():
    """T3 — Naughty or Nice rulebook, "Playing a Creature": "before or after your basic
    action"; "After a player has finished taking his/her action the play proceeds to the
    next player in a clockwise order." """
    s = table(3, 3, givers=PLAIN[:3], creatures={0: "YC"}, turn=0)
    s, _ = run(s, 0, "craft 1 2")
    assert s.turn == 0 and s.acted == "craft"
    s, _ = run(s, 0, "play YC")
    assert s.turn == 1 and s.acted == ""  # nothing more to play: the turn ends by itself
    s, _ = run(s, 1, "craft 1 2")
    assert s.turn == 2
    s, _ = run(s, 2, "craft 1 2")
    assert s.turn == 0


def test_t3_a_turn_ends_by_itself_or_by_end_once_the_basic_action_is_taken():
    """T3 — "Taking a turn": the active player has to take one basic action; ``end``
    is refused before it while one is possible."""
    s = table(2, 3, givers=PLAIN[:2], creatures={0: "TO"})
    refused(s, 0, "end", "basic action first")
    s, _ = run(s, 0, "craft 1 2")
    assert s.turn == 0  # a creature in hand: the turn waits (a public count)
    s, _ = run(s, 0, "end")
    assert s.turn == 1


def test_a_whole_round_without_a_basic_action_ends_the_game():
    """Naughty or Nice rulebook, "Ending the game" has only midnight; boxtop's ruling
    ("A table with no moves"): a whole round in which nobody can take a basic action
    ends the game (no presents left to craft, no creatures to summon, no wish to fill)."""
    s = table(2, 3, givers=PLAIN[:2], row=("", "", ""), deck="", present_discard="", creature_deck="",
              creature_discard="", hands={0: "", 1: ""})
    s, _ = run(s, 0, "end")
    assert s.phase == "over"


def test_an_empty_present_deck_is_made_again_from_its_discard_pile():
    """"Craft Presents": "The player draws 2 cards from the present deck"; the text does
    not say what happens when it runs out: boxtop shuffles the discard pile into a new
    deck under what is left."""
    s = table(2, 3, givers=PLAIN[:2], row=("", "", ""), deck="ST", present_discard="BE BE")
    s, events = run(s, 0, "craft deck deck")
    assert s.players[0].presents == ("BE", "ST")
    shuffled = [e for e in events if isinstance(e, ev.Shuffled)]
    assert shuffled and shuffled[0].reshuffle and shuffled[0].cards == ("ST", "BE", "BE")
    assert s.present_discard == () and s.row == ("BE", "", "")  # the row takes what is left


def test_an_empty_creature_deck_is_made_again_from_its_discard_pile():
    """"Summon a Creature": "draws two creature cards"; with one left, the discard pile
    is shuffled in under it (boxtop's ruling, as for presents)."""
    s = table(2, 3, givers=PLAIN[:2], creature_deck="KR", creature_discard="CG CG")
    s, _ = run(s, 0, "summon")
    assert s.summoning == ("KR", "CG") and s.creature_deck == ("CG",) and s.creature_discard == ()


def test_with_the_kiddo_deck_empty_a_place_stays_empty():
    """"Fulfill Wishes": "Fill up the Playground immediately" — from what is left."""
    s = table(2, 3, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin", "Amara"], kiddo_deck=[])
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    assert s.playground[0] == -1
    refused(s, 1, "fulfill 1 ST", "no kiddo")
