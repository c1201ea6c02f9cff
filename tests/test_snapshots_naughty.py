"""Snapshots of Naughty or Nice's screens at 80×24 and 120×40: see ``snapshot_kit``.

Every kind of question the game asks has a shot (issue 22, item 3): the gift giver,
the craft's picks, the summoned creature to keep, the kiddo and the presents of a
Fulfill, the creature to play and its target of each kind (a player, a present, a
kiddo, how many reindeer), the Elves' pick, Christkindl's draw, Grandfather Frost's and
Snow Maiden's extra action, Santa's search and tuck, La Befana's sweep, a reaction
window with a Tomte, with Papa Wolverine and with nothing to react with, a turn with
nothing more to play, midnight, level 1; and two steps of the lesson. The rare ones
are games the player saved earlier (``played=``, made by
``naughty_positions.played_until`` at five players) and loaded by keys.
"""

from __future__ import annotations

import re

from engine.core.reactions import Pass
from engine.games.naughty_or_nice.commands import Craft, End, Fulfill, Play, React, Search, Sweep, Tuck
from naughty_play import text_of
from naughty_positions import holds, played_until, prompt
from snapshot_kit import Shots, fixed_world, form, lesson_shot, load_first_save, open_list, screen_test  # noqa: F401 (fixtures)
from tui_driver import Player, new_game, open_replay, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

NN5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@SHOTS.shot("naughty-or-nice-new-game")
async def _(pilot: Player) -> None:
    # its largest table, one person (no windows option): the level's list open
    await form(pilot, "Naughty or Nice", 5)
    await open_list(pilot, "opt-level", "the level's list")


def position(wanted, **kwargs):
    """A ``played=`` game: ann and four random bots until ``wanted(state, legal)``."""
    return lambda: played_until(wanted, **kwargs)


async def creature(pilot: Player, name: str, question: str) -> None:
    """From ann's turn: p, then the creature called ``name`` by its number and enter,
    until its target's ``question`` shows (a creature alone asks it at once)."""
    await pilot.press("p")
    chosen = lambda: re.search(rf"(\d+):{re.escape(name)}\b", text_of(pilot.app))  # noqa: E731
    await wait_for(pilot, lambda: chosen() or question in text_of(pilot.app), name)
    if question not in text_of(pilot.app):
        await pilot.press(*chosen().group(1), "enter")
    await wait_for_text(pilot, question)


@SHOTS.shot("naughty-or-nice-rows")
async def _(pilot: Player) -> None:
    # five players, ann played by keys (naughty_play.play_turn) until her fourth turn begins
    from naughty_play import game_session, play_turn

    await new_game(pilot, "Naughty or Nice", NN5, seed=4)
    session = game_session(pilot.app)
    for _ in range(200):
        if session.state.turns >= 16 and session.state.turn == 0 and not session.state.acted \
                and not session.state.windows and not session.state.prompts:
            break
        await play_turn(pilot)
    await wait_for_text(pilot, "Your turn: take one basic action")


@SHOTS.shot("naughty-or-nice-giver")
async def _(pilot: Player) -> None:
    # the gift giver, at five players: the highlighted one's preferred present and ability
    await new_game(pilot, "Naughty or Nice", NN5, seed=4)
    await wait_for_text(pilot, "Choose your gift giver.")
    await pilot.press("right")
    await wait_for_text(pilot, "Father Christmas (father): Prefers Stockings")


async def naughty_seven(pilot: Player) -> None:
    """Seed 7, ann against a random bob: ann is Santa and her turn begins."""
    await new_game(pilot, "Naughty or Nice", ["ann", "bob:random"], seed=7)
    await wait_for_text(pilot, "Choose your gift giver.")
    await pilot.press("enter")
    await wait_for_text(pilot, "Your turn: take one basic action")


@SHOTS.shot("naughty-or-nice-craft")
async def _(pilot: Player) -> None:
    # a Craft being chosen: row place 1 picked, the other from the deck
    await naughty_seven(pilot)
    await pilot.press("c", "1")
    await wait_for_text(pilot, "Craft 2: Sleigh + deck")


@SHOTS.shot("naughty-or-nice-kiddo")
async def _(pilot: Player) -> None:
    # a Fulfill's kiddo being chosen: Lupita at 6, her symbol and wishes below
    await naughty_seven(pilot)
    await pilot.press("f", "6")
    await wait_for_text(pilot, "Lupita: Bell. Wishes for 2")


