"""Giftbringer's sampler for the search bots: nothing to deal again.

The rulebook has nothing secret: the dice are rolled for everybody ("At the beginning of
each round, Merry Leader roll four six-sided dice once. Each player writes down all
results in the appropriate slots on their Player Sheets", Giftbringer rulebook, opening
section) and every sheet is public (RULES.md, "Setup and rounds"). A seat's view holds
every field of the state, so the state consistent with it is that table; the next
round's dice are chance, dealt by the search's own generator inside ``decide``.
"""

from __future__ import annotations

import random

from .rules import score
from .state import State
from .view import View


#: The rollout search plays every game to the end: points come late ("SCORING"), so a
#: play-out cut short would mostly see 0 to 0. A lead of 5 points is worth a near-certain
#: win (a letter's worth): measured against ``normal``, docs/bots.md.
HORIZON, LEAD = None, 5.0


def sample(view: View, seat: int, rng: random.Random) -> State:
    """The state ``view`` shows: every field of ``State`` is in the view (``me`` aside);
    ``seat`` and ``rng`` are unused, as there is nothing hidden to deal."""
    return State(view.n, view.options, view.phase, view.round, view.leader, view.dice, view.sheets, view.points,
                 view.winners)


def standing(state: State) -> list[float]:
    """How well each seat stands, for the search's play-outs cut short: its points now
    ("SCORING", ``rules.score`` of its sheet as it is)."""
    return [float(score(sheet, state.options.happiness_cumulative)["total"]) for sheet in state.sheets]
