"""Broken save files are refused whole, with one sentence naming the problem, and saving
is atomic (``docs/architecture.md``, "The log, randomness and saves": "refuses a broken file
with a message naming what is wrong — never a traceback, never a half-loaded game";
"Saving writes a temporary file, fsyncs and renames: a crash never leaves a torn save").
"""

import json
import os
import random

import pytest

import engine
from engine import Seat
from engine.core import save_write
from engine.games.gift_trap.bot import HeuristicBot
from engine.games.gift_trap.cards import DECK_CARDS


@pytest.fixture(scope="module")
def good_bytes(tmp_path_factory) -> bytes:
    """A real save: ann (a person) and three bots, two rounds in, with an undone branch,
    extra tiles on, stopped in the Give phase of round 3."""
    seats = [Seat("ann"), Seat("bob", "heuristic"), Seat("cyd", "random"), Seat("dan", "heuristic")]
    s = engine.new_game("gift-trap", seats, seed=21, options={"extra_tiles": True})
    me, rng = HeuristicBot(3), random.Random(3)
    undone = False
    while s.state.round < 3 or s.state.phase != "give":
        s.run_bots()
        s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng))
        if not undone and s.can_undo(0) and s.state.phase == "give":
            s.undo(0)
            s.redo(0)
            undone = True
    path = tmp_path_factory.mktemp("saves") / "good.json"
    s.save(path)
    return path.read_bytes()


def doc(data: bytes) -> dict:
    return json.loads(data)


