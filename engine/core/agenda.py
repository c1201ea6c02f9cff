"""The turn agenda: what is left to do in a game, built once for every game.

A command often sets off more than one thing (Bottlecap Vikings' move draws damage and
starts an attack; a Dice Upon a Time Story card deals, harms and rewards; a Naughty or
Nice Summon asks which creature to keep). The games keep what is left as state folded
from events, so undo, replay and saves need nothing new:

- **steps** still to resolve, pushed by a ``Queued`` event and taken up one at a time by
  ``Popped`` (Bottlecap Vikings' ``Step`` queue, Dice Upon a Time's waiting ``Effect``\\ s);
- **prompts** a seat owes before play goes on, asked by a ``Prompted`` event and
  answered by ``PromptDone``;

and a ``decide`` works through them in a ``Transaction``: each event is folded as it is
emitted, so the rules read the state the events so far have made, and the record it
hands back (``Decided``) carries the state it made, so the session and the search
(``fold``) do not fold the same events again. ``check_turn`` is the one guard every
``decide`` (and the session) starts with. The other pending-work mechanism, reaction
windows, is ``engine.core.reactions``. ``docs/architecture.md``, "The turn agenda", has
the whole of it.

The event classes here are bases: a game subclasses ``Queued`` and ``Prompted`` with its
own tag and payload (its log's words stay its own), and uses ``Popped`` and
``PromptDone`` as they are; its state's record of an owed answer subclasses ``Prompt``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Collection, Iterable

import msgspec

from .errors import IllegalCommand


# --------------------------------------------------------------------------- events
class Queued(msgspec.Struct, frozen=True):
    """Steps joined what is left to resolve. A base: a game subclasses it with its tag
    and its payload first (the steps), e.g. ``steps: tuple[Step, ...]``; a game whose
    steps may join behind the waiting ones adds ``front: bool``. Bookkeeping: no log line."""


class Popped(msgspec.Struct, frozen=True, tag="popped"):
    """The step at the front was taken up (or dropped). Bookkeeping: no log line."""


#: The one ``Popped`` a transaction emits (frozen and without fields: one will do).
POPPED = Popped()


class Prompted(msgspec.Struct, frozen=True):
    """``seat`` owes an answer of ``kind`` (the game's word: "keep", "draw2" …) before
    play goes on. A base: a game subclasses it with its tag and any further fields."""

    seat: int
    kind: str


class PromptDone(msgspec.Struct, frozen=True, tag="prompt_done"):
    """The first owed prompt was answered or passed."""


class Prompt(msgspec.Struct, frozen=True):
    """An answer ``seat`` owes, as the state keeps it (from ``Prompted``). A base: a
    game subclasses it with the further fields its prompts carry."""

    seat: int
    kind: str


# --------------------------------------------------------------------------- folds
def queued(queue: tuple, steps: tuple, front: bool = True) -> tuple:
    """``queue`` with ``steps`` (in their order) in front of it, or behind it."""
    return steps + queue if front else queue + steps


def popped(queue: tuple) -> tuple:
    """``queue`` without its front step."""
    return queue[1:]


def prompted(prompts: tuple, prompt: Any, first: bool = False) -> tuple:
    """``prompts`` with ``prompt`` (the game's record of it) after the owed ones, or
    before them all when ``first``."""
    return (prompt, *prompts) if first else (*prompts, prompt)


def prompt_done(prompts: tuple) -> tuple:
    """``prompts`` without the first owed one."""
    return prompts[1:]


# --------------------------------------------------------------------------- decide
def check_turn(over: bool, seat: int, acting: Collection[int], whose: str = "your") -> None:
    """The guard every ``decide`` starts with: raises ``IllegalCommand`` "The game is
    over." when ``over``, else "It is not your turn to act." (``whose`` for "your": the
    session names the seat, "ann's") when ``seat`` is not among ``acting``."""
    if over:
        raise IllegalCommand("The game is over.")
    if seat not in acting:
        raise IllegalCommand(f"It is not {whose} turn to act.")


class Decided(list):
    """The events of one ``decide`` in order (a ``list``), with the state they were
    folded from (``before``) and the state they made (``after``); ``size`` is how many
    events ``after`` holds, so a list changed since is told apart (``fold``)."""

    __slots__ = ("before", "after", "size")

    def __init__(self, before: Any):
        super().__init__()
        self.before = self.after = before
        self.size = 0


def fold(state: Any, events: Iterable[Any], evolve: Callable[[Any, Any], Any]) -> Any:
    """The state ``events`` make from ``state``: when ``events`` is a transaction's
    record (``Decided``) begun at this very ``state`` and unchanged since, the state it
    made; else ``evolve`` over them. A frozen state and a pure ``evolve`` make both the
    same."""
    if type(events) is Decided and events.before is state and events.size == len(events):
        return events.after
    for event in events:
        state = evolve(state, event)
    return state


class Transaction:
    """The events of one ``decide``, each folded into ``state`` as it is emitted.

    ``state`` is the game's State as the events so far have made it, ``rng`` the
    engine's seeded ``random.Random`` (every draw and roll of the command), ``events``
    the ``Decided`` record, which ``decide`` returns at the end; nothing reaches the
    session before that. ``evolve(state, event) -> state`` is the game's fold step.

    A game's subclass may set ``Queued`` (its ``Queued`` event, for ``push``) and
    override the hooks ``over`` (once true, nothing more is recorded) and ``after``
    (a check after each event of a class in ``WATCH``, which may emit more)."""

    #: The game's ``Queued`` event class, which ``push`` emits.
    Queued: type | None = None

    def __init__(self, state: Any, rng: random.Random, evolve: Callable[[Any, Any], Any]):
        self.state = state
        self.rng = rng
        self.events = Decided(state)
        self._evolve = evolve

    def over(self) -> bool:
        """Whether the game is over, so that nothing more is recorded (default: never)."""
        return False

    def after(self, event: Any) -> None:
        """Called once an event of a kind in ``WATCH`` is folded; may ``emit`` more
        (default: nothing)."""

    #: The event classes ``after`` is called for (a random game of Bottlecap Vikings
    #: emits seven events a command, most of them agenda bookkeeping no hook needs).
    WATCH: tuple[type, ...] = ()

    def emit(self, *events: Any) -> None:
        """Record ``events`` in order, folding each into ``state`` at once; stops as
        soon as ``over`` says the game is over."""
        record, evolve, over, watch = self.events, self._evolve, self.over, self.WATCH
        for event in events:
            if over():
                return
            record.append(event)
            self.state = state = evolve(self.state, event)
            record.after, record.size = state, len(record)
            if watch and isinstance(event, watch):
                self.after(event)

    def push(self, *steps: Any, **fields: Any) -> None:
        """Emit the game's ``Queued`` with ``steps`` (and its further ``fields``, such
        as ``front``); nothing when there are no steps."""
        if steps:
            self.emit(self.Queued(tuple(steps), **fields))

    def pop(self) -> None:
        """Emit ``Popped``: the front step is taken up."""
        self.emit(POPPED)
