"""Giftbringer's options: the choices the rulebook leaves open (``RULES.md`` beside this file)."""

from typing import ClassVar

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Giftbringer options.

    - ``rounds``: rounds in a game (``giftbringer.txt``: "Game consists of 10 rounds").
    - ``happiness_cumulative``: score every Happiness level reached (10 + 25 + 50) instead
      of the highest one only (``giftbringer.txt``, "HAPPINESS": "10/25/50 points … for
      achieving 3rd/6th/9th level").

    Raises ``msgspec.ValidationError`` for values out of range.
    """

    #: One plain line per option for the new-game form (the detail is in RULES.md).
    NOTES: ClassVar[dict[str, str]] = {
        "rounds": "rounds in a game (1 to 30)",
        "happiness_cumulative": "Happiness scores 10 + 25 + 50, not the top",
    }

    rounds: int = 10
    happiness_cumulative: bool = False

    def __post_init__(self):
        if not 1 <= self.rounds <= 30:
            raise msgspec.ValidationError("rounds must be between 1 and 30")
