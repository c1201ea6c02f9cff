"""Gift Trap's commands (what a seat asks to do), in the rulebook's words.

Notation (``notation.py``): ``deal yellow``, ``give 3 to bob``, ``give 3 to bob more``,
``rate super 4``, ``rate noway 5``, ``rate good 2 more``, ``trap 6``, ``done``.
"""

from typing import Union

import msgspec

#: Get tiles and their points ("Super" 3, "Good" 2, "Okay" 1; "No way" costs
#: ``Options.no_way_points``): ``gift-trap.de.txt``, "4. Auswertung".
GET_TILES = ("super", "good", "okay", "noway")
TILE_POINTS = {"super": 3, "good": 2, "okay": 1}
TILE_LABELS = {"super": "Super", "good": "Good", "okay": "Okay", "noway": "No way"}


class DealGifts(msgspec.Struct, frozen=True, tag="deal"):
    """The round's start player chooses a gift stack (``deck``: yellow, red, blue, black)
    and deals its top cards onto spaces 1–9 (``gift-trap.de.txt``, "1. Geschenke verteilen")."""

    deck: str


class GiveTile(msgspec.Struct, frozen=True, tag="give"):
    """Give seat ``to`` the Give tile numbered ``space`` (1–9), face down; ``more`` adds the
    Give more tile (``gift-trap.de.txt``, "2. Geschenke machen"). Giving ``to`` again
    replaces the tile given before."""

    to: int
    space: int
    more: bool = False


class RateGift(msgspec.Struct, frozen=True, tag="rate"):
    """Place the Get tile ``tile`` (super, good, okay, noway) face down on gift ``space``;
    ``more`` adds the Get more tile (``gift-trap.de.txt``, "3. Bewerten"). Placing a tile
    again moves it."""

    tile: str
    space: int
    more: bool = False


class SetTrap(msgspec.Struct, frozen=True, tag="trap"):
    """Place the Gifttrap tile on gift ``space``: no points are made with that gift this
    round (``gift-trap.de.txt``, variant paragraph)."""

    space: int


class Done(msgspec.Struct, frozen=True, tag="done"):
    """Commit this phase's tiles: the seat has given (or rated) and waits for the reveal."""


Command = Union[DealGifts, GiveTile, RateGift, SetTrap, Done]
