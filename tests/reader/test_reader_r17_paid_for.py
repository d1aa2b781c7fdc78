"""What was paid for a permanent (R17, session 14): "(paid 4 for the clone)" says it was cast
(601.2) and changes no characteristic of a permanent whose cost has no {X} (202.3: its mana
value is its mana cost's). An {X} cost's payment ("paid 4 for my Hangarback") is not read so.
Every text here is my own, with the fixture cards."""

from __future__ import annotations

from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read


def test_what_was_paid_is_read_as_cast(names: FixtureNames) -> None:
    text = (
        "I cast Vizier of Many Faces as a copy of my Serra Angel this turn, I paid 4 for the"
        " vizier. what's the vizier's mana value?"
    )
    reading = read(text, names)
    assert not reading.unread, reading.unread
    assert routed(text, names)
    assert answer(reading, names).answer.startswith("Mana value 5")


def test_what_was_paid_for_an_x_cost_is_not_read_so(names: FixtureNames) -> None:
    reading = read(
        "I control Hangarback Walker, I paid 4 for my hangarback walker. what's its power?", names
    )
    assert reading.unread, reading.read
    assert not reading.trusted
