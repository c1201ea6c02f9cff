"""Dice Upon a Time's standing for the search's play-outs cut short
(``engine/games/dice_upon_a_time/standing.py``; docs/bots.md, "The arena"), by the Dice
Upon a Time rulebook: "The End: Scoring", "Quest cards" and "Cooperative game"."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engine.games.dice_upon_a_time import GAME
from engine.games.dice_upon_a_time.board import RESOURCES
from engine.games.dice_upon_a_time.rules import result
from engine.games.dice_upon_a_time.standing import HELD, standing
from engine.games.dice_upon_a_time.common import CARDS
from dice_rules_kit import started, with_player


def quest(kind: str, ap: int, *, item: bool = False) -> str:
    """The first quest of ``kind`` worth ``ap`` AP (with a quest token when ``item``)."""
    return next(q.id for q in CARDS.quests.values() if q.kind == kind and q.ap == ap and bool(q.item) == item)


def test_a_seat_stands_at_the_ap_it_would_score_now():
    # the Dice Upon a Time rulebook, "The End: Scoring": "The player who collected the most Adventure Points wins".
    s = started(2, mode="competitive")
    done = (quest("visit", 2), quest("deliver", 3))
    s = with_player(s, 0, done=done, quests=())
    s = with_player(s, 1, quests=())
    assert standing(s) == [5.0, 0.0]
    assert [x["total"] for x in result(replace(s, phase="over")).scores] == [5, 0]  # the same AP the result counts
    assert GAME.standing is standing and GAME.horizon and GAME.lead


def test_a_held_quest_counts_by_the_share_of_its_asks_the_seat_carries():
    # the Dice Upon a Time rulebook, "Quest cards": a deliver or discard quest asks for
    # resource tokens, an item quest for its quest token; a visit quest asks only to be
    # there, and counts nothing held.
    s = started(2, mode="competitive")
    discard = CARDS.quests[quest("discard", 2)]
    asked = sum(discard.tokens.values())
    token, need = next(iter(discard.tokens.items()))
    tokens = [0, 0, 0]
    tokens[RESOURCES.index(token)] = need
    s = with_player(s, 0, quests=(discard.id, quest("visit", 3)), tokens=tuple(tokens))
    s = with_player(s, 1, quests=(discard.id,))
    assert standing(s) == pytest.approx([HELD * 2 * need / asked, 0.0])
    item = CARDS.quests[quest("item", 4, item=True)]
    s = with_player(s, 1, quests=(item.id,), items=(item.item,))
    assert standing(s)[1] == pytest.approx(HELD * 4 * 1 / (sum(item.tokens.values()) + 1))


def test_a_cooperative_table_stands_together():
    # the Dice Upon a Time rulebook, "Cooperative game": the players win or lose
    # together, so no seat stands above another.
    s = started(3, mode="cooperative")
    s = with_player(s, 1, done=(quest("visit", 2),))
    assert standing(s) == [2.0, 2.0, 2.0]
