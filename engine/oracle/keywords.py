"""Keyword lines (702), and keywords that are activated or characteristic-defining abilities."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.abilities import (
    Ability,
    ActivatedAbility,
    AddTypes,
    BecomesUntilEndOfTurn,
    ColorDefining,
    CopyExceptions,
    Cost,
    CreateTokenCopy,
    Keyword,
    Selector,
    SimpleEffect,
    TypeDefining,
    Unsupported,
)
from engine.oracle.costs import parse_cost
from engine.oracle.text import normalise

PLAIN_KEYWORDS = frozenset(
    """flying reach trample deathtouch lifelink vigilance haste indestructible defender menace
    hexproof shroud flash intimidate fear shadow horsemanship skulk prowess changeling devoid
    megalegendary wither infect exalted convoke delve undying persist cascade extort evolve
    unleash riot mentor training decayed ascend myriad melee storm rebound sunburst phasing
    banding flanking provoke soulbond improvise fuse partner assist surge exploit daybound
    nightbound cipher conspire haunt epic gravestorm devour changeling islandwalk swampwalk
    forestwalk mountainwalk plainswalk desertwalk landwalk split_second living_weapon
    totem_armor umbra_armor battle_cry first_strike double_strike for_mirrodin! jump-start
    aftermath enlist compleated ravenous read_ahead demonstrate sunburst backup
    """.replace("_", " ").split()
)


MULTIWORD = (
    "first strike",
    "double strike",
    "split second",
    "living weapon",
    "totem armor",
    "umbra armor",
    "battle cry",
    "for mirrodin!",
    "read ahead",
    "nonbasic landwalk",
    "legendary landwalk",
)


NUMBER_KEYWORDS = frozenset(
    """fabricate afflict annihilator bushido rampage toxic crew modular graft absorb bloodthirst
    fading vanishing renown tribute poisonous frenzy backup amplify dredge ripple afterlife
    devour soulshift casualty squad training bloodrush""".split()
)


COST_KEYWORDS = frozenset(
    w.replace("_", " ")
    for w in """ward equip cycling kicker flashback madness morph megamorph unearth embalm
    eternalize
    evoke echo buyback bestow dash emerge escape foretell disturb encore ninjutsu outlast
    scavenge transmute entwine replicate retrace reconfigure blitz miracle spectacle prowl
    surge overload plainscycling islandcycling swampcycling mountaincycling forestcycling
    landcycling transfigure reinforce recover awaken mutate craft prototype channel disguise
    cleave multikicker affinity level_up specialize boast cumulative_upkeep""".split()
)


def parse_keyword(item: str) -> Keyword | None:
    raw = item.strip().rstrip(".")
    low = raw.lower()
    if low in PLAIN_KEYWORDS or low in MULTIWORD:
        return Keyword(low)
    if low == "retrace":  # 702.81a: cast from the graveyard by discarding a land
        return Keyword("retrace")
    m = re.fullmatch(r"splice onto arcane ((?:\{[^}]+\})+)", low)
    if m:  # 702.47a
        return Keyword("splice", "onto Arcane " + raw[len(raw) - len(m.group(1)) :])
    m = re.fullmatch(r"protection from (.+)", low)
    if m:
        return Keyword("protection", m.group(1))
    m = re.fullmatch(r"enchant (.+)", low)
    if m and len(m.group(1).split()) <= 4:
        return Keyword("enchant", m.group(1))
    m = re.fullmatch(r"(\w+(?: \w+)?)\s+(\d+|x)", low)
    if m and m.group(1) in NUMBER_KEYWORDS:
        return Keyword(m.group(1), m.group(2))
    for m in re.finditer(r"(?=(?:\s|—))", low):
        name = low[: m.start()].strip()
        if name in COST_KEYWORDS:
            param = raw[len(name) :].strip(" —")
            if re.fullmatch(r"(\{[^}]+\})+|\d+|pay \d+ life|[^.:]{1,60}", param.lower()):
                return Keyword(name, param)
    m = re.fullmatch(r"suspend (\d+|x)—(.+)", low)
    if m:
        return Keyword("suspend", raw.split(" ", 1)[1])
    m = re.fullmatch(r"affinity for (\w+)", low)
    if m:
        return Keyword("affinity", m.group(1))
    m = re.fullmatch(r"(\w+)walk", low)
    if m:
        return Keyword("landwalk", m.group(1))
    return None


def parse_keyword_line(line: str) -> list[Keyword] | None:
    m = re.fullmatch(r"([A-Z][a-z]+)—(.+?)\.?", line.strip())
    if m and m.group(1).lower() in COST_KEYWORDS and parse_cost(normalise(m.group(2))):
        return [Keyword(m.group(1).lower(), m.group(2))]
    parts = re.split(r",\s*|;\s*", line)
    out: list[Keyword] = []
    for part in parts:
        kw = parse_keyword(part)
        if kw is None:
            return None
        out.append(kw)
    return out or None


def granted_keywords(text: str) -> tuple[Ability, ...] | None:
    kws = parse_keyword_line(re.sub(r",? and ", ", ", text))
    return tuple(kws) if kws else None


def keyword_abilities(kw: Keyword, text: str) -> list[Ability]:
    """Keywords that are activated abilities with a defined effect (702.128a, 702.129a, 702.6a),
    or characteristic-defining abilities (devoid 702.114a, changeling 702.73a)."""
    if kw.name == "devoid":
        return [kw, ColorDefining((), "Devoid")]
    if kw.name == "changeling":
        return [kw, TypeDefining(True, "Changeling")]
    if kw.name in ("embalm", "eternalize") and kw.param:
        paid = parse_cost(normalise(kw.param))
        if paid is None:
            return [Unsupported(text, f"{kw.name} cost not understood", "activated")]
        cost = replace(paid, exile_self_from_graveyard=True)
    if kw.name == "embalm" and kw.param:
        exc = CopyExceptions(no_mana_cost=True, colors=("W",), add_subtypes=("Zombie",))
        return [
            kw,
            ActivatedAbility(
                cost, (CreateTokenCopy("self", exc),), text, "graveyard", True, "embalm"
            ),
        ]
    if kw.name == "eternalize" and kw.param:
        exc = CopyExceptions(
            no_mana_cost=True,
            colors=("B",),
            set_subtypes=None,
            add_subtypes=("Zombie",),
            power=4,
            toughness=4,
        )
        return [
            kw,
            ActivatedAbility(
                cost, (CreateTokenCopy("self", exc),), text, "graveyard", True, "eternalize"
            ),
        ]
    if kw.name == "crew" and kw.param and kw.param.isdigit():
        # 702.122a: "Tap any number of other untapped creatures you control with total power N
        # or greater: This permanent becomes an artifact creature until end of turn."
        crew_cost = Cost(
            tap_untapped=Selector("others_you_control", ("Creature",)),
            tap_untapped_power=int(kw.param),
        )
        becomes = BecomesUntilEndOfTurn(
            Selector("self"),
            (AddTypes(types=("Artifact", "Creature")),),
            "~ becomes an artifact creature until end of turn",
        )
        return [kw, ActivatedAbility(crew_cost, (becomes,), text, keyword="crew")]
    if kw.name == "equip" and kw.param and re.fullmatch(r"(\{[^}]+\})+", kw.param):
        return [
            kw,
            ActivatedAbility(
                Cost(mana=kw.param),
                (SimpleEffect("attach"),),
                text,
                sorcery_speed=True,
                keyword="equip",
            ),
        ]
    return [kw]
