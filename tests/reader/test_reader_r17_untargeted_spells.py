"""A spell with no target said cast (R17, session 14): "I cast Pyroclasm", "opp casts Languish",
"if I cast Wrath": the engine resolves it on the board when the question asks what dies or
survives (608.2; what it affects is found as it resolves, 611.2c). A spell whose caster chooses
something the message may not say (X, 107.3; a mode, 700.2; an optional cost, 601.2b), or one
told as cast in the past, is not read so. Every text here is my own, with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read

# (text, caster, the answer's start or a part of it)
SWEEPERS = [
    (
        "My opponent controls Serra Angel and Grizzly Bears. I cast Sweltering Suns, what dies?",
        "P1",
        "Grizzly Bears is put into its owner's graveyard",
    ),
    (
        "I've got Darksteel Myr and Elvish Archers, they just cast Day of Judgment. does my myr"
        " survive?",
        "P2",
        "Yes",
    ),
    (
        "if i cast sweltering suns, does their shivan dragon die?",
        "P1",
        "No",
    ),
]


@pytest.mark.parametrize(("text", "caster", "said"), SWEEPERS)
def test_a_spell_without_a_target_is_resolved_on_the_board(
    text: str, caster: str, said: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is not None, reading.doubts
    assert reading.question["kind"] == "spell"
    assert reading.question["targets"] == []
    assert reading.question["controller"] == caster
    assert routed(text, names)
    reply = answer(reading, names)
    assert said in reply.answer, reply.answer


def test_the_spell_cast_is_not_also_a_permanent(names: FixtureNames) -> None:
    reading = read(
        "i cast day of judgment with my grizzly bears and my darksteel myr on the field. what"
        " dies?",
        names,
    )
    board = (reading.spec or {}).get("board", {})
    assert [o["card"] for o in board.get("battlefield", [])] == ["Grizzly Bears", "Darksteel Myr"]
    assert not any(r == "unsupported_question" for r, _ in reading.doubts), reading.doubts


@pytest.mark.parametrize(
    "text",
    [
        "I cast Earthquake for 2. My Grizzly Bears and their Serra Angel, what dies?",  # X
        "I cast Slagstorm. My Grizzly Bears and their Serra Angel, what dies?",  # a mode
        "I cast Day of Judgment last turn. My Grizzly Bears, does it die?",  # the past
        "Earlier this game I cast Sweltering Suns. I control Grizzly Bears. does it die?",
    ],
)
def test_a_spell_with_a_choice_unsaid_or_cast_before_is_not_resolved(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is None or reading.question.get("kind") != "spell", reading.question
