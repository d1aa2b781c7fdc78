"""The tokens a permanent's dies ability makes when the one spell cast at it kills it (R17,
session 14): "they shock my Hangarback, how many Thopters do I get?" is the spell resolved on
the board (608.2) and the trigger's tokens (603.10a: it looks back at the counters it had;
111.1). A spell cast at another permanent is not that question. Every text here is my own,
with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read

TOKENS = [
    (
        "my hangarback walker has one +1/+1 counter and they shock it. how many thopter tokens"
        " will i get?",
        "Shock",
        "1 — when its trigger resolves, Hangarback Walker creates 1 × Thopter",
    ),
    (
        "opp bolts my Hangarback Walker (two +1/+1 counters on it), how many thopters do i make?",
        "Lightning Bolt",
        "2 — when its trigger resolves, Hangarback Walker creates 2 × Thopter",
    ),
]


@pytest.mark.parametrize(("text", "spell", "start"), TOKENS)
def test_the_tokens_of_a_permanent_the_spell_kills(
    text: str, spell: str, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is not None, reading.doubts
    assert reading.question["kind"] == "spell"
    assert reading.question["card"] == spell
    assert reading.question["targets"] == ["hangarback_walker"]
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


def test_a_spell_at_another_permanent_is_not_the_tokens_question(names: FixtureNames) -> None:
    reading = read(
        "I Shock their Grizzly Bears. my Hangarback Walker has two +1/+1 counters, how many"
        " thopters does it make?",
        names,
    )
    # the Shock is marked on the Bears (damage); the tokens asked about are the Walker's own
    assert reading.question is not None
    assert reading.question["kind"] == "tokens", reading.question
