"""What is left to resolve: the queue of steps a Bottlecap Vikings turn works through.

A turn is a queue: setup choices, the move, what the move sets off (damage, attacks,
trades, the helper), the action, the end of the turn. The rules resolve the front step
at once when it needs no choice, and wait for its seat when it does (``rules.PROMPTS``);
``Queued``/``Popped`` events keep the queue in the log, so a fold rebuilds it: the
turn agenda every game with such a queue shares (``engine.core.agenda``).
"""

from __future__ import annotations

import msgspec


class Step(msgspec.Struct, frozen=True, array_like=True):
    """One thing to resolve: ``op`` (see ``rules.py``), for ``seat``; ``n`` a count,
    ``arg`` a word (a good, an ability, a reason), ``other`` another seat."""

    op: str
    seat: int
    n: int = 0
    arg: str = ""
    other: int = -1
