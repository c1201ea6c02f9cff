"""The decider protocol every game implements, and the shapes shared by all games.

A game is a ``Game`` record of pure functions (the event-sourcing decider pattern):
``initial`` and ``setup`` make the start, ``decide`` turns a command into events,
``evolve`` folds one event into the state. See ``docs/architecture.md``, "The engine".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import msgspec


class Result(msgspec.Struct, frozen=True):
    """The end of a game: ``scores[i]`` is seat ``i``'s final score(s) as a label→points
    mapping, ``winners`` the winning seat indexes (several on a shared win), and
    ``tiebreak`` how a tie at the top was settled, in plain words for players and
    without names ("the rulebook names no tie-break"), or "" when there was no tie.
    The rulebook passage behind it belongs in the game's RULES.md, not here."""

    scores: list[dict[str, int]]
    winners: list[int]
    tiebreak: str

    def summary(self, names: Sequence[str]) -> str:
        """The result as one sentence for players: "ann wins!", "ann wins (tied on
        points, …).", "Tied: ann and bob share the win (…).", or for a game of one seat
        "ann scored 84 points." (its ``total``, else the sum of its scores). ``names``
        by seat; they are put in as they are (the caller never parses them as markup)."""
        if len(self.scores) == 1:
            points = self.scores[0].get("total", sum(self.scores[0].values()))
            return f"{names[0]} scored {points} point{'' if points == 1 else 's'}."
        winners = [names[i] for i in self.winners]
        if not winners:
            return "Nobody wins."
        note = f" ({self.tiebreak})" if self.tiebreak else ""
        if len(winners) > 1:
            together = ", ".join(winners[:-1]) + " and " + winners[-1]
            return f"Tied: {together} share the win{note}."
        return f"{winners[0]} wins{note}." if note else f"{winners[0]} wins!"


@dataclass(frozen=True)
class Game:
    """One game's decider and its notation.

    Fields are plain functions so a game module stays a set of pure functions:

    - ``initial(options, n) -> State``: the empty table for ``n`` seats;
    - ``setup(options, n, rng) -> list[Event]``: shuffles and deals, entry 0;
    - ``evolve(state, event) -> State``: pure, never validates or draws;
    - ``decide(state, seat, command, rng) -> list[Event]``: raises ``IllegalCommand``;
    - ``legal(state, seat) -> list[Command]``: exactly what ``decide`` accepts now;
    - ``to_act(state) -> frozenset[int]``: seats that may act now;
    - ``view(state, seat | None) -> Struct``: what that seat may know;
    - ``redact(event, seat | None) -> Event | None``: the event as that seat may see it;
    - ``reveals(event) -> bool``: the event shows hidden or random facts (undo stops there);
    - ``result(state) -> Result | None``;
    - ``parse(text, names) -> Command`` / ``notation(command, names) -> str``: the notation;
    - ``describe(event, names) -> str``: an event as a log line;
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
      screen shows it after the keys. No paths, quotations or statistics.
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

    def options_from(self, options: dict | Any | None) -> Any:
        """Build this game's ``Options`` from a dict (values may be strings from a CLI).

        Raises ``ValueError`` naming the bad key or value.
        """
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        known = set(self.Options.__struct_fields__)
        for key in options:
            if key not in known:
                raise ValueError(f"{self.slug} has no option {key!r}; options are: {', '.join(sorted(known))}")
        try:
            return msgspec.convert(dict(options), self.Options, strict=False)
        except msgspec.ValidationError as err:
            raise ValueError(f"bad option for {self.slug}: {err}") from None


def fold(game: Game, state: Any, events: Iterable[Any]) -> Any:
    """Fold ``events`` into ``state`` with the game's ``evolve``; returns the new state."""
    evolve = game.evolve
    for event in events:
        state = evolve(state, event)
    return state
