"""Personal bests of solo games, kept in the user's data folder (platformdirs), one table
per game and edition (for Giftbringer: per Player Sheet). A msgspec JSON file written
atomically; a broken file is set aside, never a crash."""

from __future__ import annotations

import os
import tempfile
from datetime import date
from pathlib import Path

import msgspec
import platformdirs

KEEP = 10


class Best(msgspec.Struct, frozen=True):
    """One entry: ``points``, the ``day`` (ISO date) and the game's ``seed``."""

    points: int
    day: str
    seed: int


def best_path() -> Path:
    """``$BOXTOP_DATA_DIR/best.json``, else platformdirs' user data folder for boxtop."""
    env = os.environ.get("BOXTOP_DATA_DIR")
    folder = Path(env).expanduser() if env else platformdirs.user_data_path("boxtop")
    return folder / "best.json"


def load(path: Path | None = None) -> dict[str, list[Best]]:
    """Every table, by ``slug/edition``; an unreadable file counts as empty."""
    path = path or best_path()
    try:
        return msgspec.json.decode(path.read_bytes(), type=dict[str, list[Best]])
    except (OSError, msgspec.MsgspecError):
        return {}


def record(key: str, points: int, seed: int, path: Path | None = None) -> tuple[int | None, list[Best]]:
    """Add a finished solo game to table ``key``; returns its rank (1-based, None when it
    is not among the best ``KEEP``) and the table. Raises ``OSError`` if it cannot write."""
    path = path or best_path()
    tables = load(path)
    entry = Best(points, date.today().isoformat(), seed)
    table = sorted([*tables.get(key, []), entry], key=lambda b: -b.points)[:KEEP]
    tables[key] = table
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".best-")
    with os.fdopen(fd, "wb") as out:
        out.write(msgspec.json.encode(tables))
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    rank = next((i + 1 for i, b in enumerate(table) if b is entry), None)
    return rank, table
