"""Giftbringer's options: the choices the rulebook leaves open (``RULES.md`` beside this file)."""

from typing import ClassVar

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Giftbringer options.

    - ``rounds``: rounds in a game (``giftbringer.txt``: "Game consists of 10 rounds").
    - ``happiness_cumulative``: score every Happiness level reached (10 + 25 + 50) instead
      of the highest one only (``giftbringer.txt``, "HAPPINESS": "10/25/50 points … for
      achieving 3rd/6th/9th level").
    - ``cross_anywhere``: results may be crossed on any road or house, and adjacency is
      checked only at the Visit (``giftbringer.txt``, "VISIT": "You may only Visit
      road/houses adjancent to …", the literal reading); by default a place can be
      worked on only where it could be Visited (RULES.md, "Visit").

    Raises ``msgspec.ValidationError`` for values out of range.
    """

    #: One plain line per option for the new-game form (the detail is in RULES.md).
    NOTES: ClassVar[dict[str, str]] = {
        "rounds": "rounds in a game (1 to 30)",
        "happiness_cumulative": "Happiness scores 10 + 25 + 50, not the top",
        "cross_anywhere": "cross results on any place; Visit next to yours",
    }

    rounds: int = 10
    happiness_cumulative: bool = False
    cross_anywhere: bool = False

    def __post_init__(self):
        if not 1 <= self.rounds <= 30:
            raise msgspec.ValidationError("rounds must be between 1 and 30")
