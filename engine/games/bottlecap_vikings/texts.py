"""Bottlecap Vikings' texts for players: what each piece of the short forms on the
screen means (``data/short_forms.toml``), for an interface to show; the rules never read
them, and they are not part of the game's edition. ``short_pieces()`` decodes the file
once.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engine.core import tomldata

#: ``raw(name)``: the bytes of ``data/<name>``.
raw = tomldata.reader(__package__)


class Piece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A piece of a short form (``form``, as the screen prints it) and what it ``means``."""

    form: str
    means: str


class _File(msgspec.Struct, forbid_unknown_fields=True):
    piece: tuple[Piece, ...]


@cache
def short_pieces() -> tuple[Piece, ...]:
    """The pieces of ``data/short_forms.toml``, in file order; raises ``ValueError``
    naming the file when it is broken."""
    return tomldata.decode(raw("short_forms.toml"), _File, "data/short_forms.toml").piece


__all__ = ["Piece", "raw", "short_pieces"]
