"""``GameOptions``: one game's options as rows of the new-game form, read from its
``Options`` struct.

Each field of a game's ``Options`` (a msgspec Struct) becomes a row: its name, a field
for its value and its one-line note (``Options.NOTES``). The field follows the type:

- ``bool``: a checkbox;
- a fixed set of values (``Literal["identical", "unique", "choose"]``) or a whole
  number in a short range (``Annotated[int, msgspec.Meta(ge=1, le=5)]``): a drop-down
  list of the values, in the order declared;
- any other whole number: a box that takes digits (the game's ``options_from`` refuses
  a value out of range with its own sentence);
- anything else: a text box.

Options a table of one person takes by itself (``Options.ALONE``, e.g. Dice Upon a
Time's ``windows``) show only while two or more seats are people, and are left out of
``values`` otherwise, so that the game applies them.
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar

import msgspec
from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from .choice import Choice, Tick

#: A whole number whose range has at most this many values is a drop-down list.
MOST_LISTED = 12
#: The narrowest value field (a number box: "30", "1000").
NARROWEST = 12
#: The width of a text box: a Bottlecap Vikings layout ("1a 2b 3a 4a 5b 6a 7a 8b") whole.
TEXT_WIDTH = 26
#: Cells a drop-down list adds to its longest value: padding each side and the arrow.
LIST_EDGES = 4
#: The width of the label column (the form's ``.label``).
LABEL_WIDTH = 17


def option_notes(options_type: type) -> dict[str, str]:
    """``name → one plain line`` for each option of a game: its Options' ``NOTES``
    (the rulebook detail stays in the game's RULES.md); {} when it has none."""
    return dict(getattr(options_type, "NOTES", {}))


def alone_options(options_type: type) -> dict[str, Any]:
    """The options a table of one person takes when they are not given
    (``Options.ALONE``); {} when the game has none."""
    return dict(getattr(options_type, "ALONE", {}))


def option_choices(field: msgspec.structs.FieldInfo) -> list[Any] | None:
    """The values a drop-down list offers for ``field``, in their declared order: a
    ``Literal``'s values, or every whole number of an ``Annotated[int, Meta(ge=…, le=…)]``
    range of at most ``MOST_LISTED``; None for a field typed or ticked."""
    kind = field.type
    if typing.get_origin(kind) is typing.Literal:
        return list(typing.get_args(kind))
    if typing.get_origin(kind) is typing.Annotated:
        base, *metas = typing.get_args(kind)
        if base is int:
            low = next((m.ge for m in metas if isinstance(m, msgspec.Meta) and m.ge is not None), None)
            high = next((m.le for m in metas if isinstance(m, msgspec.Meta) and m.le is not None), None)
            if low is not None and high is not None and high - low + 1 <= MOST_LISTED:
                return list(range(low, high + 1))
    return None


def _is_int(field: msgspec.structs.FieldInfo) -> bool:
    kind = field.type
    if typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    return kind is int


def value_width(options_type: type) -> int:
    """Cells of the value column for a game's options: the longest value of its lists
    whole (with the list's edges), a text box wide enough for a layout, at least
    ``NARROWEST``."""
    width = NARROWEST
    for field in msgspec.structs.fields(options_type):
        choices = option_choices(field)
        if choices is not None:
            width = max(width, max(cell_len(str(c)) for c in choices) + LIST_EDGES)
        elif field.type is not bool and not _is_int(field):
            width = max(width, TEXT_WIDTH)
    return width


class GameOptions(Vertical):
    """The rows of one game's options (see the module docstring). ``people`` is the
    number of seats played by people: the ``ALONE`` options show only when it is two or
    more. ``values()`` reads the rows as the options to start the game with."""

    DEFAULT_CSS = """
    GameOptions { height: auto; }
    """

    #: Seats played by people now.
    people: var[int] = var(1)

    ROW_CLASSES: ClassVar[str] = "row option"

    def __init__(self, options_type: type, *, people: int = 1, id: str | None = None,
                 start: dict[str, Any] | None = None) -> None:
        super().__init__(id=id)
        self.options_type = options_type
        self.alone = alone_options(options_type)
        self.start = dict(start or {})  # the rows' first values (``rows()`` of an earlier form)
        self.set_reactive(GameOptions.people, people)

    def compose(self) -> ComposeResult:
        notes = option_notes(self.options_type)
        width = value_width(self.options_type)
        for field in msgspec.structs.fields(self.options_type):
            classes = self.ROW_CLASSES + (" alone" if field.name in self.alone else "")
            with Horizontal(classes=classes, id=f"row-{field.name}") as row:
                row.display = field.name not in self.alone or self.people >= 2
                yield from self._field(field, width, self.start.get(field.name, field.default))
                yield Static(notes.get(field.name, ""), classes="note", markup=False)

    @staticmethod
    def _field(field: msgspec.structs.FieldInfo, width: int, value: Any) -> typing.Iterator[Widget]:
        """The label (a checkbox carries its own) and the value field of ``field``, set to
        ``value`` (its default when ``value`` is not one the field takes)."""
        label = field.name.replace("_", " ")
        ident = f"opt-{field.name}"
        if field.type is bool:
            tick = Tick(label, value if isinstance(value, bool) else field.default, id=ident)
            tick.styles.width = LABEL_WIDTH + width  # the notes line up with the other rows'
            yield tick
            return
        yield Label(label, classes="label")
        choices = option_choices(field)
        if choices is not None:
            box: Widget = Choice([(str(c), c) for c in choices], value=value if value in choices else field.default,
                                 id=ident, classes="value")
        else:
            box = Input(str(value), type="integer" if _is_int(field) else "text", id=ident, classes="value")
        box.styles.width = width
        yield box

    def watch_people(self, people: int) -> None:
        for row in self.query(".alone"):
            row.display = people >= 2

    def rows(self) -> dict[str, Any]:
        """Every row as set now, shown or not (name → a choice's value, a checkbox's bool,
        a box's text as typed): what a later form starts from (``start``)."""
        out: dict[str, Any] = {}
        for field in msgspec.structs.fields(self.options_type):
            widget = self.query_one(f"#opt-{field.name}")
            out[field.name] = widget.value
        return out

    def values(self) -> dict[str, Any]:
        """The options as set in the rows (name → a choice's value, a checkbox's bool, a
        box's text as typed, stripped), without the ``ALONE`` options when fewer than
        two seats are people. The game's ``options_from`` reads them."""
        out: dict[str, Any] = {}
        for field in msgspec.structs.fields(self.options_type):
            if field.name in self.alone and self.people < 2:
                continue
            widget = self.query_one(f"#opt-{field.name}")
            out[field.name] = widget.value.strip() if isinstance(widget, Input) else widget.value
        return out
