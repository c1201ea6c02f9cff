"""Gift Trap, one test per rule. The authority is the German rulebook ``gift-trap.de.txt`` (cited
by its section); ``gift-trap.en.md`` is the translation and
``engine/games/gift_trap/RULES.md`` records every decision on an unclear passage."""

import pytest

import engine
from engine.games.gift_trap.cards import DECK_CARDS, DECKS, GIFTS
from engine.games.gift_trap.commands import DealGifts, Done
from engine.games.gift_trap.events import (
    Committed, Exchange, GameWon, GiftsDealt, RatingBegan, RoundBegan, RoundScored,
)
from engine.games.gift_trap.state import Tile

from gift_trap_play import NAMES, deal, play_all, play_round, quick_round, table

ANN, BOB, CYD, DAN = range(4)


def only(events, kind):
    (event,) = [e for e in events if isinstance(e, kind)]
    return event


def refused(s, seat, command, words):
    """``command`` is refused with a sentence containing ``words``; nothing changes."""
    before, entries = s.state, len(s.entries)
    with pytest.raises(engine.IllegalCommand) as err:
        s.play(seat, command)
    assert words in str(err.value)
    assert s.state == before and len(s.entries) == entries


# ---------------------------------------------------------------- players and setup


@pytest.mark.parametrize("n", [3, 8])
def test_three_to_eight_players(n):
    # RULES.md, "Setup": "3–8 players"; gift-trap.de.txt, "1. Geschenke verteilen":
    # spaces 1–9, "bei weniger als 8 Spielern" one more card than players.
    s = table(n)
    assert s.to_act() == ["ann"] and s.state.n == n


@pytest.mark.parametrize("n", [2, 9])
def test_two_or_nine_players_are_refused(n):
    # RULES.md, "Setup": 3–8 players (nine Give tiles per player, nine spaces).
    with pytest.raises(ValueError, match="3–8 players"):
        engine.new_game("gift-trap", NAMES[:n] if n <= 8 else NAMES + ["ida"], seed=1)


def test_start_player_deals_and_others_may_not():
    # gift-trap.de.txt, "Vor dem Spiel": "Ein Startspieler wird bestimmt" (RULES.md: the
    # first seat); "1. Geschenke verteilen": "Der Startspieler der Runde wählt einen
    # Kartenstapel aus".
    s = table(4)
    assert s.to_act() == ["ann"]
    assert [s.notation(c) for c in s.legal_commands("ann")] == [f"deal {d}" for d in DECKS]
    assert s.legal("bob") == []
    refused(s, "bob", "deal red", "not bob's turn")
    # the rule itself, asked of the decider directly (not only the session's turn check)
    with pytest.raises(engine.IllegalCommand, match="start player deals"):
        s.game.decide(s.state, BOB, DealGifts("red"), None)
    deal(s, "red")
    assert s.state.phase == "give"


@pytest.mark.parametrize("n", range(3, 9))
def test_deal_gives_players_plus_one_gifts(n):
    # gift-trap.de.txt, "1. Geschenke verteilen": "jeweils eine Karte mehr aufzudecken als
    # Spieler teilnehmen" (RULES.md: players + 1 by default).
    s = table(n)
    event = only(deal(s).events, GiftsDealt)
    assert len(event.cards) == n + 1 == len(set(event.cards))
    assert len(s.view("bob").gifts) == n + 1


def test_fill_all_spaces_deals_nine():
    # gift-trap.de.txt, "1. Geschenke verteilen": "verteilt sie auf den Feldern 1-9" —
    # the option fill_all_spaces (RULES.md, "1. Deal gifts").
    s = table(3, fill_all_spaces=True)
    event = only(deal(s).events, GiftsDealt)
    assert len(event.cards) == 9 == len(set(event.cards))


def test_published_english_options_deal_players_plus_one():
    # RULES.md, "1. Deal gifts" and "4. Scoring": the published English rules deal
    # players + 1 always, No way costs 4, scores held between GO and GIFTED.
    s = engine.new_game("gift-trap", NAMES[:3], seed=1, options={"no_way_points": 4, "hold_scores": True})
    opts = s.options
    assert (opts.fill_all_spaces, opts.no_way_points, opts.hold_scores) == (False, 4, True)
    assert len(only(deal(s).events, GiftsDealt).cards) == 4


@pytest.mark.parametrize("deck", DECKS)
def test_deck_is_chosen_by_colour(deck):
    # gift-trap.de.txt, "Vor dem Spiel": "vier nach Farbe getrennten Stapel"; "1. Geschenke
    # verteilen": the start player "wählt einen Kartenstapel aus".
    s = table(4)
    event = only(deal(s, deck).events, GiftsDealt)
    assert event.deck == deck and event.dealer == ANN
    assert all(GIFTS[c].deck == deck for c in event.cards)
    assert s.view(None).decks_left[DECKS.index(deck)] == len(DECK_CARDS[deck]) - 5


