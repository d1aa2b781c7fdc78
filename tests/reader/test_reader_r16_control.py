"""(R16, session 14) "X down" is chat for a permanent on the battlefield, like "X out": "I have
Grizzly Bears and Glorious Anthem down", and "and X down" after a bracket ("two spirit tokens
(from last turn) and Glorious Anthem down") places X with the same controller. "down to one
toughness" is not that."""

from __future__ import annotations

from fixture_names import FixtureNames

from engine.reader import read


def test_a_permanent_down_is_on_the_battlefield(names: FixtureNames) -> None:
    reading = read("i have grizzly bears and glorious anthem down. what's the bears' power?", names)
    assert "Glorious Anthem" in reading.labels.values()
    assert not reading.unread and not reading.unplaced


def test_and_x_down_after_a_bracket_is_the_same_players(names: FixtureNames) -> None:
    text = (
        "i have two 1/1 white spirit tokens with flying (from last turn) and glorious anthem"
        " down. how big are the spirits?"
    )
    reading = read(text, names)
    assert "Glorious Anthem" in reading.labels.values() and not reading.unplaced
    assert "you control" in reading.echo and "Glorious Anthem" in reading.echo


def test_down_to_a_number_is_not_on_the_battlefield(names: FixtureNames) -> None:
    reading = read("i have grizzly bears down to one toughness. what's its power?", names)
    assert reading.unread  # "down to one toughness" is not read as a place
