"""Golden replays: every example game in ``saves/`` replays to its recorded result
(``docs/architecture.md``, "Testing": "Golden replays")."""

from pathlib import Path

import msgspec
import pytest

import engine

SAVES = Path(__file__).resolve().parent.parent / "saves"
EXPECTED = msgspec.json.decode((SAVES / "expected.json").read_bytes(), type=dict[str, engine.Result])
FILES = sorted(p.name for p in SAVES.glob("*.json") if p.name != "expected.json")


def test_at_least_two_games_of_each_game_are_recorded():
    assert len([f for f in FILES if f.startswith("gift-trap")]) >= 2
    assert len([f for f in FILES if f.startswith("giftbringer")]) >= 2
    assert set(FILES) == set(EXPECTED)


@pytest.mark.parametrize("name", FILES)
def test_example_replays_to_its_recorded_result(name):
    session = engine.verify(SAVES / name)  # re-decides every command from the seed
    assert session.result() == EXPECTED[name]
    loaded = engine.load(SAVES / name)
    assert loaded.state == session.state


def test_hot_seat_example_keeps_its_undone_branch():
    session = engine.load(SAVES / "gift-trap-hot-seat.json")
    kinds = [type(e.command).__name__ for e in session.entries]
    assert "Undo" in kinds and "Redo" in kinds
    assert len(session.applied_entries()) == len(session.entries) - 2
