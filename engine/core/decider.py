"""The decider protocol every game implements, and the shapes shared by all games.

A game is a ``Game`` record of pure functions (the event-sourcing decider pattern):
``initial`` and ``setup`` make the start, ``decide`` turns a command into events,
``evolve`` folds one event into the state. See ``docs/architecture.md``, "The engine".
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import msgspec

from . import agenda
from .text import and_list


class Result(msgspec.Struct, frozen=True):
    """The end of a game: ``scores[i]`` is seat ``i``'s final score(s) as a label→points
    mapping, ``winners`` the winning seat indexes (several on a shared win), and
    ``tiebreak`` how a tie at the top was settled, in plain words for players and
    without names ("the rulebook names no tie-break"), or "" when there was no tie;
    ``verdict`` a co-operative game's outcome for the whole table in plain words
    ("Together 84 AP. Mother Holle would be proud of you."), or "".
    The rulebook passage behind it belongs in the game's RULES.md, not here."""

    scores: list[dict[str, int]]
    winners: list[int]
    tiebreak: str
    verdict: str = ""

    def labels(self) -> list[str]:
        """Every seat's score labels, each once, in the seats' order: a label that only
        some seats have comes after the label it follows there ("play", "Rudolf",
        "total" when one seat alone has "Rudolf"). A table of the scores takes its
        columns from here, never from one seat's, so every number stands under its own
        label; a seat without a label has no number in that column."""
        out: list[str] = []
        for scores in self.scores:
            at = 0
            for label in scores:
                if label in out:
                    at = out.index(label) + 1
                else:
                    out.insert(at, label)
                    at += 1
        return out

    def summary(self, names: Sequence[str]) -> str:
        """The result as one sentence for players: "ann wins!", "ann wins (tied on
        points, …).", "Tied: ann and bob share the win (…).", or for a game of one seat
        "ann scored 84 points." (its ``total``, else the sum of its scores), or a
        co-operative game's ``verdict`` as it is. ``names``
        by seat; they are put in as they are (the caller never parses them as markup)."""
        if self.verdict:
            return self.verdict
        if len(self.scores) == 1:
            points = self.scores[0].get("total", sum(self.scores[0].values()))
            return f"{names[0]} scored {points} point{'' if points == 1 else 's'}."
        winners = [names[i] for i in self.winners]
        if not winners:
            return "Nobody wins."
        note = f" ({self.tiebreak})" if self.tiebreak else ""
        if len(winners) > 1:
            return f"Tied: {and_list(winners)} share the win{note}."
        return f"{winners[0]} wins{note}." if note else f"{winners[0]} wins!"


