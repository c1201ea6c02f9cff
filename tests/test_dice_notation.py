"""Dice Upon a Time's notation as a tested pair (``notation.parse`` / ``notation``):
every legal command of seeded games reads back as itself, and bad input is refused in
one line (``IllegalCommand``); ``legal`` is exactly what ``decide`` accepts."""

from __future__ import annotations

import itertools
import random
import re
import typing

import msgspec
import pytest

import engine
from contract.kit import decide_accepts_exactly_legal
from engine import Seat
from engine.core.errors import IllegalCommand
from engine.core.reactions import Answered, Pass, Passed, WindowOpened
from engine.games.dice_upon_a_time import commands as cmd
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.events import HIDDEN
from engine.games.dice_upon_a_time.notation import MAGIC, STORIES, describe, notation, parse
from engine.games.dice_upon_a_time.common import CARDS, ROUTES, SOCKETS, STEEDS

NAMES = ["ann", "bob", "cyd"]


#: The full game, its options spelt out (the defaults), and the beginner game.
FULL = {"cards": "full", "characters": "abilities", "trading": "on"}
BEGINNER = {"cards": "beginner", "characters": "none"}
#: Every kind of command (``commands.Command``).
COMMANDS = frozenset(typing.get_args(cmd.Command))


def _play_through(options: dict, seed: int, kind: str = "random", names=NAMES):
    """Game ``seed`` played by ``kind`` bots to its result; at every position each
    legal command of every seat to act prints and reads back as itself. Returns the
    session and the commands met (played once per module: the tests only read them)."""
    key = (tuple(sorted(options.items())), seed, kind, tuple(names))
    if key not in _PLAYED:
        _PLAYED[key] = _play(options, seed, kind, names)
    return _PLAYED[key]


_PLAYED: dict = {}


def _play(options: dict, seed: int, kind: str, names):
    s = engine.new_game("dice-upon-a-time", [Seat(n, kind) for n in names], seed=seed, options=options)
    met = []
    while s.result() is None:
        for seat in s.to_act_seats():
            for c in s.legal_commands(seat):
                text = notation(c, names)
                assert parse(text, names) == c, text
                assert "\n" not in text
                met.append(c)
        s.step_bot()
    return s, met


def _log(s, names=NAMES) -> list[str]:
    """Every event of ``s`` described for every reader (a spectator, each seat), redacted
    as that reader sees it."""
    events = [e for entry in s.applied_entries() for e in entry.events]
    readers = (None, *range(len(s.seats)))
    return [describe(shown, names) for e in events for r in readers
            if (shown := s.game.redact(e, r)) is not None]


@pytest.mark.parametrize("options", [FULL, {**FULL, "mode": "cooperative"}, {"events": "open", "length": "short"},
                                     BEGINNER, {**BEGINNER, "mode": "cooperative", "trading": "off"}])
def test_every_legal_command_reads_back_as_itself(options):
    """Every legal command of every position of seeded games, the full game and the
    beginner game, prints and reads back as itself, and every event prints as one
    line."""
    seen = set()
    for seed in range(4):
        s, met = _play_through(options, seed)
        seen |= {type(c) for c in met}
        lines = _log(s)
        assert all(isinstance(line, str) and "\n" not in line for line in lines)
        assert any("rolls" in line for line in lines)
    assert {cmd.Place, cmd.Move, cmd.Skip, cmd.PassTurn} <= seen
    if options.get("cards") != "beginner":
        assert {cmd.Character, Pass, cmd.Play} <= seen, seen
    else:
        assert not seen & {cmd.Character, Pass, cmd.Play, cmd.Pick, cmd.Redeem, cmd.KeepItem}, seen


