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
    - ``ties``: a tie on AP goes to whoever completed the most quests in one turn
      (``one_blow``, the default: "the winner is who can kill more flies with one
      blow"; still tied, it is shared), or is ``shared``.
    - ``cards``: ``full`` plays the Story cards and the Magic Items; ``beginner`` leaves
      them in the box ("Beginner mode / Language independent version": the Story and
      Magic Item faces are plain 6s, the Supporting character and Magic Items fields plain
      fields).
    - ``characters``: ``abilities`` (each player chooses a Character and uses its
      ability) or ``none`` ("Character abilities are optional").
    - ``trading``: ``on`` (players on one field may trade by common assent, the
      "Encounter" tip) or ``off``.
    - ``windows``: who a Magic Item window asks: ``secret`` every seat the moment
      concerns that holds any Magic Item (a public count; a pass reveals nothing), or
      ``quick`` only the seats holding an item that can answer now (the others may infer
      who holds what). A table of one person plays ``quick`` unless told (``ALONE``).
    """

    NOTES: ClassVar[dict[str, str]] = {
        "length": "standard 6 chapters, short 3, extra_long until the quests run out",
        "mode": "competitive, or cooperative against the completion table",
        "events": "Event cards face down, face up, or none",
        "ties": "a tie is won by most quests in one turn, or shared",
        "cards": "full game with Story cards and Magic Items, or beginner without",
        "characters": "Character abilities, or none",
        "trading": "players on one field may trade, or not",
        "windows": "secret: everyone holding a Magic Item is asked, so nobody learns who can answer (at one "
                   "keyboard: a hand-over and a pass each); quick: only who can answer is asked (the others may "
                   "guess who holds which item)",
    }
    #: Options a table of one person (the rest bots) takes when they are not given: no one
    #: else at the table could learn anything from who is asked. A form shows them only
    #: with two or more people.
    ALONE: ClassVar[dict[str, str]] = {"windows": "quick"}

    length: Literal["standard", "short", "extra_long"] = "standard"
    mode: Literal["competitive", "cooperative"] = "competitive"
    events: Literal["hidden", "open", "none"] = "hidden"
    ties: Literal["one_blow", "shared"] = "one_blow"
    cards: Literal["full", "beginner"] = "full"
    characters: Literal["abilities", "none"] = "abilities"
    trading: Literal["on", "off"] = "on"
    windows: Literal["secret", "quick"] = "secret"
