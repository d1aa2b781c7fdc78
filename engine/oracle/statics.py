# ruff: noqa: E501  (regex templates read better on one line)
"""Static abilities, one whole paragraph each (604, 611.3, 613)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from engine.abilities import (
    COLORS,
    Ability,
    AddChosenColor,
    AddChosenType,
    AddColors,
    AdditionalCost,
    AddTypes,
    ChooseAsEnters,
    ColorDefining,
    CopyExceptions,
    CostChange,
    CostPerTarget,
    Count,
    CountAttached,
    CountCards,
    CountCounters,
    CountOf,
    CreatureFilter,
    EnterAsCopy,
    EntersHistory,
    EntersTapped,
    EntersWithCounters,
    GainActivatedAbilitiesOf,
    GainControl,
    GrantAbilities,
    ModifyPT,
    ModifyPTPerCount,
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
    SparedAttachments,
    StaticCondition,
    StaticConditionTest,
    StaticEffect,
    TypeDefining,
)
from engine.oracle.costs import parse_cost
from engine.oracle.creature_types import IRREGULAR_PLURALS
from engine.oracle.granted import (
    color_permanent_condition,
    read_attached_condition,
    read_grants,
)
from engine.oracle.keywords import granted_keywords
from engine.oracle.replacements import (
    s_counter_replacement,
    s_damage_replacement,
    s_dies_replacement,
    s_token_replacement,
)
from engine.oracle.selectors import parse_count, parse_filter, parse_selector, plural
from engine.oracle.text import CARD_TYPES, COLOR_LETTERS, NUM, cap, number
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
    # E1
    r"|you control an? (?:plains|island|swamp|mountain|forest)"
    r"|you control two or more basic lands|you have two or more opponents"
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
    # E1 (s9): the Thriving lands' "~ enters tapped. As it enters, choose a color other than
    # green." — two replacement effects as it enters (614.1c, 614.12)
    m = re.fullmatch(
        r"~ enters tapped\. as it enters, choose a color other than (white|blue|black|red|green)",
        p.lower(),
    )
    if m:
        return [EntersTapped(p), ChooseAsEnters("color", p, COLOR_LETTERS[m.group(1)])]
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
    if m and (counted := count_phrase(m.group(1))) is not None:
        count, plus = counted
        return [PTDefining(count, count, plus, plus, p)]
    m = re.fullmatch(r"~'s toughness is equal to (.+)", p)  # E1
    if m and (counted := count_phrase(m.group(1))) is not None:
        return [PTDefining(None, counted[0], counted[1], 0, p)]
    m = re.fullmatch(r"~'s power is equal to (.+)", p)
    if m and m.group(1) in exprs:
        return [PTDefining(exprs[m.group(1)], None, text=p)]  # type: ignore[arg-type]
    if m and (counted := count_phrase(m.group(1))) is not None:
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
    # E1 (506.5)
    "~ can't attack alone": "cant_attack_alone",
    "~ can't block alone": "cant_block_alone",
    "~ can't attack or block alone": "cant_attack_or_block_alone",
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
        r"(?: in addition to its other types and has base power and (?:base )?toughness| with "
        r"power and "
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


def s_chosen_in_addition(p: str) -> list[Ability] | None:
    """E1 (s9): Painter's Servant's "All cards that aren't on the battlefield, spells, and
    permanents are the chosen color in addition to their other colors" (layer 5, 613.1e) and
    "~ is / creatures you control are the chosen type in addition to its/their other types"
    (layer 4, 205.1b); the choice is the board's ``chosen`` (607.2d)."""
    low = p[:1].lower() + p[1:]
    if low == (
        "all cards that aren't on the battlefield, spells, and permanents are the chosen color "
        "in addition to their other colors"
    ):
        return [StaticEffect(Selector("every_object"), (AddChosenColor(),), p)]
    m = re.fullmatch(
        r"(~|each creature you control|creatures you control|lands you control) (?:is|are) "
        r"the chosen type in addition to (?:its|their) other types"
        # E2 (s10): Arcane Adaptation's second sentence
        r"(\. The same is true for creature spells you control and creature cards you own "
        r"that aren't on the battlefield)?",
        low,
    )
    if m is None or (m.group(2) and m.group(1) != "creatures you control"):
        return None
    phrase = "creatures you control" if m.group(1).startswith("each ") else m.group(1)
    sel = parse_selector(phrase)
    if sel is None:
        return None
    out: list[Ability] = [StaticEffect(sel, (AddChosenType(),), p)]
    if m.group(2):
        off = Selector("yours_off_battlefield", ("Creature",))
        out.append(StaticEffect(off, (AddChosenType(),), p))
    return out


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


