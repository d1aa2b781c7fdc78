"""Who cast a spell on the stack (R17, session 14): "X is on the stack, my opponent cast it"
makes the opponent its controller (601.2a, 110.2); an alternative cost said with it ("by
exiling a blue card") changes no characteristic (118.9c: the mana value is the mana cost's).
A cast said of a spell not placed on the stack is not read so. Every text here is my own,
with the fixture cards."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read

CAST = [
    ("Lightning Bolt is on the stack and my opponent cast it. what's its mana value?", "1"),
    (
        "Misdirection's on the stack; they cast it by exiling a blue card from their hand. what"
        " is the mana value of it?",
        "5",
    ),
]


@pytest.mark.parametrize(("text", "value"), CAST)
def test_the_caster_of_a_spell_on_the_stack_controls_it(
    text: str, value: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    board = (reading.spec or {}).get("board", {})
    assert [o["controller"] for o in board.get("stack", [])] == ["P2"], board
    assert not reading.unread, reading.unread
    assert routed(text, names)
    assert answer(reading, names).answer.startswith(f"Mana value {value}")


def test_a_cast_of_a_spell_not_on_the_stack_is_not_read_so(names: FixtureNames) -> None:
    reading = read("they cast Misdirection by exiling a blue card. its mana value?", names)
    assert not reading.trusted
