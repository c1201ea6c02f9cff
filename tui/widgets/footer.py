"""``GameFooter`` and ``StatusLine``: the game screen's footer and one-row text lines,
redrawn without a layout pass.

Textual's ``Footer`` rebuilds all its keys (new widgets, a layout pass) whenever the
screen's bindings are refreshed, which a game does when an action becomes possible or
impossible (undo after the first move, the keys of a new phase). ``GameFooter`` only
greys keys out or back in when the keys shown are the same, and rebuilds otherwise.
``StatusLine`` is a ``Static`` one row high (its CSS fixes its size) that repaints only
when its text changes.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.visual import VisualType
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey


class GameFooter(Footer):
    """A ``Footer`` that updates its keys in place when only their state changed."""

    def bindings_changed(self, screen: Screen) -> None:
        ready = self._bindings_ready
        self._bindings_ready = True
        if not screen.app.app_focus or not (self.is_attached and screen is self.screen):
            return
        if not ready:
            self.call_after_refresh(self.recompose)
            return
        self.call_after_refresh(self._update_keys)

    def _wanted(self) -> list[tuple[str, str, str, bool]] | None:
        """(key, description, action, enabled) of each key ``compose`` would show, or
        None when it would show groups (then the footer is rebuilt)."""
        active = self.screen.active_bindings
        first: dict[str, tuple[Any, bool]] = {}
        for _, binding, enabled, _tooltip in active.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            first.setdefault(binding.action, (binding, enabled))
        wanted = [(b.key, b.description, b.action, enabled) for b, enabled in first.values()]
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _tooltip = found
                wanted.append((binding.key, binding.description, binding.action, enabled))
        return wanted

    async def _update_keys(self) -> None:
        if not self.is_attached:
            return
        wanted = self._wanted()
        keys = [child for child in self.children if isinstance(child, FooterKey)]
        if wanted is None or len(keys) != len(self.children) or [
            (k.key, k.description, k.action) for k in keys
        ] != [w[:3] for w in wanted]:
            await self.recompose()
            return
        for key, (*_, enabled) in zip(keys, wanted):
            if key._disabled == enabled:
                key._disabled = not enabled
                key.set_class(not enabled, "-disabled")


class StatusLine(Static):
    """A one-row ``Static`` (the CSS sets its height): ``update`` repaints only when the
    content changes, and never asks for a layout pass."""

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        if content == getattr(self, "_shown", None):
            return
        self._shown = content
        super().update(content, layout=False)
