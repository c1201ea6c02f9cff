"""Dice Upon a Time's options: the game's length and mode, and the choices the rulebook
leaves open (``RULES.md`` beside this file gives each ruling beside its passage)."""

from typing import ClassVar, Literal

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Dice Upon a Time options.

    - ``length``: ``standard`` 6 chapters ("The End: Scoring"), ``short`` 3 chapters,
      ``extra_long`` until the end of the chapter in which the last Quest card is drawn
      ("Short and Extra Long game modes"; boxtop stops after chapter 12 at the latest).
    - ``mode``: ``competitive`` or ``cooperative`` ("Cooperative game": every Quest card
      face up for everyone, the table's total AP against the completion table).
    - ``events``: the Event cards ``hidden`` (face down until their chapter, "Setup" 7),
      ``open`` (face up from the start, the rulebook's tip) or ``none`` (left in the box,
      as the Extra Long game allows).
    - ``ties``: a tie on AP is ``shared``, or goes to whoever completed the most quests in
      one turn (``one_blow``: "the winner is who can kill more flies with one blow").
    - ``cards``: ``full`` plays the Story cards and the Magic Items; ``beginner`` leaves
      them in the box ("Beginner mode / Language independent version": the Story and
      Magic Item faces are plain 6s, the Supporting character and Magic Items fields plain
      fields).
    - ``characters``: ``abilities`` (each player chooses a Character and uses its
      ability) or ``none`` ("Character abilities are optional").
    - ``trading``: ``on`` (players on one field may trade by common assent, the
      "Encounter" tip) or ``off``.
    """

    NOTES: ClassVar[dict[str, str]] = {
        "length": "standard 6 chapters, short 3, extra_long until the quests run out",
        "mode": "competitive, or cooperative against the completion table",
        "events": "Event cards face down, face up, or none",
        "ties": "a tie is shared, or won by most quests in one turn",
        "cards": "full game with Story cards and Magic Items, or beginner without",
        "characters": "Character abilities, or none",
        "trading": "players on one field may trade, or not",
    }

    length: Literal["standard", "short", "extra_long"] = "standard"
    mode: Literal["competitive", "cooperative"] = "competitive"
    events: Literal["hidden", "open", "none"] = "hidden"
    ties: Literal["shared", "one_blow"] = "shared"
    cards: Literal["full", "beginner"] = "full"
    characters: Literal["abilities", "none"] = "abilities"
    trading: Literal["on", "off"] = "on"
