"""Tokens from a spell the player casts (E7, session 15): "if i cast X what tokens do i get",
with no comma between the cast and the question, is the cast and then its own question, so the
engine says what the spell's effect creates (111.2, 608.2). Every text here is my own; the two
cards are defined here with their Oracle text."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNamesWith

from engine.reader import answer, read

CARDS = {
    "Dragon Fodder": {
        "mana_cost": "{1}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Create two 1/1 red Goblin creature tokens.",
    },
    "Raise the Alarm": {
        "mana_cost": "{1}{W}",
        "type_line": "Instant",
        "oracle_text": "Create two 1/1 white Soldier creature tokens.",
    },
}


@pytest.fixture(scope="module")
def spell_names() -> FixtureNamesWith:
    return FixtureNamesWith(CARDS)


@pytest.mark.parametrize(
    ("text", "made"),
    [
        ("if i cast dragon fodder what tokens do i get", "2 × Goblin Token (1/1 red"),
        ("i cast Raise the Alarm what tokens do i get?", "2 × Soldier Token (1/1 white"),
        ("so if we cast dragon fodder what tokens do we get", "2 × Goblin Token (1/1 red"),
    ],
)
def test_a_question_right_after_the_cast_asks_what_the_spell_creates(
    text: str, made: str, spell_names: FixtureNamesWith
) -> None:
    reading = read(text, spell_names)
    assert (reading.question or {}).get("kind") == "tokens", reading.doubts
    assert not reading.unread, reading.unread
    reply = answer(reading, spell_names)
    assert reply.answer.startswith(made), reply.answer


def test_a_cast_with_its_comma_reads_the_same(spell_names: FixtureNamesWith) -> None:
    with_comma = read("if i cast dragon fodder, what tokens do i get", spell_names)
    without = read("if i cast dragon fodder what tokens do i get", spell_names)
    assert with_comma.question == without.question
    assert with_comma.spec == without.spec


@pytest.mark.parametrize(
    "text",
    [
        "Raise the Alarm resolves for me. how many creature tokens do i get?",
        "dragon fodder resolves. what tokens do i get?",
        "Dragon Fodder resolves for us, what tokens do we get",
    ],
)
def test_a_spell_said_to_resolve_for_me_makes_my_tokens(
    text: str, spell_names: FixtureNamesWith
) -> None:
    reading = read(text, spell_names)
    assert (reading.question or {}).get("kind") == "tokens", reading.doubts
    assert not reading.unread, reading.unread
    assert "× " in answer(reading, spell_names).answer
