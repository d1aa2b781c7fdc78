"""A burn spell at a planeswalker whose loyalty the message doesn't give (lead, session 13; seen
in chat-blind-7's studied half): the engine removes the damage as loyalty counters (120.3c) but
can't say how many were there, so the answer must not say the planeswalker survives."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


@pytest.mark.parametrize(
    "text",
    [
        "I Lightning Bolt my opponent's Jace Beleren. Does Jace die?",
        "I cast Lightning Bolt targeting my opponent's Jace Beleren. Does it die?",
        "i cast lightning bolt at opp's jace beleren, does he survive?",
    ],
)
def test_a_planeswalker_with_unsaid_loyalty_is_not_said_to_survive(
    text: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert "survives" not in reply.answer, text
    assert not reply.verified, text


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        (
            "I cast Lightning Bolt targeting my opponent's Jace Beleren, it has 3 loyalty."
            " Does it die?",
            "Yes",
        ),
        (
            "I cast Lightning Bolt targeting my opponent's Jace Beleren, it has 4 loyalty."
            " Does it survive?",
            "Yes",
        ),
    ],
)
def test_a_planeswalker_with_its_loyalty_said_is_answered(
    text: str, lead: str, names: FixtureNames
) -> None:
    reply = answer(read(text, names), names)
    assert reply.answer.startswith(lead), reply.answer
