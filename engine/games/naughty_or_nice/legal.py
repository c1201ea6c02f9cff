"""Naughty or Nice's ``legal``: exactly the commands ``decide`` accepts from a seat now."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from engine.core import reactions
from engine.core.reactions import Pass

from . import commands as cmd
from .data import COLOURS, CREATURES, GIVERS, KIDDOS, PRESENTS
from .common import (action_name, answered, colour, craft_count, creatures_available, giver_of,
                    presents_available, summons_score, to_act)
from .state import State


def can_act(s: State, seat: int) -> bool:
    """Whether ``seat`` has any basic action it may take: whether ``_basic_options``
    would list any, asked in its order and stopping at the first (a Craft, a Summon,
    then the Fulfills only when neither is possible)."""
    return bool(_craft_size(s)) or _can_summon(s) or bool(fulfill_options(s, seat))


def _craft_size(s: State) -> int:
    """How many presents a Craft takes now (0: no Craft): the level's count, or fewer
    when the row and the deck hold fewer."""
    return min(craft_count(s.level), sum(1 for c in s.row if c) + presents_available(s))


def _can_summon(s: State) -> bool:
    """Whether a Summon may be made now (level 3 on; after midnight at level 5 it scores
    instead, even with no creatures left: ``summons_score``)."""
    return s.level >= 3 and (summons_score(s) or creatures_available(s))


def legal(state: State, seat: int) -> list:
    """Exactly the commands ``decide`` accepts from ``seat`` now."""
    if seat not in to_act(state):
        return []
    if state.prompts:
        return _prompt_options(state, seat, state.prompts[0])
    if state.windows:
        return _window_options(state, seat)
    return _turn_options(state, seat)


def _prompt_options(s: State, seat: int, prompt) -> list:
    if prompt.kind == "giver":
        taken = {p.giver for p in s.players}
        return [cmd.ChooseGiver(g) for g in GIVERS if g not in taken]
    if prompt.kind == "keep":
        return [cmd.Keep(c) for c in dict.fromkeys(s.summoning)]
    if prompt.kind == "pick":
        return [cmd.Pick(c) for c in dict.fromkeys(s.revealed)]
    if prompt.kind == "draw":
        out = [cmd.Draw(i) for i, c in enumerate(s.row) if c]
        if presents_available(s):
            out.append(cmd.Draw(cmd.DECK))
        return out + [Pass()]
    options = [c for c in _basic_options(s, seat)
               if prompt.kind == "moroz" or action_name(c) == prompt.action]
    return options + [Pass()]


def _window_options(s: State, seat: int) -> list:
    window = reactions.innermost(s.windows)
    p = s.players[seat]
    out: list = [Pass()]
    playable = p.playable()
    if window.trigger == "creature" and "TO" in playable:
        out.append(cmd.React("TO"))
    if window.trigger == "fulfill" and "PW" in playable:
        given = answered(s).given
        pairs = {tuple(sorted(pair)) for pair in itertools.combinations(given, min(2, len(given)))}
        out += [cmd.React("PW", pair) for pair in sorted(pairs)]
    return out


def _turn_options(s: State, seat: int) -> list:
    p = s.players[seat]
    out: list = []
    basic = [] if s.acted else _basic_options(s, seat)
    out += basic
    if not s.begun:
        if giver_of(s, seat) == "santa":
            out += [cmd.Search(c) for c in sorted(set(p.presents)) if p.presents.count(c) >= 2]
        if giver_of(s, seat) == "befana":
            out += [cmd.Sweep(i) for i, k in enumerate(s.playground) if k >= 0]
    if giver_of(s, seat) == "santa" and "RD" in p.creatures:
        out.append(cmd.Tuck())
    playable = Counter(p.playable())
    others = [i for i in range(s.n) if i != seat]
    for code, have in sorted(playable.items()):
        c = CREATURES[code]
        if c.reaction or code == "CT":
            continue
        if code == "RD":
            out += [cmd.Play("RD", k) for k in range(1, min(4, have) + 1)]
        elif code == "SM":
            if s.acted:
                out.append(cmd.Play("SM"))
        elif c.target == "seat":
            out += [cmd.Play(code, target=i) for i in others]
        elif c.target == "present":
            out += [cmd.Play(code, present=x) for x in PRESENTS]
        elif c.target == "kiddo":
            out += [cmd.Play(code, slot=i) for i, k in enumerate(s.playground) if k >= 0]
        else:
            out.append(cmd.Play(code))
    if s.acted or not basic:  # basic holds only Craft, Summon and Fulfill: can_act's test
        out.append(cmd.End())
    return out


def _basic_options(s: State, seat: int) -> list:
    out: list = []
    row = [i for i, c in enumerate(s.row) if c]
    deck = presents_available(s)
    k = _craft_size(s)
    if k:
        seen = set()
        for n_row in range(0, min(k, len(row)) + 1):
            if k - n_row > deck:
                continue
            for slots in itertools.combinations(row, n_row):
                sources = (*slots, *([cmd.DECK] * (k - n_row)))
                if sources not in seen:
                    seen.add(sources)
                    out.append(cmd.Craft(sources))
    if _can_summon(s):
        out.append(cmd.Summon())
    out += fulfill_options(s, seat)
    return out


def fulfill_options(s: State, seat: int) -> list:
    """Every Fulfill ``seat`` can give now: per kiddo, each choice of present kinds
    (artwork matters for preferred presents), with and without Caga Tió and Saint
    Nicholas's ignored black wish."""
    p = s.players[seat]
    choices = _Choices(Counter(p.presents))
    caga_ok = "CT" in p.playable()
    nicholas = giver_of(s, seat) == "nicholas"
    out = []
    for slot, kiddo in enumerate(s.playground):
        if kiddo < 0:
            continue
        seen = set()
        for need, caga, without_black in _needs(kiddo, caga_ok):
            for want in (need, without_black) if nicholas and without_black is not None else (need,):
                for combo in choices(want):
                    key = (combo, caga)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(cmd.Fulfill(slot, combo, caga))
    return out


