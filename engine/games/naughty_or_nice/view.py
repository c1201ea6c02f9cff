"""Naughty or Nice's projection: what one seat may know ("Hidden information" in
RULES.md).

Hidden: every hand's cards (their counts are public), the decks' order and where
midnight lies (only "in the bottom six" is public until it strikes), a Summon's two
cards (the discarded one is shown), what Cringe or Mari Lwyd steal (known to the two).
Public: the row, the playground, discard piles, kiddos taken, Rudolf's reindeer, what the
Elves reveal, Krampus's gifts, Jólakötturinn's red counts, the reaction stack.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from engine.core.reactions import Window

from . import events as ev
from .options import Options
from .state import Held, Prompt, State


class PlayerView(msgspec.Struct, frozen=True):
    """A player as ``me`` sees them: the hand's cards only for one's own seat."""

    giver: str
    score: int
    present_count: int
    creature_count: int
    fresh_count: int
    kiddos: tuple[int, ...]
    gifted: int
    rudolf: int
    skips: int
    presents: tuple[str, ...] = ()
    creatures: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()


class View(msgspec.Struct, frozen=True):
    """The table for seat ``me`` (None: a spectator). Decks are counts;
    ``midnight_struck`` tells whether a midnight card came up (before that, one lies in
    each deck's bottom six); ``summoning`` is one's own Summon's two cards."""

    me: int | None
    n: int
    options: Options
    phase: str
    turn: int
    turns: int
    acted: str
    begun: bool
    players: tuple[PlayerView, ...]
    row: tuple[str, ...]
    playground: tuple[int, ...]
    present_deck: int
    creature_deck: int
    kiddo_deck: int
    present_discard: tuple[str, ...]
    creature_discard: tuple[str, ...]
    kiddo_discard: tuple[int, ...]
    revealed: tuple[str, ...]
    summoning: tuple[str, ...]
    prompts: tuple[Prompt, ...]
    windows: tuple[Window, ...]
    held: tuple[Held, ...]
    midnight_struck: bool
    final: int
    scores: tuple[tuple[tuple[str, int], ...], ...]


def view(state: State, seat: int | None) -> View:
    """The projection for ``seat`` (None or out of range: a spectator)."""
    me = seat if seat is not None and 0 <= seat < state.n else None
    players = []
    for i, p in enumerate(state.players):
        own = i == me
        players.append(PlayerView(
            p.giver, p.score, len(p.presents), len(p.creatures), len(p.fresh), p.kiddos, p.gifted, p.rudolf,
            p.skips, p.presents if own else (), p.creatures if own else (), p.fresh if own else (),
        ))
    summoning = state.summoning if state.prompts and state.prompts[0].kind == "keep" and state.prompts[0].seat == me else ()
    return View(
        me, state.n, state.options, state.phase, state.turn, state.turns, state.acted, state.begun, tuple(players),
        state.row, state.playground, sum(1 for c in state.present_deck),
        sum(1 for c in state.creature_deck if c != ev.MIDNIGHT),
        sum(1 for k in state.kiddo_deck if k != ev.MIDNIGHT_KIDDO),
        state.present_discard, state.creature_discard, state.kiddo_discard, state.revealed, summoning,
        state.prompts, state.windows, state.held, state.midnight, state.final, state.scores,
    )


def _hide(cards) -> tuple[str, ...]:
    return (ev.HIDDEN,) * len(cards)


def redact(event, seat: int | None):
    """``event`` as ``seat`` may see it: deck orders are nobody's; drawn, summoned and
    kept cards are their owner's; stolen cards are the thief's and the victim's."""
    if isinstance(event, ev.Shuffled):
        return replace(event, cards=_hide(event.cards))
    if isinstance(event, ev.Drew) and seat != event.seat:
        return replace(event, presents=_hide(event.presents), creatures=_hide(event.creatures))
    if isinstance(event, ev.Summoned) and seat != event.seat:
        return replace(event, creatures=_hide(event.creatures))
    if isinstance(event, ev.Kept) and seat != event.seat:
        return replace(event, kept=ev.HIDDEN)
    if isinstance(event, ev.Stole) and seat not in (event.seat, event.victim):
        return replace(event, cards=_hide(event.cards))
    return event
