"""Every value the compiler can produce is read by the rules core or declared irrelevant to a
board snapshot (engine/vocabulary.py), and every modification carries its layer."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from engine.abilities import Modification
from engine.characteristics import LAYER_ORDER, LAYER_RULE, layer_of
from engine.game import TRIGGER_WORDS, AnswerScope
from engine.oracle import effects, statics
from engine.questions import KINDS
from engine.vocabulary import CONSUMED, IRRELEVANT, VOCABULARIES

REPO = Path(__file__).resolve().parents[2]
PRODUCERS = tuple(
    str(p.relative_to(REPO)) for p in sorted((REPO / "engine" / "oracle").glob("*.py"))
)


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_every_value_is_consumed_or_declared_irrelevant(name: str) -> None:
    values = set(get_args(VOCABULARIES[name]))
    consumed, irrelevant = set(CONSUMED[name]), set(IRRELEVANT[name])
    assert not consumed & irrelevant, f"{name}: both consumed and irrelevant"
    assert values == consumed | irrelevant, (
        f"{name}: not accounted for {sorted(values - consumed - irrelevant)}; "
        f"not in the Literal {sorted((consumed | irrelevant) - values)}"
    )


@pytest.mark.parametrize(
    ("name", "value", "module"),
    [(n, v, m) for n, table in sorted(CONSUMED.items()) for v, m in sorted(table.items())],
)
def test_consuming_module_really_reads_the_value(name: str, value: str, module: str) -> None:
    assert module not in (*PRODUCERS, "engine/abilities.py", "engine/vocabulary.py")
    source = (REPO / module).read_text(encoding="utf-8")
    assert f'"{value}"' in source, f"{module} never mentions {name} value {value!r}"


def _produced(pattern: str) -> set[str]:
    found: set[str] = set()
    for module in PRODUCERS:
        found |= set(re.findall(pattern, (REPO / module).read_text(encoding="utf-8")))
    return found


def test_every_restriction_the_templates_produce_is_in_the_vocabulary() -> None:
    produced = set(statics.RESTRICTION_SENTENCES.values())
    produced |= _produced(r'Restriction\(\s*"(\w+)"')
    assert produced <= set(get_args(VOCABULARIES["RestrictionRule"]))
    effect_rules = {r for rules in statics.RESTRICTION_PHRASES.values() for r in rules}
    assert effect_rules <= set(get_args(VOCABULARIES["RestrictionEffectRule"]))


def test_every_simple_verb_the_templates_produce_is_in_the_vocabulary() -> None:
    produced = {verb for _pattern, verb in effects.SIMPLE_VERBS}
    produced |= _produced(r'SimpleEffect\(\s*"(\w+)"')
    assert produced <= set(get_args(VOCABULARIES["SimpleVerb"]))


def test_every_condition_and_trigger_event_produced_is_in_the_vocabulary() -> None:
    assert set(effects.CONDITIONS.values()) <= set(get_args(VOCABULARIES["Condition"]))
    from engine.oracle.triggers import TRIGGERS

    events = {event for _pattern, event in TRIGGERS}
    assert events <= set(get_args(VOCABULARIES["TriggerEvent"]))


def test_unsupported_kinds_produced_are_in_the_vocabulary() -> None:
    produced = _produced(r'Unsupported\([^)]*?,\s*"(\w+)"\)')
    assert produced <= set(get_args(VOCABULARIES["UnsupportedKind"]))


def test_every_question_kind_names_a_scope_of_unread_clauses() -> None:
    scopes = set(get_args(AnswerScope))
    assert set(TRIGGER_WORDS) <= scopes
    source = (REPO / "engine/questions.py").read_text(encoding="utf-8")
    used = set(re.findall(r'unmodelled_for\("(\w+)"', source))
    assert used == scopes, f"scopes never used: {sorted(scopes - used)}"
    assert len(KINDS) == len(set(KINDS))


def test_every_modification_carries_its_layer() -> None:
    for cls in get_args(Modification):
        layer = cls.layer
        assert layer in LAYER_ORDER and layer in LAYER_RULE, cls.__name__
    from engine.abilities import ModifyPT, SetPT, SwitchPT

    assert (layer_of(SetPT(1, 1)), layer_of(ModifyPT(1, 1)), layer_of(SwitchPT())) == (
        "7b",
        "7c",
        "7d",
    )


def test_every_question_kind_has_a_handler() -> None:
    from engine.questions import HANDLERS

    assert set(HANDLERS) == set(KINDS)


def _produced_classes() -> set[str]:
    from engine import abilities

    return {
        t.__name__
        for union in (abilities.Ability, abilities.Effect, abilities.Modification)
        for t in get_args(union)
    }


def test_every_ability_and_effect_class_is_read_or_says_why_not() -> None:
    from engine.vocabulary import CLASSES_CONSUMED, CLASSES_NOT_READ

    produced = _produced_classes()
    assert not set(CLASSES_CONSUMED) & set(CLASSES_NOT_READ)
    missing = produced - set(CLASSES_CONSUMED) - set(CLASSES_NOT_READ)
    assert not missing, f"produced but neither read nor declared: {sorted(missing)}"
    stale = (set(CLASSES_CONSUMED) | set(CLASSES_NOT_READ)) - produced
    assert not stale, f"declared but not produced: {sorted(stale)}"


def test_the_module_said_to_read_a_class_names_it() -> None:
    from engine.vocabulary import CLASSES_CONSUMED

    for name, module in CLASSES_CONSUMED.items():
        source = (REPO / module).read_text(encoding="utf-8")
        assert re.search(rf"\b{name}\b", source), f"{module} never names {name}"


def test_effects_not_applied_are_named_unknown_when_they_resolve() -> None:
    source = (REPO / "engine/resolution.py").read_text(encoding="utf-8")
    assert "(effect not applied)" in source
