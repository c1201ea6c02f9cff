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
    for game in engine.all_games():
        assert len([f for f in FILES if f.startswith(game.slug + "-")]) >= 2, game.slug
    assert set(FILES) == set(EXPECTED)
    for name in FILES:  # the file's name says its game
        assert engine.load(SAVES / name).game.slug == next(g.slug for g in engine.all_games() if name.startswith(g.slug + "-"))


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


def test_the_bottlecap_vikings_examples_are_won_on_the_glory_track_and_on_the_hut():
    # the two ways to win ("Winning the game"), one in each example; and the four-player
    # game is played on the unique sides, the two-player one on the identical side
    two = engine.load(SAVES / "bottlecap-vikings-two.json")
    four = engine.load(SAVES / "bottlecap-vikings-four.json")
    assert len(two.seats) == 2 and len(four.seats) == 4
    assert {two.state.won_by, four.state.won_by} == {"hut", "glory"}
    assert {p.side for p in two.state.players} == {"Identical"}
    assert len({p.side for p in four.state.players}) == 4 and "Identical" not in {p.side for p in four.state.players}
