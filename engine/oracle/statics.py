# ruff: noqa: E501  (regex templates read better on one line)
"""Static abilities, one whole paragraph each (604, 611.3, 613)."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.abilities import (
    COLORS,
    Ability,
    AddColors,
    AdditionalCost,
    AddTypes,
    ChooseAsEnters,
    ColorDefining,
    CopyExceptions,
    CostChange,
    EnterAsCopy,
    EntersTapped,
    EntersWithCounters,
    GainActivatedAbilitiesOf,
    GainControl,
    GrantAbilities,
    ModifyPT,
    PTDefining,
    RemoveAllAbilities,
    Restriction,
    RestrictionEffect,
    RestrictionEffectRule,
    RestrictionRule,
    RuleChange,
    Selector,
    SetColors,
    SetPT,
    SetPTToManaValue,
    SetTypes,
    StaticEffect,
    TypeDefining,
)
from engine.oracle.costs import parse_cost
from engine.oracle.keywords import granted_keywords
from engine.oracle.selectors import parse_count, parse_selector
from engine.oracle.text import COLOR_LETTERS, NUM, cap, number
from engine.oracle.tokens import parse_exceptions

StaticParser = Callable[[str], list[Ability] | None]


def s_anthem(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(.+?) (?:gets?|get) ([+-]\d+)/([+-]\d+)(?: and (?:has|have) ([\w ,]+))?", p, re.IGNORECASE
    )
    if m:
        sel = parse_selector(m.group(1))
        if sel is None:
            return None
        changes: list[object] = [ModifyPT(int(m.group(2)), int(m.group(3)))]
        if m.group(4):
            g = granted_keywords(m.group(4))
            if g is None:
                return None
            changes.append(GrantAbilities(g))
        return [StaticEffect(sel, tuple(changes), p)]  # type: ignore[arg-type]
    m = re.fullmatch(r"(.+?) (?:has|have) ([\w ,]+)", p, re.IGNORECASE)
    if m:
        sel = parse_selector(m.group(1))
        g = granted_keywords(m.group(2))
        if sel and g:
            return [StaticEffect(sel, (GrantAbilities(g),), p)]
    return None


def s_humility(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(all creatures|creatures your opponents control|other creatures) lose all abilities"
        r"(?: and (?:have|are) base power and toughness (\d+)/(\d+))?",
        p,
        re.IGNORECASE,
    )
    if not m:
        return None
    sel = parse_selector(m.group(1))
    if sel is None:
        return None
    changes: list[object] = [RemoveAllAbilities()]
    if m.group(2):
        changes.append(SetPT(int(m.group(2)), int(m.group(3))))
    return [StaticEffect(sel, tuple(changes), p)]  # type: ignore[arg-type]


def s_has_activated_abilities(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"~ has the activated abilities of (all other .+? on the battlefield|all .+? on the battlefield)",
        p,
    )
    if not m:
        return None
    what = m.group(1).removesuffix(" on the battlefield")
    sel = parse_selector(what)
    if sel is None:
        return None
    return [StaticEffect(Selector("self"), (GainActivatedAbilitiesOf(sel),), p)]


#: the conditions "~ enters tapped unless ..." is read with (fast, slow and check lands)
ENTERS_UNTAPPED_IF = (
    r"you control two or (?:fewer|more) other lands"
    r"|you control an? (?:plains|island|swamp|mountain|forest) or an? "
    r"(?:plains|island|swamp|mountain|forest)"
)


def s_enters(p: str) -> list[Ability] | None:
    low = p.lower()
    low = low.replace("enters the battlefield", "enters")
    if low == "~ enters tapped":
        return [EntersTapped(p)]
    # shock lands (as it enters you may pay 2 life; if you don't, it enters tapped)
    m = re.fullmatch(r"as ~ enters, you may pay (\d+) life\. if you don't, it enters tapped", low)
    if m:
        return [EntersTapped(p, f"you pay {m.group(1)} life")]
    m = re.fullmatch(r"~ enters tapped unless (.+)", low)
    if m and re.fullmatch(ENTERS_UNTAPPED_IF, m.group(1)):
        return [EntersTapped(p, m.group(1))]
    m = re.fullmatch(r"~ enters with " + NUM + r" ([+\-\w/]+) counters? on it", low)
    if m:
        n = number(m.group(1))
        return [EntersWithCounters(m.group(2), n if isinstance(n, int) else "X", p)]
    return None


def s_choose(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"as ~ enters(?: the battlefield)?, choose an? (color|creature type|basic land type|opponent|card type|card name)",
        p.lower(),
    )
    if not m:
        return None
    return [ChooseAsEnters(m.group(1), p)]  # type: ignore[arg-type]


def s_cda(p: str) -> list[Ability] | None:
    exprs = {
        "the number of cards in your hand": "cards_in_your_hand",
        "the total number of cards in all players' hands": "cards_in_all_hands",
        "the number of creatures you control": "creatures_you_control",
        "the number of lands you control": "lands_you_control",
        "the number of cards in your graveyard": "cards_in_your_graveyard",
        "the number of creature cards in your graveyard": "creature_cards_in_your_graveyard",
    }
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+)", p)
    if m and m.group(1) in exprs:
        e = exprs[m.group(1)]
        return [PTDefining(e, e, text=p)]  # type: ignore[arg-type]
    if m and (counted := parse_count(m.group(1))) is not None:
        count, plus = counted
        return [PTDefining(count, count, plus, plus, p)]
    m = re.fullmatch(r"~'s power is equal to (.+)", p)
    if m and m.group(1) in exprs:
        return [PTDefining(exprs[m.group(1)], None, text=p)]  # type: ignore[arg-type]
    if m and (counted := parse_count(m.group(1))) is not None:
        count, plus = counted
        return [PTDefining(count, None, 0, plus, p)]
    m = re.fullmatch(
        r"~'s power is equal to the number of card types among cards in all graveyards and its "
        r"toughness is equal to that number plus (\d+)",
        p,
    )
    if m:
        return [
            PTDefining(
                "card_types_in_all_graveyards",
                "card_types_in_all_graveyards",
                int(m.group(1)),
                0,
                p,
            )
        ]
    m = re.fullmatch(r"~ is (all colors|colorless|white|blue|black|red|green)", p.lower())
    if m:
        c = m.group(1)
        colors = COLORS if c == "all colors" else () if c == "colorless" else (COLOR_LETTERS[c],)
        return [ColorDefining(colors, p)]
    if p.lower() in ("~ is every creature type", "~ is all creature types"):
        return [TypeDefining(True, p)]
    return None


def s_enter_as_copy(p: str) -> list[Ability] | None:
    p = p[:1].lower() + p[1:]
    m = re.fullmatch(
        r"you may have ~ enter(?P<tapped> tapped)? as a copy of (?:any|an?) ((?:non)?(?:artifact|creature|enchantment|land|"
        r"planeswalker|permanent)(?: or (?:artifact|creature|enchantment|land|planeswalker))?(?: permanent)?"
        r"(?: card)?)( you control)?(?: on the battlefield)?(?:, except (.+))?",
        p,
    )
    if not m:
        return None
    what = m.group(2)
    scope = "you_control" if m.group(3) else "all"
    words = what.replace(" or ", " ").split()
    types = tuple(cap(w) for w in words if w in ("artifact", "creature", "enchantment", "land"))
    non = tuple(cap(w[3:]) for w in words if w.startswith("non"))
    pw = "planeswalker" in what
    if len(types) > 1 or pw:
        types = ()  # "a creature or planeswalker": either (the board names the copied object)
    exc_text = m.group(4)
    sel = Selector(scope, types, non_types=non)  # type: ignore[arg-type]
    tapped = bool(m.group("tapped"))
    if not exc_text:
        return [EnterAsCopy(sel, pw, CopyExceptions(), None, p, tapped)]
    e = re.fullmatch(r"if ~ was embalmed, (.+)", exc_text)
    if e:
        exc = parse_exceptions(e.group(1))
        if exc is None:
            return None
        return [EnterAsCopy(sel, pw, CopyExceptions(), exc, p, tapped)]
    exc = parse_exceptions(exc_text)
    if exc is None:
        return None
    return [EnterAsCopy(sel, pw, exc, None, p, tapped)]


def s_blocked_by_power(p: str) -> list[Ability] | None:
    """ "~ can't be blocked by creatures with power 2 or less." (509.1b)"""
    m = re.fullmatch(r"~ can't be blocked by creatures with power (\d+) or (less|greater)", p)
    if not m:
        return None
    rule: RestrictionRule = (
        "cant_be_blocked_by_power_or_less"
        if m.group(2) == "less"
        else "cant_be_blocked_by_power_or_greater"
    )
    return [Restriction(rule, p, m.group(1))]


def s_attack_unless(p: str) -> list[Ability] | None:
    """ "~ can't attack unless defending player controls an Island." (508.1c)"""
    m = re.fullmatch(r"~ can't attack unless defending player controls an? ([A-Z]\w+)", p)
    if not m:
        return None
    return [Restriction("attack_only_if_defender_controls", p, m.group(1))]


RESTRICTION_SENTENCES: dict[str, RestrictionRule] = {
    "~ can't block": "cant_block",
    "~ can't attack": "cant_attack",
    "~ can't attack or block": "cant_attack_or_block",
    "~ attacks each combat if able": "must_attack",
    "~ can block only creatures with flying": "block_only_flyers",
    "~ can't be blocked": "cant_be_blocked",
    "~ doesn't untap during your untap step": "doesnt_untap",
    "~ can block an additional creature each combat": "extra_block",
    "~ can't be blocked except by two or more creatures": "menace_like",
    "~ can't be countered": "cant_be_countered",
    "you may choose not to untap ~ during your untap step": "may_not_untap",
    "~ can block any number of creatures": "block_any_number",
    "~ can't be blocked by more than one creature": "max_one_blocker",
}


def s_restriction(p: str) -> list[Ability] | None:
    table = RESTRICTION_SENTENCES
    rule = table.get(p.lower()) or table.get(p)
    if rule:
        return [Restriction(rule, p)]
    return None


RESTRICTION_PHRASES: dict[str, tuple[RestrictionEffectRule, ...]] = {
    "can't attack or block": ("cant_attack", "cant_block"),
    "can't attack": ("cant_attack",),
    "can't block": ("cant_block",),
    "can't attack or block, and its activated abilities can't be activated": (
        "cant_attack",
        "cant_block",
        "no_activated",
    ),
    "can't block, and its activated abilities can't be activated": ("cant_block", "no_activated"),
    "doesn't untap during its controller's untap step": ("doesnt_untap",),
}


def s_restriction_effect(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(enchanted creature|equipped creature|creatures your opponents control|"
        r"creatures with power \d+ or greater your opponents control) (.+)",
        p,
        re.IGNORECASE,
    )
    if not m:
        return None
    rules = RESTRICTION_PHRASES.get(m.group(2).lower())
    sel = parse_selector(m.group(1))
    if rules is None or sel is None:
        return None
    return [RestrictionEffect(sel, rules, p)]


def s_animate_all(p: str) -> list[Ability] | None:
    """Opalescence / March of the Machines: a type change (layer 4) and P/T equal to mana
    value (layer 7b)."""
    m = re.fullmatch(
        r"each (other )?(non-Aura enchantment|noncreature artifact) is an? (?:artifact )?creature"
        r"(?: in addition to its other types and has base power and toughness| with power and "
        r"toughness) each equal to its mana value",
        p[:1].lower() + p[1:],
    )
    if not m:
        return None
    scope = "all_others" if m.group(1) else "all"
    if m.group(2) == "non-Aura enchantment":
        sel = Selector(scope, ("Enchantment",), non_subtypes=("Aura",))  # type: ignore[arg-type]
    else:
        sel = Selector(scope, ("Artifact",), non_types=("Creature",))  # type: ignore[arg-type]
    changes = (AddTypes(types=("Creature",)), SetPTToManaValue())
    return [StaticEffect(sel, changes, p)]


def s_color_change(p: str) -> list[Ability] | None:
    """Layer 5: "Enchanted creature is black." / "All creatures are white." (613.1e)."""
    m = re.fullmatch(
        r"(enchanted creature|equipped creature|enchanted permanent|all creatures|creatures you control)"
        r" (?:is|are) ((?:white|blue|black|red|green)(?:(?:,| and| or)+ (?:white|blue|black|red|green))*)"
        r"( in addition to (?:its|their) other colors)?",
        p[:1].lower() + p[1:],
    )
    sel = parse_selector(m.group(1)) if m else None
    if not m or sel is None:
        return None
    colors = tuple(COLOR_LETTERS[w] for w in re.findall(r"white|blue|black|red|green", m.group(2)))
    change = AddColors(colors) if m.group(3) else SetColors(colors)
    return [StaticEffect(sel, (change,), p)]


def s_enchanted_becomes(p: str) -> list[Ability] | None:
    """Ensoul Artifact: "Enchanted artifact is a creature with base power and toughness 5/5 in
    addition to its other types." (layers 4 and 7b)."""
    m = re.fullmatch(
        r"(enchanted (?:artifact|land|permanent)) is an? (?:(\d+)/(\d+) )?(artifact creature|creature)"
        r"(?: with base power and toughness (\d+)/(\d+))? in addition to its other types",
        p[:1].lower() + p[1:],
    )
    sel = parse_selector(m.group(1)) if m else None
    if not m or sel is None:
        return None
    power = m.group(2) or m.group(5)
    toughness = m.group(3) or m.group(6)
    if power is None or toughness is None:
        return None
    types = tuple(cap(w) for w in m.group(4).split())
    changes = (AddTypes(types=types), SetPT(int(power), int(toughness)))
    return [StaticEffect(sel, changes, p)]


