"""Snapshots of Naughty or Nice's screens at 80×24 and 120×40: see ``snapshot_kit``.

Every kind of question the game asks has a shot (issue 22, item 3): the gift giver,
the craft's picks, the summoned creature to keep, the kiddo and the presents of a
Fulfill, the creature to play and its target of each kind (a player, a present, a
kiddo, how many reindeer), the Elves' pick, Christkindl's draw, Grandfather Frost's and
Snow Maiden's extra action, Santa's search and tuck, La Befana's sweep, a reaction
window with a Tomte, with Papa Wolverine and with nothing to react with, a turn with
nothing more to play, midnight, level 1. The rare ones are games the player saved
earlier (``played=``, made by ``naughty_positions.played_until`` at five players) and
loaded by keys.
"""

from __future__ import annotations

import re

from engine.core.reactions import Pass
from engine.games.naughty_or_nice.commands import Craft, End, Fulfill, Play, React, Search, Sweep, Tuck
from naughty_play import text_of
from naughty_positions import holds, played_until, prompt
from snapshot_kit import (  # noqa: F401 (fixtures)
    CODES, GB6, GT8, Shots, fixed_world, form, load_first_save, room_service, screen_test, typed,
)
from tui_driver import Player, new_game, new_room, wait_for, wait_for_screen, wait_for_text

SHOTS = Shots()

NN5 = ["ann", "bob:heuristic", "cyd:heuristic", "dan:heuristic", "eve:heuristic"]  # its largest table


@SHOTS.shot("naughty-or-nice-new-game")
async def _(pilot: Player) -> None:
    # its largest table, one person (no windows option): the level's list open
    from tui_driver import focus

    await form(pilot, "Naughty or Nice", 5)
    await focus(pilot, "opt-level")
    await pilot.press("enter")
    await wait_for(pilot, lambda: type(pilot.app.focused).__name__ == "SelectOverlay"
                   and pilot.app.focused.region.height, "the level's list")


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


@SHOTS.shot("naughty-or-nice-keep", played=position(prompt("keep")))
async def _(pilot: Player) -> None:
    # the summoned creature to keep, the first one's text below
    await load_first_save(pilot)
    await wait_for_text(pilot, ": keep one.")


@SHOTS.shot("naughty-or-nice-creature", played=position(lambda s, legal: not s.acted and len(
    {c.creature for c in legal if isinstance(c, Play)}) >= 2))
async def _(pilot: Player) -> None:
    # the creature to play, from two or more
    await load_first_save(pilot)
    await wait_for_text(pilot, "p creature")
    await pilot.press("p")
    await wait_for_text(pilot, "Play which creature?")


@SHOTS.shot("naughty-or-nice-player", played=position(holds("SC")))
async def _(pilot: Player) -> None:
    # a creature aimed at a player: Mr Scrooge
    await load_first_save(pilot)
    await creature(pilot, "Mr Scrooge", "Mr Scrooge: who skips their next turn?")


@SHOTS.shot("naughty-or-nice-krampus", played=position(holds("KR")))
async def _(pilot: Player) -> None:
    # Krampus calls for one of 12 presents: the 12th typed as two digits, the answers
    # scrolled to it at 80×24
    await load_first_save(pilot)
    await creature(pilot, "Krampus", "Krampus: call for which present?")
    await pilot.press("1", "2")
    await wait_for_text(pilot, "Crayons (CR): Green (G), Toys.")


@SHOTS.shot("naughty-or-nice-mrs-claus", played=position(holds("MC")))
async def _(pilot: Player) -> None:
    # Mrs. Claus takes a kiddo: each by its place and name, the highlighted one lit
    await load_first_save(pilot)
    await creature(pilot, "Mrs. Claus", "Mrs. Claus: which kiddo?")


@SHOTS.shot("naughty-or-nice-reindeer", played=position(lambda s, legal: any(
    isinstance(c, Play) and c.creature == "RD" and c.count >= 2 for c in legal)))
async def _(pilot: Player) -> None:
    # how many reindeer together
    await load_first_save(pilot)
    await creature(pilot, "Reindeer", "Reindeer: how many together?")


@SHOTS.shot("naughty-or-nice-elves", played=position(prompt("pick")))
async def _(pilot: Player) -> None:
    # the Elves' presents: ann picks one
    await load_first_save(pilot)
    await wait_for_text(pilot, "The Elves revealed presents: take one.")


