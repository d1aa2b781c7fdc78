"""Triggered abilities: "When/Whenever/At ..., effect" (603), including mana triggers (605.1b)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.abilities import (
    COLOR_LETTERS,
    Ability,
    AddMana,
    DefenderFilter,
    Effect,
    IfYouDo,
    MayDo,
    Selector,
    SimpleEffect,
    SpellCaster,
    SpellQuality,
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
        if not reads_intervening_if(cond.group(1)):
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
    reading = read_trigger(m.group(1)) if event is None else None  # E2
    if reading is not None:
        event, subject = reading.event, reading.subject
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
    ability = TriggeredAbility(
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
    return ability if reading is None else with_reading(ability, reading)


def moves_itself_from_graveyard(effects: list[Effect]) -> bool:
    """113.6m: a triggered ability whose effect returns its card from the graveyard functions
    from the graveyard; the vocabulary has no zone for triggered abilities, so it stays unread."""

    def moves(e: Effect) -> bool:
        inner = e.effects if isinstance(e, IfYouDo | MayDo) else ()  # E2: "you may return ~"
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


# --- E2: trigger events beyond the TRIGGERS table ---------------------------------------------
# Each reader takes the trigger phrase as printed ("Whenever ~ or another Ally you control
# enters") and returns what triggers it, or None; a phrase is read only when every word is.


@dataclass(frozen=True)
class TriggerReading:
    event: TriggerEvent
    also: tuple[TriggerEvent, ...] = ()
    subject: Selector = field(default_factory=lambda: Selector("self"))
    or_self: bool = False
    combatant: Selector | None = None
    with_others: int = 0
    one_or_more: bool = False
    alone: bool = False
    attacks_whom: DefenderFilter | None = None
    damaged_by_source: bool = False
    caster: SpellCaster = "you"
    spell_filter: tuple[str, ...] = ()
    spell_colors: tuple[str, ...] = ()
    spell_quality: SpellQuality | None = None


#: "Whenever ~ <event>": the source's own events, which "or" can join ("enters or attacks")
SELF_EVENT_WORDS: dict[str, TriggerEvent] = {
    "enters": "enters",
    "attacks": "attacks",
    "blocks": "blocks",
    "dies": "dies",
    "leaves the battlefield": "leaves",
    "becomes blocked": "becomes_blocked",
    "attacks and isn't blocked": "attacks_unblocked",
    "is put into a graveyard from the battlefield": "put_into_graveyard",
    "is turned face up": "turned_face_up",
}
#: keywords a block trigger can ask of the other creature ("blocks a creature with flying")
COMBAT_KEYWORDS = frozenset({"flying", "trample", "first strike", "deathtouch", "menace"})
#: the events whose trigger can name the other creature in the block (509.3b, 509.3d, 509.3f)
BLOCK_EVENTS = ("blocks", "becomes_blocked")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def combatant_selector(phrase: str) -> Selector | None:
    """ "creature", "creature with flying", "green creature", "non-Wall creature": the creature
    blocked or blocking (509.3f: with those characteristics as blockers are declared)."""
    if phrase == "creature":
        return Selector("all", ("Creature",))
    km = re.fullmatch(r"creature with (\w+)", phrase)
    if km and km.group(1) in COMBAT_KEYWORDS:
        return Selector("all", ("Creature",), with_keyword=km.group(1))
    return parse_selector(plural(phrase))


def self_events(raw: str) -> TriggerReading | None:
    """ "When ~ enters or dies", "Whenever ~ blocks or becomes blocked by a creature",
    "Whenever ~ attacks and isn't blocked", "Whenever ~ blocks a creature with flying"."""
    if re.fullmatch(r"when you cycle ~ and when ~ dies", raw, flags=re.IGNORECASE):
        return TriggerReading("cycled", ("dies",))  # one ability, two trigger events
    m = re.fullmatch(r"when(?:ever)? ~ (.+)", raw, flags=re.IGNORECASE)
    if not m:
        return None
    if m.group(1) == "attacks alone":
        return TriggerReading("attacks", alone=True)  # 506.5
    rest, combatant = m.group(1), None
    cm = re.fullmatch(r"(.*\b(?:blocks|becomes blocked)) (?:by )?an? (.+)", rest)
    if cm:
        rest, combatant = cm.group(1), combatant_selector(cm.group(2))
        if combatant is None:
            return None
    words = re.split(r",? or ", rest)
    if not words or any(w not in SELF_EVENT_WORDS for w in words):
        return None
    events = tuple(dict.fromkeys(SELF_EVENT_WORDS[w] for w in words))
    if combatant is not None and not all(ev in BLOCK_EVENTS for ev in events):
        return None
    return TriggerReading(events[0], events[1:], combatant=combatant)


def attacks_with_others(raw: str) -> TriggerReading | None:
    """ "Whenever ~ and at least two other creatures attack" (battalion, 508.3a)."""
    m = re.fullmatch(
        r"whenever ~ and at least (\w+) other creatures attack", raw, flags=re.IGNORECASE
    )
    if not m or m.group(1) not in NUMBER_WORDS:
        return None
    return TriggerReading("attacks", with_others=NUMBER_WORDS[m.group(1)])


def subject_phrase(phrase: str, other: bool, event: TriggerEvent) -> Selector | None:
    """ "Ally you control", "enchantment you control", "black creature you control",
    "creature": which other objects' event triggers it. A creature subtype alone ("Zombie")
    names creatures; dying is a creature's (700.4)."""
    if phrase.startswith("nontoken "):
        inner = subject_phrase(phrase[len("nontoken ") :], other, event)
        return None if inner is None or inner.tokens_only else replace(inner, nontoken=True)
    om = re.fullmatch(r"([A-Z][a-z'-]+) or ([A-Z][a-z'-]+)( you control)?", phrase)
    if om and not other:  # "Samurai or Warrior you control": either subtype (205.3)
        scope = "you_control" if om.group(3) else "all"
        return Selector(scope, ("Creature",), (om.group(1), om.group(2)))  # type: ignore[arg-type]
    m = re.fullmatch(r"([A-Z][a-z'-]+)( you control| an opponent controls)?", phrase)
    if m and m.group(1) not in ("Creature",):
        ctrl = m.group(2) or ""
        scope = "you_control" if ctrl == " you control" else "opponents_control" if ctrl else "all"
        if other:
            scope = {"you_control": "others_you_control", "all": "all_others"}.get(scope, "")
            if not scope:
                return None
        types = ("Creature",) if event == "dies" else ()
        return Selector(scope, types, (m.group(1),))  # type: ignore[arg-type]
    sel = parse_selector(("other " if other else "") + plural(phrase.lower()))
    if sel is None or (event == "dies" and "Creature" not in sel.types):
        return None
    return sel


