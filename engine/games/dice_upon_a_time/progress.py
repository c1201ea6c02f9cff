"""Where an unfinished game of Dice Upon a Time stands, for the load and replay lists."""

from __future__ import annotations

from typing import Sequence

from .common import CHAPTERS
from .state import State


def text(state: State, names: Sequence[str]) -> str:
    """"setup" (opening quests being drawn), or the chapter being played: "chapter 3
    of 6" ("The End: Scoring": the game ends after Chapter 6; Extra Long: "chapter 8")."""
    if state.phase == "setup" or state.chapter == 0:
        return "setup"
    total = CHAPTERS.get(state.options.length)
    return f"chapter {state.chapter} of {total}" if total else f"chapter {state.chapter}"