def test_the_full_game_meets_every_kind_of_command_and_each_reads_back():
    """Seeded full games (random and heuristic bots) offer every kind of command, the
    Magic Items' every shape (a token, a field, a socket, a Curse and a player, a die
    and a face, nothing) and the placement helps; each reads back as itself."""
    met = []
    for seed in range(4):  # as test_every_legal_command_reads_back_as_itself[FULL] played them
        met += _play_through(FULL, seed)[1]
    for seed in range(3):
        met += _play_through(FULL, seed, "heuristic")[1]
    assert {type(c) for c in met} == COMMANDS
    shapes = {tuple(f for f in ("token", "to", "socket", "story", "die") if getattr(c, f))
              for c in met if isinstance(c, cmd.Play)}
    assert shapes >= {(), ("token",), ("to",), ("socket",), ("die",)}, shapes
    assert any(isinstance(c, cmd.Place) and c.using for c in met)


def test_names_that_are_not_one_word_of_their_own_read_by_place():
    """A player is written by name when that one word reads back as them, else by their
    place at the table (``#2``): a name of several words, a name shared, a name that is a
    keyword or looks like a place."""
    names = ["Ann Lee", "give", "#1", "bob", "BOB", ""]
    for to in range(len(names)):
        for c in (cmd.Offer(to, ("coin",), ("apple", "i04")), cmd.Offer(to, (), ("q01",)),
                  cmd.Play("i13", target=to, story="s45")):
            text = notation(c, names)
            assert parse(text, names) == c, text
    assert notation(cmd.Offer(0, ("coin",)), names) == "offer #1 give coin"
    assert notation(cmd.Offer(1, ("coin",)), names) == "offer give give coin"
    assert notation(cmd.Offer(2, ("coin",)), names) == "offer #3 give coin"
    assert notation(cmd.Offer(3, ("coin",)), names) == "offer bob give coin"
    assert notation(cmd.Offer(4, ("coin",)), names) == "offer #5 give coin"
    assert parse("offer Bob get apple", names) == cmd.Offer(3, (), ("apple",))
    assert parse("discard none", names) == cmd.Discard() and notation(cmd.Discard(), names) == "discard none"
    assert parse("gift none", names) == cmd.Gift(()) and notation(cmd.Gift(()), names) == "gift none"


#: Words, good and bad, to type at random (unicode digits int() refuses, look-alikes).
WORDS = ["D", "M", "s", "X", "TO-OW", "to-", "-", "=", "P=", "=6", "P=²", "²", "٣", "６", "rabbit", "fox", "fox3",
         "#0", "#1", "#3", "#9", "#", "pass", "move", "stay", "end", "jump", "take", "draw", "keep", "complete", "set",
         "reroll", "gift", "feed", "none", "decline", "accept", "refuse", "character", "choose", "discard", "go",
         "play", "redeem", "walk", "convert", "rest", "offer", "give", "get", "ann", "Bob", "coin", "apple", "i01",
         "i07", "i13", "i18", "I99", "s45", "s49", "s99", "q01", "q99", "puss", "+i14", "+tailor", "+", "SE", "ne",
         "0", "1", "2", "4", "7", "P=6", "D=M", "İ", "ß", "\x00", "ǅ", "ﬀ", "Ⅳ", "\u00a0", "[/x]"]


def test_any_text_reads_as_a_command_or_one_line_refusal():
    """Player text is never trusted: random word soup reads as a command that prints and
    reads back as itself, or is refused in one line (``IllegalCommand``, nothing else)."""
    rng = random.Random(7)
    read = 0
    for _ in range(4000):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5)))
        try:
            c = parse(text, NAMES)
        except IllegalCommand as err:
            assert str(err) and "\n" not in str(err), text
            continue
        read += 1
        assert parse(notation(c, NAMES), NAMES) == c, text
    assert read > 20


#: Events that are bookkeeping, never a log line; and those whose line may be empty
#: (nothing rolled, nothing shuffled, a card discarded from no one, no Side Quest met).
BOOKKEEPING = {ev.Prompted, ev.PromptDone, ev.Step, ev.TurnBegan, ev.TurnEnded, ev.Queued, ev.Popped, Passed,
               Answered}
MAYBE_EMPTY = {ev.Rolled, ev.Shuffled, ev.StoryDiscarded, ev.SideQuestsMet, ev.DecksShuffled}