@functools.cache
def _needs(kiddo: int, caga_ok: bool) -> tuple[tuple[Counter, bool, Counter | None], ...]:
    """Kiddo ``kiddo``'s wishes as needs (colour → count): all of them, then (with Caga
    Tió, ``caga_ok``) each colour's wish less one; each with whether Caga Tió is played
    and the need less one black wish (Saint Nicholas), None when it has no black wish."""
    wishes = Counter(KIDDOS[kiddo].wishes)
    variants = [(wishes, False)]
    if caga_ok:
        variants += [(wishes - Counter({col: 1}), True) for col in wishes]
    return tuple((need, caga, need - Counter({"black": 1}) if need["black"] else None) for need, caga in variants)


class _Choices:
    """Each multiset of present codes from ``hand`` that gives a need (colour → count):
    ``_Choices(hand)(need)``, sorted codes per choice, colours in ``COLOURS`` order. The
    hand's presents by colour, and each colour's picks of k, are worked out once."""

    def __init__(self, hand: Counter) -> None:
        self.by_colour: dict[str, list[str]] = {col: [] for col in COLOURS}
        for code in sorted(hand):
            self.by_colour[colour(code)] += [code] * hand[code]
        self.picks: dict[tuple[str, int], list[tuple[str, ...]]] = {}

    def __call__(self, need: Counter) -> list[tuple[str, ...]]:
        per_colour = []
        for col in COLOURS:
            k = need[col]
            if not k:
                continue
            picks = self.picks.get((col, k))
            if picks is None:
                picks = self.picks[(col, k)] = sorted(set(itertools.combinations(self.by_colour[col], k)))
            if not picks:
                return []
            per_colour.append(picks)
        return [tuple(sorted(itertools.chain.from_iterable(parts))) for parts in itertools.product(*per_colour)]
