"""A spell flashed in at the end of a turn (R17, session 14): "at the end of their turn I
flash in X" is their end step (513.1) and whose turn it is, and "flash in" casts the spell
whose tokens are then on the board (111.1). A turn told as an earlier one ("at the end of my
turn last turn") is not the board's. Every text here is my own, with the fixture cards."""

from __future__ import annotations

from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read


def test_at_the_end_of_their_turn_is_their_end_step(names: FixtureNames) -> None:
    text = (
        "I control Glorious Anthem. at the end of my opponent's turn I flash in Midnight"
        " Haunting. how big are the spirit tokens?"
    )
    reading = read(text, names)
    board = (reading.spec or {}).get("board", {})
    assert board["turn"] == {"active": "P2", "step": "end"}, board
    assert not reading.unread, reading.unread
    assert routed(text, names)
    assert answer(reading, names).answer.startswith("2/2")


def test_the_end_of_an_earlier_turn_is_not_the_boards(names: FixtureNames) -> None:
    reading = read(
        "I cast Midnight Haunting at the end of my turn last turn. I control Glorious Anthem."
        " how big are the spirit tokens?",
        names,
    )
    board = (reading.spec or {}).get("board", {})
    assert board.get("turn", {}).get("step") != "end", board
