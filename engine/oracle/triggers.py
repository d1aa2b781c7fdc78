"""Triggered abilities: "When/Whenever/At ..., effect" (603), including mana triggers (605.1b)."""

from __future__ import annotations

import re

from engine.abilities import (
    Ability,
    AddMana,
    Effect,
    IfYouDo,
    Selector,
    SimpleEffect,
    SpellCaster,
    TriggeredAbility,
    TriggerEvent,
)
from engine.oracle.activated import FROM_GRAVEYARD_VERBS
from engine.oracle.effects import parse_effects
from engine.oracle.selectors import parse_selector, plural
from engine.oracle.text import source_pronoun

TRIGGERS: tuple[tuple[str, str], ...] = (
    (r"when ~ enters", "enters"),
    (r"when ~ enters the battlefield", "enters"),
    (r"whenever ~ enters", "enters"),
    (r"when ~ dies", "dies"),
    (r"whenever ~ dies", "dies"),
    (r"whenever ~ attacks", "attacks"),
    (r"whenever ~ attacks or blocks", "attacks"),
    (r"when ~ leaves the battlefield", "leaves"),
    (r"at the beginning of your upkeep", "upkeep"),
    (r"at the beginning of your end step", "end_step"),
    (r"at the beginning of each upkeep", "upkeep"),
    (r"at the beginning of each end step", "end_step"),
    (r"at the beginning of each player's upkeep", "upkeep"),
    (r"at the beginning of each opponent's upkeep", "upkeep"),
    (r"at the beginning of the upkeep of enchanted creature's controller", "upkeep"),
    (r"at the beginning of the end step", "end_step"),
    (r"at the beginning of each player's end step", "end_step"),
    (r"at the beginning of each opponent's end step", "end_step"),
    (r"whenever ~ deals combat damage to a player", "combat_damage_to_player"),
    (r"whenever you cast a noncreature spell", "cast_spell"),
    (r"whenever you cast an instant or sorcery spell", "cast_spell"),
    (r"whenever you cast a spell", "cast_spell"),
    (r"whenever you cast or copy an instant or sorcery spell", "cast_spell"),
    (r"whenever you cast a creature spell", "cast_spell"),
    (r"whenever you cast an artifact spell", "cast_spell"),
    (r"whenever you cast an enchantment spell", "cast_spell"),
    (r"whenever you cast a spirit or arcane spell", "cast_spell"),
    (r"whenever a player casts a spell", "cast_spell"),
    (r"whenever an opponent casts a spell", "cast_spell"),
    (r"whenever you tap an? ([\w ]+?) for mana", "tapped_for_mana"),
    (r"whenever enchanted ([\w ]+?) is tapped for mana", "tapped_for_mana"),
    (r"whenever a player taps an? ([\w ]+?) for mana", "tapped_for_mana"),
    (r"when you cast ~", "cast_self"),  # "this spell" is ~ once normalised
    (r"when ~ becomes the target of a spell", "becomes_target"),
    (
        r"whenever ~ becomes the target of a spell or ability for the first time each turn",
        "becomes_target",
    ),
    (r"whenever ~ becomes the target of a spell or ability", "becomes_target"),
    (r"when ~ becomes the target of a spell or ability", "becomes_target"),
    (r"at the beginning of combat on your turn", "beginning_of_combat"),
    (r"whenever ~ becomes tapped", "becomes_tapped"),
    (r"when ~ is turned face up", "turned_face_up"),
    (r"when you cycle ~", "cycled"),
    (r"when ~ is put into a graveyard from the battlefield", "put_into_graveyard"),
    (r"whenever ~ is put into a graveyard from the battlefield", "put_into_graveyard"),
    (r"whenever ~ deals combat damage to a creature", "combat_damage_to_creature"),
    (r"whenever ~ deals damage to a player", "damage_to_player"),
    (r"whenever ~ deals damage to an opponent", "damage_to_opponent"),
    (r"whenever ~ is dealt damage", "dealt_damage"),
    (r"whenever you gain life", "gain_life"),
    (r"whenever ~ becomes untapped", "becomes_untapped"),
    (r"whenever you draw a card", "you_draw"),
)


INTERVENING_IFS = frozenset(
    {
        "no spells were cast last turn",
        "a player cast two or more spells last turn",
        "you control no other creatures",
        "you have no cards in hand",
        "it was kicked",
        "a creature died this turn",
        "you attacked this turn",
        "you cast it from your hand",
    }
)

#: cast triggers that name who casts or what kind of spell (the other cast rows: you, any
#: spell the engine casts — an instant or sorcery is a noncreature spell)
CAST_FILTERS: dict[str, tuple[SpellCaster, tuple[str, ...]]] = {
    "whenever you cast a creature spell": ("you", ("Creature",)),
    "whenever you cast an artifact spell": ("you", ("Artifact",)),
    "whenever you cast an enchantment spell": ("you", ("Enchantment",)),
    "whenever you cast a spirit or arcane spell": ("you", ("Spirit", "Arcane")),
    "whenever a player casts a spell": ("a_player", ()),
    "whenever an opponent casts a spell": ("an_opponent", ()),
}


