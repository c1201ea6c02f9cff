"""Bottlecap Vikings' sampler for the search bots: nothing to deal again.

Nothing in the game is secret (RULES.md, "Hidden information"): damage tokens held lie
in front of each player, city cards and meters are on the table, and the Valkyrie bag is
drawn from at random when a draw happens ("Resolving Valkyries"), so there is no order
to hide. A seat's view is the whole table, and the state consistent with it is that
table: the search deals nothing; its chance (the bag's draws) comes from its own
generator inside ``decide``.
"""

from __future__ import annotations

import random

from .bot import damage_risk, progress
from .state import State
from .view import View


#: The rollout search's play-out length in commands (about two turns of each seat at
#: four players) and the standing lead worth a near-certain win (about a hut's worth of
#: goods in ``bot.progress``): measured against ``normal``, docs/bots.md.
HORIZON, LEAD = 40, 10.0


def sample(view: View, seat: int, rng: random.Random) -> State:
    """The state ``view`` shows (``view.table``); ``seat`` and ``rng`` are unused, as
    there is nothing hidden to deal."""
    return view.table


def standing(state: State) -> list[float]:
    """How well each seat stands, for the search's play-outs cut short: the heuristic
    bot's worth of its goods, hut and abilities (``bot.progress``) less what its damage
    stands to lose to the Valkyries (``bot.damage_risk``)."""
    return [progress(p) - damage_risk(state, p) for p in state.players]
