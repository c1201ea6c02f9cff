"""Naughty or Nice (Szilágyi L. Gábor, Tony Baritoon): set collection with cards for
2–5 players, levels 1–5.

Rules: the Naughty or Nice rulebook; ``RULES.md`` beside this file records every
decision on an unclear passage; the 40 kiddos are a reconstruction (``data/kiddos.toml``,
``KIDDOS.md``). ``GAME`` is the decider registered as ``naughty-or-nice``.
"""

from engine.core.bots import RandomBot
from engine.core.decider import Game
from engine.core.tomldata import document, edition

from . import bot, legal, notation, progress, rules, sampler, state, view, words
from .commands import Command, Keep
from .data import raw
from .events import Event
from .options import Options


GAME = Game(
    slug="naughty-or-nice",
    title="Naughty or Nice",
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
    edition=edition("cards-", raw, ("presents.toml", "creatures.toml", "givers.toml", "kiddos.toml")),
    rules_text=document(__package__, "RULES.md"),
    help_text=document(__package__, "HELP.md"),
    progress=progress.text,
    sample=sampler.sample,
    standing=sampler.standing,
    horizon=sampler.HORIZON,
    lead=sampler.LEAD,
    secret=lambda command: isinstance(command, Keep),
)
