# ruff: noqa: E501  (regex templates read better on one line)
"""E4: static abilities that affect other objects — Auras ("Enchanted creature gets +2/+2 and has
flying"), Equipment, lords ("Other Elves you control get +1/+1", "All Slivers have shroud") and
the quoted abilities they grant ('Enchanted land has "{T}: Add one mana of any color."').

One paragraph is a subject (which permanents, a ``Selector``) and a list of predicates, each read
to a layered modification (613.1d-f, 613.4b-c) or a restriction the combat rules read (508.1,
509.1). A quoted ability is compiled by the same paragraph compiler as printed text: it becomes
an ability of each affected object (113.10, 613.1f), so "~" inside it is that object. Every part
must be read, or the paragraph stays unsupported.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from engine.abilities import (
    Ability,
    AddColors,
    AddTypes,
    CountCounters,
    CountExpr,
    CountOf,
    GrantAbilities,
    LoseKeywords,
    Modification,
    ModifyPT,
    ModifyPTPerCount,
    RemoveAllAbilities,
    RestrictionEffect,
    RestrictionEffectRule,
    Selector,
    SetColors,
    SetCreatureTypes,
    SetPT,
    SetTypes,
    StaticCondition,
    StaticEffect,
    Unsupported,
)
from engine.oracle.creature_types import CREATURE_TYPES, creature_type_of_plural, is_subtype
from engine.oracle.keywords import keyword_abilities, parse_keyword
from engine.oracle.selectors import parse_selector
from engine.oracle.text import COLOR_LETTERS

#: what an Aura, Equipment or lord says the affected creatures can't (or must) do in combat
#: (508.1c-d, 509.1a-b) — effects of the granting object's ability, not abilities of the creature
PREDICATE_RESTRICTIONS: dict[str, tuple[RestrictionEffectRule, ...]] = {
    "can't block": ("cant_block",),
    "can't attack": ("cant_attack",),
    "can't attack or block": ("cant_attack", "cant_block"),
    "doesn't untap during its controller's untap step": ("doesnt_untap",),
    "don't untap during their controllers' untap steps": ("doesnt_untap",),
    "can't be blocked": ("cant_be_blocked",),
    "attacks each combat if able": ("must_attack",),
    "attack each combat if able": ("must_attack",),
    "can't be blocked by more than one creature": ("max_one_blocker",),
    "can't be blocked except by two or more creatures": ("menace_like",),
    "can block an additional creature each combat": ("extra_block",),
    "can block only creatures with flying": ("block_only_flyers",),
    "can block any number of creatures": ("block_any_number",),
    "can't attack you or planeswalkers you control": ("cant_attack_you",),
    "can't attack you": ("cant_attack_you",),
    # Arrest: mana abilities too (602.5: an ability that can't be activated)
    "can't attack or block, and its activated abilities can't be activated": (
        "cant_attack",
        "cant_block",
        "no_activated",
    ),
    "doesn't untap during its controller's untap step and its activated abilities can't be "
    "activated": ("doesnt_untap", "no_activated"),
}

#: counts "where X is ..." names that the counting phrases don't ("you" is the Aura's controller)
FIXED_COUNTS: dict[str, CountExpr] = {
    "the number of cards in your hand": "cards_in_your_hand",
    "the number of cards in your graveyard": "cards_in_your_graveyard",
}

#: the basic land types (205.3i); setting one replaces a land's land types and rules text (305.7)
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

#: the verbs a predicate starts with (singular for "Enchanted creature", plural for groups)
PREDICATE_START = r"(?:gets?|has|have|is|are|can't|can|doesn't|don't|attacks?|loses?|lose)\b"

QUOTE = re.compile(r'"([^"]+)"')
MARK = "\x00"


def parse_group(phrase: str) -> Selector | None:
    """The permanents the ability affects: "enchanted creature", "creatures you control",
    "other Elves you control", "all Sliver creatures", "each creature you control with a +1/+1
    counter on it"."""
    # "each (other) creature you control" is the group "(other) creatures you control"
    phrase = re.sub(
        r"^[Ee]ach (other )?creature\b", lambda g: f"{g.group(1) or ''}creatures", phrase
    )
    m = re.fullmatch(
        r"(.+?) with an? \+1/\+1 counter on it|(.+?) with \+1/\+1 counters on them", phrase
    )
    if m:
        base = m.group(1) or m.group(2)
        sel = parse_selector(base)
        if sel is None or sel.scope not in ("you_control", "others_you_control"):
            return None
        if not all(is_subtype(t) for t in sel.subtypes):
            return None
        return replace(sel, with_counter="+1/+1")
    m = re.fullmatch(r"(other )?nontoken (.+)", phrase, re.IGNORECASE)
    if m:  # "Other nontoken creatures you control" (111.1)
        base = parse_group((m.group(1) or "") + m.group(2))
        return replace(base, nontoken=True) if base and base.scope != "self" else None
    m = re.fullmatch(r"(equipped|enchanted) ([A-Z].+)", phrase, re.IGNORECASE)
    if m and m.group(2)[:1].isupper():  # "Equipped Warriors you control"
        base = parse_group(m.group(2))
        worn: Literal["Aura", "Equipment"] = (
            "Aura" if m.group(1).lower() == "enchanted" else "Equipment"
        )
        if base is None or base.scope in ("self", "enchanted", "equipped"):
            return None
        return replace(base, attached_kind=worn)
    m = re.fullmatch(r"(attacking|blocking) (.+)", phrase, re.IGNORECASE)
    if m:  # "Attacking Elves you control" (506.4)
        base = parse_group(m.group(2))
        state: Literal["attacking", "blocking"] = (
            "attacking" if m.group(1).lower() == "attacking" else "blocking"
        )
        return replace(base, in_combat=state) if base and base.scope != "self" else None
    m = re.fullmatch(
        r"(.+?) (with|without) ([a-z ]+?)( you control| your opponents control)?", phrase
    )
    if m and (kw := parse_keyword(m.group(3))) is not None and kw.param is None:
        base = parse_group(m.group(1) + (m.group(4) or ""))  # "creatures you control with flying"
        if base is None or base.scope == "self":
            return None
        if m.group(2) == "with":
            return replace(base, with_keyword=kw.name)
        return replace(base, without_keyword=kw.name)
    m = re.fullmatch(r"(.+?) that are (enchanted|equipped)", phrase)
    if m:
        base = parse_group(m.group(1))
        kind: Literal["Aura", "Equipment"] = "Aura" if m.group(2) == "enchanted" else "Equipment"
        return replace(base, attached_kind=kind) if base and base.scope != "self" else None
    m = re.fullmatch(r"(.+?) of the chosen (type|color)", phrase)
    if m:
        base = parse_group(m.group(1))
        chosen: Literal["creature type", "color"] = (
            "creature type" if m.group(2) == "type" else "color"
        )
        if base is None or base.scope == "self" or base.subtypes or base.colors:
            return None
        return replace(base, of_chosen=chosen)
    m = re.fullmatch(
        r"(other )?creatures you control that's an? ([A-Z]\w+) or an? ([A-Z]\w+)", phrase
    )
    m = m or re.fullmatch(
        r"(other )?creatures you control that's an? ([A-Z]\w+) or ([A-Z]\w+)", phrase
    )
    if m and all(t in CREATURE_TYPES for t in m.group(2, 3)):
        # "Each other creature you control that's a Werewolf or a Wolf"
        scope: Literal["you_control", "others_you_control"] = (
            "others_you_control" if m.group(1) else "you_control"
        )
        return Selector(scope, ("Creature",), m.group(2, 3))
    sel = parse_selector(phrase)
    if sel is not None:
        # the selector takes any capitalised word for a subtype ("Attacking creatures")
        return sel if all(is_subtype(t) for t in sel.subtypes) else None
    return _creature_type_group(phrase)


