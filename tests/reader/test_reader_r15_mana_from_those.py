"""How much mana "those two", "both of them" make (R15, session 13): the demonstrative points at
the mana sources already said; when it counts as many as the board's mana sources the question
is the player's total (605.1a, 106.7), and when it counts fewer it names some of them, which is
not that question. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import read

ALL_OF_THEM = [
    "i've got sol ring and a forest, both untapped. how much mana can i make from those two?",
    "Two untapped Forests on my side. How much mana can I get from both of them",
    "my lands: plains and forest, untapped. how much mana do i have with both",
    "Sol Ring and Llanowar Elves (out since last turn). how much mana can we make off these two?",
    "untapped: forest, plains, sol ring. how much mana could i make using all of them?",
]


@pytest.mark.parametrize("text", ALL_OF_THEM)
def test_mana_from_those_sources_is_the_players_total(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert reading.question is not None, reading.unread
    assert reading.question["kind"] == "mana", reading.question
    assert reading.focus == "amount", reading.asked


def test_those_two_of_three_sources_is_not_the_total(names: FixtureNames) -> None:
    reading = read(
        "I have Sol Ring, a Forest and Llanowar Elves. how much mana can i make from those two?",
        names,
    )
    assert reading.question is None or reading.question.get("kind") != "mana"