def s_cost_per_target(p: str) -> list[Ability] | None:
    """E4 (s12): "~ costs {1} more to cast for each target beyond the first" (Fireball)."""
    m = re.fullmatch(r"~ costs \{(\d+)\} more to cast for each target beyond the first", p)
    return [CostPerTarget(int(m.group(1)), p)] if m else None


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


# --- E1: statics about the card itself — conditions (611.3a), "for each" counting (613.4c),
# counting phrases for characteristic-defining abilities (604.3) ----------------------------

#: the tests on the object itself that "as long as ..." names, as the board shows them
SELF_CONDITIONS: dict[str, StaticConditionTest] = {
    "~ is attacking": "self_attacking",
    "it's attacking": "self_attacking",
    "~ is blocking": "self_blocking",
    "it's blocking": "self_blocking",
    "~ is tapped": "self_tapped",
    "it's tapped": "self_tapped",
    "~ is untapped": "self_untapped",
    "it's untapped": "self_untapped",
    "~ is equipped": "self_equipped",
    "it's equipped": "self_equipped",
    "~ is enchanted": "self_enchanted",
    "it's enchanted": "self_enchanted",
    "it's your turn": "your_turn",
    "it's not your turn": "not_your_turn",
    "it isn't your turn": "not_your_turn",
    "it's another player's turn": "not_your_turn",
    "~ is paired with another creature": "self_paired",
}

#: plural subtypes whose singular isn't the plural less its "s" (205.3m spellings)
#: the creature types' irregular plurals that end in "s" (the only plurals this reader takes),
#: and Plains, whose plural is itself
IRREGULAR_SUBTYPES = {
    **{many: one for many, one in IRREGULAR_PLURALS.items() if many.endswith("s")},
    "Plains": "Plains",
}
SUBTYPE_WORD = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?"


def singular_subtype(word: str) -> str | None:
    """ "Swamps" -> "Swamp", "Elves" -> "Elf"; None for a word that isn't a plural subtype."""
    if word in IRREGULAR_SUBTYPES:
        return IRREGULAR_SUBTYPES[word]
    if not re.fullmatch(SUBTYPE_WORD + "s", word) or word.lower().rstrip("s") in CARD_TYPES:
        return None
    if word.endswith(("xes", "sses")):
        return word[:-2]
    return word[:-1]


def kind_selector(phrase: str, whose: str, other: bool = False) -> Selector | None:
    """ "artifact" / "Wizard" / "snow land" / "Angrath planeswalker" (one, as in "you control
    an artifact") with its controller ("you", "opponents", "any") -> a Selector."""
    scope = {
        ("you", False): "you_control",
        ("you", True): "others_you_control",
        ("opponents", False): "opponents_control",
        ("any", False): "all",
        ("any", True): "all_others",
    }.get((whose, other))
    if scope is None:
        return None
    if re.fullmatch(SUBTYPE_WORD, phrase) and phrase.lower() not in CARD_TYPES:
        return Selector(scope, subtypes=(phrase,))  # type: ignore[arg-type]
    m = re.fullmatch(r"(white|blue|black|red|green) or (white|blue|black|red|green) (\w+)", phrase)
    if m:
        # "a red or white permanent": one of either color (105.2)
        sel = kind_selector(m.group(3), whose, other)
        colors = (COLOR_LETTERS[m.group(1)], COLOR_LETTERS[m.group(2)])
        return replace(sel, colors=colors) if sel and not sel.colors else None
    return kinds_selector(plural_kind(phrase), whose, other)


