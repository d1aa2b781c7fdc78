""" "My only creature is X" says what all of that player's creatures are: naming another is a
contradiction, never a verified answer (a blind-set refusal was verified once)."""

from __future__ import annotations

from fixture_names import FixtureNames

from engine.reader import read


def test_another_creature_of_mine_after_my_only_creature_is_a_contradiction(
    names: FixtureNames,
) -> None:
    text = (
        "My only creature is a Grizzly Bears. I attack with my Grizzly Bears and my Llanowar"
        " Elves and opp doesn't block. How much damage?"
    )
    reading = read(text, names)
    assert "contradiction" in {reason for reason, _ in reading.doubts}
    assert not reading.trusted


def test_my_only_creature_attacking_alone_is_no_contradiction(names: FixtureNames) -> None:
    text = (
        "My only creature is a Grizzly Bears. I attack with it and opp doesn't block."
        " How much damage?"
    )
    reading = read(text, names)
    assert "contradiction" not in {reason for reason, _ in reading.doubts}
