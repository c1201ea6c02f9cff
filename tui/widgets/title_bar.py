"""``TitleBar``: the screen's title on its top row, in place of Textual's ``Header``.

Textual's ``Header`` updates its title from a coroutine that looks up its own child
(``HeaderTitle``); when a screen is replaced while it is still being mounted (``l``
enter enter typed in one go at the menu: the load screen opens, a game is chosen and
the load screen leaves before its header is whole), that look-up raised ``NoMatches``
and ended the app. ``TitleBar`` has no children: it draws the title when it is drawn,
and is refreshed when the app's or the screen's title changes.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widget import Widget


class TitleBar(Widget, can_focus=False):
    """One row: the app's mark at the left and the screen's title (or the app's)
    centred, as Textual's ``Header`` draws them."""

    DEFAULT_CSS = """
    TitleBar { dock: top; width: 100%; height: 1; background: $panel; color: $foreground; }
    """

    ICON = "⭘"

    def on_mount(self) -> None:
        self.watch(self.app, "title", self._retitle, init=False)
        self.watch(self.screen, "title", self._retitle, init=False)

    def _retitle(self, _: object = None) -> None:
        self.refresh()

    def render(self) -> str:
        screen_title = self.screen.title if self.is_attached else None
        title = screen_title if screen_title is not None else self.app.title
        width = self.size.width
        left = f" {self.ICON}"
        room = max(0, width - 2 * cell_len(left))
        return left + title.center(room)[:room]