@dataclass(frozen=True)
class Game:
    """One game's decider and its notation.

    Fields are plain functions so a game module stays a set of pure functions:

    - ``initial(options, n) -> State``: the empty table for ``n`` seats;
    - ``setup(options, n, rng) -> list[Event]``: shuffles and deals, entry 0;
    - ``evolve(state, event) -> State``: pure, never validates or draws;
    - ``decide(state, seat, command, rng) -> list[Event]``: raises ``IllegalCommand``;
      a game that works in the turn agenda's transaction returns its record
      (``agenda.Decided``, a list that also holds the state it made, which ``fold``
      takes instead of folding the events again);
    - ``legal(state, seat) -> list[Command]``: exactly what ``decide`` accepts now;
    - ``to_act(state) -> frozenset[int]``: seats that may act now;
    - ``view(state, seat | None) -> Struct``: what that seat may know;
    - ``redact(event, seat | None) -> Event | None``: the event as that seat may see it;
    - ``reveals(event) -> bool``: the event shows hidden or random facts (undo stops there);
    - ``result(state) -> Result | None``;
    - ``parse(text, names) -> Command`` / ``notation(command, names) -> str``: the notation
      (``notation`` raises ``TypeError`` for what is not one of the game's commands);
    - ``describe(event, names) -> str``: an event as a log line;
    - ``explain(command, view, names) -> str``: the command in one short plain-English
      sentence for a player ("Give the gift in space 3 (Teddy Bear) to bob."), in the
      rulebook's words for the game's things, naming cards, places and dice from
      ``view`` (what ``view(state, seat)`` returns for the seat that would give the
      command) and never from anything else: it cannot tell what the seat may not
      know. Under 70 characters where it can be, one line, never markup; raises
      ``TypeError`` for something that is not one of the game's commands, like
      ``notation``. A hint shows it under each move's notation. None: no words;
    - ``bots``: bot kind → factory ``(seed) -> Bot``;
    - ``view_type``: the Struct ``view`` returns, to decode a view sent over the network;
    - ``edition``: names the game's data (a sheet, a card list): results made with other
      data are not comparable (personal bests are kept per edition);
    - ``brief(view) -> view``: the view as a shared room sends it over the network, without
      what grows with the game's length (a record of every past round): a message's size
      must not grow with the game. None: the view is sent as it is;
    - ``rules_text``: the developers' RULES.md (every ruling beside its rulebook passage);
    - ``help_text``: the rules for players, Markdown (the game's HELP.md): what the game
      is, a round, the notation and boxtop's rulings in plain words; the app's rules
      screen shows it after the keys. No paths, quotations or statistics;
    - ``secret(command) -> bool``: whether the command's own words are hidden from other
      seats in the log ("keep SM"). None: a command is hidden whenever one of its events
      is redacted for that seat (right for games whose commands are secret choices);
    - ``progress(state, names) -> str``: where an unfinished game stands, in a few plain
      words for the load and replay lists ("turn 19 · bob leads", "chapter 3 of 6"); a
      save keeps it in its header. None: "round N" for a state with a ``round``;
    - ``sample(view, seat, rng) -> State``: a whole state dealt at random consistently
      with everything seat ``seat`` knows (``view`` is ``view(state, seat)``): every
      hidden card, tile, taste and deck order dealt again with ``rng``, so that
      ``view(sample(v, seat, rng), seat) == v`` and the seat's legal commands are the
      same. The search bots (``engine.core.search``) plan over such states; a game
      without it cannot have them;
    - ``standing(state) -> list[float]``: how well each seat stands in an unfinished game,
      higher is better, on any scale (points so far, the progress towards a win): the
      search plays a game out for a few dozen commands and rewards whoever stands best
      then. None: play-outs run to the end of the game;
    - ``horizon``: how many commands the rollout search (``engine.core.rollouts``) plays
      out before scoring by ``standing``; None: to the end of the game;
    - ``lead``: how many ``standing`` points make a lead worth a near-certain win (the
      logistic scale of ``playout.outcome``), so a play-out says by how much a seat is
      ahead, not only who is; None: only who wins (or stands best) counts;
    - ``persona(state, seat) -> Bot | None``: the ``normal`` bot that plays ``seat`` in the
      search's play-outs from ``state`` (a state ``sample`` dealt), where the sampler dealt
      that seat a character of its own that the bot must play by (Gift Trap: a taste
      drawn from what the seat's reveals say it likes). None, or a None answer: the
      seat's usual ``normal`` bot.
    """

    slug: str
    title: str
    min_players: int
    max_players: int
    Options: type
    command_type: Any
    event_type: Any
    initial: Callable[[Any, int], Any]
    setup: Callable[[Any, int, random.Random], list]
    evolve: Callable[[Any, Any], Any]
    decide: Callable[[Any, int, Any, random.Random], list]
    legal: Callable[[Any, int], list]
    to_act: Callable[[Any], frozenset]
    view: Callable[[Any, int | None], Any]
    redact: Callable[[Any, int | None], Any]
    reveals: Callable[[Any], bool]
    result: Callable[[Any], Result | None]
    parse: Callable[[str, Sequence[str]], Any]
    notation: Callable[[Any, Sequence[str]], str]
    describe: Callable[[Any, Sequence[str]], str]
    bots: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    rules_text: str = ""
    view_type: Any = None
    edition: str = ""
    brief: Callable[[Any], Any] | None = None
    help_text: str = ""
    secret: Callable[[Any], bool] | None = None
    progress: Callable[[Any, Sequence[str]], str] | None = None
    sample: Callable[[Any, int, random.Random], Any] | None = None
    standing: Callable[[Any], list[float]] | None = None
    horizon: int | None = None
    lead: float | None = None
    explain: Callable[[Any, Any, Sequence[str]], str] | None = None
    persona: Callable[[Any, int], Any] | None = None

    def options_from(self, options: dict | Any | None) -> Any:
        """Build this game's ``Options`` from a dict (values may be strings from a CLI or
        a form: whole numbers as digits, yes/no options as on/off, true/false, yes/no or
        1/0).

        Raises ``ValueError`` with one plain sentence naming the option and what it
        takes: "track_length must be a whole number, not 'abc'", "extra_tiles must be on
        or off", a choice lists its values, a value out of range says the range ("level
        must be 1–5, not 0"); never a validator's own words ("Expected `int` >= 1").
        """
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        known = set(self.Options.__struct_fields__)
        for key in options:
            if key not in known:
                raise ValueError(f"{self.slug} has no option {key!r}; options are: {', '.join(sorted(known))}")
        kinds = {f.name: f.type for f in msgspec.inspect.type_info(self.Options).fields}
        declared = {f.name: f.type for f in msgspec.structs.fields(self.Options)}
        values = {key: _option_value(key, value, kinds[key], declared[key]) for key, value in options.items()}
        try:
            return msgspec.convert(values, self.Options, strict=False)
        except msgspec.ValidationError as err:
            text = str(err).splitlines()[0]
            path = re.search(r" - at `\$\.(\w+)`$", text)
            text = re.sub(r" - at `\$[^`]*`$", "", text)
            if path and text.startswith("Expected"):  # a validator's words: say what was given
                key = path.group(1)
                raise ValueError(f"{key} cannot be {values.get(key)!r}") from None
            raise ValueError(f"{path.group(1)}: {text}" if path else text) from None


