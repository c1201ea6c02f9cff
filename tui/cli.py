"""The ``boxtop`` command line: the menu, games, play, load, demo, arena, analyse, replay and verify.

Every failure a player can cause (a bad flag, a broken save) ends with one line on
stderr and exit status 2 — never a traceback. Every line that carries text read from a
file (a save's names and log, an analysis, a file's name in an error) is printed through
``engine.core.text.printable``, so no control character in a file reaches the terminal.
The Textual app is imported only by the commands that open it, so ``demo`` and
``verify`` start fast.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Sequence

import engine
from engine import Seat
from engine.core.text import printable

from .support import bots

#: Words for a bot in ``--seats`` → its kind (``tui.support.bots.WORDS``: ``bot`` is a normal one).
BOT_WORDS = bots.WORDS


class CliError(Exception):
    """A mistake on the command line; its text is printed as one line."""


def parse_seats(spec: str, game: engine.Game) -> list[Seat]:
    """Seats from ``ann,bot:hard,bob:random,easy``: a name is a person; ``bot`` (a normal
    bot), a strength (``easy``, ``normal``, ``hard``, ``expert``), ``heuristic`` or
    ``random`` alone is a bot of that kind named after its seat (``bot2``…), as is
    ``bot:KIND``; ``name:KIND`` names a bot of that kind.

    Raises ``CliError`` (one line naming the game's bots) for a kind that names no bot
    or a strength the game does not have.
    """
    seats = []
    for i, word in enumerate(w.strip() for w in spec.split(",")):
        name, colon, kind = word.partition(":")
        if not colon and name.lower() in BOT_WORDS:  # a bot named after its seat
            kind, name = name, ""
        if kind:
            try:
                kind = bots.kind_of(kind, game)
            except ValueError as err:
                raise CliError(str(err)) from None
            if name.strip().lower() in ("", "bot"):
                name = f"bot{i + 1}"
            seats.append(Seat(name.strip(), kind))
        else:
            seats.append(Seat(name))
    return seats


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["extra_tiles=true", …]`` → ``{"extra_tiles": "true"}``; raises ``CliError``."""
    options = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise CliError(f"--option takes key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _game(slug: str) -> engine.Game:
    try:
        return engine.get_game(slug)
    except KeyError as err:
        raise CliError(err.args[0]) from None


def _in_app(game: engine.Game) -> None:
    """Raise ``CliError`` unless the app has a table for ``game`` (the menu says
    "command line only for now" of a game without one)."""
    from .games import has_table

    if not has_table(game.slug):
        raise CliError(f"{game.title} cannot be played in the app yet: boxtop demo and boxtop replay --print show it")


def result_line(session: engine.LocalSession) -> str:
    """The result as one line: who won in plain words (a shared win and a tie-break
    said as such, a solo game's points), then each seat's scores under the labels of
    every seat (``Result.labels``; "-" where a seat has no such score)."""
    result = session.result()
    if result is None:
        return "result: the game is not over"
    names = session.names
    labels = result.labels()
    scores = ", ".join(
        f"{names[i]} " + "/".join(str(s[label]) if label in s else "-" for label in labels)
        for i, s in enumerate(result.scores)
    )
    return f"result: {result.summary(names)} Scores ({'/'.join(labels)}): {scores}."


def header_line(session: engine.LocalSession) -> str:
    """The first line of ``demo`` and ``replay --print``: the game, its players, the
    seed, the options that differ from the defaults and who asked for a hint ("Naughty
    or Nice · bot1, ann · seed 24 · level 1 · hints used by ann")."""
    from engine.core.save_write import hints_note, options_note

    note = options_note(session.game.slug, session.options, session.seats)
    hints = hints_note(session.hinted_names())
    return " · ".join([session.game.title, ", ".join(session.names), f"seed {session.seed}"]
                      + [part for part in (note, hints) if part])


def print_entries(session: engine.LocalSession, out=None) -> None:
    """Print the header line (``header_line``), then every applied entry in notation,
    with the public events it caused, then the result."""
    out = out or sys.stdout
    game, names = session.game, session.names
    print(printable(header_line(session)), file=out)
    for entry in session.applied_entries():
        if entry.seat is not None:
            print(printable(f"{entry.seq:5d} {names[entry.seat]}: {session.notation(entry.command)}"), file=out)
        for event in entry.events:
            if game.redact(event, None) is None:
                continue
            for line in game.describe(event, names).splitlines():
                print(printable(f"      {line}"), file=out)
    print(printable(result_line(session)), file=out)


def cmd_games(args) -> int:
    for game in engine.all_games():
        print(f"{game.slug:20s} {game.title:20s} {game.min_players}–{game.max_players} players")
    return 0


def cmd_demo(args) -> int:
    game = _game(args.game)
    n = args.players if args.players is not None else game.min_players
    if not game.min_players <= n <= game.max_players:
        raise CliError(f"{game.title} takes {game.min_players}–{game.max_players} players, not {n}")
    try:
        kind = bots.kind_of(args.bot, game)
    except ValueError as err:
        raise CliError(str(err)) from None
    seats = [Seat(f"bot{i + 1}", kind) for i in range(n)]
    if args.save is not None:
        check_writable(args.save)  # before the game, not after it
    session = engine.new_game(game.slug, seats, seed=args.seed, options=parse_options(args.option))
    session.run_bots()
    if session.result() is None:
        raise CliError("the bots stopped before the end of the game")
    print_entries(session)
    if args.save:
        session.save(args.save)
        print(f"saved: {args.save}")
    return 0


def cmd_arena(args) -> int:
    """``boxtop arena SLUG --seats expert,normal --games N``: seeded bot-only games with
    the seats rotated (``engine.core.arena``), a progress bar on stderr while they run,
    then a table on stdout (``arena_lines``)."""
    from contextlib import closing

    from engine.core import arena

    kinds = [word.strip().lower() for word in args.seats.split(",") if word.strip()]
    options = parse_options(args.option)
    seats = arena.check(args.game, kinds, args.players, options)
    game = engine.get_game(args.game)
    records: list = []
    plays = arena.play(game.slug, seats, args.games, seed=args.seed, jobs=args.jobs, options=options,
                       seconds=args.time, iterations=args.iterations)
    with _arena_progress(args.games) as advance, closing(plays):
        for record in plays:
            records.append(record)
            advance(" · ".join(f"{t.kind} {_wins(t.wins)}" for t in arena.tally(records, seats)))
    for line in arena_lines(game, seats, records, args):
        print(line)
    return 0


def _wins(wins: float) -> str:
    return f"{wins:.0f}" if abs(wins - round(wins)) < 1e-9 else f"{wins:.2f}"


def arena_lines(game: engine.Game, seats: list[str], records: list, args) -> list[str]:
    """The arena's report: a header (the game, the lineup, the games and their seeds,
    the jobs), each search kind's budget a move, then one row per seat kind: its seats a
    game, games, wins (a shared win counts 1/k), the part of the games it won with the
    95 % Wilson interval, the part chance gives, its moves and their mean and longest
    seconds."""
    from engine.core import arena

    n, games = len(seats), len(records)
    jobs = min(args.jobs, games) if games > 1 else 1
    lines = [
        f"{game.title} · {games} game{'s' * (games != 1)}, seeds {args.seed}–{args.seed + games - 1}"
        f" · {jobs} job{'s' * (jobs != 1)}",
        f"seats: {', '.join(seats)} ({n} players), rotated one seat each game",
    ]
    for kind in dict.fromkeys(seats):
        if kind in arena.BUDGETS:
            iterations, seconds = arena.budget(kind, args.time, args.iterations)
            cap = [f"{iterations} iteration{'s' * (iterations != 1)}"] if iterations < 10**9 else []
            clock = [f"{seconds:g} s"] if seconds is not None else []
            lines.append(f"{kind} searches at most {' or '.join(cap + clock)} a move{'' if clock else ' (no clock)'}")
    w = max(len("kind"), *(len(kind) for kind in seats))
    lines.append(f"{'kind':{w}s} {'seats':>5s} {'games':>5s} {'wins':>6s} {'won':>6s} {'95 % interval':>13s}"
                 f" {'chance':>6s} {'moves':>6s} {'s/move':>7s} {'longest':>7s}")
    for t in arena.tally(records, seats):
        low, high = t.interval()
        lines.append(f"{t.kind:{w}s} {t.seats:5d} {t.games:5d} {_wins(t.wins):>6s} {t.share:6.1%} "
                     f"{f'{100 * low:.1f}–{100 * high:.1f} %':>13s} {t.chance(n):6.1%} {t.moves:6d} "
                     f"{t.mean:7.4f} {t.longest:7.4f}")
    return lines


#: Seconds between two progress lines on a stderr that is not a terminal.
PROGRESS_EVERY = 10.0


def _progress(what: str):
    """A context giving ``advance(done, total)``: a rich bar of ``what`` on stderr when it
    is a terminal (removed when done), else a line on stderr ("moves 3/76 · 0:00:11")
    for the first step, then at most one every ``PROGRESS_EVERY`` seconds, and for the
    last: a log or a pipe sees that the work goes on."""
    from contextlib import contextmanager

    @contextmanager
    def line():
        if not sys.stderr.isatty():
            import time

            start = time.monotonic()
            said = [start - PROGRESS_EVERY]

            def advance(done: int, total: int) -> None:
                now = time.monotonic()
                if done in (1, total) or now - said[0] >= PROGRESS_EVERY:
                    said[0] = now
                    spent = int(now - start)
                    clock = f"{spent // 3600}:{spent // 60 % 60:02d}:{spent % 60:02d}"
                    print(f"{what} {done}/{total} · {clock}", file=sys.stderr, flush=True)

            yield advance
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        with Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("", total=None)
            yield lambda done, total: progress.update(task, completed=done, total=total)

    return line()


def _arena_progress(total: int):
    """A context giving ``advance(note)``, called after each game: a rich progress bar
    on stderr when it is a terminal, else a line per game ("game 3/8 · expert 2 ·
    normal 1"). Removed when the games are done."""
    from contextlib import contextmanager

    @contextmanager
    def bar():
        if not sys.stderr.isatty():
            done = [0]

            def line(note: str) -> None:
                done[0] += 1
                print(f"game {done[0]}/{total} · {note}", file=sys.stderr, flush=True)

            yield line
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        with Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TextColumn("left"), TimeRemainingColumn(), TextColumn("{task.description}"),
                      console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task("", total=total)
            yield lambda note: progress.update(task, advance=1, description=note)

    return bar()


def _number(convert: Callable[[str], Any], kind: str, within: Callable[[Any], bool], bounds: str):
    """An argparse ``type``: ``text`` read by ``convert`` (``int``, ``float``) and kept
    when ``within`` it; otherwise argparse says the error in one line, "'x' is not
    ``kind``" or "5 is not ``bounds``" (a NaN is never within)."""
    def read(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}") from None
        if not within(value):
            raise argparse.ArgumentTypeError(f"{text} is not {bounds}")
        return value

    return read


#: A seed: a whole number from 0 to 2**63 − 1.
_seed = _number(int, "a whole number", lambda v: 0 <= v < 2 ** 63, "between 0 and 2**63 - 1")
#: A whole number of at least 1.
_count = _number(int, "a whole number", lambda v: v >= 1, "at least 1")
#: Seconds above 0, at most 600.
_positive_seconds = _number(float, "a number of seconds", lambda v: 0 < v <= 600, "above 0 and at most 600 seconds")


def check_writable(path: str) -> None:
    """Raise ``CliError`` (one line) unless a save can be written at ``path``: it needs a
    file name, never replaces a file that is not a boxtop save
    (``engine.core.save_read.looks_like_save``; a save there is replaced, as asked), and its
    folder must exist or be creatable and take a new file (tried with a temporary
    file, removed at once). Creates the folder."""
    import os
    import tempfile

    from engine.core.save_read import looks_like_save

    if not path.strip():
        raise CliError("a save needs a file name")
    full = os.path.abspath(os.path.expanduser(path))
    if os.path.isdir(full):
        raise CliError(f"cannot save to {path}: it is a folder; give a file name")
    if os.path.lexists(full) and not looks_like_save(full):
        raise CliError(f"cannot save to {path}: it exists and is not a boxtop save; remove it or give another name")
    folder = os.path.dirname(full)
    while not os.path.exists(folder) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        raise CliError(f"cannot save to {path}: {folder} is a file, not a folder")
    try:
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with tempfile.TemporaryFile(dir=os.path.dirname(full)):
            pass
    except OSError as err:
        raise CliError(f"cannot save to {path}: {err.strerror or err}") from None


def _save_path(text: str) -> str:
    """The save file ``text`` names: as typed, or a name alone in the save folder
    (``tui.support.paths.find_save``: ``boxtop load mygame`` after saving "mygame" in a game)."""
    from .support.paths import find_save

    return str(find_save(text))


def cmd_analyse(args) -> int:
    """``boxtop analyse PATH [--seat NAME] [--time S] [--rounds R] [--width W] [--jobs J]
    [--seed K] [--json]``: every person's move (or one seat's) graded against the search
    from that seat's view (``engine.core.analysis``), a progress bar on stderr while it
    runs; the analysis is kept beside the save, keyed by its seed and budget, so a second
    run with the same ones prints it at once and another ``--seed`` shows the play-outs'
    noise. ``--json``: one JSON object a line per graded move (``analysis_json``)."""
    from engine.core import analysis

    path = _save_path(args.path)
    session = engine.load(path)
    seat = None
    if args.seat is not None:
        names = [n.lower() for n in session.names]
        if args.seat.lower() not in names:
            raise ValueError(f"{args.seat} has no seat in this game; the seats are {', '.join(session.names)}")
        seat = names.index(args.seat.lower())
    with _progress("moves") as advance:
        done = analysis.analyse_save(path, seat, rounds=args.rounds, width=args.width, seconds=args.time, jobs=args.jobs,
                                     seed=args.seed, progress=advance, session=session)
    if args.json:
        for line in analysis_json(session, done):
            print(line)
        return 0
    for line in analysis_lines(session, done):
        print(printable(line))
    return 0


def analysis_json(session: engine.LocalSession, done) -> list[str]:
    """An analysis as JSON lines, one object per graded move: ``entry`` (its number in the
    save, as the replay shows it), ``ply`` (its place in the applied log), ``seat`` (the
    index) and ``player`` (the name), ``command``, ``grade``, ``chance`` (0–1), ``best``
    and ``best_chance``, ``error`` (the standard error of the drop, 0–1), ``indistinct``
    (the play-outs told no move apart from the ``normal`` bot's choice: the grade blames
    nothing) and ``seed``. Text from the save is escaped by JSON, so no control character reaches a terminal."""
    import msgspec

    return [msgspec.json.encode({
        "entry": session.applied_seq(g.ply), "ply": g.ply, "seat": g.seat, "player": session.names[g.seat],
        "command": g.played, "grade": g.grade, "chance": g.chance, "best": g.best, "best_chance": g.best_chance,
        "error": g.error, "indistinct": g.indistinct, "seed": done.seed,
    }).decode() for g in done.grades]


def analysis_lines(session: engine.LocalSession, done) -> list[str]:
    """An analysis as lines: one a move ("12 · ann: cross 3 on V2 — mistake: 41 %; best
    land S1, 55 %", 12 its entry's number in the save, as the replay shows it), then
    each seat's count of every grade."""
    from engine.core.analysis import GRADES

    lines = []
    for g in done.grades:
        # numbered as the save numbers its entries (the replay's "entry N", replay --print)
        line = f"{session.applied_seq(g.ply):>4} · {session.names[g.seat]}: {g.played} — {g.grade}: {g.chance:.0%}"
        if g.indistinct:
            line += "; the moves play out alike"
        elif g.played != g.best and g.grade != "best":
            line += f"; best {g.best}, {g.best_chance:.0%}"
        lines.append(line)
    if not done.grades:
        lines.append("no move to grade: every move was a bot's or had no other choice")
    for i, name in enumerate(session.names):
        mine = [g.grade for g in done.grades if g.seat == i]
        if mine:
            lines.append(f"{name}: " + ", ".join(f"{mine.count(k)} {k}" for k in GRADES if mine.count(k)))
    return lines


def cmd_verify(args) -> int:
    session = engine.verify(_save_path(args.path))
    print(f"ok: {len(session.entries)} entries")
    print(printable(result_line(session)))
    return 0


def doubt(path: str) -> str:
    """"" when every recorded command of the save at ``path`` gives its recorded events
    again (``engine.verify``); else one line saying it does not, for a replay that goes
    on showing what the file records."""
    try:
        engine.verify(path)
    except engine.SaveError as err:
        return f"{err}; replaying it as recorded"
    return ""


def cmd_replay(args) -> int:
    # A replay checks the file first (as verify does), says in one line when it does not
    # verify, and then replays what the file records: a damaged game can still be watched.
    path = _save_path(args.path)
    session = engine.load(path)
    note = doubt(path)
    if args.print:
        if note:
            print(printable(f"boxtop: {note}"), file=sys.stderr)
        print_entries(session)
        return 0
    _in_app(session.game)
    from .app import BoxtopApp

    from pathlib import Path

    BoxtopApp(replay=session, note=note, saved_in=Path(path)).run()
    return 0


def cmd_load(args) -> int:
    """``boxtop load PATH``: play on a saved game in the app, saving on into that file
    (a new file in the save folder for an example game)."""
    from pathlib import Path

    path = Path(_save_path(args.path))
    session = engine.load(path)
    _in_app(session.game)
    from .app import BoxtopApp
    from .screens.load import saved_in

    BoxtopApp(session=session, saved_in=saved_in(path)).run()
    return 0


def cmd_play(args) -> int:
    game = _game(args.game)
    _in_app(game)
    from .screens.new_game import DEFAULT_NAMES  # the app opens next: textual is loaded anyway

    # without --seats: the new-game form's first name ("you" read "you rolls" in the log)
    seats = parse_seats(args.seats, game) if args.seats else [Seat(DEFAULT_NAMES[0])] + [
        Seat(f"bot{i + 2}", bots.DEFAULT) for i in range(game.min_players - 1)
    ]
    seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(3), "big")
    session = engine.new_game(game.slug, seats, seed=seed, options=parse_options(args.option), undo=args.undo)
    from .app import BoxtopApp

    BoxtopApp(session=session).run()
    return 0


def cmd_learn(args) -> int:
    from engine.core import lesson as lessons

    game = _game(args.game)
    _in_app(game)
    if not lessons.has_lesson(game.slug):
        raise CliError(f"{game.title} has no lesson yet")
    lessons.load(game.slug)  # a broken lesson file is one line here, before the app starts
    from .app import BoxtopApp

    BoxtopApp(lesson=game.slug).run()
    return 0


def cmd_host(args) -> int:
    from pathlib import Path

    from host.paths import data_dir
    from host.service import BOT_PACE

    data = Path(args.data).expanduser() if args.data else data_dir()
    pace = BOT_PACE if args.bot_pace is None else args.bot_pace
    if args.no_ssh:
        return run_service(data, pace)
    from host.ssh import run_host

    keys = Path(args.authorized_keys).expanduser() if args.authorized_keys else None
    return run_host(bind=args.bind, port=args.port, authorized_keys=keys, open_=args.open, data=data, bot_pace=pace)


#: ``--bot-pace``'s value: seconds, 0 to 60.
_seconds = _number(float, "a number of seconds", lambda v: 0 <= v <= 60, "between 0 and 60 seconds")


def run_service(data, bot_pace: float) -> int:
    """Run only the room service (for hosts that use their own OpenSSH server and
    ``boxtop join``) until Ctrl+C or SIGTERM; prints where its socket is. On the signal
    every ``boxtop join`` is told and ends, giving its player's terminal back, before the
    service closes (``RoomService.stop``; a second signal hurries it). ``bot_pace``:
    seconds between two bot moves. Returns the exit status: 0 once stopped;
    2, after one line on stderr, when the service cannot start (another host holds the
    data folder, its journal is damaged, the socket cannot be made)."""
    import asyncio
    import signal

    from engine.core import thinking
    from host.paths import socket_path
    from host.service import RoomService, ServiceError

    async def serve() -> None:
        service = RoomService(data, bot_pace=bot_pace)  # raises ServiceError before touching the socket
        try:
            await service.start(socket_path(data))
        except OSError as err:
            await service.close()
            raise ServiceError(f"cannot listen on {socket_path(data)}: {err.strerror or err}") from None
        print(f"boxtop room service: {socket_path(data)} (journal in {data})", flush=True)
        stop, hurry = asyncio.Event(), asyncio.Event()  # the first Ctrl+C or SIGTERM; a second one
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: (hurry if stop.is_set() else stop).set())
        try:
            await stop.wait()
        finally:
            print("boxtop room service: stopping: telling every player (their games are kept); Ctrl+C again stops at once…",
                  flush=True)
            try:
                await service.stop(hurry=hurry)
            finally:
                thinking.stop()  # a bot's or a hint's search under way ends with the service
                for sig in (signal.SIGINT, signal.SIGTERM):
                    loop.remove_signal_handler(sig)
        print("boxtop room service: stopped.", flush=True)

    try:
        asyncio.run(serve())
    except ServiceError as err:
        print(f"boxtop: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def cmd_join(args) -> int:
    import getpass
    import os
    from pathlib import Path

    from host.paths import socket_path

    from host.protocol import HOST_TOKEN_VARIABLE

    # Under the operator's own sshd the forced command names the player (--name) and
    # takes over that name's old connection (a half-dead one would hold the seat); the
    # environment, which a client may be let set (AcceptEnv), is not trusted. Without
    # --name, only a session started by boxtop host (which gives it the room service's
    # secret, checked by the service) may take its name and key from the environment.
    token = os.environ.get(HOST_TOKEN_VARIABLE) or None
    if not args.name and token is None:
        print("boxtop: join needs --name NAME (the player), unless boxtop host started it", file=sys.stderr)
        return 2
    name = args.name or os.environ.get("BOXTOP_PLAYER") or getpass.getuser()
    key = None if args.name else os.environ.get("BOXTOP_KEY") or None
    sock = Path(args.socket).expanduser() if args.socket else socket_path()
    from .app import BoxtopApp

    app = BoxtopApp(remote=(str(sock), name, key, None if args.name else token, bool(args.name)))
    app.run()
    # 1 when the host ended the session (its line is shown); 0 when it stopped, keeping the game
    return app.return_code or 0


def cmd_menu(args) -> int:
    from .app import BoxtopApp

    BoxtopApp().run()
    return 0


def version() -> str:
    """boxtop's version, from the installed package's metadata ("unknown" without it)."""
    from importlib import metadata

    try:
        return metadata.version("boxtop")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``boxtop`` and its sub-commands."""
    p = argparse.ArgumentParser(prog="boxtop", description="Five tabletop games played in a terminal.")
    p.add_argument("--version", action="version", version=f"boxtop {version()}")
    p.set_defaults(func=cmd_menu)
    sub = p.add_subparsers(dest="command")
    sub.add_parser("games", help="list the games and their player counts").set_defaults(func=cmd_games)

    play = sub.add_parser("play", help="start a game in the app")
    play.add_argument("game")
    play.add_argument("--seats", help="comma-separated: names for people; for bots 'bot' (normal), a strength "
                      "(easy, normal, hard, expert) or 'random', alone or as name:STRENGTH")
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--undo", choices=["strict", "casual"], default="strict")
    play.set_defaults(func=cmd_play)

    learn = sub.add_parser("learn", help="learn a game by playing it: a guided first game, then play on")
    learn.add_argument("game")
    learn.set_defaults(func=cmd_learn)

    demo = sub.add_parser("demo", help="a bot-only game, headless: prints every entry and the result")
    demo.add_argument("game")
    demo.add_argument("--players", type=int)
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--bot", default="heuristic", help="easy, normal (the default), hard, expert or random")
    demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    demo.add_argument("--save", metavar="PATH")
    demo.set_defaults(func=cmd_demo)

    arena = sub.add_parser("arena", help="bot against bot: seeded games, the wins with a 95 %% interval, the time a move")
    arena.add_argument("game")
    arena.add_argument("--seats", required=True, metavar="KIND,KIND",
                       help="bot kinds (easy, normal, hard, expert …); the first sits once, the others fill the other seats in turn")
    arena.add_argument("--games", type=_count, default=20, metavar="N",
                       help="games to play (default 20), the seats rotated one place each game")
    arena.add_argument("--jobs", type=_count, default=1, metavar="J", help="worker processes (default 1)")
    arena.add_argument("--time", type=_positive_seconds, metavar="S",
                       help="seconds a move for hard and expert (default: their own budgets)")
    arena.add_argument("--iterations", type=_count, metavar="I",
                       help="iterations a move at most for hard and expert (alone: no clock, the same moves on any machine)")
    arena.add_argument("--seed", type=int, default=0, metavar="K", help="the first game's seed (then K+1, …)")
    arena.add_argument("--players", type=int, metavar="P",
                       help="seats at the table (default: one a kind, at least the game's fewest)")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    arena.set_defaults(func=cmd_arena)

    load = sub.add_parser("load", help="play on a saved game in the app")
    load.add_argument("path", help="a save file, or the name of one in the save folder")
    load.set_defaults(func=cmd_load)

    replay = sub.add_parser("replay", help="replay a saved game (checked first, as verify does)")
    replay.add_argument("path")
    replay.add_argument("--print", action="store_true", help="print the entries and the result, no UI")
    replay.set_defaults(func=cmd_replay)

    host = sub.add_parser("host", help="host shared games over SSH")
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR")
    host.add_argument("--port", type=int, default=2222)
    who = host.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", metavar="FILE", help="public keys allowed in (default: ~/.ssh/authorized_keys)")
    who.add_argument("--open", action="store_true", help="let anyone in, for a trusted network")
    host.add_argument("--data", metavar="DIR", help="journal, host key and socket (default: the user data folder)")
    host.add_argument("--no-ssh", action="store_true", help="run only the room service, for OpenSSH and boxtop join")
    host.add_argument("--bot-pace", type=_seconds, default=None, metavar="SECONDS",
                      help="seconds between two bot moves (default 0.4)")
    host.set_defaults(func=cmd_host)

    join = sub.add_parser("join", help="join the local host's lobby (for an OpenSSH ForceCommand)")
    join.add_argument("--socket", metavar="PATH", help="the room service's socket")
    join.add_argument("--name", help="player name; takes over that name's open connection (needed unless started "
                      "by boxtop host)")
    join.set_defaults(func=cmd_join)

    analyse = sub.add_parser("analyse", aliases=["analyze"],
                             help="grade every person's move of a saved game against the search")
    analyse.add_argument("path", help="a save file, or the name of one in the save folder")
    analyse.add_argument("--seat", metavar="NAME", help="only this seat's moves (default: every person's)")
    analyse.add_argument("--time", type=_positive_seconds, metavar="S", help="seconds of search a move (default: 24 rounds)")
    analyse.add_argument("--rounds", type=_count, default=24, metavar="R", help="play-out rounds a move at most (default 24)")
    analyse.add_argument("--width", type=_count, default=6, metavar="W",
                         help="commands compared a move besides the one played (default 6)")
    analyse.add_argument("--jobs", type=_count, default=1, metavar="J", help="worker processes (default 1)")
    analyse.add_argument("--seed", type=_seed, default=0, metavar="K",
                         help="the play-outs' seed (default 0); another shows how much of a grade is noise")
    analyse.add_argument("--json", action="store_true", help="one JSON object a line per graded move")
    analyse.set_defaults(func=cmd_analyse)

    verify = sub.add_parser("verify", help="re-decide every recorded command of a save")
    verify.add_argument("path")
    verify.set_defaults(func=cmd_verify)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``boxtop``; returns the exit status (0 ok, 2 a problem, printed as one line)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (CliError, engine.SaveError, engine.IllegalCommand, ValueError, KeyError) as err:
        text = err.args[0] if isinstance(err, KeyError) and err.args else str(err)
        print(printable(f"boxtop: {text}"), file=sys.stderr)  # a file's name may hold anything
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
