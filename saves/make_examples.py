"""Record the example games in ``saves/`` and their results in ``saves/expected.json``.

Run: ``.venv/bin/python saves/make_examples.py`` (records the games that are missing;
``--all`` records every one again; names record those games again, e.g.
``saves/make_examples.py bottlecap-vikings`` every file whose name starts with it).
Seeded, but the games depend on the bots' choices: when a bot changes, a game recorded
again differs, so after a bot changes, record its game's examples again with that one
command (``tests/test_golden_saves.py`` then replays each file to the result recorded
here).
"""

from pathlib import Path

import msgspec

import engine
from engine import Seat
from engine.core.rng import rng_for
from engine.games.gift_trap.bot import HeuristicBot
from engine.games.bottlecap_vikings.bot import HeuristicBot as BottlecapBot
from engine.games.giftbringer.bot import HeuristicBot as GiftbringerBot
from engine.games.naughty_or_nice.bot import HeuristicBot as NaughtyBot
from engine.games.dice_upon_a_time.bot import HeuristicBot as DiceBot

HERE = Path(__file__).resolve().parent


def hot_seat_game() -> engine.LocalSession:
    """Four people at one keyboard (their moves chosen by heuristic players), with an
    undo and a redo along the way, extra tiles on."""
    s = engine.new_game("gift-trap", ["ann", "bob", "cyd", "dan"], seed=2029, options={"extra_tiles": True})
    players = {i: HeuristicBot(100 + i) for i in range(4)}
    undone = False
    while s.result() is None:
        seat = s.to_act_seats()[0]
        command = players[seat].choose(s.view(seat), s.legal_commands(seat), rng_for(s.seed, s.ply, "example"))
        s.submit(seat, command)
        if not undone and s.state.round == 2 and s.can_undo(seat):
            s.undo(seat)
            s.redo(seat)
            undone = True
    return s


def bot_game() -> engine.LocalSession:
    """Five bots, two of them random, the German rules as printed."""
    seats = [Seat("ann"), Seat("bot2", "heuristic"), Seat("bot3", "random"), Seat("bot4", "heuristic"), Seat("bot5", "random")]
    s = engine.new_game("gift-trap", seats, seed=3)
    me = HeuristicBot(7)
    while s.result() is None:
        s.run_bots()
        if s.result() is None:
            s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def giftbringer_solo() -> engine.LocalSession:
    """Giftbringer alone: ann's round planned by a careful (heuristic) player."""
    s = engine.new_game("giftbringer", ["ann"], seed=11)
    me = GiftbringerBot(11)
    while s.result() is None:
        s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def giftbringer_three() -> engine.LocalSession:
    """Giftbringer for three: ann (played carefully) against a heuristic and a random bot."""
    s = engine.new_game("giftbringer", [Seat("ann"), Seat("bot2", "heuristic"), Seat("bot3", "random")], seed=5)
    me = GiftbringerBot(5)
    while s.result() is None:
        s.run_bots()
        if s.result() is None and 0 in s.to_act_seats():
            s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def bottlecap_two() -> engine.LocalSession:
    """Bottlecap Vikings for two on the identical sides: ann (her moves chosen by the
    heuristic player) against a heuristic bot."""
    s = engine.new_game("bottlecap-vikings", [Seat("ann"), Seat("bot2", "heuristic")], seed=BOTTLECAP_SEEDS[0])
    me = BottlecapBot(1)
    while s.result() is None:
        s.run_bots()
        if s.result() is None and 0 in s.to_act_seats():
            s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def bottlecap_four() -> engine.LocalSession:
    """Bottlecap Vikings for four heuristic bots, each on its card's unique side."""
    seats = [Seat(f"bot{i + 1}", "heuristic") for i in range(4)]
    s = engine.new_game("bottlecap-vikings", seats, seed=BOTTLECAP_SEEDS[1], options={"sides": "unique"})
    s.run_bots()
    return s


#: The Bottlecap Vikings examples' seeds (two games of a few hundred turns with the
#: bots of the day; any seed will do once the heuristic plays to win).
BOTTLECAP_SEEDS = (1, 17)

