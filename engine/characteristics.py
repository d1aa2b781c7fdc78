"""Characteristics through the layer system (613): copiable values in layer 1 (707), then
type (4), color (5), abilities (6) and power/toughness (7a-7d), in timestamp order with
dependencies decided by trial (613.8). Control (2) and text (3) changes are not modelled.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.abilities import (
    COLOR_LETTERS,
    COLORS,
    Ability,
    AddChosenColor,
    AddChosenType,
    AddColors,
    AddTypes,
    BecomesUntilEndOfTurn,
    ColorDefining,
    CopyExceptions,
    Count,
    CountAttached,
    CountCards,
    CountCounters,
    CountDevotion,
    CounterReplacement,
    CountOf,
    CountSelfPower,
    CreateTokens,
    EnterAsCopy,
    ExileIfDiesThisTurn,
    FixedMana,
    GainActivatedAbilitiesOf,
    GainControl,
    GrantAbilities,
    Keyword,
    Layer,
    LoseKeywords,
    LoseSupertype,
    ManaAbility,
    Modification,
    ModifyPT,
    ModifyPTPerCount,
    PTDefining,
    PumpUntilEndOfTurn,
    RemoveAllAbilities,
    Selector,
    SetColors,
    SetCreatureTypes,
    SetPT,
    SetPTToManaValue,
    SetTypes,
    StaticCondition,
    StaticEffect,
    SwitchPT,
    TokenSpec,
    TypeDefining,
    is_activated,
)
from engine.answer import EngineLimit, Trace
from engine.board import DESCRIBED_ZONES, Board, GameObject, TokenDef
from engine.cards import CardText
from engine.counter_replacements import CounterSource, CountersPut, replaced_counters
from engine.oracle import compile_card, parse_effects, parse_exceptions
from engine.predefined import PREDEFINED

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Tribal",
)
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
MAX_COPY_DEPTH = 20
MAX_DEPENDENCY_TRIALS = 20000


@dataclass
class Chars:
    """An object's characteristics at some point in the layer system."""

    name: str
    mana_cost: str | None
    colors: frozenset[str]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    abilities: tuple[Ability, ...]
    all_creature_types: bool = False
    extra_counters: tuple[tuple[str, int], ...] = ()  # Spark Double-style exceptions (707.9e)
    copied_from: str | None = None
    controller: str | None = None  # set by a layer-2 control-changing effect
    mana_value_cost: str | None = None  # 712.8e: the front face's cost, for a transformed one
    notes: list[str] = field(default_factory=list)

    def clone(self) -> Chars:
        return replace(self, notes=list(self.notes))

    def has_type(self, t: str) -> bool:
        return t in self.types

    def keywords(self) -> set[str]:
        return {a.name for a in self.abilities if isinstance(a, Keyword)}

    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        subs = list(self.subtypes)
        if self.all_creature_types:
            subs.append("(all creature types)")
        return f"{left} — {' '.join(subs)}" if subs else left

    def signature(self) -> tuple[Any, ...]:
        return (
            self.name,
            self.mana_cost,
            tuple(sorted(self.colors)),
            self.supertypes,
            self.types,
            self.subtypes,
            self.power,
            self.toughness,
            self.abilities,
            self.all_creature_types,
        )


# --- printed values and mana costs -------------------------------------------------------------


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supers = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w in CARD_TYPES)
    return supers, types, tuple(right.split())


def colors_of_cost(cost: str | None) -> frozenset[str]:
    if not cost:
        return frozenset()
    found = set()
    for sym in re.findall(r"\{([^}]+)\}", cost):
        for part in sym.split("/"):
            if part in COLORS:
                found.add(part)
    return frozenset(found)


def mana_value(cost: str | None, x: int = 0) -> int:
    """202.3: the total amount of mana in the cost; X counts as ``x`` (0 off the stack, 202.3e)."""
    if not cost:
        return 0
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            total += x
        elif "/" in sym and sym.split("/")[0].isdigit():
            total += int(sym.split("/")[0])  # {2/W}
        elif sym in ("Y", "Z"):
            total += 0
        else:
            total += 1
    return total


def _pt(value: str | None) -> int | None:
    if value is None:
        return None
    m = re.fullmatch(r"(-?\d+)(?:[+-]\*)?", value.strip())
    if m:
        return int(m.group(1))
    return 0  # "*" and "*+1" style: the CDA supplies the value (604.3)


SPLIT_LAYOUTS = ("split", "aftermath")
NONMODAL_DFC_LAYOUTS = ("transform", "flip_dfc")  # 712.8e (meld is handled as unknown)


def printed(card: CardText, face: int, zone: str = "battlefield") -> Chars:
    if card.layout in SPLIT_LAYOUTS and zone != "stack" and len(card.faces) > 1:
        return printed_split(card)
    cur = card.face(face)
    supers, types, subs = split_type_line(cur.type_line)
    definition = compile_card(card, face)
    front_cost = None
    if face and card.layout in NONMODAL_DFC_LAYOUTS:
        # 712.8e: a transformed permanent's mana value uses its front face's mana cost
        front_cost = card.face(0).mana_cost or None
    return Chars(
        name=cur.name,
        mana_cost=cur.mana_cost or None,
        colors=printed_colors(card, face),
        supertypes=supers,
        types=types,
        subtypes=subs,
        power=_pt(cur.power),
        toughness=_pt(cur.toughness),
        loyalty=_pt(cur.loyalty),
        abilities=definition.abilities,
        mana_value_cost=front_cost,
    )


def printed_colors(card: CardText, face: int) -> frozenset[str]:
    """202.2: the colors of the mana cost, or of the color indicator (202.2e) that a face
    without a mana cost may have. Without indicator data a back face is given its front face's
    colors (the board check flags it)."""
    cur = card.face(face)
    if not cur.mana_cost and cur.colors is not None:
        return frozenset(c for c in cur.colors if c in COLORS)
    if face and not cur.mana_cost:
        return colors_of_cost(card.face(0).mana_cost)
    return colors_of_cost(cur.mana_cost)


def color_indicator_unknown(card: CardText, face: int) -> bool:
    """A face with no mana cost may have a color indicator (202.2e); without color data that's
    unknown, except for a plain land (lands have no color indicator save Dryad Arbor, which is
    also a creature)."""
    cur = card.face(face)
    if cur.mana_cost or cur.colors is not None:
        return False
    _supers, types, _subs = split_type_line(cur.type_line)
    return bool(face) or types != ("Land",)


def printed_split(card: CardText) -> Chars:
    """709.4: off the stack a split card has both halves' characteristics combined: both names,
    the combined mana cost (709.4b), each card type and each ability (709.4c)."""
    halves = [printed(replace(card, layout=""), i, "stack") for i in range(len(card.faces))]
    cost = "".join(h.mana_cost or "" for h in halves) or None
    return Chars(
        name=" // ".join(h.name for h in halves),
        mana_cost=cost,
        colors=frozenset().union(*(h.colors for h in halves)),
        supertypes=tuple(dict.fromkeys(t for h in halves for t in h.supertypes)),
        types=tuple(dict.fromkeys(t for h in halves for t in h.types)),
        subtypes=tuple(dict.fromkeys(t for h in halves for t in h.subtypes)),
        power=None,
        toughness=None,
        loyalty=None,
        abilities=tuple(a for h in halves for a in h.abilities),
    )


def mana_value_of(ch: Chars, x: int = 0) -> int:
    """202.3, with a transformed permanent's mana value from its front face (712.8e)."""
    return mana_value(ch.mana_value_cost if ch.mana_value_cost else ch.mana_cost, x)


def from_token_spec(spec: TokenSpec) -> Chars:
    abilities: tuple[Ability, ...] = spec.abilities
    name = spec.name or " ".join(spec.subtypes) + " Token"  # 111.4
    if spec.ability_text:
        abilities += compile_card(CardText(name, oracle_text=spec.ability_text)).abilities
    return Chars(
        name=name,
        mana_cost=None,
        colors=frozenset(spec.colors),
        supertypes=spec.supertypes,
        types=spec.types,
        subtypes=spec.subtypes,
        power=spec.power if isinstance(spec.power, int) else None,
        toughness=spec.toughness if isinstance(spec.toughness, int) else None,
        loyalty=None,
        abilities=abilities,
    )


