"""Naughty or Nice's rules: ``setup``, ``decide``, ``legal``, ``to_act`` and ``result``.

Every rule cites the Naughty or Nice rulebook by section; rulings on unclear passages
are in ``RULES.md`` beside this file. A command's events are folded as they are made
(``Tx``), then ``_settle`` runs what follows on its own: creatures whose reaction
window closed take effect, the turn ends when nothing more can be played, the next turn
starts (or is skipped), and the game ends after midnight's last round.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.core import reactions
from engine.core.agenda import check_turn
from engine.core.decider import Result
from engine.core.errors import IllegalCommand
from engine.core.reactions import Answered, Pass, Passed, WindowOpened

from . import commands as cmd
from . import effects, legal
from . import events as ev
from .data import CREATURES, GIVERS, KIDDOS, PRESENTS, SYMBOLS
from .options import Options
from .state import Player, State, evolve
from .common import (  # noqa: F401 (to_act and the helpers: the rules' API as before)
    REINDEER_POINTS, Tx, action_name, answered, colour, cover, craft_count, creature_points, creatures_available,
    draw_creatures, draw_presents, giver_of, hand_size, preferred_bonus, presents_available, refill_row,
    refill_slot, seat_with, summons_score, symbols_of, to_act,
)


#: Rudolf's table, 1–7 reindeer under him ("Rudolf"), scored as printed.
RUDOLF_POINTS = {0: 0, 1: 3, 2: 6, 3: 9, 4: 12, 5: 15, 6: 19, 7: 23}
#: Events that show hidden or random facts: undo stops there.
REVEALING = (ev.Shuffled, ev.Drew, ev.Summoned, ev.Stole, ev.Revealed, ev.RedCounts, ev.SearchedRudolf,
             ev.RowFilled, ev.KiddoIn, ev.Midnight, ev.Gave, ev.GiverDrawn, ev.Started)
PLAYGROUND = 8
ROW = 3
#: Creatures with no written effect to answer: no reaction window opens for them.
_UNANSWERED = {"RD", "CT"}


def setup(options: Options, n: int, rng: random.Random) -> list:
    """Shuffle and deal ("Setup", I–VI and "Setup for 2-3 players"): the present deck
    and a row of 3; the creature and kiddo decks with a midnight card shuffled into the
    bottom six (creatures from level 3); 8 kiddos in the playground; starting hands;
    gift givers (from level 2) drawn or offered to choose; the first player drawn."""
    from .data import CARDS

    state = State(n=n, options=options, players=tuple(Player() for _ in range(n)))
    tx = Tx(state, rng)
    presents = [p for p in PRESENTS for _ in range(CARDS.copies)]
    kiddos = list(range(len(KIDDOS)))
    removed_p: list[str] = []
    removed_k: list[int] = []
    if n <= 3:
        for code in PRESENTS:
            presents.remove(code)
            removed_p.append(code)
        for symbol in SYMBOLS:
            fours = [k for k in kiddos if KIDDOS[k].symbol == symbol and len(KIDDOS[k].wishes) == 4]
            if fours:
                removed_k.append(rng.choice(fours))
        removed_k += [k for k in kiddos if len(KIDDOS[k].wishes) == 5]
        kiddos = [k for k in kiddos if k not in removed_k]
        tx.emit(ev.Removed(tuple(removed_p), tuple(removed_k)))
    rng.shuffle(presents)
    tx.emit(ev.Shuffled("presents", tuple(presents)))
    if options.level >= 3:
        creatures = [c.code for c in CREATURES.values() for _ in range(c.count)]
        tx.emit(ev.Shuffled("creatures", tuple(_with_midnight(creatures, ev.MIDNIGHT, rng))))
    rng.shuffle(kiddos)
    deck = _with_midnight([str(k) for k in kiddos], str(ev.MIDNIGHT_KIDDO), rng)
    tx.emit(ev.Shuffled("kiddos", tuple(deck)))
    tx.emit(ev.RowFilled(tuple(tx.state.present_deck[:ROW])))
    for slot in range(PLAYGROUND):
        refill_slot(tx, slot, -1)
    np, nc = hand_size(options.level)
    for seat in range(n):
        tx.emit(ev.Drew(seat, tuple(tx.state.present_deck[:np]), tuple(tx.state.creature_deck[:nc]), fresh=False))
    first = rng.randrange(n)
    tx.emit(ev.Started(first))
    if options.level >= 2:
        if options.givers == "random":
            for seat, giver in enumerate(rng.sample(list(GIVERS), n)):
                tx.emit(ev.GiverDrawn(seat, giver))
        else:
            for k in range(n):
                tx.emit(ev.Prompted((first + k) % n, "giver"))
            return tx.events
    tx.emit(ev.TurnStarted(first))
    return tx.events


def _with_midnight(cards: list[str], midnight: str, rng: random.Random) -> list[str]:
    """``cards`` shuffled with ``midnight`` shuffled among the bottom six ("Shuffle a
    midnight card with 5 other cards and place this stack at the bottom of the deck")."""
    rng.shuffle(cards)
    bottom = cards[-5:] + [midnight]
    rng.shuffle(bottom)
    return cards[:-5] + bottom


def reveals(event) -> bool:
    """Whether ``event`` shows hidden or random facts (undo never crosses it)."""
    return isinstance(event, REVEALING)


# --------------------------------------------------------------------------- decide
def decide(state: State, seat: int, command, rng: random.Random) -> list:
    """The events of ``command`` by ``seat``; raises ``IllegalCommand`` with the rule."""
    check_turn(state.phase == "over", seat, to_act(state))
    tx = Tx(state, rng)
    if state.prompts:
        _answer_prompt(tx, seat, state.prompts[0], command)
    elif state.windows:
        _answer_window(tx, seat, command)
    else:
        _turn_command(tx, seat, command)
    _settle(tx)
    return tx.events


def _answer_prompt(tx: Tx, seat: int, prompt, command) -> None:
    s = tx.state
    kind = prompt.kind
    if kind == "giver":
        if not isinstance(command, cmd.ChooseGiver):
            raise IllegalCommand("Choose your gift giver first.")
        if command.giver not in GIVERS:
            raise IllegalCommand(f"There is no gift giver {command.giver!r}.")
        if any(p.giver == command.giver for p in s.players):
            raise IllegalCommand(f"{GIVERS[command.giver].name} is taken.")
        tx.emit(ev.GiverDrawn(seat, command.giver), ev.PromptDone())
        if not tx.state.prompts:
            tx.emit(ev.TurnStarted(tx.state.turn))
        return
    if kind == "keep":
        if not isinstance(command, cmd.Keep):
            raise IllegalCommand("Keep one of the two creatures you summoned.")
        if command.creature not in s.summoning:
            raise IllegalCommand("Keep one of the two creatures you summoned.")
        rest = list(s.summoning)
        rest.remove(command.creature)
        other = rest[0] if rest else ""
        tx.emit(ev.Kept(seat, command.creature, other), ev.PromptDone())
        if other == "SM":
            effects.snow_maiden_gone(tx, seat, played=False)
        return
    if kind == "pick":
        if not isinstance(command, cmd.Pick) or command.present not in s.revealed:
            raise IllegalCommand("Take one of the presents the Elves revealed.")
        tx.emit(ev.Picked(seat, command.present), ev.PromptDone())
        if len(tx.state.revealed) == 1 and not any(p.kind == "pick" for p in tx.state.prompts):
            tx.emit(ev.Picked(tx.state.revealer, tx.state.revealed[0]))
        return
    if isinstance(command, Pass):
        tx.emit(ev.PromptDone())
        return
    if kind == "draw":
        if not isinstance(command, cmd.Draw):
            raise IllegalCommand("Draw a present from the deck or the row, or pass.")
        _take_present(tx, seat, command.source)
        tx.emit(ev.PromptDone())
        return
    if kind in ("moroz", "repeat"):
        if not isinstance(command, (cmd.Craft, cmd.Summon, cmd.Fulfill)):
            raise IllegalCommand("Take a basic action (craft, summon or fulfill), or pass.")
        action = action_name(command)
        if kind == "repeat" and action != prompt.action:
            raise IllegalCommand(f"Snow Maiden repeats your {prompt.action}; do that again, or pass.")
        tx.emit(ev.PromptDone())
        _basic(tx, seat, command)
        return
    raise IllegalCommand("That cannot be done now.")


def _take_present(tx: Tx, seat: int, source: int) -> None:
    s = tx.state
    if source == cmd.DECK:
        cards = draw_presents(tx, 1)
        if not cards:
            raise IllegalCommand("The present deck is empty.")
        tx.emit(ev.Drew(seat, cards))
    else:
        if not 0 <= source < ROW or not s.row[source]:
            raise IllegalCommand(f"There is no present in row place {source + 1}.")
        tx.emit(ev.TookFromRow(seat, source, s.row[source]))


def _answer_window(tx: Tx, seat: int, command) -> None:
    s = tx.state
    window = reactions.innermost(s.windows)
    if isinstance(command, Pass):
        tx.emit(Passed(seat))
        return
    if not isinstance(command, cmd.React):
        raise IllegalCommand("Play a reaction (Tomte, Papa Wolverine) or pass.")
    p = s.players[seat]
    code = command.creature
    if code not in p.playable():
        raise IllegalCommand("You have no such creature that started the turn in your hand.")
    held = answered(s)
    if code == "TO":
        if window.trigger != "creature":
            raise IllegalCommand("Tomte answers a creature played.")
        if command.take:
            raise IllegalCommand("Tomte takes no presents.")
    elif code == "PW":
        if window.trigger != "fulfill":
            raise IllegalCommand("Papa Wolverine answers a Fulfill.")
        if len(command.take) != min(2, len(held.given)) or Counter(command.take) - Counter(held.given):
            raise IllegalCommand("Papa Wolverine takes 2 of the presents just given.")
    else:
        raise IllegalCommand(f"{CREATURES.get(code, CREATURES['TO']).name if code in CREATURES else code} is not a reaction.")
    tx.emit(ev.Played(seat, code, target=held.seat, present=" ".join(command.take)))
    tx.score(seat, creature_points(s, seat, code), CREATURES[code].name)
    tx.emit(Answered(seat))
    _open_window(tx, "creature", seat, code)


#: The reaction card that can answer each window ("Tomte", "Papa Wolverine").
REACTION_FOR = {"creature": "TO", "fulfill": "PW"}


def _open_window(tx: Tx, trigger: str, mover: int, subject: str) -> None:
    """Open a reaction window after ``mover``'s move for every other seat holding a
    creature that started the turn in hand (a public count), from level 3; with
    ``windows=quick`` only for the seats holding the reaction that answers it (a Tomte
    for a creature, Papa Wolverine for a Fulfill), ready to play."""
    s = tx.state
    if s.level < 3:
        return
    if s.options.windows == "quick":
        card = REACTION_FOR.get(trigger, "")
        seats = reactions.answer_order(mover, s.n, lambda i: card in s.players[i].playable())
    else:
        seats = reactions.answer_order(mover, s.n, lambda i: s.players[i].usable() > 0)
    if seats:
        tx.emit(WindowOpened(trigger, mover, seats, subject))


# --------------------------------------------------------------------------- the turn
def _turn_command(tx: Tx, seat: int, command) -> None:
    s = tx.state
    p = s.players[seat]
    if isinstance(command, (cmd.Craft, cmd.Summon, cmd.Fulfill)):
        if s.acted:
            raise IllegalCommand("You have taken your basic action this turn.")
        _basic(tx, seat, command)
    elif isinstance(command, cmd.Play):
        _play(tx, seat, command)
    elif isinstance(command, cmd.Search):
        _search(tx, seat, command)
    elif isinstance(command, cmd.Sweep):
        if giver_of(s, seat) != "befana":
            raise IllegalCommand("Only La Befana sweeps a kiddo away.")
        if s.begun:
            raise IllegalCommand("La Befana sweeps only at the start of her turn.")
        if not 0 <= command.slot < PLAYGROUND or s.playground[command.slot] < 0:
            raise IllegalCommand("There is no kiddo there.")
        tx.emit(ev.Swept(seat, command.slot, s.playground[command.slot]))
        refill_slot(tx, command.slot, seat)
    elif isinstance(command, cmd.Tuck):
        if giver_of(s, seat) != "santa" or p.rudolf < 0:
            raise IllegalCommand("Only Santa puts reindeer under Rudolf.")
        if "RD" not in p.creatures:
            raise IllegalCommand("You have no reindeer in hand.")
        tx.emit(ev.Tucked(seat))
    elif isinstance(command, cmd.End):
        if not s.acted and legal.can_act(s, seat):
            raise IllegalCommand("Take your basic action first: craft, summon or fulfill.")
        _end_turn(tx)
    else:
        raise IllegalCommand("That cannot be done now.")


def _basic(tx: Tx, seat: int, command) -> None:
    if isinstance(command, cmd.Craft):
        _craft(tx, seat, command)
    elif isinstance(command, cmd.Summon):
        _summon(tx, seat)
    else:
        _fulfill(tx, seat, command)


def _craft(tx: Tx, seat: int, command: cmd.Craft) -> None:
    """"Craft Presents": draw 2 (3 at levels 1–2) from the deck and/or the row."""
    s = tx.state
    want = craft_count(s.level)
    available = sum(1 for c in s.row if c) + presents_available(s)
    if len(command.sources) != min(want, available) or not command.sources:
        raise IllegalCommand(f"Craft takes {want} presents, from the row or the deck.")
    slots = [x for x in command.sources if x != cmd.DECK]
    if len(set(slots)) != len(slots) or any(not 0 <= x < ROW or not s.row[x] for x in slots):
        raise IllegalCommand("Take each row present at most once, from a place that holds one.")
    deck = len(command.sources) - len(slots)
    if deck > presents_available(s):
        raise IllegalCommand("The present deck has too few cards.")
    tx.emit(ev.Acted(seat, "craft"))
    for x in slots:
        tx.emit(ev.TookFromRow(seat, x, s.row[x]))
    if deck:
        tx.emit(ev.Drew(seat, draw_presents(tx, deck)))


def _summon(tx: Tx, seat: int) -> None:
    """"Summon a Creature": draw two, keep one; after midnight at level 5 +1 instead
    ("End of the game with set collection"; ``summons_score``)."""
    s = tx.state
    if s.level < 3:
        raise IllegalCommand("There are no creatures below level 3.")
    if summons_score(s):
        tx.emit(ev.Acted(seat, "summon"))
        tx.score(seat, 1, "no creatures after midnight")
        return
    if not creatures_available(s):
        raise IllegalCommand("The creature deck is empty.")
    tx.emit(ev.Acted(seat, "summon"))
    _summon_two(tx, seat)


def _summon_two(tx: Tx, seat: int) -> None:
    cards = draw_creatures(tx, seat, 2)
    if tx.state.midnight and not cards:
        return
    tx.emit(ev.Summoned(seat, cards), ev.Prompted(seat, "keep", first=True))


def _fulfill(tx: Tx, seat: int, command: cmd.Fulfill) -> None:
    """"Fulfill Wishes": give matching presents, take the kiddo, score, refill; set
    collection at level 5; then a reaction window (Papa Wolverine)."""
    s = tx.state
    p = s.players[seat]
    if not 0 <= command.slot < PLAYGROUND or s.playground[command.slot] < 0:
        raise IllegalCommand("There is no kiddo there.")
    kiddo = s.playground[command.slot]
    if Counter(command.presents) - Counter(p.presents):
        raise IllegalCommand("You do not hold those presents.")
    if command.caga and "CT" not in p.playable():
        raise IllegalCommand("You have no Caga Tió that started the turn in your hand.")
    ignored = cover(s, seat, kiddo, command.presents, command.caga)
    if ignored is None:
        raise IllegalCommand(f"Those presents do not match {KIDDOS[kiddo].name}'s wishes.")
    before = set(symbols_of(p.kiddos))
    tx.emit(ev.Acted(seat, "fulfill"))
    tx.emit(ev.Fulfilled(seat, command.slot, kiddo, tuple(command.presents), command.caga, ignored))
    points = len(KIDDOS[kiddo].wishes) + preferred_bonus(s, seat, command.presents)
    tx.score(seat, points, KIDDOS[kiddo].name)
    if command.caga:
        tx.score(seat, creature_points(s, seat, "CT"), "Caga Tió")
    refill_slot(tx, command.slot, seat)
    if s.level >= 5:
        symbol = KIDDOS[kiddo].symbol
        if symbol in before:
            _set_summon(tx, seat, 1)
        elif len(before) == len(SYMBOLS) - 1:
            _set_summon(tx, seat, 2)
    _open_window(tx, "fulfill", seat, KIDDOS[kiddo].name)


def _set_summon(tx: Tx, seat: int, k: int) -> None:
    """Set collection ("Set Collection"): a symbol you already have summons (draw 2,
    keep 1); the fifth symbol takes the top 2 creatures; after midnight +1 per creature
    instead ("End of the game with set collection")."""
    if summons_score(tx.state):
        tx.score(seat, k, "sets after midnight")
        return
    if k == 1:
        if creatures_available(tx.state):
            _summon_two(tx, seat)
        return
    cards = draw_creatures(tx, seat, 2)
    if cards:
        tx.emit(ev.Drew(seat, creatures=cards))


def _play(tx: Tx, seat: int, command: cmd.Play) -> None:
    """"Playing a Creature": a free action on your turn with creatures that started the
    turn in your hand; score, discard, then a reaction window before the effect."""
    s = tx.state
    p = s.players[seat]
    code = command.creature
    if code not in CREATURES:
        raise IllegalCommand(f"There is no creature {code!r}.")
    c = CREATURES[code]
    if c.reaction:
        raise IllegalCommand(f"{c.name} is played only on another player's move.")
    if code == "CT":
        raise IllegalCommand("Caga Tió is played while fulfilling a wish.")
    if ((command.count != 1 and code != "RD") or (command.target != -1 and c.target != "seat")
            or (command.present and c.target != "present") or (command.slot != -1 and c.target != "kiddo")):
        raise IllegalCommand(f"{c.name} takes no such choice.")
    count = command.count
    if code == "RD" and not 1 <= count <= 4:
        raise IllegalCommand("Play 1 to 4 reindeer together.")
    if Counter(p.playable())[code] < count:
        raise IllegalCommand(f"You have no {c.name} that started the turn in your hand." if count == 1
                             else f"You have fewer than {count} reindeer that started the turn in your hand.")
    if code == "SM" and not s.acted:
        raise IllegalCommand("Snow Maiden repeats your basic action: take it first.")
    if c.target == "seat" and (not 0 <= command.target < s.n or command.target == seat):
        raise IllegalCommand(f"{c.name} needs another player as its target.")
    if c.target == "present" and command.present not in PRESENTS:
        raise IllegalCommand("Krampus needs a present to call out, such as CA (Cap).")
    if c.target == "kiddo" and (not 0 <= command.slot < PLAYGROUND or s.playground[command.slot] < 0):
        raise IllegalCommand("Mrs. Claus needs a kiddo in the playground.")
    held = code not in _UNANSWERED
    tx.emit(ev.Played(seat, code, count, command.target if c.target == "seat" else -1,
                      command.present if c.target == "present" else "",
                      command.slot if c.target == "kiddo" else -1, held))
    tx.score(seat, creature_points(s, seat, code, count), c.name if count == 1 else f"{count} reindeer")
    if held:
        _open_window(tx, "creature", seat, code)


def _search(tx: Tx, seat: int, command: cmd.Search) -> None:
    """Santa, "Start of Turn": discard 2 presents with matching images to search the
    discard pile, then the deck, for a reindeer to put under Rudolf; a searched deck is
    shuffled (the midnight stack shuffled apart, so midnight stays in the bottom six)."""
    s = tx.state
    p = s.players[seat]
    if giver_of(s, seat) != "santa":
        raise IllegalCommand("Only Santa searches for reindeer.")
    if s.begun:
        raise IllegalCommand("Santa searches only at the start of his turn.")
    if p.presents.count(command.present) < 2:
        raise IllegalCommand("Discard 2 presents with the same picture to search.")
    tx.emit(ev.Discarded(seat, (command.present, command.present)))
    if "RD" in s.creature_discard:
        tx.emit(ev.SearchedRudolf(seat, True, "discard"))
        return
    found = "RD" in s.creature_deck
    deck = list(s.creature_deck)
    if found:
        deck.remove("RD")
    tx.emit(ev.SearchedRudolf(seat, found, "deck" if found else ""))
    tx.emit(ev.Shuffled("creatures", tuple(_shuffle_keeping_bottom(deck, tx.rng, s.midnight))))


def _shuffle_keeping_bottom(deck: list[str], rng: random.Random, struck: bool) -> list[str]:
    if struck or len(deck) <= 6:
        rng.shuffle(deck)
        return deck
    top, bottom = deck[:-6], deck[-6:]
    rng.shuffle(top)
    rng.shuffle(bottom)
    return top + bottom


# --------------------------------------------------------------------------- flow
def _settle(tx: Tx) -> None:
    """Run what follows a command on its own until a seat must choose."""
    for _ in range(1000):
        s = tx.state
        if s.phase == "over" or s.prompts or s.windows or s.turns == 0:
            return
        if s.held:
            if not s.held[-1].open:
                effects.resolve(tx)
                continue
            return
        if s.acted and _turn_over(s):
            _end_turn(tx)
            continue
        if not s.acted and not s.begun and not legal.can_act(s, s.turn) and not s.players[s.turn].usable():
            _end_turn(tx)
            continue
        return


def _turn_over(s: State) -> bool:
    """After the basic action the turn ends on its own when no creature in hand may be
    played (a public count; Santa keeps his turn while he holds any creature)."""
    p = s.players[s.turn]
    if p.usable() > 0:
        return False
    if giver_of(s, s.turn) == "santa" and p.creatures:
        return False
    return True


def _end_turn(tx: Tx) -> None:
    """End the turn: refill the row, then the next player clockwise begins (a player
    before whom Mr Scrooge lies skips it); after midnight's last round, or a whole round
    in which nobody could take a basic action (RULES.md, "A table with no moves"), final
    scoring."""
    for _ in range(tx.state.n * 4 + 1):
        s = tx.state
        tx.emit(ev.TurnEnded(s.turn))
        refill_row(tx)
        if (tx.state.midnight and tx.state.final == 0) or tx.state.idle >= s.n:
            _final(tx)
            return
        nxt = (s.turn + 1) % s.n
        tx.emit(ev.TurnStarted(nxt))
        if tx.state.players[nxt].skips:
            tx.emit(ev.Skipped(nxt))
            continue
        return


def final_rows(s: State) -> tuple:
    """The endgame's score rows of every seat if the game ended now, seat order: a tuple
    of ``((row, points), ...)`` ending with ``("total", n)`` ("Endgame scoring": 3 for
    most of each symbol, 5 for all five (level 5); Rudolf's reindeer for Santa (level
    4+)). Every seat gets the same rows, in the same order: with Santa at the table
    (level 4+) each has a "Rudolf" row, 0 but his. Pure: the search's ``standing`` reads
    it mid-game."""
    counts = [symbols_of(p.kiddos) for p in s.players]
    rudolf = any(p.rudolf >= 0 for p in s.players)
    out = []
    for i, p in enumerate(s.players):
        rows = [("play", p.score)]
        if s.level >= 5:
            most = 0
            for symbol in SYMBOLS:
                top = max(c[symbol] for c in counts)
                holders = [j for j, c in enumerate(counts) if c[symbol] == top]
                if top and i in holders and (len(holders) == 1 or s.options.most_ties == "all"):
                    most += 3
            rows.append(("most", most))
            rows.append(("all five", 5 if all(counts[i][x] for x in SYMBOLS) else 0))
        if rudolf:
            rows.append(("Rudolf", RUDOLF_POINTS[min(max(p.rudolf, 0), 7)]))
        rows.append(("total", sum(v for _, v in rows)))
        out.append(tuple(rows))
    return tuple(out)


def _final(tx: Tx) -> None:
    """"Endgame scoring" (``final_rows``)."""
    tx.emit(ev.FinalScore(final_rows(tx.state)))


def result(state: State) -> Result | None:
    """The winner: most points; a tie goes to whoever gifted more kiddos ("At a tie");
    still tied, the win is shared."""
    if state.phase != "over":
        return None
    scores = [dict(rows) for rows in state.scores]
    totals = [s["total"] for s in scores]
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    tiebreak = ""
    if len(top) > 1:
        most = max(state.players[i].gifted for i in top)
        top = [i for i in top if state.players[i].gifted == most]
        tiebreak = "tied on points, more kiddos gifted" if len(top) == 1 else "tied on points and kiddos gifted"
    return Result(scores, top, tiebreak)

