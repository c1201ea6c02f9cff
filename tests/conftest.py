"""Every test runs with its own user folders: saves, personal bests, the crash log and the
host's data go to a temporary folder, never to the user's real platformdirs folders (a
test's solo game once entered the developer's personal best table).

The cyclic garbage collector runs less often in tests: a Textual app makes many
short-lived objects, and at Python's default threshold (a young collection every 700
allocations) the app tests spent about a sixth of their time collecting (the Dice Upon a
Time app tests and ten snapshots: 47 s of CPU, 39 s with the threshold below; a worker
then holds some 230 MB instead of 65). Nothing a test checks depends on when it runs.
"""
import gc

import pytest

gc.set_threshold(50_000, 50, 1_000)


@pytest.fixture(autouse=True)
def isolated_user_folders(tmp_path_factory, monkeypatch):
    """Point $BOXTOP_SAVE_DIR, $BOXTOP_DATA_DIR, $BOXTOP_LOG_DIR, $BOXTOP_HOST_DIR and the
    XDG data/state homes (what platformdirs reads) at a fresh temporary folder; child
    processes (the SSH tests' ``boxtop host``) inherit them. Tests may set their own."""
    root = tmp_path_factory.mktemp("user")
    for name, sub in [("BOXTOP_SAVE_DIR", "saves"), ("BOXTOP_DATA_DIR", "data"),
                      ("BOXTOP_LOG_DIR", "log"), ("BOXTOP_HOST_DIR", "host"),
                      ("XDG_DATA_HOME", "xdg-data"), ("XDG_STATE_HOME", "xdg-state")]:
        monkeypatch.setenv(name, str(root / sub))
    return root


@pytest.fixture
async def boxtop_pty():
    """Start ``boxtop ARGS`` on a real pseudo-terminal: ``await boxtop_pty("play",
    "gift-trap", …, size=(80, 24))`` returns a ``burst_kit.PtyTerminal`` (``burst(*keys)``
    writes keys in one read; ``shows``, ``exited`` …); every one started is hung up after
    the test. The burst harness of issue 33: see ``tests/burst_kit.py``."""
    from burst_kit import PtyTerminal

    started = []

    async def start(*args: str, size: tuple[int, int] = (80, 24)) -> PtyTerminal:
        terminal = await PtyTerminal.start(list(args), size)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.close()


@pytest.fixture
async def room_service(monkeypatch):
    """Start the room service (``host.service.RoomService``) on a socket in a fresh
    folder: ``svc, sock = await room_service(5, bot_pace=0.02)``. ``seeds`` are the
    seeds of the games it starts, in turn (the last one repeats; none: its own random
    seeds); ``bot_pace`` its bots' pace in seconds (None: bots answer at once). Every
    service started is closed after the test."""
    import tempfile
    from pathlib import Path

    import host.service

    started = []

    async def start(*seeds: int, bot_pace: float | None = 0.02):
        if seeds:
            left = list(seeds)
            monkeypatch.setattr(host.service, "new_seed", lambda: left.pop(0) if len(left) > 1 else left[0])
        data = Path(tempfile.mkdtemp(prefix="bx", dir="/tmp"))
        svc = host.service.RoomService(data, bot_pace=bot_pace)
        started.append(svc)
        await svc.start(data / "s.sock")
        return svc, data / "s.sock"

    yield start
    for svc in started:
        await svc.close()