def _creature_type_group(phrase: str) -> Selector | None:
    """ "All Slivers", "Other Goblins", "Sliver creatures you control", "Other Ninja and Rogue
    creatures you control": permanents with any of these creature types (205.3m)."""
    lead_m = re.match(r"(?i)(all other |all |other )", phrase)
    lead = lead_m.group(1).lower() if lead_m else ""
    rest = phrase[len(lead) :] if lead_m else phrase
    m = re.fullmatch(
        r"([A-Z][\w'-]+(?:(?:, and |, | and | or )[A-Z][\w'-]+)*)( creatures)?( you control)?",
        rest,
    )
    if not m:
        return None
    words = re.split(r", and |, | and | or ", m.group(1))
    creatures = bool(m.group(2))
    if creatures:  # "Sliver creatures": the types as adjectives
        types = [w if w in CREATURE_TYPES else None for w in words]
    else:  # "Slivers", "Elves": the types' plurals
        types = [creature_type_of_plural(w) for w in words]
    if any(t is None for t in types):
        return None
    other = "other" in lead
    if m.group(3):
        scope = "others_you_control" if other else "you_control"
    else:
        scope = "all_others" if other else "all"
    return Selector(
        scope,  # type: ignore[arg-type]
        ("Creature",) if creatures else (),
        tuple(t for t in types if t is not None),
    )


