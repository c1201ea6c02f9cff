"""``Checkbox``: Textual's checkbox that reads on or off without colour.

Textual's ``Checkbox`` draws "▐X▌" whether it is on or off and tells them apart by colour
alone; on a terminal without colour (or to a colour-blind player) every option looked
chosen. This one draws the X only when it is on ("▐X▌" on, "▐ ▌" off).
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox as TextualCheckbox


class Checkbox(TextualCheckbox):
    """A ``textual.widgets.Checkbox`` whose box holds an X when on and a blank when off
    (colours as Textual's)."""

    @property
    def _button(self) -> Content:
        # As ``ToggleButton._button``, with the inner character blank when off.
        button_style = self.get_visual_style("toggle--button")
        side_style = Style(foreground=button_style.background, background=self.background_colors[1])
        inner = self.BUTTON_INNER if self.value else " " * len(self.BUTTON_INNER)
        return Content.assemble(
            (self.BUTTON_LEFT, side_style),
            (inner, button_style),
            (self.BUTTON_RIGHT, side_style),
        )
