"""A whole card: paragraphs to abilities, modal text (700.2), hand-written definitions."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.abilities import (
    Ability,
    AddMana,
    CopyExceptions,
    EnterAsCopy,
    Modal,
    Selector,
    SimpleEffect,
    SpellAbility,
    TriggeredAbility,
    Unsupported,
)
from engine.cards import CardText
from engine.oracle.activated import compile_activated
from engine.oracle.diagnosis import diagnose
from engine.oracle.effects import parse_effects
from engine.oracle.keywords import keyword_abilities, parse_keyword_line
from engine.oracle.statics import (
    STATIC_PARSERS,
    StaticParser,
    s_additional_cost,
    s_cost_change,
    s_cost_per_target,
    s_restriction,
)
from engine.oracle.text import (
    group_modes,
    normalise,
    source_pronoun,
    split_cost,
    strip_ability_word,
)
from engine.oracle.triggers import (
    TRIGGERS,
    cast_filter,
    compile_triggered,
    read_trigger,
    with_reading,
)


@dataclass(frozen=True)
class CardDefinition:
    name: str
    abilities: tuple[Ability, ...]  # in printed order; unsupported clauses included in place
    unsupported: tuple[Unsupported, ...]

    @property
    def fully_modelled(self) -> bool:
        return not self.unsupported


#: compiled cards and paragraphs kept in memory (the real card pool is ~30,000 cards; paragraphs
#: repeat across cards, so their cache is the one that saves time)
CARD_CACHE_SIZE = 65536
PARAGRAPH_CACHE_SIZE = 131072

HAND_WRITTEN: dict[str, tuple[Ability, ...]] = {
    # The exception grants a quoted triggered ability, which the templates don't read.
    "Phantasmal Image": (
        EnterAsCopy(
            Selector("all", ("Creature",)),
            exceptions=CopyExceptions(
                add_subtypes=("Illusion",),
                add_abilities=(
                    TriggeredAbility(
                        "becomes_target",
                        (SimpleEffect("sacrifice_self"),),
                        "When this creature becomes the target of a spell or ability, "
                        "sacrifice it.",
                    ),
                ),
            ),
            text="You may have this creature enter as a copy of any creature on the "
            "battlefield, except it's an Illusion in addition to its other types and it has "
            '"When this creature becomes the target of a spell or ability, sacrifice it."',
        ),
    ),
}


"""Definitions for cards the compiler can't read, keyed by card name (see docs/engine.md)."""


def guess_kind(paragraph: str) -> str:
    low = paragraph.lower()
    if re.match(r"(when|whenever|at the beginning)\b", low):
        return "triggered"
    if split_cost(paragraph) and re.match(r"[{+\-0-9]|sacrifice|tap|pay|discard|exile|remove", low):
        return "activated"
    if re.search(r"\benters\b.*\b(with|tapped|as a copy)\b|^as ~ enters", low):
        return "replacement"
    return "static"


@lru_cache(maxsize=PARAGRAPH_CACHE_SIZE)
def compile_paragraph(paragraph: str, is_spell: bool) -> tuple[Ability, ...]:
    """One paragraph's abilities. Cached: the same paragraph ("Flying", "{T}: Add {G}.") recurs
    on thousands of cards, and abilities are immutable."""
    try:
        return tuple(
            replace(a, diagnosis=str(diagnose(a.text, is_spell)))
            if isinstance(a, Unsupported) and a.reason.startswith("no template")
            else a
            for a in read_paragraph(paragraph, is_spell)
        )
    except (ValueError, KeyError, IndexError) as exc:  # a template bug must not sink the card
        return (Unsupported(paragraph, f"compiler error: {exc}", "unknown"),)


MODAL_HEAD = re.compile(
    r"(?:(?P<trigger>(?:When|Whenever|At) [^,]+), )?[Cc]hoose (?P<n>one|two|three|one or both|"
    r"one or more|any number|up to one|up to two|up to three)(?: that hasn't been chosen)? —"
)