def compile_quoted(text: str) -> tuple[Ability, ...] | None:
    """A quoted ability, compiled like printed text (113.10): None unless every part is read."""
    from engine.oracle.card import compile_paragraph  # the paragraph compiler imports statics

    body = text.strip()
    if not body.endswith("."):
        body += "."
    abilities = compile_paragraph(body, False)
    if not abilities or any(isinstance(a, Unsupported) for a in abilities):
        return None
    # a static ability gained in layer 6 can only change the layers after it (613.1f, 613.4):
    # one that changes types, colors or abilities itself would apply too late, so it stays unread
    for a in abilities:
        if isinstance(a, StaticEffect) and any(not c.layer.startswith("7") for c in a.changes):
            return None
    return abilities


def _granted(items_text: str, quotes: list[str]) -> tuple[Ability, ...] | None:
    """ "flying, haste, and "{1}: ~ gets +1/+0 until end of turn."" -> the keywords and the
    compiled quoted abilities, in printed order."""
    out: list[Ability] = []
    # "protection from red and from blue" is one keyword with two qualities (702.16a)
    items_text = items_text.replace(" and from ", " \x01from ")
    for raw in re.split(r",? and |, ", items_text):
        item = raw.replace("\x01", "and ").strip()
        q = re.fullmatch(MARK + r"(\d+)" + MARK, item)
        if q:
            quoted = compile_quoted(quotes[int(q.group(1))])
            if quoted is None:
                return None
            out.extend(quoted)
            continue
        kw = parse_keyword(item) if item and MARK not in item else None
        if kw is None:
            return None
        out.extend(keyword_abilities(kw, item))  # "equip {0}" is an activated ability too
    return tuple(out)


def _colors(text: str) -> tuple[str, ...] | None:
    words = re.split(r",? and |, | ", text.strip())
    if not words or any(w not in COLOR_LETTERS for w in words):
        return None
    return tuple(COLOR_LETTERS[w] for w in words)


