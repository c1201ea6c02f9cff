"""Giftbringer (Radosław Ignatów): a roll-and-write for 1–6 players, 10 rounds.

Rules: the Giftbringer rulebook (``giftbringer.txt``); ``RULES.md`` beside this file records every
decision on an unclear or lost passage; the Player Sheet is a reconstruction, as data
(``data/sheet.toml``, ``SHEET.md``). ``GAME`` is the decider registered as ``giftbringer``.
"""

import hashlib
from importlib import resources

import msgspec

from engine.core.bots import RandomBot
from engine.core.decider import Game

from . import bot, notation, rules, sampler, sheet, state, view, words
from .commands import Command
from .events import Event
from .options import Options

#: Editions named before the name came from the sheet's data alone (it was a hash of the
#: file's bytes, comments included): fingerprint → the name saves and personal bests carry.
_NAMED = {"fbdbc7bb8f1c85e6b0ac099c6053dc838f90d87d449e8f17d758524603e9750a": "sheet-0078a051"}


def edition_of(text: str | bytes) -> str:
    """The edition of the Player Sheet in ``text`` (TOML, as ``data/sheet.toml``):
    ``"sheet-"`` and 8 hex digits of a SHA-256 over what the rules read — every Viking,
    ship and place with its numbers, letters, links and coast — not the file's comments
    or layout, nor where a place is drawn (``x``, ``y``). Raises ``ValueError`` for a
    sheet ``sheet.load`` refuses."""
    data = sheet.load(text)
    parts = [
        [{k: v for k, v in msgspec.structs.asdict(t).items() if k not in ("x", "y")} for t in group]
        for group in (data.vikings, data.ships, data.places)
    ]
    digest = hashlib.sha256(msgspec.json.encode(parts)).hexdigest()
    return _NAMED.get(digest, "sheet-" + digest[:8])


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
    explain=words.explain,
    bots={"heuristic": bot.HeuristicBot, "random": RandomBot},
    view_type=view.View,
    edition=edition_of(resources.files(__package__).joinpath("data/sheet.toml").read_bytes()),
    rules_text=resources.files(__package__).joinpath("RULES.md").read_text("utf-8"),
    help_text=resources.files(__package__).joinpath("HELP.md").read_text("utf-8"),
    sample=sampler.sample,
    standing=sampler.standing,
    horizon=sampler.HORIZON,
    lead=sampler.LEAD,
)
