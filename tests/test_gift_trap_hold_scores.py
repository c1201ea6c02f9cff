"""Gift Trap's ``hold_scores`` option, the published English scoring: each gift is scored
in turn, the dealer's first and then clockwise, and a parcel stops at GO and at GIFTED as
it goes (``engine/games/gift_trap/RULES.md``, "4. Scoring"). Without the option a round's
points are added up and moved at once, as before."""

import pytest

from engine.games.gift_trap.events import Exchange, GameWon, RoundBegan, RoundScored

from gift_trap_play import play_round, table

ANN, BOB, CYD, DAN = range(4)

# Everybody rates alike: Super on 1 (+3), Good on 2 (+2), Okay on 3 (+1), No way on 4
# (−3), nothing on 5 (−1).
RATES = {name: ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"] for name in ("ann", "bob", "cyd", "dan")}
GIVES = {
    "ann": ["give 5 to bob", "give 1 to cyd", "give 2 to dan"],
    "bob": ["give 1 to ann", "give 3 to cyd", "give 4 to dan"],
    "cyd": ["give 1 to ann", "give 4 to bob", "give 2 to dan"],
    "dan": ["give 4 to ann", "give 1 to bob", "give 5 to cyd"],
}


def only(events, kind):
    (event,) = [e for e in events if isinstance(e, kind)]
    return event


def test_each_gift_is_scored_in_turn_and_stops_at_go_and_gifted():
    """The published English rules (the rulebook collection's notes on Gift Trap: "the
    dealer reveals first, then clockwise; scores cannot drop below GO nor pass GIFTED, but
    can drop back out of GIFTED"). boxtop's reading (RULES.md, "4. Scoring"): the
    receivers reveal in turn, the dealer first, then clockwise; each receiver turns over
    the gifts received from the player on their left onward (clockwise); every gift moves
    the giver's Give parcel and the receiver's Get parcel at once, each stopping at GO (0)
    and GIFTED.

    Worked by hand. Four players, ann deals, GIFTED is space 3 (track_length 3), No way
    −3. Positions are Give track G and Get track T; everybody starts on GO (0).

    ann reveals (she deals):
      1. bob → ann gift 1, Super +3:  bob G 0 → 3;            ann T 0 → 3
      2. cyd → ann gift 1, Super +3:  cyd G 0 → 3;            ann T 3 → 6, stops at 3
      3. dan → ann gift 4, No way −3: dan G 0 → −3, stops at 0; ann T 3 → 0
    bob reveals:
      4. cyd → bob gift 4, No way −3: cyd G 3 → 0;            bob T 0 → −3, stops at 0
      5. dan → bob gift 1, Super +3:  dan G 0 → 3;            bob T 0 → 3
      6. ann → bob gift 5, no tile −1: ann G 0 → −1, stops at 0; bob T 3 → 2
    cyd reveals:
      7. dan → cyd gift 5, no tile −1: dan G 3 → 2;           cyd T 0 → −1, stops at 0
      8. ann → cyd gift 1, Super +3:  ann G 0 → 3;            cyd T 0 → 3
      9. bob → cyd gift 3, Okay +1:   bob G 3 → 4, stops at 3; cyd T 3 → 4, stops at 3
    dan reveals:
     10. ann → dan gift 2, Good +2:   ann G 3 → 5, stops at 3; dan T 0 → 2
     11. bob → dan gift 4, No way −3: bob G 3 → 0;            dan T 2 → −1, stops at 0
     12. cyd → dan gift 2, Good +2:   cyd G 0 → 2;            dan T 0 → 2

    After the round: G ann 3, bob 0, cyd 2, dan 2; T ann 0, bob 2, cyd 3, dan 2. Nobody
    has both parcels on GIFTED, so round 2 begins (bob deals).

    Added up and moved at once (the default, and this option until now) the same round
    gives G ann 4 → 3, bob 1, cyd 2, dan −1 → 0 and T ann 3, bob −1 → 0, cyd 3, dan 1:
    ann would have both parcels on GIFTED and win.
    """
    s = table(4, hold_scores=True, track_length=3)
    events = play_round(s, GIVES, RATES)
    scored = only(events, RoundScored)
    X = Exchange
    assert scored.exchanges == [  # in the order they are revealed
        X(BOB, ANN, 1, "super", False, 3, 3), X(CYD, ANN, 1, "super", False, 3, 3), X(DAN, ANN, 4, "noway", False, -3, -3),
        X(CYD, BOB, 4, "noway", False, -3, -3), X(DAN, BOB, 1, "super", False, 3, 3), X(ANN, BOB, 5, None, False, -1, -1),
        X(DAN, CYD, 5, None, False, -1, -1), X(ANN, CYD, 1, "super", False, 3, 3), X(BOB, CYD, 3, "okay", False, 1, 1),
        X(ANN, DAN, 2, "good", False, 2, 2), X(BOB, DAN, 4, "noway", False, -3, -3), X(CYD, DAN, 2, "good", False, 2, 2),
    ]
    assert scored.give_scores == [3, 0, 2, 2]
    assert scored.get_scores == [0, 2, 3, 2]
    assert not [e for e in events if isinstance(e, GameWon)]
    assert only(events, RoundBegan) == RoundBegan(round=2, dealer=BOB)
    assert s.state.give_scores == (3, 0, 2, 2) and s.state.get_scores == (0, 2, 3, 2)


def test_the_reveal_starts_with_the_round_s_dealer():
    """Round 2 (bob deals): bob's gifts are revealed first, then cyd's, dan's and ann's;
    each receiver's from the player on their left onward."""
    s = table(4, hold_scores=True, track_length=3)
    play_round(s, GIVES, RATES)
    scored = only(play_round(s, GIVES, RATES, deck="red"), RoundScored)
    assert [(x.receiver, x.giver) for x in scored.exchanges] == [
        (BOB, CYD), (BOB, DAN), (BOB, ANN), (CYD, DAN), (CYD, ANN), (CYD, BOB),
        (DAN, ANN), (DAN, BOB), (DAN, CYD), (ANN, BOB), (ANN, CYD), (ANN, DAN),
    ]


@pytest.mark.parametrize("options, ann_give", [({}, 3), ({"keep_past_gifted": True}, 4)])
def test_without_the_option_the_round_is_added_up_as_before(options, ann_give):
    """The default (the German text, which names no bounds; RULES.md: the round's points
    are added up, then a parcel stops at GO and at GIFTED): the same round added up and
    moved at once gives G ann −1+3+2 = 4 → 3 (4 with keep_past_gifted), bob 3+1−3 = 1,
    cyd 3−3+2 = 2, dan −3+3−1 = −1 → 0 and T ann 3+3−3 = 3, bob −3+3−1 = −1 → 0, cyd
    −1+3+1 = 3, dan 2−3+2 = 1; ann has both parcels on GIFTED (3) and wins. The exchanges
    are listed giver by giver, as before."""
    s = table(4, track_length=3, **options)
    events = play_round(s, GIVES, RATES)
    scored = only(events, RoundScored)
    assert [(x.giver, x.receiver) for x in scored.exchanges] == [
        (g, r) for g in range(4) for r in range(4) if g != r
    ]
    assert scored.give_scores == [ann_give, 1, 2, 0]
    assert scored.get_scores == [3, 0, 3, 1]
    assert only(events, GameWon) == GameWon(winners=[ANN])
