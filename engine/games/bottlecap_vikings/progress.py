"""Where an unfinished game of Bottlecap Vikings stands, for the load and replay lists."""

from __future__ import annotations

from typing import Sequence

from .state import State


def text(state: State, names: Sequence[str]) -> str:
    """"setup", or the turn being played and who leads: "turn 19 · bob leads",
    "turn 4 · ann and bob lead", "turn 1" while everyone is level. The leader has the
    most glory, then the highest hut (the two ways to a throne, "Winning the game")."""
    if state.phase == "setup" or state.turns == 0:
        return "setup"
    said = f"turn {state.turns}"
    marks = [(p.glory, p.city.spot(p.hut).tier if p.hut != "T" else 9) for p in state.players]
    best = max(marks, default=None)
    leaders = [names[i] for i, mark in enumerate(marks) if mark == best and i < len(names)]
    if not leaders or len(leaders) == len(marks):
        return said
    if len(leaders) == 1:
        return f"{said} · {leaders[0]} leads"
    return f"{said} · {', '.join(leaders[:-1])} and {leaders[-1]} lead"