KIND_NOUNS = ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker", "token")


def plural_kind(phrase: str) -> str:
    """ "artifact creature" -> "artifact creatures" (the last noun), else selectors.plural."""
    words = phrase.split()
    if words and words[-1] in KIND_NOUNS:
        return " ".join([*words[:-1], words[-1] + "s"])
    return plural(phrase)


def kinds_selector(phrase: str, whose: str, other: bool = False) -> Selector | None:
    """The plural form: "artifacts", "Swamps", "Soldiers and Warriors", "other Giants"."""
    subtypes = [singular_subtype(w) for w in re.split(r" and | or | and/or ", phrase)]
    if all(subtypes):
        sel = kind_selector(subtypes[0] or "", whose, other)
        return replace(sel, subtypes=tuple(subtypes)) if sel else None  # type: ignore[arg-type]
    suffix = {"you": " you control", "opponents": " your opponents control", "any": ""}[whose]
    sel = parse_selector(("other " if other else "") + phrase + suffix)
    if sel is None or sel.scope.startswith("self"):
        return None
    return sel


def count_phrase(phrase: str) -> tuple[Count, int] | None:
    """What "the number of ..." counts (604.3, 613.4c), beyond selectors.parse_count: subtypes
    ("the number of Swamps you control", "Elves on the battlefield") and cards of a type in all
    graveyards."""
    plus = 0
    m = re.fullmatch(r"(\d+) plus (.+)", phrase)
    if m:
        plus, phrase = int(m.group(1)), m.group(2)
    m = re.fullmatch(r"the number of (other )?(.+?) (you control|on the battlefield)", phrase)
    if m and all(singular_subtype(w) for w in re.split(r" and | or ", m.group(2))):
        whose = "you" if m.group(3) == "you control" else "any"
        sel = kinds_selector(m.group(2), whose, bool(m.group(1)))
        return (CountOf(sel), plus) if sel else None
    if m and m.group(1) and m.group(3) == "on the battlefield":
        # "the number of other creatures on the battlefield" (all_others)
        sel = kinds_selector(m.group(2), "any", True)
        return (CountOf(sel), plus) if sel else None
    m = re.fullmatch(r"the number of ([a-z ]+?) cards in all graveyards", phrase)
    if m:
        words = re.split(r" and | or ", m.group(1))
        if all(w in CARD_TYPES for w in words):
            return CountCards(tuple(cap(w) for w in words), whose="all"), plus
        return None
    counted = parse_count(phrase)
    if counted is None:
        return None
    return counted[0], counted[1] + plus


def parse_static_condition(text: str) -> StaticCondition | None:
    """The "as long as ..." of a static ability about the board (611.3a)."""
    test = SELF_CONDITIONS.get(text)
    if test:
        return StaticCondition(test, text)
    m = re.fullmatch(r"defending player controls (an?) (.+)", text)
    if m:
        sel = kind_selector(m.group(2), "any")
        ok = sel is not None and plain_kind(sel)
        return StaticCondition("defender_controls", text, CountOf(sel), 1) if ok else None  # type: ignore[arg-type]
    count = condition_count(text)
    if count is None:
        return None
    counted, at_least, bound = count
    return StaticCondition("count_at_least" if at_least else "count_at_most", text, counted, bound)


_N = "(?:" + NUM[1:-1] + ")"
HOW_MANY = r"(a|an|another|no|" + _N + r" or more|" + _N + r" or fewer|" + _N + r" or more other)"