def _check_line(shown, line: str) -> None:
    """One event's log line, as a reader sees the event: one line, no hidden card shown
    as "?", Magic Items named only where the reader may see them, Story cards named."""
    assert isinstance(line, str) and "\n" not in line and HIDDEN not in line, (shown, line)
    kind = type(shown)
    if kind in BOOKKEEPING:
        assert line == "", (shown, line)
    elif kind not in MAYBE_EMPTY:
        assert line, shown
    hidden = HIDDEN in msgspec.to_builtins(shown).__repr__()
    if kind in (ev.ItemsDrawn, ev.ItemDiscarded, ev.Offered) and hidden:
        assert "Magic Item" in line and not any(card.name in line for card in MAGIC.values()), (shown, line)
    if kind is ev.ItemPlayed:
        assert MAGIC[shown.item].name in line, line
    if kind in (ev.StoryDrawn, ev.StoryKept):
        assert STORIES[shown.story].name in line, line


def test_describe_says_every_event_of_full_games_as_each_reader_sees_it():
    """Every event of seeded full games, redacted for a spectator and for each seat (its
    own secrets and the others'), reads as one plain line: hidden Magic Items as "a Magic
    Item", a played one by its name, Story cards by theirs; bookkeeping as ""."""
    met, hidden = set(), 0
    sessions = [_play_through(FULL, seed)[0] for seed in (0, 3)] + [_play_through(FULL, 1, "heuristic")[0]]
    for s in sessions:
        for e in (e for entry in s.applied_entries() for e in entry.events):
            for reader in (None, *range(len(s.seats))):
                shown = s.game.redact(e, reader)
                if shown is None:
                    continue
                _check_line(shown, describe(shown, NAMES))
                met.add(type(e))
                hidden += shown != e
    assert hidden > 0
    assert {ev.CharacterChosen, ev.AbilityUsed, ev.DecksShuffled, ev.StoryDrawn, ev.StoryKept, ev.ItemsDrawn,
            ev.ItemPlayed, ev.Offered, ev.TradeAnswered, ev.SideQuestsMet, WindowOpened, Passed, ev.Queued,
            ev.Popped} <= met, met


#: One event of every kind (``events.Event``), the full game's with cards by id.
SAMPLES = [
    ev.Shuffled({2: ("q01",), 3: ("q15",), 4: ()}), ev.QuestsLaidOut(("q01", "q02")), ev.EventsLaid(("e01",)),
    ev.Started(1), ev.Prompted(0, "go", story="s20", places=("big_sea", "town")), ev.PromptDone(),
    ev.QuestsDrawn(0, ("q01", "q15"), (2, 3)), ev.KingDrew(1, ("q01", "q15", "q30"), (2, 3, 4)),
    ev.KingKept(1, "q15", ("q01", "q30"), (2, 4)), ev.ChapterBegan(2, 1),
    ev.Rolled(0, (("plain", 6), ("story", "story"))),
    ev.SnakeRolled(0, "apple"), ev.SnakeRolled(0, "lost"), ev.SnakeRolled(0, 4), ev.FacesSet(0, (("ban", "ban"),)),
    ev.EventRevealed(1, "e01"), ev.TurnBegan(0), ev.Placed(0, "doubling", "doubling", "town-old_woman"),
    ev.RabbitUsed(0, "town-old_woman"), ev.WolfFed(1, "plain", 3), ev.Step("move"), ev.Moved(0, "big_sea", "cap"),
    ev.Gained(0, ("apple", "apple", "coin"), "fairy"), ev.ItemTaken(0, "sword"), ev.Completed(0, "q01"),
    ev.GaveUp(0), ev.TurnEnded(0), ev.ChapterEnded(1, 0, True, 2, ((1, "plain"),)), ev.GameOver(6),
    ev.Queued((ev.Effect(0, "story"),)), ev.Popped(), ev.CharacterChosen(0, "puss"), ev.AbilityUsed(0),
    ev.DecksShuffled(("s01", "s02"), ("i01",)), ev.DecksShuffled(items=("i01",), refill="items"),
    ev.StoryDrawn(0, "s20"), ev.StoryDiscarded("s20"), ev.StoryDiscarded("s45", 0), ev.StoryDiscarded("s55", 0),
    ev.StoryKept(0, "s35"), ev.StoryKept(2, "s45", 0), ev.BadLuckChosen(0, "s20", 1), ev.Lost(0, ("bread",)),
    ev.DiceLost(0, ("magic_item", "story")), ev.RabbitGiven(0), ev.ItemsDrawn(0, ("i05", "i06")),
    ev.ItemDiscarded(0, "i05"), ev.ItemPlayed(0, "i18"), ev.Warded(1), ev.TokensTaken(1, 0, ("coin",)),
    ev.QuestsTaken(1, 0, ("q01",)), ev.QuestDropped(1, "q01"), ev.FaceTurned(0, "plain", 6),
    ev.FaceTurned(1, "story", "story", "town-old_woman"), ev.DieTakenBack(0, "town-old_woman"),
    ev.Converted(0, "apple", "coin"), ev.Offered(0, 1, ("coin", "coin", "i04", "s35"), ("q01",)),
    ev.Offered(0, 2, (), ("apple",)), ev.TradeAnswered(True), ev.TradeAnswered(False), ev.SideQuestsMet(("s35",)),
    WindowOpened("tokens", 0, (0, 1, 2)), WindowOpened("harm", 1, (0,), "wolf"), WindowOpened("story", 0, (0,), "s20"),
    Passed(1), Answered(1),
]


