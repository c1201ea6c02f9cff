"""``TooSmall``: the one line a screen shows while the terminal is smaller than boxtop needs.

The app (``tui.app.BoxtopApp``) mounts one into every screen it shows and sets the
screen's size classes (Textual's breakpoints): below ``MIN_WIDTH``×``MIN_HEIGHT`` this
line covers the screen (``boxtop.tcss``) and asks for a bigger terminal, and keys wait
(the app drops them); a resize brings the screen back as it was, focus and all.
"""

from __future__ import annotations

from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

#: The smallest terminal boxtop draws its screens in.
MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_text(width: int, height: int) -> str:
    """The sentence for a terminal of ``width``×``height`` cells."""
    return f"Make the terminal at least {MIN_WIDTH}×{MIN_HEIGHT} to play (now {width}×{height})."


class TooSmall(Static):
    """Fills its screen with ``too_small_text`` (centred) when the screen is too small;
    hidden otherwise (by the CSS)."""

    # Laid over the whole screen (Textual's overlay layer), so the screen's widgets keep
    # their place and the focus: a resize back shows them as they were.
    DEFAULT_CSS = """
    TooSmall { display: none; overlay: screen; dock: top; width: 100vw; height: 100vh;
               content-align: center middle; text-align: center; background: $background; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__("", markup=False)

    def on_mount(self) -> None:
        self._say()

    def on_resize(self, event: Resize) -> None:
        self._say()

    def _say(self) -> None:
        size = self.app.size
        self.update(too_small_text(size.width, size.height))


def is_too_small(widget: Widget) -> bool:
    """Whether the terminal ``widget``'s app runs in is below the smallest size."""
    size = widget.app.size
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT
