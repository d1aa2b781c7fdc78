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


@pytest.mark.parametrize(
    "text",
    [
        "My Grizzly Bears has two +1/+1 counters on it. It has no counters. What's its P/T?",
        "i control grizzly bears with a -1/-1 counter on it. grizzly bears has no counters."
        " how big is it?",
        "serra angel has a +1/+1 counter. serra angel has no +1/+1 counters. whats its power",
    ],
)
def test_counters_said_then_none_said_as_now_is_a_contradiction(
    text: str, names: FixtureNames
) -> None:
    # (lead, session 15) both can't be true at once (122.1); it had been verified
    reading = read(text, names)
    assert "contradiction" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_no_counters_anymore_is_a_change_not_a_contradiction(names: FixtureNames) -> None:
    text = "my grizzly bears had a +1/+1 counter but it has no counters anymore. whats its power"
    reading = read(text, names)
    assert "contradiction" not in {reason for reason, _ in reading.doubts}
    assert answer(reading, names).answer.startswith("Power 2")