@SHOTS.shot("naughty-or-nice-christkindl", played=position(prompt("draw")))
async def _(pilot: Player) -> None:
    # Christkindl was aimed at: draw from the row or the deck, or pass
    await load_first_save(pilot)
    await wait_for_text(pilot, "Christkindl: you were aimed at.")


@SHOTS.shot("naughty-or-nice-frost", played=position(prompt("moroz")))
async def _(pilot: Player) -> None:
    # Grandfather Frost's basic action in another player's turn
    await load_first_save(pilot)
    await wait_for_text(pilot, "Grandfather Frost: take a basic action now, or pass.")


@SHOTS.shot("naughty-or-nice-snow-maiden", played=position(prompt("repeat")))
async def _(pilot: Player) -> None:
    # Snow Maiden: the same basic action again, or pass
    await load_first_save(pilot)
    await wait_for_text(pilot, "again, or pass.")


@SHOTS.shot("naughty-or-nice-search", played=position(lambda s, legal: any(isinstance(c, Search) for c in legal)))
async def _(pilot: Player) -> None:
    # Santa searches for a reindeer: which two presents to discard
    await load_first_save(pilot)
    await wait_for_text(pilot, "h search")
    await pilot.press("h")
    await wait_for_text(pilot, "Santa: discard 2 identical presents to search for a reindeer.")


@SHOTS.shot("naughty-or-nice-tuck", played=position(lambda s, legal: any(isinstance(c, Tuck) for c in legal)))
async def _(pilot: Player) -> None:
    # Santa holds a reindeer: t tucks it under Rudolf
    await load_first_save(pilot)
    await wait_for_text(pilot, "t tuck")


@SHOTS.shot("naughty-or-nice-sweep", played=position(lambda s, legal: any(isinstance(c, Sweep) for c in legal)))
async def _(pilot: Player) -> None:
    # La Befana sweeps a kiddo out of the playground
    await load_first_save(pilot)
    await wait_for_text(pilot, "w sweep")
    await pilot.press("w", "3")
    await wait_for_text(pilot, "La Befana: sweep which kiddo out of the playground?")


@SHOTS.shot("naughty-or-nice-tomte", played=position(lambda s, legal: React("TO") in legal))
async def _(pilot: Player) -> None:
    # a reaction window at five players: a Tomte can cancel the creature just played
    await load_first_save(pilot)
    await wait_for_text(pilot, "Cancel it with your Tomte, or pass (n).")


@SHOTS.shot("naughty-or-nice-wolverine", played=position(
    lambda s, legal: sum(isinstance(c, React) for c in legal) >= 6))
async def _(pilot: Player) -> None:
    # Papa Wolverine takes two of many presents given: the answers scroll at 80×24
    await load_first_save(pilot)
    await wait_for_text(pilot, "Take two of them with Papa Wolverine, or pass (n).")
    await pilot.press("9")


@SHOTS.shot("naughty-or-nice-pass", played=position(lambda s, legal: bool(s.windows) and legal == [Pass()],
                                                    options={"windows": "secret"}))
async def _(pilot: Player) -> None:
    # a window asks every player with a creature (windows secret): nothing to react with
    await load_first_save(pilot)
    await wait_for_text(pilot, "Nothing to react with: pass (n or enter).")


@SHOTS.shot("naughty-or-nice-nothing-more", played=position(lambda s, legal: s.acted and End() in legal and not any(
    isinstance(c, (Play, Search, Tuck, Sweep)) for c in legal) and bool(s.players[0].creatures)))
async def _(pilot: Player) -> None:
    # after the basic action, nothing in hand can be played now: e ends the turn
    await load_first_save(pilot)
    await wait_for_text(pilot, "Nothing more to play: e ends your turn.")


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


@SHOTS.shot("naughty-or-nice-midnight", played=position(lambda s, legal: s.midnight and any(
    isinstance(c, (Craft, Fulfill)) for c in legal)))
async def _(pilot: Player) -> None:
    # after midnight: the turns left first on the deck line
    await load_first_save(pilot)
    await wait_for_text(pilot, "midnight")


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
    await pilot.press("r")
    await wait_for_screen(pilot, "LoadScreen")
    await pilot.press("enter")
    await wait_for_screen(pilot, "ReplayScreen")
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


test_screen = screen_test(SHOTS)
