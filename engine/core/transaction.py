"""``Transaction``: the events of one ``decide``, each folded into the state as it is
emitted, so that the rules of a long command (a turn of several steps, reactions,
windows) read the state the events so far have made. A game's ``decide`` returns
``events`` at the end; nothing is applied to the session until then."""

from __future__ import annotations

import random
from typing import Any, Callable


class Transaction:
    """``state`` (the game's State, as the events so far have made it), ``rng`` (the
    engine's seeded ``random.Random``: every draw and roll of the command), ``events``
    (emitted so far, in order); ``evolve(state, event) -> state`` is the game's fold
    step (``Game.evolve``)."""

    def __init__(self, state: Any, rng: random.Random, evolve: Callable[[Any, Any], Any]):
        self.state = state
        self.rng = rng
        self.events: list = []
        self._evolve = evolve

    def emit(self, *events: Any) -> None:
        """Record ``events`` in order, folding each into ``state`` at once."""
        for e in events:
            self.events.append(e)
            self.state = self._evolve(self.state, e)
