"""Naughty or Nice's end (checklist E1–E4): "Ending the game", "End of the game with set
collection", "Set Collection", "Endgame scoring" and "At a tie". Positions from
``naughty_table.table``; commands through ``decide``."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engine.games.naughty_or_nice import events as ev
from naughty_table import GAME, actor, kid, kiddos_with, of, run, scored, table

PLAIN = ("nicholas", "father", "odin", "arie", "christkindl")
BELL, CANDLE, HEART, SNOW, TREE = (kiddos_with(symbol=x) for x in ("bell", "candle", "heart", "snowflake", "tree"))


def _turns(events) -> list[int]:
    return [e.seat for e in events if isinstance(e, ev.TurnStarted)]


def _to_the_end(s):
    """Each player crafts in turn until the game is over; returns the state and the
    seats whose turns began."""
    seats = []
    for _ in range(20):
        if s.phase == "over":
            return s, seats
        s, events = run(s, actor(s), "craft deck deck")
        seats += _turns(events)
    raise AssertionError("the game did not end")


def test_e1_midnight_from_the_kiddo_deck_the_drawer_takes_the_next_kiddo():
    """E1 — Naughty or Nice rulebook, "Ending the game": "The game ends when you draw one
    of the two Midnight cards from either the Kiddo deck or from the Creature deck. ...
    If possible, then the player who made the draw then draws the next possible card
    from the respective deck." """
    s = table(3, 3, givers=PLAIN[:3], hands={0: "ST CA SW"}, ground=["Benjamin", "Aino"],
              kiddo_deck=[ev.MIDNIGHT_KIDDO, "Lupita", "Kwame"])
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert of(events, ev.Midnight) == [ev.Midnight("kiddos", 0)]
    assert s.midnight and s.playground[0] == kid("Lupita")
    assert s.kiddo_deck == (kid("Kwame"),)


def test_e1_after_midnight_each_player_takes_one_more_turn_the_drawer_last():
    """E1 — "Ending the game": "When one of them is revealed all players may take one
    more action and then the game ends." boxtop: the turn in which midnight strikes
    finishes, then each player takes one more turn, the one who drew it last."""
    s = table(3, 3, givers=PLAIN[:3], turn=1, hands={1: "ST CA SW"}, ground=["Benjamin"],
              kiddo_deck=[ev.MIDNIGHT_KIDDO, "Lupita", "Kwame"], deck="BE " * 20)
    s, events = run(s, 1, "fulfill 1 CA ST SW")
    assert s.midnight and _turns(events) == [2]
    s, seats = _to_the_end(s)
    assert seats == [0, 1]  # cyd (above), ann, then bob, who drew midnight, last
    assert s.phase == "over" and GAME.result(s) is not None


def test_e1_midnight_from_the_creature_deck_during_a_summon():
    """E1 — "Ending the game": a midnight card drawn from the creature deck; the
    summoner draws the next card in its place."""
    s = table(2, 3, givers=PLAIN[:2], creature_deck="KR MN CG SC")
    s, events = run(s, 0, "summon")
    assert of(events, ev.Midnight) == [ev.Midnight("creatures", 0)]
    assert s.summoning == ("KR", "CG") and s.creature_deck == ("SC",)


def test_e1_the_second_midnight_card_changes_nothing():
    """E1 — "The game ends when you draw one of the two Midnight cards": the last round
    is counted from the first."""
    s = table(2, 3, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddo_deck=[ev.MIDNIGHT_KIDDO, "Lupita"], last_turn=True)
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert of(events, ev.Midnight) and s.phase == "over"


def test_e2_after_midnight_summon_scores_one_instead():
    """E2, worked example — Naughty or Nice rulebook, "End of the game with set
    collection": "After a midnight card has been drawn you may not summon any new
    creatures. Instead you gain 1 for each creature that you would summon." """
    s = table(2, 5, givers=PLAIN[:2], creature_deck="KR CG SC", turn=0)
    s = replace(s, midnight=True, final=2)  # struck earlier this round
    s, events = run(s, 0, "summon")
    assert scored(events) == [(0, 1, "no creatures after midnight")]
    assert s.creature_deck == ("KR", "CG", "SC") and s.players[0].creatures == ()