# --- layer 1: copiable values (707.2) ----------------------------------------------------------


def apply_exceptions(base: Chars, exc: CopyExceptions) -> Chars:
    """707.9b: the modified values become the copy's copiable values."""
    out = base.clone()
    if exc.name is not None:
        out.name = exc.name
    if exc.no_mana_cost:
        out.mana_cost = None
    if exc.colors is not None:
        out.colors = frozenset(exc.colors)
    if exc.add_types:
        out.types = tuple(dict.fromkeys((*out.types, *exc.add_types)))
    if exc.set_subtypes is not None:
        out.subtypes = exc.set_subtypes
    if exc.add_subtypes:
        out.subtypes = tuple(dict.fromkeys((*out.subtypes, *exc.add_subtypes)))
    if exc.remove_supertypes:
        out.supertypes = tuple(s for s in out.supertypes if s not in exc.remove_supertypes)
    if exc.power is not None:
        out.power, out.toughness = exc.power, exc.toughness
        # 707.9d: a P/T-defining ability isn't copied when the copy effect sets P/T
        out.abilities = tuple(a for a in out.abilities if not isinstance(a, PTDefining))
    if exc.add_abilities:
        out.abilities = (*out.abilities, *exc.add_abilities)
    out.extra_counters = exc.extra_counters
    return out


def exceptions_from_mapping(data: Any) -> CopyExceptions | None:
    """Board-file exceptions: ``{text: "it's 1/1, ..."}`` or structured fields."""
    if not data:
        return CopyExceptions()
    if "text" in data:
        return parse_exceptions(str(data["text"]))
    colors = data.get("colors")
    return CopyExceptions(
        name=data.get("name"),
        no_mana_cost=bool(data.get("no_mana_cost", False)),
        colors=None if colors is None else tuple(colors),
        add_types=tuple(data.get("add_types", ())),
        add_subtypes=tuple(data.get("add_subtypes", ())),
        remove_supertypes=tuple(data.get("remove_supertypes", ())),
        power=data.get("power"),
        toughness=data.get("toughness"),
    )


class Copier:
    def __init__(self, board: Board, trace: Trace) -> None:
        self.board = board
        self.trace = trace
        self.cache: dict[str, Chars] = {}
        self.log: dict[str, list[tuple[str, str]]] = {}

    def note(self, oid: str, rule: str, text: str) -> None:
        steps = self.log.setdefault(oid, [])
        if (rule, text) not in steps:
            steps.append((rule, text))

    def explain(self, oid: str, trace: Trace, seen: set[str] | None = None) -> None:
        """Add the copy steps of ``oid`` (and of what it copies, 707.3) to ``trace``."""
        seen = seen or set()
        if oid in seen:
            return
        seen.add(oid)
        obj = self.board.objects.get(oid)
        if obj is not None:
            for ce in obj.copy_effects:
                if ce.copies:
                    self.explain(ce.copies, trace, seen)
            if obj.token is not None and obj.token.copy_of:
                self.explain(obj.token.copy_of, trace, seen)
        for rule, text in self.log.get(oid, []):
            trace.add(rule, text)

    def card_named(self, name: str) -> CardText:
        card = self.board.card_source.get(name)
        if card is None:
            raise EngineLimit(f"card {name!r} is not available")
        return card

    def keyword_exceptions(self, card: CardText, keyword: str) -> CopyExceptions:
        from engine.abilities import ActivatedAbility, CreateTokenCopy

        for a in compile_card(card).abilities:
            if isinstance(a, ActivatedAbility) and a.keyword == keyword:
                for e in a.effects:
                    if isinstance(e, CreateTokenCopy):
                        return e.exceptions
        self.trace.unknown(f"{card.name} has no {keyword} ability to define the token")
        return CopyExceptions()

    def token_values(self, obj: GameObject, token: TokenDef, depth: int) -> Chars:
        if token.copy_of or token.copy_of_card:
            if token.copy_of:
                base = self.copiable(self.board.objects[token.copy_of], depth + 1)
                source_name = base.name
            else:
                card = self.card_named(token.copy_of_card or "")
                base = printed(card, 0)
                source_name = card.name
            if token.via in ("embalm", "eternalize"):
                card = self.card_named(token.copy_of_card or source_name)
                exc = self.keyword_exceptions(card, token.via)
                rule = "702.128a" if token.via == "embalm" else "702.129a"
                self.note(
                    obj.id,
                    rule,
                    f"{obj.id} is a {token.via} token of {card.name}: a copy with its exceptions",
                )
            else:
                parsed = exceptions_from_mapping(token.exceptions)
                if parsed is None:
                    self.trace.unknown(f"exceptions of {obj.id}'s copy effect: {token.exceptions}")
                    parsed = CopyExceptions()
                exc = parsed
            self.note(  # S1
                obj.id, "707.2", f"{obj.id} is a token copy of {source_name}: its copiable values"
            )
            self.note(
                obj.id,
                "707.9b",
                f"{obj.id}: the copy's exceptions become part of its copiable values",
            )
            values = apply_exceptions(base, exc)
            values.copied_from = source_name
            return values
        if token.predefined:
            entry = PREDEFINED[token.predefined]
            self.note(obj.id, entry.rule, f"{obj.id} is {entry.definition}")
            return from_token_spec(entry.spec)
        if token.created_by_card:
            spec = self.spec_from_creator(token.created_by_card, token.created_by_ability)
            if spec is not None:
                self.note(
                    obj.id,
                    "111.3",
                    f"{obj.id}: a token's copiable values are those its creator defined",
                )
                if isinstance(spec.power, int):
                    return from_token_spec(spec)
            self.trace.unknown(f"the token {obj.id} made by {token.created_by_card}")
        spec = TokenSpec(
            token.name,
            token.colors,
            token.types,
            token.subtypes,
            token.power,
            token.toughness,
            token.supertypes,
            ability_text=token.oracle_text,
        )
        self.note(
            obj.id, "111.3", f"{obj.id}: a token's copiable values are those its creator defined"
        )
        return from_token_spec(spec)

    def spec_from_creator(self, card_name: str, ability: int | None) -> TokenSpec | None:
        from engine.abilities import ActivatedAbility, TriggeredAbility

        abilities = compile_card(self.card_named(card_name)).abilities
        chosen = (
            [abilities[ability - 1]] if ability and ability <= len(abilities) else list(abilities)
        )
        for a in chosen:
            if isinstance(a, ActivatedAbility | TriggeredAbility):
                for e in a.effects:
                    if isinstance(e, CreateTokens):
                        return e.token
        return None

    def original(self, obj: GameObject, depth: int) -> Chars:
        if obj.token is not None:
            return self.token_values(obj, obj.token, depth)
        assert obj.card is not None
        return printed(obj.card, obj.face, obj.zone)

    def copiable(self, obj: GameObject, depth: int = 0) -> Chars:
        """707.2/707.3: printed (or defined) values modified by copy effects and exceptions."""
        if depth > MAX_COPY_DEPTH:
            raise EngineLimit("copy effects nest too deeply")
        if obj.id in self.cache:
            return self.cache[obj.id]
        values = self.original(obj, depth)
        own = values
        for ce in sorted(obj.copy_effects, key=lambda c: c.timestamp):
            if ce.copies:
                target = self.board.objects[ce.copies]
                base = self.copiable(target, depth + 1)
                what = target.id
            else:
                base = printed(self.card_named(ce.copies_card or ""), 0)
                what = ce.copies_card or ""
            exc = CopyExceptions()
            if ce.via == "enter_as_copy":
                entry = next((a for a in own.abilities if isinstance(a, EnterAsCopy)), None)
                if entry is None:
                    self.trace.unknown(f"{obj.id} has no 'enter as a copy' ability")
                else:
                    exc = entry.exceptions
                    embalmed = obj.token is not None and obj.token.via == "embalm"
                    if entry.exceptions_if_embalmed is not None and embalmed:
                        exc = entry.exceptions_if_embalmed
                self.note(obj.id, "707.5", f"{obj.id} entered as a copy of {what}")
                self.note(obj.id, "614.1c", f"{obj.id}: 'enter as a copy' is a replacement effect")
            else:
                parsed = exceptions_from_mapping(ce.exceptions)
                if parsed is None:
                    self.trace.unknown(f"exceptions of {obj.id}'s copy effect")
                    parsed = CopyExceptions()
                exc = parsed
            self.note(
                obj.id, "707.2", f"{obj.id} copies the copiable values of {what} ({base.name})"
            )
            self.note(obj.id, "613.1a", f"layer 1: {obj.id}'s copy effect applies first")
            source = self.board.objects.get(ce.copies) if ce.copies else None
            if source is not None and (base.copied_from or source.copy_effects):
                self.note(
                    obj.id, "707.3", f"{what} is itself a copy: {obj.id} copies what it copied"
                )
            if source is not None and source.token is not None:
                self.note(
                    obj.id,
                    "111.3",
                    f"{what} is a token: its copiable values are those its creator defined",
                )
            if not exc.is_empty():
                self.note(obj.id, "707.9", f"{obj.id}: the copy effect makes exceptions")
                self.note(
                    obj.id, "707.9b", f"{obj.id}: the copy's exceptions become copiable values"
                )
            if exc.power is not None and any(isinstance(a, PTDefining) for a in base.abilities):
                self.note(obj.id, "707.9d", f"{obj.id}: the P/T-defining ability isn't copied")
            values = apply_exceptions(base, exc)
            values.copied_from = what
            # 712.8e: a copy of a transformed permanent's back face has mana value 0
            values.mana_value_cost = None
        self.cache[obj.id] = values
        return values


