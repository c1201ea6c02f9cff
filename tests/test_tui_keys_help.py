"""Each table's key help is made from its bindings (issue 36): a binding's ``tooltip`` is
its line on the rules screen ("Keys at the table", ``tui.support.key_help.key_lines``),
so a key cannot be bound without help, nor the help name a key that is not bound.

The contract, for every game with a table:

- every binding the footer shows (``show``) has a tooltip;
- the help names exactly the keys bound at the table, read back from its key column as a
  player reads it ("←/→ or h/l" → left, right, h, l; "0–9" → 0 … 9);
- the rules screen, opened from the menu by keys, shows each line: its keys, then what
  they do.
"""

from __future__ import annotations

import pytest
from textual.binding import Binding

import engine
from tui.games import has_table, table_for
from tui.support.key_help import key_lines

from tui_driver import flat, menu_app, screen_text, wait_for, wait_for_screen, wait_for_text, wait_still

SLUGS = [slug for slug in engine.slugs() if has_table(slug)]

#: How a key column writes a key → the key's name in a binding.
READ_AS = {"←": "left", "→": "right", "↑": "up", "↓": "down", "+": "plus", "-": "minus"}


def read_keys(column: str) -> set[str]:
    """The binding keys a key column names, read as a player reads them: "←/→ or h/l" →
    left, right, h, l; "1–6" → 1 … 6; "shift+←/→" → shift+left, shift+right; "+/-" → plus,
    minus."""
    keys: set[str] = set()
    for part in column.split(" or "):
        first, *rest = part.split("/")
        shared = first.rpartition("+")[0] if first not in READ_AS else ""  # "shift+←/→": shift for both
        for key in [first, *(f"{shared}+{k}" if shared and "+" not in k else k for k in rest)]:
            low, dash, high = key.partition("–")
            if dash:
                keys.update(str(d) for d in range(int(low), int(high) + 1))
            elif key in READ_AS:
                keys.add(READ_AS[key])
            else:
                modifiers, _, name = key.rpartition("+")
                keys.add(f"{modifiers}+{READ_AS.get(name, name)}" if modifiers else key)
    return keys


def bound_keys(bindings: list[Binding]) -> set[str]:
    """Every key the bindings bind ("left,h" → left, h)."""
    return {k.strip() for b in bindings for k in b.key.split(",")}


def named_keys(bindings: list[Binding]) -> set[str]:
    """Every key the help made from ``bindings`` names in its key column."""
    return {k for line in key_lines(bindings) for k in read_keys(line.shown)}


def shown_without_help(bindings: list[Binding]) -> list[str]:
    """The keys of the bindings the footer shows that have no tooltip."""
    return [b.key for b in bindings if b.show and not b.tooltip]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_key_the_footer_shows_has_help(slug):
    bindings = table_for(slug).BINDINGS
    assert any(b.show for b in bindings)
    assert shown_without_help(bindings) == [], slug


@pytest.mark.parametrize("slug", SLUGS)
def test_the_help_names_exactly_the_bound_keys(slug):
    bindings = table_for(slug).BINDINGS
    assert named_keys(bindings) == bound_keys(bindings), slug
    for line in key_lines(bindings):  # each line's column names the keys of its bindings, no others
        assert read_keys(line.shown) == set(line.keys), line


def test_a_key_bound_without_help_is_caught():
    """The checks themselves: a binding added without a tooltip, shown in the footer or
    not, fails them; with a tooltip it has its line."""
    bindings = table_for("gift-trap").BINDINGS
    shown = [*bindings, Binding("x", "swap", "Swap")]
    assert shown_without_help(shown) == ["x"]
    assert bound_keys(shown) - named_keys(shown) == {"x"}
    hidden = [*bindings, Binding("x", "swap", "Swap", show=False)]
    assert bound_keys(hidden) - named_keys(hidden) == {"x"}
    helped = [*bindings, Binding("x", "swap", "Swap", tooltip="swap two gifts")]
    assert named_keys(helped) == bound_keys(helped)
    assert key_lines(helped)[-1].shown == "x" and key_lines(helped)[-1].does == "swap two gifts"


def test_bindings_in_a_row_with_one_meaning_make_one_line():
    """Pairs of arrows in reading order, a key's other names after "or", a run of digits
    as a range, one key bound twice (once per phase) once, no line without a tooltip."""
    lines = key_lines([
        Binding("left,h", "a(-1)", "a", tooltip="choose"), Binding("right,l", "a(1)", "a", tooltip="choose"),
        Binding("tab,down", "b(1)", "b", tooltip="walk"), Binding("shift+tab,up", "b(-1)", "b", tooltip="walk"),
        *[Binding(str(d), f"c({d})", str(d), tooltip="by number") for d in range(1, 7)],
        Binding("enter", "place", "Place", tooltip="place / deal"), Binding("enter", "deal", "Deal", tooltip="place / deal"),
        Binding("shift+left,H", "d(-1)", "d", tooltip="beside"), Binding("shift+right,L", "d(1)", "d", tooltip="beside"),
        Binding("plus", "e", "e", tooltip="sum"),
        Binding("x", "f", "f"),
    ])
    assert [(line.shown, line.does) for line in lines] == [
        ("←/→ or h/l", "choose"), ("tab/shift+tab or ↑/↓", "walk"), ("1–6", "by number"),
        ("enter", "place / deal"), ("shift+←/→ or H/L", "beside"), ("+", "sum"),
    ]


@pytest.mark.parametrize("slug", SLUGS)
async def test_the_rules_screen_shows_a_line_for_each_key(slug):
    """From the menu: ? (the list of games), the game, enter; page down through "Keys at
    the table" to the section after it: every line is there, its keys before its words."""
    order = [g.slug for g in engine.all_games()]
    async with menu_app((80, 24)) as pilot:
        app = pilot.app
        await pilot.press("question_mark")
        await wait_for_text(pilot, "The rules of which game?")
        await pilot.press(*["down"] * order.index(slug), "enter")
        await wait_for_screen(pilot, "RulesScreen")
        await wait_for_text(pilot, "Keys at the table")
        pages = [screen_text(app)]
        while not any(after in pages[-1] for after in ("What the table shows", "Keys everywhere")):
            await pilot.press("pagedown")
            await wait_for(pilot, lambda: screen_text(app) != pages[-1], "the next page")
            await wait_still(pilot)  # the page drawn whole, not halfway through its scroll
            pages.append(screen_text(app))
        # the page's rows (no title, hint or footer), the scroll bar dropped, wrapped words joined
        rows = [row for page in pages for row in page.split("\n")[2:-1]]
        text = flat(" ".join(rows).replace("\u00a0", " ").translate(str.maketrans("", "", "▁▂▃▄▅▆▇█")))
        lines = key_lines(table_for(slug).BINDINGS)
        assert lines
        for line in lines:
            assert flat(f"{line.shown} {line.does}") in text, line
