"""Naughty or Nice balance figures from bot games (issue 13): run from the
repository's root ``python -m tools.balance.naughty_or_nice [--games 200] [--jobs 2]``.

It prints, as Markdown tables, each over ``--games`` seeds (seed 0, 1, …; the first
player, the decks and the gift givers drawn or chosen follow the seed):

- the heuristic bot against random bots (level 5): its win share in 2-player games (one
  heuristic, its seat alternating) and in 4-player games (one heuristic, three random);
- heuristic bots only, level 5, 2–5 players: the win share by seat position (the first
  player, then clockwise; a shared win counts a share to each winner) and the median
  number of turns (``State.turns``), with gift givers chosen (in turn order from the
  first player: the bots take the strongest left) and drawn at random;
- heuristic bots only, the median turns by level (1–5) and player count;
- heuristic bots only, 4 players, gift givers drawn at random: each giver's win share
  (a fair share is 1/4);
- the kiddo deck, over the level-5 heuristic games: for each kiddo, how often it came
  into the playground and how often it was fulfilled once there, then grouped by wish
  size and by wished colour.

The figures measure the reconstructed kiddo deck (``engine/games/naughty_or_nice/data/kiddos.toml``) as these bots
play it, not as people do.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from engine import LocalSession, Seat

from engine.games.naughty_or_nice import GAME
from engine.games.naughty_or_nice import events as ev
from engine.games.naughty_or_nice.data import COLOUR_LETTER, COLOURS, GIVERS, KIDDOS

LEVELS = (1, 2, 3, 4, 5)
TABLES = (2, 3, 4, 5)


class Game(NamedTuple):
    """What one finished game tells: ``winners`` (seats), ``start`` (the first player),
    ``turns``, ``givers`` by seat, and per kiddo id whether it was ``removed`` at setup
    (2–3 players), ``came`` into the playground, was ``fulfilled``, ``taken`` by Mrs.
    Claus or ``swept`` by La Befana."""

    winners: tuple[int, ...]
    start: int
    turns: int
    givers: tuple[str, ...]
    removed: frozenset[int]
    came: frozenset[int]
    fulfilled: frozenset[int]
    taken: frozenset[int]
    swept: frozenset[int]


def play(job: tuple[tuple[str, ...], int, dict]) -> Game:
    """One game of ``bots`` on ``seed`` with ``options``, played to the end."""
    bots, seed, options = job
    s = LocalSession(GAME, [Seat(f"b{i}", b) for i, b in enumerate(bots)], seed, options)
    s.run_bots()
    result = s.result()
    if result is None:
        raise RuntimeError(f"seed {seed}: the game did not finish")
    came, fulfilled, taken, swept, start, removed = set(), set(), set(), set(), 0, ()
    for entry in s.entries:
        for e in entry.events:
            if isinstance(e, ev.Removed):
                removed = e.kiddos
            elif isinstance(e, ev.Started):
                start = e.seat
            elif isinstance(e, ev.KiddoIn):
                came.add(e.kiddo)
            elif isinstance(e, ev.Fulfilled):
                fulfilled.add(e.kiddo)
            elif isinstance(e, ev.TookKiddo):
                taken.add(e.kiddo)
            elif isinstance(e, ev.Swept):
                swept.add(e.kiddo)
    return Game(tuple(result.winners), start, s.state.turns, tuple(p.giver for p in s.state.players),
                frozenset(removed), frozenset(came), frozenset(fulfilled), frozenset(taken), frozenset(swept))


def run(jobs: list, workers: int) -> list[Game]:
    """The games of ``jobs``, on ``workers`` processes."""
    if workers <= 1:
        return [play(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(play, jobs, chunksize=4))


def against_random(n: int, games: int, workers: int) -> float:
    """The heuristic bot's win share against ``n - 1`` random bots (its seat rotates;
    a shared win counts its share)."""
    jobs = []
    for seed in range(games):
        bots = ["random"] * n
        bots[seed % n] = "heuristic"
        jobs.append((tuple(bots), seed, {}))
    won = 0.0
    for seed, g in enumerate(run(jobs, workers)):
        if seed % n in g.winners:
            won += 1 / len(g.winners)
    return won / games


def heuristic(n: int, games: int, workers: int, **options) -> list[Game]:
    """``games`` games of ``n`` heuristic bots."""
    return run([(("heuristic",) * n, seed, options) for seed in range(games)], workers)


def _pct(x: float) -> str:
    return f"{x:.0%}".replace("%", " %")


def positions(games: list[Game], n: int) -> list[float]:
    """Win share by position from the first player (shared wins split)."""
    won = [0.0] * n
    for g in games:
        for w in g.winners:
            won[(w - g.start) % n] += 1 / len(g.winners)
    return [w / len(games) for w in won]


def kiddo_table(games: list[Game]) -> list[str]:
    """Markdown lines: each kiddo's figures, then by wish size and by wished colour.
    "came out" counts the games the kiddo was dealt into (not removed at setup)."""
    dealt, came, done, taken, swept = Counter(), Counter(), Counter(), Counter(), Counter()
    for g in games:
        dealt.update(k for k in range(len(KIDDOS)) if k not in g.removed)
        came.update(g.came)
        done.update(g.fulfilled)
        taken.update(g.taken)
        swept.update(g.swept)

    def share(a: int, b: int) -> str:
        return _pct(a / b) if b else "–"

    lines = ["| kiddo | symbol | wishes | came out | fulfilled once out | Mrs. Claus | swept |",
             "|---|---|---|---|---|---|---|"]
    for k, kiddo in enumerate(KIDDOS):
        wishes = "".join(COLOUR_LETTER[c] for c in kiddo.wishes)
        lines.append(f"| {kiddo.name} | {kiddo.symbol} | {wishes} | {share(came[k], dealt[k])} | "
                     f"{share(done[k], came[k])} | {taken[k]} | {swept[k]} |")
    lines += ["", "| wish size | kiddos | came out | fulfilled once out |", "|---|---|---|---|"]
    sizes = defaultdict(list)
    for k, kiddo in enumerate(KIDDOS):
        sizes[len(kiddo.wishes)].append(k)
    for size, ks in sorted(sizes.items()):
        d, c, f = (sum(x[k] for k in ks) for x in (dealt, came, done))
        lines.append(f"| {size} | {len(ks)} | {share(c, d)} | {share(f, c)} |")
    lines += ["", "| wished colour | kiddos | wishes in the deck | fulfilled once out |", "|---|---|---|---|"]
    for colour in COLOURS:
        ks = [k for k, kiddo in enumerate(KIDDOS) if colour in kiddo.wishes]
        c, f = sum(came[k] for k in ks), sum(done[k] for k in ks)
        wished = sum(kiddo.wishes.count(colour) for kiddo in KIDDOS)
        lines.append(f"| {colour} | {len(ks)} | {wished} | {share(f, c)} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeds per figure (default 200)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (default 1)")
    args = parser.parse_args(argv)
    g, w = args.games, args.jobs
    print(f"Naughty or Nice balance, {g} seeds per figure, level 5 unless said.\n")
    print(f"- heuristic vs 1 random, 2 players: heuristic wins {_pct(against_random(2, g, w))}")
    print(f"- heuristic vs 3 random, 4 players: heuristic wins {_pct(against_random(4, g, w))}\n")
    names = ["1st", "2nd", "3rd", "4th", "5th"]
    level5 = []
    turns: dict[tuple[int, int], float] = {}
    for givers in ("choose", "random"):
        print(f"\nGift givers {'chosen in turn order' if givers == 'choose' else 'drawn at random'}:\n")
        print("| players | median turns | " + " | ".join(names) + " |")
        print("|---|---|" + "---|" * len(names))
        for n in TABLES:
            games = heuristic(n, g, w, givers=givers)
            if givers == "choose":
                level5 += games
                turns[(n, 5)] = statistics.median(x.turns for x in games)
            elif n == 4:
                drawn = games
            shares = [_pct(x) for x in positions(games, n)] + [""] * (5 - n)
            print(f"| {n} | {statistics.median(x.turns for x in games):g} | " + " | ".join(shares) + " |")
    print("\n| level | " + " | ".join(f"{n} players" for n in TABLES) + " |")
    print("|---|" + "---|" * len(TABLES))
    for level in LEVELS:
        for n in TABLES:
            if (n, level) not in turns:
                turns[(n, level)] = statistics.median(x.turns for x in heuristic(n, g, w, level=level))
        print(f"| {level} | " + " | ".join(f"{turns[(n, level)]:g}" for n in TABLES) + " |")
    seated, won = Counter(), Counter()
    for x in drawn:
        seated.update(x.givers)
        for s in x.winners:
            won[x.givers[s]] += 1 / len(x.winners)
    print("\n| gift giver (4 players, drawn at random) | games | win share |", "|---|---|---|", sep="\n")
    for code, giver in GIVERS.items():
        print(f"| {giver.name} | {seated[code]} | {_pct(won[code] / seated[code]) if seated[code] else '–'} |")
    print()
    print("\n".join(kiddo_table(level5)))


if __name__ == "__main__":
    main()
