"""``CardTable``: cards laid out in rows on a table, drawn with Textual's Line API.

Each card is a box: its ``title`` on the top edge, its ``subtitle`` on the lower edge, a
few lines of body, and a state (the keyboard's ``cursor`` on it, ``blocked`` when it is not
a legal choice now, the ``colour`` of its deck). ``set_cards(faces)`` compares each card
with the one shown and repaints only those that changed (``refresh(region)``), so moving
the cursor repaints two cards, not the table, and never needs a layout pass; the table's
height changes only when a new row of cards is needed.

The cards are spread evenly over as few rows as the width allows (five cards at 120
columns: one row of five, never four and one), so few cards are wide ones. Text that does
not fit a card ends in "…". ``flat`` lays each card out as one row instead (for a short
screen): a mark in the deck's colour ("▶" under the cursor), the title, the name, the
subtitle at the right; its other lines are for the caller to show elsewhere.

Colours come from the CSS: component classes ``card-table--frame`` (the edge),
``card-table--cursor-edge`` and ``card-table--cursor`` (the edge and the inside of the
card under the cursor), ``card-table--blocked`` (its text), and ``card-table--<colour>``
for each deck colour a subclass declares; body runs name their own component classes.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual.events import Resize
from textual.geometry import Region, Size
from textual.strip import Strip

from .lines import Line, LineView, cut_short, ellipsis, plain, wrap

ROUND = ("╭", "─", "╮", "│", "╰", "╯")
HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")


class CardFace(NamedTuple):
    """What one card shows. The first ``body`` line is the card's name (cut with "…"
    when too long); the others wrap to the card's width."""

    title: str
    body: tuple[Line, ...]
    subtitle: str = ""
    cursor: bool = False
    blocked: bool = False
    colour: str = ""  # a component class suffix: the card's edge is ``card-table--<colour>``


