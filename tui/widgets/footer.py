"""``GameFooter`` and ``StatusLine``: every screen's footer and one-row text lines,
redrawn without a layout pass.

Textual's ``Footer`` rebuilds all its keys (a widget each, a layout pass) whenever the
screen's bindings are refreshed, which a game does when an action becomes possible or
impossible (undo after the first move, the keys of a new phase) and a form does at
each move of the focus (a text box brings its own keys). ``GameFooter`` draws the keys
in one row and repaints that row: the new-game form's keys went a third quicker.
``StatusLine`` is a ``Static`` (one row high, or a message that may wrap) that repaints
only when its text changes.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from rich.cells import cell_len
from textual.events import Click, Resize
from textual.screen import Screen
from textual.visual import VisualType, visualize
from textual.widgets import Static

from .lines import LineView


class Key(NamedTuple):
    """One key of the footer: the key, how it is shown, what it does, whether it is
    possible now, its action, and whether it always stays (``GameFooter.PINNED_KEYS``)."""

    key: str
    shown: str
    description: str
    enabled: bool
    action: str
    pinned: bool


def _width(keys: list[Key]) -> int:
    """Cells the footer needs for ``keys``: " key description " each."""
    return sum(cell_len(f" {k.shown} ") + (cell_len(f"{k.description} ") if k.description else 0) for k in keys)


class GameFooter(LineView, can_focus=False):
    """The keys the screen offers now, in one row drawn with the Line API: each key and
    what it does (greyed when not possible now), the command palette's key at the
    right. Unlike Textual's ``Footer`` (a widget per key, all rebuilt when the bindings
    change) a change of the bindings repaints this one row. A click on a key presses it.

    The row always fits the screen, each key whole (``fit``): a narrow screen gets
    shorter descriptions and fewer keys, never the rules or the way back."""

    #: Keys whose action is always shown: the rules and the way back (menu, lobby, back).
    PINNED_KEYS: ClassVar[frozenset[str]] = frozenset({"question_mark", "escape"})
    #: Actions left out first when the row is short (the ``:`` line and ``?`` list them all).
    SPARE_ACTIONS: ClassVar[tuple[str, ...]] = ("load", "save", "command_line", "redo")

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "game-footer--key", "game-footer--description", "game-footer--disabled", "game-footer--edge",
    }

    DEFAULT_CSS = """
    GameFooter { dock: bottom; height: 1; width: 1fr; color: $footer-foreground; background: $footer-background; }
    GameFooter > .game-footer--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
    GameFooter > .game-footer--description { color: $footer-description-foreground; background: $footer-description-background; }
    GameFooter > .game-footer--disabled { text-style: dim; }
    GameFooter > .game-footer--edge { color: $foreground 20%; }
    """

    def __init__(self, *, id: str | None = None, pinned: frozenset[str] = frozenset()) -> None:
        """``pinned``: keys that also always stay, on this screen (a shared table's talk)."""
        super().__init__(overflow="crop", id=id)
        self.pinned_keys = self.PINNED_KEYS | pinned
        self._keys: list[tuple[int, int, str, bool]] = []  # (from x, to x, key, enabled)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen:
            self.call_later(self._update)  # once the change that asked for it is complete

    def _wanted(self) -> tuple[list[Key], Key | None]:
        """Each key to show, and the command palette's key (None when there is none)."""
        active = self.screen.active_bindings
        first: dict[str, tuple[Any, bool]] = {}
        keys_of: dict[str, set[str]] = {}
        for _node, binding, enabled, _tooltip in active.values():
            keys_of.setdefault(binding.action, set()).add(binding.key)
            if binding.show:
                first.setdefault(binding.action, (binding, enabled))
        keys = [
            Key(b.key, self.app.get_key_display(b), b.description, enabled, b.action,
                bool(keys_of[b.action] & self.pinned_keys))
            for b, enabled in first.values()
        ]
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _tooltip = found
                palette = Key(binding.key, self.app.get_key_display(binding), binding.description, enabled,
                              binding.action, False)
        return keys, palette

    def fit(self, keys: list[Key], palette: Key | None, width: int) -> tuple[list[Key], Key | None]:
        """The keys that fit in ``width`` cells, each whole: everything if it fits; else
        without the palette's key, then with one-word descriptions ("Other sheet" →
        "Other"), then without the keys not possible now, then without
        ``SPARE_ACTIONS`` (in that order), then without the last keys, until it fits.
        The ``PINNED_KEYS`` (rules, back to the menu) always stay."""
        if _width(keys) + (_width([palette]) + 1 if palette else 0) <= width:
            return keys, palette
        if _width(keys) <= width:
            return keys, None
        keys = [k._replace(description=k.description.split(" ")[0]) for k in keys]
        drops = [k for k in reversed(keys) if not k.enabled and not k.pinned]
        drops += [k for a in self.SPARE_ACTIONS for k in keys if k.action == a and k.enabled and not k.pinned]
        drops += [k for k in reversed(keys) if k not in drops and not k.pinned]
        for key in drops:
            if _width(keys) <= width:
                break
            keys = [k for k in keys if k is not key]
        return keys, None

    def _update(self) -> None:
        if not self.is_attached:
            return
        keys, palette = self.fit(*self._wanted(), self.size.width)
        runs: list[tuple[str, str]] = []
        spans: list[tuple[int, int, str, bool]] = []
        x = 0

        def add(key: Key) -> None:
            nonlocal x
            dim = "" if key.enabled else " game-footer--disabled"
            parts = [(f" {key.shown} ", "game-footer--key" + dim)]
            if key.description:
                parts.append((f"{key.description} ", "game-footer--description" + dim))
            width = sum(cell_len(t) for t, _ in parts)
            runs.extend(parts)
            spans.append((x, x + width, key.key, key.enabled))
            x += width

        for key in keys:
            add(key)
        if palette is not None:
            room = self.size.width - x - _width([palette]) - 1
            runs.append((" " * room, ""))
            runs.append(("▏", "game-footer--edge"))
            x += room + 1
            add(palette)
        self._keys = spans
        self.set_lines([tuple(runs)])

    def on_resize(self, event: Resize) -> None:  # (LineView's handler runs after this one)
        self._update()

    def on_click(self, event: Click) -> None:
        for start, end, key, enabled in self._keys:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return


class StatusLine(Static):
    """A ``Static`` line that repaints only when its content changes. With a fixed
    height (the CSS: one row, cut with "…") it never asks for a layout pass; with
    ``height: auto`` (a message that may wrap onto a second row) only when its text changes."""

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        if content == getattr(self, "_shown", None):
            return
        self._shown = content
        height = self.styles.height
        grows = height is None or height.is_auto
        super().update(content, layout=grows and self._rows_for(content) != self.size.height)

    def _rows_for(self, content: VisualType) -> int:
        """Rows ``content`` takes at this width, within the CSS's min and max height
        (-1 before the line has a width: a layout pass finds out)."""
        if self.size.width <= 0:
            return -1
        rows = visualize(self, content, markup=False).get_height(self.styles, self.size.width)
        low, high = self.styles.min_height, self.styles.max_height
        if low is not None and low.is_cells:
            rows = max(rows, int(low.value))
        if high is not None and high.is_cells:
            rows = min(rows, int(high.value))
        return rows
