"""Whose turn it is, taken from "can their X attack?", against turn numbers (lead, session 14;
seen in chat-redteam-1, rt1-008): "they cast it on turn 2, it's turn 3" makes turn 3 the other
player's when turns alternate (500.1), while the question takes it to be theirs. Either reading is
a guess, so the answer is never verified; a turn said outright ("their turn 4") still is."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


@pytest.mark.parametrize(
    "text",
    [
        "Opp played Grizzly Bears on turn 4, now it's turn 5. Can their bears attack?",
        "my opponent cast grizzly bears turn 6 and it is turn 7 — can their Grizzly Bears attack?",
    ],
)
def test_whose_turn_from_the_question_and_turn_numbers_is_not_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "assumed_turn" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("Opp cast Grizzly Bears on turn 2. It's their turn 4. Can their bears attack?", "Yes"),
        ("Opp cast Grizzly Bears on turn 5 and it's turn 5. Can their bears attack?", "No"),
    ],
)
def test_turns_that_settle_whose_turn_it_is_still_answer(
    text: str, lead: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert reply.answer.startswith(lead), reply.answer
    assert reply.verified, reply.answer
