"""The 33 city abilities at their triggers: a small effect vocabulary read from
``data/abilities.toml`` (Bottlecap Vikings rulebook, "City Abilities" and the ability
entries after "Action Spaces"), not one function per ability.

Each function here is called by ``rules.py`` at one moment of a turn and turns the
abilities owned into steps or events: landing beside the helper (``on_helper``), an
ability's one-off on arrival (``on_arrival``), the end of a turn (``end_of_turn``,
``on_effect``), before the action (``before_action``, ``use``), Mimic (``copyable``).
Movement, Valkyries, Omen, Barter, Reaver, Pilot and Sanctuary are read where those
rules are (``rules.longest_move``, ``Run.valkyries``, ``rules._damage``, ``rules.move``,
``rules._attack``).
"""

from __future__ import annotations

from .data import ABILITIES, CITIES, Effect
from .events import Reversed, Rotated, Used, Valkyries  # noqa: F401 - Rotated/Valkyries named in docs
from .steps import Step

#: End-of-turn conditions ("When you gain 1 or more wood in a turn", …) by ``when``.
CONDITIONS = {
    "gained-wood": lambda s, seat: "wood" in s.players[seat].gained,
    "gained-gold": lambda s, seat: "gold" in s.players[seat].gained,
    "gained-glory": lambda s, seat: "glory" in s.players[seat].gained,
    "lost-damage": lambda s, seat: s.players[seat].healed or s.players[seat].purged,  # the Valkyries too
    "other-lost-damage": lambda s, seat: any(p.healed for i, p in enumerate(s.players) if i != seat),
    "attacked": lambda s, seat: s.players[seat].attacked,
    "any-advance": lambda s, seat: s.advances > 0,
}


def effect_steps(seat: int, effect: Effect) -> list[Step]:
    """The steps an ``Effect`` becomes, in the order of its text: gains, damage lost,
    a swap, a rotation, a doubling, the Valkyries."""
    steps = [Step("gain", seat, n, good) for good, n in effect.gain.items() if not effect.rotate]
    if effect.heal:
        steps.append(Step("heal", seat, effect.heal))
    if effect.swap:
        steps.append(Step("swap", seat))
    if effect.rotate:  # "rotate the bottlecap to any new orientation, and gain 1 glory"
        steps.append(Step("rotate", seat))
        steps += [Step("gain", seat, n, good) for good, n in effect.gain.items()]
    if effect.double:
        steps.append(Step("double", seat))
    if effect.valkyries:
        steps.append(Step("valkyries", seat))
    return steps


def on_helper(run, step: Step) -> None:
    """"When your ship lands at the space beside the helper on the bottlecap, before
    taking the action": Mender, Tribute, Woodcutter, Tides, in the order gained."""
    p = run.state.players[step.seat]
    if p.ship != run.state.helper:
        return
    steps: list[Step] = []
    for a in p.abilities:
        ability = ABILITIES[a]
        if ability.trigger == "helper" and ability.effect:
            steps += effect_steps(step.seat, ability.effect)
    run.push(*steps)


def on_arrival(run, step: Step) -> None:
    """The one-off of ability ``step.arg`` when a hut advances to it (or Mimic copies
    it): Longship's glory, Ragnarok, Windfall, Oars, Compass, Cleansing, Helm, Pilot
    (4 players only: "gain 1 glory and lose 1 damage when you gain this ability"); Mimic
    asks which ability to copy."""
    ability = ABILITIES[step.arg]
    steps: list[Step] = []
    if ability.trigger == "copy":
        steps.append(Step("copy", step.seat))
    effect = ability.arrival
    if effect and ability.arrival_players in (0, run.state.n):
        steps += effect_steps(step.seat, effect)
        if effect.helmet:
            from .events import HelmetGained
            run.emit(*[HelmetGained(step.seat)] * effect.helmet)
    run.push(*steps)


def end_of_turn(state, seat: int) -> list[Step]:
    """The end-of-turn abilities that fire now: the active player first, then clockwise,
    each player's in the order gained; decided before any of them pays out, so one's gain
    never sets off another (RULES.md, "End of the turn")."""
    steps = []
    for s in [(seat + i) % state.n for i in range(state.n)]:
        for a in state.players[s].abilities:
            ability = ABILITIES[a]
            if ability.trigger == "end-of-turn" and CONDITIONS[ability.when](state, s):
                steps.append(Step("effect", s, arg=a))
    return steps


def on_effect(run, step: Step) -> None:
    """Pay out end-of-turn ability ``step.arg``."""
    run.push(*effect_steps(step.seat, ABILITIES[step.arg].effect))


def before_action(state, seat: int) -> list[str]:
    """The before-the-action abilities ``seat`` may use now (Rudder, Sacrifice), each
    once a turn."""
    return [a for a in dict.fromkeys(state.players[seat].abilities)
            if ABILITIES[a].trigger == "before-action" and a not in state.used and use_refusal(state, seat, a) is None]


def use_refusal(state, seat: int, ability: str) -> str | None:
    """Why ``seat`` cannot use ``ability`` now, or None."""
    p = state.players[seat]
    if ability not in ABILITIES or not p.has(ability) or ABILITIES[ability].trigger != "before-action":
        return f"You have no before-the-action ability {ability!r}."
    if ability in state.used:
        return f"{ABILITIES[ability].name} is used already this turn."
    cost = ABILITIES[ability].cost
    for good, n in cost.pay.items():
        if getattr(p, good) < n:
            return f"{ABILITIES[ability].name} costs {n} {good}; you have {getattr(p, good)}."
    if cost.damage and p.has("sanctuary") and p.ship == state.helper:
        return "Sanctuary: you cannot gain damage beside the helper."
    if ABILITIES[ability].effect.heal and not p.damage:
        return "You have no damage to lose."
    return None


def use(run, seat: int, ability: str) -> None:
    """Use Rudder ("gain one damage to reverse the direction … for future turns") or
    Sacrifice ("lose 1 point to lose all damage"): the cost, then the effect."""
    from .events import Goods

    a = ABILITIES[ability]
    run.emit(Used(seat, ability))
    if a.cost.pay:
        run.emit(Goods(seat, **{g: -n for g, n in a.cost.pay.items()}))
    steps = []
    if a.cost.damage:
        steps += [Step("damage", seat, a.cost.damage, ability), Step("check", seat)]
    if a.effect.reverse:
        run.emit(Reversed(seat))
    steps += effect_steps(seat, a.effect)
    run.push(*steps)


def copyable(state, seat: int) -> list[str]:
    """What Mimic may copy: "any other city ability that any player has printed on their
    city board this game, except for 'win the game'" — the sides in use, not Mimic
    itself, not one ``seat`` owns already."""
    printed = []
    sides = {p.side for p in state.players}
    for side in (CITIES.identical, *CITIES.unique):
        if side.name in sides:
            printed += [s.ability for s in side.spots if s.ability in ABILITIES]
    own = state.players[seat].abilities
    return [a for a in dict.fromkeys(printed) if a != "mimic" and a not in own]