# --- continuous effects (611, 613) -------------------------------------------------------------


def source_text(text: str, name: str) -> str:
    """A static ability's text with "~" as its source's name; inside a quoted ability it grants,
    "~" is each object that has that ability (113.10), so it reads "this permanent" there."""
    return "".join(
        part.replace("~", "this permanent") if part.startswith('"') else part.replace("~", name)
        for part in re.split(r'("[^"]*")', text)
    )


LAYER_ORDER: tuple[Layer, ...] = ("2", "4", "5", "6", "7a", "7b", "7c", "7d")


def layer_of(change: Modification) -> Layer:
    """The layer a modification applies in is part of its type (613.1, 613.4)."""
    return change.layer


def sets_basic_land_type(change: Modification) -> bool:
    return (
        isinstance(change, SetTypes)
        and not change.keep_types
        and any(s in BASIC_LAND_MANA for s in change.subtypes)
    )


LAYER_RULE: dict[Layer, str] = {
    "2": "613.1b",
    "4": "613.1d",
    "5": "613.1e",
    "6": "613.1f",
    "7a": "613.4a",
    "7b": "613.4b",
    "7c": "613.4c",
    "7d": "613.4d",
}


@dataclass(frozen=True)
class LayerEffect:
    key: tuple[Any, ...]
    source: str | None
    ability: Ability | None  # the static ability generating it (None: resolved spell/ability)
    selector: Selector | None
    fixed: tuple[str, ...] | None  # 611.2c: objects locked in at resolution
    changes: tuple[Modification, ...]
    timestamp: int
    label: str


#: E2 (s10): protection qualities that name a choice (702.16a, 607.2d)
CHOSEN_COLOR_QUALITIES = ("the chosen color", "the color of your choice")
COLOR_WORDS = {letter: word for word, letter in COLOR_LETTERS.items()}


def chosen_protection(a: Ability) -> bool:
    return isinstance(a, Keyword) and a.name == "protection" and a.param in CHOSEN_COLOR_QUALITIES


def with_chosen_color(abilities: tuple[Ability, ...], color: str) -> tuple[Ability, ...]:
    """The abilities with "protection from the chosen color" made "protection from red"."""
    return tuple(
        Keyword("protection", COLOR_WORDS[color]) if chosen_protection(a) else a for a in abilities
    )


def admits(sel: Selector, ch: Chars, is_token: bool) -> bool:
    """Whether an object with characteristics ``ch`` passes the selector's filters (its scope,
    who controls what, is checked by the caller)."""
    if any(t not in ch.types for t in sel.types):
        return False
    # 702.73a: "every creature type" (changeling) gives creature types only — a changeling is
    # no Plains, Gate or Equipment (205.3m)
    every_creature_type = ch.all_creature_types and "Creature" in ch.types
    if (
        sel.subtypes
        and not (set(sel.subtypes) & set(ch.subtypes))
        and not (every_creature_type and not set(sel.subtypes) <= NONCREATURE_SUBTYPES)
    ):
        return False
    if sel.colors and not (set(sel.colors) & ch.colors):
        return False
    if any(t in ch.types for t in sel.non_types):
        return False
    if any(t not in ch.supertypes for t in sel.supertypes):
        return False
    if any(t in ch.supertypes for t in sel.non_supertypes):
        return False
    if any(
        t in ch.subtypes
        or (ch.all_creature_types and "Creature" in ch.types and t not in NONCREATURE_SUBTYPES)
        for t in sel.non_subtypes
    ):
        return False  # E4: a changeling is every creature type, so it is never "non-Pirate"
    if every_creature_type and not set(sel.non_subtypes) <= NONCREATURE_SUBTYPES:
        return False  # E1: a changeling is a Wall too, so not a "non-Wall creature"
    if sel.nontoken and is_token:
        return False  # E2: "nontoken" (111.1)
    return not (sel.tokens_only and not is_token)


