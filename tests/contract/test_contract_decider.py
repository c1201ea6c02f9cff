"""The decider protocol's contracts (``engine.Game``'s docstring), checked for every
registered game on a few seeded positions: ``legal`` is exactly what ``decide``
accepts; the notation reads back; HELP.md's notation table is what the game reads and
names every word of every move; the sampler keeps the seat's view; a seat's view and
its bot's choice do not change when what it cannot see does."""

from __future__ import annotations

import random
import re

import pytest

from contract.kit import decide_accepts_exactly_legal, each_game, notation_section, positions
from engine import IllegalCommand
from engine.core.decider import fold
from sampler_kit import assert_depends_on_the_view_alone


def key(game, command, names) -> str:
    """A command's notation: commands are compared and collected by it."""
    return game.notation(command, names)


@each_game()
def test_legal_is_exactly_what_decide_accepts(slug):
    """Every legal command is accepted by ``decide``; every other command met anywhere in
    the seeded games (a sample of them at each position) is refused with a one-line
    reason; a seat that is not to act, or a finished game, is offered nothing."""
    found = positions(slug)
    game = found[0].game
    universe = {}
    for p in found:
        for seat in range(len(p.names)):
            for command in game.legal(p.state, seat):
                universe.setdefault(key(game, command, p.names), command)
    universe = list(universe.values())
    pick = random.Random(slug)
    refused = 0
    for k, p in enumerate(found):
        over = game.result(p.state) is not None
        for seat in range(len(p.names)):
            if over or seat not in p.to_act:
                legal = game.legal(p.state, seat)
                assert legal == [], f"seat {seat} is offered {legal[:3]} but may not act"
            if not over:
                candidates = pick.sample(universe, min(len(universe), 40))
                refused += decide_accepts_exactly_legal(game, p.state, seat, candidates, k)
    assert refused > 50


@each_game()
def test_every_legal_command_prints_and_reads_back_as_itself(slug):
    """``parse(notation(c)) == c`` for every legal command of every seat at the positions."""
    read = 0
    for p in positions(slug):
        for seat in range(len(p.names)):
            for command in p.game.legal(p.state, seat):
                text = p.game.notation(command, p.names)
                assert "\n" not in text and text == text.strip()
                assert p.game.parse(text, p.names) == command, text
                read += 1
    assert read > 20


def table_commands(section: str) -> tuple[list[str], list[str]]:
    """The `commands` of the notation table's rows: those of the first column, and the
    others of the row (a second form, or a word that is part of a command)."""
    first, others = [], []
    for line in section.splitlines():
        cells = line.split("|")
        if line.startswith("|") and len(cells) > 2:
            first += re.findall(r"`([^`]+)`", cells[1])
            others += re.findall(r"`([^`]+)`", "|".join(cells[2:]))
    return first, others


@each_game()
def test_every_command_in_the_help_notation_table_is_read_by_the_game(slug):
    """HELP.md's notation table ("the log shows every move this way"): each `command` in
    its first column parses and prints back exactly as written; so does every other
    `command` of a row that parses (the rest are parts of commands: `rabbit`)."""
    p = positions(slug)[0]
    first, others = table_commands(notation_section(p.game))
    assert len(first) >= 7
    for text in first:
        assert p.game.notation(p.game.parse(text, p.names), p.names) == text
    for text in others:
        try:
            command = p.game.parse(text, p.names)
        except IllegalCommand:
            continue
        assert p.game.notation(command, p.names) == text


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


@each_game()
def test_help_notation_names_every_word_of_every_move(slug):
    """Every word of every legal command's notation (but the players' names; numbers and
    the letters of codes are read apart) stands in HELP.md's Notation section: a
    player can read there every form the game takes."""
    found = positions(slug)
    known = words(notation_section(found[0].game))
    missing = {}
    for p in found:
        for seat in range(len(p.names)):
            for command in p.game.legal(p.state, seat):
                text = p.game.notation(command, p.names)
                for w in words(text) - known - {n.lower() for n in p.names}:
                    missing.setdefault(w, text)
    assert missing == {}


@each_game()
def test_the_sample_keeps_the_seats_view_and_moves(slug):
    """``view(sample(v, seat, rng), seat) == v`` and the seat's legal commands are the
    same, for every seat at every position."""
    for k, p in enumerate(positions(slug)):
        for seat in range(len(p.names)):
            view = p.game.view(p.state, seat)
            other = p.game.sample(view, seat, random.Random(k))
            assert p.game.view(other, seat) == view
            assert p.game.legal(other, seat) == p.game.legal(p.state, seat)


@each_game()
def test_what_a_seat_cannot_see_changes_neither_its_view_nor_its_bots_choice(slug):
    """The swap test: what a seat to act cannot see is dealt again (``sample``); its view,
    its legal commands and each bot's choice (same seed) stay the same. A game whose
    samples never differ from the true state is one that redacts no event for any seat
    (nothing hidden to swap)."""
    swapped = redacted = 0
    for k, p in enumerate(positions(slug)):
        for seat in p.to_act:
            view = p.game.view(p.state, seat)
            other = p.game.sample(view, seat, random.Random(100 + k))
            swapped += other != p.state
            assert p.game.view(other, seat) == view
            legal = p.game.legal(p.state, seat)
            assert p.game.legal(other, seat) == legal
            for kind in ("random", "heuristic"):
                bot = p.game.bots[kind]
                chosen = [bot(k).choose(p.game.view(x, seat), legal, random.Random(k)) for x in (p.state, other)]
                assert chosen[0] == chosen[1]
    if not swapped:
        from contract.kit import session

        s = session(slug, 1)
        s.run_bots(limit=60)
        events = [e for entry in s.applied_entries() for e in entry.events]
        redacted = sum(s.game.redact(e, seat) != e for e in events for seat in range(len(s.seats)))
    assert swapped or not redacted


@each_game()
def test_every_bot_chooses_a_legal_command_at_any_position(slug):
    """A bot given any seat's view and legal commands, at any position (one it did not
    play its way into, as when it takes over a seat), returns one of those commands."""
    for k, p in enumerate(positions(slug)):
        for seat in p.to_act:
            legal = p.game.legal(p.state, seat)
            for kind in ("random", "heuristic"):
                choice = p.game.bots[kind](k).choose(p.game.view(p.state, seat), legal, random.Random(k))
                assert choice in legal, (kind, choice)


@each_game()
def test_the_sample_depends_on_the_view_alone(slug):
    """Two true states with the same view for a seat give the same sample for the same
    seed: the sampler reads nothing the seat cannot see."""
    assert_depends_on_the_view_alone(positions(slug)[0].game,
                                     [(p.state, seat) for p in positions(slug)[::3] for seat in range(len(p.names))])


@each_game()
def test_a_game_played_on_from_a_sample_ends(slug):
    """A sampled state is a whole game: heuristic bots playing on from it (a random seat
    of those to act each move) reach a result."""
    for k, p in enumerate(positions(slug)[1::6]):
        if p.game.result(p.state) is not None:
            continue
        seat = k % len(p.names)
        state = p.game.sample(p.game.view(p.state, seat), seat, random.Random(k))
        bots = [p.game.bots["heuristic"](i) for i in range(len(p.names))]
        rng = random.Random(k)
        for _ in range(20_000):
            if p.game.result(state) is not None:
                break
            mover = rng.choice(sorted(p.game.to_act(state)))
            command = bots[mover].choose(p.game.view(state, mover), p.game.legal(state, mover), rng)
            state = fold(p.game, state, p.game.decide(state, mover, command, rng))
        assert p.game.result(state) is not None
