"""Giftbringer's edition names the Player Sheet's data, not the file's bytes: saves and
personal bests carry it, so a comment in ``data/sheet.toml`` (or where a place is drawn)
must not make them "another edition", and a change to what the rules read must."""

from importlib import resources

from engine.core import registry
from engine.games.giftbringer import edition_of
from engine.games.giftbringer.sheet import SHEET

TEXT = resources.files("engine.games.giftbringer").joinpath("data/sheet.toml").read_text("utf-8")


def test_the_sheet_keeps_the_edition_its_saves_carry():
    # the example saves and every personal best so far were recorded as "sheet-0078a051"
    assert registry.get("giftbringer").edition == "sheet-0078a051"
    assert edition_of(TEXT) == "sheet-0078a051"


def test_comments_and_map_positions_do_not_change_the_edition():
    assert edition_of("# another comment\n" + TEXT.replace("# ", "#  ")) == "sheet-0078a051"
    place = SHEET.places[0]
    start = TEXT.index(f'id = "{place.id}"')
    end = TEXT.index("[[", start)
    block = TEXT[start:end]
    shifted = block.replace(f"x = {place.x}", f"x = {place.x + 1}")
    assert shifted != block
    assert edition_of(TEXT[:start] + shifted + TEXT[end:]) == "sheet-0078a051"


def test_what_the_rules_read_changes_the_edition():
    viking = SHEET.vikings[0]
    start = TEXT.index(f'id = "{viking.id}"')
    end = TEXT.index("[[", start)
    block = TEXT[start:end]
    more = block.replace(f"slots = {viking.slots}", f"slots = {viking.slots + 1}")
    assert more != block
    other = edition_of(TEXT[:start] + more + TEXT[end:])
    assert other.startswith("sheet-") and other != "sheet-0078a051"
