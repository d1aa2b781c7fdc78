"""Activated abilities, "cost: effect" (602), and which of them are mana abilities (605.1a)."""

from __future__ import annotations

import re

from engine.abilities import (
    Ability,
    ActivatedAbility,
    ActivationWindow,
    AddMana,
    Cost,
    DealDamage,
    Effect,
    GainLife,
    LoseLife,
    ManaAbility,
    SimpleEffect,
    Zone,
)
from engine.oracle.costs import parse_cost
from engine.oracle.effects import parse_effects
from engine.oracle.text import source_pronoun


def compile_activated(cost_text: str, effect_text: str, text: str) -> Ability | None:
    sorcery = False
    m = re.fullmatch(r"(.+?)\s*Activate only as a sorcery\.?", effect_text)
    if m:
        effect_text, sorcery = m.group(1), True
    once = False
    m = re.fullmatch(r"(.+?)\s*Activate only once each turn\.?", effect_text)
    if m:
        effect_text, once = m.group(1), True
    window: ActivationWindow | None = None
    m = re.fullmatch(
        r"(.+?)\s*Activate only (during your upkeep|during your turn, before "
        r"attackers are declared)\.?",
        effect_text,
    )
    if m:
        effect_text = m.group(1)
        window = (
            "your_upkeep" if m.group(2) == "during your upkeep" else "your_turn_before_attackers"
        )
    cost = parse_cost(cost_text)
    if cost is None:
        return None
    effects = parse_effects(source_pronoun(effect_text))
    if effects is None:
        return None
    first = effects[0] if effects else None
    if isinstance(first, AddMana) and (once or window or cost.discard_self):
        return None  # a mana ability with a use restriction: not modelled
    if isinstance(first, AddMana) and cost.loyalty is None and all(map(untargeted, effects[1:])):
        # 605.1a: no target, could add mana, not a loyalty ability
        return ManaAbility(cost, first.produces, text, also=tuple(effects[1:]))
    if any(isinstance(e, AddMana) for e in effects):
        return None
    zone: Zone = "graveyard" if functions_from_graveyard(cost, effects) else "battlefield"
    if cost.discard_self:
        if zone != "battlefield":
            return None
        zone = "hand"  # 113.6m: its cost moves it out of the hand
    return ActivatedAbility(
        cost,
        tuple(effects),
        text,
        zone,
        sorcery_speed=sorcery,
        once_each_turn=once,
        only_during=window,
    )


#: effects that move the ability's own object out of its owner's graveyard
FROM_GRAVEYARD_VERBS = frozenset({"regrowth_self", "reanimate_self"})


def functions_from_graveyard(cost: Cost, effects: list[Effect]) -> bool:
    """113.6m: an ability whose cost or effect moves its object out of a zone functions only in
    that zone ("Exile ~ from your graveyard: ...", "...: Return ~ from your graveyard to your
    hand")."""
    moves = any(isinstance(e, SimpleEffect) and e.verb in FROM_GRAVEYARD_VERBS for e in effects)
    return cost.exile_self_from_graveyard or moves


def untargeted(effect: object) -> bool:
    """Side effects a mana ability may have without stopping being one (605.1a: no target)."""
    if isinstance(effect, DealDamage):
        return effect.target.what == "you"
    if isinstance(effect, LoseLife):
        return effect.who == "you"
    return isinstance(effect, GainLife)
