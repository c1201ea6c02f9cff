"""The session: undo policies, redo, refused commands, determinism, seeking and the log
as each seat may read it (``docs/architecture.md``, "Undo", "The log, randomness and saves",
"Sessions")."""

import random

import pytest

import engine
from engine import Seat
from engine.core.save_write import dumps
from engine.core.session import SNAPSHOT_EVERY
from engine.games.gift_trap.bot import HeuristicBot
from engine.games.gift_trap.events import GiftsDealt, RoundScored

from gift_trap_play import deal, play_all, quick_round, refold, table, without_timestamps

GIVES4 = {
    "ann": ["give 1 to bob", "give 2 to cyd", "give 3 to dan"],
    "bob": ["give 1 to ann", "give 2 to cyd", "give 3 to dan"],
    "cyd": ["give 1 to ann", "give 2 to bob", "give 3 to dan"],
    "dan": ["give 1 to ann", "give 2 to bob", "give 3 to cyd"],
}
RATES4 = {n: ["rate super 1", "rate good 2", "rate okay 3", "rate noway 4"] for n in GIVES4}


def snapshot(s):
    return s.state, s.applied_entries(), s.to_act()


# ---------------------------------------------------------------- strict undo


def test_strict_undo_takes_back_own_last_move():
    # DESIGN.md, "Undo": "A seat may undo only its own entries, back to its previous command."
    s = table(4)
    deal(s)
    before = snapshot(s)
    s.play("ann", "give 1 to bob")
    assert s.can_undo("ann") and s.undo_refusal("ann") is None
    entry = s.undo("ann")
    assert isinstance(entry.command, engine.Undo) and entry.seat == 0
    assert snapshot(s) == before
    assert s.view("ann").my_gives == ()


def test_strict_undo_refuses_another_seats_last_move():
    # DESIGN.md, "Undo": never across "another seat's entry".
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.play("bob", "give 1 to ann")
    assert not s.can_undo("ann")
    assert "not yours" in s.undo_refusal("ann")
    before = snapshot(s), len(s.entries)
    with pytest.raises(engine.IllegalCommand, match="not yours"):
        s.undo("ann")
    assert (snapshot(s), len(s.entries)) == before
    assert s.can_undo("bob")


def test_strict_undo_refuses_after_the_deal_reveals_cards():
    # DESIGN.md, "Undo": never across an entry "that revealed hidden information or random
    # outcomes to anyone (a roll, a draw, a reveal)" — the deal shows new gift cards.
    s = table(4)
    deal(s)
    assert not s.can_undo("ann")
    assert "revealed" in s.undo_refusal("ann")
    with pytest.raises(engine.IllegalCommand, match="revealed"):
        s.play("ann", "undo")


def test_strict_undo_refuses_after_the_scoring_reveal():
    # DESIGN.md, "Undo": the reveal of every tile ("4. Auswertung") cannot be undone.
    s = table(4)
    deal(s)
    play_all(s, GIVES4)
    play_all(s, RATES4, commit=False)
    for name in ["ann", "bob", "cyd"]:
        s.play(name, "done")
    assert s.can_undo("cyd")  # committing without a reveal can be taken back
    events = s.play("dan", "done").events
    assert any(isinstance(e, RoundScored) for e in events)
    assert "revealed" in s.undo_refusal("dan")


def test_strict_undo_refuses_once_the_turn_passed_to_others():
    # DESIGN.md, "Undo": never across "a change of the seat to act". The last "done" of
    # the Give phase opens the Rate phase to every seat.
    s = table(4)
    deal(s)
    play_all(s, GIVES4, commit=False)
    for name in ["ann", "bob", "cyd"]:
        s.play(name, "done")
    s.play("dan", "done")
    assert s.state.phase == "rate" and s.to_act() == ["ann", "bob", "cyd", "dan"]
    assert "turn has passed" in s.undo_refusal("dan")
    assert not s.can_undo("dan")


def test_strict_undo_has_nothing_to_undo_at_the_start():
    s = table(3)
    assert s.undo_refusal("ann") == "There is nothing to undo."
    with pytest.raises(engine.IllegalCommand):
        s.undo("ann")


