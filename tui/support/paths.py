"""Where saves live: the player's own save folder, games saved elsewhere, the examples.

Players' saves go to the user's data folder from platformdirs (``docs/architecture.md``,
"Layout"), or to ``$BOXTOP_SAVE_DIR`` when it is set (tests, portable installs). A game
the app saves outside that folder (``:save ~/play/x.json``) is remembered in a small file
in the user data folder (``$BOXTOP_DATA_DIR`` overrides it), so the load list shows it
under "saved elsewhere" while the file is there. The example games are the repository's
``saves/`` folder.
"""

from __future__ import annotations

import datetime
import os
import tempfile
from pathlib import Path
from typing import NamedTuple

import msgspec
import platformdirs

import engine
from engine import SaveError
from engine.core import analysis
from engine.core.save_read import Summary, looks_like_save, summary

EXAMPLES = Path(__file__).resolve().parents[2] / "saves"
#: How many games saved elsewhere are remembered (the newest).
REMEMBERED = 50


def saves_dir() -> Path:
    """The folder for the player's saves (not created here)."""
    override = os.environ.get("BOXTOP_SAVE_DIR")
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("boxtop", appauthor=False) / "saves"


def data_dir() -> Path:
    """The user data folder for boxtop (``$BOXTOP_DATA_DIR`` overrides platformdirs')."""
    env = os.environ.get("BOXTOP_DATA_DIR")
    return Path(env).expanduser() if env else platformdirs.user_data_path("boxtop", appauthor=False)


def elsewhere_file() -> Path:
    """The file that remembers the games saved outside the save folder: a JSON list of
    absolute paths, newest first (msgspec)."""
    return data_dir() / "saved-elsewhere.json"


def remembered() -> list[Path]:
    """The games saved elsewhere, newest first; an unreadable list counts as empty."""
    try:
        return [Path(p) for p in msgspec.json.decode(elsewhere_file().read_bytes(), type=list[str])]
    except (OSError, msgspec.MsgspecError):
        return []


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.expanduser().resolve().parent == folder.expanduser().resolve()
    except (OSError, RuntimeError):
        return False


def remember(path: Path, folder: Path | None = None) -> None:
    """Remember ``path`` (just written by the app) for the load list, unless it is in the
    save folder (``folder``, default ``saves_dir()``) or among the examples, which the
    list shows anyway. Files that vanished drop out of the list here. Never raises: a
    list that cannot be written only means the game is not listed."""
    own = folder or saves_dir()
    if _inside(path, own) or _inside(path, EXAMPLES):
        return
    full = Path(os.path.abspath(path.expanduser()))
    kept = [full] + [p for p in remembered() if p != full and p.is_file()]
    target = elsewhere_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".saved-elsewhere-")
        with os.fdopen(fd, "wb") as out:
            out.write(msgspec.json.encode([str(p) for p in kept[:REMEMBERED]]))
        os.replace(tmp, target)
    except OSError:
        pass


def _plain(text: str) -> bool:
    """Whether ``text`` is a file name alone, with no folder in it."""
    return "/" not in text and os.sep not in text and not text.startswith("~") and text not in ("", ".", "..")


def save_target(text: str, folder: Path | None = None) -> Path:
    """The file a player means by ``text`` typed to save a game: a plain name (no
    folder in it) goes into the save folder (``folder``, default ``saves_dir()``), with
    ".json" added when it has not got it; a path is taken as typed ("~" is the home
    folder)."""
    text = text.strip()
    if _plain(text):
        return (folder or saves_dir()) / (text if text.lower().endswith(".json") else f"{text}.json")
    return Path(text).expanduser()


def find_save(text: str, folder: Path | None = None) -> Path:
    """The save a player means by ``text`` typed to open one (``boxtop load NAME``, the
    load screen's path field): the path as typed when there is something there; else a
    plain name in the save folder (``folder``, default ``saves_dir()``), as typed or
    with ".json" added. Returns the typed path when none exists (loading it says so)."""
    text = text.strip()
    typed = Path(text).expanduser()
    if typed.exists() or not _plain(text):
        return typed
    own = folder or saves_dir()
    for candidate in (own / text, own / f"{text}.json"):
        if candidate.is_file():
            return candidate
    return typed


