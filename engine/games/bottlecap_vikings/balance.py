"""Bottlecap Vikings balance figures from bot games (issue 12): run
``python -m engine.games.bottlecap_vikings.balance [--games 200] [--players 2 3 4]``.

It prints, each over ``--games`` seeds (seed 0, 1, …; the start player and the rondel
are drawn from the seed):

- the heuristic bot against random bots: its win share in 2-player games (one heuristic,
  seat alternating) and in 4-player games (one heuristic, three random);
- heuristic bots only, identical sides: the median number of turns (``State.turns``),
  how games are won (glory or hut), and the win share by seat position (the start
  player first, then clockwise: ``(winner - State.start) mod n``);
- heuristic bots only, ``sides = unique`` (seat i plays card i's side: Raider, Merchant,
  Healer, Builder): each side's win share; the start player is drawn at random, so the
  position advantage spreads evenly over the sides. A fair share is 1/n.

The figures measure the reconstruction (``data/cities.toml``) as these bots play it,
not as people do. A 4-player run of 200 games takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

import engine
from engine import Seat

from .data import CITIES

#: Moves after which a game counts as unfinished (a heuristic game takes a few hundred).
LIMIT = 50_000


def play(bots: list[str], seed: int, sides: str = "identical") -> engine.LocalSession:
    """One finished (or stopped at ``LIMIT`` moves) game of ``bots`` on ``seed``."""
    s = engine.new_game("bottlecap-vikings", [Seat(f"b{i}", b) for i, b in enumerate(bots)], seed=seed,
                        options={"sides": sides})
    s.run_bots(limit=LIMIT)
    return s


def against_random(n: int, games: int) -> float:
    """The heuristic bot's win share against ``n - 1`` random bots (its seat rotates)."""
    wins = 0
    for seed in range(games):
        bots = ["random"] * n
        bots[seed % n] = "heuristic"
        wins += play(bots, seed).state.winner == seed % n
    return wins / games


def heuristic_games(n: int, games: int, sides: str) -> dict:
    """Figures of ``games`` games of ``n`` heuristic bots: ``turns`` (median), ``how``
    (Counter of glory/hut), ``position`` and ``seat`` (win counts), ``unfinished``."""
    turns, how, position, seat, unfinished = [], Counter(), Counter(), Counter(), 0
    for seed in range(games):
        st = play(["heuristic"] * n, seed, sides).state
        if st.winner < 0:
            unfinished += 1
            continue
        turns.append(st.turns)
        how[st.won_by] += 1
        position[(st.winner - st.start) % n] += 1
        seat[st.winner] += 1
    return {"turns": statistics.median(turns) if turns else 0, "how": how, "position": position, "seat": seat,
            "unfinished": unfinished, "games": games}


def _shares(counts: Counter, n: int, games: int, names: list[str]) -> str:
    return ", ".join(f"{names[i]} {counts[i] / games:.0%}" for i in range(n))


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeds per figure (default 200)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], help="table sizes (default 2 3 4)")
    args = parser.parse_args(argv)
    g = args.games
    print(f"Bottlecap Vikings balance, {g} seeds per figure; a fair share is 1/players.")
    if 2 in args.players:
        print(f"heuristic vs 1 random, 2 players: heuristic wins {against_random(2, g):.1%}")
    if 4 in args.players:
        print(f"heuristic vs 3 random, 4 players: heuristic wins {against_random(4, g):.1%}")
    positions = ["start", "2nd", "3rd", "4th"]
    for n in args.players:
        f = heuristic_games(n, g, "identical")
        done = g - f["unfinished"]
        print(f"{n} players, identical sides: median {f['turns']} turns; won by {dict(f['how'])}; "
              f"by position: {_shares(f['position'], n, max(done, 1), positions)}"
              + (f"; {f['unfinished']} unfinished" if f["unfinished"] else ""))
        f = heuristic_games(n, g, "unique")
        done = g - f["unfinished"]
        names = [side.name for side in CITIES.unique]
        print(f"{n} players, unique sides: median {f['turns']} turns; won by {dict(f['how'])}; "
              f"by side: {_shares(f['seat'], n, max(done, 1), names)}; "
              f"by position: {_shares(f['position'], n, max(done, 1), positions)}"
              + (f"; {f['unfinished']} unfinished" if f["unfinished"] else ""))


if __name__ == "__main__":
    main()