def compile_modal(paragraph: str, is_spell: bool) -> list[Ability] | None:
    head, *bullets = paragraph.split("\n")
    m = MODAL_HEAD.fullmatch(head.strip())
    if not m or not bullets:
        return None
    modes = []
    for bullet in bullets:
        body = bullet.lstrip("• ").strip()
        effects = parse_effects(source_pronoun(body))
        if effects is None or any(isinstance(e, AddMana) for e in effects):
            return None
        modes.append(tuple(effects))
    modal = Modal(m.group("n"), tuple(modes), paragraph)
    if m.group("trigger"):
        trigger = m.group("trigger").lower()
        event = next((ev for pat, ev in TRIGGERS if re.fullmatch(pat, trigger)), None)
        # E2: the other trigger readers, when the trigger is the source's own (the modes read
        # "it" as the source)
        reading = read_trigger(m.group("trigger")) if event is None else None
        if reading is not None and (reading.subject.scope != "self" or reading.or_self):
            reading = None
        if reading is not None:
            event = reading.event
        if event is None or event == "tapped_for_mana":
            return None
        caster, spell_filter = cast_filter(trigger)
        ability = TriggeredAbility(
            event,  # type: ignore[arg-type]
            (modal,),
            paragraph,
            caster=caster,
            spell_filter=spell_filter,
        )
        return [ability if reading is None else with_reading(ability, reading)]
    if is_spell:
        return [SpellAbility((modal,), paragraph)]
    return None


def read_paragraph(paragraph: str, is_spell: bool) -> list[Ability]:
    p = strip_ability_word(paragraph.strip())
    if not p:
        return []
    if "\n•" in p:
        modal = compile_modal(p, is_spell)
        if modal is not None:
            return modal
        kind = "spell" if is_spell else guess_kind(p)
        return [Unsupported(p, "no template reads these modes", kind)]  # type: ignore[arg-type]
    kws = parse_keyword_line(p)
    if kws:
        out: list[Ability] = []
        for kw in kws:
            out.extend(keyword_abilities(kw, p))
        return out
    body = p.rstrip(".")
    if is_spell:
        effects = parse_effects(p)
        if effects is not None and not any(isinstance(e, AddMana) for e in effects):
            return [SpellAbility(tuple(effects), p)]
        spell_statics: tuple[StaticParser, ...] = (
            s_additional_cost,
            s_restriction,
            s_cost_change,
            s_cost_per_target,
        )
        for parser in spell_statics:
            got = parser(body)  # statics that work on the stack (113.6)
            if got is not None:
                return got
        return [Unsupported(p, "no template reads this spell text", "spell")]
    cost_split = split_cost(p)
    if cost_split and not re.match(r"(when|whenever|at)\b", p, re.IGNORECASE):
        ability = compile_activated(cost_split[0], cost_split[1], p)
        if ability is not None:
            return [ability]
        return [Unsupported(p, "no template reads this activated ability", "activated")]
    trig = compile_triggered(p)
    if trig is not None:
        return [trig]
    for parser in STATIC_PARSERS:
        got = parser(body)
        if got is not None:
            return got
    kind = guess_kind(p)
    return [Unsupported(p, f"no template reads this {kind} ability", kind)]  # type: ignore[arg-type]


@lru_cache(maxsize=CARD_CACHE_SIZE)
def compile_card(card: CardText, face: int = 0) -> CardDefinition:
    """Compile one face of a card (the front by default)."""
    current = card.face(face)
    if current.name in HAND_WRITTEN:
        abilities = HAND_WRITTEN[current.name]
    else:
        text = normalise(current.oracle_text, current.name)
        is_spell = bool(re.search(r"\b(Instant|Sorcery)\b", current.type_line))
        abilities = tuple(
            a for para in group_modes(text) for a in compile_paragraph(para, is_spell)
        )
    unsupported = tuple(a for a in abilities if isinstance(a, Unsupported))
    return CardDefinition(current.name, abilities, unsupported)


def compile_all_faces(card: CardText) -> list[CardDefinition]:
    if not card.faces:
        return [compile_card(card)]
    return [compile_card(card, i) for i in range(len(card.faces))]