@pytest.mark.parametrize("level", [3, 4])
def test_e2_without_set_collection_a_summon_after_midnight_still_brings_creatures(level):
    """E2 — the rule is printed under "End of the game with set collection" (level 5,
    "Modularity": "Level 5 ... introduce set collection"): "After a midnight card has
    been drawn you may not summon any new creatures. Instead you gain 1 for each
    creature that you would summon." At levels 3–4 there is no set collection, so a
    Summon after midnight works as before it ("Summon a Creature": "The player draws two
    creature cards into his/her hand and then selects one of them to be kept")."""
    s = table(2, level, givers=PLAIN[:2], creature_deck="KR CG SC", turn=0)
    s = replace(s, midnight=True, final=2)  # struck earlier this round
    s, events = run(s, 0, "summon")
    assert scored(events) == []
    assert s.summoning == ("KR", "CG") and s.prompts[0].kind == "keep"
    s, _ = run(s, 0, "keep CG")
    assert s.players[0].creatures == ("CG",) and s.creature_deck == ("SC",)


@pytest.mark.parametrize("level", [3, 4])
def test_e2_without_set_collection_no_summon_after_midnight_from_an_empty_creature_deck(level):
    """E2 — at levels 3–4 a Summon after midnight draws creatures ("Summon a Creature"),
    so with none left in the deck or its discard pile there is no Summon to take (at
    level 5 it would score 1: "End of the game with set collection")."""
    s = table(2, level, givers=PLAIN[:2], creature_deck="", creature_discard="", turn=0)
    s = replace(s, midnight=True, final=2)
    assert "summon" not in [GAME.notation(c, ("ann", "bob")) for c in GAME.legal(s, 0)]


def test_e2_after_midnight_a_set_bonus_scores_one_per_creature():
    """E2, worked example — "End of the game with set collection": "If you would summon
    2 creatures as a full set bonus, then you would score 2"; a symbol already held
    scores 1."""
    s = table(2, 5, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddos={0: [BELL[1]]}, last_turn=True)
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert (0, 1, "sets after midnight") in scored(events)
    s = table(2, 5, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddos={0: [CANDLE[0], HEART[0], SNOW[0], TREE[0]]}, last_turn=True)
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert (0, 2, "sets after midnight") in scored(events)


def test_set_collection_a_symbol_already_held_summons():
    """Naughty or Nice rulebook, "Set Collection": "When fulfilling a wish of a kiddo
    with a shape you already have: Summon a creature, by drawing 2 cards, keeping one
    and discarding the other!" """
    s = table(2, 5, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"], kiddos={0: [BELL[1]]},
              creature_deck="KR CG SC")
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    assert s.summoning == ("KR", "CG") and s.prompts[0].kind == "keep"
    s, _ = run(s, 0, "keep CG")
    assert s.players[0].creatures == ("CG",) and s.creature_discard[-1] == "KR"
    assert s.turn == 1  # the kept creature is new: nothing to play, the turn ended


def test_set_collection_a_new_symbol_summons_nothing():
    """"Set Collection": only a shape you already have, or the fifth, brings creatures."""
    s = table(2, 5, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"], kiddos={0: [CANDLE[0]]},
              creature_deck="KR CG SC")
    s, _ = run(s, 0, "fulfill 1 CA ST SW")
    assert s.creature_deck == ("KR", "CG", "SC") and not s.prompts