def write_save(session: engine.LocalSession, path: Path, folder: Path | None = None, width: int = 0) -> None:
    """Save ``session`` to ``path`` for a player: the save folder (``folder``, default
    ``saves_dir()``) is made when missing, but no other folder is ever made (a typo in a
    folder's name is refused, not created). A file outside the save folder is
    remembered for the load list (``remember``). Raises ``SaveError`` with one short
    sentence, within ``width`` cells when given (a long path is cut in its middle):
    "There is no folder /nonexistent/dir.", "Cannot save to /proc/x.json: no such file
    or directory."."""
    own = folder or saves_dir()
    full = path.expanduser()
    parent = full.parent
    if _inside(full, own):
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise SaveError(sentence("Cannot make the save folder {}: " + _reason(err) + ".", parent, width)) from None
    elif not parent.is_dir():
        raise SaveError(sentence("There is no folder {}.", parent, width))
    if full.is_dir():
        raise SaveError(sentence("{} is a folder: give a file name.", path, width))
    try:
        session.save(str(full))
    except SaveError as err:
        reason = str(err).removeprefix(f"cannot write {full}: ")
        raise SaveError(sentence("Cannot save to {}: " + reason[:1].lower() + reason[1:] + ".", path, width)) from None
    except OSError as err:
        raise SaveError(sentence("Cannot save to {}: " + _reason(err) + ".", path, width)) from None
    remember(full, own)


def sentence(template: str, path: Path, width: int = 0) -> str:
    """``template`` with ``path`` (as ``shown``) in place of its "{}", the path cut in
    its middle so that the sentence fits ``width`` cells (0: as long as it is)."""
    room = width - (len(template) - 2) if width else 0
    return template.replace("{}", shown(path, max(room, 16) if width else 0), 1)


def path_rows(template: str, path: Path, width: int) -> list[str]:
    """``template`` with ``path`` (as ``shown``) in place of its "{}", in rows of at most
    ``width`` cells that break only at a space or after a folder's "/" of the path, never
    inside a name: "Saved to ~/play/xdg/boxtop/saves/" then "dice-…-001321.json.". A
    piece longer than a whole row (a very long file name) keeps its end, cut from the left
    with "…"."""
    text = shown(path)
    start = template.index("{}")
    sentence = template.replace("{}", text, 1)
    end = start + len(text)
    pieces: list[str] = []  # each ends where a row may break: after a space, or a "/" of the path
    piece = ""
    for i, char in enumerate(sentence):
        piece += char
        if char == " " or (char == os.sep and start <= i < end):
            pieces.append(piece)
            piece = ""
    if piece:
        pieces.append(piece)
    rows: list[str] = []
    row = ""
    for piece in pieces:
        if row and len(row + piece.rstrip()) > width:
            rows.append(row.rstrip())
            row = ""
        row += piece
        if len(row.rstrip()) > width:  # longer than a row alone: its end, cut from the left
            kept = row.rstrip()
            rows.append("…" + kept[len(kept) - width + 1:])
            row = ""
    if row.strip():
        rows.append(row.rstrip())
    return rows


def _reason(err: OSError) -> str:
    text = err.strerror or str(err)
    return text[:1].lower() + text[1:]


def default_save_path(slug: str, folder: Path | None = None) -> Path:
    """A new file name in the save folder: ``<game>-<date>-<time>.json``, with "-2",
    "-3" … added when a file has that name already (two games begun in one second)."""
    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
    base = (folder or saves_dir()) / f"{slug}-{stamp}"
    path, n = base.with_name(base.name + ".json"), 1
    while os.path.lexists(path):
        n += 1
        path = base.with_name(f"{base.name}-{n}.json")
    return path