def test_describe_has_a_line_for_every_kind_of_event_even_with_its_cards_hidden():
    """One event of every kind, as written, redacted for seat 2 and for a spectator,
    and with every card id in it turned to ``HIDDEN`` (or a seat out of range), reads as
    one line without a "?" and without raising."""
    assert {type(e) for e in SAMPLES} == set(typing.get_args(ev.Event))
    game = engine.core.registry.get("dice-upon-a-time")
    for e in SAMPLES:
        for shown in (e, game.redact(e, 2), game.redact(e, None)):
            _check_line(shown, describe(shown, NAMES))
        fields = msgspec.structs.asdict(e)
        hidden = {k: (HIDDEN if isinstance(v, str) and k not in ("kind", "by", "trigger", "source", "step", "do")
                      else tuple(HIDDEN for _ in v) if isinstance(v, tuple) and v and isinstance(v[0], str)
                      else v) for k, v in fields.items()}
        for k in ("seat", "to", "mover", "start", "rabbit", "target"):
            if k in hidden:
                hidden[k] = 7  # a seat beyond the table
        line = describe(type(e)(**hidden), NAMES)
        assert isinstance(line, str) and "\n" not in line and HIDDEN not in line, (hidden, line)


def test_the_notation_reads_as_the_module_says():
    """The examples of ``notation.py``'s docstring read as it says; several dice in any
    order read the same."""
    assert parse("D TO-OW", NAMES) == cmd.Place("doubling", "town-old_woman")
    assert parse("p ow-to", NAMES) == cmd.Place("plain", "town-old_woman")
    assert parse("N fox", NAMES) == cmd.Place("snake", "fox1")
    assert parse("rabbit TO-CO", NAMES) == cmd.Rabbit("town-coin")
    assert parse("draw 4 2", NAMES) == cmd.Draw((2, 4))
    assert parse("set D=D P=6", NAMES) == cmd.SetFaces((("doubling", "doubling"), ("plain", 6)))
    assert parse("reroll none", NAMES) == cmd.Reroll(())
    assert parse("gift apple coin", NAMES) == cmd.Gift(("coin", "apple"))
    assert parse("jump ne", NAMES) == cmd.Jump("steed_ne")
    assert parse("set P=6 D=D", NAMES) == parse("set D=D P=6", NAMES)
    assert parse("reroll P B", NAMES) == cmd.Reroll(("ban", "plain"))
    assert parse("keep Q13", NAMES) == cmd.Keep("q13") and parse("complete q05", NAMES) == cmd.Complete("q05")
    assert [parse(w, NAMES) for w in ("pass", "move", "stay", "end")] == [
        cmd.PassTurn(), cmd.Move(), cmd.Skip(), cmd.End()]


