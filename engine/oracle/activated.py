"""Activated abilities, "cost: effect" (602), and which of them are mana abilities (605.1a)."""

from __future__ import annotations

import re

from engine.abilities import (
    Ability,
    ActivatedAbility,
    ActivationBoardTest,
    ActivationHistory,
    ActivationWindow,
    AddMana,
    Cost,
    DealDamage,
    DrawCards,
    Effect,
    GainLife,
    LoseLife,
    ManaAbility,
    SimpleEffect,
    Zone,
)
from engine.oracle.costs import parse_cost
from engine.oracle.effects import parse_effects
from engine.oracle.statics import parse_static_condition
from engine.oracle.text import NUM, number, source_pronoun


def compile_activated(cost_text: str, effect_text: str, text: str) -> Ability | None:
    read = activation_restrictions(effect_text)
    if read is None:
        return None
    effect_text, limits = read
    if cost_text.startswith("Boast — "):
        # 702.142a: "[Cost]: [Effect]. Activate only if this creature attacked this turn and only
        # once each turn."
        if limits:
            return None
        cost_text = cost_text.removeprefix("Boast — ")
        limits = {"once_each_turn": True, "only_if_history": "self_attacked_this_turn"}
    sorcery = bool(limits.pop("sorcery_speed", False))
    spend_only = ""
    m = SPEND_ONLY.fullmatch(effect_text.strip())
    if m:  # E5: a restriction on spending the mana (106.6), kept with the mana ability
        effect_text, spend_only = m.group(1), m.group(2)
    cost = parse_cost(cost_text)
    if cost is None:
        return None
    effects = parse_effects(source_pronoun(effect_text))
    if effects is None:
        return None
    first = effects[0] if effects else None
    if isinstance(first, AddMana) and cost.discard_self:
        return None  # a mana ability that works from the hand: not modelled
    if isinstance(first, AddMana) and cost.loyalty is None and all(map(untargeted, effects[1:])):
        # 605.1a: no target, could add mana, not a loyalty ability; its activation instructions
        # (602.1b) and spending restriction (106.6) are kept with it (E5)
        return ManaAbility(
            cost,
            first.produces,
            text,
            also=tuple(effects[1:]),
            spend_only=spend_only,
            sorcery_speed=sorcery,
            **limits,  # type: ignore[arg-type]
        )
    if spend_only or any(isinstance(e, AddMana) for e in effects):
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
        **limits,  # type: ignore[arg-type]
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
    if isinstance(effect, SimpleEffect):  # E5: "Draw a card at the beginning of the next ...",
        # "~ doesn't untap during your next untap step" (only the untap step reads it, 502.3)
        return effect.verb in ("delayed_draw", "self_doesnt_untap_next")
    return isinstance(effect, GainLife | DrawCards)  # E5: "…: Add {U}{B}. Draw a card." (Egg)


# --- E5: activation restrictions, "Activate only ..." (602.1b) -------------------------------

#: the sentence of restrictions that ends an activated ability ("Activate only during your turn
#: and only if ...", "Activate no more than twice each turn")
RESTRICTION_SENTENCE = re.compile(r"(.*?)\s*(Activate (?:only|no more than) [^.]+)\.?", re.DOTALL)

#: E5: "… Spend this mana only to cast creature spells." ends a mana ability (106.6)
#: E6 (s14): "This mana can't be spent to cast a nonartifact spell" (a Powerstone, 111.10h)
SPEND_ONLY = re.compile(
    r"(.+?\.)\s*(Spend this mana only (?:to|on) [^.]+|This mana can't be spent to [^.]+)\.?",
    re.DOTALL,
)

WINDOWS: dict[str, ActivationWindow] = {
    "during your upkeep": "your_upkeep",
    "during your turn, before attackers are declared": "your_turn_before_attackers",
    "during your turn": "your_turn",
    "during combat": "combat",
    "during any upkeep step": "any_upkeep",
    "during the end of combat step": "end_of_combat",
    "during the declare blockers step": "declare_blockers",
    "during the declare attackers step": "declare_attackers",
}

#: conditions about the past a board snapshot doesn't show (each read as its typed kind)
HISTORY: tuple[tuple[str, ActivationHistory], ...] = (
    (r"a creature died this turn", "creature_died_this_turn"),
    (r"you've cast (?:a|an) [a-z ]*spell this turn", "cast_spell_this_turn"),
    (r"you have the city's blessing", "citys_blessing"),
    (r"you attacked this turn", "attacked_this_turn"),
    (r"you gained life this turn", "gained_life_this_turn"),
    (r"an opponent lost life this turn", "opponent_lost_life_this_turn"),
    (r"an opponent was dealt damage this turn", "opponent_dealt_damage_this_turn"),
    (r"you've discarded a card this turn", "discarded_this_turn"),
    (
        r"you had (?:a|an) [a-z]+ enter the battlefield under your control this turn",
        "creature_entered_this_turn",
    ),
    (r"you created a token this turn", "token_created_this_turn"),
    (r"~ entered this turn", "self_entered_this_turn"),
)

TIMES = {"twice": 2, "three times": 3, "four times": 4}

#: "Activate only if …" board tests with a number (ActivationBoardTest)
BOARD_TESTS: tuple[tuple[str, ActivationBoardTest], ...] = (
    (
        r"creatures you control have total power (\d+) or greater",
        "total_power_you_control_at_least",
    ),
    (r"~'s power is (\d+) or greater", "self_power_at_least"),
    (NUM.join((r"you have exactly ", r" cards in hand")), "cards_in_hand_exactly"),
)


def activation_restrictions(effect_text: str) -> tuple[str, dict[str, object]] | None:
    """Split "…. Activate only as a sorcery and only if …" off an activated ability's effect:
    (the effect text, the ActivatedAbility fields it sets). None if a restriction isn't read."""
    m = RESTRICTION_SENTENCE.fullmatch(effect_text.strip())
    if not m or not m.group(1):
        return effect_text, {}
    body = m.group(2)
    limits: dict[str, object] = {}
    n = re.fullmatch(r"Activate no more than (twice|three times|four times) each turn", body)
    if n:
        limits["max_each_turn"] = TIMES[n.group(1)]
        return m.group(1), limits
    parts = re.split(r",? and only |, only ", body.removeprefix("Activate only "))
    for part in parts:
        if not read_restriction(part.strip(), limits):
            return None
    return m.group(1), limits


def read_restriction(part: str, limits: dict[str, object]) -> bool:
    if part == "as a sorcery":
        limits["sorcery_speed"] = True
    elif part == "once each turn":
        limits["once_each_turn"] = True
    elif part in WINDOWS and "only_during" not in limits:
        limits["only_during"] = WINDOWS[part]
    elif part.startswith("if ") and "only_if" not in limits and "only_if_history" not in limits:
        cond = part.removeprefix("if ")
        history = next((h for pat, h in HISTORY if re.fullmatch(pat, cond)), None)
        if history is not None:
            limits["only_if_history"] = history
            return True
        board = next(
            (
                (test, int(number(m.group(1))))
                for pat, test in BOARD_TESTS
                if (m := re.fullmatch(pat, cond))
            ),
            None,
        )
        if board is not None:
            limits["only_if_board"] = board
            return True
        static = parse_static_condition(cond)
        if static is None:
            return False
        limits["only_if"] = static
    else:
        return False
    return True