# ---------------------------------------------------------------- casual undo


def casual_table():
    """ann, a person, against three random bots; casual undo."""
    seats = [Seat("ann")] + [Seat(f"b{i}", "random") for i in range(1, 4)]
    return engine.new_game("gift-trap", seats, seed=11, undo="casual")


def test_casual_undo_goes_back_through_the_bots_replies():
    # DESIGN.md, "Undo": "A casual option for local games lifts the limit."
    # session.undo: casual takes back the seat's last move and every entry after it.
    s = casual_table()
    s.play("ann", "deal yellow")
    assert s.run_bots() == 3 * 4  # three bots give three tiles and commit
    for command in ["give 1 to b1", "give 2 to b2", "give 3 to b3"]:
        s.play("ann", command)
    before = snapshot(s)
    s.play("ann", "done")  # opens the Rate phase
    made = s.run_bots()
    assert made == 3 * 5 and s.to_act() == ["ann"] and s.state.phase == "rate"
    assert s.can_undo("ann")
    n = len(s.entries)
    s.undo("ann")
    assert len(s.entries) == n + made + 1  # one Undo entry per entry taken back
    assert snapshot(s) == before


def test_casual_undo_across_the_deal_never_rerolls():
    # DESIGN.md, "The log, randomness and saves": "undoing a move and making it again gives
    # the same dice: undo never rerolls".
    s = casual_table()
    first = s.play("ann", "deal blue").events
    s.run_bots()
    s.undo("ann")
    assert s.state.phase == "deal" and s.ply == 1
    again = s.play("ann", "deal blue").events
    assert again == first and isinstance(first[0], GiftsDealt)


def test_casual_undo_needs_a_move_of_ones_own():
    s = casual_table()
    s.play("ann", "deal yellow")
    s.run_bots()
    assert s.undo_refusal("ann") is None
    assert s.undo_refusal("b1") is None  # b1 has moved: casual undo is open to it too
    t = engine.new_game("gift-trap", ["ann", "bob", "cyd"], seed=1, undo="casual")
    t.play("ann", "deal red")
    assert t.undo_refusal("bob") == "bob has made no move to undo."


# ---------------------------------------------------------------- redo


def test_undo_then_redo_is_the_identity():
    # DESIGN.md, "Undo": "Redo re-applies undone entries while nothing else has happened."
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.play("ann", "give 2 to cyd")
    before = snapshot(s)
    s.undo("ann")
    s.undo("ann")
    assert s.view("ann").my_gives == ()
    assert s.can_redo("ann") and not s.can_redo("bob")
    s.redo("ann")
    s.play("ann", "redo")
    assert snapshot(s) == before
    assert not s.can_redo("ann")
    with pytest.raises(engine.IllegalCommand, match="nothing to redo"):
        s.redo("ann")


def test_casual_undo_then_redo_is_the_identity():
    s = casual_table()
    s.play("ann", "deal yellow")
    s.run_bots()
    for command in ["give 1 to b1", "give 2 to b2", "give 3 to b3", "done"]:
        s.play("ann", command)
    s.run_bots()
    before = snapshot(s)
    s.undo("ann")  # ann's "done" and the bots' 15 rating entries
    assert s.ply == len(before[1]) - 16
    redone = 0
    while s.can_redo("ann"):
        s.redo("ann")
        redone += 1
    assert redone == 16 and snapshot(s) == before


def test_a_new_move_clears_redo():
    # DESIGN.md, "Undo": redo only "while nothing else has happened".
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.undo("ann")
    assert s.can_redo("ann")
    s.play("bob", "give 1 to ann")
    assert not s.can_redo("ann")
    with pytest.raises(engine.IllegalCommand):
        s.play("ann", "redo")
    s.play("ann", "give 2 to bob")
    s.undo("ann")
    s.play("ann", "give 3 to bob")  # its own new move clears it too
    assert not s.can_redo("ann")


