"""Dice Upon a Time's events: what happened, as the log records it.

Quests, Events, dice, locations and sockets are named by their data ids (``commands``
explains them); ``HIDDEN`` stands for a card a seat may not see (``view.redact``).
Events that shuffle, roll, draw or reveal are listed in ``rules.REVEALING`` (undo stops
there).
"""

from __future__ import annotations

from typing import Union

import msgspec

#: A card another seat may not see.
HIDDEN = "?"

Face = Union[int, str]


class Shuffled(msgspec.Struct, frozen=True, tag="shuffled"):
    """The three Quest decks' order, top first, by AP value ("Setup" 2). Secret: others
    see only the counts."""

    decks: dict[int, tuple[str, ...]]


class QuestsLaidOut(msgspec.Struct, frozen=True, tag="quests_laid"):
    """Co-operative game: every Quest card lies face up for all ("Cooperative game",
    "Changes in set up")."""

    quests: tuple[str, ...]


class EventsLaid(msgspec.Struct, frozen=True, tag="events_laid"):
    """The Event cards on the slots I, II, … in order ("Setup" 7). Secret unless the
    ``events`` option lays them face up."""

    events: tuple[str, ...]
    face_up: bool = False


class Started(msgspec.Struct, frozen=True, tag="started"):
    """``seat`` is the starting player ("Setup" 8; boxtop draws it from the seed)."""

    seat: int


class Prompted(msgspec.Struct, frozen=True, tag="prompted"):
    """``seat`` owes an answer of ``kind`` before play goes on: ``draw2`` (the opening
    quests), ``fox``, ``reroll``, ``gift`` (chapter start) or ``feed`` (the Wolf)."""

    seat: int
    kind: str


class PromptDone(msgspec.Struct, frozen=True, tag="prompt_done"):
    """The first waiting prompt is answered."""


class QuestsDrawn(msgspec.Struct, frozen=True, tag="quests_drawn"):
    """``seat`` drew ``quests`` face up from the decks ``decks`` (their AP values)."""

    seat: int
    quests: tuple[str, ...]
    decks: tuple[int, ...]


class KingDrew(msgspec.Struct, frozen=True, tag="king_drew"):
    """At the King ``seat`` drew ``quests`` from ``decks``, to keep one: seen by that
    seat only."""

    seat: int
    quests: tuple[str, ...]
    decks: tuple[int, ...]


class KingKept(msgspec.Struct, frozen=True, tag="king_kept"):
    """``seat`` kept ``quest``; ``returned`` went to the bottom of the decks
    ``returned_decks`` (the returned cards are seen by that seat only)."""

    seat: int
    quest: str
    returned: tuple[str, ...]
    returned_decks: tuple[int, ...]


class ChapterBegan(msgspec.Struct, frozen=True, tag="chapter"):
    """Chapter ``chapter`` (1, 2, …) begins with ``start`` as the starting player."""

    chapter: int
    start: int


class Rolled(msgspec.Struct, frozen=True, tag="rolled"):
    """``seat`` rolled ``dice``: pairs of (die id, face), now in the pool ("1. Roll the
    dice"); the Snake Die among them when it came up a number."""

    seat: int
    dice: tuple[tuple[str, Face], ...]


class SnakeRolled(msgspec.Struct, frozen=True, tag="snake_rolled"):
    """``seat`` rolled the Snake Die: ``face`` a number (an extra die), ``lost``, or a
    token ("Snake")."""

    seat: int
    face: Face


class FacesSet(msgspec.Struct, frozen=True, tag="faces_set"):
    """``seat`` set the dice from the Fox: pairs of (die id, face) ("Fox")."""

    seat: int
    dice: tuple[tuple[str, Face], ...]


class EventRevealed(msgspec.Struct, frozen=True, tag="event_revealed"):
    """The Event ``event`` rules chapter ``chapter`` ("2. Reveal the next Event card")."""

    chapter: int
    event: str


class TurnBegan(msgspec.Struct, frozen=True, tag="turn"):
    """``seat``'s turn begins."""

    seat: int


class Placed(msgspec.Struct, frozen=True, tag="placed"):
    """``seat`` placed die ``die`` showing ``face`` in ``socket``."""

    seat: int
    die: str
    face: Face
    socket: str


class RabbitUsed(msgspec.Struct, frozen=True, tag="rabbit_used"):
    """``seat`` gave a Rabbit token back to move along ``route``."""

    seat: int
    route: str


class WolfFed(msgspec.Struct, frozen=True, tag="wolf_fed"):
    """``seat`` put unused die ``die`` (showing ``face``) on the Wolf."""

    seat: int
    die: str
    face: Face


class Step(msgspec.Struct, frozen=True, tag="step"):
    """The active player's turn moves on to ``step``: ``place``, ``move``, ``jump``,
    ``town``, ``king``, ``keep``, ``fairy`` or ``complete``."""

    step: str


class Moved(msgspec.Struct, frozen=True, tag="moved"):
    """``seat``'s figure went to ``to`` ``by`` route, steed (a jump) or rabbit."""

    seat: int
    to: str
    by: str


class Gained(msgspec.Struct, frozen=True, tag="gained"):
    """``seat`` took ``tokens`` from the supply; ``source`` says why in a word."""

    seat: int
    tokens: tuple[str, ...]
    source: str


class ItemTaken(msgspec.Struct, frozen=True, tag="item_taken"):
    """``seat`` picked up quest token ``item``."""

    seat: int
    item: str


class Completed(msgspec.Struct, frozen=True, tag="completed"):
    """``seat`` completed ``quest``, giving up ``tokens`` (and the quest token, if any)."""

    seat: int
    quest: str
    tokens: tuple[str, ...] = ()


class GaveUp(msgspec.Struct, frozen=True, tag="gave_up"):
    """``seat`` passed for the rest of the chapter ("Passing the turn")."""

    seat: int


class TurnEnded(msgspec.Struct, frozen=True, tag="turn_ended"):
    """``seat``'s turn is over."""

    seat: int


class ChapterEnded(msgspec.Struct, frozen=True, tag="chapter_ended"):
    """End of chapter ``chapter`` ("At the end of a chapter"): ``rabbit`` (seat or -1)
    becomes starting player and ``rabbit_token`` says whether a token was left for them;
    ``snake`` (seat or -1) holds the Snake Die next chapter; ``fox`` pairs of (seat, die)
    are set next chapter. Every die comes back."""

    chapter: int
    rabbit: int
    rabbit_token: bool
    snake: int
    fox: tuple[tuple[int, str], ...]


class GameOver(msgspec.Struct, frozen=True, tag="game_over"):
    """The game is over after chapter ``chapter`` ("The End: Scoring")."""

    chapter: int


Event = Union[Shuffled, QuestsLaidOut, EventsLaid, Started, Prompted, PromptDone, QuestsDrawn, KingDrew, KingKept, ChapterBegan,
              Rolled, SnakeRolled, FacesSet, EventRevealed, TurnBegan, Placed, RabbitUsed, WolfFed, Step, Moved,
              Gained, ItemTaken, Completed, GaveUp, TurnEnded, ChapterEnded, GameOver]
