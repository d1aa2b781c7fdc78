"""Whether one creature in a fight takes combat damage (R15, session 13): "does my X take any
damage?", "will X get hurt?", "is X dealt damage?" ask whether the one creature fighting X
(its blocker, or the attacker it blocks) deals X combat damage (510.1; 510.4: a creature
destroyed by first-strike damage deals none). With several fighting it, or no combat, it is not
that question. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read

# (text, the answer's start)
TAKES_DAMAGE = [
    (
        "my elvish archers attacks and their grizzly bears blocks. does elvish archers take any"
        " damage?",
        "No — Grizzly Bears deals no combat damage to Elvish Archers",
    ),
    (
        "Opponent swings Grizzly Bears at me, I block with Elvish Archers. will elvish archers"
        " even get hurt?",
        "No — Grizzly Bears deals no combat damage to Elvish Archers",
    ),
    (
        "their serra angel attacks and i block with giant spider. how much damage does serra"
        " angel take",
        "Yes — Giant Spider deals 2 damage to Serra Angel",
    ),
    (
        "I attack with Fencing Ace and they block with Giant Spider. is fencing ace dealt any"
        " damage",
        "Yes — Giant Spider deals 2 damage to Fencing Ace",
    ),
    (
        "colossal dreadmaw attacking, opp blocks w/ grizzly bears. would colossal dreadmaw take"
        " dmg?",
        "Yes — Grizzly Bears deals 2 damage to Colossal Dreadmaw",
    ),
]


@pytest.mark.parametrize(("text", "start"), TAKES_DAMAGE)
def test_whether_the_one_creature_fighting_it_deals_it_combat_damage(
    text: str, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.focus == "deals_damage", reading.asked
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


def test_an_attacker_blocked_by_two_is_not_asked_as_one_fight(names: FixtureNames) -> None:
    reading = read(
        "my colossal dreadmaw attacks and they double block with grizzly bears and giant spider."
        " does colossal dreadmaw take damage?",
        names,
    )
    assert reading.focus != "deals_damage"
    assert not answer(reading, names).verified


def test_taking_damage_without_a_combat_is_not_that_question(names: FixtureNames) -> None:
    reading = read("I control Grizzly Bears. does grizzly bears take damage from shock?", names)
    assert reading.focus != "deals_damage"


@pytest.mark.parametrize("pronoun", ["they", "it"])
def test_a_pronoun_for_what_takes_damage_is_not_guessed(pronoun: str, names: FixtureNames) -> None:
    """ "will they take any damage?" may mean the opponent or either creature: not this question."""
    reading = read(
        "my colossal dreadmaw attacks and they block with grizzly bears. will"
        f" {pronoun} take any damage?",
        names,
    )
    assert reading.focus != "deals_damage"