def _is_clause(rest: str) -> list[Modification] | None:
    """ "is an Angel in addition to its other types", "is a black Zombie in addition to its other
    colors and types", "is every creature type", "is legendary", "is black" (613.1d-e)."""
    if rest in ("every creature type", "all creature types"):
        return [AddTypes(all_creature_types=True)]  # 205.3m
    if rest == "a creature in addition to its other types":
        return [AddTypes(types=("Creature",))]  # Aerial Modification on a Vehicle
    if rest in ("legendary", "snow"):
        return [AddTypes(supertypes=(rest.capitalize(),))]
    if rest in (
        "every basic land type in addition to its other types",
        "every basic land type in addition to their other types",
    ):
        return [AddTypes(subtypes=BASIC_LAND_TYPES)]  # 305.6: each type's mana ability too
    m = re.fullmatch(r"an? ([A-Z][a-z]+)(?:(?:, and |, | and )([A-Z][a-z]+))*", rest)
    lands = re.findall(r"[A-Z][a-z]+", rest)
    if m and lands and all(w in BASIC_LAND_TYPES for w in lands):
        return [SetTypes(subtypes=tuple(lands))]  # 305.7: "Enchanted land is an Island"
    m = re.fullmatch(
        r"an? (?:(white|blue|black|red|green) )?((?:[A-Z][a-z'-]+ )*[A-Z][a-z'-]+)(?: creature)? "
        r"with base power and toughness (\d+)/(\d+)",
        rest,
    )
    if m:  # "is a blue Frog creature with base power and toughness 1/1" (205.1a, 613.1d-e, 613.4b)
        subtypes = tuple(m.group(2).split())
        if any(t not in CREATURE_TYPES for t in subtypes):
            return None
        frog: list[Modification] = [SetCreatureTypes(subtypes)]
        if m.group(1):
            frog.append(SetColors((COLOR_LETTERS[m.group(1)],)))
        frog.append(SetPT(int(m.group(3)), int(m.group(4))))
        return frog
    m = re.fullmatch(
        r"an? ((?:(?:white|blue|black|red|green)(?: and | )?)*)((?:[A-Z][\w'-]+ )*[A-Z][\w'-]+|artifact)"
        r" in addition to (?:its|their) other (colors and types|types|creature types)",
        rest,
    )
    if m:
        colors = _colors(m.group(1)) if m.group(1).strip() else ()
        if colors is None or (colors and m.group(3) != "colors and types"):
            return None
        if m.group(2) == "artifact":
            changes: list[Modification] = [AddTypes(types=("Artifact",))]
        else:
            subtypes = tuple(m.group(2).split())
            if any(s not in CREATURE_TYPES for s in subtypes):
                return None
            changes = [AddTypes(subtypes=subtypes)]
        if colors:
            changes.append(AddColors(colors))
        return changes
    m = re.fullmatch(r"([a-z ,]+?)( in addition to (?:its|their) other colors)?", rest)
    if m:
        colors = _colors(m.group(1))
        if colors is None:
            return None
        return [AddColors(colors) if m.group(2) else SetColors(colors)]
    return None


def _predicate(
    clause: str, quotes: list[str]
) -> tuple[list[Modification], tuple[RestrictionEffectRule, ...]] | None:
    """One predicate: the modifications it makes and the restrictions it sets."""
    clause = clause.strip()
    if clause in PREDICATE_RESTRICTIONS:
        return [], PREDICATE_RESTRICTIONS[clause]
    return _other_predicate(clause, quotes)


def blocked_by(clause: str) -> RestrictionEffect | None:
    """ "can't be blocked by Walls", "can't be blocked except by creatures with flying" (509.1b),
    read with the same creature filter as "~ can't be blocked by ..."."""
    m = re.fullmatch(r"can't be blocked (by|except by) (.+)", clause)
    if not m:
        return None
    from engine.oracle.statics import creature_filter  # statics imports this module

    wanted = creature_filter(m.group(2))
    if wanted is None:
        return None
    rule: RestrictionEffectRule = (
        "cant_be_blocked_by_kind" if m.group(1) == "by" else "blocked_only_by_kind"
    )
    return RestrictionEffect(Selector("self"), (rule,), clause, creatures=wanted)


def _other_predicate(
    clause: str, quotes: list[str]
) -> tuple[list[Modification], tuple[RestrictionEffectRule, ...]] | None:
    clause = re.sub(r"^gets? an additional ", "gets ", clause)  # "an additional +2/+0": the same
    m = re.fullmatch(r"gets? ([+-]\d+)/([+-]\d+)", clause)
    if m:  # 613.4c
        return [ModifyPT(int(m.group(1)), int(m.group(2)))], ()
    m = re.fullmatch(r"gets? ([+-]\d+)/([+-]\d+) for each (.+)", clause)
    if m and not re.search(r"\bother\b|\bits?\b|\bthem\b", m.group(3)):
        # 613.4c, counted for the granting object's controller ("you"); "other" and "its" would
        # mean the affected creature, which the count doesn't know, so they stay unread
        from engine.oracle.statics import for_each_count  # statics imports this module

        counter = re.fullmatch(r"([\w+/-]+) counter on ~", m.group(3))
        # "for each charge counter on ~": on the Aura or Equipment itself
        counted = CountCounters(counter.group(1)) if counter else for_each_count(m.group(3))
        if counted is None:
            return None
        return [ModifyPTPerCount(int(m.group(1)), int(m.group(2)), counted)], ()
    m = re.fullmatch(r"gets? ([+-])X/([+-])(X|0), where X is (.+)", clause)
    if m and not re.search(r"\bits?\b|\bthem\b", m.group(4)):
        from engine.oracle.statics import count_phrase

        counter = re.fullmatch(r"the number of ([\w+/-]+) counters on ~", m.group(4))
        fixed = FIXED_COUNTS.get(m.group(4))
        found = (
            (CountCounters(counter.group(1)), 0)
            if counter
            else (fixed, 0)
            if fixed
            else count_phrase(m.group(4))
        )
        if found is None or found[1] != 0:
            return None
        power = 1 if m.group(1) == "+" else -1
        toughness = 0 if m.group(3) == "0" else 1 if m.group(2) == "+" else -1
        return [ModifyPTPerCount(power, toughness, found[0])], ()
    m = re.fullmatch(r"(?:has|have) base power and toughness (\d+)/(\d+)", clause)
    if m:  # 613.4b
        return [SetPT(int(m.group(1)), int(m.group(2)))], ()
    m = re.fullmatch(r"(?:has|have) (.+)", clause)
    if m:  # 613.1f
        granted = _granted(m.group(1), quotes)
        return ([GrantAbilities(granted)], ()) if granted else None
    if clause in ("loses all abilities", "lose all abilities"):
        return [RemoveAllAbilities()], ()
    m = re.fullmatch(r"loses? ([a-z ]+?)(?: and ([a-z ]+))?", clause)
    if m:  # "loses flying" (613.1f)
        lost = [parse_keyword(w) for w in m.groups() if w]
        if any(k is None or k.param is not None for k in lost):
            return None
        return [LoseKeywords(tuple(k.name for k in lost if k is not None))], ()
    m = re.fullmatch(r"(?:is|are) (.+)", clause)
    if m and MARK not in clause:
        changes = _is_clause(m.group(1))
        return (changes, ()) if changes else None
    return None


def read_grants(p: str) -> list[Ability] | None:
    """ "Enchanted creature gets +1/+1, has flying, and is an Angel in addition to its other
    types" -> one StaticEffect (and a RestrictionEffect for what it can't do in combat)."""
    quotes: list[str] = []

    def mask(m: re.Match[str]) -> str:
        quotes.append(m.group(1))
        return f"{MARK}{len(quotes) - 1}{MARK}"

    masked = QUOTE.sub(mask, p)
    if '"' in masked or "." in masked:
        return None  # a second sentence ("This effect doesn't remove ~") is a rule of its own
    m = re.fullmatch(r"(.+?)'s activated abilities can't be activated", masked)
    if m:  # "Enchanted creature's activated abilities can't be activated" (602.5)
        owner = parse_group(m.group(1))
        if owner is None or owner.scope == "self":
            return None
        return [RestrictionEffect(owner, ("no_activated",), p)]
    # the subject ends before the first predicate that leaves a readable subject and body
    # ("Creatures you control that are enchanted get +1/+1": not "... that" / "are enchanted")
    for m in re.finditer(r" (?=" + PREDICATE_START + ")", masked):
        group = parse_group(masked[: m.start()])
        if group is None:
            continue
        if group.scope == "self":
            return None  # statics about the card itself are read by their own templates
        return _predicates(group, masked[m.end() :], quotes, p)
    return None


def _predicates(group: Selector, body: str, quotes: list[str], p: str) -> list[Ability] | None:
    clauses = re.split(r",? and (?=" + PREDICATE_START + r")|, (?=" + PREDICATE_START + ")", body)
    changes: list[Modification] = []
    rules: list[RestrictionEffectRule] = []
    blocking: list[RestrictionEffect] = []
    for clause in clauses:
        if (named := blocked_by(clause.strip())) is not None:
            blocking.append(named)
            continue
        read = _predicate(clause, quotes)
        if read is None:
            return None
        changes.extend(read[0])
        rules.extend(read[1])
    out: list[Ability] = []
    if changes:
        out.append(StaticEffect(group, tuple(changes), p))
    if rules:
        out.append(RestrictionEffect(group, tuple(dict.fromkeys(rules)), p))
    out.extend(RestrictionEffect(group, b.rules, p, creatures=b.creatures) for b in blocking)
    return out or None


