"""Negations, corrections and earlier turns the reader once read as facts of the board now
(S5, session 14; the classes benchmarks/chat-redteam-3 found). Each test is worded afresh, not a
set's message; beside each, wordings that must stay read as they are."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


@pytest.mark.parametrize(
    "text",
    [
        "My Serra Angel is not tapped. Can it attack?",
        "my serra angel isn't tapped anymore. can it attack?",
        "I have Serra Angel and it's not tapped. Can it attack?",
    ],
)
def test_a_creature_said_not_tapped_is_untapped(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "(untapped" in reading.echo, reading.echo
    reply = answer(reading, names)
    assert reply.verified and reply.answer.startswith("Yes"), reply.answer


def test_a_creature_said_tapped_stays_tapped(names: FixtureNames) -> None:
    reading = read("My Serra Angel is tapped. Can it attack?", names)
    assert "(tapped" in reading.echo, reading.echo
    assert answer(reading, names).answer.startswith("No")


@pytest.mark.parametrize(
    "text",
    [
        "I never cast Giant Growth on my Serra Angel. What's its power?",
        "I didn't cast Giant Growth on my Serra Angel. What's its power?",
    ],
)
def test_a_spell_said_not_cast_is_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "negated" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_a_spell_cast_stays_trusted(names: FixtureNames) -> None:
    reading = read("I cast Giant Growth on my Serra Angel. What's its power?", names)
    assert "negated" not in {reason for reason, _ in reading.doubts}
    assert answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "I control Serra Angel with one +1/+1 counter. Sorry, two. What's its power?",
        "My Serra Angel has a -1/-1 counter. Wait, it's a +1/+1 counter. What's its power?",
        "My Serra Angel has a -1/-1 counter. No, it's a +1/+1 counter. What's its power?",
    ],
)
def test_a_sentence_correcting_the_one_before_is_not_verified(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "corrected" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_no_blocks_after_an_attack_is_no_correction(names: FixtureNames) -> None:
    reading = read("I attack with Serra Angel. No blocks. How much damage?", names)
    assert "corrected" not in {reason for reason, _ in reading.doubts}
    assert answer(reading, names).verified


@pytest.mark.parametrize(
    "text",
    [
        "I cast Giant Growth on my Serra Angel during my opponent's last turn. What's its power?",
        "I cast Giant Growth on my Serra Angel on my last turn. It's my turn again. Its power?",
        "My Mutavault was animated on my last turn. Can it attack?",
    ],
)
def test_an_until_end_of_turn_effect_of_an_earlier_turn_is_not_verified(
    text: str, names: FixtureNames
) -> None:
    # it ended in that turn's cleanup step (514.2)
    reading = read(text, names)
    assert "earlier_turn" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "I have had my Mutavault since last turn and I animated it. Can it attack?",
        "My Serra Angel has been out since my last turn. I cast Giant Growth on it. Its power?",
    ],
)
def test_since_last_turn_is_how_long_not_when_the_effect_was(
    text: str, names: FixtureNames
) -> None:
    assert "earlier_turn" not in _doubts(text, names), text


def test_damage_dealt_on_an_earlier_turn_is_not_marked(names: FixtureNames) -> None:
    # damage is removed in the cleanup step (514.2)
    reading = read(
        "Last turn their Goblin Guide dealt 2 damage to my Serra Angel. What's its toughness?",
        names,
    )
    assert "damage marked" not in reading.echo, reading.echo


def test_damage_dealt_this_turn_stays_marked(names: FixtureNames) -> None:
    reading = read(
        "Their Goblin Guide dealt 2 damage to my Serra Angel. What's its toughness?", names
    )
    assert "2 damage marked" in reading.echo, reading.echo