_ON = {"on": True, "true": True, "yes": True, "1": True, "off": False, "false": False, "no": False, "0": False}


def _option_value(key: str, value: Any, kind: Any, declared: Any) -> Any:
    """``value`` for option ``key`` of type ``kind`` (a ``msgspec.inspect`` type; the
    annotation ``declared`` gives a ``Literal``'s values in order), a string turned into
    its type; raises ``ValueError`` saying what the option takes."""
    import typing

    from msgspec import inspect as mi

    if isinstance(kind, mi.Metadata):
        kind = kind.type
    if typing.get_origin(declared) is typing.Annotated:
        declared = typing.get_args(declared)[0]
    shown = f", not {value!r}" if isinstance(value, str) else ""
    if isinstance(kind, mi.BoolType):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _ON:
            return _ON[value.strip().lower()]
        raise ValueError(f"{key} must be on or off{shown}")
    if isinstance(kind, mi.IntType):
        if isinstance(value, int) and not isinstance(value, bool):
            return _within(key, value, kind)
        if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
            return _within(key, int(value), kind)
        raise ValueError(f"{key} must be a whole number{shown}")
    if isinstance(kind, mi.FloatType):
        try:
            number = None if isinstance(value, bool) else float(value)
        except (TypeError, ValueError):
            number = None
        if number is None:
            raise ValueError(f"{key} must be a number{shown}")
        return _within(key, number, kind)
    choices = None
    if isinstance(kind, mi.LiteralType):
        choices = list(typing.get_args(declared)) or sorted(kind.values, key=str)
    elif isinstance(kind, mi.EnumType):
        choices = [member.value for member in kind.cls]
    if choices is not None:
        for choice in choices:
            if value == choice or (isinstance(value, str) and value.strip() == str(choice)):
                return choice
        raise ValueError(f"{key} must be one of {', '.join(str(c) for c in choices)}{shown}")
    return value


def _within(key: str, value: Any, kind: Any) -> Any:
    """``value`` when it meets the bounds of ``kind`` (a ``msgspec.inspect`` IntType or
    FloatType: ``ge``, ``gt``, ``le``, ``lt``); else ``ValueError`` saying the range in
    plain words: "level must be 1–5, not 0", "rounds must be at least 1, not 0"."""
    low = kind.ge if kind.ge is not None else kind.gt
    high = kind.le if kind.le is not None else kind.lt
    below = (kind.ge is not None and value < kind.ge) or (kind.gt is not None and value <= kind.gt)
    above = (kind.le is not None and value > kind.le) or (kind.lt is not None and value >= kind.lt)
    if not (below or above):
        return value
    if kind.ge is not None and kind.le is not None:
        said = f"{kind.ge}–{kind.le}"
    elif low is not None and high is not None:
        said = f"{'more than' if kind.gt is not None else 'at least'} {low} and {'less than' if kind.lt is not None else 'at most'} {high}"
    elif low is not None:
        said = f"{'more than' if kind.gt is not None else 'at least'} {low}"
    else:
        said = f"{'less than' if kind.lt is not None else 'at most'} {high}"
    raise ValueError(f"{key} must be {said}, not {value}")


def fold(game: Game, state: Any, events: Iterable[Any]) -> Any:
    """Fold ``events`` into ``state`` with the game's ``evolve``; returns the new state.
    What ``decide`` returned from this very ``state`` through a transaction is not
    folded again: the transaction hands back the state it made (``agenda.fold``)."""
    return agenda.fold(state, events, game.evolve)