class Layers:
    """Compute every object's characteristics on a board."""

    def __init__(self, board: Board, trace: Trace, deadline: float | None = None) -> None:
        self.board = board
        self.trace = trace
        self.deadline = deadline
        self.trials = 0
        self.copier = Copier(board, trace)
        self.chars: dict[str, Chars] = {}
        self.started: set[tuple[Any, ...]] = set()
        # 613.6: an effect that began applying keeps applying to the same set of objects (S1)
        self.locked: dict[tuple[Any, ...], frozenset[str]] = {}
        self.applied_log: list[tuple[str, str, str, set[str]]] = []  # (layer, label, rule, ids)
        self.conditions_checked: set[tuple[Any, ...]] = set()  # conditional statics logged
        self.choices_logged: set[tuple[str, str]] = set()  # E1 (s9): "the chosen ..." (607.2d)
        # E1 (s9): unknown zones counted only for P/T in layer 7 (613.4a, 613.4c), and those
        # counted for anything else; an answer about mana value, colors or types needs only the
        # second
        self.counting_pt = False
        self.pt_only_unknowns: set[str] = set()
        self.other_unknowns: set[str] = set()

    # -- selection -------------------------------------------------------------------------------
    def matches(
        self, sel: Selector, source: GameObject | None, oid: str, state: dict[str, Chars]
    ) -> bool:
        obj = self.board.objects[oid]
        if obj.zone != "battlefield" and sel.scope not in ("every_object", "yours_off_battlefield"):
            return False  # E1 (s9): only Painter's Servant's scope reaches every zone
        ch = state[oid]
        scope = sel.scope
        if source is None:
            return False
        if scope == "yours_off_battlefield":
            if obj.zone == "battlefield":
                return False
            # E2 (s10): a spell by its controller (405.4), any other card by its owner (108.3)
            if (obj.controller if obj.zone == "stack" else obj.owner) != source.controller:
                return False
        if scope == "self" and oid != source.id:
            return False
        if scope == "self_and_paired" and oid not in (source.id, self.partner(source, state)):
            return False
        if scope in ("equipped", "enchanted") and source.attached_to != oid:
            return False
        if scope in ("you_control", "others_you_control") and obj.controller != source.controller:
            return False
        if scope in ("others_you_control", "all_others") and oid == source.id:
            return False
        if scope == "opponents_control" and obj.controller == source.controller:
            return False
        if sel.with_counter is not None and not self.counters_of(obj, state).get(sel.with_counter):
            return False  # E4: "with a +1/+1 counter on it" reads the board's counters (122.1)
        if sel.with_keyword is not None and sel.with_keyword not in ch.keywords():
            return False  # E4: "with flying": the abilities it has in this layer
        if sel.without_keyword is not None and sel.without_keyword in ch.keywords():
            return False
        if sel.in_combat == "attacking" and obj.attacking is None:
            return False  # E4: "attacking creatures" (506.4)
        if sel.in_combat == "blocking" and not obj.blocking:
            return False
        if sel.attached_kind is not None and not any(
            o.attached_to == oid and sel.attached_kind in state[o.id].subtypes
            for o in self.board.battlefield()
        ):
            return False  # E4: "creatures you control that are enchanted" (an Aura on it)
        if sel.of_chosen is not None and not self.is_chosen(sel.of_chosen, source, ch):
            return False
        return admits(sel, ch, obj.is_token)

    def is_chosen(self, what: str, source: GameObject, ch: Chars) -> bool:
        """E4: "of the chosen type/color": the choice made as the source entered (607.2d), as the
        board gives it; without it, unknown."""
        keys = ("creature type", "creature_type", "type") if what == "creature type" else ("color",)
        chosen = next((source.chosen[k] for k in keys if k in source.chosen), None)
        if chosen is None:
            self.trace.unknown(f"{source.id}: no {what} was chosen for it (add chosen: {{...}})")
            return False
        if what == "color":
            return chosen in ch.colors
        return chosen in ch.subtypes or (ch.all_creature_types and "Creature" in ch.types)

    def choice(self, eff: LayerEffect, what: str, oid: str) -> str | None:
        """E1 (s9): the choice made as the effect's source entered (607.2d), as the board gives
        it; without it the effect's result is unknown."""
        source = self.board.objects.get(eff.source or "")
        if source is None:
            return None
        keys = (
            ("color",)
            if what == "color"
            else ("creature type", "creature_type", "basic land type", "basic_land_type", "type")
        )
        chosen = next((source.chosen[k] for k in keys if k in source.chosen), None)
        if chosen is None:
            self.trace.unknown(f"{source.id}: no {what} was chosen for it (add chosen: {{...}})")
            return None
        if what != "color":
            chosen = chosen[:1].upper() + chosen[1:]  # "merfolk" is the subtype Merfolk (205.3)
        shown = f"{{{chosen}}}" if what == "color" else chosen
        label = f"{source.id}'s effect refers to the {what} chosen as it entered: {shown}"
        if (label, oid) not in self.choices_logged:
            self.choices_logged.add((label, oid))
            self.applied_log.append((eff.changes[0].layer, label, "607.2d", {oid}))
        return chosen

    def own_choices(self, obj: GameObject, ch: Chars) -> Chars:
        """E2 (s10): "As ~ enters, choose a color. ~ has protection from the chosen color"
        (Voice of All): its own protection is from the color chosen as it entered (607.2d,
        702.16a), as the board gives it; without it the quality stays unknown. A copy entering
        makes its own choice as it enters (614.12), so its own ``chosen`` counts too."""
        if not any(chosen_protection(a) for a in ch.abilities):
            return ch
        color = obj.chosen.get("color")
        if color is None:
            return ch
        ch = ch.clone()
        ch.abilities = with_chosen_color(ch.abilities, color)
        self.applied_log.append(
            (
                "1",
                f"{obj.id}'s protection is from the color chosen as it entered: {{{color}}}",
                "607.2d",
                {obj.id},
            )
        )
        return ch

    def granted_choices(
        self, eff: LayerEffect, abilities: tuple[Ability, ...], oid: str
    ) -> tuple[Ability, ...]:
        """E2 (s10): a granted "protection from the chosen color" is from the color chosen as the
        effect's source entered (607.2d); "... from the color of your choice" from the color the
        resolving spell or ability's controller chose (the board's effect ``chosen``, 608.2d).
        Without the choice the quality stays unknown (the protection checks say so)."""
        if not any(chosen_protection(a) for a in abilities):
            return abilities
        color: str | None
        if eff.key[0] == "resolved":
            color = self.board.effects[eff.key[1]].chosen.get("color")
            if color is not None:
                label = f"{eff.label}: the color chosen as it resolved is {{{color}}}"
                self.applied_log.append(("6", label, "608.2d", {oid}))
        else:
            source = self.board.objects.get(eff.source or "")
            if source is None or "color" not in source.chosen:
                return abilities  # unknown only where protection is checked (702.16b-f)
            color = self.choice(eff, "color", oid)
        return abilities if color is None else with_chosen_color(abilities, color)

    def affected(self, eff: LayerEffect, state: dict[str, Chars]) -> frozenset[str]:
        if eff.fixed is not None:
            return frozenset(i for i in eff.fixed if self.board.objects[i].zone == "battlefield")
        if eff.key in self.locked:
            return self.locked[eff.key]  # 613.6
        source = self.board.objects.get(eff.source or "")
        assert eff.selector is not None
        return frozenset(i for i in state if self.matches(eff.selector, source, i, state))

    def exists(self, eff: LayerEffect, state: dict[str, Chars]) -> bool:
        if eff.ability is None or eff.key in self.started:
            return True  # 613.6
        if eff.source is None or eff.ability not in state[eff.source].abilities:
            return False
        condition = getattr(eff.ability, "condition", None)
        return condition is None or self.condition_holds(eff, condition, state)

    # -- E1: conditional static abilities (611.3a) -----------------------------------------------
    def condition_holds(
        self, eff: LayerEffect, cond: StaticCondition, state: dict[str, Chars]
    ) -> bool:
        """611.3a: a static ability's "as long as ..." is checked against the game as it is; the
        first check of each effect is logged as a step, true of the board either way."""
        obj = self.board.objects[eff.source or ""]
        holds, shown = self.test_condition(cond, obj, state)
        if eff.key not in self.conditions_checked:
            self.conditions_checked.add(eff.key)
            name = state[obj.id].name
            verdict = "so its effect applies" if holds else "so its effect doesn't apply"
            label = f"{name} ({obj.id}): '{cond.text}' — {shown}, {verdict}"
            ids = {obj.id} | set(self.affected(eff, state))
            self.applied_log.append(("condition", label, "611.3a", ids))
        return holds

    def test_condition(
        self, cond: StaticCondition, obj: GameObject, state: dict[str, Chars]
    ) -> tuple[bool, str]:
        """Whether ``cond`` holds for the object with the ability, and what the board shows."""
        test = cond.test
        if test == "self_attacking":
            return obj.attacking is not None, "it is attacking" if obj.attacking else "it isn't"
        if test == "self_blocking":
            return bool(obj.blocking), "it is blocking" if obj.blocking else "it isn't"
        if test in ("self_tapped", "self_untapped"):
            shown = "it is tapped" if obj.tapped else "it is untapped"
            return obj.tapped == (test == "self_tapped"), shown
        if test == "self_paired":
            partner = self.partner(obj, state)
            shown = f"it is paired with {partner}" if partner else "it isn't paired"
            return partner is not None, shown
        if test in ("self_equipped", "self_enchanted"):
            kind = "Equipment" if test == "self_equipped" else "Aura"
            attached = sorted(
                o.id
                for o in self.board.battlefield()
                if o.attached_to == obj.id and kind in state[o.id].subtypes
            )
            shown = f"{', '.join(attached)} attached" if attached else f"no {kind} attached"
            return bool(attached), shown
        if test in ("your_turn", "not_your_turn"):
            mine = self.board.active == obj.controller
            shown = f"it is {self.board.active}'s turn"
            return mine == (test == "your_turn"), shown
        if test == "defender_controls":
            assert isinstance(cond.count, CountOf)
            target = obj.attacking
            if target is None:
                return False, "it isn't attacking, so it has no defending player"
            attacked = self.board.objects.get(target)
            defender = attacked.controller if attacked is not None else target
            sel = cond.count.selector
            n = sum(
                1
                for o in self.board.battlefield()
                if o.controller == defender and admits(sel, state[o.id], o.is_token)
            )
            return n >= 1, f"its defending player {defender} controls {n}"
        if test in ("count_at_least", "count_at_most"):
            assert cond.count is not None
            n = self.count(cond.count, obj, state)
            holds = n >= cond.bound if test == "count_at_least" else n <= cond.bound
            return holds, f"the board shows {n}"
        raise EngineLimit(f"unknown condition {test}")

    def partner(self, obj: GameObject, state: dict[str, Chars]) -> str | None:
        """702.95e: the creature it is paired with (the board's ``paired_with``), while both are
        creatures on the battlefield under one controller; otherwise it is unpaired."""
        other = self.board.objects.get(obj.paired_with or "")
        if other is None or other.zone != "battlefield" or obj.zone != "battlefield":
            return None
        if other.controller != obj.controller:
            return None
        both = all("Creature" in state[o.id].types for o in (obj, other))
        return other.id if both else None

    def resolve_counts(self, eff: LayerEffect, state: dict[str, Chars]) -> tuple[Modification, ...]:
        """613.4c: "+1/+0 for each artifact you control" is counted as the effect applies."""
        if not any(isinstance(c, ModifyPTPerCount) for c in eff.changes):
            return eff.changes
        source = self.board.objects[eff.source or ""]
        out: list[Modification] = []
        for c in eff.changes:
            if isinstance(c, ModifyPTPerCount):
                self.counting_pt = True
                try:
                    n = self.count(c.count, source, state)
                finally:
                    self.counting_pt = False
                out.append(ModifyPT(c.power * n, c.toughness * n))
                self.applied_log.append(
                    ("7c", f"{eff.label}: the board shows {n}", "613.4c", {source.id})
                )
            else:
                out.append(c)
        return tuple(out)

    # -- applying one effect ---------------------------------------------------------------------
    def payload(self, eff: LayerEffect, state: dict[str, Chars]) -> tuple[Any, ...]:
        out: list[Any] = []
        for ch in eff.changes:
            if isinstance(ch, GainActivatedAbilitiesOf):
                source = self.board.objects.get(eff.source or "")
                ids = [i for i in state if self.matches(ch.source, source, i, state)]
                out.append(
                    tuple(a for i in sorted(ids) for a in state[i].abilities if is_activated(a))
                )
        return tuple(out)

    def apply(self, eff: LayerEffect, layer: Layer, state: dict[str, Chars]) -> dict[str, Chars]:
        if not self.exists(eff, state):
            return state
        targets = self.affected(eff, state)
        new = dict(state)
        gained = self.payload(eff, state)
        changes = self.resolve_counts(eff, state) if layer == "7c" else eff.changes
        for oid in targets:
            ch = new[oid].clone()
            for change in changes:
                if layer_of(change) != layer:
                    continue
                self._modify(ch, change, gained, eff, oid)
            new[oid] = ch
        return new

    def _modify(
        self,
        ch: Chars,
        change: Modification,
        gained: tuple[Any, ...],
        eff: LayerEffect,
        oid: str = "",
    ) -> None:
        if isinstance(change, GainControl):
            source = self.board.objects.get(eff.source or "")
            if source is not None:
                ch.controller = source.controller
        elif isinstance(change, SetTypes):
            _set_types(ch, change)
        elif isinstance(change, AddTypes):
            ch.types = tuple(dict.fromkeys((*ch.types, *change.types)))
            ch.subtypes = tuple(dict.fromkeys((*ch.subtypes, *change.subtypes)))
            ch.supertypes = tuple(dict.fromkeys((*ch.supertypes, *change.supertypes)))
            ch.all_creature_types = ch.all_creature_types or change.all_creature_types
        elif isinstance(change, SetCreatureTypes):
            # 205.1a: the new creature type replaces the old ones; other subtypes stay
            if "Planeswalker" in ch.types:
                self.trace.unknown(f"{ch.name}: which of its subtypes are planeswalker types")
            kept = [t for t in ch.subtypes if t in NONCREATURE_SUBTYPES]
            ch.subtypes = tuple(dict.fromkeys((*kept, *change.subtypes)))
            ch.all_creature_types = False
        elif isinstance(change, LoseSupertype):
            ch.supertypes = tuple(s for s in ch.supertypes if s != change.supertype)
        elif isinstance(change, SetColors):
            ch.colors = frozenset(change.colors)
        elif isinstance(change, AddColors):
            ch.colors = ch.colors | frozenset(change.colors)
        elif isinstance(change, AddChosenColor):
            color = self.choice(eff, "color", oid)
            if color is not None:
                ch.colors = ch.colors | frozenset((color,))
        elif isinstance(change, AddChosenType):
            kind = self.choice(eff, "type", oid)
            if kind is not None:  # 205.1b: "in addition to its other types" keeps them
                ch.subtypes = tuple(dict.fromkeys((*ch.subtypes, kind)))
        elif isinstance(change, GrantAbilities):
            ch.abilities = (*ch.abilities, *self.granted_choices(eff, change.abilities, oid))
        elif isinstance(change, RemoveAllAbilities):
            ch.abilities = ()
        elif isinstance(change, LoseKeywords):  # E4: "loses flying" (613.1f)
            ch.abilities = tuple(
                a
                for a in ch.abilities
                if not (isinstance(a, Keyword) and a.name in change.keywords)
            )
        elif isinstance(change, GainActivatedAbilitiesOf):
            for group in gained:
                ch.abilities = (*ch.abilities, *group)
        elif isinstance(change, SetPTToManaValue):
            value = mana_value_of(ch, 0)
            ch.power, ch.toughness = value, value
        elif isinstance(change, SetPT):
            if ch.power is not None or "Creature" in ch.types:
                ch.power, ch.toughness = change.power, change.toughness
        elif isinstance(change, ModifyPT):
            if ch.power is not None:
                ch.power += change.power
                ch.toughness = (ch.toughness or 0) + change.toughness
        elif isinstance(change, SwitchPT):
            ch.power, ch.toughness = ch.toughness, ch.power

    # -- dependency (613.8) ----------------------------------------------------------------------
    def reaches(self, eff: LayerEffect, oid: str | None, state: dict[str, Chars]) -> bool:
        if oid is None or oid not in state:
            return False
        if eff.fixed is not None:
            return oid in eff.fixed
        source = self.board.objects.get(eff.source or "")
        return eff.selector is not None and self.matches(eff.selector, source, oid, state)

    def could_depend(
        self, a: LayerEffect, b: LayerEffect, layer: Layer, state: dict[str, Chars]
    ) -> bool:
        """Cheap necessary conditions for 613.8a, so the trial runs only where it can matter:
        selectors read types, subtypes, colors and control, never P/T; existence and
        "what it does" read abilities."""
        if layer.startswith("7"):
            return False
        if layer == "5":
            return a.selector is not None and bool(a.selector.colors)
        if layer == "6":
            b_changes_abilities = any(
                isinstance(
                    c, RemoveAllAbilities | GrantAbilities | GainActivatedAbilitiesOf | LoseKeywords
                )
                for c in b.changes
            )
            if not b_changes_abilities:
                return False
            if any(isinstance(c, GainActivatedAbilitiesOf) for c in a.changes):
                return True
            if a.selector is not None and (a.selector.with_keyword or a.selector.without_keyword):
                return True  # E4: "with first strike": B may change what A applies to (613.8a)
            # only A's existence can change: B must reach A's source (613.8a)
            fresh = a.ability is not None and a.key not in self.started
            return fresh and self.reaches(b, a.source, state)
        return True

    def depends(
        self, a: LayerEffect, b: LayerEffect, layer: Layer, state: dict[str, Chars]
    ) -> bool:
        if self.deadline and time.perf_counter() > self.deadline:
            raise EngineLimit("time limit reached while ordering effects")
        if not self.could_depend(a, b, layer, state):
            return False
        self.trials += 1
        if self.trials > MAX_DEPENDENCY_TRIALS or (
            self.deadline and time.perf_counter() > self.deadline
        ):
            raise EngineLimit("too many effects to order (dependency trials exceeded)")
        after = self.apply(b, layer, state)
        if self.exists(a, state) != self.exists(a, after):
            return True
        if self.affected(a, state) != self.affected(a, after):
            return True
        return self.payload(a, state) != self.payload(a, after)

    def order_and_apply(
        self, effects: list[LayerEffect], layer: Layer, state: dict[str, Chars]
    ) -> dict[str, Chars]:
        pending = sorted(effects, key=lambda e: (e.timestamp, e.label))
        independent = layer.startswith("7") or (
            layer == "5" and not any(e.selector is not None and e.selector.colors for e in effects)
        )
        if independent:
            return self.apply_in_order(pending, layer, state)
        while pending:
            chosen = None
            if len(pending) > 1 and not independent:
                for cand in pending:
                    if not any(
                        self.depends(cand, other, layer, state)
                        for other in pending
                        if other is not cand
                    ):
                        chosen = cand
                        break
            if chosen is None:
                chosen = pending[0]  # 613.8b: a dependency loop falls back to timestamps
            elif chosen is not pending[0]:
                self.applied_log.append(
                    (
                        layer,
                        f"{chosen.label} depends on another effect and waits for it",
                        "613.8",
                        set(self.affected(chosen, state)),
                    )
                )
            pending.remove(chosen)
            if not self.exists(chosen, state):
                continue
            ids = self.affected(chosen, state)
            state = self.apply(chosen, layer, state)
            self.started.add(chosen.key)
            self.locked.setdefault(chosen.key, ids)
            if ids:
                self.applied_log.append((layer, chosen.label, LAYER_RULE[layer], set(ids)))
                if any(sets_basic_land_type(c) for c in chosen.changes):
                    lands = {i for i in ids if "Land" in state[i].types}
                    label = f"{chosen.label}: those lands lose their rules-text abilities"
                    self.applied_log.append((layer, label, "305.7", lands))
        return state

    def apply_in_order(
        self, effects: list[LayerEffect], layer: Layer, state: dict[str, Chars]
    ) -> dict[str, Chars]:
        """No effect here can depend on another (613.8a): timestamp order (613.7), each
        object copied once for the whole layer."""
        state = dict(state)
        owned: set[str] = set()
        for eff in effects:
            if self.deadline and time.perf_counter() > self.deadline:
                raise EngineLimit("time limit reached while applying effects")
            if not self.exists(eff, state):
                continue
            ids = self.affected(eff, state)
            gained = self.payload(eff, state)
            changes = self.resolve_counts(eff, state) if layer == "7c" and ids else eff.changes
            for oid in ids:
                if oid not in owned:
                    state[oid] = state[oid].clone()
                    owned.add(oid)
                for change in changes:
                    if layer_of(change) == layer:
                        self._modify(state[oid], change, gained, eff, oid)
            self.started.add(eff.key)
            self.locked.setdefault(eff.key, ids)
            if ids:
                self.applied_log.append((layer, eff.label, LAYER_RULE[layer], set(ids)))
        return state

    # -- gathering effects -----------------------------------------------------------------------
    def static_effects(self, state: dict[str, Chars]) -> list[LayerEffect]:
        out = []
        for obj in self.board.battlefield():
            name = state[obj.id].name
            for idx, ab in enumerate(state[obj.id].abilities):
                if isinstance(ab, StaticEffect):
                    ts = obj.timestamp
                    if ab.affected.scope in ("equipped", "enchanted") and obj.attached_to:
                        ts = obj.timestamp  # 613.7e: attachment timestamp (not tracked separately)
                    out.append(
                        LayerEffect(
                            ("static", obj.id, idx, ab),
                            obj.id,
                            ab,
                            ab.affected,
                            None,
                            ab.changes,
                            ts,
                            f"{name} ({obj.id}): {source_text(ab.text, name)}",
                        )
                    )
        return out

    def resolved_effects(self) -> list[LayerEffect]:
        out = []
        for n, ce in enumerate(self.board.effects):
            source = self.board.objects.get(ce.source or "")
            text = ce.text
            if ce.ability_index is not None and source is not None:
                abilities = self.copier.copiable(source).abilities
                if ce.ability_index > len(abilities):
                    self.trace.unknown(
                        f"effect #{n + 1}: {source.id} has no ability {ce.ability_index}"
                    )
                    continue
                ab = abilities[ce.ability_index - 1]
                effects = getattr(ab, "effects", None)
            else:
                parsed = parse_effects(text) if text else None
                effects = tuple(parsed) if parsed is not None else None
            if not effects:
                self.trace.unknown(
                    f"continuing effect #{n + 1}: {text or 'ability'} (not understood)"
                )
                continue
            for e in effects:
                if isinstance(e, ExileIfDiesThisTurn):
                    continue  # E6 (s14): a replacement effect, applied as it would die
                if isinstance(e, BecomesUntilEndOfTurn):
                    affects_self = e.affected.scope == "self"
                elif isinstance(e, PumpUntilEndOfTurn):
                    affects_self = e.target.what == "self"
                else:
                    self.trace.unknown(
                        f"continuing effect #{n + 1}: {type(e).__name__} is not a continuous "
                        "effect the engine applies"
                    )
                    continue
                fixed = (source.id,) if source is not None and affects_self else ce.targets
                if not fixed:
                    # 611.2c: what it affected was fixed on resolution; the board must say it
                    self.trace.unknown(
                        f"continuing effect #{n + 1}: {e.text} (give the objects it affected "
                        "as targets)"
                    )
                    continue
                if isinstance(e, BecomesUntilEndOfTurn):
                    changes: tuple[Modification, ...] = tuple(e.changes)
                elif not isinstance(e.power, int) or not isinstance(e.toughness, int):
                    # 608.2h: the amount was fixed on resolution; the board must say it
                    self.trace.unknown(f"continuing effect #{n + 1}: {e.text} (amount unknown)")
                    continue
                else:
                    grants = (GrantAbilities(e.grants),) if e.grants else ()
                    changes = (ModifyPT(e.power, e.toughness), *grants)
                out.append(
                    LayerEffect(
                        ("resolved", n),
                        ce.source,
                        None,
                        None,
                        tuple(fixed),
                        changes,
                        ce.timestamp,
                        f"effect #{n + 1}: {e.text}",
                    )
                )
        return out

    # -- the whole computation -------------------------------------------------------------------
    def compute(self) -> dict[str, Chars]:
        state: dict[str, Chars] = {}
        for obj in self.board.objects.values():
            state[obj.id] = self.own_choices(obj, self.copier.copiable(obj))
        resolved = self.resolved_effects()
        seen_statics: dict[tuple[Any, ...], LayerEffect] = {}
        for layer in LAYER_ORDER:
            if layer == "4":
                state = self.apply_cda_types(state)
            if layer == "5":
                state = self.apply_cda_colors(state)
            if layer == "6":
                state = self.add_intrinsic_mana(state)
            if layer == "7a":
                state = self.apply_cda_pt(state)
                continue
            for eff in self.static_effects(state):
                seen_statics.setdefault(eff.key, eff)
            candidates = [
                e for e in seen_statics.values() if any(layer_of(c) == layer for c in e.changes)
            ]
            candidates += [e for e in resolved if any(layer_of(c) == layer for c in e.changes)]
            if layer == "7c":
                state = self.apply_counters(state)
            if candidates:
                state = self.order_and_apply(candidates, layer, state)
        self.chars = state
        return state

    def apply_cda_types(self, state: dict[str, Chars]) -> dict[str, Chars]:
        for oid, ch in state.items():
            if any(isinstance(a, TypeDefining) for a in ch.abilities):
                ch = ch.clone()
                ch.all_creature_types = True
                state[oid] = ch
                self.applied_log.append(
                    ("4", f"{oid}: its type-defining ability applies first", "613.3", {oid})
                )
        return state

    def apply_cda_colors(self, state: dict[str, Chars]) -> dict[str, Chars]:
        for oid, ch in state.items():
            for a in ch.abilities:
                if isinstance(a, ColorDefining):
                    ch = ch.clone()
                    ch.colors = frozenset(a.colors)
                    state[oid] = ch
        return state

    def add_intrinsic_mana(self, state: dict[str, Chars]) -> dict[str, Chars]:
        """305.6: each basic land type has its intrinsic mana ability."""
        from engine.abilities import Cost

        for oid, ch in state.items():
            if "Land" not in ch.types:
                continue
            extra = tuple(
                ManaAbility(
                    Cost(tap=True),
                    FixedMana(((BASIC_LAND_MANA[s],),)),
                    f"{{T}}: Add {{{BASIC_LAND_MANA[s]}}}.",
                    True,
                )
                for s in ch.subtypes
                if s in BASIC_LAND_MANA
            )
            if extra:
                ch = ch.clone()
                ch.abilities = (*extra, *ch.abilities)
                state[oid] = ch
        return state

    def apply_cda_pt(self, state: dict[str, Chars]) -> dict[str, Chars]:
        """613.4a / 604.3: P/T-defining abilities, in every zone (113.6a)."""
        for oid, ch in state.items():
            for a in ch.abilities:
                if isinstance(a, PTDefining):
                    obj = self.board.objects[oid]
                    ch = ch.clone()
                    self.counting_pt = True
                    try:
                        if a.power is not None:
                            ch.power = self.count(a.power, obj, state) + a.power_plus
                        if a.toughness is not None:
                            ch.toughness = self.count(a.toughness, obj, state) + a.toughness_plus
                    finally:
                        self.counting_pt = False
                    state[oid] = ch
                    self.applied_log.append(("7a", f"{ch.name} ({oid}): {a.text}", "613.4a", {oid}))
        return state

    def apply_counters(self, state: dict[str, Chars]) -> dict[str, Chars]:
        for oid, ch in state.items():
            counters = self.counters_of(self.board.objects[oid], state)
            dp = dt = 0
            for kind, n in counters.items():
                m = re.fullmatch(r"([+-]\d+)/([+-]\d+)", kind)
                if m:
                    dp += int(m.group(1)) * n
                    dt += int(m.group(2)) * n
            if (dp or dt) and ch.power is not None:
                power = ch.power
                ch = ch.clone()
                ch.power = power + dp
                ch.toughness = (ch.toughness or 0) + dt
                state[oid] = ch
                self.applied_log.append(("7c", f"counters on {oid}", "613.4c", {oid}))
        return state

    def counters_of(self, obj: GameObject, state: dict[str, Chars]) -> dict[str, int]:
        if not obj.entering and (obj.counters_given or not self.copy_extra(obj, state)):
            return obj.counters
        counters = entering_counters(
            obj,
            state[obj.id],
            self.trace,
            lambda c: self.count(c, obj, state),
            lambda kind, n: self.replaced_entering(obj, state, kind, n),
        )
        if not obj.entering:
            # E1 (s9): a copy that entered with an additional counter (Spark Double, 614.1c)
            # and whose counters the board doesn't give is shown with the ones it entered with;
            # soundness.check_counters_given keeps the answer unverified
            self.trace.add(
                "614.1c",
                f"{obj.id}'s counters aren't given: it is shown with those it entered with",
            )
        return counters

    def counter_sources(self, state: dict[str, Chars]) -> list[CounterSource]:
        """The counter replacement effects of permanents on the battlefield (not those entering
        with the permanent: they aren't there yet, 614.12)."""
        return [
            CounterSource(oid, o.controller, a)
            for oid, ch in state.items()
            if (o := self.board.objects[oid]).zone == "battlefield" and not o.entering
            for a in ch.abilities
            if isinstance(a, CounterReplacement)
        ]

    def replaced_entering(self, obj: GameObject, state: dict[str, Chars], kind: str, n: int) -> int:
        """E6 (s14): the counters ``obj`` enters with are "put on" it (122.6), so counter
        replacement effects apply to them (614.1a)."""
        own = [a for a in state[obj.id].abilities if isinstance(a, CounterReplacement)]
        if own and n > 0 and obj.entering:
            if any(a.on == "self" for a in own):
                self.trace.unknown(
                    f"{obj.id}: whether its own '{own[0].text}' applies to the counters it enters "
                    "with (614.12)"
                )
            else:
                self.trace.add(
                    "614.12",
                    f"{obj.id}'s own '{own[0].text}' applies to a group of permanents, so not to "
                    "its own entering",
                )
        event = CountersPut(obj.id, state[obj.id].types, obj.controller, kind, n, entering=True)
        # 616.1: the order its controller applied them in, a choice made as it entered
        order = tuple(
            x.strip() for x in obj.chosen.get("replacement_order", "").split(",") if x.strip()
        )
        return replaced_counters(self.trace, self.counter_sources(state), event, order)

    @staticmethod
    def copy_extra(obj: GameObject, state: dict[str, Chars]) -> bool:
        """A copy effect's "enters with an additional +1/+1 / loyalty counter" (707.9b)."""
        ch = state[obj.id]
        return bool(obj.copy_effects) and any(
            (kind == "+1/+1" and "Creature" in ch.types)
            or (kind == "loyalty" and "Planeswalker" in ch.types)
            for kind, _n in ch.extra_counters
        )

    def count(self, expr: Count, obj: GameObject, state: dict[str, Chars]) -> int:
        # 109.5: "you" is the controller, or the owner for an object off the battlefield
        you = obj.controller if obj.zone == "battlefield" else obj.owner
        for player, zone in self.zones_counted(expr, you):
            self.zone_described(player, zone, obj)
        return self._count(expr, obj, state, you)

    def zones_counted(self, expr: Count, you: str) -> list[tuple[str, str]]:
        """The hidden-or-listed zones (hand, graveyard, exile) a count reads, and whose."""
        whose: str
        zone: str
        if isinstance(expr, CountCards):
            whose, zone = ("everyone" if expr.whose == "all" else "you"), expr.zone
        elif isinstance(expr, str) and expr in ZONE_COUNTS:
            whose, zone = ZONE_COUNTS[expr]
        else:
            return []
        if whose == "everyone":
            return [(p, zone) for p in sorted(self.board.players)]
        return [(self.board.opponent(you) if whose == "them" else you, zone)]

    def zone_described(self, player: str, zone: str, obj: GameObject) -> None:
        """A zone the board doesn't state is unknown (a player's hand is hidden, 401.2/402.3;
        a graveyard left out of a description isn't known to be empty): counting it as empty
        is said, and the answer isn't verified."""
        state = self.board.players.get(player)
        if state is None or zone in state.described or zone not in DESCRIBED_ZONES:
            return
        taken = "0 cards" if zone == "hand" else "only the cards the board lists there"
        what = f"{player}'s {zone} isn't given ({obj.id} counts it as {taken})"
        (self.pt_only_unknowns if self.counting_pt else self.other_unknowns).add(what)
        self.trace.unknown(what)

    def unknowns_only_for_pt(self) -> set[str]:
        """E1 (s9): unknown zones that changed nothing but power and toughness (layer 7)."""
        return self.pt_only_unknowns - self.other_unknowns

    def _count(self, expr: Count, obj: GameObject, state: dict[str, Chars], you: str) -> int:
        if isinstance(expr, CountOf):
            return sum(
                1 for o in self.board.battlefield() if self.matches(expr.selector, obj, o.id, state)
            )
        if isinstance(expr, CountCounters):
            return self.counters_of(obj, state).get(expr.counter, 0)
        if isinstance(expr, CountSelfPower):  # E2 (s10): 608.2h; 107.1b: negative counts 0
            return max(0, state[obj.id].power or 0)
        if isinstance(expr, CountDevotion):  # E2 (s10): 700.5, a hybrid symbol counts once
            return sum(
                1
                for o in self.board.battlefield()
                if o.controller == you
                for sym in re.findall(r"\{([^}]+)\}", state[o.id].mana_cost or "")
                if set(sym.split("/")) & set(expr.colors)
            )
        if isinstance(expr, CountAttached):
            return sum(
                1
                for o in self.board.battlefield()
                if o.attached_to == obj.id and set(expr.subtypes) & set(state[o.id].subtypes)
            )
        if expr in OPPONENT_COUNTS:
            # "an opponent has ...": a board has two players (board.PLAYERS), so the one opponent
            them = self.board.opponent(you)
            if expr == "cards_in_opponents_graveyard":
                return sum(1 for o in self.board.in_zone("graveyard") if o.owner == them)
            if expr == "cards_in_opponents_hand":
                return self.board.players[them].hand_count
            if expr == "opponents_life_total":
                return self.board.players[them].life
            return self.board.players[them].poison
        if expr == "card_types_in_your_graveyard":
            kinds_yours: set[str] = set()
            for o in self.board.in_zone("graveyard"):
                if o.owner == you:
                    kinds_yours.update(t for t in state[o.id].types if t in CARD_TYPES)
            return len(kinds_yours)
        if isinstance(expr, CountCards):
            return sum(
                1
                for o in self.board.in_zone(expr.zone)
                if (expr.whose == "all" or o.owner == you)
                and any(t in state[o.id].types for t in expr.types)
            )
        if expr == "your_life_total":
            return self.board.players[you].life
        if expr == "cards_in_your_hand":
            return self.board.players[you].hand_count
        if expr == "cards_in_all_hands":
            return sum(p.hand_count for p in self.board.players.values())
        if expr == "card_types_in_all_graveyards":
            kinds: set[str] = set()
            for o in self.board.in_zone("graveyard"):
                kinds.update(state[o.id].types)
            return len(kinds)
        if expr == "creatures_you_control":
            return sum(
                1
                for o in self.board.battlefield()
                if o.controller == you and "Creature" in state[o.id].types
            )
        if expr == "lands_you_control":
            return sum(
                1
                for o in self.board.battlefield()
                if o.controller == you and "Land" in state[o.id].types
            )
        if expr == "cards_in_your_graveyard":
            return sum(1 for o in self.board.in_zone("graveyard") if o.owner == you)
        if expr == "creature_cards_in_your_graveyard":
            return sum(
                1
                for o in self.board.in_zone("graveyard")
                if o.owner == you and "Creature" in state[o.id].types
            )
        raise EngineLimit(f"unknown count {expr}")


#: counts over a hidden-or-listed zone: whose zone ("you", "them" — the one opponent — or
#: "everyone") and which
ZONE_COUNTS: dict[str, tuple[str, str]] = {
    "cards_in_opponents_graveyard": ("them", "graveyard"),
    "cards_in_opponents_hand": ("them", "hand"),
    "card_types_in_your_graveyard": ("you", "graveyard"),
    "cards_in_your_hand": ("you", "hand"),
    "cards_in_all_hands": ("everyone", "hand"),
    "card_types_in_all_graveyards": ("everyone", "graveyard"),
    "cards_in_your_graveyard": ("you", "graveyard"),
    "creature_cards_in_your_graveyard": ("you", "graveyard"),
}

#: E1: counts about the opponent
OPPONENT_COUNTS = (
    "cards_in_opponents_graveyard",
    "cards_in_opponents_hand",
    "opponents_life_total",
    "opponents_poison_counters",
)

#: E1: why an "enters with" replacement that depends on the past can't be decided on a board
HISTORY_WORDS: dict[str, str] = {
    "kicked": "whether it was kicked isn't on the board",
    "times_kicked": "how many times it was kicked isn't on the board",
    "colors_of_mana_spent": "the mana spent to cast it isn't on the board",
    "you_attacked_this_turn": "whether you attacked this turn isn't on the board",
    "a_creature_died_this_turn": "whether a creature died this turn isn't on the board",
    "permanent_left_your_control_this_turn": (
        "whether a permanent left the battlefield under your control this turn isn't on the board"
    ),
}


