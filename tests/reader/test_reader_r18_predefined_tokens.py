"""Tokens 111.10 defines, said by their name alone (R18, session 14): "a Clue token", "two Food
tokens" are those tokens, ability included (111.10b, f), so the board names them as predefined
tokens and the reading is trusted. A creature token said by its type alone, and an Incubator
(111.10i, double-faced, not defined in the engine), stay unknown. The texts are my own."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _battlefield_tokens(text: str, names: FixtureNames) -> list[dict[str, object]]:
    spec = read(text, names).spec
    assert spec is not None, text
    return [e["token"] for e in spec["board"]["battlefield"] if "token" in e]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I've got a Clue token out. Does my clue make mana?", "Clue"),
        ("I control three Food tokens and a Forest. How much mana can I make?", "Food"),
        ("I control a Powerstone token, what mana can it make?", "Powerstone"),
    ],
)
def test_a_predefined_token_said_by_name_is_that_token(
    text: str, name: str, names: FixtureNames
) -> None:
    assert _battlefield_tokens(text, names) == [{"predefined": name}]
    reading = read(text, names)
    assert "unknown_card" not in {reason for reason, _ in reading.doubts}, reading.doubts


def test_a_clue_has_no_mana_ability_verified(names: FixtureNames) -> None:
    reply = answer(read("I control one Clue token. Can I tap it for mana?", names), names)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("No"), reply.answer


def test_food_beside_a_forest_makes_no_mana_of_its_own(names: FixtureNames) -> None:
    text = "I have two Food tokens and a Forest. How much mana can I make?"
    reply = answer(read(text, names), names)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("1 mana"), reply.answer


def test_a_treasure_and_a_gold_make_one_mana_each(names: FixtureNames) -> None:
    text = "I have a Treasure token and a Gold token, how much mana can I make?"
    reply = answer(read(text, names), names)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("2 mana"), reply.answer
    assert {"111.10a", "111.10c"} <= {rule for rule, _ in reply.steps}


@pytest.mark.parametrize(
    ("text", "start", "rules"),
    [
        ("my Treasure token is untapped. what mana can it make?", "Treasure Token", {"111.10a"}),
        (
            "My Powerstone token entered this turn. Can I tap it for mana?",
            "Yes — 1 mana: {C} (this mana can't be spent",
            {"111.10h", "106.6"},
        ),
        (
            "I've got two Gold tokens plus a Forest. How much mana can I make?",
            "3 mana",
            {"111.10c"},
        ),
    ],
)
def test_a_predefined_tokens_mana_is_answered_verified(
    text: str, start: str, rules: set[str], names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert reply.verified, (text, reply.concerns)
    assert reply.answer.startswith(start), reply.answer
    assert rules <= {rule for rule, _ in reply.steps}


@pytest.mark.parametrize(
    "text",
    [
        "I have an Incubator token, can I tap it for mana?",
        "I control two Saproling tokens. What's the power of each Saproling token?",
    ],
)
def test_a_token_111_10_does_not_define_keeps_its_doubt(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "unknown_card" in {reason for reason, _ in reading.doubts}, text
    assert all("predefined" not in token for token in _battlefield_tokens(text, names))
    assert not answer(reading, names).verified, text