def replacing(path: Path, own: Path | None = None) -> str | None:
    """What saving a game to ``path`` would replace, so that the player is asked first:
    None when nothing would be lost (nothing there, or ``own``, the file this game is
    saved in, still a save), "save" for another boxtop save (``looks_like_save``), "file"
    for anything else there (a text file, a folder's link, a FIFO)."""
    full = path.expanduser()
    if not os.path.lexists(full):
        return None
    save = looks_like_save(full)
    if save and own is not None and _same(full, own.expanduser()):
        return None
    return "save" if save else "file"


def replace_sentence(what: str) -> str:
    """What is at a path a save would replace (``replacing`` said ``what``), with "{}"
    for the path (``sentence``, ``PathSentence``): the question before saving over it."""
    if what == "save":
        return "{} holds another saved game."
    return "{} exists and is not a boxtop save."


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):  # a link loop
        return False


class SaveRow(NamedTuple):
    """One file of the load list: ``group`` ("your saves" or "examples"), ``path``, and
    either its ``summary`` (``engine.core.save_read.Summary``) or ``problem``, the one
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
    """Every file to offer on the load screen: the player's own ``.json`` files, newest
    first (by the date saved inside; a file that is not a save by its modification
    time), then the games the app saved elsewhere that are still there (``remembered``),
    newest first, then the examples in ``saves/``, newest first (never an analysis kept
    beside a save, ``NAME.analysis.json``). Each is read cheaply
    (``engine.core.save_read.summary``: a save's first line); a file that is not a save is
    a row with its ``problem`` and the list goes on."""
    found: list[SaveRow] = []
    own = folder or saves_dir()

    def files(where: Path, skip: tuple[str, ...] = ()) -> list[Path]:
        if not where.is_dir():
            return []
        return [p for p in where.glob("*.json")
                if p.name not in skip and not p.name.endswith(analysis.SUFFIX) and p.is_file()]

    elsewhere = [p for p in remembered() if p.is_file() and not _inside(p, own) and not _inside(p, EXAMPLES)]
    for group, paths in (("your saves", files(own)), ("saved elsewhere", elsewhere),
                         ("examples", files(EXAMPLES, ("expected.json",)))):
        rows = [_row(group, p) for p in paths]
        found += [row for _, row in sorted(rows, key=lambda r: (r[0], r[1].path.name), reverse=True)]
    return found


def shown(path: Path, width: int = 0) -> str:
    """``path`` as a player reads it on screen: the home folder as "~"; with ``width``,
    a longer path loses the middle of its folders ("/srv/games/…/boxtop/x.json"), never
    its file name's end."""
    try:
        text = str(Path("~") / path.expanduser().resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError):  # not under the home folder (or no home)
        text = str(path)
    if not width or len(text) <= width:
        return text
    name = path.name
    if len(name) + 2 >= width:
        return "…" + name[len(name) - width + 1:]
    head = width - len(name) - 2  # "…/" before the name
    return text[:head] + "…/" + name


def crash_log_path() -> Path:
    """Where an unexpected error's traceback is written: platformdirs' user log folder
    for boxtop (``$BOXTOP_LOG_DIR`` overrides it) + ``crash.log``."""
    env = os.environ.get("BOXTOP_LOG_DIR")
    folder = Path(env).expanduser() if env else platformdirs.user_log_path("boxtop")
    return folder / "crash.log"


# ------------------------------------------------------------------ finished lessons
def lessons_file() -> Path:
    """The file of the lessons (``engine.core.lesson``) the player finished: a JSON list
    of game slugs in the user data folder, as lichess marks a finished lesson."""
    return data_dir() / "lessons-finished.json"


def lessons_finished() -> set[str]:
    """The slugs of the games whose lesson the player finished (an unreadable file: none)."""
    try:
        return set(msgspec.json.decode(lessons_file().read_bytes(), type=list[str]))
    except (OSError, msgspec.MsgspecError):
        return set()


def mark_lesson_finished(slug: str) -> bool:
    """Remember that the lesson of ``slug`` was finished; whether it could be written
    (a failed write loses only the mark)."""
    path = lessons_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(msgspec.json.encode(sorted(lessons_finished() | {slug})))
    except OSError:
        return False
    return True
