"""Bottlecap Vikings' rules for players (HELP.md) and for developers (RULES.md): the
player text is read from the menu's Rules by keys and holds nothing for developers;
every action and ability is explained; RULES.md settles each decision the issue lists.
That the notation table is what the game reads is tests/contract's."""

from __future__ import annotations

import re

import pytest

from engine.games.bottlecap_vikings import GAME
from engine.games.bottlecap_vikings.data import ABILITIES, ACTIONS
from test_player_text import screen_text, shows
from test_tui_rules_screen import developer_text, read_all_pages
from tui.app import BoxtopApp
from tui.screens.menu import MenuScreen

from tui_driver import wait_for


def test_every_action_and_ability_is_explained_to_players():
    """Each of the 15 actions and 33 abilities is named in HELP.md."""
    text = GAME.help_text
    assert [a.name for a in ACTIONS.values() if a.name not in text] == []
    assert [a.name for a in ABILITIES.values() if a.name not in text] == []
    assert developer_text(text) == []
    assert '"' not in text  # no quotations: plain words


@pytest.mark.parametrize("heading", [
    "The start player", "Starting goods", "2-player wood", "free city improvement", "Attacks", "An empty bag",
    "when the check comes", "Leech and the Valkyries", "Tides", "Sanctuary", "Mimic", "any amount", "A9 Toll",
    "A12 Balance", "Winning the game", "turn limit", "Hidden information", "Omen", "Pilot", "Compass", "Barter",
    "Reaver", "movement", "which tokens go back", "losing damage with none held", "End of the turn",
])
def test_rules_md_settles_each_listed_decision(heading):
    """RULES.md records each decision beside its passage (issue 12, "Rulings")."""
    assert heading.lower() in GAME.rules_text.lower()


async def test_the_bottlecap_rules_from_the_menu_are_for_players():
    app = BoxtopApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("down", "down", "down", "down", "enter")  # Rules (after new, learn, load, replay)
        await shows(pilot, "The rules of which game?")
        assert "Bottlecap Vikings" in screen_text(app)
        await pilot.press("down", "down", "enter")  # the third game
        await shows(pilot, "Bottlecap Vikings")
        text = "\n".join(await read_all_pages(pilot, app))
        words = " ".join(re.sub(r"[▁▂▃▄▅▆▇█▊▎▏]", " ", text).split())  # wrapped lines joined
        for said in ("Valkyries arrive", "helmet level", "move 2", "return 1 red 1 grey", "How boxtop plays it"):
            assert said in words
        assert developer_text(text) == []
