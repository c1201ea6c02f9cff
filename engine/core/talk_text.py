"""The text of a line of table talk: how it is normalised, which letters it may not hold,
and how wide a terminal draws it (``docs/architecture.md``, "Table talk").

A line reaches other people's screens, so what it may hold is decided by what a terminal
draws, not by what Unicode allows:

- *White space.* Every run of spaces (any space character: no-break, ideographic …) is
  one space, and none starts or ends the line, so a line cannot push words to where the
  game's own log lines stand.
- *Letters that draw nothing.* Unicode's Default_Ignorable_Code_Point set (Unicode
  Character Database, DerivedCoreProperties.txt, Unicode 14.0, the version of Python
  3.11's ``unicodedata``) holds the fillers that look like letters but show nothing
  (HANGUL FILLER U+3164, U+115F, U+1160, HALFWIDTH HANGUL FILLER U+FFA0) with the
  invisible format characters; ``BLANKS`` adds the letters outside that set that draw
  nothing (BRAILLE PATTERN BLANK U+2800 …). Such a line is refused. The variation
  selectors in the set only choose how the letter before them looks (an emoji's
  picture or text form), and terminals disagree on how wide that form is: they are
  dropped, and the letter stays.
- *Marks.* A letter carries at most ``MAX_MARKS`` combining marks (accents, vowel signs,
  Hangul's conjoining vowels and finals, an emoji's skin tone): three cover written
  languages (composed by NFC, Vietnamese and the European languages need none; Thai
  puts at most two on a letter, a Tibetan stack or pointed Hebrew three), while a
  letter with dozens of them overflows its cell, and terminals that keep only a few per
  cell draw the rest beside it, out of line. A skin tone goes only right after an
  emoji (a wide letter), once.
- *Width.* ``cells`` counts what a terminal draws: a wide letter (East Asian Wide or
  Fullwidth: Chinese, Japanese, Korean, most emoji) two cells, a mark none, any other
  one. It agrees with the app's own count (``rich.cells.cell_len``) on every letter a
  line may hold except a few dozen symbols Unicode made wide after 14.0.

No UI library here: the engine and the host check a line the same way the app does.
"""

from __future__ import annotations

import unicodedata

#: Combining marks a letter may carry at most (see the module's text).
MAX_MARKS = 3

#: Unicode's Default_Ignorable_Code_Point set (DerivedCoreProperties.txt, Unicode 14.0),
#: first and last code point of each range, both included.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
#: The variation selectors among them: dropped, not refused (they only pick a look).
VARIATION_SELECTORS: tuple[tuple[int, int], ...] = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
#: Letters outside Default_Ignorable_Code_Point that draw nothing: BRAILLE PATTERN BLANK,
#: KHITAN SMALL SCRIPT FILLER, MUSICAL SYMBOL NULL NOTEHEAD.
BLANKS = frozenset({0x2800, 0x16FE4, 0x1D159})
#: Hangul's conjoining vowels and finals (jungseong, jongseong): marks on the consonant
#: before them, drawn in its cell.
CONJOINING_JAMO: tuple[tuple[int, int], ...] = ((0x1160, 0x11FF), (0xD7B0, 0xD7FF))
#: The emoji skin tones (EMOJI MODIFIER FITZPATRICK TYPE-1-2 … TYPE-6).
SKIN_TONES = range(0x1F3FB, 0x1F400)

#: What a line with a letter that draws nothing is told.
INVISIBLE = "A line cannot hold invisible letters, such as fillers or blank braille."
#: What a line with a letter carrying too many marks is told.
TOO_MANY_MARKS = f"A letter may carry at most {MAX_MARKS} accents or marks."
#: What a line with a skin tone anywhere but right after an emoji is told.
STRAY_SKIN_TONE = "A skin tone goes right after an emoji, once."
#: What a line with a character Unicode 14.0 has not assigned is told.
UNKNOWN = "A line cannot hold characters this host does not know."


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


def is_mark(char: str) -> bool:
    """Whether ``char`` (one character) draws in the cell of the letter before it: a
    combining mark (categories Mn, Mc, Me), a conjoining Hangul vowel or final, or a
    skin tone."""
    code = ord(char)
    return (unicodedata.category(char) in ("Mn", "Mc", "Me") or _within(code, CONJOINING_JAMO)
            or code in SKIN_TONES)


def is_invisible(char: str) -> bool:
    """Whether ``char`` (one character) draws nothing: Default_Ignorable_Code_Point or
    one of ``BLANKS``."""
    code = ord(char)
    return code in BLANKS or _within(code, DEFAULT_IGNORABLE)


def char_cells(char: str) -> int:
    """The cells a terminal gives ``char`` (one character): 0 for a mark (``is_mark``),
    2 for an East Asian Wide or Fullwidth letter, else 1."""
    if is_mark(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cells(text: str) -> int:
    """The cells a terminal gives ``text`` on one row (``char_cells`` of each character):
    "漢" × 120 is 240, "a" with three accents 1."""
    return sum(char_cells(c) for c in text)


def normalise(text: str) -> str:
    """``text`` as a line is kept: composed (Unicode NFC: "a" + COMBINING ACUTE is "á"),
    without variation selectors, each run of white space one space, none at either end.
    Nothing is refused here (``refusal`` says what is)."""
    text = unicodedata.normalize("NFC", text)
    if any(_within(ord(c), VARIATION_SELECTORS) for c in text):
        text = "".join(c for c in text if not _within(ord(c), VARIATION_SELECTORS))
    return " ".join(text.split())


def refusal(line: str) -> str | None:
    """Why ``line`` (``normalise``d, with no control character) cannot be said, in one
    sentence: a letter that draws nothing (``INVISIBLE``), one unknown to Unicode 14.0
    (``UNKNOWN``), a letter with more than ``MAX_MARKS`` marks (``TOO_MANY_MARKS``) or a
    skin tone not right after an emoji (``STRAY_SKIN_TONE``); None when it can. Its width is the caller's."""
    marks, base = 0, ""
    for c in line:
        if is_invisible(c):
            return INVISIBLE
        if unicodedata.category(c) == "Cn":
            return UNKNOWN
        if not is_mark(c):
            marks, base = 0, c
            continue
        marks += 1
        if ord(c) in SKIN_TONES and (marks > 1 or not base or char_cells(base) != 2):
            return STRAY_SKIN_TONE
        if marks > MAX_MARKS:
            return TOO_MANY_MARKS
    return None
