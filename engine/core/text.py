"""Plain words shared by the games' log lines and command words."""

from __future__ import annotations

from typing import Iterable


def and_list(words: Iterable[str]) -> str:
    """Words as a list in prose: "a, b and c" ("a" alone, "" for none)."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
