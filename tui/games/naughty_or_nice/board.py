"""Naughty or Nice's card rows as lines of styled runs (``tui.widgets.lines``), drawn
from a seat's ``View`` only: the present row and the decks, the playground of 8 kiddos,
a line per player, the seat's own hand; ``NNPanel``, the panel that draws them with the
four present colours.

Every present and every wish shows its colour's letter (R red, B blue, K black, G green)
as well as its colour, so the table reads without colour; a kiddo shows its place,
name, set symbol (level 5 only: "Modularity") and wishes, on two lines with room or one
at 80 columns. Nothing here reads a game state: hands other than the viewer's are counts.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from engine.games.naughty_or_nice.data import COLOUR_LETTER, COLOURS, CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS

from ...widgets.lines import Line, Panel, Run

#: The component class of each present colour (``NNPanel``).
COLOUR_CLASS = {c: f"nn--{c}" for c in COLOURS}


class NNPanel(Panel):
    """A ``Panel`` with the four present colours (``nn--red`` …)."""

    COMPONENT_CLASSES = Panel.COMPONENT_CLASSES | {"nn--red", "nn--blue", "nn--black", "nn--green"}

    DEFAULT_CSS = """
    NNPanel > .nn--red { color: #ff6b6b; }
    NNPanel > .nn--blue { color: #6cb6ff; }
    NNPanel > .nn--black { color: #e0e0e0; background: #4a4a4a; }
    NNPanel > .nn--green { color: #6bd66b; }
    """
#: What a player line calls each set symbol when room is short.
SYMBOL_SHORT = {"bell": "b", "candle": "c", "heart": "h", "snowflake": "s", "tree": "t"}
#: Each column of the playground at least this wide.
CELL = 19


def present_colour(code: str) -> str:
    """The colour of present ``code`` ("red" …)."""
    return PRESENTS[code].colour


def wish_runs(wishes: Sequence[str], sep: str = "") -> list[Run]:
    """A kiddo's wishes as colour letters, each in its colour ("RRB")."""
    out: list[Run] = []
    for i, colour in enumerate(wishes):
        if i and sep:
            out.append((sep, ""))
        out.append((COLOUR_LETTER[colour], COLOUR_CLASS[colour]))
    return out


def deck_text(view: Any, compact: bool) -> str:
    """The decks' counts and where midnight is ("midnight in the last 6"). Once
    midnight has struck, how many turns are left comes first: at 80 columns
    "midnight struck: 1 turn after this · presents 18 · creatures 23 · kiddos 3"."""
    creatures = view.options.level >= 3
    if compact:
        decks = f"presents {view.present_deck}" + (f" · creatures {view.creature_deck}" if creatures else "") \
            + f" · kiddos {view.kiddo_deck}"
    else:
        decks = f"present deck {view.present_deck}" + (f" · creature deck {view.creature_deck}" if creatures else "") \
            + f" · kiddo deck {view.kiddo_deck}"
    if not view.midnight_struck:
        return f"{decks} · midnight in the last 6"
    left = max(0, view.final)
    if compact:
        turns = "this is the last turn" if not left else f"{left} turn{'s' if left != 1 else ''} after this"
        return f"midnight struck: {turns} · {decks}"
    turns = "this is the last turn" if not left else f"{left} more turn{'s' if left != 1 else ''} after this one"
    return f"midnight has struck: {turns} · {decks}"


def row_line(view: Any, picked: set[int] | None = None, cursor: bool = False) -> Line:
    """"Row 1 Stockings R  2 Cap R  3 Coal K": the present row; ``picked`` places are
    marked [like this] (a Craft being chosen)."""
    runs: list[Run] = [("Row ", "panel--bold")]
    for i, code in enumerate(view.row):
        if i:
            runs.append(("  ", ""))
        chosen = picked is not None and i in picked
        runs.append((f"{i + 1} ", "panel--info panel--bold" if cursor else "panel--muted"))
        if not code:
            runs.append(("—", "panel--muted"))
            continue
        p = PRESENTS[code]
        runs.append(("[" if chosen else "", "panel--cursor"))
        runs.append((f"{p.name} {COLOUR_LETTER[p.colour]}", f"{COLOUR_CLASS[p.colour]}"
                     + (" panel--cursor" if chosen else "")))
        runs.append(("]" if chosen else "", "panel--cursor"))
    return tuple(r for r in runs if r[0])


def kiddo_cell(view: Any, slot: int, width: int, state: str = "") -> tuple[Line, Line]:
    """Two lines for playground place ``slot``: "1 Benjamin" and "  bell RRR" (the set
    symbol at level 5 only). ``state`` "cursor" (the keyboard's), "legal" (a choice on
    offer) or "chosen" styles the name."""
    kiddo = view.playground[slot]
    place, name_class = _place(slot, state)
    if kiddo < 0:
        return ((place, ("(empty)", "panel--muted")), (("", ""),))
    k = KIDDOS[kiddo]
    name = k.name[: max(1, width - 3)]
    first: Line = (place, (name, name_class))
    sep = " " if width >= 24 else ""  # with room the wishes stand apart
    symbol: list[Run] = [(k.symbol, "panel--special"), (" " + sep, "")] if view.options.level >= 5 else []
    second: Line = (("  ", ""), *symbol, *wish_runs(k.wishes, sep))
    return first, second


def _place(slot: int, state: str) -> tuple[Run, str]:
    name_class = {"cursor": "panel--cursor", "legal": "panel--bold panel--shade",
                  "chosen": "panel--special panel--bold panel--underline"}.get(state, "panel--bold")
    return (f"{slot + 1} ", "panel--info panel--bold" if state else "panel--muted"), name_class


#: The longest kiddo name (a compact playground's name column).
NAME_WIDTH = max(len(k.name) for k in KIDDOS)


def kiddo_short(view: Any, slot: int, state: str = "") -> Line:
    """Playground place ``slot`` in one line for 80 columns: "1 Benjamin b RRR" (the set
    symbol's first letter at level 5 only)."""
    kiddo = view.playground[slot]
    place, name_class = _place(slot, state)
    if kiddo < 0:
        return (place, ("(empty)", "panel--muted"))
    k = KIDDOS[kiddo]
    symbol: list[Run] = [(SYMBOL_SHORT[k.symbol], "panel--special"), (" ", "")] if view.options.level >= 5 else []
    return (place, (k.name, name_class), (" " * (NAME_WIDTH + 1 - len(k.name)), ""), *symbol, *wish_runs(k.wishes))


def _pad(line: Line, width: int) -> Line:
    size = sum(len(t) for t, _ in line)
    return (*line, (" " * max(0, width - size), ""))


def playground_lines(view: Any, width: int, states: dict[int, str] | None = None, compact: bool = False) -> list[Line]:
    """The 8 kiddos in two rows of four, columns ``width`` // 4 wide: two lines each, or
    one line each when ``compact``."""
    states = states or {}
    cell = max(CELL if not compact else 0, width // 4)
    out: list[Line] = []
    for row in (range(0, 4), range(4, 8)):
        if compact:
            runs: list[Run] = []
            for slot in row:
                line = kiddo_short(view, slot, states.get(slot, ""))
                runs += _pad(line, cell) if slot != row[-1] else line
            out.append(tuple(runs))
            continue
        tops: list[Run] = []
        bottoms: list[Run] = []
        for slot in row:
            top, bottom = kiddo_cell(view, slot, cell, states.get(slot, ""))
            tops += _pad(top, cell)
            bottoms += _pad(bottom, cell)
        out += [tuple(tops), tuple(bottoms)]
    return out


def symbol_counts(kiddos: Sequence[int]) -> Counter:
    """How many kiddos of each set symbol."""
    return Counter(KIDDOS[k].symbol for k in kiddos)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def player_line(view: Any, seat: int, names: Sequence[str], compact: bool, width: int = 0, note: str = "") -> Line:
    """One player: turn mark, name, gift giver (from level 2), score (the final total
    once the game is over), kiddos (by symbol at level 5, else a count), hand counts,
    Rudolf's reindeer and a Scrooge mark; ``width`` the column the name takes, ``note``
    a word after the name (" · away"); ``names`` the seats as a list of them shows them
    (a bot's with its strength: "bot3 (hard bot)")."""
    p = view.players[seat]
    name = names[seat] if seat < len(names) else f"seat {seat + 1}"
    turn = view.phase == "play" and view.turn == seat
    runs: list[Run] = [("▶ " if turn else "  ", "panel--warn panel--bold")]
    you = " (you)" if seat == view.me else ""
    look = "panel--bold" if turn else ""
    if note:
        runs += [(name + you, look), (note, "panel--warn"), (" " * (width - len(name + you + note)), look)]
    else:
        runs.append(((name + you).ljust(width), look))
    if view.options.level >= 2:  # gift givers from level 2
        giver = GIVERS[p.giver].name if p.giver in GIVERS else "—"
        runs.append(("  " + giver.ljust(17 if compact else 18), "panel--special"))
    score = p.score
    if view.phase == "over" and seat < len(view.scores):  # the final total ("Endgame scoring")
        score = dict(view.scores[seat]).get("total", p.score)
    runs.append((f"{score:>3}", "panel--bold"))
    runs.append((" pts" if not compact or view.options.level < 2 else "", "panel--muted"))  # room without givers
    if view.options.level >= 5:  # set symbols count at level 5 only ("Modularity")
        counts = symbol_counts(p.kiddos)
        if compact:
            kids = " ".join(f"{SYMBOL_SHORT[s]}{counts[s]}" for s in SYMBOLS)
        else:
            kids = (" ".join(f"{s} {counts[s]}" for s in SYMBOLS if counts[s]) or "no kiddos").ljust(34)
    else:
        kids = _count(len(p.kiddos), "kiddo").ljust(9 if compact else 12)
    runs.append(("  " + kids, ""))
    if view.options.level >= 3:
        hand = f"{p.present_count}p {p.creature_count}c" if compact else \
            f"{_count(p.present_count, 'present')} {_count(p.creature_count, 'creature')}"
    else:
        hand = f"{p.present_count}p" if compact else _count(p.present_count, "present")
    runs.append(("  " + hand, "panel--muted"))
    if p.rudolf >= 0:
        runs.append((f"  Rudolf {p.rudolf}", "panel--special"))
    if p.skips:
        runs.append(("  Scrooge: skips" if not compact else "  skips", "panel--bad panel--bold"))
    return tuple(runs)


def hand_presents(view: Any) -> list[str]:
    """The viewer's presents in the order the hand line shows them: by colour, then code."""
    if view.me is None:
        return []
    order = {c: i for i, c in enumerate(COLOURS)}
    return sorted(view.players[view.me].presents, key=lambda c: (order[present_colour(c)], c))


def hand_lines(view: Any, compact: bool, marks: Sequence[bool] = (), cursor: int = -1) -> list[Line]:
    """The viewer's presents grouped by colour: one line "Presents R: ST CA · B: BE …"
    when ``compact``, else a line per colour with the presents' names. In a Fulfill
    ``marks`` says which cards are chosen ([ST]) and ``cursor`` which one the arrows are on."""
    cards = hand_presents(view)
    if not cards:
        return [(("Presents ", "panel--bold"), ("none", "panel--muted"))]
    groups: dict[str, list[Run]] = {}
    for i, code in enumerate(cards):
        colour = present_colour(code)
        runs = groups.setdefault(colour, [])
        marked = i < len(marks) and marks[i]
        extra = "panel--cursor" if i == cursor else ("panel--underline panel--bold" if marked else "")
        label = code if compact else f"{code} {PRESENTS[code].name}"
        runs.append((" " if compact or not runs else ", ", ""))
        runs.append(("[" if marked else "", "panel--bold"))
        runs.append((label, f"{COLOUR_CLASS[colour]} {extra}".strip()))
        runs.append(("]" if marked else "", "panel--bold"))
    if compact:
        line: list[Run] = [("Presents", "panel--bold")]
        for k, (colour, runs) in enumerate(groups.items()):
            line += [(" ·" if k else "", "panel--muted"), (f" {COLOUR_LETTER[colour]}:", COLOUR_CLASS[colour]), *runs]
        return [tuple(r for r in line if r[0])]
    out: list[Line] = []
    for colour, runs in groups.items():
        head = (f"{colour:<6} {COLOUR_LETTER[colour]} ", COLOUR_CLASS[colour])
        out.append(tuple(r for r in (head, *runs) if r[0]))
    return out


def creature_line(view: Any, compact: bool) -> Line:
    """The viewer's creatures: name and code, the fresh ones (not playable this turn)
    marked "new"."""
    p = view.players[view.me]
    runs: list[Run] = [("Creatures ", "panel--bold")]
    if not p.creatures:
        return (*runs, ("none", "panel--muted"))
    fresh = Counter(p.fresh)
    counts = Counter(p.creatures)
    for i, code in enumerate(sorted(counts)):
        if i:
            runs.append((", ", ""))
        name = CREATURES[code].name
        new = min(fresh[code], counts[code])
        old = counts[code] - new
        if old:
            runs.append((f"{code} {name}" + (f" ×{old}" if old > 1 else ""), "panel--good"))
        if new:
            if old:
                runs.append((", ", ""))
            runs.append((f"{code} {name}" + (f" ×{new}" if new > 1 else "") + " (new)", "panel--muted"))
    if fresh and not compact:
        runs.append(("  new: playable from the next turn on", "panel--muted"))
    return tuple(runs)


def kiddos_line(view: Any) -> Line:
    """The viewer's kiddos, by set symbol at level 5 ("Kiddos bell: Lukas, Benjamin ·
    tree: Mira"), else by name."""
    mine = view.players[view.me].kiddos
    runs: list[Run] = [("Kiddos ", "panel--bold")]
    if not mine:
        return (*runs, ("none yet", "panel--muted"))
    if view.options.level < 5:
        return (*runs, (", ".join(KIDDOS[i].name for i in mine), ""))
    for k, symbol in enumerate(s for s in SYMBOLS if any(KIDDOS[i].symbol == s for i in mine)):
        names = ", ".join(KIDDOS[i].name for i in mine if KIDDOS[i].symbol == symbol)
        runs += [(" · " if k else "", "panel--muted"), (f"{symbol}: ", "panel--special"), (names, "")]
    return tuple(r for r in runs if r[0])


__all__ = ["COLOUR_CLASS", "NNPanel", "creature_line", "deck_text", "hand_lines", "hand_presents", "kiddo_cell",
           "kiddo_short", "kiddos_line", "player_line", "playground_lines", "row_line", "symbol_counts", "wish_runs"]
