"""Where saves live: the player's own save folder and the example games.

Players' saves go to the user's data folder from platformdirs (``docs/architecture.md``,
"Layout"), or to ``$BOXTOP_SAVE_DIR`` when it is set (tests, portable installs). The
example games are the repository's ``saves/`` folder.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import NamedTuple

import platformdirs

from engine import SaveError
from engine.core.saves import Summary, summary

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


class SaveRow(NamedTuple):
    """One file of the load list: ``group`` ("your saves" or "examples"), ``path``, and
    either its ``summary`` (``engine.core.saves.Summary``) or ``problem``, the one
    sentence saying why it is not a save that loads."""

    group: str
    path: Path
    summary: Summary | None
    problem: str | None


def _row(group: str, path: Path) -> tuple[str, SaveRow]:
    """The row of ``path`` and its sort key: when it was saved (ISO-8601 UTC; the file's
    modification time for a file that does not say)."""
    try:
        found = summary(path)
    except SaveError as err:
        found, problem = None, str(err)
    else:
        problem = None
    when = found.saved_at if found is not None and found.saved_at else ""
    if not when:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = 0
        when = datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc).isoformat(timespec="seconds")
    return when, SaveRow(group, path, found, problem)


def list_saves(folder: Path | None = None) -> list[SaveRow]:
    """Every ``.json`` file to offer on the load screen: the player's own, newest first
    (by the date saved inside; a file that is not a save by its modification time),
    then the examples in ``saves/``, newest first. Each is read cheaply
    (``engine.core.saves.summary``: a save's first line); a file that is not a save is
    a row with its ``problem`` and the list goes on."""
    found: list[SaveRow] = []
    own = folder or saves_dir()
    for group, where, skip in (("your saves", own, ()), ("examples", EXAMPLES, ("expected.json",))):
        if not where.is_dir():
            continue
        rows = [_row(group, p) for p in where.glob("*.json") if p.name not in skip and p.is_file()]
        found += [row for _, row in sorted(rows, key=lambda r: (r[0], r[1].path.name), reverse=True)]
    return found


def shown(path: Path) -> str:
    """``path`` as a player reads it on screen: the home folder as "~"."""
    try:
        return str(Path("~") / path.expanduser().resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError):  # not under the home folder (or no home)
        return str(path)


def crash_log_path() -> Path:
    """Where an unexpected error's traceback is written: platformdirs' user log folder
    for boxtop (``$BOXTOP_LOG_DIR`` overrides it) + ``crash.log``."""
    env = os.environ.get("BOXTOP_LOG_DIR")
    folder = Path(env).expanduser() if env else platformdirs.user_log_path("boxtop")
    return folder / "crash.log"
