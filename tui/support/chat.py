"""Table talk on the screens of a shared room (``engine.core.chat``): what the app holds of
a room's talk, how a line reads in the log pane, and what a typed line asks for.

A line shows as "» bob: text" (another person's; "» cyd (watching): text" for a
spectator) or "› ann: text" (one's own), in the log pane, among the game's lines at the
ply it was said at. Talk is told apart from the game's lines by its characters, not only
its colour (a monochrome terminal shows no colour): its first row starts with the mark
and the speaker's name, and each further row of a wrapped line with ``GUTTER`` ("┆ "),
never with the spaces the game's own lines hang their rows by (``talk_wrap``). In the
table's log pane a line takes at most ``TALK_ROWS`` rows (cut with "…"), and once the
pane is full a run of lines leaves the game's lines before it half the pane
(``tui.widgets.log_pane.lay_out``); ``L`` and the ``T`` box show every line whole. The text is never markup: the panes draw plain strings.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.cells import cell_len

from engine.core.chat import MAX_CHARS, ChatLine, ChatRefused, check_text, line_width
from host import protocol as p

from .runs import ellipsis, plain, wrap

#: How a line starts: another person's, and one's own.
THEIRS, MINE = "» ", "› "
#: How each further row of a wrapped line starts (a game line's rows start with spaces).
GUTTER = "┆ "
#: The rows a line of talk takes at most in the table's log pane (the rest cut with "…").
TALK_ROWS = 2
#: Lines the app keeps of a room's talk (the service sends at most ``chat.RECENT`` at once).
KEEP = 200
#: The hint of the line that talks (``T``).
TALK_HINT = "say: a line to the table · enter sends · escape cancels · :mute NAME"
#: From this many cells on, the line that talks counts them ("187/200").
COUNT_FROM = 160


def length_note(text: str) -> tuple[str, bool]:
    """What the line that talks says of ``text``'s width as it is typed (cells, counted
    as the room counts them: ``engine.core.chat.line_width``, a wide letter two), and
    whether it is an error: nothing far from ``MAX_CHARS``, "187/200" near it, and past
    it "213/200: a line is at most 200 characters (wide ones count 2)." (the line is
    refused on enter)."""
    n = line_width(text)
    if n < COUNT_FROM:
        return "", False
    if n <= MAX_CHARS:
        return f"{n}/{MAX_CHARS}", False
    return f"{n}/{MAX_CHARS}: a line is at most {MAX_CHARS} characters (wide ones count 2).", True


class ChatBook:
    """The talk of the room the app is in, put together from ``host.protocol.ChatLines``:
    ``lines`` (the newest ``KEEP``), whether the room lets ``spectator_talk`` reach the
    players and whom this player ``muted`` (lower-case names)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self, code: str | None = None) -> None:
        """Forget every line: a new room (``code``) starts with no talk."""
        self.code = code
        self.lines: list[ChatLine] = []
        self.spectator_talk = False
        self.muted: list[str] = []

    def apply(self, message) -> None:
        """Take a ``ChatLines`` message: ``fresh`` ones (or another room's) replace the lines."""
        if message.fresh or message.code != self.code:
            self.clear(message.code)
        self.lines.extend(message.lines)
        del self.lines[:-KEEP]
        self.spectator_talk = message.spectator_talk
        self.muted = list(message.muted)


def talk_row(line: ChatLine, me: str | None) -> str:
    """``line`` as the log pane shows it to ``me`` (the player's name; None: nobody's own)."""
    mine = me is not None and line.name.lower() == me.lower()
    who = f"{line.name} (watching)" if line.spectator else line.name
    return f"{MINE if mine else THEIRS}{who}: {line.text}"


def talk_kind(row: str) -> str | None:
    """Which talk a log pane line is: "mine", "theirs" or None (a game line)."""
    if row.startswith(MINE):
        return "mine"
    if row.startswith(THEIRS):
        return "theirs"
    return None


def talk_wrap(row: str, width: int, most: int | None = None) -> list[str]:
    """``row`` (a ``talk_row``) as rows of at most ``width`` cells: the first starts with
    its mark and the speaker's name, each further one with ``GUTTER``; at most ``most``
    rows (None: all), the last then ending in "…"."""
    mark, body = row[: len(THEIRS)], row[len(THEIRS):]
    inner = width - len(GUTTER)
    if inner < 4:
        return [plain(ellipsis(((row, ""),), width))] if width > 0 else [row]
    rows = [plain(part) for part in wrap(((body, ""),), inner, fill=True)]
    if most is not None and len(rows) > most:
        rows = rows[:most]
        last = rows[-1]
        rows[-1] = last + "…" if cell_len(last) < inner else plain(ellipsis(((last + "…", ""),), inner))
    return [mark + rows[0], *(GUTTER + part for part in rows[1:])]


def with_talk(blocks: Sequence[Sequence[str]], base: int, talk: Iterable[ChatLine], me: str | None) -> list[str]:
    """The log lines of ``blocks`` (applied entries ``base``, ``base + 1`` …) with each
    talk line after the entries that were applied when it was said (its ``ply``): one
    said before the first block's entry goes first, one said after the last goes last."""
    after: dict[int, list[str]] = {}
    first = base + 1
    last = base + len(blocks)
    for line in talk:
        at = min(max(line.ply, first - 1), last)
        after.setdefault(at, []).append(talk_row(line, me))
    out = list(after.get(first - 1, ()))
    for i, block in enumerate(blocks):
        out.extend(block)
        out.extend(after.get(base + i + 1, ()))
    return out


def talk_command(text: str) -> tuple[str, str]:
    """What a line typed to talk asks: ("mute", NAME) for ":mute NAME", ("unmute", NAME)
    for ":unmute NAME", ("say", TEXT) for ":say TEXT", else ("say", text)."""
    words = text.split()
    if len(words) == 2 and words[0].lower() in (":mute", ":unmute"):
        return words[0][1:].lower(), words[1]
    if words and words[0].lower() == ":say":
        return "say", text.split(maxsplit=1)[1] if len(words) > 1 else ""
    return "say", text


def send_talk(screen, kind: str, text: str) -> bool:
    """Say ``text`` (``kind`` "say") to the room, or mute / unmute the person ``text``,
    from ``screen`` (the waiting room or the shared table: its ``say`` line, its app's
    ``send``; ``talk_sent`` keeps the line said until the room passes it on). Whether it
    was sent: a line that cannot be said is refused here, in one sentence on ``say``."""
    if kind == "say":
        try:
            text = check_text(text)
        except ChatRefused as err:
            screen.say(str(err), error=True)
            return False
        screen.talk_sent = text
        screen.app.send(p.Say(text))
    else:
        screen.app.send(p.Mute(text, kind == "mute"))
        screen.say(f"{text}'s lines are hidden from you." if kind == "mute" else f"You read {text}'s lines again.")
    return True
