""" "can I kill X with Y?" (R17, session 14): the spell Y cast at X, and whether X dies (608.2;
an illegal target is no target, 601.2c, 608.2b). "with that" / "with it" is the one instant
or sorcery the message names. A creature after "with" is not a spell, and "that" among two
spells is not read. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read

KILLS = [
    (
        "Serra Angel is on their side. can i kill the angel with a Lightning Bolt?",
        "Lightning Bolt",
        "No — Serra Angel survives",
    ),
    (
        "opp: grizzly bears. me: shock. can i kill it with that?",
        "Shock",
        "Yes — Grizzly Bears dies",
    ),
]


@pytest.mark.parametrize(("text", "spell", "start"), KILLS)
def test_can_i_kill_it_with_a_spell(text: str, spell: str, start: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert reading.question is not None, reading.doubts
    assert reading.question["kind"] == "spell"
    assert reading.question["card"] == spell
    assert routed(text, names)
    assert answer(reading, names).answer.startswith(start)


@pytest.mark.parametrize(
    "text",
    [
        "opp has grizzly bears. can i kill their grizzly bears with my serra angel?",
        "I have Shock and Lightning Bolt in hand. can I kill their Serra Angel with that?",
    ],
)
def test_a_creature_or_one_of_two_spells_is_not_the_spell_cast(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is None or reading.question["kind"] != "spell", reading.question
