"""Damage that removes loyalty (E7, session 15): a burn spell cast at a planeswalker and asked
"how much loyalty left" is a spell question whose damage removes that many loyalty counters
(120.3c), and a planeswalker "at 5" or "on 3" (a bare number) has that loyalty (306.5b). A
loyalty ability told as already used, after the loyalty was said, is in that loyalty (606.4).
Every text here is my own, with the fixture cards."""

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
SPELL_AT_WALKER = [
    (
        "i bolt their jace beleren (5 loyalty). how much loyalty does jace have left?",
        "jace_beleren",
        5,
        "2 — Jace Beleren has 2 loyalty after the spell's damage",
    ),
    (
        "opp's Jace Beleren has 4 loyalty and I cast Shock targeting Jace Beleren. how much"
        " loyalty is left?",
        "jace_beleren",
        4,
        "2 — Jace Beleren has 2 loyalty after the spell's damage",
    ),
    (
        "their chandra, torch of defiance sits at 3 loyalty. i lightning bolt chandra. how many"
        " loyalty counters will she have left?",
        "chandra_torch_of_defiance",
        3,
        "0 — Chandra, Torch of Defiance has no loyalty left and is put into its owner's graveyard",
    ),
]


@pytest.mark.parametrize(("text", "walker", "loyalty", "start"), SPELL_AT_WALKER)
def test_a_burn_spell_at_a_planeswalker_removes_its_loyalty(
    text: str, walker: str, loyalty: int, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert _objects(reading)[walker]["counters"] == {"loyalty": loyalty}, reading.doubts
    assert (reading.question or {}).get("kind") == "spell", reading.doubts
    assert reading.focus == "loyalty_left"
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


# (text, the planeswalker, its loyalty as read)
BARE_LOYALTY = [
    (
        "their jace beleren is on 3. my grizzly bears attacks jace, no blocks. how much loyalty"
        " does jace have left?",
        "jace_beleren",
        3,
    ),
    (
        "opp's Chandra, Torch of Defiance is at 5 after they +1'd last turn. my serra angel"
        " attacks chandra and they don't block. what's chandra's loyalty after?",
        "chandra_torch_of_defiance",
        5,
    ),
    (
        "my Jace Beleren is currently at 6. their Grizzly Bears attacks Jace Beleren, unblocked."
        " what's jace's loyalty after combat?",
        "jace_beleren",
        6,
    ),
]


@pytest.mark.parametrize(("text", "walker", "loyalty"), BARE_LOYALTY)
def test_a_bare_number_a_planeswalker_is_at_is_its_loyalty(
    text: str, walker: str, loyalty: int, names: FixtureNames
) -> None:
    reading = read(text, names)
    objects = _objects(reading)
    assert objects[walker]["counters"] == {"loyalty": loyalty}, reading.doubts
    assert any(o.get("attacking") == walker for o in objects.values()), objects
    assert reading.focus == "loyalty_left"
    assert not reading.unread, reading.unread


@pytest.mark.parametrize(
    "text",
    [
        "their jace beleren is at 5 life? no. my grizzly bears is on 2 damage. does it die?",
        "i have grizzly bears at 2 power. can it attack?",
        "my grizzly bears is on 3 +1/+1 counters. what's its power?",
    ],
)
def test_a_number_after_at_of_something_else_is_no_loyalty(text: str, names: FixtureNames) -> None:
    for obj in _objects(read(text, names)).values():
        assert "loyalty" not in obj.get("counters", {}), obj


@pytest.mark.parametrize(
    "text",
    [
        "i bolt their jace beleren which is on 5 loyalty (they used the +2 already). how much"
        " loyalty left",
        "their Jace Beleren has 5 loyalty, they already used his +2. i shock jace. how much"
        " loyalty does he have left?",
        "Jace Beleren (theirs) at 5 loyalty, they used the +2 already. can my grizzly bears"
        " attack jace?",
    ],
)
def test_an_ability_already_used_after_the_loyalty_said_is_in_that_loyalty(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert _objects(reading)["jace_beleren"]["counters"] == {"loyalty": 5}, reading.doubts


@pytest.mark.parametrize(
    "text",
    [
        "opp's jace beleren has 5 loyalty on it. i bolt jace. how much loyalty is left?",
        "i shock their jace beleren which is on 5 loyalty. how much loyalty left?",
        "their jace beleren, that is at 5 loyalty. i cast shock on jace. how much loyalty left",
    ],
)
def test_the_loyalty_said_with_which_or_on_it_is_read_whole(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert _objects(reading)["jace_beleren"]["counters"] == {"loyalty": 5}, reading.doubts
    assert not reading.unread, reading.unread


@pytest.mark.parametrize(
    ("text", "attacker", "attacked"),
    [
        (
            "their jace beleren is at 4. my serra angel (been out since turn 2) attacks jace and"
            " they don't block. what's jace's loyalty after?",
            "serra_angel",
            "jace_beleren",
        ),
        (
            "my grizzly bears (out since last turn) attacks and they don't block. how much damage"
            " does opp take?",
            "grizzly_bears",
            "P2",
        ),
        (
            "opp's jace beleren has 3 loyalty. my grizzly bears, on the battlefield since turn 3,"
            " attacks jace beleren, no blocks. how much loyalty does jace have left?",
            "grizzly_bears",
            "jace_beleren",
        ),
    ],
)
def test_an_aside_between_the_attacker_and_its_attack_leaves_the_attack_read(
    text: str, attacker: str, attacked: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    objects = _objects(reading)
    assert objects[attacker].get("attacking") == attacked, objects
    assert not reading.unread, reading.unread


def test_the_loyalty_left_with_no_loyalty_said_is_not_answered(names: FixtureNames) -> None:
    text = (
        "my grizzly bears attacks their jace beleren and they don't block. what's jace's"
        " loyalty after?"
    )
    reading = read(text, names)
    assert any(r == "unsupported_question" for r, _ in reading.doubts), reading.doubts
    assert not routed(text, names)
