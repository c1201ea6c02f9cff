"""Giftbringer's Player Sheet, decoded from ``data/sheet.toml`` and checked at import.

The printed sheet is not in the rulebook (the Giftbringer rulebook: "You'll find Player
Sheet at the end of this file", and it is not there), so this one is a reconstruction for
boxtop that agrees with every sentence of the text and what is known of the printed sheet;
``SHEET.md`` beside this file explains the design and gives its totals.

The sheet has 8 Vikings ("RECRUIT": each demands die results, carries Presents and has
Gratitude slots), 2–3 Viking Ships (harbours, "REMEMBER: … cross one of the Viking
Ships") and the island's roads and houses ("VISIT": each demands results, houses may
demand Presents, give Gratitude — "GRATITUDE" — and Happiness — "HAPPINESS").

``load(text)`` decodes and checks a sheet and raises ``ValueError`` with a sentence
naming the bad item; ``SHEET`` is the sheet of ``data/sheet.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cached_property
from importlib import resources

import msgspec

#: The island map is drawn in a terminal box of this many character cells.
MAP_WIDTH, MAP_HEIGHT = 60, 20
#: The Gratitude letters ("GRATITUDE": "C for cookies, G for Glass of Milk, M for Muffins").
LETTERS = {"C": "Cookie", "G": "Glass of Milk", "M": "Muffin"}
#: Kinds of place.
KINDS = ("road", "house")
#: Longest name a Viking, ship or place may have (it is printed on the map).
NAME_MAX = 16
#: Vikings on the sheet.
VIKINGS = 8
#: What public descriptions of the game say the sheet needs for the bonuses to be
#: reachable: at least 9 Happiness houses and at least 7 Milk, 8 Cookie and 9 Muffin icons.
MIN_HAPPINESS = 9
MIN_LETTERS = {"G": 7, "C": 8, "M": 9}


class Viking(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Viking of the Horde ("RECRUIT"): cross every face in ``demand`` (2–4 faces, each
    1–6, one die result per face) to Recruit him; he then carries ``presents`` Presents
    (1–4) to bring to houses ("VISIT") and has ``slots`` empty Gratitude slots (1–4) to
    write letters in ("GRATITUDE"). ``id`` is ``V1``…``V8``; ``name`` is unique."""

    id: str
    name: str
    demand: tuple[int, ...]
    presents: int
    slots: int