@SHOTS.shot("naughty-or-nice-fulfill")
async def _(pilot: Player) -> None:
    # a Fulfill being chosen: Lupita at 6, the presents that fit marked in ann's hand
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a")
    await wait_for_text(pilot, "fits: enter gives")


@SHOTS.shot("naughty-or-nice-window")
async def _(pilot: Player) -> None:
    # a reaction window: bob's Elves, and ann holds a Tomte that can cancel them
    await naughty_seven(pilot)
    await pilot.press("f", "6", "enter", "a", "enter")  # her turn ends by itself: nothing left to play
    await wait_for_text(pilot, "Cancel it with your Tomte, or pass (n).")
    await pilot.press("2")


def loaded(name: str, wanted, text: str, *keys: str, then: str = "", **options) -> None:
    """The shot ``naughty-or-nice-<name>``: the game ann saved where ``wanted(state, legal)``
    (``position``, with ``options``), loaded by keys until ``text`` shows; then ``keys``,
    until ``then`` shows."""
    async def reach(pilot: Player) -> None:
        await load_first_save(pilot)
        await wait_for_text(pilot, text)
        await pilot.press(*keys)
        if then:
            await wait_for_text(pilot, then)
    SHOTS.shot(f"naughty-or-nice-{name}", played=position(wanted, **options))(reach)


def aimed(name: str, wanted, creature_name: str, question: str, *keys: str, then: str = "") -> None:
    """The shot ``naughty-or-nice-<name>``: the game ann saved where ``wanted(state, legal)``
    (``position``), loaded by keys; the creature ``creature_name`` played (``creature``)
    until its ``question`` shows; then ``keys``, until ``then`` shows."""
    async def reach(pilot: Player) -> None:
        await load_first_save(pilot)
        await creature(pilot, creature_name, question)
        await pilot.press(*keys)
        if then:
            await wait_for_text(pilot, then)
    SHOTS.shot(f"naughty-or-nice-{name}", played=position(wanted))(reach)


# the summoned creature to keep, the first one's text below
loaded("keep", prompt("keep"), ": keep one.")
# the creature to play, from two or more
loaded("creature", lambda s, legal: not s.acted and len({c.creature for c in legal if isinstance(c, Play)}) >= 2,
       "p creature", "p", then="Play which creature?")
# a creature aimed at a player: Mr Scrooge
aimed("player", holds("SC"), "Mr Scrooge", "Mr Scrooge: who skips their next turn?")
# Krampus calls for one of 12 presents: the 12th typed as two digits, the answers
# scrolled to it at 80×24
aimed("krampus", holds("KR"), "Krampus", "Krampus: call for which present?", "1", "2", then="Crayons (CR): Green (G), Toys.")
# Mrs. Claus takes a kiddo: each by its place and name, the highlighted one lit
aimed("mrs-claus", holds("MC"), "Mrs. Claus", "Mrs. Claus: which kiddo?")


# how many reindeer together
aimed("reindeer", lambda s, legal: any(isinstance(c, Play) and c.creature == "RD" and c.count >= 2 for c in legal),
      "Reindeer", "Reindeer: how many together?")


# the Elves' presents: ann picks one
loaded("elves", prompt("pick"), "The Elves revealed presents: take one.")
# Christkindl was aimed at: draw from the row or the deck, or pass
loaded("christkindl", prompt("draw"), "Christkindl: you were aimed at.")
# Grandfather Frost's basic action in another player's turn
loaded("frost", prompt("moroz"), "Grandfather Frost: take a basic action now, or pass.")
# Snow Maiden: the same basic action again, or pass
loaded("snow-maiden", prompt("repeat"), "again, or pass.")
# Santa searches for a reindeer: which two presents to discard
loaded("search", lambda s, legal: any(isinstance(c, Search) for c in legal), "h search", "h",
       then="Santa: discard 2 identical presents to search for a reindeer.")
# Santa holds a reindeer: t tucks it under Rudolf
loaded("tuck", lambda s, legal: any(isinstance(c, Tuck) for c in legal), "t tuck")
# La Befana sweeps a kiddo out of the playground
loaded("sweep", lambda s, legal: any(isinstance(c, Sweep) for c in legal), "w sweep", "w", "3",
       then="La Befana: sweep which kiddo out of the playground?")
