"""What each piece of Bottlecap Vikings says, in plain words: one source for the
table's details line (the highlighted tile, hut spot, city side or ability) and the
rules screen's "Every card" (``card_texts``), and the pieces of the short forms that
the rules screen's legend lists (``short_pieces``).

Each ``*_card`` function gives ``(name, text)``: the details line shows
"name: text", the rules screen the same text under a longer heading (the tile side,
the short form). The texts are data: the actions' and abilities' texts are the
Bottlecap Vikings rulebook's ("Action Spaces", "City Abilities", in
``data/actions.toml`` and ``data/abilities.toml``); a city side is told from its
figures (``data/cities.toml``); the short forms' pieces are the engine's texts
(``engine.games.bottlecap_vikings.texts``).
"""

from __future__ import annotations

from engine.games.bottlecap_vikings.data import ABILITIES, CITIES, TILES, Side, face_action
from engine.games.bottlecap_vikings.texts import short_pieces

#: The name and text of the spot that wins.
THRONE = ("The throne", "Reaching it with your hut wins the game at once.")


def action_card(action) -> tuple[str, str]:
    """An action space (``data.Action``): its name and the rulebook's text."""
    return action.name, action.text


def tile_card(tile: int, face: int) -> tuple[str, str]:
    """The action on face ``face`` (0/1) of tile ``tile`` (1–8)."""
    return action_card(face_action(tile, face))


def ability_card(ability: str) -> tuple[str, str]:
    """City ability ``ability`` (an id such as "woodpile"): its name and the rulebook's text."""
    a = ABILITIES[ability]
    return a.name, a.text


def spot_card(side: Side, spot: str) -> tuple[str, str]:
    """What hut spot ``spot`` of ``side`` gives: its ability, or the throne."""
    ability = side.spot(spot).ability
    return ability_card(ability) if ability in ABILITIES else THRONE


def _spot_words(side: Side, spot) -> str:
    up = " or ".join(spot.up)
    if spot.id == "0":
        return f"0 (the start) leads to {up}"
    name = "the throne" if spot.ability == "throne" else ABILITIES[spot.ability].name
    need = f", helmet {spot.need}" if spot.need else ""
    return f"{spot.id} {name} ({spot.cost} gold{need})" + (f" leads to {up}" if up else "")


def side_card(side: Side) -> tuple[str, str]:
    """A city card's side told from its figures: the meters, the helmet levels and
    each hut spot with its cost, the helmet level it needs and the spots it leads to."""
    caps = side.caps
    h1, h2, h3 = side.helmets
    text = (f"Wood holds {caps['wood']}, gold {caps['gold']}; the glory throne is at {caps['glory']}. "
            f"Helmet levels 1, 2 and 3 at {h1}, {h2} and {h3} glory. "
            f"The hut: {'; '.join(_spot_words(side, s) for s in side.spots)}.")
    return f"{side.name} side", text


def _sides() -> list[tuple[Side, str]]:
    return [(CITIES.identical, "every card"), *((s, f"card {i + 1}") for i, s in enumerate(CITIES.unique))]


def card_texts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every tile side, city ability and city card side with its text, by kind
    (``GameTable.card_texts``); a tile side's and an ability's heading carries its
    short form as the table prints it."""
    tiles = []
    for t in TILES.tile:
        for face in (0, 1):
            action = face_action(t.id, face)
            name, text = action_card(action)
            shorts = " · ".join(f"`{i} {p.short}`" for i, p in enumerate(action.parts, 1))
            tiles.append((f"{name} (tile {t.id}, side {'ab'[face]}: {shorts})", text))
    abilities = [(f"{ability_card(a)[0]} (`{ABILITIES[a].short}`)", ability_card(a)[1]) for a in ABILITIES]
    sides = [(f"{side_card(s)[0]} ({where})", side_card(s)[1]) for s, where in _sides()]
    return [("Rondel tiles, each side", tiles), ("City abilities", abilities), ("City card sides", sides)]


def short_forms_table() -> str:
    """The short forms' pieces as a Markdown table for the rules screen's legend."""
    rows = "\n".join(f"| `{p.form}` | {p.means} |" for p in short_pieces())
    return f"| short form | means |\n|---|---|\n{rows}\n"


__all__ = ["THRONE", "ability_card", "action_card", "card_texts", "short_forms_table", "side_card",
           "spot_card", "tile_card"]