def entering_counters(
    obj: GameObject,
    ch: Chars,
    trace: Trace,
    counter: Callable[[Count], int] | None = None,
    replace_put: Callable[[str, int], int] | None = None,
) -> dict[str, int]:
    """Counters a permanent enters with (614.1c): its own 'enters with' effects, with X from the
    spell that became it (107.3m) or 0 (107.3g), plus a copy effect's extra counters (707.9e);
    ``counter`` counts what "for each ..." names on the board as it enters; ``replace_put``
    applies counter replacement effects to each kind put (122.6, 614.1a)."""
    put = _entering_counters_put(obj, ch, trace, counter)
    if replace_put is not None:
        put = {kind: replace_put(kind, n) for kind, n in put.items()}
    counters: dict[str, int] = dict(obj.counters) if obj.counters_given else {}
    for kind, n in put.items():
        counters[kind] = counters.get(kind, 0) + n
    return counters


def _entering_counters_put(
    obj: GameObject, ch: Chars, trace: Trace, counter: Callable[[Count], int] | None
) -> dict[str, int]:
    from engine.abilities import EntersWithCounters

    counters: dict[str, int] = {}
    for a in ch.abilities:
        if isinstance(a, EntersWithCounters) and a.depends_on is not None:
            # E1: the board doesn't record how it was cast or what happened this turn
            trace.unknown(f"{obj.id}: '{a.text}' ({HISTORY_WORDS[a.depends_on]})")
            continue
        if isinstance(a, EntersWithCounters) and a.count is not None:
            if counter is None:
                trace.unknown(f"{obj.id}: '{a.text}' (what it counts)")
                continue
            n = a.amount * counter(a.count) if isinstance(a.amount, int) else 0
            if n:
                counters[a.counter] = counters.get(a.counter, 0) + n
            trace.add("614.1c", f"{obj.id}: '{a.text}' is a replacement effect: {n} counters")
            continue
        if isinstance(a, EntersWithCounters):
            if a.amount == "X":
                x = obj.cast_x if obj.cast_x is not None and not obj.copy_effects else 0
                if obj.copy_effects:
                    trace.add(
                        "107.3g",
                        f"{obj.id}: X in the copied mana cost is 0 off the stack, so it enters "
                        "with 0 from X",
                    )
                    trace.add(
                        "107.3m",
                        f"{obj.id}: no X was chosen for the copied card's cost when the spell "
                        "that became it was cast",
                    )
                elif obj.cast_x is None:
                    trace.add("400.7", f"{obj.id} wasn't cast as the spell that became it")
                    trace.add("107.3m", f"{obj.id}: no X was chosen, so X is 0")
                else:
                    trace.add(
                        "107.3m",
                        f"{obj.id}: X for its 'enters with' effect is the X it was cast with ({x})",
                    )
                n = x
            else:
                n = a.amount
            if n:
                counters[a.counter] = counters.get(a.counter, 0) + n
            trace.add("614.1c", f"{obj.id}: '{a.text}' is a replacement effect")
    if "Planeswalker" in ch.types and ch.loyalty is not None and not obj.counters_given:
        counters["loyalty"] = counters.get("loyalty", 0) + ch.loyalty
        trace.add("306.5b", f"{obj.id} enters with loyalty counters equal to its printed loyalty")
    for kind, n in ch.extra_counters:
        if (kind == "+1/+1" and "Creature" in ch.types) or (
            kind == "loyalty" and "Planeswalker" in ch.types
        ):
            counters[kind] = counters.get(kind, 0) + n
            trace.add(
                "614.1c",
                f"{obj.id}: the copy effect's 'enters with an additional {kind} counter' modifies "
                "how it enters",
            )
    return counters