# a reaction window at five players: a Tomte can cancel the creature just played
loaded("tomte", lambda s, legal: React("TO") in legal, "Cancel it with your Tomte, or pass (n).")
# Papa Wolverine takes two of many presents given: the answers scroll at 80×24
loaded("wolverine", lambda s, legal: sum(isinstance(c, React) for c in legal) >= 6,
       "Take two of them with Papa Wolverine, or pass (n).", "9")
# a window asks every player with a creature (windows secret): nothing to react with
loaded("pass", lambda s, legal: bool(s.windows) and legal == [Pass()], "Nothing to react with: pass (n or enter).",
       options={"windows": "secret"})
# after the basic action, nothing in hand can be played now: e ends the turn
loaded("nothing-more", lambda s, legal: s.acted and End() in legal and not any(
    isinstance(c, (Play, Search, Tuck, Sweep)) for c in legal) and bool(s.players[0].creatures),
    "Nothing more to play: e ends your turn.")


@SHOTS.shot("naughty-or-nice-turn-over")
async def _(pilot: Player) -> None:
    # two people at one keyboard (level 2: no creatures): ann's craft ends her turn by
    # itself; the table stays hers, her draw shown, until e passes the keyboard
    from tui_driver import take_keyboard, wait_for_screen as screen

    await new_game(pilot, "Naughty or Nice", ["ann", "bob"], seed=3, options={"level": 2})
    for _ in range(2):
        await take_keyboard(pilot)
        await wait_for_text(pilot, "Choose your gift giver.")
        await pilot.press("enter")
        await screen(pilot, "HandoverScreen")
    await take_keyboard(pilot)
    await pilot.press("c", "enter")
    await wait_for_text(pilot, "Your turn is over: e passes the keyboard.")


# after midnight: the turns left first on the deck line
loaded("midnight", lambda s, legal: s.midnight and any(isinstance(c, (Craft, Fulfill)) for c in legal), "midnight")


@SHOTS.shot("naughty-or-nice-level-1")
async def _(pilot: Player) -> None:
    # level 1: presents and kiddos only, no gift givers, no set symbols
    await new_game(pilot, "Naughty or Nice", ["ann", "bob:random", "cyd:random"], seed=3, options={"level": 1})
    await wait_for_text(pilot, "Your turn: take one basic action, craft or fulfill.")


@SHOTS.shot("naughty-or-nice-result")
async def _(pilot: Player) -> None:
    # two random bots (named in the form) play the whole game as it starts
    await new_game(pilot, "Naughty or Nice", ["ann:random", "bob:random"], seed=1)
    await wait_for_screen(pilot, "ResultScreen")


async def _analysed_replay(pilot: Player) -> None:
    """The example game replayed with its kept analysis (``a``), seen as ann at entry 3,
    her first graded move (an inaccuracy: the better move shows)."""
    await open_replay(pilot)
    await pilot.press("a")
    await wait_for_text(pilot, "Analysed: 17 moves graded")
    await pilot.press("home", "v", *["right"] * 3)
    await wait_for_text(pilot, "entry 3 of")


ANALYSED = ("naughty-or-nice-full.json", "naughty-or-nice-full.analysis.json")


@SHOTS.shot("naughty-or-nice-replay-graded", saves=ANALYSED)
async def _(pilot: Player) -> None:
    await _analysed_replay(pilot)
    await wait_for_text(pilot, "Better:")


@SHOTS.shot("naughty-or-nice-replay-chart", saves=ANALYSED)
async def _(pilot: Player) -> None:
    await _analysed_replay(pilot)
    await pilot.press("w")
    await wait_for_text(pilot, "chance to win, %")


# the lesson by keys from the menu (t) to its eighth step: Astrid's wish, the
# present row and playground marked, the box over the log
lesson_shot(SHOTS, "naughty-or-nice-lesson-mark", "naughty-or-nice", 7)
# the lesson's move step in bob's turn: his Cringe opens a reaction window that the
# learner's Tomte answers, the question kept in sight above the box
lesson_shot(SHOTS, "naughty-or-nice-lesson-window", "naughty-or-nice", 10, wait="Cancel it with your Tomte")


test_screen = screen_test(SHOTS)
