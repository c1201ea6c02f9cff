"""Where saves live: the player's own save folder and the example games.

Players' saves go to the user's data folder from platformdirs (``docs/architecture.md``,
"Layout"), or to ``$BOXTOP_SAVE_DIR`` when it is set (tests, portable installs). The
example games are the repository's ``saves/`` folder.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import platformdirs

EXAMPLES = Path(__file__).resolve().parent.parent / "saves"


def saves_dir() -> Path:
    """The folder for the player's saves (not created here)."""
    override = os.environ.get("BOXTOP_SAVE_DIR")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("boxtop", appauthor=False) / "saves"


def default_save_path(slug: str, folder: Path | None = None) -> Path:
    """A new file name in the save folder: ``<game>-<date>-<time>.json``."""
    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
    return (folder or saves_dir()) / f"{slug}-{stamp}.json"


def list_saves(folder: Path | None = None) -> list[tuple[str, Path]]:
    """Every ``.json`` save to offer on the load screen, as (group, path): the player's
    own, newest first, then the examples in ``saves/`` by name."""
    found: list[tuple[str, Path]] = []
    own = folder or saves_dir()
    if own.is_dir():
        mine = sorted(own.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        found += [("your saves", p) for p in mine]
    if EXAMPLES.is_dir():
        found += [
            ("examples", p) for p in sorted(EXAMPLES.glob("*.json")) if p.name != "expected.json"
        ]
    return found


def crash_log_path() -> Path:
    """Where an unexpected error's traceback is written: platformdirs' user log folder
    for boxtop (``$BOXTOP_LOG_DIR`` overrides it) + ``crash.log``."""
    env = os.environ.get("BOXTOP_LOG_DIR")
    folder = Path(env).expanduser() if env else platformdirs.user_log_path("boxtop")
    return folder / "crash.log"