def test_the_full_games_notation_reads_as_the_module_says():
    """The full game's examples of ``notation.py``'s docstring (Story cards, Magic Items,
    Characters, trades)."""
    assert parse("D TO-OW +i14", NAMES) == cmd.Place("doubling", "town-old_woman", "i14")
    assert parse("P TO-OW +tailor", NAMES) == cmd.Place("plain", "town-old_woman", "tailor")
    assert parse("character puss", NAMES) == cmd.Character("puss")
    assert parse("choose 2", NAMES) == cmd.Pick(1)
    assert parse("discard apple coin", NAMES) == cmd.Discard(tokens=("coin", "apple"))
    assert parse("discard i05", NAMES) == cmd.Discard(item="i05")
    assert parse("discard P", NAMES) == cmd.Discard(die="plain")
    assert parse("discard q12", NAMES) == cmd.Discard(quest="q12")
    assert parse("go SE", NAMES) == cmd.Go("big_sea")
    assert parse("keep i05", NAMES) == cmd.KeepItem("i05")
    assert parse("play i01 apple", NAMES) == cmd.Play("i01", token="apple")
    assert parse("play i07 SE", NAMES) == cmd.Play("i07", to="big_sea")
    assert parse("play i10 TO-OW", NAMES) == cmd.Play("i10", socket="town-old_woman")
    assert parse("play i13 s45 bob", NAMES) == cmd.Play("i13", target=1, story="s45")
    assert parse("play i18 P=6", NAMES) == cmd.Play("i18", die="plain", face=6)
    assert parse("play i04", NAMES) == cmd.Play("i04")
    assert parse("decline", NAMES) == Pass()
    assert parse("redeem s49 coin", NAMES) == cmd.Redeem("s49", ("coin",))
    assert parse("walk TO-OW", NAMES) == cmd.Walk("town-old_woman")
    assert parse("convert apple coin", NAMES) == cmd.Convert("apple", "coin")
    assert parse("rest S M apple", NAMES) == cmd.Rest(("magic_item", "story"), "apple")
    assert parse("offer bob give coin i04 get apple q01", NAMES) == cmd.Offer(1, ("coin", "i04"), ("apple", "q01"))
    assert parse("offer cyd get apple", NAMES) == cmd.Offer(2, (), ("apple",))
    assert parse("accept", NAMES) == cmd.Answer(True) and parse("refuse", NAMES) == cmd.Answer(False)


@pytest.mark.parametrize("text", [
    "", "X TO-OW", "D TO-XX", "D TO-KI", "D TO", "move now", "jump", "jump XX", "take gold", "draw 5",
    "draw", "keep q99", "complete", "set D", "set D=7", "set Q=6", "reroll", "gift", "gift wine", "feed Z",
    "fly away", "pass now", "take", "D TO-OW extra", "feed", "rabbit", "rabbit TO-SE", "set D=", "reroll none D",
    "D TO-OW +i99", "character wolf", "choose 3", "discard", "discard gold", "go", "play", "play i99",
    "play i13 s45 zed", "play i18 P=M", "decline now", "redeem", "redeem s99", "convert apple", "rest M apple",
    "offer", "offer zed give coin", "offer bob coin", "offer bob give wine", "keep i99", "walk TO-XX",
    "set P=²", "play i18 P=²", "play i13 s45", "play i01 apple pie", "play i07 XX", "offer give coin", "offer #4 get q01",
    "offer #0 get q01", "gift none apple", "discard none coin", "choose ²",
])
def test_bad_input_is_refused_in_one_line(text):
    """Bad input is refused with one line saying what is wrong (``IllegalCommand``)."""
    with pytest.raises(IllegalCommand) as err:
        parse(text, NAMES)
    assert str(err.value) and "\n" not in str(err.value)


def test_a_magic_item_played_wrongly_says_what_it_takes():
    """``play`` with the wrong words names the Magic Item and what it takes."""
    for text, words in (("play i13 s45", "Cursed Ring (i13) takes a Curse and a player"),
                        ("play i04 apple pie", "The Golden Ball (i04) takes nothing more"),
                        ("play i07 XX", "The Golden Horse (i07) takes a field")):
        with pytest.raises(IllegalCommand, match=re.escape(words)):
            parse(text, NAMES)


