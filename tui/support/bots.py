"""The bots a seat can be given, named alike wherever a seat is chosen: the command
line's ``--seats``, the new-game and room forms, the waiting room and an away seat
handed to a bot (issue 24).

A game offers its strengths (``engine.core.strengths.STRENGTHS``: easy, normal, hard,
expert; hard and expert only where the game can deal a state from a seat's view) and a
random bot; the forms list them in that order, ``normal`` first chosen. ``heuristic``
stays a valid name (saves and scripts use it; ``normal`` is the same bot), not offered.
"""

from __future__ import annotations

from engine.core.strengths import DESCRIPTIONS, STRENGTHS

#: The strength a new bot seat starts with.
DEFAULT = "normal"
#: What a random bot plays like, in one line as ``DESCRIPTIONS`` say the strengths.
RANDOM = "any legal move, picked blindly: for trying a game out"
#: Command-line words for a bot → its kind: ``bot`` is a normal one.
WORDS = {"bot": DEFAULT, **{s: s for s in STRENGTHS}, "heuristic": "heuristic", "random": "random"}


def choices(game) -> list[str]:
    """The bot kinds ``game`` offers, in the forms' order: its strengths, then random."""
    return [kind for kind in (*STRENGTHS, "random") if kind in game.bots]


def describe(kind: str | None) -> str:
    """What a bot of ``kind`` plays like, in one line ("" for a person's seat, None)."""
    if kind == "heuristic":
        kind = "normal"
    return DESCRIPTIONS.get(kind or "") or (RANDOM if kind == "random" else "")


def kind_of(word: str, game) -> str:
    """The bot kind a command-line ``word`` names in ``game`` (any case): a strength,
    ``bot`` (normal), ``heuristic`` or ``random``.

    Raises ``ValueError`` with one line naming the game's choices for a word that names
    no bot, or a strength the game does not have."""
    kind = WORDS.get(word.strip().lower(), word.strip().lower())
    if kind in game.bots:
        return kind
    *most, last = choices(game) or [""]
    offered = f"{', '.join(most)} or {last}" if most else last
    if kind in STRENGTHS:
        raise ValueError(f"{game.title} has no {kind} bot; choose {offered}")
    raise ValueError(f"no bot called {word.strip()!r}; choose {offered}")
