"""Each Oracle template's examples (engine/oracle/examples.py) compile to exactly what they say,
no other template at the same level also reads them, and every template has an example."""

from __future__ import annotations

import re

import pytest

from engine.cards import CardText
from engine.oracle import compile_card
from engine.oracle.diagnosis import diagnose
from engine.oracle.effects import EFFECT_PARSERS, SIMPLE_VERBS, parse_effect_sentence
from engine.oracle.examples import (
    CARD_EXAMPLES,
    EFFECT_EXAMPLES,
    SIMPLE_VERB_EXAMPLES,
    STATIC_EXAMPLES,
    SUBJECT_EVENT_EXAMPLES,
    TRIGGER_EXAMPLES,
    Example,
)
from engine.oracle.keywords import parse_keyword_line
from engine.oracle.statics import STATIC_PARSERS
from engine.oracle.triggers import SUBJECT_EVENTS, SUBJECT_TRIGGER, TRIGGERS, subject_event

EFFECT_CASES = [(name, ex) for name, exs in EFFECT_EXAMPLES.items() for ex in exs]
STATIC_CASES = [(name, ex) for name, exs in STATIC_EXAMPLES.items() for ex in exs]
CARD_CASES = [(name, tl, ex) for name, exs in CARD_EXAMPLES.items() for tl, ex in exs]


def test_every_effect_and_static_parser_has_an_example() -> None:
    assert {p.__name__ for p in EFFECT_PARSERS} == set(EFFECT_EXAMPLES)
    assert {p.__name__ for p in STATIC_PARSERS} == set(STATIC_EXAMPLES)


@pytest.mark.parametrize(("name", "example"), EFFECT_CASES, ids=lambda v: getattr(v, "text", v))
def test_effect_example_yields_its_effect_and_no_other_template_reads_it(
    name: str, example: Example
) -> None:
    readers = [p.__name__ for p in EFFECT_PARSERS if p(example.text) is not None]
    assert readers == [name]
    parser = next(p for p in EFFECT_PARSERS if p.__name__ == name)
    assert tuple(parser(example.text) or ()) == example.expected
    assert tuple(parse_effect_sentence(example.text) or ()) == example.expected


@pytest.mark.parametrize(("name", "example"), STATIC_CASES, ids=lambda v: getattr(v, "text", v))
def test_static_example_yields_its_ability_and_no_other_template_reads_it(
    name: str, example: Example
) -> None:
    readers = [p.__name__ for p in STATIC_PARSERS if p(example.text) is not None]
    assert readers == [name]
    parser = next(p for p in STATIC_PARSERS if p.__name__ == name)
    assert tuple(parser(example.text) or ()) == example.expected


@pytest.mark.parametrize(("sentence", "verb"), SIMPLE_VERB_EXAMPLES)
def test_simple_verb_example_matches_exactly_one_row(sentence: str, verb: str) -> None:
    rows = [v for pattern, v in SIMPLE_VERBS if re.fullmatch(pattern, sentence.lower())]
    assert rows == [verb]
    readers = [p.__name__ for p in EFFECT_PARSERS if p(sentence) is not None]
    assert readers == ["e_simple"], "another effect template reads it first"


def test_every_simple_verb_row_has_an_example() -> None:
    for pattern, verb in SIMPLE_VERBS:
        hits = [s for s, _ in SIMPLE_VERB_EXAMPLES if re.fullmatch(pattern, s.lower())]
        assert hits, f"no example for the {verb!r} row {pattern!r}"


@pytest.mark.parametrize(("phrase", "event"), TRIGGER_EXAMPLES)
def test_trigger_example_matches_exactly_one_row(phrase: str, event: str) -> None:
    rows = [ev for pattern, ev in TRIGGERS if re.fullmatch(pattern, phrase.lower())]
    assert rows == [event]
    assert not SUBJECT_TRIGGER.fullmatch(phrase.lower())


def test_every_trigger_row_has_an_example() -> None:
    for pattern, event in TRIGGERS:
        hits = [p for p, _ in TRIGGER_EXAMPLES if re.fullmatch(pattern, p.lower())]
        assert hits, f"no example for the {event!r} trigger {pattern!r}"


@pytest.mark.parametrize(("name", "type_line", "example"), CARD_CASES, ids=lambda v: str(v)[:40])
def test_card_example_compiles_to_its_abilities(
    name: str, type_line: str, example: Example
) -> None:
    card = CardText("Example Card", "", type_line, example.text)
    definition = compile_card(card)
    assert definition.fully_modelled, definition.unsupported
    assert definition.abilities == example.expected
    if not name.startswith("keyword"):
        assert parse_keyword_line(example.text) is None
    body = example.text.rstrip(".")
    assert not [p.__name__ for p in STATIC_PARSERS if p(body) is not None]


@pytest.mark.parametrize(
    ("paragraph", "is_spell", "diagnosis"),
    [
        ("Exert ~: Draw a card.", False, "costs"),
        ("{T}: Draw a card, then scry 2 for each Elf.", False, "effects"),
        ("Whenever you lose life, draw a card.", False, "triggers"),
        ("When ~ enters, if you control a Wizard, draw a card.", False, "triggers"),
        ("When ~ enters, flip a coin.", False, "effects"),
        ("Draw a card. Flip a coin.", True, "effects"),
        ("Flying, hexproof from blue", False, "keywords"),
        ("~ can't be blocked by Walls.", False, "statics"),
        ("~ can't be blocked by creatures with flying.", False, "statics"),
    ],
)
def test_an_unread_clause_names_the_part_and_the_sub_grammar_that_failed(
    paragraph: str, is_spell: bool, diagnosis: str
) -> None:
    found = diagnose(paragraph, is_spell)
    assert found.grammar == diagnosis
    assert found.part and found.part in paragraph


def test_a_compiled_unsupported_clause_carries_its_diagnosis() -> None:
    card = CardText("Example Card", "", "Creature", "Whenever you lose life, draw a card.")
    (unread,) = compile_card(card).unsupported
    assert unread.diagnosis == "triggers can't read 'Whenever you lose life'"


@pytest.mark.parametrize(
    "text",
    [
        # the token's name must not swallow a "where X is ..." clause the engine can't count
        "When you cast this spell, create X 0/1 red Kobold creature tokens named Kobolds of Kher "
        "Keep, where X is the amount of mana spent to cast it.",
        # an X loyalty cost is not a number the engine can pay (606.4)
        "[−X]: You deal X damage to any target.",
    ],
)
def test_clauses_that_look_close_to_a_template_stay_unread(text: str) -> None:
    card = CardText("Example Card", "", "Legendary Creature — Dragon", text)
    assert not compile_card(card).fully_modelled


@pytest.mark.parametrize(("phrase", "event", "subject"), SUBJECT_EVENT_EXAMPLES)
def test_subject_trigger_example_gives_its_event_and_whose(
    phrase: str, event: str, subject: object
) -> None:
    rows = [ev for pattern, ev in SUBJECT_EVENTS if re.fullmatch(pattern, phrase)]
    assert rows == [event]
    assert subject_event(phrase) == (event, subject)
    assert not [ev for pattern, ev in TRIGGERS if re.fullmatch(pattern, phrase)]


def test_every_subject_trigger_row_has_an_example() -> None:
    for pattern, _event in SUBJECT_EVENTS:
        assert [p for p, _, _ in SUBJECT_EVENT_EXAMPLES if re.fullmatch(pattern, p)], pattern


def test_only_a_creature_dies() -> None:
    assert subject_event("whenever an artifact dies") is None
