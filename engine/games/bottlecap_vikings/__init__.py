"""Bottlecap Vikings (Andy Van Zandt): a rondel game for 2–4 players.

Rules: the Bottlecap Vikings rulebook; ``RULES.md`` beside this file records every
decision on an unclear passage; the tiles, bottlecap and city cards are a
reconstruction, as data (``data/*.toml``, ``CITIES.md``). ``GAME`` is the decider
registered as ``bottlecap-vikings``.
"""

import hashlib
from functools import partial
from importlib import resources

from engine.core.bots import RandomBot
from engine.core.decider import Game
from engine.core.tomldata import document

from . import bot, notation, progress, rules, sampler, state, view, words
from .commands import Command
from .events import Event
from .options import Options


def edition_of(*texts: bytes) -> str:
    """``"cities-"`` and 8 hex digits of a SHA-256 over the data files' bytes."""
    digest = hashlib.sha256(b"\0".join(texts)).hexdigest()
    return "cities-" + digest[:8]


def _data(name: str) -> bytes:
    return resources.files(__package__).joinpath(f"data/{name}").read_bytes()


GAME = Game(
    slug="bottlecap-vikings",
    title="Bottlecap Vikings",
    min_players=2,
    max_players=4,
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
    edition=edition_of(*(_data(f) for f in ("actions.toml", "tiles.toml", "abilities.toml", "cities.toml"))),
    rules_text=document(__package__, "RULES.md"),
    help_text=document(__package__, "HELP.md"),
    progress=progress.text,
    sample=sampler.sample,
    standing=sampler.standing,
    horizon=sampler.HORIZON,
    lead=sampler.LEAD,
)