def test_unknown_deck_is_refused():
    # gift-trap.de.txt, "Vor dem Spiel": four stacks by colour, no others.
    s = table(4)
    refused(s, "ann", "deal purple", "no 'purple' stack")
    with pytest.raises(engine.IllegalCommand, match="no 'purple' stack"):
        s.submit(ANN, DealGifts("purple"))
    assert s.state.phase == "deal"


# ---------------------------------------------------------------- 2. Give


def test_give_one_tile_to_each_other_player_and_not_to_yourself():
    # gift-trap.de.txt, "2. Geschenke machen": "gibt jedem Spieler eins seiner
    # Geben-Plättchen … dass man jedem Mitspieler ein Geschenk machen muss".
    s = table(4)
    deal(s)
    refused(s, "ann", "give 1 to ann", "another player")
    assert {c.to for c in s.legal_commands("ann") if hasattr(c, "to")} == {BOB, CYD, DAN}
    refused(s, "ann", "give 6 to bob", "no gift on space 6")  # 5 gifts on spaces 1–5
    refused(s, "ann", "give 0 to bob", "no gift on space 0")


def test_each_gift_only_once():
    # gift-trap.de.txt, "2. Geschenke machen": "dass man jedes Geschenk nur einmal
    # verschenken kann".
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    refused(s, "ann", "give 1 to cyd", "only once")
    assert "give 1 to cyd" not in s.legal("ann")
    s.play("bob", "give 1 to cyd")  # another player's tiles are their own
    assert s.view("ann").my_gives == (Tile(1, to=BOB),)


def test_giving_the_same_player_again_replaces_the_tile():
    # RULES.md, "2. Give", Decision: "giving the same player again replaces the tile
    # given before" (gift-trap.de.txt: each player gets one gift from each other player).
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.play("ann", "give 2 to bob")
    assert s.view("ann").my_gives == (Tile(2, to=BOB),)
    s.play("ann", "give 1 to cyd")  # tile 1 is free again
    assert sorted(s.view("ann").my_gives, key=lambda t: t.to) == [Tile(2, to=BOB), Tile(1, to=CYD)]


def test_done_is_refused_until_every_other_player_has_a_gift():
    # gift-trap.de.txt, "2. Geschenke machen": "dass man jedem Mitspieler ein Geschenk
    # machen muss".
    s = table(4)
    deal(s)
    refused(s, "ann", "done", "3 still to give")
    s.play("ann", "give 1 to bob")
    s.play("ann", "give 2 to cyd")
    refused(s, "ann", "done", "1 still to give")
    assert Done() not in s.legal_commands("ann")
    s.play("ann", "give 3 to dan")
    assert s.legal_commands("ann")[0] == Done()
    assert only(s.play("ann", "done").events, Committed) == Committed(ANN, "give")