def s_control(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"you control (enchanted (?:creature|permanent|artifact|land))", p, re.IGNORECASE
    )
    sel = parse_selector(m.group(1)) if m else None
    return [StaticEffect(sel, (GainControl(),), p)] if sel else None


def s_additional_cost(p: str) -> list[Ability] | None:
    m = re.fullmatch(r"as an additional cost to cast ~, (.+)", p[:1].lower() + p[1:])
    cost = parse_cost(m.group(1)) if m else None
    return [AdditionalCost(cost, p)] if cost is not None else None


def s_rule_change(p: str) -> list[Ability] | None:
    low = p.lower().replace("\u201c", '"').replace("\u201d", '"')
    if low == 'the "legend rule" doesn\'t apply':
        return [RuleChange("no_legend_rule", "all", p)]
    if low == 'the "legend rule" doesn\'t apply to permanents you control':
        return [RuleChange("no_legend_rule", "you", p)]
    return None


def s_cost_change(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(noncreature|creature|instant and sorcery|artifact|enchantment)? ?spells( your opponents cast| you cast)? "
        r"cost \{(\d+)\} (more|less) to cast",
        p.lower(),
    )
    if not m:
        return None
    whose = {" your opponents cast": "opponents", " you cast": "you"}.get(m.group(2) or "", "any")
    amount = int(m.group(3)) * (1 if m.group(4) == "more" else -1)
    return [CostChange(m.group(1) or "all", whose, amount, p)]  # type: ignore[arg-type]