def test_set_collection_the_fifth_symbol_takes_the_top_two_creatures():
    """Naughty or Nice rulebook, "Set Collection": "When fulfilling a wish of a kiddo
    results of having one of the 5 types of shapes: Take the top 2 creatures, do not
    discard, just keep both!" """
    s = table(2, 5, givers=PLAIN[:2], hands={0: "ST CA SW"}, ground=["Benjamin"],
              kiddos={0: [CANDLE[0], HEART[0], SNOW[0], TREE[0]]}, creature_deck="KR CG SC")
    s, events = run(s, 0, "fulfill 1 CA ST SW")
    assert s.players[0].creatures == ("CG", "KR") and s.creature_deck == ("SC",)
    assert of(events, ev.Drew) == [ev.Drew(0, creatures=("KR", "CG"), fresh=True)]
    assert not of(events, ev.Summoned) and s.turn == 1  # both new: the turn ended


def _final(level=5, **kw):
    s = table(3, level, givers=PLAIN[:3], last_turn=True, **kw)
    s, _ = run(s, 0, "craft deck deck")
    assert s.phase == "over"
    return [dict(rows) for rows in s.scores], GAME.result(s)


KIDDOS = {0: [BELL[0], BELL[1], CANDLE[0]], 1: [BELL[2], BELL[3]],
          2: [BELL[4], CANDLE[1], HEART[0], SNOW[0], TREE[0]]}


def test_e3_most_of_each_symbol_scores_three_and_all_five_score_five():
    """E3 — Naughty or Nice rulebook, "Endgame scoring": "Player who has the most [of
    each symbol] scores 3 ... Players who have all 5 symbols score 5". Ties for most all
    score 3 (boxtop's default, option ``most_ties``)."""
    scores, _ = _final(kiddos=KIDDOS)
    assert [(s["most"], s["all five"], s["total"]) for s in scores] == [(6, 0, 6), (3, 0, 3), (12, 5, 17)]


def test_e3_ties_for_most_score_nothing_with_the_option():
    """E3 — "Player who has the most ... scores 3": option ``most_ties = none``: a tie
    for most scores nobody."""
    scores, _ = _final(kiddos=KIDDOS, most_ties="none")
    assert [(s["most"], s["total"]) for s in scores] == [(0, 0), (0, 0), (9, 14)]


def test_e3_set_scoring_is_level_five_only():
    """E3 with "Modularity", Level 5: "As the last step you can introduce set
    collection"; below level 5 kiddos score only their presents."""
    scores, _ = _final(level=4, kiddos=KIDDOS)
    assert [s["total"] for s in scores] == [0, 0, 0] and "most" not in scores[0]


def test_e3_nobody_is_most_of_a_symbol_nobody_holds():
    """E3 — "the most" of a symbol needs at least one kiddo of it."""
    scores, _ = _final(kiddos={0: [BELL[0]]})
    assert [s["most"] for s in scores] == [3, 0, 0]


def test_e4_most_points_wins():
    """E4 — Naughty or Nice rulebook, "Ending the game": "The winner will be the one with
    the most points at the very end." """
    _, result = _final(level=3, scores={0: 4, 1: 9, 2: 7})
    assert result.winners == [1] and result.tiebreak == ""


def test_e4_a_tie_goes_to_whoever_gifted_more_kiddos():
    """E4, worked example — Naughty or Nice rulebook, "At a tie": "If more than one player
    have the same score at the end of the game, the winner will be the one who fulfilled
    more wishes (gifted more kiddos)". Mrs. Claus's kiddos are not gifted."""
    _, result = _final(level=3, scores={0: 9, 1: 9, 2: 3}, kiddos={0: [0, 1, 2], 1: [3, 4]}, gifted={0: 1})
    assert result.winners == [1] and "kiddos" in result.tiebreak
    _, result = _final(level=3, scores={0: 9, 1: 9}, kiddos={0: [0], 1: [3]})
    assert result.winners == [0, 1]  # still tied: shared


def test_final_scores_count_play_points_and_rows():
    """"Endgame scoring" adds to the points scored in play ("Point score/joy")."""
    scores, _ = _final(scores={0: 7}, kiddos={0: [BELL[0]]})
    assert scores[0] == {"play": 7, "most": 3, "all five": 0, "total": 10}
