"""Counters said removed, or said not there (S5, session 14): what is left is what the creature
has now (122.1). The red team found "had two counters. My opponent removed both" read as two."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("My Serra Angel had two +1/+1 counters. My opponent removed both. What's its power?", 4),
        ("My Serra Angel has no counters anymore. What's its power?", 4),
        ("I removed all the +1/+1 counters from my Serra Angel. What's its power?", 4),
        (
            "My Serra Angel has three +1/+1 counters and my opponent removed one +1/+1 counter. "
            "What's its power?",
            6,
        ),
        ("My Serra Angel has three +1/+1 counters. I removed two. What's its power?", 5),
    ],
)
def test_counters_removed_are_gone(text: str, power: int, names: FixtureNames) -> None:
    reply = answer(read(text, names), names)
    assert reply.answer.startswith(f"Power {power}"), reply.answer


def test_counters_not_removed_stay(names: FixtureNames) -> None:
    text = "My Serra Angel has two +1/+1 counters. What's its power?"
    reply = answer(read(text, names), names)
    assert reply.verified and reply.answer.startswith("Power 6"), reply.answer


def test_removed_both_with_two_creatures_is_not_read_as_counters(names: FixtureNames) -> None:
    # both counters, or both creatures? not read (so never verified)
    text = (
        "My Serra Angel has two +1/+1 counters and I control Llanowar Elves. "
        "My opponent removed both. What's the Angel's power?"
    )
    reading = read(text, names)
    assert "(0 +1/+1" not in reading.echo, reading.echo
    assert not answer(reading, names).verified