def _how_many(word: str) -> tuple[bool, int, bool] | None:
    """ "three or more" -> (at least, 3, not "other"); "no" -> (at most, 0); "another" -> 1."""
    if word == "no":
        return False, 0, False
    if word == "another":
        return True, 1, True
    m = re.fullmatch(NUM + r"(?: or (more|fewer)( other)?)?", word)
    if not m or m.group(1) == "x":
        return None
    n = number(m.group(1))
    assert isinstance(n, int)
    return m.group(2) != "fewer", n, bool(m.group(3))


def condition_count(text: str) -> tuple[Count, bool, int] | None:
    """Counting conditions: (what is counted, at least?, the bound)."""
    m = re.fullmatch(r"you control " + HOW_MANY + r" (.+)", text)
    if m and (how := _how_many(m.group(1))):
        at_least, n, other = how
        many = n > 1 or not at_least
        sel = (kinds_selector if many and m.group(2)[-1:] == "s" else kind_selector)(
            m.group(2), "you", other
        )
        return (CountOf(sel), at_least, n) if sel else None
    m = re.fullmatch(r"(an|no) opponent controls (a|an) (.+)", text)
    if m:
        sel = kind_selector(m.group(3), "opponents")
        return (CountOf(sel), m.group(1) == "an", 1 if m.group(1) == "an" else 0) if sel else None
    m = re.fullmatch(
        r"there are " + NUM + r" or more card types among cards in your graveyard", text
    )
    if m and isinstance(kinds := number(m.group(1)), int):
        return "card_types_in_your_graveyard", True, kinds
    m = re.fullmatch(
        r"there (?:are|is) " + HOW_MANY + r" ((?:[a-z/ ]+ )?)cards? in your graveyard", text
    )
    if m and (how := _how_many(m.group(1))) and not how[2]:
        return _graveyard_cards(m.group(2).strip(), how[0], how[1])
    m = re.fullmatch(r"(a|an) ([a-z/ ]+) card is in your graveyard", text)
    if m:
        return _graveyard_cards(m.group(2), True, 1)
    m = re.fullmatch(r"you have " + HOW_MANY + r" cards in (?:your )?hand", text)
    if m and (how := _how_many(m.group(1))) and not how[2] and m.group(1) not in ("a", "an"):
        return "cards_in_your_hand", how[0], how[1]
    m = re.fullmatch(r"you have (\d+) or more life", text)
    if m:
        return "your_life_total", True, int(m.group(1))
    m = re.fullmatch(r"an opponent has (\d+) or (less|more) life", text)
    if m:
        return "opponents_life_total", m.group(2) == "more", int(m.group(1))
    if text == "an opponent is poisoned":
        return "opponents_poison_counters", True, 1
    m = re.fullmatch(r"an opponent has " + HOW_MANY + r" cards in (hand|their graveyard)", text)
    if m and (how := _how_many(m.group(1))) and not how[2] and m.group(1) not in ("a", "an"):
        where = (
            "cards_in_opponents_hand" if m.group(2) == "hand" else "cards_in_opponents_graveyard"
        )
        return where, how[0], how[1]  # type: ignore[return-value]
    m = re.fullmatch(r"(?:~|it) has " + HOW_MANY + r" ([+\-\w/]+) counters? on it", text)
    if m and (how := _how_many(m.group(1))) and not how[2] and m.group(1) != "another":
        return CountCounters(m.group(2)), how[0], how[1]
    return None


def _graveyard_cards(kinds: str, at_least: bool, n: int) -> tuple[Count, bool, int] | None:
    if not kinds:
        return "cards_in_your_graveyard", at_least, n
    words = re.split(r" and/or | and | or ", kinds)
    if not all(w in CARD_TYPES for w in words):
        return None
    return CountCards(tuple(cap(w) for w in words)), at_least, n