DICE = ("magic_item", "story", "ban", "doubling", "plain", "snake")
#: Commands of every kind, to try where they are not legal.
UNIVERSE = [cmd.Place(d, k) for d in DICE for k in SOCKETS] + [cmd.Rabbit(k) for k in ROUTES] + [
    cmd.PassTurn(), cmd.Move(), cmd.Skip(), cmd.End(), *[cmd.Jump(x) for x in STEEDS],
    *[cmd.Take(t) for t in ("coin", "bread", "apple")],
    *[cmd.Draw(c) for k in (1, 2, 3) for c in itertools.combinations_with_replacement((2, 3, 4), k)],
    *[cmd.Complete(q) for q in CARDS.quests], *[cmd.Keep(q) for q in list(CARDS.quests)[::3]],
    *[cmd.Feed(d) for d in DICE], cmd.Reroll(()), *[cmd.Reroll((d,)) for d in DICE],
    *[cmd.Gift((t,)) for t in ("coin", "bread", "apple")], cmd.SetFaces((("plain", 6),)),
    cmd.SetFaces((("doubling", "doubling"),)), Pass(), cmd.Pick(0), cmd.Pick(1), cmd.Answer(True),
    *[cmd.Character(c) for c in ("puss", "redcap", "thumbling")], cmd.Discard(tokens=("coin",)),
    cmd.Discard(item="i01"), cmd.Discard(die="plain"), cmd.Go("big_sea"), cmd.KeepItem("i01"),
    *[cmd.Play(f"i{k:02d}") for k in range(1, 19)], cmd.Play("i01", token="apple"), cmd.Redeem("s49", ("coin",)),
    cmd.Walk("town-old_woman"), cmd.Convert("apple", "coin"), cmd.Rest(("magic_item", "story"), "apple"),
    cmd.Place("plain", "town-soldier", "i14"), cmd.Place("plain", "town-soldier", "tailor")]


@pytest.mark.parametrize("options", [{}, {"mode": "cooperative", "events": "open"}])
def test_decide_refuses_every_kind_of_command_that_legal_omits(options):
    """``legal`` is exactly what ``decide`` accepts (the contract in tests/contract), here
    against every kind of command of this game (``UNIVERSE``) over positions of seeded
    games, for every seat."""
    game = engine.get_game("dice-upon-a-time")
    positions = 0
    for seed in range(2):
        s = engine.new_game("dice-upon-a-time", [Seat(n, "random") for n in NAMES], seed=seed, options=options)
        k = 0
        while s.result() is None:
            for seat in range(3):
                decide_accepts_exactly_legal(game, s.state, seat, UNIVERSE if k % 9 == 0 else [], 0)
            positions += k % 9 == 0
            k += 1
            s.step_bot()
    assert positions > 20


def test_a_refused_move_says_why_in_one_line():
    """Bad input gets a one-line error: a die too low, a die one does not have, a move out
    of turn, an answer to a question not asked."""
    from dice_rules_kit import refused, started, turn

    s = turn(started(3, seed=1), 0, pool=(("plain", 2),))
    assert refused(s, 0, cmd.Place("plain", "town-soldier")) == "That needs a 5 or higher."
    assert refused(s, 0, cmd.Place("ban", "town-coin")) == "That die is not among your unused dice."
    assert refused(s, 1, cmd.Place("plain", "town-coin")) == "It is not your turn to act."
    assert refused(s, 0, cmd.Take("apple")) == "Place a die, use a Rabbit token, or pass."
    assert refused(s, 0, cmd.Place("plain", "nowhere")) == "There is no socket 'nowhere'."


def test_a_special_face_placed_reads_as_the_6_it_counts():
    """"Placing": a special face counts as 6 (the beginner game's Story and Magic Item
    faces are plain 6s); play-test B-D18: the log said "the Magic Item die (Magic Item)"."""
    from engine.games.dice_upon_a_time.notation import describe

    line = describe(ev.Placed(0, "magic_item", "magic_item", "town-coin"), ["ann", "bob"])
    assert line == "ann places the Magic Item die (Magic Item face, a 6) on the Town–Gold Coin route."