def test_undone_branch_stays_in_the_log():
    # DESIGN.md, "Undo": "the entries it takes back stay in the save as an undone branch".
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.undo("ann")
    s.play("ann", "give 2 to bob")
    kinds = [type(e.command).__name__ for e in s.entries]
    assert kinds == ["NoneType", "DealGifts", "GiveTile", "Undo", "GiveTile"]
    assert [e.seq for e in s.applied_entries()] == [0, 1, 4]
    assert [e.seq for e in s.entries] == list(range(5))


# ---------------------------------------------------------------- refused commands


@pytest.mark.parametrize(
    "seat, command",
    [
        ("bob", "deal red"),            # not bob's turn
        ("ann", "deal purple"),         # no such stack
        ("ann", "give 1 to bob"),       # not the Give phase
        ("ann", "fly to the moon"),     # cannot be read
        ("zed", "deal red"),            # no such seat
        ("ann", "undo"),                # nothing to undo
        ("ann", "redo"),                # nothing to redo
        ("ann", ""),                    # empty
    ],
)
def test_illegal_command_changes_nothing(seat, command):
    # DESIGN.md, "The engine": an illegal command raises IllegalCommand "with a sentence a
    # player understands"; session.play: "nothing changes then".
    s = table(4)
    before = snapshot(s), list(s.entries), s.can_undo("ann"), s.can_redo("ann")
    with pytest.raises(engine.IllegalCommand) as err:
        s.play(seat, command)
    assert str(err.value) and "\n" not in str(err.value)
    assert (snapshot(s), list(s.entries), s.can_undo("ann"), s.can_redo("ann")) == before


def test_illegal_command_mid_game_changes_nothing_and_keeps_redo():
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    s.undo("ann")
    before = snapshot(s), list(s.entries)
    for seat, command in [("ann", "give 1 to ann"), ("ann", "done"), ("bob", "rate super 1"), ("ann", "give 9 to bob")]:
        with pytest.raises(engine.IllegalCommand):
            s.play(seat, command)
    assert (snapshot(s), list(s.entries)) == before
    assert s.can_redo("ann")


def test_the_game_over_refuses_every_command():
    s = table(3, track_length=3)
    while s.result() is None:
        quick_round(s, "yellow")
    before = snapshot(s), list(s.entries)
    with pytest.raises(engine.IllegalCommand, match="over"):
        s.submit(s.seat_index("bob"), s.parse("deal red"))
    assert (snapshot(s), list(s.entries)) == before


# ---------------------------------------------------------------- determinism


def scripted_game(seed=5, options=None):
    """People at ann and bob, bots elsewhere, with undo and redo along the way."""
    seats = [Seat("ann"), Seat("bob"), Seat("b3", "heuristic"), Seat("b4", "random"), Seat("b5", "random")]
    s = engine.new_game("gift-trap", seats, seed=seed, options=options, undo="casual")
    s.play("ann", "deal black")
    s.play("bob", "give 2 to ann")
    s.undo("bob")
    s.redo("bob")
    s.run_bots()
    for who, gives in [("ann", "bob b3 b4 b5"), ("bob", "ann b3 b4 b5")]:
        for space, to in enumerate(gives.split(), 1):
            s.play(who, f"give {space} to {to}")
        s.play(who, "done")
    s.run_bots()
    for who in ["ann", "bob"]:
        for command in ["rate super 6", "rate good 5", "rate okay 4", "rate noway 1", "done"]:
            s.play(who, command)
    s.run_bots()
    return s


def test_same_seed_gives_the_same_save_apart_from_timestamps():
    # DESIGN.md, "The log, randomness and saves": randomness only from (game seed, seq).
    a = without_timestamps(dumps(scripted_game(5, {"extra_tiles": True})))
    b = without_timestamps(dumps(scripted_game(5, {"extra_tiles": True})))
    assert a == b
    assert b'"at":""' in a and b'"saved_at":""' in a
    c = without_timestamps(dumps(scripted_game(6, {"extra_tiles": True})))
    assert c != a  # another seed deals other cards


