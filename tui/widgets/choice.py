"""``Choice`` and ``Tick``: a form's drop-down list and checkbox, with their keys in the
footer and keys typed ahead acted on in order.

Textual's ``Select`` acts on a key only once the key has gone down to the focused
widget and back up (its bindings are not priority bindings), and it moves the focus to
its list, and takes the value chosen there, by messages a moment later. The app has by
then sent the next keys of a burst (enter, down, enter, typed at once) to whatever had
the focus: they reached the closed field instead of the list, and the game stayed as it
was. ``Choice`` answers its keys (enter, up, down, escape) as priority bindings, which
the app runs in the order the keys came, before it reads the next one: the list opens,
moves and gives its value at once, so each key of a burst acts on what the one before
it left. (A form that wants tab in the same order binds it with priority too, as the
new-game form does.) It replaces ``Select``'s watcher of ``expanded`` and the handlers
of its list's ``UpdateSelection`` and ``Dismiss`` messages (as Textual 8 names them);
``tests/test_tui_new_game.py`` holds the behaviour. Both name their key in the footer
("enter Choose", "space On/off").
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.console import RenderableType
from textual.binding import Binding
from textual.css.query import NoMatches

from .checkbox import Checkbox
from .option_list import Select  # page keys safe before the list is laid out


class Choice(Select):
    """A ``textual.widgets.Select`` that acts on its keys in the order they are typed
    (see the module docstring): ``enter`` (shown as "Choose") opens the list and takes
    the highlighted value, ``up``/``down`` open it and move in it, ``escape`` (shown as
    "Close list" while it is open) closes it. A choice always has a value (never
    blank); ``values`` are the values offered, in order."""

    BINDINGS = [
        Binding("enter", "pick", "Choose", priority=True),
        Binding("down", "move(1)", "Next value", show=False, priority=True),
        Binding("up", "move(-1)", "Previous value", show=False, priority=True),
        Binding("escape", "close_list", "Close list", priority=True),
    ]

    def __init__(self, options: Iterable[tuple[RenderableType, Any]], **kwargs: Any) -> None:
        options = list(options)
        super().__init__(options, allow_blank=False, **kwargs)
        self.values: list[Any] = [value for _prompt, value in options]

    def set_options(self, options: Iterable[tuple[RenderableType, Any]]) -> None:
        options = list(options)
        self.values = [value for _prompt, value in options]
        super().set_options(options)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_list":
            return self.expanded  # else escape is the screen's (back)
        return True

    def action_pick(self) -> None:
        """Open the list, or take its highlighted value and close it."""
        if not self.expanded:
            self.action_show_overlay()
            return
        index = self._list().highlighted
        if index is not None:
            self.take(self.values[index])
        self._close()

    def action_move(self, step: int) -> None:
        """Open the list, or move its highlight ``step`` values down (up when negative)."""
        if not self.expanded:
            self.action_show_overlay()
        elif step > 0:
            self._list().action_cursor_down()
        else:
            self._list().action_cursor_up()

    def action_close_list(self) -> None:
        """Close the list, the value unchanged."""
        self._close()

    def take(self, value: Any) -> None:
        """Make ``value`` (one of ``values``) the chosen one."""
        if value != self.value:
            self.value = value

    def _list(self):
        return self.query_one("SelectOverlay")

    def _close(self) -> None:
        self.expanded = False
        self.screen.set_focus(self, scroll_visible=False)

    def _watch_expanded(self, expanded: bool) -> None:
        # As ``Select._watch_expanded``, the focus moved now rather than after the keys
        # already read (``Widget.focus`` waits for them).
        try:
            overlay = self._list()
        except NoMatches:  # removed meanwhile
            return
        self.set_class(expanded, "-expanded")
        self.refresh_bindings()  # escape: "Close list" or the screen's
        if not expanded:
            return
        self.screen.set_focus(overlay, scroll_visible=False)
        overlay.select(self.values.index(self.value) if self.value in self.values else None)

    def on_select_overlay_update_selection(self, event) -> None:
        """A value clicked in the list: take it, focus back on the field, list closed."""
        event.stop()
        event.prevent_default()  # instead of Select's own handler (which focuses later)
        self.take(self.values[event.option_index])
        self._close()

    def on_select_overlay_dismiss(self, event) -> None:
        """The list lost the focus (a click elsewhere, tab): it closes."""
        event.stop()
        event.prevent_default()
        self.expanded = False
        if not event.lost_focus:
            self.screen.set_focus(self, scroll_visible=False)


class Tick(Checkbox):
    """The form's checkbox (on or off without colour, see ``Checkbox``); ``space`` shows
    as "On/off" in the footer."""

    BINDINGS = [Binding("space", "toggle_button", "On/off")]
