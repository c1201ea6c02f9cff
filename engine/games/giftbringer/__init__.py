"""Giftbringer (Radosław Ignatów): a roll-and-write for 1–6 players, 10 rounds.

Rules: the Giftbringer rulebook (``giftbringer.txt``); ``RULES.md`` beside this file records every
decision on an unclear or lost passage; the Player Sheet is a reconstruction, as data
(``data/sheet.toml``, ``SHEET.md``). ``GAME`` is the decider registered as ``giftbringer``.
"""

import hashlib
from importlib import resources

from engine.core.decider import Game

from . import bot, notation, rules, state, view
from .commands import Command
from .events import Event
from .options import Options

GAME = Game(
    slug="giftbringer",
    title="Giftbringer",
    min_players=1,
    max_players=6,
    Options=Options,
    command_type=Command,
    event_type=Event,
    initial=state.initial,
    setup=rules.setup,
    evolve=state.evolve,
    decide=rules.decide,
    legal=rules.legal,
    to_act=rules.to_act,
    view=view.view,
    redact=view.redact,
    reveals=rules.reveals,
    result=rules.result,
    parse=notation.parse,
    notation=notation.notation,
    describe=notation.describe,
    bots={"heuristic": bot.HeuristicBot, "random": bot.RandomBot},
    view_type=view.View,
    edition="sheet-" + hashlib.sha256(resources.files(__package__).joinpath("data/sheet.toml").read_bytes()).hexdigest()[:8],
    rules_text=resources.files(__package__).joinpath("RULES.md").read_text("utf-8"),
)
