"""Dice Upon a Time's events: what happened, as the log records it.

Quests, Events, dice, locations and sockets are named by their data ids (``commands``
explains them); ``HIDDEN`` stands for a card a seat may not see (``view.redact``).
Events that shuffle, roll, draw or reveal are listed in ``rules.REVEALING`` (undo stops
there).
"""

from __future__ import annotations

from typing import Union

import msgspec

from engine.core import agenda
from engine.core.agenda import Popped, PromptDone
from engine.core.reactions import Answered, Passed, WindowOpened

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


class Prompted(agenda.Prompted, frozen=True, tag="prompted"):
    """``seat`` owes an answer of ``kind`` before play goes on (answered by
    ``PromptDone``; ``engine.core.agenda``): ``draw2`` (the opening
    quests), ``fox``, ``reroll``, ``gift`` (chapter start), ``feed`` (the Wolf); in the
    full game ``character`` (setup), ``bad_luck`` (choose one of ``story``'s two
    effects), ``gain`` / ``lose`` (``amount`` tokens of one's choice), ``lose_item``,
    ``lose_die``, ``go`` (one of ``places``), ``draw1`` (a Quest card), ``draw_item``
    (whether to draw the Magic Item card one "can" draw), ``keep_item`` (Snow White),
    ``rapunzel``, ``trim`` (discard a quest, down to 4 active ones) and ``trade``
    (answer the offer on the table). A ``gain`` or ``gift`` prompt with ``places``
    ``("together",)`` is a share of the gain the prompt before it began: several players
    taking tokens at the same time, answered in one reaction window (``Gained``)."""

    amount: int = 0
    story: str = ""
    places: tuple[str, ...] = ()


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
    """``seat``'s figure went to ``to`` ``by`` route, steed (a jump), rabbit, walk
    (Little Red Riding Hood), story (a Story card), horse or cap (the Golden Horse, the
    Wishing-cap): every way arrives alike (``rules.arrive``)."""

    seat: int
    to: str
    by: str


class Gained(msgspec.Struct, frozen=True, tag="gained"):
    """``seat`` took ``tokens`` from the supply; ``source`` says why in a word;
    ``together``: at the same time as the gain before it (every other player taking an
    Apple), so one reaction window answers them all (the Cudgel in the Sack: "when more
    than one player is taking tokens at the same time, you can collect all those
    tokens")."""

    seat: int
    tokens: tuple[str, ...]
    source: str
    together: bool = False


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


class Effect(msgspec.Struct, frozen=True):
    """An effect waiting its turn (``State.pending``, first in first out): ``do`` a Story
    card's effect word (``stories.Act``) or one of boxtop's steps (``story`` draw a Story
    card, ``read`` resolve ``story``, ``deal`` deal ``amount`` Magic Items (``item``
    ``spirit``: to the Spirit in the Bottle's thief; ``again``: the co-operative game's
    one redraw), ``window`` open the reaction window ``token`` names (``story`` its
    subject: for a roll, the dice rolled), ``ask`` prompt ``token``, ``chapter_event``
    reveal chapter ``amount``'s Event once the roll has been answered, ``feed`` the Wolf,
    ``trim`` discard down to 4 quests, ``steal_tokens`` (``places``: the share taken) /
    ``steal_items`` / ``steal_quests`` / ``curse`` / ``reset`` another player's Magic
    Item ``item`` played by ``by`` on ``seat``, ``keep_story``); ``checked`` once the
    harmed seat had its chance to ward it off."""

    seat: int
    do: str
    token: str = ""
    amount: int = 0
    places: tuple[str, ...] = ()
    story: str = ""
    by: int = -1
    item: str = ""
    socket: str = ""
    checked: bool = False


class Queued(agenda.Queued, frozen=True, tag="queued"):
    """``effects`` join the waiting effects, in front when ``front``. The first is taken
    up (or dropped, when warded off) by ``Popped`` (``engine.core.agenda``)."""

    effects: tuple[Effect, ...]
    front: bool = False


class CharacterChosen(msgspec.Struct, frozen=True, tag="character"):
    """``seat`` plays ``character`` ("Setup" 5)."""

    seat: int
    character: str


class AbilityUsed(msgspec.Struct, frozen=True, tag="ability"):
    """``seat`` used its Character's ability (the card turned over, or a Thumbling token
    spent)."""

    seat: int


class DecksShuffled(msgspec.Struct, frozen=True, tag="decks_shuffled"):
    """The Story deck (``stories``) and/or the Magic Item deck (``items``), top first,
    shuffled at setup or from the discards when a deck runs out; ``refill`` names the
    deck made again from its discards. Secret: others see the counts."""

    stories: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    refill: str = ""


class StoryDrawn(msgspec.Struct, frozen=True, tag="story_drawn"):
    """``seat`` drew Story card ``story`` and reads it aloud ("Story cards")."""

    seat: int
    story: str


class StoryDiscarded(msgspec.Struct, frozen=True, tag="story_discarded"):
    """Story card ``story`` goes to the discard pile (from ``seat``'s cards when it held
    it: a Curse lifted, a Mini Quest done; ``by`` the player who met it when another
    did, in the co-operative game, where these cards are everyone's)."""

    story: str
    seat: int = -1
    by: int = -1