def naughty_full() -> engine.LocalSession:
    """Naughty or Nice, the full game (level 5) for four: ann (her moves chosen by the
    heuristic player) against three heuristic bots, gift givers chosen."""
    seats = [Seat("ann"), *(Seat(f"bot{i}", "heuristic") for i in (2, 3, 4))]
    s = engine.new_game("naughty-or-nice", seats, seed=NAUGHTY_SEEDS[0], options={"level": 5})
    me = NaughtyBot(1)
    while s.result() is None:
        s.run_bots()
        if s.result() is None and 0 in s.to_act_seats():
            s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def naughty_level_one() -> engine.LocalSession:
    """Naughty or Nice at level 1 (kiddos and presents only) for two heuristic bots."""
    seats = [Seat("bot1", "heuristic"), Seat("bot2", "heuristic")]
    s = engine.new_game("naughty-or-nice", seats, seed=NAUGHTY_SEEDS[1], options={"level": 1})
    s.run_bots()
    return s


#: The Naughty or Nice examples' seeds.
NAUGHTY_SEEDS = (13, 24)

def dice_competitive() -> engine.LocalSession:
    """Dice Upon a Time, the full game (Story cards, Magic Items, Characters, trades), for
    three: ann (her moves chosen by the heuristic player) against a heuristic and a random
    bot."""
    return _dice_against_bots(DICE_SEEDS[0], {})


def dice_beginner() -> engine.LocalSession:
    """Dice Upon a Time, the beginner game, for three like the full game's example."""
    return _dice_against_bots(DICE_SEEDS[2], {"cards": "beginner", "characters": "none"})


def _dice_against_bots(seed: int, options: dict) -> engine.LocalSession:
    seats = [Seat("ann"), Seat("bot2", "heuristic"), Seat("bot3", "random")]
    s = engine.new_game("dice-upon-a-time", seats, seed=seed, options=options)
    me = DiceBot(1)
    while s.result() is None:
        s.run_bots()
        if s.result() is None and 0 in s.to_act_seats():
            s.submit(0, me.choose(s.view(0), s.legal_commands(0), rng_for(s.seed, s.ply, "example")))
    return s


def dice_cooperative() -> engine.LocalSession:
    """Dice Upon a Time, the co-operative full game for four heuristic bots, Events face
    up."""
    seats = [Seat(f"bot{i + 1}", "heuristic") for i in range(4)]
    s = engine.new_game("dice-upon-a-time", seats, seed=DICE_SEEDS[1],
                        options={"mode": "cooperative", "events": "open"})
    s.run_bots()
    return s


#: The Dice Upon a Time examples' seeds.
DICE_SEEDS = (5, 8, 5)

GAMES = [("gift-trap-hot-seat.json", hot_seat_game), ("gift-trap-vs-bots.json", bot_game),
         ("giftbringer-solo.json", giftbringer_solo), ("giftbringer-three.json", giftbringer_three),
         ("bottlecap-vikings-two.json", bottlecap_two), ("bottlecap-vikings-four.json", bottlecap_four),
         ("naughty-or-nice-full.json", naughty_full), ("naughty-or-nice-level-1.json", naughty_level_one),
         ("dice-upon-a-time-competitive.json", dice_competitive),
         ("dice-upon-a-time-cooperative.json", dice_cooperative),
         ("dice-upon-a-time-beginner.json", dice_beginner)]


def main() -> None:
    import sys

    args = sys.argv[1:]
    again = "--all" in args
    names = [a for a in args if not a.startswith("-")]
    path = HERE / "expected.json"
    expected = msgspec.json.decode(path.read_bytes(), type=dict[str, engine.Result]) if path.exists() else {}
    for name, make in GAMES:
        wanted = again or any(name.startswith(n) for n in names)
        if (HERE / name).exists() and name in expected and not wanted:
            continue
        s = make()
        s.save(HERE / name)
        expected[name] = s.result()
        print(name, len(s.entries), "entries")
    (HERE / "expected.json").write_bytes(msgspec.json.format(msgspec.json.encode(expected)) + b"\n")


if __name__ == "__main__":
    main()
