"""(R20) "can I tap it" with two things named: only a permanent of the asker's with a {T}
ability can be tapped by the asker for one (602.2, 602.1a), so "it" is that one, a guess
(never verified); two of the asker's with {T} abilities still ask back."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames, FixtureNamesWith

from engine.reader import answer, read

PINGER = {
    "mana_cost": "{2}{R}",
    "type_line": "Creature — Human Wizard",
    "oracle_text": "{T}: Ember Tinkerer deals 1 damage to any target.",
    "power": "1",
    "toughness": "1",
}


@pytest.fixture(scope="module")
def names() -> FixtureNames:
    return FixtureNamesWith({"Ember Tinkerer": PINGER})


def _doubts(text: str, names: FixtureNames) -> set[str]:
    return {reason for reason, _ in read(text, names).doubts}


@pytest.mark.parametrize(
    "text",
    [
        "I just played Ember Tinkerer. My opponent has Grizzly Bears. Can I tap it to shoot"
        " the bears?",
        "cast ember tinkerer this turn, opp's got serra angel. can i tap it now?",
        "Ember Tinkerer came down this main phase and they have a Grizzly Bears i hate. could"
        " i activate it on their bear",
    ],
)
def test_it_to_tap_is_the_askers_one_permanent_with_a_tap_ability(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is not None, text
    assert reading.question.get("object") == "ember_tinkerer", text
    assert "guessed_pronoun" in _doubts(text, names), text
    reply = answer(reading, names)
    assert reply.answer.startswith("No"), (text, reply.answer)  # summoning sick (302.6)
    assert not reply.verified


@pytest.mark.parametrize(
    "text",
    [
        "I have Llanowar Elves since last turn and Ember Tinkerer I just cast. Can I tap it?",
        "my ember tinkerer and my llanowar elves are both out. can i tap it",
        "I control Llanowar Elves (came in last turn) and Ember Tinkerer. could I activate it?",
        # a copier may be a copy of a card with a {T} ability (707.2)
        "I control Vizier of Many Faces and Ember Tinkerer. Can I tap it?",
    ],
)
def test_two_of_the_askers_things_with_tap_abilities_still_ask_back(
    text: str, names: FixtureNames
) -> None:
    assert "ambiguous_pronoun" in _doubts(text, names), text
    assert not answer(read(text, names), names).verified
