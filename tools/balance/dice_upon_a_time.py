"""Dice Upon a Time balance figures from bot games (issue 14): run from the
repository's root ``python -m tools.balance.dice_upon_a_time [--games 200] [--jobs 2] [--cards full]``
(``--cards beginner``: the beginner game without Character abilities).

It prints, as Markdown tables, each over ``--games`` seeds (seed 0, 1, …):

- the heuristic bot against a random bot, 2 players (its seat alternating): its win
  share (a shared win counts half);
- heuristic bots only, competitive, 2–5 players: the mean AP by seat position (the
  starting player first, then clockwise; every colour's dice set is the same, so a seat
  is also a dice set) and the win share by seat position;
- each quest: how often it was completed of the games in which it was drawn (competitive,
  heuristic bots, 4 players);
- game length: the turns a game lasts (competitive, heuristic bots, 2–5 players), and
  the chapters an Extra Long game of heuristic bots lasts, 2–5 players (it ends with
  the chapter the last Quest card is drawn in, never before chapter 6; co-operative,
  the chapter the last quest is completed in), with the chapter the decks ran out in;
- heuristic bots only, co-operative, 2–5 players: the table's mean AP and how often each
  band of the completion table was reached;
- the full game: the mean AP of Story cards (Side Quests met, Curses kept) a player
  ends with, and the Magic Items played a game.

The figures measure the reconstructed board, dice and cards as these bots play them,
not as people do.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from engine import LocalSession, Seat

from engine.games.dice_upon_a_time import GAME
from engine.games.dice_upon_a_time import events as ev
from engine.games.dice_upon_a_time.cards import load as load_cards
from engine.games.dice_upon_a_time.rules import BANDS, band

CARDS = load_cards()
TABLES = (2, 3, 4, 5)


def play(job: tuple[tuple[str, ...], int, dict], base: dict | None = None):
    """One game of ``bots`` on ``seed`` with ``options`` (over ``base``): (AP by seat,
    winners, start player, quests drawn, quests completed, band, turns, chapters, mean
    Story card AP, Magic Items played, the chapter the Quest decks ran out in or -1)."""
    bots, seed, options = job
    options = {**(base or {}), **options}
    s = LocalSession(GAME, [Seat(f"b{i}", kind) for i, kind in enumerate(bots)], seed, options)
    s.run_bots()
    r = s.result()
    drawn, done = set(), set()
    start, turns, chapter, left, out = -1, 0, 0, len(CARDS.quests), -1
    for entry in s.applied_entries():
        for e in entry.events:
            if isinstance(e, ev.ChapterBegan):
                chapter = e.chapter
            elif isinstance(e, ev.Shuffled):
                left = sum(len(d) for d in e.decks.values())
            elif isinstance(e, (ev.QuestsDrawn, ev.KingDrew)):
                left -= len(e.quests)
            elif isinstance(e, ev.KingKept):
                left += len(e.returned)
            if out < 0 and left == 0 and isinstance(e, (ev.QuestsDrawn, ev.KingKept)):
                out = chapter
            if isinstance(e, ev.QuestsDrawn):
                drawn.update(e.quests)
            elif isinstance(e, ev.KingKept):
                drawn.add(e.quest)
            elif isinstance(e, ev.Completed):
                done.add(e.quest)
            elif isinstance(e, ev.Started):
                start = e.seat
            elif isinstance(e, ev.TurnBegan):
                turns += 1
    played = sum(1 for entry in s.applied_entries() for e in entry.events if isinstance(e, ev.ItemPlayed))
    stories = statistics.mean(x.get("story AP", 0) for x in r.scores)
    return ([x["total"] for x in r.scores], tuple(r.winners), start, drawn, done, band(s.state), turns,
            s.state.chapter, stories, played, out)


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cards", choices=("full", "beginner"), default="full")
    args = parser.parse_args(argv)
    seeds = range(args.games)
    base = {"cards": args.cards, "characters": "abilities" if args.cards == "full" else "none"}
    print(f"Game: {'the full game' if args.cards == 'full' else 'the beginner game'}.\n")
    extra = []
    with ProcessPoolExecutor(args.jobs) as pool:
        vs = list(pool.map(play, [(("heuristic", "random") if k % 2 == 0 else ("random", "heuristic"), k, {})
                                  for k in seeds], [base] * len(seeds)))
        share = sum((1 / len(w)) if (k % 2) in w else 0 for k, (_, w, *_) in enumerate(vs))
        print(f"## Heuristic against random, 2 players, {args.games} seeds\n")
        print(f"The heuristic wins {100 * share / args.games:.0f} % (a shared win counts half).\n")
        print("## Heuristic bots, competitive: AP and wins by seat position from the starting player\n")
        print("| players | mean AP by position | win share by position | median winning AP |")
        print("|---|---|---|---|")
        drawn_in, done_in = Counter(), Counter()
        lengths = {}
        for n in TABLES:
            games = list(pool.map(play, [(("heuristic",) * n, k, {}) for k in seeds], [base] * len(seeds)))
            extra.append((n, statistics.mean(g[8] for g in games), statistics.mean(g[9] for g in games)))
            aps = [[] for _ in range(n)]
            wins = [0.0] * n
            lengths[n] = statistics.mean(g[6] for g in games)
            for scores, winners, start, drawn, done, *_ in games:
                for pos in range(n):
                    aps[pos].append(scores[(start + pos) % n])
                for w in winners:
                    wins[(w - start) % n] += 1 / len(winners)
                if n == 4:
                    drawn_in.update(drawn)
                    done_in.update(done & drawn)
            best = statistics.median(max(g[0]) for g in games)
            print(f"| {n} | {' / '.join(f'{statistics.mean(a):.1f}' for a in aps)} | "
                  f"{' / '.join(f'{100 * w / len(games):.0f} %' for w in wins)} | {best:g} |")
        print("\n## Quests completed of the games they were drawn in (4 heuristic bots)\n")
        print("| quest | AP | kind | drawn | completed |")
        print("|---|---|---|---|---|")
        for q in CARDS.quests.values():
            k = drawn_in[q.id]
            print(f"| {q.id} {q.name} | {q.ap} | {q.kind} | {k} | "
                  f"{(100 * done_in[q.id] / k) if k else 0:.0f} % |")
        print("\n## Game length (heuristic bots, competitive)\n")
        print("| players | turns a game (standard, 6 chapters) |")
        print("|---|---|")
        for n in TABLES:
            print(f"| {n} | {lengths[n]:.0f} |")
        print("\n## Extra Long (heuristic bots): chapters a game lasts\n")
        print("| players | competitive: mean (fewest–most) | decks out before chapter 6 | "
              "co-operative: mean (fewest–most) |")
        print("|---|---|---|---|")
        for n in TABLES:
            long = list(pool.map(play, [(("heuristic",) * n, k, {"length": "extra_long"}) for k in seeds],
                                 [base] * len(seeds)))
            coop = list(pool.map(play, [(("heuristic",) * n, k, {"length": "extra_long", "mode": "cooperative"})
                                        for k in seeds], [base] * len(seeds)))
            early = sum(1 for g in long if 0 < g[10] < 6)
            print(f"| {n} | {statistics.mean(g[7] for g in long):.1f} ({min(g[7] for g in long)}–"
                  f"{max(g[7] for g in long)}) | {100 * early / len(long):.0f} % | "
                  f"{statistics.mean(g[7] for g in coop):.1f} ({min(g[7] for g in coop)}–{max(g[7] for g in coop)}) |")
        print("\n## Co-operative, heuristic bots: the table's AP and the band reached\n")
        print("| players | mean AP | bands (below 1st, 1st … 4th) |")
        print("|---|---|---|")
        for n in TABLES:
            games = list(pool.map(play, [(("heuristic",) * n, k, {"mode": "cooperative"}) for k in seeds],
                                  [base] * len(seeds)))
            bands = Counter(g[5] for g in games)
            mean = statistics.mean(sum(g[0]) for g in games)
            cells = " / ".join(f"{100 * bands[b] / len(games):.0f} %" for b in range(5))
            print(f"| {n} | {mean:.1f} (edges {', '.join(map(str, BANDS[n]))}) | {cells} |")
        if args.cards == "full":
            print("\n## Story cards and Magic Items (heuristic bots, competitive)\n")
            print("| players | mean Story card AP a player | Magic Items played a game |")
            print("|---|---|---|")
            for n, story_ap, played in extra:
                print(f"| {n} | {story_ap:+.2f} | {played:.1f} |")


if __name__ == "__main__":
    main()
