"""Options that follow from who sits at the table, or from when a game was recorded.

A game's ``Options`` may declare ``ALONE``: values a table of one person (every other
seat a bot) takes for options it was not given. Dice Upon a Time's and Naughty or Nice's
``windows`` is one: with nobody else at the keyboard there is no one to keep a secret
from, so a reaction window asks only the seats that can answer (``windows=quick``)
instead of every seat that holds a card (``secret``, the default with several people).
Applied when a game or a room is created, never when a save is loaded (its options are
recorded whole).

An option added later may change a default reading of the rules (Gift Trap's
``keep_past_gifted``): a save or a room recorded before it existed lacks the field, yet
must replay as it was played. The Options' ``RECORDED_BEFORE`` names the value such a
record takes (``recorded``), applied when a save is read and a room is restored.
"""

from __future__ import annotations

from typing import Any, Iterable


def for_table(options_type: type, options: Any, people: int) -> Any:
    """``options`` (a dict, None, or already an ``Options``) with ``options_type.ALONE``'s
    values added for the options not given, when ``people`` (the seats that are not
    bots) is at most 1; otherwise ``options`` unchanged."""
    alone = getattr(options_type, "ALONE", None)
    if not alone or people > 1 or isinstance(options, options_type):
        return options
    given = dict(options or {})
    for key, value in alone.items():
        given.setdefault(key, value)
    return given


def recorded(options_type: type, options: Any) -> Any:
    """``options`` as a save or a room recorded them (a dict, as decoded from JSON) with
    ``options_type.RECORDED_BEFORE``'s values added for the fields it lacks: the reading
    a game recorded before those options existed was played with. Anything else (an
    ``Options``, a value that is not a dict) is returned unchanged."""
    before = getattr(options_type, "RECORDED_BEFORE", None)
    if not before or not isinstance(options, dict):
        return options
    return {**before, **options}


def people(seats: Iterable[Any]) -> int:
    """How many of ``seats`` (``Seat`` records, or names) are people, not bots."""
    return sum(1 for s in seats if getattr(s, "bot", None) is None)
