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


def test_the_bottlecap_vikings_examples_are_won_at_the_throne():
    # "The first player to either advance their hut token to the space depicting a throne
    # … or advance their point token to the throne at the end of their point track, wins
    # immediately" ("Gameplay"); the two-player game on the identical sides, the
    # four-player one on the four unique sides
    two = engine.load(SAVES / "bottlecap-vikings-two.json")
    four = engine.load(SAVES / "bottlecap-vikings-four.json")
    assert len(two.seats) == 2 and len(four.seats) == 4
    assert {p.side for p in two.state.players} == {"Identical"}
    assert sorted(p.side for p in four.state.players) == ["Builder", "Healer", "Merchant", "Raider"]
    for s in (two, four):
        (w,) = s.result().winners
        p = s.state.players[w]
        assert (p.hut == "T") if s.state.won_by == "hut" else (p.glory == p.city.caps["glory"])
        assert all(q.hut != "T" and q.glory < q.city.caps["glory"] for i, q in enumerate(s.state.players) if i != w)
