"""How each seat stands in an unfinished Gift Trap game, for the rollout search.

A player wins with both parcels on GIFTED at the end of a round ("Das Spiel endet,
sobald ein Spieler beide seiner Geschenkepäckchen … auf dem Feld 'Gifted' stehen hat"),
so a seat's standing is the points both its parcels have made towards GIFTED: each
track counted up to its end (``track_length``), since a point past GIFTED brings no
parcel nearer. The search (``engine.core.rollouts``) plays ``HORIZON`` commands on
(about two rounds at three players: a round is 1 + n² + 5n commands at n players, when
every tile is a command) and rewards a seat by its lead over the best other seat,
``LEAD`` points an e-fold, so a play-out says how many points a move made, beside whom
it made them for. Before, play-outs ran to the end and scored only who won: a single
tile's worth was lost in the noise of six rounds (docs/bots.md).
"""

from __future__ import annotations

from .state import State

#: Commands a play-out runs before it is scored by ``standing``.
HORIZON = 60
#: Standing points per e-fold of the lead's logistic (``playout.outcome``).
LEAD = 4.0


def standing(state: State) -> list[float]:
    """Each seat's points towards a win (seat order): its Give and Get parcels' positions,
    each up to the track's end."""
    end = state.options.track_length
    return [float(min(g, end) + min(r, end)) for g, r in zip(state.give_scores, state.get_scores)]
