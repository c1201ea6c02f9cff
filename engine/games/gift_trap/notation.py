"""Gift Trap's notation: parse and print commands, describe events as log lines.

``deal yellow`` · ``give 3 to bob`` · ``give 3 to bob more`` · ``rate super 4`` ·
``rate noway 5`` · ``rate good 2 more`` · ``trap 6`` · ``done``
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand

from .cards import DECKS, GIFTS, PRICES
from .commands import GET_TILES, TILE_LABELS, DealGifts, Done, GiveTile, RateGift, SetTrap
from .events import (
    Committed, GameStarted, GameWon, GiftsDealt, RatingBegan, RoundBegan, RoundScored,
    TileGiven, TileRated, TrapSet,
)

EXAMPLES = "give 3 to bob"
_ALIASES = {"no-way": "noway", "no_way": "noway", "ok": "okay"}
#: Typed text quoted in a refusal is cut to this many characters, so that every refusal
#: fits one line of an 80-column screen.
QUOTED = 24


def quoted(text: str) -> str:
    """``text`` as a refusal quotes it: in quotes, cut to ``QUOTED`` characters with "…"."""
    return repr(text if len(text) <= QUOTED else text[:QUOTED - 1] + "…")


def _space(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 2:
        raise IllegalCommand(f"{quoted(word)} is not a gift space number (1–9).")
    return int(word)


def parse(text: str, names: Sequence[str]) -> object:
    """Parse one command; raises ``IllegalCommand`` with an example when it cannot be read
    (one line at 80 columns: the typed text is cut, ``quoted``)."""
    words = text.lower().split()
    lowered = [n.lower() for n in names]
    match words:
        case ["deal", deck] if deck in DECKS:
            return DealGifts(deck)
        case ["deal", deck]:
            raise IllegalCommand(f"There is no {quoted(deck)} stack: {', '.join(DECKS)}.")
        case ["give", space, "to", who, *rest] if rest in ([], ["more"]):
            if who not in lowered:
                raise IllegalCommand(f"There is no player called {quoted(who)}.")
            return GiveTile(lowered.index(who), _space(space), bool(rest))
        case ["rate", tile, space, *rest] if rest in ([], ["more"]):
            tile = _ALIASES.get(tile, tile)
            if tile not in GET_TILES:
                raise IllegalCommand(f"There is no Get tile {quoted(tile)}: super, good, okay, noway.")
            return RateGift(tile, _space(space), bool(rest))
        case ["trap", space]:
            return SetTrap(_space(space))
        case ["done"]:
            return Done()
    raise IllegalCommand(f"Cannot read {quoted(text.strip())}; commands look like: {EXAMPLES}.")


def notation(command, names: Sequence[str]) -> str:
    """Print one command in notation (the inverse of ``parse``).
    Raises ``TypeError`` for what is not one of the game's commands."""
    match command:
        case DealGifts(deck=deck):
            return f"deal {deck}"
        case GiveTile(to=to, space=space, more=more):
            return f"give {space} to {names[to]}" + (" more" if more else "")
        case RateGift(tile=tile, space=space, more=more):
            return f"rate {tile} {space}" + (" more" if more else "")
        case SetTrap(space=space):
            return f"trap {space}"
        case Done():
            return "done"
    raise TypeError(f"not a Gift Trap command: {command!r}")


def _signed(v: int) -> str:
    return f"{v:+d}"


def describe(event, names: Sequence[str]) -> str:
    """One event as log text (several lines for a reveal)."""
    match event:
        case GameStarted(dealer=d):
            return f"{names[d]} is the start player"
        case GiftsDealt(dealer=d, deck=deck, cards=cards, refilled=refilled):
            gifts = ", ".join(f"{i} {GIFTS[c].name}" for i, c in enumerate(cards, 1))
            again = " (stack refilled)" if refilled else ""
            return f"{names[d]} deals the {deck} {PRICES[deck]} stack{again}: {gifts}"
        case TileGiven(seat=s, to=to, space=space, more=more):
            # Give more lies on one tile: it leaves any other, so say where it is now
            return f"{names[s]} gives gift {space} to {names[to]}" + ("; Give more now lies on it" if more else "")
        case TileRated(seat=s, tile=tile, space=space, more=more):
            return f"{names[s]} puts {TILE_LABELS[tile]} on gift {space}" + ("; Get more now lies on it" if more else "")
        case TrapSet(seat=s, space=space):
            return f"{names[s]} sets the Gifttrap on gift {space}"
        case Committed(seat=s, phase=phase):
            return f"{names[s]} has {'given' if phase == 'give' else 'rated'}"
        case RatingBegan():
            return "everyone has given: rate the gifts"
        case RoundScored():
            lines = [f"reveal of round {event.round}:"]
            for t in event.traps:
                lines.append(f"  {names[t.seat]}'s Gifttrap on gift {t.space}")
            for x in event.exchanges:
                tile = "trapped" if x.trapped else (TILE_LABELS[x.tile] if x.tile else "no tile")
                card = GIFTS[event.cards[x.space - 1]].name
                lines.append(
                    f"  {names[x.giver]} → {names[x.receiver]}: {x.space} {card} ({tile}) "
                    f"{_signed(x.giver_points)}/{_signed(x.receiver_points)}"
                )
            scores = ", ".join(
                f"{names[i]} {g}/{s}" for i, (g, s) in enumerate(zip(event.give_scores, event.get_scores))
            )
            lines.append(f"  give/get: {scores}")
            return "\n".join(lines)
        case RoundBegan(round=r, dealer=d):
            return f"round {r}: {names[d]} deals"
        case GameWon(winners=w):
            return " and ".join(names[i] for i in w) + (" wins" if len(w) == 1 else " win") + ": both parcels on GIFTED"
    return ""
