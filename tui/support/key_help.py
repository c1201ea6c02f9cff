"""A table's key help, made from its bindings: each ``Binding``'s ``tooltip`` (Textual's
field for a key's longer meaning, which its ``Footer`` shows on hover) is the line's
meaning, the binding's keys its key column. A key cannot be bound with help written
somewhere else, and the help cannot name a key that is not bound.

``key_lines(bindings)`` gives the lines in the bindings' order:

- a binding without a tooltip has no line of its own;
- bindings one after another with the same tooltip make one line: ``left,h`` and
  ``right,l`` → "←/→ or h/l", ``tab,down`` and ``shift+tab,up`` → "tab/shift+tab or ↑/↓",
  two ``enter`` bindings (one named for each phase) → "enter";
- the keys are written as a player reads them (``left`` ←, ``plus`` +, ``shift+right``
  shift+→), a pair of arrows in the order ←/→ and ↑/↓, keys with the same modifier with
  it once ("shift+←/→"), and a run of three or more digits as a range ("1–6", "0–9").
"""

from __future__ import annotations

from itertools import groupby
from typing import Iterable, NamedTuple

from textual.binding import Binding

#: A key's name in a binding → how the help writes it.
SHOWN_AS = {"left": "←", "right": "→", "up": "↑", "down": "↓", "plus": "+", "minus": "-"}
#: Arrows in reading order: a pair is written ←/→ and ↑/↓ whichever binding comes first.
ARROWS = "←→↑↓"


class KeyLine(NamedTuple):
    """One line of key help: ``keys`` the bindings' key names it covers (``"left"``,
    ``"h"`` …, in order, each once), ``shown`` its key column ("←/→ or h/l"), ``does``
    the tooltip."""

    keys: tuple[str, ...]
    shown: str
    does: str


def shown_key(key: str) -> str:
    """A binding's key as the help writes it: "left" → "←", "shift+right" → "shift+→",
    "plus" → "+"; any other key as it is ("enter", "H")."""
    modifiers, _, name = key.rpartition("+")
    return f"{modifiers}+{SHOWN_AS.get(name, name)}" if modifiers else SHOWN_AS.get(name, name)


def alternatives(keys: list[str]) -> list[str]:
    """Written keys that do the same thing in turn (one position of several bindings:
    ←, →, 1, 2 …) as parts of a key column: the others joined by "/" (arrows in reading
    order, a modifier they share written once: "shift+←/→"), then the digits, a run of
    three or more as a range ("1–6")."""
    digits = sorted(int(k) for k in keys if len(k) == 1 and k.isdigit())
    others = [k for k in keys if not (len(k) == 1 and k.isdigit())]
    if others and all(k.rpartition("+")[2] in ARROWS for k in others):
        others.sort(key=lambda k: ARROWS.index(k.rpartition("+")[2]))
    modifiers = {k.rpartition("+")[0] for k in others}
    if len(others) > 1 and len(modifiers) == 1 and "" not in modifiers:  # shift+←, shift+→: "shift+←/→"
        others = [others[0]] + [k.rpartition("+")[2] for k in others[1:]]
    parts = ["/".join(others)] if others else []
    if len(digits) >= 3 and digits == list(range(digits[0], digits[-1] + 1)):
        parts.append(f"{digits[0]}–{digits[-1]}")
    elif digits:
        parts.append("/".join(map(str, digits)))
    return parts


def key_column(bindings: list[Binding]) -> str:
    """The key column of a line made of ``bindings``: their keys by position (each
    binding's first keys, then its second …), each position's ``alternatives``, joined by
    " or ": ``left,h`` + ``right,l`` → "←/→ or h/l"."""
    keys = [[shown_key(k.strip()) for k in b.key.split(",")] for b in bindings]
    parts: list[str] = []
    for i in range(max(map(len, keys))):
        position = list(dict.fromkeys(k[i] for k in keys if i < len(k)))
        parts += [p for p in alternatives(position) if p not in parts]
    return " or ".join(parts)


def key_lines(bindings: Iterable[Binding]) -> list[KeyLine]:
    """The key help of ``bindings`` (a table's ``BINDINGS``), a ``KeyLine`` per run of
    bindings with the same tooltip, in order; bindings without a tooltip are left out."""
    lines = []
    for does, run in groupby(bindings, key=lambda b: b.tooltip):
        run = list(run)
        if does:
            keys = tuple(dict.fromkeys(k.strip() for b in run for k in b.key.split(",")))
            lines.append(KeyLine(keys, key_column(run), does))
    return lines