def color_permanent_condition(text: str) -> StaticCondition | None:
    """ "as long as you control a red or white permanent" (611.3a): one or more permanents of
    either color, counted for the granting object's controller."""
    m = re.fullmatch(
        r"you control an? (white|blue|black|red|green) or (white|blue|black|red|green) permanent",
        text,
    )
    if not m:
        return None
    colors = (COLOR_LETTERS[m.group(1)], COLOR_LETTERS[m.group(2)])
    return StaticCondition(
        "count_at_least", text, CountOf(Selector("you_control", colors=colors)), 1
    )


ATTACHED = (
    r"(enchanted creature|enchanted permanent|enchanted land|enchanted artifact|equipped creature)"
)


def _qualified(sel: Selector, quality: str) -> tuple[Selector, Selector | None] | None:
    """ "is a Human" / "is legendary" / "is red or green" / "is a creature": the affected object
    must also be such (611.3a, checked continuously), and the complement for "Otherwise, ..."
    (None when the quality has no complement the selector can say)."""
    q = quality.strip()
    if q == "legendary":
        return replace(sel, supertypes=("Legendary",)), None
    m = re.fullmatch(r"an? (creature|artifact|enchantment|land)", q)
    if m:
        kind = m.group(1).capitalize()
        return (
            replace(sel, types=tuple(dict.fromkeys((*sel.types, kind)))),
            replace(sel, non_types=(kind,)),
        )
    m = re.fullmatch(r"(white|blue|black|red|green)(?: or (white|blue|black|red|green))?", q)
    if m:
        return replace(sel, colors=tuple(COLOR_LETTERS[c] for c in m.groups() if c)), None
    m = re.fullmatch(r"an? ([A-Z][\w'-]+)(?: or an? ([A-Z][\w'-]+))?", q)
    if m and all(is_subtype(t) for t in m.groups() if t):
        subtypes = tuple(t for t in m.groups() if t)
        return replace(sel, subtypes=subtypes), replace(sel, non_subtypes=subtypes)
    return None


def read_attached_condition(p: str) -> list[Ability] | None:
    """ "As long as equipped creature is a Human, it has lifelink." / "Enchanted creature gets
    +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0." — a condition on the attached
    object is a filter on it: the effect applies to it only while it is such (611.3a)."""
    m = re.fullmatch(r"as long as " + ATTACHED + r" is ([^,]+), it('s| is)? (.+)", p, re.I)
    if m:
        sel = parse_selector(m.group(1))
        body = ("is " if m.group(3) else "") + m.group(4)  # "it's a creature ..."
        found = _qualified(sel, m.group(2)) if sel else None
        return read_predicates(found[0], body, p) if found else None
    m = re.fullmatch(
        ATTACHED + r" (.+?) as long as it's ([^.,]+)(?:\. Otherwise, it (.+))?", p, re.I
    )
    if not m:
        return None
    sel = parse_selector(m.group(1))
    found = _qualified(sel, m.group(3)) if sel else None
    if found is None:
        return None
    first = read_predicates(found[0], m.group(2), p)
    if first is None or not m.group(4):
        return first
    if found[1] is None:
        return None
    rest = read_predicates(found[1], m.group(4), p)
    return first + rest if rest else None


def read_predicates(group: Selector, body: str, p: str) -> list[Ability] | None:
    """The predicates after a subject ("gets +1/+1 and has flying"), quotes compiled."""
    quotes: list[str] = []

    def mask(m: re.Match[str]) -> str:
        quotes.append(m.group(1))
        return f"{MARK}{len(quotes) - 1}{MARK}"

    masked = QUOTE.sub(mask, body)
    if '"' in masked or "." in masked:
        return None
    return _predicates(group, masked, quotes, p)
