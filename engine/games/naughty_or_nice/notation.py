"""Naughty or Nice's notation: parse and print commands, describe events as log lines.

``giver santa`` · ``craft 1 deck`` (row places 1–3, ``deck``) · ``summon`` ·
``keep SM`` · ``fulfill 3 ST CA SW`` (playground place 1–8, then present codes; add
``caga`` to play Caga Tió for one wish) · ``play SC bob`` · ``play KR CA`` ·
``play MC 4`` · ``play RD 3`` (3 reindeer) · ``play EL`` · ``react TO`` ·
``react PW ST CA`` · ``pass`` · ``pick ST`` · ``draw deck`` / ``draw 2`` ·
``search ST`` · ``tuck`` · ``sweep 4`` · ``end``. Codes are the cards' two letters
(``data/*.toml``); case does not matter. A refusal is one sentence that fits 80
columns: what it quotes of the player's text is cut to ``QUOTE`` characters.
"""

from __future__ import annotations

from typing import Sequence

from engine.core.errors import IllegalCommand
from engine.core.reactions import Answered, Pass, Passed, WindowOpened

from . import commands as cmd
from . import events as ev
from .data import COLOUR_LETTER, CREATURES, GIVERS, KIDDOS, PRESENTS

#: What a refusal of unreadable text suggests (the rules screen lists every form).
EXAMPLES = "craft 1 deck, fulfill 3 ST CA (? lists all)"
#: The most characters of the player's text a refusal quotes.
QUOTE = 10


def _q(word: str) -> str:
    """``word`` quoted for a refusal, cut to ``QUOTE`` characters ("'blah blah bl…'")."""
    return repr(word if len(word) <= QUOTE else word[:QUOTE - 1] + "…")