def or_another(raw: str) -> TriggerReading | None:
    """ "Whenever ~ or another Ally you control enters", "Whenever ~ or another creature
    dies": the source's own event and other objects' (603.6a, 603.10a)."""
    m = re.fullmatch(r"whenever ~ or another (.+?) (enters|dies)", raw, flags=re.IGNORECASE)
    if not m:
        return None
    event: TriggerEvent = "enters" if m.group(2) == "enters" else "dies"
    sel = subject_phrase(m.group(1), True, event)
    if sel is None:
        return None
    return TriggerReading(event, subject=sel, or_self=True)


#: combat events of the creature an Aura or Equipment is attached to, or of a kind of creature
SUBJECT_COMBAT_WORDS: dict[str, tuple[TriggerEvent, ...]] = {
    "attacks or blocks": ("attacks", "blocks"),
    "blocks": ("blocks",),
    "becomes blocked": ("becomes_blocked",),
    "blocks or becomes blocked": ("blocks", "becomes_blocked"),
    "attacks and isn't blocked": ("attacks_unblocked",),
}


def subject_combat(raw: str) -> TriggerReading | None:
    """ "Whenever enchanted creature attacks or blocks", "Whenever a creature you control
    becomes blocked", "Whenever a creature you control attacks"."""
    m = re.fullmatch(
        r"whenever (enchanted creature|equipped creature|an? .+?|another .+?) ("
        + "|".join(sorted(SUBJECT_COMBAT_WORDS, key=len, reverse=True))
        + "|attacks alone|attacks)",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    who, what = m.group(1), m.group(2)
    alone = what == "attacks alone"  # 506.5
    if who in ("enchanted creature", "equipped creature"):
        if what == "attacks":
            return None  # SUBJECT_EVENTS reads it
        sel = parse_selector(who)
    else:
        other = who.lower().startswith("another ")
        sel = subject_phrase(re.sub(r"^(?:an?|another) ", "", who), other, "dies")
    if sel is None or "Creature" not in sel.types:
        return None
    events = SUBJECT_COMBAT_WORDS.get(what, ("attacks",))
    return TriggerReading(events[0], events[1:], subject=sel, alone=alone)


def subject_damage(raw: str) -> TriggerReading | None:
    """ "Whenever a creature you control deals combat damage to a player", "Whenever one or more
    creatures you control deal combat damage to a player" (once, 603.2c), "Whenever enchanted
    creature deals damage to an opponent"."""
    m = re.fullmatch(
        r"whenever (enchanted creature|equipped creature|an? .+?|one or more .+?) deals? "
        r"(combat )?damage to (a player|an opponent)",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    who, combat, whom = m.group(1), bool(m.group(2)), m.group(3)
    many = who.lower().startswith("one or more ")
    if who in ("enchanted creature", "equipped creature"):
        if combat:
            return None  # SUBJECT_EVENTS reads it
        sel = parse_selector(who)
    elif many:
        sel = parse_selector(who[len("one or more ") :])
    else:
        sel = subject_phrase(re.sub(r"^an? ", "", who), False, "dies")
    if sel is None or "Creature" not in sel.types or (combat and whom != "a player"):
        return None
    event: TriggerEvent = (
        "combat_damage_to_player"
        if combat
        else "damage_to_player"
        if whom == "a player"
        else "damage_to_opponent"
    )
    return TriggerReading(event, subject=sel, one_or_more=many)


#: "whenever <who> cast(s) a <kind> spell": the spell's colors, types or quality (603.2)
CASTERS: dict[str, SpellCaster] = {
    "you cast": "you",
    "a player casts": "a_player",
    "an opponent casts": "an_opponent",
}
SPELL_TYPE_WORDS = ("creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker")
SPELL_QUALITIES: dict[str, SpellQuality] = {
    "multicolored": "multicolored",
    "colorless": "colorless",
    "historic": "historic",
    "noncreature": "noncreature",
}


#: cast triggers whose spells the board can't tell apart: this turn's earlier spells, a kicker
#: paid, the zone it was cast from, a color chosen as the permanent entered
HISTORY_CAST = re.compile(
    r"whenever (you cast|a player casts|an opponent casts) (?:your (?:first|second|third) spell "
    r"(?:each turn|during each opponent's turn)|a kicked spell|a spell from (?:your|a) graveyard|"
    r"a spell of the chosen color|a spell during an opponent's turn|"
    r"a spell with mana value \d+ or (?:less|greater))"
)


def cast_spell_trigger(raw: str) -> TriggerReading | None:
    """ "Whenever a player casts a white spell", "Whenever you cast a historic spell",
    "Whenever an opponent casts a creature spell", "Whenever you cast a spell that targets ~",
    "Whenever a player casts an instant or sorcery spell"."""
    hm = HISTORY_CAST.fullmatch(raw.lower())
    if hm:
        return TriggerReading(
            "cast_spell", caster=CASTERS[hm.group(1)], spell_quality="not_on_board"
        )
    m = re.fullmatch(
        r"when(?:ever)? (you cast|a player casts|an opponent casts) an? (?:(.+?) )?spell"
        r"( that targets ~)?",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    caster = CASTERS[m.group(1).lower()]
    kind = (m.group(2) or "").lower()
    quality: SpellQuality | None = "targets_source" if m.group(3) else None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    if kind in SPELL_QUALITIES and quality is None:
        quality = SPELL_QUALITIES[kind]
    elif kind == "legendary" or re.fullmatch(r"[A-Z][a-z]+", m.group(2) or ""):
        types = (kind.capitalize(),)  # a supertype or subtype of the spell's type line (205)
    elif kind:
        words = kind.split(" or ")
        if all(w in COLOR_LETTERS for w in words):
            colors = tuple(COLOR_LETTERS[w] for w in words)
        elif all(w in SPELL_TYPE_WORDS for w in words):
            types = tuple(w.capitalize() for w in words)
        else:
            return None
    if quality == "targets_source" and caster != "you":
        return None
    return TriggerReading(
        "cast_spell",
        caster=caster,
        spell_filter=types,
        spell_colors=colors,
        spell_quality=quality,
    )


#: events no question performs (engine/vocabulary.py says why for each): (regex, event)
UNPERFORMED_EVENT_ROWS: tuple[tuple[str, TriggerEvent], ...] = (
    (r"whenever ~ mutates", "mutates"),
    (r"whenever you crank this contraption", "cranked"),
    (r"whenever you draw your (?:second|third) card each turn", "you_draw"),
    (r"whenever an opponent draws a card", "opponent_draws"),
    (
        r"whenever (?:you|a player|an opponent) (?:cycles?|discards?|cycles? or discards?) "
        r"(?:a|another) card",
        "cycle_or_discard",
    ),
    (r"when(?:ever)? ~ exploits a creature", "exploits"),
    (
        r"whenever (?:you sacrifice|a player sacrifices) (?:a|another) "
        r"(?:permanent|creature|clue|token|treasure)",
        "sacrificed",
    ),
    (r"whenever a permanent(?: you control)? is turned face up", "turned_face_up"),
    (r"whenever a creature you control explores", "explores"),
    (r"whenever you (?:surveil|scry)", "surveil_or_scry"),
    (r"whenever you roll one or more dice", "rolls_dice"),
    (r"whenever (?:an opponent|a player) plays a land", "plays_land"),
    (r"when ~ becomes monstrous", "becomes_monstrous"),
    (r"whenever one or more cards leave your graveyard", "leaves_graveyard"),
    (r"whenever you get one or more \{e\}", "gets_energy"),
    (r"whenever a time counter is removed from ~ while it's exiled", "time_counter_removed"),
)


def unperformed_event(raw: str) -> TriggerReading | None:
    """ "Whenever ~ mutates", "Whenever you cycle or discard a card", "Whenever you sacrifice a
    Clue": events that happen only in ways no question on a board snapshot performs."""
    low = raw.lower()
    return next(
        (TriggerReading(ev) for pat, ev in UNPERFORMED_EVENT_ROWS if re.fullmatch(pat, low)), None
    )


def target_trigger(raw: str) -> TriggerReading | None:
    """ "Whenever ~ becomes the target of a spell or ability an opponent controls", "Whenever a
    Dragon you control becomes the target of ...", "When enchanted creature becomes the target of
    a spell or ability" (the TRIGGERS rows read the source's own, from anyone)."""
    m = re.fullmatch(
        r"when(?:ever)? (~|enchanted creature|an? .+?) becomes the target of a spell or ability"
        r"( an opponent controls)?",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    who, theirs = m.group(1), bool(m.group(2))
    if who == "~":
        sel: Selector | None = Selector("self")
    elif who == "enchanted creature":
        sel = parse_selector(who)
    else:
        sel = subject_phrase(re.sub(r"^an? ", "", who), False, "enters")
    if sel is None or (sel.scope == "self" and not theirs):
        return None
    return TriggerReading("becomes_target", subject=sel, caster="an_opponent" if theirs else "you")


def damage_to_player_or_planeswalker(raw: str) -> TriggerReading | None:
    """ "Whenever ~ deals combat damage to a player or planeswalker" (510.2)."""
    if not re.fullmatch(
        r"whenever ~ deals combat damage to a player or planeswalker", raw, flags=re.IGNORECASE
    ):
        return None
    return TriggerReading("combat_damage_to_player_or_planeswalker")


def attacks_you(raw: str) -> TriggerReading | None:
    """ "Whenever a creature attacks you", "... attacks you or a planeswalker you control"."""
    m = re.fullmatch(
        r"whenever an? (.+?) attacks (you|you or a planeswalker you control)",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    sel = subject_phrase(m.group(1), False, "dies")
    if sel is None:
        return None
    whom: DefenderFilter = "you" if m.group(2) == "you" else "you_or_your_planeswalkers"
    return TriggerReading("attacks", subject=sel, attacks_whom=whom)


def subject_to_graveyard(raw: str) -> TriggerReading | None:
    """ "Whenever an artifact is put into a graveyard from the battlefield", "Whenever a land is
    put into a graveyard from the battlefield" (700.4: "dies" is a creature's)."""
    m = re.fullmatch(
        r"whenever (a|an|another) (.+?) is put into a graveyard from the battlefield",
        raw,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    sel = subject_phrase(m.group(2), m.group(1).lower() == "another", "enters")
    return None if sel is None else TriggerReading("put_into_graveyard", subject=sel)


def you_attack(raw: str) -> TriggerReading | None:
    """ "Whenever you attack": once each combat you attack with one or more creatures (508.3a,
    603.2c)."""
    if raw.lower() != "whenever you attack":
        return None
    return TriggerReading(
        "attacks", subject=Selector("you_control", ("Creature",)), one_or_more=True
    )


def dealt_damage_dies(raw: str) -> TriggerReading | None:
    """ "Whenever a creature dealt damage by ~ this turn dies" (700.4, 603.10a)."""
    if not re.fullmatch(
        r"whenever a creature dealt damage by ~ this turn dies", raw, flags=re.IGNORECASE
    ):
        return None
    return TriggerReading("dies", subject=Selector("all", ("Creature",)), damaged_by_source=True)


def subject_dies(raw: str) -> TriggerReading | None:
    """ "Whenever a nontoken creature you control dies", "Whenever another Zombie you control
    dies" (the subject rows read the kinds parse_selector reads)."""
    m = re.fullmatch(r"whenever (a|an|another) (.+?) dies", raw, flags=re.IGNORECASE)
    if not m:
        return None
    sel = subject_phrase(m.group(2), m.group(1).lower() == "another", "dies")
    return None if sel is None else TriggerReading("dies", subject=sel)


def subject_enters(raw: str) -> TriggerReading | None:
    """ "Whenever an Angel you control enters", "Whenever another Zombie you control enters",
    "When a Dragon enters", "Whenever a Forest you control enters" (603.6a; the subtype as
    printed)."""
    m = re.fullmatch(r"when(?:ever)? (a|an|another) (.+?) enters", raw, flags=re.IGNORECASE)
    if not m:
        return None
    sel = subject_phrase(m.group(2), m.group(1).lower() == "another", "enters")
    return None if sel is None else TriggerReading("enters", subject=sel)


def controls_none(raw: str) -> TriggerReading | None:
    """ "When you control no Islands": a state trigger (603.8)."""
    m = re.fullmatch(r"[Ww]hen you control no ([A-Z][a-z]+)s", raw)
    if not m:
        return None
    return TriggerReading("controls_none", subject=Selector("you_control", (), (m.group(1),)))


#: the E2 readers, tried in order after the TRIGGERS table and the subject rows
TRIGGER_READERS = (
    self_events,
    attacks_with_others,
    or_another,
    subject_combat,
    cast_spell_trigger,
    unperformed_event,
    subject_damage,
    subject_dies,
    dealt_damage_dies,
    subject_enters,
    you_attack,
    attacks_you,
    subject_to_graveyard,
    target_trigger,
    damage_to_player_or_planeswalker,
    controls_none,
)


def read_trigger(raw: str) -> TriggerReading | None:
    for reader in TRIGGER_READERS:
        found = reader(raw)
        if found is not None:
            return found
    return None


def with_reading(ability: TriggeredAbility, reading: TriggerReading) -> TriggeredAbility:
    return replace(
        ability,
        event=reading.event,
        also=reading.also,
        subject=reading.subject,
        or_self=reading.or_self,
        combatant=reading.combatant,
        with_others=reading.with_others,
        one_or_more=reading.one_or_more,
        alone=reading.alone,
        attacks_whom=reading.attacks_whom,
        damaged_by_source=reading.damaged_by_source,
        caster=reading.caster,
        spell_filter=reading.spell_filter,
        spell_colors=reading.spell_colors,
        spell_quality=reading.spell_quality,
    )


# --- E2: more intervening "if" clauses (603.4) ---------------------------------------------
# Read as the condition's text: questions.intervening_if adds the 603.4 step and makes the answer
# unverified whenever such an ability triggers, since the engine doesn't evaluate them.
INTERVENING_IF_PATTERNS: tuple[str, ...] = (
    r"a permanent left the battlefield under your control this turn",
    r"tribute wasn't paid",
    r"there are (?:four|seven) or more card types among cards in your graveyard",
    r"you gained (?:\d+) or more life this turn",
    r"an opponent lost life this turn",
    r"you're the monarch",
    r"you control (?:a|another) creature with power \d+ or greater",
    r"you control three or more creatures with different powers",
    r"you control an artifact or enchantment",
    r"you control a desert or there is a desert card in your graveyard",
    r"you control your commander",
    r"you control no untapped lands",
    r"creatures you control have total power \d+ or greater",
    r"there are (?:three|four|five|seven) or more (?:creature )?cards in your graveyard",
    r"you have (?:four|five|seven) or more creature cards in your graveyard",
    r"you have \d+ or less life",
    r"you gained life this turn",
    r"you didn't attack with a creature this turn",
    r"no creatures are on the battlefield",
    r"its surge cost was paid",
    r"that player has (?:one|two) or fewer cards in hand",
    r"it was a human",
    r"\{[wubrg]\} was spent to cast it",
    r"mana from a treasure was spent to cast it",
    r"\d+ or more damage was dealt to it this turn",
    r"your team controls another warrior",
    r"you have the city's blessing",
    r"(?:an opponent|that player) controls more lands than you",
    r"you control no tapped lands",
    r"it had no time counters on it",
    r"~ dealt damage to an opponent this turn",
    r"that player has no cards in hand",
    r"you control an? [a-z']+ planeswalker",
    r"you've cast three or more instant and sorcery spells this turn",
    r"it was kicked twice",
    r"that spell was kicked",
)
CONTROL_IF = re.compile(r"you control (a|an|another|two or more|three or more|four or more) (.+)")


def reads_intervening_if(condition: str) -> bool:
    """The intervening "if" clauses the compiler reads: INTERVENING_IFS, the patterns above, and
    "if you control <a kind of permanent the selectors read>" ("three or more artifacts")."""
    low = condition.lower()
    if low in INTERVENING_IFS or any(re.fullmatch(p, low) for p in INTERVENING_IF_PATTERNS):
        return True
    m = CONTROL_IF.fullmatch(condition)
    if not m:
        return False
    single = m.group(1) in ("a", "an", "another")
    return (
        subject_phrase(m.group(2) if single else _singular(m.group(2)), False, "enters") is not None
    )


def _singular(phrase: str) -> str:
    """ "artifacts" -> "artifact", "Gates" -> "Gate" (for subject_phrase, which takes one)."""
    return re.sub(r"(?<=[a-z])s$", "", phrase)
