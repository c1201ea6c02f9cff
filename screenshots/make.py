"""Make the SVG screenshots in this folder from seeded games, by keys.

Run: ``.venv/bin/python screenshots/make.py`` (re-run when a screen changes); with names
(``make.py bottlecap-vikings``) it makes only those. Each screen is driven with
Textual's Pilot at 120×36, the way the TUI tests drive it.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import engine  # noqa: E402
from tui.app import BoxtopApp  # noqa: E402
from tui.support.paths import EXAMPLES  # noqa: E402

SIZE = (120, 36)
#: The screenshots to make (their names), from the command line; empty: all of them.
ONLY = set(sys.argv[1:])


def keep_spaces(svg: str) -> str:
    """``svg`` with its spaces kept as drawn: Rich writes a run's leading space as a
    no-break space, which SVG renderers such as librsvg drop unless the document says
    ``xml:space="preserve"`` ("ann at the keyboard" rendered as "annat the keyboard")."""
    return svg.replace("<svg ", '<svg xml:space="preserve" ', 1)


async def shoot(app: BoxtopApp, name: str, keys: list[str], wait: float = 0.3, pace: float = 0.0) -> None:
    """Press ``keys`` in ``app`` (``pace`` seconds apart), wait ``wait`` seconds and write
    screenshot ``name``."""
    if ONLY and name not in ONLY:
        return
    async with app.run_test(size=SIZE) as pilot:
        for key in keys:
            await pilot.press(key)
            if pace:
                await pilot.pause(pace)
        await pilot.pause(wait)
        # export, not save_screenshot: a remote app refuses to write files (it runs on a host)
        (HERE / f"{name}.svg").write_text(keep_spaces(app.export_screenshot()), encoding="utf-8")
    print(f"screenshots/{name}.svg")


async def main() -> None:
    os.environ["BOXTOP_SAVE_DIR"] = tempfile.mkdtemp()
    os.environ["BOXTOP_DATA_DIR"] = tempfile.mkdtemp()  # personal bests start empty
    await shoot(BoxtopApp(), "menu", [])
    await shoot(BoxtopApp(), "new-game", ["n"])

    vs_bots = [engine.Seat("ann"), engine.Seat("bob", "heuristic"), engine.Seat("cyd", "heuristic"),
               engine.Seat("dan", "heuristic"), engine.Seat("eve", "random")]
    session = engine.new_game("gift-trap", vs_bots, seed=21, options={"extra_tiles": True})
    # Two rounds by keys, then Give tiles in round 3 and two Get tiles placed.
    keys: list[str] = []
    for _ in range(2):
        keys += ["right", "enter"] + ["enter"] * 4 + ["d"] + ["enter"] * 4 + ["d"]
    await shoot(BoxtopApp(session=session), "gift-trap", keys + ["enter", "m", "right", "enter"])

    hot = engine.new_game("gift-trap", ["ann", "bob", "cyd", "dan"], seed=8)
    # past the hand-over's guard, when it names the key that continues
    await shoot(BoxtopApp(session=hot), "handover", ["enter", "enter", "enter", "enter", "d"], wait=1.0)

    replay = engine.load(str(EXAMPLES / "gift-trap-hot-seat.json"))
    await shoot(BoxtopApp(replay=replay), "replay", ["home"] + ["right"] * 40 + ["v"])
    # the example Naughty or Nice game with its kept analysis: ann's third graded move, then the chart
    naughty = EXAMPLES / "naughty-or-nice-full.json"
    graded = ["a", "home", "v"] + ["right"] * 18
    await shoot(BoxtopApp(replay=engine.load(str(naughty)), saved_in=naughty), "replay-analysis", graded)
    await shoot(BoxtopApp(replay=engine.load(str(naughty)), saved_in=naughty), "replay-chances", graded + ["w"])

    await shoot(BoxtopApp(), "rules", ["question_mark", "enter"])  # the menu's Rules, then Gift Trap's page

    done = engine.new_game("gift-trap", [engine.Seat("ann")] + [engine.Seat(n, "heuristic") for n in ("bob", "cyd", "dan")],
                           seed=4, options={"track_length": 10})
    keys = []
    for _ in range(12):
        keys += ["right", "enter"] + ["enter"] * 3 + ["d"] + ["enter"] * 4 + ["d"]
    await shoot(BoxtopApp(session=done), "result", keys)

    # Giftbringer: ann and two bots, three rounds in; and a short solo game at its result
    gb = engine.new_game("giftbringer", [engine.Seat("ann"), engine.Seat("bot2", "heuristic"),
                                         engine.Seat("bot3", "heuristic")], seed=5)
    from engine.core.rng import rng_for
    from engine.games.giftbringer.bot import HeuristicBot

    gb.run_bots()
    careful = HeuristicBot(0)  # ann's first four rounds as a careful player would play them
    while gb.state.round <= 4:
        gb.submit(0, careful.choose(gb.view(0), gb.legal_commands(0), rng_for(5, gb.ply, "shot")))
        gb.run_bots()
    await shoot(BoxtopApp(session=gb), "giftbringer", ["space", "right", "space", "plus", "down", "down"])
    await shoot(BoxtopApp(session=gb), "giftbringer-other", ["o"])
    # a whole solo game played carefully, its last round left to the keys
    solo = engine.new_game("giftbringer", [engine.Seat("ann")], seed=5)
    from engine.games.giftbringer.commands import Done

    while True:
        move = careful.choose(solo.view(0), solo.legal_commands(0), rng_for(5, solo.ply, "shot"))
        if isinstance(move, Done) and solo.state.round == solo.state.options.rounds:
            break
        solo.submit(0, move)
    await shoot(BoxtopApp(session=solo), "giftbringer-result", ["d", "d"])

    # Bottlecap Vikings: ann and two bots, twelve turns in, a move of 2 chosen (the ring
    # lights where it lands); and a game against a bot whose last move is made by keys
    from engine.core.bots import RandomBot
    from engine.games.bottlecap_vikings.bot import random_command

    picks = RandomBot(0, pick=random_command)
    bv = engine.new_game("bottlecap-vikings", [engine.Seat("ann"), engine.Seat("bob", "heuristic"),
                                               engine.Seat("cyd", "heuristic")], seed=5)
    bv.run_bots()
    while bv.state.turns < 12 or bv.state.queue[0].op != "move" or 0 not in bv.to_act_seats():
        bv.submit(0, picks.choose(bv.view(0), bv.legal_commands(0), rng_for(5, bv.ply, "shot")))
        bv.run_bots()
    await shoot(BoxtopApp(session=bv), "bottlecap-vikings", ["2"])
    played = engine.new_game("bottlecap-vikings", [engine.Seat("ann"), engine.Seat("bob", "random")], seed=5)
    played.run_bots()
    moves = []
    while played.result() is None:
        move = picks.choose(played.view(0), played.legal_commands(0), rng_for(5, played.ply, "shot"))
        moves.append(move)
        played.submit(0, move)
        played.run_bots()
    assert played.result().winners == [0], "ann must win the shot's game: pick another seed"
    won = engine.new_game("bottlecap-vikings", [engine.Seat("ann"), engine.Seat("bob", "random")], seed=5)
    won.run_bots()
    for move in moves[:-1]:
        won.submit(0, move)
        won.run_bots()
    await shoot(BoxtopApp(session=won), "bottlecap-vikings-result", ["colon", *won.notation(moves[-1]), "enter"])

    # Naughty or Nice: ann and three bots, her turn a dozen turns in, a Fulfill being chosen
    # (the kiddo, then the presents that fit); and a game against a bot ended by keys
    from engine.core.bots import RandomBot as NNRandom
    from engine.games.naughty_or_nice.commands import Fulfill

    nn_picks = NNRandom(0)
    nn = engine.new_game("naughty-or-nice", [engine.Seat("ann"), engine.Seat("bob", "heuristic"),
                                             engine.Seat("cyd", "heuristic"), engine.Seat("dan", "heuristic")],
                         seed=6)
    nn.run_bots()
    while not (nn.state.turns >= 12 and nn.to_act_seats() == [0] and not nn.state.acted and not nn.state.windows
               and not nn.state.prompts and any(isinstance(c, Fulfill) for c in nn.legal_commands(0))):
        nn.submit(0, nn_picks.choose(nn.view(0), nn.legal_commands(0), rng_for(6, nn.ply, "shot")))
        nn.run_bots()
    await shoot(BoxtopApp(session=nn), "naughty-or-nice", ["f", "enter", "a"])
    nn_moves = []
    nn_played = engine.new_game("naughty-or-nice", [engine.Seat("ann"), engine.Seat("bob", "random")], seed=2)
    nn_played.run_bots()
    while nn_played.result() is None:
        move = nn_picks.choose(nn_played.view(0), nn_played.legal_commands(0), rng_for(2, nn_played.ply, "shot"))
        nn_moves.append(move)
        nn_played.submit(0, move)
        nn_played.run_bots()
    nn_won = engine.new_game("naughty-or-nice", [engine.Seat("ann"), engine.Seat("bob", "random")], seed=2)
    nn_won.run_bots()
    for move in nn_moves[:-1]:
        nn_won.submit(0, move)
        nn_won.run_bots()
    await shoot(BoxtopApp(session=nn_won), "naughty-or-nice-result", ["colon", *nn_won.notation(nn_moves[-1]), "enter"])

    # Dice Upon a Time, the full game: ann and three heuristic bots in chapter 3 or later,
    # her die chosen and a socket walked to, then her row of Magic Items and abilities;
    # and a short game against a bot ended by keys
    from engine.games.dice_upon_a_time.bot import HeuristicBot as DUBot

    du_me = DUBot(0)
    du = engine.new_game("dice-upon-a-time", [engine.Seat("ann"), engine.Seat("bob", "heuristic"),
                                              engine.Seat("cyd", "heuristic"), engine.Seat("dan", "heuristic")],
                         seed=6)
    du.run_bots()
    from engine.games.dice_upon_a_time import commands as du_cmd

    def du_ready() -> bool:
        st = du.state
        return (st.chapter >= 3 and du.to_act_seats() == [0] and st.step == "place" and not st.prompts
                and not st.windows and bool(st.players[0].quests)
                and any(isinstance(c, (du_cmd.Play, du_cmd.Walk)) for c in du.legal_commands(0)))

    while not du_ready():
        du.submit(0, du_me.choose(du.view(0), du.legal_commands(0), rng_for(6, du.ply, "shot")))
        du.run_bots()
    await shoot(BoxtopApp(session=du), "dice-upon-a-time", ["tab", "tab"])
    # the full game: before placing, a opens the row of Magic Items, abilities and trades
    await shoot(BoxtopApp(session=du), "dice-upon-a-time-items", ["a"])
    # q: every player's quests and Story cards with their texts, over the table
    await shoot(BoxtopApp(session=du), "dice-upon-a-time-quests", ["q"])
    du_moves = []
    du_played = engine.new_game("dice-upon-a-time", [engine.Seat("ann"), engine.Seat("bob", "heuristic")], seed=2,
                                options={"length": "short"})
    du_played.run_bots()
    while du_played.result() is None:
        move = du_me.choose(du_played.view(0), du_played.legal_commands(0), rng_for(2, du_played.ply, "shot"))
        du_moves.append(move)
        du_played.submit(0, move)
        du_played.run_bots()
    du_won = engine.new_game("dice-upon-a-time", [engine.Seat("ann"), engine.Seat("bob", "heuristic")], seed=2,
                             options={"length": "short"})
    du_won.run_bots()
    for move in du_moves[:-1]:
        du_won.submit(0, move)
        du_won.run_bots()
    await shoot(BoxtopApp(session=du_won), "dice-upon-a-time-result",
                ["colon", *du_won.notation(du_moves[-1]), "enter"])


def lesson_keys(slug: str, upto: int) -> list[str]:
    """The keys that do the first ``upto`` steps of ``slug``'s lesson, as a learner does
    them (enter to go on; the step's table keys, or its move typed after ``:``)."""
    from engine.core import lesson as lessons

    keys: list[str] = []
    for step in lessons.load(slug).steps[:upto]:
        if step.do == "read":
            keys.append("enter")
        elif step.keys:
            keys += step.keys.split()
        else:
            keys += ["colon", *step.moves[0], "enter"]
    return keys


#: The lesson step each screenshot shows (steps done before it): one where the box talks
#: about a part of the table it marks, mid-lesson.
LESSON_STEPS = {"gift-trap": 18, "giftbringer": 19, "bottlecap-vikings": 16, "naughty-or-nice": 10,
                "dice-upon-a-time": 6}


async def lessons_shots() -> None:
    """One step of each game's lesson (``lesson-SLUG``), reached by keys as a learner does."""
    from engine.core import lesson as lessons

    for slug in engine.slugs():
        if not lessons.has_lesson(slug):
            continue
        keys = lesson_keys(slug, LESSON_STEPS.get(slug, 2))
        # at a reader's pace: a lesson drops the keys typed with the enter that went on
        await shoot(BoxtopApp(lesson=slug), f"lesson-{slug}", keys, wait=1.0, pace=0.4)


async def shared() -> None:
    """The lobby of a host with three rooms, and a waiting room, as ann sees them."""
    import host.service
    from host import protocol as p
    from host.client import ServiceClient
    from host.service import RoomService

    data = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
    seeds = iter([5, 6, 7, 8])
    host.service.new_seed = lambda: next(seeds)  # the same rooms every time
    service = RoomService(data, bot_pace=None)
    await service.start(data / "s.sock")
    bob = await ServiceClient.connect(data / "s.sock", "bob")
    await bob.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec(), p.SeatSpec("heuristic")]))
    cyd = await ServiceClient.connect(data / "s.sock", "cyd")
    await cyd.send(p.CreateRoom("gift-trap", [p.SeatSpec(), p.SeatSpec("heuristic"), p.SeatSpec("random"),
                                              p.SeatSpec("heuristic")]))
    await cyd.send(p.StartGame())
    await asyncio.sleep(0.3)
    await shoot(BoxtopApp(remote=(str(data / "s.sock"), "ann")), "lobby", [])
    await shoot(BoxtopApp(remote=(str(data / "s.sock"), "ann")), "waiting-room", ["c", "ctrl+g"])
    for client in (bob, cyd):
        await client.close()
    await service.close()


if __name__ == "__main__":
    asyncio.run(main())
    asyncio.run(lessons_shots())
    asyncio.run(shared())
