"""Each table's key help (``GameTable.KEYS_HELP``, the rules screen's "Keys at the table")
names every key the table shows a player in its footer (issue 36): the help is written
beside the bindings by hand, so a key bound later without a line of help is caught here.

The help stays hand-written: its lines group several bindings ("←→ or h l: choose a
gift") and say more than a footer's word ("Place"), so made from the bindings' words it
would read otherwise on screen. A key counts as named in the help when it stands in a
line's key column (before the line's first ":", as ``tui.screens.rules.keys_table``
splits it), or, for a key whose name is a word (escape, enter, tab, space), anywhere in
a line ("i or escape closes it").
"""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding

import engine
from tui.games import has_table, table_for

#: A binding's key as the help writes it.
SHOWN_AS = {"left": "←", "right": "→", "up": "↑", "down": "↓", "plus": "+", "minus": "-"}


def shown_keys(bindings: list[Binding]) -> list[str]:
    """The keys of the bindings a footer shows (``show``), one per binding (its first key)."""
    return [SHOWN_AS.get(k, k) for b in bindings if b.show for k in b.key.split(",")[:1]]


def named_keys(keys_help: str) -> set[str]:
    """The keys ``keys_help`` names: each line's key column split into keys ("tab/shift+tab
    or ↑/↓" → tab, shift+tab, ↑, ↓), and the keys named by a word anywhere in a line."""
    named: set[str] = set()
    for line in keys_help.splitlines():
        column, _, does = line.partition(":")
        named.update(k for k in re.split(r"\s+or\s+|[/, ]+", column.strip()) if k)
        named.update(re.findall(r"\b(escape|enter|tab|space)\b", does))
    return named


def missing(bindings: list[Binding], keys_help: str) -> list[str]:
    """The keys shown in the footer that ``keys_help`` does not name."""
    named = named_keys(keys_help)
    return [key for key in shown_keys(bindings) if key not in named]


@pytest.mark.parametrize("slug", [slug for slug in engine.slugs() if has_table(slug)])
def test_every_key_the_table_shows_is_in_its_help(slug):
    table = table_for(slug)
    assert table.KEYS_HELP and shown_keys(table.BINDINGS)
    assert missing(table.BINDINGS, table.KEYS_HELP) == [], slug


def test_a_key_bound_without_help_is_caught():
    """The check itself: a shown binding whose key no line names is reported."""
    table = table_for("gift-trap")
    assert missing([*table.BINDINGS, Binding("x", "swap", "Swap")], table.KEYS_HELP) == ["x"]
    without_done = "\n".join(line for line in table.KEYS_HELP.splitlines() if not line.startswith("d:"))
    assert missing(table.BINDINGS, without_done) == ["d"]
