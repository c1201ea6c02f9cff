"""How often a person is asked in a full game of Dice Upon a Time (issue 22, item 2):
``python tests/dice_window_figures.py [GAMES]`` plays seeded full 4-player games, the
people's moves chosen by the heuristic bot, and prints per game, on average:

- decisions: the commands the people give (each is at least one key);
- "no item": the people's answers to a Magic Item window that offered nothing else;
- hand-overs: at one keyboard, how often the person to act changes in a game that
  hides something (each is a screen and an enter).

Tables: ann against three bots, and ann and bob at one keyboard with two bots, with
the windows option as each table starts by default (a table of one person: quick) and,
for two people, with ``windows=quick``. Works on engines before the option existed
(the options it does not know are left out), to compare with an older checkout.
"""

from __future__ import annotations

import random
import sys
from statistics import mean

import engine
from engine import Seat
from engine.core.reactions import Pass


def play(seed: int, people: int, options: dict) -> tuple[int, int, int]:
    """One game: (decisions, "no item" answers, hand-overs) of its people."""
    seats = [Seat(n) for n in ("ann", "bob")[:people]] + [Seat(f"bot{i}", "heuristic") for i in range(people + 1, 5)]
    known = set(engine.get_game("dice-upon-a-time").Options.__struct_fields__)
    s = engine.new_game("dice-upon-a-time", seats, seed=seed, options={k: v for k, v in options.items() if k in known})
    brain, rng = s.game.bots["heuristic"](seed), random.Random(seed)
    decisions = no_item = handovers = 0
    last = None
    while s.result() is None:
        s.run_bots()
        if s.result() is not None:
            break
        seat = s.to_act_seats()[0]
        legal = s.legal_commands(seat)
        command = brain.choose(s.view(seat), legal, rng)
        decisions += 1
        if legal == [Pass()]:
            no_item += 1
        if people > 1 and last is not None and seat != last:
            handovers += 1
        last = seat
        s.submit(seat, command)
    return decisions, no_item, handovers


def main(games: int = 20) -> None:
    tables = [("ann against three bots", 1, {}), ("ann and bob, two bots (secret)", 2, {}),
              ("ann and bob, two bots (quick)", 2, {"windows": "quick"})]
    for label, people, options in tables:
        runs = [play(seed, people, options) for seed in range(1, games + 1)]
        d, n, h = (mean(r[k] for r in runs) for k in range(3))
        print(f"{label}: {d:.0f} decisions, {n:.0f} 'no item' answers, {h:.0f} hand-overs per game ({games} games)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
