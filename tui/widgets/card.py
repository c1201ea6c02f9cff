"""``Card``: one playing card or tile on a table, a bordered box with a cursor state."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.widgets import Static


class Card(Static):
    """A card: ``border_title`` its number or name, its body a Rich ``Text``.

    CSS classes set its look: ``cursor`` (the keyboard's choice), ``blocked`` (not a
    legal choice now), ``deck-<colour>`` (its stack).
    """

    DEFAULT_CSS = """
    Card { border: round $panel-lighten-2; height: 7; padding: 0 1; }
    Card.cursor { border: heavy $accent; background: $boost; }
    Card.blocked { color: $text-disabled; }
    """

    def show(self, title: str, body: Text, subtitle: str = "", *, cursor: bool = False,
             blocked: bool = False, deck: str | None = None) -> None:
        """Fill the card and set its state (a card that would not change is left alone,
        so moving the cursor repaints two cards, not the table)."""
        key = (title, subtitle, cursor, blocked, deck, body.plain, tuple(body.spans))
        if key == getattr(self, "_shown", None):
            return
        self._shown = key
        self.border_title = Content(title)  # Content, not str: a str title is read as markup,
        self.border_subtitle = Content(subtitle)  # and the subtitle names players
        self.set_class(cursor, "cursor")
        self.set_class(blocked, "blocked")
        for cls in [c for c in self.classes if c.startswith("deck-")]:
            self.remove_class(cls)
        if deck:
            self.add_class(f"deck-{deck}")
        self.update(body, layout=False)  # a card's size is fixed by the CSS