def test_same_seed_gives_the_same_file(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        scripted_game(8).save(path)
    assert without_timestamps(paths[0].read_bytes()) == without_timestamps(paths[1].read_bytes())


# ---------------------------------------------------------------- seeking


def long_game(undo="strict"):
    s = engine.new_game("gift-trap", [Seat(f"b{i}", "random") for i in range(4)], seed=3,
                        options={"track_length": 12}, undo=undo)
    s.run_bots()
    return s


def test_state_at_equals_the_fold_of_the_applied_entries():
    # DESIGN.md, "The log, randomness and saves": "The state is the fold of every event";
    # session snapshots every SNAPSHOT_EVERY entries must not change that.
    s = long_game()
    assert s.result() is not None and s.ply > 3 * SNAPSHOT_EVERY
    game = s.game
    state = game.initial(s.options, 4)
    assert s.state_at(0) == state
    for k, entry in enumerate(s.applied_entries(), 1):
        for event in entry.events:
            state = game.evolve(state, event)
        assert s.state_at(k) == state, k
    assert state == s.state == refold(s)
    with pytest.raises(IndexError):
        s.state_at(s.ply + 1)


def test_state_at_after_casual_undo_across_a_snapshot():
    # session.py keeps snapshots every SNAPSHOT_EVERY applied entries; after an undo that
    # takes back entries past a snapshot and a new line of play, seeking anywhere must
    # still give the fold of the new line.
    s = engine.new_game("gift-trap", [Seat("ann")] + [Seat(f"b{i}", "random") for i in range(1, 4)],
                        seed=4, undo="casual")
    me, rng = HeuristicBot(1), random.Random(0)
    while True:
        s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng))
        mine = s.ply  # ann's entry is the mine-th applied entry
        s.run_bots()
        assert s.result() is None
        if (mine - 1) // SNAPSHOT_EVERY < s.ply // SNAPSHOT_EVERY:
            break  # a snapshot lies after ann's entry
    s.undo("ann")
    assert s.ply == mine - 1
    assert s.state == s.state_at(s.ply) == refold(s)
    s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng))
    s.run_bots()
    assert refold(s) == s.state
    for j in range(s.ply + 1):
        expected = s.game.initial(s.options, 4)
        for entry in s.applied_entries()[:j]:
            for event in entry.events:
                expected = s.game.evolve(expected, event)
        assert s.state_at(j) == expected, j


# ---------------------------------------------------------------- the log as each seat reads it


def test_log_lines_hide_other_seats_tiles_until_the_reveal():
    # gift-trap.de.txt, "2. Geschenke machen" and "3. Bewerten": tiles are placed face down
    # ("verdeckt"); "4. Auswertung": "Nun deckt jeder Spieler seine Geben- und
    # Bekommen-Plättchen auf". DESIGN.md: hidden facts are absent from a seat's stream.
    s = table(4)
    deal(s)
    s.play("ann", "give 1 to bob")
    ann, bob, spectator = s.log_lines("ann"), s.log_lines("bob"), s.log_lines(None)
    assert ann[-2:] == ["ann: give 1 to bob", "  ann gives gift 1 to bob"]
    assert bob[-1] == "ann: (hidden)" and spectator[-1] == "ann: (hidden)"
    assert not any("gives gift" in line for line in bob + spectator)
    s.play("ann", "give 2 to cyd")
    s.play("ann", "give 3 to dan")
    s.play("ann", "done")
    assert s.log_lines("bob")[-2:] == ["ann: done", "  ann has given"]  # committing is public
    play_all(s, {k: v for k, v in GIVES4.items() if k != "ann"})
    s.play("bob", "rate super 1")
    assert s.log_lines("cyd")[-1] == "bob: (hidden)"
    assert not any("puts" in line for line in s.log_lines("cyd"))
    assert "  bob puts Super on gift 1" in s.log_lines("bob")
    play_all(s, RATES4)
    after = s.log_lines("bob")
    assert "  reveal of round 1:" in after
    assert any(line.startswith("    ann → bob: 1 ") for line in after)
    assert any(line.startswith("    ann → cyd: 2 ") for line in after)
    # the tiles placed before the reveal stay hidden lines: a change of mind is never shown
    assert "ann: (hidden)" in after and not any("ann gives gift" in line for line in after)