BASIC_LAND_TYPES = {
    "plains": "Plains",
    "islands": "Island",
    "island": "Island",
    "swamps": "Swamp",
    "swamp": "Swamp",
    "mountains": "Mountain",
    "mountain": "Mountain",
    "forests": "Forest",
    "forest": "Forest",
}


def s_land_types(p: str) -> list[Ability] | None:
    """Blood Moon "Nonbasic lands are Mountains" (305.7); Urborg "Each land is a Swamp in
    addition to its other land types" (305.7: adds the intrinsic ability)."""
    m = re.fullmatch(
        r"(nonbasic lands|all lands|lands|each land|lands you control|each land you control|"
        r"nonbasic lands you control|each nonbasic land) (?:are|is) (?:an? )?(\w+)"
        r"( in addition to (?:its|their) other (?:land )?types)?",
        p,
        flags=re.IGNORECASE,
    )
    if not m or m.group(2).lower() not in BASIC_LAND_TYPES:
        return None
    who = m.group(1).lower().replace("each ", "").replace("all ", "")
    if not who.endswith("s"):
        who = who.replace("land", "lands")
    sel = parse_selector(who)
    if sel is None:
        return None
    subtype = BASIC_LAND_TYPES[m.group(2).lower()]
    change = AddTypes(subtypes=(subtype,)) if m.group(3) else SetTypes(subtypes=(subtype,))
    return [StaticEffect(sel, (change,), p)]


STATIC_PARSERS: list[StaticParser] = [
    s_land_types,
    s_choose,
    s_enters,
    s_cda,
    s_enter_as_copy,
    s_humility,
    s_has_activated_abilities,
    s_restriction,
    s_attack_unless,
    s_blocked_by_power,
    s_restriction_effect,
    s_additional_cost,
    s_rule_change,
    s_animate_all,
    s_color_change,
    s_enchanted_becomes,
    s_control,
    s_cost_change,
    s_anthem,
]
