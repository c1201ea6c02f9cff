"""The app's screens: menu, new game, load, the game frame, hand-over, result, replay, rules.

Text that comes from a player — names, room codes, notation typed on the ``:`` line, save
paths, and every sentence that quotes them (the engine's and the room service's
refusals) — is never read as markup: screens build Textual ``Content`` with the player's
text as template variables (``Content.from_markup("[b]$name[/b]", name=...)``) or pass
plain ``Content``/``rich.text.Text``, and notify with ``markup=False``.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


def say_line(widget: Static, text: str, error: bool = False) -> None:
    """Show ``text`` in ``widget`` as plain text (red for an error), never as markup."""
    widget.update(Content.styled(text, "red") if error else Content(text))