def write(tmp_path, content, name="bad.json"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path


def refused(path, *words, verify=False):
    """Loading and verifying ``path`` (only verifying, with ``verify``) raise SaveError,
    each one sentence naming ``words``; returns the last message."""
    calls = [engine.verify] if verify else [engine.load, engine.verify]
    for call in calls:
        result = "not raised"
        with pytest.raises(engine.SaveError) as err:
            result = call(path)
        assert result == "not raised"  # nothing half-loaded is handed back
        message = str(err.value)
        assert "\n" not in message and "Traceback" not in message and len(message) < 400
        for word in words:
            assert word in message, message
    return message


def test_the_fixture_save_loads_and_verifies(good_bytes, tmp_path):
    path = write(tmp_path, good_bytes, "good.json")
    a, b = engine.load(path), engine.verify(path)
    assert a.state == b.state and a.entries == b.entries
    kinds = {type(e.command).__name__ for e in a.entries}
    assert {"Undo", "Redo", "DealGifts", "GiveTile", "RateGift", "Done"} <= kinds
    assert a.state.round == 3 and a.result() is None


def test_empty_file(tmp_path):
    refused(write(tmp_path, b""), "bad.json", "empty")
    refused(write(tmp_path, b"  \n"), "empty")


def test_truncated_file(good_bytes, tmp_path):
    for cut in (1, len(good_bytes) // 3, len(good_bytes) - 3):
        refused(write(tmp_path, good_bytes[:cut]), "not valid JSON", "truncated")


def test_bad_json(good_bytes, tmp_path):
    refused(write(tmp_path, good_bytes.replace(b'"entries":[', b'"entries":[[', 1)), "not valid JSON")
    refused(write(tmp_path, b"{]"), "not valid JSON")


def test_json_that_is_not_a_save(tmp_path):
    refused(write(tmp_path, [1, 2, 3]), "not a boxtop save")
    refused(write(tmp_path, {"format": "boxtop-save"}), "not a boxtop save", "missing required field `version`")
    refused(write(tmp_path, {"format": "boxtop-save", "version": "1", "game": "gift-trap"}), "not a boxtop save", "$.version")


def test_another_format(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["format"] = "chess-pgn"
    refused(write(tmp_path, d), "'chess-pgn'", "format")


def test_another_version(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["version"] = 2
    refused(write(tmp_path, d), "version 2", "reads version 1")


def test_unknown_game(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["game"] = "chess"
    refused(write(tmp_path, d), "'chess'", "does not know")


def test_another_edition_of_the_game(tmp_path):
    # A log refers to its game's data (Giftbringer's Player Sheet): a save recorded with
    # another sheet is refused in one sentence, never half-loaded with wrong symbols.
    s = engine.new_game("giftbringer", ["ann"], seed=3)
    s.save(tmp_path / "g.json")
    d = doc((tmp_path / "g.json").read_bytes())
    assert d["edition"] == s.game.edition and d["edition"].startswith("sheet-")
    d["edition"] = "sheet-00000000"
    refused(write(tmp_path, d), "another edition of Giftbringer", "sheet-00000000", s.game.edition)


def test_bad_options(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["options"]["track_length"] = 1
    refused(write(tmp_path, d), "bad options", "track_length")
    d["options"] = {"extra_tiles": True, "wild_cards": 2}
    refused(write(tmp_path, d), "bad options", "wild_cards")


def test_unknown_event_tag(good_bytes, tmp_path):
    d = doc(good_bytes)
    assert d["entries"][1]["events"][0]["type"] == "gifts-dealt"
    d["entries"][1]["events"][0]["type"] = "gifts-stolen"
    refused(write(tmp_path, d), "unknown or malformed command or event", "gifts-stolen")


def test_unknown_command_tag(good_bytes, tmp_path):
    d = doc(good_bytes)
    assert d["entries"][1]["command"]["type"] == "deal"
    d["entries"][1]["command"]["type"] = "steal"
    refused(write(tmp_path, d), "unknown or malformed command or event", "steal")


def test_no_entries(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["entries"] = []
    refused(write(tmp_path, d), "no entries")


def test_a_move_by_a_seat_not_to_act(good_bytes, tmp_path):
    # entry 1 is ann's deal; bob was not to act then (gift-trap.de.txt, "1. Geschenke
    # verteilen": the start player deals)
    d = doc(good_bytes)
    assert d["entries"][1]["seat"] == 0
    d["entries"][1]["seat"] = 1
    refused(write(tmp_path, d), "entry 1", "bob", "not to act")


def test_entries_out_of_order(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["entries"][2], d["entries"][3] = d["entries"][3], d["entries"][2]
    refused(write(tmp_path, d), "entry 2 is numbered 3")


def test_a_seat_missing_from_the_table(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["seats"] = d["seats"][:2]
    refused(write(tmp_path, d), "3–8 players")


def test_events_that_do_not_fold(good_bytes, tmp_path):
    # a TileGiven naming seat 40: evolve cannot place a tile in front of a missing player
    d = doc(good_bytes)
    k, i = next(
        (k, i) for k, e in enumerate(d["entries"]) for i, ev in enumerate(e["events"]) if ev["type"] == "tile-given"
    )
    d["entries"][k]["events"][i]["seat"] = 40
    path = write(tmp_path, d)
    with pytest.raises(engine.SaveError, match=r"the log does not fold \(IndexError") as err:
        engine.load(path)
    assert "\n" not in str(err.value)
    refused(path, f"entry {k}", "other events than the rules give", verify=True)  # verify re-decides first


def test_edited_events_fail_verify(good_bytes, tmp_path):
    # The deal's cards swapped for other cards of the same deck: the file still folds
    # (load takes recorded events as they are), but re-deciding from the seed deals other
    # cards, so verify refuses it (DESIGN.md: "A save can be checked").
    d = doc(good_bytes)
    dealt = d["entries"][1]["events"][0]
    dealt["cards"] = [c for c in DECK_CARDS[dealt["deck"]] if c not in dealt["cards"]][: len(dealt["cards"])]
    path = write(tmp_path, d)
    assert engine.load(path).state.spaces != ()
    refused(path, "entry 1", "deal", "other events than the rules give", verify=True)


def test_edited_scores_fail_verify(good_bytes, tmp_path):
    d = doc(good_bytes)
    k, i = next(
        (k, i) for k, e in enumerate(d["entries"]) for i, ev in enumerate(e["events"]) if ev["type"] == "round-scored"
    )
    d["entries"][k]["events"][i]["give_scores"][0] += 5
    path = write(tmp_path, d)
    assert engine.load(path).state.history[0].give_scores[0] >= 5
    refused(path, f"entry {k}", "other events", verify=True)


def test_edited_setup_fails_verify(good_bytes, tmp_path):
    d = doc(good_bytes)
    d["seed"] += 1  # another seed deals other cards at entry 1
    refused(write(tmp_path, d), "entry 1", verify=True)


def test_an_undo_the_policy_forbids_fails_verify(good_bytes, tmp_path):
    # ann's deal (entry 1) revealed cards: under the strict policy it cannot be undone.
    d = doc(good_bytes)
    undo = {"seq": 2, "seat": 0, "command": {"type": "undo"}, "events": [], "at": ""}
    rest = d["entries"][2:]
    for e in rest:
        e["seq"] += 1
    d["entries"] = d["entries"][:2] + [undo] + rest
    refused(write(tmp_path, d), "entry 2", "undo", "revealed", verify=True)


def test_a_redo_by_another_seat_fails_verify(tmp_path):
    # DESIGN.md, "Undo": a seat redoes its own undone move (strict policy); the session
    # refuses bob's redo of ann's move, so verify must refuse a file that records one.
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    s.play("ann", "deal red")
    s.play("ann", "give 1 to bob")
    s.undo("ann")
    assert not s.can_redo("bob")
    s.redo("ann")
    s.save(tmp_path / "g.json")
    d = doc((tmp_path / "g.json").read_bytes())
    assert d["entries"][-1]["command"] == {"type": "redo"}
    d["entries"][-1]["seat"] = 1
    path = write(tmp_path, d)
    assert engine.load(path).state == s.state  # loading trusts the log
    refused(path, "entry 4", "redo by bob", verify=True)


def _with_redo_after(d: dict, index: int, seat: int) -> dict:
    """``d`` with a redo by ``seat`` inserted after entry ``index``; later entries renumbered."""
    redo = {"seq": index + 1, "seat": seat, "command": {"type": "redo"}, "events": [], "at": ""}
    rest = d["entries"][index + 1 :]
    for e in rest:
        e["seq"] += 1
    d["entries"] = d["entries"][: index + 1] + [redo] + rest
    return d


def test_a_redo_without_an_undo_is_refused(tmp_path):
    # DESIGN.md, "Undo": redo replays a move undone and not yet overwritten. A redo with
    # no undo before it has nothing to replay: the log has a gap where that move should be.
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    s.play("ann", "deal red")
    s.play("ann", "give 1 to bob")
    s.save(tmp_path / "g.json")
    d = _with_redo_after(doc((tmp_path / "g.json").read_bytes()), 2, 0)
    refused(write(tmp_path, d), "entry 3 redoes with nothing to redo")


def test_a_redo_after_a_new_move_cleared_the_redo_stack_is_refused(tmp_path):
    # A new move after an undo overwrites the undone branch, so a later redo is a gap too.
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1)
    s.play("ann", "deal red")
    s.play("ann", "give 1 to bob")
    s.undo("ann")
    s.play("ann", "give 2 to bob")
    assert not s.can_redo("ann")
    s.save(tmp_path / "g.json")
    d = doc((tmp_path / "g.json").read_bytes())
    assert [e["command"]["type"] for e in d["entries"][2:]] == ["give", "undo", "give"]
    d = _with_redo_after(d, 4, 0)
    refused(write(tmp_path, d), "entry 5 redoes with nothing to redo")


def test_missing_file(tmp_path):
    refused(tmp_path / "nowhere.json", "no save file at", "nowhere.json")


def test_a_directory(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    refused(folder, "is a folder")


def test_loads_refuses_bytes_too(good_bytes):
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.loads(good_bytes[:-10])
    assert engine.loads(good_bytes).state.round == 3


# ---------------------------------------------------------------- atomic saving


def test_save_leaves_no_temporary_file_and_replaces_intact(good_bytes, tmp_path):
    old = engine.loads(good_bytes)
    path = tmp_path / "game.json"
    old.save(path)
    assert os.listdir(tmp_path) == ["game.json"]
    new = engine.new_game("gift-trap", ["x", "y", "z"], seed=1)
    new.play("x", "deal red")
    new.save(path)
    assert os.listdir(tmp_path) == ["game.json"]
    again = engine.load(path)
    assert again.entries == new.entries and again.names == ["x", "y", "z"]


def test_save_creates_the_folder(tmp_path):
    s = engine.new_game("gift-trap", ["x", "y", "z"], seed=1)
    s.save(tmp_path / "deep" / "er" / "g.json")
    assert engine.load(tmp_path / "deep" / "er" / "g.json").entries == s.entries


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failed_save_keeps_the_old_file(good_bytes, tmp_path, monkeypatch, failing):
    path = tmp_path / "game.json"
    path.write_bytes(good_bytes)
    s = engine.new_game("gift-trap", ["x", "y", "z"], seed=1)

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_write.os, failing, broken)
    with pytest.raises(engine.SaveError) as err:
        s.save(path)
    monkeypatch.undo()
    assert "cannot write" in str(err.value) and "No space left" in str(err.value)
    assert path.read_bytes() == good_bytes
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_into_a_file_path_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "g.json").mkdir()
    s = engine.new_game("gift-trap", ["x", "y", "z"], seed=1)
    with pytest.raises(engine.SaveError, match="cannot write"):
        s.save(tmp_path / "g.json")
    assert os.listdir(tmp_path) == ["g.json"] and (tmp_path / "g.json").is_dir()
