"""Whether a spell was kicked, as the message says it (R18, session 14): "I kicked Scorching
Lava at X", "with kicker", "I didn't kick it" go to the spell question as ``kicked`` (702.33d:
decided as it was cast), so its "If this spell was kicked" part happens or not. A creature
exiled instead of dying (614.6) doesn't die (700.4). A kicker said of a spell without one isn't
read. Scorching Lava's Oracle text is given here; the texts are my own."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNamesWith

from engine.reader import answer, read

LAVA = {
    "mana_cost": "{1}{R}",
    "type_line": "Instant",
    "oracle_text": "Kicker {R} (You may pay an additional {R} as you cast this spell.)\n"
    "Scorching Lava deals 2 damage to any target. If this spell was kicked, that creature can't"
    " be regenerated this turn and if it would die this turn, exile it instead.",
}


@pytest.fixture
def lava() -> FixtureNamesWith:
    return FixtureNamesWith({"Scorching Lava": LAVA})


@pytest.mark.parametrize(
    "text",
    [
        "I kicked Scorching Lava at opp's Grizzly Bears. Does the bears die?",
        "i cast scorching lava with kicker on their Grizzly Bears, do the bears die?",
    ],
)
def test_a_kicked_spell_exiles_instead_and_it_does_not_die(
    text: str, lava: FixtureNamesWith
) -> None:
    reading = read(text, lava)
    assert reading.question is not None
    assert reading.question["kind"] == "spell"
    assert reading.question["kicked"] is True
    reply = answer(reading, lava)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("No — Grizzly Bears is exiled instead of dying"), reply.answer


def test_a_spell_said_not_kicked_dies_verified(lava: FixtureNamesWith) -> None:
    text = "I cast Scorching Lava at their Grizzly Bears. I didn't kick it. Does the bears die?"
    reading = read(text, lava)
    assert reading.question is not None and reading.question["kicked"] is False
    reply = answer(reading, lava)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("Yes — Grizzly Bears dies"), reply.answer


def test_kicker_unsaid_stays_unverified(lava: FixtureNamesWith) -> None:
    reading = read("I cast Scorching Lava at their Grizzly Bears. Does it die?", lava)
    assert reading.question is not None and "kicked" not in reading.question
    assert not answer(reading, lava).verified


def test_kicked_said_of_a_spell_without_kicker_is_not_read(lava: FixtureNamesWith) -> None:
    reading = read("I kicked Lightning Bolt at their Grizzly Bears. does it die?", lava)
    assert reading.question is not None and "kicked" not in reading.question
    assert "unsupported_question" in {reason for reason, _ in reading.doubts}
    assert not answer(reading, lava).verified
