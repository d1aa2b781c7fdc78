"""Red-team boards (S4, session 14) that the reader once answered verified and wrong
(benchmarks/chat-redteam-3): a pronoun put under a player's spell or pump after a sentence that
named two creatures, and several copies of a card whose number was never said ("both of my
Bears"). Each test is worded afresh, not a set's message; beside each, wordings that must stay
as they were."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


@pytest.mark.parametrize(
    "text",
    [
        "My Giant Spider blocks their Goblin Guide. Then I Bolt it. Does the Spider die?",
        "my grizzly bears is blocking their goblin guide and i shock it. does the guide die?",
        "Their Serra Angel attacks and my Giant Spider blocks. They cast Giant Growth on it. "
        "Does my Spider die?",
        "My Colossal Dreadmaw blocks opp's Shivan Dragon. My opponent casts Giant Growth "
        "targeting it. Does my Dreadmaw survive?",
    ],
)
def test_a_pronoun_under_a_spell_after_two_creatures_is_a_guess(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    # a guess said as one, or (two subjects before) a question back
    assert {"guessed_pronoun", "ambiguous_pronoun"} & {r for r, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        # one creature named before: "it" can only be that creature
        "My Grizzly Bears attacks and nothing blocks. I cast Giant Growth on it. "
        "How much damage does my opponent take?",
        "I control Serra Angel. My opponent Shocks it. Does the Angel die?",
    ],
)
def test_a_pronoun_under_a_spell_with_one_creature_named_stays_trusted(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" not in {reason for reason, _ in reading.doubts}, text
    assert answer(reading, names).verified, text


@pytest.mark.parametrize(
    "text",
    [
        "I swing with both of my Grizzly Bears and opp doesn't block. How much damage?",
        "Each of my Grizzly Bears attacks and nobody blocks. How much damage do they take?",
        "I attack with all of my Serra Angel and my opponent has no blockers. How much damage?",
    ],
)
def test_several_copies_without_a_number_are_not_verified(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert "unsaid_count" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_both_of_them_after_a_number_is_no_doubt(names: FixtureNames) -> None:
    text = "I have two Grizzly Bears and attack with both of them. No blocks. How much damage?"
    reading = read(text, names)
    assert "unsaid_count" not in _doubts(text, names)
    assert "takes 4" in answer(reading, names).answer