def _conditional_body(
    body: str,
) -> list[StaticEffect | RestrictionEffect | Restriction] | None:
    """The continuous effect under a condition: "~ gets +2/+0 and has flying", "it has menace",
    "~ gets +2/+2 and can't block"."""
    body = re.sub(r"^it (gets|has|can't) ", r"~ \1 ", body)
    for own in (s_restriction, s_blocked_by_kind, s_blocked_by_power):
        rules = own(body)  # "~ can't be blocked" and the other rules about the card itself
        if rules and all(isinstance(r, Restriction) for r in rules):
            return rules  # type: ignore[return-value]
    got = s_anthem(body)
    as_self = got is None and body.startswith("~ ")
    if as_self:
        # E4's reader of what a group "gets", "has" and "can't" do, read for this object
        got = read_grants("equipped creature " + body[2:])
    if not got:
        return None
    out: list[StaticEffect | RestrictionEffect | Restriction] = []
    for a in got:
        if not isinstance(a, StaticEffect | RestrictionEffect):
            return None
        out.append(replace(a, affected=Selector("self")) if as_self else a)
    return out


def s_conditional(p: str) -> list[Ability] | None:
    """ "As long as ~ is attacking, it gets +2/+0." / "During your turn, ~ has first strike." /
    "~ gets +1/+1 as long as you control a Plains." (611.3a: checked continuously)."""
    m = re.fullmatch(r"as long as ([^,]+), (.+)", p, re.IGNORECASE)
    if m:
        cond_text, body = m.group(1), m.group(2)
    elif m := re.fullmatch(r"during your turn, (.+)", p, re.IGNORECASE):
        cond_text, body = "it's your turn", m.group(1)
    elif m := re.fullmatch(r"during turns other than yours, (.+)", p, re.IGNORECASE):
        cond_text, body = "it isn't your turn", m.group(1)
    elif m := re.fullmatch(r"(~ (?:gets|has|can't) .+?) as long as (.+)", p):
        body, cond_text = m.group(1), m.group(2)
    else:
        return None
    cond = parse_static_condition(cond_text)
    if cond is not None and cond.test == "self_paired":
        return _paired(p, cond, body)
    effects = _conditional_body(body)
    if cond is None or effects is None:
        return None
    return [replace(eff, text=p, condition=cond) for eff in effects]


def _paired(p: str, cond: StaticCondition, body: str) -> list[Ability] | None:
    """Soulbond: "As long as ~ is paired with another creature, both creatures have flying" /
    "each of those creatures gets +1/+1" (702.95: the pair, while it lasts)."""
    m = re.fullmatch(r"(?:both creatures|each of those creatures) (have|has|gets?) (.+)", body)
    if not m:
        return None
    verb = "has" if m.group(1).startswith("ha") else "gets"
    effects = _conditional_body(f"~ {verb} {m.group(2)}")
    statics = [e for e in effects or () if isinstance(e, StaticEffect)]
    if not effects or len(statics) != len(effects):
        return None
    pair = Selector("self_and_paired")
    return [replace(e, affected=pair, text=p, condition=cond) for e in statics]


def s_restriction_unless(p: str) -> list[Ability] | None:
    """ "~ can't attack unless you control an artifact." / "~ can't block unless you control
    another Zombie." (508.1c, 509.1b: the restriction applies while the condition is false)."""
    m = re.fullmatch(r"~ (can't attack|can't block|can't attack or block) unless (.+)", p)
    cond = parse_static_condition(m.group(2)) if m else None
    if m is None or cond is None or cond.test not in ("count_at_least", "count_at_most"):
        return None
    rule = RESTRICTION_SENTENCES["~ " + m.group(1)]
    return [Restriction(rule, p, condition=cond, unless=True)]


