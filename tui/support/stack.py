"""How a screen leaves the stack: only the screen on top dismisses itself.

Textual's ``Screen.dismiss`` pops whatever screen is on top, whichever screen asks. A
screen asked twice to go (two keys of one burst, a key and a timer) popped the screen
under it as well: a hand-over's double enter took the game's table with it, and the
unsaved game was gone. Every screen of the app mixes ``OnTop`` in first
(``tests/test_tui_keys.py`` checks it), so a screen that is no longer on top dismisses
nothing.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class OnTop:
    """Mixed into a ``Screen`` (first among its bases): ``dismiss`` does nothing unless
    this screen is the one on top (``Screen.is_active``), so it never pops another."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """``Screen.dismiss`` when this screen is on top; otherwise nothing (an already
        completed ``AwaitComplete``): the screen is already on its way out."""
        if not self.is_active:  # type: ignore[attr-defined]
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]