# 205.3g-h, 205.3i, 205.3k: artifact, enchantment, land and spell types — the subtypes that
# aren't creature types, kept when an effect sets a creature's creature types (205.1a).
# Planeswalker types aren't listed: a creature that's also a planeswalker is flagged instead.
NONCREATURE_SUBTYPES = frozenset(
    """Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator
    Infinity Junk Lander Map Powerstone Spacecraft Stone Treasure Vehicle Aura Background Cartouche
    Case Class Curse Role Room Rune Saga Shard Shrine Plains Island Swamp Mountain Forest Desert
    Gate Lair Locus Mine Cave Planet Power-Plant Sphere Tower Town Urza's Urza’s Adventure Arcane
    Chorus Lesson Omen Trap""".split()
)
# 205.3i: the nonbasic land types, replaced along with the basic ones (305.7). Oracle type
# lines write "Urza's" with a straight apostrophe, the CR with a curly one.
NONBASIC_LAND_TYPES = frozenset(
    "Cave Desert Gate Lair Locus Mine Planet Power-Plant Sphere Tower Town Urza's Urza’s".split()
)


def _set_types(ch: Chars, change: SetTypes) -> None:
    """Layer 4: a type-changing effect that adds types, or sets them."""
    if change.keep_types:
        ch.types = tuple(dict.fromkeys((*ch.types, *change.types)))
        ch.subtypes = tuple(dict.fromkeys((*ch.subtypes, *change.subtypes)))
        return
    if change.types:
        ch.types = change.types
    if "Land" in ch.types and any(s in BASIC_LAND_MANA for s in change.subtypes):
        # 305.7: new basic land types replace the old land types and remove the land's
        # rules-text abilities (its basic land types give it their mana abilities)
        kept = [s for s in ch.subtypes if s not in BASIC_LAND_MANA and s not in NONBASIC_LAND_TYPES]
        ch.subtypes = tuple(dict.fromkeys((*kept, *change.subtypes)))
        ch.abilities = ()
    elif change.subtypes:
        ch.subtypes = change.subtypes