class CardTable(LineView):
    """Cards in rows of ``columns(width)``, each ``CARD_HEIGHT`` rows tall (one row when
    ``flat``), one column between cards; see the module docstring."""

    CARD_HEIGHT: ClassVar[int] = 7
    CARD_WIDTH: ClassVar[int] = 24  # the narrowest a card is laid out (cards per row ≤ width // this)
    FLAT_WIDTH: ClassVar[int] = 24  # the same for a flat card
    MAX_COLUMNS: ClassVar[int] = 9
    MIN_COLUMNS: ClassVar[int] = 2

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card-table--frame", "card-table--cursor-edge", "card-table--cursor", "card-table--blocked",
    }

    DEFAULT_CSS = """
    CardTable { height: auto; }
    CardTable > .card-table--frame { color: $panel-lighten-2; }
    CardTable > .card-table--cursor-edge { color: $accent; background: $boost; }
    CardTable > .card-table--cursor { background: $boost; }
    CardTable > .card-table--blocked { color: $text-disabled; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(overflow="crop", name=name, id=id, classes=classes)
        self._faces: list[CardFace] = []
        self._card_strips: dict[int, list[Strip]] = {}
        self._geometry: tuple[tuple[int, int, bool], list[int]] = ((0, 0, False), [])  # (for), column widths
        self.flat = False

    @property
    def count(self) -> int:
        """How many cards are shown."""
        return len(self._faces)

    @property
    def card_height(self) -> int:
        """Rows a card takes: ``CARD_HEIGHT``, or 1 when ``flat``."""
        return 1 if self.flat else self.CARD_HEIGHT

    def set_flat(self, flat: bool) -> None:
        """Lay each card out as one row (True) or as a box (False); a change is a layout pass."""
        if flat != self.flat:
            self.flat = flat
            self._card_strips.clear()
            self.refresh(layout=True)

    # ------------------------------------------------------------------ content
    def set_cards(self, faces: Sequence[CardFace]) -> None:
        """Show ``faces``; repaints only the cards that differ from those shown."""
        faces = list(faces)
        old = self._faces
        if faces == old:
            return
        self._faces = faces
        if len(faces) != len(old):
            self._card_strips.clear()
            self.refresh(layout=self._rows_of(len(faces)) != self._rows_of(len(old)))
            return
        if self._columns_for(len(faces)) != self._columns_for(len(old)):
            self._card_strips.clear()
            self.refresh()
            return
        for i, (was, now) in enumerate(zip(old, faces)):
            if was != now:
                self._card_strips.pop(i, None)
                self.refresh(self.card_region(i))

    def columns(self, width: int | None = None, flat: bool | None = None) -> int:
        """How many cards fit in a row at ``width`` (default: the widget's), as boxes or
        ``flat`` (default: as laid out now)."""
        width = self.size.width if width is None else width
        flat = self.flat if flat is None else flat
        return max(self.MIN_COLUMNS, min(self.MAX_COLUMNS, width // (self.FLAT_WIDTH if flat else self.CARD_WIDTH)))

    def rows_for(self, count: int, width: int | None = None, flat: bool | None = None) -> int:
        """Rows of cards ``count`` cards take at ``width`` (as ``columns``)."""
        return -(-count // self.columns(width, flat))

    def _rows_of(self, count: int, width: int | None = None) -> int:
        return self.rows_for(count, width)

    def _columns_for(self, count: int, width: int | None = None) -> int:
        """Columns laid out for ``count`` cards: as many as fit, fewer when the cards
        fill as few rows evenly (five cards in a row of five, not four and one)."""
        rows = max(1, self._rows_of(count, width))
        return max(1, min(self.columns(width), -(-count // rows)))

    def _widths(self) -> list[int]:
        width = self.size.width
        key = (width, len(self._faces), self.flat)
        if self._geometry[0] != key:
            columns = self._columns_for(len(self._faces), width)
            room = max(0, width - (columns - 1))
            base, extra = divmod(room, columns)
            self._geometry = (key, [base + (1 if c >= columns - extra else 0) for c in range(columns)])
        return self._geometry[1]

    def card_region(self, index: int) -> Region:
        """Where card ``index`` is, relative to the widget's content."""
        widths = self._widths()
        row, column = divmod(index, len(widths))
        x = sum(widths[:column]) + column
        return Region(x, row * self.card_height, widths[column], self.card_height)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows_of(len(self._faces), width) * self.card_height

    def on_resize(self, event: Resize) -> None:
        self._card_strips.clear()
        self._strips.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._card_strips.clear()

    # ------------------------------------------------------------------ drawing
    def _card(self, index: int, width: int) -> list[Strip]:
        strips = self._card_strips.get(index)
        if strip_ok(strips, width):
            return strips
        face = self._faces[index]
        if self.flat:
            strips = [self._flat_card(face, width)]
            self._card_strips[index] = strips
            return strips
        edge = self.style_for("card-table--frame" + (f" card-table--{face.colour}" if face.colour else "")
                              + (" card-table--cursor-edge" if face.cursor else ""))
        inside_classes = ("card-table--cursor" if face.cursor else "") + (" card-table--blocked" if face.blocked else "")
        inside = self.style_for(inside_classes)
        tl, h, tr, v, bl, br = HEAVY if face.cursor else ROUND
        inner = max(0, width - 2)

        def edge_line(left: str, label: str, right: str, at_start: bool) -> Strip:
            label = f" {label} " if label else ""
            if not label or len(label) + 2 > inner:
                return Strip([Segment(left + h * inner + right, edge)], width)
            fill = inner - 1 - len(label)
            text = (h + label + h * fill) if at_start else (h * fill + label + h)
            return Strip([Segment(left + text + right, edge)], width)

        body: list[Line] = []
        room = max(0, width - 4)
        for k, line in enumerate(face.body):
            body.extend([ellipsis(line, room)] if k == 0 else wrap(line, room))
        height = self.CARD_HEIGHT - 2
        if len(body) > height:  # cut short: the last row shown ends in "…"
            body = body[:height]
            body[-1] = cut_short(body[-1], room)
        body = (body + [()] * height)[:height]
        strips = [edge_line(tl, face.title, tr, True)]
        side = Segment(v, edge)
        for line in body:
            text = Strip([Segment(t, self.style_for(f"{inside_classes} {c}".strip())) for t, c in line if t])
            text = text.adjust_cell_length(room, inside)  # cropped or padded to the card's inside
            strips.append(Strip.join([Strip([side, Segment(" ", inside)]), text, Strip([Segment(" ", inside), side])]))
        strips.append(edge_line(bl, face.subtitle, br, False))
        self._card_strips[index] = strips
        return strips

    def _flat_card(self, face: CardFace, width: int) -> Strip:
        """``face`` as one row of ``width`` cells: its mark in the deck's colour ("▶"
        under the cursor, which also reads without colour), title, name and subtitle."""
        edge = self.style_for("card-table--frame" + (f" card-table--{face.colour}" if face.colour else "")
                              + (" card-table--cursor-edge" if face.cursor else ""))
        inside_classes = ("card-table--cursor" if face.cursor else "") + (" card-table--blocked" if face.blocked else "")
        inside = self.style_for(inside_classes)
        title = face.title.strip()
        if face.body and plain(face.body[0]).lower().startswith(title.lower()):
            title = ""  # "Yellow stack", not "yellow Yellow stack"
        subtitle = f" {face.subtitle}" if face.subtitle else ""
        name: Line = face.body[0] if face.body else ()
        head: Line = ((f"{title} ", ""),) if title else ()
        room = max(0, width - 1 - cell_len(subtitle) - 1)
        text = ellipsis((*head, *name), room)
        parts = [Segment("▶" if face.cursor else "▌", edge)]
        parts += [Segment(t, self.style_for(f"{inside_classes} {c}".strip())) for t, c in text if t]
        line = Strip(parts).adjust_cell_length(max(0, width - cell_len(subtitle) - 1), inside)
        return Strip.join([line, Strip([Segment(subtitle + " ", inside)])]).crop(0, width)

    def render_line(self, y: int) -> Strip:
        strip = self._strips.get(y)
        if strip is not None:
            return strip
        widths = self._widths()
        row, line = divmod(y, self.card_height)
        first = row * len(widths)
        parts: list[Strip] = []
        gap = Strip([Segment(" ", self.style_for(""))], 1)
        for column, width in enumerate(widths):
            index = first + column
            if index >= len(self._faces):
                break
            if column:
                parts.append(gap)
            parts.append(self._card(index, width)[line])
        strip = Strip.join(parts) if parts else Strip([])
        self._strips[y] = strip
        return strip

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if regions:  # the rows of the joined line cache under a repainted card
            for region in regions:
                for y in range(region.y, region.bottom):
                    self._strips.pop(y, None)
        else:
            self._strips.clear()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def strip_ok(strips: list[Strip] | None, width: int) -> bool:
    return strips is not None and bool(strips) and strips[0].cell_length == width