class Ship(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Viking Ship, that is a harbour ("REMEMBER": the first Visit chooses one for good).
    ``coast`` holds the 1–3 places adjacent to it ("VISIT": "adjacent to your Viking
    Ship"); ``x``, ``y`` is where it is drawn on the map (character cells)."""

    id: str
    name: str
    coast: tuple[str, ...]
    x: int
    y: int


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A road (``kind`` "road", id ``R…``) or a house ("house", id ``H…``) of the island.

    ``demand`` are the faces to cross before it may be Visited ("VISIT"; roads 1–2 faces,
    houses 0–4; a house with none is a presents-only house); ``presents`` the Presents to
    bring (houses 0–3, "Note that most houses require to bring Presents"); ``gratitude``
    the letters C/G/M it gives ("GRATITUDE"); ``happiness`` whether it has a Happiness
    symbol ("HAPPINESS"). Roads give nothing but the way on. ``links`` are adjacent
    places; adjacency is undirected (``neighbours``). ``x``, ``y`` is its map cell."""

    id: str
    kind: str
    name: str
    demand: tuple[int, ...]
    presents: int = 0
    gratitude: str = ""
    happiness: bool = False
    links: tuple[str, ...] = ()
    x: int = 0
    y: int = 0


class Sheet(msgspec.Struct, frozen=True, dict=True):
    """The Player Sheet: ``vikings``, ``ships`` and ``places`` in file order.

    Lookups by id (``place``, ``viking``, ``ship``) raise ``KeyError`` for an unknown id;
    ``neighbours`` and ``ships_of`` are precomputed by ``load``."""

    vikings: tuple[Viking, ...]
    ships: tuple[Ship, ...]
    places: tuple[Place, ...]

    @cached_property
    def _by_id(self) -> dict[str, Viking | Ship | Place]:
        return {t.id: t for t in (*self.vikings, *self.ships, *self.places)}

    @cached_property
    def _neighbours(self) -> dict[str, frozenset[str]]:
        out: dict[str, set[str]] = {p.id: set() for p in self.places}
        for p in self.places:
            for other in p.links:
                out[p.id].add(other)
                out[other].add(p.id)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _ships_of(self) -> dict[str, frozenset[str]]:
        return {p.id: frozenset(s.id for s in self.ships if p.id in s.coast) for p in self.places}

    def _get(self, kind: type, what: str, id: str):
        thing = self._by_id.get(id)
        if not isinstance(thing, kind):
            raise KeyError(f"There is no {what} {id!r} on the Giftbringer sheet.")
        return thing

    def place(self, id: str) -> Place:
        """The road or house ``id`` (``R…``/``H…``)."""
        return self._get(Place, "road or house", id)

    def viking(self, id: str) -> Viking:
        """The Viking ``id`` (``V1``…``V8``)."""
        return self._get(Viking, "Viking", id)

    def ship(self, id: str) -> Ship:
        """The Viking Ship ``id`` (``S1``…)."""
        return self._get(Ship, "Viking Ship", id)

    def neighbours(self, place_id: str) -> frozenset[str]:
        """Places adjacent to ``place_id``: a link listed on either side counts."""
        self.place(place_id)
        return self._neighbours[place_id]

    def ships_of(self, place_id: str) -> frozenset[str]:
        """Ships whose ``coast`` holds ``place_id`` (empty for an inland place)."""
        self.place(place_id)
        return self._ships_of[place_id]

    @property
    def houses(self) -> tuple[Place, ...]:
        """The houses, in file order."""
        return tuple(p for p in self.places if p.kind == "house")

    @property
    def roads(self) -> tuple[Place, ...]:
        """The roads, in file order."""
        return tuple(p for p in self.places if p.kind == "road")


class _File(msgspec.Struct, forbid_unknown_fields=True):
    viking: list[Viking]
    ship: list[Ship]
    place: list[Place]


def _bad(source: str, sentence: str) -> ValueError:
    return ValueError(f"{source}: {sentence}")


def _numbered(source: str, what: str, ids: Iterable[str], prefix: str) -> None:
    """``ids`` must be ``prefix``1 … ``prefix``n, each once (in any order)."""
    ids = list(ids)
    want = [f"{prefix}{n}" for n in range(1, len(ids) + 1)]
    for id in ids:
        if id not in want:
            raise _bad(source, f"{what} {id!r} has a wrong id: the {len(ids)} {what}s have ids "
                               f"{prefix}1…{prefix}{len(ids)}.")
        if ids.count(id) > 1:
            raise _bad(source, f"{what} id {id!r} appears twice.")


def _faces(source: str, label: str, demand: tuple[int, ...], low: int, high: int) -> None:
    if not low <= len(demand) <= high:
        raise _bad(source, f"{label} demands {len(demand)} results; it must demand {low}–{high}.")
    for face in demand:
        if not 1 <= face <= 6:
            raise _bad(source, f"{label} demands a {face}, but a die face is 1–6.")


def load(text: str | bytes, source: str = "sheet.toml") -> Sheet:
    """Decode and check a sheet written as TOML (``data/sheet.toml`` is the real one).

    Raises ``ValueError`` with a sentence naming the bad item (``source`` starts it) for
    TOML that does not parse or fit the schema, wrong or repeated ids, repeated or long
    names, faces outside 1–6, wrong counts, unknown kinds or letters, links and coasts to
    places that do not exist, self-links, roads with Presents, Gratitude or Happiness, a
    presents-only house without Presents, an island that falls apart, positions off the
    map or on one cell, and fewer Happiness houses or letters than the bonuses need
    (``MIN_HAPPINESS``, ``MIN_LETTERS``)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise _bad(source, f"the file is not valid TOML ({err}).") from err
    try:
        file = msgspec.convert(raw, _File)
    except msgspec.ValidationError as err:
        raise _bad(source, f"the file does not fit the sheet schema ({err}).") from err
    vikings, ships, places = tuple(file.viking), tuple(file.ship), tuple(file.place)

    # ids and names ------------------------------------------------------------------
    if len(vikings) != VIKINGS:
        raise _bad(source, f"the sheet has {len(vikings)} Vikings; it must have {VIKINGS}.")
    if not 2 <= len(ships) <= 3:
        raise _bad(source, f"the sheet has {len(ships)} Viking Ships; it must have 2 or 3.")
    _numbered(source, "Viking", (v.id for v in vikings), "V")
    _numbered(source, "ship", (s.id for s in ships), "S")
    for p in places:
        if p.kind not in KINDS:
            raise _bad(source, f"place {p.id!r} has kind {p.kind!r}; a place is a road or a house.")
    _numbered(source, "road", (p.id for p in places if p.kind == "road"), "R")
    _numbered(source, "house", (p.id for p in places if p.kind == "house"), "H")
    seen: dict[str, str] = {}
    for thing in (*vikings, *ships, *places):
        if not thing.name.strip() or len(thing.name) > NAME_MAX:
            raise _bad(source, f"{thing.id} has name {thing.name!r}; a name has 1–{NAME_MAX} characters.")
        key = thing.name.casefold()
        if key in seen:
            raise _bad(source, f"{thing.id} and {seen[key]} share the name {thing.name!r}; names are unique.")
        seen[key] = thing.id

    # Vikings -------------------------------------------------------------------------
    for v in vikings:
        label = f"Viking {v.id} ({v.name})"
        _faces(source, label, v.demand, 2, 4)
        if not 1 <= v.presents <= 4:
            raise _bad(source, f"{label} carries {v.presents} Presents; a Viking carries 1–4.")
        if not 1 <= v.slots <= 4:
            raise _bad(source, f"{label} has {v.slots} Gratitude slots; a Viking has 1–4.")

    # places --------------------------------------------------------------------------
    ids = {p.id for p in places}
    most = sum(v.presents for v in vikings)
    for p in places:
        label = f"{p.kind} {p.id} ({p.name})"
        if p.kind == "road":
            _faces(source, label, p.demand, 1, 2)
            if p.presents or p.gratitude or p.happiness:
                raise _bad(source, f"{label} asks for Presents or gives Gratitude or Happiness; only houses do.")
        else:
            _faces(source, label, p.demand, 0, 4)
            if not 0 <= p.presents <= 3:
                raise _bad(source, f"{label} wants {p.presents} Presents; a house wants 0–3.")
            if not p.demand and not p.presents:
                raise _bad(source, f"{label} demands no results and no Presents; a house must ask for something.")
            if p.presents > most:
                raise _bad(source, f"{label} wants {p.presents} Presents, more than all Vikings carry ({most}).")
            for letter in p.gratitude:
                if letter not in LETTERS:
                    raise _bad(source, f"{label} gives Gratitude {letter!r}; the letters are C, G and M.")
        if len(set(p.links)) != len(p.links):
            raise _bad(source, f"{label} lists a link twice.")
        for other in p.links:
            if other == p.id:
                raise _bad(source, f"{label} links to itself.")
            if other not in ids:
                raise _bad(source, f"{label} links to {other!r}, which is not a place on the sheet.")

    # ships ---------------------------------------------------------------------------
    for s in ships:
        label = f"ship {s.id} ({s.name})"
        if not 1 <= len(s.coast) <= 3:
            raise _bad(source, f"{label} has {len(s.coast)} places on its coast; a harbour reaches land at 1–3.")
        if len(set(s.coast)) != len(s.coast):
            raise _bad(source, f"{label} lists a coast place twice.")
        for other in s.coast:
            if other not in ids:
                raise _bad(source, f"{label} lands at {other!r}, which is not a place on the sheet.")

    # map -----------------------------------------------------------------------------
    cells: dict[tuple[int, int], str] = {}
    for thing in (*ships, *places):
        if not (0 <= thing.x < MAP_WIDTH and 0 <= thing.y < MAP_HEIGHT):
            raise _bad(source, f"{thing.id} ({thing.name}) sits at ({thing.x}, {thing.y}), off the "
                               f"{MAP_WIDTH}×{MAP_HEIGHT} map.")
        if (thing.x, thing.y) in cells:
            raise _bad(source, f"{thing.id} and {cells[thing.x, thing.y]} sit on the same cell ({thing.x}, {thing.y}).")
        cells[thing.x, thing.y] = thing.id

    sheet = Sheet(vikings=vikings, ships=ships, places=places)
    graph = sheet._neighbours
    sheet._ships_of  # noqa: B018 — precompute
    if places:
        start = places[0].id
        reached, todo = {start}, [start]
        while todo:
            for other in graph[todo.pop()]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        cut = [p.id for p in places if p.id not in reached]
        if cut:
            raise _bad(source, f"the island falls apart: {', '.join(cut)} cannot be reached from {start}.")

    # what the bonuses need of the sheet --------------------------------------------
    happy = sum(p.happiness for p in places)
    if happy < MIN_HAPPINESS:
        raise _bad(source, f"the sheet has {happy} Happiness houses; the 9th level needs at least {MIN_HAPPINESS}.")
    for letter, need in MIN_LETTERS.items():
        have = sum(p.gratitude.count(letter) for p in places)
        if have < need:
            raise _bad(source, f"the houses give {have} {LETTERS[letter]} letters ({letter}); the bonus needs "
                               f"at least {need}.")
    return sheet


def _read() -> Sheet:
    return load(resources.files(__package__).joinpath("data/sheet.toml").read_text("utf-8"))


#: The Player Sheet of ``data/sheet.toml``.
SHEET: Sheet = _read()


def neighbours(place_id: str) -> frozenset[str]:
    """Places adjacent to road or house ``place_id`` on ``SHEET`` (undirected, precomputed;
    ``giftbringer.txt``, "VISIT": "adjacent to … a previously Visited road/house").
    Raises ``KeyError`` for an unknown id."""
    return SHEET.neighbours(place_id)


def ships_of(place_id: str) -> frozenset[str]:
    """Viking Ships whose coast holds ``place_id`` on ``SHEET`` ("VISIT": "adjacent to your
    Viking Ship"). Raises ``KeyError`` for an unknown id."""
    return SHEET.ships_of(place_id)
