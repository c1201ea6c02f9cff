"""``OptionList`` and ``Select``: Textual's, with page up and page down safe before a list
is laid out.

Textual's ``OptionList`` (and the list a ``Select`` drops down) works out its rows once
it has a size; page down pressed before then (a key typed in the same moment as the one
that opened the screen or the list) looked up a row that did not exist yet
(``KeyError``) and ended the app. Here a page key before the first layout does nothing.
``tests/test_tui_fuzz.py`` types random keys fast on every screen and holds this; the
``Select`` overlay is Textual's ``textual.widgets._select.SelectOverlay`` (textual 8).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList as TextualOptionList
from textual.widgets import Select as TextualSelect
from textual.widgets._select import SelectCurrent, SelectOverlay as TextualSelectOverlay


class _LaidOutPaging:
    """Page up / page down only once the list has a size."""

    def action_page_up(self) -> None:
        """Move the highlight up a page (nothing before the list is laid out)."""
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        """Move the highlight down a page (nothing before the list is laid out)."""
        if self.scrollable_content_region:
            super().action_page_down()


class OptionList(_LaidOutPaging, TextualOptionList):
    """Textual's ``OptionList``; page up / page down wait for the list to have a size."""


class SelectOverlay(_LaidOutPaging, TextualSelectOverlay):
    """The list a ``Select`` drops down; page keys wait for it to have a size."""


class Select(TextualSelect):
    """Textual's ``Select`` with the ``SelectOverlay`` above."""

    def compose(self) -> ComposeResult:
        """The current value and the drop-down list (as Textual's ``Select`` composes them)."""
        yield SelectCurrent(self.prompt)
        yield SelectOverlay(type_to_search=self._type_to_search).data_bind(compact=TextualSelect.compact)