def cast_filter(trigger: str) -> tuple[SpellCaster, tuple[str, ...]]:
    return CAST_FILTERS.get(trigger.lower(), ("you", ()))


#: triggers on another object's event: (regex with the subject phrase as ``subj``, event)
SUBJECT_EVENTS: tuple[tuple[str, TriggerEvent], ...] = (
    (r"whenever (?P<subj>(?:a|an|another) .+?) dies", "dies"),
    (r"when(?:ever)? (?P<subj>enchanted creature|equipped creature) dies", "dies"),
    (
        r"whenever (?P<subj>enchanted creature|equipped creature) deals combat damage to a player",
        "combat_damage_to_player",
    ),
    (r"whenever (?P<subj>enchanted creature|equipped creature) attacks", "attacks"),
)


def subject_event(trigger: str) -> tuple[TriggerEvent, Selector] | None:
    """ "whenever another creature you control dies" -> ("dies", others_you_control creatures);
    "when enchanted creature dies" -> ("dies", the enchanted creature)."""
    for pattern, event in SUBJECT_EVENTS:
        m = re.fullmatch(pattern, trigger)
        if not m:
            continue
        subj = m.group("subj")
        am = re.fullmatch(r"(a|an|another) (.+)", subj)
        if am:
            other = "other " if am.group(1) == "another" else ""
            sel = parse_selector(other + plural(am.group(2)))
        else:
            sel = parse_selector(subj)
        if sel is None or "Creature" not in sel.types:
            return None  # 700.4: only a creature dies
        return event, sel
    return None


SUBJECT_TRIGGER = re.compile(r"whenever (a|an|another) (.+?) enters", re.IGNORECASE)


def compile_triggered(paragraph: str) -> Ability | None:
    m = re.fullmatch(r"((?:When|Whenever|At) [^,]+), (.+)", paragraph, flags=re.DOTALL)
    if not m:
        return None
    trigger = m.group(1).lower()
    condition = None
    cond = re.fullmatch(r"if ([^,]+), (.+)", m.group(2), flags=re.DOTALL)
    if cond:
        if cond.group(1).lower() not in INTERVENING_IFS:
            return None
        condition = cond.group(1)  # 603.4: an intervening "if" clause
        m = re.fullmatch(r"(.+?), (.+)", f"{m.group(1)}, {cond.group(2)}", flags=re.DOTALL)
        assert m is not None
    event = next((ev for pat, ev in TRIGGERS if re.fullmatch(pat, trigger)), None)
    subject = Selector("self")
    if event == "tapped_for_mana":
        found = mana_trigger_subject(trigger)
        if found is None:
            return None
        subject = found
    if event is None and (found_subject := subject_event(trigger)) is not None:
        event, subject = found_subject
    if event is None:
        sm = SUBJECT_TRIGGER.fullmatch(trigger)
        other = "other " if sm and sm.group(1).lower() == "another" else ""
        chosen = parse_selector(other + plural(sm.group(2))) if sm else None
        if chosen is None:
            return None
        event, subject = "enters", chosen
    # with a self trigger, a leading "it" is the source; with "whenever a creature ..." it's
    # that creature, so it stays (and such text stays unsupported)
    body = source_pronoun(m.group(2)) if subject.scope == "self" else m.group(2)
    if subject.scope == "self":
        # "Whenever ~ deals combat damage to a player, put a +1/+1 counter on it.": with the
        # source the only object the trigger names, a lone "on it" is the source
        body = re.sub(r"^(put \w+ [+\-\w/]+ counters? on) it\.?$", r"\1 ~", body)
        body = re.sub(r"^it explores\.?$", "~ explores.", body)
    optional = bool(re.match(r"you may ", body, re.IGNORECASE))
    effects = parse_effects(body)
    if effects is None or moves_itself_from_graveyard(effects):
        return None
    mana = event == "tapped_for_mana" and all(isinstance(e, AddMana) for e in effects)
    caster, spell_filter = cast_filter(trigger)
    return TriggeredAbility(
        event,  # type: ignore[arg-type]
        tuple(effects),
        paragraph,
        subject=subject,
        optional=optional,
        intervening_if=condition,
        mana_ability=mana,
        caster=caster,
        spell_filter=spell_filter,
    )


def moves_itself_from_graveyard(effects: list[Effect]) -> bool:
    """113.6m: a triggered ability whose effect returns its card from the graveyard functions
    from the graveyard; the vocabulary has no zone for triggered abilities, so it stays unread."""

    def moves(e: Effect) -> bool:
        inner = e.effects if isinstance(e, IfYouDo) else ()
        return (isinstance(e, SimpleEffect) and e.verb in FROM_GRAVEYARD_VERBS) or any(
            map(moves, inner)
        )

    return any(map(moves, effects))


def mana_trigger_subject(trigger: str) -> Selector | None:
    """106.12a: which permanents being tapped for mana trigger the ability."""
    m = re.fullmatch(r"whenever enchanted ([\w ]+?) is tapped for mana", trigger)
    if m:
        return Selector("enchanted")
    m = re.fullmatch(r"whenever (you tap|a player taps) an? ([\w ]+?) for mana", trigger)
    if not m:
        return None
    sel = parse_selector(plural(m.group(2)) + (" you control" if m.group(1) == "you tap" else ""))
    return sel
