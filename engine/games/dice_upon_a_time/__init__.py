"""Dice Upon a Time (Istvan Szauer, Korona Games): dice placement on a map of Grimms'
tales for 2–5 players; boxtop plays the full game (Story cards, Magic Items, Character
abilities, trading) and the beginner mode as an option, every game length, co-operative
and 2-player.

Rules: the Dice Upon a Time rulebook; ``RULES.md`` beside this file records every
decision on an unclear passage; the board, dice, Quest, Event and Story cards and the
Magic Item and Character texts are reconstructions (``BOARD.md``, ``QUESTS.md``,
``STORIES.md``, ``ITEMS.md``). ``GAME`` is the decider registered as
``dice-upon-a-time``.
"""

from engine.core.bots import RandomBot
from engine.core.decider import Game
from engine.core.tomldata import document, edition

from . import bot, legal, notation, progress, rules, sampler, standing, state, view, words
from .board import raw
from .commands import Command
from .events import Event
from .options import Options


GAME = Game(
    slug="dice-upon-a-time",
    title="Dice Upon a Time",
    min_players=2,
    max_players=5,
    Options=Options,
    command_type=Command,
    event_type=Event,
    initial=state.initial,
    setup=rules.setup,
    evolve=state.evolve,
    decide=rules.decide,
    legal=legal.legal,
    to_act=rules.to_act,
    view=view.view,
    redact=view.redact,
    reveals=rules.reveals,
    result=rules.result,
    parse=notation.parse,
    notation=notation.notation,
    describe=notation.describe,
    explain=words.explain,
    bots={"heuristic": bot.HeuristicBot, "random": RandomBot},
    view_type=view.View,
    edition=edition("map-", raw, ("board.toml", "dice.toml", "quests.toml", "events.toml", "stories.toml",
                                  "items.toml", "characters.toml")),
    rules_text=document(__package__, "RULES.md"),
    help_text=document(__package__, "HELP.md"),
    progress=progress.text,
    sample=sampler.sample,
    standing=standing.standing,
    horizon=standing.HORIZON,
    lead=standing.LEAD,
)