def s_blocked_by_kind(p: str) -> list[Ability] | None:
    """ "~ can't be blocked by white creatures." / "~ can't be blocked except by creatures with
    flying or reach." / "~ can't block black creatures." / "~ can't block and can't be blocked."
    (509.1b)."""
    if p == "~ can't block and can't be blocked":
        return [Restriction("cant_block", p), Restriction("cant_be_blocked", p)]
    m = re.fullmatch(r"~ can't (be blocked by|be blocked except by|block) (.+)", p)
    if not m or re.search(r"\b(more than|or more|unless|alone)\b", m.group(2)):
        return None
    if m.group(1) == "be blocked by" and re.fullmatch(
        r"creatures with power \d+ or \w+", m.group(2)
    ):
        return None  # s_blocked_by_power reads these
    wanted = creature_filter(m.group(2))
    if wanted is None:
        return None
    rule: RestrictionRule = {
        "be blocked by": "cant_be_blocked_by_kind",
        "be blocked except by": "blocked_only_by_kind",
        "block": "cant_block_kind",
    }[m.group(1)]  # type: ignore[assignment]
    return [Restriction(rule, p, creatures=wanted)]


def creature_filter(phrase: str) -> CreatureFilter | None:
    """ "white creatures", "Walls", "creatures with flying or reach", "artifact creatures and/or
    white creatures", "black and/or red creatures", "white creatures with power 2 or greater"."""
    power = None
    m = re.fullmatch(r"(.+?) with power (\d+) or (greater|less)", phrase)
    if m:
        power = parse_filter(f"power {m.group(2)} or {m.group(3)}")
        phrase = m.group(1)
    m = re.fullmatch(r"creatures with ([a-z ]+)", phrase)
    if m and power is None:
        named = tuple(re.split(r" or | and/or ", m.group(1)))
        return CreatureFilter(keywords=named) if all(k in BLOCK_KEYWORDS for k in named) else None
    m = re.fullmatch(
        r"(white|blue|black|red|green) and/or (white|blue|black|red|green) creatures", phrase
    )
    if m:
        colors = (COLOR_LETTERS[m.group(1)], COLOR_LETTERS[m.group(2)])
        return CreatureFilter((Selector("all", ("Creature",), colors=colors),), power=power)
    kinds: list[Selector] = []
    keywords: list[str] = []
    for part in re.split(r" and/or | or ", phrase):
        km = re.fullmatch(r"creatures with ([a-z ]+)", part)
        if km and km.group(1) in BLOCK_KEYWORDS:
            keywords.append(km.group(1))
            continue
        sel = _blocker_kind(part)
        if sel is None:
            return None
        kinds.append(sel)
    return CreatureFilter(tuple(kinds), tuple(keywords), power)


#: keywords a blocking restriction may name ("except by creatures with flying")
BLOCK_KEYWORDS = frozenset({"flying", "reach", "defender", "horsemanship", "shadow", "haste"})


def _blocker_kind(part: str) -> Selector | None:
    """One kind of creature: "Walls", "non-Wall creatures", "white creatures", "creatures"."""
    if (sub := singular_subtype(part)) is not None:
        return Selector("all", ("Creature",), subtypes=(sub,))
    m = re.fullmatch(r"non-(" + SUBTYPE_WORD + r") creatures", part)
    if m:
        return Selector("all", ("Creature",), non_subtypes=(m.group(1),))
    sel = parse_selector(part)
    if sel is None or sel.scope != "all" or "Creature" not in sel.types or not plain_kind(sel):
        return None
    return sel


def plain_kind(sel: Selector) -> bool:
    """A selector of printed-kind filters only (types, subtypes, colors, supertypes, tokens),
    which characteristics.admits checks by itself; the state filters ("with flying",
    "attacking", "with a +1/+1 counter") need the board and are checked by Layers.matches."""
    state_filters = (
        "with_counter",
        "with_keyword",
        "without_keyword",
        "in_combat",
        "attached_kind",
        "of_chosen",
    )
    return all(getattr(sel, f, None) is None for f in state_filters)


#: "enters with ... if ..." conditions a board snapshot doesn't record (614.1c)
ENTERS_IF: dict[str, EntersHistory] = {
    "you attacked this turn": "you_attacked_this_turn",
    "a creature died this turn": "a_creature_died_this_turn",
    "a permanent left the battlefield under your control this turn": (
        "permanent_left_your_control_this_turn"
    ),
}


