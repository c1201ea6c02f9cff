"""Where each seat of an unfinished Dice Upon a Time game stands, for the search's
play-outs cut short (``Game.standing``, ``Game.horizon``, ``Game.lead``).

A play-out of the whole game costs 20–40 ms with ``normal`` choosing for every seat, so
the search's 0.3 s held two or three rounds of its candidates (docs/bots.md, "The
arena"). Cut after ``HORIZON`` commands, a play-out is scored by the Adventure Points
the seat would have if the game ended now ("The End: Scoring": completed quests, and in
the full game its Story cards), plus part of the AP of the quests it holds, by how much
of what they ask it carries already.
"""

from __future__ import annotations

from .rules import ap, story_ap
from .state import Player, State
from .common import CARDS

#: Commands a play-out runs before it is scored here; AP worth a near-certain win.
HORIZON, LEAD = 40, 3.0
#: The share of a held quest's AP a seat carrying all it asks (tokens, quest token) is
#: given: it still has to walk there, and a token serves one quest only ("Complete
#: quests": "One resource token can be used for one quest only").
HELD = 0.5


def standing(state: State) -> list[float]:
    """Each seat's AP if the game ended now, plus ``HELD`` of each quest it holds times
    the share of the quest's tokens and quest token it carries (a visit quest: none).
    Co-operative game ("Cooperative game": the table wins or loses together): every
    seat stands at the table's total, so a play-out rewards no seat over another."""
    points = [ap(p.done) + (story_ap(state, p) if state.options.cards == "full" else 0) + _held(p)
              for p in state.players]
    if state.options.mode == "cooperative":
        return [float(sum(points))] * state.n
    return [float(x) for x in points]


def _held(p: Player) -> float:
    """``HELD`` × AP × the share of each held quest's asks that ``p`` carries."""
    total = 0.0
    for quest in p.quests:
        q = CARDS.quests[quest]
        asked = sum(q.tokens.values()) + bool(q.item)
        if asked:
            carried = sum(min(p.count(t), k) for t, k in q.tokens.items()) + (q.item in p.items if q.item else 0)
            total += HELD * q.ap * carried / asked
    return total
