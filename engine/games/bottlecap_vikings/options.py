"""Bottlecap Vikings' options: the choices the rulebook leaves open (``RULES.md`` beside this file)."""

from typing import ClassVar, Literal

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Bottlecap Vikings options.

    - ``sides``: which city card side each player uses ("Components and Setup": "For your
      first game, it is recommended that players all use the side that is identical …
      For future games, you may choose which side you use"): ``identical`` for all,
      ``unique`` for all, or ``choose`` (each player picks at setup).
    - ``layout``: the rondel. "" draws a random layout from the seed ("You may place any
      side face-up, and you may place them in any order"); otherwise 8 tile faces in
      clockwise order from space 1, each a tile number 1–8 and a face ``a``/``b``:
      ``"1a 2a 3a 4a 5a 6a 7a 8a"``.
    - ``two_player_wood``: in a 2-player game each player also starts with 1 wood, as
      the 3–4 player rows give ("Components and Setup": the table's 2-player rows name no
      wood; RULES.md, "Starting goods").

    Raises ``msgspec.ValidationError`` for a layout that is not 8 different tiles.
    """

    #: One plain line per option for the new-game form (the detail is in RULES.md).
    NOTES: ClassVar[dict[str, str]] = {
        "sides": "city card side: identical, unique, or each player picks",
        "layout": "fixed tiles, e.g. 1a 2b 3a 4a 5b 6a 7a 8b; empty: random",
        "two_player_wood": "2 players also start with 1 wood each",
    }

    sides: Literal["identical", "unique", "choose"] = "identical"
    layout: str = ""
    two_player_wood: bool = False

    def __post_init__(self):
        if self.layout.strip():
            parse_layout(self.layout)


def parse_layout(text: str) -> tuple[tuple[int, int], ...]:
    """``"1a 2b …"`` as 8 (tile 1–8, face 0/1) pairs in clockwise order from space 1;
    raises ``msgspec.ValidationError`` naming the problem."""
    words = text.lower().replace(",", " ").split()
    out = []
    for word in words:
        if len(word) != 2 or word[0] not in "12345678" or word[1] not in "ab":
            raise msgspec.ValidationError(f"layout: {word!r} is not a tile and face like 3a or 7b")
        out.append((int(word[0]), "ab".index(word[1])))
    if len(out) != 8 or len({t for t, _ in out}) != 8:
        raise msgspec.ValidationError("layout must name each tile 1–8 once, e.g. 1a 2b 3a 4a 5b 6a 7a 8b")
    return tuple(out)