def _int(word: str, what: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise IllegalCommand(f"{_q(word)} is not a {what} ({low}–{high}).")
    return int(word)


def _present(word: str) -> str:
    code = word.upper()
    if code not in PRESENTS:
        raise IllegalCommand(f"{_q(word)} is not a present; codes are {' '.join(PRESENTS)}.")
    return code


def _creature(word: str) -> str:
    code = word.upper()
    if code not in CREATURES:
        raise IllegalCommand(f"{_q(word)} is not a creature; codes are {' '.join(CREATURES)}.")
    return code


def _source(word: str) -> int:
    return cmd.DECK if word == "deck" else _int(word, "row place", 1, 3) - 1


def _seat(word: str, names: Sequence[str]) -> int:
    for i, name in enumerate(names):
        if name.lower() == word:
            return i
    raise IllegalCommand(f"There is no player called {_q(word)}.")


def parse(text: str, names: Sequence[str]) -> object:
    """Parse one command; raises ``IllegalCommand`` (one sentence within 80 columns, with
    examples) when it cannot be read."""
    words = text.lower().replace(",", " ").split()
    match words:
        case ["giver", g]:
            if g not in GIVERS:
                raise IllegalCommand(f"{_q(g)} is not a gift giver: giver santa, giver odin … (? lists all).")
            return cmd.ChooseGiver(g)
        case ["craft", *sources] if sources:
            # row places first, in order, then the deck: the form ``legal`` lists
            places = sorted((_source(w) for w in sources), key=lambda x: (x == cmd.DECK, x))
            return cmd.Craft(tuple(places))
        case ["summon"]:
            return cmd.Summon()
        case ["keep", c]:
            return cmd.Keep(_creature(c))
        case ["fulfill", slot, *presents]:
            caga = "caga" in presents
            codes = tuple(sorted(_present(w) for w in presents if w != "caga"))
            return cmd.Fulfill(_int(slot, "playground place", 1, 8) - 1, codes, caga)
        case ["play", c, *rest]:
            code = _creature(c)
            target = CREATURES[code].target
            if code == "RD":
                return cmd.Play("RD", _int(rest[0], "number of reindeer", 1, 4) if rest else 1)
            if target == "seat" and len(rest) == 1:
                return cmd.Play(code, target=_seat(rest[0], names))
            if target == "present" and len(rest) == 1:
                return cmd.Play(code, present=_present(rest[0]))
            if target == "kiddo" and len(rest) == 1:
                return cmd.Play(code, slot=_int(rest[0], "playground place", 1, 8) - 1)
            if not target and not rest:
                return cmd.Play(code)
            need = {"seat": "a player's name", "present": "a present code", "kiddo": "a playground place 1–8"}
            raise IllegalCommand(f"play {code} takes {need.get(target, 'nothing more')}.")
        case ["react", c, *take]:
            return cmd.React(_creature(c), tuple(sorted(_present(w) for w in take)))
        case ["pass"]:
            return Pass()
        case ["pick", p]:
            return cmd.Pick(_present(p))
        case ["draw", s]:
            return cmd.Draw(_source(s))
        case ["search", p]:
            return cmd.Search(_present(p))
        case ["tuck"]:
            return cmd.Tuck()
        case ["sweep", slot]:
            return cmd.Sweep(_int(slot, "playground place", 1, 8) - 1)
        case ["end"]:
            return cmd.End()
    raise IllegalCommand(f"Cannot read {_q(text.strip())}; try {EXAMPLES}.")


def _src(x: int) -> str:
    return "deck" if x == cmd.DECK else str(x + 1)


def notation(command, names: Sequence[str]) -> str:
    """``command`` in the notation ``parse`` reads back.
    Raises ``TypeError`` for what is not one of the game's commands."""
    match command:
        case cmd.ChooseGiver(g):
            return f"giver {g}"
        case cmd.Craft(sources):
            return "craft " + " ".join(_src(x) for x in sources)
        case cmd.Summon():
            return "summon"
        case cmd.Keep(c):
            return f"keep {c}"
        case cmd.Fulfill(slot, presents, caga):
            return " ".join(["fulfill", str(slot + 1), *presents, *(["caga"] if caga else [])])
        case cmd.Play(c, count, target, present, slot):
            t = CREATURES[c].target if c in CREATURES else ""
            if c == "RD":
                return f"play RD {count}"
            if t == "seat":
                return f"play {c} {names[target] if 0 <= target < len(names) else target}"
            if t == "present":
                return f"play {c} {present}"
            if t == "kiddo":
                return f"play {c} {slot + 1}"
            return f"play {c}"
        case cmd.React(c, take):
            return " ".join(["react", c, *take])
        case Pass():
            return "pass"
        case cmd.Pick(p):
            return f"pick {p}"
        case cmd.Draw(s):
            return f"draw {_src(s)}"
        case cmd.Search(p):
            return f"search {p}"
        case cmd.Tuck():
            return "tuck"
        case cmd.Sweep(slot):
            return f"sweep {slot + 1}"
        case cmd.End():
            return "end"
    raise TypeError(f"not a Naughty or Nice command: {command!r}")


def present_name(code: str) -> str:
    """"Cap", or "a present" for a hidden card."""
    return PRESENTS[code].name if code in PRESENTS else "a hidden present"


def creature_name(code: str) -> str:
    """"Tomte", or "a hidden creature"."""
    return CREATURES[code].name if code in CREATURES else "a hidden creature"


def kiddo_label(kiddo: int) -> str:
    """"Benjamin (bell, RRR)": name, symbol and wishes as letters."""
    k = KIDDOS[kiddo]
    return f"{k.name} ({k.symbol}, {''.join(COLOUR_LETTER[w] for w in k.wishes)})"


def _list(codes, name, kind: str = "card") -> str:
    hidden = sum(1 for c in codes if c == ev.HIDDEN)
    shown = [name(c) for c in codes if c != ev.HIDDEN]
    if hidden:
        shown.append(f"{hidden} hidden {kind}{'s' if hidden > 1 else ''}")
    return ", ".join(shown) if shown else "nothing"


def describe(event, names: Sequence[str]) -> str:
    """``event`` as a log line in plain words; "" for bookkeeping events."""
    n = lambda i: names[i] if 0 <= i < len(names) else "?"  # noqa: E731
    match event:
        case ev.Removed(presents, kiddos):
            return f"For 2–3 players {len(presents)} presents and {len(kiddos)} kiddos are out of the game."
        case ev.GiverDrawn(seat, giver):
            return f"{n(seat)} is {GIVERS[giver].name}."
        case ev.Started(seat):
            return f"{n(seat)} goes first."
        case ev.KiddoIn(slot, kiddo):
            return f"{kiddo_label(kiddo)} joins the playground at {slot + 1}."
        case ev.Midnight(deck, seat):
            return f"Midnight strikes (from the {'kiddo' if deck == 'kiddos' else 'creature'} deck): one last turn each."
        case ev.Drew(seat, presents, creatures, _):
            parts = []
            if presents:
                parts.append(_list(presents, present_name, "present"))
            if creatures:
                parts.append(_list(creatures, creature_name, "creature"))
            return f"{n(seat)} draws {' and '.join(parts)}." if parts else ""
        case ev.TookFromRow(seat, slot, present):
            return f"{n(seat)} takes {present_name(present)} from the row."
        case ev.Summoned(seat, creatures):
            return f"{n(seat)} summons {_list(creatures, creature_name, 'creature')}."
        case ev.Kept(seat, kept, discarded):
            text = f"{n(seat)} keeps {creature_name(kept) if kept != ev.HIDDEN else 'one'}"
            return text + (f" and discards {creature_name(discarded)}." if discarded else ".")
        case ev.Fulfilled(seat, slot, kiddo, presents, caga, ignored):
            extra = " with Caga Tió" if caga else ""
            extra += " (one black wish ignored)" if ignored else ""
            return f"{n(seat)} fulfils {kiddo_label(kiddo)} with {_list(presents, present_name)}{extra}."
        case ev.Scored(seat, points, reason):
            return f"{n(seat)} {'scores' if points >= 0 else 'loses'} {abs(points)} ({reason})."
        case ev.Played(seat, creature, count, target, present, slot, _):
            what = f"{count} reindeer" if creature == "RD" else creature_name(creature)
            tail = ""
            if creature in ("SC", "ML", "CG") and target >= 0:
                tail = f" on {n(target)}"
            elif creature == "KR":
                tail = f" calling for {present_name(present)}"
            elif creature == "MC":
                tail = f" for the kiddo at {slot + 1}"
            elif creature == "TO":
                tail = " to cancel it"
            elif creature == "PW":
                tail = f" taking {_list(present.split(), present_name)}"
            return f"{n(seat)} plays {what}{tail}."
        case ev.Resolved(creature, cancelled):
            return f"{creature_name(creature)} is cancelled." if cancelled else ""
        case ev.Skipping(seat):
            return f"Mr Scrooge waits before {n(seat)}: the next turn is skipped."
        case ev.Skipped(seat):
            return f"{n(seat)} skips this turn."
        case ev.RedCounts(counts):
            return "Red presents in hand: " + ", ".join(f"{n(i)} {c}" for i, c in enumerate(counts)) + "."
        case ev.Stole(seat, victim, cards, creatures):
            kind = "creature" if creatures else "present"
            return f"{n(seat)} steals {_list(cards, creature_name if creatures else present_name, kind)} from {n(victim)}."
        case ev.Gave(seat, to, present):
            return f"{n(seat)} gives {present_name(present)} to {n(to)}."
        case ev.Revealed(seat, presents):
            return f"The Elves reveal {_list(presents, present_name)}."
        case ev.Picked(seat, present):
            return f"{n(seat)} takes {present_name(present)}."
        case ev.TookKiddo(seat, slot, kiddo):
            return f"{n(seat)} takes {kiddo_label(kiddo)} without presents."
        case ev.Discarded(seat, presents):
            return f"{n(seat)} discards {_list(presents, present_name)}."
        case ev.SearchedRudolf(seat, found, _):
            return f"{n(seat)} searches for a reindeer: {'found, under Rudolf' if found else 'none found'}."
        case ev.Tucked(seat):
            return f"{n(seat)} puts a reindeer under Rudolf."
        case ev.Swept(seat, slot, kiddo):
            return f"{n(seat)} sweeps {kiddo_label(kiddo)} out of the playground."
        case ev.Took():
            return ""
        case ev.Prompted(seat, kind, action):
            return {
                "moroz": f"{n(seat)} may take a basic action (Grandfather Frost).",
                "repeat": f"{n(seat)} may {action} again (Snow Maiden).",
                "draw": f"{n(seat)} may draw a present (Christkindl).",
            }.get(kind, "")
        case ev.TurnStarted(seat):
            return f"— {n(seat)}'s turn —"
        case ev.FinalScore(scores):
            lines = []
            for i, rows in enumerate(scores):
                d = dict(rows)
                parts = [f"{k} {v}" for k, v in rows if k not in ("total", "play") and v]
                lines.append(f"{n(i)}: {d['total']} points" + (f" ({', '.join(parts)})" if parts else ""))
            return "\n".join(lines)
        case WindowOpened(_, _, seats, _):
            return f"{', '.join(n(s) for s in seats)} may react."
        case Passed(seat):
            return ""
        case Answered(seat):
            return ""
    return ""