class StoryKept(msgspec.Struct, frozen=True, tag="story_kept"):
    """Story card ``story`` lies face up in front of ``seat`` (a Side Quest, Curse or
    Mini Quest; ``source`` another seat that passed it on, else -1)."""

    seat: int
    story: str
    source: int = -1


class BadLuckChosen(msgspec.Struct, frozen=True, tag="bad_luck"):
    """``seat`` takes effect ``option`` (0 or 1) of Bad Luck card ``story``."""

    seat: int
    story: str
    option: int


class Lost(msgspec.Struct, frozen=True, tag="lost"):
    """``seat`` gave ``tokens`` back to the supply (a Bad Luck card, a Mini Quest or a
    Curse's price)."""

    seat: int
    tokens: tuple[str, ...]


class DiceLost(msgspec.Struct, frozen=True, tag="dice_lost"):
    """``seat`` discarded unused ``dice`` for this chapter (a Bad Luck card, Sleeping
    Beauty)."""

    seat: int
    dice: tuple[str, ...]


class RabbitGiven(msgspec.Struct, frozen=True, tag="rabbit_given"):
    """``seat`` took a Rabbit token from the supply (a Story card)."""

    seat: int


class ItemsDrawn(msgspec.Struct, frozen=True, tag="items_drawn"):
    """``seat`` drew Magic Item cards ``items`` (secret: others see ``"?"``)."""

    seat: int
    items: tuple[str, ...]


class ItemDiscarded(msgspec.Struct, frozen=True, tag="item_discarded"):
    """``seat`` put unused Magic Item ``item`` on the discard pile, face down (secret:
    others see ``"?"``)."""

    seat: int
    item: str


class ItemPlayed(msgspec.Struct, frozen=True, tag="item_played"):
    """``seat`` played Magic Item ``item`` (shown, then discarded)."""

    seat: int
    item: str


class Warded(msgspec.Struct, frozen=True, tag="warded"):
    """``seat`` warded off the harm waiting first."""

    seat: int


class TokensTaken(msgspec.Struct, frozen=True, tag="tokens_taken"):
    """``seat`` took ``tokens`` from ``source`` (the Cudgel in the Sack)."""

    seat: int
    source: int
    tokens: tuple[str, ...]


class QuestsTaken(msgspec.Struct, frozen=True, tag="quests_taken"):
    """``seat`` took Quest cards ``quests`` from ``source`` (the Magic Mirror)."""

    seat: int
    source: int
    quests: tuple[str, ...]


class QuestDropped(msgspec.Struct, frozen=True, tag="quest_dropped"):
    """``seat`` discarded active quest ``quest``, down to 4 active ones (the Magic
    Mirror's note: "you must choose which cards to discard until you have only 4 active
    Quests left"): it leaves the game, face up, and its quest token, if carried, goes
    back to its field."""

    seat: int
    quest: str


class FaceTurned(msgspec.Struct, frozen=True, tag="face_turned"):
    """Die ``die`` of ``seat`` now shows ``face``: in the pool, or on top of ``socket``."""

    seat: int
    die: str
    face: Face
    socket: str = ""


class DieTakenBack(msgspec.Struct, frozen=True, tag="die_back"):
    """``seat`` took its die on top of ``socket`` back among its unused dice."""

    seat: int
    socket: str


class Converted(msgspec.Struct, frozen=True, tag="converted"):
    """``seat`` changed a ``token`` into a ``to`` (Puss in Boots)."""

    seat: int
    token: str
    to: str


class Offered(msgspec.Struct, frozen=True, tag="offered"):
    """``seat`` offers ``to`` a trade: ``give`` for ``get`` (tokens, quests, Story and
    Magic Item cards by id; items secret to the others)."""

    seat: int
    to: int
    give: tuple[str, ...]
    get: tuple[str, ...]


class TradeAnswered(msgspec.Struct, frozen=True, tag="trade_answered"):
    """The offer on the table is ``accepted`` (and carried out) or refused."""

    accepted: bool


class SideQuestsMet(msgspec.Struct, frozen=True, tag="side_quests_met"):
    """At the end of the game the Side Quests ``stories`` meet their conditions ("The
    End: Scoring" 2)."""

    stories: tuple[str, ...]


Event = Union[Shuffled, QuestsLaidOut, EventsLaid, Started, Prompted, PromptDone, QuestsDrawn, KingDrew, KingKept, ChapterBegan,
              Rolled, SnakeRolled, FacesSet, EventRevealed, TurnBegan, Placed, RabbitUsed, WolfFed, Step, Moved,
              Gained, ItemTaken, Completed, GaveUp, TurnEnded, ChapterEnded, GameOver, Queued, Popped,
              CharacterChosen, AbilityUsed, DecksShuffled, StoryDrawn, StoryDiscarded, StoryKept, BadLuckChosen,
              Lost, DiceLost, RabbitGiven, ItemsDrawn, ItemDiscarded, ItemPlayed, Warded, TokensTaken, QuestsTaken,
              QuestDropped, FaceTurned, DieTakenBack, Converted, Offered, TradeAnswered, SideQuestsMet,
              WindowOpened, Passed, Answered]
