"""Compile a card's Oracle text into the ability vocabulary (``engine.abilities``).

``compile_card(card_text) -> CardDefinition``. Text is normalised (self-references become ``~``,
reminder text and ability words are dropped), split into paragraphs, and each paragraph is read
by the templates in ``engine.templates``: keyword lines, activated abilities ("cost: effect"),
triggered abilities ("When/Whenever/At ..."), static abilities, and spell text. A paragraph no
template reads exactly becomes ``Unsupported`` — never a partial guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from engine import templates as t
from engine.abilities import (
    Ability,
    ActivatedAbility,
    AddMana,
    AddTypes,
    BecomesUntilEndOfTurn,
    ColorDefining,
    CopyExceptions,
    Cost,
    CreateTokenCopy,
    DealDamage,
    EnterAsCopy,
    GainLife,
    Keyword,
    LoseLife,
    ManaAbility,
    Modal,
    Selector,
    SimpleEffect,
    SpellAbility,
    TriggeredAbility,
    TypeDefining,
    Unsupported,
)
from engine.cards import CardText


@dataclass(frozen=True)
class CardDefinition:
    name: str
    abilities: tuple[Ability, ...]  # in printed order; unsupported clauses included in place
    unsupported: tuple[Unsupported, ...]

    @property
    def fully_modelled(self) -> bool:
        return not self.unsupported


SELF_WORDS = (
    "creature",
    "land",
    "artifact",
    "enchantment",
    "permanent",
    "card",
    "token",
    "Equipment",
    "Aura",
    "Vehicle",
    "planeswalker",
    "spell",
    "Saga",
    "battle",
    "Class",
    "Room",
)

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


def normalise(text: str, name: str) -> str:
    text = re.sub(r"\s*\([^()]*\)", "", text)  # reminder text (207.2a)
    names = {name}
    if "," in name:
        names.add(name.split(",")[0])
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, "~")
    words = "|".join(SELF_WORDS)
    text = re.sub(rf"\b[Tt]his ({words})\b", "~", text)
    return text.replace("\u2212", "-").strip()


ABILITY_WORD = re.compile(r"^([A-Z][\w' ,-]{1,40}) — (?=\S)")


# 207.2c: the ability words (no rules meaning). Other "Word — " prefixes may be keywords with
# rules (boast, exhaust, ...), so they are left in place and the paragraph stays unsupported.
ABILITY_WORDS = frozenset(
    """adamant addendum alliance battalion bloodrush celebration channel chroma cohort
    constellation converge council's_dilemma coven delirium descend_4 descend_8 domain eerie
    eminence enrage fateful_hour fathomless_descent ferocious flurry formidable grandeur hellbent
    heroic imprint inspired join_forces kinship landfall lieutenant magecraft metalcraft morbid
    pack_tactics paradox parley radiance raid rally renew revolt secret_council spell_mastery
    strive survival sweep tempting_offer threshold undergrowth valiant vivid void
    will_of_the_council""".replace("_", " ").split()
)


def strip_ability_word(paragraph: str) -> str:
    """Ability words have no rules meaning (207.2c)."""
    m = ABILITY_WORD.match(paragraph)
    if m and m.group(1).lower().replace("’", "'") in ABILITY_WORDS:
        return paragraph[m.end() :]
    return paragraph


def split_cost(paragraph: str) -> tuple[str, str] | None:
    """ "{T}: Add {G}." -> ("{T}", "Add {G}.") — the first colon outside quotes (602.1)."""
    depth = 0
    for i, ch in enumerate(paragraph):
        if ch in '\u201c"':
            depth ^= 1
        if ch == ":" and depth == 0:
            return paragraph[:i].strip(), paragraph[i + 1 :].strip()
    return None


def compile_activated(cost_text: str, effect_text: str, text: str) -> Ability | None:
    sorcery = False
    m = re.fullmatch(r"(.+?)\s*Activate only as a sorcery\.?", effect_text)
    if m:
        effect_text, sorcery = m.group(1), True
    if re.search(r"Activate only once each turn\.?$", effect_text):
        return None
    cost = t.parse_cost(cost_text)
    if cost is None:
        return None
    effects = t.parse_effects(source_pronoun(effect_text))
    if effects is None:
        return None
    first = effects[0] if effects else None
    if isinstance(first, AddMana) and cost.loyalty is None and all(map(untargeted, effects[1:])):
        # 605.1a: no target, could add mana, not a loyalty ability
        return ManaAbility(cost, first.produces, text, also=tuple(effects[1:]))
    if any(isinstance(e, AddMana) for e in effects):
        return None
    return ActivatedAbility(cost, tuple(effects), text, sorcery_speed=sorcery)


def source_pronoun(effect_text: str) -> str:
    """An ability's effect that opens with "it deals" means its source deals (the only object
    named so far); later "it"s may mean a target and are left alone."""
    return re.sub(r"^[Ii]t (deals|gets|gains) ", r"~ \1 ", effect_text)


def untargeted(effect: object) -> bool:
    """Side effects a mana ability may have without stopping being one (605.1a: no target)."""
    if isinstance(effect, DealDamage):
        return effect.target.what == "you"
    if isinstance(effect, LoseLife):
        return effect.who == "you"
    return isinstance(effect, GainLife)


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
    (r"whenever ~ deals combat damage to a player", "combat_damage_to_player"),
    (r"whenever you cast a noncreature spell", "cast_spell"),
    (r"whenever you cast an instant or sorcery spell", "cast_spell"),
    (r"whenever you tap an? ([\w ]+?) for mana", "tapped_for_mana"),
    (r"whenever enchanted ([\w ]+?) is tapped for mana", "tapped_for_mana"),
    (r"whenever a player taps an? ([\w ]+?) for mana", "tapped_for_mana"),
    (r"when you cast this spell", "cast_spell"),
    (r"when ~ becomes the target of a spell", "becomes_target"),
    (
        r"whenever ~ becomes the target of a spell or ability for the first time each turn",
        "becomes_target",
    ),
    (r"whenever ~ becomes the target of a spell or ability", "becomes_target"),
    (r"at the beginning of combat on your turn", "beginning_of_combat"),
    (r"whenever ~ becomes tapped", "becomes_tapped"),
)

INTERVENING_IFS = frozenset(
    {
        "no spells were cast last turn",
        "a player cast two or more spells last turn",
        "you control no other creatures",
        "you have no cards in hand",
    }
)

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
    if event is None:
        sm = SUBJECT_TRIGGER.fullmatch(trigger)
        other = "other " if sm and sm.group(1).lower() == "another" else ""
        chosen = t.parse_selector(other + _plural(sm.group(2))) if sm else None
        if chosen is None:
            return None
        event, subject = "enters", chosen
    # with a self trigger, a leading "it" is the source; with "whenever a creature ..." it's
    # that creature, so it stays (and such text stays unsupported)
    body = source_pronoun(m.group(2)) if subject.scope == "self" else m.group(2)
    optional = bool(re.match(r"you may ", body, re.IGNORECASE))
    effects = t.parse_effects(body)
    if effects is None:
        return None
    mana = event == "tapped_for_mana" and all(isinstance(e, AddMana) for e in effects)
    return TriggeredAbility(
        event,  # type: ignore[arg-type]
        tuple(effects),
        paragraph,
        subject=subject,
        optional=optional,
        intervening_if=condition,
        mana_ability=mana,
    )


def mana_trigger_subject(trigger: str) -> Selector | None:
    """106.12a: which permanents being tapped for mana trigger the ability."""
    m = re.fullmatch(r"whenever enchanted ([\w ]+?) is tapped for mana", trigger)
    if m:
        return Selector("enchanted")
    m = re.fullmatch(r"whenever (you tap|a player taps) an? ([\w ]+?) for mana", trigger)
    if not m:
        return None
    sel = t.parse_selector(
        _plural(m.group(2)) + (" you control" if m.group(1) == "you tap" else "")
    )
    return sel


def _plural(phrase: str) -> str:
    """Plural for parse_selector: "creature token you control" -> "creature tokens you control"."""
    nouns = r"creature token|creature|artifact|enchantment|land|permanent|token|planeswalker"
    m = re.fullmatch(r"(.*?)\b(" + nouns + r")\b( .+)?", phrase)
    if not m:
        return phrase
    return f"{m.group(1)}{m.group(2)}s{m.group(3) or ''}"


def keyword_abilities(kw: Keyword, text: str) -> list[Ability]:
    """Keywords that are activated abilities with a defined effect (702.128a, 702.129a, 702.6a),
    or characteristic-defining abilities (devoid 702.114a, changeling 702.73a)."""
    if kw.name == "devoid":
        return [kw, ColorDefining((), "Devoid")]
    if kw.name == "changeling":
        return [kw, TypeDefining(True, "Changeling")]
    if kw.name in ("embalm", "eternalize") and kw.param:
        paid = t.parse_cost(t.normalise_self(kw.param))
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


def guess_kind(paragraph: str) -> str:
    low = paragraph.lower()
    if re.match(r"(when|whenever|at the beginning)\b", low):
        return "triggered"
    if split_cost(paragraph) and re.match(r"[{+\-0-9]|sacrifice|tap|pay|discard|exile|remove", low):
        return "activated"
    if re.search(r"\benters\b.*\b(with|tapped|as a copy)\b|^as ~ enters", low):
        return "replacement"
    return "static"


def compile_paragraph(paragraph: str, is_spell: bool) -> list[Ability]:
    try:
        return read_paragraph(paragraph, is_spell)
    except (ValueError, KeyError, IndexError) as exc:  # a template bug must not sink the card
        return [Unsupported(paragraph, f"compiler error: {exc}", "unknown")]


def group_modes(text: str) -> list[str]:
    """Paragraphs, with a "choose one —" line and its "•" modes kept together (700.2)."""
    out: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        if line.lstrip().startswith("•") and out and re.search(r"—$|\n•", out[-1]):
            out[-1] += "\n" + line.strip()
        else:
            out.append(line)
    return out


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
        effects = t.parse_effects(source_pronoun(body))
        if effects is None or any(isinstance(e, AddMana) for e in effects):
            return None
        modes.append(tuple(effects))
    modal = Modal(m.group("n"), tuple(modes), paragraph)
    if m.group("trigger"):
        trigger = m.group("trigger").lower()
        event = next((ev for pat, ev in TRIGGERS if re.fullmatch(pat, trigger)), None)
        if event is None or event == "tapped_for_mana":
            return None
        return [TriggeredAbility(event, (modal,), paragraph)]  # type: ignore[arg-type]
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
    kws = t.parse_keyword_line(p)
    if kws:
        out: list[Ability] = []
        for kw in kws:
            out.extend(keyword_abilities(kw, p))
        return out
    body = p.rstrip(".")
    if is_spell:
        effects = t.parse_effects(p)
        if effects is not None and not any(isinstance(e, AddMana) for e in effects):
            return [SpellAbility(tuple(effects), p)]
        spell_statics: tuple[t.StaticParser, ...] = (
            t.s_additional_cost,
            t.s_restriction,
            t.s_cost_change,
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
    for parser in t.STATIC_PARSERS:
        got = parser(body)
        if got is not None:
            return got
    kind = guess_kind(p)
    return [Unsupported(p, f"no template reads this {kind} ability", kind)]  # type: ignore[arg-type]


@lru_cache(maxsize=65536)
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
