"""A planeswalker's loyalty told with a reason, attacks on it, and what it has left (R17,
session 14). A loyalty ability used on an earlier turn is in the loyalty said now (606.4), so
"at 5 loyalty (used his +2 last turn)" is 5, not 7; one said not used changes nothing. "they
attack Jace with X", "X attacks Jace" attack the planeswalker (506.3, 508.1b), and "how much
loyalty does he have left?" asks what combat damage leaves (120.3c, 306.8). Every text here
is my own, with the fixture cards."""

from __future__ import annotations

from typing import Any

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read


def _objects(reading: Any) -> dict[str, dict[str, Any]]:
    board = (reading.spec or {}).get("board", {})
    return {o["id"]: o for o in board.get("battlefield", [])}


# (text, the planeswalker, its loyalty as read, the answer's start)
LEFT = [
    (
        "Jace Beleren is on 5 loyalty (I used his +2 last turn). on their turn they attack Jace"
        " with Grizzly Bears and I don't block. how much loyalty does jace have left?",
        "jace_beleren",
        5,
        "3 — Jace Beleren has 3 loyalty",
    ),
    (
        "My Jace Beleren is at 6 loyalty. Their Serra Angel attacks Jace Beleren, no blocks."
        " what's jace's loyalty after combat?",
        "jace_beleren",
        6,
        "2 — Jace Beleren has 2 loyalty",
    ),
    (
        "Last turn I cast Chandra, Torch of Defiance and used her +1, so she's sitting on 5"
        " loyalty. Now it's their turn and Colossal Dreadmaw attacks Chandra, unblocked. how"
        " much loyalty will she have after combat damage?",
        "chandra_torch_of_defiance",
        5,
        "0 — Chandra, Torch of Defiance has no loyalty left",
    ),
]


@pytest.mark.parametrize(("text", "walker", "loyalty", "start"), LEFT)
def test_the_loyalty_combat_damage_leaves(
    text: str, walker: str, loyalty: int, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    objects = _objects(reading)
    assert objects[walker]["counters"] == {"loyalty": loyalty}, objects
    assert any(o.get("attacking") == walker for o in objects.values()), objects
    assert reading.focus == "loyalty_left", reading.doubts
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


def test_an_earlier_ability_with_no_loyalty_said_leaves_the_loyalty_unknown(
    names: FixtureNames,
) -> None:
    reading = read(
        "I used Jace Beleren's +2 last turn. they attack Jace with Grizzly Bears, unblocked. how"
        " much loyalty does he have left?",
        names,
    )
    assert "loyalty" not in _objects(reading)["jace_beleren"].get("counters", {})
    assert any(r == "unsupported_question" for r, _ in reading.doubts), reading.doubts
    assert not reading.trusted


def test_an_ability_said_not_used_changes_no_loyalty(names: FixtureNames) -> None:
    reading = read("their Jace Beleren has 3 loyalty (they didn't +2 him). can it die?", names)
    assert _objects(reading)["jace_beleren"]["counters"] == {"loyalty": 3}


def test_i_attack_her_is_not_read_as_an_attack_on_the_planeswalker(names: FixtureNames) -> None:
    reading = read(
        "opp has Chandra, Torch of Defiance at 4 loyalty. I attack her with Grizzly Bears. how"
        " much loyalty will chandra have left?",
        names,
    )
    objects = _objects(reading)
    assert not any(o.get("attacking") == "chandra_torch_of_defiance" for o in objects.values())
    assert reading.focus != "loyalty_left"


def test_an_ability_used_now_after_a_loyalty_since_last_turn_counts(names: FixtureNames) -> None:
    reading = read(
        "Jace Beleren has been at 3 loyalty since last turn, I +1 him now. can jace die?", names
    )
    assert _objects(reading)["jace_beleren"]["counters"] == {"loyalty": 4}


def test_an_attack_on_it_told_of_an_earlier_turn_is_not_this_combat(names: FixtureNames) -> None:
    reading = read(
        "my Jace Beleren is at 5 loyalty. they attacked Jace with Grizzly Bears two turns ago."
        " how much loyalty does jace have left?",
        names,
    )
    assert not any(o.get("attacking") for o in _objects(reading).values())
    assert reading.focus != "loyalty_left"
