"""What each Naughty or Nice card does, in plain words: one source for the table's
details line (the highlighted or held card) and the rules screen's "Every card"
(``card_texts``).

The texts are the engine's (``engine.games.naughty_or_nice.texts``); the names,
points, preferred presents, colours, symbols and wishes come from the game's own card
data. Each ``*_card`` function gives ``(name, text)``: the name with its code for the
``:`` line ("Tomte (TO)"), the text as ``card_texts`` lists it. ``level`` leaves out
what a level does not play ("Modularity"): preferred presents from level 2, the gift
givers' abilities from level 4, set symbols at level 5.
"""

from __future__ import annotations

from engine.games.naughty_or_nice.data import COLOUR_LETTER, CREATURES, GIVERS, KIDDOS, PRESENTS
from engine.games.naughty_or_nice.texts import load as texts


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def creature_card(code: str) -> tuple[str, str]:
    """``("Tomte (TO)", "Helpful, 1 point. A reaction: …")``: kind, the points it scores
    when played ("Creatures": "Immediately after playing"), what it does."""
    c = CREATURES[code]
    if code == "RD":  # its points are its text: 1 to 4 together
        head = "Neutral."
    elif c.marked:
        head = f"{c.kind.capitalize()}, {_points(c.points)}."
    else:  # a star without a number: the option unmarked_points
        head = f"{c.kind.capitalize()}, 0 points (1 with the option)."
    return f"{c.name} ({code})", f"{head} {texts().creatures[code]}"


def giver_card(code: str, level: int = 5) -> tuple[str, str]:
    """``("Santa Claus (santa)", "Prefers Sleigh (+1 point each). Starts with …")``;
    below level 4 the ability is named as not played, below 2 the preferred present."""
    g = GIVERS[code]
    prefers = " and ".join(PRESENTS[p].name for p in g.preferred)
    ability = texts().givers[code]
    parts = []
    if level >= 2:
        parts.append(f"Prefers {prefers} (+1 point each).")
    parts.append(ability if level >= 4 else "(Its ability is played from level 4.)")
    return f"{g.name} ({code})", " ".join(parts)


def present_card(code: str, level: int = 5) -> tuple[str, str]:
    """``("Stockings (ST)", "Red (R), Clothes. Preferred by Father Christmas.")``."""
    p = PRESENTS[code]
    text = f"{p.colour.capitalize()} ({COLOUR_LETTER[p.colour]}), {texts().colours[p.colour]}."
    fans = [g.name for g in GIVERS.values() if code in g.preferred]
    if fans and level >= 2:
        text += f" Preferred by {' and '.join(fans)}."
    return f"{p.name} ({code})", text


def kiddo_card(kiddo: int, level: int = 5) -> tuple[str, str]:
    """``("Benjamin", "Bell. Wishes for 3: red, red, red (RRR).")``; no symbol below
    level 5 (sets are not played)."""
    k = KIDDOS[kiddo]
    letters = "".join(COLOUR_LETTER[w] for w in k.wishes)
    wishes = f"Wishes for {len(k.wishes)}: {', '.join(k.wishes)} ({letters})."
    return k.name, (f"{k.symbol.capitalize()}. {wishes}" if level >= 5 else wishes)


def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every card with its text, by kind (``GameTable.card_texts``): gift givers,
    creatures, presents, kiddos."""
    return [
        ("Gift givers", [giver_card(g) for g in GIVERS]),
        ("Creatures", [creature_card(c) for c in CREATURES]),
        ("Presents", [present_card(p) for p in PRESENTS]),
        ("Kiddos", [kiddo_card(k) for k in range(len(KIDDOS))]),
    ]


__all__ = ["card_texts", "creature_card", "giver_card", "kiddo_card", "present_card"]
