"""Where an unfinished game of Naughty or Nice stands, for the load and replay lists."""

from __future__ import annotations

from typing import Sequence

from .state import State


def text(state: State, names: Sequence[str]) -> str:
    """"setup" (gift givers being chosen), or the turn being played: "turn 12", and
    "turn 31 · after midnight" once midnight has struck ("End of the game")."""
    if state.phase == "setup" or state.turns == 0:
        return "setup"
    said = f"turn {state.turns}"
    return f"{said} · after midnight" if state.midnight else said
