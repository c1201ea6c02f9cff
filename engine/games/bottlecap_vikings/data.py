"""Bottlecap Vikings' components as data: actions, tiles, the bottlecap, abilities and
city sides, decoded from ``data/*.toml`` into msgspec Structs and checked at import.

The action and ability texts are the Bottlecap Vikings rulebook's ("Action Spaces",
"City Abilities"); which action is on which tile face, where the helper and the damage
line sit, and the city cards' layouts are not in the text: ``CITIES.md`` beside this file
explains the reconstruction. ``load_*`` raise ``ValueError`` with a sentence naming the
bad record.
"""

from __future__ import annotations

from importlib import resources

import msgspec

from engine.core import tomldata

#: The goods on a city card's meters ("Gameplay": wood, gold and glory).
GOODS = ("wood", "gold", "glory")
#: Spaces on the rondel ("8 Trapezoidal board spaces").
SPACES = 8


class Part(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One part of an action (``actions.toml`` explains each key): ``pay`` goods lost
    first (all or nothing), ``damage`` Valkyries drawn as a cost, ``gain`` goods gained,
    ``heal`` damage lost (-1: all), ``needs`` a scroll prerequisite, ``convert`` an "any
    amount" exchange, ``helmets`` "3 minus your helmets" of that good, ``balance`` A12,
    ``advance`` A1, ``attacked`` gold lost when attacked while here (A9)."""

    short: str
    pay: dict[str, int] = {}
    damage: int = 0
    gain: dict[str, int] = {}
    heal: int = 0
    needs: str = ""
    convert: str = ""
    helmets: str = ""
    balance: bool = False
    advance: bool = False
    attacked: int = 0


class Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action space's text (``id`` A1–A15, the rulebook's order) and its 1–2 parts."""

    id: str
    name: str
    text: str
    parts: tuple[Part, ...]


class Tile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A double-sided board tile: ``faces`` are its two actions' ids (face 0, face 1)."""

    id: int
    faces: tuple[str, str]


class Bottlecap(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where the helper and the damage line sit, as offsets from the bottlecap's mark:
    the helper beside space ``helper``; the line between ``line`` and the next space."""

    helper: int
    line: int


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What an ability does (``abilities.toml`` lists the vocabulary)."""

    gain: dict[str, int] = {}
    pay: dict[str, int] = {}
    damage: int = 0
    heal: int = 0
    swap: bool = False
    rotate: bool = False
    double: bool = False
    valkyries: bool = False
    helmet: int = 0
    reverse: bool = False


class Ability(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A city ability: its rulebook ``text``, when it fires (``trigger``, ``when``) and
    what it does (``effect``, ``cost``, ``moves``, ``ignore``, ``extra``, ``arrival``)."""

    id: str
    name: str
    short: str
    text: str
    trigger: str
    when: str = ""
    effect: Effect | None = None
    cost: Effect | None = None
    moves: int = 0
    from_helper: bool = False
    ignore: int = 0
    extra: int = 0
    arrival: Effect | None = None
    arrival_players: int = 0


class Spot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A space for the hut on a city side: ``ability`` id ("" the start, "throne" the
    win), ``cost`` in gold, ``need`` the helmet level, ``up`` the spots a white line
    leads to. The tier is the first character of ``id`` ("T" is the throne)."""

    id: str
    ability: str
    cost: int
    need: int
    up: tuple[str, ...]

    @property
    def tier(self) -> int:
        """0 for the start … the throne's tier is one above the highest."""
        return 9 if self.id == "T" else int(self.id[0])


class Side(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One side of a city card: meter ``caps`` (``glory`` is the throne), the glory at
    which helmet levels 1–3 begin, and the hut's ``spots``."""

    name: str
    caps: dict[str, int]
    helmets: tuple[int, int, int]
    spots: tuple[Spot, ...]

    def spot(self, spot_id: str) -> Spot:
        """The spot ``spot_id``; raises ``KeyError``."""
        for s in self.spots:
            if s.id == spot_id:
                return s
        raise KeyError(spot_id)

    @property
    def throne(self) -> Spot:
        """The spot whose ability is the win."""
        return next(s for s in self.spots if s.ability == "throne")


class Cities(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The four city cards: the ``identical`` side (the same on every card) and each
    card's ``unique`` side, card 1 first."""

    identical: Side
    unique: tuple[Side, Side, Side, Side]


class Tiles(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The 8 tiles and the bottlecap."""

    tile: tuple[Tile, ...]
    bottlecap: Bottlecap


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8")


def _decode(text: str, kind, file: str):
    """``text`` (the TOML of ``data/<file>``) as ``kind``; raises ``ValueError`` naming the file."""
    return tomldata.decode(text, kind, file)


def load_actions(text: str) -> dict[str, Action]:
    """Actions by id from ``actions.toml`` text; raises ``ValueError``."""

    class File(msgspec.Struct, forbid_unknown_fields=True):
        action: tuple[Action, ...]

    out = {a.id: a for a in _decode(text, File, "actions.toml").action}
    for a in out.values():
        if not 1 <= len(a.parts) <= 2:
            raise ValueError(f"action {a.id} has {len(a.parts)} parts; an action has 1 or 2")
    return out


def load_abilities(text: str) -> dict[str, Ability]:
    """Abilities by id from ``abilities.toml`` text; raises ``ValueError``."""

    class File(msgspec.Struct, forbid_unknown_fields=True):
        ability: tuple[Ability, ...]

    out = {a.id: a for a in _decode(text, File, "abilities.toml").ability}
    triggers = {"movement", "helper", "shield", "before-action", "end-of-turn", "pass-over", "attack",
                "valkyries", "draw", "line", "arrival", "copy"}
    for a in out.values():
        if a.trigger not in triggers:
            raise ValueError(f"ability {a.id} has an unknown trigger {a.trigger!r}")
    return out


def load_cities(text: str, abilities: dict[str, Ability]) -> Cities:
    """The city sides from ``cities.toml`` text, each spot's ability checked against
    ``abilities``; raises ``ValueError``."""
    cities = _decode(text, Cities, "cities.toml")
    for side in (cities.identical, *cities.unique):
        ids = {s.id for s in side.spots}
        for s in side.spots:
            if s.ability not in abilities and s.ability not in ("", "throne"):
                raise ValueError(f"{side.name} spot {s.id} names an unknown ability {s.ability!r}")
            for u in s.up:
                if u not in ids:
                    raise ValueError(f"{side.name} spot {s.id} leads to a missing spot {u!r}")
    return cities


def load_tiles(text: str, actions: dict[str, Action]) -> Tiles:
    """The tiles and bottlecap from ``tiles.toml`` text; raises ``ValueError``."""
    tiles = _decode(text, Tiles, "tiles.toml")
    if len(tiles.tile) != SPACES:
        raise ValueError(f"there are {len(tiles.tile)} tiles; the rondel has {SPACES}")
    for t in tiles.tile:
        for f in t.faces:
            if f not in actions:
                raise ValueError(f"tile {t.id} names an unknown action {f!r}")
    return tiles


ACTIONS = load_actions(_read("actions.toml"))
ABILITIES = load_abilities(_read("abilities.toml"))
CITIES = load_cities(_read("cities.toml"), ABILITIES)
TILES = load_tiles(_read("tiles.toml"), ACTIONS)


def face_action(tile: int, face: int) -> Action:
    """The action on face ``face`` (0/1) of tile ``tile`` (1–8)."""
    return ACTIONS[TILES.tile[tile - 1].faces[face]]
