"""``PathSentence``: a sentence naming a file, for a ``Static``, laid out at whatever
width it is drawn (``tui.support.paths.path_rows``): its rows break at spaces and after a
folder's "/", never inside a file name."""

from __future__ import annotations

from pathlib import Path

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from ..support.paths import path_rows, shown


class PathSentence(Visual):
    """``template`` with ``path`` in place of its "{}" ("Saved to {}."), as plain text
    (a file name is never markup), wrapped by ``path_rows`` at the width it is drawn."""

    def __init__(self, template: str, path: Path) -> None:
        self.template = template
        self.path = path

    def _content(self, width: int) -> Content:
        return Content("\n".join(path_rows(self.template, self.path, max(width, 8))))

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self._content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return len(self.template.replace("{}", shown(self.path), 1))

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(path_rows(self.template, self.path, max(width, 8)))


__all__ = ["PathSentence"]
