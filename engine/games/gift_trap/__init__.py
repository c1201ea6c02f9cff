"""Gift Trap (Nick Kellet): simultaneous hidden gifts and ratings, 3–8 players.

Rules: the German rulebook ``gift-trap.de.txt`` (the authority) and its translation
``gift-trap.en.md``; this package's ``RULES.md`` records every decision on an unclear
passage. ``GAME`` is the decider the engine registers as ``gift-trap``.
"""

from functools import partial
from importlib import resources

from engine.core.bots import RandomBot
from engine.core.decider import Game

from . import bot, notation, rules, sampler, standing, state, view, words
from .commands import Command
from .events import Event
from .options import Options

GAME = Game(
    slug="gift-trap",
    title="Gift Trap",
    min_players=3,
    max_players=8,
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
    explain=words.explain,
    bots={"heuristic": bot.HeuristicBot, "random": partial(RandomBot, pick=bot.random_command)},
    view_type=view.View,
    brief=view.brief,
    rules_text=resources.files(__package__).joinpath("RULES.md").read_text("utf-8"),
    help_text=resources.files(__package__).joinpath("HELP.md").read_text("utf-8"),
    sample=sampler.sample,
    persona=sampler.persona,
    standing=standing.standing,
    horizon=standing.HORIZON,
    lead=standing.LEAD,
)