def test_give_and_rate_phases_are_simultaneous():
    # gift-trap.de.txt, "2. Geschenke machen": "Jeder Spieler überlegt nun …"; "Die Phase
    # endet, wenn jeder Spieler von jedem anderen Spieler ein Geschenk erhalten hat"
    # (DESIGN.md: to_act holds several seats in Gift Trap's Give and Rate).
    s = table(4)
    deal(s)
    assert s.to_act() == ["ann", "bob", "cyd", "dan"]
    play_all(s, {"dan": ["give 1 to ann", "give 2 to bob", "give 3 to cyd"]})  # the last seat first
    assert s.to_act() == ["ann", "bob", "cyd"]
    refused(s, "dan", "give 4 to ann", "not dan's turn")
    play_all(s, {"bob": ["give 1 to ann", "give 2 to cyd", "give 3 to dan"]})
    s.play("ann", "give 4 to bob")  # ann starts after two others finished
    assert s.to_act() == ["ann", "cyd"]
    s.play("cyd", "give 1 to ann")  # interleaved
    s.play("ann", "give 2 to cyd")
    play_all(s, {"cyd": ["give 2 to bob", "give 3 to dan"], "ann": ["give 3 to dan"]})
    # "3. Bewerten": "Die Phase endet, wenn jeder Spieler seine vier Bekommen-Plättchen
    # verteilt hat" — the same simultaneous order in the Rate phase
    assert s.state.phase == "rate" and s.to_act() == ["ann", "bob", "cyd", "dan"]
    play_all(s, {"cyd": ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"]})
    assert s.to_act() == ["ann", "bob", "dan"]
    s.play("dan", "rate super 5")
    play_all(s, {"ann": ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"]})
    assert s.to_act() == ["bob", "dan"] and s.state.phase == "rate"


def test_rate_phase_starts_only_when_everybody_gave():
    # gift-trap.de.txt, "2. Geschenke machen": "Die Phase endet, wenn jeder Spieler von
    # jedem anderen Spieler ein Geschenk erhalten hat"; then "3. Bewerten".
    s = table(3)
    deal(s)
    play_all(s, {"ann": ["give 1 to bob", "give 2 to cyd"], "bob": ["give 1 to ann", "give 2 to cyd"]})
    assert s.state.phase == "give" and s.to_act() == ["cyd"]
    s.play("cyd", "give 1 to ann")
    refused(s, "ann", "rate super 1", "not ann's turn")
    refused(s, "cyd", "rate super 1", "only in the Rate phase")
    s.play("cyd", "give 2 to bob")
    events = s.play("cyd", "done").events
    assert events == [Committed(CYD, "give"), RatingBegan()]
    assert s.state.phase == "rate" and s.to_act() == ["ann", "bob", "cyd"]
    refused(s, "ann", "give 3 to bob", "only in the Give phase")


# ---------------------------------------------------------------- 3. Rate


def test_four_get_tiles_on_four_different_gifts():
    # gift-trap.de.txt, "3. Bewerten": "seine vier Bekommen-Plättchen, die er nun verdeckt
    # auf vier Geschenke seiner Wahl auf dem Spielplan verteilt … Die Phase endet, wenn
    # jeder Spieler seine vier Bekommen-Plättchen verteilt hat."
    s = table(4)
    deal(s)
    play_all(s, {n: [f"give {k} to {m}" for k, m in enumerate([x for x in NAMES[:4] if x != n], 1)] for n in NAMES[:4]})
    s.play("ann", "rate super 1")
    refused(s, "ann", "rate good 1", "one Get tile a gift")
    refused(s, "ann", "rate lovely 2", "no Get tile 'lovely'")
    refused(s, "ann", "done", "3 still to place")
    s.play("ann", "rate super 2")  # placing a tile again moves it
    assert s.view("ann").my_rates == (Tile(2, tile="super"),)
    for command in ["rate good 1", "rate okay 3", "rate noway 5"]:
        s.play("ann", command)
    assert len({t.space for t in s.view("ann").my_rates}) == 4
    assert s.legal_commands("ann")[0] == Done()
    s.play("ann", "done")
    assert s.to_act() == ["bob", "cyd", "dan"]


# ---------------------------------------------------------------- 4. Scoring

# The hand-worked round: four players, five gifts on spaces 1–5.
WORKED_GIVES = {
    "ann": ["give 1 to bob", "give 2 to cyd", "give 3 to dan"],
    "bob": ["give 4 to ann", "give 5 to cyd", "give 1 to dan"],
    "cyd": ["give 5 to ann", "give 2 to bob", "give 4 to dan"],
    "dan": ["give 1 to ann", "give 3 to bob", "give 2 to cyd"],
}
WORKED_RATES = {  # four tiles on four of the five gifts: one gift gets no tile
    "ann": ["rate super 4", "rate good 1", "rate okay 2", "rate noway 5"],  # none on 3
    "bob": ["rate super 1", "rate good 3", "rate okay 4", "rate noway 2"],  # none on 5
    "cyd": ["rate super 5", "rate good 2", "rate okay 1", "rate noway 3"],  # none on 4
    "dan": ["rate super 3", "rate good 4", "rate okay 5", "rate noway 2"],  # none on 1
}


def test_hand_worked_scoring_round():
    # gift-trap.de.txt, "4. Auswertung": "Bei einem positiven Plättchen erhalten der Geber
    # und der Beschenkte Spieler einen ("Okay"), zwei ("Good") oder drei Punkte ("Super")
    # … Bei einem "No way" verlieren beide beteiligten Spieler drei Punkte. Wenn der
    # Beschenkte auf dem erhaltenen Geschenk gar kein Get-Plättchen liegen hat, dann
    # verlieren beide Spieler einen Punkt." The giver moves on the Give track, the
    # receiver on the Get track. RULES.md: a parcel never moves below GO.
    #
    # Worked by hand (giver → receiver, gift, receiver's tile on it, points to each):
    #   ann → bob  1  bob Super   +3      bob → ann  4  ann Super   +3
    #   ann → cyd  2  cyd Good    +2      bob → cyd  5  cyd Super   +3
    #   ann → dan  3  dan Super   +3      bob → dan  1  dan none    −1
    #   cyd → ann  5  ann No way  −3      dan → ann  1  ann Good    +2
    #   cyd → bob  2  bob No way  −3      dan → bob  3  bob Good    +2
    #   cyd → dan  4  dan Good    +2      dan → cyd  2  cyd Good    +2
    # Give track:  ann 3+2+3 = 8;  bob 3+3−1 = 5;  cyd −3−3+2 = −4 → 0 (never below GO);
    #              dan 2+2+2 = 6.
    # Get track:   ann 3−3+2 = 2;  bob 3−3+2 = 2;  cyd 2+3+2 = 7;  dan 3−1+2 = 4.
    s = table(4)
    events = play_round(s, WORKED_GIVES, WORKED_RATES)
    scored = only(events, RoundScored)
    X = Exchange
    assert scored.exchanges == [
        X(ANN, BOB, 1, "super", False, 3, 3), X(ANN, CYD, 2, "good", False, 2, 2), X(ANN, DAN, 3, "super", False, 3, 3),
        X(BOB, ANN, 4, "super", False, 3, 3), X(BOB, CYD, 5, "super", False, 3, 3), X(BOB, DAN, 1, None, False, -1, -1),
        X(CYD, ANN, 5, "noway", False, -3, -3), X(CYD, BOB, 2, "noway", False, -3, -3), X(CYD, DAN, 4, "good", False, 2, 2),
        X(DAN, ANN, 1, "good", False, 2, 2), X(DAN, BOB, 3, "good", False, 2, 2), X(DAN, CYD, 2, "good", False, 2, 2),
    ]
    assert scored.give_scores == [8, 5, 0, 6]
    assert scored.get_scores == [2, 2, 7, 4]
    assert scored.round == 1 and len(scored.gives) == 12 and len(scored.rates) == 16
    assert s.view(None).give_scores == (8, 5, 0, 6) and s.view(None).get_scores == (2, 2, 7, 4)
    assert only(events, RoundBegan) == RoundBegan(round=2, dealer=BOB)


def test_no_way_costs_four_with_the_option():
    # gift-trap.de.txt, "4. Auswertung": No way "verlieren … drei Punkte"; RULES.md: the
    # option no_way_points=4 gives the published English value.
    # The worked round again: cyd → ann and cyd → bob now cost 4 each:
    #   cyd give −4−4+2 = −6 → 0;  ann get 3−4+2 = 1;  bob get 3−4+2 = 1; the rest as before.
    s = table(4, no_way_points=4)
    scored = only(play_round(s, WORKED_GIVES, WORKED_RATES), RoundScored)
    assert [x.giver_points for x in scored.exchanges if x.tile == "noway"] == [-4, -4]
    assert scored.give_scores == [8, 5, 0, 6]
    assert scored.get_scores == [1, 1, 7, 4]


# A 3-player round, all gains (worked by hand):
#   ann → bob 1 (bob Super +3), ann → cyd 2 (cyd Super +3)  → ann give 6
#   bob → ann 1 (ann Super +3), bob → cyd 3 (cyd Good  +2)  → bob give 5
#   cyd → ann 2 (ann Good  +2), cyd → bob 3 (bob Good  +2)  → cyd give 4
#   get: ann 3+2 = 5, bob 3+2 = 5, cyd 3+2 = 5
GAIN_GIVES = {"ann": ["give 1 to bob", "give 2 to cyd"], "bob": ["give 1 to ann", "give 3 to cyd"],
              "cyd": ["give 2 to ann", "give 3 to bob"]}
GAIN_RATES = {"ann": ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"],
              "bob": ["rate super 1", "rate good 3", "rate okay 2", "rate noway 4"],
              "cyd": ["rate super 2", "rate good 3", "rate okay 1", "rate noway 4"]}


@pytest.mark.parametrize(
    "tile, points", [("super", 3), ("good", 2), ("okay", 1), ("noway", -3), (None, -1)]
)
def test_each_tile_value_goes_to_giver_and_receiver(tile, points):
    # gift-trap.de.txt, "4. Auswertung": Super 3 ("Super"), Good 2, Okay 1, No way −3,
    # no Get tile −1, for "der Geber und der Beschenkte" alike: the giver on the Give
    # track, the receiver on the Get track. Nine gifts (fill_all_spaces) so that a gift
    # can lie without a tile among three players.
    s = table(3, fill_all_spaces=True)
    play_round(s, GAIN_GIVES, GAIN_RATES)  # give 6/5/4, get 5/5/5 (see GAIN above)
    # Round 2 (bob deals): bob → ann gift 1, where ann put `tile`. The other gifts, by hand:
    #   bob → cyd 2: cyd Good +2, so bob's give moves 5 → 5 + points + 2;
    #   cyd → ann 3: ann's tile on 3 (Okay +1, or Good +2 when `tile` is Okay), so ann's
    #   get moves 5 → 5 + points + that.
    ann_rates = {
        "super": (["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"], 1),
        "good": (["rate good 1", "rate super 2", "rate okay 3", "rate noway 4"], 1),
        "okay": (["rate okay 1", "rate super 2", "rate good 3", "rate noway 4"], 2),
        "noway": (["rate noway 1", "rate super 2", "rate okay 3", "rate good 4"], 1),
        None: (["rate super 2", "rate okay 3", "rate good 4", "rate noway 5"], 1),
    }
    rates, on_3 = ann_rates[tile]
    events = play_round(
        s,
        {"ann": ["give 2 to bob", "give 3 to cyd"], "bob": ["give 1 to ann", "give 2 to cyd"],
         "cyd": ["give 3 to ann", "give 4 to bob"]},
        {"ann": rates,
         "bob": ["rate super 2", "rate good 3", "rate okay 4", "rate noway 1"],
         "cyd": ["rate super 3", "rate good 2", "rate okay 1", "rate noway 4"]},
        deck="red",
    )
    scored = only(events, RoundScored)
    (x,) = [x for x in scored.exchanges if (x.giver, x.receiver) == (BOB, ANN)]
    assert (x.space, x.tile, x.giver_points, x.receiver_points) == (1, tile, points, points)
    assert scored.give_scores[BOB] == 5 + points + 2
    assert scored.get_scores[ANN] == 5 + points + on_3


def test_parcels_never_go_below_go():
    # RULES.md, "4. Scoring", Decision: "A parcel never moves below GO (it is a physical
    # track)"; the German text gives no bound. By hand: every receiver's two gifts are
    # the gift it put No way on (ann 4, bob 3, cyd 2), so every exchange is −3 and every
    # parcel would move −6; it stays on GO (0). The next round counts from GO again: the
    # GAIN round then gives exactly 6/5/4 and 5/5/5.
    s = table(3)
    scored = only(
        play_round(
            s,
            {"ann": ["give 3 to bob", "give 2 to cyd"], "bob": ["give 4 to ann", "give 2 to cyd"],
             "cyd": ["give 4 to ann", "give 3 to bob"]},
            {"ann": ["rate noway 4", "rate super 1", "rate good 2", "rate okay 3"],
             "bob": ["rate noway 3", "rate super 1", "rate good 2", "rate okay 4"],
             "cyd": ["rate noway 2", "rate super 1", "rate good 3", "rate okay 4"]},
        ),
        RoundScored,
    )
    assert [(x.giver_points, x.receiver_points) for x in scored.exchanges] == [(-3, -3)] * 6
    assert scored.give_scores == [0, 0, 0] and scored.get_scores == [0, 0, 0]
    scored = only(play_round(s, GAIN_GIVES, GAIN_RATES, deck="red"), RoundScored)
    assert scored.give_scores == [6, 5, 4] and scored.get_scores == [5, 5, 5]


def test_hold_scores_caps_at_track_length():
    # RULES.md, "4. Scoring": "The option hold_scores gives the published English rule:
    # parcels stay between GO and GIFTED". The GAIN round gives 6/5/4: on a track of 6
    # ann's 6 is kept; on a track of 5 it is held at 5.
    s = table(3, hold_scores=True, track_length=6)
    scored = only(play_round(s, GAIN_GIVES, GAIN_RATES), RoundScored)
    assert scored.give_scores == [6, 5, 4]  # 6 is exactly GIFTED: kept
    s = table(3, hold_scores=True, track_length=5)
    scored = only(play_round(s, GAIN_GIVES, GAIN_RATES), RoundScored)
    assert scored.give_scores == [5, 5, 4]
    s = table(3, track_length=5)  # added up, the parcel stops at GIFTED too
    assert only(play_round(s, GAIN_GIVES, GAIN_RATES), RoundScored).give_scores == [5, 5, 4]
    s = table(3, track_length=5, keep_past_gifted=True)  # the option keeps the point past it
    assert only(play_round(s, GAIN_GIVES, GAIN_RATES), RoundScored).give_scores == [6, 5, 4]


# A 4-player round where every exchange is worth −3 to both sides (by hand): all rate
# Super 1, Good 2, Okay 3, No way 4, nothing on 5, and
#   ann → bob 4 (No way −3), → cyd 3 (Okay +1), → dan 5 (none −1)   give −3
#   bob → ann 4 (−3),        → cyd 5 (−1),      → dan 3 (+1)        give −3
#   cyd → ann 5 (−1),        → bob 3 (+1),      → dan 4 (−3)        give −3
#   dan → ann 3 (+1),        → bob 5 (−1),      → cyd 4 (−3)        give −3
#   get: ann −3−1+1, bob −3+1−1, cyd +1−1−3, dan −1+1−3: −3 each
MINUS3_GIVES = {"ann": ["give 4 to bob", "give 3 to cyd", "give 5 to dan"],
                "bob": ["give 4 to ann", "give 5 to cyd", "give 3 to dan"],
                "cyd": ["give 5 to ann", "give 3 to bob", "give 4 to dan"],
                "dan": ["give 3 to ann", "give 5 to bob", "give 4 to cyd"]}
MINUS3_RATES = {n: ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"] for n in NAMES[:4]}


@pytest.mark.parametrize("options, first_scores, second_scores", [
    ({"hold_scores": True}, ([6, 5, 2, 6], [2, 5, 6, 4]), ([3, 2, 0, 3], [1, 2, 3, 1])),
    ({}, ([6, 5, 0, 6], [2, 2, 6, 4]), ([3, 2, 0, 3], [0, 0, 3, 1])),
    ({"keep_past_gifted": True}, ([8, 5, 0, 6], [2, 2, 7, 4]), ([5, 2, 0, 3], [0, 0, 4, 1])),
])
def test_hold_scores_parcel_drops_back_out_of_gifted(options, first_scores, second_scores):
    # RULES.md, "4. Scoring": with hold_scores parcels "stay between GO and GIFTED and can
    # drop back out of GIFTED", each gift scored in turn (the dealer's first, then
    # clockwise; see tests/test_gift_trap_hold_scores.py for a round worked step by step);
    # without it a round is added up at once and then stops at GO and GIFTED
    # (keep_past_gifted: points past GIFTED are kept).
    # Track 6. Round 1, the worked round: added up, give 8/5/0/6, get 2/2/7/4 (held at 6:
    # give 6/5/0/6, get 2/2/6/4). In turn, ann's give stops at 6 (GIFTED), cyd's give
    # stops twice at GO (−3, −3) and then gains 2, bob's get stops at GO (−3) before +2
    # and +3, cyd's get stops at 6: give 6/5/2/6, get 2/5/6/4. Nobody has both parcels at
    # 6. Round 2 takes 3 from every parcel: ann's give 6 − 3 = 3 held, 8 − 3 = 5 kept.
    s = table(4, track_length=6, **options)
    first = only(play_round(s, WORKED_GIVES, WORKED_RATES), RoundScored)
    assert (first.give_scores, first.get_scores) == first_scores
    second = only(play_round(s, MINUS3_GIVES, MINUS3_RATES, deck="red"), RoundScored)
    for seat in range(4):
        assert sum(x.giver_points for x in second.exchanges if x.giver == seat) == -3
        assert sum(x.receiver_points for x in second.exchanges if x.receiver == seat) == -3
    # in turn (bob deals): ann's get 2 → 0 (−3, stops at GO) → 0 (−1) → 1; bob's get
    # 5 → 6 → 5 → 2; cyd's 6 → 3 → 4 → 3; dan's 4 → 3 → 4 → 1
    assert (second.give_scores, second.get_scores) == second_scores


# Three rounds on a track of 6 (3 players, seed 1) where ann's Give parcel overshoots
# GIFTED (to 12, added up) in round 2 and loses 2 in round 3.
OVERSHOOT_GIVES = {"ann": ["give 1 to bob", "give 2 to cyd"], "bob": ["give 3 to ann", "give 4 to cyd"],
                   "cyd": ["give 4 to ann", "give 3 to bob"]}
OVERSHOOT_ROUNDS = [
    ({"ann": ["give 1 to bob", "give 2 to cyd"], "bob": ["give 3 to ann", "give 2 to cyd"],
      "cyd": ["give 4 to ann", "give 3 to bob"]},
     {"ann": ["rate super 3", "rate good 4", "rate okay 1", "rate noway 2"],
      "bob": ["rate super 1", "rate noway 3", "rate okay 2", "rate good 4"],
      "cyd": ["rate super 2", "rate good 1", "rate okay 3", "rate noway 4"]}),
    (OVERSHOOT_GIVES,
     {"ann": ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"],
      "bob": ["rate super 1", "rate noway 3", "rate good 2", "rate okay 4"],
      "cyd": ["rate super 2", "rate noway 4", "rate good 1", "rate okay 3"]}),
    (OVERSHOOT_GIVES,
     {"ann": ["rate super 3", "rate good 4", "rate okay 1", "rate noway 2"],
      "bob": ["rate noway 1", "rate okay 3", "rate super 2", "rate good 4"],
      "cyd": ["rate okay 2", "rate noway 4", "rate super 1", "rate good 3"]}),
]


@pytest.mark.parametrize("options, ann_after, winners", [
    ({}, [(6, 5), (6, 3), (4, 6)], []),
    ({"keep_past_gifted": True}, [(6, 5), (12, 3), (10, 8)], [ANN]),
])
def test_a_parcel_stops_at_gifted_so_an_overshoot_is_no_cushion(options, ann_after, winners):
    # gift-trap.de.txt, "4. Auswertung": "… wobei der Geber seine Figur auf der
    # Give-Leiste und der Beschenkte sein entsprechendes Geschenkepäckchen auf der
    # Get-Leiste entsprechend viele Felder vorzieht", and "Das Spiel endet, sobald ein
    # Spieler beide seiner Geschenkepäckchen am Ende einer Runde auf dem Feld 'Gifted'
    # stehen hat." RULES.md, "4. Scoring", Decision: a parcel moves on the printed track,
    # so it stops at GO and at GIFTED; keep_past_gifted keeps the points past it.
    # Round 2 brings ann's Give parcel to 6 + 6 = 12 added up, held at GIFTED (6); round 3
    # costs it 2 (6 → 4, no winner) while 12 − 2 = 10 and her Get 3 + 5 = 8 would win.
    s = table(3, seed=1, track_length=6, **options)
    for (gives, rates), deck, (give, get) in zip(OVERSHOOT_ROUNDS, ["yellow", "red", "blue"], ann_after):
        events = play_round(s, gives, rates, deck=deck)
        scored = only(events, RoundScored)
        assert (scored.give_scores[ANN], scored.get_scores[ANN]) == (give, get)
    assert sum(x.giver_points for x in scored.exchanges if x.giver == ANN) == -2
    assert [e.winners for e in events if isinstance(e, GameWon)] == ([winners] if winners else [])
    assert (s.result() is not None) == bool(winners)


def test_next_player_clockwise_deals_next_round():
    # gift-trap.de.txt, "4. Auswertung": "Der nächste Spieler im Uhrzeigersinn darf nun
    # für die nächste Runde einen Geschenkestapel aussuchen."
    s = table(3)
    dealers = []
    for deck in ["yellow", "red", "blue", "black"]:
        dealers.append(s.to_act())
        events = quick_round(s, deck)
        assert only(events, RoundBegan).dealer == (len(dealers)) % 3
    assert dealers == [["ann"], ["bob"], ["cyd"], ["ann"]]
    assert s.to_act() == ["bob"] and s.state.round == 5
    refused(s, "ann", "deal red", "not ann's turn")


# ---------------------------------------------------------------- the end


def test_game_ends_at_end_of_round_with_both_parcels_on_gifted():
    # gift-trap.de.txt, "Das Spiel endet, sobald ein Spieler beide seiner
    # Geschenkepäckchen am Ende einer Runde auf dem Feld "Gifted" stehen hat. Dieser
    # Spieler hat das Spiel automatisch gewonnen."
    # The worked 4-player round on a track of 4: give 8/5/0/6, get 2/2/7/4, each parcel
    # held at GIFTED (4) → only dan has both parcels on GIFTED (ann's Give parcel alone
    # is not enough).
    s = table(4, track_length=4)
    events = play_round(s, WORKED_GIVES, WORKED_RATES)
    assert events[-1] == GameWon(winners=[DAN])
    assert s.to_act() == [] and s.legal("ann") == []
    result = s.result()
    assert result.winners == [DAN]
    assert result.scores == [{"give": 4, "get": 2}, {"give": 4, "get": 2}, {"give": 0, "get": 4}, {"give": 4, "get": 4}]
    refused(s, "bob", "deal red", "over")


def test_game_does_not_end_while_one_parcel_is_short():
    # gift-trap.de.txt, "Das Spiel endet …": "beide seiner Geschenkepäckchen". On a track
    # of 6 the GAIN round gives ann 6/5: one parcel on GIFTED is not enough.
    s = table(3, track_length=6)
    events = play_round(s, GAIN_GIVES, GAIN_RATES)
    assert not any(isinstance(e, GameWon) for e in events)
    assert s.result() is None and s.to_act() == ["bob"]


def test_several_winners_share_the_win():
    # gift-trap.de.txt, "Das Spiel endet …": "Es kann eventuell also auch mehrere Spieler
    # geben." GAIN round on a track of 5: ann 6/5 and bob 5/5 reach it (bob exactly),
    # cyd 4/5 does not.
    s = table(3, track_length=5)
    events = play_round(s, GAIN_GIVES, GAIN_RATES)
    assert events[-1] == GameWon(winners=[ANN, BOB])
    assert s.result().winners == [ANN, BOB]
    assert s.result().tiebreak == "the rulebook names no tie-break"


# ---------------------------------------------------------------- the extra tiles variant


def test_give_more_doubles_only_the_givers_points():
    # gift-trap.de.txt, variant: "'Give more' … zusammen mit einem Geschenk gespielt …
    # man erhält bzw. verliert dann die doppelte Punktzahl" (RULES.md: "man" is the one who
    # played it: only the giver's points double, gains and losses alike).
    # Worked round with ann's gift 1 to bob (bob Super) and cyd's gift 5 to ann (ann No
    # way) doubled: ann give 8 + 3 = 11, bob get 2 (unchanged); cyd give −3·2 −3 + 2 = −7
    # → 0, ann get 2 (unchanged).
    gives = dict(WORKED_GIVES, ann=["give 1 to bob more", "give 2 to cyd", "give 3 to dan"],
                 cyd=["give 5 to ann more", "give 2 to bob", "give 4 to dan"])
    s = table(4, extra_tiles=True)
    scored = only(play_round(s, gives, WORKED_RATES), RoundScored)
    x = scored.exchanges
    assert (x[0].giver_points, x[0].receiver_points) == (6, 3)
    assert (x[6].giver_points, x[6].receiver_points) == (-6, -3)
    assert scored.give_scores == [11, 5, 0, 6] and scored.get_scores == [2, 2, 7, 4]


def test_get_more_doubles_only_the_receivers_points():
    # gift-trap.de.txt, variant: "'Get more' Karte zusammen mit einem Geschenk gespielt".
    # Worked round with bob's Super (gift 1, from ann) and ann's No way (gift 5, from cyd)
    # doubled: bob get 6 − 3 + 2 = 5; ann get 3 − 6 + 2 = −1 → 0; givers unchanged.
    rates = dict(WORKED_RATES, bob=["rate super 1 more", "rate good 3", "rate okay 4", "rate noway 2"],
                 ann=["rate super 4", "rate good 1", "rate okay 2", "rate noway 5 more"])
    s = table(4, extra_tiles=True)
    scored = only(play_round(s, WORKED_GIVES, rates), RoundScored)
    x = scored.exchanges
    assert (x[0].giver_points, x[0].receiver_points) == (3, 6)
    assert (x[6].giver_points, x[6].receiver_points) == (-3, -6)
    assert scored.give_scores == [8, 5, 0, 6] and scored.get_scores == [0, 5, 7, 4]


def test_one_give_more_per_round_moves_with_the_last_tile():
    # gift-trap.de.txt, variant: "die … 'Give more' … Karte": one tile, played with one gift.
    s = table(4, extra_tiles=True)
    deal(s)
    s.play("ann", "give 1 to bob more")
    s.play("ann", "give 2 to cyd more")
    assert {(t.to, t.more) for t in s.view("ann").my_gives} == {(BOB, False), (CYD, True)}


def test_gifttrap_makes_a_gift_score_nothing_for_anybody():
    # gift-trap.de.txt, variant: "Die 'Gifttrap'-Karte kann man einmal im Spiel auf ein
    # beliebiges Geschenk … gelegt werden, so dass mit diesem Geschenk keine Punkte mehr
    # gemacht werden können." Worked round with bob's trap on gift 2: ann → cyd 2 (+2),
    # cyd → bob 2 (No way −3), dan → cyd 2 (+2) all score 0:
    #   give: ann 8 − 2 = 6, bob 5, cyd −4 + 3 = −1 → 0, dan 6 − 2 = 4
    #   get:  ann 2, bob 2 + 3 = 5, cyd 7 − 2 − 2 = 3, dan 4
    s = table(4, extra_tiles=True)
    deal(s)
    play_all(s, WORKED_GIVES)
    s.play("bob", "trap 2")
    play_all(s, WORKED_RATES)
    scored = s.state.history[-1]
    trapped = [x for x in scored.exchanges if x.trapped]
    assert [(x.giver, x.receiver) for x in trapped] == [(ANN, CYD), (CYD, BOB), (DAN, CYD)]
    assert all(x.space == 2 and x.giver_points == x.receiver_points == 0 for x in trapped)
    assert scored.give_scores == [6, 5, 0, 4] and scored.get_scores == [2, 5, 3, 4]
    assert [(t.seat, t.space) for t in scored.traps] == [(BOB, 2)]


def test_gifttrap_is_once_per_game():
    # gift-trap.de.txt, variant: "kann man einmal im Spiel … Nach dem Ende der Runde kommt
    # das Plättchen dann zusammen mit den Geschenkekarten aus dem Spiel."
    s = table(3, extra_tiles=True)
    deal(s)
    refused(s, "ann", "trap 1", "placed in the Rate phase")
    play_all(s, GAIN_GIVES)
    s.play("ann", "trap 4")
    s.play("ann", "trap 3")  # moved within the round
    assert s.view("ann").my_trap == 3
    play_all(s, GAIN_RATES)
    assert s.state.trap_spent == (True, False, False)
    deal(s, "red")
    play_all(s, GAIN_GIVES)
    refused(s, "ann", "trap 2", "once per game")
    assert not any(s.notation(c).startswith("trap") for c in s.legal_commands("ann"))
    s.play("bob", "trap 2")  # bob's own tile is still there


@pytest.mark.parametrize("command", ["give 1 to bob more", "rate super 1 more", "trap 1"])
def test_extra_tiles_are_refused_without_the_option(command):
    # gift-trap.de.txt: "Als Spielvariante kann man noch die drei beiliegenden
    # Extra-Plättchen … verwenden" — a variant, off unless chosen.
    s = table(3)
    deal(s)
    if command.startswith("give"):
        refused(s, "ann", command, "extra-tiles variant")
        return
    play_all(s, GAIN_GIVES)
    refused(s, "ann", command, "extra-tiles variant")
    assert not any(s.notation(c).endswith("more") or s.notation(c).startswith("trap") for c in s.legal_commands("ann"))


def test_give_more_and_get_more_every_round_by_default():
    # RULES.md, variant, Decision: "Give more and Get more can be used every round".
    s = table(3, extra_tiles=True)
    play_round(s, dict(GAIN_GIVES, ann=["give 1 to bob more", "give 2 to cyd"]),
               dict(GAIN_RATES, ann=["rate super 1 more", "rate good 2", "rate okay 3", "rate noway 4"]))
    deal(s, "red")
    s.play("ann", "give 1 to bob more")
    assert s.view("ann").my_gives[0].more


def test_extras_once_per_game_option():
    # RULES.md, variant: "the option extras_once_per_game makes them once per game too".
    s = table(3, extra_tiles=True, extras_once_per_game=True)
    play_round(s, dict(GAIN_GIVES, ann=["give 1 to bob more", "give 2 to cyd"]),
               dict(GAIN_RATES, bob=["rate super 1 more", "rate good 3", "rate okay 2", "rate noway 4"]))
    assert s.state.give_more_spent == (True, False, False)
    assert s.state.get_more_spent == (False, True, False)
    deal(s, "red")
    refused(s, "ann", "give 1 to bob more", "once per game")
    s.play("bob", "give 1 to ann more")  # bob's Give more is unspent
    play_all(s, {"ann": ["give 1 to bob", "give 2 to cyd"], "bob": ["give 2 to cyd"],
                 "cyd": ["give 2 to ann", "give 3 to bob"]})
    refused(s, "bob", "rate super 1 more", "once per game")
    s.play("ann", "rate super 1 more")