def s_enters_with_counted(p: str) -> list[Ability] | None:
    """ "~ enters with a +1/+1 counter on it for each creature card in your graveyard." / "...
    X +1/+1 counters on it, where X is the number of ..." / "If ~ was kicked, it enters with two
    +1/+1 counters on it." (614.1c)."""
    low = p.replace("enters the battlefield", "enters")
    m = re.fullmatch(r"~ enters tapped (?:and )?with " + NUM + r" ([+\-\w/]+) counters? on it", low)
    if m and isinstance(tapped_n := number(m.group(1)), int):
        return [EntersTapped(p), EntersWithCounters(m.group(2), tapped_n, p)]
    m = re.fullmatch(
        r"if ~ was kicked, it enters with " + NUM + r" ([+\-\w/]+) counters? on it", low, re.I
    )
    if m and isinstance(n := number(m.group(1)), int):
        return [EntersWithCounters(m.group(2), n, p, depends_on="kicked")]
    m = re.fullmatch(
        r"~ enters with " + NUM + r" ([+\-\w/]+) counters? on it (for each|if) (.+)", low
    )
    if m and isinstance(n := number(m.group(1)), int):
        rest = m.group(4)
        history: EntersHistory | None = (
            {
                "time it was kicked": "times_kicked",
                "color of mana spent to cast it": "colors_of_mana_spent",
            }.get(rest)  # type: ignore[assignment]
            if m.group(3) == "for each"
            else ENTERS_IF.get(rest)
        )
        if history is not None:
            return [EntersWithCounters(m.group(2), n, p, depends_on=history)]
        counted = for_each_count(rest) if m.group(3) == "for each" else None
        if isinstance(counted, CountCounters):
            return None  # its own counters as it enters are what this replacement decides
        return [EntersWithCounters(m.group(2), n, p, count=counted)] if counted else None
    m = re.fullmatch(
        r"~ enters with (?:[xX] ([+\-\w/]+) counters on it, where [xX] is|a number of ([+\-\w/]+) counters on it equal to) (.+)",
        low,
    )
    found = count_phrase(m.group(3)) if m else None
    if m and found and found[1] == 0:
        return [EntersWithCounters(m.group(1) or m.group(2), 1, p, count=found[0])]
    return None


def s_pt_for_each(p: str) -> list[Ability] | None:
    """ "~ gets +1/+0 for each artifact you control." / "~ gets +X/+0, where X is the number of
    Mountains you control." (613.4c: counted as the effect applies)."""
    m = re.fullmatch(r"~ gets ([+-]\d+)/([+-]\d+) for each (.+)", p)
    if m:
        power, toughness = int(m.group(1)), int(m.group(2))
        counted = for_each_count(m.group(3))
    elif m := re.fullmatch(r"~ gets ([+-])X/([+-])(X|0), where X is (.+)", p):
        power = 1 if m.group(1) == "+" else -1
        toughness = 0 if m.group(3) == "0" else 1 if m.group(2) == "+" else -1
        found = count_phrase(m.group(4))
        counted = found[0] if found and found[1] == 0 else None
    else:
        return None
    if counted is None:
        return None
    change = ModifyPTPerCount(power, toughness, counted)
    return [StaticEffect(Selector("self"), (change,), p)]


