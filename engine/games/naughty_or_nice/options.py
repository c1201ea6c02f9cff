"""Naughty or Nice's options: the level and the choices the rulebook leaves open
(``RULES.md`` beside this file gives each ruling beside its passage)."""

from typing import Annotated, ClassVar, Literal

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Naughty or Nice options.

    - ``level``: 1–5, "Modularity": 1 kiddos and presents only (Craft 3, start with 6
      presents); 2 adds gift givers' preferred presents; 3 adds creatures (Craft 2, start
      with 4 presents and 1 creature); 4 adds the gift givers' written abilities; 5 adds
      set collection (the full game).
    - ``givers``: ``choose`` (each player picks, "Choose a gift giver") or ``random``
      ("you can also draw one randomly").
    - ``unmarked_points``: what Elves, Mrs. Claus and Snow Maiden score when played (the
      cards print a star with no number, or nothing): 0 or 1.
    - ``most_ties``: "Player who has the most … scores 3" with a tie for most: ``all``
      tied players score 3, or ``none`` of them.
    - ``negative_scores``: Jólakötturinn may take a score below 0 (off: scores stop at 0).
    - ``windows``: who a reaction window asks: ``secret`` every other seat with a
      creature that started the turn in hand (a public count; a pass reveals nothing),
      or ``quick`` only the seats holding a Tomte or Papa Wolverine that can answer now
      (the others may infer who holds one). A table of one person plays ``quick`` unless
      told (``ALONE``).
    """

    NOTES: ClassVar[dict[str, str]] = {
        "level": "1 basics, 2 gift givers, 3 creatures, 4 abilities, 5 sets",
        "givers": "gift givers: each player picks, or drawn at random",
        "unmarked_points": "points for Elves, Mrs. Claus, Snow Maiden",
        "most_ties": "tied for most of a symbol: all score 3, or none",
        "negative_scores": "scores may go below 0",
        "windows": "secret: after each creature or gift everyone holding a creature is asked, so nobody learns "
                   "who can react (at one keyboard: a hand-over and a pass each); quick: only who can react is "
                   "asked (the others may guess who holds a Tomte)",
    }
    #: Options a table of one person (the rest bots) takes when they are not given: no one
    #: else at the table could learn anything from who is asked. A form shows them only
    #: with two or more people.
    ALONE: ClassVar[dict[str, str]] = {"windows": "quick"}

    level: Annotated[int, msgspec.Meta(ge=1, le=5)] = 5
    givers: Literal["choose", "random"] = "choose"
    unmarked_points: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0
    most_ties: Literal["all", "none"] = "all"
    negative_scores: bool = False
    windows: Literal["secret", "quick"] = "secret"
