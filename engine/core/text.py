"""Plain words shared by the games' log lines and command words, the player-name rule,
and text from a file made safe to show (``printable``)."""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

#: A player's name: 1–24 ASCII letters, digits, ".", "_" or "-" (the SSH user name a
#: host takes; a seat's name in a game, a room or a save). ASCII only, so that no two
#: names look alike (a Cyrillic "а" in "аlice"). Match it with ``fullmatch``: "$" would
#: let a trailing newline in.
NAME = re.compile(r"[A-Za-z0-9_.-]{1,24}")
#: The name rule in words, for a refusal.
NAME_RULE = "a player name is 1–24 letters, digits, '.', '_' or '-'"
#: A seat's name in a game played at one keyboard, and so in a save: the name rule,
#: except that a letter may be of any alphabet ("Zoë", "Jürgen", "小明"), as a local
#: player types their own name (look-alike names matter only for who is who on a
#: host, whose names keep ``NAME``). No space, no control, no letter that draws
#: nothing, at most ``talk_text.MAX_MARKS`` marks on a letter, so a name from a file
#: can neither drive a terminal nor pass for markup (no "[", "]", "=" or "@").
SEAT_NAME_RULE = "a seat's name is 1–24 letters (of any alphabet), digits, '.', '_' or '-'"
#: Unicode categories of characters that are not text to show: controls (C0, DEL and
#: C1: an escape sequence that sets the clipboard or clears the screen starts with one),
#: format characters (bidi overrides, zero-width joiners), surrogates, private use, and
#: the line and paragraph separators.
UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def and_list(words: Iterable[str]) -> str:
    """Words as a list in prose: "a, b and c" ("a" alone, "" for none)."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def is_name(name: str) -> bool:
    """Whether ``name`` keeps the name rule (``NAME``, ``NAME_RULE``)."""
    return NAME.fullmatch(name) is not None


def is_seat_name(name: str) -> bool:
    """Whether ``name`` keeps the seat-name rule (``SEAT_NAME_RULE``); every name that
    keeps the name rule (``NAME``) keeps it."""
    from . import talk_text

    if NAME.fullmatch(name):
        return True
    if not 1 <= len(name) <= 24:
        return False
    if talk_text.is_mark(name[0]) or talk_text.refusal(name) is not None:
        return False
    return all(char.isalnum() or char in "._-" or talk_text.is_mark(char) for char in name)


def unprintable(char: str) -> bool:
    """Whether the character ``char`` is not text to show (``UNPRINTABLE``)."""
    return unicodedata.category(char) in UNPRINTABLE


def printable(text: str) -> str:
    """``text`` without the characters that are not text to show (``UNPRINTABLE``: a
    terminal would obey an escape sequence, a bidi override would reorder the line), for
    every printer of text read from a file (a save's names and log, an analysis, a file's
    own name): nothing in a file reaches a terminal as a control. Markup is never parsed
    here or by the printers."""
    if text.isprintable():  # false for every UNPRINTABLE character (and a few spaces): the quick way
        return text
    return "".join(char for char in text if not unprintable(char))


def quoted(text: str, limit: int = 24) -> str:
    """``text`` from a file (a name that breaks the name rule, a game's slug), safe to
    quote in a sentence: in quotes, every character that is not text escaped
    (``repr``), cut after ``limit`` characters ("…")."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")
