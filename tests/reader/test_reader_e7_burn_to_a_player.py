"""Burn to a player with a life total said (E7, session 15): "where does that leave them?" and
"what life are they at?" ask the life total of the player the one spell was cast at (119.3,
120.3a), and "<spell> to opp's face" at the start of a message is the card, cast by the asker
(a guess, said: never verified). Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from bot.service.board_questions import might_describe_a_board
from engine.reader import answer, read


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        (
            "my opponent is at 5 life and i cast lightning bolt at their face. where does that"
            " leave them?",
            "Your opponent’s life total: 2.",
        ),
        ("i'm at 4 and opp bolts me. where does that leave me", "Your life total: 1."),
        ("i shock my opponent, they're at 7. what life are they at after?", "Your opponent’s life"),
    ],
)
def test_a_life_total_after_a_burn_spell_at_a_player(
    text: str, lead: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert (reading.question or {}).get("kind") == "spell", reading.doubts
    assert might_describe_a_board(text)
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(lead), reply.answer


@pytest.mark.parametrize(
    "text",
    [
        "lightning bolt to opp's face, they're at 6. where does that leave them?",
        "shock to their face in my main, they're at 3. what life are they at after?",
        "lightning bolt at my opponent's face. they're at 9. where does that leave them",
    ],
)
def test_a_spell_to_the_face_said_first_is_the_askers_guessed(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    question = reading.question or {}
    assert question.get("kind") == "spell" and question.get("targets") == ["P2"], reading.doubts
    assert question.get("controller") == "P1"
    assert ("assumed_owner", f"you cast {question['card']}") in reading.doubts
    assert not reading.trusted


def test_where_it_leaves_a_spell_cast_at_a_creature_is_no_life_question(
    names: FixtureNames,
) -> None:
    reading = read("i bolt their grizzly bears. where does that leave it?", names)
    assert reading.focus != "combat"