def for_each_count(phrase: str) -> Count | None:
    """ "artifact you control", "other creature on the battlefield", "card in your hand"."""
    fixed: dict[str, Count] = {
        "card in your hand": "cards_in_your_hand",
        "card in your graveyard": "cards_in_your_graveyard",
        "Aura attached to it": CountAttached(("Aura",)),
        "Equipment attached to it": CountAttached(("Equipment",)),
        "Aura and Equipment attached to it": CountAttached(("Aura", "Equipment")),
        "poison counter your opponents have": "opponents_poison_counters",
    }
    if phrase in fixed:
        return fixed[phrase]
    m = re.fullmatch(r"([+\-\w/]+) counter on it", phrase)
    if m:
        return CountCounters(m.group(1))
    m = re.fullmatch(r"([a-z ]+) card in your graveyard", phrase)
    if m and (got := _graveyard_cards(m.group(1), True, 1)):
        return got[0]
    m = re.fullmatch(
        r"(other )?(.+?) (you control|on the battlefield|your opponents control)", phrase
    )
    if not m:
        return None
    whose = {"you control": "you", "your opponents control": "opponents"}.get(m.group(3), "any")
    sel = kind_selector(m.group(2), whose, bool(m.group(1)))
    return CountOf(sel) if sel else None


# --- E4: statics that affect other objects: Auras, Equipment, lords, granted abilities --------
# (the grammar is engine/oracle/granted.py)


def s_grants(p: str) -> list[Ability] | None:
    """ "Enchanted creature gets +1/+1 and has "{T}: Add one mana of any color."", "All Slivers
    have shroud", "Equipped creature gets +2/+2 and can't block" (613.1d-f, 613.4b-c, 509.1)."""
    plain = (s_anthem, s_restriction_effect, s_color_change, s_humility)
    if any(parser(p) is not None for parser in plain):
        return None  # the plain forms are read by those templates
    attached = read_attached_condition(p)
    if attached is not None:
        return attached
    m = re.fullmatch(r"(.+ has protection from [^.]+)\. This effect doesn't remove (~|Auras)", p)
    if m:  # 702.16c: the protection it grants doesn't make this Aura (or any Aura) fall off
        got = read_grants(m.group(1))
        if not got or len(got) != 1 or not isinstance(got[0], StaticEffect):
            return None
        spared: SparedAttachments = "self" if m.group(2) == "~" else "Auras"
        return [replace(got[0], text=p, doesnt_remove=spared)]
    m = re.fullmatch(r'([^"]+?) as long as ([^",]+)', p)
    body, cond_text = (m.group(1), m.group(2)) if m else (None, None)
    if m is None and (m := re.fullmatch(r'As long as (~ [^",]+), ([^"]+)', p)):
        body, cond_text = m.group(2)[:1].upper() + m.group(2)[1:], m.group(1)
    if body is None or cond_text is None:
        return read_grants(p)
    # "Creatures you control get +1/+1 as long as you control three or more artifacts": checked
    # continuously (611.3a). Only tests of the board and its controller, or of "~" (the granting
    # object): "it's attacking" would be about the affected creature, which StaticCondition
    # tests on the granting object
    cond = parse_static_condition(cond_text) or color_permanent_condition(cond_text)
    got = read_grants(body)
    if cond is None or not got or len(got) != 1:
        return None
    if cond.test not in GROUP_CONDITIONS and not cond_text.startswith("~ "):
        return None
    if isinstance(cond.count, CountCounters):
        return None  # "as long as it has ... counters": "it" may be the affected creature
    eff = got[0]
    if isinstance(eff, StaticEffect | RestrictionEffect):  # E1 tests both (611.3a)
        return [replace(eff, text=p, condition=cond)]
    return None


#: the conditions a group's "as long as ..." may have (about the board, not the affected object)
GROUP_CONDITIONS: frozenset[StaticConditionTest] = frozenset(
    {"your_turn", "not_your_turn", "count_at_least", "count_at_most"}
)


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
    s_chosen_in_addition,  # E1 (s9)
    s_enchanted_becomes,
    s_control,
    s_cost_change,
    s_cost_per_target,  # E4 (s12)
    # E1
    s_conditional,
    s_pt_for_each,
    s_restriction_unless,
    s_blocked_by_kind,
    s_enters_with_counted,
    s_anthem,
    s_grants,  # E4
    s_damage_replacement,  # E4 (s12): 614.1a
    s_token_replacement,
    s_counter_replacement,
    s_dies_replacement,  # E6 (s14): 614.1a, 614.6
]
