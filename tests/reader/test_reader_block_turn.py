"""A block question whose message says neither whose turn it is nor what attacks (lead, session
12; found by S2's red team): "can my bears block?" presumes the blocker's controller defends
(509.1a), but what it would block is a guess, so the answer is never verified."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


@pytest.mark.parametrize(
    "text",
    [
        "opp has a Serra Angel and I have Grizzly Bears. can my bears block?",
        "I control Grizzly Bears, my opponent controls Savannah Lions. Can my Grizzly Bears block?",
    ],
)
def test_a_block_question_with_no_turn_and_no_attacker_is_never_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert (reading.spec or {})["board"]["turn"]["active"] == "P2"  # the blocker defends
    reply = answer(reading, names)
    assert not reply.verified, text
    assert "only the defending player" not in reply.answer, text


def test_the_other_sides_one_creature_is_taken_as_the_attacker_by_a_guess(
    names: FixtureNames,
) -> None:
    reading = read("opp has a Serra Angel and I have Grizzly Bears. can my bears block?", names)
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and "flying" in reply.answer  # 702.9b
    assert "no_attacker" in {reason for reason, _ in reading.doubts}


def test_an_unowned_attacker_in_a_block_question_is_the_other_players(
    names: FixtureNames,
) -> None:
    text = "I control a 1/1 white Spirit token with flying. Can it block Serra Angel?"
    reading = read(text, names)
    battlefield = (reading.spec or {})["board"]["battlefield"]
    owners = {entry.get("card", "token"): entry["controller"] for entry in battlefield}
    assert owners == {"token": "P1", "Serra Angel": "P2"}
    assert answer(reading, names).answer.startswith("Yes")  # flying blocks flying (702.9b)


def test_a_block_question_with_the_attacker_said_stays_verified(names: FixtureNames) -> None:
    text = "Their Serra Angel attacks me. Can my Grizzly Bears block it?"
    reply = answer(read(text, names), names)
    assert reply.answer.startswith("No") and reply.verified
