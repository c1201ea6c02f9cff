"""How a search's chance reads on a screen (the hint, the replay's grades): a chance to
win in a game of several seats, a rating of the score in a solo game (the search's
``outcome`` puts a lone seat's score on a logistic curve: docs/bots.md, "Grades")."""

from __future__ import annotations


def chance_text(chance: float, solo: bool, about: bool = False) -> str:
    """``chance`` (0–1) in words: "37% to win", or for a ``solo`` game "rated 37%";
    ``about``: an estimate said as one ("about 37% to win", "rated about 37%")."""
    near = "about " if about else ""
    return f"rated {near}{chance:.0%}" if solo else f"{near}{chance:.0%} to win"
